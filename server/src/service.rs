//! The one-shot requests, a function each: it takes the request's type from the protocol
//! ([`camelot_online::protocol::requests`]) and answers with the request's answer or a
//! [`ServiceError`]. The HTTP routes call these and do nothing else but carry them; the
//! game socket carries only a joined game.

use camelot_engine::notation::{CivilTime, RecordTags};
use camelot_engine::{Notation, Player};
use camelot_online::protocol::requests::{
    Created, GameState, GameSummary, ListGames, ListSeats, LookAtGame, NewGame, OpenSeat,
    ReplayGame, TakeSeat, Taken,
};
use camelot_online::protocol::{BoardView, ErrorCode, GameId};

use crate::hub::{CreateError, Hubs, TakeError};
use crate::limits::AddressKey;
use crate::live::{LiveGame, Status};
use crate::tokens;

/// Why a request was not answered as asked.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Create(#[from] CreateError),
    #[error(transparent)]
    Take(#[from] TakeError),
    /// A body or a query that is not the request's.
    #[error("{0}")]
    Unreadable(String),
    /// The client speaks another protocol version.
    #[error("{0}")]
    Upgrade(camelot_online::protocol::VersionMismatch),
    #[error("there is no game '{0}'")]
    NoSuchGame(String),
    #[error("that token holds no seat in game {0}")]
    WrongToken(GameId),
    /// A request that changes something, from another site's page.
    #[error("requests from another site's page ({0}) are refused here")]
    CrossSite(String),
    /// A request that changes something with a body not declared JSON.
    #[error("the request's body is JSON: send it with Content-Type: application/json")]
    NotJson,
    /// The database failed (what failed is for the operator's log, not the client).
    #[error("the server cannot read its games")]
    Storage(String),
}

impl ServiceError {
    /// The code the client acts on.
    pub fn code(&self) -> ErrorCode {
        match self {
            ServiceError::Create(e) => e.code(),
            ServiceError::Take(e) => e.code(),
            ServiceError::Unreadable(_) | ServiceError::NotJson => ErrorCode::Unreadable,
            ServiceError::CrossSite(_) => ErrorCode::CrossSite,
            ServiceError::Upgrade(_) => ErrorCode::Upgrade,
            ServiceError::NoSuchGame(_) => ErrorCode::NoSuchGame,
            ServiceError::WrongToken(_) => ErrorCode::WrongToken,
            ServiceError::Storage(_) => ErrorCode::Storage,
        }
    }
}

/// `POST /games`.
pub async fn create(hubs: &Hubs, req: NewGame, from: AddressKey) -> Result<Created, ServiceError> {
    Ok(hubs.create(&req, from).await?)
}

/// `GET /games`: a page of the live games, newest first, with how many seats are
/// connected where this process knows; and the next page's request if the page is full.
pub async fn list_games(
    hubs: &Hubs,
    req: &ListGames,
) -> Result<(Vec<GameSummary>, Option<ListGames>), ServiceError> {
    let limit = req
        .limit
        .unwrap_or(ListGames::MAX_PAGE)
        .clamp(1, ListGames::MAX_PAGE);
    let mut games = hubs
        .db
        .live_games(req.before.as_ref(), limit)
        .await
        .map_err(|e| ServiceError::Storage(format!("listing games: {e}")))?;
    for g in &mut games {
        if let Some(hub) = hubs.held(&g.id).await {
            let p = hub.presence.lock().expect("presence");
            g.connected = p.connections.iter().filter(|&&c| c > 0).count() as u32;
        }
    }
    let next = (games.len() == limit as usize)
        .then(|| games.last())
        .flatten()
        .map(|last| ListGames {
            before: Some(last.id.clone()),
            limit: Some(limit),
        });
    Ok((games, next))
}

