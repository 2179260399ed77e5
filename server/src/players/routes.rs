//! `GET /players/NAME`: a player's page, as JSON when asked with `Accept:
//! application/json`, else the browser's page (which asks for the JSON itself).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use camelot_online::protocol::accounts::{AccountName, PlayerProfile};
use camelot_online::protocol::ErrorCode;

use crate::accounts::Accounts;
use crate::common::error::{Answer, ServiceError};
use crate::common::http::clip;
use crate::pages;

pub fn api() -> Router<Arc<Accounts>> {
    Router::new()
        .route("/players", get(leaders))
        .route("/players/{name}", get(player))
}

/// `GET /players`: the best players of each variant.
async fn leaders(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
) -> Result<Response, ServiceError> {
    if !wants_json(&headers) {
        return Ok(pages::page());
    }
    let leaders = accounts
        .db
        .leaders()
        .await
        .map_err(|e| ServiceError::Storage(format!("the best players: {e}")))?;
    Ok(Json(leaders).into_response())
}

/// Whether a request asks for JSON rather than a page.
pub fn wants_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("application/json"))
}

fn no_such_player(name: &str) -> ServiceError {
    ServiceError::refused(
        Answer::NotFound,
        ErrorCode::NoSuchPlayer,
        format!("nobody here is named '{}'", clip(name)),
    )
}

async fn player(
    State(accounts): State<Arc<Accounts>>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ServiceError> {
    if !wants_json(&headers) {
        return Ok(pages::page());
    }
    let parsed = AccountName::parse(&name).map_err(|_| no_such_player(&name))?;
    let storage = |e: sqlx::Error| ServiceError::Storage(format!("a player's page: {e}"));
    let account = accounts
        .db
        .account_named(&parsed.key())
        .await
        .map_err(storage)?
        .ok_or_else(|| no_such_player(&name))?;
    let ratings = accounts.db.ratings_of(&account.id).await.map_err(storage)?;
    let playing = accounts
        .db
        .live_games_of(&account.id)
        .await
        .map_err(storage)?;
    let history = accounts.db.history_of(&account.id).await.map_err(storage)?;
    let games = accounts
        .db
        .finished_games_of(&account.id)
        .await
        .map_err(storage)?;
    Ok(Json(PlayerProfile {
        name: account.name,
        kind: account.kind,
        since: account.created_at,
        ratings,
        playing,
        history,
        games,
    })
    .into_response())
}
