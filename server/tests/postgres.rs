//! Several server processes on one PostgreSQL serve the same games: a move made through
//! one process reaches the players and watchers connected to the other (by LISTEN and
//! NOTIFY), and a move made on a stale copy is judged against the database's. Two real
//! server processes on loopback, on a database of the test's own.

use std::path::Path;
use std::time::Duration;

use camelot_engine::{EndReason, Level, Outcome, SeatColour, Variant};
use camelot_online::protocol::accounts::{
    AccountKind, AccountName, AccountToken, Password, SessionEnd, SignUp,
};
use camelot_online::protocol::pairing::{Pairing, QuickGame};
use camelot_online::protocol::requests::{ComputerSeat, ListGames, LookAtGame, NewGame};
use camelot_online::protocol::{
    ClientMessage, GameEnd, GameId, Hello, OfferKind, SeatToken, ServerMessage, TimeControl,
};
use camelot_online::{ask, ask_as, Connection, ServerAddress};
use camelot_test_support::online::{by_squares, create, finished_game};
use camelot_test_support::{postgres_url, Server};
use sqlx::Connection as _;

#[path = "shared/databases.rs"]
mod databases;
use databases::{drop_database, fresh_database};

fn bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_camelot-server"))
}

async fn join(url: &ServerAddress, game: &GameId, token: Option<&SeatToken>) -> Connection {
    let mut c = Connection::open(url).await.unwrap();
    c.send(&Hello::seat(game, token, None).into())
        .await
        .unwrap();
    loop {
        if let ServerMessage::State { .. } = c.recv().await.unwrap() {
            return c;
        }
    }
}

/// Reads until `want` matches a message, at most ten seconds.
async fn expect(
    c: &mut Connection,
    what: &str,
    want: impl Fn(&ServerMessage) -> bool,
) -> ServerMessage {
    let found = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let m = c.recv().await.unwrap();
            if want(&m) {
                return m;
            }
        }
    })
    .await;
    found.unwrap_or_else(|_| panic!("{what}: not within 10 s"))
}

async fn two_processes_serve_one_game_through_postgresql() {
    let Some(admin) = postgres_url("two_processes_serve_one_game_through_postgresql") else {
        return;
    };
    let name = format!("camelot_test_{}", std::process::id());
    let db = fresh_database(&admin, &name).await;
    let a = Server::start(bin(), &db, "127.0.0.1:0");
    let b = Server::start(bin(), &db, "127.0.0.1:0");
    let (a_url, b_url) = (a.address(), b.address());
    let created = create(
        &a_url,
        Variant::Camelot,
        TimeControl::Clock {
            minutes: 5,
            increment: 3,
        },
    )
    .await;
    let game = &created.game;
    // White plays on A, Black on B; a watcher on each.
    let mut white = join(&a_url, game, Some(&created.seats[&SeatColour::White])).await;
    let mut black = join(&b_url, game, Some(&created.seats[&SeatColour::Black])).await;
    let mut watch_a = join(&a_url, game, None).await;
    let mut watch_b = join(&b_url, game, None).await;
    let moves = ["E6-E8", "H11-F9", "H6-F8", "G11-G9", "D6-D8", "I11-H11"];
    for (ply, mv) in moves.iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 {
            (&mut white, &mut black)
        } else {
            (&mut black, &mut white)
        };
        mover
            .send(&ClientMessage::Move {
                id: ply as u64,
                ply: ply as u32,
                mv: by_squares(mv),
            })
            .await
            .unwrap();
        expect(mover, "the ack", |m| matches!(m, ServerMessage::Ack { .. })).await;
        let is_it = |m: &ServerMessage| matches!(m, ServerMessage::Moved { ply: p, mv: t, .. } if *p == ply as u32 && t.notation == *mv);
        expect(other, "the move on the other process", is_it).await;
        expect(&mut watch_a, "the move for A's watcher", is_it).await;
        expect(&mut watch_b, "the move for B's watcher", is_it).await;
    }
    // An offer made on B is heard on A, and accepted there.
    black
        .send(&ClientMessage::Offer {
            kind: OfferKind::Draw,
        })
        .await
        .unwrap();
    expect(&mut white, "the offer", |m| {
        matches!(
            m,
            ServerMessage::Offered {
                kind: OfferKind::Draw,
                ..
            }
        )
    })
    .await;
    white
        .send(&ClientMessage::Accept {
            kind: OfferKind::Draw,
        })
        .await
        .unwrap();
    let agreed = GameEnd::Decided(Outcome::draw(EndReason::Agreement));
    let ended =
        |m: &ServerMessage| matches!(m, ServerMessage::Ended { result, .. } if *result == agreed);
    expect(&mut black, "the end on B", ended).await;
    expect(&mut watch_b, "the end for B's watcher", ended).await;

    // Both processes tell the same finished game.
    for url in [&a_url, &b_url] {
        let mut c = Connection::open(url).await.unwrap();
        c.send(&Hello::watch(game).into()).await.unwrap();
        let state = loop {
            if let ServerMessage::State { game, .. } = c.recv().await.unwrap() {
                break game;
            }
        };
        let played: Vec<&str> = state.moves.iter().map(|m| m.notation.as_str()).collect();
        assert_eq!(played, moves, "{url}");
        assert_eq!(state.result, Some(agreed), "{url}");
    }
    drop((a, b));
    drop_database(&admin, &name).await;
}

