//! Positions built by hand, a piece at a time, each placement checked: the square is on
//! the board, open (no river, no tree) and empty, and the seat plays in the variant.
//! Unlike a position string, a built position may hold more pieces than a side starts
//! with: tests use that to reach a rule alone.

use std::fmt;

use crate::excerpt::Excerpt;
use crate::piece::{Piece, PieceKind, Player};
use crate::position::Position;
use crate::variant::Variant;

/// A placement the builder refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionBuildError {
    /// Not the name of a square of this board.
    NotASquare { variant: Variant, name: Excerpt },
    /// River water, or a tree.
    Blocked(String),
    /// Two pieces on one square.
    Occupied(String),
    /// A seat the variant does not have.
    NoSuchSeat(Player),
}

impl fmt::Display for PositionBuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionBuildError::NotASquare { variant, name } => {
                write!(f, "'{name}' is not a square of the {variant} board")
            }
            PositionBuildError::Blocked(sq) => write!(f, "{sq} cannot hold a piece"),
            PositionBuildError::Occupied(sq) => write!(f, "{sq} holds a piece already"),
            PositionBuildError::NoSuchSeat(p) => write!(f, "seat {} does not play here", p.0),
        }
    }
}

impl std::error::Error for PositionBuildError {}

/// Builds a position on an empty board; the first refused placement is the error
/// [`PositionBuilder::build`] returns.
pub struct PositionBuilder {
    pos: Position,
    error: Option<PositionBuildError>,
}

impl Position {
    /// A position built by hand: an empty board, the first seat to move.
    pub fn builder(variant: Variant) -> PositionBuilder {
        PositionBuilder {
            pos: Position::empty(variant),
            error: None,
        }
    }
}

impl PositionBuilder {
    /// A piece of `owner` on the square named `square` (`C6`).
    pub fn piece(&mut self, owner: Player, kind: PieceKind, square: &str) -> &mut Self {
        if self.error.is_none() {
            if let Err(e) = self.place(owner, kind, square) {
                self.error = Some(e);
            }
        }
        self
    }

    fn place(
        &mut self,
        owner: Player,
        kind: PieceKind,
        name: &str,
    ) -> Result<(), PositionBuildError> {
        let rules = self.pos.rules();
        if owner.0 as usize >= rules.players() {
            return Err(PositionBuildError::NoSuchSeat(owner));
        }
        let sq = rules
            .square(name)
            .ok_or_else(|| PositionBuildError::NotASquare {
                variant: rules.variant,
                name: Excerpt::new(name),
            })?;
        let label = rules.geometry.name(sq);
        if self.pos.piece_at(sq).is_some() {
            return Err(PositionBuildError::Occupied(label));
        }
        if !self.pos.is_empty_square(sq) {
            return Err(PositionBuildError::Blocked(label));
        }
        self.pos.put(sq, Piece { owner, kind });
        Ok(())
    }

    /// Gives the move to `p`.
    pub fn turn(&mut self, p: Player) -> &mut Self {
        if (p.0 as usize) < self.pos.rules().players() {
            self.pos.set_turn(p);
        } else if self.error.is_none() {
            self.error = Some(PositionBuildError::NoSuchSeat(p));
        }
        self
    }

    pub fn build(&mut self) -> Result<Position, PositionBuildError> {
        match self.error.take() {
            Some(e) => Err(e),
            None => Ok(self.pos.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_placement_is_checked() {
        let mut b = Position::builder(Variant::River);
        b.piece(Player(0), PieceKind::Man, "C4");
        assert!(b.build().is_ok());
        let err = |sq: &str| {
            Position::builder(Variant::River)
                .piece(Player(0), PieceKind::Man, "C4")
                .piece(Player(1), PieceKind::Knight, sq)
                .build()
                .unwrap_err()
                .to_string()
        };
        assert_eq!(err("C4"), "C4 holds a piece already");
        assert_eq!(err("A5"), "A5 cannot hold a piece");
        assert_eq!(err("A1"), "'A1' is not a square of the river board");
        let seat = Position::builder(Variant::Camette)
            .turn(Player(2))
            .build()
            .unwrap_err();
        assert_eq!(seat, PositionBuildError::NoSuchSeat(Player(2)));
    }
}
