//! The accounts' queries: an account made, found by its name, its password changed, it
//! closed; its sessions opened, found and ended.

use std::collections::HashMap;

use camelot_online::protocol::accounts::{AccountKind, AccountName, SessionEnd};
use sqlx::Row;

use crate::store::{on, places, Db};

/// How long a closed account's name stays its: nobody else may take it meanwhile.
pub const NAME_KEPT_MS: i64 = 30 * 24 * 3600 * 1000;

/// How long an ended session is kept, with why it ended, for the connections of every
/// process to hear of it.
pub const ENDED_KEPT_MS: i64 = 60_000;

/// Sessions looked up in one query.
const SESSIONS_A_QUERY: usize = 200;

/// A session as its end is read: its secret's hash, why it ended (where it was ended),
/// when it expires, when its account closed.
type SessionState = (String, Option<String>, Option<i64>, Option<i64>);

/// An account as the rooms see it (its password's hash is only read for a login).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    pub id: String,
    pub name: AccountName,
    pub kind: AccountKind,
    pub rated_with_people: bool,
    pub created_at: i64,
}

/// What another room may know of an account it names by id ([`Db::facts_of`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountFacts {
    /// `None` once the account is closed.
    pub name: Option<AccountName>,
    pub kind: AccountKind,
    pub rated_with_people: bool,
}

/// How a session is shown: a browser's cookie, or a program's token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionKind {
    Cookie,
    Token,
}

impl SessionKind {
    fn code(self) -> &'static str {
        match self {
            SessionKind::Cookie => "cookie",
            SessionKind::Token => "token",
        }
    }

    fn from_code(code: &str) -> SessionKind {
        if code == "token" {
            SessionKind::Token
        } else {
            SessionKind::Cookie
        }
    }
}

/// The kind a stored code names (a code this build does not know reads as a person's).
fn kind_of(code: &str) -> AccountKind {
    if code == "computer" {
        AccountKind::Computer
    } else {
        AccountKind::Person
    }
}

fn kind_code(kind: AccountKind) -> &'static str {
    match kind {
        AccountKind::Person => "person",
        AccountKind::Computer => "computer",
    }
}

const COLUMNS: &str = "a.id, a.name, a.kind, a.rated_with_people, a.created_at";

/// An account's row, or `None` for one this build cannot read.
fn account_of(r: &impl AccountRow) -> Option<Account> {
    Some(Account {
        id: r.text("id"),
        name: AccountName::parse(&r.text("name")).ok()?,
        kind: kind_of(&r.text("kind")),
        rated_with_people: r.number("rated_with_people") != 0,
        created_at: r.number("created_at"),
    })
}

/// A row of either database, read by column name.
trait AccountRow {
    fn text(&self, column: &str) -> String;
    fn number(&self, column: &str) -> i64;
}

impl AccountRow for sqlx::sqlite::SqliteRow {
    fn text(&self, column: &str) -> String {
        self.get(column)
    }
    fn number(&self, column: &str) -> i64 {
        self.get(column)
    }
}

impl AccountRow for sqlx::postgres::PgRow {
    fn text(&self, column: &str) -> String {
        self.get(column)
    }
    fn number(&self, column: &str) -> i64 {
        // INTEGER columns are 4 bytes on PostgreSQL, BIGINT 8.
        self.try_get::<i64, _>(column)
            .or_else(|_| self.try_get::<i32, _>(column).map(i64::from))
            .unwrap_or_default()
    }
}

