//! One WebSocket connection: a client that joins one game as a seat (with its token) or
//! a watcher; the one-shot requests are HTTP's (`service.rs`). One task reads the
//! client's messages and the game's broadcasts and writes to the client. Bad input is
//! answered with an error message; a client that floods, keeps sending garbage, sends an
//! oversized frame, says nothing, or stops reading loses its own connection and nothing
//! else, and is told why before it closes.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use camelot_engine::Player;
use camelot_online::protocol::{
    check_version, Accepted, BoardView, ClientMessage, ErrorCode, SeatToken, ServerMessage,
    SessionEnd, VersionMismatch, PROTOCOL_VERSION,
};
use futures_util::stream::SplitStream;
use futures_util::StreamExt;
use tokio::sync::broadcast;

use crate::accounts::Account;
use crate::accounts::Watched;
use crate::common::limits::AddressKey;
use crate::common::socket::{close_politely, send, write, Gone, RateLimit, Sink};
use crate::games::LiveGame;
use crate::round::hub::{BoardsWanted, Broadcast, Hub, Hubs, RematchNews};

mod said;

/// Messages a connection may send in a burst, and how many a second on average. A move
/// the server stores is not counted: turn-taking already bounds those (a seat moves
/// once, then waits for the others), so the limit falls on what a flood would send:
/// refused moves, requests, garbage.
const BURST: f64 = 40.0;
const PER_SECOND: f64 = 20.0;
/// Unreadable messages tolerated before the connection is closed.
const MAX_BAD: u32 = 10;
/// A new connection says what it wants within this.
const FIRST_MESSAGE: Duration = Duration::from_secs(10);
/// A quiet connection is pinged after this share of its idle deadline: a client that is
/// there answers with a pong by itself (a browser's socket does, whatever its page is
/// doing), and the pong counts as hearing from it.
const PING_AFTER_SHARE: u32 = 3;

/// A seat this connection plays, and the token that proved it.
struct Seat {
    player: Player,
    /// None for a seat joined by its account (a player logged in, on any device).
    token: Option<SeatToken>,
}

/// A game this connection has joined.
struct Joined {
    hub: Arc<Hub>,
    rx: broadcast::Receiver<Broadcast>,
    seat: Option<Seat>,
    /// The client has no rules of its own: it is sent the board and the legal moves
    /// (and is counted by the hub for as long as it is joined).
    board: Option<BoardsWanted>,
    /// The plies the client has been sent: a move it has (in a whole game sent after
    /// the move was announced) is not sent again, since its board would be the board
    /// before the latest.
    plies_sent: usize,
}

impl Joined {
    fn player(&self) -> Option<Player> {
        self.seat.as_ref().map(|s| s.player)
    }
}

/// How handling a message went.
enum Next {
    Go,
    /// A move was stored.
    Stored,
    /// Say this, then close.
    Close(Box<ServerMessage>),
}

/// The account a connection's handshake showed a session of, and the watch on that
/// session: once it ends, the connection acts for the account no more.
pub struct Admitted {
    pub account: Account,
    pub watched: Watched,
}

/// `client`: the address it comes from, whose allowance of new games a rematch it
/// agrees takes from.
/// `me`: the account the connection was admitted on, if any: a seat it says hello to is
/// that account's, in a game that is not rated. When its session ends the connection is
/// told why and closed, whatever it was doing.
pub async fn serve(socket: WebSocket, hubs: Arc<Hubs>, client: AddressKey, me: Option<Admitted>) {
    let (mut sink, mut stream) = socket.split();
    let mut joined: Option<Joined> = None;
    let (account, mut watched) = match me {
        Some(m) => (Some(m.account), Some(m.watched)),
        None => (None, None),
    };
    let end = converse(
        &hubs,
        client,
        (account.as_ref(), watched.as_mut()),
        &mut sink,
        &mut stream,
        &mut joined,
    )
    .await;
    if let Some(j) = joined {
        if let Some(seat) = &j.seat {
            let g = j.hub.state.lock().await;
            j.hub.seat_presence(seat.player, &g, -1);
        }
        hubs.leave(j.hub, j.rx).await;
    }
    if let Some(last) = end {
        if send(&mut sink, &last).await.is_ok() {
            close_politely(&mut sink, &mut stream).await;
        }
    }
}

/// Why the session a connection was admitted on ended, once it has; never for a
/// connection admitted on none.
async fn session_end(watched: &mut Option<&mut Watched>) -> SessionEnd {
    match watched {
        Some(w) => w.ended().await,
        None => std::future::pending().await,
    }
}

