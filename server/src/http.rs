//! The HTTP side: the WebSocket endpoint, and plain requests for programs that do not
//! speak it (curl, a browser): create a game, list the live ones a page at a time, list
//! the open seats, fetch a game's record. Every failure is a [`HttpError`], turned into
//! its status and words in one place.

use std::fmt;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use camelot_engine::{CivilTime, Notation, Player, RecordTags, SeatColour, Variant};
use camelot_online::protocol::{GameId, OpenSeat, TimeControl, MAX_CLIENT_FRAME_BYTES};
use serde::{Deserialize, Serialize};

use crate::connection::{self, LIST_PAGE};
use crate::db::LoadError;
use crate::hub::{CreateError, Hubs};
use crate::limits::AddressKey;
use crate::live::{LiveGame, Status};
use crate::web;

/// A WebSocket's buffers: reads in pieces of the largest frame a client may send, and
/// writes go out as they come, so that an idle connection holds a few kilobytes.
const SOCKET_READ_BUFFER: usize = MAX_CLIENT_FRAME_BYTES;
/// What a client that stops reading may leave queued before its connection is dropped.
const SOCKET_MAX_QUEUED: usize = 1024 * 1024;

pub fn router(hubs: Arc<Hubs>) -> Router {
    Router::new()
        .route("/ws", get(websocket))
        .route("/games", get(list).post(create))
        .route("/seats", get(open_seats))
        .route("/games/{file}", get(record))
        .merge(web::routes())
        // Requests are small: a creation is a few dozen bytes.
        .layer(axum::extract::DefaultBodyLimit::max(4096))
        .with_state(hubs)
}

/// What an HTTP request could not have.
#[derive(Debug)]
pub enum HttpError {
    Create(CreateError),
    /// A page cursor that is not a game's id.
    BadCursor,
    /// A record's address that is not `/games/ID.cgn`.
    NotARecord,
    NoSuchGame,
    /// The database failed or holds what this build cannot read.
    Storage(String),
}

impl fmt::Display for HttpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HttpError::Create(e) => e.fmt(f),
            HttpError::BadCursor => f.write_str("`before` names a game: /games?before=ID"),
            HttpError::NotARecord => f.write_str("records are at /games/ID.cgn"),
            HttpError::NoSuchGame => f.write_str("no such game"),
            HttpError::Storage(_) => f.write_str("the server cannot read its games"),
        }
    }
}

impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        let status = match &self {
            HttpError::Create(CreateError::Time(_) | CreateError::NoSuchSeat(_))
            | HttpError::BadCursor => StatusCode::BAD_REQUEST,
            HttpError::Create(CreateError::TooMany { .. }) => StatusCode::TOO_MANY_REQUESTS,
            HttpError::NotARecord | HttpError::NoSuchGame => StatusCode::NOT_FOUND,
            HttpError::Create(CreateError::Storage(_)) | HttpError::Storage(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        if let HttpError::Storage(why) = &self {
            eprintln!("camelot-server: {why}");
        }
        (status, self.to_string()).into_response()
    }
}

impl From<LoadError> for HttpError {
    fn from(e: LoadError) -> Self {
        HttpError::Storage(format!("reading a game: {e}"))
    }
}

async fn websocket(
    ws: WebSocketUpgrade,
    State(hubs): State<Arc<Hubs>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
) -> Response {
    let address = AddressKey::of(peer.ip());
    ws.max_message_size(MAX_CLIENT_FRAME_BYTES)
        .max_frame_size(MAX_CLIENT_FRAME_BYTES)
        .read_buffer_size(SOCKET_READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(SOCKET_MAX_QUEUED)
        .on_upgrade(move |socket| connection::serve(socket, hubs, address))
}

#[derive(Deserialize)]
struct CreateRequest {
    variant: Variant,
    #[serde(default = "untimed")]
    time: TimeControl,
    /// Seats left open to anyone.
    #[serde(default)]
    open: Vec<SeatColour>,
}

fn untimed() -> TimeControl {
    TimeControl::Untimed
}

/// The answer to a creation: the id, each held seat's token in turn order, and the
/// open seats.
#[derive(Serialize)]
struct CreateAnswer {
    game: GameId,
    seats: serde_json::Map<String, serde_json::Value>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    open: Vec<SeatColour>,
}

async fn create(
    State(hubs): State<Arc<Hubs>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Json(req): Json<CreateRequest>,
) -> Result<Json<CreateAnswer>, HttpError> {
    let (game, seats, open) = hubs
        .create(req.variant, req.time, &req.open, AddressKey::of(peer.ip()))
        .await
        .map_err(HttpError::Create)?;
    let seats = seats
        .into_iter()
        .map(|(c, t)| (c.title().to_string(), t.as_str().into()))
        .collect();
    Ok(Json(CreateAnswer { game, seats, open }))
}

/// `GET /games?before=ID&limit=N`.
#[derive(Deserialize)]
struct Page {
    before: Option<String>,
    limit: Option<u32>,
}

/// A page of the live games, newest first; a `Link` header names the next page.
async fn list(
    State(hubs): State<Arc<Hubs>>,
    Query(page): Query<Page>,
) -> Result<Response, HttpError> {
    let before = match &page.before {
        Some(id) => Some(GameId::parse(id).map_err(|_| HttpError::BadCursor)?),
        None => None,
    };
    let limit = page.limit.unwrap_or(LIST_PAGE).clamp(1, LIST_PAGE);
    let games = connection::list(&hubs, before.as_ref(), limit)
        .await
        .map_err(|e| HttpError::Storage(format!("listing games: {e}")))?;
    let next = (games.len() == limit as usize)
        .then(|| games.last())
        .flatten()
        .and_then(|last| {
            HeaderValue::from_str(&format!(
                "</games?before={}&limit={limit}>; rel=\"next\"",
                last.id
            ))
            .ok()
        });
    let mut answer = Json(games).into_response();
    if let Some(link) = next {
        answer.headers_mut().insert(header::LINK, link);
    }
    Ok(answer)
}

/// The open seats of live games, newest first.
async fn open_seats(State(hubs): State<Arc<Hubs>>) -> Result<Json<Vec<OpenSeat>>, HttpError> {
    hubs.db
        .open_seats()
        .await
        .map(Json)
        .map_err(|e| HttpError::Storage(format!("listing open seats: {e}")))
}

async fn record(
    State(hubs): State<Arc<Hubs>>,
    Path(file): Path<String>,
) -> Result<Response, HttpError> {
    let id = file
        .strip_suffix(".cgn")
        .and_then(|id| GameId::parse(id).ok())
        .ok_or(HttpError::NotARecord)?;
    let g = match hubs.held(&id).await {
        Some(hub) => hub.state.lock().await.clone(),
        None => hubs.db.load(&id).await?.ok_or(HttpError::NoSuchGame)?,
    };
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        record_text(&g),
    )
        .into_response())
}

/// The game as a `.cgn` record.
pub fn record_text(g: &LiveGame) -> String {
    let tags = RecordTags {
        event: Some("camelot-server game".into()),
        site: Some("camelot-server".into()),
        date: Some(CivilTime::from_unix_seconds(g.created_at.div_euclid(1000))),
        round: Some(g.id.to_string()),
        seats: g
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| Some((Player(i as u8), s.name.as_ref()?.to_string())))
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
