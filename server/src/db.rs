//! The database: the truth about every game. SQLite by default (one file, WAL, every
//! commit flushed to disk), PostgreSQL for several server processes; one schema, made by
//! the same migrations, and the same statements for both. A write names the number of
//! plies it expects, so two processes never both extend a game: the second is told of
//! the conflict and reads the game again.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use camelot_engine::{EndReason, Excerpt, NotationError, Outcome, Player, Variant};
use camelot_online::protocol::{GameEnd, GameId, GameSummary, TimeControl};
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::Row;
use tokio::sync::{mpsc, oneshot};

use crate::live::{Change, LiveGame, Offers, Ply, Status};

/// The channel PostgreSQL notifies other processes on: the payload is a game's id.
pub const CHANNEL: &str = "camelot_games";

#[derive(Clone)]
pub enum Db {
    /// One connection writes, in batches (writes queue here, not in SQLite's busy loop);
    /// several read.
    Sqlite {
        write: SqlitePool,
        writer: mpsc::Sender<WriteJob>,
        read: SqlitePool,
    },
    Postgres(PgPool),
}

/// A database that could not be opened.
#[derive(Debug)]
pub enum OpenError {
    /// Neither `sqlite:` nor `postgres:`.
    NotADatabase(Excerpt),
    /// The database refused the connection (the address is shown without its password).
    Open {
        url: String,
        source: sqlx::Error,
    },
    Schema(sqlx::migrate::MigrateError),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::NotADatabase(url) => write!(
                f,
                "'{url}' is not a database: give sqlite://PATH or postgres://USER@HOST/NAME"
            ),
            OpenError::Open { url, source } => write!(f, "cannot open {url}: {source}"),
            OpenError::Schema(e) => write!(f, "cannot bring the schema up to date: {e}"),
        }
    }
}

impl std::error::Error for OpenError {}

/// A stored game that could not be read back.
#[derive(Debug)]
pub enum LoadError {
    Db(sqlx::Error),
    /// The row names no variant this build knows.
    Variant(String),
    /// A stored ply does not replay.
    Ply {
        ply: usize,
        error: NotationError,
    },
    /// A finished game's result and reason name no ending.
    Ending {
        result: String,
        reason: String,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Db(e) => e.fmt(f),
            LoadError::Variant(v) => write!(f, "an unknown variant '{}'", Excerpt::new(v)),
            LoadError::Ply { ply, error } => write!(f, "ply {ply}: {error}"),
            LoadError::Ending { result, reason } => write!(
                f,
                "the result '{}' for '{}' is no ending",
                Excerpt::new(result),
                Excerpt::new(reason)
            ),
        }
    }
}

impl std::error::Error for LoadError {}

impl From<sqlx::Error> for LoadError {
    fn from(e: sqlx::Error) -> Self {
        LoadError::Db(e)
    }
}

/// Why a write did not happen.
#[derive(Debug)]
pub enum WriteError {
    /// Another process changed the game first: read it again.
    Conflict,
    Db(sqlx::Error),
}

impl From<sqlx::Error> for WriteError {
    fn from(e: sqlx::Error) -> Self {
        WriteError::Db(e)
    }
}

/// Runs the same code on whichever pool the database has (`$pool` is bound to it).
macro_rules! on {
    ($db:expr, write $pool:ident => $body:expr) => {
        match $db {
            Db::Sqlite { write: $pool, .. } => $body,
            Db::Postgres($pool) => $body,
        }
    };
    ($db:expr, read $pool:ident => $body:expr) => {
        match $db {
            Db::Sqlite { read: $pool, .. } => $body,
            Db::Postgres($pool) => $body,
        }
    };
}

