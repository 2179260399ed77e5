//! Recovery codes, the way back into an account without e-mail: eight made at sign-up
//! and shown once (made again from Settings, the old ones void), each setting a new
//! password once; the requests that make them again and spend one (kept in
//! [`super::codes`]).

use camelot_online::protocol::accounts::{NewRecoveryCodes, Recover, SessionEnd};
use camelot_online::protocol::recovery::RecoveryCodes;

use crate::accounts::codes::make_codes;
use crate::accounts::passwords::check_strength;
use crate::accounts::service::{allow_a_try, check_password, open, Opened};
use crate::accounts::sessions::{self, SignedIn};
use crate::accounts::{too_many, AccountError, Accounts};
use crate::common::clock::now_ms;
use crate::common::limits::AddressKey;
use crate::common::tokens;

/// `POST /account/recovery-codes`: the password asked again, then new codes.
pub async fn remake(
    accounts: &Accounts,
    me: &SignedIn,
    req: NewRecoveryCodes,
) -> Result<RecoveryCodes, AccountError> {
    check_password(accounts, me, &req.password).await?;
    Ok(RecoveryCodes {
        codes: make_codes(accounts, &me.account.id).await?,
    })
}

/// `POST /account/recover`: a new password by a recovery code, which is spent; every
/// session of the account ends. A wrong name and a wrong code are one answer, and cost
/// what a wrong password costs at a login.
pub async fn recover(
    accounts: &Accounts,
    req: Recover,
    from: AddressKey,
) -> Result<Opened, AccountError> {
    let limits = &accounts.limits;
    let key = req.name.key();
    allow_a_try(accounts, from, &key)?;
    if !limits.failures_per_account.allow(key.clone()) {
        return Err(too_many(&limits.failures_per_account));
    }
    check_strength(&req.new, req.name.as_str())?;
    let found = accounts
        .db
        .account_to_log_in(&key)
        .await
        .map_err(AccountError::storage)?;
    let now = now_ms();
    let Some((account, _)) = found else {
        return Err(AccountError::WrongRecoveryCode);
    };
    let spent = accounts
        .db
        .spend_recovery_code(&account.id, &tokens::hash(req.code.as_str()), now)
        .await
        .map_err(AccountError::storage)?;
    if !spent {
        return Err(AccountError::WrongRecoveryCode);
    }
    limits.failures_per_account.give_back(key);
    let hash = accounts.hasher.hash(&req.new).await;
    accounts
        .db
        .change_password(&account.id, &hash, SessionEnd::Recovered, now)
        .await
        .map_err(AccountError::storage)?;
    accounts.watch.ended_here();
    open(
        accounts,
        &account,
        req.token,
        Some(sessions::new_device()),
        now,
    )
    .await
}
