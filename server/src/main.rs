//! `camelot-server`: the Camelot game server. Live games with clocks and slow games over
//! days, any variant, Grand Cam on four machines, watchers; every move judged by the
//! engine and stored before anyone hears of it. See docs/online.md.

// The shared floor: one pool, one error type, the limits and the door.
mod app;
mod common;
mod listen;
mod store;
// The rooms, a folder a feature.
mod accounts;
mod analysis;
mod challenges;
mod computer;
mod games;
mod pages;
mod pairing;
mod players;
mod presence;
mod queue;
mod ratings;
mod relations;
mod round;
mod seats;
mod setup;
mod tournaments;
mod tv;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;

use crate::analysis::AnalysisBudget;
use crate::common::client::{TrustedProxies, TrustedProxy};
use crate::common::limits::{Admission, Cap, PerMinute};
use crate::listen::TlsError;
use crate::queue::Wake;
use crate::round::Hubs;
use crate::setup::{Setup, SetupLimits};
use camelot_online::protocol::accounts::AccountName;

use crate::accounts::Hasher;
use crate::accounts::{AccountLimits, Accounts};
use crate::store::{Db, OpenError, CHANNEL};

/// Why the server could not start, or stopped serving.
#[derive(Debug, thiserror::Error)]
enum StartError {
    #[error("no data directory: set HOME or CAMELOT_DATA_DIR, or give --database")]
    NoDataDir,
    #[error("cannot create {}: {source}", dir.display())]
    DataDir {
        dir: std::path::PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Database(OpenError),
    #[error("cannot listen on {address}: {source}")]
    Listen {
        address: String,
        source: std::io::Error,
    },
    /// PostgreSQL would not let this process hear the others' changes.
    #[error("cannot listen to the database: {0}")]
    Notifications(sqlx::Error),
    #[error("cannot free the computer's turns and analyses a stopped server held: {0}")]
    Turns(sqlx::Error),
    #[error(transparent)]
    Tls(TlsError),
    #[error(transparent)]
    Operator(accounts::OperatorError),
    #[error(transparent)]
    Schedule(tournaments::ScheduleError),
}

#[derive(Parser)]
#[command(
    name = "camelot-server",
    version = concat!(env!("CARGO_PKG_VERSION"), " (", env!("CAMELOT_COMMIT"), ")"),
    about = "The Camelot game server",
    after_help = "Each option with a value, and --no-tv, may instead be set in the environment as \
                  CAMELOT_ and its name in capitals (CAMELOT_LISTEN, CAMELOT_DATABASE, \
                  CAMELOT_TLS_CERT, ...): the package's service reads them from \
                  /etc/default/camelot-server. A command-line option wins over the environment."
)]
struct Args {
    /// The address to listen on; port 0 picks a free one.
    #[arg(long, env = "CAMELOT_LISTEN", default_value = "127.0.0.1:8080")]
    listen: String,
    /// sqlite://PATH (created if missing) or postgres://USER:PASSWORD@HOST/NAME (for
    /// several server processes on one database). Default: server.db in the data
    /// directory.
    #[arg(long, env = "CAMELOT_DATABASE")]
    database: Option<String>,
    /// Say where the server listens as one JSON line for the program that started it,
    /// `{"listening":"http://ADDRESS:PORT"}`, instead of the sentence.
    #[arg(long)]
    ready_json: bool,
    /// Stop when standard input closes: a server another program started (the game's
    /// "Start a server here") ends with that program, however that program ends.
    #[arg(long)]
    stop_with_stdin: bool,
    /// Serve HTTPS and WSS with this certificate chain (PEM, the server's first).
    #[arg(
        long,
        env = "CAMELOT_TLS_CERT",
        value_name = "FILE",
        requires = "tls_key"
    )]
    tls_cert: Option<PathBuf>,
    /// The certificate's private key (PEM).
    #[arg(
        long,
        env = "CAMELOT_TLS_KEY",
        value_name = "FILE",
        requires = "tls_cert"
    )]
    tls_key: Option<PathBuf>,
    /// Connections open at once, in all (0: no limit).
    #[arg(
        long,
        env = "CAMELOT_MAX_CONNECTIONS",
        default_value_t = 10_000,
        value_name = "N"
    )]
    max_connections: usize,
    /// Connections open at once from one address (an IPv6 address's /64); 0: no limit.
    #[arg(
        long,
        env = "CAMELOT_MAX_CONNECTIONS_PER_ADDRESS",
        default_value_t = 256,
        value_name = "N"
    )]
    max_connections_per_address: usize,
    /// TLS handshakes one address may start a minute, with HTTPS (0: no limit); beyond,
    /// its connections are closed unanswered.
    #[arg(
        long,
        env = "CAMELOT_HANDSHAKES_PER_MINUTE",
        default_value_t = 600,
        value_name = "N"
    )]
    handshakes_per_minute: u32,
    /// Games one address may create a minute (0: no limit).
    #[arg(
        long,
        env = "CAMELOT_GAMES_PER_MINUTE",
        default_value_t = 30,
        value_name = "N"
    )]
    games_per_minute: u32,
    /// Open seats one address may take a minute (0: no limit).
    #[arg(
        long,
        env = "CAMELOT_SEATS_PER_MINUTE",
        default_value_t = 30,
        value_name = "N"
    )]
    seats_per_minute: u32,
    /// Accounts one address may sign up a minute (0: no limit).
    #[arg(
        long,
        env = "CAMELOT_SIGN_UPS_PER_MINUTE",
        default_value_t = 5,
        value_name = "N"
    )]
    sign_ups_per_minute: u32,
    /// Logins one address may try a minute (0: no limit).
    #[arg(
        long,
        env = "CAMELOT_LOGINS_PER_MINUTE",
        default_value_t = 10,
        value_name = "N"
    )]
    logins_per_minute: u32,
    /// Wrong passwords one account may be tried with a minute from devices it has not
    /// logged in from (0: no limit); the same many a minute from one address, from one
    /// device it knows, and for one session's password change.
    #[arg(
        long,
        env = "CAMELOT_LOGINS_PER_ACCOUNT_PER_MINUTE",
        default_value_t = 5,
        value_name = "N"
    )]
    logins_per_account_per_minute: u32,
    /// QR codes of invitations the server draws for one address a minute (0: no limit).
    #[arg(
        long,
        env = "CAMELOT_QR_PER_MINUTE",
        default_value_t = 30,
        value_name = "N"
    )]
    qr_per_minute: u32,
    /// Live games with a computer seat one address may have at once (0: no limit); each
    /// owes the computer at most one turn at a time.
    #[arg(
        long,
        env = "CAMELOT_COMPUTER_GAMES_PER_ADDRESS",
        default_value_t = 20,
        value_name = "N"
    )]
    computer_games_per_address: usize,
    /// Of those, games nobody has joined yet (0: no limit); the computer thinks for a
    /// game only once a person has come to it.
    #[arg(
        long,
        env = "CAMELOT_UNJOINED_COMPUTER_GAMES_PER_ADDRESS",
        default_value_t = 10,
        value_name = "N"
    )]
    unjoined_computer_games_per_address: usize,
    /// Finished games of the TV kept to be replayed; older ones are forgotten.
    #[arg(
        long,
        env = "CAMELOT_TV_GAMES_KEPT",
        default_value_t = 100,
        value_name = "N"
    )]
    tv_games_kept: u32,
    /// Forget a game that no seat's player has joined this many seconds after it was
    /// created (a week by default), whatever the computer played in it.
    #[arg(long, env = "CAMELOT_FORGET_UNJOINED_AFTER", default_value_t = 7 * 86_400, value_name = "SECONDS",
          value_parser = clap::value_parser!(u64).range(1..))]
    forget_unjoined_after: u64,
    /// Close a connection that says nothing for this many seconds: the server pings a
    /// quiet one a third of the way in, and a client that is there answers by itself.
    #[arg(long, env = "CAMELOT_IDLE_TIMEOUT", default_value_t = 60, value_name = "SECONDS",
          value_parser = clap::value_parser!(u64).range(3..=3600))]
    idle_timeout: u64,
    /// Analyses of finished games one address may have waiting or under way (0: no
    /// limit).
    #[arg(
        long,
        env = "CAMELOT_ANALYSES_PER_ADDRESS",
        default_value_t = 3,
        value_name = "N"
    )]
    analyses_per_address: usize,
    /// Quick-game requests one address may have waiting at once, each account's one
    /// (0: no limit).
    #[arg(
        long,
        env = "CAMELOT_QUICK_GAMES_PER_ADDRESS",
        default_value_t = 8,
        value_name = "N"
    )]
    quick_games_per_address: usize,
    /// Challenges one account may send a minute (three times as many from one
    /// address; 0: no limit).
    #[arg(
        long,
        env = "CAMELOT_CHALLENGES_PER_MINUTE",
        default_value_t = 10,
        value_name = "N"
    )]
    challenges_per_minute: u32,
    /// Tournaments made a minute from one address (0: no limit).
    #[arg(
        long,
        env = "CAMELOT_TOURNAMENTS_PER_MINUTE",
        default_value_t = 3,
        value_name = "N"
    )]
    tournaments_per_minute: u32,
    /// Seconds a tournament's player has for a first move before the game is called off.
    #[arg(
        long,
        env = "CAMELOT_FIRST_MOVE_SECONDS",
        default_value_t = 30,
        value_name = "S"
    )]
    first_move_seconds: u64,
    /// Nodes an analysis searches in each position of a game (the 3D game's review's by
    /// default, about a fifth of a second on one core; at most the master's 2 million,
    /// since a computer's turn that falls due waits for the position in progress).
    #[arg(long, env = "CAMELOT_ANALYSIS_NODES", default_value_t = camelot_engine::search::REVIEW_NODES,
          value_name = "N", value_parser = clap::value_parser!(u64).range(1_000..=2_000_000))]
    analysis_nodes: u64,
    /// Searches the computer's seats may run at once (default: every core but one;
    /// 0: this process plays no computer turn, another on the same database does).
    #[arg(long, env = "CAMELOT_COMPUTER_THREADS", value_name = "N")]
    computer_threads: Option<usize>,
    /// Serve nothing, only play the computer's turns: a process beside the servers on
    /// one PostgreSQL database, to add thinking.
    #[arg(long)]
    computer_only: bool,
    /// An origin the server's page is served from besides the address the request was
    /// sent to (`https://camelot.example`, for a proxy that changes the Host header); may
    /// be given several times, or comma-separated in the environment. Requests from any
    /// other site's page are refused.
    #[arg(
        long = "origin",
        env = "CAMELOT_ORIGINS",
        value_name = "URL",
        value_delimiter = ','
    )]
    origins: Vec<String>,
    /// A reverse proxy in front of the server (an address or a network: `127.0.0.1`,
    /// `10.0.0.0/8`); may be given several times, or comma-separated in the environment.
    /// Only from these is `X-Forwarded-For` (or `Forwarded`) believed, so each client is
    /// limited by its own address, and `X-Forwarded-Proto: https` marks sessions secure.
    #[arg(
        long = "trusted-proxy",
        env = "CAMELOT_TRUSTED_PROXIES",
        value_name = "ADDRESS",
        value_delimiter = ','
    )]
    trusted_proxies: Vec<TrustedProxy>,
    /// Keep no computer match on for watchers (the TV: on by default, listed among the
    /// live games and on the front page).
    #[arg(long, env = "CAMELOT_NO_TV")]
    no_tv: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

