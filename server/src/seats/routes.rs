//! The seats' routes: `GET /seats` (a page of open seats) and `POST /seats` (one taken).

use std::sync::Arc;

use axum::extract::{FromRef, Request, State};
use axum::http::{HeaderMap, Method};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use camelot_online::protocol::requests::{ListSeats, Request as _};

use crate::accounts;
use crate::common::client::ClientAddress;
use crate::common::clock::now_ms;
use crate::common::error::ServiceError;
use crate::common::http::{body, page_of, with_next, JsonBody};
use crate::common::limits::PerMinute;
use crate::round::Hubs;
use crate::seats::take;

/// The seats' routes, with the room's own allowance: `takes`, the seats one address may
/// take a minute.
pub fn api(hubs: Arc<Hubs>, takes: PerMinute) -> Router {
    Router::new()
        .route("/seats", get(list_seats).post(take_seat))
        .with_state(SeatsRoom {
            hubs,
            takes: Arc::new(takes),
        })
}

/// The seats room's state: the games it seats players in, and its allowance.
#[derive(Clone)]
struct SeatsRoom {
    hubs: Arc<Hubs>,
    takes: Arc<PerMinute>,
}

impl FromRef<SeatsRoom> for Arc<Hubs> {
    fn from_ref(room: &SeatsRoom) -> Arc<Hubs> {
        room.hubs.clone()
    }
}

/// `GET /seats?before=ID&limit=N`: a `Link` header names the next page.
async fn list_seats(
    State(hubs): State<Arc<Hubs>>,
    request: Request,
) -> Result<Response, ServiceError> {
    let (before, limit) = page_of(request.uri().query().unwrap_or(""), "/seats")?;
    let (seats, next) = take::list_seats(&hubs, &ListSeats { before, limit }).await?;
    Ok(with_next(
        Json(seats).into_response(),
        next.map(|n| n.path()),
    ))
}

async fn take_seat(
    State(room): State<SeatsRoom>,
    client: ClientAddress,
    method: Method,
    headers: HeaderMap,
    JsonBody(bytes): JsonBody,
) -> Result<Response, ServiceError> {
    let me = accounts::signed_in(&room.hubs.db, &headers, &method, now_ms()).await?;
    let taker = me.as_ref().map(|m| &m.account);
    let taken =
        take::take_seat(&room.hubs, &room.takes, body(&bytes)?, client.key(), taker).await?;
    Ok(Json(taken).into_response())
}
