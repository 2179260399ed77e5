//! The round's routes: the game socket, the list of live games, a game as a seat sees
//! it, its record and its boards. Each carries one [`service`] function's
//! request in and its typed answer out.

use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, Method};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Json, Router};
use camelot_online::protocol::requests::{ListGames, LookAtGame, ReplayGame, Request as _};
use camelot_online::protocol::{GameId, SeatToken, MAX_CLIENT_FRAME_BYTES};

use crate::accounts;
use crate::accounts::SessionWatch;
use crate::common::client::ClientAddress;
use crate::common::clock::now_ms;
use crate::common::error::ServiceError;
use crate::common::http::{clip, page_of, with_next};
use crate::presence::Present;
use crate::round::hub::Hubs;
use crate::round::{connection, service};

/// A WebSocket's buffers: reads in pieces of the largest frame a client may send, and
/// writes go out as they come, so that an idle connection holds a few kilobytes.
const SOCKET_READ_BUFFER: usize = MAX_CLIENT_FRAME_BYTES;
/// What a client that stops reading may leave queued before its connection is dropped.
const SOCKET_MAX_QUEUED: usize = 1024 * 1024;

/// The one-shot requests about games being played and played out.
pub fn api(hubs: Arc<Hubs>) -> Router {
    Router::new()
        .route("/games", get(list_games))
        .route("/games/{file}", get(game))
        .route("/games/{id}/boards", get(boards))
        .with_state(hubs)
}

/// The game socket; `watch` tells a connection when the session it was opened under ends;
/// `present` counts its account online while it is open (a program or the 3D game
/// playing has no site socket).
pub fn socket(hubs: Arc<Hubs>, watch: Arc<SessionWatch>, present: Arc<Present>) -> Router {
    Router::new()
        .route("/ws", get(websocket))
        .layer(Extension(watch))
        .layer(Extension(present))
        .with_state(hubs)
}

async fn websocket(
    ws: WebSocketUpgrade,
    State(hubs): State<Arc<Hubs>>,
    Extension(watch): Extension<Arc<SessionWatch>>,
    Extension(present): Extension<Arc<Present>>,
    client: ClientAddress,
    headers: HeaderMap,
) -> Response {
    let client = client.key();
    // Whose the connection is, where its handshake shows a session (a page's cookie, a
    // program's token): the seat it joins becomes the account's, for as long as the
    // session goes on.
    let me = accounts::signed_in(&hubs.db, &headers, &Method::GET, now_ms())
        .await
        .ok()
        .flatten()
        .map(|m| connection::Admitted {
            watched: watch.watch(&m.hash),
            account: m.account,
        });
    ws.max_message_size(MAX_CLIENT_FRAME_BYTES)
        .max_frame_size(MAX_CLIENT_FRAME_BYTES)
        .read_buffer_size(SOCKET_READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(SOCKET_MAX_QUEUED)
        .on_upgrade(move |socket| async move {
            // Online for as long as the socket is open.
            let _here = me.as_ref().map(|m| present.arrive(&m.account));
            connection::serve(socket, hubs, client, me).await
        })
}

/// `GET /games?before=ID&limit=N`: a `Link` header names the next page.
async fn list_games(
    State(hubs): State<Arc<Hubs>>,
    request: Request,
) -> Result<Response, ServiceError> {
    let (before, limit) = page_of(request.uri().query().unwrap_or(""), "/games")?;
    let (games, next) = service::list_games(&hubs, &ListGames { before, limit }).await?;
    Ok(with_next(
        Json(games).into_response(),
        next.map(|n| n.path()),
    ))
}

/// `GET /games/ID.cgn` is the game's record; `GET /games/ID` the game as the seat of
/// the bearer token (or a watcher) sees it.
async fn game(
    State(hubs): State<Arc<Hubs>>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ServiceError> {
    if let Some(id) = file.strip_suffix(".cgn") {
        let id = GameId::parse(id).map_err(|_| ServiceError::NoSuchGame(clip(id)))?;
        let text = service::record(&hubs, &id).await?;
        return Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response());
    }
    let game = GameId::parse(&file).map_err(|_| ServiceError::NoSuchGame(clip(&file)))?;
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| SeatToken::new(t.trim()));
    let state = service::look(&hubs, LookAtGame { game, token }).await?;
    Ok(Json(state).into_response())
}

/// `GET /games/ID/boards`: the board after every ply, for a replay.
async fn boards(
    State(hubs): State<Arc<Hubs>>,
    Path(id): Path<String>,
) -> Result<Response, ServiceError> {
    let game = GameId::parse(&id).map_err(|_| ServiceError::NoSuchGame(clip(&id)))?;
    Ok(Json(service::replay(&hubs, &ReplayGame { game }).await?).into_response())
}
