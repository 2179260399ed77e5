//! The solver room: Camette solved by retrograde analysis, its table verified and probed.

use std::path::{Path, PathBuf};

use camelot_engine::tablebase::{Tablebase, TablebaseSolveStats, TablebaseValue};
use camelot_engine::{Notation, Position, Variant};
use camelot_files::{default_tablebase_path, load_tablebase, open_tablebase, write_tablebase};

use crate::failure::{refused, Failure};
use crate::output::position;

#[derive(clap::Args)]
pub struct SolveArgs {
    /// The variant: only `camette` is small enough to solve.
    variant: Variant,
    /// A position string whose value to print.
    #[arg(long)]
    probe: Option<String>,
    /// Threads to solve on (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// The table file (default: camette.tablebase in the data directory).
    #[arg(long)]
    table: Option<PathBuf>,
    /// Solve again even if the table exists.
    #[arg(long)]
    force: bool,
    /// Check the whole table against the board's left-right symmetry (which the
    /// solver does not use): reads it into memory, a few minutes.
    #[arg(long, conflicts_with_all = ["probe", "force"])]
    verify: bool,
    /// Solve only the classes of up to this many pieces and write nothing (to time
    /// the solver).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=8), conflicts_with_all = ["probe", "table", "force", "verify"])]
    max_pieces: Option<u32>,
}

impl SolveArgs {
    pub fn run(self) -> Result<(), Failure> {
        if self.variant != Variant::Camette {
            return Err(refused(format!(
                "only camette can be solved; {} has too many positions for a table",
                self.variant
            )));
        }
        let probe = self.probe.as_deref().map(position).transpose()?;
        if let Some(p) = &probe {
            if p.variant() != Variant::Camette {
                return Err(refused(format!(
                    "the position is {}, not camette",
                    p.variant()
                )));
            }
        }
        let threads = self
            .threads
            .map(|t| t as usize)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        if let Some(max) = self.max_pieces {
            let (_, stats) = Tablebase::solve(max, threads, &|line| eprintln!("{line}"));
            print_solve_stats(&stats, None);
            return Ok(());
        }
        let path = self.table.or_else(default_tablebase_path).ok_or_else(|| {
            refused(
                "no data directory for the table: set HOME or CAMELOT_DATA_DIR, or give --table FILE",
            )
        })?;
        if self.verify {
            return verify_table(&path);
        }
        let tb = if path.exists() && !self.force {
            open_table(&path, probe.is_none())?
        } else {
            solve_into(&path, threads)?
        };
        match probe {
            Some(p) => print_probe(&tb, &p),
            None => Ok(()),
        }
    }
}

/// The table already built; without a probe, says so and prints the start's value.
fn open_table(path: &Path, report: bool) -> Result<Tablebase, Failure> {
    let tb = open_tablebase(path)?;
    if report {
        out!(
            "table {} (built already; --force builds it again)",
            path.display()
        );
        out!("start {}", start_value(&tb)?);
    }
    Ok(tb)
}

fn solve_into(path: &Path, threads: usize) -> Result<Tablebase, Failure> {
    check_writable(path)?;
    eprintln!(
        "solving Camette on {threads} threads into {}",
        path.display()
    );
    let (tb, stats) = Tablebase::solve(8, threads, &|line| eprintln!("{line}"));
    let bytes = write_tablebase(path, &tb)
        .map_err(|e| refused(format!("the table could not be written: {e}")))?;
    print_solve_stats(&stats, Some(bytes));
    out!("table {}", path.display());
    out!("start {}", start_value(&tb)?);
    Ok(tb)
}

fn print_probe(tb: &Tablebase, p: &Position) -> Result<(), Failure> {
    let Some(v) = tb.probe(p) else {
        return Err(refused(format!(
            "not in the table: {}",
            if p.outcome().is_some() {
                "the game is over there"
            } else {
                "a piece stands in its own castle without the duty to leave it (must_leave)"
            }
        )));
    };
    out!("value {v}");
    for (m, mv) in tb.rank_moves(p) {
        out!(
            "{} {mv}",
            p.move_text(&m, Notation::Wcf).expect("a legal move")
        );
    }
    Ok(())
}

/// `solve --verify`: the table at `path` against the board's mirror symmetry. An older
/// table without a checksum that passes is written again with one.
fn verify_table(path: &Path) -> Result<(), Failure> {
    let (tb, without_checksum) = load_tablebase(path)?;
    let (checked, wrong) = tb.check_mirror();
    out!("mirror check: {checked} positions, {wrong} disagree with their mirror image");
    if wrong > 0 {
        return Err(refused(format!(
            "{} is not sound: solve it again with --force",
            path.display()
        )));
    }
    if without_checksum {
        write_tablebase(path, &tb)
            .map_err(|e| refused(format!("the table could not be written again: {e}")))?;
        out!("table {} written again with a checksum", path.display());
    }
    Ok(())
}

/// Makes sure the table can be written where it is to go, before the minutes of solving
/// it: its folder is made if need be and a file is created and removed there.
fn check_writable(path: &Path) -> Result<(), Failure> {
    let cannot = |e: &dyn std::fmt::Display| {
        refused(format!(
            "the table cannot be written to {}: {e}",
            path.display()
        ))
    };
    if let Ok(meta) = std::fs::metadata(path) {
        if !meta.is_file() {
            return Err(cannot(&"not a regular file"));
        }
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir).map_err(|e| cannot(&e))?;
    let probe = dir.join(format!(".camette-write-check-{}.tmp", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|e| cannot(&e))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

fn start_value(tb: &Tablebase) -> Result<TablebaseValue, Failure> {
    tb.probe(&Position::start(Variant::Camette)).ok_or_else(|| {
        refused("the table has no value for the start: it is damaged (--force builds it again)")
    })
}

fn print_solve_stats(s: &TablebaseSolveStats, bytes: Option<u64>) {
    out!(
        "positions {} (reachable {}): wins {}, losses {}, draws {}; longest win {} plies",
        s.positions,
        s.reachable,
        s.wins,
        s.losses,
        s.draws,
        s.longest
    );
    out!("time {:.1} s", s.time.as_secs_f64());
    if let Some(b) = bytes {
        out!("size {b} bytes");
    }
}
