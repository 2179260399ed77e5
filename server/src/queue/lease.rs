//! The one way work leaves the queue: the fairest piece of a kind that may be taken now
//! (due, held by no live process; the owner served longest ago first), leased to one
//! process until a time it renews while it works, and its owner noted as served, in
//! one transaction (`FOR UPDATE SKIP LOCKED` on PostgreSQL, so that several processes
//! asking at once each take another). The owners' rotation is one for every kind: an
//! analysis waits behind no owner's turns but counts as that owner's share.

use camelot_online::protocol::GameId;
use sqlx::Row;

use crate::common::owner::{self, Owner};
use crate::queue::analyses::Job;
use crate::queue::positions::{PositionJob, PositionKey};
use crate::queue::turns::Turn;
use crate::store::{on, Db};

/// A kind of work: the turns the computer owes in games (people's before the TV's), the
/// analysis board's positions and the analyses of finished games, made when no turn waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Turn,
    Position,
    Analysis,
}

/// A piece of work a process has taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Work {
    Turn(Turn),
    Position(PositionJob),
    Analysis(Job),
}

/// The turns that may be taken at `$1` (unix ms), the TV's code `$2`, the fairest first:
/// due, held by no live process, in a game a person has joined (or the TV's); people's
/// before the TV's, the owner served longest ago first, then the turn due first.
const TAKEABLE_TURN: &str = "SELECT w.game_id, w.ply, w.owner FROM computer_turns w \
     LEFT JOIN computer_owners o ON o.owner = w.owner \
     WHERE w.due_at <= $1 AND (w.lease_until IS NULL OR w.lease_until < $1) \
     AND (w.joined = 1 OR w.owner = $2) \
     ORDER BY CASE WHEN w.owner = $2 THEN 1 ELSE 0 END, COALESCE(o.served_at, 0), w.due_at \
     LIMIT 1";

/// The analyses that may be taken at `$1` (unix ms), the fairest first: not done, held
/// by no live process; the owner served longest ago first, then the one asked first.
const TAKEABLE_ANALYSIS: &str = "SELECT w.game_id, w.owner FROM analyses w \
     LEFT JOIN computer_owners o ON o.owner = w.owner \
     WHERE w.done_at IS NULL AND (w.lease_until IS NULL OR w.lease_until < $1) \
     ORDER BY COALESCE(o.served_at, 0), w.asked_at \
     LIMIT 1";

/// The analysis board's positions that may be taken at `$1` (unix ms), as analyses are
/// (the key in the place of a game's id).
const TAKEABLE_POSITION: &str =
    "SELECT w.position_key AS game_id, w.owner FROM position_searches w \
     LEFT JOIN computer_owners o ON o.owner = w.owner \
     WHERE w.done_at IS NULL AND (w.lease_until IS NULL OR w.lease_until < $1) \
     ORDER BY COALESCE(o.served_at, 0), w.asked_at \
     LIMIT 1";

/// When each owner was last served.
const NOTE_SERVED: &str = "INSERT INTO computer_owners (owner, served_at) VALUES ($1, $2) \
     ON CONFLICT (owner) DO UPDATE SET served_at = excluded.served_at";

impl Kind {
    fn takeable(self) -> &'static str {
        match self {
            Kind::Turn => TAKEABLE_TURN,
            Kind::Position => TAKEABLE_POSITION,
            Kind::Analysis => TAKEABLE_ANALYSIS,
        }
    }

    /// The lease written on the piece taken: `$1` until, `$2` by whom, `$3` its game (a
    /// position's key).
    fn lease(self) -> &'static str {
        match self {
            Kind::Turn => {
                "UPDATE computer_turns SET lease_until = $1, taken_by = $2 WHERE game_id = $3"
            }
            Kind::Position => {
                "UPDATE position_searches SET lease_until = $1, taken_by = $2 \
                 WHERE position_key = $3"
            }
            Kind::Analysis => {
                "UPDATE analyses SET lease_until = $1, taken_by = $2, searched = 0 \
                 WHERE game_id = $3"
            }
        }
    }
}

