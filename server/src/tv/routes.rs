//! The TV's route: `GET /tv/now`, the game on the server's TV and, once it is over, the
//! match that follows and when it starts, so that a page keeps the last position on
//! screen and says when the next begins. While a tournament is under way the TV shows its
//! top game instead (the tournaments room says which), and the computer's match goes on
//! off screen.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use camelot_online::protocol::tv::{TvGame, TvNext, TvNow, TvTournament};
use tokio::sync::Mutex;

use crate::common::clock::now_ms;
use crate::common::error::ServiceError;
use crate::store::Db;
use crate::tournaments::{top_game, TopGame};

/// How long the top game found is kept before it is asked again: every watcher's page
/// asks every few seconds, and standings are computed from the games.
const TOP_KEPT: Duration = Duration::from_secs(2);

/// The top game last found, and when.
type Found = Option<(Instant, Option<TopGame>)>;

#[derive(Clone)]
struct Tv {
    db: Db,
    top: Arc<Mutex<Found>>,
}

pub fn api(db: Db) -> Router {
    Router::new().route("/tv/now", get(now)).with_state(Tv {
        db,
        top: Arc::new(Mutex::new(None)),
    })
}

fn storage(what: &str, e: sqlx::Error) -> ServiceError {
    ServiceError::Storage(format!("{what}: {e}"))
}

/// The top tournament game, as found at most [`TOP_KEPT`] ago.
async fn top(tv: &Tv) -> Result<Option<TopGame>, ServiceError> {
    let mut kept = tv.top.lock().await;
    if let Some((at, top)) = kept.as_ref() {
        if at.elapsed() < TOP_KEPT {
            return Ok(top.clone());
        }
    }
    let top = top_game(&tv.db)
        .await
        .map_err(|e| storage("the top tournament game", e))?;
    *kept = Some((Instant::now(), top.clone()));
    Ok(top)
}

async fn now(State(tv): State<Tv>) -> Result<Json<TvNow>, ServiceError> {
    if let Some(t) = top(&tv).await? {
        return Ok(Json(TvNow {
            game: Some(TvGame {
                id: t.game,
                variant: t.variant,
                tournament: Some(TvTournament {
                    id: t.tournament,
                    name: t.name,
                }),
            }),
            next: None,
        }));
    }
    let shown = tv
        .db
        .shown()
        .await
        .map_err(|e| storage("the TV's game", e))?;
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
            tournament: None,
        }),
        next,
    }))
}
