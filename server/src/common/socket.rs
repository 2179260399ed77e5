//! What every WebSocket the server keeps shares (the game socket and the site socket):
//! a write the client must take in time, a polite close, and a bucket of messages a
//! client may send.

use std::time::{Duration, Instant};

use axum::extract::ws::{Message, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};

/// A write the client does not take within this ends the connection.
pub const WRITE_DEADLINE: Duration = Duration::from_secs(10);
/// After its last word the server waits this long for the client's close frame (what
/// it sends after that, or that cannot be read as messages, the socket's lingering close
/// reads and drops).
const CLOSING: Duration = Duration::from_secs(2);

pub type Sink = SplitSink<WebSocket, Message>;

/// The client is gone, or stopped reading.
pub struct Gone;

/// One frame to the client, which must take it within [`WRITE_DEADLINE`].
pub async fn write(sink: &mut Sink, frame: Message) -> Result<(), Gone> {
    match tokio::time::timeout(WRITE_DEADLINE, sink.send(frame)).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(_)) | Err(_) => Err(Gone),
    }
}

/// A message to the client, as JSON text.
pub async fn send(sink: &mut Sink, m: &impl serde::Serialize) -> Result<(), Gone> {
    let text = serde_json::to_string(m).expect("messages serialise");
    write(sink, Message::Text(text.into())).await
}

/// Says goodbye with a close frame, then waits (a little) for the client's. What cannot
/// be read as messages (the rest of a refused message) is read and dropped by the
/// socket's lingering close (`listen::linger`), so the client gets both.
pub async fn close_politely(sink: &mut Sink, stream: &mut SplitStream<WebSocket>) {
    let _ = tokio::time::timeout(WRITE_DEADLINE, sink.send(Message::Close(None))).await;
    let _ = tokio::time::timeout(CLOSING, async {
        while let Some(Ok(m)) = stream.next().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// A token bucket: each message takes one; they come back at `per_second`, up to
/// `burst`.
pub struct RateLimit {
    tokens: f64,
    burst: f64,
    per_second: f64,
    last: Instant,
}

impl RateLimit {
    pub fn new(burst: f64, per_second: f64) -> RateLimit {
        RateLimit {
            tokens: burst,
            burst,
            per_second,
            last: Instant::now(),
        }
    }

    /// Gives back a message's token.
    pub fn refund(&mut self) {
        self.tokens = (self.tokens + 1.0).min(self.burst);
    }

    pub fn allow(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.per_second)
            .min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}
