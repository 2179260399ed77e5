//! A server's address as people write it (`http://host:port`, `https://host`,
//! `ws://host:port`, `host:port`), kept with its scheme: the WebSocket endpoint and the
//! HTTP requests are made from it, and an invitation carries it whole.

use std::fmt;

use camelot_engine::Excerpt;

/// A game server's address: whether it is reached over TLS, and its host, port and any
/// path before the server's own (a server behind a proxy at `https://host/camelot`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ServerAddress {
    secure: bool,
    /// `host:port` and any path prefix, without a trailing `/`.
    base: String,
}

/// Text that is not a server's address.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a server's address: give http://HOST:PORT or https://HOST")]
pub struct BadAddress(pub Excerpt);

impl ServerAddress {
    /// Any of the forms a user may give; `host:port` alone is plain `http`.
    pub fn parse(s: &str) -> Result<ServerAddress, BadAddress> {
        let t = s.trim();
        let (secure, rest) = if let Some(r) = t
            .strip_prefix("https://")
            .or_else(|| t.strip_prefix("wss://"))
        {
            (true, r)
        } else if let Some(r) = t
            .strip_prefix("http://")
            .or_else(|| t.strip_prefix("ws://"))
        {
            (false, r)
        } else {
            (false, t)
        };
        let rest = rest.trim_end_matches('/');
        let base = rest
            .strip_suffix("/ws")
            .unwrap_or(rest)
            .trim_end_matches('/');
        let host = base.split('/').next().unwrap_or("");
        if host.is_empty()
            || host.starts_with(':')
            || base.contains("://")
            || base
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || c == '?' || c == '#')
        {
            return Err(BadAddress(Excerpt::new(s)));
        }
        Ok(ServerAddress {
            secure,
            base: base.to_string(),
        })
    }

    /// Reached over TLS (`https`, `wss`).
    pub fn is_secure(&self) -> bool {
        self.secure
    }

    /// `ws://host:port/ws` or `wss://host/ws`: the game socket.
    pub fn ws_url(&self) -> String {
        let scheme = if self.secure { "wss" } else { "ws" };
        format!("{scheme}://{}/ws", self.base)
    }

    /// The site socket's address: `ws://host:port/site`.
    pub fn site_url(&self) -> String {
        let scheme = if self.secure { "wss" } else { "ws" };
        format!(
            "{scheme}://{}{}",
            self.base,
            crate::protocol::site::SITE_SOCKET
        )
    }

    /// `http://host:port` or `https://host`: where the server's pages and records are.
    pub fn http_url(&self) -> String {
        let scheme = if self.secure { "https" } else { "http" };
        format!("{scheme}://{}", self.base)
    }

    /// The host (and port) alone, as TLS names the server.
    pub fn host(&self) -> &str {
        self.base.split('/').next().unwrap_or(&self.base)
    }

    /// The host's name (an IPv6 address without its brackets) and the port, as a
    /// connection is made to it: 443 or 80 where the address names none.
    pub fn host_and_port(&self) -> (&str, u16) {
        let authority = self.host();
        let default = if self.secure { 443 } else { 80 };
        let (name, port) = match authority.strip_prefix('[') {
            Some(v6) => match v6.split_once(']') {
                Some((name, rest)) => (name, rest.strip_prefix(':')),
                None => (v6, None),
            },
            None => match authority.rsplit_once(':') {
                Some((name, port)) => (name, Some(port)),
                None => (authority, None),
            },
        };
        (name, port.and_then(|p| p.parse().ok()).unwrap_or(default))
    }

    /// The path the server's own paths stand under (`/camelot` behind a proxy), or none.
    pub fn path_prefix(&self) -> &str {
        self.base.find('/').map_or("", |i| &self.base[i..])
    }
}

impl fmt::Display for ServerAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.http_url())
    }
}

/// An address is kept (in a list of one's games) as people write it: `https://HOST`.
impl serde::Serialize for ServerAddress {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for ServerAddress {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ServerAddress, D::Error> {
        let text = String::deserialize(d)?;
        ServerAddress::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl std::str::FromStr for ServerAddress {
    type Err = BadAddress;

    fn from_str(s: &str) -> Result<ServerAddress, BadAddress> {
        ServerAddress::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_is_made_to_the_host_and_port_named() {
        let at = |s: &str| ServerAddress::parse(s).unwrap();
        assert_eq!(at("localhost:8080").host_and_port(), ("localhost", 8080));
        assert_eq!(
            at("https://example.org").host_and_port(),
            ("example.org", 443)
        );
        assert_eq!(at("http://[::1]:9000/x").host_and_port(), ("::1", 9000));
        assert_eq!(at("https://example.org/camelot/").path_prefix(), "/camelot");
        assert_eq!(at("example.org:1").path_prefix(), "");
    }

    #[test]
    fn every_form_names_the_same_server() {
        for s in [
            "http://127.0.0.1:9000",
            "ws://127.0.0.1:9000/",
            "127.0.0.1:9000",
            "ws://127.0.0.1:9000/ws",
            " http://127.0.0.1:9000/ ",
        ] {
            let a = ServerAddress::parse(s).unwrap();
            assert_eq!(a.ws_url(), "ws://127.0.0.1:9000/ws", "{s}");
            assert_eq!(a.to_string(), "http://127.0.0.1:9000", "{s}");
            assert!(!a.is_secure());
        }
        let tls = ServerAddress::parse("https://camelot.example").unwrap();
        assert_eq!(tls.ws_url(), "wss://camelot.example/ws");
        assert!(tls.is_secure());
        assert_eq!(
            ServerAddress::parse("wss://camelot.example/games/ws")
                .unwrap()
                .http_url(),
            "https://camelot.example/games"
        );
        assert_eq!(
            ServerAddress::parse("https://h.example:8443/x")
                .unwrap()
                .host(),
            "h.example:8443"
        );
        for bad in [
            "",
            "http://",
            "http://:80",
            "a b:1",
            "ftp://x",
            "http://x?y",
        ] {
            assert!(ServerAddress::parse(bad).is_err(), "{bad:?}");
        }
    }
}
