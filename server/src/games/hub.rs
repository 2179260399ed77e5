//! The games this process is serving: each a [`Hub`], the game's state (a cache of what
//! the database holds) behind a lock, and a channel to everyone connected to it. Every
//! change is stored first; only then is the cache updated and the change announced, so
//! nobody ever hears of a move the database does not hold. A game is read from the
//! database, and replayed, outside the lock on the map of games: a long game's replay
//! holds up nobody else's.

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};

use std::collections::BTreeMap;

use camelot_engine::{Level, Player, SeatColour, Variant, SERVER_LEVELS};
use camelot_online::protocol::requests::{Created, NewGame};
use camelot_online::protocol::{
    BoardView, ErrorCode, GameId, GameView, OfferKind, PlayerName, SeatToken, ServerMessage,
    TimeControlError,
};
use tokio::sync::{broadcast, Mutex};

use crate::accounts::Account;
use crate::common::clock::now_ms;
use crate::common::error::{Answer, ServiceError};
use crate::common::limits::{AddressKey, Cap, PerMinute};
use crate::common::owner::Owner;
use crate::common::tokens;
use crate::games::live::{
    Change, Holder, LiveGame, NewGame as StoredNew, Refusal, RematchPlan, SeatRow, Status,
};
use crate::games::rows::{LoadError, WriteError};
use crate::ratings;
use crate::store::Db;

/// A game that could not be created.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    #[error(transparent)]
    Time(#[from] TimeControlError),
    /// An open or computer seat the variant does not have.
    #[error("the variant has no {} seat", .0.title())]
    NoSuchSeat(SeatColour),
    /// A seat both open and the computer's, or the computer's twice.
    #[error("the {} seat is named twice", .0.title())]
    SeatTwice(SeatColour),
    /// A level the server does not play.
    #[error(
        "the server's computer plays at {levels} (not {0})",
        levels = SERVER_LEVELS.map(|l| l.name).join(", ")
    )]
    Level(Level),
    /// Every seat the computer's: a game needs someone to play it.
    #[error("every seat is the computer's: a game needs a person in a seat, or an open one")]
    NobodyPlays,
    /// The address has created its share of games for now.
    #[error("too many games from your address: at most {per_minute} a minute")]
    TooMany { per_minute: u32 },
    /// The address has as many games against the server's computer going on as it may.
    #[error(
        "too many games against the computer from your address: at most {most} at once \
         (finish or resign one first)"
    )]
    ComputerGames { most: usize },
    /// The address has as many games against the computer that nobody has joined yet.
    #[error(
        "too many games against the computer that nobody has joined from your address: \
         at most {most} (join one, or wait until they are forgotten)"
    )]
    UnjoinedComputerGames { most: usize },
    /// A rated game, from a player who is not logged in.
    #[error("log in to play rated")]
    RatedNeedsAccount,
    #[error("a game against the computer is never rated")]
    RatedAgainstComputer,
    /// A rating range for a game that is not rated.
    #[error("only a rated game's seats ask for a rating")]
    RangeUnrated,
    /// A rated game where the creator holds other than one seat.
    #[error("in a rated game you hold one seat and the others are open, for players who log in")]
    RatedHoldsOneSeat,
    #[error("the server could not store the game")]
    Storage(#[source] sqlx::Error),
}

impl From<sqlx::Error> for CreateError {
    fn from(e: sqlx::Error) -> CreateError {
        log_storage(&e);
        CreateError::Storage(e)
    }
}

impl From<CreateError> for ServiceError {
    fn from(e: CreateError) -> ServiceError {
        let (answer, code) = match &e {
            CreateError::Time(_) => (Answer::BadRequest, ErrorCode::BadTimeControl),
            CreateError::NoSuchSeat(_)
            | CreateError::SeatTwice(_)
            | CreateError::Level(_)
            | CreateError::NobodyPlays => (Answer::BadRequest, ErrorCode::NotAllowed),
            CreateError::TooMany { per_minute } => {
                (Answer::too_many(*per_minute), ErrorCode::TooMany)
            }
            // A place is free when a game ends: no time to say.
            CreateError::ComputerGames { .. } | CreateError::UnjoinedComputerGames { .. } => {
                (Answer::TooMany { retry_after: None }, ErrorCode::TooMany)
            }
            CreateError::RatedNeedsAccount => (Answer::Unauthorized, ErrorCode::NotSignedIn),
            CreateError::RatedAgainstComputer
            | CreateError::RatedHoldsOneSeat
            | CreateError::RangeUnrated => (Answer::BadRequest, ErrorCode::NotAllowed),
            CreateError::Storage(_) => (Answer::Internal, ErrorCode::Storage),
        };
        ServiceError::refused(answer, code, e)
    }
}

