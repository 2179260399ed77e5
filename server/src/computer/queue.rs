//! The computer's queue: the turns it owes, taken fairly (the owner served longest ago
//! first, people before the TV), leased to one process at a time, renewed while it
//! thinks, given back or dropped.

use camelot_online::protocol::GameId;
use sqlx::Row;

use crate::games::{self, Owner};
use crate::store::{on, Db, NOTE_SERVED};

/// A computer turn a process has taken: the game, the ply its move is to be, whose the
/// game is, and when the turn was taken (its clock is charged from then).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub game: GameId,
    pub ply: usize,
    pub owner: Owner,
    pub taken_at: i64,
}

/// The computer turns that may be taken at `$1` (unix ms), the TV's code `$2`, the
/// fairest first: due, held
/// by no live process, in a game a person has joined (or the TV's); people's before the
/// TV's, the owner served longest ago first, then the turn due first.
const TAKEABLE: &str = "SELECT t.game_id, t.ply, g.owner FROM computer_turns t \
     JOIN games g ON g.id = t.game_id \
     LEFT JOIN computer_owners o ON o.owner = g.owner \
     WHERE t.due_at <= $1 AND (t.lease_until IS NULL OR t.lease_until < $1) \
     AND (g.joined = 1 OR g.owner = $2) \
     ORDER BY CASE WHEN g.owner = $2 THEN 1 ELSE 0 END, COALESCE(o.served_at, 0), t.due_at \
     LIMIT 1";

impl Db {
    /// Takes the fairest computer turn that may be taken now ([`TAKEABLE`]), for `me`
    /// until `lease_until` (unix ms), and notes its owner as served: on PostgreSQL with
    /// `FOR UPDATE SKIP LOCKED`, so that of several processes asking at once each takes
    /// another turn.
    pub async fn take_turn(
        &self,
        me: &str,
        now: i64,
        lease_until: i64,
    ) -> Result<Option<Turn>, sqlx::Error> {
        let locked = format!("{TAKEABLE} FOR UPDATE OF t SKIP LOCKED");
        let takeable = match self {
            Db::Sqlite { .. } => TAKEABLE,
            Db::Postgres(_) => locked.as_str(),
        };
        let row: Option<(String, i64, String)> = on!(self, write pool => {
            let mut tx = pool.begin().await?;
            let found = sqlx::query(takeable)
                .bind(now)
                .bind(games::TV)
                .fetch_optional(&mut *tx)
                .await?
                .map(|r| (r.get("game_id"), r.get("ply"), r.get("owner")));
            if let Some((game, _, owner)) = &found {
                sqlx::query(
                    "UPDATE computer_turns SET lease_until = $1, taken_by = $2 WHERE game_id = $3",
                )
                .bind(lease_until)
                .bind(me)
                .bind(game)
                .execute(&mut *tx)
                .await?;
                sqlx::query(NOTE_SERVED)
                .bind(owner)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            found
        });
        Ok(row.and_then(|(game, ply, owner)| {
            Some(Turn {
                game: GameId::parse(&game).ok()?,
                ply: ply as usize,
                owner: Owner::from_code(&owner),
                taken_at: now,
            })
        }))
    }

    /// Forgets when the owners last served before `before` (unix ms) were served: the
    /// rotation needs only recent ones (an owner not in it goes first, as one served
    /// long ago would), and the table does not grow with every address ever served.
    pub async fn forget_served_owners(&self, before: i64) -> Result<u64, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query("DELETE FROM computer_owners WHERE served_at < $1")
                .bind(before)
                .execute(pool)
                .await?
                .rows_affected()
        }))
    }

    /// Whether a person's turn of another owner than `owner` waits for a search at `now`
    /// (the TV's never cuts a search short).
    pub async fn others_wait(&self, owner: &Owner, now: i64) -> Result<bool, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT 1 FROM computer_turns t JOIN games g ON g.id = t.game_id \
                 WHERE t.due_at <= $1 AND (t.lease_until IS NULL OR t.lease_until < $1) \
                 AND g.joined = 1 AND g.owner <> $3 AND g.owner <> $2 LIMIT 1",
            )
            .bind(now)
            .bind(owner.code())
            .bind(games::TV)
            .fetch_optional(pool)
            .await?
            .is_some()
        }))
    }

    /// Keeps `me`'s lease on a turn while its move is thought of; `false` if the turn
    /// is no longer `me`'s (the game moved on, or the lease ran out and another took it).
    pub(super) async fn renew_turn(
        &self,
        turn: &Turn,
        me: &str,
        lease_until: i64,
    ) -> Result<bool, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query(
                "UPDATE computer_turns SET lease_until = $1 \
                 WHERE game_id = $2 AND ply = $3 AND taken_by = $4",
            )
            .bind(lease_until)
            .bind(turn.game.as_str())
            .bind(turn.ply as i64)
            .bind(me)
            .execute(pool)
            .await?
            .rows_affected()
                == 1
        }))
    }

    /// Gives a turn back, to be taken again (its move could not be stored now).
    pub(super) async fn release_turn(&self, turn: &Turn, me: &str) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            sqlx::query(
                "UPDATE computer_turns SET lease_until = NULL, taken_by = NULL \
                 WHERE game_id = $1 AND ply = $2 AND taken_by = $3",
            )
            .bind(turn.game.as_str())
            .bind(turn.ply as i64)
            .bind(me)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// Forgets a turn the game no longer owes (a row a write did not clear).
    pub(super) async fn drop_turn(&self, turn: &Turn) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            sqlx::query("DELETE FROM computer_turns WHERE game_id = $1 AND ply = $2")
                .bind(turn.game.as_str())
                .bind(turn.ply as i64)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Frees every turn a process held: on SQLite, where this process is the only one,
    /// a turn held when it stopped is owed still and is taken again at once.
    pub(super) async fn free_turns_of_the_dead(&self) -> Result<(), sqlx::Error> {
        if let Db::Sqlite { write, .. } = self {
            sqlx::query("UPDATE computer_turns SET lease_until = NULL, taken_by = NULL")
                .execute(write)
                .await?;
        }
        Ok(())
    }
}