async fn a_move_on_a_stale_copy_is_judged_against_the_database() {
    let Some(admin) = postgres_url("a_move_on_a_stale_copy_is_judged_against_the_database") else {
        return;
    };
    let name = format!("camelot_stale_{}", std::process::id());
    let db = fresh_database(&admin, &name).await;
    let a = Server::start(bin(), &db, "127.0.0.1:0");
    let b = Server::start(bin(), &db, "127.0.0.1:0");
    let created = create(&a.address(), Variant::Camette, TimeControl::Untimed).await;
    let game = &created.game;
    let white = &created.seats[&SeatColour::White];
    // White holds connections to both processes; a move through A, then the same ply
    // again through B, which must refuse it whether or not it has heard of the first.
    let mut on_a = join(&a.address(), game, Some(white)).await;
    let mut on_b = join(&b.address(), game, Some(white)).await;
    on_a.send(&ClientMessage::Move {
        id: 1,
        ply: 0,
        mv: by_squares("B3-A3"),
    })
    .await
    .unwrap();
    expect(&mut on_a, "the ack", |m| {
        matches!(m, ServerMessage::Ack { id: 1, .. })
    })
    .await;
    on_b.send(&ClientMessage::Move {
        id: 2,
        ply: 0,
        mv: by_squares("D3-E3"),
    })
    .await
    .unwrap();
    match expect(&mut on_b, "the answer", |m| {
        matches!(
            m,
            ServerMessage::Ack { .. } | ServerMessage::Rejected { .. }
        )
    })
    .await
    {
        ServerMessage::Rejected { id: 2, .. } => {}
        other => panic!("a second ply 0 was taken: {other:?}"),
    }
    drop((a, b));
    drop_database(&admin, &name).await;
}

/// A process that serves nothing and plays the computer's seats, beside a server on one
/// PostgreSQL database: killed when dropped.
struct Thinker(std::process::Child);

