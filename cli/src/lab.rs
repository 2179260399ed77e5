//! The laboratory of matches: levels and programs against each other, the search's
//! bench, self-play samples, and puzzles found and checked.

use std::collections::HashSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use camelot_engine::notation::RecordTags;
use camelot_engine::search::SearchLimits;
use camelot_engine::{Level, Notation, Variant};
use camelot_files::{read_text, write_atomic};
use camelot_lab::{
    find_puzzles, run_bench, run_match, Contender, MatchConfig, MatchResult, Played, Sample, Sprt,
    Verdict, BENCH_SIGNATURE,
};
use camelot_lessons::{parse_puzzles, Puzzle, PUZZLE_NODES};

use crate::failure::{refused, Failure};
use crate::output::with_big_stack;

/// How a match's or a tournament's games are opened and run.
#[derive(clap::Args)]
pub struct GamesIn {
    /// Games are seeded by this and their number.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Up to this many random plies open each game, for variety.
    #[arg(long, default_value_t = 4)]
    pub random_plies: u32,
    /// Games played at once, each on its own thread (the same games as one at a time).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: u32,
}

#[derive(clap::Args)]
pub struct MatchArgs {
    #[arg(long, default_value = "camelot")]
    variant: Variant,
    /// Level of player A (see `levels`).
    #[arg(long)]
    a: Level,
    /// Level of player B; with --b-engine, the budget the program gets each move
    /// (unless --movetime).
    #[arg(long)]
    b: Level,
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
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// Number of the first game (games are seeded by their number, so a match can be
    /// split across processes: `--first-game 51 --games 50` plays games 51-100).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    first_game: u32,
    #[command(flatten)]
    games_in: GamesIn,
    /// Stop when a sequential test (5% errors) decides whether A is at least ELO1
    /// stronger than B or at most ELO0: `--sprt 0,20`.
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<Sprt>,
    /// Write every game as a record into this directory (game-001.cgn, ...).
    #[arg(long)]
    records: Option<PathBuf>,
}

impl MatchArgs {
    pub fn run(self) -> Result<(), Failure> {
        let time = self.movetime.map(Duration::from_millis);
        let side = |level: Level, engine: Option<String>| match engine {
            Some(cmd) => Contender::Program {
                command: cmd.split_whitespace().map(String::from).collect(),
                limits: time.map_or(level.limits(), SearchLimits::time),
            },
            None => Contender::Level(time.map_or(level, |t| level.with_time(t))),
        };
        let cfg = MatchConfig {
            variant: self.variant,
            a: side(self.a, self.a_engine),
            b: side(self.b, self.b_engine),
            games: self.games,
            seed: self.games_in.seed,
            random_plies: self.games_in.random_plies,
        };
        if let Some(dir) = &self.records {
            create_records_dir(dir)?;
        }
        let (first, jobs, sprt, records) = (
            self.first_game - 1,
            self.games_in.jobs,
            self.sprt,
            self.records,
        );
        with_big_stack(move || play_match(cfg, first, jobs, sprt, records))
    }
}

pub fn create_records_dir(dir: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| refused(format!("cannot create {}: {e}", dir.display())))
}

