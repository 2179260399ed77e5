//! The TV's route: `GET /tv/now`, the game on the server's TV and, once it is over, the
//! match that follows and when it starts, so that a page keeps the last position on
//! screen and says when the next begins.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use camelot_online::protocol::requests::{TvGame, TvNext, TvNow};

use crate::common::clock::now_ms;
use crate::common::error::ServiceError;
use crate::store::Db;

pub fn api(db: Db) -> Router {
    Router::new().route("/tv/now", get(now)).with_state(db)
}

async fn now(State(db): State<Db>) -> Result<Json<TvNow>, ServiceError> {
    let shown = db
        .shown()
        .await
        .map_err(|e| ServiceError::Storage(format!("the TV's game: {e}")))?;
    // No game yet: nothing to announce (a server run with `--no-tv` never has one).
    let next = shown
        .as_ref()
        .and_then(|s| super::next(Some(s)))
        .map(|(variant, at)| TvNext {
            variant,
            in_ms: u64::try_from(at - now_ms()).unwrap_or(0),
        });
    Ok(Json(TvNow {
        game: shown.map(|s| TvGame {
            id: s.game,
            variant: s.variant,
        }),
        next,
    }))
}
