//! The analysis room: searching a position, reviewing a game, and the engine protocol.

use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use camelot_engine::search::{review_game, SearchLimits, Searcher, MAX_SEARCH_DEPTH, REVIEW_NODES};
use camelot_engine::tablebase::Tablebase;
use camelot_engine::{Game, Move, Notation, Position, Variant};
use camelot_files::open_default_tablebase;
use camelot_lab::run_engine_protocol;

use crate::failure::{refused, Failure};
use crate::output::{position, read_record, with_big_stack};

#[derive(clap::Args)]
pub struct AnalyzeArgs {
    #[arg(long)]
    position: String,
    /// Think for this many milliseconds (default 5000).
    #[arg(long, conflicts_with = "depth", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    time: Option<u64>,
    /// Search to this depth instead.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_SEARCH_DEPTH as i64))]
    depth: Option<u32>,
}

impl AnalyzeArgs {
    pub fn run(self) -> Result<(), Failure> {
        let pos = position(&self.position)?;
        let limits = match (self.time, self.depth) {
            (_, Some(d)) => SearchLimits::depth(d),
            (Some(ms), None) => SearchLimits::time(Duration::from_millis(ms)),
            (None, None) => SearchLimits::time(Duration::from_millis(5000)),
        };
        if let Some(o) = pos.outcome() {
            return Err(refused(format!("the game is over in this position: {o}")));
        }
        let table = camette_table(&pos);
        with_big_stack(move || analyze(&pos, limits, table));
        Ok(())
    }
}

/// Prints each depth's line as the search finishes it, then the best move.
fn analyze(pos: &Position, limits: SearchLimits, table: Option<Arc<Tablebase>>) {
    let mut searcher = Searcher::new(64);
    searcher.set_tablebase(table);
    let result = searcher.search(pos, &[], limits, |info| {
        out!(
            "depth {} score {} nodes {} nps {} time {} pv {}{}",
            info.depth,
            info.score,
            info.nodes,
            info.nps(),
            info.time.as_millis(),
            pos.line_text(&info.pv, Notation::Wcf),
            if info.solved {
                " (solved: Camette's table)"
            } else {
                ""
            }
        );
    });
    match result.best.and_then(|m| pos.move_text(&m, Notation::Wcf)) {
        Some(m) => out!("bestmove {m}"),
        None => out!("bestmove (none)"),
    }
}

/// Camette's solved table from the data directory, for a Camette position; a note on
/// stderr says why there is none (the search then answers alone).
fn camette_table(pos: &Position) -> Option<Arc<Tablebase>> {
    if pos.variant() != Variant::Camette {
        return None;
    }
    match open_default_tablebase() {
        Some(Ok(t)) => Some(Arc::new(t)),
        Some(Err(e)) => {
            eprintln!("note: {e}; searching instead");
            None
        }
        None => {
            eprintln!("note: no Camette table yet (`camelot-cli solve camette` builds it); searching instead");
            None
        }
    }
}

#[derive(clap::Args)]
pub struct ReviewArgs {
    /// A record file (see docs/formats.md).
    file: PathBuf,
    /// Search each position this many nodes (default 150,000).
    #[arg(long, conflicts_with = "movetime", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    nodes: Option<u64>,
    /// Search each position this many milliseconds instead.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    movetime: Option<u64>,
    /// Print a JSON array, one object a ply, instead of text.
    #[arg(long)]
    json: bool,
}

impl ReviewArgs {
    pub fn run(self) -> Result<(), Failure> {
        let (_, game) = read_record(&self.file)?;
        let limits = match self.movetime {
            Some(ms) => SearchLimits::time(Duration::from_millis(ms)),
            None => SearchLimits::nodes(self.nodes.unwrap_or(REVIEW_NODES)),
        };
        let json = self.json;
        with_big_stack(move || review(&game, limits, json))
    }
}

/// One ply of `review`'s output.
#[derive(serde::Serialize)]
struct ReviewRow {
    ply: usize,
    side: String,
    played: String,
    best: Option<String>,
    /// The search's score before the move, for the mover.
    score: String,
    before: f64,
    after: f64,
    class: Option<&'static str>,
}

fn review(game: &Game, limits: SearchLimits, json: bool) -> Result<(), Failure> {
    let started = Instant::now();
    let reviewed = review_game(game, limits, |done, all| {
        eprint!("\rreviewing: {done}/{all} positions");
        let _ = std::io::stderr().flush();
        true
    });
    eprintln!(" in {:.1} s", started.elapsed().as_secs_f64());
    let text = |i: usize, m: &Move| {
        game.position_at(i)
            .move_text(m, Notation::Wcf)
            .unwrap_or_else(|| "?".into())
    };
    let round = |p: f64| (p * 1000.0).round() / 1000.0;
    let rows: Vec<ReviewRow> = reviewed
        .iter()
        .map(|r| ReviewRow {
            ply: r.ply + 1,
            side: game.start().rules().seat_name(r.player).to_string(),
            played: text(r.ply, &r.played),
            best: r.best.map(|m| text(r.ply, &m)),
            score: r.score.to_string(),
            before: round(r.before),
            after: round(r.after),
            class: r.class.map(|c| c.name()),
        })
        .collect();
    if json {
        let text = serde_json::to_string_pretty(&rows).expect("the rows serialise");
        out!("{text}");
    } else {
        print_review(&rows);
    }
    Ok(())
}

fn print_review(rows: &[ReviewRow]) {
    // Long leaps make long moves: size the columns to the longest.
    let width = rows
        .iter()
        .flat_map(|r| [r.played.len(), r.best.as_ref().map_or(1, String::len)])
        .max()
        .unwrap_or(0)
        .max(6);
    out!(
        "{:>3}  {:<6}  {:<width$}  {:<width$}  before  after  class",
        "ply",
        "side",
        "played",
        "best"
    );
    for r in rows {
        out!(
            "{:>3}  {:<6}  {:<width$}  {:<width$}  {:>6.3}  {:>5.3}  {}",
            r.ply,
            r.side,
            r.played,
            r.best.as_deref().unwrap_or("-"),
            r.before,
            r.after,
            r.class.unwrap_or("(setup)")
        );
    }
}

#[derive(clap::Args)]
pub struct EngineArgs {}

impl EngineArgs {
    pub fn run(self) -> Result<(), Failure> {
        run_engine_protocol(std::io::stdin().lock(), std::io::stdout());
        Ok(())
    }
}
