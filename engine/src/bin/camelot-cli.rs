//! `camelot-cli`: the rules engine from the command line.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use camelot_engine::{
    play_game, read_text, run_protocol, write_atomic, Game, Level, Limits, MatchConfig, Notation,
    Position, Record, Searcher, Tally, Variant, MAX_DEPTH, MAX_PERFT_DEPTH, MAX_RECORD_BYTES,
};

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
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH as i64))]
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
    /// The AI levels, one per line, weakest first (and `greedy`, the 1-ply yardstick).
    Levels,
    /// AI-against-AI matches: results, score, Elo difference with a 95% interval.
    Match {
        #[arg(long, default_value = "camelot")]
        variant: Variant,
        /// Level of player A (see `levels`).
        #[arg(long)]
        a: String,
        /// Level of player B.
        #[arg(long)]
        b: String,
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Number of the first game (games are seeded by their number, so a match can be
        /// split across processes: `--first-game 51 --games 50` plays games 51-100).
        #[arg(long, default_value_t = 1)]
        first_game: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Up to this many random plies open each game, for variety.
        #[arg(long, default_value_t = 4)]
        random_plies: u32,
        /// Write every game as a record into this directory (game-001.cgn, ...).
        #[arg(long)]
        records: Option<std::path::PathBuf>,
    },
    /// Search a position and print each depth's best move, score and line.
    Analyze {
        #[arg(long)]
        position: String,
        /// Think for this many milliseconds (default 5000).
        #[arg(long, conflicts_with = "depth", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
        time: Option<u64>,
        /// Search to this depth instead.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH as i64))]
        depth: Option<u32>,
    },
    /// Speak the engine protocol (modelled on UCI) on stdin/stdout; see the README.
    Engine,
    /// Replay a game record move by move; print the final position and result.
    Replay {
        /// A record file (PGN-like text, see the README).
        file: std::path::PathBuf,
        /// Also print the record again, in this notation.
        #[arg(long, value_parser = ["wcf", "classic"])]
        export: Option<String>,
    },
}

/// Prints a line to stdout; a closed pipe (`| head`) ends the program quietly.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// Searches need more stack than a default thread has.
fn with_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(f)
        .expect("spawns a thread")
        .join()
        .expect("search thread")
}

fn level(name: &str) -> Result<Level, String> {
    Level::by_name(name).ok_or_else(|| {
        let names: Vec<&str> = Level::all().map(|l| l.name).collect();
        format!("unknown level '{name}' (levels: {})", names.join(", "))
    })
}

