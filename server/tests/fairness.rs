//! The server's computer shared fairly, with the server to itself (its own test binary,
//! so that no other test's server takes the cores its waits are timed on): one address's
//! flood of games against the master does not delay another address's reply by more
//! than a second or two, games nobody has joined are not thought for and are capped, and
//! a clocked game whose computer waits behind others is not lost on time. Real server
//! processes on loopback; 127.0.0.2 is the flooder's machine, 127.0.0.1 the newcomer's.

use std::path::Path;
use std::time::{Duration, Instant};

use camelot_engine::{Level, SeatColour, Variant};
use camelot_online::protocol::requests::{ComputerSeat, LookAtGame, NewGame};
use camelot_online::protocol::{ClientMessage, GameId, Hello, SeatToken, ServerMessage};
use camelot_online::protocol::{GameView, TimeControl};
use camelot_online::{ask, Connection, Mirror, ServerAddress};
use camelot_test_support::addressed::{answer, ask_from, say, ws_from, Socket};
use camelot_test_support::online::{finished_game, join, next, sqlite_server_with};
use camelot_test_support::Server;

/// Held by each test: the two time what the computer does, so they run one at a time.
static ALONE: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn server(name: &str) -> Server {
    sqlite_server_with(
        Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        name,
        &[
            "--computer-threads",
            "1",
            "--unjoined-computer-games-per-address",
            "3",
        ],
    )
}

/// A game created from `from`: its id and its people's tokens by seat.
async fn create_from(from: &str, s: &Server, body: &str) -> (GameId, Vec<(String, SeatToken)>) {
    let (status, answer) = ask_from(from, s, "POST", "/games", body).await;
    assert_eq!(status, 201, "{answer}");
    let created: serde_json::Value = serde_json::from_str(&answer).unwrap();
    let game = GameId::parse(created["game"].as_str().unwrap()).unwrap();
    let seats = created["seats"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(seat, t)| (seat.clone(), SeatToken::new(t.as_str().unwrap())))
        .collect();
    (game, seats)
}

/// A seat's player from `from` comes to the game (and stays).
async fn come_from(from: &str, s: &Server, game: &GameId, token: &SeatToken) -> Socket {
    let mut ws = ws_from(from, s).await.unwrap();
    say(&mut ws, &Hello::seat(game, Some(token), None).into()).await;
    loop {
        if let ServerMessage::State { .. } = answer(&mut ws).await {
            return ws;
        }
    }
}

async fn look(url: &ServerAddress, game: &GameId) -> GameView {
    let look = LookAtGame {
        game: game.clone(),
        token: None,
    };
    ask(url, &look).await.expect("the game").game
}

/// A game of `variant` against the computer at `level` on `seat`, for 127.0.0.1.
async fn against(
    url: &ServerAddress,
    variant: Variant,
    seat: SeatColour,
    level: Level,
    time: TimeControl,
) -> (Connection, Mirror, GameId) {
    let created = ask(
        url,
        &NewGame {
            computer: vec![ComputerSeat { seat, level }],
            ..NewGame::new(variant, time)
        },
    )
    .await
    .unwrap();
    let token = created.seats.values().next().unwrap();
    let (c, state) = join(url, Hello::seat(&created.game, Some(token), None)).await;
    let ServerMessage::State { you, game, .. } = state else {
        panic!("{state:?}")
    };
    (c, Mirror::from_state(you, &game).unwrap(), created.game)
}

/// Plays the mirror's first legal move and waits for the computer's answer: how long
/// that answer took from the move sent.
async fn move_and_wait_for_the_reply(c: &mut Connection, mirror: &mut Mirror) -> Duration {
    let ply = mirror.game.ply();
    let moves = mirror.game.position().named_moves();
    let mv = moves
        .first()
        .unwrap_or_else(|| panic!("no move at ply {ply}: {:?}", mirror.game.outcome()))
        .clone();
    let sent = Instant::now();
    c.send(&ClientMessage::Move {
        id: ply as u64,
        ply: ply as u32,
        mv,
    })
    .await
    .unwrap();
    loop {
        let m = next(c).await;
        mirror.apply(&m).unwrap();
        match m {
            ServerMessage::Rejected { reason, .. } => panic!("refused: {reason}"),
            ServerMessage::Moved { ply: p, .. } if p as usize == ply + 1 => return sent.elapsed(),
            ServerMessage::Ended { result, .. } => panic!("the game ended: {result:?}"),
            _ => {}
        }
    }
}

