//! The laboratory of the Camelot engine: what measures the computer player rather than
//! plays. Matches between levels or outside programs and the sequential test that
//! settles them, round-robin tournaments, the search's bench and its signature,
//! self-play samples, the fitting of the win probability and the tuning of the
//! evaluation, puzzles found in played games, and the engine protocol from both ends
//! (the engine answering it, and an outside program asked through it).
//!
//! `camelot-cli` runs all of it; the game's Watch screen runs tournaments.

mod bench;
mod engine_protocol;
mod fit;
mod matches;
mod program;
mod puzzles;
mod samples;
mod sprt;
mod tally;
mod tournament;
mod tune;

pub use bench::{bench_positions, run_bench, BenchLine, BenchPosition, BENCH_SIGNATURE};
pub use engine_protocol::{run as run_engine_protocol, MAX_MOVETIME_MS, MAX_MULTIPV};
pub use fit::{fit_win_probability, WinFit};
pub use matches::{
    play_game, run_match, Contender, GameError, MatchConfig, MatchError, MatchResult, Played,
};
pub use program::{BadAnswer, Program, ProgramError, ProgramErrorKind};
pub use puzzles::find_puzzles;
pub use samples::{Sample, SampleError};
pub use sprt::{ParseSprtError, Sprt, Verdict};
pub use tally::Tally;
pub use tournament::{run_tournament, Rating, Standings, TournamentConfig};
pub use tune::{tune as tune_weights, Tuned};
