//! A text protocol on stdin/stdout modelled on UCI, so that other programs can drive
//! the engine. See the README for the commands; in short:
//!
//! ```text
//! > camelot                      < id name ... / camelotok
//! > isready                      < readyok
//! > position startpos variant camelot moves E6-E8 H11-F9
//! > position string variant=camette turn=white white=... black=... moves C3-C4
//! > go depth 6 | go nodes 100000 | go movetime 1000 | go infinite
//! < info depth 1 score cp 12 nodes 130 nps 260000 time 0 pv E6-E8
//! > stop
//! < bestmove E6-E8
//! > quit
//! ```

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::ai::{Limits, Searcher};
use crate::game::Game;
use crate::notation;
use crate::position::Position;
use crate::variant::Variant;

struct Engine<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    game: Game,
    searcher: Option<Searcher>,
    running: Option<JoinHandle<Searcher>>,
    /// The running search has no limit of its own.
    infinite: bool,
    stop: Arc<AtomicBool>,
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

    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let moves_at = args
            .iter()
            .position(|a| a.eq_ignore_ascii_case("moves"))
            .unwrap_or(args.len());
        let (spec, moves) = (&args[..moves_at], args.get(moves_at + 1..).unwrap_or(&[]));
        let start = match spec.first().map(|s| s.to_ascii_lowercase()) {
            Some(s) if s == "startpos" => {
                let variant = match spec.get(1..) {
                    Some([kw, v]) if kw.eq_ignore_ascii_case("variant") => {
                        v.parse::<Variant>().map_err(|e| e.to_string())?
                    }
                    Some([]) | None => Variant::Camelot,
                    _ => return Err("expected: position startpos [variant V] [moves ...]".into()),
                };
                Position::start(variant)
            }
            Some(s) if s == "string" || s == "fen" => spec[1..]
                .join(" ")
                .parse::<Position>()
                .map_err(|e| e.to_string())?,
            _ => {
                return Err(
                    "expected: position startpos ... or position string <position string> ..."
                        .into(),
                )
            }
        };
        let mut game = Game::from_position(start);
        for m in moves {
            game.play_notation(m).map_err(|e| e.to_string())?;
        }
        self.game = game;
        Ok(())
    }

    fn go(&mut self, args: &[&str]) -> Result<(), String> {
        let mut limits = Limits::default();
        let mut infinite = false;
        let mut i = 0;
        while i < args.len() {
            let value = || -> Result<u64, String> {
                args.get(i + 1)
                    .and_then(|v| v.parse().ok())
                    .ok_or(format!("'{}' needs a number", args[i]))
            };
            match args[i] {
                "depth" => limits.depth = Some(value()? as u32),
                "nodes" => limits.nodes = Some(value()?),
                "movetime" => limits.time = Some(Duration::from_millis(value()?)),
                "infinite" => {
                    infinite = true;
                    i += 1;
                    continue;
                }
                other => return Err(format!("unknown go option '{other}'")),
            }
            i += 2;
        }
        if limits == Limits::default() && !infinite {
            limits.time = Some(Duration::from_secs(5));
        }
        self.infinite = infinite;
        let mut searcher = self.searcher.take().unwrap_or_default();
        searcher.set_stop_flag(self.stop.clone());
        let out = self.out.clone();
        let game = self.game.clone();
        let handle = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || {
                let pos = game.position().clone();
                let history: Vec<Position> = (0..game.ply())
                    .map(|i| game.position_at(i).clone())
                    .collect();
                let say = |line: String| {
                    let mut o = out.lock().expect("output lock");
                    let _ = writeln!(o, "{line}");
                    let _ = o.flush();
                };
                if game.is_over() {
                    say("bestmove (none)".into());
                    return searcher;
                }
                let result = searcher.search(&pos, &history, limits, |info| {
                    let mut p = pos.clone();
                    let mut pv = Vec::new();
                    for m in &info.pv {
                        match notation::to_wcf(&p, m) {
                            Some(t) => pv.push(t),
                            None => break,
                        }
                        p.play_unchecked(m);
                    }
                    say(format!(
                        "info depth {} score {} nodes {} nps {} time {} pv {}",
                        info.depth,
                        info.score_text(),
                        info.nodes,
                        info.nps(),
                        info.time.as_millis(),
                        pv.join(" ")
                    ));
                });
                let best = result
                    .best
                    .and_then(|m| notation::to_wcf(&pos, &m))
                    .unwrap_or_else(|| "(none)".into());
                say(format!("bestmove {best}"));
                searcher
            })
            .map_err(|e| format!("cannot start the search: {e}"))?;
        self.running = Some(handle);
        Ok(())
    }
}

/// Runs the protocol until `quit` or the end of input.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) {
    let mut e = Engine {
        out: Arc::new(Mutex::new(output)),
        game: Game::new(Variant::Camelot),
        searcher: Some(Searcher::default()),
        running: None,
        infinite: false,
        stop: Arc::new(AtomicBool::new(false)),
    };
    for line in input.lines() {
        let Ok(line) = line else { break };
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
            "quit" => {
                e.finish_search();
                return;
            }
            other => Err(format!("unknown command '{other}'")),
        };
        if let Err(msg) = result {
            e.say(&format!("info string error: {msg}"));
        }
    }
    // End of input: a bounded search may finish and answer; an infinite one is stopped.
    if e.infinite {
        e.finish_search();
    } else {
        e.wait_search();
    }
}
