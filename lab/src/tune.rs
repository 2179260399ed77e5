//! Texel's method: the evaluation's weights fitted by logistic regression to positions
//! of self-play games labelled with each game's result.
//!
//! The prediction for a position is `1 / (1 + exp(-eval / scale))`, the expected result
//! for the team to move. As in Texel's method the scale is fitted first, to the
//! starting weights, and then held; the weights (but the man, which stays 100 as the
//! unit, so that scores keep their meaning) are fitted by minimising the mean log-loss
//! with Adam, full batch. A small pull towards the starting weights keeps the weights of
//! rarely seen features where they were. The last fifth of the samples is held out to
//! measure the fit.

use camelot_engine::tuning::{
    eval_features as features, eval_params as to_params, eval_weights_from as from_params,
    linear_eval as dot, EvalWeights, EVAL_PARAMS as PARAMS, PARAM_APPROACH as APPROACH,
    PARAM_MAN as MAN,
};
use camelot_engine::Position;

use crate::fit::{best_scale, cross_entropy};

/// What a fit gives: the weights, and how well they and the starting ones predict.
#[derive(Clone, Debug)]
pub struct Tuned {
    pub weights: EvalWeights,
    /// Hundredths of a man for odds of e to 1, fitted to the starting weights.
    pub scale: f64,
    pub train: usize,
    pub test: usize,
    /// Mean log-loss of the starting weights (with their own best scale) on the fitted
    /// and the held-out samples, then of the fitted weights as rounded.
    pub before: (f64, f64),
    pub after: (f64, f64),
    /// Held-out log-loss of always predicting the mean result.
    pub baseline: f64,
}

/// How hard the weights are pulled back towards the starting ones: per square
/// hundredth of a man, added to the mean log-loss.
const PULL: f64 = 1e-6;
const ITERATIONS: usize = 2_000;

/// Fits `start` to `(position, result for the team to move)` samples, all of one
/// variant. `None` with fewer than a hundred samples.
pub fn tune(start: &EvalWeights, samples: &[(Position, f64)]) -> Option<Tuned> {
    if samples.len() < 100 {
        return None;
    }
    let rows: Vec<([f64; PARAMS], f64)> = samples.iter().map(|(p, r)| (features(p), *r)).collect();
    let (train, test) = rows.split_at(rows.len() * 4 / 5);
    let p0 = to_params(start);
    let mean = train.iter().map(|r| r.1).sum::<f64>() / train.len() as f64;
    let baseline = test.iter().map(|r| cross_entropy(r.1, mean)).sum::<f64>() / test.len() as f64;

    let scale0 = best_scale(|scale| loss(train, &p0, scale));
    let before = (loss(train, &p0, scale0), loss(test, &p0, scale0));

    // Adam on the weights, the scale held.
    let mut p = p0;
    let (mut m, mut v) = ([0.0; PARAMS], [0.0; PARAMS]);
    let (b1, b2, eps) = (0.9, 0.999, 1e-12);
    for t in 1..=ITERATIONS {
        let g = gradient(train, &p, scale0, &p0);
        for i in 0..PARAMS {
            // The man is the unit; the approach term costs a scan of the enemy pieces
            // for every piece, so a variant that does without it keeps doing so.
            if i == MAN || i == APPROACH && p0[APPROACH] == 0.0 {
                continue;
            }
            m[i] = b1 * m[i] + (1.0 - b1) * g[i];
            v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            // Steps of about a hundredth of a man.
            p[i] -= mh / (vh.sqrt() + eps);
        }
    }
    let weights = from_params(start, &p);
    let rounded = to_params(&weights);
    Some(Tuned {
        after: (loss(train, &rounded, scale0), loss(test, &rounded, scale0)),
        weights,
        scale: scale0,
        train: train.len(),
        test: test.len(),
        before,
        baseline,
    })
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn loss(rows: &[([f64; PARAMS], f64)], p: &[f64; PARAMS], scale: f64) -> f64 {
    rows.iter()
        .map(|(f, r)| cross_entropy(*r, logistic(dot(p, f) / scale)))
        .sum::<f64>()
        / rows.len() as f64
}

/// The gradient of the mean log-loss plus the pull, by the weights.
fn gradient(
    rows: &[([f64; PARAMS], f64)],
    p: &[f64; PARAMS],
    scale: f64,
    p0: &[f64; PARAMS],
) -> [f64; PARAMS] {
    let mut g = [0.0; PARAMS];
    for (f, r) in rows {
        // d(loss)/d(eval / scale) for the logistic log-loss is (prediction - result).
        let d = logistic(dot(p, f) / scale) - r;
        for i in 0..PARAMS {
            g[i] += d * f[i] / scale;
        }
    }
    let n = rows.len() as f64;
    for i in 0..PARAMS {
        g[i] = g[i] / n + 2.0 * PULL * (p[i] - p0[i]);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_engine::search::SeededRng as Rng;
    use camelot_engine::Variant;

    /// Results drawn from a known set of weights: the fit moves wrong starting weights
    /// towards them and predicts held-out results nearly as well as the truth does.
    #[test]
    fn the_fit_recovers_known_weights() {
        let v = Variant::Camelot;
        let truth = EvalWeights {
            knight: 190,
            hanging: 70,
            tempo: 30,
            ..EvalWeights::for_variant(v)
        };
        let truth_p = to_params(&truth);
        let mut rng = Rng::new(5);
        let mut samples = Vec::new();
        // Positions along random games, results drawn from the true curve.
        while samples.len() < 6_000 {
            let mut pos = Position::start(v);
            for _ in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.decided().is_some() {
                    break;
                }
                let m = *moves.get(rng.below(moves.len()));
                pos.play_unchecked(&m);
                let pr = logistic(dot(&truth_p, &features(&pos)) / 150.0);
                let r = if (rng.below(1_000_000) as f64) < pr * 1e6 {
                    1.0
                } else {
                    0.0
                };
                samples.push((pos.clone(), r));
            }
        }
        let start = EvalWeights::for_variant(v);
        let t = tune(&start, &samples).expect("enough samples");
        // On the held-out samples the fit comes most of the way from the start's loss to
        // the loss of the truth itself.
        let held: Vec<([f64; PARAMS], f64)> = samples[t.train..]
            .iter()
            .map(|(p, r)| (features(p), *r))
            .collect();
        let truth_loss = loss(&held, &truth_p, 150.0);
        assert!(
            t.after.1 - truth_loss < (t.before.1 - truth_loss) / 2.0,
            "truth {truth_loss}: {t:?}"
        );
        assert!(t.after.1 < t.baseline, "{t:?}");
        // Each planted weight moved from the start towards the truth.
        for (got, from, want) in [
            (t.weights.knight, start.knight, truth.knight),
            (t.weights.hanging, start.hanging, truth.hanging),
            (t.weights.tempo, start.tempo, truth.tempo),
        ] {
            assert!(
                (got - want).abs() < (from - want).abs() && (got - from) * (want - from) > 0,
                "{got} not nearer {want} than {from}: {t:?}"
            );
        }
        assert_eq!(t.weights.man, 100);
        assert_eq!(t.train + t.test, samples.len());
        assert!(tune(&start, &samples[..99]).is_none());
    }
}
