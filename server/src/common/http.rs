//! What every room's routes do alike: take a body (JSON, declared so, for the routes
//! that read one; within the size limit, or refused in JSON), read a JSON body, read a
//! page's query, name the next page, check the protocol version a client states, answer
//! a method a route does not take.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use camelot_online::protocol::{check_version, GameId, VERSION_HEADER};
use serde::de::DeserializeOwned;

use crate::common::error::ServiceError;

/// Requests are small: a creation is a few dozen bytes.
pub const MAX_BODY_BYTES: usize = 4096;

/// The body of a request that changes something with JSON: declared JSON
/// (`Content-Type: application/json`, which a form on another site cannot send without
/// the browser asking this server first), and within the server's size limit (`LIMIT`
/// for a route that sets a larger `DefaultBodyLimit` of its own).
pub struct JsonBody<const LIMIT: usize = MAX_BODY_BYTES>(pub Bytes);

impl<S: Send + Sync, const LIMIT: usize> FromRequest<S> for JsonBody<LIMIT> {
    type Rejection = ServiceError;

    async fn from_request(req: Request, state: &S) -> Result<JsonBody<LIMIT>, ServiceError> {
        if !is_json(req.headers()) {
            return Err(ServiceError::NotJson);
        }
        Ok(JsonBody(buffered(req, state, LIMIT).await?))
    }
}

/// A body of text (a QR code's link), within the server's size limit.
pub struct TextBody(pub String);

impl<S: Send + Sync> FromRequest<S> for TextBody {
    type Rejection = ServiceError;

    async fn from_request(req: Request, state: &S) -> Result<TextBody, ServiceError> {
        let bytes = buffered(req, state, MAX_BODY_BYTES).await?;
        String::from_utf8(bytes.to_vec())
            .map(TextBody)
            .map_err(|_| ServiceError::Unreadable("the body is not UTF-8 text".into()))
    }
}

/// The body, read whole up to the limit (`DefaultBodyLimit`, which is `limit`), or our
/// refusal.
async fn buffered<S: Send + Sync>(
    req: Request,
    state: &S,
    limit: usize,
) -> Result<Bytes, ServiceError> {
    Bytes::from_request(req, state).await.map_err(|r| {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ServiceError::TooLarge { limit }
        } else {
            ServiceError::Unreadable(r.body_text())
        }
    })
}

/// Whether the body is declared JSON (`application/json`, with any parameters).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
}

/// A route asked with a method it does not take: 405, its `Allow` header set by the
/// router.
pub async fn wrong_method(method: Method, uri: Uri) -> ServiceError {
    ServiceError::WrongMethod {
        method: method.to_string(),
        path: clip(uri.path()),
    }
}

/// Every answer says its type is what it is: no browser sniffs a JSON refusal into a
/// page.
pub async fn no_sniffing(request: Request, next: axum::middleware::Next) -> Response {
    let mut r = next.run(request).await;
    r.headers_mut()
        .entry(header::X_CONTENT_TYPE_OPTIONS)
        .or_insert(HeaderValue::from_static("nosniff"));
    r
}

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

/// Whether a request asks for JSON rather than a page (a browser going to an address
/// that is also a request's, as `/players/NAME` and `/tournaments`, is given the page).
pub fn wants_json(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get(axum::http::header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("application/json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_application_json_with_or_without_parameters() {
        let with = |t: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::CONTENT_TYPE, t.parse().unwrap());
            is_json(&h)
        };
        assert!(with("application/json"));
        assert!(with("Application/JSON; charset=utf-8"));
        assert!(!with("text/plain"));
        assert!(!with("application/x-www-form-urlencoded"));
        assert!(!is_json(&HeaderMap::new()));
    }
}
