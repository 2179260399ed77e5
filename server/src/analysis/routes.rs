//! `POST /games/ID/analysis` asks for a finished game's analysis; `GET` reads it: `202`
//! while it waits or runs (how far it has gone), `200` once done.

use std::sync::Arc;

use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use camelot_online::protocol::analysis::AnalysisView;
use camelot_online::protocol::{ErrorCode, GameId};

use crate::common::client::ClientAddress;
use crate::common::clock::now_ms;
use crate::common::error::{Answer, ServiceError};
use crate::common::http::clip;
use crate::common::limits::Cap;
use crate::common::owner::Owner;
use crate::games::Status;
use crate::queue::Asked;
use crate::round;
use crate::round::Hubs;

/// The analyses' routes and the analysis board's, with the room's own allowance: `most`,
/// the analyses one address may have waiting or under way (and as many positions).
pub fn api(hubs: Arc<Hubs>, most: Cap) -> Router {
    Router::new()
        .route("/games/{id}/analysis", get(look).post(ask))
        .with_state(AnalysisRoom {
            hubs: hubs.clone(),
            most,
        })
        .merge(super::board::routes(hubs, most))
}

fn game_of(id: &str) -> Result<GameId, ServiceError> {
    GameId::parse(id).map_err(|_| ServiceError::NoSuchGame(clip(id)))
}

fn storage(e: sqlx::Error) -> ServiceError {
    ServiceError::Storage(format!("analyses: {e}"))
}

/// `202` until it is done.
fn answered(view: AnalysisView) -> Response {
    let status = if view.is_done() {
        StatusCode::OK
    } else {
        StatusCode::ACCEPTED
    };
    (status, Json(view)).into_response()
}

/// The analysis room's state: the games it analyses, and its allowance.
#[derive(Clone)]
struct AnalysisRoom {
    hubs: Arc<Hubs>,
    most: Cap,
}

impl FromRef<AnalysisRoom> for Arc<Hubs> {
    fn from_ref(room: &AnalysisRoom) -> Arc<Hubs> {
        room.hubs.clone()
    }
}

async fn ask(
    State(AnalysisRoom { hubs, most }): State<AnalysisRoom>,
    Path(id): Path<String>,
    client: ClientAddress,
) -> Result<Response, ServiceError> {
    let game = game_of(&id)?;
    let g = round::game_now(&hubs, &game).await?;
    if g.status == Status::Live {
        return Err(ServiceError::refused(
            Answer::Conflict,
            ErrorCode::NotOver,
            format!("Game {game} is not over: a game is analysed once it has ended"),
        ));
    }
    let plies = g.game.moves().len();
    if plies == 0 {
        return Err(ServiceError::refused(
            Answer::Conflict,
            ErrorCode::NotAllowed,
            format!("Game {game} ended before any move: there is nothing to analyse"),
        ));
    }
    let owner = Owner::Address(client.key());
    let most = most.0;
    let asked = hubs
        .db
        .ask_analysis(&game, &owner, plies + 1, most, now_ms())
        .await
        .map_err(storage)?;
    match asked {
        Asked::Already(view) => Ok(answered(view)),
        Asked::Queued => {
            hubs.wake.ring();
            let view = hubs.db.analysis(&game).await.map_err(storage)?;
            Ok(answered(view.unwrap_or(AnalysisView::Queued { ahead: 0 })))
        }
        Asked::TooMany { most } => Err(ServiceError::refused(
            Answer::TooMany { retry_after: None },
            ErrorCode::TooMany,
            format!(
                "This address has {most} analyses waiting or under way, as many as it may: \
                 ask again once one is done"
            ),
        )),
    }
}

async fn look(
    State(hubs): State<Arc<Hubs>>,
    Path(id): Path<String>,
) -> Result<Response, ServiceError> {
    let game = game_of(&id)?;
    match hubs.db.analysis(&game).await.map_err(storage)? {
        Some(view) => Ok(answered(view)),
        None => {
            // An unknown game is `no_such_game`, not one nobody asked about.
            round::game_now(&hubs, &game).await?;
            Err(ServiceError::refused(
                Answer::NotFound,
                ErrorCode::NotAnalysed,
                format!("Nobody has asked for game {game}'s analysis yet"),
            ))
        }
    }
}
