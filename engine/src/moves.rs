//! Moves and fixed-capacity move lists.

use serde::{Deserialize, Serialize};

use crate::square::Square;
use crate::square_set::SquareSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveKind {
    Plain,
    Canter,
    Jump,
    /// A knight's charge: canters, then jumps.
    Charge,
    /// A plain move between the two squares of the goal castle.
    CastleMove,
    /// River Camelot setup: plant a tree on `to`.
    PlaceTree,
    /// Grand Cam: a player with no piece or no legal move passes.
    Pass,
}

impl MoveKind {
    pub const ALL: [MoveKind; 7] = [
        MoveKind::Plain,
        MoveKind::Canter,
        MoveKind::Jump,
        MoveKind::Charge,
        MoveKind::CastleMove,
        MoveKind::PlaceTree,
        MoveKind::Pass,
    ];
}

/// A legal move is identified by its start, end and captured squares (docs/rules.md, §2); the
/// kind says how it is written. Two moves are equal when those three are.
#[derive(Clone, Copy, Debug, Eq, Serialize, Deserialize)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
    pub captured: SquareSet,
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.captured == other.captured
            && self.is_placement() == other.is_placement()
            && (self.kind == MoveKind::Pass) == (other.kind == MoveKind::Pass)
    }
}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.from.hash(state);
        self.to.hash(state);
        self.captured.hash(state);
    }
}

impl Move {
    pub const PASS: Move = Move {
        from: Square(0),
        to: Square(0),
        kind: MoveKind::Pass,
        captured: SquareSet::EMPTY,
    };

    pub fn tree(sq: Square) -> Move {
        Move {
            from: sq,
            to: sq,
            kind: MoveKind::PlaceTree,
            captured: SquareSet::EMPTY,
        }
    }

    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    pub fn capture_count(&self) -> u32 {
        self.captured.len()
    }

    pub fn is_placement(&self) -> bool {
        self.kind == MoveKind::PlaceTree
    }
}

/// Room for every legal move of any reachable position we know of; a position with more
/// spills into `overflow`, which allocates only then.
pub const MOVE_LIST_CAPACITY: usize = 512;

/// A move list that lives on the stack.
pub struct MoveList {
    len: usize,
    moves: [Move; MOVE_LIST_CAPACITY],
    overflow: Vec<Move>,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [Move::PASS; MOVE_LIST_CAPACITY],
            overflow: Vec::new(),
        }
    }

    #[inline]
    pub fn push(&mut self, m: Move) {
        if self.len < MOVE_LIST_CAPACITY {
            self.moves[self.len] = m;
            self.len += 1;
        } else {
            self.overflow.push(m);
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len + self.overflow.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn clear(&mut self) {
        self.len = 0;
        self.overflow.clear();
    }

    #[inline]
    pub fn get(&self, i: usize) -> &Move {
        if i < self.len {
            &self.moves[i]
        } else {
            &self.overflow[i - self.len]
        }
    }

    pub fn swap(&mut self, i: usize, j: usize) {
        let (a, b) = (*self.get(i), *self.get(j));
        self.set(i, b);
        self.set(j, a);
    }

    fn set(&mut self, i: usize, m: Move) {
        if i < self.len {
            self.moves[i] = m;
        } else {
            self.overflow[i - self.len] = m;
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &Move> {
        self.moves[..self.len].iter().chain(self.overflow.iter())
    }

    pub fn to_vec(&self) -> Vec<Move> {
        self.iter().copied().collect()
    }
}
