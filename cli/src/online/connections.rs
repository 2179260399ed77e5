//! `online connections`: what idle players cost a server. Opens N WebSocket connections,
//! each watching one game and saying nothing more, and reads the server process's
//! resident memory (Linux `/proc/PID/status`) before, with them open, and after they
//! close. The last line is
//! `connections N, server memory A MB before, B MB with them, C kB a connection, D MB after`.
//!
//! With `--site`, the N connections are site sockets of one account signed up for it
//! (idle tabs logged in), and with them open another account challenges a third, whose
//! own site socket times the challenge's arrival; the line ends `, a challenge heard in
//! E ms`.

use std::time::{Duration, Instant};

use camelot_engine::Variant;
use camelot_online::protocol::accounts::{
    AccountKind, AccountName, AccountToken, Password, SignUp,
};
use camelot_online::protocol::challenges::{ColourChoice, NewChallenge};
use camelot_online::protocol::requests::NewGame;
use camelot_online::protocol::site::SiteServerMessage;
use camelot_online::protocol::{Hello, ServerMessage, TimeControl};
use camelot_online::{ask, ask_as, Connection, OnlineError, ServerAddress, SiteConnection};

use crate::failure::{refused, Failure};

#[derive(clap::Args)]
pub struct ConnectionsArgs {
    #[arg(long)]
    server: ServerAddress,
    /// How many connections to hold open at once.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    count: u32,
    /// The server's process id, to read its memory (it must run on this machine).
    #[arg(long)]
    server_pid: u32,
    /// Site sockets of logged-in accounts instead of game watchers, and a challenge
    /// timed through them.
    #[arg(long)]
    site: bool,
}

/// The resident memory of process `pid`, in bytes.
fn resident(pid: u32) -> Result<u64, Failure> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .map_err(|e| refused(format!("cannot read the memory of process {pid}: {e}")))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        // The kernel's "kB" are KiB.
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map(|kib| kib * 1024)
        .ok_or_else(|| refused(format!("process {pid} says nothing of its memory")))
}

impl ConnectionsArgs {
    pub fn run(self) -> Result<(), Failure> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .map_err(|e| refused(format!("cannot start a runtime: {e}")))?;
        runtime.block_on(self.measure())
    }

    async fn measure(&self) -> Result<(), Failure> {
        if self.site {
            return self.measure_site().await;
        }
        let settle = Duration::from_secs(1);
        let game = ask(
            &self.server,
            &NewGame::new(Variant::Camelot, TimeControl::Untimed),
        )
        .await?
        .game;
        // One connection first: what every connection shares (the game's hub, the
        // runtime's first allocations) is then in the "before".
        let first = watch(&self.server, &game).await?;
        tokio::time::sleep(settle).await;
        let before = resident(self.server_pid)?;
        let mut open = Vec::with_capacity(self.count as usize);
        for _ in 0..self.count {
            open.push(watch(&self.server, &game).await?);
        }
        tokio::time::sleep(settle).await;
        let with = resident(self.server_pid)?;
        for c in open {
            c.close().await;
        }
        first.close().await;
        tokio::time::sleep(2 * settle).await;
        let after = resident(self.server_pid)?;
        let mb = |bytes: u64| bytes as f64 / 1e6;
        out!(
            "connections {}, server memory {:.1} MB before, {:.1} MB with them, {:.1} kB a connection, {:.1} MB after",
            self.count,
            mb(before),
            mb(with),
            with.saturating_sub(before) as f64 / 1e3 / self.count as f64,
            mb(after)
        );
        Ok(())
    }
}

impl ConnectionsArgs {
    async fn measure_site(&self) -> Result<(), Failure> {
        let settle = Duration::from_secs(1);
        let stamp = std::process::id();
        let crowd = sign_up(&self.server, &format!("crowd{stamp}")).await?;
        let target_name = format!("target{stamp}");
        let target = sign_up(&self.server, &target_name).await?;
        let sender = sign_up(&self.server, &format!("sender{stamp}")).await?;
        let mut heard = site(&self.server, &target).await?;
        tokio::time::sleep(settle).await;
        let before = resident(self.server_pid)?;
        let mut open = Vec::with_capacity(self.count as usize);
        for _ in 0..self.count {
            open.push(site(&self.server, &crowd).await?);
        }
        tokio::time::sleep(settle).await;
        let with = resident(self.server_pid)?;
        let sent = Instant::now();
        let challenge = NewChallenge {
            to: AccountName::parse(&target_name).map_err(|e| refused(e.to_string()))?,
            variant: Variant::Camelot,
            time: TimeControl::Untimed,
            rated: false,
            colour: ColourChoice::Random,
            against: Vec::new(),
        };
        ask_as(&self.server, Some(&sender), &challenge).await?;
        let took = loop {
            match tokio::time::timeout(Duration::from_secs(30), heard.recv()).await {
                Ok(Ok(SiteServerMessage::Challenges(l))) if !l.incoming.is_empty() => {
                    break sent.elapsed()
                }
                Ok(Ok(_)) => continue,
                Ok(Err(e)) => return Err(e.into()),
                Err(_) => return Err(refused("no challenge heard in 30 s")),
            }
        };
        for c in open {
            c.close().await;
        }
        heard.close().await;
        tokio::time::sleep(2 * settle).await;
        let after = resident(self.server_pid)?;
        let mb = |bytes: u64| bytes as f64 / 1e6;
        out!(
            "site connections {}, server memory {:.1} MB before, {:.1} MB with them, {:.1} kB a connection, {:.1} MB after, a challenge heard in {} ms",
            self.count,
            mb(before),
            mb(with),
            with.saturating_sub(before) as f64 / 1e3 / self.count as f64,
            mb(after),
            took.as_millis()
        );
        Ok(())
    }
}

/// A new person's account `name`: its program's session.
async fn sign_up(server: &ServerAddress, name: &str) -> Result<AccountToken, Failure> {
    let asked = SignUp {
        name: AccountName::parse(name).map_err(|e| refused(e.to_string()))?,
        password: Password::parse("a measured crowd").map_err(|e| refused(e.to_string()))?,
        kind: AccountKind::Person,
        rated_with_people: false,
        token: true,
    };
    ask(server, &asked)
        .await?
        .token
        .ok_or_else(|| refused("the server kept the session in a cookie"))
}

/// A site socket of `token`'s account, once it has heard its first list.
async fn site(server: &ServerAddress, token: &AccountToken) -> Result<SiteConnection, Failure> {
    let mut c = SiteConnection::open(server, token).await?;
    loop {
        match c.recv().await? {
            SiteServerMessage::Challenges(_) => return Ok(c),
            SiteServerMessage::Error { message, .. } => return Err(refused(message)),
            _ => {}
        }
    }
}

/// A connection watching `game`, once the server has sent it.
async fn watch(
    server: &ServerAddress,
    game: &camelot_online::protocol::GameId,
) -> Result<Connection, OnlineError> {
    let mut c = Connection::open(server).await?;
    c.send(&Hello::watch(game).into()).await?;
    loop {
        match c.recv().await? {
            ServerMessage::State { .. } => return Ok(c),
            ServerMessage::Error { code, message } => {
                return Err(OnlineError::Refused { code, message })
            }
            _ => {}
        }
    }
}
