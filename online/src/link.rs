//! A link to one game on a server: a thread of its own that connects, says hello,
//! passes messages both ways, and when the connection drops connects again and asks for
//! the whole game. Its owner talks to it through two channels, so it serves a frame loop
//! (the 3D table) and a plain program (`camelot-cli online`) alike.

use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc as tmpsc;
use tokio_tungstenite::tungstenite::Message;

use crate::address::ServerAddress;
use crate::connection::{connect, read, text};
use crate::error::{JoinError, OnlineError};
use crate::protocol::accounts::AccountToken;
use crate::protocol::{
    ClientMessage, ErrorCode, GameId, Hello, PlayerName, SeatToken, ServerMessage,
};

/// What the link tells its owner.
#[derive(Clone, Debug)]
pub enum LinkEvent {
    /// A message from the server. After every (re)connection the first is the whole
    /// game (`State`).
    Message(ServerMessage),
    /// The connection dropped; the link is trying again (away this long so far).
    Reconnecting {
        reason: Arc<OnlineError>,
        away: Duration,
    },
    /// The server refused the game or the seat (an unknown game, a wrong token, another
    /// protocol version): the link has stopped.
    Refused { code: ErrorCode, message: String },
    /// The server could not be reached for longer than the link was allowed to wait:
    /// the link has stopped.
    GaveUp {
        reason: Arc<OnlineError>,
        after: Duration,
    },
    /// The game was never had: the first connection failed before the server sent it
    /// (a server that cannot be reached, or a connection that broke at once). The link
    /// has stopped; no board should be shown for a game never received.
    Unreachable { reason: Arc<OnlineError> },
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

/// What a link's owner hears by, besides its events: a call made after every event is
/// queued (a window's event loop woken, so that what the server said is shown at once).
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// How a link behaves.
#[derive(Clone)]
pub struct LinkOptions {
    /// Stop after this long without a connection (`None`: never).
    pub give_up_after: Option<Duration>,
    /// Whether the first connection must reach the game: a game joined anew (from a
    /// code, the command line) must; one the owner already holds (reopened from a
    /// record) may wait for a server that is away.
    pub first_contact: FirstContact,
    /// Called after every event is queued.
    pub wake: Option<Waker>,
    /// The name a seat's hello gives.
    pub name: Option<PlayerName>,
    /// The account's session shown on every connection: a seat it holds is played
    /// without the seat's token.
    pub account: Option<AccountToken>,
}

impl LinkOptions {
    /// A link that keeps trying for `give_up_after` (or for ever), the first contact
    /// included, and wakes nobody.
    pub fn patient(give_up_after: Option<Duration>) -> LinkOptions {
        LinkOptions {
            give_up_after,
            first_contact: FirstContact::MayRetry,
            wake: None,
            name: None,
            account: None,
        }
    }

    /// A link to a game not yet had: the first connection failing ends it.
    pub fn joining(give_up_after: Option<Duration>) -> LinkOptions {
        LinkOptions {
            first_contact: FirstContact::MustSucceed,
            ..LinkOptions::patient(give_up_after)
        }
    }

    /// The same, giving the seat's player's name in every hello.
    pub fn named(self, name: Option<PlayerName>) -> LinkOptions {
        LinkOptions { name, ..self }
    }

    /// The same, as the account whose session `token` is.
    pub fn as_account(self, account: Option<AccountToken>) -> LinkOptions {
        LinkOptions { account, ..self }
    }

    /// The same, calling `wake` after every event.
    pub fn waking(self, wake: Waker) -> LinkOptions {
        LinkOptions {
            wake: Some(wake),
            ..self
        }
    }
}

impl std::fmt::Debug for LinkOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LinkOptions")
            .field("give_up_after", &self.give_up_after)
            .field("first_contact", &self.first_contact)
            .field("wake", &self.wake.is_some())
            .field("name", &self.name)
            .field("account", &self.account)
            .finish()
    }
}

/// Whether a link's first connection may fail and be tried again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstContact {
    MustSucceed,
    MayRetry,
}

/// The link's end of the events: each one queued, then the owner woken.
struct Outbox {
    tx: mpsc::Sender<LinkEvent>,
    wake: Option<Waker>,
}

impl Outbox {
    /// Queues an event; `Err` once the owner is gone.
    fn send(&self, event: LinkEvent) -> Result<(), ()> {
        self.tx.send(event).map_err(|_| ())?;
        if let Some(wake) = &self.wake {
            wake();
        }
        Ok(())
    }
}

