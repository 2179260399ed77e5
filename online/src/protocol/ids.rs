//! The identities a game has on a server: its public id, and each seat's secret token.

use std::fmt;

use camelot_engine::Excerpt;
use serde::{Deserialize, Serialize};

/// A game's public id: what watchers need, and what an invitation names.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(String);

impl GameId {
    /// The longest id a server accepts.
    pub const MAX_LEN: usize = 64;

    /// An id as given: letters and digits, at most [`GameId::MAX_LEN`] of them.
    pub fn parse(s: &str) -> Result<GameId, BadGameId> {
        if !s.is_empty() && s.len() <= Self::MAX_LEN && s.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            Ok(GameId(s.to_string()))
        } else {
            Err(BadGameId(Excerpt::new(s)))
        }
    }

    /// Whether the id has the form of one (a peer may send anything).
    pub fn is_well_formed(&self) -> bool {
        GameId::parse(&self.0).is_ok()
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::str::FromStr for GameId {
    type Err = BadGameId;

    fn from_str(s: &str) -> Result<GameId, BadGameId> {
        GameId::parse(s)
    }
}

/// Text that is not a game id.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a game id (letters and digits, at most {max})", max = GameId::MAX_LEN)]
pub struct BadGameId(pub Excerpt);

/// A seat's secret: whoever holds it plays the seat. Its `Debug` does not show it.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatToken(String);

impl SeatToken {
    pub fn new(token: impl Into<String>) -> SeatToken {
        SeatToken(token.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::str::FromStr for SeatToken {
    type Err = std::convert::Infallible;

    fn from_str(s: &str) -> Result<SeatToken, std::convert::Infallible> {
        Ok(SeatToken::new(s.trim()))
    }
}

impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(..)")
    }
}

impl fmt::Display for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