/// How much one address may ask of the games room, and how long a connection may say
/// nothing.
pub struct GameLimits {
    pub creations: PerMinute,
    /// Live games with a computer seat one owner may have at once: each owes at most one
    /// turn at a time, so this bounds the turns it has waiting.
    pub computer_games: Cap,
    /// Of those, the games no person has joined yet (which the computer does not think
    /// for until someone does).
    pub unjoined_computer_games: Cap,
    /// A joined connection that says nothing this long (not even a pong to the
    /// server's pings) is closed.
    pub idle: std::time::Duration,
}

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
    /// The history changed (a takeback): each connection sends its own `State`.
    Resync,
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

pub struct Hubs {
    pub db: Db,
    pub limits: GameLimits,
    games: Mutex<HashMap<GameId, Arc<Hub>>>,
    /// Woken when this process stores a change that leaves the computer a turn to play.
    pub computer_due: tokio::sync::Notify,
}

/// A game's id: eight letters and digits, public.
const ID_LEN: usize = 8;

impl Hubs {
    pub fn new(db: Db, limits: GameLimits) -> Hubs {
        Hubs {
            db,
            limits,
            games: Mutex::new(HashMap::new()),
            computer_due: tokio::sync::Notify::new(),
        }
    }

    /// Creates a game for `client` (logged in as `creator`, where they are): its id, the
    /// token of each person's seat (in turn order), the open seats and the computer's.
    pub async fn create(
        &self,
        new: &NewGame,
        client: AddressKey,
        creator: Option<&Account>,
    ) -> Result<Created, CreateError> {
        let time = new.time.check().map_err(CreateError::Time)?;
        let rules = new.variant.rules();
        let chosen = new.open.iter().chain(new.computer.iter().map(|c| &c.seat));
        let mut seen = Vec::new();
        for &seat in chosen {
            if rules.seat_with_colour(seat).is_none() {
                return Err(CreateError::NoSuchSeat(seat));
            }
            if seen.contains(&seat) {
                return Err(CreateError::SeatTwice(seat));
            }
            seen.push(seat);
        }
        if let Some(c) = new
            .computer
            .iter()
            .find(|c| !SERVER_LEVELS.contains(&c.level))
        {
            return Err(CreateError::Level(c.level));
        }
        if new.computer.len() >= rules.players() {
            return Err(CreateError::NobodyPlays);
        }
        // A rated game's creator is logged in and holds one seat; every other is open to
        // players who log in to take it (never the computer's).
        let creator = match (new.rated, creator) {
            (false, _) => None,
            (true, None) => return Err(CreateError::RatedNeedsAccount),
            (true, Some(_)) if !new.computer.is_empty() => {
                return Err(CreateError::RatedAgainstComputer)
            }
            (true, Some(_)) if new.open.len() + 1 != rules.players() => {
                return Err(CreateError::RatedHoldsOneSeat)
            }
            (true, Some(a)) => Some(self.holder(a, new.variant).await?),
        };
        if new.rating_range.is_some() && !new.rated {
            return Err(CreateError::RangeUnrated);
        }
        let owner = Owner::Address(client);
        if !new.computer.is_empty() {
            self.computer_share(owner).await?;
        }
        if !self.limits.creations.allow(client) {
            return Err(CreateError::TooMany {
                per_minute: self.limits.creations.limit().unwrap_or(0),
            });
        }
        let id = new_game_id();
        let mut game = LiveGame::new(id.clone(), new.variant, time, now_ms());
        game.rated = new.rated;
        game.rating_range = new.rating_range.filter(|_| new.rated);
        let mut tokens = BTreeMap::new();
        let mut seats = Vec::new();
        for (p, info) in rules.players_in_order().zip(&mut game.seats) {
            let colour = rules.seat_colour(p);
            info.open = new.open.contains(&colour);
            info.computer = new
                .computer
                .iter()
                .find(|c| c.seat == colour)
                .map(|c| c.level);
            let token_hash = if info.open || info.computer.is_some() {
                None
            } else {
                let token = SeatToken::new(tokens::new_token());
                let hash = tokens::hash(token.as_str());
                tokens.insert(colour, token);
                Some(hash)
            };
            // The creator's seat, in a rated game: theirs by their account.
            let held = creator.as_ref().filter(|_| token_hash.is_some());
            info.account = held.cloned();
            info.name = held.and_then(Holder::player_name);
            seats.push(SeatRow {
                token_hash,
                name: info.name.clone(),
                computer: info.computer,
                account: held.map(|h| h.id.clone()),
            });
        }
        let in_turn = |keep: &dyn Fn(SeatColour) -> bool| {
            rules
                .players_in_order()
                .map(|p| rules.seat_colour(p))
                .filter(|&c| keep(c))
                .collect::<Vec<_>>()
        };
        let open = in_turn(&|c| new.open.contains(&c));
        let computer = in_turn(&|c| new.computer.iter().any(|x| x.seat == c))
            .into_iter()
            .filter_map(|c| new.computer.iter().find(|x| x.seat == c).copied())
            .collect();
        let owes = game.computer_to_move().is_some();
        self.db
            .create(&StoredNew { game, seats, owner })
            .await
            .map_err(|e| {
                log_storage(&e);
                CreateError::Storage(e)
            })?;
        if owes {
            self.computer_due.notify_waiters();
        }
        Ok(Created {
            game: id,
            seats: tokens,
            open,
            computer,
        })
    }