/// What one write stores: the game's row as it now stands, and the ply added or the
/// plies taken back.
pub struct WriteRow {
    id: String,
    old_plies: i64,
    plies: i64,
    clocks: String,
    last_move_at: i64,
    deadline_at: Option<i64>,
    status: &'static str,
    result: Option<&'static str>,
    reason: Option<&'static str>,
    draw_offer: Option<i64>,
    takeback_offer: Option<i64>,
    /// Plies from this one on are deleted (a takeback).
    keep: Option<i64>,
    /// The ply added: its number, notation, seat, time and clocks.
    added: Option<(i64, String, i64, i64, String)>,
}

impl WriteRow {
    fn of(g: &LiveGame, old_plies: usize, change: &Change) -> WriteRow {
        let (status, result, reason) = status_columns(g.status);
        WriteRow {
            id: g.id.as_str().to_string(),
            old_plies: old_plies as i64,
            plies: g.plies.len() as i64,
            clocks: join(&g.clocks),
            last_move_at: g.last_move_at,
            deadline_at: g.deadline(),
            status,
            result,
            reason,
            draw_offer: g.offers.draw.map(|p| p.0 as i64),
            takeback_offer: g.offers.takeback.map(|p| p.0 as i64),
            keep: match change {
                Change::TakenBack { keep } => Some(*keep as i64),
                _ => None,
            },
            added: match (change, g.plies.last()) {
                (Change::Moved, Some(p)) => Some((
                    g.plies.len() as i64 - 1,
                    p.notation.clone(),
                    p.seat.0 as i64,
                    p.at,
                    join(&p.clocks_after),
                )),
                _ => None,
            },
        }
    }
}

/// Applies a [`WriteRow`] on a transaction of either database; `false` (and nothing
/// written) if the game no longer stands where the write expects it.
macro_rules! write_row {
    ($tx:expr, $row:expr) => {{
        let row: &WriteRow = $row;
        // The version check comes first: a write that fails it changes nothing.
        let updated = sqlx::query(
            "UPDATE games SET plies = $1, clocks = $2, last_move_at = $3, deadline_at = $4, \
             status = $5, result = $6, reason = $7, draw_offer = $8, takeback_offer = $9 \
             WHERE id = $10 AND plies = $11 AND status = 'live'",
        )
        .bind(row.plies)
        .bind(&row.clocks)
        .bind(row.last_move_at)
        .bind(row.deadline_at)
        .bind(row.status)
        .bind(row.result)
        .bind(row.reason)
        .bind(row.draw_offer)
        .bind(row.takeback_offer)
        .bind(&row.id)
        .bind(row.old_plies)
        .execute(&mut *$tx)
        .await?;
        if updated.rows_affected() == 1 {
            if let Some(keep) = row.keep {
                sqlx::query("DELETE FROM plies WHERE game_id = $1 AND ply >= $2")
                    .bind(&row.id)
                    .bind(keep)
                    .execute(&mut *$tx)
                    .await?;
            }
            if let Some((ply, notation, seat, at, clocks)) = &row.added {
                sqlx::query(
                    "INSERT INTO plies (game_id, ply, notation, seat, at, clocks) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(&row.id)
                .bind(*ply)
                .bind(notation)
                .bind(*seat)
                .bind(*at)
                .bind(clocks)
                .execute(&mut *$tx)
                .await?;
            }
            true
        } else {
            false
        }
    }};
}

/// A write waiting for the SQLite writer, and where its outcome goes.
pub struct WriteJob {
    row: WriteRow,
    reply: oneshot::Sender<Result<(), WriteError>>,
}

/// The most writes one commit carries.
const BATCH: usize = 256;

/// SQLite's one writer: takes every write waiting and commits them together, so that
/// the flush to disk that makes them durable is paid once for all of them. A write is
/// answered only after its commit.
async fn write_batches(pool: SqlitePool, mut jobs: mpsc::Receiver<WriteJob>) {
    while let Some(first) = jobs.recv().await {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        match commit_batch(&pool, &batch).await {
            Ok(outcomes) => {
                for (job, ok) in batch.into_iter().zip(outcomes) {
                    let _ = job.reply.send(if ok {
                        Ok(())
                    } else {
                        Err(WriteError::Conflict)
                    });
                }
            }
            Err(e) => {
                eprintln!(
                    "camelot-server: a batch of {} writes failed: {e}",
                    batch.len()
                );
                for job in batch {
                    let _ = job
                        .reply
                        .send(Err(WriteError::Db(sqlx::Error::Protocol(e.to_string()))));
                }
            }
        }
    }
}

/// One transaction for the batch: for each write, whether it applied.
async fn commit_batch(pool: &SqlitePool, batch: &[WriteJob]) -> Result<Vec<bool>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut outcomes = Vec::with_capacity(batch.len());
    for job in batch {
        outcomes.push(write_row!(&mut *tx, &job.row));
    }
    tx.commit().await?;
    Ok(outcomes)
}