/// A piece found: its game, its ply (a turn's), its owner's code.
type Found = (String, Option<i64>, String);

impl Db {
    /// Takes the fairest piece of work of `kind` that may be taken now, for `me` until
    /// `lease_until` (unix ms), and notes its owner as served.
    pub async fn acquire(
        &self,
        kind: Kind,
        me: &str,
        now: i64,
        lease_until: i64,
    ) -> Result<Option<Work>, sqlx::Error> {
        let sql = match self {
            Db::Sqlite { .. } => kind.takeable().to_string(),
            Db::Postgres(_) => format!("{} FOR UPDATE OF w SKIP LOCKED", kind.takeable()),
        };
        let found: Option<Found> = on!(self, write pool => {
            let mut tx = pool.begin().await?;
            let mut query = sqlx::query(&sql).bind(now);
            if kind == Kind::Turn {
                query = query.bind(owner::TV);
            }
            let found = query.fetch_optional(&mut *tx).await?.map(|r| {
                let ply = (kind == Kind::Turn).then(|| r.get::<i64, _>("ply"));
                (r.get("game_id"), ply, r.get("owner"))
            });
            if let Some((game, _, owner)) = &found {
                sqlx::query(kind.lease())
                    .bind(lease_until)
                    .bind(me)
                    .bind(game)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query(NOTE_SERVED)
                    .bind(owner)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            found
        });
        Ok(found.and_then(|(game, ply, owner)| {
            let owner = Owner::from_code(&owner);
            if kind == Kind::Position {
                let key = PositionKey::stored(game);
                return Some(Work::Position(PositionJob { key, owner }));
            }
            let game = GameId::parse(&game).ok()?;
            Some(match ply {
                Some(ply) => Work::Turn(Turn {
                    game,
                    ply: ply as usize,
                    owner,
                    taken_at: now,
                }),
                None => Work::Analysis(Job { game, owner }),
            })
        }))
    }

    /// Forgets when the owners last served before `before` (unix ms) were served: the
    /// rotation needs only recent ones (an owner not in it goes first, as one served
    /// long ago would), and the table does not grow with every address ever served.
    pub async fn forget_served_owners(&self, before: i64) -> Result<u64, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query("DELETE FROM computer_owners WHERE served_at < $1")
                .bind(before)
                .execute(pool)
                .await?
                .rows_affected()
        }))
    }

    /// Frees every piece of work a process held: on SQLite, where this process is the
    /// only one, a turn or an analysis held when it stopped is taken again at once.
    pub(super) async fn free_work_of_the_dead(&self) -> Result<(), sqlx::Error> {
        if let Db::Sqlite { write, .. } = self {
            sqlx::query("UPDATE computer_turns SET lease_until = NULL, taken_by = NULL")
                .execute(write)
                .await?;
            for table in ["analyses", "position_searches"] {
                let sql = format!(
                    "UPDATE {table} SET lease_until = NULL, taken_by = NULL WHERE done_at IS NULL"
                );
                sqlx::query(&sql).execute(write).await?;
            }
        }
        Ok(())
    }
}

/// Forgets, on the transaction `$tx` that deletes games, their work: the turns they
/// owe and their analyses (`$list` the games' places, `$ids` their ids).
macro_rules! forget_work_of {
    ($tx:expr, $list:expr, $ids:expr) => {{
        for statement in [
            "DELETE FROM computer_turns WHERE game_id IN ({list})",
            "DELETE FROM analyses WHERE game_id IN ({list})",
        ] {
            let sql = statement.replace("{list}", $list);
            let mut q = sqlx::query(&sql);
            for id in $ids {
                q = q.bind(id);
            }
            q.execute(&mut *$tx).await?;
        }
    }};
}
pub(crate) use forget_work_of;
