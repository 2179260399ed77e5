//! Round-robin tournaments: every pair of entrants plays a match (colours alternate,
//! openings paired), with a running crosstable and ratings.

use camelot_engine::Variant;

use crate::matches::{run_match, Contender, MatchConfig, MatchError, Played};
use crate::tally::Tally;

#[derive(Clone, Debug)]
pub struct TournamentConfig {
    pub variant: Variant,
    pub entrants: Vec<Contender>,
    /// Games each pair plays (colours alternate, so an even number is fair).
    pub games_per_pairing: u32,
    pub seed: u64,
    /// Random plies at the start of each game: 0..=this.
    pub random_plies: u32,
}

impl TournamentConfig {
    /// The pairs in playing order: each entrant against each later one.
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        let n = self.entrants.len();
        (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect()
    }

    pub fn total_games(&self) -> u32 {
        self.pairings().len() as u32 * self.games_per_pairing
    }
}

/// The crosstable so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    pub names: Vec<String>,
    /// `results[i][j]`: entrant i's games against j, from i's side.
    pub results: Vec<Vec<Tally>>,
}

/// An entrant's rating: Elo relative to the field's mean, with a 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

impl Standings {
    pub fn new(names: Vec<String>) -> Standings {
        let n = names.len();
        Standings {
            names,
            results: vec![vec![Tally::default(); n]; n],
        }
    }

    /// Records one game between `i` and `j`, `score` being i's (1, ½ or 0).
    pub fn add(&mut self, i: usize, j: usize, score: f64) {
        self.results[i][j].add(score);
        self.results[j][i].add(1.0 - score);
    }

    /// Entrant i's points and games.
    pub fn points(&self, i: usize) -> (f64, u32) {
        self.results[i]
            .iter()
            .fold((0.0, 0), |(p, g), t| (p + t.points(), g + t.games()))
    }

    /// Bradley-Terry ratings by maximum likelihood (a draw counts half a win), centred
    /// on the field's mean. Every pairing that has played gets one extra drawn game, so
    /// a clean sweep has a finite rating; the interval comes from the likelihood's
    /// curvature at the estimate (draws make it a little wide).
    pub fn ratings(&self) -> Vec<Rating> {
        let n = self.names.len();
        let games = |i: usize, j: usize| -> f64 {
            let g = self.results[i][j].games() as f64;
            if g > 0.0 {
                g + 1.0
            } else {
                0.0
            }
        };
        // Points with the extra draws: the same in every iteration below.
        let wins: Vec<f64> = (0..n)
            .map(|i| {
                (0..n)
                    .filter(|&j| self.results[i][j].games() > 0)
                    .map(|j| self.results[i][j].points() + 0.5)
                    .sum()
            })
            .collect();
        // Minorisation-maximisation (Hunter 2004): converges from any start.
        let mut gamma = vec![1.0f64; n];
        for _ in 0..2000 {
            let mut next = gamma.clone();
            for i in 0..n {
                let denom: f64 = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| games(i, j) / (gamma[i] + gamma[j]))
                    .sum();
                if denom > 0.0 {
                    next[i] = wins[i] / denom;
                }
            }
            let mean_log = next.iter().map(|g| g.ln()).sum::<f64>() / n as f64;
            next.iter_mut().for_each(|g| *g /= mean_log.exp());
            let change = next
                .iter()
                .zip(&gamma)
                .map(|(a, b)| (a.ln() - b.ln()).abs())
                .fold(0.0, f64::max);
            gamma = next;
            if change < 1e-9 {
                break;
            }
        }
        let elo_per_log = 400.0 / std::f64::consts::LN_10;
        (0..n)
            .map(|i| {
                let info: f64 = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| {
                        let p = gamma[i] / (gamma[i] + gamma[j]);
                        games(i, j) * p * (1.0 - p)
                    })
                    .sum();
                let elo = elo_per_log * gamma[i].ln();
                let half = if info > 0.0 {
                    1.96 * elo_per_log / info.sqrt()
                } else {
                    f64::INFINITY
                };
                Rating {
                    elo,
                    low: elo - half,
                    high: elo + half,
                }
            })
            .collect()
    }
}

