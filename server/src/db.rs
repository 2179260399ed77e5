//! The database: the truth about every game. SQLite by default (one file, WAL, every
//! commit flushed to disk), PostgreSQL for several server processes; one schema, made by
//! the same migrations, and the same statements for both. A write names the number of
//! plies it expects, so two processes never both extend a game: the second is told of
//! the conflict and reads the game again.

use std::str::FromStr;
use std::time::Duration;

use camelot_engine::{EndReason, Excerpt, NotationError, Outcome, Player, Variant};
use camelot_online::protocol::requests::{GameSummary, OpenSeat};
use camelot_online::protocol::{GameEnd, GameId, PlayerName, TimeControl};
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::Row;
use tokio::sync::{mpsc, oneshot};

use crate::live::{Change, LiveGame, NewGame, Offers, Ply, SeatInfo, SeatRow, Status};
use crate::owner::{self, Owner};

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
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// Neither `sqlite:` nor `postgres:`.
    #[error("'{0}' is not a database: give sqlite://PATH or postgres://USER@HOST/NAME")]
    NotADatabase(Excerpt),
    /// The database refused the connection (the address is shown without its password).
    #[error("cannot open {url}: {source}")]
    Open { url: String, source: sqlx::Error },
    #[error("cannot bring the schema up to date: {0}")]
    Schema(sqlx::migrate::MigrateError),
}

/// A stored game that could not be read back.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Db(#[from] sqlx::Error),
    /// The row names no variant this build knows.
    #[error("an unknown variant '{}'", Excerpt::new(.0))]
    Variant(String),
    /// A stored ply does not replay.
    #[error("ply {ply}: {error}")]
    Ply { ply: usize, error: NotationError },
    /// A stored ply comes after the game is over.
    #[error("ply {ply} comes after the game ended")]
    PlyAfterEnd { ply: usize },
    /// A finished game's result and reason name no ending.
    #[error(
        "the result '{}' for '{}' is no ending",
        Excerpt::new(result),
        Excerpt::new(reason)
    )]
    Ending { result: String, reason: String },
    /// The replay was cut short (the server is stopping).
    #[error("the replay was cut short")]
    Interrupted,
}

