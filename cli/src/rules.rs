//! The rules room: legal moves, perft, playing moves, replaying records, the levels.

use std::path::PathBuf;
use std::time::Instant;

use camelot_engine::notation::Record;
use camelot_engine::search::MAX_PERFT_DEPTH;
use camelot_engine::{Game, Level, Notation, Position, Variant};

use crate::failure::{refused, Failure};
use crate::output::{position, read_record};

/// Where a command starts: a variant's start position or a position string.
#[derive(clap::Args)]
pub struct Start {
    /// Start from a variant's start position (River: before the trees are planted).
    #[arg(
        long,
        conflicts_with = "position",
        required_unless_present = "position"
    )]
    variant: Option<Variant>,
    /// Start from a position string (see docs/formats.md), in quotes.
    #[arg(long)]
    position: Option<String>,
}

impl Start {
    fn position(&self) -> Result<Position, Failure> {
        match (self.variant, &self.position) {
            (Some(v), _) => Ok(Position::start(v)),
            (None, Some(p)) => position(p),
            (None, None) => Err(refused("give --variant or --position")),
        }
    }
}

#[derive(clap::Args)]
pub struct MovesArgs {
    #[command(flatten)]
    start: Start,
    /// Print the classic numbered notation instead (160-square boards).
    #[arg(long)]
    classic: bool,
}

impl MovesArgs {
    pub fn run(self) -> Result<(), Failure> {
        let pos = self.start.position()?;
        let notation = if self.classic {
            Notation::Classic
        } else {
            Notation::Wcf
        };
        if self.classic && !pos.rules().has_numbered_squares() {
            return Err(refused(format!(
                "numbered notation is only for the 160-square boards, not {}",
                pos.variant()
            )));
        }
        for l in pos.legal_move_texts(notation) {
            out!("{l}");
        }
        Ok(())
    }
}

#[derive(clap::Args)]
pub struct PerftArgs {
    #[command(flatten)]
    start: Start,
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH as i64))]
    depth: u32,
    /// Print the count below each first move.
    #[arg(long)]
    divide: bool,
}

impl PerftArgs {
    pub fn run(self) -> Result<(), Failure> {
        let pos = self.start.position()?;
        let t = Instant::now();
        let nodes = if self.divide && self.depth > 0 {
            divide(&pos, self.depth)?
        } else {
            pos.perft(self.depth)?
        };
        let secs = t.elapsed().as_secs_f64();
        eprintln!(
            "time {:.3} s, {:.0} nodes/s",
            secs,
            nodes as f64 / secs.max(1e-9)
        );
        out!("nodes {nodes}");
        Ok(())
    }
}

/// Prints the count below each first move, sorted by the move's text; returns the sum.
fn divide(pos: &Position, depth: u32) -> Result<u64, Failure> {
    let mut lines: Vec<(String, u64)> = pos
        .divide(depth)?
        .into_iter()
        .map(|(m, n)| (pos.move_text(&m, Notation::Wcf).expect("legal"), n))
        .collect();
    lines.sort();
    for (m, n) in &lines {
        out!("{m} {n}");
    }
    Ok(lines.iter().map(|(_, n)| n).sum())
}

#[derive(clap::Args)]
pub struct PlayArgs {
    #[arg(long)]
    position: String,
    /// Moves in WCF or numbered notation.
    moves: Vec<String>,
}

impl PlayArgs {
    pub fn run(self) -> Result<(), Failure> {
        let mut game = Game::from_position(position(&self.position)?);
        for (i, m) in self.moves.iter().enumerate() {
            game.play_notation(m).map_err(|error| Failure::Move {
                number: i + 1,
                error: Box::new(error),
            })?;
        }
        out!("{}", game.position());
        if let Some(o) = game.outcome() {
            out!("outcome {o}");
        }
        Ok(())
    }
}

#[derive(clap::Args)]
pub struct ReplayArgs {
    /// A record file (PGN-like text, see docs/formats.md).
    file: PathBuf,
    /// Also print the record again, in this notation (wcf or classic).
    #[arg(long)]
    export: Option<Notation>,
}

impl ReplayArgs {
    pub fn run(self) -> Result<(), Failure> {
        let (rec, game) = read_record(&self.file)?;
        out!("{}", game.position());
        let result = match game.outcome() {
            Some(o) => o.to_string(),
            None => rec.result.clone(),
        };
        out!("result {result}");
        if let Some(notation) = self.export {
            let tags: Vec<(&str, &str)> = rec
                .tags
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            out!("{}", Record::export(&game, &tags, notation).trim_end());
        }
        Ok(())
    }
}

#[derive(clap::Args)]
pub struct LevelsArgs {}

impl LevelsArgs {
    pub fn run(self) -> Result<(), Failure> {
        for l in Level::all() {
            out!("{l}");
        }
        Ok(())
    }
}
