//! A visitor with only a browser (Chromium driven by Playwright, real server processes on
//! loopback): starts a game against the server's computer from the front page and plays
//! it to the end; starts a game for a friend, who joins from the invitation on a
//! phone-sized page, and the two play it out (a mistyped link says so and offers the
//! game to watch); follows the server's TV move by move; replays a finished game ply by
//! ply and downloads its record; reads the rules with their diagrams; makes and joins a
//! tournament and is paired in it.

use std::path::Path;
use std::process::{Command, Stdio};

use camelot_engine::notation::Record;
use camelot_engine::{Level, Notation, SeatColour, Variant};
use camelot_online::protocol::requests::{ComputerSeat, NewGame};
use camelot_online::protocol::{BoardView, TimeControl};
use camelot_online::{ask, blocking};
use camelot_test_support::{
    http_get, scratch, script_strings, sqlite, stored_game, workspace_binary, Browser, Server,
};

fn start(dir: &Path) -> Server {
    Server::start(
        Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        &sqlite(dir),
        "127.0.0.1:0",
    )
}

/// The game an invitation (`BASE/GAME/TOKEN`) names.
fn game_of(url: &str) -> String {
    let parts: Vec<&str> = url.rsplit('/').collect();
    parts[1].to_string()
}

/// The server's record of a game: its moves as the page lists them, and its result line.
fn record(s: &Server, game: &str) -> (Vec<String>, String) {
    let g = stored_game(&s.url, game);
    let result = g
        .outcome()
        .map(|o| format!("{} ({})", o.result_token(), o.reason.describe()))
        .unwrap_or_default();
    (g.move_texts(Notation::Wcf), result)
}

fn a_visitor_plays_the_computer_at_beginner_from_the_front_page_to_the_end() {
    let test = "a_visitor_plays_the_computer_at_beginner_from_the_front_page_to_the_end";
    let Some(browser) = Browser::find(test) else {
        return;
    };
    let dir = scratch("visitor-computer");
    let s = start(&dir);
    let out = browser
        .run("computer.mjs", &[&s.url, "camette", "beginner"])
        .unwrap_or_else(|e| panic!("{e}"));
    let game = game_of(out["url"].as_str().unwrap());
    let (moves, result) = record(&s, &game);
    assert_eq!(
        script_strings(&out["moves"]),
        moves,
        "the page listed every move"
    );
    assert!(moves.len() >= 2, "{moves:?}");
    assert_eq!(
        out["title"].as_str().unwrap(),
        format!("Your move · Camette: game {game}"),
        "the tab says whose move it is"
    );
    assert_eq!(
        out["played"].as_u64().unwrap() as usize,
        moves.len().div_ceil(2),
        "the visitor made White's moves, the computer Black's"
    );
    assert_eq!(out["result"].as_str().unwrap(), result);
    let mine = out["mine"].as_array().unwrap();
    assert!(
        mine.iter().any(|g| {
            g["href"]
                .as_str()
                .unwrap_or("")
                .contains(&format!("/{game}/"))
                && g["text"]
                    .as_str()
                    .unwrap_or("")
                    .contains(" as White against Computer, ")
        }),
        "the front page lists the game among mine, named by its players: {mine:?}"
    );
}

