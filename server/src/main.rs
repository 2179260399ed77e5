//! `camelot-server`: the Camelot game server. Live games with clocks and slow games over
//! days, any variant, Grand Cam on four machines, watchers; every move judged by the
//! engine and stored before anyone hears of it. See docs/online.md.

mod connection;
mod db;
mod http;
mod hub;
mod live;
mod tokens;

use std::fmt;
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use axum::serve::ListenerExt;
use camelot_online::protocol::GameId;
use clap::Parser;

use crate::db::{Db, OpenError, CHANNEL};
use crate::hub::Hubs;

/// Why the server could not start, or stopped serving.
#[derive(Debug)]
enum StartError {
    NoDataDir,
    DataDir {
        dir: std::path::PathBuf,
        source: std::io::Error,
    },
    Database(OpenError),
    Listen {
        address: String,
        source: std::io::Error,
    },
    /// PostgreSQL would not let this process hear the others' changes.
    Notifications(sqlx::Error),
    Serve(std::io::Error),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::NoDataDir => {
                f.write_str("no data directory: set HOME or CAMELOT_DATA_DIR, or give --database")
            }
            StartError::DataDir { dir, source } => {
                write!(f, "cannot create {}: {source}", dir.display())
            }
            StartError::Database(e) => e.fmt(f),
            StartError::Listen { address, source } => {
                write!(f, "cannot listen on {address}: {source}")
            }
            StartError::Notifications(e) => write!(f, "cannot listen to the database: {e}"),
            StartError::Serve(e) => write!(f, "serving stopped: {e}"),
        }
    }
}

#[derive(Parser)]
#[command(name = "camelot-server", version, about = "The Camelot game server")]
struct Args {
    /// The address to listen on; port 0 picks a free one.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: String,
    /// sqlite://PATH (created if missing) or postgres://USER:PASSWORD@HOST/NAME (for
    /// several server processes on one database). Default: server.db in the data
    /// directory.
    #[arg(long)]
    database: Option<String>,
    /// Say where the server listens as one JSON line for the program that started it,
    /// `{"listening":"http://ADDRESS:PORT"}`, instead of the sentence.
    #[arg(long)]
    ready_json: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    match runtime.block_on(run(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("camelot-server: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run(args: Args) -> Result<(), StartError> {
    let url = match args.database {
        Some(u) => u,
        None => default_database()?,
    };
    let db = Db::open(&url).await.map_err(StartError::Database)?;
    let hubs = Arc::new(Hubs::new(db));
    let cannot_listen = |source| StartError::Listen {
        address: args.listen.clone(),
        source,
    };
    let listener = tokio::net::TcpListener::bind(&args.listen)
        .await
        .map_err(cannot_listen)?;
    let addr = listener.local_addr().map_err(cannot_listen)?;
    tokio::spawn(flag_sweeper(hubs.clone()));
    if let Db::Postgres(pool) = &hubs.db {
        let mut listener = sqlx::postgres::PgListener::connect_with(pool)
            .await
            .map_err(StartError::Notifications)?;
        listener
            .listen(CHANNEL)
            .await
            .map_err(StartError::Notifications)?;
        tokio::spawn(fan_in(hubs.clone(), listener));
    }
    let url = format!("http://{addr}");
    if args.ready_json {
        println!("{}", serde_json::json!({ "listening": url }));
    } else {
        println!("listening on {url}");
    }
    let _ = std::io::stdout().flush();
    // Moves are small messages that must go at once, not wait to be batched.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, http::router(hubs))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(StartError::Serve)
}

fn default_database() -> Result<String, StartError> {
    let dir = camelot_files::data_dir().ok_or(StartError::NoDataDir)?;
    std::fs::create_dir_all(&dir).map_err(|source| StartError::DataDir {
        dir: dir.clone(),
        source,
    })?;
    Ok(format!("sqlite://{}", dir.join("server.db").display()))
}

/// Ends on time, every quarter of a second, the games whose mover's time ran out.
async fn flag_sweeper(hubs: Arc<Hubs>) {
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    loop {
        tick.tick().await;
        if let Err(e) = hubs.flag_overdue().await {
            eprintln!("camelot-server: checking clocks: {e}");
        }
    }
}

/// Moves stored by other server processes, heard from PostgreSQL, passed to this
/// process's players and watchers.
async fn fan_in(hubs: Arc<Hubs>, mut listener: sqlx::postgres::PgListener) {
    loop {
        match listener.recv().await {
            Ok(n) => {
                let Ok(id) = GameId::parse(n.payload()) else {
                    continue;
                };
                if let Err(e) = hubs.refresh(&id).await {
                    eprintln!("camelot-server: game {id}: {e}");
                }
            }
            // The listener reconnects by itself; wait a little before asking again.
            Err(e) => {
                eprintln!("camelot-server: listening to the database: {e}");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}
