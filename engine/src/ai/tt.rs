//! The transposition table: a fixed-size array of entries keyed by Zobrist hash.

use crate::moves::Move;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
pub struct Entry {
    pub key: u64,
    pub best: Option<Move>,
    pub score: i32,
    pub depth: i8,
    pub bound: Bound,
}

pub struct Table {
    entries: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of about `mb` megabytes.
    pub fn new(mb: usize) -> Table {
        let per = std::mem::size_of::<Option<Entry>>();
        let n = ((mb << 20) / per).next_power_of_two() >> 1;
        let n = n.max(1024);
        Table {
            entries: vec![None; n],
            mask: n - 1,
        }
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    #[inline]
    pub fn store(&mut self, e: Entry) {
        let slot = &mut self.entries[e.key as usize & self.mask];
        // Keep deeper results for the same position; otherwise always replace.
        if let Some(old) = slot {
            if old.key == e.key && old.depth > e.depth && e.bound != Bound::Exact {
                return;
            }
        }
        *slot = Some(e);
    }
}
