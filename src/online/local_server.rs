//! "Start a server here": a `camelot-server` (beside this program, on the `PATH`, or
//! where its package puts it), for an evening's games on this network, that ends with
//! the game. It reads its standard input from a
//! pipe the game holds (`--stop-with-stdin`): when the game lets go of the server, or
//! ends however it ends (its window closed, a signal, a crash, even SIGKILL), the pipe
//! closes and the server stops as it does on SIGTERM, its games written.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
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
    /// No `camelot-server` beside this program, on the `PATH` or where its package puts
    /// it: said as a player can act on it.
    #[error("Hosting needs the camelot-server package: sudo apt install camelot-server")]
    NoBinary,
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
        let path = std::env::var_os("PATH");
        let server = find_server(&exe, path.as_deref(), &[Path::new(PACKAGED)])
            .ok_or(LocalServerError::NoBinary)?;
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

/// Where the server's package puts it.
const PACKAGED: &str = "/usr/bin/camelot-server";

/// The server to start: beside this program `exe` (a build's `target/release`, the
/// tarball's `~/.local/bin`), then in each folder of `path`, then at `installed` (the
/// package's place: the game's own package puts the game in `/usr/games`, the server's
/// in `/usr/bin`).
fn find_server(exe: &Path, path: Option<&OsStr>, installed: &[&Path]) -> Option<PathBuf> {
    let beside = exe.with_file_name("camelot-server");
    let on_path = path
        .map(|p| std::env::split_paths(p).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .map(|dir| dir.join("camelot-server"));
    std::iter::once(beside)
        .chain(on_path)
        .chain(installed.iter().map(|p| p.to_path_buf()))
        .find(|p| runnable(p))
}

/// A file this user may run.
fn runnable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
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

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn folder(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("camelot-find-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn program(at: &Path, mode: u32) -> PathBuf {
        std::fs::write(at, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(at, std::fs::Permissions::from_mode(mode)).unwrap();
        at.to_path_buf()
    }

    /// The installed game (`/usr/games/camelot`) finds the installed server
    /// (`/usr/bin/camelot-server`): beside the game first, then on the PATH, then the
    /// package's place; a file that cannot be run is passed over.
    #[test]
    fn the_server_is_found_beside_the_game_on_the_path_or_where_its_package_puts_it() {
        let games = folder("games");
        let exe = games.join("camelot");
        let bin = folder("bin");
        let usr_bin = folder("usr-bin");
        let packaged = program(&usr_bin.join("camelot-server"), 0o755);
        let path = std::env::join_paths([bin.clone(), folder("empty")]).unwrap();
        assert_eq!(
            find_server(&exe, Some(&path), &[&packaged]),
            Some(packaged.clone())
        );
        assert_eq!(find_server(&exe, None, &[]), None);
        program(&bin.join("camelot-server"), 0o644);
        assert_eq!(
            find_server(&exe, Some(&path), &[&packaged]),
            Some(packaged.clone()),
            "not runnable"
        );
        let on_path = program(&bin.join("camelot-server"), 0o755);
        assert_eq!(find_server(&exe, Some(&path), &[&packaged]), Some(on_path));
        let beside = program(&games.join("camelot-server"), 0o755);
        assert_eq!(find_server(&exe, Some(&path), &[&packaged]), Some(beside));
        assert_eq!(
            LocalServerError::NoBinary.to_string(),
            "Hosting needs the camelot-server package: sudo apt install camelot-server"
        );
    }
}
