//! The accounts' recovery codes as stored: made (the old ones void) and spent, only
//! their hashes kept in the accounts room's `recovery_codes`.

use camelot_online::protocol::recovery::RecoveryCode;
use rand::Rng;

use crate::accounts::AccountError;
use crate::accounts::Accounts;
use crate::common::clock::now_ms;
use crate::common::tokens;
use crate::store::{on, Db};

/// How many codes an account has.
pub const CODES: usize = 8;

/// `CODES` new codes, each of [`RecoveryCode::LEN`] random characters.
fn new_codes() -> Vec<RecoveryCode> {
    let mut rng = rand::rng();
    (0..CODES)
        .map(|_| {
            let text: String = (0..RecoveryCode::LEN)
                .map(|_| {
                    let i = rng.random_range(0..RecoveryCode::CHARS.len());
                    RecoveryCode::CHARS[i] as char
                })
                .collect();
            RecoveryCode::parse(&text).expect("made of a code's characters")
        })
        .collect()
}

impl Db {
    /// The account's recovery codes, now those hashing to `hashes` alone.
    async fn set_recovery_codes(
        &self,
        account: &str,
        hashes: &[String],
        now: i64,
    ) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            sqlx::query("DELETE FROM recovery_codes WHERE account_id = $1")
                .bind(account)
                .execute(&mut *tx)
                .await?;
            for h in hashes {
                sqlx::query(
                    "INSERT INTO recovery_codes (account_id, code_hash, made_at, spent_at) \
                     VALUES ($1, $2, $3, NULL)",
                )
                .bind(account)
                .bind(h)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// Spends the account's code hashing to `hash`: whether it was there, unspent.
    pub(super) async fn spend_recovery_code(
        &self,
        account: &str,
        hash: &str,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query(
                "UPDATE recovery_codes SET spent_at = $1 \
                 WHERE account_id = $2 AND code_hash = $3 AND spent_at IS NULL",
            )
            .bind(now)
            .bind(account)
            .bind(hash)
            .execute(pool)
            .await?
            .rows_affected()
                == 1
        }))
    }
}

/// New codes for `account`, the old ones void: the codes themselves, to show once.
pub async fn make_codes(
    accounts: &Accounts,
    account: &str,
) -> Result<Vec<RecoveryCode>, AccountError> {
    let codes = new_codes();
    let hashes: Vec<String> = codes.iter().map(|c| tokens::hash(c.as_str())).collect();
    accounts
        .db
        .set_recovery_codes(account, &hashes, now_ms())
        .await
        .map_err(AccountError::storage)?;
    Ok(codes)
}
