//! The analysis board against a real server on loopback: a study's position and its
//! legal moves from a variant's start and from a finished game's ply, every bad study
//! refused in words; the computer's lines through the queue, held back by the address's
//! allowance, found once and served again to whoever reaches the same position.

use std::path::Path;
use std::time::{Duration, Instant};

use camelot_engine::{Game, NamedMove, Variant};
use camelot_online::protocol::requests::{LookAtGame, NewGame};
use camelot_online::protocol::study::{
    AskForLines, LinesView, LookAtStudy, Study, StudyStart, MAX_STUDY_MOVES,
};
use camelot_online::protocol::{BoardView, ConstraintView, ErrorCode, GameId, TimeControl};
use camelot_online::{ask, OnlineError, ServerAddress};
use camelot_test_support::online::{by_squares, finished_game};
use camelot_test_support::{scratch, sqlite, Server};

fn bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_camelot-server"))
}

fn from_start(variant: Variant, moves: Vec<NamedMove>) -> Study {
    Study {
        start: StudyStart::Start { variant },
        moves,
    }
}

fn code(e: OnlineError) -> Option<ErrorCode> {
    e.code()
}

/// The first move the engine lists in each position, `n` times, from `variant`'s start.
fn first_moves(variant: Variant, n: usize) -> Vec<NamedMove> {
    let mut game = Game::new(variant);
    (0..n)
        .map(|_| {
            let named = game.position().named_moves()[0].clone();
            game.play(&game.position().read_named(&named).unwrap())
                .unwrap();
            named
        })
        .collect()
}