impl Db {
    /// Opens `sqlite://PATH` (created if missing) or `postgres://...`, and brings its
    /// schema up to date.
    pub async fn open(url: &str) -> Result<Db, OpenError> {
        let failed = |source| OpenError::Open {
            url: redact(url),
            source,
        };
        let db = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(10))
                .connect(url)
                .await
                .map_err(failed)?;
            Db::Postgres(pool)
        } else if url.starts_with("sqlite:") {
            let options = SqliteConnectOptions::from_str(url)
                .map_err(failed)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                // Every commit reaches the disk before the move is acknowledged.
                .synchronous(SqliteSynchronous::Full)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true);
            let write = SqlitePoolOptions::new()
                .max_connections(1)
                .connect_with(options.clone())
                .await
                .map_err(failed)?;
            let read = SqlitePoolOptions::new()
                .max_connections(4)
                .connect_with(options.read_only(true))
                .await
                .map_err(failed)?;
            let (writer, jobs) = mpsc::channel(4 * BATCH);
            tokio::spawn(write_batches(write.clone(), jobs));
            Db::Sqlite {
                write,
                writer,
                read,
            }
        } else {
            return Err(OpenError::NotADatabase(Excerpt::new(url)));
        };
        let migrator = sqlx::migrate!("./migrations");
        on!(&db, write pool => migrator.run(pool).await).map_err(OpenError::Schema)?;
        Ok(db)
    }

    /// Stores a new game and its seats' token hashes.
    pub async fn create(&self, g: &LiveGame, token_hashes: &[String]) -> Result<(), sqlx::Error> {
        let (kind, a, b) = time_columns(g.time);
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "INSERT INTO games (id, variant, time_kind, time_a, time_b, created_at, status, \
                 plies, clocks, last_move_at, deadline_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, 'live', 0, $7, $8, $9)",
            )
            .bind(g.id.as_str())
            .bind(g.variant.id())
            .bind(kind)
            .bind(a)
            .bind(b)
            .bind(g.created_at)
            .bind(join(&g.clocks))
            .bind(g.last_move_at)
            .bind(g.deadline())
            .execute(&mut *tx)
            .await?;
            for (seat, hash) in token_hashes.iter().enumerate() {
                sqlx::query("INSERT INTO seats (game_id, seat, token_hash) VALUES ($1, $2, $3)")
                    .bind(g.id.as_str())
                    .bind(seat as i64)
                    .bind(hash)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await
        })
    }

    /// Stores what `change` did to the game, which stood at `old_plies` plies when it was
    /// read: the new state of `g`, the ply it added, or the plies it took back. On
    /// SQLite the write joins the writer's next batch (one commit, one flush to disk, for
    /// every game that moved meanwhile); on PostgreSQL it is a transaction of its own,
    /// which notifies the other processes as it commits.
    pub async fn save(
        &self,
        g: &LiveGame,
        old_plies: usize,
        change: &Change,
    ) -> Result<(), WriteError> {
        let row = WriteRow::of(g, old_plies, change);
        match self {
            Db::Sqlite { writer, .. } => {
                let (reply, answer) = oneshot::channel();
                writer
                    .send(WriteJob { row, reply })
                    .await
                    .map_err(|_| WriteError::Db(sqlx::Error::PoolClosed))?;
                answer
                    .await
                    .map_err(|_| WriteError::Db(sqlx::Error::PoolClosed))?
            }
            Db::Postgres(pool) => {
                let mut tx = pool.begin().await?;
                if !write_row!(&mut *tx, &row) {
                    return Err(WriteError::Conflict);
                }
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(&row.id)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                Ok(())
            }
        }
    }

    /// The game as stored, replayed by the engine; `None` if there is no such game.
    pub async fn load(&self, id: &GameId) -> Result<Option<LiveGame>, LoadError> {
        let id_text = id.as_str();
        // Read from the writer on SQLite: a game just written is then always seen.
        let (row, plies) = on!(self, write pool => {
            let row = sqlx::query(
                "SELECT variant, time_kind, time_a, time_b, created_at, status, result, reason, \
                 clocks, last_move_at, draw_offer, takeback_offer FROM games WHERE id = $1",
            )
            .bind(id_text)
            .fetch_optional(pool)
            .await?;
            let Some(row) = row else { return Ok(None) };
            let plies = sqlx::query(
                "SELECT notation, seat, at, clocks FROM plies WHERE game_id = $1 ORDER BY ply",
            )
            .bind(id_text)
            .fetch_all(pool)
            .await?;
            let plies: Vec<Ply> = plies
                .iter()
                .map(|r| Ply {
                    notation: r.get("notation"),
                    seat: Player(r.get::<i64, _>("seat") as u8),
                    at: r.get("at"),
                    clocks_after: split(r.get("clocks")),
                })
                .collect();
            (GameRow {
                variant: row.get("variant"),
                time: time_of(row.get("time_kind"), row.get("time_a"), row.get("time_b")),
                created_at: row.get("created_at"),
                status: row.get("status"),
                result: row.get("result"),
                reason: row.get("reason"),
                clocks: row.get("clocks"),
                last_move_at: row.get("last_move_at"),
                draw_offer: row.get("draw_offer"),
                takeback_offer: row.get("takeback_offer"),
            }, plies)
        });
        row.into_game(id, plies).map(Some)
    }

    /// The seat whose token hashes to `hash` in game `id`.
    pub async fn seat_of(&self, id: &GameId, hash: &str) -> Result<Option<Player>, sqlx::Error> {
        let seat: Option<i64> = on!(self, read pool => {
            sqlx::query("SELECT seat FROM seats WHERE game_id = $1 AND token_hash = $2")
                .bind(id.as_str())
                .bind(hash)
                .fetch_optional(pool)
                .await?
                .map(|r| r.get("seat"))
        });
        Ok(seat.map(|s| Player(s as u8)))
    }

    /// The live games, newest first (at most 200).
    pub async fn live_games(&self) -> Result<Vec<GameSummary>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT id, variant, time_kind, time_a, time_b, plies FROM games \
                 WHERE status = 'live' ORDER BY created_at DESC LIMIT 200",
            )
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| {
                // A row this build cannot read is left out of the list, not the list lost.
                Some(GameSummary {
                    id: GameId::parse(r.get("id")).ok()?,
                    variant: r.get::<&str, _>("variant").parse().ok()?,
                    time: time_of(r.get("time_kind"), r.get("time_a"), r.get("time_b")),
                    plies: r.get::<i64, _>("plies") as u32,
                    connected: 0,
                })
            })
            .collect()
        }))
    }

    /// Live games whose mover's time ran out by `now`.
    pub async fn overdue(&self, now: i64) -> Result<Vec<GameId>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT id FROM games WHERE status = 'live' AND deadline_at IS NOT NULL \
                 AND deadline_at <= $1 LIMIT 500",
            )
            .bind(now)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| GameId::parse(r.get("id")).ok())
            .collect()
        }))
    }
}