/// Why a write did not happen.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// Another process changed the game first: read it again.
    #[error("another process changed the game first")]
    Conflict,
    #[error(transparent)]
    Db(#[from] sqlx::Error),
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

/// Tells the other server processes that game `$id` changed, in the transaction `$tx` of
/// either database: PostgreSQL notifies them when it commits; SQLite has no others.
macro_rules! notify_others {
    ($db:expr, $tx:expr, $id:expr) => {
        if let Db::Postgres(_) = $db {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind($id)
                .execute(&mut *$tx)
                .await?;
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
    /// The status the write expects the game to have now.
    old_status: &'static str,
    status: &'static str,
    result: Option<&'static str>,
    reason: Option<&'static str>,
    draw_offer: Option<i64>,
    takeback_offer: Option<i64>,
    rematch_offer: Option<i64>,
    rematch: Option<String>,
    /// Plies from this one on are deleted (a takeback).
    keep: Option<i64>,
    /// The ply added: its number, notation, seat, time and clocks.
    added: Option<(i64, String, i64, i64, String)>,
    /// The rematch's game, stored with the change that agreed it.
    new_game: Option<NewGameRows>,
    /// The turn the computer owes after the change, if it owes one.
    owed: Option<(i64, i64)>,
}

/// A new game's rows: the game's and its seats'.
pub struct NewGameRows {
    id: String,
    variant: &'static str,
    time: (&'static str, i64, i64),
    created_at: i64,
    clocks: String,
    deadline_at: Option<i64>,
    /// Each seat's token hash (empty: open, or the computer's), name and computer level,
    /// in turn order.
    seats: Vec<(String, Option<String>, Option<&'static str>)>,
    /// The turn the computer owes from the start, if the first seat is its.
    owed: Option<(i64, i64)>,
    /// Whose the game is ([`Owner::code`]).
    owner: String,
}

impl NewGameRows {
    fn of(new: &NewGame) -> NewGameRows {
        let g = &new.game;
        NewGameRows {
            id: g.id.as_str().to_string(),
            variant: g.variant.id(),
            time: time_columns(g.time),
            created_at: g.created_at,
            clocks: join(&g.clocks),
            deadline_at: g.deadline(),
            seats: new
                .seats
                .iter()
                .map(|s| {
                    (
                        s.token_hash.clone().unwrap_or_default(),
                        s.name.as_ref().map(|n| n.as_str().to_string()),
                        s.computer.map(|l| l.name),
                    )
                })
                .collect(),
            owed: owed(g),
            owner: new.owner.code(),
        }
    }
}

/// The turn the computer owes in `g`, if it owes one: the ply, and when it fell due.
fn owed(g: &LiveGame) -> Option<(i64, i64)> {
    g.computer_to_move()
        .map(|_| (g.plies.len() as i64, g.computer_due_at()))
}

/// Keeps a game's row of `computer_turns` in step with the turn it owes: a turn still
/// owed keeps its row (and a process's lease on it), one for another ply replaces it,
/// none removes it.
macro_rules! owe_turn {
    ($tx:expr, $id:expr, $owed:expr) => {{
        let owed: Option<(i64, i64)> = $owed;
        match owed {
            Some((ply, due_at)) => {
                sqlx::query("DELETE FROM computer_turns WHERE game_id = $1 AND ply <> $2")
                    .bind($id)
                    .bind(ply)
                    .execute(&mut *$tx)
                    .await?;
                sqlx::query(
                    "INSERT INTO computer_turns (game_id, ply, due_at) VALUES ($1, $2, $3) \
                     ON CONFLICT (game_id) DO NOTHING",
                )
                .bind($id)
                .bind(ply)
                .bind(due_at)
                .execute(&mut *$tx)
                .await?;
            }
            None => {
                sqlx::query("DELETE FROM computer_turns WHERE game_id = $1")
                    .bind($id)
                    .execute(&mut *$tx)
                    .await?;
            }
        }
    }};
}

/// Inserts a new game's rows on a transaction of either database.
macro_rules! insert_game {
    ($tx:expr, $rows:expr) => {{
        let rows: &NewGameRows = $rows;
        let (kind, a, b) = rows.time;
        sqlx::query(
            "INSERT INTO games (id, variant, time_kind, time_a, time_b, created_at, status, \
             plies, clocks, last_move_at, deadline_at, joined, owner) \
             VALUES ($1, $2, $3, $4, $5, $6, 'live', 0, $7, $6, $8, 0, $9)",
        )
        .bind(&rows.id)
        .bind(rows.variant)
        .bind(kind)
        .bind(a)
        .bind(b)
        .bind(rows.created_at)
        .bind(&rows.clocks)
        .bind(rows.deadline_at)
        .bind(&rows.owner)
        .execute(&mut *$tx)
        .await?;
        for (seat, (hash, name, computer)) in rows.seats.iter().enumerate() {
            sqlx::query(
                "INSERT INTO seats (game_id, seat, token_hash, name, computer) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(&rows.id)
            .bind(seat as i64)
            .bind(hash)
            .bind(name)
            .bind(computer)
            .execute(&mut *$tx)
            .await?;
        }
        owe_turn!($tx, &rows.id, rows.owed);
    }};
}

impl WriteRow {
    fn of(g: &LiveGame, old: &LiveGame, change: &Change) -> WriteRow {
        let (status, result, reason) = status_columns(g.status);
        let old_plies = old.plies.len();
        WriteRow {
            old_status: status_columns(old.status).0,
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
            rematch_offer: g.offers.rematch.map(|p| p.0 as i64),
            rematch: g.rematch.as_ref().map(|id| id.as_str().to_string()),
            keep: match change {
                Change::TakenBack { keep } => Some(*keep as i64),
                _ => None,
            },
            added: match (change, g.plies.last()) {
                (Change::Moved, Some(p)) => Some((
                    g.plies.len() as i64 - 1,
                    p.named.notation.clone(),
                    p.seat.0 as i64,
                    p.at,
                    join(&p.clocks_after),
                )),
                _ => None,
            },
            new_game: match change {
                Change::Rematch(new) => Some(NewGameRows::of(new)),
                _ => None,
            },
            owed: owed(g),
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
             status = $5, result = $6, reason = $7, draw_offer = $8, takeback_offer = $9, \
             rematch_offer = $12, rematch = $13 \
             WHERE id = $10 AND plies = $11 AND status = $14 AND rematch IS NULL",
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
        .bind(row.rematch_offer)
        .bind(&row.rematch)
        .bind(row.old_status)
        .execute(&mut *$tx)
        .await?;
        if updated.rows_affected() == 1 {
            if let Some(new_game) = &row.new_game {
                insert_game!($tx, new_game);
            }
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
            owe_turn!($tx, &row.id, row.owed);
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

/// The most games one round of forgetting deletes (the one SQLite writer is the moves'
/// too: a round holds it briefly).
const FORGET_BATCH: i64 = 100;

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

    /// Stores a new game and its seats.
    pub async fn create(&self, new: &NewGame) -> Result<(), sqlx::Error> {
        let rows = NewGameRows::of(new);
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            insert_game!(&mut *tx, &rows);
            tx.commit().await
        })
    }

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
    pub async fn shown(&self) -> Result<Option<Shown>, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT g.id, g.variant, CASE WHEN g.status = 'live' THEN 1 ELSE 0 END AS live \
                 FROM tv JOIN games g ON g.id = tv.game_id",
            )
            .fetch_optional(pool)
            .await?
            .and_then(|r| {
                Some(Shown {
                    game: GameId::parse(r.get("id")).ok()?,
                    variant: r.get::<&str, _>("variant").parse().ok()?,
                    live: r.get::<i32, _>("live") == 1,
                })
            })
        }))
    }

    /// Stores what `change` did to the game, which stood at `old_plies` plies when it was
    /// read: the new state of `g`, the ply it added, or the plies it took back. On
    /// SQLite the write joins the writer's next batch (one commit, one flush to disk, for
    /// every game that moved meanwhile); on PostgreSQL it is a transaction of its own,
    /// which notifies the other processes as it commits.
    pub async fn save(
        &self,
        g: &LiveGame,
        old: &LiveGame,
        change: &Change,
    ) -> Result<(), WriteError> {
        let row = WriteRow::of(g, old, change);
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
                notify_others!(self, tx, &row.id);
                tx.commit().await?;
                Ok(())
            }
        }
    }

    /// The game as stored, replayed by the engine; `None` if there is no such game. The
    /// replay runs off the async workers: a long game costs milliseconds of CPU.
    pub async fn load(&self, id: &GameId) -> Result<Option<LiveGame>, LoadError> {
        let Some(stored) = self.read(id).await? else {
            return Ok(None);
        };
        let id = id.clone();
        tokio::task::spawn_blocking(move || stored.into_game(&id))
            .await
            .map_err(|_| LoadError::Interrupted)?
            .map(Some)
    }

    /// A game's rows as stored.
    async fn read(&self, id: &GameId) -> Result<Option<StoredGame>, LoadError> {
        let id_text = id.as_str();
        // Read from the writer on SQLite: a game just written is then always seen.
        let stored = on!(self, write pool => {
            let row = sqlx::query(
                "SELECT variant, time_kind, time_a, time_b, created_at, status, result, reason, \
                 clocks, last_move_at, draw_offer, takeback_offer, rematch_offer, rematch, \
                 joined FROM games WHERE id = $1",
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
            let seats = sqlx::query(
                "SELECT token_hash, name, computer FROM seats WHERE game_id = $1 ORDER BY seat",
            )
            .bind(id_text)
            .fetch_all(pool)
            .await?;
            StoredGame {
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
                rematch_offer: row.get("rematch_offer"),
                rematch: row.get("rematch"),
                joined: row.get::<i64, _>("joined") != 0,
                plies: plies
                    .iter()
                    .map(|r| StoredPly {
                        notation: r.get("notation"),
                        seat: Player(r.get::<i64, _>("seat") as u8),
                        at: r.get("at"),
                        clocks_after: split(r.get("clocks")),
                    })
                    .collect(),
                seats: seats
                    .iter()
                    .map(|r| SeatInfo {
                        computer: level_of(r.get("computer")),
                        open: r.get::<&str, _>("token_hash").is_empty()
                            && r.get::<Option<&str>, _>("computer").is_none(),
                        // A name this build would not accept is shown as none.
                        name: r
                            .get::<Option<&str>, _>("name")
                            .and_then(|n| PlayerName::parse(n).ok()),
                    })
                    .collect(),
            }
        });
        Ok(Some(stored))
    }

    /// A game's seats as stored, in turn order: what a rematch copies.
    pub async fn seat_rows(&self, id: &GameId) -> Result<Vec<SeatRow>, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query(
                "SELECT token_hash, name, computer FROM seats WHERE game_id = $1 ORDER BY seat",
            )
                .bind(id.as_str())
                .fetch_all(pool)
                .await?
                .iter()
                .map(|r| {
                    let hash: String = r.get("token_hash");
                    SeatRow {
                        computer: level_of(r.get("computer")),
                        token_hash: (!hash.is_empty()).then_some(hash),
                        name: r
                            .get::<Option<&str>, _>("name")
                            .and_then(|n| PlayerName::parse(n).ok()),
                    }
                })
                .collect()
        }))
    }

    /// Keeps the name a seat's player gave, and notes that the game has been joined.
    pub async fn seat_joined(
        &self,
        id: &GameId,
        seat: Player,
        name: Option<&PlayerName>,
    ) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            sqlx::query("UPDATE games SET joined = 1 WHERE id = $1 AND joined = 0")
                .bind(id.as_str())
                .execute(&mut *tx)
                .await?;
            if let Some(name) = name {
                sqlx::query("UPDATE seats SET name = $1 WHERE game_id = $2 AND seat = $3")
                    .bind(name.as_str())
                    .bind(id.as_str())
                    .bind(seat.0 as i64)
                    .execute(&mut *tx)
                    .await?;
            }
            notify_others!(self, tx, id.as_str());
            tx.commit().await
        })
    }

    /// Gives an open seat of a live game the token that hashes to `hash`; `false` if the
    /// seat is not open (taken, never open, or the game over or unknown).
    pub async fn take_seat(
        &self,
        id: &GameId,
        seat: Player,
        hash: &str,
        name: Option<&PlayerName>,
    ) -> Result<bool, sqlx::Error> {
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            let taken = sqlx::query(
                "UPDATE seats SET token_hash = $1, name = $2 \
                 WHERE game_id = $3 AND seat = $4 AND token_hash = '' AND computer IS NULL \
                 AND EXISTS (SELECT 1 FROM games WHERE id = $3 AND status = 'live')",
            )
            .bind(hash)
            .bind(name.map(PlayerName::as_str))
            .bind(id.as_str())
            .bind(seat.0 as i64)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
            if taken {
                sqlx::query("UPDATE games SET joined = 1 WHERE id = $1")
                    .bind(id.as_str())
                    .execute(&mut *tx)
                    .await?;
                notify_others!(self, tx, id.as_str());
            }
            tx.commit().await?;
            Ok(taken)
        })
    }

    /// The open seats of live games, newest first (at most 200).
    /// The open seats of the live games created before `before` (all, without it),
    /// newest game first and a game's seats in turn order, at most `limit`.
    pub async fn open_seats(
        &self,
        before: Option<&GameId>,
        limit: u32,
    ) -> Result<Vec<OpenSeat>, sqlx::Error> {
        // The order of the list of games (creation, then id): a cursor names a game.
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT s.game_id, s.seat, g.variant, g.time_kind, g.time_a, g.time_b \
                 FROM seats s JOIN games g ON g.id = s.game_id \
                 WHERE s.token_hash = '' AND s.computer IS NULL AND g.status = 'live' \
                 AND ($1 IS NULL OR g.created_at < \
                 (SELECT created_at FROM games WHERE id = $1) OR (g.created_at = \
                 (SELECT created_at FROM games WHERE id = $1) AND g.id < $1)) \
                 ORDER BY g.created_at DESC, g.id DESC, s.seat LIMIT $2",
            )
            .bind(before.map(GameId::as_str))
            .bind(limit as i64)
            .fetch_all(pool)
            .await?
            .iter()
            .filter_map(|r| {
                let variant: Variant = r.get::<&str, _>("variant").parse().ok()?;
                let seat = Player(u8::try_from(r.get::<i64, _>("seat")).ok()?);
                if seat.0 as usize >= variant.rules().players() {
                    return None;
                }
                Some(OpenSeat {
                    game: GameId::parse(r.get("game_id")).ok()?,
                    seat: variant.rules().seat_colour(seat),
                    variant,
                    time: time_of(r.get("time_kind"), r.get("time_a"), r.get("time_b")),
                })
            })
            .collect()
        }))
    }

    /// Forgets the games created before `before` (unix ms) that no person ever joined,
    /// whatever the computer played in them (the TV's are kept by their own rule): at
    /// most [`FORGET_BATCH`] a call.
    pub async fn forget_unjoined(&self, before: i64) -> Result<u64, sqlx::Error> {
        let ids: Vec<String> = on!(self, read pool => {
            sqlx::query(
                "SELECT id FROM games WHERE joined = 0 AND created_at < $1 AND owner <> $2 \
                 AND id NOT IN (SELECT game_id FROM tv) LIMIT $3",
            )
            .bind(before)
            .bind(owner::TV)
            .bind(FORGET_BATCH)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| r.get("id"))
            .collect()
        });
        self.forget(&ids).await
    }

    /// Forgets the finished games of the TV but the newest `keep` (and the one on now):
    /// at most [`FORGET_BATCH`] a call.
    pub async fn forget_old_tv(&self, keep: u32) -> Result<u64, sqlx::Error> {
        let ids: Vec<String> = on!(self, read pool => {
            sqlx::query(
                "SELECT id FROM games WHERE owner = $1 AND status = 'over' \
                 AND id NOT IN (SELECT game_id FROM tv) \
                 AND id NOT IN (SELECT id FROM games WHERE owner = $1 AND status = 'over' \
                 ORDER BY created_at DESC, id DESC LIMIT $2) LIMIT $3",
            )
            .bind(owner::TV)
            .bind(keep as i64)
            .bind(FORGET_BATCH)
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| r.get("id"))
            .collect()
        });
        self.forget(&ids).await
    }

    /// Deletes the games `ids` and everything of theirs, in one transaction.
    async fn forget(&self, ids: &[String]) -> Result<u64, sqlx::Error> {
        if ids.is_empty() {
            return Ok(0);
        }
        let list = (1..=ids.len())
            .map(|i| format!("${i}"))
            .collect::<Vec<_>>()
            .join(", ");
        on!(self, write pool => {
            let mut tx = pool.begin().await?;
            let mut gone = 0;
            for (table, column) in [
                ("plies", "game_id"),
                ("seats", "game_id"),
                ("computer_turns", "game_id"),
                ("games", "id"),
            ] {
                let sql = format!("DELETE FROM {table} WHERE {column} IN ({list})");
                let mut q = sqlx::query(&sql);
                for id in ids {
                    q = q.bind(id);
                }
                gone = q.execute(&mut *tx).await?.rows_affected();
            }
            tx.commit().await?;
            Ok(gone)
        })
    }

    /// How many live games with a computer seat `owner` has, and how many of those no
    /// person has joined.
    pub async fn computer_games_of(&self, owner: Owner) -> Result<(u64, u64), sqlx::Error> {
        let (live, unjoined): (i64, i64) = on!(self, read pool => {
            let row = sqlx::query(
                "SELECT COUNT(*) AS live, COUNT(CASE WHEN joined = 0 THEN 1 END) AS unjoined \
                 FROM games g WHERE owner = $1 AND status = 'live' AND EXISTS \
                 (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.computer IS NOT NULL)",
            )
            .bind(owner.code())
            .fetch_one(pool)
            .await?;
            (row.get("live"), row.get("unjoined"))
        });
        Ok((live as u64, unjoined as u64))
    }

    /// Whose game `id` is.
    pub async fn owner_of(&self, id: &GameId) -> Result<Owner, sqlx::Error> {
        let code: Option<String> = on!(self, write pool => {
            sqlx::query("SELECT owner FROM games WHERE id = $1")
                .bind(id.as_str())
                .fetch_optional(pool)
                .await?
                .map(|r| r.get("owner"))
        });
        Ok(code.map_or(Owner::Unknown, |c| Owner::from_code(&c)))
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

    /// A page of the live games, newest first: at most `limit`, older than the game
    /// `before` where it is given.
    pub async fn live_games(
        &self,
        before: Option<&GameId>,
        limit: u32,
    ) -> Result<Vec<GameSummary>, sqlx::Error> {
        // Ordered by creation, then id: a cursor names one place in that order.
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT id, variant, time_kind, time_a, time_b, plies, \
                 (SELECT COUNT(*) FROM tv WHERE tv.game_id = games.id) AS shown FROM games \
                 WHERE status = 'live' AND ($1 IS NULL OR created_at < \
                 (SELECT created_at FROM games WHERE id = $1) OR (created_at = \
                 (SELECT created_at FROM games WHERE id = $1) AND id < $1)) \
                 ORDER BY created_at DESC, id DESC LIMIT $2",
            )
            .bind(before.map(GameId::as_str))
            .bind(limit as i64)
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
                    tv: r.get::<i64, _>("shown") > 0,
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

/// A computer level by the name a seat's row keeps; a name this build does not know
/// (or a person's seat) is none.
fn level_of(name: Option<&str>) -> Option<camelot_engine::Level> {
    name.and_then(camelot_engine::Level::by_name)
}

/// The server's TV game as the database has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub game: GameId,
    pub variant: camelot_engine::Variant,
    /// Still being played.
    pub live: bool,
}

