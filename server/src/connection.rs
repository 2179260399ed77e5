//! One WebSocket connection: a client that creates or lists games, or joins one as a
//! seat (with its token) or a watcher. One task reads the client's messages and the
//! game's broadcasts and writes to the client. Bad input is answered with an error
//! message; a client that floods, keeps sending garbage, or sends an oversized frame
//! loses its own connection and nothing else.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{Message, WebSocket};
use camelot_engine::Player;
use camelot_online::protocol::{
    check_version, ClientMessage, ErrorCode, GameId, GameSummary, SeatToken, ServerMessage,
    PROTOCOL_VERSION,
};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::broadcast;

use crate::hub::{Broadcast, CreateError, Hub, Hubs};
use crate::live::{LiveGame, Refusal};
use crate::tokens;

/// Messages a connection may send in a burst, and how many a second on average. A move
/// the server stores is not counted: turn-taking already bounds those (a seat moves
/// once, then waits for the others), so the limit falls on what a flood would send:
/// refused moves, requests, garbage.
const BURST: f64 = 40.0;
const PER_SECOND: f64 = 20.0;
/// Unreadable messages tolerated before the connection is closed.
const MAX_BAD: u32 = 10;

/// A token bucket: each message takes one; they come back at `PER_SECOND`.
struct RateLimit {
    tokens: f64,
    last: Instant,
}

impl RateLimit {
    fn new() -> RateLimit {
        RateLimit {
            tokens: BURST,
            last: Instant::now(),
        }
    }

    /// Gives back the message's token (a stored move).
    fn refund(&mut self) {
        self.tokens = (self.tokens + 1.0).min(BURST);
    }

