//! How a server process stops: on SIGTERM (a service manager, a logout), and, started
//! with `--stop-with-stdin` by another program (the game's "Start a server here"), when
//! that program closes its end of the server's standard input or ends, however it ends.
//! Real processes on loopback.

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::time::Duration;

use camelot_test_support::{http_get, scratch, sqlite, within};

/// A server whose standard input is a pipe the test holds, once it listens.
fn server(name: &str, more: &[&str]) -> (Child, ChildStdin, String) {
    let db = sqlite(&scratch(name));
    let mut child = Command::new(env!("CARGO_BIN_EXE_camelot-server"))
        .args(["--no-tv", "--listen", "127.0.0.1:0", "--database", &db])
        .args(more)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let stdin = child.stdin.take().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("the first line: {line}"))
        .to_string();
    (child, stdin, url)
}

/// How the process ended, if it did within `limit` (killed otherwise).
fn ended_within(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let mut ended = None;
    if !within(limit, || {
        ended = child.try_wait().unwrap();
        ended.is_some()
    }) {
        let _ = child.kill();
        let _ = child.wait();
    }
    ended
}

#[test]
fn sigterm_stops_a_server_cleanly() {
    let (mut child, _stdin, url) = server("stop-term", &[]);
    assert!(http_get(&url, "/games").starts_with('['));
    let kill = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let status = ended_within(&mut child, Duration::from_secs(10));
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
}

#[test]
fn a_server_started_by_another_program_ends_when_its_input_closes() {
    let (mut child, stdin, url) = server("stop-stdin", &["--stop-with-stdin"]);
    assert!(http_get(&url, "/games").starts_with('['));
    // The program that started it ends: its end of the pipe closes.
    drop(stdin);
    let status = ended_within(&mut child, Duration::from_secs(10));
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
}

#[test]
fn without_the_option_a_closed_input_leaves_the_server_serving() {
    let (mut child, stdin, url) = server("stop-stdin-not", &[]);
    drop(stdin);
    std::thread::sleep(Duration::from_secs(1));
    assert!(child.try_wait().unwrap().is_none(), "the server stopped");
    assert!(http_get(&url, "/games").starts_with('['));
    let _ = child.kill();
    let _ = child.wait();
}
