//! The page the server serves, in a real browser (Chromium driven by Playwright): a
//! browser plays a whole game against `camelot-cli online play` and rides out the server
//! killed and restarted in the middle; a watcher's page follows a game move by move; a
//! phone held upright plays a move by touch; every variant opens and takes a move, River
//! Camelot's trees and a Grand Cam seat among them; and the page's addresses keep their
//! tokens to themselves; the front page's lists come a page at a time. Real server
//! processes on loopback.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use camelot_engine::{Level, Notation, SeatColour, Variant};
use camelot_online::protocol::requests::{ComputerSeat, Created, NewGame};
use camelot_online::protocol::TimeControl;
use camelot_online::{ask, blocking};
use camelot_test_support::online::{finished_game, finished_game_of, sqlite_server_with};
use camelot_test_support::{
    http, http_get, scratch, script_strings, sqlite, stored_game, wait_until, workspace_binary,
    Browser, Server,
};

fn bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_camelot-server"))
}

fn cli() -> PathBuf {
    workspace_binary("camelot-cli", env!("CARGO_BIN_EXE_camelot-server"))
}

fn start(dir: &Path) -> Server {
    Server::start(bin(), &sqlite(dir), "127.0.0.1:0")
}

fn create(s: &Server, variant: Variant) -> Created {
    blocking(ask(
        &s.address(),
        &NewGame::new(variant, TimeControl::Untimed),
    ))
    .expect("a game")
}

/// The invitation of `seat`: the address a friend opens.
fn invitation(s: &Server, c: &Created, seat: SeatColour) -> String {
    format!("{}/{}/{}", s.url, c.game, c.seats[&seat])
}

/// `camelot-cli online play` for `seat` at `level`.
fn cli_player(s: &Server, c: &Created, seat: SeatColour, level: &str, out: &Path) -> Child {
    Command::new(cli())
        .args([
            "online",
            "play",
            "--server",
            &s.url,
            "--game",
            c.game.as_str(),
        ])
        .args(["--token", c.seats[&seat].as_str(), "--level", level])
        .stdout(Stdio::from(std::fs::File::create(out).unwrap()))
        .stderr(Stdio::from(
            std::fs::File::create(out.with_extension("err")).unwrap(),
        ))
        .spawn()
        .expect("camelot-cli starts")
}

/// `camelot-cli online move` for `seat`: the move `mv`, accepted.
fn cli_move(s: &Server, c: &Created, seat: SeatColour, mv: &str) {
    let moved = Command::new(cli())
        .args([
            "online",
            "move",
            "--server",
            &s.url,
            "--game",
            c.game.as_str(),
        ])
        .args(["--token", c.seats[&seat].as_str(), mv])
        .output()
        .expect("camelot-cli runs");
    assert_eq!(
        String::from_utf8_lossy(&moved.stdout).trim(),
        "accepted",
        "{mv}"
    );
}

fn record_moves(s: &Server, c: &Created) -> Vec<String> {
    stored_game(&s.url, c.game.as_str()).move_texts(Notation::Wcf)
}

fn a_browser_plays_a_whole_game_against_the_command_line_through_a_restart() {
    let test = "a_browser_plays_a_whole_game_against_the_command_line_through_a_restart";
    let Some(browser) = Browser::find(test) else {
        return;
    };
    let dir = scratch("browser-game");
    let db = sqlite(&dir);
    let mut s = Server::start(bin(), &db, "127.0.0.1:0");
    let c = create(&s, Variant::Camette);
    let mut cli = cli_player(
        &s,
        &c,
        SeatColour::Black,
        "beginner",
        &dir.join("black.out"),
    );
    let held = dir.join("held");
    let page = browser.start(
        "play.mjs",
        &[
            &invitation(&s, &c, SeatColour::White),
            &format!("hold={}", held.display()),
        ],
    );
    // The page holds its fourth move until it has seen the server go and come back.
    wait_until("the page's third move", Duration::from_secs(60), || {
        held.exists()
    });
    // The server dies in mid-game and comes back on its database and port.
    s.kill();
    std::thread::sleep(Duration::from_secs(2));
    let s = Server::start(bin(), &db, &format!("127.0.0.1:{}", s.port));
    let played = Browser::finish("play.mjs", page).unwrap_or_else(|e| panic!("{e}"));
    let status = cli.wait().unwrap();
    assert!(
        status.success(),
        "{}",
        std::fs::read_to_string(dir.join("black.err")).unwrap()
    );
    let moves = record_moves(&s, &c);
    assert_eq!(
        script_strings(&played["moves"]),
        moves,
        "the page listed every move"
    );
    assert_eq!(
        played["reconnected"], true,
        "the page said it lost the server"
    );
    let cli_said = std::fs::read_to_string(dir.join("black.out")).unwrap();
    let result = played["result"].as_str().unwrap();
    assert!(
        cli_said.trim_end().ends_with(&format!("result: {result}")),
        "{cli_said} / {result}"
    );
}

