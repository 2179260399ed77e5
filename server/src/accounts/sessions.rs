//! Sessions, kept by the server: a secret given once (a browser's in an `HttpOnly`,
//! `SameSite=Lax` cookie, `Secure` over TLS; a program's as a token it shows as
//! `Authorization: Bearer`), stored only as its SHA-256. A request that changes
//! something on the strength of a cookie must come from the page itself: it carries the
//! `Origin` that the same-site guard has already checked is this server's.

use axum::http::{header, HeaderMap, HeaderValue, Method};
use camelot_online::protocol::accounts::{AccountToken, DeviceToken};

use crate::accounts::store::{Account, SessionKind};
use crate::accounts::AccountError;
use crate::common::tokens;
use crate::store::Db;

/// The session cookie's name.
pub const COOKIE: &str = "camelot_session";

/// The known device's cookie: sent to logins only.
pub const DEVICE_COOKIE: &str = "camelot_device";

/// How long a device stays known without a login from it.
pub const DEVICE_DAYS: i64 = 365;

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

/// A `Set-Cookie` value the page's scripts never see: `name=value` with `attributes`
/// (its `SameSite` and `Path`), for `days` (0: to end it), `Secure` over TLS.
fn set_cookie(name: &str, value: &str, attributes: &str, days: i64, secure: bool) -> HeaderValue {
    let max_age = days * 24 * 3600;
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{name}={value}; HttpOnly; {attributes}; Max-Age={max_age}{secure}"
    ))
    .expect("a token is letters and digits")
}

/// The cookie that holds a browser's session.
pub fn cookie(secret: &AccountToken, secure: bool) -> HeaderValue {
    set_cookie(
        COOKIE,
        secret.as_str(),
        SESSION_COOKIE_SCOPE,
        COOKIE_DAYS,
        secure,
    )
}

/// Where the session's cookie goes: every request of this site's, and top-level
/// navigations from others.
const SESSION_COOKIE_SCOPE: &str = "SameSite=Lax; Path=/";

/// A new device token.
pub fn new_device() -> DeviceToken {
    DeviceToken::new(tokens::new_token())
}

/// The cookie that keeps a browser's device token, sent back to `/session` alone
/// (`Strict`: never on another site's request).
pub fn device_cookie(device: &DeviceToken, secure: bool) -> HeaderValue {
    let scope = "SameSite=Strict; Path=/session";
    set_cookie(DEVICE_COOKIE, device.as_str(), scope, DEVICE_DAYS, secure)
}

/// The device token a browser's request shows in its cookie.
pub fn shown_device(headers: &HeaderMap) -> Option<DeviceToken> {
    cookie_value(headers, DEVICE_COOKIE).map(DeviceToken::new)
}

/// A cookie's value, where the request has it and it is not empty.
fn cookie_value(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value.trim().to_string())
        .filter(|v| !v.is_empty())
}

/// The cookie that ends it in the browser.
pub fn cleared_cookie(secure: bool) -> HeaderValue {
    set_cookie(COOKIE, "", SESSION_COOKIE_SCOPE, 0, secure)
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
    cookie_value(headers, COOKIE).map(|v| (v, SessionKind::Cookie))
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