fn play_match(
    cfg: MatchConfig,
    first: u32,
    jobs: u32,
    sprt: Option<Sprt>,
    records: Option<PathBuf>,
) -> Result<(), Failure> {
    let started = Instant::now();
    let names = [cfg.a.name(), cfg.b.name()];
    let mut done = 0;
    let result = run_match(&cfg, first, jobs as usize, sprt, |i, played, tally| {
        if let Some(dir) = &records {
            let path = dir.join(format!("game-{:03}.cgn", u64::from(i) + 1));
            write_record(&path, "camelot-cli match", i, played, &names)?;
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
        Ok::<(), Failure>(())
    });
    eprintln!();
    print_match(&cfg, &names, result?, sprt);
    Ok(())
}

fn print_match(cfg: &MatchConfig, [a, b]: &[String; 2], result: MatchResult, sprt: Option<Sprt>) {
    let tally = result.tally;
    let (elo, lo, hi) = tally.elo();
    out!("{a} vs {b} in {}: {} games", cfg.variant, tally.games());
    out!(
        "wins {} draws {} losses {}",
        tally.wins,
        tally.draws,
        tally.losses
    );
    out!("score {:.1}%", 100.0 * tally.score());
    out!("elo {:+.0} (95% interval {:+.0} to {:+.0})", elo, lo, hi);
    let Some(s) = sprt else { return };
    let (l0, l1) = s.bounds();
    let at = result.verdict_tally();
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

/// Game `i` of a match or tournament as a record: the seats named after the contenders
/// (`names[0]` played side `played.a_side`).
pub fn write_record(
    path: &Path,
    event: &str,
    i: u32,
    played: &Played,
    names: &[String; 2],
) -> Result<(), Failure> {
    let rules = played.game.start().rules();
    let tags = RecordTags {
        event: Some(event.to_string()),
        round: Some((u64::from(i) + 1).to_string()),
        seats: rules
            .players_in_order()
            .map(|p| {
                let name = if rules.side(p) == played.a_side {
                    &names[0]
                } else {
                    &names[1]
                };
                (p, name.clone())
            })
            .collect(),
        termination: Some(played.outcome.reason.describe().to_string()),
        ..RecordTags::default()
    };
    let text = tags.export(&played.game, Notation::Wcf);
    write_atomic(path, text.as_bytes()).map_err(Failure::Write)
}

#[derive(clap::Args)]
pub struct BenchArgs {
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    runs: u32,
    /// Print each position's nodes and time.
    #[arg(long)]
    verbose: bool,
}

impl BenchArgs {
    pub fn run(self) -> Result<(), Failure> {
        let (runs, verbose) = (self.runs, self.verbose);
        with_big_stack(move || bench(runs, verbose))
    }
}

fn bench(runs: u32, verbose: bool) -> Result<(), Failure> {
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
    if total != BENCH_SIGNATURE {
        eprintln!("note: the signature pinned in the engine is {BENCH_SIGNATURE}");
    }
    Ok(())
}

/// A level against itself, for `selfplay` and `find-puzzles`.
fn self_play(
    variant: Variant,
    level: Level,
    games: u32,
    seed: u64,
    random_plies: u32,
) -> MatchConfig {
    MatchConfig {
        variant,
        a: Contender::Level(level),
        b: Contender::Level(level),
        games,
        seed,
        random_plies,
    }
}

#[derive(clap::Args)]
pub struct SelfplayArgs {
    #[arg(long, default_value = "camelot")]
    variant: Variant,
    /// The level playing both sides (see `levels`).
    #[arg(long, default_value = "club")]
    level: Level,
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
    out: PathBuf,
}

impl SelfplayArgs {
    pub fn run(self) -> Result<(), Failure> {
        let cfg = self_play(
            self.variant,
            self.level,
            self.games,
            self.seed,
            self.random_plies,
        );
        let (jobs, out) = (self.jobs, self.out);
        with_big_stack(move || write_samples(cfg, jobs, &out))
    }
}

fn write_samples(cfg: MatchConfig, jobs: u32, out: &Path) -> Result<(), Failure> {
    let cannot = |e: std::io::Error| refused(format!("cannot write {}: {e}", out.display()));
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

#[derive(clap::Args)]
pub struct FindPuzzlesArgs {
    #[arg(long, default_value = "camelot")]
    variant: Variant,
    /// The level playing both sides: a weak one slips, and its slips make puzzles.
    #[arg(long, default_value = "novice")]
    level: Level,
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: u32,
}

impl FindPuzzlesArgs {
    pub fn run(self) -> Result<(), Failure> {
        let cfg = self_play(self.variant, self.level, self.games, self.seed, 8);
        let jobs = self.jobs;
        with_big_stack(move || print_puzzles(cfg, jobs))
    }
}

fn print_puzzles(cfg: MatchConfig, jobs: u32) -> Result<(), Failure> {
    let started = Instant::now();
    let (mut done, mut found) = (0, 0);
    // Games that open alike find the same puzzles: each position once.
    let mut seen = HashSet::new();
    run_match(&cfg, 0, jobs as usize, None, |index, played, _| {
        let prefix = format!("{}-s{}g{index}", cfg.variant.id(), cfg.seed);
        let found_here = find_puzzles(&played.game, SearchLimits::nodes(PUZZLE_NODES / 8), &prefix);
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
        Ok::<(), Failure>(())
    })?;
    eprintln!();
    Ok(())
}

#[derive(clap::Args)]
pub struct CheckPuzzlesArgs {
    file: Option<PathBuf>,
}

impl CheckPuzzlesArgs {
    pub fn run(self) -> Result<(), Failure> {
        with_big_stack(move || check_puzzles(self.file))
    }
}

fn check_puzzles(file: Option<PathBuf>) -> Result<(), Failure> {
    let puzzles = match &file {
        Some(path) => {
            let text = read_text(path, 1 << 24).map_err(Failure::Read)?;
            parse_puzzles(&text).map_err(|error| Failure::Puzzles {
                path: path.clone(),
                error: Box::new(error),
            })?
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
        return Err(refused(format!("{failed} puzzles failed their check")));
    }
    Ok(())
}
