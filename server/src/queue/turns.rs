//! The turns the computer owes in games: owed by the games room in the transaction of
//! the change that makes them due, taken by [`super::lease`], renewed while the computer
//! thinks, given back or dropped.

use camelot_online::protocol::GameId;

use crate::common::owner::{self, Owner};
use crate::store::{on, Db};

/// A computer turn a process has taken: the game, the ply its move is to be, whose the
/// game is, and when the turn was taken (its clock is charged from then).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub game: GameId,
    pub ply: usize,
    pub owner: Owner,
    pub taken_at: i64,
}

impl Db {
    /// Whether a person's turn of another owner than `owner` waits for a search at `now`
    /// (the TV's never cuts a search short).
    pub async fn others_wait(&self, owner: &Owner, now: i64) -> Result<bool, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT 1 FROM computer_turns \
                 WHERE due_at <= $1 AND (lease_until IS NULL OR lease_until < $1) \
                 AND joined = 1 AND owner <> $3 AND owner <> $2 LIMIT 1",
            )
            .bind(now)
            .bind(owner.code())
            .bind(owner::TV)
            .fetch_optional(pool)
            .await?
            .is_some()
        }))
    }

    /// Keeps `me`'s lease on a turn while its move is thought of; `false` if the turn
    /// is no longer `me`'s (the game moved on, or the lease ran out and another took it).
    pub async fn renew_turn(
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
    pub async fn release_turn(&self, turn: &Turn, me: &str) -> Result<(), sqlx::Error> {
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
    pub async fn drop_turn(&self, turn: &Turn) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            sqlx::query("DELETE FROM computer_turns WHERE game_id = $1 AND ply = $2")
                .bind(turn.game.as_str())
                .bind(turn.ply as i64)
                .execute(pool)
                .await?;
        });
        Ok(())
    }
}

/// A turn the computer owes after a change to a game: its ply and when it falls due,
/// whose the game is, and whether a person has come to it (until then the computer does
/// not think for it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owed {
    pub ply: i64,
    pub due_at: i64,
    pub owner: String,
    pub joined: bool,
}

/// Keeps a game's row of `computer_turns` in step with the turn it owes (`$owed`, an
/// `Option<Owed>`), on the transaction `$tx` of the change: a turn still owed keeps its
/// row (and a process's lease on it), one for another ply replaces it, none removes it.
macro_rules! owe_turn {
    ($tx:expr, $id:expr, $owed:expr) => {{
        let owed: Option<$crate::queue::Owed> = $owed;
        match owed {
            Some(owed) => {
                sqlx::query("DELETE FROM computer_turns WHERE game_id = $1 AND ply <> $2")
                    .bind($id)
                    .bind(owed.ply)
                    .execute(&mut *$tx)
                    .await?;
                sqlx::query(
                    "INSERT INTO computer_turns (game_id, ply, due_at, owner, joined) \
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game_id) DO NOTHING",
                )
                .bind($id)
                .bind(owed.ply)
                .bind(owed.due_at)
                .bind(&owed.owner)
                .bind(i32::from(owed.joined))
                .execute(&mut *$tx)
                .await?;
            }
            None => {
                sqlx::query("DELETE FROM computer_turns WHERE game_id = $1")
                    .bind($id)
                    .execute(&mut *$tx)
                    .await?;
            }
        }
    }};
}
pub(crate) use owe_turn;

/// A person has come to game `$id`: its turn, if it owes one, may be taken now (on the
/// transaction `$tx` that notes the game joined).
macro_rules! person_came {
    ($tx:expr, $id:expr) => {{
        sqlx::query("UPDATE computer_turns SET joined = 1 WHERE game_id = $1")
            .bind($id)
            .execute(&mut *$tx)
            .await?;
    }};
}
pub(crate) use person_came;
