//! The transposition table: a fixed-size array of entries keyed by Zobrist hash, shared
//! by every thread of a search.
//!
//! Threads read and write it without locks (Hyatt's lockless hashing): an entry is five
//! machine words written one by one, and its first word is the key XORed with the other
//! four, so an entry torn by two threads writing at once no longer matches its key and
//! reads as a miss. One thread sees exactly what a plain array would give it.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::moves::{Move, MoveKind};
use crate::square::Square;
use crate::square_set::SquareSet;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
pub struct MoveEntry {
    pub key: u64,
    pub best: Option<Move>,
    pub score: i32,
    pub depth: i8,
    pub bound: Bound,
}

/// One entry: the checked key, then the packed fields and the captured squares.
struct Slot([AtomicU64; 5]);

pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

const NO_MOVE: u64 = 0xFF;

impl MoveEntry {
    fn pack(&self) -> [u64; 4] {
        let (mv, captured) = match self.best {
            Some(m) => {
                let kind = MoveKind::ALL.iter().position(|&k| k == m.kind).unwrap_or(0) as u64;
                (
                    m.from.0 as u64 | (m.to.0 as u64) << 8 | kind << 16,
                    m.captured.0,
                )
            }
            None => (NO_MOVE << 16, [0; 3]),
        };
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let meta =
            mv | bound << 24 | (self.depth as u8 as u64) << 32 | (self.score as u32 as u64) << 40;
        [meta, captured[0], captured[1], captured[2]]
    }

    fn unpack(key: u64, w: [u64; 4]) -> MoveEntry {
        let meta = w[0];
        let kind = (meta >> 16) & 0xFF;
        let best = (kind != NO_MOVE).then(|| Move {
            from: Square(meta as u8),
            to: Square((meta >> 8) as u8),
            kind: MoveKind::ALL[(kind as usize).min(MoveKind::ALL.len() - 1)],
            captured: SquareSet([w[1], w[2], w[3]]),
        });
        MoveEntry {
            key,
            best,
            score: ((meta >> 40) as u32 as i32) << 8 >> 8,
            depth: (meta >> 32) as u8 as i8,
            bound: match (meta >> 24) & 0xFF {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
        }
    }
}

impl Table {
    /// A table of about `mb` megabytes (as many entries as the table of 48-byte entries
    /// it replaces held, so a search visits the same nodes).
    pub fn new(mb: usize) -> Table {
        let per = std::mem::size_of::<Option<MoveEntry>>();
        let n = ((mb << 20) / per).next_power_of_two() >> 1;
        let n = n.max(1024);
        Table {
            slots: (0..n)
                .map(|_| Slot(std::array::from_fn(|_| AtomicU64::new(0))))
                .collect(),
            mask: n - 1,
        }
    }

    pub fn clear(&self) {
        for s in &self.slots {
            for w in &s.0 {
                w.store(0, Ordering::Relaxed);
            }
        }
    }

    fn read(&self, key: u64) -> Option<MoveEntry> {
        let s = &self.slots[key as usize & self.mask].0;
        // Four loads written out: `[1, 2, 3, 4].map(..)` compiled to a call, on the
        // search's hottest read.
        let w = [
            s[1].load(Ordering::Relaxed),
            s[2].load(Ordering::Relaxed),
            s[3].load(Ordering::Relaxed),
            s[4].load(Ordering::Relaxed),
        ];
        let check = s[0].load(Ordering::Relaxed);
        if check == 0 && w == [0; 4] {
            return None;
        }
        let stored = check ^ w[0] ^ w[1] ^ w[2] ^ w[3];
        Some(MoveEntry::unpack(stored, w))
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<MoveEntry> {
        self.read(key).filter(|e| e.key == key)
    }

    #[inline]
    pub fn store(&self, e: MoveEntry) {
        // Keep deeper results for the same position; otherwise always replace.
        if let Some(old) = self.read(e.key) {
            if old.key == e.key && old.depth > e.depth && e.bound != Bound::Exact {
                return;
            }
        }
        let w = e.pack();
        let s = &self.slots[e.key as usize & self.mask].0;
        s[0].store(e.key ^ w[0] ^ w[1] ^ w[2] ^ w[3], Ordering::Relaxed);
        for i in 0..4 {
            s[i + 1].store(w[i], Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip() {
        let t = Table::new(1);
        let mut captured = SquareSet::EMPTY;
        captured.insert(Square(150));
        captured.insert(Square(3));
        for (score, depth, bound, best) in [
            (-29_990, -1, Bound::Upper, None),
            (
                30_100,
                120,
                Bound::Exact,
                Some(Move {
                    from: Square(159),
                    to: Square(7),
                    kind: MoveKind::Charge,
                    captured,
                }),
            ),
            (0, 0, Bound::Lower, Some(Move::PASS)),
        ] {
            let key = 0x1234_5678_9ABC_DEF0 ^ score as u64;
            t.store(MoveEntry {
                key,
                best,
                score,
                depth,
                bound,
            });
            let e = t.probe(key).expect("stored");
            assert_eq!((e.score, e.depth, e.bound), (score, depth, bound));
            assert_eq!(e.best, best);
            assert_eq!(e.best.map(|m| m.kind), best.map(|m| m.kind));
            assert!(t.probe(key ^ 1 << 40).is_none());
        }
    }
}
