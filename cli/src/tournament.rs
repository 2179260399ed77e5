//! The tournament room: a round robin of computer levels with its crosstable.

use std::io::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use camelot_engine::{Level, Variant};
use camelot_lab::{run_tournament, Contender, Standings, TournamentConfig};

use crate::failure::{refused, Failure};
use crate::lab::{create_records_dir, write_record, GamesIn};
use crate::output::with_big_stack;

#[derive(clap::Args)]
pub struct TournamentArgs {
    #[arg(long, default_value = "camelot")]
    variant: Variant,
    /// Two to eight levels, comma-separated (see `levels`): `club,expert,master`.
    #[arg(long, value_delimiter = ',', num_args = 1.., required = true)]
    levels: Vec<Level>,
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
    records: Option<PathBuf>,
}

impl TournamentArgs {
    pub fn run(self) -> Result<(), Failure> {
        if !(2..=8).contains(&self.levels.len()) {
            return Err(refused(format!(
                "a tournament needs two to eight levels, not {}",
                self.levels.len()
            )));
        }
        let time = self.movetime.map(Duration::from_millis);
        let mut entrants: Vec<Contender> = Vec::new();
        for level in self.levels {
            if entrants.iter().any(|e| e.name() == level.name) {
                return Err(refused(format!("level '{level}' is named twice")));
            }
            entrants.push(Contender::Level(time.map_or(level, |t| level.with_time(t))));
        }
        if let Some(dir) = &self.records {
            create_records_dir(dir)?;
        }
        let cfg = TournamentConfig {
            variant: self.variant,
            entrants,
            games_per_pairing: self.games,
            seed: self.games_in.seed,
            random_plies: self.games_in.random_plies,
        };
        let (jobs, records) = (self.games_in.jobs, self.records);
        with_big_stack(move || play_tournament(cfg, jobs, records))
    }
}

fn play_tournament(
    cfg: TournamentConfig,
    jobs: u32,
    records: Option<PathBuf>,
) -> Result<(), Failure> {
    let started = Instant::now();
    let total = cfg.total_games();
    let mut done = 0;
    let standings = run_tournament(&cfg, jobs as usize, |(i, j), index, played, table| {
        let names = [table.names[i].clone(), table.names[j].clone()];
        if let Some(dir) = &records {
            let file = format!(
                "{}-vs-{}-{:03}.cgn",
                names[0],
                names[1],
                u64::from(index) + 1
            );
            write_record(
                &dir.join(file),
                "camelot-cli tournament",
                index,
                played,
                &names,
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
        Ok::<(), Failure>(())
    });
    eprintln!();
    print_crosstable(&cfg, &standings?);
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
                if i == j {
                    format!("{:>6}", "-")
                } else {
                    format!("{:>6}", s.results[i][j].points())
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