/// What the operator may do instead of serving.
#[derive(clap::Subcommand)]
enum Command {
    /// An account on the server's database (--database), as its operator.
    #[command(subcommand)]
    Account(AccountCommand),
    /// The operator's tournaments: scheduled every day at a time.
    #[command(subcommand)]
    Tournament(tournaments::TournamentCommand),
}

#[derive(clap::Subcommand)]
enum AccountCommand {
    /// Give NAME a new password, printed here to pass on, and end its sessions on every
    /// device.
    ResetPassword { name: AccountName },
    /// Close NAME's account: its games stay, played by "deleted player"; its name is
    /// nobody's for 30 days.
    Close { name: AccountName },
}

/// How often open challenges past their time are marked expired, and how often each
/// process's director looks at the tournaments due or under way.
const EXPIRE_EVERY: Duration = Duration::from_secs(5);
const DIRECT_EVERY: Duration = Duration::from_secs(1);

/// `0` on the command line: no limit.
fn cap(n: usize) -> Cap {
    Cap((n > 0).then_some(n))
}

fn per_minute<K: std::hash::Hash + Eq>(n: u32) -> PerMinute<K> {
    PerMinute::new((n > 0).then_some(n))
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
    let url = match args.database.clone() {
        Some(u) => u,
        None => default_database()?,
    };
    match args.command {
        Some(Command::Account(command)) => return operate(&url, command).await,
        Some(Command::Tournament(command)) => {
            let db = Db::open(&url).await.map_err(StartError::Database)?;
            return tournaments::operate(&db, command)
                .await
                .map_err(StartError::Schedule);
        }
        None => {}
    }
    let tls = match (&args.tls_cert, &args.tls_key) {
        (Some(cert), Some(key)) => Some(Arc::new(listen::Tls {
            acceptor: listen::tls_acceptor(cert, key).map_err(StartError::Tls)?,
            handshakes: per_minute(args.handshakes_per_minute),
        })),
        _ => None,
    };
    let db = Db::open(&url).await.map_err(StartError::Database)?;
    queue::free_work_of_the_dead(&db)
        .await
        .map_err(StartError::Turns)?;
    let wake = Wake::new();
    let limits = SetupLimits {
        creations: per_minute(args.games_per_minute),
        computer_games: cap(args.computer_games_per_address),
        unjoined_computer_games: cap(args.unjoined_computer_games_per_address),
    };
    let setup = Arc::new(Setup::new(db.clone(), limits, wake.clone()));
    let idle = Duration::from_secs(args.idle_timeout);
    let hubs = Arc::new(Hubs::new(db, idle, setup.clone(), wake));
    let searches = args
        .computer_threads
        .unwrap_or_else(computer::default_searches);
    let budget = AnalysisBudget {
        nodes: args.analysis_nodes,
    };
    computer::spawn(hubs.clone(), searches, budget);
    if args.computer_only {
        println!("playing the computer's seats, {searches} at a time");
        let _ = std::io::stdout().flush();
        stop_asked(args.stop_with_stdin).await;
        return Ok(());
    }
    // Only a process that serves requests hashes passwords and watches sessions.
    let accounts = Arc::new(Accounts {
        db: hubs.db.clone(),
        hasher: Hasher::new(),
        watch: accounts::SessionWatch::start(hubs.db.clone()),
        limits: AccountLimits::new(
            per_minute(args.sign_ups_per_minute),
            per_minute(args.logins_per_minute),
            (args.logins_per_account_per_minute > 0).then_some(args.logins_per_account_per_minute),
        ),
    });
    let cannot_listen = |source| StartError::Listen {
        address: args.listen.clone(),
        source,
    };
    let listener = tokio::net::TcpListener::bind(&args.listen)
        .await
        .map_err(cannot_listen)?;
    let addr = listener.local_addr().map_err(cannot_listen)?;
    tokio::spawn(round::flag_sweeper(hubs.clone()));
    if !args.no_tv {
        tv::spawn(hubs.db.clone(), hubs.wake.clone());
    }
    forget_in_turn(
        &hubs.db,
        Duration::from_secs(args.forget_unjoined_after),
        args.tv_games_kept,
    );
    if let Db::Postgres(pool) = &hubs.db {
        let mut listener = sqlx::postgres::PgListener::connect_with(pool)
            .await
            .map_err(StartError::Notifications)?;
        listener
            .listen(CHANNEL)
            .await
            .map_err(StartError::Notifications)?;
        tokio::spawn(round::fan_in(hubs.clone(), listener));
    }
    let scheme = if tls.is_some() { "https" } else { "http" };
    let url = format!("{scheme}://{addr}");
    if args.ready_json {
        println!("{}", serde_json::json!({ "listening": url }));
    } else {
        println!("listening on {url}");
    }
    let _ = std::io::stdout().flush();
    let admission = Admission::new(
        cap(args.max_connections),
        cap(args.max_connections_per_address),
    );
    let origins = common::site::Origins::new(&args.origins);
    let challenge_watch = challenges::ChallengeWatch::start(hubs.db.clone());
    challenges::expire_in_turn(hubs.db.clone(), EXPIRE_EVERY, challenge_watch.clone());
    tournaments::direct_in_turn(hubs.db.clone(), DIRECT_EVERY, args.first_move());
    let site = presence::SiteRooms {
        db: hubs.db.clone(),
        challenges: challenge_watch,
        present: presence::Present::start(hubs.db.clone()),
    };
    listen::serve(
        listener,
        app::router(hubs, setup, accounts, origins, room_limits(&args), site),
        admission,
        tls,
        Arc::new(TrustedProxies::new(args.trusted_proxies)),
        async {
            stop_asked(args.stop_with_stdin).await;
        },
    )
    .await;
    Ok(())
}

