//! Where the search may look less far than its depth: the tests that decide which nodes
//! and moves are cut short (null move, futility, late move reductions) and which are
//! looked at further (a fork at the horizon).
//!
//! Camelot is a game of set-ups: a quiet move is often what makes the next jump
//! possible, and a jump is compulsory. So a move is "quiet" here only if it captures
//! nothing, does not enter the goal castle, does not give the opponent a compulsory jump
//! (a sacrifice, which forces the reply) and does not leave its own side a jump to make
//! (a threat). Only such moves are reduced or pruned.

use crate::board::NONE;
use crate::movegen::{can_jump, capture_is_compulsory, jumpable_pieces};
use crate::moves::Move;
use crate::position::Position;
use crate::square::Square;
use crate::square_set::SquareSet;
use crate::variant::GoalRule;

/// At a depth-1 node whose evaluation plus this (hundredths of a man) cannot reach
/// alpha, quiet moves are not searched: one quiet move seldom gains that much.
pub(super) const FUTILITY_MARGIN: i32 = 80;
/// The shallowest node a null move is tried at.
pub(super) const NULL_MOVE_MIN_DEPTH: i32 = 2;

/// A move pruning and reductions may treat as quiet (see the module's text).
pub(super) fn quiet_and_harmless(pos: &Position, m: &Move, child: &Position) -> bool {
    let goal = pos.rules().goal[pos.turn().0 as usize];
    let enters_goal = goal.contains(m.to) && !goal.contains(m.from);
    !m.is_capture()
        && !enters_goal
        && !capture_is_compulsory(child)
        && !can_jump(child, pos.turn().0)
}

/// How many plies less the `i`-th move (from 0) of a node `depth` plies from the horizon
/// is searched with, if it is quiet and ordered after the killers: more the deeper the
/// node and the later the move, one less at a principal-variation node, and never into
/// quiescence directly from a reduction of more than the depth allows.
pub(super) fn late_move_reduction(depth: i32, i: usize, pv: bool) -> i32 {
    if depth < 3 || i < 3 {
        return 0;
    }
    let r = ((depth as f32).ln() * (i as f32).ln() / 2.0) as i32 - pv as i32;
    r.clamp(0, depth - 2)
}

/// The plies a null move takes off the search of a node `depth` from the horizon, on
/// top of the ply the move itself costs.
pub(super) fn null_move_reduction(depth: i32) -> i32 {
    2 + depth / 4
}

/// Whether the side to move may pass in the search (a null move): not while a jump is
/// compulsory (passing would skip the obligation), while a piece must leave a castle,
/// before River Camelot's trees are planted, or with fewer than `min_pieces` pieces of
/// its own (0: never), where having to move can lose (zugzwang).
pub(super) fn null_move_allowed(pos: &Position, min_pieces: u32) -> bool {
    min_pieces > 0
        && pos.setup_left() == 0
        && pos.count(pos.turn()) >= min_pieces
        && pos.must_leave_now().is_empty()
        && !capture_is_compulsory(pos)
}

/// The side to move has two or more pieces the enemy could jump and no jump of its own:
/// a fork, where one piece is lost whatever it does, which the evaluation (a small
/// penalty per piece that can be jumped) does not see. A horizon node like this is
/// searched one ply further.
pub(super) fn forked(pos: &Position) -> bool {
    pos.setup_left() == 0
        && pos.must_leave_now().is_empty()
        && jumpable_pieces(pos, pos.rules().side(pos.turn())) >= 2
        && !capture_is_compulsory(pos)
}

