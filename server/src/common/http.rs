//! What every room's routes do alike: read a JSON body, read a page's query, name the
//! next page, check the protocol version a client states.

use axum::body::Bytes;
use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use camelot_online::protocol::{check_version, GameId, VERSION_HEADER};
use serde::de::DeserializeOwned;

use crate::common::error::ServiceError;

/// A request's JSON body, or why it is not one.
pub fn body<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, ServiceError> {
    serde_json::from_slice(bytes).map_err(|e| ServiceError::Unreadable(format!("{e}")))
}

/// The page a query string asks for: `before` a game's id, `limit` a number.
pub fn page_of(query: &str, list: &str) -> Result<(Option<GameId>, Option<u32>), ServiceError> {
    let (mut before, mut limit) = (None, None);
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "before" => {
                before = Some(GameId::parse(value).map_err(|_| {
                    ServiceError::Unreadable(format!("`before` names a game: {list}?before=ID"))
                })?)
            }
            "limit" => {
                limit = Some(value.parse().map_err(|_| {
                    ServiceError::Unreadable(format!("`limit` is a number: {list}?limit=N"))
                })?)
            }
            _ => {}
        }
    }
    Ok((before, limit))
}

/// An answer with a `Link` header naming the next page, if there is one.
pub fn with_next(mut answer: Response, next: Option<String>) -> Response {
    if let Some(link) =
        next.and_then(|p| HeaderValue::from_str(&format!("<{p}>; rel=\"next\"")).ok())
    {
        answer.headers_mut().insert(header::LINK, link);
    }
    answer
}

/// A request that states another protocol version than this server's is told to
/// upgrade; one that states none (curl, a browser's address bar) is taken as this one.
pub async fn speaks_this_version(request: Request, next: Next) -> Response {
    let stated = request
        .headers()
        .get(VERSION_HEADER)
        .map(|v| v.to_str().ok().and_then(|v| v.trim().parse::<u32>().ok()));
    match stated {
        None => next.run(request).await,
        Some(Some(v)) => match check_version(v) {
            Ok(()) => next.run(request).await,
            Err(e) => ServiceError::Upgrade(e).into_response(),
        },
        Some(None) => ServiceError::Unreadable(format!("the {VERSION_HEADER} header is a number"))
            .into_response(),
    }
}

/// At most 40 characters of what a client sent, for a message.
pub fn clip(s: &str) -> String {
    camelot_engine::Excerpt::new(s).to_string()
}

/// Whether a request came over TLS (the listener marks each request): a session's cookie
/// is then `Secure`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverTls(pub bool);
