//! The operator's schedules: a tournament that comes back every day at a time (UTC). The
//! director makes each an hour before it starts, so that it is listed among those
//! starting soon, and moves the schedule on a day in the same transaction, on the
//! condition that nobody moved it since: each is made once however many processes look.

use camelot_engine::Variant;
use camelot_online::protocol::tournaments::{TournamentKind, TournamentState};
use camelot_online::protocol::TimeControl;
use sqlx::Row;

use crate::games::{time_columns, time_of};
use crate::store::{on, Db};
use crate::tournaments::settings::new_id;
use crate::tournaments::store::{insert_tournament, kind_code, kind_of, TournamentRow};

/// How long before its start a scheduled tournament is made (and listed).
pub const AHEAD_MS: i64 = 3_600_000;

const DAY_MS: i64 = 86_400_000;

/// A schedule as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub id: String,
    pub name: String,
    pub kind: TournamentKind,
    pub variant: Variant,
    pub time: TimeControl,
    pub minutes: u32,
    pub rounds: u32,
    pub cycles: u32,
    pub rated: bool,
    pub programs: bool,
    pub max_players: u32,
    /// Minutes after midnight UTC.
    pub at_minute: u32,
    /// The next start, unix ms.
    pub next_at: i64,
}

impl Schedule {
    /// The tournament it makes for its next start.
    fn tournament(&self, now: i64) -> TournamentRow {
        TournamentRow {
            id: new_id(),
            name: self.name.clone(),
            kind: self.kind,
            variant: self.variant,
            time: self.time,
            minutes: self.minutes,
            rounds: self.rounds,
            cycles: self.cycles,
            rated: self.rated,
            programs: self.programs,
            max_players: self.max_players,
            creator: None,
            creator_name: None,
            created_at: now,
            starts_at: self.next_at,
            ends_at: None,
            state: TournamentState::Soon,
            round: 0,
            step: 0,
            players: 0,
        }
    }
}

const COLUMNS: &str = "id, name, kind, variant, time_kind, time_a, time_b, minutes, rounds, \
     cycles, rated, programs, max_players, at_minute, next_at";

macro_rules! schedule_of {
    ($r:expr) => {{
        let r = $r;
        (|| {
            Some(Schedule {
                id: r.try_get("id").ok()?,
                name: r.try_get("name").ok()?,
                kind: kind_of(r.try_get::<&str, _>("kind").ok()?)?,
                variant: r.try_get::<&str, _>("variant").ok()?.parse().ok()?,
                time: time_of(
                    r.try_get::<&str, _>("time_kind").ok()?,
                    r.try_get("time_a").ok()?,
                    r.try_get("time_b").ok()?,
                ),
                minutes: r.try_get::<i64, _>("minutes").ok()? as u32,
                rounds: r.try_get::<i64, _>("rounds").ok()? as u32,
                cycles: r.try_get::<i64, _>("cycles").ok()? as u32,
                rated: r.try_get::<i64, _>("rated").ok()? != 0,
                programs: r.try_get::<i64, _>("programs").ok()? != 0,
                max_players: r.try_get::<i64, _>("max_players").ok()? as u32,
                at_minute: r.try_get::<i64, _>("at_minute").ok()? as u32,
                next_at: r.try_get("next_at").ok()?,
            })
        })()
    }};
}

impl Db {
    pub(super) async fn insert_schedule(&self, s: &Schedule, now: i64) -> Result<(), sqlx::Error> {
        let (kind, a, b) = time_columns(s.time);
        on!(self, write pool => {
            sqlx::query(&format!(
                "INSERT INTO tournament_schedules ({COLUMNS}, created_at) VALUES ($1, $2, $3, \
                 $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)"
            ))
            .bind(&s.id)
            .bind(&s.name)
            .bind(kind_code(s.kind))
            .bind(s.variant.id())
            .bind(kind)
            .bind(a)
            .bind(b)
            .bind(i64::from(s.minutes))
            .bind(i64::from(s.rounds))
            .bind(i64::from(s.cycles))
            .bind(i64::from(s.rated))
            .bind(i64::from(s.programs))
            .bind(i64::from(s.max_players))
            .bind(i64::from(s.at_minute))
            .bind(s.next_at)
            .bind(now)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// The schedules whose next start is by `by` (unix ms), the soonest first.
    pub(super) async fn schedules(&self, by: i64) -> Result<Vec<Schedule>, sqlx::Error> {
        let sql = format!(
            "SELECT {COLUMNS} FROM tournament_schedules WHERE next_at <= $1 ORDER BY next_at, id"
        );
        Ok(on!(self, read pool => {
            sqlx::query(&sql)
                .bind(by)
                .fetch_all(pool)
                .await?
                .iter()
                .filter_map(|r| schedule_of!(r))
                .collect()
        }))
    }

    /// Drops schedule `id`; false where there is none.
    pub(super) async fn drop_schedule(&self, id: &str) -> Result<bool, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query("DELETE FROM tournament_schedules WHERE id = $1")
                .bind(id)
                .execute(pool)
                .await?
                .rows_affected()
                == 1
        }))
    }

    /// Makes the tournaments of the schedules due by `now` (their start within
    /// [`AHEAD_MS`]), each moved on a day (past `now`, where the server was down); how
    /// many were made.
    pub(super) async fn make_scheduled(&self, now: i64) -> Result<u64, sqlx::Error> {
        let due = self.schedules(now + AHEAD_MS).await?;
        let mut made = 0;
        for s in due {
            let mut next = s.next_at + DAY_MS;
            while next <= now {
                next += DAY_MS;
            }
            // Missed while the server was down: the next one instead.
            let late = s.next_at <= now;
            let t = s.tournament(now);
            let won = on!(self, write pool => {
                let mut tx = pool.begin().await?;
                let moved = sqlx::query(
                    "UPDATE tournament_schedules SET next_at = $3 WHERE id = $1 AND next_at = $2",
                )
                .bind(&s.id)
                .bind(s.next_at)
                .bind(next)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if moved == 1 && !late {
                    insert_tournament!(&mut *tx, &t);
                }
                tx.commit().await?;
                moved == 1
            });
            if won && !late {
                made += 1;
            }
        }
        Ok(made)
    }
}
