//! Tournaments across server processes: two processes on one PostgreSQL both direct the
//! same arena, one is killed while it runs, and the other carries it to its end; every
//! pairing is made once (nobody is ever in two games at once), and the standings equal
//! the test's recount from the games as stored. And an arena's player who never comes
//! to a game has it called off and is paused.

use std::path::{Path, PathBuf};
use std::time::Duration;

use camelot_engine::Variant;
use camelot_online::protocol::tournaments::{
    ListTournaments, LookAtTournament, NewTournament, TournamentKind, TournamentState,
};
use camelot_online::protocol::TimeControl;
use camelot_online::{ask, ask_as};
use camelot_test_support::online::signed_up;
use camelot_test_support::tournaments::{check_finished_arena, cli_account, program_joins};
use camelot_test_support::{postgres_url, scratch, workspace_binary, Server};

#[path = "shared/databases.rs"]
mod databases;
use databases::{drop_database, fresh_database};

fn bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_camelot-server"))
}

fn cli() -> PathBuf {
    workspace_binary("camelot-cli", env!("CARGO_BIN_EXE_camelot-server"))
}

fn server(db: &str) -> Server {
    Server::start_with(
        bin(),
        &[
            "--listen",
            "127.0.0.1:0",
            "--database",
            db,
            "--sign-ups-per-minute",
            "0",
        ],
    )
}