const GRAND_CAM_THREE_MASTERS: &str = r#"{"variant":"grandcam","computer":[{"seat":"Red","level":"master"},{"seat":"Green","level":"master"},{"seat":"Blue","level":"master"}],"open":["Yellow"]}"#;
const CAMETTE_MASTER_FIRST: &str =
    r#"{"variant":"camette","computer":[{"seat":"White","level":"master"}]}"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_owners_flood_does_not_delay_another_owners_computer() {
    let _alone = ALONE.lock().await;
    let s = server("fair-flood");
    let url = s.address();
    // The flood the caps leave: games it joins, each owing the master a turn at once.
    let mut flooding = Vec::new();
    for _ in 0..8 {
        let (game, seats) = create_from("127.0.0.2", &s, CAMETTE_MASTER_FIRST).await;
        flooding.push(come_from("127.0.0.2", &s, &game, &seats[0].1).await);
    }
    // The probe's flood: Grand Cam, three masters and an open seat nobody joins. They are
    // not thought for, and a fourth is refused.
    let mut unjoined = Vec::new();
    for _ in 0..3 {
        unjoined.push(
            create_from("127.0.0.2", &s, GRAND_CAM_THREE_MASTERS)
                .await
                .0,
        );
    }
    let (status, body) = ask_from("127.0.0.2", &s, "POST", "/games", GRAND_CAM_THREE_MASTERS).await;
    assert_eq!(status, 429, "{body}");
    let refusal: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(refusal["code"], "too_many");
    assert_eq!(
        refusal["message"],
        "too many games against the computer that nobody has joined from your address: at \
         most 3 (join one, or wait until they are forgotten)"
    );
    // The one search is busy with the flood; the newcomer plays the computer at club.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (mut c, mut mirror, _) = against(
        &url,
        Variant::Camelot,
        SeatColour::Black,
        Level::CLUB,
        TimeControl::Untimed,
    )
    .await;
    let mut waits = Vec::new();
    for _ in 0..3 {
        waits.push(move_and_wait_for_the_reply(&mut c, &mut mirror).await);
    }
    println!("another owner's club replies during the flood: {waits:?}");
    for w in &waits {
        assert!(
            *w < Duration::from_secs(2),
            "a reply waited {w:?}: {waits:?}"
        );
    }
    for game in &unjoined {
        assert!(
            look(&url, game).await.moves.is_empty(),
            "a game nobody joined was thought for"
        );
    }
    drop(flooding);
}

/// A 0+1 game (a second a move) whose computer's turn waits seconds behind its own
/// owner's master games: its clock stands while it waits, so it moves, not loses.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clocked_game_against_a_busy_computer_is_not_lost_on_time() {
    let _alone = ALONE.lock().await;
    let s = server("fair-clock");
    let url = s.address();
    let one_second_a_move = TimeControl::Clock {
        minutes: 0,
        increment: 1,
    };
    let (mut c, mut mirror, game) = against(
        &url,
        Variant::Camette,
        SeatColour::White,
        Level::BEGINNER,
        one_second_a_move,
    )
    .await;
    // The computer's first move, untimed as every first move is.
    while mirror.game.ply() == 0 {
        let m = next(&mut c).await;
        mirror.apply(&m).unwrap();
    }
    // Two master turns owed now, by the same owner: they come before the next.
    let mut busy = Vec::new();
    for _ in 0..2 {
        let (game, seats) = create_from("127.0.0.1", &s, CAMETTE_MASTER_FIRST).await;
        busy.push(come_from("127.0.0.1", &s, &game, &seats[0].1).await);
    }
    let waited = move_and_wait_for_the_reply(&mut c, &mut mirror).await;
    println!("the computer's timed turn waited {waited:?}");
    assert!(
        waited > Duration::from_secs(1),
        "the turn did not wait behind the others ({waited:?}): the test proves nothing"
    );
    let g = look(&url, &game).await;
    assert_eq!(g.result, None, "lost on time while it waited");
    let clocks = g.clocks.expect("a clock");
    // White (the computer) spent a search's few milliseconds, and gained its second.
    assert!(clocks.remaining_ms[0] > 1_500, "{clocks:?}");
    drop(busy);
}

