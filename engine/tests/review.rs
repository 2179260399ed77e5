//! Game review: the engine's own moves are `best`, a move that hangs a man is a mistake
//! or a blunder, and the win probabilities follow the game.

mod common;
use common::*;

use camelot_engine::search::{review_game, MoveQuality, SearchLimits};
use camelot_engine::{Game, Variant};

const BUDGET: u64 = 5_000;
const SMALL: &str = "variant=camelot turn=white white=MF6,MC5,KA4 black=MF8,MA13,MB13";

#[test]
fn the_engines_own_moves_are_best() {
    // Each move is the one the review itself picks for that position: reviewing the
    // game so far searches the same positions in the same order, so its last choice is
    // the choice the whole game's review makes.
    let mut game = Game::new(Variant::Camelot);
    for _ in 0..10 {
        game.play_notation(&next_choice(&game)).unwrap();
    }
    let review = review_game(&game, SearchLimits::nodes(BUDGET), |_, _| true);
    assert_eq!(review.len(), 10);
    for r in &review {
        assert_eq!(Some(r.played), r.best, "ply {}", r.ply);
        assert_eq!(r.class, Some(MoveQuality::Best), "ply {}", r.ply);
        assert!((0.0..=1.0).contains(&r.before) && (0.0..=1.0).contains(&r.after));
    }
    // Each ply's "after" is the next ply's "before", seen from the other side.
    for w in review.windows(2) {
        assert!((w[0].after - (1.0 - w[1].before)).abs() < 1e-12);
    }
}

/// The engine's choice in the game's current position, as a review of the game with one
/// more (any) move would report it.
fn next_choice(game: &Game) -> String {
    let mut probe = game.clone();
    let pos = game.position().clone();
    let any = pos.legal_moves().to_vec()[0];
    probe.play(&any).unwrap();
    let review = review_game(&probe, SearchLimits::nodes(BUDGET), |_, _| true);
    let best = review.last().unwrap().best.unwrap();
    pos.move_text(&best, camelot_engine::Notation::Wcf).unwrap()
}

#[test]
fn a_move_that_hangs_a_man_is_a_mistake_or_a_blunder() {
    // White's F6-F7 lets Black jump it (F8xF6): three pieces against three becomes two.
    let start = pos(SMALL);
    let mut game = Game::from_position(start);
    game.play_notation("F6-F7").unwrap();
    game.play_notation("F8xF6").unwrap();
    let review = review_game(&game, SearchLimits::nodes(BUDGET), |_, _| true);
    let hang = &review[0];
    assert_ne!(Some(hang.played), hang.best);
    assert!(
        matches!(
            hang.class,
            Some(MoveQuality::Mistake | MoveQuality::Blunder)
        ),
        "{hang:?}"
    );
    assert!(
        hang.before - hang.after >= MoveQuality::INACCURACY_BELOW,
        "{hang:?}"
    );
    // The capture was compulsory and the engine's own.
    assert_eq!(review[1].class, Some(MoveQuality::Best), "{:?}", review[1]);
}

#[test]
fn a_safe_alternative_is_not_a_mistake_and_the_classes_follow_the_thresholds() {
    let mut game = Game::from_position(pos(SMALL));
    game.play_notation("F6-G6").unwrap();
    let review = review_game(&game, SearchLimits::nodes(BUDGET), |_, _| true);
    assert!(
        review[0].class <= Some(MoveQuality::Inaccuracy),
        "{:?}",
        review[0]
    );
    assert_eq!(MoveQuality::of(false, 0.0), MoveQuality::Best);
    assert_eq!(MoveQuality::of(true, 0.5), MoveQuality::Best);
    assert_eq!(MoveQuality::of(false, 0.03), MoveQuality::Good);
    assert_eq!(MoveQuality::of(false, 0.07), MoveQuality::Inaccuracy);
    assert_eq!(MoveQuality::of(false, 0.15), MoveQuality::Mistake);
    assert_eq!(MoveQuality::of(false, 0.25), MoveQuality::Blunder);
}

#[test]
fn a_won_game_ends_at_certainty_and_stopping_keeps_what_was_done() {
    // White walks into the castle: the win is certain after the move.
    let start = pos("variant=camelot turn=white white=MF16,MG15,MA4 black=MA13,MB13,MC13");
    let mut game = Game::from_position(start);
    game.play_notation("G15-G16").unwrap();
    let review = review_game(&game, SearchLimits::nodes(BUDGET), |_, _| true);
    assert_eq!(review[0].after, 1.0);
    assert_eq!(review[0].before, 1.0, "the search saw the win coming");
    assert_eq!(review[0].class, Some(MoveQuality::Best));

    let mut long = Game::new(Variant::Camelot);
    for m in ["E6-E8", "H11-F9", "H6-F8", "F11-H9"] {
        long.play_notation(m).unwrap();
    }
    let mut calls = 0;
    let part = review_game(&long, SearchLimits::nodes(BUDGET), |done, all| {
        calls += 1;
        assert_eq!(all, 5);
        done < 3
    });
    assert_eq!(calls, 3);
    assert_eq!(
        part.len(),
        2,
        "positions 1-3 searched: plies 1 and 2 judged"
    );
}

#[test]
fn a_review_in_steps_is_the_whole_review_and_each_line_starts_with_the_best_move() {
    use camelot_engine::search::GameReviewer;
    let mut game = Game::new(Variant::Camelot);
    for m in ["E6-E8", "H11-F9", "H6-F8", "F11-H9"] {
        game.play_notation(m).unwrap();
    }
    let any = game.position().legal_moves().to_vec()[0];
    game.play(&any).unwrap();
    let whole = review_game(&game, SearchLimits::nodes(BUDGET), |_, _| true);
    let mut reviewer = GameReviewer::new(game.clone(), SearchLimits::nodes(BUDGET));
    assert_eq!(reviewer.positions(), 6);
    let mut steps = 0;
    while reviewer.step() {
        steps += 1;
        assert_eq!(reviewer.searched(), steps);
    }
    assert_eq!(steps, 6);
    assert!(!reviewer.step(), "nothing left to search");
    let stepped = reviewer.finish();
    assert_eq!(stepped, whole);
    for r in &stepped {
        assert_eq!(r.line.first().copied(), r.best, "ply {}", r.ply);
        // The line is a line of play from the position before the ply.
        let mut at = game.position_at(r.ply).clone();
        for m in &r.line {
            assert!(
                at.legal_moves().iter().any(|l| l == m),
                "ply {}: {m:?}",
                r.ply
            );
            at = at.after(m);
        }
    }
}

#[test]
fn judgements_are_written_as_the_servers_analysis_writes_them() {
    for q in [
        MoveQuality::Best,
        MoveQuality::Good,
        MoveQuality::Inaccuracy,
        MoveQuality::Mistake,
        MoveQuality::Blunder,
    ] {
        let json = serde_json::to_string(&q).unwrap();
        assert_eq!(json, format!("\"{}\"", q.name()));
        assert_eq!(serde_json::from_str::<MoveQuality>(&json).unwrap(), q);
    }
}
