//! `POST /players/NAME/relation`: follow, block, or neither.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, Method};
use axum::routing::post;
use axum::{Json, Router};
use camelot_online::protocol::accounts::{AccountName, Done};
use camelot_online::protocol::relations::SetRelation;
use camelot_online::protocol::ErrorCode;

use crate::accounts::{self, Account};
use crate::common::clock::now_ms;
use crate::common::error::{Answer, ServiceError};
use crate::common::http::{body, clip, JsonBody};
use crate::store::Db;

pub fn api(db: Db) -> Router {
    Router::new()
        .route("/players/{name}/relation", post(set))
        .with_state(db)
}

fn storage(e: sqlx::Error) -> ServiceError {
    ServiceError::Storage(format!("a relation: {e}"))
}

pub(super) async fn me(
    db: &Db,
    headers: &HeaderMap,
    method: &Method,
) -> Result<Account, ServiceError> {
    accounts::signed_in(db, headers, method, now_ms())
        .await?
        .map(|m| m.account)
        .ok_or_else(|| {
            ServiceError::refused(
                Answer::Unauthorized,
                ErrorCode::NotSignedIn,
                "log in to follow or block a player",
            )
        })
}

async fn set(
    State(db): State<Db>,
    Path(name): Path<String>,
    method: Method,
    headers: HeaderMap,
    JsonBody(bytes): JsonBody,
) -> Result<Json<Done>, ServiceError> {
    let me = me(&db, &headers, &method).await?;
    let asked: SetRelation = body(&bytes)?;
    let no_such = || {
        ServiceError::refused(
            Answer::NotFound,
            ErrorCode::NoSuchPlayer,
            format!("nobody here is named '{}'", clip(&name)),
        )
    };
    let named = AccountName::parse(&name).map_err(|_| no_such())?;
    let them = db
        .account_named(&named.key())
        .await
        .map_err(storage)?
        .ok_or_else(no_such)?;
    if them.id == me.id {
        return Err(ServiceError::refused(
            Answer::BadRequest,
            ErrorCode::NotAllowed,
            "you cannot follow or block yourself",
        ));
    }
    db.set_relation(&me.id, &them.id, &them.name, asked.relation, now_ms())
        .await
        .map_err(storage)?;
    Ok(Json(Done {}))
}
