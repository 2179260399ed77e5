//! A search score as a win probability: the expected result (a draw counting half) for
//! the team to move, `1 / (1 + exp(-score / scale))`, with one scale a variant fitted to
//! self-play games by maximum likelihood.
//!
//! The scales below come from `camelot-cli selfplay` and `camelot-cli fit-winprob` (the
//! "Win probability" section of docs/ai.md gives the commands, the data and the fit).

use super::search::SearchScore;
use crate::variant::Variant;

/// Hundredths of a man for which the odds are e to 1, per variant (see the module doc):
/// the maximum-likelihood fit to club-level self-play (`camelot-cli selfplay` with the
/// seeds in docs/ai.md, then `camelot-cli fit-winprob`). Anti-Camelot's games were
/// nearly all drawn (two decisive games in a hundred): its data fit no curve (the
/// likelihood is flattest at an infinite scale), so it borrows Camelot's until its AI
/// wins games (the AI issue's work on Anti-Camelot's endgame).
fn scale(variant: Variant) -> f64 {
    match variant {
        Variant::Camelot => 159.6,
        Variant::Classic => 234.8,
        Variant::River => 343.7,
        Variant::Anti => 159.6,
        Variant::Camette => 29.0,
        Variant::GrandCam => 117.0,
    }
}

/// The expected result for the team to move, from 0 (lost) to 1 (won); a forced win or
/// loss is 1 or 0.
pub fn win_probability(variant: Variant, score: SearchScore) -> f64 {
    match score.plies_to_end() {
        Some(n) if n >= 0 => 1.0,
        Some(_) => 0.0,
        None => logistic(score.0 as f64, scale(variant)),
    }
}

fn logistic(x: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-x / scale).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_results_and_even_scores() {
        for v in Variant::ALL {
            assert_eq!(win_probability(v, SearchScore(0)), 0.5);
            assert_eq!(
                win_probability(v, SearchScore(super::super::search::WIN - 3)),
                1.0
            );
            assert_eq!(
                win_probability(v, SearchScore(-super::super::search::WIN + 4)),
                0.0
            );
            let up = win_probability(v, SearchScore(100));
            assert!(up > 0.5 && up < 1.0);
            assert!((up + win_probability(v, SearchScore(-100)) - 1.0).abs() < 1e-12);
        }
    }
}