/// Each of `games` games of Camette against club moves `rounds` times, all at once: how
/// long each computer's reply took from the move sent.
async fn replies_of_games_at_once(
    url: &ServerAddress,
    games: usize,
    rounds: usize,
) -> Vec<Duration> {
    let mut players = Vec::new();
    for _ in 0..games {
        let (c, mirror, _) = against(
            url,
            Variant::Camette,
            SeatColour::Black,
            Level::CLUB,
            TimeControl::Untimed,
        )
        .await;
        players.push(tokio::spawn(async move {
            let (mut c, mut mirror) = (c, mirror);
            let mut waits = Vec::new();
            for _ in 0..rounds {
                waits.push(move_and_wait_for_the_reply(&mut c, &mut mirror).await);
            }
            waits
        }));
    }
    let mut waits = Vec::new();
    for p in players {
        waits.extend(p.await.unwrap());
    }
    waits.sort();
    waits
}

fn median(waits: &[Duration]) -> Duration {
    waits[waits.len() / 2]
}

/// Analyses take only the computer's spare time: with 20 finished games' analyses
/// waiting, 20 games against the computer get their replies as soon as without them
/// (an analysis stops for a turn between two positions).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyses_do_not_delay_the_computers_replies() {
    use camelot_online::protocol::analysis::{AnalyseGame, AnalysisView, LookAtAnalysis};
    let _alone = ALONE.lock().await;
    let s = sqlite_server_with(
        Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        "fairness-analyses",
        &[
            "--computer-threads",
            "1",
            "--analyses-per-address",
            "20",
            "--analysis-nodes",
            "30000",
            "--games-per-minute",
            "0",
            "--computer-games-per-address",
            "0",
        ],
    );
    let url = s.address();
    let mut finished = Vec::new();
    for _ in 0..20 {
        finished.push(finished_game(&url, 10).await);
    }
    let before = replies_of_games_at_once(&url, 20, 2).await;
    for game in &finished {
        let asked = ask(&url, &AnalyseGame { game: game.clone() })
            .await
            .unwrap();
        assert!(!asked.is_done());
    }
    let during = replies_of_games_at_once(&url, 20, 2).await;
    let (mut waiting, mut begun) = (0, 0);
    for game in &finished {
        let look = LookAtAnalysis { game: game.clone() };
        match ask(&url, &look).await.unwrap() {
            AnalysisView::Done { .. } => begun += 1,
            AnalysisView::Running { searched, .. } => {
                waiting += 1;
                begun += usize::from(searched > 0);
            }
            AnalysisView::Queued { .. } => waiting += 1,
        }
    }
    println!(
        "replies of 20 games against club, median and longest: {:?} and {:?} before; \
         {:?} and {:?} with 20 analyses asked for ({waiting} not done when the games had \
         had their replies, {begun} begun)",
        median(&before),
        before.last().unwrap(),
        median(&during),
        during.last().unwrap()
    );
    assert!(
        waiting > 0,
        "the analyses were done before the games moved: nothing was measured"
    );
    // One position's search (30,000 nodes, a debug build) is the most an analysis may
    // hold a reply back.
    let allowance = Duration::from_millis(1500);
    assert!(
        median(&during) <= median(&before) + allowance
            && *during.last().unwrap() <= *before.last().unwrap() + allowance,
        "before {before:?}, during {during:?}"
    );
}
