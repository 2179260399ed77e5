//! Camette positions as numbers: material classes and a dense index inside each.
//!
//! The table stores positions from the side to move's point of view: "we" move up the
//! board from our castle C1 (square 0) towards the goal C7 (square 22). A position with
//! Black to move is turned over (ranks flipped, colours swapped), which the rules allow
//! because Camette is symmetric. A class is the material on the board, ours then theirs;
//! inside it pieces are placed in turn (our knight, our men, their knight, their men),
//! each group counted among the squares still free, men as combinations.

use std::sync::OnceLock;

use crate::board::{BoardGeometry, NONE};
use crate::piece::{is_knight, Piece, PieceKind, Player};
use crate::position::Position;
use crate::square::{Coord, Square};
use crate::square_set::SquareSet;
use crate::variant::Variant;

pub const SQUARES: u32 = 23;
/// Our castle (C1) and our goal (C7), seen from the side to move.
pub const OWN_CASTLE: u32 = 0;
pub const GOAL: u32 = 22;
/// Knights and men per side at the start.
const MAX_KNIGHTS: u32 = 1;
const MAX_MEN: u32 = 3;
/// Class ids run over every (our knights, our men, their knights, their men).
pub const CLASSES: usize = 64;

/// One position's pieces from the mover's side, as square masks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pieces {
    pub our_knights: u32,
    pub our_men: u32,
    pub their_knights: u32,
    pub their_men: u32,
}

/// The material of a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Material {
    pub our_knights: u32,
    pub our_men: u32,
    pub their_knights: u32,
    pub their_men: u32,
}

impl Material {
    pub fn of_class(id: usize) -> Material {
        Material {
            our_knights: (id >> 5) as u32 & 1,
            our_men: (id >> 3) as u32 & 3,
            their_knights: (id >> 2) as u32 & 1,
            their_men: id as u32 & 3,
        }
    }

    pub fn class(&self) -> usize {
        ((self.our_knights << 5) | (self.our_men << 3) | (self.their_knights << 2) | self.their_men)
            as usize
    }

    /// The same material seen by the other side (the class a quiet move leads to).
    pub fn swapped(&self) -> Material {
        Material {
            our_knights: self.their_knights,
            our_men: self.their_men,
            their_knights: self.our_knights,
            their_men: self.our_men,
        }
    }

    pub fn pieces(&self) -> u32 {
        self.our_knights + self.our_men + self.their_knights + self.their_men
    }

    /// A class the table holds: both sides have a piece, no more than the start's.
    pub fn is_playable(&self) -> bool {
        self.our_knights <= MAX_KNIGHTS
            && self.our_men <= MAX_MEN
            && self.their_knights <= MAX_KNIGHTS
            && self.their_men <= MAX_MEN
            && self.our_knights + self.our_men > 0
            && self.their_knights + self.their_men > 0
    }

    /// Number of indices in the class (0 for a class the table does not hold).
    pub fn size(&self) -> u64 {
        if !self.is_playable() {
            return 0;
        }
        let mut free = SQUARES;
        let mut n = 1u64;
        for (count, is_men) in self.groups() {
            n *= if is_men {
                binomial(free, count)
            } else if count == 1 {
                free as u64
            } else {
                1
            };
            free -= count;
        }
        n
    }

    fn groups(&self) -> [(u32, bool); 4] {
        [
            (self.our_knights, false),
            (self.our_men, true),
            (self.their_knights, false),
            (self.their_men, true),
        ]
    }
}

impl Pieces {
    pub fn material(&self) -> Material {
        Material {
            our_knights: self.our_knights.count_ones(),
            our_men: self.our_men.count_ones(),
            their_knights: self.their_knights.count_ones(),
            their_men: self.their_men.count_ones(),
        }
    }

    pub fn ours(&self) -> u32 {
        self.our_knights | self.our_men
    }

    pub fn theirs(&self) -> u32 {
        self.their_knights | self.their_men
    }

    pub fn occupied(&self) -> u32 {
        self.ours() | self.theirs()
    }

    /// A position the game can reach with us to move: none of ours in our goal (we
    /// would have won), none of theirs in our castle (they would have won).
    pub fn is_reachable(&self) -> bool {
        self.ours() & (1 << GOAL) == 0 && self.theirs() & (1 << OWN_CASTLE) == 0
    }

    /// The index of these pieces inside their class.
    pub fn index(&self) -> u64 {
        let groups = [
            (self.our_knights, false),
            (self.our_men, true),
            (self.their_knights, false),
            (self.their_men, true),
        ];
        let mut taken = 0u32;
        let mut free = SQUARES;
        let mut index = 0u64;
        for (set, is_men) in groups {
            let count = set.count_ones();
            let (radix, digit) = if is_men {
                (binomial(free, count), rank_set(set, taken))
            } else if count == 1 {
                (free as u64, compress(set.trailing_zeros(), taken) as u64)
            } else {
                (1, 0)
            };
            index = index * radix + digit;
            taken |= set;
            free -= count;
        }
        index
    }

