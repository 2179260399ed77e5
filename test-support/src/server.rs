//! Real server processes for the tests: started on loopback, read until they say they
//! listen, killed with SIGKILL when asked (or when dropped).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use camelot_online::ServerAddress;

use crate::skip::skip;

pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT` (or `https://` for a server with a certificate)
    pub url: String,
    pub port: u16,
}

impl Server {
    /// `camelot-server --listen ADDR --database DB`, once it accepts connections.
    pub fn start(bin: &Path, database: &str, listen: &str) -> Server {
        Server::start_with(bin, &["--listen", listen, "--database", database])
    }

    /// `camelot-server --no-tv ARGS...`, once it says where it listens: the server's
    /// computer match would take turns and a core from what a test measures.
    pub fn start_with(bin: &Path, args: &[&str]) -> Server {
        Server::start_args(bin, &[&["--no-tv"], args].concat())
    }

    /// `camelot-server ARGS...` with its TV on, once it says where it listens.
    pub fn start_with_tv(bin: &Path, args: &[&str]) -> Server {
        Server::start_args(bin, args)
    }

    fn start_args(bin: &Path, args: &[&str]) -> Server {
        let mut child = Command::new(bin)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", bin.display()));
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the server says where it listens within a minute");
        let url = line
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("the first line: {line}"))
            .to_string();
        let port = url.rsplit(':').next().unwrap().parse().unwrap();
        Server { child, url, port }
    }

    /// The server's address, as the client library takes it.
    pub fn address(&self) -> ServerAddress {
        ServerAddress::parse(&self.url).expect("the server names its own address")
    }

    /// SIGKILL: no chance to flush or say goodbye.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The process id, for measuring the server from outside.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The server's record of game `game` (`GET /games/ID.cgn`), replayed by the engine.
pub fn stored_game(url: &str, game: &str) -> camelot_engine::Game {
    let text = http_get(url, &format!("/games/{game}.cgn"));
    camelot_engine::notation::Record::import(&text)
        .unwrap_or_else(|e| panic!("the record of {game} reads: {e}\n{text}"))
        .1
}

/// `GET path` on a plain-HTTP server (`http://HOST:PORT`): the body of a 200 answer.
pub fn http_get(url: &str, path: &str) -> String {
    use std::io::{Read, Write};
    let host = url.trim_start_matches("http://").trim_end_matches('/');
    let mut s = std::net::TcpStream::connect(host).unwrap();
    write!(s, "GET {path} HTTP/1.0\r\nHost: {host}\r\n\r\n").unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    assert!(
        text.starts_with("HTTP/1.0 200") || text.starts_with("HTTP/1.1 200"),
        "{text}"
    );
    text.split_once("\r\n\r\n").unwrap().1.to_string()
}

/// What a plain HTTP request came back with.
#[derive(Debug)]
pub struct HttpAnswer {
    pub status: u16,
    /// Header lines, names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl HttpAnswer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `METHOD path` with an optional JSON body on a plain-HTTP server, whatever the status.
pub fn http(url: &str, method: &str, path: &str, body: Option<&str>) -> HttpAnswer {
    use std::io::{Read, Write};
    let host = url.trim_start_matches("http://").trim_end_matches('/');
    let mut s = std::net::TcpStream::connect(host).unwrap();
    let body = body.unwrap_or("");
    write!(
        s,
        "{method} {path} HTTP/1.0\r\nHost: {host}\r\ncontent-type: application/json\r\n\
         content-length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {text}"));
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    HttpAnswer {
        status,
        headers,
        body: body.to_string(),
    }
}

/// A scratch directory of the test's own.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("camelot-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn sqlite(dir: &Path) -> String {
    format!("sqlite://{}", dir.join("server.db").display())
}

/// Waits until `f` holds, or panics saying `what` after `limit`.
pub fn wait_until(what: &str, limit: Duration, f: impl FnMut() -> bool) {
    assert!(within(limit, f), "{what}: not within {limit:?}");
}

/// Waits up to `limit` for `f` to hold; whether it did (for a test that has something
/// to clean up before it fails).
pub fn within(limit: Duration, mut f: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while !f() {
        if start.elapsed() >= limit {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    true
}

/// A PostgreSQL database for a test: `CAMELOT_TEST_POSTGRES` names a server where the
/// role may create databases. Without it the test says so and skips, unless
/// `CAMELOT_REQUIRE_POSTGRES=1` (which `.ci/run` sets): then it fails.
pub fn postgres_url(test: &str) -> Option<String> {
    match std::env::var("CAMELOT_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            skip(
                test,
                "no PostgreSQL: set CAMELOT_TEST_POSTGRES=postgres://USER:PASSWORD@HOST/DB (a role that may create databases)",
                "CAMELOT_REQUIRE_POSTGRES",
            );
            None
        }
    }
}