/// A games row, before its plies are replayed.
struct GameRow {
    variant: String,
    time: TimeControl,
    created_at: i64,
    status: String,
    result: Option<String>,
    reason: Option<String>,
    clocks: String,
    last_move_at: i64,
    draw_offer: Option<i64>,
    takeback_offer: Option<i64>,
}

impl GameRow {
    fn into_game(self, id: &GameId, plies: Vec<Ply>) -> Result<LiveGame, LoadError> {
        let variant: Variant = self
            .variant
            .parse()
            .map_err(|_| LoadError::Variant(self.variant.clone()))?;
        let mut g = LiveGame::new(id.clone(), variant, self.time, self.created_at);
        for (ply, p) in plies.iter().enumerate() {
            g.game
                .play_notation(&p.notation)
                .map_err(|error| LoadError::Ply { ply, error })?;
        }
        g.plies = plies;
        g.clocks = split(&self.clocks);
        g.last_move_at = self.last_move_at;
        g.offers = Offers {
            draw: self.draw_offer.map(|p| Player(p as u8)),
            takeback: self.takeback_offer.map(|p| Player(p as u8)),
        };
        if self.status != "live" {
            let end = ending(self.result.as_deref(), self.reason.as_deref()).ok_or_else(|| {
                LoadError::Ending {
                    result: self.result.unwrap_or_default(),
                    reason: self.reason.unwrap_or_default(),
                }
            })?;
            // The game's own record keeps the result the board did not decide (time,
            // resignation, agreement), as it did before it was stored.
            if let (GameEnd::Decided(o), None) = (end, g.game.outcome()) {
                g.game.declare(o);
            }
            g.status = Status::Over(end);
        }
        Ok(g)
    }
}

