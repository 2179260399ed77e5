//! How games stand, for a room that follows games it did not make itself (a
//! tournament's): over and how, going on, or gone.

use std::collections::HashMap;

use camelot_online::protocol::{GameEnd, GameId};
use sqlx::Row;

use crate::games::rows::ending;
use crate::store::{on, places, Db};

/// How a game stands: its end (`None` while it goes on) and how many plies were played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameStanding {
    pub end: Option<GameEnd>,
    pub plies: u32,
}

impl Db {
    /// How each of the games `ids` that is stored stands. A game forgotten (nobody ever
    /// joined it) is absent.
    pub async fn endings_of(
        &self,
        ids: &[GameId],
    ) -> Result<HashMap<GameId, GameStanding>, sqlx::Error> {
        let mut out = HashMap::new();
        for chunk in ids.chunks(500) {
            let sql = format!(
                "SELECT id, status, result, reason, plies FROM games WHERE id IN ({})",
                places(1, chunk.len())
            );
            type Row = (String, String, Option<String>, Option<String>, i64);
            let rows: Vec<Row> = on!(self, read pool => {
                let mut q = sqlx::query(&sql);
                for id in chunk {
                    q = q.bind(id.as_str());
                }
                q.fetch_all(pool)
                    .await?
                    .iter()
                    .map(|r| {
                        let plies = r.get("plies");
                        (r.get("id"), r.get("status"), r.get("result"), r.get("reason"), plies)
                    })
                    .collect()
            });
            for (id, status, result, reason, plies) in rows {
                let Ok(id) = GameId::parse(&id) else { continue };
                let end = (status == "over")
                    .then(|| ending(result.as_deref(), reason.as_deref()))
                    .flatten();
                // A game over whose ending this build cannot read counts as called off.
                let end = match (status.as_str(), end) {
                    ("over", None) => Some(GameEnd::Aborted),
                    (_, end) => end,
                };
                let plies = u32::try_from(plies).unwrap_or(0);
                out.insert(id, GameStanding { end, plies });
            }
        }
        Ok(out)
    }
}