    /// The pieces at `index` of class `m` (the inverse of [`Pieces::index`]).
    pub fn at(m: Material, mut index: u64) -> Pieces {
        let groups = m.groups();
        let mut radices = [1u64; 4];
        let mut free = SQUARES;
        for (g, &(count, is_men)) in groups.iter().enumerate() {
            radices[g] = if is_men {
                binomial(free, count)
            } else if count == 1 {
                free as u64
            } else {
                1
            };
            free -= count;
        }
        let mut digits = [0u64; 4];
        for g in (0..4).rev() {
            digits[g] = index % radices[g];
            index /= radices[g];
        }
        let mut sets = [0u32; 4];
        let mut taken = 0u32;
        for (g, &(count, is_men)) in groups.iter().enumerate() {
            sets[g] = if is_men {
                unrank_set(digits[g], count, taken)
            } else if count == 1 {
                1 << expand(digits[g] as u32, taken)
            } else {
                0
            };
            taken |= sets[g];
        }
        Pieces {
            our_knights: sets[0],
            our_men: sets[1],
            their_knights: sets[2],
            their_men: sets[3],
        }
    }

    /// After a move of ours that captures nothing and does not end the game, as the
    /// other side sees it.
    pub fn after_quiet(&self, from: u32, to: u32) -> Pieces {
        let mut p = *self;
        shift(&mut p.our_knights, &mut p.our_men, from, to);
        p.turned()
    }

    /// The board mirrored left to right (same side to move).
    pub fn mirrored(&self) -> Pieces {
        let m = |mask: u32| remap(mask, &tables().mirror);
        Pieces {
            our_knights: m(self.our_knights),
            our_men: m(self.our_men),
            their_knights: m(self.their_knights),
            their_men: m(self.their_men),
        }
    }

    /// The same board seen by the other side: ranks flipped, colours swapped.
    pub fn turned(&self) -> Pieces {
        let f = |mask: u32| remap(mask, &tables().flip);
        Pieces {
            our_knights: f(self.their_knights),
            our_men: f(self.their_men),
            their_knights: f(self.our_knights),
            their_men: f(self.our_men),
        }
    }

    /// The side to move's pieces of a Camette position, turned over if Black moves.
    pub fn of(pos: &Position) -> Pieces {
        let me = pos.turn().0 as usize;
        let turn = me == 1;
        let mut p = Pieces::default();
        for owner in 0..2 {
            for sq in pos.occ[owner].iter() {
                let i = if turn {
                    tables().flip[sq.index()]
                } else {
                    sq.0
                };
                let bit = 1u32 << i;
                let knight = is_knight(pos.cells[sq.index()]);
                match (owner == me, knight) {
                    (true, true) => p.our_knights |= bit,
                    (true, false) => p.our_men |= bit,
                    (false, true) => p.their_knights |= bit,
                    (false, false) => p.their_men |= bit,
                }
            }
        }
        p
    }

    /// The engine position: White (us) to move, with the castle obligations a game
    /// that reached it would carry (a piece in its own castle must leave it).
    pub fn position(&self) -> Position {
        let mut pos = template().clone();
        let put = |pos: &mut Position, mask: u32, owner: u8, kind: PieceKind| {
            for i in bits(mask) {
                pos.put(
                    Square(i as u8),
                    Piece {
                        owner: Player(owner),
                        kind,
                    },
                );
            }
        };
        put(&mut pos, self.our_knights, 0, PieceKind::Knight);
        put(&mut pos, self.our_men, 0, PieceKind::Man);
        put(&mut pos, self.their_knights, 1, PieceKind::Knight);
        put(&mut pos, self.their_men, 1, PieceKind::Man);
        let mut must_leave = SquareSet::EMPTY;
        if self.ours() & (1 << OWN_CASTLE) != 0 {
            must_leave.insert(Square(OWN_CASTLE as u8));
        }
        if self.theirs() & (1 << GOAL) != 0 {
            must_leave.insert(Square(GOAL as u8));
        }
        if !must_leave.is_empty() {
            pos.set_must_leave(must_leave);
        }
        pos
    }

    /// The castle obligations [`Pieces::position`] would give this board, turned back
    /// to `pos`'s squares: a position with other obligations is not in the table.
    pub fn implied_must_leave(&self, turned: bool) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        let at = |i: u32| {
            Square(if turned {
                tables().flip[i as usize]
            } else {
                i as u8
            })
        };
        if self.ours() & (1 << OWN_CASTLE) != 0 {
            set.insert(at(OWN_CASTLE));
        }
        if self.theirs() & (1 << GOAL) != 0 {
            set.insert(at(GOAL));
        }
        set
    }
}

/// The squares of a mask, lowest first.
pub fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros();
        mask &= mask - 1;
        Some(i)
    })
}

/// Neighbour and leap tables of the Camette board, and the rank flip.
pub struct Tables {
    pub flip: [u8; SQUARES as usize],
    /// Files mirrored (A and E swapped): the rules do not change, nor the value.
    pub mirror: [u8; SQUARES as usize],
    /// For each square and direction: the neighbour and the square beyond it.
    pub leaps: [[(u8, u8); 8]; SQUARES as usize],
    pub adjacent: [u32; SQUARES as usize],
}

pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let g = BoardGeometry::camette();
        let mut t = Tables {
            flip: [0; SQUARES as usize],
            mirror: [0; SQUARES as usize],
            leaps: [[(NONE, NONE); 8]; SQUARES as usize],
            adjacent: [0; SQUARES as usize],
        };
        for sq in g.squares() {
            let c = g.coord(sq);
            let turned = g
                .square(Coord::new(c.file, g.ranks - 1 - c.rank))
                .expect("the Camette board is symmetric");
            t.flip[sq.index()] = turned.0;
            t.mirror[sq.index()] = g
                .square(Coord::new(g.files - 1 - c.file, c.rank))
                .expect("the Camette board is symmetric")
                .0;
            for d in 0..8 {
                let mid = g.step(sq.0, d);
                if mid == NONE {
                    continue;
                }
                t.adjacent[sq.index()] |= 1 << mid;
                t.leaps[sq.index()][d] = (mid, g.step(mid, d));
            }
        }
        t
    })
}

/// A set of squares with each square replaced by its image under `map` (the rank flip
/// or the mirror of [`Tables`]).
fn remap(mask: u32, map: &[u8; SQUARES as usize]) -> u32 {
    bits(mask).fold(0, |m, i| m | 1 << map[i as usize])
}

/// Moves the piece on square `from` to square `to` in one side's two sets, whichever
/// holds it.
pub fn shift(knights: &mut u32, men: &mut u32, from: u32, to: u32) {
    let change = 1u32 << from | 1u32 << to;
    if *knights & 1 << from != 0 {
        *knights ^= change;
    } else {
        *men ^= change;
    }
}

fn template() -> &'static Position {
    static P: OnceLock<Position> = OnceLock::new();
    P.get_or_init(|| Position::empty(Variant::Camette))
}

/// `n` choose `k` for the small numbers here (`n` up to 23, `k` up to 3), from a table:
/// indexing asks for it several times a position.
pub fn binomial(n: u32, k: u32) -> u64 {
    const fn table() -> [[u64; 4]; 25] {
        let mut t = [[0u64; 4]; 25];
        let mut n = 0;
        while n < 25 {
            t[n][0] = 1;
            let mut k = 1;
            while k < 4 {
                t[n][k] = if n == 0 {
                    0
                } else {
                    t[n - 1][k - 1] + t[n - 1][k]
                };
                k += 1;
            }
            n += 1;
        }
        t
    }
    const T: [[u64; 4]; 25] = table();
    T[n as usize][k as usize]
}

/// A square's number among the squares not in `taken`.
fn compress(sq: u32, taken: u32) -> u32 {
    sq - (taken & ((1 << sq) - 1)).count_ones()
}

/// The square that is number `n` among those not in `taken`.
fn expand(n: u32, taken: u32) -> u32 {
    let mut left = n;
    for sq in 0..SQUARES {
        if taken & (1 << sq) == 0 {
            if left == 0 {
                return sq;
            }
            left -= 1;
        }
    }
    unreachable!("a class's index stays inside the board")
}

/// The combinatorial-number-system rank of a set among the free squares.
fn rank_set(set: u32, taken: u32) -> u64 {
    bits(set)
        .enumerate()
        .map(|(j, sq)| binomial(compress(sq, taken), j as u32 + 1))
        .sum()
}

fn unrank_set(mut rank: u64, count: u32, taken: u32) -> u32 {
    let mut set = 0;
    for j in (1..=count).rev() {
        let mut c = j - 1;
        while binomial(c + 1, j) <= rank {
            c += 1;
        }
        rank -= binomial(c, j);
        set |= 1 << expand(c, taken);
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_dense_and_round_trip() {
        for id in 0..CLASSES {
            let m = Material::of_class(id);
            assert_eq!(m.class(), id);
            let size = m.size();
            if size == 0 || size > 200_000 {
                continue;
            }
            for i in 0..size {
                let p = Pieces::at(m, i);
                assert_eq!(p.material(), m);
                assert_eq!(p.index(), i, "class {id}");
                assert_eq!(p.turned().turned(), p);
            }
        }
    }

    #[test]
    fn the_full_class_is_as_large_as_counted() {
        let full = Material {
            our_knights: 1,
            our_men: 3,
            their_knights: 1,
            their_men: 3,
        };
        // 23 * C(22,3) * 19 * C(18,3)
        assert_eq!(full.size(), 23 * 1540 * 19 * 816);
        let last = Pieces::at(full, full.size() - 1);
        assert_eq!(last.index(), full.size() - 1);
    }

    #[test]
    fn the_start_reads_back_from_both_sides() {
        let start = Position::start(Variant::Camette);
        let p = Pieces::of(&start);
        assert_eq!(p.material().pieces(), 8);
        assert_eq!(p.position().to_string(), start.to_string());
        let mut black = start.clone();
        black.set_turn(Player(1));
        // The start is symmetric: Black to move sees what White sees.
        assert_eq!(Pieces::of(&black), p);
    }
}
