//! The analysis board's positions in the queue: asked for by an owner, searched under a
//! process's lease (taken by [`super::lease`], as analyses are), and once done their lines
//! kept for an hour for whoever asks for the same position.

use camelot_engine::Variant;
use camelot_online::protocol::study::LinesView;
use sqlx::Row;

use crate::common::owner::Owner;
use crate::store::{on, Db};

/// What a position is, for the queue: its variant and its moves from the start, hashed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey(String);

impl PositionKey {
    /// The key of `variant`'s position after `moves` (their WCF notation, in order).
    pub fn of(variant: Variant, moves: &[String]) -> PositionKey {
        use sha2::{Digest, Sha256};
        let mut hash = Sha256::new();
        hash.update(variant.id().as_bytes());
        for m in moves {
            hash.update(b" ");
            hash.update(m.as_bytes());
        }
        PositionKey(hex(&hash.finalize()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub(super) fn stored(text: String) -> PositionKey {
        PositionKey(text)
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A position a process has taken to search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionJob {
    pub key: PositionKey,
    pub owner: Owner,
}

/// A position to search: its variant and its moves from the start (WCF notation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionAsked {
    pub variant: Variant,
    pub moves: Vec<String>,
}

/// What asking for a position's lines did.
#[derive(Debug, PartialEq)]
pub enum AskedLines {
    /// Queued now.
    Queued,
    /// Someone asked before: here it is, as far as it has gone.
    Already(LinesView),
    /// The owner has `most` positions waiting already.
    TooMany { most: usize },
}

impl Db {
    /// Asks for the lines of `asked` (known by `key`) for `owner`, who may have at most
    /// `most` waiting (`None`: no limit).
    pub async fn ask_lines(
        &self,
        key: &PositionKey,
        asked: &PositionAsked,
        owner: &Owner,
        most: Option<usize>,
        now: i64,
    ) -> Result<AskedLines, sqlx::Error> {
        if let Some(view) = self.lines(key).await? {
            return Ok(AskedLines::Already(view));
        }
        if let Some(most) = most {
            let waiting: i64 = on!(self, read pool => {
                sqlx::query(
                    "SELECT COUNT(*) AS n FROM position_searches \
                     WHERE owner = $1 AND done_at IS NULL",
                )
                .bind(owner.code())
                .fetch_one(pool)
                .await?
                .get("n")
            });
            if waiting as usize >= most {
                return Ok(AskedLines::TooMany { most });
            }
        }
        let moves =
            serde_json::to_string(&asked.moves).map_err(|e| sqlx::Error::Encode(e.into()))?;
        let inserted = on!(self, write pool => {
            sqlx::query(
                "INSERT INTO position_searches (position_key, variant, moves, owner, asked_at) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (position_key) DO NOTHING",
            )
            .bind(key.as_str())
            .bind(asked.variant.id())
            .bind(moves)
            .bind(owner.code())
            .bind(now)
            .execute(pool)
            .await?
            .rows_affected()
        });
        if inserted == 0 {
            // Another request was first, between the look and the write.
            if let Some(view) = self.lines(key).await? {
                return Ok(AskedLines::Already(view));
            }
        }
        Ok(AskedLines::Queued)
    }

    /// A position's lines as far as they have gone, if anyone asked for them.
    pub async fn lines(&self, key: &PositionKey) -> Result<Option<LinesView>, sqlx::Error> {
        let row = on!(self, read pool => {
            sqlx::query(
                "SELECT asked_at, taken_by, lines FROM position_searches WHERE position_key = $1",
            )
            .bind(key.as_str())
            .fetch_optional(pool)
            .await?
            .map(|r| {
                (
                    r.get::<i64, _>("asked_at"),
                    r.get::<Option<String>, _>("taken_by"),
                    r.get::<Option<String>, _>("lines"),
                )
            })
        });
        let Some((asked_at, taken_by, lines)) = row else {
            return Ok(None);
        };
        if let Some(json) = lines {
            let view = serde_json::from_str(&json).map_err(|e| sqlx::Error::Decode(e.into()))?;
            return Ok(Some(view));
        }
        if taken_by.is_some() {
            return Ok(Some(LinesView::Running));
        }
        let ahead: i64 = on!(self, read pool => {
            sqlx::query(
                "SELECT COUNT(*) AS n FROM position_searches \
                 WHERE done_at IS NULL AND asked_at < $1",
            )
            .bind(asked_at)
            .fetch_one(pool)
            .await?
            .get("n")
        });
        Ok(Some(LinesView::Queued {
            ahead: ahead as u32,
        }))
    }

    /// The position a job searches, if it is still asked for.
    pub async fn position_asked(
        &self,
        key: &PositionKey,
    ) -> Result<Option<PositionAsked>, sqlx::Error> {
        let row = on!(self, read pool => {
            sqlx::query("SELECT variant, moves FROM position_searches WHERE position_key = $1")
                .bind(key.as_str())
                .fetch_optional(pool)
                .await?
                .map(|r| (r.get::<String, _>("variant"), r.get::<String, _>("moves")))
        });
        let Some((variant, moves)) = row else {
            return Ok(None);
        };
        let variant = variant
            .parse::<Variant>()
            .map_err(|e| sqlx::Error::Decode(e.into()))?;
        let moves = serde_json::from_str(&moves).map_err(|e| sqlx::Error::Decode(e.into()))?;
        Ok(Some(PositionAsked { variant, moves }))
    }

    /// Keeps `me`'s lease on a position searched; `false` once it is no longer `me`'s.
    pub async fn still_searching(
        &self,
        job: &PositionJob,
        me: &str,
        lease_until: i64,
    ) -> Result<bool, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query(
                "UPDATE position_searches SET lease_until = $1 \
                 WHERE position_key = $2 AND taken_by = $3 AND done_at IS NULL",
            )
            .bind(lease_until)
            .bind(job.key.as_str())
            .bind(me)
            .execute(pool)
            .await?
            .rows_affected()
                == 1
        }))
    }

