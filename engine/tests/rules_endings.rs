//! How games end (docs/rules.md), variant by variant.

mod common;
use common::*;

use camelot_engine::{EndReason, Outcome, Side};

fn outcome(s: &str) -> Option<Outcome> {
    pos(s).outcome()
}

#[test]
fn camelot_two_pieces_in_the_goal_castle_win() {
    assert_eq!(
        outcome("variant=camelot turn=black white=MF16,MG16 black=MA13,MB13"),
        Some(Outcome::win(Side::First, EndReason::GoalCastle))
    );
    assert_eq!(
        outcome("variant=camelot turn=black white=MF16,MA4 black=MA13,MB13"),
        None
    );
    let p = pos("variant=river turn=white white=MF15,MG16,MA4 black=MA13,MB13");
    let after = play(&p, &["F15-F16"]);
    assert_eq!(
        after.outcome(),
        Some(Outcome::win(Side::First, EndReason::GoalCastle))
    );
}

#[test]
fn camelot_capturing_everything_wins_only_with_two_pieces_left() {
    let two = play(
        &pos("variant=camelot turn=white white=MF8,MA4 black=MG9"),
        &["F8xH10"],
    );
    assert_eq!(
        two.outcome(),
        Some(Outcome::win(Side::First, EndReason::AllCaptured))
    );
    let one = play(
        &pos("variant=camelot turn=white white=MF8 black=MG9,MA13"),
        &["F8xH10"],
    );
    assert_eq!(one.outcome(), Some(Outcome::draw(EndReason::BarePieces)));
}

#[test]
fn camelot_both_sides_with_one_piece_is_a_draw() {
    assert_eq!(
        outcome("variant=camelot turn=white white=MF8 black=MA13"),
        Some(Outcome::draw(EndReason::BarePieces))
    );
    assert!(pos("variant=camelot turn=white white=MF8 black=MA13")
        .legal_moves()
        .is_empty());
}

#[test]
fn camelot_stalemate_wins_for_a_side_with_two_pieces() {
    // Black's only piece sits in White's castle with both castle moves used.
    let s = "variant=camelot turn=black white=MA4,MB4 black=MF1 castle_moves=0,2";
    assert!(pos(s).legal_moves().is_empty());
    assert_eq!(
        outcome(s),
        Some(Outcome::win(Side::First, EndReason::NoLegalMove))
    );
    // The 1930 rules (rule 11) make it a draw.
    let classic = s.replace("camelot", "classic");
    assert_eq!(
        outcome(&classic),
        Some(Outcome::draw(EndReason::NoLegalMove))
    );
}

#[test]
fn camelot_stalemate_is_a_draw_when_the_other_side_has_one_piece() {
    // Black's two pieces are stuck in White's castle... that would be a black win, so
    // use one stuck in the castle and one walled in at A4 by trees (River board).
    let s = "variant=river turn=black white=MJ13 black=MF1,MB3 trees=B4,C3,C2 castle_moves=0,2";
    // B3's neighbours: A4, B4 (tree), C4, C3 (tree), C2 (tree): A4 and C4 are open.
    let p = pos(s);
    assert_moves(&p, &["B3-A4", "B3-C4"]);
    let walled = "variant=river turn=black white=MJ13 black=MF1,MA4 trees=B4,B3 castle_moves=0,2";
    // A4's neighbours: A5 (river), B5, B4 (tree), B3 (tree).
    assert_moves(&pos(walled), &["A4-B5"]);
    let stuck = "variant=river turn=black white=MJ13 black=MF1,MA4 trees=B4,B3,B5 castle_moves=0,2";
    assert!(pos(stuck).legal_moves().is_empty());
    assert_eq!(outcome(stuck), Some(Outcome::draw(EndReason::NoLegalMove)));
    let white_two = stuck.replace("white=MJ13", "white=MJ13,MK13");
    assert_eq!(
        outcome(&white_two),
        Some(Outcome::win(Side::First, EndReason::NoLegalMove))
    );
}

#[test]
fn anti_entering_the_enemy_castle_loses() {
    let p = pos("variant=anti turn=white white=MF15,MA4 black=MA13,MB13");
    // Entering is legal (a losing move), and ends the game for Black.
    let after = play(&p, &["F15-F16"]);
    assert_eq!(
        after.outcome(),
        Some(Outcome::win(Side::Second, EndReason::EnteredEnemyCastle))
    );
}

#[test]
fn anti_losing_all_pieces_or_being_stalemated_wins() {
    let p = play(
        &pos("variant=anti turn=white white=MF8,MA4 black=MG9"),
        &["F8xH10"],
    );
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(Side::Second, EndReason::AllCaptured))
    );
    // One piece each is no draw in Anti-Camelot.
    assert_eq!(
        outcome("variant=anti turn=white white=MF8 black=MA13"),
        None
    );
}

