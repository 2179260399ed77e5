//! The TV's queries: the game on now, the next one put on in its place, and the old
//! ones forgotten.

use camelot_online::protocol::GameId;
use sqlx::Row;

use crate::games::live::NewGame;
use crate::games::owner;
use crate::games::rows::{insert_game, NewGameRows};
use crate::games::store::FORGET_BATCH;
use crate::store::{on, Db};

/// The server's TV game as the database has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub game: GameId,
    pub variant: camelot_engine::Variant,
    /// Still being played.
    pub live: bool,
    /// When its last move was made (ms since the epoch): for a game over, when it ended.
    pub last_move_at: i64,
}

impl Db {
    /// Stores a new game of the server's TV in place of `after` (the TV's game that ended,
    /// none for the first): `false`, and nothing stored, where another process has put
    /// another game on meanwhile.
    pub async fn create_shown(
        &self,
        new: &NewGame,
        after: Option<&GameId>,
    ) -> Result<bool, sqlx::Error> {
        let rows = NewGameRows::of(new);
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            insert_game!(&mut *tx, &rows);
            let swapped = match after {
                Some(old) => sqlx::query("UPDATE tv SET game_id = $1 WHERE id = 1 AND game_id = $2")
                    .bind(&rows.id)
                    .bind(old.as_str())
                    .execute(&mut *tx)
                    .await?,
                None => sqlx::query(
                    "INSERT INTO tv (id, game_id) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
                )
                .bind(&rows.id)
                .execute(&mut *tx)
                .await?,
            }
            .rows_affected()
                == 1;
            if swapped {
                tx.commit().await?;
            } else {
                tx.rollback().await?;
            }
            Ok(swapped)
        })
    }

    /// The TV's game now, if there is one: its id, variant and whether it goes on.
    pub async fn shown(&self) -> Result<Option<Shown>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT g.id, g.variant, g.last_move_at, \
                 CASE WHEN g.status = 'live' THEN 1 ELSE 0 END AS live \
                 FROM tv JOIN games g ON g.id = tv.game_id",
            )
            .fetch_optional(pool)
            .await?
            .and_then(|r| {
                Some(Shown {
                    game: GameId::parse(r.get("id")).ok()?,
                    variant: r.get::<&str, _>("variant").parse().ok()?,
                    live: r.get::<i32, _>("live") == 1,
                    last_move_at: r.get("last_move_at"),
                })
            })
        }))
    }

    /// Forgets the finished games of the TV but the newest `keep` (and the one on now):
    /// at most [`FORGET_BATCH`] a call.
    pub async fn forget_old_tv(&self, keep: u32) -> Result<u64, sqlx::Error> {
        let ids: Vec<String> = on!(self, read pool => {
            sqlx::query(
                "SELECT id FROM games WHERE owner = $1 AND status = 'over' \
                 AND id NOT IN (SELECT game_id FROM tv) \
                 AND id NOT IN (SELECT id FROM games WHERE owner = $1 AND status = 'over' \
                 ORDER BY created_at DESC, id DESC LIMIT $2) LIMIT $3",
            )
            .bind(owner::TV)
            .bind(keep as i64)
            .bind(FORGET_BATCH)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| r.get("id"))
            .collect()
        });
        self.forget(&ids).await
    }
}