/// The owner's end of a link. Dropping it closes the connection; the thread ends on its
/// own (`close` waits for it).
pub struct Link {
    commands: tmpsc::UnboundedSender<ClientMessage>,
    /// Behind a lock so that a link can sit in shared state (a game's resource).
    events: std::sync::Mutex<mpsc::Receiver<LinkEvent>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Link {
    /// Starts a link to `game` on `server`, playing the seat of `token` or, without
    /// one, watching.
    pub fn open(
        server: &ServerAddress,
        game: &GameId,
        token: Option<&SeatToken>,
        options: LinkOptions,
    ) -> Link {
        let (commands, command_rx) = tmpsc::unbounded_channel();
        let (tx, events) = mpsc::channel();
        let outbox = Outbox {
            tx,
            wake: options.wake.clone(),
        };
        let target = Target {
            server: server.clone(),
            game: game.clone(),
            token: token.cloned(),
            name: options.name.clone(),
            account: options.account.clone(),
        };
        let thread = std::thread::Builder::new()
            .name(format!("camelot-link-{}", game.as_str()))
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .expect("a runtime for the link");
                runtime.block_on(run(target, options, command_rx, outbox));
            })
            .expect("spawns the link's thread");
        Link {
            commands,
            events: std::sync::Mutex::new(events),
            thread: Some(thread),
        }
    }

    /// Queues a message for the server: sent now, or when the connection is back.
    pub fn send(&self, message: ClientMessage) {
        let _ = self.commands.send(message);
    }

    /// The next event, waiting at most `timeout`.
    pub fn recv_timeout(&self, timeout: Duration) -> Option<LinkEvent> {
        self.events.lock().ok()?.recv_timeout(timeout).ok()
    }

    /// Every event that has arrived, without waiting.
    pub fn try_recv(&self) -> Option<LinkEvent> {
        self.events.lock().ok()?.try_recv().ok()
    }
}

