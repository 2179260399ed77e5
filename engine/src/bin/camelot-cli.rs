//! `camelot-cli`: the rules engine from the command line.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use camelot_engine::{
    default_tablebase_path, find_puzzles, fit_win_probability, parse_puzzles, read_text,
    review_game, run_bench, run_match, run_protocol, run_tournament, tune_weights, write_atomic,
    Contender, Excerpt, Game, Level, Limits, MatchConfig, Notation, Played, Position, Puzzle,
    Record, Sample, Searcher, Sprt, Standings, Tablebase, Tally, TournamentConfig, Variant,
    Verdict, Weights, MAX_DEPTH, MAX_PERFT_DEPTH, MAX_RECORD_BYTES, PUZZLE_NODES, REVIEW_NODES,
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
    /// AI-against-AI matches: results, score, Elo difference with a 95% interval, and
    /// optionally a sequential test that stops the match when it is settled.
    Match {
        #[arg(long, default_value = "camelot")]
        variant: Variant,
        /// Level of player A (see `levels`).
        #[arg(long)]
        a: String,
        /// Level of player B; with --b-engine, the budget the program gets each move
        /// (unless --movetime).
        #[arg(long)]
        b: String,
        /// Player A is this program speaking the engine protocol (see --b-engine); --a
        /// then names its budget.
        #[arg(long)]
        a_engine: Option<String>,
        /// Player B is this program speaking the engine protocol: the command and its
        /// arguments, split at spaces (e.g. "/old/camelot-cli engine").
        #[arg(long)]
        b_engine: Option<String>,
        /// Both players think this many milliseconds a move instead of their levels'
        /// node budgets (equal time).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
        movetime: Option<u64>,
        /// The most games to play (an SPRT may stop sooner).
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Number of the first game (games are seeded by their number, so a match can be
        /// split across processes: `--first-game 51 --games 50` plays games 51-100).
        #[arg(long, default_value_t = 1)]
        first_game: u32,
        #[command(flatten)]
        games_in: GamesIn,
        /// Stop when a sequential test (5% errors) decides whether A is at least ELO1
        /// stronger than B or at most ELO0: `--sprt 0,20`.
        #[arg(long, value_name = "ELO0,ELO1", value_parser = parse_sprt)]
        sprt: Option<Sprt>,
        /// Write every game as a record into this directory (game-001.cgn, ...).
        #[arg(long)]
        records: Option<std::path::PathBuf>,
    },
    /// A round-robin tournament between computer levels: a running crosstable, scores
    /// and Elo ratings with 95% intervals; every game can be saved as a record.
    Tournament {
        #[arg(long, default_value = "camelot")]
        variant: Variant,
        /// Two to eight levels, comma-separated (see `levels`): `club,expert,master`.
        #[arg(long, value_delimiter = ',', num_args = 1.., required = true)]
        levels: Vec<String>,
        /// Games each pair plays, colours alternating.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        games: u32,
        /// Every level thinks this many milliseconds a move instead of its node budget.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
        movetime: Option<u64>,
        #[command(flatten)]
        games_in: GamesIn,
        /// Write every game as a record into this directory (club-vs-expert-001.cgn, ...).
        #[arg(long)]
        records: Option<std::path::PathBuf>,
    },
    /// Self-play games whose searched positions are written, labelled with each game's
    /// result, to a samples file (for `fit-winprob`; the format is in the README).
    Selfplay {
        #[arg(long, default_value = "camelot")]
        variant: Variant,
        /// The level playing both sides (see `levels`).
        #[arg(long, default_value = "club")]
        level: String,
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Up to this many random plies open each game, for variety.
        #[arg(long, default_value_t = 8)]
        random_plies: u32,
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        jobs: u32,
        /// The samples file to write (replaced if it exists).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Play self-play games and print the puzzles found in them (one line each, as the
    /// puzzle list writes them): positions where one move wins and no other does.
    FindPuzzles {
        #[arg(long, default_value = "camelot")]
        variant: Variant,
        /// The level playing both sides: a weak one slips, and its slips make puzzles.
        #[arg(long, default_value = "novice")]
        level: String,
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        jobs: u32,
    },
    /// Re-check every puzzle of the built-in list (or of FILE) by search.
    CheckPuzzles { file: Option<std::path::PathBuf> },
    /// Fit the win probability curve (one scale a variant) to samples files written by
    /// `selfplay`; prints the scale and the log-loss on held-out samples.
    FitWinprob {
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Fit a variant's evaluation weights to samples files written by `selfplay`
    /// (Texel's method: logistic regression on the positions where no jump is
    /// compulsory); prints the held-out log-loss before and after, and each weight.
    Tune {
        #[arg(long)]
        variant: Variant,
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Write the fitted weights file here (the compiled-in one is
        /// engine/src/ai/weights/VARIANT.txt: rebuild to play with it).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Search the benchmark positions (every variant) to fixed depths: the node count is
    /// the search's signature; nodes/s is the median of the runs.
    Bench {
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
        runs: u32,
        /// Print each position's nodes and time.
        #[arg(long)]
        verbose: bool,
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
    /// Review a game record: for each ply the move played, the engine's choice, the
    /// mover's win probability before and after, and a class (best, good, inaccuracy,
    /// mistake, blunder; the thresholds are in the README).
    Review {
        /// A record file (see the README).
        file: std::path::PathBuf,
        /// Search each position this many nodes (default 150,000).
        #[arg(long, conflicts_with = "movetime", value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
        nodes: Option<u64>,
        /// Search each position this many milliseconds instead.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
        movetime: Option<u64>,
        /// Print a JSON array, one object a ply, instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Solve Camette by retrograde analysis (minutes on two cores; a table of about
    /// 0.9 GB in the data directory), or, with --probe, print one position's value and
    /// its moves' values from that table (built first if it is missing).
    Solve {
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
        table: Option<std::path::PathBuf>,
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

/// How a match's or a tournament's games are opened and run.
#[derive(clap::Args)]
struct GamesIn {
    /// Games are seeded by this and their number.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Up to this many random plies open each game, for variety.
    #[arg(long, default_value_t = 4)]
    random_plies: u32,
    /// Games played at once, each on its own thread (the same games as one at a time).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: u32,
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

fn parse_sprt(s: &str) -> Result<Sprt, String> {
    let bad = || {
        format!(
            "expected two Elo values ELO0,ELO1 with ELO0 < ELO1, not '{}'",
            Excerpt::new(s)
        )
    };
    let (a, b) = s.split_once(',').ok_or_else(bad)?;
    let elo0: f64 = a.trim().parse().map_err(|_| bad())?;
    let elo1: f64 = b.trim().parse().map_err(|_| bad())?;
    if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1 && elo1 - elo0 <= 1000.0) {
        return Err(bad());
    }
    Ok(Sprt::new(elo0, elo1))
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
        Command::Solve {
            variant,
            probe,
            threads,
            table,
            force,
            verify,
            max_pieces,
        } => solve(variant, probe, threads, table, force, verify, max_pieces),
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
            a_engine,
            b_engine,
            movetime,
            games,
            first_game,
            games_in:
                GamesIn {
                    seed,
                    random_plies,
                    jobs,
                },
            sprt,
            records,
        } => {
            if games == 0 || first_game == 0 {
                return Err("--games and --first-game must be at least 1".into());
            }
            let time = movetime.map(std::time::Duration::from_millis);
            let side = |name: &str, engine: Option<String>| -> Result<Contender, String> {
                let lvl = level(name)?;
                Ok(match engine {
                    Some(cmd) => Contender::Program {
                        command: cmd.split_whitespace().map(String::from).collect(),
                        limits: time.map_or(lvl.limits(), Limits::time),
                    },
                    None => Contender::Level(time.map_or(lvl, |t| lvl.with_time(t))),
                })
            };
            let cfg = MatchConfig {
                variant,
                a: side(&a, a_engine)?,
                b: side(&b, b_engine)?,
                games,
                seed,
                random_plies,
            };
            if let Some(dir) = &records {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            }
            with_big_stack(move || match_command(cfg, first_game - 1, jobs, sprt, records))
        }
        Command::Selfplay {
            variant,
            level: name,
            games,
            seed,
            random_plies,
            jobs,
            out,
        } => {
            let cfg = self_play(variant, &name, games, seed, random_plies)?;
            with_big_stack(move || selfplay_command(cfg, jobs, &out))
        }
        Command::FindPuzzles {
            variant,
            level: name,
            games,
            seed,
            jobs,
        } => {
            let cfg = self_play(variant, &name, games, seed, 8)?;
            with_big_stack(move || find_puzzles_command(cfg, jobs))
        }
        Command::CheckPuzzles { file } => with_big_stack(move || check_puzzles_command(file)),
        Command::Tournament {
            variant,
            levels,
            games,
            movetime,
            games_in:
                GamesIn {
                    seed,
                    random_plies,
                    jobs,
                },
            records,
        } => {
            if !(2..=8).contains(&levels.len()) {
                return Err(format!(
                    "a tournament needs two to eight levels, not {}",
                    levels.len()
                ));
            }
            let mut entrants = Vec::new();
            for name in &levels {
                let lvl = level(name.trim())?;
                if entrants.iter().any(|e: &Contender| e.name() == lvl.name) {
                    return Err(format!("level '{}' is named twice", lvl.name));
                }
                let time = movetime.map(std::time::Duration::from_millis);
                entrants.push(Contender::Level(time.map_or(lvl, |t| lvl.with_time(t))));
            }
            if let Some(dir) = &records {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            }
            let cfg = TournamentConfig {
                variant,
                entrants,
                games_per_pairing: games,
                seed,
                random_plies,
            };
            with_big_stack(move || tournament_command(cfg, jobs, records))
        }
        Command::FitWinprob { files } => fit_winprob_command(&files),
        Command::Tune {
            variant,
            files,
            out,
        } => tune_command(variant, &files, out.as_deref()),
        Command::Bench { runs, verbose } => {
            with_big_stack(move || bench_command(runs, verbose));
            Ok(())
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
            let table = camette_table(&pos);
            with_big_stack(move || {
                let mut searcher = Searcher::new(64);
                searcher.set_tablebase(table);
                let result = searcher.search(&pos, &[], limits, |info| {
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
            });
            Ok(())
        }
        Command::Review {
            file,
            nodes,
            movetime,
            json,
        } => {
            let text =
                read_text(&file, MAX_RECORD_BYTES).map_err(|e| format!("cannot read {e}"))?;
            let (_, game) =
                Record::import(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            let limits = match movetime {
                Some(ms) => Limits::time(std::time::Duration::from_millis(ms)),
                None => Limits::nodes(nodes.unwrap_or(REVIEW_NODES)),
            };
            with_big_stack(move || review_command(&game, limits, json))
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

fn bench_command(runs: u32, verbose: bool) {
    let mut rates = Vec::new();
    let mut total = 0;
    let mut positions = 0;
    for run in 0..runs {
        let lines = run_bench();
        positions = lines.len();
        let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
        let secs: f64 = lines.iter().map(|l| l.time.as_secs_f64()).sum();
        if verbose && run == 0 {
            for l in &lines {
                out!(
                    "{:<24} depth {:>2} nodes {:>10} time {:>6} ms",
                    l.name,
                    l.depth,
                    l.nodes,
                    l.time.as_millis()
                );
            }
        }
        if run > 0 && nodes != total {
            // The same searches must count the same nodes: anything else is a bug.
            out!(
                "error: run {} counted {nodes} nodes, run 1 {total}",
                run + 1
            );
        }
        total = nodes;
        let rate = nodes as f64 / secs.max(1e-9);
        eprintln!("run {}: {:.2} s, {:.0} nodes/s", run + 1, secs, rate);
        rates.push(rate);
    }
    rates.sort_by(f64::total_cmp);
    out!("positions {positions}");
    out!("nodes {total}");
    out!("nps {:.0} (median of {runs})", rates[rates.len() / 2]);
}

fn match_command(
    cfg: MatchConfig,
    first: u32,
    jobs: u32,
    sprt: Option<Sprt>,
    records: Option<std::path::PathBuf>,
) -> Result<(), String> {
    use std::io::Write;
    let started = Instant::now();
    let (a_name, b_name) = (cfg.a.name(), cfg.b.name());
    let mut done = 0;
    // A sequential test's verdict is where its ratio first crosses a bound: the games
    // still under way then are finished and counted in the totals, but cannot undo it.
    let mut decided: Option<Tally> = None;
    let tally = run_match(&cfg, first, jobs as usize, sprt, |i, played, tally| {
        if decided.is_none() && sprt.is_some_and(|s| s.verdict(tally) != Verdict::Continue) {
            decided = Some(*tally);
        }
        if let Some(dir) = &records {
            let path = dir.join(format!("game-{:03}.cgn", i + 1));
            write_record(&path, "camelot-cli match", i, played, [&a_name, &b_name])?;
        }
        done += 1;
        let width = 30;
        let filled = (done * width) / cfg.games as usize;
        let llr = sprt.map_or(String::new(), |s| format!("  llr {:+.2}", s.llr(tally)));
        eprint!(
            "\r[{}{}] {done}/{} +{} ={} -{}{llr}  {:.0} s",
            "#".repeat(filled),
            ".".repeat(width - filled),
            cfg.games,
            tally.wins,
            tally.draws,
            tally.losses,
            started.elapsed().as_secs_f64()
        );
        let _ = std::io::stderr().flush();
        Ok(())
    });
    eprintln!();
    let tally = tally?;
    let (elo, lo, hi) = tally.elo();
    out!(
        "{} vs {} in {}: {} games",
        a_name,
        b_name,
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
    if let Some(s) = sprt {
        let (l0, l1) = s.bounds();
        let at = decided.unwrap_or(tally);
        let verdict = match s.verdict(&at) {
            Verdict::Accept => format!("H1 accepted: A is at least {:+} Elo stronger", s.elo1),
            Verdict::Reject => format!("H0 accepted: A is no more than {:+} Elo stronger", s.elo0),
            Verdict::Continue => "undecided after every game allowed".into(),
        };
        let when = if at.games() < tally.games() {
            format!(
                " at game {} (+{} ={} -{}; the {} game(s) then under way were finished and are in the totals)",
                at.games(),
                at.wins,
                at.draws,
                at.losses,
                tally.games() - at.games()
            )
        } else {
            String::new()
        };
        out!(
            "sprt elo0 {} elo1 {} llr {:+.2} (bounds {:+.2}, {:+.2}): {verdict}{when}",
            s.elo0,
            s.elo1,
            s.llr(&at),
            l0,
            l1
        );
    }
    Ok(())
}

fn tournament_command(
    cfg: TournamentConfig,
    jobs: u32,
    records: Option<std::path::PathBuf>,
) -> Result<(), String> {
    use std::io::Write;
    let started = Instant::now();
    let total = cfg.total_games();
    let mut done = 0;
    let standings = run_tournament(&cfg, jobs as usize, |(i, j), index, played, table| {
        let names = [table.names[i].as_str(), table.names[j].as_str()];
        if let Some(dir) = &records {
            let file = format!("{}-vs-{}-{:03}.cgn", names[0], names[1], index + 1);
            write_record(
                &dir.join(file),
                "camelot-cli tournament",
                index,
                played,
                names,
            )?;
        }
        done += 1;
        let leader = (0..table.names.len())
            .max_by(|&a, &b| table.points(a).0.total_cmp(&table.points(b).0))
            .unwrap_or(0);
        eprint!(
            "\r{done}/{total} games  {} {:.1}-{:.1} {}  leader {} {:.1}  {:.0} s   ",
            names[0],
            table.results[i][j].points(),
            table.results[j][i].points(),
            names[1],
            table.names[leader],
            table.points(leader).0,
            started.elapsed().as_secs_f64()
        );
        let _ = std::io::stderr().flush();
        Ok(())
    });
    eprintln!();
    let standings = standings?;
    print_crosstable(&cfg, &standings);
    Ok(())
}

fn print_crosstable(cfg: &TournamentConfig, s: &Standings) {
    let n = s.names.len();
    let ratings = s.ratings();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| s.points(b).0.total_cmp(&s.points(a).0));
    let width = s.names.iter().map(String::len).max().unwrap_or(4).max(4);
    out!(
        "{} tournament, {} games a pairing",
        cfg.variant,
        cfg.games_per_pairing
    );
    let heads: String = (1..=n).map(|k| format!("{k:>6}")).collect();
    out!(
        "    {:<width$}{heads}   score  games     elo  95% interval",
        "name"
    );
    for (rank, &i) in order.iter().enumerate() {
        let cells: String = order
            .iter()
            .map(|&j| {
                let t = s.results[i][j];
                if i == j {
                    format!("{:>6}", "-")
                } else {
                    format!("{:>6}", t.points())
                }
            })
            .collect();
        let (points, games) = s.points(i);
        let r = ratings[i];
        out!(
            "{:>2}. {:<width$}{cells}  {:>6}  {:>5}  {:>+6.0}  {:+.0} to {:+.0}",
            rank + 1,
            s.names[i],
            points,
            games,
            r.elo,
            r.low,
            r.high
        );
    }
}

fn review_command(game: &Game, limits: Limits, json: bool) -> Result<(), String> {
    use std::io::Write;
    let started = Instant::now();
    let reviewed = review_game(game, limits, |done, all| {
        eprint!("\rreviewing: {done}/{all} positions");
        let _ = std::io::stderr().flush();
        true
    });
    eprintln!(" in {:.1} s", started.elapsed().as_secs_f64());
    let text = |i: usize, m: &camelot_engine::Move| {
        game.position_at(i)
            .move_text(m, Notation::Wcf)
            .unwrap_or_else(|| "?".into())
    };
    let rows: Vec<ReviewRow> = reviewed
        .iter()
        .map(|r| ReviewRow {
            ply: r.ply + 1,
            side: game.start().rules().seat_name(r.player).to_string(),
            played: text(r.ply, &r.played),
            best: r.best.map(|m| text(r.ply, &m)),
            score: r.score.to_string(),
            before: (r.before * 1000.0).round() / 1000.0,
            after: (r.after * 1000.0).round() / 1000.0,
            class: r.class.map(|c| c.name()),
        })
        .collect();
    if json {
        let text = serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())?;
        out!("{text}");
        return Ok(());
    }
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
    for r in &rows {
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
    Ok(())
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

fn selfplay_command(cfg: MatchConfig, jobs: u32, out: &std::path::Path) -> Result<(), String> {
    use std::io::Write;
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", out.display());
    let mut file = std::io::BufWriter::new(std::fs::File::create(out).map_err(cannot)?);
    let started = Instant::now();
    let (mut done, mut written) = (0, 0);
    run_match(&cfg, 0, jobs as usize, None, |_, played, _| {
        for sample in Sample::from_played(played) {
            writeln!(file, "{}", sample.line()).map_err(cannot)?;
            written += 1;
        }
        // A finished game is on disk before the next is counted.
        file.flush().map_err(cannot)?;
        done += 1;
        eprint!(
            "\r{done}/{} games, {written} samples, {:.0} s",
            cfg.games,
            started.elapsed().as_secs_f64()
        );
        Ok(())
    })?;
    eprintln!();
    out!("games {done} samples {written} file {}", out.display());
    Ok(())
}

/// A level against itself, for `selfplay` and `find-puzzles`.
fn self_play(
    variant: Variant,
    name: &str,
    games: u32,
    seed: u64,
    random_plies: u32,
) -> Result<MatchConfig, String> {
    let lvl = level(name)?;
    Ok(MatchConfig {
        variant,
        a: Contender::Level(lvl),
        b: Contender::Level(lvl),
        games,
        seed,
        random_plies,
    })
}

fn find_puzzles_command(cfg: MatchConfig, jobs: u32) -> Result<(), String> {
    let started = Instant::now();
    let (mut done, mut found) = (0, 0);
    // Games that open alike find the same puzzles: each position once.
    let mut seen = std::collections::HashSet::new();
    run_match(&cfg, 0, jobs as usize, None, |index, played, _| {
        let prefix = format!("{}-s{}g{index}", cfg.variant.id(), cfg.seed);
        let found_here = find_puzzles(&played.game, Limits::nodes(PUZZLE_NODES / 8), &prefix);
        for p in found_here
            .into_iter()
            .filter(|p| seen.insert(p.position.hash()))
        {
            out!("{}", p.line());
            found += 1;
        }
        done += 1;
        eprint!(
            "\r{done}/{} games, {found} puzzles, {:.0} s",
            cfg.games,
            started.elapsed().as_secs_f64()
        );
        Ok(())
    })?;
    eprintln!();
    Ok(())
}

fn check_puzzles_command(file: Option<std::path::PathBuf>) -> Result<(), String> {
    let puzzles = match &file {
        Some(path) => {
            let text = read_text(path, 1 << 24).map_err(|e| format!("cannot read {e}"))?;
            parse_puzzles(&text).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => Puzzle::all(),
    };
    let mut failed = 0;
    for p in &puzzles {
        match p.check() {
            Ok(c) => out!(
                "{:<24} {:<7} ok: {:.2} against {:.2}",
                p.id,
                p.theme.id(),
                c.best_win,
                c.second_win
            ),
            Err(e) => {
                out!("{e}");
                failed += 1;
            }
        }
    }
    out!("{} puzzles, {failed} failed", puzzles.len());
    if failed > 0 {
        return Err(format!("{failed} puzzles failed their check"));
    }
    Ok(())
}

/// Every sample of the samples files, in order; a bad line is named with its file.
fn read_samples(files: &[std::path::PathBuf]) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for path in files {
        let text = read_text(path, 1 << 30).map_err(|e| format!("cannot read {e}"))?;
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            samples.push(
                Sample::parse(line)
                    .map_err(|e| format!("{} line {}: {e}", path.display(), n + 1))?,
            );
        }
    }
    Ok(samples)
}

fn tune_command(
    variant: Variant,
    files: &[std::path::PathBuf],
    out: Option<&std::path::Path>,
) -> Result<(), String> {
    let mut samples = Vec::new();
    let mut skipped = 0;
    for s in read_samples(files)? {
        if s.position.variant() != variant {
            continue;
        }
        // Texel's method wants quiet positions: a compulsory jump's result is not what
        // the static evaluation sees.
        if s.quiet {
            samples.push((s.position, s.result));
        } else {
            skipped += 1;
        }
    }
    let start = Weights::for_variant(variant);
    let t = tune_weights(&start, &samples).ok_or_else(|| {
        format!(
            "{} quiet {variant} samples: at least 100 are needed (write some with `selfplay --variant {}`)",
            samples.len(),
            variant.id()
        )
    })?;
    out!(
        "{variant}: {} quiet samples fitted, {} held out ({skipped} with a compulsory jump left out)",
        t.train,
        t.test
    );
    out!(
        "log-loss fitted/held-out: before {:.4}/{:.4}, after {:.4}/{:.4}; held-out without the evaluation {:.4}; scale {:.1}",
        t.before.0,
        t.before.1,
        t.after.0,
        t.after.1,
        t.baseline,
        t.scale
    );
    let (old, new) = (start.to_text(""), t.weights.to_text(""));
    for (a, b) in old.lines().zip(new.lines()) {
        if a != b {
            out!("  {a}  ->  {b}");
        }
    }
    if let Some(path) = out {
        let header = format!(
            "# {variant}: the evaluation's weights, in hundredths of a man (see weights.rs for\n\
             # what each means). Fitted by `camelot-cli tune` to {} quiet self-play positions;\n\
             # held-out log-loss {:.4} (the hand-set weights: {:.4}).\n",
            t.train + t.test,
            t.after.1,
            t.before.1
        );
        write_atomic(path, t.weights.to_text(&header).as_bytes())
            .map_err(|e| format!("cannot write {e}"))?;
        out!("wrote {}", path.display());
    }
    Ok(())
}

fn fit_winprob_command(files: &[std::path::PathBuf]) -> Result<(), String> {
    let mut by_variant: Vec<(Variant, Vec<(i32, f64)>)> = Vec::new();
    for s in read_samples(files)? {
        let v = s.position.variant();
        match by_variant.iter_mut().find(|(w, _)| *w == v) {
            Some((_, list)) => list.push((s.score.0, s.result)),
            None => by_variant.push((v, vec![(s.score.0, s.result)])),
        }
    }
    by_variant.sort_by_key(|(v, _)| Variant::ALL.iter().position(|w| w == v));
    out!("variant      samples   scale  log-loss fit  held-out  held-out without score");
    for (v, samples) in &by_variant {
        match fit_win_probability(samples) {
            Some(f) => out!(
                "{:<12} {:>7}  {:>6.1}  {:.4}        {:.4}    {:.4}",
                v.id(),
                f.train + f.test,
                f.scale,
                f.train_loss,
                f.test_loss,
                f.test_baseline
            ),
            None => out!(
                "{:<12} {:>7}  too few samples to fit",
                v.id(),
                samples.len()
            ),
        }
    }
    Ok(())
}

fn write_record(
    path: &std::path::Path,
    event: &str,
    i: u32,
    played: &Played,
    [a, b]: [&str; 2],
) -> Result<(), String> {
    let (white, black) = if played.a_team == 0 { (a, b) } else { (b, a) };
    let round = (i + 1).to_string();
    let rules = played.game.start().rules();
    let mut tags = vec![("Event", event), ("Round", round.as_str())];
    let names = [white, black];
    for p in rules.players_in_order() {
        tags.push((rules.seat_title(p), names[rules.team(p) as usize]));
    }
    let reason = played.outcome.reason.describe();
    tags.push(("Termination", reason));
    let text = Record::export(&played.game, &tags, Notation::Wcf);
    write_atomic(path, text.as_bytes()).map_err(|e| format!("cannot write {e}"))
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

fn solve(
    variant: Variant,
    probe: Option<String>,
    threads: Option<u32>,
    table: Option<std::path::PathBuf>,
    force: bool,
    verify: bool,
    max_pieces: Option<u32>,
) -> Result<(), String> {
    if variant != Variant::Camette {
        return Err(format!(
            "only camette can be solved; {variant} has too many positions for a table"
        ));
    }
    let probe = probe.map(|p| parse_position(&p)).transpose()?;
    if let Some(p) = &probe {
        if p.variant() != Variant::Camette {
            return Err(format!("the position is {}, not camette", p.variant()));
        }
    }
    let threads = threads
        .map(|t| t as usize)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if let Some(max) = max_pieces {
        let (_, stats) = Tablebase::solve(max, threads, &|line| eprintln!("{line}"));
        print_solve_stats(&stats, None);
        return Ok(());
    }
    let path = table.or_else(default_tablebase_path).ok_or(
        "no data directory for the table: set HOME or CAMELOT_DATA_DIR, or give --table FILE",
    )?;
    if verify {
        return verify_table(&path);
    }
    let tb = if path.exists() && !force {
        let tb = Tablebase::open(&path).map_err(|e| e.to_string())?;
        if probe.is_none() {
            out!(
                "table {} (built already; --force builds it again)",
                path.display()
            );
            out!("start {}", start_value(&tb)?);
        }
        tb
    } else {
        eprintln!(
            "solving Camette on {threads} threads into {}",
            path.display()
        );
        let (tb, stats) = Tablebase::solve(8, threads, &|line| eprintln!("{line}"));
        let bytes = tb
            .write(&path)
            .map_err(|e| format!("the table could not be written: {e}"))?;
        print_solve_stats(&stats, Some(bytes));
        out!("table {}", path.display());
        out!("start {}", start_value(&tb)?);
        tb
    };
    if let Some(p) = probe {
        let Some(v) = tb.probe(&p) else {
            return Err(format!(
                "not in the table: {}",
                if p.outcome().is_some() {
                    "the game is over there"
                } else {
                    "a piece stands in its own castle without the duty to leave it (must_leave)"
                }
            ));
        };
        out!("value {v}");
        for (m, mv) in tb.rank_moves(&p) {
            out!(
                "{} {mv}",
                p.move_text(&m, Notation::Wcf).expect("a legal move")
            );
        }
    }
    Ok(())
}

/// `solve --verify`: the table at `path` against the board's mirror symmetry.
fn verify_table(path: &std::path::Path) -> Result<(), String> {
    let tb = Tablebase::load(path).map_err(|e| e.to_string())?;
    let (checked, wrong) = tb.check_mirror();
    out!("mirror check: {checked} positions, {wrong} disagree with their mirror image");
    if wrong > 0 {
        return Err(format!(
            "{} is not sound: solve it again with --force",
            path.display()
        ));
    }
    Ok(())
}

fn start_value(tb: &Tablebase) -> Result<camelot_engine::Value, String> {
    tb.probe(&Position::start(Variant::Camette)).ok_or_else(|| {
        "the table has no value for the start: it is damaged (--force builds it again)".into()
    })
}

fn print_solve_stats(s: &camelot_engine::SolveStats, bytes: Option<u64>) {
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

/// Camette's solved table from the data directory, for a Camette position; a note on
/// stderr says why there is none (the search then answers alone).
fn camette_table(pos: &Position) -> Option<std::sync::Arc<Tablebase>> {
    if pos.variant() != Variant::Camette {
        return None;
    }
    match Tablebase::open_default() {
        Some(Ok(t)) => Some(std::sync::Arc::new(t)),
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
