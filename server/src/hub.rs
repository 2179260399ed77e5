//! The games this process is serving: each a [`Hub`], the game's state (a cache of what
//! the database holds) behind a lock, and a channel to everyone connected to it. Every
//! change is stored first; only then is the cache updated and the change announced, so
//! nobody ever hears of a move the database does not hold.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex as StdMutex};

use camelot_engine::{Player, SeatColour, Variant};
use camelot_online::protocol::{
    GameId, GameView, OfferKind, SeatToken, ServerMessage, TimeControl, TimeControlError,
};
use tokio::sync::{broadcast, Mutex};

use crate::db::{Db, LoadError, WriteError};
use crate::live::{Change, LiveGame, Refusal, Status};
use crate::tokens;

/// A game that could not be created.
#[derive(Debug)]
pub enum CreateError {
    Time(TimeControlError),
    Storage(sqlx::Error),
}

impl fmt::Display for CreateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CreateError::Time(e) => e.fmt(f),
            CreateError::Storage(_) => f.write_str("the server could not store the game"),
        }
    }
}

impl std::error::Error for CreateError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CreateError::Time(e) => Some(e),
            CreateError::Storage(e) => Some(e),
        }
    }
}

/// What a hub tells its connections.
#[derive(Clone, Debug)]
pub enum Broadcast {
    /// A message for everyone, as JSON.
    Message(Arc<str>),
    /// The history changed (a takeback): each connection sends its own `State`.
    Resync,
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
        }
    }

    fn send(&self, m: &ServerMessage) {
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
    pub fn seat_presence(&self, seat: Player, colour: SeatColour, delta: i32) {
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
                seat: colour,
                connected: delta > 0,
            });
        }
    }
}

pub struct Hubs {
    pub db: Db,
    games: Mutex<HashMap<GameId, Arc<Hub>>>,
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// A game's id: eight letters and digits, public.
const ID_LEN: usize = 8;

impl Hubs {
    pub fn new(db: Db) -> Hubs {
        Hubs {
            db,
            games: Mutex::new(HashMap::new()),
        }
    }

    /// Creates a game: its id, and each seat's token, in turn order.
    pub async fn create(
        &self,
        variant: Variant,
        time: TimeControl,
    ) -> Result<(GameId, Vec<(SeatColour, SeatToken)>), CreateError> {
        let time = time.check().map_err(CreateError::Time)?;
        let id = GameId::parse(&tokens::random(ID_LEN)).expect("letters and digits");
        let g = LiveGame::new(id.clone(), variant, time, now_ms());
        let rules = variant.rules();
        let tokens: Vec<(SeatColour, SeatToken)> = rules
            .players_in_order()
            .map(|p| (rules.seat_colour(p), SeatToken::new(tokens::new_token())))
            .collect();
        let hashes: Vec<String> = tokens
            .iter()
            .map(|(_, t)| tokens::hash(t.as_str()))
            .collect();
        self.db.create(&g, &hashes).await.map_err(|e| {
            log_storage(&e);
            CreateError::Storage(e)
        })?;
        Ok((id, tokens))
    }

    /// The hub of game `id` (read from the database if this process has none), and a
    /// subscription to it; `None` if there is no such game.
    pub async fn join(
        &self,
        id: &GameId,
    ) -> Result<Option<(Arc<Hub>, broadcast::Receiver<Broadcast>)>, LoadError> {
        if !id.is_well_formed() {
            return Ok(None);
        }
        let mut games = self.games.lock().await;
        if let Some(h) = games.get(id) {
            let rx = h.tx.subscribe();
            return Ok(Some((h.clone(), rx)));
        }
        let Some(g) = self.db.load(id).await? else {
            return Ok(None);
        };
        let hub = Arc::new(Hub::new(g));
        let rx = hub.tx.subscribe();
        games.insert(id.clone(), hub.clone());
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
    /// read again and `op` tried once more on it.
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
            match self.db.save(&next, state.plies.len(), &change).await {
                Ok(()) => {
                    let old = std::mem::replace(&mut *state, next);
                    announce(hub, &old, &state);
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

/// Says to everyone connected what changed from `old` to `new`.
fn announce(hub: &Hub, old: &LiveGame, new: &LiveGame) {
    let now = now_ms();
    let extends =
        new.plies.len() >= old.plies.len() && new.plies[..old.plies.len()] == old.plies[..];
    if !extends {
        let _ = hub.tx.send(Broadcast::Resync);
        return;
    }
    for (i, p) in new.plies.iter().enumerate().skip(old.plies.len()) {
        let last = i + 1 == new.plies.len();
        hub.send(&ServerMessage::Moved {
            ply: i as u32,
            mv: p.notation.clone(),
            seat: new.seat_colour(p.seat),
            clocks: if last { new.clock_view(now) } else { None },
            move_due_ms: if last { new.move_due(now) } else { None },
        });
    }
    for kind in [OfferKind::Draw, OfferKind::Takeback] {
        match (old.offers.get(kind), new.offers.get(kind)) {
            (Some(by), None) => hub.send(&ServerMessage::Declined {
                kind,
                by: new.seat_colour(by),
            }),
            (before, Some(by)) if before != Some(by) => hub.send(&ServerMessage::Offered {
                kind,
                by: new.seat_colour(by),
            }),
            _ => {}
        }
    }
    if let (Status::Live, Status::Over(result)) = (old.status, new.status) {
        hub.send(&ServerMessage::Ended { result });
    }
}

/// The operator hears of a database failure; the client is told only that nothing
/// changed.
fn log_storage(e: &sqlx::Error) {
    eprintln!("camelot-server: storage error: {e}");
}
