//! `camelot-cli`: the rules engine from the command line.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use camelot_engine::notation::{self, Style};
use camelot_engine::perft::{divide, perft};
use camelot_engine::record;
use camelot_engine::{Game, Position, Variant};

#[derive(Parser)]
#[command(
    name = "camelot-cli",
    version,
    about = "Rules engine, notation and records for the Camelot family of games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List every legal move of a position, one per line, in WCF notation, sorted.
    Moves {
        /// A position string (see the README), in quotes.
        #[arg(long)]
        position: String,
        /// Print the classic numbered notation instead (160-square boards).
        #[arg(long)]
        classic: bool,
    },
    /// Count the leaf nodes of the legal-move tree to a depth (prints `nodes N` last;
    /// time and nodes/s go to stderr).
    Perft {
        /// Start from a variant's start position (River: before the trees are planted).
        #[arg(
            long,
            conflicts_with = "position",
            required_unless_present = "position"
        )]
        variant: Option<Variant>,
        /// Start from a position string.
        #[arg(long)]
        position: Option<String>,
        #[arg(long)]
        depth: u32,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Play moves from a position and print the resulting position (and outcome).
    Play {
        #[arg(long)]
        position: String,
        /// Moves in WCF or numbered notation.
        moves: Vec<String>,
    },
    /// Replay a game record move by move; print the final position and result.
    Replay {
        /// A record file (PGN-like text, see the README).
        file: std::path::PathBuf,
        /// Also print the record again, in this notation.
        #[arg(long, value_parser = ["wcf", "classic"])]
        export: Option<String>,
    },
}

fn parse_position(s: &str) -> Result<Position, String> {
    s.parse::<Position>().map_err(|e| e.to_string())
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Moves { position, classic } => {
            let pos = parse_position(&position)?;
            let style = if classic { Style::Classic } else { Style::Wcf };
            if classic && !notation::has_classic_numbers(&pos) {
                return Err(format!(
                    "numbered notation is only for the 160-square boards, not {}",
                    pos.variant()
                ));
            }
            let mut lines: Vec<String> = pos
                .legal_moves()
                .iter()
                .map(|m| notation::format_move(&pos, m, style).expect("generated moves are legal"))
                .collect();
            lines.sort();
            for l in lines {
                println!("{l}");
            }
            Ok(())
        }
        Command::Perft {
            variant,
            position,
            depth,
            divide: split,
        } => {
            let pos = match (variant, position) {
                (Some(v), _) => Position::start(v),
                (None, Some(p)) => parse_position(&p)?,
                (None, None) => return Err("give --variant or --position".into()),
            };
            let t = Instant::now();
            let nodes = if split && depth > 0 {
                let mut lines: Vec<(String, u64)> = divide(&pos, depth)
                    .into_iter()
                    .map(|(m, n)| (notation::to_wcf(&pos, &m).expect("legal"), n))
                    .collect();
                lines.sort();
                for (m, n) in &lines {
                    println!("{m} {n}");
                }
                lines.iter().map(|(_, n)| n).sum()
            } else {
                perft(&pos, depth)
            };
            let secs = t.elapsed().as_secs_f64();
            eprintln!(
                "time {:.3} s, {:.0} nodes/s",
                secs,
                nodes as f64 / secs.max(1e-9)
            );
            println!("nodes {nodes}");
            Ok(())
        }
        Command::Play { position, moves } => {
            let pos = parse_position(&position)?;
            let mut game = Game::from_position(pos);
            for (i, m) in moves.iter().enumerate() {
                game.play_notation(m)
                    .map_err(|e| format!("move {} is illegal: {e}", i + 1))?;
            }
            println!("{}", game.position());
            if let Some(o) = game.outcome() {
                println!("outcome {o}");
            }
            Ok(())
        }
        Command::Replay { file, export } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let (rec, game) =
                record::import(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            println!("{}", game.position());
            let result = match game.outcome() {
                Some(o) => o.to_string(),
                None => rec.result.clone(),
            };
            println!("result {result}");
            if let Some(style) = export {
                let style = if style == "classic" {
                    Style::Classic
                } else {
                    Style::Wcf
                };
                let tags: Vec<(&str, &str)> = rec
                    .tags
                    .iter()
                    .map(|(k, v)| (k.as_str(), v.as_str()))
                    .collect();
                print!("{}", record::export(&game, &tags, style));
            }
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