async fn studied_moves(url: &ServerAddress, game: &GameId) -> Vec<NamedMove> {
    let look = LookAtGame {
        game: game.clone(),
        token: None,
    };
    ask(url, &look).await.expect("the game").game.moves
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_study_is_its_board_and_its_legal_moves_and_a_bad_one_is_refused_in_words() {
    let s = Server::start_with(
        bin(),
        &[
            "--listen",
            "127.0.0.1:0",
            "--database",
            &sqlite(&scratch("study-positions")),
        ],
    );
    let url = s.address();
    // The start of Camette: the engine's own moves and board.
    let start = ask(&url, &LookAtStudy(from_start(Variant::Camette, Vec::new())))
        .await
        .unwrap();
    let camette = Game::new(Variant::Camette);
    assert_eq!(start.legal, camette.position().named_moves());
    assert_eq!(start.board, BoardView::of(&camette));
    assert_eq!(start.over, None);
    // C3-C4 leaves Black a capture it must make: only C5's.
    let tried = ask(
        &url,
        &LookAtStudy(from_start(Variant::Camette, vec![by_squares("C3-C4")])),
    )
    .await
    .unwrap();
    assert_eq!(tried.moves[0].notation, "C3-C4");
    let c5 = "C5".parse().unwrap();
    assert_eq!(
        tried.board.constraint,
        Some(ConstraintView::MustCapture { pieces: vec![c5] })
    );
    assert!(!tried.legal.is_empty() && tried.legal.iter().all(|m| m.path[0] == c5));
    // A move that is not legal there, named by its place in the study.
    let illegal = ask(
        &url,
        &LookAtStudy(from_start(
            Variant::Camette,
            vec![by_squares("C3-C4"), by_squares("C6-C5")],
        )),
    )
    .await
    .unwrap_err();
    assert!(illegal.to_string().contains("Move 2 tried"), "{illegal}");
    assert_eq!(code(illegal), Some(ErrorCode::IllegalMove));

    // From ply 3 of a finished game, a move of one's own: the same as from the start.
    let game = finished_game(&url, 6).await;
    let played = studied_moves(&url, &game).await;
    let mut line: Vec<NamedMove> = played[..3].to_vec();
    let own = ask(
        &url,
        &LookAtStudy(from_start(Variant::Camette, line.clone())),
    )
    .await
    .unwrap()
    .legal
    .last()
    .cloned()
    .unwrap();
    line.push(own.clone());
    let from_game = Study {
        start: StudyStart::Game {
            game: game.clone(),
            ply: 3,
        },
        moves: vec![own],
    };
    let there = ask(&url, &LookAtStudy(from_game)).await.unwrap();
    let same = ask(&url, &LookAtStudy(from_start(Variant::Camette, line)))
        .await
        .unwrap();
    assert_eq!(there.board, same.board);
    assert_eq!(there.legal, same.legal);
    assert_eq!(there.moves.len(), 1);

    // A game still played, a ply it never reached, a game that is not: each refused.
    let live = ask(&url, &NewGame::new(Variant::Camette, TimeControl::Untimed))
        .await
        .unwrap();
    let at = |game: &GameId, ply: u32| {
        LookAtStudy(Study {
            start: StudyStart::Game {
                game: game.clone(),
                ply,
            },
            moves: Vec::new(),
        })
    };
    let refused = |r: Result<_, OnlineError>| r.map_err(code).unwrap_err();
    assert_eq!(
        refused(ask(&url, &at(&live.game, 0)).await),
        Some(ErrorCode::NotOver)
    );
    assert_eq!(
        refused(ask(&url, &at(&game, 7)).await),
        Some(ErrorCode::NotAllowed)
    );
    let nobody = GameId::parse("zzzzzzzz").unwrap();
    assert_eq!(
        refused(ask(&url, &at(&nobody, 0)).await),
        Some(ErrorCode::NoSuchGame)
    );
    // Too long a study, and a body over the study's limit.
    let passes = vec![by_squares("pass"); MAX_STUDY_MOVES + 1];
    assert_eq!(
        refused(ask(&url, &LookAtStudy(from_start(Variant::GrandCam, passes))).await),
        Some(ErrorCode::NotAllowed)
    );
    let huge = vec![by_squares("C3-C4"); 3000];
    assert_eq!(
        refused(ask(&url, &LookAtStudy(from_start(Variant::Camette, huge))).await),
        Some(ErrorCode::TooLarge)
    );
    // A long study from the start is taken whole: 200 plies of Camelot.
    assert_eq!(long_study(&url).await, 200);
}

/// The moves a study of 200 plies of Camelot from the start is answered with.
async fn long_study(url: &ServerAddress) -> usize {
    let long = first_moves(Variant::Camelot, 200);
    let far = ask(url, &LookAtStudy(from_start(Variant::Camelot, long)))
        .await
        .unwrap();
    far.moves.len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computers_lines_come_through_the_queue_once_for_everyone() {
    let db = sqlite(&scratch("study-lines"));
    let args = |threads: &'static str| {
        vec![
            "--listen".to_string(),
            "127.0.0.1:0".into(),
            "--database".into(),
            db.clone(),
            "--computer-threads".into(),
            threads.into(),
            "--analysis-nodes".into(),
            "3000".into(),
            "--analyses-per-address".into(),
            "1".into(),
        ]
    };
    let start = |threads| {
        let a = args(threads);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        Server::start_with(bin(), &a)
    };
    let one = from_start(Variant::Camette, vec![by_squares("C3-C4")]);
    let two = from_start(Variant::Camette, vec![by_squares("D3-D4")]);
    // A server that plays no computer turn: the position waits, and the address's one
    // place in the queue is taken.
    let mut idle = start("0");
    let url = idle.address();
    let waiting = ask(&url, &AskForLines(one.clone())).await.unwrap();
    assert_eq!(waiting, LinesView::Queued { ahead: 0 });
    assert_eq!(
        ask(&url, &AskForLines(two.clone()))
            .await
            .map_err(code)
            .unwrap_err(),
        Some(ErrorCode::TooMany)
    );
    // A position where the game is over has nothing to search.
    let over = first_moves_to_the_end(Variant::Camette);
    assert_eq!(
        ask(&url, &AskForLines(from_start(Variant::Camette, over)))
            .await
            .map_err(code)
            .unwrap_err(),
        Some(ErrorCode::GameOver)
    );
    idle.kill();

    // With a computer, the waiting position is searched.
    let s = start("1");
    let url = s.address();
    let deadline = Instant::now() + Duration::from_secs(120);
    let (depth, lines) = loop {
        assert!(Instant::now() < deadline, "the lines were not found");
        match ask(&url, &AskForLines(one.clone())).await.unwrap() {
            LinesView::Done { depth, lines } => break (depth, lines),
            LinesView::Running | LinesView::Queued { .. } => {}
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let position = ask(&url, &LookAtStudy(one.clone())).await.unwrap();
    assert!(depth >= 1);
    assert!(!lines.is_empty() && lines.len() <= 3, "{lines:?}");
    for line in &lines {
        // Black's capture with C5 is the only kind of move: every line starts with one.
        assert!(
            position.legal.contains(&line.moves[0]),
            "{:?}",
            line.moves[0]
        );
        assert!((0.0..=1.0).contains(&line.chance));
    }
    // The same position reached from a game's start: the same lines, found once.
    let game = finished_game(&url, 1).await;
    let again = Study {
        start: StudyStart::Game { game, ply: 0 },
        moves: vec![by_squares("C3-C4")],
    };
    let from_game = ask(&url, &AskForLines(again)).await.unwrap();
    assert_eq!(from_game, LinesView::Done { depth, lines });
    // Found, it no longer holds the address's place: the other position is taken.
    assert!(ask(&url, &AskForLines(two)).await.is_ok());
}

/// The first listed moves from `variant`'s start until the game is over.
fn first_moves_to_the_end(variant: Variant) -> Vec<NamedMove> {
    let mut game = Game::new(variant);
    let mut moves = Vec::new();
    while !game.is_over() {
        let named = game.position().named_moves()[0].clone();
        game.play(&game.position().read_named(&named).unwrap())
            .unwrap();
        moves.push(named);
    }
    moves
}