fn parse_position(s: &str) -> Result<Position, String> {
    s.parse::<Position>().map_err(|e| e.to_string())
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Moves { position, classic } => {
            let pos = parse_position(&position)?;
            let notation = if classic {
                Notation::Classic
            } else {
                Notation::Wcf
            };
            if classic && !pos.rules().has_numbered_squares() {
                return Err(format!(
                    "numbered notation is only for the 160-square boards, not {}",
                    pos.variant()
                ));
            }
            for l in pos.legal_move_texts(notation) {
                out!("{l}");
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
                let mut lines: Vec<(String, u64)> = pos
                    .divide(depth)
                    .map_err(|e| e.to_string())?
                    .into_iter()
                    .map(|(m, n)| (pos.move_text(&m, Notation::Wcf).expect("legal"), n))
                    .collect();
                lines.sort();
                for (m, n) in &lines {
                    out!("{m} {n}");
                }
                lines.iter().map(|(_, n)| n).sum()
            } else {
                pos.perft(depth).map_err(|e| e.to_string())?
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
        Command::Play { position, moves } => {
            let pos = parse_position(&position)?;
            let mut game = Game::from_position(pos);
            for (i, m) in moves.iter().enumerate() {
                game.play_notation(m)
                    .map_err(|e| format!("move {} is illegal: {e}", i + 1))?;
            }
            out!("{}", game.position());
            if let Some(o) = game.outcome() {
                out!("outcome {o}");
            }
            Ok(())
        }
        Command::Levels => {
            for l in Level::all() {
                out!("{}", l.name);
            }
            Ok(())
        }
        Command::Match {
            variant,
            a,
            b,
            games,
            first_game,
            seed,
            random_plies,
            records,
        } => {
            let cfg = MatchConfig {
                variant,
                a: level(&a)?,
                b: level(&b)?,
                games,
                seed,
                random_plies,
            };
            if games == 0 || first_game == 0 {
                return Err("--games and --first-game must be at least 1".into());
            }
            if let Some(dir) = &records {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            }
            with_big_stack(move || run_match(cfg, first_game - 1, records))
        }
        Command::Analyze {
            position,
            time,
            depth,
        } => {
            let pos = parse_position(&position)?;
            let limits = match (time, depth) {
                (_, Some(d)) => Limits::depth(d),
                (Some(ms), None) => Limits::time(std::time::Duration::from_millis(ms)),
                (None, None) => Limits::time(std::time::Duration::from_millis(5000)),
            };
            if let Some(o) = pos.outcome() {
                return Err(format!("the game is over in this position: {o}"));
            }
            with_big_stack(move || {
                let mut searcher = Searcher::new(64);
                let result = searcher.search(&pos, &[], limits, |info| {
                    out!(
                        "depth {} score {} nodes {} nps {} time {} pv {}",
                        info.depth,
                        info.score,
                        info.nodes,
                        info.nps(),
                        info.time.as_millis(),
                        pos.line_text(&info.pv, Notation::Wcf)
                    );
                });
                match result.best.and_then(|m| pos.move_text(&m, Notation::Wcf)) {
                    Some(m) => out!("bestmove {m}"),
                    None => out!("bestmove (none)"),
                }
            });
            Ok(())
        }
        Command::Engine => {
            run_protocol(std::io::stdin().lock(), std::io::stdout());
            Ok(())
        }
        Command::Replay { file, export } => {
            let text =
                read_text(&file, MAX_RECORD_BYTES).map_err(|e| format!("cannot read {e}"))?;
            let (rec, game) =
                Record::import(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            out!("{}", game.position());
            let result = match game.outcome() {
                Some(o) => o.to_string(),
                None => rec.result.clone(),
            };
            out!("result {result}");
            if let Some(style) = export {
                let notation = if style == "classic" {
                    Notation::Classic
                } else {
                    Notation::Wcf
                };
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
}

fn run_match(
    cfg: MatchConfig,
    first: u32,
    records: Option<std::path::PathBuf>,
) -> Result<(), String> {
    use std::io::Write;
    let mut tally = Tally::default();
    let started = Instant::now();
    for n in 0..cfg.games {
        let i = first + n;
        let played = play_game(&cfg, i);
        tally.add(played.a_score());
        if let Some(dir) = &records {
            let (white, black) = if played.a_team == 0 {
                (cfg.a.name, cfg.b.name)
            } else {
                (cfg.b.name, cfg.a.name)
            };
            let round = (i + 1).to_string();
            let rules = played.game.start().rules();
            let mut tags = vec![("Event", "camelot-cli match"), ("Round", round.as_str())];
            let names = [white, black];
            for p in rules.players_in_order() {
                tags.push((rules.seat_title(p), names[rules.team(p) as usize]));
            }
            let reason = played.outcome.reason.describe();
            tags.push(("Termination", reason));
            let text = Record::export(&played.game, &tags, Notation::Wcf);
            let path = dir.join(format!("game-{:03}.cgn", i + 1));
            write_atomic(&path, text.as_bytes()).map_err(|e| format!("cannot write {e}"))?;
        }
        let done = n + 1;
        let width = 30;
        let filled = (done as usize * width) / cfg.games as usize;
        eprint!(
            "\r[{}{}] {done}/{} +{} ={} -{}  {:.0} s",
            "#".repeat(filled),
            ".".repeat(width - filled),
            cfg.games,
            tally.wins,
            tally.draws,
            tally.losses,
            started.elapsed().as_secs_f64()
        );
        let _ = std::io::stderr().flush();
    }
    eprintln!();
    let (elo, lo, hi) = tally.elo();
    out!(
        "{} vs {} in {}: {} games",
        cfg.a.name,
        cfg.b.name,
        cfg.variant,
        tally.games()
    );
    out!(
        "wins {} draws {} losses {}",
        tally.wins,
        tally.draws,
        tally.losses
    );
    out!("score {:.1}%", 100.0 * tally.score());
    out!("elo {:+.0} (95% interval {:+.0} to {:+.0})", elo, lo, hi);
    Ok(())
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