/// `GET /seats`: a page of open seats, and the next page's request if there are more.
/// A page ends with a game's last seat, so that the next (the games before that one)
/// misses none.
pub async fn list_seats(
    hubs: &Hubs,
    req: &ListSeats,
) -> Result<(Vec<OpenSeat>, Option<ListSeats>), ServiceError> {
    let limit = req
        .limit
        .unwrap_or(ListSeats::MAX_PAGE)
        .clamp(ListSeats::MIN_PAGE, ListSeats::MAX_PAGE);
    let mut seats = hubs
        .db
        .open_seats(req.before.as_ref(), limit)
        .await
        .map_err(|e| ServiceError::Storage(format!("listing open seats: {e}")))?;
    if seats.len() < limit as usize {
        return Ok((seats, None));
    }
    // A full page may have cut its last game's seats short: they open the next page.
    let last = seats.last().map(|s| s.game.clone());
    if seats.iter().any(|s| Some(&s.game) != last.as_ref()) {
        seats.retain(|s| Some(&s.game) != last.as_ref());
    }
    let next = seats.last().map(|s| ListSeats {
        before: Some(s.game.clone()),
        limit: Some(limit),
    });
    Ok((seats, next))
}

/// `POST /seats`.
pub async fn take_seat(
    hubs: &Hubs,
    req: TakeSeat,
    from: AddressKey,
) -> Result<Taken, ServiceError> {
    let token = hubs
        .take(&req.game, req.seat, req.name.as_ref(), from)
        .await?;
    Ok(Taken {
        game: req.game,
        seat: req.seat,
        token,
    })
}

/// `GET /games/ID`: the game as the token's seat (or a watcher) sees it.
pub async fn look(hubs: &Hubs, req: LookAtGame) -> Result<GameState, ServiceError> {
    let you = match &req.token {
        None => None,
        Some(t) => Some(
            hubs.db
                .seat_of(&req.game, &tokens::hash(t.as_str()))
                .await
                .map_err(|e| ServiceError::Storage(format!("reading seats: {e}")))?
                .ok_or_else(|| ServiceError::WrongToken(req.game.clone()))?,
        ),
    };
    let (g, game) = match hubs.held(&req.game).await {
        Some(hub) => {
            let g = hub.state.lock().await.clone();
            let view = hub.view(&g);
            (g, view)
        }
        None => {
            let g = load(hubs, &req.game).await?;
            let view = g.view(crate::hub::now_ms(), &[], &[]);
            (g, view)
        }
    };
    Ok(GameState {
        you: you.map(|p: Player| g.seat_colour(p)),
        game,
    })
}

/// `GET /games/ID/boards`: the board after every ply, the start first.
pub async fn replay(hubs: &Hubs, req: &ReplayGame) -> Result<Vec<BoardView>, ServiceError> {
    let g = game_now(hubs, &req.game).await?;
    Ok((0..=g.game.ply())
        .map(|i| BoardView::at(g.game.position_at(i)))
        .collect())
}

/// `GET /games/ID.cgn`: the game's record.
pub async fn record(hubs: &Hubs, id: &GameId) -> Result<String, ServiceError> {
    Ok(record_text(&game_now(hubs, id).await?))
}

/// The game as it stands: this process's live copy where it holds one, else the stored.
async fn game_now(hubs: &Hubs, id: &GameId) -> Result<LiveGame, ServiceError> {
    match hubs.held(id).await {
        Some(hub) => Ok(hub.state.lock().await.clone()),
        None => load(hubs, id).await,
    }
}

async fn load(hubs: &Hubs, id: &GameId) -> Result<LiveGame, ServiceError> {
    hubs.db
        .load(id)
        .await
        .map_err(|e| ServiceError::Storage(format!("reading game {id}: {e}")))?
        .ok_or_else(|| ServiceError::NoSuchGame(id.to_string()))
}

/// The game as a `.cgn` record.
pub fn record_text(g: &LiveGame) -> String {
    let tags = RecordTags {
        event: Some("camelot-server game".into()),
        site: Some("camelot-server".into()),
        date: Some(CivilTime::from_unix_seconds(g.created_at.div_euclid(1000))),
        round: Some(g.id.to_string()),
        // A person's seat by the name they gave; the server's computer by its level, as
        // the tables show it.
        seats: g
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let name = match (&s.name, s.computer) {
                    (Some(name), _) => name.to_string(),
                    (None, Some(level)) => format!("Computer, {}", level.name),
                    (None, None) => return None,
                };
                Some((Player(i as u8), name))
            })
            .collect(),
        time_control: Some(g.time.to_string()),
        termination: Some(match g.status {
            Status::Over(end) => end.describe().to_string(),
            Status::Live => "unterminated".into(),
        }),
        other: Vec::new(),
    };
    tags.export(&g.game, Notation::Wcf)
}
