//! Accounts: who a player is on a server. A name (2 to 20 letters, digits, `_` or `-`,
//! unique without regard to case), a password the server keeps only as a hash, and a
//! session: a cookie for the browser page, a token for a program (the CLI, the 3D
//! game), which shows it as `Authorization: Bearer`. The requests here are answered by
//! the server's accounts and players rooms.

use std::fmt;

use camelot_engine::Variant;
use serde::{Deserialize, Serialize};

pub use super::history::{LookAtPlayedGames, PlayedGame, PlayedGames, Score};
pub use super::identity::{AccountName, BadAccountName, SeatAccount};
use super::requests::{Method, Request};
use super::GameId;

/// A password as typed. Never shown: its `Debug` hides it, and nothing prints it.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Password(String);

/// Text that is not a password this server takes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadPassword {
    #[error("a password has at least {} characters", Password::MIN_CHARS)]
    TooShort,
    #[error("a password has at most {} characters", Password::MAX_CHARS)]
    TooLong,
}

impl Password {
    /// NIST's floor for a password a person chooses.
    pub const MIN_CHARS: usize = 8;
    /// Enough for any passphrase; more would only cost the hash its time.
    pub const MAX_CHARS: usize = 128;

    pub fn parse(text: &str) -> Result<Password, BadPassword> {
        let n = text.chars().count();
        if n < Self::MIN_CHARS {
            Err(BadPassword::TooShort)
        } else if n > Self::MAX_CHARS {
            Err(BadPassword::TooLong)
        } else {
            Ok(Password(text.to_string()))
        }
    }

    /// The password itself, for the hash.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(..)")
    }
}

impl TryFrom<String> for Password {
    type Error = BadPassword;

    fn try_from(s: String) -> Result<Password, BadPassword> {
        Password::parse(&s)
    }
}

impl From<Password> for String {
    fn from(p: Password) -> String {
        p.0
    }
}

/// Why a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum SessionEnd {
    /// Its holder logged out (on this device or another with the same session).
    #[error("you were logged out of this account: log in again to play on")]
    LoggedOut,
    /// The account's password was changed: that ends every session on every device.
    #[error("the account's password was changed, which logs out every device: log in again with the new one")]
    PasswordChanged,
    /// A recovery code set a new password: that ends every session on every device.
    #[error("the account's password was reset with a recovery code, which logs out every device: log in again with the new one")]
    Recovered,
    /// The server's operator gave the account a new password.
    #[error("the server's operator reset the account's password: log in with the password they give you")]
    PasswordReset,
    /// The account was closed by its owner.
    #[error("the account was closed")]
    AccountClosed,
    /// The account was closed by the server's operator.
    #[error("the server's operator closed the account")]
    ClosedByOperator,
    /// A browser's session lasts 30 days from its login.
    #[error("the session expired: log in again")]
    Expired,
    /// Any other end (and any a newer server names that this build does not know).
    #[serde(other)]
    #[error("the session ended: log in again")]
    Ended,
}

impl SessionEnd {
    pub const ALL: [SessionEnd; 8] = [
        SessionEnd::LoggedOut,
        SessionEnd::PasswordChanged,
        SessionEnd::Recovered,
        SessionEnd::PasswordReset,
        SessionEnd::AccountClosed,
        SessionEnd::ClosedByOperator,
        SessionEnd::Expired,
        SessionEnd::Ended,
    ];

    /// How the database keeps it.
    pub fn code(self) -> &'static str {
        match self {
            SessionEnd::LoggedOut => "logged_out",
            SessionEnd::PasswordChanged => "password_changed",
            SessionEnd::Recovered => "recovered",
            SessionEnd::PasswordReset => "password_reset",
            SessionEnd::AccountClosed => "account_closed",
            SessionEnd::ClosedByOperator => "closed_by_operator",
            SessionEnd::Expired => "expired",
            SessionEnd::Ended => "ended",
        }
    }

    pub fn from_code(code: &str) -> SessionEnd {
        SessionEnd::ALL
            .into_iter()
            .find(|e| e.code() == code)
            .unwrap_or(SessionEnd::Ended)
    }
}

/// A program's session on an account: whoever holds it acts as the account. Its `Debug`
/// does not show it.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AccountToken(String);

