//! What can go wrong talking to a server, as kinds a program can act on.

use std::fmt;

use crate::mirror::MirrorError;
use crate::protocol::ErrorCode;

/// A request to a server that did not come to its answer.
#[derive(Debug)]
pub enum OnlineError {
    /// The server could not be reached at `url`.
    Connect {
        url: String,
        source: Box<tokio_tungstenite::tungstenite::Error>,
    },
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
