//! How a game ends.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::piece::Side;
use crate::serde_name::serde_name;

/// Why a game ended. Its serde form is its [`EndReason::code`], what the online
/// protocol sends and the server stores; [`EndReason::describe`] is for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
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

impl EndReason {
    pub const ALL: [EndReason; 11] = [
        EndReason::GoalCastle,
        EndReason::EnteredEnemyCastle,
        EndReason::AllCaptured,
        EndReason::NoLegalMove,
        EndReason::BarePieces,
        EndReason::NobodyCanMove,
        EndReason::Repetition,
        EndReason::FiftyMoves,
        EndReason::Resignation,
        EndReason::Agreement,
        EndReason::Time,
    ];

    /// The reason's code: `goal_castle`, `time`, ... (its serde name).
    pub fn code(self) -> &'static str {
        serde_name(&self).expect("a reason is a unit variant")
    }

    /// The reason a [`EndReason::code`] names.
    pub fn from_code(code: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.code() == code)
    }

    /// The reason in words, for people.
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::GoalCastle => "pieces in the goal castle",
            EndReason::EnteredEnemyCastle => "a piece entered the enemy castle",
            EndReason::AllCaptured => "all pieces captured",
            EndReason::NoLegalMove => "no legal move",
            EndReason::BarePieces => "both sides have at most one piece",
            EndReason::NobodyCanMove => "no player can move",
            EndReason::Repetition => "threefold repetition",
            EndReason::FiftyMoves => "50 moves without progress",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Time => "time",
        }
    }
}

/// The result of a finished game: the side that won, or `None` for a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl Outcome {
    pub fn win(side: Side, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(side),
            reason,
        }
    }

    pub fn draw(reason: EndReason) -> Outcome {
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

    /// The outcome a result token (`1-0`, `0-1`, `1/2-1/2`) names, with its reason;
    /// `None` for anything else (`*`).
    pub fn from_result_token(token: &str, reason: EndReason) -> Option<Outcome> {
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
    fn results_read_back_from_their_token_and_code() {
        for r in EndReason::ALL {
            assert_eq!(EndReason::from_code(r.code()), Some(r));
            // The code is serde's name for the reason, spelled nowhere else.
            let json = serde_json::to_string(&r).unwrap();
            assert_eq!(json, format!("\"{}\"", r.code()));
        }
        let o = Outcome::win(Side::Second, EndReason::Time);
        assert_eq!(
            Outcome::from_result_token(o.result_token(), EndReason::Time),
            Some(o)
        );
        assert_eq!(Outcome::from_result_token("*", EndReason::Agreement), None);
        assert_eq!(EndReason::from_code("pieces in the goal castle"), None);
    }
}
