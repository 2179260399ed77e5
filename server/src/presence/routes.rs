//! `GET /site` (the site socket), `GET /online` (who is around) and `GET /following`
//! (the players I follow, with their games).

use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::State;
use axum::http::{HeaderMap, Method};
use axum::response::Response;
use axum::routing::get;
use axum::{Extension, Json, Router};
use camelot_online::protocol::relations::{FollowedPlayer, Following};
use camelot_online::protocol::site::{Around, SITE_SOCKET};
use camelot_online::protocol::{ErrorCode, MAX_CLIENT_FRAME_BYTES};

use crate::accounts::{self, SessionWatch};
use crate::common::clock::now_ms;
use crate::common::error::{Answer, ServiceError};
use crate::pairing;
use crate::presence::socket::{self, SiteRooms};
use crate::presence::{seen_of, ONLINE_WITHIN_MS};
use crate::relations;

/// What a site socket may leave queued when it stops reading before it is dropped.
const SOCKET_MAX_QUEUED: usize = 256 * 1024;

/// The site socket; `sessions` tells a socket when the session it was opened on ends.
pub fn socket(rooms: SiteRooms, sessions: Arc<SessionWatch>) -> Router {
    Router::new()
        .route(SITE_SOCKET, get(site))
        .layer(Extension(sessions))
        .with_state(rooms)
}

/// Who is around.
pub fn api(rooms: SiteRooms) -> Router {
    Router::new()
        .route("/online", get(around))
        .route("/following", get(following))
        .with_state(rooms)
}

async fn site(
    ws: WebSocketUpgrade,
    State(rooms): State<SiteRooms>,
    Extension(sessions): Extension<Arc<SessionWatch>>,
    headers: HeaderMap,
) -> Response {
    let me = accounts::signed_in(&rooms.db, &headers, &Method::GET, now_ms())
        .await
        .ok()
        .flatten()
        .map(|m| {
            let watched = sessions.watch(&m.hash);
            (m.account, watched)
        });
    ws.max_message_size(MAX_CLIENT_FRAME_BYTES)
        .max_frame_size(MAX_CLIENT_FRAME_BYTES)
        .read_buffer_size(MAX_CLIENT_FRAME_BYTES)
        .write_buffer_size(0)
        .max_write_buffer_size(SOCKET_MAX_QUEUED)
        .on_upgrade(move |s| socket::serve(s, rooms, me))
}

async fn around(State(rooms): State<SiteRooms>) -> Result<Json<Around>, ServiceError> {
    let now = now_ms();
    let storage = |e: sqlx::Error| ServiceError::Storage(format!("who is around: {e}"));
    let (online, players) = rooms
        .db
        .seen_after(now - ONLINE_WITHIN_MS, Around::LISTED)
        .await
        .map_err(storage)?;
    let waiting = pairing::waiting_players(&rooms.db, now)
        .await
        .map_err(storage)?;
    Ok(Json(Around {
        online,
        players,
        waiting,
    }))
}

/// `GET /following`: the players I follow, online first, with their live games.
async fn following(
    State(rooms): State<SiteRooms>,
    method: Method,
    headers: HeaderMap,
) -> Result<Json<Following>, ServiceError> {
    let me = accounts::signed_in(&rooms.db, &headers, &method, now_ms())
        .await?
        .ok_or_else(|| {
            ServiceError::refused(
                Answer::Unauthorized,
                ErrorCode::NotSignedIn,
                "log in to see the players you follow",
            )
        })?
        .account;
    let storage = |e: sqlx::Error| ServiceError::Storage(format!("the players followed: {e}"));
    let now = now_ms();
    let mut players = Vec::new();
    for (id, name) in relations::followed_by(&rooms.db, &me.id)
        .await
        .map_err(storage)?
    {
        let (online, _) = seen_of(&rooms.db, &id, now).await.map_err(storage)?;
        let playing = rooms.db.live_games_of(&id).await.map_err(storage)?;
        players.push(FollowedPlayer {
            name,
            online,
            playing,
        });
    }
    players.sort_by_key(|p| !p.online);
    Ok(Json(Following { players }))
}
