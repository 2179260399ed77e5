//! "Start a server here": a `camelot-server` beside this program, for an evening's
//! games on this network, that ends with the game. It reads its standard input from a
//! pipe the game holds (`--stop-with-stdin`): when the game lets go of the server, or
//! ends however it ends (its window closed, a signal, a crash, even SIGKILL), the pipe
//! closes and the server stops as it does on SIGTERM, its games written.

use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use camelot_online::ServerAddress;
use serde::Deserialize;

/// How long the game waits, on letting go, for its server to stop by itself before it
/// kills it.
const STOPPING: Duration = Duration::from_secs(5);

/// Why a server could not be started here.
#[derive(Debug, thiserror::Error)]
pub enum LocalServerError {
    /// No `camelot-server` beside this program.
    #[error(
        "no camelot-server beside {} (cargo build --release -p camelot-server makes it)",
        beside.display()
    )]
    NoBinary { beside: PathBuf },
    #[error("no data directory for the server's games")]
    NoDataDir,
    #[error("the server could not be started: {0}")]
    Start(std::io::Error),
    /// The server ended before it said where it listens, or said something else.
    #[error("the server stopped before it said where it listens")]
    NoAddress,
}

/// A server this game started, running until the value is dropped.
pub struct LocalServer {
    child: Child,
    /// The server's standard input: closing it stops the server.
    input: Option<ChildStdin>,
    /// Where players on this network find it.
    pub address: ServerAddress,
}

#[derive(Deserialize)]
struct Ready {
    listening: String,
}

impl LocalServer {
    /// Starts the server beside this program on `db` and reads where it listens.
    pub fn start(db: Option<PathBuf>) -> Result<LocalServer, LocalServerError> {
        let exe = std::env::current_exe().map_err(LocalServerError::Start)?;
        let server = exe.with_file_name("camelot-server");
        if !server.exists() {
            return Err(LocalServerError::NoBinary { beside: exe });
        }
        let db = db.ok_or(LocalServerError::NoDataDir)?;
        let mut child = Command::new(&server)
            // An evening's server on a player's own machine: no computer match beside
            // the game for the cores.
            .args([
                "--listen",
                "0.0.0.0:0",
                "--ready-json",
                "--no-tv",
                "--stop-with-stdin",
                "--database",
            ])
            .arg(format!("sqlite://{}", db.display()))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(LocalServerError::Start)?;
        let input = child.stdin.take();
        let listening = child.stdout.take().and_then(|out| {
            let mut line = String::new();
            std::io::BufRead::read_line(&mut std::io::BufReader::new(out), &mut line).ok()?;
            let ready: Ready = serde_json::from_str(&line).ok()?;
            ServerAddress::parse(&ready.listening).ok()
        });
        let Some(listening) = listening else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(LocalServerError::NoAddress);
        };
        // The server listens on every interface: a friend types this machine's address.
        let port = listening.host().rsplit(':').next().unwrap_or("8080");
        let address = ServerAddress::parse(&format!("http://{}:{port}", network_address()))
            .unwrap_or(listening);
        Ok(LocalServer {
            child,
            input,
            address,
        })
    }
}

impl Drop for LocalServer {
    /// Closes the server's input, so that it stops in order, and waits for it a while;
    /// one that does not stop is killed.
    fn drop(&mut self) {
        drop(self.input.take());
        let start = Instant::now();
        while start.elapsed() < STOPPING {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// This machine's address on its network (what a friend on the same network types),
/// or loopback where none is found.
fn network_address() -> String {
    // Connecting a UDP socket sends nothing; it only picks the interface a route uses.
    std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| {
            s.connect("192.0.2.1:9")?;
            s.local_addr()
        })
        .map(|a| a.ip().to_string())
        .unwrap_or_else(|_| "127.0.0.1".into())
}