/// On a phone the board stays where the player put it through a whole game: the move
/// list scrolls inside itself, the page never (it did: after 7 moves half the board was
/// above the screen, and the player scrolled back before every move).
fn a_phone_keeps_its_board_in_place_through_a_game_against_the_computer() {
    let test = "a_phone_keeps_its_board_in_place_through_a_game_against_the_computer";
    let Some(browser) = Browser::find(test) else {
        return;
    };
    let dir = scratch("visitor-phone-board");
    let s = start(&dir);
    let out = browser
        .run("computer.mjs", &[&s.url, "camelot", "beginner", "phone"])
        .unwrap_or_else(|e| panic!("{e}"));
    let tops: Vec<f64> = out["boardTops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_f64().unwrap_or(f64::NAN))
        .collect();
    let moves = script_strings(&out["moves"]).len();
    assert!(
        moves >= 20,
        "a game of {moves} plies proves little about a long list"
    );
    assert!(
        tops.iter().all(|&t| t >= 0.0),
        "the board's top went above the screen's: {tops:?}"
    );
}

fn a_friend_joins_from_the_invitation_on_a_phone_and_the_game_is_played_out() {
    let test = "a_friend_joins_from_the_invitation_on_a_phone_and_the_game_is_played_out";
    let Some(browser) = Browser::find(test) else {
        return;
    };
    let dir = scratch("visitor-friend");
    let s = start(&dir);
    let out = browser
        .run("friend.mjs", &[&s.url, "camette"])
        .unwrap_or_else(|e| panic!("{e}"));
    let invitation = out["invitation"].as_str().unwrap();
    assert!(invitation.starts_with(&s.url), "{invitation}");
    let game = game_of(invitation);
    let (moves, result) = record(&s, &game);
    assert!(!result.is_empty(), "the game is over");
    for (i, page) in out["moves"].as_array().unwrap().iter().enumerate() {
        assert_eq!(script_strings(page), moves, "page {i} listed every move");
    }
    for r in out["results"].as_array().unwrap() {
        assert_eq!(r.as_str().unwrap(), result);
    }
    assert_eq!(out["qr"], true, "the invitation has its QR code");
    // The creator was taken to their own seat, the invitation shown there.
    let mine = out["mine"].as_str().unwrap();
    assert!(mine.starts_with(&format!("/{game}/")), "{mine}");
    assert_ne!(
        mine,
        &invitation[s.url.len()..],
        "the creator's seat is not the friend's"
    );
    // "New game": another game of Camette, the creator's seat theirs, the other open.
    let another = out["another"].as_str().unwrap();
    let new_game = another.split('/').nth(1).unwrap();
    assert_ne!(new_game, game, "{another}");
    let state: serde_json::Value =
        serde_json::from_str(&http_get(&s.url, &format!("/games/{new_game}"))).unwrap();
    assert_eq!(state["game"]["variant"], "camette", "{state}");
    let open: Vec<bool> = state["game"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|seat| seat["open"].as_bool().unwrap_or(false))
        .collect();
    assert_eq!(open, [false, true], "{state}");
    let wrong = &out["wrong"];
    assert!(
        wrong["said"].as_str().unwrap().contains("token"),
        "a wrong token is said: {wrong}"
    );
    assert_eq!(wrong["watch"].as_str(), Some(format!("/{game}").as_str()));
    assert_eq!(
        wrong["typing"], false,
        "no move field for a seat it does not hold"
    );
}

/// "White Man E6" for each piece of a board, sorted: as the replay script reads the page.
fn pieces_of(b: &BoardView) -> Vec<String> {
    let mut v: Vec<String> = b
        .pieces
        .iter()
        .map(|p| format!("{} {:?} {}", p.seat.title(), p.kind, p.square))
        .collect();
    v.sort();
    v
}

fn a_finished_game_is_replayed_ply_by_ply_and_its_record_downloaded() {
    let test = "a_finished_game_is_replayed_ply_by_ply_and_its_record_downloaded";
    let Some(browser) = Browser::find(test) else {
        return;
    };
    let dir = scratch("visitor-replay");
    let s = start(&dir);
    // A game the server's computer plays against a headless player, to its end.
    let new = NewGame {
        computer: vec![ComputerSeat {
            seat: SeatColour::Black,
            level: Level::BEGINNER,
        }],
        ..NewGame::new(Variant::Camette, TimeControl::Untimed)
    };
    let created = blocking(ask(&s.address(), &new)).unwrap();
    let status = Command::new(workspace_binary(
        "camelot-cli",
        env!("CARGO_BIN_EXE_camelot-server"),
    ))
    .args(["online", "play", "--server", &s.url, "--game"])
    .arg(created.game.as_str())
    .args(["--token", created.seats[&SeatColour::White].as_str()])
    .args(["--level", "beginner"])
    .stdout(Stdio::null())
    .status()
    .unwrap();
    assert!(status.success());
    let out = browser
        .run("replay.mjs", &[&format!("{}/{}", s.url, created.game)])
        .unwrap_or_else(|e| panic!("{e}"));
    let text = http_get(&s.url, &format!("/games/{}.cgn", created.game));
    assert_eq!(
        out["record"].as_str().unwrap(),
        text,
        "the download is the record"
    );
    let (_, g) = Record::import(&text).unwrap();
    assert!(g.outcome().is_some());
    let plies = g.ply();
    assert_eq!(out["plies"].as_u64().unwrap() as usize, plies);
    let boards = out["boards"].as_array().unwrap();
    assert_eq!(boards.len(), plies + 1);
    for (i, shown) in boards.iter().enumerate() {
        let want = pieces_of(&BoardView::at(g.position_at(i)));
        assert_eq!(script_strings(shown), want, "the board at ply {i}");
        assert!(
            out["said"][i]
                .as_str()
                .unwrap()
                .starts_with(&format!("Move {i} of {plies}")),
            "{}",
            out["said"][i]
        );
    }
    assert_eq!(
        script_strings(&out["sliderBoard"]),
        pieces_of(&BoardView::at(g.position_at(plies - 1)))
    );
    assert_eq!(
        out["current"].as_u64().unwrap() as usize,
        plies - 2,
        "the list marks the move that led there"
    );
}

fn the_front_page_follows_the_servers_computer_match_move_by_move() {
    let test = "the_front_page_follows_the_servers_computer_match_move_by_move";
    let Some(browser) = Browser::find(test) else {
        return;
    };
    let dir = scratch("visitor-tv");
    let db = sqlite(&dir);
    let s = Server::start_with_tv(
        Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        &["--listen", "127.0.0.1:0", "--database", &db],
    );
    let out = browser
        .run("tv.mjs", &[&s.url, "4"])
        .unwrap_or_else(|e| panic!("{e}"));
    let game = out["game"].as_str().unwrap();
    let listed = http_get(&s.url, "/games");
    assert!(
        listed.contains(&format!("\"id\":\"{game}\"")) && listed.contains("\"tv\":true"),
        "the TV is listed among the live games: {listed}"
    );
    let (record, _) = record(&s, game);
    let seen = script_strings(&out["moves"]);
    assert!(seen.len() >= 4, "{seen:?}");
    assert_eq!(
        seen[..],
        record[..seen.len()],
        "the page showed the game's moves"
    );
    let steps: Vec<u64> = out["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_u64().unwrap())
        .collect();
    let first = steps[0];
    assert_eq!(
        steps,
        (first..=seen.len() as u64).collect::<Vec<_>>(),
        "the list grew a move at a time"
    );
    assert!(steps.len() >= 2, "the page saw moves come: {steps:?}");
    assert_eq!(out["full"]["game"], out["game"], "/tv shows the same game");
    let fits = &out["full"]["fits"];
    assert!(
        fits["bottom"].as_u64().unwrap() <= fits["height"].as_u64().unwrap(),
        "/tv shows the whole board at 1280x800: {fits}"
    );
    // While the match goes on, the TV names it and no next one.
    let now: serde_json::Value = serde_json::from_str(&http_get(&s.url, "/tv/now")).unwrap();
    assert_eq!(now["game"]["id"], out["game"], "{now}");
    assert_eq!(now["game"]["variant"], "camelot", "{now}");
    assert_eq!(now.get("next"), None, "{now}");
}

fn the_rules_pages_draw_their_diagrams_with_the_pages_own_board() {
    let test = "the_rules_pages_draw_their_diagrams_with_the_pages_own_board";
    let Some(browser) = Browser::find(test) else {
        return;
    };
    let dir = scratch("visitor-rules");
    let s = start(&dir);
    let out = browser
        .run("rules.mjs", &[&s.url])
        .unwrap_or_else(|e| panic!("{e}"));
    let all = out["all"].as_array().unwrap();
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/rules.md")).unwrap();
    assert_eq!(
        all.len(),
        text.matches("](rules/").count(),
        "a diagram for every picture"
    );
    assert_eq!(out["sections"].as_u64(), Some(12));
    let n = |d: &serde_json::Value, k: &str| d[k].as_u64().unwrap();
    // Camelot's start: 160 squares, 28 pieces, nothing picked up.
    let first = &all[0];
    assert_eq!(
        (n(first, "squares"), n(first, "pieces"), n(first, "marks")),
        (160, 28, 0)
    );
    // The worked examples show the piece picked up and its landings still open.
    let canter = all
        .iter()
        .find(|d| d["words"].as_str().unwrap().starts_with("A canter chain"))
        .unwrap();
    assert_eq!(n(canter, "picked"), 3, "D4, D6 and F8");
    assert_eq!(n(canter, "marks"), 1, "F10");
    let moving = all.iter().filter(|d| n(d, "marks") > 0).count();
    assert_eq!(
        moving, 12,
        "a plain move, the canter, the jump, the charge, the castle move, into and out of \
         one's own castle, two wins, and Anti-Camelot's, Camette's and Grand Cam's examples"
    );
    assert_eq!(out["title"], "The rules of Grand Cam");
    let ruling = &out["ruling"];
    assert!(
        ruling["text"]
            .as_str()
            .unwrap()
            .starts_with("Ruling 8. Grand Cam's board"),
        "{ruling}"
    );
    assert!(
        (0..200).contains(&ruling["top"].as_i64().unwrap()),
        "ruling 8 scrolled to the screen's top: {ruling}"
    );
    let table = &out["table"];
    let screen = table["screen"].as_u64().unwrap();
    for k in ["width", "scroll", "page"] {
        assert!(
            table[k].as_u64().unwrap() <= screen,
            "the games table fits a phone: {table}"
        );
    }
    let grandcam = out["grandcam"].as_array().unwrap();
    assert!(
        grandcam
            .iter()
            .any(|d| n(d, "squares") == 93 && n(d, "pieces") > 0),
        "Grand Cam's board: {grandcam:?}"
    );
}

/// Two people sign up in their browsers (a desktop and a phone), play a rated game found
/// in the front page's open seats, and see their ratings change on their pages, one of
/// them on a second browser; the session is an `HttpOnly`, `SameSite=Lax` cookie; logging
/// out ends it; another site's page cannot log anyone in.
fn two_people_sign_up_and_play_a_rated_game_in_their_browsers() {
    let test = "two_people_sign_up_and_play_a_rated_game_in_their_browsers";
    let Some(browser) = Browser::find(test) else {
        return;
    };
    let dir = scratch("visitor-accounts");
    let s = start(&dir);
    let out = browser
        .run("accounts.mjs", &[&s.url])
        .unwrap_or_else(|e| panic!("{e}"));
    let cookie = &out["cookie"];
    assert_eq!(cookie["httpOnly"], true, "{cookie}");
    assert_eq!(cookie["sameSite"], "Lax", "{cookie}");
    assert_eq!(cookie["path"], "/", "{cookie}");
    assert_eq!(cookie["secure"], false, "plain HTTP: {cookie}");
    // The quick game: a rated game's address without a token, both players seated, new.
    let quick = out["quickAddress"].as_str().unwrap();
    assert_eq!(quick.matches('/').count(), 1, "no token in {quick}");
    let quick_seats = script_strings(&out["quickSeats"]).join(" | ");
    assert!(
        quick_seats.contains("Arthur 1500?") && quick_seats.contains("Mordred 1500?"),
        "{quick_seats}"
    );
    // The game from the form while Black is open: Arthur waits, told so with the game's
    // link, offered no draw or resignation; a visitor at that link is offered the seat.
    assert_eq!(
        out["waitingFor"],
        "Nobody has taken Black yet. Anyone on this server can, from the front page's open \
         seats; or send someone the game's link."
    );
    let link = out["gameLink"].as_str().unwrap();
    assert!(
        link.starts_with(&s.url) && link.matches('/').count() == 3,
        "{link}"
    );
    let while_open = script_strings(&out["whileOpen"]);
    assert!(
        !while_open
            .iter()
            .any(|b| b == "Offer a draw" || b == "Resign" || b == "Ask to take back"),
        "{while_open:?}"
    );
    assert!(while_open.contains(&"Abort".to_string()), "{while_open:?}");
    assert_eq!(out["offeredSeat"], "Play Black");
    // Mordred sits: named with his rating at once (after the quick game: 1662 against
    // Arthur's 1338), and the waiting word gone.
    let seated = script_strings(&out["seatedSeats"]).join(" | ");
    assert!(seated.contains("Mordred 1662?"), "{seated}");
    assert_eq!(out["stillWaiting"], 0);
    // The game from the form, after the quick game (Arthur lost it: 1338 against 1662).
    let seats = script_strings(&out["seatsAfter"]).join(" | ");
    assert!(seats.contains("Arthur 1338? +"), "{seats}");
    assert!(seats.contains("Mordred 1662? \u{2212}"), "{seats}");
    let arthur = &out["arthur"];
    assert_eq!(arthur["title"], "Arthur");
    let ratings = script_strings(&arthur["ratings"]);
    assert_eq!(ratings.len(), 1, "{ratings:?}");
    assert!(
        ratings[0].starts_with("Camette") && ratings[0].ends_with("?2"),
        "{ratings:?}"
    );
    assert_eq!(arthur["graphs"], 1, "the rating's history drawn");
    let games = script_strings(&arthur["games"]);
    assert_eq!(games.len(), 2, "{games:?}");
    // Each names the kind of game and the opponent with the rating they had then.
    assert!(
        games[0].starts_with("Camette no clock, rated, ")
            && games[0].contains(": as White against Mordred 1662?: won (+"),
        "{games:?}"
    );
    assert!(
        games[1].contains(" against Mordred 1500?: lost (\u{2212}162)"),
        "{games:?}"
    );
    // Filtered by the server: his one loss, then no Camelot game at all.
    let lost = script_strings(&out["arthurLost"]);
    assert_eq!(lost.len(), 1, "{lost:?}");
    assert!(lost[0].ends_with(": lost (\u{2212}162)"), "{lost:?}");
    assert_eq!(out["arthurNone"], "No game of these.");
    let games = script_strings(&out["mordred"]["games"]);
    assert!(
        games[0].contains("as Black against Arthur 1338?: lost (\u{2212}"),
        "{games:?}"
    );
    assert!(games[1].ends_with(": won (+162)"), "{games:?}");
    assert!(
        out["loggedOut"].as_str().unwrap().contains("Log in"),
        "{out}"
    );
    assert_eq!(out["sessionAfterLogout"], 401);
    assert_eq!(out["crossSite"], 403);
    let weak = out["weakPassword"].as_str().unwrap();
    assert!(
        weak.starts_with("That password is too easy to guess (this is a top-10 common password)"),
        "{weak}"
    );
    let signed_out = out["signedOut"].as_str().unwrap();
    assert!(
        signed_out.starts_with(
            "Signed out: The account's password was changed, which logs out every device"
        ),
        "{signed_out}"
    );
    assert!(
        signed_out.ends_with("with the new one. Log in again"),
        "{signed_out}"
    );
    assert_eq!(out["logInAgain"], "Log in again");
    assert_eq!(out["headerSignedOut"], "Log inSign up", "the header too");
    // Recovery codes: eight shown at sign-up; one (typed in capitals) sets a new password
    // and logs him in; the same one again is refused.
    let codes = script_strings(&out["mordredCodes"]);
    assert_eq!(codes.len(), 8, "{codes:?}");
    assert!(codes.iter().all(|c| c.len() == 14), "{codes:?}");
    assert_eq!(out["recoveredAs"], "Mordred");
    assert_eq!(
        out["spent"],
        "No account has that name and an unused recovery code like that"
    );
}

/// Gawain challenges Lancelot by name from Lancelot's page: Lancelot's front page shows
/// it without a reload, within a second or so of its sending, naming Gawain, his rating,
/// the game and Lancelot's colour; accepted, both browsers are at the board of one rated
/// game, Gawain White. Challenged again from the front page and declined as too fast,
/// Gawain's page says so in those words. Lancelot is online on his page and on the front
/// page's list; waiting for a quick game, he is listed there and Gawain plays him.
/// Lancelot follows Gawain, listed on his front page, and takes challenges from nobody:
/// Gawain's next challenge is refused in those words.
fn a_player_challenges_another_and_sees_who_is_around_in_their_browsers() {
    let test = "a_player_challenges_another_and_sees_who_is_around_in_their_browsers";
    let Some(browser) = Browser::find(test) else {
        return;
    };
    let dir = scratch("visitor-challenge");
    let s = start(&dir);
    let out = browser
        .run("club.mjs", &[&s.url])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        out["incoming"],
        "Gawain (1500?) challenges you: Camette, 5+3, rated; you play Black."
    );
    // Heard without a reload: well within the server's 8 s of waiting with nothing new.
    let heard = out["heardInMs"].as_u64().unwrap();
    assert!(heard < 6_000, "heard after {heard} ms");
    assert_eq!(
        out["waiting"],
        "You challenged Lancelot: Camette, 5+3, rated. Waiting for an answer\u{2026}"
    );
    let (at, theirs) = (
        out["gawainAt"].as_str().unwrap(),
        out["lancelotAt"].as_str().unwrap(),
    );
    assert_eq!(at, theirs, "both at one game");
    assert_eq!(at.matches('/').count(), 1, "seated by their accounts: {at}");
    let seats = script_strings(&out["gawainSeats"]).join(" | ");
    assert!(
        seats.contains("White") && seats.find("Gawain") < seats.find("Lancelot"),
        "{seats}"
    );
    let game: serde_json::Value = serde_json::from_str(&camelot_test_support::http_get(
        &s.url,
        &format!("/games{at}"),
    ))
    .unwrap();
    assert_eq!(game["game"]["rated"], true, "{game}");
    assert_eq!(
        out["declined"],
        "Lancelot declined your challenge: this clock is too fast for them."
    );
    // Who is around: Lancelot is online, with the challenge's game going on to watch.
    assert_eq!(out["presence"], "Playing now: watch");
    assert_eq!(out["online"], "2 players online: Gawain, Lancelot");
    let listed = out["listed"].as_str().unwrap();
    assert!(
        listed.starts_with("Lancelot (1500), Camette, no clock, waiting ")
            && listed.ends_with(" s Play Lancelot"),
        "{listed}"
    );
    let quick = script_strings(&out["quickAt"]);
    assert_eq!(quick[0], quick[1], "one quick game for both");
    // Followed, with his two games (the challenge's and the quick game) to watch.
    assert_eq!(out["followed"], "Gawain (online) watch watch");
    assert_eq!(out["refused"], "Lancelot takes no challenges just now");
    // A visitor's pages load with a clean console (no 401 for asking who is there).
    assert_eq!(out["consoleErrors"], serde_json::json!([]));
    // Accounts in a player's words.
    assert_eq!(
        out["longName"],
        "A name is 2 to 20 letters, digits, _ or -. This one has 27 characters."
    );
    assert_eq!(out["longSaid"], "A name has at most 20 characters");
    assert_eq!(
        out["loggedIn"],
        "You are logged in as Gawain. To use another account, log out first (at the top of the page)."
    );
    assert_eq!(out["wrongSaid"], "That is not your current password");
    // The phone's header: one line of 44 px targets (it was two lines, 90 px, with
    // 19 px links); the rules pages name who is logged in.
    let header = &out["phoneHeader"];
    let height = header["height"].as_f64().unwrap();
    let shortest = header["shortestTarget"].as_f64().unwrap();
    assert!(height < 60.0 && shortest >= 44.0, "{header}");
    assert_eq!(out["rulesHeader"], "LancelotSettingsLog out");
}

/// Gareth makes an arena from /tournaments and joins it; Lynette, on a phone, finds it on
/// the front page and joins: the server pairs them and both pages open the game by
/// themselves. White moves, and a visitor's TV shows their game as the tournament's top
/// game; Black resigns, and the tournament's page gives White 2 points, first, with Black
/// second at none.
fn two_players_meet_in_an_arena_made_and_joined_in_their_browsers() {
    let test = "two_players_meet_in_an_arena_made_and_joined_in_their_browsers";
    let Some(browser) = Browser::find(test) else {
        return;
    };
    let dir = scratch("visitor-tournament");
    let s = start(&dir);
    let out = browser
        .run("tournament.mjs", &[&s.url])
        .unwrap_or_else(|e| panic!("{e}"));
    let listed = out["listed"].as_str().unwrap();
    // Read before Lynette joins, just as the arena starts or once it has.
    assert!(
        listed.starts_with("Orkney Arena: Arena for 30 minutes, Camette 5+3, rated, 1 player; ")
            && (listed.ends_with("ends in 30 minutes") || listed.ends_with("starting now")),
        "{listed}"
    );
    assert!(
        out["kind"]
            .as_str()
            .unwrap()
            .starts_with("Arena for 30 minutes, Camette 5+3, rated, 1 player; "),
        "{out}"
    );
    let (at, theirs) = (
        out["garethAt"].as_str().unwrap(),
        out["lynetteAt"].as_str().unwrap(),
    );
    assert_eq!(at, theirs, "both at one game");
    assert_eq!(at.matches('/').count(), 1, "seated by their accounts: {at}");
    assert_eq!(
        out["gameKind"], "Camette, 5+3, rated",
        "the game page says what it is"
    );
    assert_eq!(
        format!("/{}", out["tvGame"].as_str().unwrap()),
        at,
        "the TV shows the tournament's game"
    );
    assert_eq!(
        out["tvTitle"], "Camette, the top game of Orkney Arena",
        "the TV names the tournament"
    );
    let rows = script_strings(&out["standings"]);
    let winner = out["winner"].as_str().unwrap();
    let loser = if winner == "Gareth" {
        "Lynette"
    } else {
        "Gareth"
    };
    assert!(rows[0].starts_with(&format!("1{winner}")), "{rows:?}");
    assert!(rows[0].contains("15002"), "1500, 2 points: {rows:?}");
    assert!(rows[1].starts_with(&format!("2{loser}")), "{rows:?}");
    assert_eq!(out["errors"], serde_json::json!([]));
}

/// A Grand Cam table by name in four browsers: Kay asks from the front page's form for
/// Ector as his partner against Bors and Lionel; each of the three sees every seat named
/// without a reload; the first two to accept are told whom it waits for; the last
/// acceptance takes all four pages to the one game, each at its own seat.
fn four_players_meet_at_a_grand_cam_table_asked_for_by_name() {
    let test = "four_players_meet_at_a_grand_cam_table_asked_for_by_name";
    let Some(browser) = Browser::find(test) else {
        return;
    };
    let dir = scratch("visitor-table");
    let s = Server::start_with(
        Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        &[
            "--listen",
            "127.0.0.1:0",
            "--database",
            &sqlite(&dir),
            "--sign-ups-per-minute",
            "0",
        ],
    );
    let out = browser
        .run("table.mjs", &[&s.url])
        .unwrap_or_else(|e| panic!("{e}"));
    let line = "Grand Cam, no clock, casual; Kay and Ector (Red and Blue) against Bors and Lionel \
                (Green and Yellow)";
    assert_eq!(
        script_strings(&out["incoming"]),
        [
            format!("Kay (1500?) asks you to a table: {line}; you play Blue. Also asked: Bors and Lionel."),
            format!("Kay (1500?) asks you to a table: {line}; you play Green. Also asked: Ector and Lionel."),
            format!("Kay (1500?) asks you to a table: {line}; you play Yellow. Also asked: Bors and Ector."),
        ],
        "{out}"
    );
    assert_eq!(
        out["outgoing"],
        format!("You asked for a table: {line}. Waiting for Bors, Ector and Lionel\u{2026}")
    );
    assert_eq!(
        script_strings(&out["waitingSaid"]),
        [
            format!("Kay (1500?) asks you to a table: {line}; you play Blue. You accepted: waiting for Bors and Lionel."),
            format!("Kay (1500?) asks you to a table: {line}; you play Green. You accepted: waiting for Lionel."),
        ]
    );
    let at = script_strings(&out["at"]);
    assert!(at.iter().all(|p| *p == at[0]), "one game: {at:?}");
    let game: serde_json::Value = serde_json::from_str(&camelot_test_support::http_get(
        &s.url,
        &format!("/games{}", at[0]),
    ))
    .unwrap();
    let seated: Vec<(String, String)> = game["game"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|seat| {
            let name = seat["account"]["name"].as_str().unwrap_or_default();
            (seat["seat"].as_str().unwrap().to_string(), name.to_string())
        })
        .collect();
    assert_eq!(
        seated,
        [
            ("Red", "Kay"),
            ("Green", "Bors"),
            ("Blue", "Ector"),
            ("Yellow", "Lionel")
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    // Kay is Red, the first to move; the others see him to move.
    let turns = script_strings(&out["turns"]);
    assert_eq!(turns[0], "Your move", "{turns:?}");
    assert!(
        turns[1..].iter().all(|t| t.contains("to move")),
        "{turns:?}"
    );
    assert_eq!(out["errors"], serde_json::json!([]));
}

camelot_test_support::harness!(
    four_players_meet_at_a_grand_cam_table_asked_for_by_name,
    two_players_meet_in_an_arena_made_and_joined_in_their_browsers,
    a_player_challenges_another_and_sees_who_is_around_in_their_browsers,
    two_people_sign_up_and_play_a_rated_game_in_their_browsers,
    a_visitor_plays_the_computer_at_beginner_from_the_front_page_to_the_end,
    a_phone_keeps_its_board_in_place_through_a_game_against_the_computer,
    a_friend_joins_from_the_invitation_on_a_phone_and_the_game_is_played_out,
    a_finished_game_is_replayed_ply_by_ply_and_its_record_downloaded,
    the_front_page_follows_the_servers_computer_match_move_by_move,
    the_rules_pages_draw_their_diagrams_with_the_pages_own_board
);
