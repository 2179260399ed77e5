//! Invitation codes: what one player sends another. A seat's code is the server, the
//! game and the seat's secret token in one line, `http://HOST:PORT/GAME/TOKEN`; a
//! watcher's code leaves the token out, `http://HOST:PORT/GAME`.

/// A code read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    pub server: String,
    pub game: String,
    pub token: Option<String>,
}

pub fn seat_code(server: &str, game: &str, token: &str) -> String {
    format!("{}/{game}/{token}", server.trim_end_matches('/'))
}

pub fn watch_code(server: &str, game: &str) -> String {
    format!("{}/{game}", server.trim_end_matches('/'))
}

/// Reads a code (spaces around it ignored), or says what a code looks like.
pub fn parse(code: &str) -> Result<Invite, String> {
    let bad = || {
        "not an invitation: a code looks like http://HOST:PORT/GAME/TOKEN (or without the token, to watch)"
            .to_string()
    };
    let code = code.trim().trim_end_matches('/');
    let (scheme, rest) = code
        .split_once("://")
        .filter(|(s, _)| ["http", "https", "ws", "wss"].contains(s))
        .ok_or_else(bad)?;
    let parts: Vec<&str> = rest.split('/').collect();
    let word =
        |s: &str| !s.is_empty() && s.len() <= 64 && s.bytes().all(|b| b.is_ascii_alphanumeric());
    let (host, game, token) = match parts[..] {
        [host, game] if word(game) => (host, game, None),
        [host, game, token] if word(game) && word(token) => (host, game, Some(token)),
        _ => return Err(bad()),
    };
    if host.is_empty() {
        return Err(bad());
    }
    Ok(Invite {
        server: format!("{scheme}://{host}"),
        game: game.to_string(),
        token: token.map(str::to_string),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back() {
        let code = seat_code("http://10.0.0.2:8080/", "k3x9qz2a", "AbC123");
        assert_eq!(code, "http://10.0.0.2:8080/k3x9qz2a/AbC123");
        assert_eq!(
            parse(&format!("  {code}  ")),
            Ok(Invite {
                server: "http://10.0.0.2:8080".into(),
                game: "k3x9qz2a".into(),
                token: Some("AbC123".into())
            })
        );
        let watch = parse(&watch_code("http://h:1", "g1")).unwrap();
        assert_eq!(watch.token, None);
        for bad in [
            "",
            "k3x9qz2a",
            "http://h:1",
            "http://h:1/a/b/c",
            "ftp://h/g",
            "http://h/g/t!k",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
