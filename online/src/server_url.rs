//! A server's address as people write it (`http://host:port`, `ws://host:port`,
//! `host:port`) turned into the WebSocket address of its `/ws` endpoint.

/// `ws://host:port/ws` for any of the forms a user may give.
pub fn ws_url(server: &str) -> String {
    let s = server.trim().trim_end_matches('/');
    let rest = s
        .strip_prefix("http://")
        .or_else(|| s.strip_prefix("ws://"))
        .map(|r| ("ws://", r))
        .or_else(|| {
            s.strip_prefix("https://")
                .or_else(|| s.strip_prefix("wss://"))
                .map(|r| ("wss://", r))
        });
    let (scheme, host) = rest.unwrap_or(("ws://", s));
    let host = host.strip_suffix("/ws").unwrap_or(host);
    format!("{scheme}{host}/ws")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_names_the_ws_endpoint() {
        for s in [
            "http://127.0.0.1:9000",
            "ws://127.0.0.1:9000/",
            "127.0.0.1:9000",
            "ws://127.0.0.1:9000/ws",
        ] {
            assert_eq!(ws_url(s), "ws://127.0.0.1:9000/ws", "{s}");
        }
        assert_eq!(
            ws_url("https://camelot.example"),
            "wss://camelot.example/ws"
        );
    }
}
