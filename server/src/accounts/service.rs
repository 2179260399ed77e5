//! The accounts' requests, a function each: it takes the protocol's request and answers
//! with the protocol's answer and the session's secret, or an [`AccountError`].

use camelot_online::protocol::accounts::{
    AccountToken, ChangePassword, CloseAccount, DeviceToken, LogIn, Password, Session, SessionEnd,
    SignUp,
};

use crate::accounts::codes;
use crate::accounts::passwords::check_strength;
use crate::accounts::sessions::{self, SignedIn, COOKIE_DAYS, DEVICE_DAYS};
use crate::accounts::store::{Account, SessionKind};
use crate::accounts::{too_many, AccountError, Accounts};
use crate::common::clock::now_ms;
use crate::common::limits::AddressKey;
use crate::common::tokens;

const DAY_MS: i64 = 24 * 3_600_000;

/// A session opened: the answer, and the secret to give (in the answer for a program,
/// in a cookie for a browser).
pub struct Opened {
    pub session: Session,
    pub secret: AccountToken,
    pub kind: SessionKind,
    /// The device token to give (a browser's cookie; a program's is in `session`).
    pub device: Option<DeviceToken>,
}

/// `POST /account`.
pub async fn sign_up(
    accounts: &Accounts,
    req: SignUp,
    from: AddressKey,
) -> Result<Opened, AccountError> {
    if !accounts.limits.sign_ups.allow(from) {
        return Err(too_many(&accounts.limits.sign_ups));
    }
    if let Err(weak) = check_strength(&req.password, req.name.as_str()) {
        // Refused before anything was made: it does not count against the sign-ups.
        accounts.limits.sign_ups.give_back(from);
        return Err(weak.into());
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
        // A taken name made nothing: it does not count against the address's sign-ups.
        accounts.limits.sign_ups.give_back(from);
        return Err(AccountError::NameTaken);
    }
    let mut opened = open(
        accounts,
        &account,
        req.token,
        Some(sessions::new_device()),
        now,
    )
    .await?;
    opened.session.recovery_codes = codes::make_codes(accounts, &account.id).await?;
    Ok(opened)
}

/// `POST /session`. A wrong name costs what a wrong password costs, and is answered
/// alike. `device`: the device token the login showed (a program's in the request, a
/// browser's in its cookie).
pub async fn log_in(
    accounts: &Accounts,
    req: LogIn,
    device: Option<DeviceToken>,
    from: AddressKey,
) -> Result<Opened, AccountError> {
    let limits = &accounts.limits;
    let key = req.name.key();
    allow_a_try(accounts, from, &key)?;
    let found = accounts
        .db
        .account_to_log_in(&key)
        .await
        .map_err(AccountError::storage)?;
    let (account, hash) = match found {
        Some((a, h)) => (Some(a), Some(h)),
        None => (None, None),
    };
    let device_hash = device.as_ref().map(|d| tokens::hash(d.as_str()));
    let known = match (&account, &device_hash) {
        (Some(a), Some(d)) => accounts
            .db
            .is_known_device(d, &a.id, now_ms() - DEVICE_DAYS * DAY_MS)
            .await
            .map_err(AccountError::storage)?,
        _ => false,
    };
    // A device the account knows has its own allowance; any other shares the account's,
    // which only wrong passwords use up.
    let shared = if known {
        let mine = (device_hash.clone().unwrap_or_default(), key.clone());
        if !limits.logins_per_known_device.allow(mine) {
            return Err(too_many(&limits.logins_per_known_device));
        }
        false
    } else {
        if !limits.failures_per_account.allow(key.clone()) {
            return Err(too_many(&limits.failures_per_account));
        }
        true
    };
    let right = accounts.hasher.verify(&req.password, hash).await;
    let Some(account) = account.filter(|_| right) else {
        return Err(AccountError::WrongPassword);
    };
    if shared {
        limits.failures_per_account.give_back(key);
    }
    let device = device.unwrap_or_else(sessions::new_device);
    open(accounts, &account, req.token, Some(device), now_ms()).await
}

/// One more try at account `key` from address `from` (a login, a recovery code), within
/// the address's allowance and the address's on that account.
pub(super) fn allow_a_try(
    accounts: &Accounts,
    from: AddressKey,
    key: &str,
) -> Result<(), AccountError> {
    let limits = &accounts.limits;
    if !limits.logins.allow(from) {
        return Err(too_many(&limits.logins));
    }
    if !limits
        .logins_per_address_account
        .allow((from, key.to_string()))
    {
        return Err(too_many(&limits.logins_per_address_account));
    }
    Ok(())
}

/// A new session on `account`: a program's token, or a browser's cookie; and `device`,
/// where the request makes it one the account knows (a login, a sign-up), remembered
/// and given to keep.
pub(super) async fn open(
    accounts: &Accounts,
    account: &Account,
    token: bool,
    device: Option<DeviceToken>,
    now: i64,
) -> Result<Opened, AccountError> {
    if let Some(d) = &device {
        accounts
            .db
            .remember_device(&tokens::hash(d.as_str()), &account.id, now)
            .await
            .map_err(AccountError::storage)?;
    }
    let secret = sessions::new_secret();
    let (kind, expires_at) = if token {
        (SessionKind::Token, None)
    } else {
        (SessionKind::Cookie, Some(now + COOKIE_DAYS * DAY_MS))
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
            device: device.clone().filter(|_| token),
            recovery_codes: Vec::new(),
        },
        secret,
        kind,
        device,
    })
}

/// `DELETE /session`.
pub async fn log_out(accounts: &Accounts, me: &SignedIn) -> Result<(), AccountError> {
    accounts
        .db
        .end_session(&me.hash, SessionEnd::LoggedOut, now_ms())
        .await
        .map_err(AccountError::storage)?;
    accounts.watch.ended_here();
    Ok(())
}

/// `POST /account/password`: every session ends; the device that asked gets a new one.
pub async fn change_password(
    accounts: &Accounts,
    me: &SignedIn,
    req: ChangePassword,
) -> Result<Opened, AccountError> {
    check_strength(&req.new, me.account.name.as_str())?;
    check_password(accounts, me, &req.old).await?;
    let hash = accounts.hasher.hash(&req.new).await;
    let now = now_ms();
    accounts
        .db
        .change_password(&me.account.id, &hash, SessionEnd::PasswordChanged, now)
        .await
        .map_err(AccountError::storage)?;
    accounts.watch.ended_here();
    open(accounts, &me.account, req.token, None, now).await
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
        .close_account(&me.account.id, SessionEnd::AccountClosed, now_ms())
        .await
        .map_err(AccountError::storage)?;
    accounts.watch.ended_here();
    Ok(())
}

/// The account's password asked again (a session alone may not change it or close it),
/// throttled for this session alone: nobody else's wrong passwords hold it back.
pub(super) async fn check_password(
    accounts: &Accounts,
    me: &SignedIn,
    password: &Password,
) -> Result<(), AccountError> {
    let limit = &accounts.limits.checks_per_session;
    if !limit.allow(me.hash.clone()) {
        return Err(too_many(limit));
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
        Err(AccountError::NotYourPassword)
    }
}
