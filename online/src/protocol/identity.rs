//! Who a player is on a server: an account's name, and how a seat shows its player's
//! account (name, rating, the change a game made). Beside the requests and the game's
//! view, which both show it.

use std::fmt;

use camelot_engine::Excerpt;
use serde::{Deserialize, Serialize};

/// An account's name, as its owner chose it (the case kept for showing).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct AccountName(String);

/// Text that is not an account's name, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadAccountName {
    #[error("a name has at least {} characters", AccountName::MIN_CHARS)]
    TooShort,
    #[error("a name has at most {} characters", AccountName::MAX_CHARS)]
    TooLong,
    /// The first character that may not be in a name.
    #[error("a name holds letters, digits, _ and - only, not '{}'", .0.escape_debug())]
    Character(char),
    /// A name that would pass for the server's own or another's role.
    #[error("the name '{0}' is not available: it could be mistaken for the server's own")]
    Reserved(Excerpt),
}

/// Names nobody may take, compared without regard to case, `_` or `-`: they would pass
/// for the server's computer, its staff or a closed account.
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "anonymous",
    "camelot",
    "computer",
    "deleted",
    "deletedplayer",
    "guest",
    "mod",
    "moderator",
    "nobody",
    "root",
    "server",
    "staff",
    "support",
    "system",
    "tv",
    "wcf",
];

/// Beginnings nobody's name may have, for the same reason ("Admin2", "computer_x").
const RESERVED_PREFIXES: &[&str] = &["admin", "computer", "moderator"];

impl AccountName {
    /// What a name may be, in a sentence (the sign-up form shows it).
    pub const RULE: &'static str = "A name is 2 to 20 letters, digits, _ or -.";

    pub const MIN_CHARS: usize = 2;
    pub const MAX_CHARS: usize = 20;

    pub fn parse(text: &str) -> Result<AccountName, BadAccountName> {
        let text = text.trim();
        if let Some(c) = text
            .chars()
            .find(|&c| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        {
            return Err(BadAccountName::Character(c));
        }
        if text.len() < Self::MIN_CHARS {
            return Err(BadAccountName::TooShort);
        }
        if text.len() > Self::MAX_CHARS {
            return Err(BadAccountName::TooLong);
        }
        let bare: String = text
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect();
        if RESERVED.contains(&bare.as_str())
            || RESERVED_PREFIXES.iter().any(|p| bare.starts_with(p))
        {
            return Err(BadAccountName::Reserved(Excerpt::new(text)));
        }
        Ok(AccountName(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What makes two names the same name: the name in lower case.
    pub fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }
}

impl fmt::Display for AccountName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::str::FromStr for AccountName {
    type Err = BadAccountName;

    fn from_str(s: &str) -> Result<AccountName, BadAccountName> {
        AccountName::parse(s)
    }
}

impl TryFrom<String> for AccountName {
    type Error = BadAccountName;

    fn try_from(s: String) -> Result<AccountName, BadAccountName> {
        AccountName::parse(&s)
    }
}

impl From<AccountName> for String {
    fn from(n: AccountName) -> String {
        n.0
    }
}

/// A seat's player by their account: the name (none once the account is closed: shown
/// as "deleted player"), the rating in the game's variant (before the game, once it is
/// rated and over) and what the game changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAccount {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<AccountName>,
    /// Rounded (1500, provisional, before a first rated game in the variant).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i32>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub provisional: bool,
    /// What a rated game that is over changed, rounded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change: Option<i32>,
}

impl SeatAccount {
    /// How the seat's player is named: the account's name, or "deleted player".
    pub fn shown_name(&self) -> String {
        self.name
            .as_ref()
            .map_or_else(|| "deleted player".to_string(), |n| n.to_string())
    }
}
