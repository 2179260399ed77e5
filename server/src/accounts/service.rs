//! The accounts' requests, a function each: it takes the protocol's request and answers
//! with the protocol's answer and the session's secret, or an [`AccountError`].

use camelot_online::protocol::accounts::{
    AccountToken, ChangePassword, CloseAccount, LogIn, Password, Session, SignUp,
};

use crate::accounts::sessions::{self, SignedIn, COOKIE_DAYS};
use crate::accounts::store::{Account, SessionKind};
use crate::accounts::{AccountError, Accounts};
use crate::common::clock::now_ms;
use crate::common::limits::AddressKey;
use crate::common::tokens;

/// A session opened: the answer, and the secret to give (in the answer for a program,
/// in a cookie for a browser).
pub struct Opened {
    pub session: Session,
    pub secret: AccountToken,
    pub kind: SessionKind,
}

/// `POST /account`.
pub async fn sign_up(
    accounts: &Accounts,
    req: SignUp,
    from: AddressKey,
) -> Result<Opened, AccountError> {
    if !accounts.limits.sign_ups.allow(from) {
        return Err(AccountError::TooMany {
            per_minute: accounts.limits.sign_ups.limit().unwrap_or(0),
        });
    }
    let now = now_ms();
    let account = Account {
        id: tokens::random(12),
        name: req.name,
        kind: req.kind,
        rated_with_people: req.rated_with_people,
        created_at: now,
    };
    let hash = accounts.hasher.hash(&req.password).await;
    let stored = accounts
        .db
        .insert_account(&account, &hash, now)
        .await
        .map_err(AccountError::storage)?;
    if !stored {
        return Err(AccountError::NameTaken);
    }
    open(accounts, &account, req.token, now).await
}

/// `POST /session`. A wrong name costs what a wrong password costs, and is answered
/// alike.
pub async fn log_in(
    accounts: &Accounts,
    req: LogIn,
    from: AddressKey,
) -> Result<Opened, AccountError> {
    let limits = &accounts.limits;
    if !limits.logins.allow(from) {
        return Err(AccountError::TooMany {
            per_minute: limits.logins.limit().unwrap_or(0),
        });
    }
    if !limits.logins_per_account.allow(req.name.key()) {
        return Err(AccountError::TooMany {
            per_minute: limits.logins_per_account.limit().unwrap_or(0),
        });
    }
    let found = accounts
        .db
        .account_to_log_in(&req.name.key())
        .await
        .map_err(AccountError::storage)?;
    let (account, hash) = match found {
        Some((a, h)) => (Some(a), Some(h)),
        None => (None, None),
    };
    let right = accounts.hasher.verify(&req.password, hash).await;
    match account {
        Some(account) if right => open(accounts, &account, req.token, now_ms()).await,
        _ => Err(AccountError::WrongPassword),
    }
}

/// A new session on `account`: a program's token, or a browser's cookie.
async fn open(
    accounts: &Accounts,
    account: &Account,
    token: bool,
    now: i64,
) -> Result<Opened, AccountError> {
    let secret = sessions::new_secret();
    let (kind, expires_at) = if token {
        (SessionKind::Token, None)
    } else {
        (
            SessionKind::Cookie,
            Some(now + COOKIE_DAYS * 24 * 3_600_000),
        )
    };
    accounts
        .db
        .open_session(
            account,
            &tokens::hash(secret.as_str()),
            kind,
            now,
            expires_at,
        )
        .await
        .map_err(AccountError::storage)?;
    Ok(Opened {
        session: Session {
            name: account.name.clone(),
            kind: account.kind,
            token: token.then(|| secret.clone()),
        },
        secret,
        kind,
    })
}

/// `DELETE /session`.
pub async fn log_out(accounts: &Accounts, me: &SignedIn) -> Result<(), AccountError> {
    accounts
        .db
        .end_session(&me.hash)
        .await
        .map_err(AccountError::storage)
}

/// `POST /account/password`: every session ends; the device that asked gets a new one.
pub async fn change_password(
    accounts: &Accounts,
    me: &SignedIn,
    req: ChangePassword,
) -> Result<Opened, AccountError> {
    check_password(accounts, me, &req.old).await?;
    let hash = accounts.hasher.hash(&req.new).await;
    accounts
        .db
        .change_password(&me.account.id, &hash)
        .await
        .map_err(AccountError::storage)?;
    open(accounts, &me.account, req.token, now_ms()).await
}

/// `DELETE /account`.
pub async fn close(
    accounts: &Accounts,
    me: &SignedIn,
    req: CloseAccount,
) -> Result<(), AccountError> {
    check_password(accounts, me, &req.password).await?;
    accounts
        .db
        .close_account(&me.account.id, now_ms())
        .await
        .map_err(AccountError::storage)
}

/// The account's password asked again (a session alone may not change it or close it),
/// throttled as a login is.
async fn check_password(
    accounts: &Accounts,
    me: &SignedIn,
    password: &Password,
) -> Result<(), AccountError> {
    let limit = &accounts.limits.logins_per_account;
    if !limit.allow(me.account.name.key()) {
        return Err(AccountError::TooMany {
            per_minute: limit.limit().unwrap_or(0),
        });
    }
    let found = accounts
        .db
        .account_to_log_in(&me.account.name.key())
        .await
        .map_err(AccountError::storage)?;
    let hash = found.map(|(_, h)| h);
    if accounts.hasher.verify(password, hash).await {
        Ok(())
    } else {
        Err(AccountError::WrongPassword)
    }
}
