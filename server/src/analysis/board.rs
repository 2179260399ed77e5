//! The analysis board's routes: `POST /analysis/position` answers a study's position and
//! its legal moves at once; `POST /analysis/lines` asks the server's computer for the
//! position's best lines (`202` while it waits or runs, `200` once found). Both are
//! bounded per address: so many a minute, and so many positions waiting for the
//! computer at once (the analyses' allowance); a body may carry a long study.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use camelot_online::protocol::study::{LinesView, StudiedPosition, Study};
use camelot_online::protocol::{BoardView, ErrorCode, GameEnd};

use crate::analysis::study::{notations, studied};
use crate::common::client::ClientAddress;
use crate::common::clock::now_ms;
use crate::common::error::{Answer, ServiceError};
use crate::common::http::{body, JsonBody};
use crate::common::limits::{Cap, PerMinute};
use crate::common::owner::Owner;
use crate::queue::{AskedLines, PositionAsked, PositionKey};
use crate::round::Hubs;

/// A study's body: a thousand moves, each with its squares.
const STUDY_BODY_BYTES: usize = 128 * 1024;
/// The positions and lines one address may ask for a minute: a move tried each second,
/// and the page asking after the computer's lines as often.
const STUDY_PER_MINUTE: u32 = 240;

#[derive(Clone)]
struct BoardRoom {
    hubs: Arc<Hubs>,
    most: Cap,
    asked: Arc<PerMinute>,
}

/// The analysis board's routes; `most`, the positions one address may have waiting.
pub fn routes(hubs: Arc<Hubs>, most: Cap) -> Router {
    Router::new()
        .route("/analysis/position", post(position))
        .route("/analysis/lines", post(lines))
        .layer(DefaultBodyLimit::max(STUDY_BODY_BYTES))
        .with_state(BoardRoom {
            hubs,
            most,
            asked: Arc::new(PerMinute::new(Some(STUDY_PER_MINUTE))),
        })
}

/// The study in a body, once the address may ask again.
fn asked(room: &BoardRoom, client: ClientAddress, bytes: &Bytes) -> Result<Study, ServiceError> {
    if !room.asked.allow(client.key()) {
        return Err(ServiceError::refused(
            Answer::too_many(STUDY_PER_MINUTE),
            ErrorCode::TooMany,
            format!(
                "This address has asked for {STUDY_PER_MINUTE} positions in a minute, as many \
                 as it may: wait a moment"
            ),
        ));
    }
    body(bytes)
}

async fn position(
    State(room): State<BoardRoom>,
    client: ClientAddress,
    JsonBody(bytes): JsonBody<STUDY_BODY_BYTES>,
) -> Result<Json<StudiedPosition>, ServiceError> {
    let study = asked(&room, client, &bytes)?;
    let s = studied(&room.hubs, &study).await?;
    Ok(Json(StudiedPosition {
        variant: s.game.variant(),
        board: BoardView::of(&s.game),
        legal: BoardView::legal(&s.game),
        moves: s.tried,
        over: s.game.outcome().map(GameEnd::Decided),
    }))
}

async fn lines(
    State(room): State<BoardRoom>,
    client: ClientAddress,
    JsonBody(bytes): JsonBody<STUDY_BODY_BYTES>,
) -> Result<Response, ServiceError> {
    let study = asked(&room, client, &bytes)?;
    let s = studied(&room.hubs, &study).await?;
    if let Some(o) = s.game.outcome() {
        return Err(ServiceError::refused(
            Answer::Conflict,
            ErrorCode::GameOver,
            format!(
                "The game is over in this position ({}): there is nothing to search",
                o.reason.describe()
            ),
        ));
    }
    let variant = s.game.variant();
    let moves = notations(&s.game);
    let key = PositionKey::of(variant, &moves);
    let owner = Owner::Address(client.key());
    let db = &room.hubs.db;
    let storage = |e: sqlx::Error| ServiceError::Storage(format!("positions: {e}"));
    let asked = db
        .ask_lines(
            &key,
            &PositionAsked { variant, moves },
            &owner,
            room.most.0,
            now_ms(),
        )
        .await
        .map_err(storage)?;
    let view = match asked {
        AskedLines::Already(view) => view,
        AskedLines::Queued => {
            room.hubs.wake.ring();
            db.lines(&key)
                .await
                .map_err(storage)?
                .unwrap_or(LinesView::Queued { ahead: 0 })
        }
        AskedLines::TooMany { most } => {
            return Err(ServiceError::refused(
                Answer::TooMany { retry_after: None },
                ErrorCode::TooMany,
                format!(
                    "The server's computer already has {most} positions of this address to \
                     look at: it takes this one once one of those is done"
                ),
            ))
        }
    };
    let status = if view.is_done() {
        StatusCode::OK
    } else {
        StatusCode::ACCEPTED
    };
    Ok((status, Json(view)).into_response())
}
