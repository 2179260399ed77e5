//! The site socket and who is around. A tab (or program) logged in keeps one live
//! connection to the server, `/site` (as lila-ws's site socket): the server sends the
//! account's challenges at once and again each time they change, and counts the account
//! as online while it is connected. `GET /online` says how many are online, who, and
//! who waits for a quick game.

use camelot_engine::Variant;
use serde::{Deserialize, Serialize};

use super::accounts::AccountName;
use super::challenges::ChallengeList;
use super::requests::{Method, Request};
use super::{ErrorCode, SessionEnd, TimeControl};

/// The path of the site socket.
pub const SITE_SOCKET: &str = "/site";

/// What the server says on the site socket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum SiteServerMessage {
    /// My challenges: once the socket opens, and each time they change.
    Challenges(ChallengeList),
    Pong {
        n: u64,
    },
    /// The session the socket was opened on ended: it closes after this.
    SignedOut {
        why: SessionEnd,
        message: String,
    },
    /// What could not be done; the socket closes after this.
    Error {
        #[serde(default)]
        code: ErrorCode,
        message: String,
    },
    /// A kind of message a newer server sends that this client does not know.
    #[serde(other)]
    Unheard,
}

/// What a client says on the site socket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum SiteClientMessage {
    /// Still here (a browser's socket answers the server's pings by itself; a program
    /// may ask too).
    Ping { n: u64 },
}

/// `GET /online`: who is around.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LookAround {}

impl Request for LookAround {
    type Answer = Around;
    const METHOD: Method = Method::Get;

    fn path(&self) -> String {
        "/online".into()
    }
}

/// Who is around now.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Around {
    /// Accounts with a site socket open, on any of the server's processes.
    pub online: u32,
    /// Some of them, the latest come first (at most [`Around::LISTED`]).
    pub players: Vec<AccountName>,
    /// The players waiting for a quick game, longest waiting first.
    pub waiting: Vec<WaitingPlayer>,
}

impl Around {
    pub const LISTED: usize = 20;
}

/// A player waiting to be paired: join them by asking for the same game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitingPlayer {
    pub name: AccountName,
    pub rating: i32,
    pub variant: Variant,
    pub time: TimeControl,
    /// How long they have waited (ms).
    pub waited_ms: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_site_sockets_messages_read_back() {
        let m = SiteServerMessage::Challenges(ChallengeList::default());
        let text = serde_json::to_string(&m).unwrap();
        assert_eq!(
            text,
            r#"{"t":"challenges","incoming":[],"outgoing":[],"seen":0}"#
        );
        assert_eq!(serde_json::from_str::<SiteServerMessage>(&text).unwrap(), m);
        let newer: SiteServerMessage = serde_json::from_str(r#"{"t":"tournament"}"#).unwrap();
        assert_eq!(newer, SiteServerMessage::Unheard);
        let ping: SiteClientMessage = serde_json::from_str(r#"{"t":"ping","n":3}"#).unwrap();
        assert_eq!(ping, SiteClientMessage::Ping { n: 3 });
    }
}