/// Whether the player to move next could win at once by entering its goal castle, if
/// the side to move let it: one piece short of the pieces that win there, and one of its
/// pieces a step from an empty square of the castle, or a leap from it over a piece
/// beside it. Quiescence must not stand pat there: the evaluation, a few hundredths for
/// a piece beside the castle, cannot see a game about to be lost.
///
/// Read off the board, so that the test costs next to nothing: it does not see a chain
/// of leaps that ends in the castle from further away, and it counts a step that a
/// compulsory jump elsewhere would forbid (which costs a search, not a wrong score).
pub(super) fn goal_threat(pos: &Position) -> bool {
    let r = pos.rules();
    let GoalRule::WinWith(needed) = r.goal_rule else {
        return false;
    };
    if pos.setup_left() > 0 {
        return false;
    }
    let next = r.next_player(pos.turn()).0 as usize;
    let goal = r.goal[next];
    let theirs = pos.occ[next];
    if theirs.intersection(goal).len() + 1 != needed as u32 {
        return false;
    }
    let runners = theirs.difference(goal);
    let occupied = (0..r.players()).fold(SquareSet::EMPTY, |all, p| all.union(pos.occ[p]));
    let geo = r.geometry;
    goal.difference(occupied).iter().any(|c| {
        !geo.around(c).intersection(runners).is_empty()
            || (0..8).any(|d| {
                let over = geo.step(c.0, d);
                let from = geo.leaps(c.0)[d];
                over != NONE
                    && from != NONE
                    && occupied.contains(Square(over))
                    && runners.contains(Square(from))
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Side;

    fn position(s: &str) -> Position {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e:?}"))
    }

    fn play(pos: &Position, notation: &str) -> (Move, Position) {
        let m = crate::move_text::parse_move(pos, notation)
            .unwrap_or_else(|e| panic!("{notation} in {pos}: {e:?}"));
        (m, pos.after(&m))
    }

    /// Two White men each with a Black man beside them and an empty square behind, and
    /// no White jump (the Black men are backed by others): a fork.
    const FORK: &str = "variant=camelot turn=white white=ME8,MH8 black=ME9,ME10,MH9,MH10";

    #[test]
    fn a_fork_is_two_pieces_that_can_be_jumped_and_no_jump_of_ones_own() {
        let pos = position(FORK);
        assert_eq!(jumpable_pieces(&pos, Side::First), 2);
        assert_eq!(jumpable_pieces(&pos, Side::Second), 0);
        assert!(forked(&pos));
        // One piece that can be jumped is not a fork: the mover saves it.
        let one = position("variant=camelot turn=white white=ME8,MH4 black=ME9,ME10,MH9,MH10");
        assert_eq!(jumpable_pieces(&one, Side::First), 1);
        assert!(!forked(&one));
        // With a jump of its own the mover must take it: no fork to extend for.
        let jump = position("variant=camelot turn=white white=ME8,MH8 black=ME9,ME10,MH9");
        assert!(capture_is_compulsory(&jump));
        assert!(!forked(&jump));
    }

    #[test]
    fn quiet_moves_are_those_that_neither_capture_offer_threaten_nor_enter_the_goal() {
        let pos = position(
            "variant=camelot turn=white white=MC3,MD8,MF15,MI8,MJ8 black=ME10,MK10,MK11,MB13",
        );
        let quiet = |notation: &str| {
            let (m, child) = play(&pos, notation);
            quiet_and_harmless(&pos, &m, &child)
        };
        // A step backwards, far from everything.
        assert!(quiet("C3-C2"));
        // Into the goal castle.
        assert!(!quiet("F15-F16"));
        // Next to a Black man with an empty square behind: Black must jump it.
        assert!(!quiet("D8-D9"));
        // Next to a Black man with an empty square beyond it (L11), its own back covered
        // (I8): Black cannot jump it, but White threatens to jump.
        let (m, child) = play(&pos, "J8-J9");
        assert!(!capture_is_compulsory(&child));
        assert!(!quiet_and_harmless(&pos, &m, &child));
    }

    #[test]
    fn a_goal_threat_is_a_step_or_a_leap_into_the_castle_that_wins() {
        // White has a man in its goal castle (F16-G16) and one beside it; Black to move.
        assert!(goal_threat(&position(
            "variant=camelot turn=black white=MF16,MF15,MC3 black=MK3,ML4"
        )));
        // A leap into the castle counts too: a canter over White's own man on G15.
        assert!(goal_threat(&position(
            "variant=camelot turn=black white=MF16,MG15,MG14,MC3 black=MK3,ML4"
        )));
        // And a jump over a Black man beside the castle (from E14 over F15 to G16).
        assert!(goal_threat(&position(
            "variant=camelot turn=black white=MF16,ME14,MC3 black=MF15,ML4"
        )));
        // One entry would not win with no White piece in the castle yet.
        assert!(!goal_threat(&position(
            "variant=camelot turn=black white=MF15,MG15,MC3 black=MK3,ML4"
        )));
        // Nothing a step or a leap away: no entry in one move.
        assert!(!goal_threat(&position(
            "variant=camelot turn=black white=MF16,MF14,MC3 black=MK3,ML4"
        )));
        // A leap needs a piece to leap over: G14 to G16 over an empty G15 is no move.
        assert!(!goal_threat(&position(
            "variant=camelot turn=black white=MF16,MG14,MC3 black=MK3,ML4"
        )));
        // The castle full already: the game is over, nothing to enter.
        assert!(!goal_threat(&position(
            "variant=camelot turn=black white=MF16,MG16,MF15 black=MK3,ML4"
        )));
        // White to move: the threat is Black's, whose castle square F1 and G1 are far.
        assert!(!goal_threat(&position(
            "variant=camelot turn=white white=MF16,MF15,MC3 black=MK3,ML4"
        )));
        // Camette wins with one piece in: a man beside Black's castle threatens.
        assert!(goal_threat(&position(
            "variant=camette turn=black white=MC6,MB2 black=MA4,MD2"
        )));
        // In Anti-Camelot entering loses: no threat.
        assert!(!goal_threat(&position(
            "variant=anti turn=black white=MF16,MF15,MC3 black=MK3,ML4"
        )));
    }

    #[test]
    fn no_null_move_where_passing_would_break_a_rule_or_lose_to_zugzwang() {
        let start = Position::start(crate::variant::Variant::Camelot);
        assert!(null_move_allowed(&start, 5));
        assert!(!null_move_allowed(&start, 0), "0 turns it off");
        assert!(!null_move_allowed(&start, 15), "14 pieces a side");
        // A compulsory jump.
        let jump = position("variant=camelot turn=white white=ME8,MH8,MC4,MD4,ME4 black=ME9");
        assert!(capture_is_compulsory(&jump));
        assert!(!null_move_allowed(&jump, 5));
        // River Camelot before its trees are planted.
        let river = Position::start(crate::variant::Variant::River);
        assert!(river.setup_left() > 0);
        assert!(!null_move_allowed(&river, 5));
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number_and_never_reach_below_the_horizon() {
        assert_eq!(late_move_reduction(2, 20, false), 0);
        assert_eq!(late_move_reduction(6, 2, false), 0);
        for depth in 3..40 {
            for i in 3..200 {
                let r = late_move_reduction(depth, i, false);
                assert!((0..=depth - 2).contains(&r), "{depth} {i} {r}");
                assert!(r >= late_move_reduction(depth, i - 1, false));
                assert!(r >= late_move_reduction(depth - 1, i, false));
                assert!(late_move_reduction(depth, i, true) <= r);
            }
        }
        assert!(late_move_reduction(20, 40, false) >= 3);
    }
}
