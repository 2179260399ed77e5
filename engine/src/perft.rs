//! Perft: the number of leaf nodes of the legal-move tree, the standard check of a move
//! generator. The last ply is bulk-counted (moves are counted, not played).

use crate::movegen::{generate, CountSink};
use crate::moves::MoveList;
use crate::position::Position;

pub fn perft(pos: &Position, depth: u32) -> u64 {
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
            let mut total = 0;
            for m in list.iter() {
                total += perft(&pos.after(m), depth - 1);
            }
            total
        }
    }
}

/// Perft split by first move: (move, leaf count) in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(crate::moves::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|m| (*m, perft(&pos.after(m), depth - 1)))
        .collect()
}
