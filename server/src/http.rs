//! The HTTP side: the WebSocket endpoint, and plain requests for programs that do not
//! speak it (curl, a browser): create a game, list the live ones, fetch a game's record.
//! Every failure is a [`HttpError`], turned into its status and words in one place.

use std::fmt;
use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use camelot_engine::{CivilTime, Notation, RecordTags, Variant};
use camelot_online::protocol::{GameId, TimeControl, MAX_CLIENT_FRAME_BYTES, PROTOCOL_VERSION};
use serde::{Deserialize, Serialize};

use crate::connection;
use crate::db::LoadError;
use crate::hub::{CreateError, Hubs};
use crate::live::{LiveGame, Status};

pub fn router(hubs: Arc<Hubs>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/ws", get(websocket))
        .route("/games", get(list).post(create))
        .route("/games/{file}", get(record))
        // Requests are small: a creation is a few dozen bytes.
        .layer(axum::extract::DefaultBodyLimit::max(4096))
        .with_state(hubs)
}

/// What an HTTP request could not have.
#[derive(Debug)]
pub enum HttpError {
    Create(CreateError),
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
            HttpError::NotARecord => f.write_str("records are at /games/ID.cgn"),
            HttpError::NoSuchGame => f.write_str("no such game"),
            HttpError::Storage(_) => f.write_str("the server cannot read its games"),
        }
    }
}

impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        let status = match &self {
            HttpError::Create(CreateError::Time(_)) => StatusCode::BAD_REQUEST,
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

async fn index() -> String {
    format!(
        "camelot-server {}: the Camelot game server, protocol version {PROTOCOL_VERSION} at /ws\n",
        env!("CARGO_PKG_VERSION")
    )
}

async fn websocket(ws: WebSocketUpgrade, State(hubs): State<Arc<Hubs>>) -> Response {
    ws.max_message_size(MAX_CLIENT_FRAME_BYTES)
        .max_frame_size(MAX_CLIENT_FRAME_BYTES)
        .on_upgrade(move |socket| connection::serve(socket, hubs))
}

#[derive(Deserialize)]
struct CreateRequest {
    variant: Variant,
    #[serde(default = "untimed")]
    time: TimeControl,
}

fn untimed() -> TimeControl {
    TimeControl::Untimed
}

/// The answer to a creation: the id and each seat's token, in turn order.
#[derive(Serialize)]
struct CreateAnswer {
    game: GameId,
    seats: serde_json::Map<String, serde_json::Value>,
}

async fn create(
    State(hubs): State<Arc<Hubs>>,
    Json(req): Json<CreateRequest>,
) -> Result<Json<CreateAnswer>, HttpError> {
    let (game, seats) = hubs
        .create(req.variant, req.time)
        .await
        .map_err(HttpError::Create)?;
    let seats = seats
        .into_iter()
        .map(|(c, t)| (c.title().to_string(), t.as_str().into()))
        .collect();
    Ok(Json(CreateAnswer { game, seats }))
}

async fn list(
    State(hubs): State<Arc<Hubs>>,
) -> Result<Json<Vec<camelot_online::protocol::GameSummary>>, HttpError> {
    connection::list(&hubs)
        .await
        .map(Json)
        .map_err(|e| HttpError::Storage(format!("listing games: {e}")))
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
        seats: Vec::new(),
        time_control: Some(g.time.to_string()),
        termination: Some(match g.status {
            Status::Over(end) => end.describe().to_string(),
            Status::Live => "unterminated".into(),
        }),
        other: Vec::new(),
    };
    tags.export(&g.game, Notation::Wcf)
}
