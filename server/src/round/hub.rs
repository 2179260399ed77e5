//! The games this process is serving: each a [`Hub`], the game's state (a cache of what
//! the database holds) behind a lock, and a channel to everyone connected to it. Every
//! change is stored first; only then is the cache updated and the change announced, so
//! nobody ever hears of a move the database does not hold. A game is read from the
//! database, and replayed, outside the lock on the map of games: a long game's replay
//! holds up nobody else's.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use camelot_engine::{EndReason, Player, SeatColour};
use camelot_online::protocol::{
    Accepted, BoardView, GameEnd, GameId, GameView, OfferKind, PlayerName, ServerMessage,
};
use tokio::sync::{broadcast, Mutex};

use crate::accounts::Account;
use crate::common::clock::now_ms;
use crate::games::{log_storage, Change, Holder, LiveGame, LoadError, Refusal, Status, WriteError};
use crate::queue::Wake;
use crate::setup::{self, Setup};
use crate::store::Db;

/// What a hub tells its connections.
#[derive(Clone, Debug)]
pub enum Broadcast {
    /// A message for everyone, as JSON.
    Message(Arc<str>),
    /// A move, as JSON: for every client, and for the clients that asked for the board
    /// (with the board and the next seat's legal moves).
    Moved {
        /// The ply the move is (a connection sent a whole game that holds it already
        /// passes it over).
        ply: u32,
        plain: Arc<str>,
        with_board: Arc<str>,
    },
    /// The history changed (a takeback, accepted as said): each connection sends its
    /// own `State`.
    Resync(Option<Accepted>),
    /// A rematch was agreed: each seat's connection is told its seat there.
    Rematch(Arc<RematchNews>),
}

/// A rematch agreed: its game, and the seat each of this game's seats takes there.
#[derive(Debug)]
pub struct RematchNews {
    pub game: GameId,
    /// By this game's seat, in turn order.
    pub seats: Vec<SeatColour>,
}

impl RematchNews {
    pub fn of(g: &LiveGame) -> Option<RematchNews> {
        Some(RematchNews {
            game: g.rematch.clone()?,
            seats: (0..g.seats())
                .map(|i| g.seat_colour(g.rematch_seat(Player(i as u8))))
                .collect(),
        })
    }
}

/// Who is connected to each seat.
#[derive(Default)]
pub struct Presence {
    pub connections: Vec<u32>,
    /// Since when (unix ms) a seat that had a player has had none.
    pub away_since: Vec<Option<i64>>,
}

pub struct Hub {
    pub id: GameId,
    pub state: Mutex<LiveGame>,
    pub tx: broadcast::Sender<Broadcast>,
    pub presence: StdMutex<Presence>,
    /// The connections that asked for the board ([`BoardsWanted`]): a move's board and
    /// legal moves are made only where one listens.
    boards: AtomicUsize,
}

/// A connection that asked for the board and legal moves after every move, counted by
/// its hub for as long as it is joined. Made under the game's lock, as every move is
/// announced, so that no move is announced without a board that such a connection needs.
pub struct BoardsWanted(Arc<Hub>);

impl BoardsWanted {
    pub fn new(hub: &Arc<Hub>) -> BoardsWanted {
        hub.boards.fetch_add(1, Ordering::SeqCst);
        BoardsWanted(hub.clone())
    }
}

