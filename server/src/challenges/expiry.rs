//! The challenges' clean-up: open ones past their time marked expired, and answered ones
//! a day old forgotten, a table's seats with them.

use crate::store::{on, Db};

impl Db {
    /// Marks the open challenges past their time expired at `now`, and forgets the
    /// closed ones a day old; the number marked.
    pub(super) async fn expire_challenges(&self, now: i64) -> Result<u64, sqlx::Error> {
        on!(self, write pool => {
            let marked = sqlx::query(
                "UPDATE challenges SET state = 'expired', changed_at = $1 \
                 WHERE state = 'open' AND expires_at <= $1",
            )
            .bind(now)
            .execute(pool)
            .await?
            .rows_affected();
            for forget in [
                "DELETE FROM challenge_seats WHERE challenge_id IN (SELECT id FROM challenges \
                 WHERE state <> 'open' AND changed_at < $1)",
                "DELETE FROM challenges WHERE state <> 'open' AND changed_at < $1",
            ] {
                sqlx::query(forget)
                    .bind(now - 24 * 3_600_000)
                    .execute(pool)
                    .await?;
            }
            Ok(marked)
        })
    }
}