/// Plays every pairing in turn (each a match of `games_per_pairing` games on `jobs`
/// threads), calling `on_game` with the pairing, the game's number within it, the game
/// and the standings after it. The first error ends the tournament.
pub fn run_tournament<E>(
    cfg: &TournamentConfig,
    jobs: usize,
    mut on_game: impl FnMut((usize, usize), u32, &Played, &Standings) -> Result<(), E>,
) -> Result<Standings, MatchError<E>> {
    let mut standings = Standings::new(cfg.entrants.iter().map(Contender::name).collect());
    for (k, (i, j)) in cfg.pairings().into_iter().enumerate() {
        let m = MatchConfig {
            variant: cfg.variant,
            a: cfg.entrants[i].clone(),
            b: cfg.entrants[j].clone(),
            games: cfg.games_per_pairing,
            // Each pairing gets its own openings.
            seed: cfg.seed.wrapping_mul(7919).wrapping_add(k as u64),
            random_plies: cfg.random_plies,
        };
        run_match(&m, 0, jobs, None, |index, played, _| {
            standings.add(i, j, played.a_score());
            on_game((i, j), index, played, &standings)
        })?;
    }
    Ok(standings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(w: u32, d: u32, l: u32) -> Tally {
        Tally {
            wins: w,
            draws: d,
            losses: l,
        }
    }

    #[test]
    fn ratings_order_the_field_and_an_even_field_is_level() {
        let mut s = Standings::new(vec!["a".into(), "b".into(), "c".into()]);
        for _ in 0..10 {
            s.add(0, 1, 0.5);
            s.add(1, 2, 0.5);
            s.add(0, 2, 0.5);
        }
        for r in s.ratings() {
            assert!(r.elo.abs() < 1e-6, "{r:?}");
            assert!(r.low < -50.0 && r.high > 50.0, "{r:?}");
        }
        let mut s = Standings::new(vec!["a".into(), "b".into(), "c".into()]);
        s.results[0][1] = tally(8, 0, 2);
        s.results[1][0] = tally(2, 0, 8);
        s.results[1][2] = tally(7, 2, 1);
        s.results[2][1] = tally(1, 2, 7);
        s.results[0][2] = tally(10, 0, 0);
        s.results[2][0] = tally(0, 0, 10);
        let r = s.ratings();
        assert!(r[0].elo > r[1].elo && r[1].elo > r[2].elo, "{r:?}");
        assert!((r.iter().map(|x| x.elo).sum::<f64>()).abs() < 1e-6);
        assert!(
            r[0].elo.is_finite() && r[2].elo.is_finite(),
            "a sweep stays finite"
        );
        assert_eq!(s.points(0), (18.0, 20));
        assert_eq!(s.points(2), (2.0, 20));
    }

    /// Two players only: the rating gap is the match's Elo (with the extra draw).
    #[test]
    fn two_entrants_match_the_elo_formula() {
        let mut s = Standings::new(vec!["a".into(), "b".into()]);
        s.results[0][1] = tally(14, 4, 6);
        s.results[1][0] = tally(6, 4, 14);
        let r = s.ratings();
        let p: f64 = (14.0 + 2.0 + 0.5) / 25.0;
        let want = -400.0 * (1.0 / p - 1.0).log10();
        assert!((r[0].elo - r[1].elo - want).abs() < 0.01, "{r:?} {want}");
    }

    #[test]
    fn pairings_cover_every_pair_once() {
        let cfg = TournamentConfig {
            variant: Variant::Camelot,
            entrants: vec![Contender::Level(camelot_engine::Level::GREEDY); 4],
            games_per_pairing: 2,
            seed: 1,
            random_plies: 0,
        };
        assert_eq!(
            cfg.pairings(),
            vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
        );
        assert_eq!(cfg.total_games(), 12);
    }
}