impl Db {
    /// Stores a new account with its password's hash: `false`, and nothing stored, where
    /// the name is taken (by a live account, or one closed less than [`NAME_KEPT_MS`]
    /// ago). A name closed longer ago is freed for it.
    pub async fn insert_account(
        &self,
        account: &Account,
        hash: &str,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "UPDATE accounts SET name_key = 'closed:' || id \
                 WHERE name_key = $1 AND closed_at IS NOT NULL AND closed_at < $2",
            )
            .bind(account.name.key())
            .bind(now - NAME_KEPT_MS)
            .execute(&mut *tx)
            .await?;
            let stored = sqlx::query(
                "INSERT INTO accounts (id, name, name_key, password_hash, kind, \
                 rated_with_people, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) \
                 ON CONFLICT (name_key) DO NOTHING",
            )
            .bind(&account.id)
            .bind(account.name.as_str())
            .bind(account.name.key())
            .bind(hash)
            .bind(kind_code(account.kind))
            .bind(i32::from(account.rated_with_people))
            .bind(account.created_at)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
            tx.commit().await?;
            Ok(stored)
        })
    }

    /// The live account named `key` (a name's [`AccountName::key`]) and its password's
    /// hash.
    pub(super) async fn account_to_log_in(
        &self,
        key: &str,
    ) -> Result<Option<(Account, String)>, sqlx::Error> {
        let sql = format!(
            "SELECT {COLUMNS}, a.password_hash FROM accounts a \
             WHERE a.name_key = $1 AND a.closed_at IS NULL"
        );
        Ok(on!(self, read pool => {
            sqlx::query(&sql)
                .bind(key)
                .fetch_optional(pool)
                .await?
                .and_then(|r| Some((account_of(&r)?, r.get("password_hash"))))
        }))
    }

    /// The live account named `key`.
    pub async fn account_named(&self, key: &str) -> Result<Option<Account>, sqlx::Error> {
        Ok(self.account_to_log_in(key).await?.map(|(a, _)| a))
    }

    /// What the rooms that seat and list players need of the accounts `ids`: each one's
    /// name (`None` for one closed: its name has left its games), kind, and whether it
    /// plays rated against people.
    pub async fn facts_of(
        &self,
        ids: &[String],
    ) -> Result<HashMap<String, AccountFacts>, sqlx::Error> {
        let mut out = HashMap::new();
        for chunk in ids.chunks(500) {
            let sql = format!(
                "SELECT id, name, kind, rated_with_people, closed_at FROM accounts \
                 WHERE id IN ({})",
                places(1, chunk.len())
            );
            on!(self, read pool => {
                let mut q = sqlx::query(&sql);
                for id in chunk {
                    q = q.bind(id);
                }
                for r in q.fetch_all(pool).await? {
                    let closed = r.get::<Option<i64>, _>("closed_at").is_some();
                    let facts = AccountFacts {
                        name: AccountName::parse(r.get("name")).ok().filter(|_| !closed),
                        kind: kind_of(r.get("kind")),
                        rated_with_people: r.get::<i32, _>("rated_with_people") != 0,
                    };
                    out.insert(r.get("id"), facts);
                }
            });
        }
        Ok(out)
    }

    /// A new session on `account`, known by its secret's hash.
    pub(super) async fn open_session(
        &self,
        account: &Account,
        hash: &str,
        kind: SessionKind,
        now: i64,
        expires_at: Option<i64>,
    ) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            sqlx::query(
                "INSERT INTO sessions (token_hash, account_id, kind, created_at, expires_at) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(hash)
            .bind(&account.id)
            .bind(kind.code())
            .bind(now)
            .bind(expires_at)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// The live account whose session's secret hashes to `hash`, if the session goes on
    /// at `now`, and how it is shown.
    pub(super) async fn session(
        &self,
        hash: &str,
        now: i64,
    ) -> Result<Option<(Account, SessionKind)>, sqlx::Error> {
        let sql = format!(
            "SELECT {COLUMNS}, s.kind AS session_kind FROM sessions s \
             JOIN accounts a ON a.id = s.account_id \
             WHERE s.token_hash = $1 AND a.closed_at IS NULL AND s.ended_at IS NULL \
             AND (s.expires_at IS NULL OR s.expires_at > $2)"
        );
        // From the writer on SQLite: a session just opened is then always seen.
        Ok(on!(self, write pool => {
            sqlx::query(&sql)
                .bind(hash)
                .bind(now)
                .fetch_optional(pool)
                .await?
                .and_then(|r| {
                    let kind = SessionKind::from_code(&r.get::<String, _>("session_kind"));
                    Some((account_of(&r)?, kind))
                })
        }))
    }

    /// Ends the session whose secret hashes to `hash`, at `now`, for `why`.
    pub(super) async fn end_session(
        &self,
        hash: &str,
        why: SessionEnd,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            sqlx::query(
                "UPDATE sessions SET ended_at = $1, ended_why = $2 \
                 WHERE token_hash = $3 AND ended_at IS NULL",
            )
            .bind(now)
            .bind(why.code())
            .bind(hash)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// Gives the account a new password's hash and ends every session it has, on every
    /// device, for `why` (its owner's change, or the operator's reset), in one
    /// transaction.
    pub(super) async fn change_password(
        &self,
        account: &str,
        hash: &str,
        why: SessionEnd,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            sqlx::query("UPDATE accounts SET password_hash = $1 WHERE id = $2")
                .bind(hash)
                .bind(account)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "UPDATE sessions SET ended_at = $1, ended_why = $2 \
                 WHERE account_id = $3 AND ended_at IS NULL",
            )
            .bind(now)
            .bind(why.code())
            .bind(account)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
        });
        Ok(())
    }

    /// Closes the account at `now` (by its owner, or the operator: `why`): no password,
    /// no session; its name kept from others for [`NAME_KEPT_MS`].
    pub async fn close_account(
        &self,
        account: &str,
        why: SessionEnd,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "UPDATE accounts SET closed_at = $1, password_hash = '' \
                 WHERE id = $2 AND closed_at IS NULL",
            )
            .bind(now)
            .bind(account)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "UPDATE sessions SET ended_at = $1, ended_why = $2 \
                 WHERE account_id = $3 AND ended_at IS NULL",
            )
            .bind(now)
            .bind(why.code())
            .bind(account)
            .execute(&mut *tx)
            .await?;
            sqlx::query("DELETE FROM recovery_codes WHERE account_id = $1")
                .bind(account)
                .execute(&mut *tx)
                .await?;
            // Its games stay; its name leaves them ("deleted player").
            crate::games::names_leave_seats!(tx, account);
            tx.commit().await?;
        });
        Ok(())
    }

    /// Of the sessions whose secrets hash to `hashes`, those that no longer go on at
    /// `now`, and why each ended (a session forgotten already ended some time ago).
    pub(super) async fn sessions_ended(
        &self,
        hashes: &[String],
        now: i64,
    ) -> Result<Vec<(String, SessionEnd)>, sqlx::Error> {
        let mut ended = Vec::new();
        for chunk in hashes.chunks(SESSIONS_A_QUERY) {
            let sql = format!(
                "SELECT s.token_hash, s.ended_why, s.expires_at, a.closed_at \
                 FROM sessions s JOIN accounts a ON a.id = s.account_id \
                 WHERE s.token_hash IN ({})",
                places(1, chunk.len())
            );
            let rows: Vec<SessionState> = on!(self, read pool => {
                let mut q = sqlx::query(&sql);
                for h in chunk {
                    q = q.bind(h);
                }
                q.fetch_all(pool)
                    .await?
                    .iter()
                    .map(|r| (
                        r.get("token_hash"),
                        r.get("ended_why"),
                        r.get("expires_at"),
                        r.get("closed_at"),
                    ))
                    .collect()
            });
            for hash in chunk {
                let why = match rows.iter().find(|r| &r.0 == hash) {
                    None => Some(SessionEnd::Ended),
                    Some((_, Some(why), _, _)) => Some(SessionEnd::from_code(why)),
                    Some((_, None, _, Some(_))) => Some(SessionEnd::AccountClosed),
                    Some((_, None, Some(expires), None)) if *expires <= now => {
                        Some(SessionEnd::Expired)
                    }
                    Some(_) => None,
                };
                if let Some(why) = why {
                    ended.push((hash.clone(), why));
                }
            }
        }
        Ok(ended)
    }

    /// Notes that the device whose token hashes to `hash` logged in to `account` at `now`.
    pub(super) async fn remember_device(
        &self,
        hash: &str,
        account: &str,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            sqlx::query(
                "INSERT INTO known_devices (token_hash, account_id, seen_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (token_hash, account_id) DO UPDATE SET seen_at = excluded.seen_at",
            )
            .bind(hash)
            .bind(account)
            .bind(now)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// Whether the device whose token hashes to `hash` has logged in to `account` since
    /// `since`.
    pub(super) async fn is_known_device(
        &self,
        hash: &str,
        account: &str,
        since: i64,
    ) -> Result<bool, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT 1 FROM known_devices WHERE token_hash = $1 AND account_id = $2 \
                 AND seen_at > $3",
            )
            .bind(hash)
            .bind(account)
            .bind(since)
            .fetch_optional(pool)
            .await?
            .is_some()
        }))
    }

    /// Forgets the devices not seen since `before`.
    pub(super) async fn forget_old_devices(&self, before: i64) -> Result<u64, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query("DELETE FROM known_devices WHERE seen_at <= $1")
                .bind(before)
                .execute(pool)
                .await?
                .rows_affected()
        }))
    }

    /// Forgets the sessions that expired by `now`, or ended [`ENDED_KEPT_MS`] before.
    pub(super) async fn forget_ended_sessions(&self, now: i64) -> Result<u64, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query(
                "DELETE FROM sessions WHERE (expires_at IS NOT NULL AND expires_at <= $1) \
                 OR ended_at <= $1",
            )
            .bind(now - ENDED_KEPT_MS)
            .execute(pool)
                .await?
                .rows_affected()
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(id: &str, name: &str, at: i64) -> Account {
        Account {
            id: id.into(),
            name: AccountName::parse(name).unwrap(),
            kind: AccountKind::Person,
            rated_with_people: false,
            created_at: at,
        }
    }

    #[tokio::test]
    async fn a_closed_accounts_name_is_free_again_after_30_days_only() {
        let db = Db::scratch("closed-names").await;
        let day = 24 * 3_600_000;
        assert!(db
            .insert_account(&account("a1", "Galahad", 0), "h", 0)
            .await
            .unwrap());
        db.close_account("a1", SessionEnd::AccountClosed, day)
            .await
            .unwrap();
        assert_eq!(db.account_named("galahad").await.unwrap(), None);
        let taker = account("a2", "GALAHAD", 30 * day);
        assert!(!db.insert_account(&taker, "h", 30 * day).await.unwrap());
        assert!(db.insert_account(&taker, "h", 31 * day + 1).await.unwrap());
        assert_eq!(db.account_named("galahad").await.unwrap(), Some(taker));
    }

    #[tokio::test]
    async fn a_session_ends_when_it_expires_is_ended_or_its_account_closes() {
        let db = Db::scratch("sessions").await;
        let a = account("b1", "Gareth", 0);
        assert!(db.insert_account(&a, "h", 0).await.unwrap());
        db.open_session(&a, "s1", SessionKind::Cookie, 0, Some(100))
            .await
            .unwrap();
        db.open_session(&a, "s2", SessionKind::Token, 0, None)
            .await
            .unwrap();
        assert_eq!(
            db.session("s1", 99).await.unwrap(),
            Some((a.clone(), SessionKind::Cookie))
        );
        assert_eq!(db.session("s1", 100).await.unwrap(), None);
        assert_eq!(
            db.sessions_ended(&["s1".into(), "s2".into()], 100)
                .await
                .unwrap(),
            [("s1".to_string(), SessionEnd::Expired)]
        );
        assert_eq!(
            db.forget_ended_sessions(100 + ENDED_KEPT_MS).await.unwrap(),
            1
        );
        assert_eq!(
            db.session("s2", 10_000).await.unwrap(),
            Some((a.clone(), SessionKind::Token))
        );
        db.end_session("s2", SessionEnd::LoggedOut, 50)
            .await
            .unwrap();
        assert_eq!(db.session("s2", 0).await.unwrap(), None);
        db.open_session(&a, "s3", SessionKind::Token, 0, None)
            .await
            .unwrap();
        db.open_session(&a, "s4", SessionKind::Token, 0, None)
            .await
            .unwrap();
        db.change_password("b1", "h2", SessionEnd::PasswordChanged, 60)
            .await
            .unwrap();
        db.open_session(&a, "s5", SessionKind::Token, 61, None)
            .await
            .unwrap();
        let asked: Vec<String> = ["s1", "s2", "s3", "s4", "s5"].map(String::from).into();
        assert_eq!(
            db.sessions_ended(&asked, 70).await.unwrap(),
            [
                ("s1".to_string(), SessionEnd::Ended),
                ("s2".to_string(), SessionEnd::LoggedOut),
                ("s3".to_string(), SessionEnd::PasswordChanged),
                ("s4".to_string(), SessionEnd::PasswordChanged),
            ]
        );
        assert_eq!(
            db.session("s5", 70).await.unwrap().map(|s| s.1),
            Some(SessionKind::Token)
        );
        db.close_account("b1", SessionEnd::ClosedByOperator, 80)
            .await
            .unwrap();
        assert_eq!(db.session("s5", 81).await.unwrap(), None);
        assert_eq!(
            db.sessions_ended(&["s5".into()], 81).await.unwrap(),
            [("s5".to_string(), SessionEnd::ClosedByOperator)]
        );
        // Kept a minute, with why, then forgotten.
        assert_eq!(
            db.forget_ended_sessions(49 + ENDED_KEPT_MS).await.unwrap(),
            0
        );
        assert_eq!(
            db.forget_ended_sessions(80 + ENDED_KEPT_MS).await.unwrap(),
            4
        );
    }
}
