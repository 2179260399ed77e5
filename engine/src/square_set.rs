//! A set of squares of one board, as a 192-bit bitboard.

use serde::{Deserialize, Serialize};

use crate::square::Square;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SquareSet(pub [u64; 3]);

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet([0; 3]);

    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        let i = sq.index();
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }

    #[inline]
    pub fn len(&self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }

    #[inline]
    pub fn union(self, other: SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
        ])
    }

    #[inline]
    pub fn intersection(self, other: SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] & other.0[0],
            self.0[1] & other.0[1],
            self.0[2] & other.0[2],
        ])
    }

    /// The squares of `self` not in `other`.
    #[inline]
    pub fn difference(self, other: SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] & !other.0[0],
            self.0[1] & !other.0[1],
            self.0[2] & !other.0[2],
        ])
    }

    #[inline]
    pub fn iter(self) -> CellIter {
        CellIter { set: self, word: 0 }
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

/// Iterates squares in index order, which is rank-then-file order on every board.
pub struct CellIter {
    set: SquareSet,
    word: usize,
}

impl Iterator for CellIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 3 {
            let w = self.set.0[self.word];
            if w != 0 {
                let bit = w.trailing_zeros() as usize;
                self.set.0[self.word] = w & (w - 1);
                return Some(Square((self.word * 64 + bit) as u8));
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate() {
        let mut s = SquareSet::EMPTY;
        for i in [0u8, 63, 64, 130, 159] {
            s.insert(Square(i));
        }
        assert_eq!(s.len(), 5);
        assert!(s.contains(Square(130)));
        s.remove(Square(63));
        assert_eq!(
            s.iter().map(|q| q.0).collect::<Vec<_>>(),
            vec![0, 64, 130, 159]
        );
    }
}