    /// A seat's holder by `account`, with its rating in `variant` now.
    pub async fn holder(&self, account: &Account, variant: Variant) -> Result<Holder, sqlx::Error> {
        let rating = self.db.rating_in(&account.id, variant).await?;
        Ok(Holder {
            id: account.id.clone(),
            kind: account.kind,
            rated_with_people: account.rated_with_people,
            shown: ratings::shown(Some(account.name.clone()), rating, None),
        })
    }

    /// Whether `owner` may start another game against the computer: under both of its
    /// caps.
    async fn computer_share(&self, owner: Owner) -> Result<(), CreateError> {
        let (live, unjoined) = self.db.computer_games_of(owner).await.map_err(|e| {
            log_storage(&e);
            CreateError::Storage(e)
        })?;
        let over = |cap: Cap, n: u64| cap.0.filter(|&most| n >= most as u64);
        if let Some(most) = over(self.limits.unjoined_computer_games, unjoined) {
            return Err(CreateError::UnjoinedComputerGames { most });
        }
        if let Some(most) = over(self.limits.computer_games, live) {
            return Err(CreateError::ComputerGames { most });
        }
        Ok(())
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
            Some(a) => self
                .holder(a, g.variant)
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
            self.computer_due.notify_waiters();
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

    /// What a rematch of game `hub` would be made of: a fresh id, and its seats as stored.
    /// What a rematch agreed by `client` would be made of. The address pays one game of
    /// its allowance now; [`Hubs::rematch_not_agreed`] gives it back if the request did
    /// not agree the rematch after all (an offer that waits for an answer).
    pub async fn rematch_plan(
        &self,
        hub: &Hub,
        client: AddressKey,
    ) -> Result<RematchPlan, Refusal> {
        let seat_rows = self.db.seat_rows(&hub.id).await.map_err(|e| {
            log_storage(&e);
            Refusal::Storage
        })?;
        let owner = self.db.owner_of(&hub.id).await.map_err(|e| {
            log_storage(&e);
            Refusal::Storage
        })?;
        let over_limit = (!self.limits.creations.allow(client))
            .then(|| self.limits.creations.limit().unwrap_or(0));
        Ok(RematchPlan {
            id: new_game_id(),
            seat_rows,
            over_limit,
            owner,
        })
    }

    /// The game a rematch plan took from `client`'s allowance, given back.
    pub fn rematch_not_agreed(&self, plan: &RematchPlan, client: AddressKey) {
        if plan.over_limit.is_none() {
            self.limits.creations.give_back(client);
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
                        self.computer_due.notify_waiters();
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

/// A game's id: eight letters and digits, public.
pub fn new_game_id() -> GameId {
    GameId::parse(&tokens::random(ID_LEN)).expect("letters and digits")
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
        let mut moved = ServerMessage::Moved {
            ply: i as u32,
            mv: p.named.clone(),
            seat: new.seat_colour(p.seat),
            clocks: if last { new.clock_view(now) } else { None },
            move_due_ms: if last { new.move_due(now) } else { None },
            board: None,
            legal: Vec::new(),
            may_abort: last && new.may_abort(),
        };
        let plain: Arc<str> = serde_json::to_string(&moved)
            .expect("messages serialise")
            .into();
        let with_board = if last {
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
    for kind in [OfferKind::Draw, OfferKind::Takeback, OfferKind::Rematch] {
        if kind == OfferKind::Rematch && new.rematch.is_some() {
            // Agreed, not declined: the rematch itself is the news.
            continue;
        }
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

/// The operator hears of a database failure; the client is told only that nothing
/// changed.
pub fn log_storage(e: &sqlx::Error) {
    eprintln!("camelot-server: storage error: {e}");
}
