//! A solved position's value and its one-byte encoding in the table.

/// The byte of a draw (and, while solving, of a position not settled yet).
pub const DRAW_OR_UNKNOWN: u8 = 0;
/// The byte of an index no game can reach (a piece in a castle it could not stand in).
pub const UNREACHABLE: u8 = u8::MAX;

/// The value of a position for the side to move, with perfect play on both sides and no
/// draw claims: won or lost in so many plies (a ply is one player's move), or drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies (odd: its own move ends the game).
    Win(u32),
    /// The side to move loses in this many plies (even; 0: it has no legal move).
    Loss(u32),
    Draw,
}

impl Value {
    /// The longest value a byte holds.
    pub const MAX_PLIES: u32 = 253;

    pub fn encode(self) -> u8 {
        match self {
            Value::Draw => DRAW_OR_UNKNOWN,
            Value::Win(n) | Value::Loss(n) => {
                debug_assert!(n <= Self::MAX_PLIES);
                n as u8 + 1
            }
        }
    }

    /// `None` for an unreachable index.
    pub fn decode(b: u8) -> Option<Value> {
        match b {
            DRAW_OR_UNKNOWN => Some(Value::Draw),
            UNREACHABLE => None,
            b if (b - 1) % 2 == 1 => Some(Value::Win(b as u32 - 1)),
            b => Some(Value::Loss(b as u32 - 1)),
        }
    }

    /// Plies to the end (0 for a draw).
    pub fn plies(self) -> u32 {
        match self {
            Value::Win(n) | Value::Loss(n) => n,
            Value::Draw => 0,
        }
    }

    /// The value of a move for its mover, from the value of the position it leads to
    /// (which is for the other side).
    pub fn from_child(child: Value) -> Value {
        match child {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Loss(n) => Value::Win(n + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// Better for the side to move: any win over a draw over any loss; a quicker win, a
    /// slower loss.
    pub fn rank(self) -> i64 {
        match self {
            Value::Win(n) => 1_000 - n as i64,
            Value::Draw => 0,
            Value::Loss(n) => -1_000 + n as i64,
        }
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Win(n) => write!(f, "win in {n} plies"),
            Value::Loss(n) => write!(f, "loss in {n} plies"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip() {
        for v in [
            Value::Draw,
            Value::Win(1),
            Value::Win(253),
            Value::Loss(0),
            Value::Loss(252),
        ] {
            assert_eq!(Value::decode(v.encode()), Some(v));
        }
        assert_eq!(Value::decode(UNREACHABLE), None);
        assert_eq!(Value::from_child(Value::Loss(0)), Value::Win(1));
        assert!(Value::Win(3).rank() > Value::Win(5).rank());
        assert!(Value::Loss(6).rank() > Value::Loss(2).rank());
    }
}
