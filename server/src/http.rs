//! The HTTP side: the game socket's endpoint, the page's routes, and the one-shot
//! requests, each route carrying one [`service`] function's request in and its typed
//! answer out. A refusal is a [`ServiceError`], turned into its status and an
//! [`ApiError`] body in one place.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use camelot_online::protocol::requests::{
    ApiError, ListGames, ListSeats, LookAtGame, ReplayGame, Request as _,
};
use camelot_online::protocol::{
    check_version, GameId, SeatToken, MAX_CLIENT_FRAME_BYTES, VERSION_HEADER,
};
use serde::de::DeserializeOwned;

use crate::hub::{CreateError, Hubs, TakeError};
use crate::limits::AddressKey;
use crate::service::{self, ServiceError};
use crate::site::{self, Origins};
use crate::{connection, web};

/// A WebSocket's buffers: reads in pieces of the largest frame a client may send, and
/// writes go out as they come, so that an idle connection holds a few kilobytes.
const SOCKET_READ_BUFFER: usize = MAX_CLIENT_FRAME_BYTES;
/// What a client that stops reading may leave queued before its connection is dropped.
const SOCKET_MAX_QUEUED: usize = 1024 * 1024;
/// Requests are small: a creation is a few dozen bytes.
const MAX_BODY_BYTES: usize = 4096;

pub fn router(hubs: Arc<Hubs>, origins: Origins) -> Router {
    let api = Router::new()
        .route("/games", get(list_games).post(create))
        .route("/seats", get(list_seats).post(take_seat))
        .route("/games/{file}", get(game))
        .route("/games/{id}/boards", get(boards))
        .route_layer(middleware::from_fn(speaks_this_version));
    Router::new()
        .route("/ws", get(websocket))
        .merge(api)
        .merge(web::routes())
        .fallback(web::no_such_page)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(middleware::from_fn_with_state(origins, site::same_site))
        .with_state(hubs)
}

impl IntoResponse for ServiceError {
    fn into_response(self) -> Response {
        let status = match &self {
            ServiceError::Create(
                CreateError::Time(_)
                | CreateError::NoSuchSeat(_)
                | CreateError::SeatTwice(_)
                | CreateError::Level(_)
                | CreateError::NobodyPlays,
            )
            | ServiceError::Unreadable(_)
            | ServiceError::Upgrade(_) => StatusCode::BAD_REQUEST,
            ServiceError::Create(
                CreateError::TooMany { .. }
                | CreateError::ComputerGames { .. }
                | CreateError::UnjoinedComputerGames { .. },
            )
            | ServiceError::Take(TakeError::TooMany { .. }) => StatusCode::TOO_MANY_REQUESTS,
            ServiceError::Take(TakeError::NoSuchSeat(_) | TakeError::NotOpen(_)) => {
                StatusCode::CONFLICT
            }
            ServiceError::NoSuchGame(_) | ServiceError::Take(TakeError::NoSuchGame) => {
                StatusCode::NOT_FOUND
            }
            ServiceError::WrongToken(_) | ServiceError::CrossSite(_) => StatusCode::FORBIDDEN,
            ServiceError::NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ServiceError::Create(CreateError::Storage(_))
            | ServiceError::Take(TakeError::Storage)
            | ServiceError::Storage(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        if let ServiceError::Storage(why) = &self {
            eprintln!("camelot-server: {why}");
        }
        // An allowance of N a minute refills one every 60/N seconds: when to ask again.
        let retry_after = match &self {
            ServiceError::Create(CreateError::TooMany { per_minute })
            | ServiceError::Take(TakeError::TooMany { per_minute }) => {
                Some(60u32.div_ceil((*per_minute).max(1)))
            }
            _ => None,
        };
        let body = ApiError {
            code: self.code(),
            message: self.to_string(),
        };
        let mut r = (status, Json(body)).into_response();
        if let Some(seconds) = retry_after {
            r.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        r
    }
}

/// A request that states another protocol version than this server's is told to
/// upgrade; one that states none (curl, a browser's address bar) is taken as this one.
async fn speaks_this_version(request: Request, next: Next) -> Response {
    let stated = request
        .headers()
        .get(VERSION_HEADER)
        .map(|v| v.to_str().ok().and_then(|v| v.trim().parse::<u32>().ok()));
    match stated {
        None => next.run(request).await,
        Some(Some(v)) => match check_version(v) {
            Ok(()) => next.run(request).await,
            Err(e) => ServiceError::Upgrade(e).into_response(),
        },
        Some(None) => ServiceError::Unreadable(format!("the {VERSION_HEADER} header is a number"))
            .into_response(),
    }
}

/// A request's JSON body, or why it is not one.
fn body<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, ServiceError> {
    serde_json::from_slice(bytes).map_err(|e| ServiceError::Unreadable(format!("{e}")))
}

async fn websocket(
    ws: WebSocketUpgrade,
    State(hubs): State<Arc<Hubs>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
) -> Response {
    let client = AddressKey::of(peer.ip());
    ws.max_message_size(MAX_CLIENT_FRAME_BYTES)
        .max_frame_size(MAX_CLIENT_FRAME_BYTES)
        .read_buffer_size(SOCKET_READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(SOCKET_MAX_QUEUED)
        .on_upgrade(move |socket| connection::serve(socket, hubs, client))
}

async fn create(
    State(hubs): State<Arc<Hubs>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    bytes: Bytes,
) -> Result<Response, ServiceError> {
    let created = service::create(&hubs, body(&bytes)?, AddressKey::of(peer.ip())).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
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

/// The page a query string asks for: `before` a game's id, `limit` a number.
fn page_of(query: &str, list: &str) -> Result<(Option<GameId>, Option<u32>), ServiceError> {
    let (mut before, mut limit) = (None, None);
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "before" => {
                before = Some(GameId::parse(value).map_err(|_| {
                    ServiceError::Unreadable(format!("`before` names a game: {list}?before=ID"))
                })?)
            }
            "limit" => {
                limit = Some(value.parse().map_err(|_| {
                    ServiceError::Unreadable(format!("`limit` is a number: {list}?limit=N"))
                })?)
            }
            _ => {}
        }
    }
    Ok((before, limit))
}

/// `GET /seats?before=ID&limit=N`: a `Link` header names the next page.
async fn list_seats(
    State(hubs): State<Arc<Hubs>>,
    request: Request,
) -> Result<Response, ServiceError> {
    let (before, limit) = page_of(request.uri().query().unwrap_or(""), "/seats")?;
    let (seats, next) = service::list_seats(&hubs, &ListSeats { before, limit }).await?;
    Ok(with_next(
        Json(seats).into_response(),
        next.map(|n| n.path()),
    ))
}

/// An answer with a `Link` header naming the next page, if there is one.
fn with_next(mut answer: Response, next: Option<String>) -> Response {
    if let Some(link) =
        next.and_then(|p| HeaderValue::from_str(&format!("<{p}>; rel=\"next\"")).ok())
    {
        answer.headers_mut().insert(header::LINK, link);
    }
    answer
}

async fn take_seat(
    State(hubs): State<Arc<Hubs>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    bytes: Bytes,
) -> Result<Response, ServiceError> {
    let taken = service::take_seat(&hubs, body(&bytes)?, AddressKey::of(peer.ip())).await?;
    Ok(Json(taken).into_response())
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

/// At most 40 characters of what a client sent, for a message.
fn clip(s: &str) -> String {
    camelot_engine::Excerpt::new(s).to_string()
}
