//! Castles: own castle entry only by jump, continuing out (or not, 1930 rules), the
//! forced exit, the goal castle's end of move and the two-castle-move limit.

mod common;
use common::*;

#[test]
fn no_plain_move_or_canter_into_ones_own_castle() {
    let p = pos("variant=camelot turn=white white=MF2,MF3 black=MJ13,MA13");
    // F2: E2 G2 E3 G3 by plain move (F1 and G1 are White's castle); canter over F3.
    assert_moves_from(&p, "F2", &["F2-E2", "F2-G2", "F2-E3", "F2-G3", "F2-F4"]);
    // F3 may not canter over F2 into F1.
    assert_moves_from(
        &p,
        "F3",
        &[
            "F3-E2", "F3-G2", "F3-E3", "F3-G3", "F3-E4", "F3-F4", "F3-G4",
        ],
    );
}

#[test]
fn a_jump_into_ones_own_castle_continues_out_if_it_can() {
    let p = pos("variant=camelot turn=white white=MF3,MA13 black=MF2,ME2,MJ13");
    assert_moves(&p, &["F3xF1xD3"]);
}

#[test]
fn under_1930_rules_a_jump_into_ones_own_castle_ends_there() {
    let p = pos("variant=classic turn=white white=MF3,MA13 black=MF2,ME2,MJ13");
    assert_moves(&p, &["F3xF1"]);
    let after = play(&p, &["F3xF1"]);
    assert_eq!(
        after.to_string(),
        "variant=classic turn=black white=MF1,MA13 black=ME2,MJ13"
    );
    // Black moves; then White's piece must leave, jumping E2 since it can.
    let back = play(&after, &["J13-J12"]);
    assert_eq!(
        back.to_string(),
        "variant=classic turn=white white=MF1,MA13 black=ME2,MJ12 must_leave=F1 quiet=1"
    );
    assert_moves(&back, &["F1xD3"]);
}

#[test]
fn the_piece_in_its_own_castle_must_leave_before_any_other_capture() {
    let p = pos("variant=camelot turn=white white=MF1,MA4 black=MB5,MJ13 must_leave=F1");
    assert_moves(&p, &["F1-E2", "F1-F2", "F1-G2"]);
}

#[test]
fn leaving_ones_castle_by_a_jump_is_compulsory_when_possible() {
    let p = pos("variant=camelot turn=white white=MF1,MA4 black=MF2,MB5,MJ13 must_leave=F1");
    assert_moves(&p, &["F1xF3"]);
}

#[test]
fn a_piece_that_cannot_leave_lets_the_turn_be_played_normally() {
    // F1 is hemmed in (E2 F2 G2 with D3 F3 H3 behind them; G1 is its own castle).
    let p =
        pos("variant=camelot turn=white white=MF1,MA4 black=ME2,MF2,MG2,MD3,MF3,MH3 must_leave=F1");
    assert_moves(&p, &["A4-A5", "A4-B5", "A4-B4", "A4-B3"]);
    // The obligation stands for the following turns.
    let again = play(&p, &["A4-A5", "H3-I4"]);
    assert!(again.to_string().contains("must_leave=F1"), "{again}");
    // H3 stepped to I4, so F1 jumps G2 to H3 and must go on over I4 to J5.
    assert_eq!(moves(&again), sorted(&["F1xH3xJ5"]));
}

#[test]
fn a_charge_out_of_the_castle_satisfies_the_exit() {
    // Knight F1 must leave; it may canter over F2 to F3, next to F4 with F5 empty.
    let camelot = pos("variant=camelot turn=white white=KF1,MF2 black=MF4,MA13 must_leave=F1");
    assert_moves(&camelot, &["F1-E2", "F1-G2", "F1-F3xF5"]);
    // 1930 rules, rule 9: a possible charge out makes a capturing exit compulsory.
    let classic = pos("variant=classic turn=white white=KF1,MF2 black=MF4,MA13 must_leave=F1");
    assert_moves(&classic, &["F1-F3xF5"]);
}

#[test]
fn any_move_may_enter_the_goal_castle_and_ends_there() {
    let plain = pos("variant=camelot turn=white white=MF15,MA4 black=MA13,MB13");
    assert_moves_from(
        &plain,
        "F15",
        &[
            "F15-E14", "F15-F14", "F15-G14", "F15-E15", "F15-G15", "F15-F16", "F15-G16",
        ],
    );
    // A canter into the castle stops there.
    let canter = pos("variant=camelot turn=white white=MF13,MF14,MF15 black=MA13,MB13");
    assert!(moves_from(&canter, "F14").contains(&"F14-F16".to_string()));
    // G14 jumps G15 into G16 and stops, though F15 could otherwise be jumped next.
    let jump = pos("variant=camelot turn=white white=MG14,MA4 black=MG15,MF15,MA13");
    assert_moves(&jump, &["G14xG16"]);
}

#[test]
fn a_piece_in_the_goal_castle_never_leaves_and_makes_two_castle_moves_at_most() {
    let p = pos("variant=camelot turn=white white=MF16,MA4 black=MA13,MB13");
    assert_moves_from(&p, "F16", &["F16-G16"]);
    let used = pos("variant=camelot turn=white white=MF16,MA4 black=MA13,MB13 castle_moves=1,0");
    let after = play(&used, &["F16-G16", "A13-A12"]);
    assert!(after.to_string().contains("castle_moves=2,0"), "{after}");
    assert_moves_from(&after, "G16", &[]);
}

#[test]
fn a_piece_in_the_goal_castle_creates_no_capture_obligation() {
    // White F16 sits next to black E15 with D14 empty: no jump out of the goal castle.
    let p = pos("variant=camelot turn=white white=MF16,MA4 black=ME15,MA13");
    assert!(moves(&p).contains(&"A4-A5".to_string()));
    assert!(!moves(&p).iter().any(|m| m.contains('x')));
}

#[test]
fn castle_moves_reset_the_fifty_move_count_only_under_1930_rules() {
    let wcf = play(
        &pos("variant=camelot turn=white white=MF16,MA4 black=MA13,MB13 quiet=7"),
        &["F16-G16"],
    );
    assert_eq!(wcf.quiet(), 8);
    let classic = play(
        &pos("variant=classic turn=white white=MF16,MA4 black=MA13,MB13 quiet=7"),
        &["F16-G16"],
    );
    assert_eq!(classic.quiet(), 0);
    // Entering the goal castle resets it everywhere.
    let entry = play(
        &pos("variant=camelot turn=white white=MF15,MA4 black=MA13,MB13 quiet=7"),
        &["F15-F16"],
    );
    assert_eq!(entry.quiet(), 0);
}

#[test]
fn the_canter_part_of_a_charge_may_not_enter_ones_own_castle() {
    // Knight F3 could canter over F2 into F1 and jump E2 from there: not allowed. The
    // man on F2 must take E2 instead (a direct jump, so captures are compulsory).
    let p = pos("variant=camelot turn=white white=KF3,MF2 black=ME2,MA13");
    assert_moves(&p, &["F2xD2"]);
}
