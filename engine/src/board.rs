//! Board geometries: which squares exist and the step tables the generator walks.
//!
//! Cells are numbered rank by rank, file by file, so index order is the "rank, then file"
//! order used for listing squares everywhere.

use std::sync::OnceLock;

use crate::square::{Coord, Square, DIRECTIONS, MAX_FILES, MAX_RANKS};
use crate::square_set::SquareSet;

/// Marks "no square" in the step tables.
pub const NONE: u8 = u8::MAX;

/// One board shape.
#[derive(Debug)]
pub struct BoardGeometry {
    coords: Vec<Coord>,
    index: [u8; (MAX_FILES as usize) * (MAX_RANKS as usize)],
    /// `step[cell][dir]`: the neighbouring cell in that direction, or [`NONE`].
    step: Vec<[u8; 8]>,
    /// `leap[cell][dir]`: two steps in that direction (where a jump lands), or [`NONE`].
    leap: Vec<[u8; 8]>,
    /// `around[cell]`: the cell's neighbours as a set.
    around: Vec<SquareSet>,
    pub files: u8,
    pub ranks: u8,
}

impl BoardGeometry {
    /// Builds a board from its rows: for each rank from 1 up, the first and last file.
    fn from_rows(rows: &[(char, char)]) -> BoardGeometry {
        let mut coords = Vec::new();
        let mut index = [NONE; (MAX_FILES as usize) * (MAX_RANKS as usize)];
        let mut files = 0;
        for (rank, &(first, last)) in rows.iter().enumerate() {
            for f in (first as u8 - b'A')..=(last as u8 - b'A') {
                let c = Coord::new(f, rank as u8);
                index[Self::slot(c)] = coords.len() as u8;
                coords.push(c);
                files = files.max(f + 1);
            }
        }
        let mut g = BoardGeometry {
            coords,
            index,
            step: Vec::new(),
            leap: Vec::new(),
            around: Vec::new(),
            files,
            ranks: rows.len() as u8,
        };
        g.step = (0..g.coords.len())
            .map(|i| {
                let c = g.coords[i];
                let mut row = [NONE; 8];
                for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                    let (f, r) = (c.file as i8 + df, c.rank as i8 + dr);
                    if (0..MAX_FILES as i8).contains(&f) && (0..MAX_RANKS as i8).contains(&r) {
                        row[d] = g.index[Self::slot(Coord::new(f as u8, r as u8))];
                    }
                }
                row
            })
            .collect();
        g.leap = (0..g.coords.len())
            .map(|i| {
                std::array::from_fn(|d| match g.step[i][d] {
                    NONE => NONE,
                    over => g.step[over as usize][d],
                })
            })
            .collect();
        g.around = g.squares().map(|sq| g.neighbours(sq).collect()).collect();
        g
    }

    fn slot(c: Coord) -> usize {
        c.rank as usize * MAX_FILES as usize + c.file as usize
    }

    /// Number of squares on this board.
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    pub fn coord(&self, sq: Square) -> Coord {
        self.coords[sq.index()]
    }

    pub fn square(&self, c: Coord) -> Option<Square> {
        if c.file >= MAX_FILES || c.rank >= MAX_RANKS {
            return None;
        }
        match self.index[Self::slot(c)] {
            NONE => None,
            i => Some(Square(i)),
        }
    }

    /// Parses a square name on this board (case-insensitive).
    pub fn parse_square(&self, s: &str) -> Option<Square> {
        s.parse::<Coord>().ok().and_then(|c| self.square(c))
    }

    pub fn name(&self, sq: Square) -> String {
        self.coord(sq).to_string()
    }

    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.coords.len() as u8).map(Square)
    }

    /// The neighbour in direction `dir` (index into [`DIRECTIONS`]), or [`NONE`].
    #[inline]
    pub fn step(&self, sq: u8, dir: usize) -> u8 {
        // SAFETY-free fast path: every cell has a row of 8.
        self.step[sq as usize][dir]
    }

    #[inline]
    pub fn steps(&self, sq: u8) -> &[u8; 8] {
        &self.step[sq as usize]
    }

    /// Where a jump from `sq` in each direction lands (two steps), or [`NONE`].
    #[inline]
    pub fn leaps(&self, sq: u8) -> &[u8; 8] {
        &self.leap[sq as usize]
    }

    /// The squares next to `sq`.
    #[inline]
    pub fn around(&self, sq: Square) -> SquareSet {
        self.around[sq.index()]
    }

    /// King-step distances from the nearest square of `from` to every square, never
    /// entering `walls`; `u16::MAX` where unreachable.
    pub fn king_distances(&self, from: SquareSet, walls: SquareSet) -> [u16; 160] {
        let mut d = [u16::MAX; 160];
        let mut queue: Vec<Square> = from.iter().collect();
        for s in &queue {
            d[s.index()] = 0;
        }
        let mut head = 0;
        while head < queue.len() {
            let s = queue[head];
            head += 1;
            for n in self.neighbours(s) {
                if d[n.index()] == u16::MAX && !walls.contains(n) {
                    d[n.index()] = d[s.index()] + 1;
                    queue.push(n);
                }
            }
        }
        d
    }

    pub fn neighbours(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        self.step[sq.index()]
            .iter()
            .filter(|&&s| s != NONE)
            .map(|&s| Square(s))
    }

    /// The 160-square board of Camelot, River Camelot and Anti-Camelot.
    pub fn camelot() -> &'static BoardGeometry {
        static G: OnceLock<BoardGeometry> = OnceLock::new();
        G.get_or_init(|| {
            let mut rows = vec![('F', 'G'), ('C', 'J'), ('B', 'K')];
            rows.extend(std::iter::repeat_n(('A', 'L'), 10));
            rows.extend([('B', 'K'), ('C', 'J'), ('F', 'G')]);
            BoardGeometry::from_rows(&rows)
        })
    }

    /// The 93-square cross of Grand Cam (rank 3 is D3-J3: docs/rules.md, ruling 8, rules
    /// out the K3 misprint).
    pub fn grand_cam() -> &'static BoardGeometry {
        static G: OnceLock<BoardGeometry> = OnceLock::new();
        G.get_or_init(|| {
            BoardGeometry::from_rows(&[
                ('G', 'G'),
                ('F', 'H'),
                ('D', 'J'),
                ('C', 'K'),
                ('C', 'K'),
                ('B', 'L'),
                ('A', 'M'),
                ('B', 'L'),
                ('C', 'K'),
                ('C', 'K'),
                ('D', 'J'),
                ('F', 'H'),
                ('G', 'G'),
            ])
        })
    }

    /// The 23-square board of Camette.
    pub fn camette() -> &'static BoardGeometry {
        static G: OnceLock<BoardGeometry> = OnceLock::new();
        G.get_or_init(|| {
            BoardGeometry::from_rows(&[
                ('C', 'C'),
                ('B', 'D'),
                ('A', 'E'),
                ('A', 'E'),
                ('A', 'E'),
                ('B', 'D'),
                ('C', 'C'),
            ])
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(g: &BoardGeometry) -> Vec<String> {
        g.squares().map(|s| g.name(s)).collect()
    }

    #[test]
    fn square_counts_match_the_texts() {
        assert_eq!(BoardGeometry::camelot().len(), 160);
        assert_eq!(BoardGeometry::grand_cam().len(), 93);
        assert_eq!(BoardGeometry::camette().len(), 23);
    }

    #[test]
    fn camelot_square_list_matches_the_text_order() {
        let n = names(BoardGeometry::camelot());
        assert_eq!(
            &n[..12],
            &["F1", "G1", "C2", "D2", "E2", "F2", "G2", "H2", "I2", "J2", "B3", "C3"]
        );
        assert_eq!(&n[n.len() - 4..], &["I15", "J15", "F16", "G16"]);
    }

    #[test]
    fn grand_cam_has_no_k3_and_camette_matches_text() {
        let g = BoardGeometry::grand_cam();
        assert!(g.parse_square("K3").is_none());
        assert!(g.parse_square("J3").is_some());
        assert!(g.parse_square("M7").is_some());
        let n = names(BoardGeometry::camette());
        assert_eq!(
            n.join(","),
            "C1,B2,C2,D2,A3,B3,C3,D3,E3,A4,B4,C4,D4,E4,A5,B5,C5,D5,E5,B6,C6,D6,C7"
        );
    }

    #[test]
    fn steps_stay_on_the_board() {
        let g = BoardGeometry::camelot();
        let f1 = g.parse_square("F1").unwrap();
        let around: Vec<String> = g.neighbours(f1).map(|s| g.name(s)).collect();
        assert_eq!(around, vec!["F2", "G2", "G1", "E2"]);
        assert_eq!(g.around(f1), g.neighbours(f1).collect::<SquareSet>());
        let leaps: Vec<String> = g
            .leaps(f1.0)
            .iter()
            .filter(|&&s| s != NONE)
            .map(|&s| g.name(Square(s)))
            .collect();
        assert_eq!(leaps, vec!["F3", "H3", "D3"]);
    }

    /// The jump and neighbour tables are the step table taken twice and gathered, on
    /// every board.
    #[test]
    fn leaps_and_neighbour_sets_follow_the_steps() {
        for v in crate::variant::Variant::ALL {
            let g = v.rules().geometry;
            for sq in g.squares() {
                let around: SquareSet = g.neighbours(sq).collect();
                assert_eq!(g.around(sq), around);
                for d in 0..8 {
                    let over = g.step(sq.0, d);
                    let land = if over == NONE { NONE } else { g.step(over, d) };
                    assert_eq!(g.leaps(sq.0)[d], land, "{v:?} {sq:?} {d}");
                }
            }
        }
    }
}
