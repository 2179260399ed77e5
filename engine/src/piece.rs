//! Players and pieces.

use serde::{Deserialize, Serialize};

/// A seat: 0 White, 1 Black; in Grand Cam 0 Red, 1 Green, 2 Blue, 3 Yellow (turn order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Player(pub u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    Man,
    Knight,
}

impl Kind {
    pub fn letter(self) -> char {
        match self {
            Kind::Man => 'M',
            Kind::Knight => 'K',
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub owner: Player,
    pub kind: Kind,
}

/// Contents of one square in the mailbox: [`EMPTY`], [`BLOCKED`] (water or a tree) or a
/// piece code from [`code`].
pub type Cell = u8;
pub const EMPTY: Cell = 0;
pub const BLOCKED: Cell = 1;

#[inline]
pub const fn code(owner: u8, kind: Kind) -> Cell {
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
            Kind::Knight
        } else {
            Kind::Man
        },
    })
}
