//! `camelot-server`: the Camelot game server. Live games with clocks and slow games over
//! days, any variant, Grand Cam on four machines, watchers; every move judged by the
//! engine and stored before anyone hears of it. See docs/online.md.

mod connection;
mod db;
mod http;
mod hub;
mod live;
mod tokens;

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use axum::serve::ListenerExt;
use clap::Parser;

use crate::db::{Db, CHANNEL};
use crate::hub::Hubs;

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

async fn run(args: Args) -> Result<(), String> {
    let url = match args.database {
        Some(u) => u,
        None => default_database()?,
    };
    let db = Db::open(&url).await?;
    let hubs = Arc::new(Hubs::new(db));
    let listener = tokio::net::TcpListener::bind(&args.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    tokio::spawn(flag_sweeper(hubs.clone()));
    if let Db::Postgres(pool) = &hubs.db {
        let mut listener = sqlx::postgres::PgListener::connect_with(pool)
            .await
            .map_err(|e| format!("cannot listen to the database: {e}"))?;
        listener
            .listen(CHANNEL)
            .await
            .map_err(|e| format!("cannot listen to the database: {e}"))?;
        tokio::spawn(fan_in(hubs.clone(), listener));
    }
    println!("listening on http://{addr}");
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
        .map_err(|e| e.to_string())
}

fn default_database() -> Result<String, String> {
    let dir = camelot_engine::data_dir()
        .ok_or("no data directory: set HOME or CAMELOT_DATA_DIR, or give --database")?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
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
                if let Err(e) = hubs.refresh(n.payload()).await {
                    eprintln!("camelot-server: game {}: {e}", n.payload());
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