#[test]
fn camette_one_piece_in_the_castle_or_all_captures_win_and_stalemate_loses() {
    let p = pos("variant=camette turn=white white=MC6,MA3 black=MA5,ME5");
    let after = play(&p, &["C6-C7"]);
    assert_eq!(
        after.outcome(),
        Some(Outcome::win(Side::First, EndReason::GoalCastle))
    );
    let taken = play(
        &pos("variant=camette turn=white white=MB3 black=MC4"),
        &["B3xD5"],
    );
    assert_eq!(
        taken.outcome(),
        Some(Outcome::win(Side::First, EndReason::AllCaptured))
    );
}

#[test]
fn camette_side_without_moves_loses() {
    // Black's lone piece stands on A3 with every way out blocked (A4 B4 B3 B2 white, A5
    // C5 C3 C1 behind them: C1 is White's castle, which Black may enter, so it must be
    // filled). White never has eight men, so a position string refuses this: it is
    // built by hand to test the rule alone.
    let s = "variant=camette turn=black white=MA4,MB4,MB3,MB2,MA5,MC5,MC3,MC1 black=MA3";
    assert!(s.parse::<camelot_engine::Position>().is_err());
    let mut b = camelot_engine::Position::builder(camelot_engine::Variant::Camette);
    for (owner, squares) in [(0, "A4 B4 B3 B2 A5 C5 C3 C1"), (1, "A3")] {
        for name in squares.split(' ') {
            b.piece(
                camelot_engine::Player(owner),
                camelot_engine::PieceKind::Man,
                name,
            );
        }
    }
    let p = b
        .turn(camelot_engine::Player(1))
        .build()
        .expect("every square is open");
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(Side::First, EndReason::NoLegalMove))
    );
}

#[test]
fn grand_cam_one_piece_on_the_opposite_castle_wins() {
    let p = pos("variant=grandcam turn=red red=MG12,MC5 green=MC9 blue=ML6 yellow=MD3");
    let after = play(&p, &["G12-G13"]);
    assert_eq!(
        after.outcome(),
        Some(Outcome::win(Side::First, EndReason::GoalCastle))
    );
}

#[test]
fn grand_cam_partnership_capturing_all_wins_and_empty_players_pass() {
    // Green's last piece is taken by Red; Yellow still has one: the game goes on, and
    // Green passes on its turns.
    let p = pos("variant=grandcam turn=red red=MF5,MC5 green=MG6 blue=ML6 yellow=MD3");
    let after = play(&p, &["F5xH7"]);
    assert_eq!(after.outcome(), None);
    assert_moves(&after, &["pass"]);
    let after = play(&after, &["pass"]);
    assert_eq!(after.turn().0, 2, "blue moves after green's pass");
    // Capturing Yellow's last piece ends it.
    let q = pos("variant=grandcam turn=blue red=MC5 green= blue=MD4 yellow=ME5");
    let done = play(&q, &["D4xF6"]);
    assert_eq!(
        done.outcome(),
        Some(Outcome::win(Side::First, EndReason::AllCaptured))
    );
}

#[test]
fn anti_a_side_that_cannot_move_wins() {
    // Black A4 is walled in by White A5 B5 B4 B3, with A6 C6 C4 C2 behind them filled
    // so that no jump is possible either.
    let s = "variant=anti turn=black white=MA5,MB5,MB4,MB3,MA6,MC6,MC4,MC2 black=MA4";
    let p = pos(s);
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(Side::Second, EndReason::NoLegalMove))
    );
}

#[test]
fn winning_material_is_what_some_rule_can_still_turn_into_a_win() {
    let pos = |s: &str| s.parse::<camelot_engine::Position>().unwrap();
    // Camelot: every way to win needs two pieces.
    let one = pos("variant=camelot turn=white white=MF8 black=MG9,MA13");
    assert!(!one.has_winning_material(Side::First));
    assert!(one.has_winning_material(Side::Second));
    // Camette and Grand Cam: one piece can still enter the castle.
    let camette = pos("variant=camette turn=white white=MC3 black=MB5,MD5");
    assert!(camette.has_winning_material(Side::First));
    let grand = pos("variant=grandcam turn=red red=MG4 green=MG10 blue= yellow=");
    assert!(grand.has_winning_material(Side::First));
    // Anti-Camelot: the win is losing, open to anyone.
    let anti = pos("variant=anti turn=white white=MF8 black=MG9,MA13");
    assert!(anti.has_winning_material(Side::First));
}
