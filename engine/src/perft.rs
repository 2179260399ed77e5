//! Perft: the number of leaf nodes of the legal-move tree, the standard check of a move
//! generator. The last ply is bulk-counted (moves are counted, not played).

use std::fmt;

use crate::movegen::{generate, CountSink};
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// The deepest perft asked for: each ply keeps a move list on the stack, and no perft
/// deeper than a dozen plies ends in a lifetime anyway.
pub const MAX_PERFT_DEPTH: u32 = 32;

/// A perft deeper than [`MAX_PERFT_DEPTH`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftDepthTooLarge {
    pub depth: u32,
}

impl fmt::Display for PerftDepthTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "perft depth {} is too deep (at most {MAX_PERFT_DEPTH})",
            self.depth
        )
    }
}

impl std::error::Error for PerftDepthTooLarge {}

fn count(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut count = CountSink::default();
            generate(pos, &mut count);
            count.0
        }
        _ => {
            let mut list = MoveList::new();
            generate(pos, &mut list);
            list.iter().map(|m| count(&pos.after(m), depth - 1)).sum()
        }
    }
}

impl Position {
    /// The number of leaf nodes of the legal-move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> Result<u64, PerftDepthTooLarge> {
        if depth > MAX_PERFT_DEPTH {
            return Err(PerftDepthTooLarge { depth });
        }
        Ok(count(self, depth))
    }

    /// Perft split by first move: (move, leaf count) in generation order.
    pub fn divide(&self, depth: u32) -> Result<Vec<(Move, u64)>, PerftDepthTooLarge> {
        if depth > MAX_PERFT_DEPTH {
            return Err(PerftDepthTooLarge { depth });
        }
        if depth == 0 {
            return Ok(Vec::new());
        }
        Ok(self
            .legal_moves()
            .iter()
            .map(|m| (*m, count(&self.after(m), depth - 1)))
            .collect())
    }
}
