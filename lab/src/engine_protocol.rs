//! A text protocol on stdin/stdout modelled on UCI, so that other programs can drive
//! the engine. See docs/formats.md for the commands; in short:
//!
//! ```text
//! > camelot                      < id name ... / camelotok
//! > isready                      < readyok
//! > position startpos variant camelot moves E6-E8 H11-F9
//! > position string variant=camette turn=white white=... black=... moves C3-C4
//! > setoption multipv 3          (or: setoption name MultiPV value 3)
//! > setoption threads 2          (search on 2 threads, sharing one table)
//! > go depth 6 | go nodes 100000 | go movetime 1000 | go infinite
//! < info depth 1 score cp 12 nodes 130 nps 260000 time 0 pv E6-E8
//!   (with multipv N > 1: N lines a depth, `info depth 1 multipv 2 score ...`)
//! > stop
//! < bestmove E6-E8
//! > quit
//! ```
//!
//! Bad input never ends the session: a line that is not UTF-8, too long, or names a bad
//! position, move or limit is answered with `info string error: ...` and the next line
//! is read. The end of input is `quit`: a running search is stopped (it answers
//! `bestmove`) and the engine exits.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use camelot_engine::notation::ParsePositionError;
use camelot_engine::search::{usable_search_threads, SearchLimits, Searcher, MAX_SEARCH_DEPTH};
use camelot_engine::{
    Excerpt, Game, Notation, NotationError, ParseVariantError, Position, Variant,
};
use camelot_files::{read_line, InputLine, MAX_LINE_BYTES};
/// The longest `go movetime` accepted: a day.
pub const MAX_MOVETIME_MS: u64 = 24 * 3600 * 1000;
/// The most threads `setoption threads` accepts.
const MAX_THREADS: usize = 256;
/// The most lines `setoption multipv` accepts.
pub const MAX_MULTIPV: usize = 32;

/// Why a command was refused; said as `info string error: ...`, and the session goes on.
#[derive(Debug, thiserror::Error)]
enum CommandError {
    #[error(transparent)]
    Variant(ParseVariantError),
    #[error(transparent)]
    Position(ParsePositionError),
    #[error(transparent)]
    Move(NotationError),
    /// The command's form, as it should have been.
    #[error("expected: {0}")]
    Usage(&'static str),
    #[error("unknown option '{0}' (options: multipv, threads)")]
    UnknownOption(Excerpt),
    /// A number out of its range: the option or limit, its largest value, what was given.
    #[error("{name} needs a number from 1 to {max}, not '{given}'")]
    Number {
        name: String,
        max: u64,
        given: Excerpt,
    },
    #[error("unknown go option '{0}'")]
    UnknownGoOption(Excerpt),
    #[error("cannot start the search: {0}")]
    CannotSearch(std::io::Error),
    #[error("unknown command '{0}'")]
    UnknownCommand(Excerpt),
}

struct Engine<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    game: Game,
    searcher: Option<Searcher>,
    running: Option<JoinHandle<Searcher>>,
    stop: Arc<AtomicBool>,
    multipv: usize,
    threads: usize,
}

