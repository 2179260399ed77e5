//! Players and pieces.

use serde::{Deserialize, Serialize};

/// A seat: 0 White, 1 Black; in Grand Cam 0 Red, 1 Green, 2 Blue, 3 Yellow (turn order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Player(pub u8);

/// The colour that names a seat: White and Black, or Grand Cam's four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SeatColour {
    White,
    Black,
    Red,
    Green,
    Blue,
    Yellow,
}

impl SeatColour {
    pub const ALL: [SeatColour; 6] = [
        SeatColour::White,
        SeatColour::Black,
        SeatColour::Red,
        SeatColour::Green,
        SeatColour::Blue,
        SeatColour::Yellow,
    ];

    /// As position strings write it: `white`, `red`.
    pub fn name(self) -> &'static str {
        match self {
            SeatColour::White => "white",
            SeatColour::Black => "black",
            SeatColour::Red => "red",
            SeatColour::Green => "green",
            SeatColour::Blue => "blue",
            SeatColour::Yellow => "yellow",
        }
    }

    /// As players say it: `White`, `Red`.
    pub fn title(self) -> &'static str {
        match self {
            SeatColour::White => "White",
            SeatColour::Black => "Black",
            SeatColour::Red => "Red",
            SeatColour::Green => "Green",
            SeatColour::Blue => "Blue",
            SeatColour::Yellow => "Yellow",
        }
    }

    /// 0 to 5 in [`SeatColour::ALL`]'s order: an index into per-colour tables.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for SeatColour {
    /// As players say it: `White`, `Red`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.title())
    }
}

/// Text that names no seat's colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSeatColour(pub crate::Excerpt);

impl std::fmt::Display for UnknownSeatColour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "'{}' is no seat: White, Black, Red, Green, Blue or Yellow",
            self.0
        )
    }
}

impl std::error::Error for UnknownSeatColour {}

impl std::str::FromStr for SeatColour {
    type Err = UnknownSeatColour;

    /// `Black`, `black` or `BLACK`.
    fn from_str(s: &str) -> Result<SeatColour, UnknownSeatColour> {
        SeatColour::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownSeatColour(crate::Excerpt::new(s)))
    }
}

/// One side of a game: White or Black, or in Grand Cam a partnership (Red with Blue,
/// Green with Yellow). Results, resignations and scores belong to a side; moves to a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum Side {
    /// White; Red and Blue.
    First,
    /// Black; Green and Yellow.
    Second,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The side a seat plays for: seats alternate between the sides in turn order.
    pub const fn of(p: Player) -> Side {
        if p.0 & 1 == 0 {
            Side::First
        } else {
            Side::Second
        }
    }

    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first side, 1 for the second: an index into per-side arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side of index `i`'s parity: 0 the first, 1 the second, 2 the first again
    /// (matches alternate colours by game number this way).
    pub const fn from_index(i: usize) -> Side {
        if i & 1 == 0 {
            Side::First
        } else {
            Side::Second
        }
    }
}

impl From<Side> for u8 {
    fn from(s: Side) -> u8 {
        s as u8
    }
}

/// A number that names no side (sides are 0 and 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideIndexError(pub u8);

impl std::fmt::Display for SideIndexError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} is not a side (0 or 1)", self.0)
    }
}

impl std::error::Error for SideIndexError {}

impl TryFrom<u8> for Side {
    type Error = SideIndexError;

    fn try_from(n: u8) -> Result<Side, SideIndexError> {
        match n {
            0 => Ok(Side::First),
            1 => Ok(Side::Second),
            _ => Err(SideIndexError(n)),
        }
    }
}

/// One value for each side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T>(pub [T; 2]);

impl<T> std::ops::Index<Side> for BySide<T> {
    type Output = T;

    fn index(&self, s: Side) -> &T {
        &self.0[s.index()]
    }
}

impl<T> std::ops::IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, s: Side) -> &mut T {
        &mut self.0[s.index()]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PieceKind {
    Man,
    Knight,
}

impl PieceKind {
    pub const ALL: [PieceKind; 2] = [PieceKind::Man, PieceKind::Knight];

    pub fn letter(self) -> char {
        match self {
            PieceKind::Man => 'M',
            PieceKind::Knight => 'K',
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub owner: Player,
    pub kind: PieceKind,
}

/// Contents of one square in the mailbox: [`EMPTY`], [`BLOCKED`] (water or a tree) or a
/// piece code from [`code`].
pub type Cell = u8;
pub const EMPTY: Cell = 0;
pub const BLOCKED: Cell = 1;

#[inline]
pub const fn code(owner: u8, kind: PieceKind) -> Cell {
    2 + owner * 2 + kind as u8
}

#[inline]
pub const fn is_piece(c: Cell) -> bool {
    c >= 2
}

#[inline]
pub const fn owner_of(c: Cell) -> u8 {
    (c - 2) >> 1
}

/// Partnership of a piece code: seats 0 and 2 are one team, 1 and 3 the other.
#[inline]
pub const fn team_of(c: Cell) -> u8 {
    owner_of(c) & 1
}

#[inline]
pub const fn is_knight(c: Cell) -> bool {
    is_piece(c) && (c - 2) & 1 == 1
}

pub fn decode(c: Cell) -> Option<Piece> {
    is_piece(c).then(|| Piece {
        owner: Player(owner_of(c)),
        kind: if is_knight(c) {
            PieceKind::Knight
        } else {
            PieceKind::Man
        },
    })
}
