//! The sequential probability ratio test that settles a match: does A beat B by at least
//! `elo1`, or by no more than `elo0`? The log-likelihood ratio uses the generalised SPRT's
//! normal approximation on game scores (win 1, draw ½, loss 0), as Fishtest and
//! cutechess-cli do, with the draws counted in the variance.

use std::str::FromStr;

use camelot_engine::Excerpt;

use crate::tally::{score_moments, Tally};

/// A sequential test with bounds from the error rates `alpha` (accepting a change that is
/// no better than `elo0`) and `beta` (rejecting one as good as `elo1`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Bounds for a test that could not be read: `ELO0,ELO1` with ELO0 < ELO1, at most 1000
/// apart.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected two Elo values ELO0,ELO1 with ELO0 < ELO1, not '{input}'")]
pub struct ParseSprtError {
    pub input: Excerpt,
}

impl FromStr for Sprt {
    type Err = ParseSprtError;

    /// `0,20`: the usual test between those two Elo differences.
    fn from_str(s: &str) -> Result<Sprt, ParseSprtError> {
        let bad = || ParseSprtError {
            input: Excerpt::new(s),
        };
        let (a, b) = s.split_once(',').ok_or_else(bad)?;
        let elo0: f64 = a.trim().parse().map_err(|_| bad())?;
        let elo1: f64 = b.trim().parse().map_err(|_| bad())?;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1 && elo1 - elo0 <= 1000.0) {
            return Err(bad());
        }
        Ok(Sprt::new(elo0, elo1))
    }
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A is at least `elo1` stronger (H1 accepted).
    Accept,
    /// A is at most `elo0` stronger (H0 accepted).
    Reject,
    /// Play on.
    Continue,
}

/// The expected score at an Elo difference (the logistic curve).
fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The usual test: 5% error each way.
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// (lower, upper): below the lower bound H0 is accepted, above the upper H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after these games.
    pub fn llr(&self, t: &Tally) -> f64 {
        let (mut w, mut d, mut l) = (t.wins as f64, t.draws as f64, t.losses as f64);
        if w + d + l == 0.0 {
            return 0.0;
        }
        if w == 0.0 || d == 0.0 || l == 0.0 {
            // A kind of result not seen yet would shrink the variance to nothing (three
            // wins out of three would settle the test): count half a game of each kind.
            w += 0.5;
            d += 0.5;
            l += 0.5;
        }
        let (n, m, var) = score_moments(w, d, l);
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var)
    }

    pub fn verdict(&self, t: &Tally) -> Verdict {
        let (lo, hi) = self.bounds();
        let llr = self.llr(t);
        if llr >= hi {
            Verdict::Accept
        } else if llr <= lo {
            Verdict::Reject
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn bounds_are_the_textbook_ones() {
        let (lo, hi) = Sprt::new(0.0, 10.0).bounds();
        assert!((lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3);
    }

    #[test]
    fn a_clear_winner_is_accepted_and_a_clear_loser_rejected() {
        let sprt = Sprt::new(0.0, 20.0);
        // 60% over 400 games is about +70 Elo.
        assert_eq!(sprt.verdict(&tally(200, 80, 120)), Verdict::Accept);
        assert_eq!(sprt.verdict(&tally(120, 80, 200)), Verdict::Reject);
        // Even, and few games: undecided.
        assert_eq!(sprt.verdict(&tally(10, 5, 10)), Verdict::Continue);
    }

    #[test]
    fn an_even_score_leans_to_h0_halfway_between_the_hypotheses_is_neutral() {
        let sprt = Sprt::new(0.0, 20.0);
        assert!(sprt.llr(&tally(100, 50, 100)) < 0.0);
        // The score at +10 Elo (halfway in score terms, nearly): about zero.
        let s = expected(10.0);
        let wins = (s * 1000.0).round() as u32;
        let llr = sprt.llr(&tally(wins, 0, 1000 - wins));
        assert!(llr.abs() < 0.2, "{llr}");
    }

    #[test]
    fn a_few_games_settle_nothing_many_one_sided_ones_do() {
        let sprt = Sprt::new(0.0, 10.0);
        assert_eq!(sprt.llr(&tally(0, 0, 0)), 0.0);
        assert_eq!(sprt.verdict(&tally(3, 0, 0)), Verdict::Continue);
        assert_eq!(sprt.verdict(&tally(0, 3, 0)), Verdict::Continue);
        assert_eq!(sprt.verdict(&tally(60, 0, 0)), Verdict::Accept);
        assert_eq!(sprt.verdict(&tally(0, 0, 60)), Verdict::Reject);
    }
}
