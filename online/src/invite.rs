//! Invitation codes: what one player sends another. A seat's code is the server (with
//! its scheme), the game and the seat's secret token in one address,
//! `https://HOST/GAME/TOKEN`; a watcher's code leaves the token out,
//! `https://HOST/GAME`. The server answers either address in a browser too.

use std::fmt;

use camelot_engine::Excerpt;

use crate::address::ServerAddress;
use crate::protocol::{GameId, SeatToken};

/// A seat's or a watcher's invitation to a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    pub server: ServerAddress,
    pub game: GameId,
    /// The seat's secret; none to watch.
    pub token: Option<SeatToken>,
}

/// Text that is not an invitation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not an invitation: a code looks like https://HOST/GAME/TOKEN (or without the token, to watch)")]
pub struct BadInvitation(pub Excerpt);

impl fmt::Display for Invitation {
    /// The code: `http://HOST:PORT/GAME/TOKEN` or `http://HOST:PORT/GAME`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.server, self.game)?;
        if let Some(t) = &self.token {
            write!(f, "/{t}")?;
        }
        Ok(())
    }
}

impl Invitation {
    /// Reads a code (spaces around it ignored). The address must name its scheme: a code
    /// is always sent whole.
    pub fn parse(code: &str) -> Result<Invitation, BadInvitation> {
        let bad = || BadInvitation(Excerpt::new(code));
        let trimmed = code.trim().trim_end_matches('/');
        let (scheme, rest) = trimmed
            .split_once("://")
            .filter(|(s, _)| ["http", "https", "ws", "wss"].contains(s))
            .ok_or_else(bad)?;
        let parts: Vec<&str> = rest.split('/').collect();
        let word = |s: &str| {
            !s.is_empty()
                && s.len() <= GameId::MAX_LEN
                && s.bytes().all(|b| b.is_ascii_alphanumeric())
        };
        // The game and the token are the last one or two parts; any before them are
        // the server's (its host, and a path where it sits behind a proxy).
        let (base, game, token) = match parts[..] {
            [ref head @ .., game, token] if !head.is_empty() && word(game) && word(token) => {
                // `HOST/GAME/TOKEN`, unless the last two are a path and a game.
                (head.join("/"), game, Some(token))
            }
            [ref head @ .., game] if !head.is_empty() && word(game) => (head.join("/"), game, None),
            _ => return Err(bad()),
        };
        let server = ServerAddress::parse(&format!("{scheme}://{base}")).map_err(|_| bad())?;
        Ok(Invitation {
            server,
            game: GameId::parse(game).map_err(|_| bad())?,
            token: token.map(SeatToken::new),
        })
    }
}

impl std::str::FromStr for Invitation {
    type Err = BadInvitation;

    fn from_str(s: &str) -> Result<Invitation, BadInvitation> {
        Invitation::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_with_their_scheme() {
        let seat = Invitation {
            server: ServerAddress::parse("http://10.0.0.2:8080/").unwrap(),
            game: GameId::parse("k3x9qz2a").unwrap(),
            token: Some(SeatToken::new("AbC123")),
        };
        let code = seat.to_string();
        assert_eq!(code, "http://10.0.0.2:8080/k3x9qz2a/AbC123");
        assert_eq!(Invitation::parse(&format!("  {code}  ")), Ok(seat));
        let watch = Invitation::parse("https://camelot.example/g1").unwrap();
        assert_eq!(watch.token, None);
        assert!(watch.server.is_secure());
        assert_eq!(watch.to_string(), "https://camelot.example/g1");
        for bad in [
            "",
            "k3x9qz2a",
            "http://h:1",
            "ftp://h/g",
            "http://h/g/t!k",
            "h:1/g/t",
        ] {
            assert!(Invitation::parse(bad).is_err(), "{bad}");
        }
    }
}