impl AccountToken {
    pub fn new(token: impl Into<String>) -> AccountToken {
        AccountToken(token.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for AccountToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AccountToken(..)")
    }
}

/// A device that has logged in to an account before: given at a login or a sign-up (a
/// browser keeps it in an `HttpOnly` cookie, a program beside its sessions) and shown at
/// the next login, where it spares the owner the throttle that strangers' wrong
/// passwords put on the account. It acts for nobody: it is no session. Its `Debug` does
/// not show it.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DeviceToken(String);

impl DeviceToken {
    pub fn new(token: impl Into<String>) -> DeviceToken {
        DeviceToken(token.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for DeviceToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DeviceToken(..)")
    }
}

/// Who plays on an account: a person, or a program (as lichess's BOT accounts), which is
/// never rated against people unless it said so when it signed up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccountKind {
    #[default]
    Person,
    Computer,
}

/// `POST /account`: a new account, and a session on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignUp {
    pub name: AccountName,
    pub password: Password,
    #[serde(default)]
    pub kind: AccountKind,
    /// A computer's account that may be rated against people.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated_with_people: bool,
    /// A program's session: the answer carries its token. Without, the session is a
    /// cookie, which the page's scripts cannot read.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub token: bool,
}

impl Request for SignUp {
    type Answer = Session;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        "/account".into()
    }
}

/// `POST /session`: a session on an account, by its name and password.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogIn {
    pub name: AccountName,
    pub password: Password,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub token: bool,
    /// A program's device token from an earlier login (a browser's is its cookie).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<DeviceToken>,
}

impl Request for LogIn {
    type Answer = Session;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        "/session".into()
    }
}

/// A session: whose, and for a program its token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    pub name: AccountName,
    pub kind: AccountKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<AccountToken>,
    /// For a program's login or sign-up: the device token to show at its next login.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<DeviceToken>,
    /// At sign-up alone: the account's recovery codes, shown this once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub recovery_codes: Vec<super::recovery::RecoveryCode>,
}

/// `GET /session`: whose session the request shows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WhoAmI {}

impl Request for WhoAmI {
    type Answer = Session;
    const METHOD: Method = Method::Get;

    fn path(&self) -> String {
        "/session".into()
    }
}

/// `GET /me`: whose session the request shows, if any: answered alike for a visitor
/// with none (a page asks it at every load, and nobody there is no error).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WhoIsHere {}

impl Request for WhoIsHere {
    type Answer = Here;
    const METHOD: Method = Method::Get;

    fn path(&self) -> String {
        "/me".into()
    }
}

/// Who is here: the session, without its token, or nobody.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Here {
    pub session: Option<Session>,
}

/// `DELETE /session`: the session the request shows is ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogOut {}

impl Request for LogOut {
    type Answer = Done;
    const METHOD: Method = Method::Delete;

    fn path(&self) -> String {
        "/session".into()
    }
}

/// `POST /account/password`: a new password; every session of the account ends, on
/// every device, and the answer is a new one for the device that asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChangePassword {
    pub old: Password,
    pub new: Password,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub token: bool,
}

impl Request for ChangePassword {
    type Answer = Session;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        "/account/password".into()
    }
}

/// `DELETE /account`: the account is closed, its password asked again. Its games stay,
/// played by "deleted player"; its name is nobody's for 30 days.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CloseAccount {
    pub password: Password,
}

impl Request for CloseAccount {
    type Answer = Done;
    const METHOD: Method = Method::Delete;

    fn path(&self) -> String {
        "/account".into()
    }
}

/// What answers a request that only does something.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Done {}

/// `GET /players/NAME` (as JSON): a player's page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LookAtPlayer {
    pub name: AccountName,
}

impl Request for LookAtPlayer {
    type Answer = PlayerProfile;
    const METHOD: Method = Method::Get;

    fn path(&self) -> String {
        format!("/players/{}", self.name)
    }
}

/// What I am to another player (`relations`'s requests set it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    Follow,
    Block,
}

/// A player as everyone may see them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerProfile {
    pub name: AccountName,
    pub kind: AccountKind,
    /// When the account was made (unix ms).
    pub since: i64,
    /// A rating for each variant the player has played rated.
    pub ratings: Vec<VariantRating>,
    /// The live games the player has a seat in, newest first.
    pub playing: Vec<GameId>,
    /// The same games as their list shows them: the variant, the time, the other seats.
    #[serde(default)]
    pub playing_games: Vec<PlayedGame>,
    /// Every rated game's rating after it, oldest first: the history a graph draws.
    #[serde(default)]
    pub history: Vec<RatingPoint>,
    /// The player's finished games, newest first: the first page.
    #[serde(default)]
    pub games: PlayedGames,
    /// Connected to the server now (a site socket open).
    #[serde(default)]
    pub online: bool,
    /// When the player was last connected (unix ms), if ever.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seen_at: Option<i64>,
    /// What I (logged in) am to them: following or blocking them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relation: Option<Relation>,
}

