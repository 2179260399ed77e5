//! The accounts room: signing up, logging in and out, a password changed, an account
//! closed, and the sessions that say who a request is. Below the games: a game asks it
//! who sits down; it asks nothing of them.

use crate::common::chores;
use crate::common::clock::now_ms;
use std::sync::Arc;
use std::time::Duration;

use camelot_online::protocol::accounts::{BadAccountName, BadPassword};
use camelot_online::protocol::ErrorCode;

use crate::common::error::{Answer, ServiceError};
use crate::common::limits::{AddressKey, PerMinute};
use crate::store::Db;

mod codes;
mod operator;
mod passwords;
mod recovery;
mod routes;
mod service;
mod sessions;
mod store;
mod watch;

// The room's door: what other rooms and the server's start may use.
pub use operator::{close, reset_password, OperatorError};
pub use passwords::Hasher;
pub use routes::api;
pub use sessions::{signed_in, DEVICE_DAYS};
pub use store::Account;
pub use watch::{SessionWatch, Watched};

/// What the accounts room holds: the database, the hashing, the limits, and the watch
/// on the sessions that connections were admitted on.
pub struct Accounts {
    pub db: Db,
    pub hasher: passwords::Hasher,
    pub limits: AccountLimits,
    pub watch: Arc<watch::SessionWatch>,
}

/// How often one may try (the scheme, and why, is docs/online.md's "Logins and
/// lockouts"): sign-ups and logins from one address; logins to one account from one
/// address; wrong passwords for one account from devices it does not know, which a
/// device it knows is not held back by (its own allowance instead); and a password
/// asked again by one session, which nobody else's wrong passwords touch.
pub struct AccountLimits {
    pub sign_ups: PerMinute<AddressKey>,
    pub logins: PerMinute<AddressKey>,
    /// By the address and the name's key.
    pub logins_per_address_account: PerMinute<(AddressKey, String)>,
    /// By the name's key: a name tried from many addresses is throttled too, but only
    /// for devices that never logged in to it.
    pub failures_per_account: PerMinute<String>,
    /// By the device token's hash and the name's key.
    pub logins_per_known_device: PerMinute<(String, String)>,
    /// By the session's hash: a password change or a closing.
    pub checks_per_session: PerMinute<String>,
}

impl AccountLimits {
    /// `per_account`: the allowance of every limit on one account (`None`: no limit).
    pub fn new(
        sign_ups: PerMinute<AddressKey>,
        logins: PerMinute<AddressKey>,
        per_account: Option<u32>,
    ) -> AccountLimits {
        AccountLimits {
            sign_ups,
            logins,
            logins_per_address_account: PerMinute::new(per_account),
            failures_per_account: PerMinute::new(per_account),
            logins_per_known_device: PerMinute::new(per_account),
            checks_per_session: PerMinute::new(per_account),
        }
    }
}

/// Too many tries under `limit`.
fn too_many<K: std::hash::Hash + Eq>(limit: &PerMinute<K>) -> AccountError {
    AccountError::TooMany {
        per_minute: limit.limit().unwrap_or(0),
    }
}

/// A request about an account that could not be done.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error(transparent)]
    BadName(#[from] BadAccountName),
    #[error(transparent)]
    BadPassword(#[from] BadPassword),
    #[error(transparent)]
    WeakPassword(#[from] passwords::WeakPassword),
    #[error("that name is taken: choose another")]
    NameTaken,
    /// A wrong name and a wrong password are one answer, so that names cannot be found
    /// by trying.
    #[error("no account has that name and password")]
    WrongPassword,
    /// Asked again for a change or a closing, by a player logged in: said plainly,
    /// since they are who they are.
    #[error("that is not your current password")]
    NotYourPassword,
    /// As with a password: a wrong name and a wrong code are one answer.
    #[error("no account has that name and an unused recovery code like that")]
    WrongRecoveryCode,
    #[error("log in first")]
    NotSignedIn,
    /// A cookie's session on a request that changes something, from no page.
    #[error("a request that changes something with a session cookie comes from the page")]
    CookieWithoutOrigin,
    #[error("too many tries: at most {per_minute} a minute; wait a little")]
    TooMany { per_minute: u32 },
    /// The database failed (why is for the operator's log).
    #[error("the server could not do that; nothing changed")]
    Storage(String),
}

impl AccountError {
    pub fn storage(e: sqlx::Error) -> AccountError {
        eprintln!("camelot-server: accounts: {e}");
        AccountError::Storage(e.to_string())
    }
}

impl From<AccountError> for ServiceError {
    fn from(e: AccountError) -> ServiceError {
        let (answer, code) = match &e {
            AccountError::BadName(_) => (Answer::BadRequest, ErrorCode::BadName),
            AccountError::BadPassword(_) => (Answer::BadRequest, ErrorCode::BadPassword),
            AccountError::WeakPassword(_) => (Answer::BadRequest, ErrorCode::WeakPassword),
            AccountError::NameTaken => (Answer::Conflict, ErrorCode::NameTaken),
            AccountError::WrongPassword
            | AccountError::NotYourPassword
            | AccountError::WrongRecoveryCode => (Answer::Unauthorized, ErrorCode::WrongPassword),
            AccountError::NotSignedIn => (Answer::Unauthorized, ErrorCode::NotSignedIn),
            AccountError::CookieWithoutOrigin => (Answer::Forbidden, ErrorCode::CrossSite),
            AccountError::TooMany { per_minute } => {
                (Answer::too_many(*per_minute), ErrorCode::TooMany)
            }
            AccountError::Storage(_) => (Answer::Internal, ErrorCode::Storage),
        };
        ServiceError::refused(answer, code, e)
    }
}

/// The accounts' clean-up, every `period`: the sessions that expired or ended a while
/// ago, and the devices unseen for [`DEVICE_DAYS`].
pub fn forget_in_turn(db: Db, period: Duration) {
    let sessions = db.clone();
    chores::every(period, "forgetting ended sessions", None, move || {
        let db = sessions.clone();
        async move { db.forget_ended_sessions(now_ms()).await }
    });
    chores::every(
        period,
        "forgetting devices unseen for a year",
        None,
        move || {
            let db = db.clone();
            async move {
                db.forget_old_devices(now_ms() - DEVICE_DAYS * 86_400_000)
                    .await
            }
        },
    );
}