    /// Stores `me`'s lines for a position.
    pub async fn finish_lines(
        &self,
        job: &PositionJob,
        me: &str,
        lines: &LinesView,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        let json = serde_json::to_string(lines).map_err(|e| sqlx::Error::Encode(e.into()))?;
        Ok(on!(self, write pool => {
            sqlx::query(
                "UPDATE position_searches SET lines = $1, done_at = $2, lease_until = NULL, \
                 taken_by = NULL WHERE position_key = $3 AND taken_by = $4 AND done_at IS NULL",
            )
            .bind(json)
            .bind(now)
            .bind(job.key.as_str())
            .bind(me)
            .execute(pool)
            .await?
            .rows_affected()
                == 1
        }))
    }

    /// Forgets a position that cannot be searched (its moves no longer read).
    pub async fn drop_position(&self, job: &PositionJob) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            sqlx::query("DELETE FROM position_searches WHERE position_key = $1")
                .bind(job.key.as_str())
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Forgets the positions searched before `before` (unix ms), and those asked for
    /// then and never taken since (nobody waits for them any more).
    pub async fn forget_searched_positions(&self, before: i64) -> Result<u64, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query(
                "DELETE FROM position_searches WHERE done_at < $1 \
                 OR (done_at IS NULL AND taken_by IS NULL AND asked_at < $1)",
            )
            .bind(before)
            .execute(pool)
            .await?
            .rows_affected()
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_positions_key_is_its_variant_and_its_moves() {
        let moves = |m: &[&str]| -> Vec<String> { m.iter().map(|s| s.to_string()).collect() };
        let a = PositionKey::of(Variant::Camelot, &moves(&["F2-F3", "F15-F14"]));
        assert_eq!(
            a,
            PositionKey::of(Variant::Camelot, &moves(&["F2-F3", "F15-F14"]))
        );
        assert_ne!(
            a,
            PositionKey::of(Variant::Classic, &moves(&["F2-F3", "F15-F14"]))
        );
        assert_ne!(
            a,
            PositionKey::of(Variant::Camelot, &moves(&["F2-F3F15-F14"]))
        );
        assert_ne!(a, PositionKey::of(Variant::Camelot, &moves(&["F2-F3"])));
        assert_eq!(a.as_str().len(), 64);
    }
}