/// The ending a finished game's stored result and reason name.
fn ending(result: Option<&str>, reason: Option<&str>) -> Option<GameEnd> {
    match (result?, reason?) {
        ("*", ABORTED) => Some(GameEnd::Aborted),
        (token, code) => {
            Outcome::from_result_token(token, EndReason::from_code(code)?).map(GameEnd::Decided)
        }
    }
}

/// The reason stored for a game called off before both sides moved.
const ABORTED: &str = "aborted";

fn time_columns(t: TimeControl) -> (&'static str, i64, i64) {
    match t {
        TimeControl::Untimed => ("untimed", 0, 0),
        TimeControl::Clock { minutes, increment } => ("clock", minutes as i64, increment as i64),
        TimeControl::Days { days } => ("days", days as i64, 0),
    }
}

fn time_of(kind: &str, a: i64, b: i64) -> TimeControl {
    match kind {
        "clock" => TimeControl::Clock {
            minutes: a as u32,
            increment: b as u32,
        },
        "days" => TimeControl::Days { days: a as u32 },
        _ => TimeControl::Untimed,
    }
}

/// The status, result and reason columns: `over`, the result token and the reason's
/// code.
fn status_columns(s: Status) -> (&'static str, Option<&'static str>, Option<&'static str>) {
    match s {
        Status::Live => ("live", None, None),
        Status::Over(GameEnd::Aborted) => ("over", Some("*"), Some(ABORTED)),
        Status::Over(GameEnd::Decided(o)) => {
            ("over", Some(o.result_token()), Some(o.reason.code()))
        }
    }
}

fn join(clocks: &[i64]) -> String {
    clocks
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

fn split(s: &str) -> Vec<i64> {
    s.split(',').filter_map(|c| c.parse().ok()).collect()
}

/// A database address without its password, for messages.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            let user = creds.split(':').next().unwrap_or("");
            format!("{}{user}:***{}", &url[..s + 3], &url[at..])
        }
        _ => url.to_string(),
    }
}
