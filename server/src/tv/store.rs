//! The TV's queries: the game on now, the next one put on in its place, and the old
//! ones forgotten.

use camelot_online::protocol::GameId;
use sqlx::Row;

use crate::common::owner;
use crate::games::NewGame;
use crate::games::{insert_game, NewGameRows};
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
    pub(super) async fn shown(&self) -> Result<Option<Shown>, sqlx::Error> {
        let Some(game) = self.tv_game().await? else {
            return Ok(None);
        };
        Ok(self.glance(&game).await?.map(|g| Shown {
            game,
            variant: g.variant,
            live: g.live,
            last_move_at: g.last_move_at,
        }))
    }

    /// The id of the game the TV has on.
    async fn tv_game(&self) -> Result<Option<GameId>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query("SELECT game_id FROM tv WHERE id = 1")
                .fetch_optional(pool)
                .await?
                .and_then(|r| GameId::parse(r.get("game_id")).ok())
        }))
    }

    /// Forgets the finished games of the TV but the newest `keep` (and the one on now):
    /// at most a batch a call.
    pub async fn forget_old_tv(&self, keep: u32) -> Result<u64, sqlx::Error> {
        let on_now = self.tv_game().await?;
        let ids = self
            .finished_but_newest(owner::TV, keep, on_now.as_ref())
            .await?;
        self.forget(&ids).await
    }
}
