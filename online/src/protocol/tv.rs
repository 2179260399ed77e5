//! The server's TV: the top game of a tournament under way, or the computer's own match.
//!
//! | request | HTTP | answer |
//! |---|---|---|
//! | [`LookAtTv`] | `GET /tv/now` | [`TvNow`] |

use camelot_engine::Variant;
use serde::{Deserialize, Serialize};

use super::requests::{Method, Request};
use super::tournaments::TournamentId;
use super::GameId;

/// What the server's TV shows now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LookAtTv;

impl Serialize for LookAtTv {
    /// Nothing in a body.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit()
    }
}

impl Request for LookAtTv {
    type Answer = TvNow;
    const METHOD: Method = Method::Get;
    fn path(&self) -> String {
        "/tv/now".into()
    }
}

/// The server's TV: the game on it, being played or just over (kept on screen between
/// two matches), and, once it is over, the match that follows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TvNow {
    /// None before the first match starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<TvGame>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<TvNext>,
}

/// The game on the TV: the top game of a tournament under way where one is being
/// played, or else the computer's match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TvGame {
    pub id: GameId,
    pub variant: Variant,
    /// The tournament it is the top game of; none for the computer's match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TvTournament>,
}

/// The tournament whose top game the TV shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TvTournament {
    pub id: TournamentId,
    pub name: String,
}

/// The TV's next match: its game, and when it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TvNext {
    pub variant: Variant,
    /// Milliseconds from the answer; 0: any moment now.
    pub in_ms: u64,
}
