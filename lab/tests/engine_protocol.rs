//! The engine protocol end to end, driven as a program drives it: a line at a time,
//! waiting for the answers. Bad input of every kind gets an error line and the session
//! goes on; the end of input stops a search and ends the session.

use std::io::{BufReader, Read, Write};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use camelot_engine::search::SeededRng;
use camelot_engine::{Game, Variant};
use camelot_files::MAX_LINE_BYTES;

/// What the engine has written so far.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Bytes the test sends, read by the engine as its standard input; dropping the sender
/// is the end of input.
struct Feed {
    rx: Receiver<Vec<u8>>,
    buf: Vec<u8>,
    at: usize,
}

impl Read for Feed {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if self.at >= self.buf.len() {
            match self.rx.recv() {
                Ok(v) => {
                    self.buf = v;
                    self.at = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.buf.len() - self.at);
        out[..n].copy_from_slice(&self.buf[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// A running engine session.
struct Engine {
    tx: Option<Sender<Vec<u8>>>,
    out: Shared,
    thread: Option<JoinHandle<()>>,
}

impl Engine {
    fn start() -> Engine {
        let (tx, rx) = channel();
        let out = Shared::default();
        let writer = out.clone();
        let thread = std::thread::spawn(move || {
            let feed = Feed {
                rx,
                buf: Vec::new(),
                at: 0,
            };
            camelot_lab::run_engine_protocol(BufReader::new(feed), writer);
        });
        Engine {
            tx: Some(tx),
            out,
            thread: Some(thread),
        }
    }

    fn send_bytes(&self, b: &[u8]) {
        self.tx.as_ref().unwrap().send(b.to_vec()).unwrap();
    }

    fn send(&self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn lines(&self) -> Vec<String> {
        let text = String::from_utf8(self.out.0.lock().unwrap().clone()).unwrap();
        text.lines().map(String::from).collect()
    }

    /// Waits until `n` lines start with `prefix`; returns every line so far.
    fn wait_for(&self, prefix: &str, n: usize) -> Vec<String> {
        let started = Instant::now();
        loop {
            let lines = self.lines();
            if lines.iter().filter(|l| l.starts_with(prefix)).count() >= n {
                return lines;
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "no '{prefix}' after a minute: {lines:?}"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Sends `isready` and waits for its answer: every earlier line has been handled.
    fn sync(&self) -> Vec<String> {
        let n = self.lines().iter().filter(|l| *l == "readyok").count();
        self.send("isready");
        self.wait_for("readyok", n + 1)
    }

    /// Ends the input and waits for the session to end; returns everything it wrote.
    fn close(mut self) -> Vec<String> {
        self.tx = None;
        self.thread.take().unwrap().join().unwrap();
        self.lines()
    }
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect()
}

#[test]
fn handshake_position_and_search() {
    let e = Engine::start();
    e.send("camelot");
    e.send("position startpos variant camelot moves E6-E8");
    e.send("show");
    e.send("go depth 3");
    let lines = e.wait_for("bestmove", 1);
    assert!(lines[0].starts_with("id name camelot-engine"));
    assert!(lines.contains(&"camelotok".to_string()));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string position variant=camelot turn=black")));
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 3, "{lines:?}");
    assert!(infos[2].starts_with("info depth 3 score "));
    let best = lines.last().unwrap();
    assert!(best.starts_with("bestmove "), "{best}");
    // The move it names is legal for Black.
    let mut game = Game::new(Variant::Camelot);
    game.play_notation("E6-E8").unwrap();
    game.play_notation(best.trim_start_matches("bestmove "))
        .unwrap();
    e.close();
}

#[test]
fn position_strings_errors_and_stop() {
    let e = Engine::start();
    e.send("position string variant=camelot turn=white white=MF8,MA4 black=MG9,MA13");
    e.send("go nodes 1000");
    e.wait_for("bestmove", 1);
    for bad in [
        "position startpos variant chess",
        "position startpos moves E6-E9",
        "fly",
    ] {
        e.send(bad);
    }
    e.send("go infinite");
    e.send("stop");
    let lines = e.wait_for("bestmove", 2);
    assert!(lines.contains(&"bestmove F8xH10".to_string()), "{lines:?}");
    let errs = errors(&lines);
    assert!(errs
        .iter()
        .any(|l| l.contains("error: unknown variant 'chess'")));
    assert!(errs
        .iter()
        .any(|l| l.contains("error: E6-E9: no legal move from E6 ends on E9")));
    assert!(errs
        .iter()
        .any(|l| l.contains("error: unknown command 'fly'")));
    e.send("quit");
    e.close();
}

#[test]
fn invalid_bytes_long_lines_and_bad_limits_are_refused_and_the_session_goes_on() {
    let e = Engine::start();
    // A byte that is not UTF-8 ends neither the session nor the next command.
    e.send_bytes(b"position startpos moves E6-E8 \xe9\n");
    let lines = e.sync();
    assert!(
        errors(&lines)[0].contains("line 1 is not UTF-8"),
        "{lines:?}"
    );
    // A line longer than the limit is refused whole, without being echoed.
    let long = "x".repeat(MAX_LINE_BYTES + 10);
    e.send(&long);
    e.send(&format!("position startpos moves {}", "E6-".repeat(5000)));
    for bad in [
        "go depth 4294967296",
        "go depth 0",
        "go depth 121",
        "go nodes 0",
        "go nodes many",
        "go movetime 99999999999",
        "go sideways 3",
    ] {
        e.send(bad);
    }
    let lines = e.sync();
    let errs = errors(&lines);
    assert_eq!(errs.len(), 10, "{errs:?}");
    assert!(errs[1].contains("longer than"), "{}", errs[1]);
    assert!(errs.iter().all(|l| l.len() < 200), "{errs:?}");
    assert!(errs[3].contains("'depth' needs a number from 1 to 120, not '4294967296'"));
    // Nothing was searched: no move was answered for a refused `go`.
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    // The session still works.
    e.send("position startpos variant camette");
    e.send("go depth 2");
    e.wait_for("bestmove", 1);
    e.close();
}

#[test]
fn the_end_of_input_stops_a_search_and_ends_the_session() {
    for go in ["go depth 30", "go movetime 86400000", "go infinite"] {
        let e = Engine::start();
        e.send("position startpos");
        e.send(go);
        e.wait_for("info depth", 1);
        let started = Instant::now();
        let lines = e.close();
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{go}: the session took {:?} to end",
            started.elapsed()
        );
        assert!(
            lines.last().unwrap().starts_with("bestmove "),
            "{go}: the stopped search answers: {lines:?}"
        );
    }
}

/// A random command: mostly well-formed, some broken, some garbage bytes.
fn random_command(rng: &mut SeededRng) -> Vec<u8> {
    const WORDS: [&str; 24] = [
        "position",
        "startpos",
        "string",
        "variant",
        "moves",
        "go",
        "depth",
        "nodes",
        "movetime",
        "stop",
        "isready",
        "show",
        "newgame",
        "camette",
        "grandcam",
        "E6-E8",
        "C3-C4",
        "G4-G5",
        "1",
        "300",
        "-5",
        "variant=camette",
        "turn=white",
        "\u{0}",
    ];
    match rng.below(10) {
        0 => (0..rng.below(40)).map(|_| rng.next_u64() as u8).collect(),
        1 => b"go nodes 200".to_vec(),
        2 => b"position startpos variant camette moves C3-C4".to_vec(),
        _ => {
            let n = 1 + rng.below(6);
            let words: Vec<&str> = (0..n).map(|_| WORDS[rng.below(WORDS.len())]).collect();
            words.join(" ").into_bytes()
        }
    }
}

/// Random commands in batches, each followed by `isready`: the engine answers every
/// batch and its output never stops. `PROTOCOL_SOAK_COMMANDS` sets the count (the
/// closing note's soak ran 100,000).
#[test]
fn soak_random_commands() {
    let total: usize = std::env::var("PROTOCOL_SOAK_COMMANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3_000);
    let mut rng = SeededRng::new(0x5EED_0FC0_FFEE);
    let e = Engine::start();
    let mut sent = 0;
    let mut readies = 0;
    let started = Instant::now();
    while sent < total {
        for _ in 0..50 {
            let mut c = random_command(&mut rng);
            // `go` without a small limit would search for seconds: keep the soak brisk.
            if c.starts_with(b"go") && !c.starts_with(b"go nodes 200") {
                c = b"go nodes 100".to_vec();
            }
            c.push(b'\n');
            e.send_bytes(&c);
            sent += 1;
        }
        e.send("stop");
        e.send("isready");
        readies += 1;
        e.wait_for("readyok", readies);
        // Keep the captured output small: the engine's memory is what is measured.
        e.out.0.lock().unwrap().clear();
        readies = 0;
    }
    e.send("quit");
    e.close();
    eprintln!(
        "protocol soak: {total} random commands in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn multipv_prints_each_depths_best_lines_and_bad_values_are_refused() {
    let e = Engine::start();
    e.send("setoption multipv 0");
    e.send("setoption name Hash value 16");
    e.send("setoption multipv");
    e.send("setoption name MultiPV value 3");
    e.send("position startpos variant camelot");
    e.send("go depth 3");
    let lines = e.wait_for("bestmove", 1);
    let errs = errors(&lines);
    assert!(
        errs[0].contains("multipv needs a number from 1 to 32, not '0'"),
        "{errs:?}"
    );
    assert!(
        errs[1].contains("unknown option 'Hash' (options: multipv, threads)"),
        "{errs:?}"
    );
    assert!(errs[2].contains("expected: setoption NAME N"), "{errs:?}");
    for depth in 1..=3 {
        let at: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with(&format!("info depth {depth} multipv")))
            .collect();
        assert_eq!(at.len(), 3, "{lines:?}");
        for (k, l) in at.iter().enumerate() {
            assert!(l.starts_with(&format!("info depth {depth} multipv {} score ", k + 1)));
        }
        let firsts: std::collections::HashSet<&str> = at
            .iter()
            .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
            .collect();
        assert_eq!(firsts.len(), 3, "three different first moves: {at:?}");
    }
    // The best move is line 1's first move.
    let last1 = lines
        .iter()
        .rfind(|l| l.starts_with("info depth 3 multipv 1 "))
        .unwrap();
    let first = last1
        .split(" pv ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(lines.last().unwrap(), &format!("bestmove {first}"));
    // Back to one line: the plain form.
    e.send("setoption multipv 1");
    e.send("go depth 2");
    let lines = e.wait_for("bestmove", 2);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 2 score ")),
        "{lines:?}"
    );
    e.close();
}

#[test]
fn threads_search_together_and_bad_counts_are_refused() {
    let e = Engine::start();
    e.send("setoption threads 0");
    e.send("setoption name Threads value 2");
    e.send("position startpos variant camelot");
    e.send("go movetime 600");
    let lines = e.wait_for("bestmove", 1);
    let errs = errors(&lines);
    assert!(
        errs[0].contains("threads needs a number from 1 to 256, not '0'"),
        "{errs:?}"
    );
    assert_eq!(errs.len(), 1, "{errs:?}");
    let best = lines.iter().find(|l| l.starts_with("bestmove ")).unwrap();
    let mv = best.trim_start_matches("bestmove ");
    let pos = camelot_engine::Position::start(camelot_engine::Variant::Camelot);
    assert!(pos.parse_move(mv).is_ok(), "{best}");
}

#[test]
fn stop_is_answered_at_once_whatever_the_threads_asked() {
    let e = Engine::start();
    e.send("setoption threads 256");
    e.send("position startpos variant camelot");
    let mut fastest = Duration::MAX;
    for round in 1..=3 {
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(300));
        let asked = Instant::now();
        e.send("stop");
        e.wait_for("bestmove", round);
        fastest = fastest.min(asked.elapsed());
    }
    let lines = e.close();
    assert!(
        fastest < Duration::from_millis(100),
        "stop answered in {fastest:?} at best"
    );
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cores < 256 {
        assert!(
            lines.iter().any(|l| l
                == &format!(
                    "info string threads 256 asked, {cores} used: one a core of this machine"
                )),
            "{lines:?}"
        );
    }
}
