//! Quick games: a player logged in asks for a variant and a time, and the server pairs
//! them with the waiting player of nearest rating, widening the range the longer they
//! wait. A request waits a while for its answer; a player still waiting asks again.

use camelot_engine::{SeatColour, Variant};
use serde::{Deserialize, Serialize};

use super::accounts::Done;
use super::requests::{Method, Request};
use super::{GameId, TimeControl};

/// `POST /pairing`: pair me for a rated game of `variant` at `time`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuickGame {
    pub variant: Variant,
    pub time: TimeControl,
}

impl Request for QuickGame {
    type Answer = Pairing;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        "/pairing".into()
    }
}

/// Where a quick game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Pairing {
    /// Nobody yet: ask again. The range of ratings met now, either side of mine.
    Waiting { waited_ms: u64, range: u32 },
    /// The game, and my seat in it (played by my account: no token).
    Paired { game: GameId, seat: SeatColour },
}

/// `DELETE /pairing`: I no longer wait.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CancelPairing {}

impl Request for CancelPairing {
    type Answer = Done;
    const METHOD: Method = Method::Delete;

    fn path(&self) -> String {
        "/pairing".into()
    }
}

/// The ratings either side of a player's that they meet after waiting `waited_ms`: 100,
/// and 10 more each second, up to 1,000.
pub fn range_after(waited_ms: i64) -> u32 {
    (100 + waited_ms.max(0) / 100).min(1000) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_widens_with_the_wait() {
        assert_eq!(range_after(0), 100);
        assert_eq!(range_after(5_000), 150);
        assert_eq!(range_after(60_000), 700);
        assert_eq!(range_after(3_600_000), 1000);
        let w: Pairing =
            serde_json::from_str(r#"{"state":"waiting","waited_ms":10,"range":100}"#).unwrap();
        assert_eq!(
            w,
            Pairing::Waiting {
                waited_ms: 10,
                range: 100
            }
        );
    }
}
