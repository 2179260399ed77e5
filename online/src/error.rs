//! What can go wrong talking to a server, as kinds a program can act on.

use std::sync::Arc;
use std::time::Duration;

use crate::address::ServerAddress;
use crate::mirror::MirrorError;
use crate::protocol::{ErrorCode, GameId};

/// A connection's own failure: a socket's, TLS's or HTTP's.
pub type Cause = Box<dyn std::error::Error + Send + Sync>;

/// A request to a server that did not come to its answer.
#[derive(Debug, thiserror::Error)]
pub enum OnlineError {
    /// The server could not be reached at `url`.
    #[error("cannot connect to {url}: {source}")]
    Connect { url: String, source: Cause },
    /// The server at `url` showed a certificate this machine does not trust, and why.
    #[error("cannot trust the server at {url}: {why} ({TRUST_HINT})")]
    Untrusted { url: String, why: String },
    #[error("no answer from {url} in {seconds} s")]
    Timeout { url: String, seconds: u64 },
    #[error("the server closed the connection")]
    Closed,
    #[error("the connection broke: {0}")]
    Broken(#[source] Cause),
    /// The server sent what this client cannot read.
    #[error("the server sent a message this client cannot read: {0}")]
    Unreadable(#[source] serde_json::Error),
    /// The server refused the request: its code, and its words for people.
    #[error("{message}")]
    Refused { code: ErrorCode, message: String },
    /// An HTTP answer that is neither the request's answer nor the protocol's refusal
    /// (a proxy's error page).
    #[error("the server answered HTTP {status}, not a game server's answer")]
    Status { status: u16 },
    /// The server's game could not be followed here.
    #[error(transparent)]
    Mirror(#[from] MirrorError),
}

impl OnlineError {
    /// The server's code, where the server refused.
    pub fn code(&self) -> Option<ErrorCode> {
        match self {
            OnlineError::Refused { code, .. } => Some(*code),
            _ => None,
        }
    }

    /// Whether trying again cannot help: a certificate this machine does not trust stays
    /// untrusted, whereas a server that is down may be up in a moment.
    pub fn is_lasting(&self) -> bool {
        matches!(self, OnlineError::Untrusted { .. })
    }
}

/// Why a game could not be had, or was lost: said to a person as it is.
#[derive(Clone, Debug, thiserror::Error)]
pub enum JoinError {
    /// The server was never reached (or broke off before sending the game).
    #[error("Cannot reach the server at {server}: {}", cause(reason))]
    Unreachable {
        server: ServerAddress,
        reason: Arc<OnlineError>,
    },
    #[error("No game {game} on {server}")]
    NoSuchGame { server: ServerAddress, game: GameId },
    /// The server refused otherwise (a wrong token, another protocol version).
    #[error("{message}")]
    Refused { code: ErrorCode, message: String },
    /// The server was lost and not found again in time.
    #[error("The server at {server} could not be reached for {} s: {}", after.as_secs(), cause(reason))]
    GaveUp {
        server: ServerAddress,
        reason: Arc<OnlineError>,
        after: Duration,
    },
}

/// How a certificate of one's own is trusted.
const TRUST_HINT: &str = "to trust it, name its certificate in SSL_CERT_FILE";

/// Why a connection failed, without the address the sentence around it names.
fn cause(e: &OnlineError) -> String {
    match e {
        OnlineError::Connect { source, .. } => source.to_string(),
        OnlineError::Untrusted { why, .. } => format!("{why} ({TRUST_HINT})"),
        OnlineError::Timeout { seconds, .. } => format!("no answer in {seconds} s"),
        other => other.to_string(),
    }
}