impl Args {
    fn first_move(&self) -> Duration {
        Duration::from_secs(self.first_move_seconds)
    }
}

/// What the rooms that keep an allowance of their own give, from the command line.
fn room_limits(args: &Args) -> app::RoomLimits {
    app::RoomLimits {
        quick_games: cap(args.quick_games_per_address),
        takes: per_minute(args.seats_per_minute),
        qr: per_minute(args.qr_per_minute),
        analyses: cap(args.analyses_per_address),
        challenges: challenges::ChallengeLimits {
            open_per_sender: challenges::OPEN_PER_SENDER,
            per_account: per_minute(args.challenges_per_minute),
            per_address: per_minute(args.challenges_per_minute * 3),
        },
        tournaments: tournaments::TournamentLimits {
            per_address: per_minute(args.tournaments_per_minute),
        },
    }
}

/// Does what the operator asked of an account, and says so.
async fn operate(url: &str, command: AccountCommand) -> Result<(), StartError> {
    let db = Db::open(url).await.map_err(StartError::Database)?;
    match command {
        AccountCommand::ResetPassword { name } => {
            let password = accounts::reset_password(&db, &name)
                .await
                .map_err(StartError::Operator)?;
            println!("{name}'s new password: {}", password.expose());
            println!("every session of {name} has ended");
        }
        AccountCommand::Close { name } => {
            accounts::close(&db, &name)
                .await
                .map_err(StartError::Operator)?;
            println!("{name}'s account is closed");
        }
    }
    Ok(())
}