impl<W: Write + Send + 'static> Engine<W> {
    fn say(&self, line: &str) {
        let mut out = self.out.lock().expect("output lock");
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }

    /// Stops the running search (it still answers `bestmove`) and waits for it.
    fn finish_search(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wait_search();
    }

    fn wait_search(&mut self) {
        if let Some(h) = self.running.take() {
            self.searcher = Some(h.join().unwrap_or_default());
        }
        self.stop.store(false, Ordering::Relaxed);
    }

    fn position(&mut self, args: &[&str]) -> Result<(), CommandError> {
        let moves_at = args
            .iter()
            .position(|a| a.eq_ignore_ascii_case("moves"))
            .unwrap_or(args.len());
        let (spec, moves) = (&args[..moves_at], args.get(moves_at + 1..).unwrap_or(&[]));
        let start = match spec.first().map(|s| s.to_ascii_lowercase()) {
            Some(s) if s == "startpos" => {
                let variant = match spec.get(1..) {
                    Some([kw, v]) if kw.eq_ignore_ascii_case("variant") => {
                        v.parse::<Variant>().map_err(CommandError::Variant)?
                    }
                    Some([]) | None => Variant::Camelot,
                    _ => {
                        return Err(CommandError::Usage(
                            "position startpos [variant V] [moves ...]",
                        ))
                    }
                };
                Position::start(variant)
            }
            Some(s) if s == "string" || s == "fen" => spec[1..]
                .join(" ")
                .parse::<Position>()
                .map_err(CommandError::Position)?,
            _ => {
                return Err(CommandError::Usage(
                    "position startpos ... or position string <position string> ...",
                ))
            }
        };
        let mut game = Game::from_position(start);
        for m in moves {
            game.play_notation(m).map_err(CommandError::Move)?;
        }
        self.game = game;
        Ok(())
    }

    /// `setoption multipv N` or `setoption threads N`, or UCI's `setoption name MultiPV
    /// value N`.
    fn set_option(&mut self, args: &[&str]) -> Result<(), CommandError> {
        let (name, value) =
            match args {
                [kw, name, kw2, value]
                    if kw.eq_ignore_ascii_case("name") && kw2.eq_ignore_ascii_case("value") =>
                {
                    (*name, *value)
                }
                [name, value] => (*name, *value),
                _ => return Err(CommandError::Usage(
                    "setoption NAME N (or setoption name NAME value N), NAME multipv or threads",
                )),
            };
        let (max, slot) = if name.eq_ignore_ascii_case("multipv") {
            (MAX_MULTIPV, &mut self.multipv)
        } else if name.eq_ignore_ascii_case("threads") {
            (MAX_THREADS, &mut self.threads)
        } else {
            return Err(CommandError::UnknownOption(Excerpt::new(name)));
        };
        match value.parse::<usize>() {
            Ok(n) if (1..=max).contains(&n) => {
                *slot = n;
                let used = usable_search_threads(n);
                if name.eq_ignore_ascii_case("threads") && used < n {
                    self.say(&format!(
                        "info string threads {n} asked, {used} used: one a core of this machine"
                    ));
                }
                Ok(())
            }
            _ => Err(CommandError::Number {
                name: name.to_ascii_lowercase(),
                max: max as u64,
                given: Excerpt::new(value),
            }),
        }
    }

    fn go(&mut self, args: &[&str]) -> Result<(), CommandError> {
        let mut limits = SearchLimits::default();
        let mut infinite = false;
        let mut i = 0;
        while i < args.len() {
            let value = |max: u64| -> Result<u64, CommandError> {
                let given = args.get(i + 1).copied().unwrap_or("");
                match given.parse::<u64>() {
                    Ok(n) if (1..=max).contains(&n) => Ok(n),
                    _ => Err(CommandError::Number {
                        name: format!("'{}'", args[i]),
                        max,
                        given: Excerpt::new(given),
                    }),
                }
            };
            match args[i] {
                "depth" => limits.depth = Some(value(MAX_SEARCH_DEPTH as u64)? as u32),
                "nodes" => limits.nodes = Some(value(u64::MAX)?),
                "movetime" => limits.time = Some(Duration::from_millis(value(MAX_MOVETIME_MS)?)),
                "infinite" => {
                    infinite = true;
                    i += 1;
                    continue;
                }
                other => return Err(CommandError::UnknownGoOption(Excerpt::new(other))),
            }
            i += 2;
        }
        if limits == SearchLimits::default() && !infinite {
            limits.time = Some(Duration::from_secs(5));
        }
        let mut searcher = self.searcher.take().unwrap_or_default();
        searcher.set_stop_flag(self.stop.clone());
        searcher.multipv = self.multipv;
        searcher.threads = self.threads;
        let multipv = self.multipv;
        let out = self.out.clone();
        let game = self.game.clone();
        let handle = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || {
                let pos = game.position().clone();
                let history = game.history();
                let say = |line: String| {
                    let mut o = out.lock().expect("output lock");
                    let _ = writeln!(o, "{line}");
                    let _ = o.flush();
                };
                if game.is_over() {
                    say("bestmove (none)".into());
                    return searcher;
                }
                let result = searcher.search(&pos, history, limits, |info| {
                    for (k, line) in info.lines.iter().enumerate() {
                        // One line keeps the plain form older drivers read.
                        let tag = if multipv > 1 {
                            format!(" multipv {}", k + 1)
                        } else {
                            String::new()
                        };
                        say(format!(
                            "info depth {}{tag} score {} nodes {} nps {} time {} pv {}",
                            info.depth,
                            line.score,
                            info.nodes,
                            info.nps(),
                            info.time.as_millis(),
                            pos.line_text(&line.pv, Notation::Wcf)
                        ));
                    }
                });
                let best = result
                    .best
                    .and_then(|m| pos.move_text(&m, Notation::Wcf))
                    .unwrap_or_else(|| "(none)".into());
                say(format!("bestmove {best}"));
                searcher
            })
            .map_err(CommandError::CannotSearch)?;
        self.running = Some(handle);
        Ok(())
    }
}

/// Runs the protocol until `quit` or the end of input.
pub fn run<R: BufRead, W: Write + Send + 'static>(mut input: R, output: W) {
    let mut e = Engine {
        out: Arc::new(Mutex::new(output)),
        game: Game::new(Variant::Camelot),
        searcher: Some(Searcher::default()),
        running: None,
        stop: Arc::new(AtomicBool::new(false)),
        multipv: 1,
        threads: 1,
    };
    let mut number = 0usize;
    while let Some(line) = read_line(&mut input) {
        number += 1;
        let line = match line {
            InputLine::Text(t) => t,
            InputLine::NotUtf8 => {
                e.say(&format!(
                    "info string error: line {number} is not UTF-8 text; ignored"
                ));
                continue;
            }
            InputLine::TooLong => {
                e.say(&format!(
                    "info string error: line {number} is longer than {MAX_LINE_BYTES} bytes; ignored"
                ));
                continue;
            }
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            continue;
        };
        let result = match cmd.to_ascii_lowercase().as_str() {
            "camelot" | "uci" => {
                e.say(&format!(
                    "id name camelot-engine {}",
                    env!("CARGO_PKG_VERSION")
                ));
                e.say("id author the Camelot project");
                let variants: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
                e.say(&format!("info string variants {}", variants.join(" ")));
                e.say(if cmd == "uci" { "uciok" } else { "camelotok" });
                Ok(())
            }
            "isready" => {
                e.say("readyok");
                Ok(())
            }
            "newgame" | "ucinewgame" => {
                e.finish_search();
                if let Some(s) = e.searcher.as_mut() {
                    s.clear();
                }
                e.game = Game::new(Variant::Camelot);
                Ok(())
            }
            "position" => {
                e.finish_search();
                e.position(args)
            }
            "setoption" => {
                e.finish_search();
                e.set_option(args)
            }
            "go" => {
                e.finish_search();
                e.go(args)
            }
            "stop" => {
                e.finish_search();
                Ok(())
            }
            "show" | "d" => {
                e.say(&format!("info string position {}", e.game.position()));
                Ok(())
            }
            "quit" => break,
            other => Err(CommandError::UnknownCommand(Excerpt::new(other))),
        };
        if let Err(msg) = result {
            e.say(&format!("info string error: {msg}"));
        }
    }
    // `quit` or the end of input: stop any search (it still answers) and leave.
    e.finish_search();
}
