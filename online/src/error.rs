//! What can go wrong talking to a server, as kinds a program can act on.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use crate::address::ServerAddress;
use crate::link::LinkEvent;
use crate::mirror::MirrorError;
use crate::protocol::{ErrorCode, GameId};

/// A request to a server that did not come to its answer.
#[derive(Debug)]
pub enum OnlineError {
    /// The server could not be reached at `url`.
    Connect {
        url: String,
        source: Box<tokio_tungstenite::tungstenite::Error>,
    },
    /// The server at `url` showed a certificate this machine does not trust, and why.
    Untrusted { url: String, why: String },
    /// No answer from `url` in so many seconds.
    Timeout { url: String, seconds: u64 },
    /// The server closed the connection.
    Closed,
    /// The connection broke.
    Broken(Box<tokio_tungstenite::tungstenite::Error>),
    /// The server sent a message this client cannot read.
    Unreadable(serde_json::Error),
    /// The server refused the request: its code, and its words for people.
    Refused { code: ErrorCode, message: String },
    /// The server answered with a message of another kind than the request asks for.
    Unexpected { expected: &'static str },
    /// The server's game could not be followed here.
    Mirror(MirrorError),
}

impl fmt::Display for OnlineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OnlineError::Connect { url, source } => write!(f, "cannot connect to {url}: {source}"),
            OnlineError::Untrusted { url, why } => {
                write!(f, "cannot trust the server at {url}: {why} ({TRUST_HINT})")
            }
            OnlineError::Timeout { url, seconds } => {
                write!(f, "no answer from {url} in {seconds} s")
            }
            OnlineError::Closed => f.write_str("the server closed the connection"),
            OnlineError::Broken(e) => write!(f, "the connection broke: {e}"),
            OnlineError::Unreadable(e) => {
                write!(f, "the server sent a message this client cannot read: {e}")
            }
            OnlineError::Refused { message, .. } => f.write_str(message),
            OnlineError::Unexpected { expected } => {
                write!(f, "the server did not answer with {expected}")
            }
            OnlineError::Mirror(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for OnlineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OnlineError::Connect { source, .. } => Some(source.as_ref()),
            OnlineError::Broken(e) => Some(e.as_ref()),
            OnlineError::Unreadable(e) => Some(e),
            OnlineError::Mirror(e) => Some(e),
            _ => None,
        }
    }
}

impl From<MirrorError> for OnlineError {
    fn from(e: MirrorError) -> Self {
        OnlineError::Mirror(e)
    }
}

/// Why a game could not be had, or was lost: said to a person as it is.
#[derive(Clone, Debug)]
pub enum JoinError {
    /// The server was never reached (or broke off before sending the game).
    Unreachable {
        server: ServerAddress,
        reason: Arc<OnlineError>,
    },
    /// The server does not know the game.
    NoSuchGame { server: ServerAddress, game: GameId },
    /// The server refused otherwise (a wrong token, another protocol version).
    Refused { code: ErrorCode, message: String },
    /// The server was lost and not found again in time.
    GaveUp {
        server: ServerAddress,
        reason: Arc<OnlineError>,
        after: Duration,
    },
}

impl JoinError {
    /// Why a link stopped, if its event says it stopped.
    pub fn of(event: &LinkEvent, server: &ServerAddress, game: &GameId) -> Option<JoinError> {
        Some(match event {
            LinkEvent::Unreachable { reason } => JoinError::Unreachable {
                server: server.clone(),
                reason: reason.clone(),
            },
            LinkEvent::Refused {
                code: ErrorCode::NoSuchGame,
                ..
            } => JoinError::NoSuchGame {
                server: server.clone(),
                game: game.clone(),
            },
            LinkEvent::Refused { code, message } => JoinError::Refused {
                code: *code,
                message: message.clone(),
            },
            LinkEvent::GaveUp { reason, after } => JoinError::GaveUp {
                server: server.clone(),
                reason: reason.clone(),
                after: *after,
            },
            LinkEvent::Message(_) | LinkEvent::Reconnecting { .. } => return None,
        })
    }
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

impl fmt::Display for JoinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JoinError::Unreachable { server, reason } => {
                write!(f, "Cannot reach the server at {server}: {}", cause(reason))
            }
            JoinError::NoSuchGame { server, game } => write!(f, "No game {game} on {server}"),
            JoinError::Refused { message, .. } => f.write_str(message),
            JoinError::GaveUp {
                server,
                reason,
                after,
            } => write!(
                f,
                "The server at {server} could not be reached for {} s: {}",
                after.as_secs(),
                cause(reason)
            ),
        }
    }
}

impl std::error::Error for JoinError {}
