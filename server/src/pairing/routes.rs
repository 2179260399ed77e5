//! `POST /pairing` (a quick game: answered once paired, or after a while still waiting,
//! when the client asks again) and `DELETE /pairing` (no longer waiting).

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::{HeaderMap, Method};
use axum::routing::post;
use axum::{Json, Router};
use camelot_online::protocol::accounts::Done;
use camelot_online::protocol::pairing::{range_after, Pairing, QuickGame};
use rand::Rng;

use crate::accounts;
use crate::common::client::ClientAddress;
use crate::common::clock::now_ms;
use crate::common::error::ServiceError;
use crate::common::http::{body, JsonBody};
use crate::common::limits::Cap;
use crate::common::owner::Owner;
use crate::games::log_storage;
use crate::pairing::store::{Asked, Attempt};
use crate::pairing::waits::Waits;
use crate::pairing::{PairingError, PATIENCE_S};
use crate::store::Db;

const PATIENCE: Duration = Duration::from_secs(PATIENCE_S as u64);

/// What the pairing's routes hold: the database, and the requests waiting here.
#[derive(Clone)]
pub struct PairingState {
    pub db: Db,
    pub waits: Arc<Waits>,
}

/// `per_address`: the requests one address may have waiting at once.
pub fn api(db: Db, per_address: Cap) -> Router {
    let state = PairingState {
        db,
        waits: Arc::new(Waits::new(per_address)),
    };
    Router::new()
        .route("/pairing", post(pair).delete(cancel))
        .with_state(state)
}

async fn pair(
    State(PairingState { db, waits }): State<PairingState>,
    client: ClientAddress,
    method: Method,
    headers: HeaderMap,
    JsonBody(bytes): JsonBody,
) -> Result<Json<Pairing>, ServiceError> {
    let me = accounts::signed_in(&db, &headers, &method, now_ms())
        .await?
        .ok_or(PairingError::NotSignedIn)?
        .account;
    let asked: QuickGame = body(&bytes)?;
    if asked.variant.rules().players() != 2 {
        return Err(PairingError::NotForTwo.into());
    }
    let time = asked.time.check().map_err(PairingError::Time)?;
    let storage = |e: sqlx::Error| {
        log_storage(&e);
        PairingError::Storage
    };
    let rating = db
        .rating_in(&me.id, asked.variant)
        .await
        .map_err(storage)?
        .map_or(1500.0, |(r, _)| r);
    let asked = Asked {
        variant: asked.variant,
        time,
        rating,
    };
    let owner = Owner::Address(client.key());
    let place = waits
        .wait(&me.id, client.key())
        .map_err(|full| PairingError::TooManyWaiting(full.0))?;
    let start = Instant::now();
    loop {
        let attempt = db
            .try_pairing(&me, &asked, owner, now_ms())
            .await
            .map_err(storage)?;
        match attempt {
            Attempt::Paired { game, seat } => {
                return Ok(Json(Pairing::Paired {
                    seat: asked.variant.rules().seat_colour(seat),
                    game,
                }))
            }
            // Past its patience, or replaced by the account's newer request.
            Attempt::Waiting { waited_ms } if start.elapsed() >= PATIENCE || place.replaced() => {
                return Ok(Json(Pairing::Waiting {
                    waited_ms: waited_ms.max(0) as u64,
                    range: range_after(waited_ms),
                }))
            }
            Attempt::Waiting { .. } => {
                // Two processes that lock each other's rows at once both try again, at
                // different moments.
                let pause = rand::rng().random_range(150..350);
                tokio::time::sleep(Duration::from_millis(pause)).await;
            }
        }
    }
}

async fn cancel(
    State(PairingState { db, .. }): State<PairingState>,
    method: Method,
    headers: HeaderMap,
) -> Result<Json<Done>, ServiceError> {
    let me = accounts::signed_in(&db, &headers, &method, now_ms())
        .await?
        .ok_or(PairingError::NotSignedIn)?;
    db.cancel_pairing(&me.account.id).await.map_err(|e| {
        log_storage(&e);
        PairingError::Storage
    })?;
    Ok(Json(Done {}))
}
