//! What constrains the player to move now: the one question every front end asks
//! ("why can't I move that piece?"), answered once, here.

use crate::movegen::capture_is_compulsory;
use crate::moves::MoveKind;
use crate::position::Position;
use crate::square_set::SquareSet;

/// A rule that narrows the mover's choice this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnConstraint {
    /// River Camelot: trees are still to be planted before the first move.
    PlantTree { left: u8 },
    /// Grand Cam: the player has no move but to pass.
    Pass,
    /// These pieces jumped into their own castle (or one they may only jump into) and
    /// must leave it this move; `capturing` if every way out captures.
    LeaveCastle { pieces: SquareSet, capturing: bool },
    /// A capture is compulsory; these are the pieces that can make one.
    MustCapture { pieces: SquareSet },
}

impl Position {
    /// Whether the mover must capture now: some piece of theirs outside its goal castle
    /// can jump (whatever else constrains the turn).
    pub fn capture_is_compulsory(&self) -> bool {
        capture_is_compulsory(self)
    }

    /// The rule that narrows the mover's choice now, if any; `None` when the game is
    /// over or the player may make any move of any piece.
    pub fn constraint(&self) -> Option<TurnConstraint> {
        if self.in_setup() {
            return Some(TurnConstraint::PlantTree {
                left: self.setup_left(),
            });
        }
        if self.decided().is_some() {
            return None;
        }
        let legal = self.legal_moves();
        if legal.is_empty() {
            return None;
        }
        if legal.len() == 1 && legal.get(0).kind == MoveKind::Pass {
            return Some(TurnConstraint::Pass);
        }
        let froms: SquareSet = legal.iter().map(|m| m.from).collect();
        let leaving = self.must_leave_now();
        // A piece that cannot leave keeps its obligation, but the turn is played
        // normally: the constraint holds only when the way out is open.
        if !leaving.is_empty() && froms.intersection(leaving) == froms {
            return Some(TurnConstraint::LeaveCastle {
                pieces: froms,
                capturing: legal.iter().all(|m| m.is_capture()),
            });
        }
        if capture_is_compulsory(self) {
            return Some(TurnConstraint::MustCapture { pieces: froms });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn squares(p: &Position, set: SquareSet) -> Vec<String> {
        set.iter().map(|s| p.geometry().name(s)).collect()
    }

    #[test]
    fn each_constraint_is_named_with_its_squares() {
        assert_eq!(Position::start(Variant::Camelot).constraint(), None);
        assert_eq!(
            Position::start(Variant::River).constraint(),
            Some(TurnConstraint::PlantTree { left: 6 })
        );
        let p: Position = "variant=camelot turn=white white=ME5,MA4,MH8 black=ME6,ML10"
            .parse()
            .unwrap();
        let Some(TurnConstraint::MustCapture { pieces }) = p.constraint() else {
            panic!("{:?}", p.constraint())
        };
        assert_eq!(squares(&p, pieces), ["E5"]);
        let exit: Position =
            "variant=camelot turn=white white=MF1,MA4 black=MF2,MB5,MJ13 must_leave=F1"
                .parse()
                .unwrap();
        let Some(TurnConstraint::LeaveCastle { pieces, capturing }) = exit.constraint() else {
            panic!("{:?}", exit.constraint())
        };
        assert_eq!(
            (squares(&exit, pieces), capturing),
            (vec!["F1".into()], true)
        );
        // A piece that cannot leave leaves the turn free: no constraint.
        let stuck: Position =
            "variant=camelot turn=white white=MF1,MF2,MG2,ME2,MF3,MH3,MD3,MA4 black=MJ13 must_leave=F1"
                .parse()
                .unwrap();
        assert_eq!(stuck.constraint(), None);
    }
}
