//! How a game ends.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::piece::Side;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reason {
    /// Enough pieces in the goal castle.
    GoalCastle,
    /// Anti-Camelot: a piece entered the opponent's castle, which loses.
    EnteredEnemyCastle,
    /// All of one side's pieces were captured.
    AllCaptured,
    /// The side to move had no legal move.
    NoLegalMove,
    /// Both sides down to at most one piece.
    BarePieces,
    /// Grand Cam: no player of either partnership can move.
    NobodyCanMove,
    /// A claimed (or, in matches, automatic) repetition draw.
    Repetition,
    /// A claimed (or, in matches, automatic) 50-move draw.
    FiftyMoves,
    Resignation,
    Agreement,
    /// A clock ran out (online games with a clock or days a move).
    Time,
}

impl Reason {
    pub const ALL: [Reason; 11] = [
        Reason::GoalCastle,
        Reason::EnteredEnemyCastle,
        Reason::AllCaptured,
        Reason::NoLegalMove,
        Reason::BarePieces,
        Reason::NobodyCanMove,
        Reason::Repetition,
        Reason::FiftyMoves,
        Reason::Resignation,
        Reason::Agreement,
        Reason::Time,
    ];

    /// The reason [`Reason::describe`] wrote.
    pub fn from_description(text: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.describe() == text)
    }

    pub fn describe(self) -> &'static str {
        match self {
            Reason::GoalCastle => "pieces in the goal castle",
            Reason::EnteredEnemyCastle => "a piece entered the enemy castle",
            Reason::AllCaptured => "all pieces captured",
            Reason::NoLegalMove => "no legal move",
            Reason::BarePieces => "both sides have at most one piece",
            Reason::NobodyCanMove => "no player can move",
            Reason::Repetition => "threefold repetition",
            Reason::FiftyMoves => "50 moves without progress",
            Reason::Resignation => "resignation",
            Reason::Agreement => "agreement",
            Reason::Time => "time",
        }
    }
}

/// The result of a finished game: the side that won, or `None` for a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: Reason,
}

impl Outcome {
    pub fn win(side: Side, reason: Reason) -> Outcome {
        Outcome {
            winner: Some(side),
            reason,
        }
    }

    pub fn draw(reason: Reason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }

    /// The result for `side`: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn score_for(&self, side: Side) -> f64 {
        match self.winner {
            None => 0.5,
            Some(s) if s == side => 1.0,
            Some(_) => 0.0,
        }
    }

    /// The outcome a result token (`1-0`, `0-1`, `1/2-1/2`) and a reason in words name;
    /// `None` for anything else (`*`, an unknown reason).
    pub fn from_result(token: &str, reason: &str) -> Option<Outcome> {
        let reason = Reason::from_description(reason)?;
        match token {
            "1-0" => Some(Outcome::win(Side::First, reason)),
            "0-1" => Some(Outcome::win(Side::Second, reason)),
            "1/2-1/2" => Some(Outcome::draw(reason)),
            _ => None,
        }
    }

    /// The PGN-style result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_token(&self) -> &'static str {
        match self.winner {
            Some(Side::First) => "1-0",
            Some(Side::Second) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result_token(), self.reason.describe())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_back_from_their_token_and_words() {
        for r in Reason::ALL {
            assert_eq!(Reason::from_description(r.describe()), Some(r));
        }
        let o = Outcome::win(Side::Second, Reason::Time);
        assert_eq!(Outcome::from_result(o.result_token(), "time"), Some(o));
        assert_eq!(Outcome::from_result("*", "aborted"), None);
    }
}
