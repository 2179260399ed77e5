//! The games this process is serving: each a [`Hub`], the game's state (a cache of what
//! the database holds) behind a lock, and a channel to everyone connected to it. Every
//! change is stored first; only then is the cache updated and the change announced, so
//! nobody ever hears of a move the database does not hold.

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};

use camelot_engine::{Player, Variant};
use camelot_online::protocol::{GameView, OfferKind, ServerMessage, TimeControl};
use tokio::sync::{broadcast, Mutex};

use crate::db::{Db, WriteError};
use crate::live::{Change, LiveGame, Refusal, Status};
use crate::tokens;

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
    pub id: String,
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
    pub fn seat_presence(&self, seat: Player, name: &str, delta: i32) {
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
                seat: name.to_string(),
                connected: delta > 0,
            });
        }
    }
}

pub struct Hubs {
    pub db: Db,
    games: Mutex<HashMap<String, Arc<Hub>>>,
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

    /// Creates a game: its id, and each seat's token (by seat name).
    pub async fn create(
        &self,
        variant: &str,
        time: TimeControl,
    ) -> Result<(String, Vec<(String, String)>), String> {
        let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
        let time = time.check()?;
        let id = tokens::random(ID_LEN);
        let g = LiveGame::new(id.clone(), variant, time, now_ms());
        let rules = variant.rules();
        let tokens: Vec<(String, String)> = rules
            .players_in_order()
            .map(|p| (rules.seat_title(p).to_string(), tokens::new_token()))
            .collect();
        let hashes: Vec<String> = tokens.iter().map(|(_, t)| tokens::hash(t)).collect();
        self.db
            .create(&g, &hashes)
            .await
            .map_err(|e| storage_failed(&e))?;
        Ok((id, tokens))
    }

    /// The hub of game `id` (read from the database if this process has none), and a
    /// subscription to it; `None` if there is no such game.
    pub async fn join(
        &self,
        id: &str,
    ) -> Result<Option<(Arc<Hub>, broadcast::Receiver<Broadcast>)>, String> {
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
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
        games.insert(id.to_string(), hub.clone());
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
    pub async fn held(&self, id: &str) -> Option<Arc<Hub>> {
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
        let mut state = hub.state.lock().await;
        for _ in 0..3 {
            let mut next = state.clone();
            let change = op(&mut next, now_ms())?;
            match self.db.save(&next, state.plies.len(), &change).await {
                Ok(()) => {
                    let old = std::mem::replace(&mut *state, next);
                    announce(hub, &old, &state);
                    return Ok(state.plies.len());
                }
                Err(WriteError::Conflict) => {
                    let fresh = self.db.load(&hub.id).await?.ok_or("the game is gone")?;
                    let old = std::mem::replace(&mut *state, fresh);
                    announce(hub, &old, &state);
                }
                Err(WriteError::Db(e)) => return Err(storage_failed(&e)),
            }
        }
        Err("the game is changing too fast; try again".into())
    }

    /// Another process changed game `id`: if this one serves it, read it again and
    /// announce what is new.
    pub async fn refresh(&self, id: &str) -> Result<(), String> {
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
    pub async fn flag_overdue(&self) -> Result<(), String> {
        let now = now_ms();
        for id in self.db.overdue(now).await.map_err(|e| storage_failed(&e))? {
            let Some((hub, rx)) = self.join(&id).await? else {
                continue;
            };
            let flagged = self
                .act(&hub, |g, now| {
                    g.flag(now).ok_or_else(|| "not overdue".to_string())
                })
                .await;
            if let Err(e) = flagged {
                if e != "not overdue" {
                    eprintln!("camelot-server: game {id}: {e}");
                }
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
            seat: new.seat_name(p.seat).to_string(),
            clocks: if last { new.clock_view(now) } else { None },
            move_due_ms: if last { new.move_due(now) } else { None },
        });
    }
    for kind in [OfferKind::Draw, OfferKind::Takeback] {
        match (old.offers.get(kind), new.offers.get(kind)) {
            (Some(by), None) => hub.send(&ServerMessage::Declined {
                kind,
                by: new.seat_name(by).to_string(),
            }),
            (before, Some(by)) if before != Some(by) => hub.send(&ServerMessage::Offered {
                kind,
                by: new.seat_name(by).to_string(),
            }),
            _ => {}
        }
    }
    if let (Status::Live, Status::Over { result, reason }) = (&old.status, &new.status) {
        hub.send(&ServerMessage::Ended {
            result: result.clone(),
            reason: reason.clone(),
        });
    }
}

fn storage_failed(e: &sqlx::Error) -> String {
    eprintln!("camelot-server: storage error: {e}");
    "the server could not store that; nothing changed".into()
}