/// A computer turn a process has taken: the game, the ply its move is to be, whose the
/// game is, and when the turn was taken (its clock is charged from then).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub game: GameId,
    pub ply: usize,
    pub owner: Owner,
    pub taken_at: i64,
}

/// The computer turns that may be taken at `$1` (unix ms), the TV's code `$2`, the
/// fairest first: due, held
/// by no live process, in a game a person has joined (or the TV's); people's before the
/// TV's, the owner served longest ago first, then the turn due first.
const TAKEABLE: &str = "SELECT t.game_id, t.ply, g.owner FROM computer_turns t \
     JOIN games g ON g.id = t.game_id \
     LEFT JOIN computer_owners o ON o.owner = g.owner \
     WHERE t.due_at <= $1 AND (t.lease_until IS NULL OR t.lease_until < $1) \
     AND (g.joined = 1 OR g.owner = $2) \
     ORDER BY CASE WHEN g.owner = $2 THEN 1 ELSE 0 END, COALESCE(o.served_at, 0), t.due_at \
     LIMIT 1";

impl Db {
    /// Takes the fairest computer turn that may be taken now ([`TAKEABLE`]), for `me`
    /// until `lease_until` (unix ms), and notes its owner as served: on PostgreSQL with
    /// `FOR UPDATE SKIP LOCKED`, so that of several processes asking at once each takes
    /// another turn.
    pub async fn take_turn(
        &self,
        me: &str,
        now: i64,
        lease_until: i64,
    ) -> Result<Option<Turn>, sqlx::Error> {
        let locked = format!("{TAKEABLE} FOR UPDATE OF t SKIP LOCKED");
        let takeable = match self {
            Db::Sqlite { .. } => TAKEABLE,
            Db::Postgres(_) => locked.as_str(),
        };
        let row: Option<(String, i64, String)> = on!(self, write pool => {
            let mut tx = pool.begin().await?;
            let found = sqlx::query(takeable)
                .bind(now)
                .bind(owner::TV)
                .fetch_optional(&mut *tx)
                .await?
                .map(|r| (r.get("game_id"), r.get("ply"), r.get("owner")));
            if let Some((game, _, owner)) = &found {
                sqlx::query(
                    "UPDATE computer_turns SET lease_until = $1, taken_by = $2 WHERE game_id = $3",
                )
                .bind(lease_until)
                .bind(me)
                .bind(game)
                .execute(&mut *tx)
                .await?;
                sqlx::query(
                    "INSERT INTO computer_owners (owner, served_at) VALUES ($1, $2) \
                     ON CONFLICT (owner) DO UPDATE SET served_at = excluded.served_at",
                )
                .bind(owner)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            found
        });
        Ok(row.and_then(|(game, ply, owner)| {
            Some(Turn {
                game: GameId::parse(&game).ok()?,
                ply: ply as usize,
                owner: Owner::from_code(&owner),
                taken_at: now,
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

    /// Whether a person's turn of another owner than `owner` waits for a search at `now`
    /// (the TV's never cuts a search short).
    pub async fn others_wait(&self, owner: &Owner, now: i64) -> Result<bool, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query(
                "SELECT 1 FROM computer_turns t JOIN games g ON g.id = t.game_id \
                 WHERE t.due_at <= $1 AND (t.lease_until IS NULL OR t.lease_until < $1) \
                 AND g.joined = 1 AND g.owner <> $3 AND g.owner <> $2 LIMIT 1",
            )
            .bind(now)
            .bind(owner.code())
            .bind(owner::TV)
            .fetch_optional(pool)
            .await?
            .is_some()
        }))
    }

    /// Keeps `me`'s lease on a turn while its move is thought of; `false` if the turn
    /// is no longer `me`'s (the game moved on, or the lease ran out and another took it).
    pub async fn renew_turn(
        &self,
        turn: &Turn,
        me: &str,
        lease_until: i64,
    ) -> Result<bool, sqlx::Error> {
        Ok(on!(self, write pool => {
            sqlx::query(
                "UPDATE computer_turns SET lease_until = $1 \
                 WHERE game_id = $2 AND ply = $3 AND taken_by = $4",
            )
            .bind(lease_until)
            .bind(turn.game.as_str())
            .bind(turn.ply as i64)
            .bind(me)
            .execute(pool)
            .await?
            .rows_affected()
                == 1
        }))
    }

    /// Gives a turn back, to be taken again (its move could not be stored now).
    pub async fn release_turn(&self, turn: &Turn, me: &str) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            sqlx::query(
                "UPDATE computer_turns SET lease_until = NULL, taken_by = NULL \
                 WHERE game_id = $1 AND ply = $2 AND taken_by = $3",
            )
            .bind(turn.game.as_str())
            .bind(turn.ply as i64)
            .bind(me)
            .execute(pool)
            .await?;
        });
        Ok(())
    }

