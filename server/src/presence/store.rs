//! The presence table's queries: accounts marked as seen, who is online, when one was
//! last seen.

use camelot_online::protocol::accounts::AccountName;
use sqlx::Row;

use crate::store::{on, Db};

impl Db {
    /// Marks `accounts` (id and name) as seen at `now`, in one transaction: connected,
    /// or `gone` (their last socket here closed).
    pub(super) async fn mark_seen(
        &self,
        accounts: &[(String, AccountName)],
        now: i64,
        gone: bool,
    ) -> Result<(), sqlx::Error> {
        if accounts.is_empty() {
            return Ok(());
        }
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            for (id, name) in accounts {
                sqlx::query(
                    "INSERT INTO presence (account_id, name, seen_at, gone) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (account_id) DO UPDATE SET name = excluded.name, \
                     seen_at = excluded.seen_at, gone = excluded.gone",
                )
                .bind(id)
                .bind(name.as_str())
                .bind(now)
                .bind(i64::from(gone))
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// How many accounts were seen connected after `after`, and up to `listed` of their
    /// names, the latest seen first.
    pub(super) async fn seen_after(
        &self,
        after: i64,
        listed: usize,
    ) -> Result<(u32, Vec<AccountName>), sqlx::Error> {
        on!(self, read pool => {
            let n: i64 = sqlx::query("SELECT COUNT(*) AS n FROM presence WHERE seen_at > $1 AND gone = 0")
                .bind(after)
                .fetch_one(pool)
                .await?
                .get("n");
            let names = sqlx::query(
                "SELECT name FROM presence WHERE seen_at > $1 AND gone = 0 \
                 ORDER BY seen_at DESC, name LIMIT $2",
            )
            .bind(after)
            .bind(listed as i64)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| AccountName::parse(r.get::<&str, _>("name")).ok())
            .collect();
            Ok((n as u32, names))
        })
    }

    /// When `account` was last seen, if ever, and whether it was gone then.
    pub(super) async fn last_seen(
        &self,
        account: &str,
    ) -> Result<Option<(i64, bool)>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query("SELECT seen_at, gone FROM presence WHERE account_id = $1")
                .bind(account)
                .fetch_optional(pool)
                .await?
                .map(|r| (r.get("seen_at"), r.get::<i64, _>("gone") != 0))
        }))
    }
}