impl Drop for Thinker {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

async fn the_computers_turns_are_shared_by_processes_and_each_played_once() {
    let Some(admin) =
        postgres_url("the_computers_turns_are_shared_by_processes_and_each_played_once")
    else {
        return;
    };
    let name = format!("camelot_computer_{}", std::process::id());
    let db = fresh_database(&admin, &name).await;
    let a = Server::start_with(
        bin(),
        &[
            "--listen",
            "127.0.0.1:0",
            "--database",
            &db,
            "--computer-threads",
            "1",
            "--games-per-minute",
            "0",
            "--computer-games-per-address",
            "0",
            "--unjoined-computer-games-per-address",
            "0",
        ],
    );
    let mut b = Thinker(
        std::process::Command::new(bin())
            .args([
                "--database",
                &db,
                "--computer-only",
                "--computer-threads",
                "1",
            ])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the thinker starts"),
    );
    // The thinker says so once it plays: the turns are owed after, for it to find some
    // (on a busy machine it could otherwise still be starting when A has played them all).
    let ready = b.0.stdout.take().expect("the thinker's output");
    let said = tokio::task::spawn_blocking(move || {
        let mut line = String::new();
        std::io::BufRead::read_line(&mut std::io::BufReader::new(ready), &mut line).map(|_| line)
    })
    .await
    .unwrap()
    .unwrap();
    assert!(said.starts_with("playing the computer's seats"), "{said}");
    let url = a.address();
    let mut created = Vec::new();
    for _ in 0..40 {
        let new = NewGame {
            computer: vec![ComputerSeat {
                seat: SeatColour::White,
                level: Level::CLUB,
            }],
            ..NewGame::new(Variant::Camelot, TimeControl::Untimed)
        };
        created.push(ask(&url, &new).await.unwrap());
    }
    // The computer thinks for a game once its person has come: the people come one
    // after another, faster than one process plays, so that turns wait for either (one
    // created and joined at a time, A alone could keep up, and B would find none).
    let mut games = Vec::new();
    for c in created {
        let black = &c.seats[&SeatColour::Black];
        join(&url, &c.game, Some(black)).await.close().await;
        games.push(c.game);
    }
    // Who holds the turns, as the database says while they are played.
    let mut watch = sqlx::PgConnection::connect(&db).await.unwrap();
    let mut holders = std::collections::BTreeSet::new();
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    loop {
        let rows: Vec<(String,)> =
            sqlx::query_as("SELECT taken_by FROM computer_turns WHERE taken_by IS NOT NULL")
                .fetch_all(&mut watch)
                .await
                .unwrap();
        holders.extend(rows.into_iter().map(|r| r.0));
        let (owed,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM computer_turns")
            .fetch_one(&mut watch)
            .await
            .unwrap();
        if owed == 0 {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{owed} turns still owed"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // Every game's computer turn played, once: White's one move, then Black's to play.
    tokio::time::sleep(Duration::from_millis(500)).await;
    for game in &games {
        let look = LookAtGame {
            game: game.clone(),
            token: None,
        };
        let view = ask(&url, &look).await.unwrap().game;
        assert_eq!(view.moves.len(), 1, "{game}");
    }
    assert_eq!(holders.len(), 2, "both processes played: {holders:?}");
    drop((a, b));
    drop_database(&admin, &name).await;
}

async fn two_processes_keep_one_tv_between_them() {
    let Some(admin) = postgres_url("two_processes_keep_one_tv_between_them") else {
        return;
    };
    let name = format!("camelot_tv_{}", std::process::id());
    let db = fresh_database(&admin, &name).await;
    let args = ["--listen", "127.0.0.1:0", "--database", &db];
    let a = Server::start_with_tv(bin(), &args);
    let b = Server::start_with_tv(bin(), &args);
    let shown = |url: ServerAddress| async move {
        ask(&url, &ListGames::default())
            .await
            .unwrap()
            .into_iter()
            .filter(|g| g.tv)
            .map(|g| g.id)
            .collect::<Vec<_>>()
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while shown(a.address()).await.is_empty() {
        assert!(std::time::Instant::now() < deadline, "no TV");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Both keepers have looked at least twice since.
    tokio::time::sleep(Duration::from_secs(7)).await;
    let (on_a, on_b) = (shown(a.address()).await, shown(b.address()).await);
    assert_eq!(on_a.len(), 1, "{on_a:?}");
    assert_eq!(on_a, on_b, "one TV for both");
    let mut watch = sqlx::PgConnection::connect(&db).await.unwrap();
    let (games,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM games")
        .fetch_one(&mut watch)
        .await
        .unwrap();
    assert_eq!(games, 1, "no second game was stored");
    drop((a, b));
    drop_database(&admin, &name).await;
}

/// Analyses asked for through a process that plays nothing are made by the two that do
/// (each taken by one, under `SKIP LOCKED`), stored, and read the same through any of them.
async fn analyses_are_made_once_by_whichever_process_takes_them() {
    use camelot_online::protocol::analysis::{AnalyseGame, AnalysisView, LookAtAnalysis};
    let test = "analyses_are_made_once_by_whichever_process_takes_them";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let name = format!("camelot_analyses_{}", std::process::id());
    let db = fresh_database(&admin, &name).await;
    let front = Server::start_with(
        bin(),
        &[
            "--listen",
            "127.0.0.1:0",
            "--database",
            &db,
            "--computer-threads",
            "0",
            "--analyses-per-address",
            "0",
        ],
    );
    let searchers: Vec<Server> = (0..2)
        .map(|_| {
            Server::start_with(
                bin(),
                &[
                    "--listen",
                    "127.0.0.1:0",
                    "--database",
                    &db,
                    "--computer-threads",
                    "1",
                    "--analysis-nodes",
                    "3000",
                ],
            )
        })
        .collect();
    let url = front.address();
    let mut games = Vec::new();
    for _ in 0..4 {
        let game = finished_game(&url, 6).await;
        ask(&url, &AnalyseGame { game: game.clone() })
            .await
            .unwrap();
        games.push(game);
    }
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    for game in &games {
        let look = LookAtAnalysis { game: game.clone() };
        let plies = loop {
            assert!(std::time::Instant::now() < deadline, "not analysed");
            if let AnalysisView::Done { plies } = ask(&url, &look).await.unwrap() {
                break plies;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        let moves = ask(
            &url,
            &LookAtGame {
                game: game.clone(),
                token: None,
            },
        )
        .await
        .unwrap()
        .game
        .moves;
        assert_eq!(plies.len(), moves.len());
        for s in &searchers {
            let seen = ask(&s.address(), &look).await.unwrap();
            assert_eq!(
                seen,
                AnalysisView::Done {
                    plies: plies.clone()
                }
            );
        }
    }
    let mut watch = sqlx::PgConnection::connect(&db).await.unwrap();
    let (rows, done): (i64, i64) =
        sqlx::query_as("SELECT COUNT(*), COUNT(done_at) FROM analyses WHERE taken_by IS NULL")
            .fetch_one(&mut watch)
            .await
            .unwrap();
    assert_eq!((rows, done), (4, 4));
    lines_are_found_by_a_process_that_searches(&url, &mut watch).await;
    drop((front, searchers));
    drop_database(&admin, &name).await;
}

/// An analysis board's position asked for through a process that plays nothing is
/// searched by one that does, once.
async fn lines_are_found_by_a_process_that_searches(
    url: &ServerAddress,
    watch: &mut sqlx::PgConnection,
) {
    use camelot_online::protocol::study::{AskForLines, LinesView, Study, StudyStart};
    let study = AskForLines(Study {
        start: StudyStart::Start {
            variant: Variant::Camette,
        },
        moves: vec![by_squares("C3-C4")],
    });
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while !ask(url, &study).await.unwrap().is_done() {
        assert!(std::time::Instant::now() < deadline, "no lines found");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let LinesView::Done { lines, .. } = ask(url, &study).await.unwrap() else {
        panic!("the lines were found")
    };
    assert_eq!(lines[0].moves[0].path[0].to_string(), "C5");
    let (rows, done): (i64, i64) =
        sqlx::query_as("SELECT COUNT(*), COUNT(done_at) FROM position_searches")
            .fetch_one(watch)
            .await
            .unwrap();
    assert_eq!((rows, done), (1, 1));
}

/// An account signed up on `url`: its session's token.
async fn account(url: &ServerAddress, name: &str) -> AccountToken {
    let sign_up = SignUp {
        name: AccountName::parse(name).unwrap(),
        password: Password::parse("round table").unwrap(),
        kind: AccountKind::Person,
        rated_with_people: false,
        token: true,
    };
    ask(url, &sign_up).await.unwrap().token.unwrap()
}

/// 40 players ask for a quick game at once, half through each of two processes: each is
/// paired exactly once (20 games, two seats each); then the 20 rated games end at once,
/// through both processes, and each rating is settled exactly once: 20 winners at
/// 1662.3, 20 losers at 1337.7, the sum of all 40 unchanged.
async fn forty_quick_games_at_once_pair_everyone_once_and_rate_each_game_once() {
    let test = "forty_quick_games_at_once_pair_everyone_once_and_rate_each_game_once";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let name = format!("camelot_pairing_{}", std::process::id());
    let db = fresh_database(&admin, &name).await;
    let args = [
        "--listen",
        "127.0.0.1:0",
        "--database",
        &db,
        "--sign-ups-per-minute",
        "0",
        "--games-per-minute",
        "0",
        // Forty players on one address.
        "--quick-games-per-address",
        "0",
    ];
    let servers = [
        Server::start_with(bin(), &args),
        Server::start_with(bin(), &args),
    ];
    let urls: Vec<ServerAddress> = servers.iter().map(Server::address).collect();
    let mut tokens = Vec::new();
    for i in 0..40 {
        tokens.push(account(&urls[i % 2], &format!("quick{i}")).await);
    }
    let quick = QuickGame {
        variant: Variant::Camelot,
        time: TimeControl::Untimed,
    };
    let asks = tokens.iter().enumerate().map(|(i, token)| {
        let (url, token, quick) = (urls[i % 2].clone(), token.clone(), quick.clone());
        tokio::spawn(async move {
            loop {
                match ask_as(&url, Some(&token), &quick).await.unwrap() {
                    Pairing::Paired { game, seat } => return (i, game, seat),
                    Pairing::Waiting { .. } => continue,
                }
            }
        })
    });
    let mut paired = Vec::new();
    for t in asks.collect::<Vec<_>>() {
        paired.push(t.await.unwrap());
    }
    let mut games: std::collections::BTreeMap<GameId, Vec<(usize, SeatColour)>> =
        Default::default();
    for (i, game, seat) in &paired {
        games.entry(game.clone()).or_default().push((*i, *seat));
    }
    assert_eq!(games.len(), 20, "{games:?}");
    for (game, players) in &games {
        let seats: std::collections::BTreeSet<_> = players.iter().map(|(_, s)| *s).collect();
        assert_eq!(seats.len(), 2, "{game}: {players:?}");
    }
    // Black resigns in every game at once, half through each process, by their account.
    let ends = paired
        .iter()
        .filter(|(_, _, seat)| *seat == SeatColour::Black)
        .map(|(i, game, _)| {
            let (url, token, game) = (urls[i % 2].clone(), tokens[*i].clone(), game.clone());
            tokio::spawn(async move {
                let mut c = Connection::open_as(&url, &token).await.unwrap();
                c.send(&Hello::seat(&game, None, None).into())
                    .await
                    .unwrap();
                loop {
                    match c.recv().await.unwrap() {
                        ServerMessage::State { you, .. } => {
                            assert_eq!(you, Some(SeatColour::Black), "the account's seat");
                            c.send(&ClientMessage::Resign).await.unwrap();
                        }
                        ServerMessage::Ended { result, .. } => return result,
                        _ => {}
                    }
                }
            })
        })
        .collect::<Vec<_>>();
    for e in ends {
        assert!(matches!(e.await.unwrap(), GameEnd::Decided(_)));
    }
    let mut watch = sqlx::PgConnection::connect(&db).await.unwrap();
    let (stored,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM games WHERE rated = 1")
        .fetch_one(&mut watch)
        .await
        .unwrap();
    assert_eq!(stored, 20, "no pairing made twice");
    let (changes,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM rating_changes")
        .fetch_one(&mut watch)
        .await
        .unwrap();
    assert_eq!(changes, 40, "one change a player a game");
    let ratings: Vec<(f64, i32)> = sqlx::query_as("SELECT rating, games FROM ratings")
        .fetch_all(&mut watch)
        .await
        .unwrap();
    assert_eq!(ratings.len(), 40);
    assert!(ratings.iter().all(|(_, g)| *g == 1), "{ratings:?}");
    let won = ratings
        .iter()
        .filter(|(r, _)| (r - 1662.3).abs() < 0.1)
        .count();
    let lost = ratings
        .iter()
        .filter(|(r, _)| (r - 1337.7).abs() < 0.1)
        .count();
    assert_eq!((won, lost), (20, 20), "{ratings:?}");
    let sum: f64 = ratings.iter().map(|(r, _)| r).sum();
    assert!((sum - 60_000.0).abs() < 1e-6, "{sum}");
    drop(servers);
    drop_database(&admin, &name).await;
}

const ROUND_TABLE: &str = "round table";

async fn signed_up(url: &ServerAddress, name: &str) -> AccountToken {
    camelot_test_support::online::signed_up(url, name, ROUND_TABLE).await
}

async fn logged_in(url: &ServerAddress, name: &str) -> AccountToken {
    camelot_test_support::online::logged_in(url, name, ROUND_TABLE).await
}

/// A socket on `game` at `url`, opened with `token`, said hello as the account's seat.
async fn seated_by_account(url: &ServerAddress, token: &AccountToken, game: &GameId) -> Connection {
    let mut c = Connection::open_as(url, token).await.unwrap();
    c.send(&Hello::seat(game, None, None).into()).await.unwrap();
    expect(&mut c, "the seat", |m| {
        matches!(m, ServerMessage::State { you: Some(_), .. })
    })
    .await;
    c
}

/// A session ended through one process stops the sockets admitted on it by the other:
/// Gareth's socket on A, his password changed on B from another device; Lynette's
/// socket on B, her account closed on A. Each socket is told why and closed, and the
/// resignation sent on it after changes nothing.
async fn a_session_ended_on_one_process_ends_its_sockets_on_the_other() {
    let Some(admin) = postgres_url("a_session_ended_on_one_process_ends_its_sockets_on_the_other")
    else {
        return;
    };
    let name = format!("camelot_signed_out_{}", std::process::id());
    let db = fresh_database(&admin, &name).await;
    let a = Server::start(bin(), &db, "127.0.0.1:0");
    let b = Server::start(bin(), &db, "127.0.0.1:0");
    let (a_url, b_url) = (a.address(), b.address());
    let gareth = signed_up(&a_url, "Gareth").await;
    let lynette = signed_up(&b_url, "Lynette").await;
    let quick = QuickGame {
        variant: Variant::Camette,
        time: TimeControl::Untimed,
    };
    let first = {
        let (url, token, quick) = (a_url.clone(), gareth.clone(), quick.clone());
        tokio::spawn(async move { ask_as(&url, Some(&token), &quick).await.unwrap() })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let Pairing::Paired { game, .. } = ask_as(&b_url, Some(&lynette), &quick).await.unwrap() else {
        panic!("paired");
    };
    assert!(matches!(first.await.unwrap(), Pairing::Paired { .. }));
    let mut on_a = seated_by_account(&a_url, &gareth, &game).await;
    let mut on_b = seated_by_account(&b_url, &lynette, &game).await;

    let elsewhere = logged_in(&b_url, "Gareth").await;
    let started = std::time::Instant::now();
    let change = camelot_online::protocol::accounts::ChangePassword {
        old: Password::parse(ROUND_TABLE).unwrap(),
        new: Password::parse("the green chapel").unwrap(),
        token: true,
    };
    ask_as(&b_url, Some(&elsewhere), &change).await.unwrap();
    let told = expect(&mut on_a, "Gareth's socket on A told", |m| {
        matches!(m, ServerMessage::SignedOut { .. })
    })
    .await;
    eprintln!("told on the other process after {:?}", started.elapsed());
    assert!(
        matches!(
            told,
            ServerMessage::SignedOut {
                why: SessionEnd::PasswordChanged,
                ..
            }
        ),
        "{told:?}"
    );
    let _ = on_a.send(&ClientMessage::Resign).await;

    let elsewhere = logged_in(&a_url, "Lynette").await;
    let close = camelot_online::protocol::accounts::CloseAccount {
        password: Password::parse(ROUND_TABLE).unwrap(),
    };
    ask_as(&a_url, Some(&elsewhere), &close).await.unwrap();
    let told = expect(&mut on_b, "Lynette's socket on B told", |m| {
        matches!(
            m,
            ServerMessage::SignedOut { .. } | ServerMessage::Ended { .. }
        )
    })
    .await;
    assert!(
        matches!(
            told,
            ServerMessage::SignedOut {
                why: SessionEnd::AccountClosed,
                ..
            }
        ),
        "no resignation reached her, and her session's end did: {told:?}"
    );
    let _ = on_b.send(&ClientMessage::Resign).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    for url in [&a_url, &b_url] {
        let look = LookAtGame {
            game: game.clone(),
            token: None,
        };
        let state = ask(url, &look).await.unwrap();
        assert_eq!(state.game.result, None, "{url}: the game goes on");
    }
    drop((a, b));
    drop_database(&admin, &name).await;
}

camelot_test_support::harness!(;
    async: forty_quick_games_at_once_pair_everyone_once_and_rate_each_game_once,
    two_processes_serve_one_game_through_postgresql,
    a_move_on_a_stale_copy_is_judged_against_the_database,
    the_computers_turns_are_shared_by_processes_and_each_played_once,
    two_processes_keep_one_tv_between_them,
    analyses_are_made_once_by_whichever_process_takes_them,
    a_session_ended_on_one_process_ends_its_sockets_on_the_other
);
