//! The relations' queries: one player's relation to another set or cleared, the players
//! one follows, whether one follows or blocks another, and the condition a pairing puts
//! on two players (neither blocks the other).

use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::relations::Relation;
use sqlx::Row;

use crate::store::{on, Db};

fn code(r: Relation) -> &'static str {
    match r {
        Relation::Follow => "follow",
        Relation::Block => "block",
    }
}

/// SQL that holds when neither account (`a` and `b`, column expressions or
/// placeholders) blocks the other: another room's query puts it in its `WHERE`, so that
/// the relations' table is named only here.
pub fn neither_blocks(a: &str, b: &str) -> String {
    format!(
        "NOT EXISTS (SELECT 1 FROM relations r WHERE r.kind = 'block' AND \
         ((r.from_account = {a} AND r.to_account = {b}) OR \
         (r.from_account = {b} AND r.to_account = {a})))"
    )
}

impl Db {
    /// Sets `from`'s relation to `to` (named `to_name`), or clears it.
    pub(super) async fn set_relation(
        &self,
        from: &str,
        to: &str,
        to_name: &AccountName,
        relation: Option<Relation>,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            match relation {
                None => {
                    sqlx::query("DELETE FROM relations WHERE from_account = $1 AND to_account = $2")
                        .bind(from)
                        .bind(to)
                        .execute(pool)
                        .await?;
                }
                Some(r) => {
                    sqlx::query(
                        "INSERT INTO relations (from_account, to_account, kind, to_name, at) \
                         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (from_account, to_account) \
                         DO UPDATE SET kind = excluded.kind, to_name = excluded.to_name, \
                         at = excluded.at",
                    )
                    .bind(from)
                    .bind(to)
                    .bind(code(r))
                    .bind(to_name.as_str())
                    .bind(now)
                    .execute(pool)
                    .await?;
                }
            }
        });
        Ok(())
    }

    /// `from`'s relation to `to`, if any.
    pub(super) async fn relation(
        &self,
        from: &str,
        to: &str,
    ) -> Result<Option<Relation>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query("SELECT kind FROM relations WHERE from_account = $1 AND to_account = $2")
                .bind(from)
                .bind(to)
                .fetch_optional(pool)
                .await?
                .and_then(|r| match r.get::<&str, _>("kind") {
                    "follow" => Some(Relation::Follow),
                    "block" => Some(Relation::Block),
                    _ => None,
                })
        }))
    }

    /// The accounts `from` follows: each one's id and name, by name.
    pub(super) async fn followed_by(
        &self,
        from: &str,
    ) -> Result<Vec<(String, AccountName)>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT to_account, to_name FROM relations WHERE from_account = $1 \
                 AND kind = 'follow' ORDER BY to_name LIMIT 500",
            )
            .bind(from)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| {
                Some((
                    r.get::<String, _>("to_account"),
                    AccountName::parse(r.get::<&str, _>("to_name")).ok()?,
                ))
            })
            .collect()
        }))
    }
}