/// A rating after one rated game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    pub variant: Variant,
    /// When the game ended (unix ms).
    pub at: i64,
    pub rating: f64,
}

/// `GET /players` (as JSON): the best players of each variant, with at least
/// [`Leaders::MIN_GAMES`] rated games and a rating that is not provisional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LookAtLeaders {}

impl Request for LookAtLeaders {
    type Answer = Leaders;
    const METHOD: Method = Method::Get;

    fn path(&self) -> String {
        "/players".into()
    }
}

/// The best players, by variant (in the variants' order; a variant nobody qualifies in
/// is left out).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Leaders {
    pub variants: Vec<VariantLeaders>,
}

impl Leaders {
    pub const MIN_GAMES: u32 = 5;
    /// The most players listed for a variant.
    pub const MOST: usize = 20;
}

/// One variant's best players, best first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantLeaders {
    pub variant: Variant,
    pub players: Vec<Leader>,
}

/// A player on the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leader {
    pub name: AccountName,
    pub rating: f64,
    pub deviation: f64,
    pub games: u32,
}

/// A player's Glicko-2 rating in one variant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantRating {
    pub variant: Variant,
    pub rating: f64,
    pub deviation: f64,
    /// Rated games played.
    pub games: u32,
    /// Too few games to say yet: shown with a "?".
    pub provisional: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_two_to_twenty_letters_digits_underscores_or_hyphens() {
        assert_eq!(AccountName::parse("Al").unwrap().as_str(), "Al");
        assert_eq!(
            AccountName::parse(" Queen_of-Hearts9 ").unwrap().as_str(),
            "Queen_of-Hearts9"
        );
        assert_eq!(AccountName::parse("A"), Err(BadAccountName::TooShort));
        assert_eq!(
            AccountName::parse(&"a".repeat(21)),
            Err(BadAccountName::TooLong)
        );
        assert_eq!(
            AccountName::parse("Sir Lancelot"),
            Err(BadAccountName::Character(' '))
        );
        assert_eq!(
            AccountName::parse("<b>x</b>"),
            Err(BadAccountName::Character('<'))
        );
        assert_eq!(
            AccountName::parse("Émile"),
            Err(BadAccountName::Character('É'))
        );
        assert_eq!(AccountName::parse("MiXeD").unwrap().key(), "mixed");
    }

    #[test]
    fn no_name_passes_for_the_servers_own() {
        for name in [
            "computer",
            "Computer",
            "COMP-uter",
            "admin",
            "Admin_2",
            "deleted-player",
            "TV",
        ] {
            assert!(
                matches!(AccountName::parse(name), Err(BadAccountName::Reserved(_))),
                "{name}"
            );
        }
        for name in ["Modred", "tvrtko", "Arthur"] {
            assert!(AccountName::parse(name).is_ok(), "{name}");
        }
    }

    #[test]
    fn a_password_is_never_shown() {
        let p = Password::parse("correct horse").unwrap();
        assert_eq!(format!("{p:?}"), "Password(..)");
        assert_eq!(Password::parse("short"), Err(BadPassword::TooShort));
        assert!(Password::parse(&"x".repeat(129)).is_err());
        let t = AccountToken::new("secret");
        assert_eq!(format!("{t:?}"), "AccountToken(..)");
        let sign_up: SignUp =
            serde_json::from_str(r#"{"name":"Arthur","password":"excalibur"}"#).unwrap();
        assert_eq!(sign_up.kind, AccountKind::Person);
        assert!(!sign_up.token);
        assert!(!format!("{sign_up:?}").contains("excalibur"));
    }
}

/// `POST /account/recovery-codes`: new codes for the account logged in (its password
/// asked again); the old ones are void.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewRecoveryCodes {
    pub password: Password,
}

impl Request for NewRecoveryCodes {
    type Answer = super::recovery::RecoveryCodes;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        "/account/recovery-codes".into()
    }
}

/// `POST /account/recover`: a new password for account `name` by one of its recovery
/// codes, which is then spent; every session of the account ends, and the answer is a
/// new one for the device that asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recover {
    pub name: AccountName,
    pub code: super::recovery::RecoveryCode,
    pub new: Password,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub token: bool,
}

impl Request for Recover {
    type Answer = Session;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        "/account/recover".into()
    }
}
