//! A solved position's value and its one-byte encoding in the table.

/// The byte of a draw (and, while solving, of a position not settled yet).
pub const DRAW_OR_UNKNOWN: u8 = 0;
/// The byte of an index no game can reach (a piece in a castle it could not stand in).
pub const UNREACHABLE: u8 = u8::MAX;

/// The value of a position for the side to move, with perfect play on both sides and no
/// draw claims: won or lost in so many plies (a ply is one player's move), or drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TablebaseValue {
    /// The side to move wins in this many plies (odd: its own move ends the game).
    Win(u32),
    /// The side to move loses in this many plies (even; 0: it has no legal move).
    Loss(u32),
    Draw,
}

impl TablebaseValue {
    /// The longest value a byte holds.
    pub const MAX_PLIES: u32 = 253;

    pub fn encode(self) -> u8 {
        match self {
            TablebaseValue::Draw => DRAW_OR_UNKNOWN,
            TablebaseValue::Win(n) | TablebaseValue::Loss(n) => {
                debug_assert!(n <= Self::MAX_PLIES);
                n as u8 + 1
            }
        }
    }

    /// `None` for an unreachable index.
    pub fn decode(b: u8) -> Option<TablebaseValue> {
        match b {
            DRAW_OR_UNKNOWN => Some(TablebaseValue::Draw),
            UNREACHABLE => None,
            b if (b - 1) % 2 == 1 => Some(TablebaseValue::Win(b as u32 - 1)),
            b => Some(TablebaseValue::Loss(b as u32 - 1)),
        }
    }

    /// Plies to the end (0 for a draw).
    pub fn plies(self) -> u32 {
        match self {
            TablebaseValue::Win(n) | TablebaseValue::Loss(n) => n,
            TablebaseValue::Draw => 0,
        }
    }

    /// The value of a move for its mover, from the value of the position it leads to
    /// (which is for the other side).
    pub fn from_child(child: TablebaseValue) -> TablebaseValue {
        match child {
            TablebaseValue::Win(n) => TablebaseValue::Loss(n + 1),
            TablebaseValue::Loss(n) => TablebaseValue::Win(n + 1),
            TablebaseValue::Draw => TablebaseValue::Draw,
        }
    }

    /// Better for the side to move: any win over a draw over any loss; a quicker win, a
    /// slower loss.
    pub fn rank(self) -> i64 {
        match self {
            TablebaseValue::Win(n) => 1_000 - n as i64,
            TablebaseValue::Draw => 0,
            TablebaseValue::Loss(n) => -1_000 + n as i64,
        }
    }
}

impl std::fmt::Display for TablebaseValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TablebaseValue::Win(n) => write!(f, "win in {n} plies"),
            TablebaseValue::Loss(n) => write!(f, "loss in {n} plies"),
            TablebaseValue::Draw => f.write_str("draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip() {
        for v in [
            TablebaseValue::Draw,
            TablebaseValue::Win(1),
            TablebaseValue::Win(253),
            TablebaseValue::Loss(0),
            TablebaseValue::Loss(252),
        ] {
            assert_eq!(TablebaseValue::decode(v.encode()), Some(v));
        }
        assert_eq!(TablebaseValue::decode(UNREACHABLE), None);
        assert_eq!(
            TablebaseValue::from_child(TablebaseValue::Loss(0)),
            TablebaseValue::Win(1)
        );
        assert!(TablebaseValue::Win(3).rank() > TablebaseValue::Win(5).rank());
        assert!(TablebaseValue::Loss(6).rank() > TablebaseValue::Loss(2).rank());
    }
}