/// The conversation, until either side ends it, or the session it was admitted on
/// (`me`: the account and the watch on its session) ends; a last message to send, if
/// any. A session's end is heard between one message and the next: a request being
/// handled is finished (or refused) whole.
async fn converse(
    hubs: &Hubs,
    client: AddressKey,
    me: (Option<&Account>, Option<&mut Watched>),
    sink: &mut Sink,
    stream: &mut SplitStream<WebSocket>,
    joined: &mut Option<Joined>,
) -> Option<ServerMessage> {
    let (me, mut watched) = me;
    let mut limit = RateLimit::new(BURST, PER_SECOND);
    let mut bad = 0;
    let mut quiet = Quiet::new(hubs.idle);
    loop {
        let (wake, deadline) = quiet.wake();
        let from_client = tokio::time::timeout_at(wake, stream.next());
        let incoming = match joined {
            Some(j) => tokio::select! {
                biased;
                why = session_end(&mut watched) => Incoming::SignedOut(why),
                m = from_client => Incoming::Client(m),
                b = j.rx.recv() => Incoming::Game(b),
            },
            None => tokio::select! {
                biased;
                why = session_end(&mut watched) => Incoming::SignedOut(why),
                m = from_client => Incoming::Client(m),
            },
        };
        let text = match incoming {
            Incoming::SignedOut(why) => return Some(ServerMessage::signed_out(why)),
            Incoming::Game(b) => {
                let j = joined.as_mut().expect("a game is joined");
                if forward(sink, j, b).await.is_err() {
                    return None;
                }
                continue;
            }
            Incoming::Client(Err(_)) if wake < deadline => {
                // Quiet for a while: ask whether it is still there.
                quiet.pinged = true;
                if write(sink, Message::Ping(Default::default()))
                    .await
                    .is_err()
                {
                    return None;
                }
                continue;
            }
            Incoming::Client(Err(_)) => return Some(quiet.too_long()),
            Incoming::Client(Ok(m)) => match frame(m) {
                Frame::Text(t) => t,
                Frame::Present => {
                    quiet.heard_from();
                    continue;
                }
                Frame::End(last) => return last,
            },
        };
        quiet.heard_from();
        if !limit.allow() {
            return Some(ServerMessage::error(
                ErrorCode::Flood,
                format!("too many messages: at most {PER_SECOND} a second"),
            ));
        }
        if joined.is_none() {
            if let Err(other) = same_version(&text) {
                return Some(ServerMessage::error(ErrorCode::Upgrade, other.to_string()));
            }
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
        let handled = said::handle(hubs, client, me, sink, joined, message).await;
        // Only a hello that joined a game starts the game's socket.
        quiet.heard = joined.is_some();
        match handled {
            Ok(Next::Stored) => limit.refund(),
            Ok(Next::Go) => {}
            Ok(Next::Close(last)) => return Some(*last),
            Err(Gone) => return None,
        }
    }
}

/// A first message from a client of another protocol version (whatever it asks, as
/// version 3's one-shot requests did on this socket) is told to upgrade.
fn same_version(text: &str) -> Result<(), VersionMismatch> {
    #[derive(serde::Deserialize)]
    struct Stated {
        v: Option<u32>,
    }
    match serde_json::from_str::<Stated>(text) {
        Ok(Stated { v: Some(v) }) => check_version(v),
        _ => Ok(()),
    }
}

/// How long a connection has said nothing. Until it has joined a game it has
/// [`FIRST_MESSAGE`] from its opening, whatever else it sends (pings, requests that need
/// a game); then the deadline counts from what the client last said: moves forwarded to
/// it while it is silent do not restart it (a vanished client is closed, not kept
/// "present").
struct Quiet {
    /// It has joined a game with its hello.
    heard: bool,
    opened: tokio::time::Instant,
    last_heard: tokio::time::Instant,
    /// It was pinged since it last said something.
    pinged: bool,
    idle: Duration,
}

impl Quiet {
    fn new(idle: Duration) -> Quiet {
        Quiet {
            heard: false,
            opened: tokio::time::Instant::now(),
            last_heard: tokio::time::Instant::now(),
            pinged: false,
            idle,
        }
    }

    /// When to look up from reading (to ping, or at the deadline), and the deadline.
    fn wake(&self) -> (tokio::time::Instant, tokio::time::Instant) {
        let deadline = if self.heard {
            self.last_heard + self.idle
        } else {
            self.opened + FIRST_MESSAGE
        };
        let ping_at = self.last_heard + self.idle / PING_AFTER_SHARE;
        let wake = if self.heard && !self.pinged {
            ping_at
        } else {
            deadline
        };
        (wake, deadline)
    }

    fn heard_from(&mut self) {
        self.last_heard = tokio::time::Instant::now();
        self.pinged = false;
    }

    /// The last word to a connection that let its deadline pass.
    fn too_long(&self) -> ServerMessage {
        ServerMessage::error(
            ErrorCode::Connection,
            if self.heard {
                format!("nothing heard for {} s: closing", self.idle.as_secs())
            } else {
                format!("say hello within {} s", FIRST_MESSAGE.as_secs())
            },
        )
    }
}

/// What a frame from the client is to the conversation.
enum Frame {
    Text(axum::extract::ws::Utf8Bytes),
    /// A WebSocket ping or pong: the client is there.
    Present,
    /// The conversation is over, with a last word or none.
    End(Option<ServerMessage>),
}

fn frame(m: Option<Result<Message, axum::Error>>) -> Frame {
    match m {
        Some(Ok(Message::Text(t))) => Frame::Text(t),
        Some(Ok(Message::Close(_))) | None => Frame::End(None),
        Some(Ok(Message::Binary(_))) => Frame::End(Some(ServerMessage::error(
            ErrorCode::Unreadable,
            "binary frames are not part of the protocol",
        ))),
        Some(Ok(_)) => Frame::Present,
        // Oversized frames and broken connections end here.
        Some(Err(e)) => Frame::End(Some(ServerMessage::error(
            ErrorCode::Connection,
            format!("connection closed: {e}"),
        ))),
    }
}

enum Incoming {
    SignedOut(SessionEnd),
    Client(Result<Option<Result<Message, axum::Error>>, tokio::time::error::Elapsed>),
    Game(Result<Broadcast, broadcast::error::RecvError>),
}

/// Passes a broadcast on; a connection that fell behind gets the whole game again.
async fn forward(
    sink: &mut Sink,
    j: &mut Joined,
    b: Result<Broadcast, broadcast::error::RecvError>,
) -> Result<(), Gone> {
    match b {
        Ok(Broadcast::Message(text)) => write(sink, Message::Text(text.as_ref().into())).await,
        Ok(Broadcast::Moved {
            ply,
            plain,
            with_board,
        }) => {
            if (ply as usize) < j.plies_sent {
                return Ok(());
            }
            j.plies_sent = ply as usize + 1;
            let text = if j.board.is_some() { with_board } else { plain };
            write(sink, Message::Text(text.as_ref().into())).await
        }
        Ok(Broadcast::Resync(why)) => send_whole(sink, j, why).await,
        Err(broadcast::error::RecvError::Lagged(_)) => send_whole(sink, j, None).await,
        Ok(Broadcast::Rematch(news)) => send(sink, &rematch_for(&news, j.seat.as_ref())).await,
        Err(broadcast::error::RecvError::Closed) => Err(Gone),
    }
}

/// The whole game again, saying which offer's acceptance rewrote it, where one did.
async fn send_whole(sink: &mut Sink, j: &mut Joined, why: Option<Accepted>) -> Result<(), Gone> {
    let (mut state, plies) = state_of(&j.hub, j.player(), j.board.is_some()).await;
    if let ServerMessage::State { accepted, .. } = &mut state {
        *accepted = why;
    }
    j.plies_sent = plies;
    send(sink, &state).await
}

/// What a connection is told of a rematch: the game, and for a seat its seat and token.
fn rematch_for(news: &RematchNews, seat: Option<&Seat>) -> ServerMessage {
    ServerMessage::Rematch {
        game: news.game.clone(),
        seat: seat.and_then(|s| news.seats.get(s.player.0 as usize).copied()),
        token: seat.and_then(|s| s.token.clone()),
    }
}

/// The whole game as this connection is sent it (with the board and the legal moves
/// where it asked for them), and its plies.
async fn state_of(hub: &Hub, seat: Option<Player>, board: bool) -> (ServerMessage, usize) {
    let g = hub.state.lock().await;
    (state_in(hub, &g, seat, board), g.plies.len())
}

fn state_in(hub: &Hub, g: &LiveGame, seat: Option<Player>, board: bool) -> ServerMessage {
    let mut view = hub.view(g);
    if board {
        view.board = Some(BoardView::of(&g.game));
        view.legal = BoardView::legal(&g.game);
    }
    ServerMessage::State {
        v: PROTOCOL_VERSION,
        you: seat.map(|s| g.seat_colour(s)),
        game: Box::new(view),
        accepted: None,
    }
}
