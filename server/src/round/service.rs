//! The one-shot requests, a function each: it takes the request's type from the protocol
//! ([`camelot_online::protocol::requests`]) and answers with the request's answer or a
//! [`ServiceError`]. The HTTP routes call these and do nothing else but carry them; the
//! game socket carries only a joined game.

use camelot_engine::Player;
use camelot_online::protocol::requests::{
    GameState, GameSummary, ListGames, LookAtGame, ReplayGame,
};
use camelot_online::protocol::{BoardView, GameId};

use crate::common::error::ServiceError;
use crate::common::tokens;
use crate::games::{record_text, LiveGame};
use crate::round::hub::Hubs;

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
            let view = g.view(crate::common::clock::now_ms(), &[], &[]);
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
pub async fn game_now(hubs: &Hubs, id: &GameId) -> Result<LiveGame, ServiceError> {
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
