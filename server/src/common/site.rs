//! Requests from other sites' pages are refused: a page elsewhere could otherwise make
//! its visitors' browsers create games, take open seats or open game sockets here, with
//! their addresses. A request that changes something (any method but GET and HEAD) and
//! the sockets' handshakes (the game's and the site's) are refused when they carry an `Origin` that is not this
//! server's: the `Host` the request was sent to, or one of the origins the operator
//! listed (`--origin`, for a proxy that changes the `Host`). A request with no `Origin`
//! comes from no page (the command line, the 3D game) and is served. The requests that
//! change something with a body take it as JSON only (`common::http::JsonBody`), which
//! a cross-site form cannot send without the browser asking first.

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::common::error::ServiceError;

/// The origins this server's own page may come from besides its `Host`.
#[derive(Clone, Debug, Default)]
pub struct Origins {
    /// `scheme://host[:port]`, in lower case.
    listed: Vec<String>,
}

impl Origins {
    pub fn new(listed: &[String]) -> Origins {
        Origins {
            listed: listed
                .iter()
                .map(|o| o.trim().trim_end_matches('/').to_ascii_lowercase())
                .collect(),
        }
    }

    /// Whether a request that named `origin` and was sent to `host` comes from this
    /// server's page: its origin's host (and port) is the request's `Host`, whatever
    /// the scheme (a proxy in front may speak TLS for the server), or it is listed.
    pub fn allows(&self, origin: &str, host: Option<&str>) -> bool {
        let origin = origin.trim().to_ascii_lowercase();
        if self.listed.contains(&origin) {
            return true;
        }
        let authority = origin
            .strip_prefix("https://")
            .or_else(|| origin.strip_prefix("http://"));
        match (authority, host) {
            (Some(a), Some(h)) => !a.is_empty() && a == h.trim().to_ascii_lowercase(),
            _ => false,
        }
    }
}

/// The router's guard (see the module's text).
pub async fn same_site(State(origins): State<Origins>, request: Request, next: Next) -> Response {
    let changes = !matches!(*request.method(), Method::GET | Method::HEAD);
    let socket = matches!(request.uri().path(), "/ws" | "/site");
    if changes || socket {
        if let Err(refused) = check_origin(&origins, request.headers()) {
            return refused.into_response();
        }
    }
    next.run(request).await
}

fn check_origin(origins: &Origins, headers: &HeaderMap) -> Result<(), ServiceError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or("");
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    if origins.allows(origin, host) {
        Ok(())
    } else {
        Err(ServiceError::CrossSite(
            camelot_engine::Excerpt::new(origin).to_string(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_servers_own_origin_is_its_host_or_a_listed_one() {
        let none = Origins::default();
        let host = Some("camelot.example:8080");
        assert!(none.allows("http://camelot.example:8080", host));
        assert!(none.allows("HTTPS://Camelot.Example:8080", host));
        assert!(!none.allows("http://evil.example", host));
        assert!(!none.allows("http://camelot.example", host), "another port");
        assert!(!none.allows("null", host));
        assert!(!none.allows("http://camelot.example:8080", None));
        let proxied = Origins::new(&["https://camelot.example/".to_string()]);
        assert!(proxied.allows("https://camelot.example", Some("127.0.0.1:8080")));
        assert!(!proxied.allows("https://evil.example", Some("127.0.0.1:8080")));
    }
}