    fn allow(&mut self) -> bool {
        let now = Instant::now();
        self.tokens =
            (self.tokens + now.duration_since(self.last).as_secs_f64() * PER_SECOND).min(BURST);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// A game this connection has joined.
struct Joined {
    hub: Arc<Hub>,
    rx: broadcast::Receiver<Broadcast>,
    seat: Option<Player>,
}

type Sink = SplitSink<WebSocket, Message>;

/// How handling a message went.
enum Next {
    Go,
    /// A move was stored.
    Stored,
    /// Say this, then close.
    Close(ServerMessage),
}

pub async fn serve(socket: WebSocket, hubs: Arc<Hubs>) {
    let (mut sink, mut stream) = socket.split();
    let mut joined: Option<Joined> = None;
    let end = converse(&hubs, &mut sink, &mut stream, &mut joined).await;
    if let Some(last) = end {
        let _ = send(&mut sink, &last).await;
    }
    let _ = sink.send(Message::Close(None)).await;
    if let Some(j) = joined {
        if let Some(seat) = j.seat {
            let colour = j.hub.state.lock().await.seat_colour(seat);
            j.hub.seat_presence(seat, colour, -1);
        }
        hubs.leave(j.hub, j.rx).await;
    }
}

/// The conversation, until either side ends it; a last message to send, if any.
async fn converse(
    hubs: &Hubs,
    sink: &mut Sink,
    stream: &mut SplitStream<WebSocket>,
    joined: &mut Option<Joined>,
) -> Option<ServerMessage> {
    let mut limit = RateLimit::new();
    let mut bad = 0;
    loop {
        let incoming = match joined {
            Some(j) => tokio::select! {
                m = stream.next() => Incoming::Client(m),
                b = j.rx.recv() => Incoming::Game(b),
            },
            None => Incoming::Client(stream.next().await),
        };
        let text = match incoming {
            Incoming::Game(b) => {
                let j = joined.as_mut().expect("a game is joined");
                if forward(sink, j, b).await.is_err() {
                    return None;
                }
                continue;
            }
            Incoming::Client(Some(Ok(Message::Text(t)))) => t,
            Incoming::Client(Some(Ok(Message::Close(_)))) | Incoming::Client(None) => return None,
            Incoming::Client(Some(Ok(Message::Binary(_)))) => {
                return Some(ServerMessage::error(
                    ErrorCode::Unreadable,
                    "binary frames are not part of the protocol",
                ));
            }
            Incoming::Client(Some(Ok(_))) => continue,
            Incoming::Client(Some(Err(e))) => {
                // Oversized frames and broken connections end here.
                return Some(ServerMessage::error(
                    ErrorCode::Connection,
                    format!("connection closed: {e}"),
                ));
            }
        };
        if !limit.allow() {
            return Some(ServerMessage::error(
                ErrorCode::Flood,
                format!("too many messages: at most {PER_SECOND} a second"),
            ));
        }
        let message = match serde_json::from_str::<ClientMessage>(&text) {
            Ok(m) => m,
            Err(e) => {
                bad += 1;
                let reply = ServerMessage::error(
                    ErrorCode::Unreadable,
                    format!("not a message of protocol version {PROTOCOL_VERSION}: {e}"),
                );
                if bad >= MAX_BAD {
                    return Some(reply);
                }
                if send(sink, &reply).await.is_err() {
                    return None;
                }
                continue;
            }
        };
        match handle(hubs, sink, joined, message).await {
            Ok(Next::Stored) => limit.refund(),
            Ok(Next::Go) => {}
            Ok(Next::Close(last)) => return Some(last),
            Err(()) => return None,
        }
    }
}

enum Incoming {
    Client(Option<Result<Message, axum::Error>>),
    Game(Result<Broadcast, broadcast::error::RecvError>),
}

/// Passes a broadcast on; a connection that fell behind gets the whole game again.
async fn forward(
    sink: &mut Sink,
    j: &mut Joined,
    b: Result<Broadcast, broadcast::error::RecvError>,
) -> Result<(), ()> {
    match b {
        Ok(Broadcast::Message(text)) => sink
            .send(Message::Text(text.as_ref().into()))
            .await
            .map_err(|_| ()),
        Ok(Broadcast::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {
            let state = state_of(&j.hub, j.seat).await;
            send(sink, &state).await
        }
        Err(broadcast::error::RecvError::Closed) => Err(()),
    }
}

async fn state_of(hub: &Hub, seat: Option<Player>) -> ServerMessage {
    let g = hub.state.lock().await;
    ServerMessage::State {
        v: PROTOCOL_VERSION,
        you: seat.map(|s| g.seat_colour(s)),
        game: Box::new(hub.view(&g)),
    }
}

async fn send(sink: &mut Sink, m: &ServerMessage) -> Result<(), ()> {
    let text = serde_json::to_string(m).expect("messages serialise");
    sink.send(Message::Text(text.into())).await.map_err(|_| ())
}

async fn handle(
    hubs: &Hubs,
    sink: &mut Sink,
    joined: &mut Option<Joined>,
    message: ClientMessage,
) -> Result<Next, ()> {
    let reply = match message {
        ClientMessage::Ping { n } => ServerMessage::Pong { n },
        ClientMessage::Create { v, variant, time } => {
            if let Err(e) = check_version(v) {
                return Ok(Next::Close(ServerMessage::error(
                    ErrorCode::Version,
                    e.to_string(),
                )));
            }
            match hubs.create(variant, time).await {
                Ok((game, seats)) => ServerMessage::Created {
                    game,
                    seats: seats.into_iter().collect(),
                },
                Err(e @ CreateError::Time(_)) => {
                    ServerMessage::error(ErrorCode::BadTimeControl, e.to_string())
                }
                Err(e @ CreateError::Storage(_)) => {
                    ServerMessage::error(ErrorCode::Storage, e.to_string())
                }
            }
        }
        ClientMessage::List { v } => {
            if let Err(e) = check_version(v) {
                return Ok(Next::Close(ServerMessage::error(
                    ErrorCode::Version,
                    e.to_string(),
                )));
            }
            match list(hubs).await {
                Ok(games) => ServerMessage::Games { games },
                Err(e) => {
                    eprintln!("camelot-server: listing games: {e}");
                    ServerMessage::error(ErrorCode::Storage, "the server cannot read its games")
                }
            }
        }
        ClientMessage::Hello { v, game, token } => {
            if joined.is_some() {
                ServerMessage::error(
                    ErrorCode::AlreadyJoined,
                    "this connection has joined a game already",
                )
            } else {
                return hello(hubs, sink, joined, v, &game, token.as_ref()).await;
            }
        }
        other => match joined {
            None => ServerMessage::error(ErrorCode::NotJoined, "say hello to a game first"),
            Some(j) => {
                let reply = act(hubs, j, other).await;
                // What the request changed reaches this connection before its answer:
                // an acknowledged move is already in the client's copy of the game.
                loop {
                    match j.rx.try_recv() {
                        Ok(b) => forward(sink, j, Ok(b)).await?,
                        Err(broadcast::error::TryRecvError::Lagged(n)) => {
                            forward(sink, j, Err(broadcast::error::RecvError::Lagged(n))).await?
                        }
                        Err(_) => break,
                    }
                }
                match reply {
                    Some(reply) => reply,
                    None => return Ok(Next::Go),
                }
            }
        },
    };
    send(sink, &reply).await?;
    Ok(match reply {
        ServerMessage::Ack { .. } => Next::Stored,
        _ => Next::Go,
    })
}

/// Joins a game as a seat or a watcher and sends it whole.
async fn hello(
    hubs: &Hubs,
    sink: &mut Sink,
    joined: &mut Option<Joined>,
    v: u32,
    game: &GameId,
    token: Option<&SeatToken>,
) -> Result<Next, ()> {
    if let Err(e) = check_version(v) {
        return Ok(Next::Close(ServerMessage::error(
            ErrorCode::Version,
            e.to_string(),
        )));
    }
    let cannot_read = |e: &dyn std::fmt::Display| {
        eprintln!("camelot-server: game {}: {e}", clip(game.as_str()));
        Next::Close(ServerMessage::error(
            ErrorCode::Storage,
            "the server cannot read its games",
        ))
    };
    let (hub, rx) = match hubs.join(game).await {
        Ok(Some(found)) => found,
        Ok(None) => {
            return Ok(Next::Close(ServerMessage::error(
                ErrorCode::NoSuchGame,
                format!("there is no game '{}'", clip(game.as_str())),
            )))
        }
        Err(e) => return Ok(cannot_read(&e)),
    };
    let seat = match token {
        None => None,
        Some(t) => match hubs.db.seat_of(&hub.id, &tokens::hash(t.as_str())).await {
            Ok(Some(seat)) => Some(seat),
            Ok(None) => {
                hubs.leave(hub, rx).await;
                return Ok(Next::Close(ServerMessage::error(
                    ErrorCode::WrongToken,
                    format!("that token holds no seat in game {game}"),
                )));
            }
            Err(e) => {
                hubs.leave(hub, rx).await;
                return Ok(cannot_read(&e));
            }
        },
    };
    if let Some(s) = seat {
        let colour = hub.state.lock().await.seat_colour(s);
        hub.seat_presence(s, colour, 1);
    }
    let state = state_of(&hub, seat).await;
    *joined = Some(Joined { hub, rx, seat });
    send(sink, &state).await?;
    Ok(Next::Go)
}

/// A seat's request on the joined game; the reply for this connection, if any.
async fn act(hubs: &Hubs, j: &Joined, message: ClientMessage) -> Option<ServerMessage> {
    let Some(seat) = j.seat else {
        return Some(match message {
            ClientMessage::Move { id, .. } => ServerMessage::Rejected {
                id,
                code: Refusal::Watcher.code(),
                reason: Refusal::Watcher.to_string(),
            },
            _ => refused(Refusal::Watcher),
        });
    };
    let done = match message {
        ClientMessage::Move { id, ply, mv } => {
            let r = hubs
                .act(&j.hub, |g: &mut LiveGame, now| g.play(seat, ply, &mv, now))
                .await;
            return Some(match r {
                Ok(plies) => ServerMessage::Ack {
                    id,
                    ply: plies as u32 - 1,
                },
                Err(refusal) => ServerMessage::Rejected {
                    id,
                    code: refusal.code(),
                    reason: refusal.to_string(),
                },
            });
        }
        ClientMessage::Offer { kind } => hubs.act(&j.hub, |g, _| g.offer(seat, kind)).await,
        ClientMessage::Accept { kind } => hubs.act(&j.hub, |g, _| g.accept(seat, kind)).await,
        ClientMessage::Decline { kind } => hubs.act(&j.hub, |g, _| g.decline(seat, kind)).await,
        ClientMessage::Resign => hubs.act(&j.hub, |g, _| g.resign(seat)).await,
        ClientMessage::Claim { kind } => hubs.act(&j.hub, |g, _| g.claim(seat, kind)).await,
        ClientMessage::Abort => hubs.act(&j.hub, |g, _| g.abort()).await,
        // Answered before a game's requests are (see `handle`).
        ClientMessage::Hello { .. }
        | ClientMessage::Create { .. }
        | ClientMessage::List { .. }
        | ClientMessage::Ping { .. } => return None,
    };
    // Success is announced to everyone; only a refusal is said to the asker alone.
    done.err().map(refused)
}

/// A refusal as the error message that says it.
fn refused(r: Refusal) -> ServerMessage {
    ServerMessage::error(r.code(), r.to_string())
}

/// The live games, with how many seats are connected where this process knows.
pub async fn list(hubs: &Hubs) -> Result<Vec<GameSummary>, sqlx::Error> {
    let mut games = hubs.db.live_games().await?;
    for g in &mut games {
        if let Some(hub) = hubs.held(&g.id).await {
            let p = hub.presence.lock().expect("presence");
            g.connected = p.connections.iter().filter(|&&c| c > 0).count() as u32;
        }
    }
    Ok(games)
}

/// At most 40 characters of what a client sent, for a message.
fn clip(s: &str) -> String {
    camelot_engine::Excerpt::new(s).to_string()
}
