//! A player's marks in a tournament (withdrawn, paused): which a request or the director
//! sets, and how the player stands now.

use camelot_online::protocol::tournaments::TournamentId;
use sqlx::Row;

use crate::store::{on, Db};

/// A player's mark a request changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Withdrawn,
    Paused,
}

impl Mark {
    /// Sets the mark ($3) of player $2 in tournament $1.
    pub(super) fn sql(self) -> &'static str {
        match self {
            Mark::Withdrawn => {
                "UPDATE tournament_players SET withdrawn = $3 \
                 WHERE tournament_id = $1 AND account_id = $2"
            }
            Mark::Paused => {
                "UPDATE tournament_players SET paused = $3 \
                 WHERE tournament_id = $1 AND account_id = $2 AND withdrawn = 0"
            }
        }
    }
}

impl Db {
    /// `account`'s marks in tournament `id` (withdrawn, paused), if they are in it.
    pub(super) async fn marks_of(
        &self,
        id: &TournamentId,
        account: &str,
    ) -> Result<Option<(bool, bool)>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT withdrawn, paused FROM tournament_players \
                 WHERE tournament_id = $1 AND account_id = $2",
            )
            .bind(id.as_str())
            .bind(account)
            .fetch_optional(pool)
            .await?
            .map(|r| (r.get::<i64, _>("withdrawn") != 0, r.get::<i64, _>("paused") != 0))
        }))
    }
}
