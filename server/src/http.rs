//! The HTTP side: the WebSocket endpoint, and plain requests for programs that do not
//! speak it (curl, a browser): create a game, list the live ones, fetch a game's record.

use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use camelot_engine::{Notation, Record};
use camelot_online::protocol::{TimeControl, MAX_CLIENT_FRAME_BYTES, PROTOCOL_VERSION};
use serde::Deserialize;

use crate::connection;
use crate::hub::Hubs;
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
    variant: String,
    #[serde(default = "untimed")]
    time: TimeControl,
}

fn untimed() -> TimeControl {
    TimeControl::Untimed
}

async fn create(State(hubs): State<Arc<Hubs>>, Json(req): Json<CreateRequest>) -> Response {
    match hubs.create(&req.variant, req.time).await {
        Ok((game, seats)) => {
            let seats: serde_json::Map<String, serde_json::Value> = seats
                .into_iter()
                .map(|(k, v)| (k, serde_json::Value::String(v)))
                .collect();
            Json(serde_json::json!({ "game": game, "seats": seats })).into_response()
        }
        Err(e) => (StatusCode::BAD_REQUEST, e).into_response(),
    }
}

async fn list(State(hubs): State<Arc<Hubs>>) -> Response {
    match connection::list(&hubs).await {
        Ok(games) => Json(games).into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e).into_response(),
    }
}

async fn record(State(hubs): State<Arc<Hubs>>, Path(file): Path<String>) -> Response {
    let Some(id) = file.strip_suffix(".cgn") else {
        return (StatusCode::NOT_FOUND, "records are at /games/ID.cgn").into_response();
    };
    let g = match hubs.held(id).await {
        Some(hub) => hub.state.lock().await.clone(),
        None => match hubs.db.load(id).await {
            Ok(Some(g)) => g,
            Ok(None) => return (StatusCode::NOT_FOUND, "no such game").into_response(),
            Err(e) => return (StatusCode::INTERNAL_SERVER_ERROR, e).into_response(),
        },
    };
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        record_text(&g),
    )
        .into_response()
}

/// The game as a `.cgn` record.
pub fn record_text(g: &LiveGame) -> String {
    let date = civil_date(g.created_at);
    let time = g.time.to_string();
    let rules = g.variant.rules();
    let mut tags = vec![
        ("Event", "camelot-server game"),
        ("Site", "camelot-server"),
        ("Date", date.as_str()),
        ("Round", g.id.as_str()),
    ];
    for p in rules.players_in_order() {
        tags.push((rules.seat_title(p), "?"));
    }
    tags.push(("TimeControl", time.as_str()));
    let termination = match &g.status {
        Status::Over { reason, .. } => reason.as_str(),
        Status::Live => "unterminated",
    };
    tags.push(("Termination", termination));
    Record::export(&g.game, &tags, Notation::Wcf)
}

/// `YYYY.MM.DD` of a Unix time in milliseconds (UTC).
fn civil_date(ms: i64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil() {
        assert_eq!(civil_date(0), "1970.01.01");
        assert_eq!(civil_date(1_795_996_800_000), "2026.11.30");
        assert_eq!(civil_date(951_782_400_000), "2000.02.29");
    }
}