fn a_watchers_page_follows_a_game_move_by_move() {
    let Some(browser) = Browser::find("a_watchers_page_follows_a_game_move_by_move") else {
        return;
    };
    let dir = scratch("browser-watch");
    let s = start(&dir);
    let c = create(&s, Variant::Camette);
    let ready = dir.join("watching");
    let page = browser.start(
        "watch.mjs",
        &[&format!("{}/{}", s.url, c.game), ready.to_str().unwrap()],
    );
    // The page is up before the players come.
    wait_until("the page to watch", Duration::from_secs(60), || {
        ready.exists()
    });
    let mut white = cli_player(&s, &c, SeatColour::White, "novice", &dir.join("white.out"));
    let mut black = cli_player(&s, &c, SeatColour::Black, "novice", &dir.join("black.out"));
    let watched = Browser::finish("watch.mjs", page).unwrap_or_else(|e| panic!("{e}"));
    assert!(white.wait().unwrap().success() && black.wait().unwrap().success());
    let moves = record_moves(&s, &c);
    assert_eq!(script_strings(&watched["moves"]), moves);
    // The list's lengths as the page changed it, from the one it had when the script
    // began to watch.
    let first = watched["first"].as_u64().unwrap() as usize;
    let mut lengths = vec![first];
    for l in watched["lengths"].as_array().unwrap() {
        let l = l.as_u64().unwrap() as usize;
        if lengths.last() != Some(&l) {
            lengths.push(l);
        }
    }
    assert_eq!(
        lengths,
        (0..=moves.len()).collect::<Vec<_>>(),
        "the page's list grew a move at a time"
    );
}