impl Link {
    /// Closes the connection and waits for the link's thread to end.
    pub fn close(mut self) {
        let (closed, _) = tmpsc::unbounded_channel();
        // Dropping the only sender closes the channel, which ends the link's loop.
        self.commands = closed;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

struct Target {
    server: ServerAddress,
    game: GameId,
    token: Option<SeatToken>,
    name: Option<PlayerName>,
    account: Option<AccountToken>,
}

/// How one connection ended.
enum Ended {
    /// The owner is gone.
    Closed,
    /// The server refused us: no use trying again.
    Refused { code: ErrorCode, message: String },
    /// The connection broke.
    Dropped(OnlineError),
}

async fn run(
    target: Target,
    options: LinkOptions,
    mut commands: tmpsc::UnboundedReceiver<ClientMessage>,
    events: Outbox,
) {
    let mut away_since: Option<Instant> = None;
    let mut wait = Duration::from_millis(200);
    let mut ever_joined = false;
    loop {
        let (ended, joined) = connect_once(&target, &mut commands, &events).await;
        if joined {
            // A connection that got as far as the game starts the count again.
            away_since = None;
            wait = Duration::from_millis(200);
            ever_joined = true;
        }
        match ended {
            Ended::Closed => return,
            Ended::Refused { code, message } => {
                let _ = events.send(LinkEvent::Refused { code, message });
                return;
            }
            // A game never had, where the first contact must succeed or waiting cannot
            // help (a certificate this machine does not trust).
            Ended::Dropped(reason)
                if !ever_joined
                    && (options.first_contact == FirstContact::MustSucceed
                        || reason.is_lasting()) =>
            {
                let reason = Arc::new(reason);
                let _ = events.send(LinkEvent::Unreachable { reason });
                return;
            }
            Ended::Dropped(reason) => {
                let since = *away_since.get_or_insert_with(Instant::now);
                let reason = Arc::new(reason);
                if options.give_up_after.is_some_and(|g| since.elapsed() >= g) {
                    // A game never had is said as a server never reached.
                    let _ = events.send(if ever_joined {
                        LinkEvent::GaveUp {
                            reason,
                            after: since.elapsed(),
                        }
                    } else {
                        LinkEvent::Unreachable { reason }
                    });
                    return;
                }
                let event = LinkEvent::Reconnecting {
                    reason,
                    away: since.elapsed(),
                };
                if events.send(event).is_err() {
                    return;
                }
            }
        }
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = wait_for_close(&mut commands) => return,
        }
        wait = (wait * 2).min(Duration::from_secs(2));
    }
}

/// Returns once the owner has closed the link; messages sent meanwhile stay queued.
async fn wait_for_close(commands: &mut tmpsc::UnboundedReceiver<ClientMessage>) {
    // `recv` would take a queued message off the queue; the channel's closed state is
    // only seen by polling, so poll slowly while the connection is away.
    while !commands.is_closed() {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// One connection, from connecting to its end; whether it joined the game.
async fn connect_once(
    target: &Target,
    commands: &mut tmpsc::UnboundedReceiver<ClientMessage>,
    events: &Outbox,
) -> (Ended, bool) {
    let mut joined = false;
    let ended = converse(target, commands, events, &mut joined).await;
    (ended, joined)
}

async fn converse(
    target: &Target,
    commands: &mut tmpsc::UnboundedReceiver<ClientMessage>,
    events: &Outbox,
    joined: &mut bool,
) -> Ended {
    let connecting = connect(&target.server, target.account.as_ref());
    let socket = match tokio::time::timeout(Duration::from_secs(10), connecting).await {
        Ok(Ok(s)) => s,
        Ok(Err(e)) => return Ended::Dropped(e),
        Err(_) => {
            return Ended::Dropped(OnlineError::Timeout {
                url: target.server.ws_url(),
                seconds: 10,
            })
        }
    };
    let (mut sink, mut stream) = socket.split();
    let hello = Hello::seat(&target.game, target.token.as_ref(), target.name.as_ref());
    if let Err(e) = sink.send(text(&hello.into())).await {
        return Ended::Dropped(OnlineError::Broken(Box::new(e)));
    }
    let mut ping = tokio::time::interval(Duration::from_secs(10));
    loop {
        tokio::select! {
            incoming = stream.next() => {
                let message = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) | None => return Ended::Dropped(OnlineError::Closed),
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => return Ended::Dropped(OnlineError::Broken(Box::new(e))),
                };
                let message = match read(&message) {
                    Ok(m) => m,
                    Err(e) => return Ended::Dropped(e),
                };
                // The link's own pings are answered to it alone: a pong wakes nobody.
                if let ServerMessage::Pong { .. } = message {
                    continue;
                }
                // The account's session ended: trying again would only come back as a
                // watcher; the player logs in again instead.
                if let ServerMessage::SignedOut { message, .. } = message {
                    return Ended::Refused { code: ErrorCode::SignedOut, message };
                }
                if !*joined {
                    match &message {
                        ServerMessage::State { .. } => *joined = true,
                        ServerMessage::Error { code, message } => {
                            return Ended::Refused { code: *code, message: message.clone() }
                        }
                        _ => {}
                    }
                }
                if events.send(LinkEvent::Message(message)).is_err() {
                    return Ended::Closed;
                }
            }
            command = commands.recv(), if *joined => {
                let Some(command) = command else {
                    let _ = sink.send(Message::Close(None)).await;
                    return Ended::Closed;
                };
                if let Err(e) = sink.send(text(&command)).await {
                    return Ended::Dropped(OnlineError::Broken(Box::new(e)));
                }
            }
            _ = ping.tick() => {
                if commands.is_closed() {
                    return Ended::Closed;
                }
                if let Err(e) = sink.send(text(&ClientMessage::Ping { n: 0 })).await {
                    return Ended::Dropped(OnlineError::Broken(Box::new(e)));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;

    /// A server nobody answers at (the discard port on loopback): a link joining a game
    /// anew says so at once; a patient one (`online play`'s) tries again until its time
    /// is up, then says the same thing, not that a game it never had was lost.
    #[test]
    fn a_server_never_reached_is_said_plainly_at_once_or_after_waiting() {
        let nobody = ServerAddress::parse("http://127.0.0.1:9").unwrap();
        let game = GameId::parse("abcdefgh").unwrap();
        let started = Instant::now();
        let joining = Link::open(
            &nobody,
            &game,
            None,
            LinkOptions::joining(Some(Duration::from_secs(60))),
        );
        match joining.recv_timeout(Duration::from_secs(10)) {
            Some(LinkEvent::Unreachable { .. }) => {}
            other => panic!("{other:?}"),
        }
        assert!(started.elapsed() < Duration::from_secs(5), "at once");
        let patience = Duration::from_millis(1500);
        let started = Instant::now();
        let patient = Link::open(&nobody, &game, None, LinkOptions::patient(Some(patience)));
        let mut tries = 0;
        loop {
            match patient.recv_timeout(Duration::from_secs(10)) {
                Some(LinkEvent::Reconnecting { .. }) => tries += 1,
                Some(LinkEvent::Unreachable { .. }) => break,
                other => panic!("after {tries} tries: {other:?}"),
            }
        }
        assert!(tries >= 2, "{tries} tries");
        assert!(started.elapsed() >= patience, "{:?}", started.elapsed());
    }
}
