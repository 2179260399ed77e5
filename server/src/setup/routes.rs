//! `POST /games`: a new game.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};

use crate::accounts;
use crate::common::client::ClientAddress;
use crate::common::clock::now_ms;
use crate::common::error::ServiceError;
use crate::common::http::{body, JsonBody};
use crate::setup::Setup;

pub fn api(setup: Arc<Setup>) -> Router {
    Router::new()
        .route("/games", post(create))
        .with_state(setup)
}

async fn create(
    State(setup): State<Arc<Setup>>,
    client: ClientAddress,
    method: Method,
    headers: HeaderMap,
    JsonBody(bytes): JsonBody,
) -> Result<Response, ServiceError> {
    let me = accounts::signed_in(&setup.db, &headers, &method, now_ms()).await?;
    let creator = me.as_ref().map(|m| &m.account);
    let created = setup.create(&body(&bytes)?, client.key(), creator).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}
