//! Evaluations kept by position hash. Iterative deepening reaches the same horizon
//! positions again at every depth, and transpositions reach them within one: a position
//! evaluated once is looked up after that. The cache changes no score (only the 50-move
//! count lies outside the hash, and [`BoardTerms`] leaves it out), so the search's tree
//! and node count are the same with it as without.

use super::eval::{board_terms, BoardTerms};
use crate::position::Position;

/// Slots in one searcher's cache (16 bytes each: 1 MB).
const SLOTS: usize = 1 << 16;

#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    terms: BoardTerms,
}

pub struct EvalCache {
    slots: Box<[Slot]>,
}

impl Default for EvalCache {
    fn default() -> Self {
        Self::new()
    }
}

impl EvalCache {
    pub fn new() -> EvalCache {
        let slots = (0..SLOTS).map(Self::empty).collect();
        EvalCache { slots }
    }

    /// Forgets every evaluation.
    pub fn clear(&mut self) {
        for (i, slot) in self.slots.iter_mut().enumerate() {
            *slot = Self::empty(i);
        }
    }

    /// Slot `i` empty: it holds a key that cannot be filed in it (its low bits are not
    /// the slot's index), so it never answers: no hash is reserved to mean "empty".
    fn empty(i: usize) -> Slot {
        Slot {
            key: !(i as u64),
            terms: BoardTerms::default(),
        }
    }

    /// The evaluation of `pos` for the team to move, as [`super::eval::evaluate`] gives it.
    #[inline]
    pub fn evaluate(&mut self, pos: &Position) -> i32 {
        let slot = &mut self.slots[pos.hash() as usize & (SLOTS - 1)];
        if slot.key != pos.hash() {
            *slot = Slot {
                key: pos.hash(),
                terms: board_terms(pos),
            };
        }
        slot.terms.score(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval::evaluate;
    use crate::ai::rng::SeededRng;
    use crate::variant::Variant;

    /// Random games of every variant, each position asked twice (the second answer comes
    /// from the cache): always the evaluation's own value.
    #[test]
    fn the_cache_answers_as_the_evaluation_does() {
        let mut cache = EvalCache::new();
        let mut rng = SeededRng::new(7);
        let mut asked = 0;
        for &v in Variant::ALL.iter() {
            for _ in 0..4 {
                let mut pos = Position::start(v);
                for _ in 0..120 {
                    for _ in 0..2 {
                        assert_eq!(cache.evaluate(&pos), evaluate(&pos), "{pos}");
                        asked += 1;
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = *moves.get(rng.below(moves.len()));
                    pos.play_unchecked(&m);
                }
            }
        }
        assert!(asked > 1000);
    }
}
