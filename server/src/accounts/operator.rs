//! What the server's operator does from the command line: a password reset (a new one
//! made and printed, every session ended) and an account closed.

use camelot_online::protocol::accounts::{AccountName, Password, SessionEnd};

use crate::accounts::passwords::{check_strength, Hasher, WeakPassword};
use crate::common::clock::now_ms;
use crate::common::tokens;
use crate::store::Db;

/// Why an operator's command did nothing.
#[derive(Debug, thiserror::Error)]
pub enum OperatorError {
    #[error("no account is named {0}")]
    NoSuchAccount(AccountName),
    #[error(transparent)]
    Weak(#[from] WeakPassword),
    #[error("the database: {0}")]
    Storage(#[from] sqlx::Error),
}

/// Gives `name` a new password, made here, and ends its sessions: the password, to pass
/// on to its owner.
pub async fn reset_password(db: &Db, name: &AccountName) -> Result<Password, OperatorError> {
    let account = db
        .account_named(&name.key())
        .await?
        .ok_or_else(|| OperatorError::NoSuchAccount(name.clone()))?;
    let password = Password::parse(&tokens::new_token()).expect("24 characters");
    // 24 random letters and digits always pass; checked all the same, as every new
    // password is.
    check_strength(&password, account.name.as_str())?;
    let hash = Hasher::with_threads(1).hash(&password).await;
    db.change_password(&account.id, &hash, SessionEnd::PasswordReset, now_ms())
        .await?;
    Ok(password)
}

/// Closes `name`'s account, as its owner could.
pub async fn close(db: &Db, name: &AccountName) -> Result<(), OperatorError> {
    let account = db
        .account_named(&name.key())
        .await?
        .ok_or_else(|| OperatorError::NoSuchAccount(name.clone()))?;
    db.close_account(&account.id, SessionEnd::ClosedByOperator, now_ms())
        .await?;
    Ok(())
}