fn a_phone_held_upright_plays_a_move_by_touch() {
    let Some(browser) = Browser::find("a_phone_held_upright_plays_a_move_by_touch") else {
        return;
    };
    let dir = scratch("browser-phone");
    let s = start(&dir);
    let c = create(&s, Variant::Camelot);
    let out = browser
        .run(
            "one-move.mjs",
            &[&invitation(&s, &c, SeatColour::White), "phone"],
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(script_strings(&out["moves"]), record_moves(&s, &c));
    assert_eq!(record_moves(&s, &c).len(), 1);
    let (board, screen) = (
        out["boardWidth"].as_f64().unwrap(),
        out["screenWidth"].as_f64().unwrap(),
    );
    assert!(
        board <= screen && board >= screen * 0.85,
        "{board} of {screen}"
    );
}

fn every_variant_opens_in_the_browser_and_takes_a_move() {
    let Some(browser) = Browser::find("every_variant_opens_in_the_browser_and_takes_a_move") else {
        return;
    };
    let dir = scratch("browser-variants");
    let s = start(&dir);
    for variant in Variant::ALL {
        let c = create(&s, variant);
        let first = variant.rules().seat_colour(camelot_engine::Player(0));
        let out = browser
            .run("one-move.mjs", &[&invitation(&s, &c, first)])
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
        let stored = record_moves(&s, &c);
        assert_eq!(stored.len(), 1, "{variant}");
        assert_eq!(script_strings(&out["moves"]), stored, "{variant}");
        if variant == Variant::River {
            assert!(
                stored[0].starts_with("T@"),
                "a tree is planted first: {stored:?}"
            );
        }
    }
}

fn the_pages_addresses_keep_their_tokens_to_themselves() {
    let dir = scratch("browser-headers");
    let s = start(&dir);
    let c = create(&s, Variant::Camelot);
    let token = c.seats[&SeatColour::White].as_str();
    for path in [
        "/".to_string(),
        format!("/{}", c.game),
        format!("/{}/{token}", c.game),
        "/signup".to_string(),
        "/login".to_string(),
        "/settings".to_string(),
    ] {
        let page = http(&s.url, "GET", &path, None);
        assert_eq!(page.status, 200, "{path}");
        assert!(page.body.contains("/app/main.js"), "{path}");
        assert_eq!(
            page.header("referrer-policy"),
            Some("no-referrer"),
            "{path}"
        );
        let csp = page.header("content-security-policy").unwrap_or("");
        assert!(
            csp.contains("default-src 'none'") && csp.contains("script-src 'self'"),
            "{csp}"
        );
        assert_eq!(page.header("cache-control"), Some("no-store"));
    }
    // A game nobody made, by a well-formed id, is not a page either.
    let unknown = if c.game.as_str() == "a1b2c3d4" {
        "z9y8x7w6"
    } else {
        "a1b2c3d4"
    };
    let with_token = format!("/{unknown}/{token}");
    for missing in [
        "/app/nosuch.js",
        "/a-b/c",
        "/g/t/x",
        "/variants/chess.json",
        &format!("/{unknown}"),
        &with_token,
    ] {
        let answer = http(&s.url, "GET", missing, None);
        assert_eq!(answer.status, 404, "{missing}");
        // The page's own, styled as the page, with the way back.
        assert!(
            answer.body.contains("<h1>There is no such page</h1>")
                && answer.body.contains("/app/style.css")
                && answer
                    .body
                    .contains(r#"<a href="/">Back to the front page</a>"#),
            "{missing}: {}",
            answer.body
        );
        // Every 404, the router's own included, carries the pages' headers.
        assert_eq!(
            answer.header("x-content-type-options"),
            Some("nosniff"),
            "{missing}"
        );
        assert!(
            answer.header("content-security-policy").is_some(),
            "{missing}"
        );
    }
    let js = http(&s.url, "GET", "/app/board.js", None);
    assert_eq!(
        js.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    let board: serde_json::Value =
        serde_json::from_str(&http_get(&s.url, "/variants/grandcam.json")).unwrap();
    assert_eq!(board["seats"].as_array().unwrap().len(), 4);
    // The page text never builds markup from what the server sends: no innerHTML, no
    // document.write, no eval anywhere in it.
    for file in [
        "main.js", "game.js", "lobby.js", "board.js", "dom.js", "net.js",
    ] {
        let text = http_get(&s.url, &format!("/app/{file}"));
        for banned in [
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "document.write",
            "eval(",
        ] {
            assert!(!text.contains(banned), "{file} uses {banned}");
        }
    }
}

/// The front page's lists come a page at a time: twenty open seats and twenty live
/// games at first, and a "More" button under each that brings the rest, each seat and
/// game once.
fn the_front_pages_lists_show_every_seat_and_game_a_page_at_a_time() {
    let Some(browser) =
        Browser::find("the_front_pages_lists_show_every_seat_and_game_a_page_at_a_time")
    else {
        return;
    };
    let s = sqlite_server_with(bin(), "browser-lobby", &["--games-per-minute", "0"]);
    let games: Vec<String> = (0..23)
        .map(|_| {
            let mut new = NewGame::new(Variant::Camelot, TimeControl::Untimed);
            new.open = vec![SeatColour::White];
            let created = blocking(ask(&s.address(), &new)).expect("a game");
            created.game.as_str().to_string()
        })
        .collect();
    let out = browser
        .run("lobby.mjs", &[&format!("{}/", s.url)])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out["said"], "", "the page said something went wrong");
    for list in ["seats", "live"] {
        let rows = |key: &str| script_strings(&out[list][key]);
        // A page of seats ends with a game's last seat: the last game of a full page
        // may open the next.
        let first = rows("first").len();
        assert!(
            first == 20 || (list == "seats" && first == 19),
            "{list}: {:?}",
            rows("first")
        );
        assert_eq!(out[list]["clicks"], 1, "{list}");
        let all = rows("all");
        assert_eq!(all.len(), games.len(), "{list}: {all:?}");
        // Each says what kind of game it is.
        assert!(
            all.iter()
                .all(|row| row.contains("Camelot, no clock, casual")),
            "{list}: {all:?}"
        );
        for g in &games {
            assert_eq!(
                all.iter().filter(|row| row.contains(g.as_str())).count(),
                1,
                "{list}: game {g} in {all:?}"
            );
        }
    }
}

/// A reload sends again only what may have changed: every file of the page's the
/// browser holds is answered "not modified", and the first load came compressed.
fn a_reloaded_game_page_is_not_sent_again() {
    let Some(browser) = Browser::find("a_reloaded_game_page_is_not_sent_again") else {
        return;
    };
    let dir = scratch("browser-reload");
    let s = start(&dir);
    let c = create(&s, Variant::Camelot);
    let loads = browser
        .run("reload.mjs", &[&format!("{}/{}", s.url, c.game)])
        .unwrap_or_else(|e| panic!("{e}"));
    let n = |load: &str, what: &str| loads[load][what].as_u64().unwrap();
    // The page's HTML, scripts and style as they are (155 kB when this was written); the
    // first load, headers and the game's state included, takes under half of that.
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let files = std::fs::read_dir(web.join("app"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .chain([web.join("index.html")]);
    let plain: u64 = files.map(|f| std::fs::metadata(f).unwrap().len()).sum();
    assert!(
        n("first", "bytes") < plain / 2,
        "{plain} bytes as files: {loads:?}"
    );
    assert!(n("again", "notModified") >= 17, "{loads:?}");
    // Again: each file a 304 of its headers alone (about 220 bytes each).
    assert!(
        n("again", "bytes") < 300 * n("again", "requests"),
        "{loads:?}"
    );
}

/// A piece that cannot move because a capture is compulsory says so, and the pieces
/// that must capture are marked.
fn a_compulsory_capture_explains_itself() {
    let Some(browser) = Browser::find("a_compulsory_capture_explains_itself") else {
        return;
    };
    let dir = scratch("browser-forced");
    let s = start(&dir);
    let c = create(&s, Variant::Camette);
    // White's C3-C4 leaves Black's man on C5 a jump, and every other piece still.
    cli_move(&s, &c, SeatColour::White, "C3-C4");
    let out = browser
        .run(
            "forced.mjs",
            &[&invitation(&s, &c, SeatColour::Black), "B5"],
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        out["notice"].as_str(),
        Some("You must capture: the man on C5 can jump")
    );
    assert_eq!(script_strings(&out["marked"]), ["C5"]);
}

/// During a live game a move in the list shows the board as it stood after it, with no
/// move offered; Escape brings back the game as it stands, its moves offered again.
fn a_move_in_the_list_looks_back_during_the_game() {
    let Some(browser) = Browser::find("a_move_in_the_list_looks_back_during_the_game") else {
        return;
    };
    let dir = scratch("browser-lookback");
    let s = start(&dir);
    let c = create(&s, Variant::Camette);
    cli_move(&s, &c, SeatColour::White, "B3-A3");
    cli_move(&s, &c, SeatColour::Black, "D5-E5");
    let out = browser
        .run("lookback.mjs", &[&invitation(&s, &c, SeatColour::White)])
        .unwrap_or_else(|e| panic!("{e}"));
    let squares = |k: &str| script_strings(&out[k]["last"]);
    assert_eq!(squares("now"), ["D5", "E5"], "{out}");
    assert_eq!(squares("back"), ["A3", "B3"], "{out}");
    assert_eq!(script_strings(&out["back"]["current"]), ["B3-A3"]);
    assert_eq!(out["back"]["where"], "Looking back: move 1 of 2");
    assert_eq!(
        out["back"]["movable"], 0,
        "no move offered while looking back"
    );
    assert_eq!(squares("again"), ["D5", "E5"], "{out}");
    assert_eq!(out["again"]["where"], serde_json::Value::Null);
    assert_eq!(out["again"]["movable"], out["now"]["movable"]);
    assert!(out["now"]["movable"].as_u64().unwrap() > 0, "{out}");
}

/// Grand Cam against three computers: back at Red's turn, the three moves made since
/// Red's are marked on the board (the last in full, the two before it paler) and in the
/// list, and the page says who partners whom.
fn a_grand_cam_player_sees_every_move_since_their_turn() {
    let Some(browser) = Browser::find("a_grand_cam_player_sees_every_move_since_their_turn") else {
        return;
    };
    let dir = scratch("browser-since");
    let s = start(&dir);
    let mut new = NewGame::new(Variant::GrandCam, TimeControl::Untimed);
    new.computer = [SeatColour::Green, SeatColour::Blue, SeatColour::Yellow]
        .map(|seat| ComputerSeat {
            seat,
            level: Level::BEGINNER,
        })
        .to_vec();
    let c: Created = blocking(ask(&s.address(), &new)).expect("a game");
    let out = browser
        .run("since.mjs", &[&invitation(&s, &c, SeatColour::Red)])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        out["partners"], "Partners: Red and Blue against Green and Yellow",
        "{out}"
    );
    let texts = stored_game(&s.url, c.game.as_str()).move_texts(Notation::Wcf);
    let plies = out["plies"].as_u64().unwrap() as usize;
    assert_eq!(plies, 4, "Red's move and the three after it: {out}");
    assert_eq!(script_strings(&out["recent"]), texts[1..4], "{out}");
    // A move's squares, as its notation lists them ("E6-C8-A8", "H4xJ4xL6"; a pass none).
    let squares = |from: usize, to: usize| {
        let mut v: Vec<String> = texts[from..to]
            .iter()
            .filter(|t| t.as_str() != "pass")
            .flat_map(|t| t.split(['-', 'x']).map(str::to_string))
            .collect();
        v.sort();
        v.dedup();
        v
    };
    let last = squares(3, 4);
    assert_eq!(script_strings(&out["last"]), last, "{out}");
    let since: Vec<String> = squares(1, 3)
        .into_iter()
        .filter(|sq| !last.contains(sq))
        .collect();
    assert_eq!(script_strings(&out["since"]), since, "{out}");
    assert!(!since.is_empty(), "{out}");
}

/// A player whose tab is hidden is told by a notification, once they allowed it, when
/// the other side has moved; the tab's title says it too.
fn my_move_is_noticed_in_a_hidden_tab() {
    let Some(browser) = Browser::find("my_move_is_noticed_in_a_hidden_tab") else {
        return;
    };
    let dir = scratch("browser-notify");
    let s = start(&dir);
    let c = create(&s, Variant::Camette);
    let ready = dir.join("ready");
    let page = browser.start(
        "notify.mjs",
        &[
            &invitation(&s, &c, SeatColour::Black),
            ready.to_str().unwrap(),
        ],
    );
    wait_until("the page to be ready", Duration::from_secs(60), || {
        ready.exists()
    });
    cli_move(&s, &c, SeatColour::White, "C3-C4");
    let out = Browser::finish("notify.mjs", page).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out["offered"], true, "{out:?}");
    let title = format!("Your move · Camette: game {}", c.game);
    assert_eq!(
        out["notes"],
        serde_json::json!([{ "title": title, "body": "White played C3-C4" }])
    );
    assert_eq!(out["title"].as_str(), Some(title.as_str()));
}

/// A keyboard and a screen reader find the game: a heading naming it, a seat's board
/// that takes the focus and shows it, and a watcher's board offered as a picture, not a
/// place to move.
fn a_game_page_reads_for_a_keyboard_and_a_screen_reader() {
    let Some(browser) = Browser::find("a_game_page_reads_for_a_keyboard_and_a_screen_reader")
    else {
        return;
    };
    let dir = scratch("browser-a11y");
    let s = start(&dir);
    let c = create(&s, Variant::Camelot);
    let out = browser
        .run(
            "a11y.mjs",
            &[
                &invitation(&s, &c, SeatColour::White),
                &format!("{}/{}", s.url, c.game),
            ],
        )
        .unwrap_or_else(|e| panic!("{e}"));
    let title = format!("Camelot: game {}", c.game);
    assert_eq!(out["seated"]["h1"], serde_json::json!([title]));
    assert_eq!(out["seated"]["role"], "application");
    assert_eq!(out["seated"]["tabindex"], "0");
    assert_eq!(out["ring"], true, "{out:?}");
    assert_eq!(out["watching"]["h1"], serde_json::json!([title]));
    assert_eq!(out["watching"]["role"], "img");
    assert_eq!(out["watching"]["tabindex"], serde_json::Value::Null);
    assert_eq!(out["watching"]["label"], "Camelot board, as it stands");
    // Both link to the rules of the game on the board.
    assert_eq!(out["seated"]["rules"], "/rules/camelot");
    assert_eq!(out["watching"]["rules"], "/rules/camelot");
}

/// A finished game analysed on a phone, asked for by a watcher: the graph across the
/// panel, every move the server judged an inaccuracy, mistake or blunder marked in the
/// list with its better move (and no other), and a marked move clicked described itself
/// (its judgement, the better move drawn on the board, the computer's line from before
/// it), the board kept in view.
fn a_finished_game_is_analysed_on_a_phone() {
    let Some(browser) = Browser::find("a_finished_game_is_analysed_on_a_phone") else {
        return;
    };
    let s = sqlite_server_with(
        bin(),
        "browser-analysis",
        &["--computer-threads", "1", "--analysis-nodes", "20000"],
    );
    let game = blocking(finished_game(&s.address(), 12));
    let out = browser
        .run("analysis.mjs", &[&format!("{}/{}", s.url, game)])
        .unwrap_or_else(|e| panic!("{e}"));
    let analysis: serde_json::Value =
        serde_json::from_str(&http_get(&s.url, &format!("/games/{game}/analysis"))).unwrap();
    let plies = analysis["plies"].as_array().expect("the analysis is done");
    let expected: Vec<serde_json::Value> = plies
        .iter()
        .filter_map(|p| {
            let (sign, word) = match p["judgement"].as_str()? {
                "inaccuracy" => ("?!", "Inaccuracy"),
                "mistake" => ("?", "Mistake"),
                "blunder" => ("??", "Blunder"),
                _ => return None,
            };
            let better = p["best"]["notation"].as_str()?;
            Some(serde_json::json!({
                "ply": p["ply"],
                "sign": sign,
                "title": format!("{word}: {better} was better"),
            }))
        })
        .collect();
    assert_eq!(out["marks"], serde_json::Value::Array(expected), "{out}");
    // The move clicked is the one described: its judgement, the better move (drawn on
    // the board where it gave something away), the computer's line from before it.
    let chosen = out["chosen"].as_u64().unwrap() as usize;
    let here = &plies[chosen];
    let line = out["line"].as_str().unwrap();
    assert!(
        line.starts_with(&format!(
            "{}. {} {}: ",
            chosen / 2 + 1,
            here["seat"].as_str().unwrap(),
            here["played"]["notation"].as_str().unwrap()
        )),
        "{line}"
    );
    let gave_away = matches!(
        here["judgement"].as_str(),
        Some("inaccuracy" | "mistake" | "blunder")
    );
    if gave_away {
        let better = here["best"]["notation"].as_str().unwrap();
        assert!(line.contains(&format!("Better was {better}.")), "{line}");
    }
    let first = here["line"][0]["notation"].as_str().unwrap();
    assert!(
        line.contains(&format!("The computer's line from before it: {first}")),
        "{line}"
    );
    assert_eq!(
        out["arrow"],
        u64::from(gave_away),
        "the better move drawn on the board: {out}"
    );
    // Clicking the move keeps the board where the player had it.
    let seen = out["boardSeen"].as_array().unwrap();
    assert!(seen[0].as_f64().unwrap() > 0.9, "{out}");
    assert!(
        seen[1].as_f64().unwrap() > 0.9,
        "the board stays in view: {out}"
    );
    assert_eq!(out["summary"].as_array().unwrap().len(), 2, "{out}");
    // The graph's axes: whose chances up and down, move numbers along from the first.
    assert_eq!(
        out["axes"]["sides"],
        serde_json::json!(["White winning", "even", "Black winning"])
    );
    let moves = script_strings(&out["axes"]["moves"]);
    assert!(
        moves.first().is_some_and(|m| m == "1") && moves.len() <= 6,
        "{moves:?}"
    );
    // The graph spans the panel, the phone's width less its margins.
    let width = out["graphWidth"].as_f64().unwrap();
    assert!((300.0..=390.0).contains(&width), "{width}");
}

/// An offer answered yes is said as accepted, one answered no as declined: a takeback and
/// a draw, each declined then accepted, between two players clicking in two pages (the
/// page once told the side whose draw offer was accepted that it was declined).
fn an_offer_accepted_is_said_so_and_one_declined_too() {
    let Some(browser) = Browser::find("an_offer_accepted_is_said_so_and_one_declined_too") else {
        return;
    };
    let dir = scratch("browser-offers");
    let s = start(&dir);
    let c = create(&s, Variant::Camelot);
    let out = browser
        .run(
            "offers.mjs",
            &[
                &invitation(&s, &c, SeatColour::White),
                &invitation(&s, &c, SeatColour::Black),
            ],
        )
        .unwrap_or_else(|e| panic!("{e}"));
    let said = |kind: &str, answer: &str| -> Vec<String> { script_strings(&out[kind][answer]) };
    assert_eq!(
        said("takeback", "declined")[0],
        "Your takeback was declined.",
        "{out}"
    );
    assert_eq!(
        said("takeback", "accepted"),
        ["Your takeback was accepted.", "Takeback agreed."],
        "{out}"
    );
    assert_eq!(
        said("draw", "declined")[0],
        "Your draw offer was declined.",
        "{out}"
    );
    assert_eq!(
        said("draw", "accepted"),
        ["Your draw offer was accepted.", "Draw agreed."],
        "{out}"
    );
    // Three plies, one taken back, two more: four in the game drawn by agreement.
    assert_eq!(out["plies"], 4, "{out}");
    assert_eq!(out["result"], "1/2-1/2 (agreement)", "{out}");
    assert_eq!(record_moves(&s, &c).len(), 4);
}

/// The analysis board from a finished game of Camelot, at a desk and on a phone: the
/// replay's link at the 20th move opens it there, three moves tried by clicking (each
/// legal, the engine says), kept as a variation in brackets beside the game's own move,
/// returned to from the game's line by the tree and by the keys, and the computer's
/// lines shown with its choice drawn on the board; the phone keeps its board in view.
fn a_game_is_studied_on_the_analysis_board() {
    let Some(browser) = Browser::find("a_game_is_studied_on_the_analysis_board") else {
        return;
    };
    let s = sqlite_server_with(
        bin(),
        "browser-study",
        &["--computer-threads", "1", "--analysis-nodes", "5000"],
    );
    let game = blocking(finished_game_of(&s.address(), Variant::Camelot, 24));
    let stored = stored_game(&s.url, game.as_str());
    for size in ["desktop", "phone"] {
        let out = browser
            .run("study.mjs", &[&format!("{}/{}", s.url, game), size])
            .unwrap_or_else(|e| panic!("{size}: {e}"));
        assert_eq!(
            out["link"],
            format!("/analysis?game={game}&ply=20"),
            "{out}"
        );
        assert_eq!(out["at20"], "At move 20 of the game.", "{out}");
        assert_eq!(out["gameMoves"], stored.moves().len(), "{out}");
        // The three moves tried are legal one after another from the 20th move.
        let tried = script_strings(&out["tried"]);
        let mut replay = camelot_engine::Game::new(Variant::Camelot);
        for m in &stored.moves()[..20] {
            replay.play(m).unwrap();
        }
        assert_ne!(
            stored
                .position_at(20)
                .name_move(&stored.moves()[20])
                .unwrap()
                .notation,
            tried[0],
            "{out}"
        );
        for m in &tried {
            replay
                .play_notation(m)
                .unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        assert_eq!(
            out["afterThree"], "3 moves tried after move 20 of the game, in a variation.",
            "{out}"
        );
        assert_eq!(out["brackets"], 2, "{out}");
        let written = out["written"].as_str().unwrap();
        let variation = format!("( 11. {} {} 12. {} )", tried[0], tried[1], tried[2]);
        assert!(
            written.replace('\u{a0}', " ").contains(&variation),
            "{variation} in {written}"
        );
        assert_eq!(out["onTheGame"], "At move 22 of the game.", "{out}");
        assert_eq!(
            out["back"], "2 moves tried after move 20 of the game, in a variation.",
            "{out}"
        );
        assert_eq!(
            out["keyBack"], "1 move tried after move 20 of the game, in a variation.",
            "{out}"
        );
        // The board shows the variation's second move as the last.
        let second: Vec<String> = tried[1].split(['-', 'x']).map(str::to_string).collect();
        let mut last = script_strings(&out["last"]);
        last.sort();
        let mut expected = second.clone();
        expected.sort();
        expected.dedup();
        assert_eq!(last, expected, "{out}");
        // The computer's lines: each side's chances, and up to three lines of moves.
        let chances = out["chances"].as_str().unwrap();
        assert!(
            chances.starts_with("White's winning chances: "),
            "{chances}"
        );
        let lines = out["lines"].as_array().unwrap();
        assert!((1..=3).contains(&lines.len()), "{out}");
        assert!(
            lines
                .iter()
                .all(|l| !script_strings(&l["moves"]).is_empty()),
            "{out}"
        );
        assert_eq!(out["arrow"], 1, "{out}");
        assert!(
            out["played"].as_str().unwrap().starts_with("3 moves tried"),
            "{out}"
        );
        if size == "desktop" {
            // The front page's link, then Camette's start chosen: a move tried there.
            let start = &out["fromStart"];
            assert!(
                start["url"]
                    .as_str()
                    .unwrap()
                    .ends_with("/analysis?variant=camette"),
                "{out}"
            );
            assert_eq!(start["where"], "After 1 move.", "{out}");
            assert_eq!(start["options"], 6, "every variant offered: {out}");
        }
        if size == "phone" {
            let seen = out["boardSeen"].as_array().unwrap();
            assert!(
                seen.iter().all(|v| v.as_f64().unwrap() > 0.9),
                "the board stays in view: {out}"
            );
        }
    }
}

camelot_test_support::harness!(
    a_game_is_studied_on_the_analysis_board,
    a_finished_game_is_analysed_on_a_phone,
    an_offer_accepted_is_said_so_and_one_declined_too,
    a_grand_cam_player_sees_every_move_since_their_turn,
    a_move_in_the_list_looks_back_during_the_game,
    a_game_page_reads_for_a_keyboard_and_a_screen_reader,
    my_move_is_noticed_in_a_hidden_tab,
    a_compulsory_capture_explains_itself,
    a_reloaded_game_page_is_not_sent_again,
    a_browser_plays_a_whole_game_against_the_command_line_through_a_restart,
    a_watchers_page_follows_a_game_move_by_move,
    a_phone_held_upright_plays_a_move_by_touch,
    every_variant_opens_in_the_browser_and_takes_a_move,
    the_pages_addresses_keep_their_tokens_to_themselves,
    the_front_pages_lists_show_every_seat_and_game_a_page_at_a_time
);