impl Drop for BoardsWanted {
    fn drop(&mut self) {
        self.0.boards.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Hub {
    fn new(g: LiveGame) -> Hub {
        let seats = g.seats();
        Hub {
            id: g.id.clone(),
            tx: broadcast::channel(256).0,
            presence: StdMutex::new(Presence {
                connections: vec![0; seats],
                away_since: vec![None; seats],
            }),
            state: Mutex::new(g),
            boards: AtomicUsize::new(0),
        }
    }

    pub fn send(&self, m: &ServerMessage) {
        let text: Arc<str> = serde_json::to_string(m).expect("messages serialise").into();
        let _ = self.tx.send(Broadcast::Message(text));
    }

    /// The whole game as `you` sees it now.
    pub fn view(&self, g: &LiveGame) -> GameView {
        let p = self.presence.lock().expect("presence");
        let connected: Vec<bool> = p.connections.iter().map(|&c| c > 0).collect();
        g.view(now_ms(), &connected, &p.away_since)
    }

    /// A seat's player connected (`+1`) or left (`-1`); said to all when the seat's
    /// presence changes.
    pub fn seat_presence(&self, seat: Player, g: &LiveGame, delta: i32) {
        let changed = {
            let mut p = self.presence.lock().expect("presence");
            let i = seat.0 as usize;
            let before = p.connections[i];
            p.connections[i] = (before as i32 + delta).max(0) as u32;
            let now_connected = p.connections[i] > 0;
            p.away_since[i] = if now_connected { None } else { Some(now_ms()) };
            (before > 0) != now_connected
        };
        if changed {
            self.send(&ServerMessage::Presence {
                seat: g.seat_colour(seat),
                connected: delta > 0,
                name: g.seats.get(seat.0 as usize).and_then(|s| s.name.clone()),
            });
        }
    }
}

/// The round room's state: the games this process serves, each a [`Hub`], made when a
/// connection (or the computer, or a sweep of the clocks) first needs it and dropped when
/// nobody listens.
pub struct Hubs {
    pub db: Db,
    games: Mutex<HashMap<GameId, Arc<Hub>>>,
    /// A joined connection that says nothing this long (not even a pong to the server's
    /// pings) is closed.
    pub idle: Duration,
    /// Where a rematch agreed is set up.
    pub setup: Arc<Setup>,
    /// Rung when this process stores a change that leaves the computer a turn to play.
    pub wake: Wake,
}

impl Hubs {
    pub fn new(db: Db, idle: Duration, setup: Arc<Setup>, wake: Wake) -> Hubs {
        Hubs {
            db,
            games: Mutex::new(HashMap::new()),
            idle,
            setup,
            wake,
        }
    }

    /// A seat's player said hello: their name is kept (and said to all), and the game
    /// counts as joined. A player logged in (`me`) makes a seat no account holds theirs,
    /// under their account's name, in a game that is not rated (a rated game's seats are
    /// its players' from the start).
    pub async fn seat_joined(
        &self,
        hub: &Hub,
        seat: Player,
        name: Option<&PlayerName>,
        me: Option<&Account>,
    ) {
        let mut g = hub.state.lock().await;
        let i = seat.0 as usize;
        let claim = me.filter(|_| !g.rated && g.seats[i].account.is_none());
        let holder = match claim {
            Some(a) => setup::holder(&self.db, a, g.variant)
                .await
                .inspect_err(log_storage)
                .ok(),
            None => None,
        };
        let account_name = holder.as_ref().and_then(Holder::player_name);
        // An account's seat keeps its account's name.
        let name = match (&g.seats[i].account, &account_name) {
            (_, Some(n)) => Some(n),
            (Some(_), None) => None,
            (None, None) => name,
        };
        let renamed = name.is_some() && g.seats[i].name.as_ref() != name;
        if g.joined && !renamed && holder.is_none() {
            return;
        }
        let account = holder.as_ref().map(|h| h.id.as_str());
        if let Err(e) = self
            .db
            .seat_joined(&hub.id, seat, name.filter(|_| renamed), account)
            .await
        {
            // The name is a courtesy: the game goes on without it.
            log_storage(&e);
            return;
        }
        if !g.joined && g.computer_to_move().is_some() {
            // The computer thinks for a game once a person has come to it.
            self.wake.ring();
        }
        g.joined = true;
        if holder.is_some() {
            g.seats[i].account = holder;
        }
        if renamed {
            g.seats[i].name = name.cloned();
            hub.send(&ServerMessage::Seated {
                seat: g.seat_colour(seat),
                name: name.cloned(),
            });
        }
    }

    /// The hub of game `id` (read from the database if this process has none), and a
    /// subscription to it; `None` if there is no such game. The game is read and
    /// replayed with the map unlocked; a hub another connection made meanwhile wins.
    pub async fn join(
        &self,
        id: &GameId,
    ) -> Result<Option<(Arc<Hub>, broadcast::Receiver<Broadcast>)>, LoadError> {
        if !id.is_well_formed() {
            return Ok(None);
        }
        if let Some(h) = self.games.lock().await.get(id) {
            let rx = h.tx.subscribe();
            return Ok(Some((h.clone(), rx)));
        }
        let Some(g) = self.db.load(id).await? else {
            return Ok(None);
        };
        let mut games = self.games.lock().await;
        let hub = games
            .entry(id.clone())
            .or_insert_with(|| Arc::new(Hub::new(g)))
            .clone();
        let rx = hub.tx.subscribe();
        Ok(Some((hub, rx)))
    }

    /// A connection is done with `hub`: a hub nobody listens to is dropped (the
    /// database keeps the game).
    pub async fn leave(&self, hub: Arc<Hub>, rx: broadcast::Receiver<Broadcast>) {
        let mut games = self.games.lock().await;
        drop(rx);
        if hub.tx.receiver_count() == 0 {
            games.remove(&hub.id);
        }
    }

    /// The hubs this process holds now, if it holds `id`.
    pub async fn held(&self, id: &GameId) -> Option<Arc<Hub>> {
        self.games.lock().await.get(id).cloned()
    }

    /// Runs `op` on the game, stores what it changed, then takes the result for the
    /// truth and announces it. Where another process changed the game first, the game is
    /// read again and `op` tried once more on it. `op` is given the time now.
    pub async fn act(
        &self,
        hub: &Hub,
        op: impl Fn(&mut LiveGame, i64) -> Result<Change, Refusal>,
    ) -> Result<usize, Refusal> {
        self.act_if(hub, |g, now| op(g, now).map(Some))
            .await
            .map(|plies| plies.expect("every request changes the game or is refused"))
    }

    /// [`Hubs::act`] for an operation that may find nothing to do (`Ok(None)`).
    async fn act_if(
        &self,
        hub: &Hub,
        op: impl Fn(&mut LiveGame, i64) -> Result<Option<Change>, Refusal>,
    ) -> Result<Option<usize>, Refusal> {
        let mut state = hub.state.lock().await;
        for _ in 0..3 {
            let mut next = state.clone();
            let Some(change) = op(&mut next, now_ms())? else {
                return Ok(None);
            };
            match self.db.save(&next, &state, &change).await {
                Ok(()) => {
                    if next.rated && state.status == Status::Live && next.status != Status::Live {
                        // The ratings just settled: each seat shows its change.
                        match self.db.seat_infos(&next.id, next.variant.id()).await {
                            Ok(seats) => next.seats = seats,
                            Err(e) => log_storage(&e),
                        }
                    }
                    let old = std::mem::replace(&mut *state, next);
                    announce(hub, &old, &state);
                    if state.computer_to_move().is_some() {
                        self.wake.ring();
                    }
                    return Ok(Some(state.plies.len()));
                }
                Err(WriteError::Conflict) => {
                    let fresh = match self.db.load(&hub.id).await {
                        Ok(Some(g)) => g,
                        Ok(None) => return Err(Refusal::GameGone),
                        Err(e) => {
                            eprintln!("camelot-server: reading game {}: {e}", hub.id);
                            return Err(Refusal::Storage);
                        }
                    };
                    let old = std::mem::replace(&mut *state, fresh);
                    announce(hub, &old, &state);
                }
                Err(WriteError::Db(e)) => {
                    log_storage(&e);
                    return Err(Refusal::Storage);
                }
            }
        }
        Err(Refusal::Busy)
    }

    /// Another process changed game `id`: if this one serves it, read it again and
    /// announce what is new.
    pub async fn refresh(&self, id: &GameId) -> Result<(), LoadError> {
        let Some(hub) = self.held(id).await else {
            return Ok(());
        };
        let mut state = hub.state.lock().await;
        let Some(fresh) = self.db.load(id).await? else {
            return Ok(());
        };
        if fresh.plies != state.plies
            || fresh.status != state.status
            || fresh.offers != state.offers
            || fresh.seats != state.seats
            || fresh.rematch != state.rematch
        {
            let old = std::mem::replace(&mut *state, fresh);
            announce(&hub, &old, &state);
        }
        Ok(())
    }

    /// Ends on time every game whose mover has run out of it.
    pub async fn flag_overdue(&self) -> Result<(), sqlx::Error> {
        let now = now_ms();
        for id in self.db.overdue(now).await? {
            let (hub, rx) = match self.join(&id).await {
                Ok(Some(found)) => found,
                Ok(None) => continue,
                Err(e) => {
                    eprintln!("camelot-server: game {id}: {e}");
                    continue;
                }
            };
            if let Err(e) = self.act_if(&hub, |g, now| Ok(g.flag(now))).await {
                eprintln!("camelot-server: game {id}: {e}");
            }
            self.leave(hub, rx).await;
        }
        Ok(())
    }
}

/// Ends, every quarter of a second, the games whose mover's time ran out (or, under a
/// first-move limit, whose seat never came).
pub async fn flag_sweeper(hubs: Arc<Hubs>) {
    let mut tick = tokio::time::interval(std::time::Duration::from_millis(250));
    loop {
        tick.tick().await;
        if let Err(e) = hubs.flag_overdue().await {
            eprintln!("camelot-server: checking clocks: {e}");
        }
    }
}

/// Says to everyone connected what changed from `old` to `new`. Where what the seats may
/// ask changed, the last message of the news says so (a move's, an offer's, the end's).
fn announce(hub: &Hub, old: &LiveGame, new: &LiveGame) {
    let now = now_ms();
    let extends =
        new.plies.len() >= old.plies.len() && new.plies[..old.plies.len()] == old.plies[..];
    if !extends {
        // A history rewritten is a takeback accepted (or another process's change).
        let accepted = match (
            old.offers.get(OfferKind::Takeback),
            new.offers.get(OfferKind::Takeback),
        ) {
            (Some(p), None) => Some(Accepted {
                kind: OfferKind::Takeback,
                by: new.seat_colour(p),
            }),
            _ => None,
        };
        let _ = hub.tx.send(Broadcast::Resync(accepted));
        return;
    }
    let drawn_by_agreement = matches!(
        (old.status, new.status),
        (Status::Live, Status::Over(GameEnd::Decided(o))) if o.reason == EndReason::Agreement
    );
    let mut accepted = None;
    let mut news: Vec<ServerMessage> = Vec::new();
    let mut may = Some(new.may()).filter(|may| *may != old.may());
    for kind in [OfferKind::Draw, OfferKind::Takeback, OfferKind::Rematch] {
        if kind == OfferKind::Rematch && new.rematch.is_some() {
            // Agreed, not declined: the rematch itself is the news.
            continue;
        }
        let by = |p: Player| new.seat_colour(p);
        match (old.offers.get(kind), new.offers.get(kind)) {
            // The draw offer taken up: the end says so.
            (Some(p), None) if kind == OfferKind::Draw && drawn_by_agreement => {
                accepted = Some(Accepted { kind, by: by(p) });
            }
            (Some(p), None) => news.push(ServerMessage::Declined {
                kind,
                by: by(p),
                may: Vec::new(),
            }),
            (before, Some(p)) if before != Some(p) => news.push(ServerMessage::Offered {
                kind,
                by: by(p),
                may: Vec::new(),
            }),
            _ => {}
        }
    }
    if let (Status::Live, Status::Over(result)) = (old.status, new.status) {
        news.push(ServerMessage::Ended {
            result,
            may: Vec::new(),
            accepted,
        });
    }
    // The asks ride on the last offer or end, or else on the last move. (A rematch
    // agreed changes them too, to none: its own message says so.)
    if let Some(
        ServerMessage::Declined { may: said, .. }
        | ServerMessage::Offered { may: said, .. }
        | ServerMessage::Ended { may: said, .. },
    ) = news.last_mut()
    {
        *said = may.take().unwrap_or_default();
    }
    for (i, p) in new.plies.iter().enumerate().skip(old.plies.len()) {
        let last = i + 1 == new.plies.len();
        let mut moved = ServerMessage::Moved {
            ply: i as u32,
            mv: p.named.clone(),
            seat: new.seat_colour(p.seat),
            clocks: if last { new.clock_view(now) } else { None },
            move_due_ms: if last { new.move_due(now) } else { None },
            board: None,
            legal: Vec::new(),
            may: if last {
                may.take().unwrap_or_default()
            } else {
                Vec::new()
            },
        };
        let plain: Arc<str> = serde_json::to_string(&moved)
            .expect("messages serialise")
            .into();
        let with_board = if last && hub.boards.load(Ordering::SeqCst) > 0 {
            if let ServerMessage::Moved { board, legal, .. } = &mut moved {
                *board = Some(Box::new(BoardView::of(&new.game)));
                *legal = BoardView::legal(&new.game);
            }
            serde_json::to_string(&moved)
                .expect("messages serialise")
                .into()
        } else {
            plain.clone()
        };
        let _ = hub.tx.send(Broadcast::Moved {
            ply: i as u32,
            plain,
            with_board,
        });
    }
    for m in &news {
        hub.send(m);
    }
    for (i, (before, now)) in old.seats.iter().zip(&new.seats).enumerate() {
        if before != now && !now.open {
            hub.send(&ServerMessage::Seated {
                seat: new.seat_colour(Player(i as u8)),
                name: now.name.clone(),
            });
        }
    }
    if old.rematch.is_none() {
        if let Some(news) = RematchNews::of(new) {
            let _ = hub.tx.send(Broadcast::Rematch(Arc::new(news)));
        }
    }
}