/// Ends when the process is asked to stop: Ctrl-C at a terminal, SIGTERM from a service
/// manager (systemd stopping the unit) or a logout, or (`stdin`) the end of standard
/// input.
async fn stop_asked(stdin: bool) {
    let stdin_closed = async {
        if stdin {
            stdin_closed().await;
        } else {
            std::future::pending::<()>().await;
        }
    };
    tokio::select! {
        () = signalled() => {}
        () = stdin_closed => {}
    }
}

async fn signalled() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Ends when standard input does: the program that started the server closed its end
/// (it stopped, or it ended, even killed). Read on a thread of its own, not tokio's
/// blocking pool, whose reads the runtime would wait for when the server stops otherwise.
async fn stdin_closed() {
    let (tx, rx) = tokio::sync::oneshot::channel();
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut std::io::stdin().lock(), &mut std::io::sink());
        let _ = tx.send(());
    });
    let _ = rx.await;
}

fn default_database() -> Result<String, StartError> {
    let dir = camelot_files::data_dir().ok_or(StartError::NoDataDir)?;
    std::fs::create_dir_all(&dir).map_err(|source| StartError::DataDir {
        dir: dir.clone(),
        source,
    })?;
    Ok(format!("sqlite://{}", dir.join("server.db").display()))
}

/// Each room's clean-up, scheduled by the room, every little while: the games nobody
/// joined within `after`, the TV's finished games but the newest `tv_kept`, and what
/// accounts, quick games and the computer no longer need.
fn forget_in_turn(db: &Db, after: Duration, tv_kept: u32) {
    let period = (after / 2).clamp(Duration::from_secs(1), Duration::from_secs(600));
    games::forget_in_turn(db.clone(), period, after);
    tv::forget_in_turn(db.clone(), period, tv_kept);
    queue::forget_in_turn(db.clone(), period);
    accounts::forget_in_turn(db.clone(), period);
    pairing::forget_in_turn(db.clone(), period);
}