    /// Forgets a turn the game no longer owes (a row a write did not clear).
    pub async fn drop_turn(&self, turn: &Turn) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            sqlx::query("DELETE FROM computer_turns WHERE game_id = $1 AND ply = $2")
                .bind(turn.game.as_str())
                .bind(turn.ply as i64)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Frees every turn a process held: on SQLite, where this process is the only one,
    /// a turn held when it stopped is owed still and is taken again at once.
    pub async fn free_turns_of_the_dead(&self) -> Result<(), sqlx::Error> {
        if let Db::Sqlite { write, .. } = self {
            sqlx::query("UPDATE computer_turns SET lease_until = NULL, taken_by = NULL")
                .execute(write)
                .await?;
        }
        Ok(())
    }
}

/// A game's rows as stored, before its plies are replayed.
struct StoredGame {
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
    rematch_offer: Option<i64>,
    rematch: Option<String>,
    joined: bool,
    plies: Vec<StoredPly>,
    seats: Vec<SeatInfo>,
}

/// A ply's row: the move as its record writes it.
struct StoredPly {
    notation: String,
    seat: Player,
    at: i64,
    clocks_after: Vec<i64>,
}

impl StoredGame {
    fn into_game(self, id: &GameId) -> Result<LiveGame, LoadError> {
        let variant: Variant = self
            .variant
            .parse()
            .map_err(|_| LoadError::Variant(self.variant.clone()))?;
        let mut g = LiveGame::new(id.clone(), variant, self.time, self.created_at);
        // The record is read once, here, where it enters the program.
        for (ply, p) in self.plies.into_iter().enumerate() {
            let pos = g.game.position();
            let mv = pos
                .parse_move(&p.notation)
                .map_err(|error| LoadError::Ply { ply, error })?;
            let named = pos.name_move(&mv).expect("a legal move has a name");
            g.game
                .play(&mv)
                .map_err(|_| LoadError::PlyAfterEnd { ply })?;
            g.plies.push(Ply {
                mv,
                named,
                seat: p.seat,
                at: p.at,
                clocks_after: p.clocks_after,
            });
        }
        g.clocks = split(&self.clocks);
        g.last_move_at = self.last_move_at;
        g.offers = Offers {
            draw: self.draw_offer.map(|p| Player(p as u8)),
            takeback: self.takeback_offer.map(|p| Player(p as u8)),
            rematch: self.rematch_offer.map(|p| Player(p as u8)),
        };
        g.joined = self.joined;
        g.rematch = self.rematch.and_then(|r| GameId::parse(&r).ok());
        if self.seats.len() == g.seats.len() {
            g.seats = self.seats;
        }
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

#[cfg(test)]
mod tests;
