//! The server's computer plays the seats given to it: a person plays it to the end, its
//! moves judged and stored like anyone's; the levels it will not play, and a game with
//! nobody in it, are refused; a turn it owed when the server was killed is played, once,
//! after the restart. Real server processes on loopback.

use std::path::Path;
use std::time::{Duration, Instant};

use camelot_engine::{Level, SeatColour, Variant};
use camelot_online::protocol::requests::{ComputerSeat, LookAtGame, NewGame};
use camelot_online::protocol::{
    ClientMessage, ErrorCode, GameId, Hello, ServerMessage, TimeControl,
};
use camelot_online::{ask, Mirror, OnlineError, ServerAddress};
use camelot_test_support::online::{join, next};
use camelot_test_support::{scratch, sqlite, Server};

fn bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_camelot-server"))
}

fn against(variant: Variant, seat: SeatColour, level: Level) -> NewGame {
    NewGame {
        computer: vec![ComputerSeat { seat, level }],
        ..NewGame::new(variant, TimeControl::Untimed)
    }
}

/// The game as the server has it now.
async fn look(url: &ServerAddress, game: &GameId) -> camelot_online::protocol::GameView {
    let look = LookAtGame {
        game: game.clone(),
        token: None,
    };
    ask(url, &look).await.expect("the game").game
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_the_computer_to_the_end() {
    let s = Server::start_with(
        bin(),
        &[
            "--listen",
            "127.0.0.1:0",
            "--database",
            &sqlite(&scratch("computer-game")),
            "--computer-threads",
            "1",
        ],
    );
    let url = s.address();
    let created = ask(
        &url,
        &against(Variant::Camette, SeatColour::Black, Level::NOVICE),
    )
    .await
    .unwrap();
    assert_eq!(
        created.seats.keys().copied().collect::<Vec<_>>(),
        [SeatColour::White]
    );
    assert_eq!(
        created.computer,
        [ComputerSeat {
            seat: SeatColour::Black,
            level: Level::NOVICE
        }]
    );
    let white = &created.seats[&SeatColour::White];
    let (mut c, state) = join(&url, Hello::seat(&created.game, Some(white), None)).await;
    let ServerMessage::State { you, game, .. } = state else {
        panic!("{state:?}")
    };
    assert_eq!(game.seats[1].computer, Some(Level::NOVICE));
    assert!(
        game.seats[1].connected,
        "the computer is always at the table"
    );
    let mut mirror = Mirror::from_state(you, &game).unwrap();
    let mut id = 0;
    let mut waiting = false;
    let deadline = Instant::now() + Duration::from_secs(120);
    while !mirror.is_over() {
        assert!(Instant::now() < deadline, "the game did not end");
        if mirror.my_turn() && !waiting {
            waiting = true;
            let pos = mirror.game.position();
            let named = pos.named_moves()[0].clone();
            id += 1;
            c.send(&ClientMessage::Move {
                id,
                ply: mirror.game.ply() as u32,
                mv: named,
            })
            .await
            .unwrap();
        }
        let m = next(&mut c).await;
        match &m {
            ServerMessage::Rejected { reason, .. } => panic!("refused: {reason}"),
            ServerMessage::Ack { .. } => waiting = false,
            _ => {}
        }
        mirror.apply(&m).unwrap();
    }
    // Black's plies are the computer's, each stored and judged like White's.
    let stored = look(&url, &created.game).await;
    assert!(stored.result.is_some());
    // The record names the computer's seat as the tables do, never "?".
    let record = camelot_test_support::http_get(&s.url, &format!("/games/{}.cgn", created.game));
    assert!(record.contains("[Black \"Computer, novice\"]"), "{record}");
    assert!(stored.moves.len() >= 2, "{:?}", stored.moves);
    assert_eq!(stored.moves.len(), mirror.game.ply());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn levels_the_server_does_not_play_and_games_without_a_person_are_refused() {
    let s = Server::start(bin(), &sqlite(&scratch("computer-refused")), "127.0.0.1:0");
    let url = s.address();
    let refused = |new: NewGame| {
        let url = url.clone();
        async move {
            match ask(&url, &new).await {
                Err(OnlineError::Refused { code, message }) => (code, message),
                other => panic!("{other:?}"),
            }
        }
    };
    let (code, message) = refused(against(
        Variant::Camelot,
        SeatColour::Black,
        Level::GRANDMASTER,
    ))
    .await;
    assert_eq!(code, ErrorCode::NotAllowed);
    assert!(
        message.contains("beginner, novice, club, expert, master"),
        "{message}"
    );
    let both = NewGame {
        computer: vec![
            ComputerSeat {
                seat: SeatColour::White,
                level: Level::CLUB,
            },
            ComputerSeat {
                seat: SeatColour::Black,
                level: Level::CLUB,
            },
        ],
        ..NewGame::new(Variant::Camelot, TimeControl::Untimed)
    };
    let (code, _) = refused(both).await;
    assert_eq!(code, ErrorCode::NotAllowed);
    let twice = NewGame {
        open: vec![SeatColour::Black],
        ..against(Variant::Camelot, SeatColour::Black, Level::CLUB)
    };
    let (_, message) = refused(twice).await;
    assert_eq!(message, "the Black seat is named twice");
    let (_, message) = refused(against(Variant::Camelot, SeatColour::Red, Level::CLUB)).await;
    assert_eq!(message, "the variant has no Red seat");
    // A draw offered to the computer is refused; the computer plays on.
    let created = ask(
        &url,
        &against(Variant::Camelot, SeatColour::Black, Level::BEGINNER),
    )
    .await
    .unwrap();
    let white = &created.seats[&SeatColour::White];
    let (mut c, _) = join(&url, Hello::seat(&created.game, Some(white), None)).await;
    c.send(&ClientMessage::Offer {
        kind: camelot_online::protocol::OfferKind::Draw,
    })
    .await
    .unwrap();
    loop {
        match next(&mut c).await {
            ServerMessage::Error { code, message } => {
                assert_eq!(code, ErrorCode::NotAllowed);
                assert_eq!(message, "the computer plays on: it does not agree draws");
                break;
            }
            ServerMessage::Offered { .. } => panic!("the offer stood"),
            _ => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_owed_when_the_server_died_is_played_once_after_the_restart() {
    let dir = scratch("computer-restart");
    let db = sqlite(&dir);
    let args = |listen: &str| {
        vec![
            "--listen".to_string(),
            listen.to_string(),
            "--database".into(),
            db.clone(),
            "--computer-threads".into(),
            "1".into(),
        ]
    };
    let start = |listen: &str| {
        let a = args(listen);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        Server::start_with(bin(), &a)
    };
    let mut s = start("127.0.0.1:0");
    let url = s.address();
    // The computer plays White, first, at master: seconds of thought, cut short.
    let created = ask(
        &url,
        &against(Variant::Camelot, SeatColour::White, Level::MASTER),
    )
    .await
    .unwrap();
    // The computer thinks once the person has come.
    let black = &created.seats[&SeatColour::Black];
    let (c, _) = join(&url, Hello::seat(&created.game, Some(black), None)).await;
    c.close().await;
    tokio::time::sleep(Duration::from_millis(150)).await;
    let before = look(&url, &created.game).await.moves.len();
    assert_eq!(before, 0, "killed while the computer thought");
    s.kill();
    let s = start(&format!("127.0.0.1:{}", s.port));
    let url = s.address();
    let deadline = Instant::now() + Duration::from_secs(60);
    let moves = loop {
        let moves = look(&url, &created.game).await.moves;
        if !moves.is_empty() {
            break moves;
        }
        assert!(Instant::now() < deadline, "the computer's turn was lost");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    // Once: White's one move, and then it is Black's turn, a person's.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let after = look(&url, &created.game).await;
    assert_eq!(after.moves, moves);
    assert_eq!(
        after.moves.len(),
        1,
        "played once (before the kill: {before})"
    );
}
