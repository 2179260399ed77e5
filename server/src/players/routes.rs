//! `GET /players/NAME`: a player's page, as JSON when asked with `Accept:
//! application/json`, else the browser's page (which asks for the JSON itself).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, Method};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use camelot_online::protocol::accounts::{AccountName, PlayedGames, PlayerProfile};
use camelot_online::protocol::history::GamesFilter;
use camelot_online::protocol::ErrorCode;

use crate::accounts;
use crate::accounts::Account;
use crate::accounts::Accounts;
use crate::common::clock::now_ms;
use crate::common::error::{Answer, ServiceError};
use crate::common::http::{clip, page_of, wants_json};
use crate::pages;
use crate::players::store;
use crate::presence;
use crate::relations;

pub fn api() -> Router<Arc<Accounts>> {
    Router::new()
        .route("/players", get(leaders))
        .route("/players/{name}", get(player))
        .route("/players/{name}/games", get(games))
}

/// `GET /players/NAME/games?before=ID&variant=V&rated=B&result=R`: a page of the
/// player's finished games, those the filter keeps.
async fn games(
    State(accounts): State<Arc<Accounts>>,
    Path(name): Path<String>,
    request: axum::extract::Request,
) -> Result<Response, ServiceError> {
    let query = request.uri().query().unwrap_or("");
    let (before, _) = page_of(query, "/players/NAME/games")?;
    let mut filter = GamesFilter::default();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        filter
            .take(key, value)
            .map_err(|e| ServiceError::Unreadable(e.to_string()))?;
    }
    let account = named(&accounts, &name).await?;
    let (games, next) =
        store::finished_games_of(&accounts.db, &account.id, before.as_ref(), &filter)
            .await
            .map_err(|e| ServiceError::Storage(format!("a player's games: {e}")))?;
    Ok(Json(PlayedGames { games, next }).into_response())
}

/// The live account named `name`, or why there is none.
async fn named(accounts: &Accounts, name: &str) -> Result<Account, ServiceError> {
    let parsed = AccountName::parse(name).map_err(|_| no_such_player(name))?;
    accounts
        .db
        .account_named(&parsed.key())
        .await
        .map_err(|e| ServiceError::Storage(format!("a player's page: {e}")))?
        .ok_or_else(|| no_such_player(name))
}

/// `GET /players`: the best players of each variant.
async fn leaders(
    State(accounts): State<Arc<Accounts>>,
    headers: HeaderMap,
) -> Result<Response, ServiceError> {
    if !wants_json(&headers) {
        return Ok(pages::page());
    }
    let leaders = store::leaders(&accounts.db)
        .await
        .map_err(|e| ServiceError::Storage(format!("the best players: {e}")))?;
    Ok(Json(leaders).into_response())
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
    let storage = |e: sqlx::Error| ServiceError::Storage(format!("a player's page: {e}"));
    let account = named(&accounts, &name).await?;
    let ratings = accounts.db.ratings_of(&account.id).await.map_err(storage)?;
    let playing = accounts
        .db
        .live_games_of(&account.id)
        .await
        .map_err(storage)?;
    let history = accounts.db.history_of(&account.id).await.map_err(storage)?;
    let playing_games = store::live_games_of(&accounts.db, &account.id)
        .await
        .map_err(storage)?;
    let (games, next) =
        store::finished_games_of(&accounts.db, &account.id, None, &GamesFilter::default())
            .await
            .map_err(storage)?;
    let (online, seen_at) = presence::seen_of(&accounts.db, &account.id, now_ms())
        .await
        .map_err(storage)?;
    // What the viewer, logged in, is to them.
    let viewer = accounts::signed_in(&accounts.db, &headers, &Method::GET, now_ms())
        .await
        .ok()
        .flatten();
    let relation = match viewer {
        Some(v) => relations::relation(&accounts.db, &v.account.id, &account.id)
            .await
            .map_err(storage)?,
        None => None,
    };
    Ok(Json(PlayerProfile {
        name: account.name,
        kind: account.kind,
        since: account.created_at,
        ratings,
        playing,
        playing_games,
        history,
        games: PlayedGames { games, next },
        online,
        seen_at,
        relation,
    })
    .into_response())
}
