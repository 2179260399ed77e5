//! The `Game` type: history, undo/redo, claims, and click-by-click move entry.

mod common;
use common::*;

use camelot_engine::{DrawClaim, EntryStep};
use camelot_engine::{EndReason, Game, Outcome, Variant};

#[test]
fn undo_and_redo_walk_the_history() {
    let mut g = Game::new(Variant::Camelot);
    let start = g.position().clone();
    let m1 = g.play_notation("E6-E8").unwrap();
    let after1 = g.position().clone();
    let m2 = g.play_notation("H11-F9").unwrap();
    assert_eq!(g.undo(), Some(m2));
    assert_eq!(g.position(), &after1);
    assert_eq!(g.undo(), Some(m1));
    assert_eq!(g.position(), &start);
    assert_eq!(g.undo(), None);
    assert_eq!(g.redo(), Some(m1));
    assert_eq!(g.position(), &after1);
    // A new move clears what could be redone.
    g.play_notation("H11-H9").unwrap();
    assert!(!g.can_redo());
}

#[test]
fn threefold_repetition_can_be_claimed_and_undo_withdraws_the_claim() {
    let mut g = Game::from_position(pos(
        "variant=camelot turn=white white=KA4,MB4 black=KA13,MB13",
    ));
    assert!(g.claimable().is_empty());
    for _ in 0..2 {
        for m in ["A4-A5", "A13-A12", "A5-A4", "A12-A13"] {
            g.play_notation(m).unwrap();
        }
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable(), vec![DrawClaim::Repetition]);
    assert_eq!(
        g.claim(DrawClaim::Repetition).unwrap(),
        Outcome::draw(EndReason::Repetition)
    );
    assert!(g.play_notation("A4-A5").is_err());
    g.undo();
    assert!(g.outcome().is_none());
    assert!(g.claim(DrawClaim::Repetition).is_err());
}

#[test]
fn fifty_moves_without_progress_can_be_claimed() {
    let mut g = Game::from_position(pos(
        "variant=camelot turn=white white=KA4,MB4 black=KA13,MB13 quiet=99",
    ));
    assert!(!g.claimable().contains(&DrawClaim::FiftyMoves));
    g.play_notation("A4-A5").unwrap();
    assert!(g.claimable().contains(&DrawClaim::FiftyMoves));
    // Grand Cam counts 50 moves by each of four players.
    let gc = Game::from_position(pos(
        "variant=grandcam turn=red red=MC5,MD5 green=MK9 blue=MJ9 yellow=MI11 quiet=199",
    ));
    assert!(!gc.claimable().contains(&DrawClaim::FiftyMoves));
}

#[test]
fn matches_stop_at_fivefold_repetition() {
    let mut g = Game::from_position(pos(
        "variant=camelot turn=white white=KA4,MB4 black=KA13,MB13",
    ));
    for _ in 0..4 {
        assert!(g.automatic_draw().is_none());
        for m in ["A4-A5", "A13-A12", "A5-A4", "A12-A13"] {
            g.play_notation(m).unwrap();
        }
    }
    assert_eq!(
        g.automatic_draw(),
        Some(Outcome::draw(EndReason::Repetition))
    );
}

#[test]
fn a_charge_is_entered_one_landing_at_a_time() {
    // Black's 6th move of Nolan-Chaxx: I10-G8xG6xE6xE8xG8xE6xC8, from the game itself.
    let (_, full) =
        camelot_engine::notation::Record::import(include_str!("data/nolan-chaxx-2008.cgn"))
            .unwrap();
    let mut g = Game::from_position(full.position_at(11).clone());
    let sq = |n: &str| g.position().geometry().parse_square(n).unwrap();
    let path = ["I10", "G8", "G6", "E6", "E8", "G8", "E6", "C8"];
    let expected = *full.moves().get(11).unwrap();
    for i in 1..path.len() {
        let clicks: Vec<_> = path[..i].iter().map(|n| sq(n)).collect();
        let e = g.entry(&clicks);
        assert!(e.valid, "after {:?}", &path[..i]);
        let next = sq(path[i]);
        let kind = e.next.iter().find(|(s, _)| *s == next).map(|(_, k)| *k);
        assert!(
            kind.is_some(),
            "{} should be offered after {:?}: {:?}",
            path[i],
            &path[..i],
            e.next
        );
        assert_eq!(
            kind.unwrap(),
            if i == 1 {
                EntryStep::Canter
            } else {
                EntryStep::Jump
            }
        );
        assert!(e.candidates.contains(&expected));
        assert!(e.complete.is_none(), "an unfinished jump is no move");
    }
    let clicks: Vec<_> = path.iter().map(|n| sq(n)).collect();
    let e = g.entry(&clicks);
    assert_eq!(e.complete, Some(expected));
    assert!(e.next.is_empty());
    g.play(&expected).unwrap();
}

#[test]
fn entry_offers_only_continuations_that_lead_to_legal_moves() {
    // Knight C6: canter to E8 is no move (it must capture), but E8 is offered because
    // the charge C6-E8xG10 goes on from there.
    let g = Game::from_position(pos(
        "variant=camelot turn=white white=KC6,MD7 black=MF9,MF1 castle_moves=2,2",
    ));
    let sq = |n: &str| g.position().geometry().parse_square(n).unwrap();
    let e = g.entry(&[sq("C6")]);
    let mut next: Vec<String> = e
        .next
        .iter()
        .map(|(s, _)| g.position().geometry().name(*s))
        .collect();
    next.sort();
    assert_eq!(
        next,
        sorted(&["B5", "C5", "D5", "B6", "D6", "B7", "C7", "E8"])
    );
    let e = g.entry(&[sq("C6"), sq("E8")]);
    assert!(e.complete.is_none());
    assert_eq!(e.next, vec![(sq("G10"), EntryStep::Jump)]);
    assert_eq!(e.candidates.len(), 1, "one move left: the UI completes it");
    // Clicking a square that is no landing is invalid, not a crash.
    assert!(!g.entry(&[sq("C6"), sq("H12")]).valid);
    assert!(!g.entry(&[sq("F9")]).valid);
}

#[test]
fn a_canter_that_may_stop_or_go_on_is_complete_with_continuations() {
    let g = Game::from_position(pos(
        "variant=camelot turn=white white=ME5,ME6,ME8,MF16 black=MF1,MA13 castle_moves=2,2",
    ));
    let sq = |n: &str| g.position().geometry().parse_square(n).unwrap();
    let e = g.entry(&[sq("E5"), sq("E7")]);
    assert!(e.complete.is_some());
    assert_eq!(e.next, vec![(sq("E9"), EntryStep::Canter)]);
    assert_eq!(e.candidates.len(), 2);
}

#[test]
fn tree_planting_is_one_click() {
    let g = Game::new(Variant::River);
    let sq = |n: &str| g.position().geometry().parse_square(n).unwrap();
    assert!(g.entry(&[sq("C3")]).complete.is_some());
    assert!(g.entry(&[sq("E2")]).complete.is_none(), "E2 is excluded");
}
