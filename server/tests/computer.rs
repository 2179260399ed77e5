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
use camelot_test_support::online::{finished_game, join, next};
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_once_and_shown_to_everyone() {
    use camelot_online::protocol::analysis::{AnalyseGame, AnalysisView, LookAtAnalysis};
    let s = Server::start_with(
        bin(),
        &[
            "--listen",
            "127.0.0.1:0",
            "--database",
            &sqlite(&scratch("computer-analysis")),
            "--computer-threads",
            "1",
            "--analysis-nodes",
            "3000",
            "--analyses-per-address",
            "1",
        ],
    );
    let url = s.address();
    let code = |e: OnlineError| e.code();
    // A live game is not analysed.
    let live = ask(&url, &NewGame::new(Variant::Camette, TimeControl::Untimed))
        .await
        .unwrap();
    let refused = ask(
        &url,
        &AnalyseGame {
            game: live.game.clone(),
        },
    )
    .await;
    assert_eq!(refused.map_err(code).unwrap_err(), Some(ErrorCode::NotOver));

    let game = finished_game(&url, 7).await;
    let other = finished_game(&url, 3).await;
    let look_at = LookAtAnalysis { game: game.clone() };
    let before = ask(&url, &look_at).await;
    assert_eq!(
        before.map_err(code).unwrap_err(),
        Some(ErrorCode::NotAnalysed)
    );
    let asked = ask(&url, &AnalyseGame { game: game.clone() })
        .await
        .unwrap();
    assert!(!asked.is_done(), "{asked:?}");
    // One analysis at a time for this address (as the server was told): the other waits.
    let too_many = ask(
        &url,
        &AnalyseGame {
            game: other.clone(),
        },
    )
    .await;
    assert_eq!(
        too_many.map_err(code).unwrap_err(),
        Some(ErrorCode::TooMany)
    );

    let deadline = Instant::now() + Duration::from_secs(120);
    let plies = loop {
        assert!(Instant::now() < deadline, "the analysis was not done");
        match ask(&url, &look_at).await.unwrap() {
            AnalysisView::Done { plies } => break plies,
            AnalysisView::Running {
                searched,
                positions,
            } => assert!(searched <= positions && positions == 8),
            AnalysisView::Queued { .. } => {}
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let stored = look(&url, &game).await;
    assert_eq!(plies.len(), 7);
    let mut replay = camelot_engine::Game::new(Variant::Camette);
    for (i, p) in plies.iter().enumerate() {
        assert_eq!(p.ply as usize, i);
        assert_eq!(p.played.notation, stored.moves[i].notation, "ply {i}");
        let pos = replay.position().clone();
        let best = p.best.as_ref().expect("a move of play has a best move");
        assert!(pos.named_moves().contains(best), "ply {i}: {best:?}");
        assert_eq!(p.line.first(), Some(best));
        assert!(p.judgement.is_some());
        assert!((0.0..=1.0).contains(&p.before) && (0.0..=1.0).contains(&p.after));
        replay.play_notation(&p.played.notation).unwrap();
    }
    // Asked again (by anyone): the same analysis, not another.
    let again = ask(&url, &AnalyseGame { game: game.clone() })
        .await
        .unwrap();
    assert_eq!(
        again,
        AnalysisView::Done {
            plies: plies.clone()
        }
    );
    // Done, it no longer counts against the address: the other game may be asked for.
    assert!(ask(&url, &AnalyseGame { game: other }).await.is_ok());
    let unknown = LookAtAnalysis {
        game: GameId::parse("zzzzzzzz").unwrap(),
    };
    assert_eq!(
        ask(&url, &unknown).await.map_err(code).unwrap_err(),
        Some(ErrorCode::NoSuchGame)
    );
}
