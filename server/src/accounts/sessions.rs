//! Sessions, kept by the server: a secret given once (a browser's in an `HttpOnly`,
//! `SameSite=Lax` cookie, `Secure` over TLS; a program's as a token it shows as
//! `Authorization: Bearer`), stored only as its SHA-256. A request that changes
//! something on the strength of a cookie must come from the page itself: it carries the
//! `Origin` that the same-site guard has already checked is this server's.

use axum::http::{header, HeaderMap, HeaderValue, Method};
use camelot_online::protocol::accounts::AccountToken;

use crate::accounts::store::{Account, SessionKind};
use crate::accounts::AccountError;
use crate::common::tokens;
use crate::store::Db;

/// The session cookie's name.
pub const COOKIE: &str = "camelot_session";

/// How long a browser's session lasts without a new login.
pub const COOKIE_DAYS: i64 = 30;

/// A request's account, and the session that shows it.
#[derive(Clone, Debug)]
pub struct SignedIn {
    pub account: Account,
    pub kind: SessionKind,
    /// The session secret's hash: what ends it.
    pub hash: String,
}

/// A new session's secret.
pub fn new_secret() -> AccountToken {
    AccountToken::new(tokens::new_token())
}

/// The cookie that holds a browser's session.
pub fn cookie(secret: &AccountToken, secure: bool) -> HeaderValue {
    let max_age = COOKIE_DAYS * 24 * 3600;
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{COOKIE}={}; HttpOnly; SameSite=Lax; Path=/; Max-Age={max_age}{secure}",
        secret.as_str()
    ))
    .expect("a token is letters and digits")
}

/// The cookie that ends it in the browser.
pub fn cleared_cookie(secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0{secure}"
    ))
    .expect("plain text")
}

/// The session a request shows, and how: a bearer token first, else the cookie.
fn shown(headers: &HeaderMap) -> Option<(String, SessionKind)> {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty());
    if let Some(t) = bearer {
        return Some((t.to_string(), SessionKind::Token));
    }
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| (value.trim().to_string(), SessionKind::Cookie))
        .filter(|(v, _)| !v.is_empty())
}

/// The account a request is signed in as, if any.
pub async fn signed_in(
    db: &Db,
    headers: &HeaderMap,
    method: &Method,
    now: i64,
) -> Result<Option<SignedIn>, AccountError> {
    let Some((secret, shown_as)) = shown(headers) else {
        return Ok(None);
    };
    let changes = !matches!(*method, Method::GET | Method::HEAD);
    if changes && shown_as == SessionKind::Cookie && headers.get(header::ORIGIN).is_none() {
        return Err(AccountError::CookieWithoutOrigin);
    }
    let hash = tokens::hash(&secret);
    let found = db
        .session(&hash, now)
        .await
        .map_err(AccountError::storage)?;
    Ok(found.map(|(account, kind)| SignedIn {
        account,
        kind,
        hash,
    }))
}

/// The account a request must be signed in as.
pub async fn must_be_signed_in(
    db: &Db,
    headers: &HeaderMap,
    method: &Method,
    now: i64,
) -> Result<SignedIn, AccountError> {
    signed_in(db, headers, method, now)
        .await?
        .ok_or(AccountError::NotSignedIn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_is_read_from_a_bearer_token_or_the_cookie() {
        let mut h = HeaderMap::new();
        assert_eq!(shown(&h), None);
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("a=b; camelot_session=XyZ; c=d"),
        );
        assert_eq!(shown(&h), Some(("XyZ".into(), SessionKind::Cookie)));
        h.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer T0k"),
        );
        assert_eq!(shown(&h), Some(("T0k".into(), SessionKind::Token)));
        let c = cookie(&AccountToken::new("abc"), true);
        assert_eq!(
            c.to_str().unwrap(),
            "camelot_session=abc; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000; Secure"
        );
        assert!(!cookie(&AccountToken::new("abc"), false)
            .to_str()
            .unwrap()
            .contains("Secure"));
    }
}
