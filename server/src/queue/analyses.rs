//! The analyses in the queue: asked for, their progress under a process's lease, and
//! their plies once done (taken by [`super::lease`], as the computer's turns are).

use camelot_online::protocol::analysis::{AnalysedPly, AnalysisView};
use camelot_online::protocol::GameId;
use sqlx::Row;

use crate::common::owner::Owner;
use crate::store::{on, Db};

/// An analysis a process has taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub game: GameId,
    pub owner: Owner,
}

/// What asking for an analysis did.
#[derive(Debug, PartialEq)]
pub enum Asked {
    /// Queued now.
    Queued,
    /// Someone asked before: here it is, as far as it has gone.
    Already(AnalysisView),
    /// The owner has `most` analyses waiting or running already.
    TooMany { most: usize },
}

impl Db {
    /// Asks for game `game`'s analysis (`positions` positions to search) for `owner`,
    /// who may have at most `most` not done (`None`: no limit).
    pub async fn ask_analysis(
        &self,
        game: &GameId,
        owner: &Owner,
        positions: usize,
        most: Option<usize>,
        now: i64,
    ) -> Result<Asked, sqlx::Error> {
        if let Some(view) = self.analysis(game).await? {
            return Ok(Asked::Already(view));
        }
        if let Some(most) = most {
            let waiting: i64 = on!(self, read pool => {
                sqlx::query(
                    "SELECT COUNT(*) AS n FROM analyses WHERE owner = $1 AND done_at IS NULL",
                )
                .bind(owner.code())
                .fetch_one(pool)
                .await?
                .get("n")
            });
            if waiting as usize >= most {
                return Ok(Asked::TooMany { most });
            }
        }
        let inserted = on!(self, write pool => {
            sqlx::query(
                "INSERT INTO analyses (game_id, owner, asked_at, positions) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (game_id) DO NOTHING",
            )
            .bind(game.as_str())
            .bind(owner.code())
            .bind(now)
            .bind(positions as i64)
            .execute(pool)
            .await?
            .rows_affected()
        });
        if inserted == 0 {
            // Another request was first, between the look and the write.
            if let Some(view) = self.analysis(game).await? {
                return Ok(Asked::Already(view));
            }
        }
        Ok(Asked::Queued)
    }

    /// Game `game`'s analysis as far as it has gone, if anyone asked for it.
    pub async fn analysis(&self, game: &GameId) -> Result<Option<AnalysisView>, sqlx::Error> {
        let row = on!(self, read pool => {
            sqlx::query(
                "SELECT asked_at, positions, searched, taken_by, done_at, plies FROM analyses \
                 WHERE game_id = $1",
            )
            .bind(game.as_str())
            .fetch_optional(pool)
            .await?
            .map(|r| {
                (
                    r.get::<i64, _>("asked_at"),
                    r.get::<i64, _>("positions"),
                    r.get::<i64, _>("searched"),
                    r.get::<Option<String>, _>("taken_by"),
                    r.get::<Option<String>, _>("plies"),
                )
            })
        });
        let Some((asked_at, positions, searched, taken_by, plies)) = row else {
            return Ok(None);
        };
        if let Some(json) = plies {
            let plies: Vec<AnalysedPly> =
                serde_json::from_str(&json).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
            return Ok(Some(AnalysisView::Done { plies }));
        }
        if taken_by.is_some() {
            return Ok(Some(AnalysisView::Running {
                searched: searched as u32,
                positions: positions as u32,
            }));
        }
        let ahead: i64 = on!(self, read pool => {
            sqlx::query(
                "SELECT COUNT(*) AS n FROM analyses WHERE done_at IS NULL AND asked_at < $1",
            )
            .bind(asked_at)
            .fetch_one(pool)
            .await?
            .get("n")
        });
        Ok(Some(AnalysisView::Queued {
            ahead: ahead as u32,
        }))
    }

    /// Notes how far `me`'s analysis has gone and keeps its lease; `false` if it is no
    /// longer `me`'s (the lease ran out and another process took it).
    pub async fn analysis_progress(
        &self,
        job: &Job,
        me: &str,
        searched: usize,
        lease_until: i64,
    ) -> Result<bool, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query(
                "UPDATE analyses SET searched = $1, lease_until = $2 \
                 WHERE game_id = $3 AND taken_by = $4 AND done_at IS NULL",
            )
            .bind(searched as i64)
            .bind(lease_until)
            .bind(job.game.as_str())
            .bind(me)
            .execute(pool)
            .await?
            .rows_affected()
                == 1
        }))
    }

    /// Stores `me`'s finished analysis.
    pub async fn finish_analysis(
        &self,
        job: &Job,
        me: &str,
        plies: &[AnalysedPly],
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        let json = serde_json::to_string(plies).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
        Ok(on!(self, write pool => {
            sqlx::query(
                "UPDATE analyses SET plies = $1, done_at = $2, searched = positions, \
                 lease_until = NULL, taken_by = NULL \
                 WHERE game_id = $3 AND taken_by = $4 AND done_at IS NULL",
            )
            .bind(json)
            .bind(now)
            .bind(job.game.as_str())
            .bind(me)
            .execute(pool)
            .await?
            .rows_affected()
                == 1
        }))
    }

    /// Forgets an analysis that cannot be made (its game is gone, or not over).
    pub async fn drop_analysis(&self, job: &Job) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            sqlx::query("DELETE FROM analyses WHERE game_id = $1 AND done_at IS NULL")
                .bind(job.game.as_str())
                .execute(pool)
                .await?;
        });
        Ok(())
    }
}
