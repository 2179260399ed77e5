//! The win probability's curve fitted to self-play: the scale at which a search score
//! predicts the game's result best (the engine's `win_probability` keeps one scale a
//! variant, fitted here), and the log-loss that the tuner of the evaluation minimises
//! too.

/// The expected result at `x` hundredths of a man on a curve of this scale: the form of
/// the engine's win probability.
pub(crate) fn logistic(x: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-x / scale).exp())
}

/// A fitted curve and how well it predicts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinFit {
    pub scale: f64,
    /// Samples fitted, and held out (the last fifth).
    pub train: usize,
    pub test: usize,
    /// Mean log-loss (natural log) on the samples fitted and on those held out.
    pub train_loss: f64,
    pub test_loss: f64,
    /// The held-out log-loss of always predicting the mean result (no score at all).
    pub test_baseline: f64,
}

/// Fits the scale to `(score, result)` pairs (result 1, ½ or 0 for the team to move) by
/// minimising the log-loss over the first four fifths of the samples; the last fifth
/// measures the fit. Samples come game after game, so the held-out ones are from other
/// games than the fitted ones (but for the one game cut in two), not their neighbours.
/// `None` with fewer than ten samples.
pub fn fit_win_probability(samples: &[(i32, f64)]) -> Option<WinFit> {
    if samples.len() < 10 {
        return None;
    }
    let (train, test) = samples.split_at(samples.len() * 4 / 5);
    let scale = best_scale(|scale| log_loss(train, scale));
    let mean = train.iter().map(|&(_, r)| r).sum::<f64>() / train.len() as f64;
    Some(WinFit {
        scale,
        train: train.len(),
        test: test.len(),
        train_loss: log_loss(train, scale),
        test_loss: log_loss(test, scale),
        test_baseline: test
            .iter()
            .map(|&(_, r)| cross_entropy(r, mean))
            .sum::<f64>()
            / test.len().max(1) as f64,
    })
}

/// The scale at which `loss` is least. A logistic log-loss is convex in 1/scale, so it
/// has one minimum in log(scale): a golden-section search on log(scale) over 1..100,000
/// finds it to a fraction of a percent.
pub(crate) fn best_scale(loss: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 100_000f64.ln());
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let f = |l: f64| loss(l.exp());
    let (mut a, mut b) = (hi - phi * (hi - lo), lo + phi * (hi - lo));
    let (mut fa, mut fb) = (f(a), f(b));
    for _ in 0..80 {
        if fa < fb {
            hi = b;
            (b, fb) = (a, fa);
            a = hi - phi * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            (a, fa) = (b, fb);
            b = lo + phi * (hi - lo);
            fb = f(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}

pub(crate) fn cross_entropy(result: f64, p: f64) -> f64 {
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    -(result * p.ln() + (1.0 - result) * (1.0 - p).ln())
}

fn log_loss(samples: &[(i32, f64)], scale: f64) -> f64 {
    samples
        .iter()
        .map(|&(s, r)| cross_entropy(r, logistic(s as f64, scale)))
        .sum::<f64>()
        / samples.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use camelot_engine::search::SeededRng;

    use super::*;

    /// Results drawn from a known curve give back its scale.
    #[test]
    fn the_fit_recovers_a_known_scale() {
        let mut rng = SeededRng::new(7);
        let truth = 230.0;
        let samples: Vec<(i32, f64)> = (0..40_000)
            .map(|_| {
                let s = rng.below(1601) as i32 - 800;
                let p = logistic(s as f64, truth);
                let r = if (rng.below(1_000_000) as f64) < p * 1e6 {
                    1.0
                } else {
                    0.0
                };
                (s, r)
            })
            .collect();
        let fit = fit_win_probability(&samples).unwrap();
        assert!((fit.scale - truth).abs() < 15.0, "{fit:?}");
        assert!(fit.test_loss < fit.test_baseline, "{fit:?}");
        assert_eq!(fit.train + fit.test, 40_000);
        assert!(fit_win_probability(&samples[..9]).is_none());
    }
}
