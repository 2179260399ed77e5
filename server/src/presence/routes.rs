//! `GET /site` (the site socket) and `GET /online` (who is around).

use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::State;
use axum::http::{HeaderMap, Method};
use axum::response::Response;
use axum::routing::get;
use axum::{Extension, Json, Router};
use camelot_online::protocol::site::{Around, SITE_SOCKET};
use camelot_online::protocol::MAX_CLIENT_FRAME_BYTES;

use crate::accounts::{self, SessionWatch};
use crate::common::clock::now_ms;
use crate::common::error::ServiceError;
use crate::pairing;
use crate::presence::socket::{self, SiteRooms};
use crate::presence::ONLINE_WITHIN_MS;

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
