//! A player's name: what the other players see beside a seat. Chosen by whoever holds
//! the seat, so never more than text: 1 to 24 characters of letters, digits, single
//! spaces inside and a few marks (`- _ . '`), nothing that could be markup, a control
//! character or a line break. Checked wherever one is read, the wire included.

use std::fmt;

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PlayerName(String);

/// Text that is not a player's name, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadName {
    #[error("a name needs at least one letter or digit")]
    Empty,
    #[error("a name has at most {} characters", PlayerName::MAX_CHARS)]
    TooLong,
    /// The first character that may not be in a name.
    #[error("a name may hold letters, digits, spaces and - _ . ' but not '{}'", .0.escape_debug())]
    Character(char),
}

impl PlayerName {
    pub const MAX_CHARS: usize = 24;

    /// A name as typed: spaces at the ends dropped and runs of them made one.
    pub fn parse(text: &str) -> Result<PlayerName, BadName> {
        let name = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if let Some(c) = text
            .chars()
            .find(|&c| !(c.is_alphanumeric() || c == ' ' || "-_.'".contains(c)))
        {
            return Err(BadName::Character(c));
        }
        if !name.chars().any(char::is_alphanumeric) {
            return Err(BadName::Empty);
        }
        if name.chars().count() > Self::MAX_CHARS {
            return Err(BadName::TooLong);
        }
        Ok(PlayerName(name))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::str::FromStr for PlayerName {
    type Err = BadName;

    fn from_str(s: &str) -> Result<PlayerName, BadName> {
        PlayerName::parse(s)
    }
}

impl TryFrom<String> for PlayerName {
    type Error = BadName;

    fn try_from(s: String) -> Result<PlayerName, BadName> {
        PlayerName::parse(&s)
    }
}

impl From<PlayerName> for String {
    fn from(n: PlayerName) -> String {
        n.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(
            PlayerName::parse("  Ann   Lee ").unwrap().as_str(),
            "Ann Lee"
        );
        assert_eq!(
            PlayerName::parse("Zoë O'Hara-Smith").unwrap().as_str(),
            "Zoë O'Hara-Smith"
        );
        assert_eq!(
            PlayerName::parse("knight_42.").unwrap().as_str(),
            "knight_42."
        );
        assert_eq!(PlayerName::parse(" "), Err(BadName::Empty));
        assert_eq!(PlayerName::parse("--"), Err(BadName::Empty));
        assert_eq!(PlayerName::parse(&"a".repeat(25)), Err(BadName::TooLong));
        assert!(PlayerName::parse(&"é".repeat(24)).is_ok());
        for (bad, c) in [
            ("<b>x</b>", '<'),
            ("a\nb", '\n'),
            ("Ann\u{202e}", '\u{202e}'),
            ("\"q\"", '"'),
        ] {
            assert_eq!(
                PlayerName::parse(bad),
                Err(BadName::Character(c)),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn the_wire_checks_names_too() {
        let n: PlayerName = serde_json::from_str("\"Ann\"").unwrap();
        assert_eq!(serde_json::to_string(&n).unwrap(), "\"Ann\"");
        let e = serde_json::from_str::<PlayerName>("\"<script>\"").unwrap_err();
        assert!(e.to_string().contains("not '<'"), "{e}");
    }
}
