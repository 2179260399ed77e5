//! The accounts' routes: `POST /account` (sign up), `DELETE /account` (close),
//! `POST /account/password`, `POST /account/recovery-codes`, `POST /account/recover`,
//! `POST /session` (log in), `GET /session` (who am I) and `DELETE /session` (log out).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use camelot_online::protocol::accounts::{AccountName, Done, Here, LogIn, Password, Session};
use camelot_online::protocol::recovery::RecoveryCodes;
use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::accounts::recovery;
use crate::accounts::service::{self, Opened};
use crate::accounts::sessions::{self, SignedIn};
use crate::accounts::store::SessionKind;
use crate::accounts::{AccountError, Accounts};
use crate::common::client::ClientAddress;
use crate::common::clock::now_ms;
use crate::common::error::ServiceError;
use crate::common::http::{body, JsonBody, OverTls};

pub fn api() -> Router<Arc<Accounts>> {
    Router::new()
        .route("/account", post(sign_up).delete(close))
        .route("/account/password", post(change_password))
        .route("/account/recovery-codes", post(new_recovery_codes))
        .route("/account/recover", post(recover))
        .route("/session", post(log_in).get(who).delete(log_out))
        .route("/me", get(here))
}

/// A request's body: where it is not the request, a name or a password that is not one
/// is said as such (`bad_name`, `bad_password`), not as unreadable JSON.
fn read<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, ServiceError> {
    #[derive(Deserialize)]
    struct Fields {
        name: Option<String>,
        password: Option<String>,
        old: Option<String>,
        new: Option<String>,
    }
    body(bytes).map_err(|unreadable| {
        let Ok(f) = serde_json::from_slice::<Fields>(bytes) else {
            return unreadable;
        };
        if let Some(Err(e)) = f.name.as_deref().map(AccountName::parse) {
            return AccountError::from(e).into();
        }
        for p in [f.password, f.old, f.new].into_iter().flatten() {
            if let Err(e) = Password::parse(&p) {
                return AccountError::from(e).into();
            }
        }
        unreadable
    })
}

fn secure(tls: Option<Extension<OverTls>>) -> bool {
    tls.is_some_and(|Extension(OverTls(on))| on)
}

/// A session's answer: its JSON, and a browser's cookies (the session's, and the known
/// device's).
fn opened(status: StatusCode, o: Opened, secure: bool) -> Response {
    let mut r = (status, Json(o.session)).into_response();
    if o.kind == SessionKind::Cookie {
        r.headers_mut()
            .append(header::SET_COOKIE, sessions::cookie(&o.secret, secure));
        if let Some(device) = &o.device {
            r.headers_mut()
                .append(header::SET_COOKIE, sessions::device_cookie(device, secure));
        }
    }
    r
}

/// A request that ended a browser's session: its cookie cleared too.
fn ended(me: &SignedIn, secure: bool) -> Response {
    let mut r = Json(Done {}).into_response();
    if me.kind == SessionKind::Cookie {
        r.headers_mut()
            .insert(header::SET_COOKIE, sessions::cleared_cookie(secure));
    }
    r
}

async fn me(
    accounts: &Accounts,
    headers: &HeaderMap,
    method: &Method,
) -> Result<SignedIn, ServiceError> {
    Ok(sessions::must_be_signed_in(&accounts.db, headers, method, now_ms()).await?)
}

async fn sign_up(
    State(accounts): State<Arc<Accounts>>,
    client: ClientAddress,
    tls: Option<Extension<OverTls>>,
    JsonBody(bytes): JsonBody,
) -> Result<Response, ServiceError> {
    let o = service::sign_up(&accounts, read(&bytes)?, client.key()).await?;
    Ok(opened(StatusCode::CREATED, o, secure(tls)))
}

async fn log_in(
    State(accounts): State<Arc<Accounts>>,
    client: ClientAddress,
    tls: Option<Extension<OverTls>>,
    headers: HeaderMap,
    JsonBody(bytes): JsonBody,
) -> Result<Response, ServiceError> {
    let req: LogIn = read(&bytes)?;
    let device = req
        .device
        .clone()
        .or_else(|| sessions::shown_device(&headers));
    let o = service::log_in(&accounts, req, device, client.key()).await?;
    Ok(opened(StatusCode::OK, o, secure(tls)))
}

async fn who(
    State(accounts): State<Arc<Accounts>>,
    method: Method,
    headers: HeaderMap,
) -> Result<Json<Session>, ServiceError> {
    let me = me(&accounts, &headers, &method).await?;
    Ok(Json(Session {
        name: me.account.name,
        kind: me.account.kind,
        token: None,
        device: None,
        recovery_codes: Vec::new(),
    }))
}

/// `GET /me`: who is here, nobody included, without an error.
async fn here(
    State(accounts): State<Arc<Accounts>>,
    method: Method,
    headers: HeaderMap,
) -> Result<Json<Here>, ServiceError> {
    let me = sessions::signed_in(&accounts.db, &headers, &method, now_ms()).await?;
    Ok(Json(Here {
        session: me.map(|me| Session {
            name: me.account.name,
            kind: me.account.kind,
            token: None,
            device: None,
            recovery_codes: Vec::new(),
        }),
    }))
}

async fn log_out(
    State(accounts): State<Arc<Accounts>>,
    method: Method,
    headers: HeaderMap,
    tls: Option<Extension<OverTls>>,
) -> Result<Response, ServiceError> {
    let me = me(&accounts, &headers, &method).await?;
    service::log_out(&accounts, &me).await?;
    Ok(ended(&me, secure(tls)))
}

async fn change_password(
    State(accounts): State<Arc<Accounts>>,
    method: Method,
    headers: HeaderMap,
    tls: Option<Extension<OverTls>>,
    JsonBody(bytes): JsonBody,
) -> Result<Response, ServiceError> {
    let me = me(&accounts, &headers, &method).await?;
    let o = service::change_password(&accounts, &me, read(&bytes)?).await?;
    Ok(opened(StatusCode::OK, o, secure(tls)))
}

async fn close(
    State(accounts): State<Arc<Accounts>>,
    method: Method,
    headers: HeaderMap,
    tls: Option<Extension<OverTls>>,
    JsonBody(bytes): JsonBody,
) -> Result<Response, ServiceError> {
    let me = me(&accounts, &headers, &method).await?;
    service::close(&accounts, &me, read(&bytes)?).await?;
    Ok(ended(&me, secure(tls)))
}

async fn new_recovery_codes(
    State(accounts): State<Arc<Accounts>>,
    method: Method,
    headers: HeaderMap,
    JsonBody(bytes): JsonBody,
) -> Result<Json<RecoveryCodes>, ServiceError> {
    let me = me(&accounts, &headers, &method).await?;
    Ok(Json(recovery::remake(&accounts, &me, read(&bytes)?).await?))
}

async fn recover(
    State(accounts): State<Arc<Accounts>>,
    client: ClientAddress,
    tls: Option<Extension<OverTls>>,
    JsonBody(bytes): JsonBody,
) -> Result<Response, ServiceError> {
    let o = recovery::recover(&accounts, read(&bytes)?, client.key()).await?;
    Ok(opened(StatusCode::OK, o, secure(tls)))
}
