//! The database every room shares: one pool (SQLite by default: one file, WAL, every
//! commit flushed to disk; PostgreSQL for several server processes), one schema made by
//! the same migrations, and the same statements for both. Each room keeps its own
//! queries beside its routes (`games/store.rs`, `seats/store.rs`, ...) as methods on
//! [`Db`]; what they share is here: opening, the schema, running the same code on
//! either pool ([`on!`]), telling the other processes ([`notify_others!`]), and
//! SQLite's one writer ([`batch`]).

use std::str::FromStr;
use std::time::Duration;

use camelot_engine::Excerpt;
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use tokio::sync::mpsc;

pub mod batch;

/// The channel PostgreSQL notifies other processes on: the payload is a game's id.
pub const CHANNEL: &str = "camelot_games";

#[derive(Clone)]
pub enum Db {
    /// One connection writes, in batches (writes queue here, not in SQLite's busy loop);
    /// several read.
    Sqlite {
        write: SqlitePool,
        writer: mpsc::Sender<batch::Job>,
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
    /// A newer server has migrated the database further than this one knows: this one
    /// refuses rather than run on a schema it cannot read or write.
    #[error(
        "this database was brought forward by a newer camelot-server (it has schema change \
         {0}, which camelot-server {version} does not know): run that newer version again; \
         nothing was changed",
        version = env!("CARGO_PKG_VERSION")
    )]
    Newer(i64),
}

/// The parameters `$from` to `$from + n - 1` of a query, comma-separated: an `IN` list's
/// places, the same on either database.
pub fn places(from: usize, n: usize) -> String {
    (from..from + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Runs the same code on whichever pool the database has (`$pool` is bound to it).
macro_rules! on {
    ($db:expr, write $pool:ident => $body:expr) => {
        match $db {
            $crate::store::Db::Sqlite { write: $pool, .. } => $body,
            $crate::store::Db::Postgres($pool) => $body,
        }
    };
    ($db:expr, read $pool:ident => $body:expr) => {
        match $db {
            $crate::store::Db::Sqlite { read: $pool, .. } => $body,
            $crate::store::Db::Postgres($pool) => $body,
        }
    };
}
pub(crate) use on;

/// Tells the other server processes that game `$id` changed, in the transaction `$tx` of
/// either database: PostgreSQL notifies them when it commits; SQLite has no others.
macro_rules! notify_others {
    ($db:expr, $tx:expr, $id:expr) => {
        if let $crate::store::Db::Postgres(_) = $db {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind($crate::store::CHANNEL)
                .bind($id)
                .execute(&mut *$tx)
                .await?;
        }
    };
}
pub(crate) use notify_others;

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
            let writer = batch::spawn(write.clone());
            Db::Sqlite {
                write,
                writer,
                read,
            }
        } else {
            return Err(OpenError::NotADatabase(Excerpt::new(url)));
        };
        let migrator = sqlx::migrate!("./migrations");
        // sqlx checks every applied change is known before it applies any.
        on!(&db, write pool => migrator.run(pool).await).map_err(|e| match e {
            sqlx::migrate::MigrateError::VersionMissing(v) => OpenError::Newer(v),
            e => OpenError::Schema(e),
        })?;
        Ok(db)
    }
}

#[cfg(test)]
impl Db {
    /// A fresh SQLite database of the test's own, named `name`, in the system's scratch
    /// folder.
    pub async fn scratch(name: &str) -> Db {
        let dir = std::env::temp_dir().join(format!("camelot-db-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Db::open(&format!("sqlite://{}", dir.join("server.db").display()))
            .await
            .unwrap()
    }
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
