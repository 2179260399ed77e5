//! One site socket: a tab (or program) logged in, told its account's challenges at once
//! and each time they change, counted online while it is open. It says little itself
//! (pings); the server pings it when it is quiet, and closes it when nothing has been
//! heard for a minute, when it floods or keeps sending what is not a message, or when
//! the session it was opened on ends (saying why).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use camelot_online::protocol::site::{SiteClientMessage, SiteServerMessage};
use camelot_online::protocol::ErrorCode;
use futures_util::StreamExt;

use crate::accounts::{Account, Watched};
use crate::challenges::{self, ChallengeWatch};
use crate::common::clock::now_ms;
use crate::common::socket::{close_politely, send, write, Gone, RateLimit, Sink};
use crate::presence::present::Present;
use crate::store::Db;

/// A quiet socket is pinged after this; one that says nothing (not even the pong a
/// browser answers by itself) for [`IDLE`] is closed.
const PING_AFTER: Duration = Duration::from_secs(20);
const IDLE: Duration = Duration::from_secs(60);
/// Messages a client may send in a burst, and how many a second on average.
const BURST: f64 = 10.0;
const PER_SECOND: f64 = 1.0;
/// Unreadable messages tolerated before the socket is closed.
const MAX_BAD: u32 = 5;

/// What a site socket needs of the rooms it speaks for.
#[derive(Clone)]
pub struct SiteRooms {
    pub db: Db,
    pub challenges: Arc<ChallengeWatch>,
    pub present: Arc<Present>,
}

fn error(code: ErrorCode, message: impl Into<String>) -> SiteServerMessage {
    SiteServerMessage::Error {
        code,
        message: message.into(),
    }
}

/// Serves a socket opened by `me` (`None`: its handshake showed no live session, which
/// it is told before it closes).
pub async fn serve(socket: WebSocket, rooms: SiteRooms, me: Option<(Account, Watched)>) {
    let (mut sink, mut stream) = socket.split();
    let last = match me {
        None => Some(error(
            ErrorCode::NotSignedIn,
            "you are not logged in (your session may have ended)",
        )),
        Some((account, mut watched)) => {
            let _online = rooms.present.arrive(&account);
            converse(&rooms, &account, &mut watched, &mut sink, &mut stream).await
        }
    };
    if let Some(last) = last {
        if send(&mut sink, &last).await.is_ok() {
            close_politely(&mut sink, &mut stream).await;
        }
    }
}

/// Sends `account`'s challenges where they changed since `seen`.
async fn tell_challenges(
    rooms: &SiteRooms,
    account: &Account,
    sink: &mut Sink,
    seen: &mut Option<i64>,
) -> Result<(), Gone> {
    let list = match challenges::list_for(&rooms.db, &account.id, now_ms()).await {
        Ok(list) => list,
        // Told at the next change, or the next socket.
        Err(_) => return Ok(()),
    };
    if *seen != Some(list.seen) {
        *seen = Some(list.seen);
        send(sink, &SiteServerMessage::Challenges(list)).await?;
    }
    Ok(())
}

async fn converse(
    rooms: &SiteRooms,
    account: &Account,
    watched: &mut Watched,
    sink: &mut Sink,
    stream: &mut futures_util::stream::SplitStream<WebSocket>,
) -> Option<SiteServerMessage> {
    // Waiting before the first list is read: a change in between is not missed.
    let mut news = rooms.challenges.wait_for(&account.id);
    let mut seen = None;
    tell_challenges(rooms, account, sink, &mut seen)
        .await
        .ok()?;
    let mut limit = RateLimit::new(BURST, PER_SECOND);
    let mut bad = 0;
    let mut last_heard = tokio::time::Instant::now();
    let mut pinged = false;
    loop {
        let wake = if pinged {
            last_heard + IDLE
        } else {
            last_heard + PING_AFTER
        };
        tokio::select! {
            biased;
            why = watched.ended() => return Some(SiteServerMessage::SignedOut {
                why,
                message: why.to_string(),
            }),
            heard = news.news(Duration::from_secs(3600)) => {
                if heard {
                    tell_challenges(rooms, account, sink, &mut seen).await.ok()?;
                }
            }
            m = tokio::time::timeout_at(wake, stream.next()) => match m {
                Err(_) if !pinged => {
                    pinged = true;
                    write(sink, Message::Ping(Default::default())).await.ok()?;
                }
                Err(_) => return Some(error(
                    ErrorCode::Connection,
                    format!("nothing heard for {} s: closing", IDLE.as_secs()),
                )),
                Ok(None) | Ok(Some(Ok(Message::Close(_)))) => return None,
                Ok(Some(Err(e))) => return Some(error(
                    ErrorCode::Connection,
                    format!("connection closed: {e}"),
                )),
                Ok(Some(Ok(Message::Binary(_)))) => return Some(error(
                    ErrorCode::Unreadable,
                    "binary frames are not part of the protocol",
                )),
                Ok(Some(Ok(Message::Text(text)))) => {
                    (last_heard, pinged) = (tokio::time::Instant::now(), false);
                    if !limit.allow() {
                        return Some(error(
                            ErrorCode::Flood,
                            format!("too many messages: at most {PER_SECOND} a second"),
                        ));
                    }
                    match serde_json::from_str::<SiteClientMessage>(&text) {
                        Ok(SiteClientMessage::Ping { n }) => {
                            send(sink, &SiteServerMessage::Pong { n }).await.ok()?;
                        }
                        Err(e) => {
                            bad += 1;
                            let reply = error(ErrorCode::Unreadable, format!("not a site message: {e}"));
                            if bad >= MAX_BAD {
                                return Some(reply);
                            }
                            send(sink, &reply).await.ok()?;
                        }
                    }
                }
                // A ping or a pong: the client is there.
                Ok(Some(Ok(_))) => (last_heard, pinged) = (tokio::time::Instant::now(), false),
            },
        }
    }
}
