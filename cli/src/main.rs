//! `camelot-cli`: the rules engine from the command line. Each group of subcommands is a
//! module (a room) with one `Args` struct and one `run` per subcommand.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[macro_use]
mod output;
mod analysis;
mod failure;
mod lab;
mod online;
mod rules;
mod solver;
mod tournament;
mod tuning;

#[derive(Parser)]
#[command(
    name = "camelot-cli",
    version = concat!(env!("CARGO_PKG_VERSION"), " (", env!("CAMELOT_COMMIT"), ")"),
    about = "Rules engine, notation and records for the Camelot family of games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List every legal move of a position, one per line, in WCF notation, sorted.
    Moves(rules::MovesArgs),
    /// Count the leaf nodes of the legal-move tree to a depth (prints `nodes N` last;
    /// time and nodes/s go to stderr).
    Perft(rules::PerftArgs),
    /// Play moves from a position and print the resulting position (and outcome).
    Play(rules::PlayArgs),
    /// Replay a game record move by move; print the final position and result.
    Replay(rules::ReplayArgs),
    /// The AI levels, one per line, weakest first (and `greedy`, the 1-ply yardstick).
    Levels(rules::LevelsArgs),
    /// Search a position and print each depth's best move, score and line.
    Analyze(analysis::AnalyzeArgs),
    /// Review a game record: for each ply the move played, the engine's choice, the
    /// mover's win probability before and after, and a class (best, good, inaccuracy,
    /// mistake, blunder; the thresholds are in docs/ai.md).
    Review(analysis::ReviewArgs),
    /// Speak the engine protocol (modelled on UCI) on stdin/stdout; see docs/formats.md.
    Engine(analysis::EngineArgs),
    /// AI-against-AI matches: results, score, Elo difference with a 95% interval, and
    /// optionally a sequential test that stops the match when it is settled.
    Match(lab::MatchArgs),
    /// Search the benchmark positions (every variant) to fixed depths: the node count is
    /// the search's signature; nodes/s is the median of the runs.
    Bench(lab::BenchArgs),
    /// Self-play games whose searched positions are written, labelled with each game's
    /// result, to a samples file (for `fit-winprob` and `tune`).
    Selfplay(lab::SelfplayArgs),
    /// Play self-play games and print the puzzles found in them (one line each, as the
    /// puzzle list writes them): positions where one move wins and no other does.
    FindPuzzles(lab::FindPuzzlesArgs),
    /// Re-check every puzzle of the built-in list (or of FILE) by search.
    CheckPuzzles(lab::CheckPuzzlesArgs),
    /// A round-robin tournament between computer levels: a running crosstable, scores
    /// and Elo ratings with 95% intervals; every game can be saved as a record.
    Tournament(tournament::TournamentArgs),
    /// Fit a variant's evaluation weights to samples files written by `selfplay`
    /// (Texel's method: logistic regression on the positions where no jump is
    /// compulsory); prints the held-out log-loss before and after, and each weight.
    Tune(tuning::TuneArgs),
    /// Fit the win probability curve (one scale a variant) to samples files written by
    /// `selfplay`; prints the scale and the log-loss on held-out samples.
    FitWinprob(tuning::FitWinprobArgs),
    /// Online play against a camelot-server: create, play, move, watch, list, loadtest.
    Online(online::OnlineArgs),
    /// Solve Camette by retrograde analysis (minutes on two cores; a table of about
    /// 0.9 GB in the data directory), or, with --probe, print one position's value and
    /// its moves' values from that table (built first if it is missing).
    Solve(solver::SolveArgs),
}

fn run(command: Command) -> Result<(), failure::Failure> {
    match command {
        Command::Moves(a) => a.run(),
        Command::Perft(a) => a.run(),
        Command::Play(a) => a.run(),
        Command::Replay(a) => a.run(),
        Command::Levels(a) => a.run(),
        Command::Analyze(a) => a.run(),
        Command::Review(a) => a.run(),
        Command::Engine(a) => a.run(),
        Command::Match(a) => a.run(),
        Command::Bench(a) => a.run(),
        Command::Selfplay(a) => a.run(),
        Command::FindPuzzles(a) => a.run(),
        Command::CheckPuzzles(a) => a.run(),
        Command::Tournament(a) => a.run(),
        Command::Tune(a) => a.run(),
        Command::FitWinprob(a) => a.run(),
        Command::Solve(a) => a.run(),
        Command::Online(a) => a.run(),
    }
}

fn main() -> ExitCode {
    match run(Cli::parse().command) {
        Ok(()) => ExitCode::SUCCESS,
        // A game that could not be had is said as it is: scripts read that line.
        Err(failure::Failure::Join(e)) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
        Err(failure::Failure::Challenge(e)) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
