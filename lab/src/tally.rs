//! A match's score from one side: wins, draws and losses, and what they say of the two
//! players' difference in Elo.

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn add(&mut self, score: f64) {
        if score == 1.0 {
            self.wins += 1;
        } else if score == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// `a`'s score as a fraction.
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        self.points() / self.games() as f64
    }

    /// `a`'s points: a win 1, a draw ½.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// Elo difference and its 95% interval (low, high); infinite at 0% or 100%.
    pub fn elo(&self) -> (f64, f64, f64) {
        let (n, p, var) = if self.games() == 0 {
            (0.0, 0.5, 0.0)
        } else {
            score_moments(self.wins as f64, self.draws as f64, self.losses as f64)
        };
        let se = (var / n.max(1.0)).sqrt();
        (elo_of(p), elo_of(p - 1.96 * se), elo_of(p + 1.96 * se))
    }
}

/// The number of games, the mean score and the variance of one game's score, from the
/// counts of wins, draws and losses (at least one game; counts may be fractional).
pub(crate) fn score_moments(wins: f64, draws: f64, losses: f64) -> (f64, f64, f64) {
    let n = wins + draws + losses;
    let mean = (wins + 0.5 * draws) / n;
    let var =
        (wins * (1.0 - mean).powi(2) + draws * (0.5 - mean).powi(2) + losses * mean.powi(2)) / n;
    (n, mean, var)
}

fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}
