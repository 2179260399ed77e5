//! How games stand, for a room that follows games it did not make itself (a
//! tournament's): over and how, going on, or gone.

use std::collections::HashMap;

use camelot_online::protocol::{GameEnd, GameId};
use sqlx::Row;

use crate::games::rows::ending;
use crate::store::{on, places, Db};

impl Db {
    /// Each of the games `ids` that is stored: `Some` ending where it is over, `None`
    /// while it goes on. A game forgotten (nobody ever joined it) is absent.
    pub async fn endings_of(
        &self,
        ids: &[GameId],
    ) -> Result<HashMap<GameId, Option<GameEnd>>, sqlx::Error> {
        let mut out = HashMap::new();
        for chunk in ids.chunks(500) {
            let sql = format!(
                "SELECT id, status, result, reason FROM games WHERE id IN ({})",
                places(1, chunk.len())
            );
            let rows: Vec<(String, String, Option<String>, Option<String>)> = on!(self, read pool => {
                let mut q = sqlx::query(&sql);
                for id in chunk {
                    q = q.bind(id.as_str());
                }
                q.fetch_all(pool)
                    .await?
                    .iter()
                    .map(|r| (r.get("id"), r.get("status"), r.get("result"), r.get("reason")))
                    .collect()
            });
            for (id, status, result, reason) in rows {
                let Ok(id) = GameId::parse(&id) else { continue };
                let end = (status == "over")
                    .then(|| ending(result.as_deref(), reason.as_deref()))
                    .flatten();
                // A game over whose ending this build cannot read counts as called off.
                let end = match (status.as_str(), end) {
                    ("over", None) => Some(GameEnd::Aborted),
                    (_, end) => end,
                };
                out.insert(id, end);
            }
        }
        Ok(out)
    }
}