/// Process A makes an arena of Camette 1+0 for a minute, starting in 10 s; four
/// programs join it through process B and play there. Midway, A is killed: B's
/// director takes the tournament over (A's lease runs out) and ends it.
async fn an_arena_goes_on_when_one_of_two_processes_dies() {
    let test = "an_arena_goes_on_when_one_of_two_processes_dies";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let db_name = format!("camelot_tournaments_{}", std::process::id());
    let db = fresh_database(&admin, &db_name).await;
    let mut a = server(&db);
    let b = server(&db);
    let (a_url, b_url) = (a.address(), b.address());
    let host = signed_up(&a_url, "Arthur", "round table").await;
    let made = ask_as(
        &a_url,
        Some(&host),
        &NewTournament {
            name: "Two Castles Arena".into(),
            kind: TournamentKind::Arena,
            variant: Variant::Camette,
            time: TimeControl::Clock {
                minutes: 1,
                increment: 0,
            },
            minutes: Some(1),
            rounds: None,
            starts_at: Some(now_ms() + 10_000),
            casual: false,
            programs: true,
            max_players: None,
        },
    )
    .await
    .unwrap();
    let id = made.tournament.to_string();
    let dir = scratch("tournaments-postgres");
    let b_text = b.url.clone();
    let players: Vec<_> = [
        ("Tor", "beginner"),
        ("Lamorak", "novice"),
        ("Dagonet", "beginner"),
        ("Bors", "novice"),
    ]
    .iter()
    .map(|(name, level)| {
        let data = dir.join(name);
        cli_account(&cli(), &data, &b_text, name, true);
        program_joins(&cli(), &data, &b_text, &id, level)
    })
    .collect();
    // Half way through the arena's minute.
    tokio::time::sleep(Duration::from_secs(40)).await;
    a.kill();
    let killed_at = now_ms();
    let outs = tokio::task::spawn_blocking(move || {
        players
            .into_iter()
            .map(|p| p.wait_with_output().unwrap())
            .collect::<Vec<_>>()
    })
    .await
    .unwrap();
    for o in &outs {
        assert!(
            o.status.success(),
            "{}\n{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let page = ask(
        &b_url,
        &LookAtTournament {
            id: made.tournament.clone(),
        },
    )
    .await
    .unwrap();
    assert_eq!(page.tournament.state, TournamentState::Finished);
    assert!(page.games.len() >= 4, "{} games", page.games.len());
    // Paired on after A died, by B alone.
    assert!(
        page.games.iter().any(|g| g.started_at > killed_at),
        "{:?}",
        page.games
    );
    check_finished_arena(&b_url, &page).await;
    drop(b);
    drop_database(&admin, &db_name).await;
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// `camelot-server --database URL tournament ARGS`: its standard output.
fn operator(db: &str, args: &[&str]) -> String {
    let out = std::process::Command::new(bin())
        .args(["--database", db, "tournament"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The operator schedules a daily arena half an hour from now: a running server makes
/// it at once (within the hour before its start) and lists it starting soon, made by
/// nobody; started again, the server does not make it twice; unscheduled, the schedule
/// is gone and the tournament stays.
async fn the_operator_schedules_a_daily_arena_and_the_server_makes_it_once() {
    let dir = scratch("tournaments-schedule");
    let db = camelot_test_support::sqlite(&dir);
    let at = now_ms() + 30 * 60_000;
    let minute = (at.rem_euclid(86_400_000) / 60_000) as u32;
    let daily = format!("{:02}:{:02}", minute / 60, minute % 60);
    let said = operator(
        &db,
        &[
            "schedule",
            "--kind",
            "arena",
            "--variant",
            "camelot",
            "--time",
            "3+2",
            "--minutes",
            "60",
            "--daily",
            &daily,
        ],
    );
    let id = said
        .strip_prefix("scheduled ")
        .and_then(|r| r.split(':').next())
        .unwrap_or_else(|| panic!("{said}"))
        .to_string();
    assert!(
        said.contains(&format!(
            ": Daily Camelot 3+2 Arena, every day at {daily} UTC; the next starts in "
        )),
        "{said}"
    );
    let listed = operator(&db, &["schedules"]);
    assert_eq!(
        listed.trim(),
        format!("{id}: Daily Camelot 3+2 Arena, every day at {daily} UTC")
    );
    for _ in 0..2 {
        let server = server(&db);
        let url = server.address();
        for _ in 0..50 {
            if !ask(&url, &ListTournaments).await.unwrap().soon.is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        // Give a second look the time to make it twice, if it would.
        tokio::time::sleep(Duration::from_millis(2500)).await;
        let soon = ask(&url, &ListTournaments).await.unwrap().soon;
        assert_eq!(soon.len(), 1, "{soon:?}");
        let t = &soon[0];
        assert_eq!(t.name, "Daily Camelot 3+2 Arena");
        assert_eq!(
            (t.kind, t.minutes, t.creator.clone()),
            (TournamentKind::Arena, 60, None)
        );
        assert_eq!(t.starts_at.div_euclid(60_000), at.div_euclid(60_000));
    }
    let gone = operator(&db, &["unschedule", &id]);
    assert_eq!(
        gone.trim(),
        format!("unscheduled {id}: the tournaments it made stay")
    );
    assert_eq!(operator(&db, &["schedules"]), "");
}

/// Arthur joins an arena and never comes to his game; Tor, a program, plays whatever he is
/// paired in. With a first-move limit of 2 s the server calls their game off (it was
/// Arthur's move, as White or after Tor's first as Black), scores it for nobody and pauses
/// Arthur, so that Tor is not paired with him again; Tor waits, playing nothing.
async fn an_arena_player_who_never_comes_has_the_game_called_off_and_is_paused() {
    use camelot_online::protocol::requests::LookAtGame;
    use camelot_online::protocol::tournaments::{GameScore, JoinTournament};
    use camelot_online::protocol::GameEnd;
    let dir = scratch("tournaments-absent");
    let db = camelot_test_support::sqlite(&dir);
    let s = Server::start_with(
        bin(),
        &[
            "--listen",
            "127.0.0.1:0",
            "--database",
            &db,
            "--sign-ups-per-minute",
            "0",
            "--first-move-seconds",
            "2",
        ],
    );
    let url = s.address();
    let arthur = signed_up(&url, "Arthur", "round table").await;
    let made = ask_as(
        &url,
        Some(&arthur),
        &NewTournament {
            name: "Empty Chair Arena".into(),
            kind: TournamentKind::Arena,
            variant: Variant::Camette,
            time: TimeControl::Clock {
                minutes: 1,
                increment: 0,
            },
            minutes: Some(10),
            rounds: None,
            starts_at: None,
            casual: true,
            programs: true,
            max_players: None,
        },
    )
    .await
    .unwrap();
    let id = made.tournament.clone();
    ask_as(&url, Some(&arthur), &JoinTournament { id: id.clone() })
        .await
        .unwrap();
    let data = dir.join("Tor");
    cli_account(&cli(), &data, &s.url, "Tor", true);
    let mut tor = program_joins(&cli(), &data, &s.url, id.as_str(), "beginner");
    let asked = LookAtTournament { id: id.clone() };
    let look = || ask(&url, &asked);
    let mut page = look().await.unwrap();
    for _ in 0..150 {
        if page
            .standings
            .iter()
            .any(|s| s.name.as_str() == "Arthur" && s.paused)
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        page = look().await.unwrap();
    }
    let arthur_line = page
        .standings
        .iter()
        .find(|s| s.name.as_str() == "Arthur")
        .unwrap();
    assert!(arthur_line.paused, "Arthur paused: {page:?}");
    assert_eq!(arthur_line.points, 0.0);
    assert_eq!(page.games.len(), 1, "{page:?}");
    let game = &page.games[0];
    assert_eq!(game.score, Some(GameScore::Void), "{page:?}");
    let stored = ask(
        &url,
        &LookAtGame {
            game: game.game.clone(),
            token: None,
        },
    )
    .await
    .unwrap();
    assert_eq!(stored.game.result, Some(GameEnd::Aborted));
    let absent_white = game.white.as_str() == "Arthur";
    assert_eq!(
        stored.game.moves.len(),
        usize::from(!absent_white),
        "called off on Arthur's first move"
    );
    // Some seconds on, Tor is still waiting: paired with nobody, Arthur least of all.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let later = look().await.unwrap();
    assert_eq!(later.games.len(), 1, "{later:?}");
    assert!(
        later.standings.iter().all(|s| s.playing.is_none()),
        "{later:?}"
    );
    paused_then_back(&url, &arthur, &id).await;
    tor.kill().unwrap();
    let _ = tor.wait();
}

/// Arthur, paused, asking for his next game, is told at once that he is paused; back
/// (his own request), he is not.
async fn paused_then_back(
    url: &camelot_online::ServerAddress,
    arthur: &camelot_online::protocol::accounts::AccountToken,
    id: &camelot_online::protocol::tournaments::TournamentId,
) {
    use camelot_online::protocol::tournaments::{MyTournamentGame, PauseInTournament};
    let asked_at = std::time::Instant::now();
    let mine = ask_as(
        url,
        Some(arthur),
        &MyTournamentGame {
            id: id.clone(),
            wait: true,
        },
    )
    .await
    .unwrap();
    assert!(mine.paused && mine.game.is_none(), "{mine:?}");
    assert!(asked_at.elapsed() < Duration::from_secs(5), "said at once");
    ask_as(
        url,
        Some(arthur),
        &PauseInTournament {
            id: id.clone(),
            paused: false,
        },
    )
    .await
    .unwrap();
    let back = ask_as(
        url,
        Some(arthur),
        &MyTournamentGame {
            id: id.clone(),
            wait: false,
        },
    )
    .await
    .unwrap();
    assert!(!back.paused, "{back:?}");
}

/// A Grand Cam arena: four players join, and the director seats them at one table, each
/// told their own seat, every seat the game's by its account; Red resigns, and Green and
/// Yellow (partners) score the win, 2 points each, the page naming all four.
async fn a_grand_cam_arena_seats_four_at_a_table_and_scores_both_partners() {
    use camelot_engine::SeatColour;
    use camelot_online::protocol::requests::LookAtGame;
    use camelot_online::protocol::tournaments::{JoinTournament, MyTournamentGame};
    use camelot_online::protocol::{ClientMessage, Hello, ServerMessage};
    use camelot_online::Connection;
    let dir = scratch("tournaments-grand-cam");
    let s = server(&camelot_test_support::sqlite(&dir));
    let url = s.address();
    let names = ["Gareth", "Gaheris", "Agravaine", "Mordred"];
    let mut tokens = Vec::new();
    for name in names {
        tokens.push(signed_up(&url, name, "round table").await);
    }
    let made = ask_as(
        &url,
        Some(&tokens[0]),
        &NewTournament {
            name: "Orkney Tables".into(),
            kind: TournamentKind::Arena,
            variant: Variant::GrandCam,
            time: TimeControl::Clock {
                minutes: 5,
                increment: 0,
            },
            minutes: Some(10),
            rounds: None,
            starts_at: None,
            casual: true,
            programs: false,
            max_players: None,
        },
    )
    .await
    .unwrap();
    let id = made.tournament;
    for t in &tokens {
        ask_as(&url, Some(t), &JoinTournament { id: id.clone() })
            .await
            .unwrap();
    }
    let mut seats = Vec::new();
    for t in &tokens {
        let next = MyTournamentGame {
            id: id.clone(),
            wait: true,
        };
        let mut mine = None;
        for _ in 0..10 {
            mine = ask_as(&url, Some(t), &next).await.unwrap().game;
            if mine.is_some() {
                break;
            }
        }
        seats.push(mine.expect("seated at a table"));
    }
    let game = seats[0].game.clone();
    assert!(seats.iter().all(|s| s.game == game), "one table: {seats:?}");
    let mut colours: Vec<SeatColour> = seats.iter().map(|s| s.seat).collect();
    colours.sort_by_key(|c| format!("{c:?}"));
    assert_eq!(
        colours,
        [
            SeatColour::Blue,
            SeatColour::Green,
            SeatColour::Red,
            SeatColour::Yellow
        ]
    );
    let look = LookAtGame {
        game: game.clone(),
        token: None,
    };
    let view = ask(&url, &look).await.unwrap().game;
    for (name, seat) in names.iter().zip(&seats) {
        let at = view.seats.iter().find(|v| v.seat == seat.seat).unwrap();
        let account = at.account.as_ref().and_then(|a| a.name.clone());
        assert_eq!(
            account.map(|n| n.to_string()).as_deref(),
            Some(*name),
            "{seat:?}"
        );
    }
    // Red resigns: the second side wins.
    let red = seats
        .iter()
        .position(|s| s.seat == SeatColour::Red)
        .unwrap();
    let mut c = Connection::open_as(&url, &tokens[red]).await.unwrap();
    c.send(&Hello::seat(&game, None, None).into())
        .await
        .unwrap();
    while !matches!(
        c.recv().await.unwrap(),
        ServerMessage::State { you: Some(_), .. }
    ) {}
    c.send(&ClientMessage::Resign).await.unwrap();
    let asked = LookAtTournament { id: id.clone() };
    let mut page = ask(&url, &asked).await.unwrap();
    for _ in 0..100 {
        if page.games.first().is_some_and(|g| g.score.is_some()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        page = ask(&url, &asked).await.unwrap();
    }
    let named: Vec<(SeatColour, &str)> = seats.iter().map(|s| s.seat).zip(names).collect();
    second_side_won(&page, &named);
}

/// The table's game on the tournament's page: the second side won, every seat named,
/// each of the two winners 2 points and the others none.
fn second_side_won(
    page: &camelot_online::protocol::tournaments::TournamentPage,
    named: &[(camelot_engine::SeatColour, &str)],
) {
    use camelot_engine::SeatColour;
    use camelot_online::protocol::tournaments::GameScore;
    let at = |seat: SeatColour| named.iter().find(|(s, _)| *s == seat).unwrap().1;
    let g = &page.games[0];
    assert_eq!(g.score, Some(GameScore::Second), "{g:?}");
    assert_eq!(g.points.as_deref(), Some(&[0.0, 2.0, 0.0, 2.0][..]));
    assert_eq!(g.white.as_str(), at(SeatColour::Red));
    assert_eq!(g.black.as_str(), at(SeatColour::Green));
    let partners = g.partners.as_ref().expect("a table's partners");
    assert_eq!(partners[0].as_str(), at(SeatColour::Blue));
    assert_eq!(partners[1].as_str(), at(SeatColour::Yellow));
    for line in &page.standings {
        let winner = [at(SeatColour::Green), at(SeatColour::Yellow)].contains(&line.name.as_str());
        assert_eq!(line.points, if winner { 2.0 } else { 0.0 }, "{line:?}");
    }
}

camelot_test_support::harness!(;
    async: a_grand_cam_arena_seats_four_at_a_table_and_scores_both_partners,
    an_arena_player_who_never_comes_has_the_game_called_off_and_is_paused,
    an_arena_goes_on_when_one_of_two_processes_dies,
    the_operator_schedules_a_daily_arena_and_the_server_makes_it_once
);
