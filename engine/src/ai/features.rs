//! The evaluation as a linear function: what each weight multiplies in a position.
//!
//! [`evaluate`](super::eval::evaluate) is the sum of each weight times its feature here
//! (but for its integer rounding of the late knight bonus), which is what lets the tuner
//! fit the weights by logistic regression. The tests hold the two together.

use super::eval::{late_bonus, tables, Sets};
use super::weights::EvalWeights;
use crate::piece::is_knight;
use crate::position::Position;

/// Tuned parameters: man, knight, late knight bonus, advance 1 to 11, first in goal,
/// intruder, guard, bridge, hanging, mobility, approach, tempo, progress.
pub const EVAL_PARAMS: usize = 23;
/// Where each weight sits in the parameter vector.
pub const PARAM_MAN: usize = 0;
const KNIGHT: usize = 1;
const LATE: usize = 2;
const ADVANCE: usize = 3; // advance[1..=11] at 3..=13
const FIRST_IN_GOAL: usize = 14;
const INTRUDER: usize = 15;
const GUARD: usize = 16;
const BRIDGE: usize = 17;
const HANGING: usize = 18;
const MOBILITY: usize = 19;
pub const PARAM_APPROACH: usize = 20;
const TEMPO: usize = 21;
const PROGRESS: usize = 22;

/// The weights as a parameter vector (the material sign is part of the features).
pub fn eval_params(w: &EvalWeights) -> [f64; EVAL_PARAMS] {
    let mut p = [0.0; EVAL_PARAMS];
    p[PARAM_MAN] = w.man as f64;
    p[KNIGHT] = w.knight as f64;
    p[LATE] = w.knight_late_bonus as f64;
    for d in 1..=11 {
        p[ADVANCE + d - 1] = w.advance[d] as f64;
    }
    p[FIRST_IN_GOAL] = w.first_in_goal as f64;
    p[INTRUDER] = w.intruder as f64;
    p[GUARD] = w.guard as f64;
    p[BRIDGE] = w.bridge as f64;
    p[HANGING] = w.hanging as f64;
    p[MOBILITY] = w.mobility as f64;
    p[PARAM_APPROACH] = w.approach as f64;
    p[TEMPO] = w.tempo as f64;
    p[PROGRESS] = w.progress as f64;
    p
}

/// `base` with the parameters rounded to whole hundredths (`advance[0]`, never used, the
/// material sign and the search's contempt and null-move threshold kept).
pub fn eval_weights_from(base: &EvalWeights, p: &[f64; EVAL_PARAMS]) -> EvalWeights {
    let r = |x: f64| x.round() as i32;
    let mut advance = base.advance;
    for d in 1..=11 {
        advance[d] = r(p[ADVANCE + d - 1]);
    }
    EvalWeights {
        man: r(p[PARAM_MAN]),
        knight: r(p[KNIGHT]),
        knight_late_bonus: r(p[LATE]),
        advance,
        first_in_goal: r(p[FIRST_IN_GOAL]),
        intruder: r(p[INTRUDER]),
        guard: r(p[GUARD]),
        bridge: r(p[BRIDGE]),
        hanging: r(p[HANGING]),
        mobility: r(p[MOBILITY]),
        approach: r(p[PARAM_APPROACH]),
        material_sign: base.material_sign,
        tempo: r(p[TEMPO]),
        progress: r(p[PROGRESS]),
        contempt: base.contempt,
        null_move_pieces: base.null_move_pieces,
        goal_threat_plies: base.goal_threat_plies,
    }
}

/// What each parameter multiplies in `pos`, for the team to move, under the variant's
/// material sign: `evaluate(pos)` is about the dot product with [`eval_params`].
pub fn eval_features(pos: &Position) -> [f64; EVAL_PARAMS] {
    let t = tables(pos.variant());
    let sign = t.weights.material_sign as f64;
    let r = pos.rules();
    let total: u32 = (0..r.players()).map(|p| pos.occ[p].len()).sum();
    let late = t.start_pieces.saturating_sub(total) as f64 / t.start_pieces.max(1) as f64;
    let sets = Sets::of(pos);
    let g = r.geometry;
    let me = pos.turn.0 as usize & 1;
    let mut f = [0.0; EVAL_PARAMS];
    // The material lead, as the evaluation weighs it (its late bonus in whole
    // hundredths, as it rounds it).
    let mut lead = 0;
    let w = &t.weights;
    let late_bonus = late_bonus(t, total);
    // Each team's approach term: it counts for the side ahead only (see the evaluation).
    let mut approach = [0.0; 2];
    for p in 0..r.players() {
        let team = p & 1;
        let side = if team == me { 1.0 } else { -1.0 };
        for sq in pos.occ[p].iter() {
            if is_knight(pos.cells[sq.index()]) {
                f[KNIGHT] += side * sign;
                f[LATE] += side * sign * late;
                lead += side as i32 * w.material_sign * (w.knight + late_bonus);
            } else {
                f[PARAM_MAN] += side * sign;
                lead += side as i32 * w.material_sign * w.man;
            }
            let d = t.goal_dist[p][sq.index()] as usize;
            if d == 0 {
                f[FIRST_IN_GOAL] += side;
            } else {
                f[ADVANCE + d.min(11) - 1] += side;
            }
            if r.bridges.contains(sq) {
                f[BRIDGE] += side;
            }
            let (hanging, room) = sets.surroundings(g, sq, team);
            if hanging {
                f[HANGING] -= side;
            }
            f[MOBILITY] += side * room.min(4) as f64;
            approach[team] -= sets.nearest_enemy(t, sq, team) as f64 / pos.occ[p].len() as f64;
        }
        let near = t.near_castle[p];
        for q in 0..r.players() {
            let n = pos.occ[q].intersection(near).len() as f64;
            if q & 1 == team {
                f[GUARD] += side * n.min(3.0);
            } else {
                f[INTRUDER] -= side * n;
            }
        }
    }
    if lead >= 0 {
        f[PARAM_APPROACH] += approach[me];
    }
    if lead <= 0 {
        f[PARAM_APPROACH] -= approach[1 - me];
    }
    f[TEMPO] = 1.0;
    f[PROGRESS] = -(lead.signum() * pos.quiet() as i32) as f64;
    f
}

pub fn linear_eval(p: &[f64; EVAL_PARAMS], f: &[f64; EVAL_PARAMS]) -> f64 {
    p.iter().zip(f).map(|(a, b)| a * b).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval::evaluate;
    use crate::ai::rng::SeededRng;
    use crate::variant::Variant;

    /// Along random games of every variant the dot product is the evaluation, to within
    /// the evaluation's rounding: under one hundredth a knight (the late bonus) and a
    /// player (the mean distance to the enemy).
    #[test]
    fn the_features_reproduce_the_evaluation() {
        let mut rng = SeededRng::new(11);
        for v in Variant::ALL {
            let params = eval_params(&EvalWeights::for_variant(v));
            for game in 0..6 {
                let mut pos = crate::position::Position::start(v);
                for _ in 0..120 {
                    if pos.decided().is_some() {
                        break;
                    }
                    let knights = (0..pos.rules().players())
                        .flat_map(|p| pos.occ[p].iter())
                        .filter(|sq| is_knight(pos.cells[sq.index()]))
                        .count() as f64;
                    let diff = linear_eval(&params, &eval_features(&pos)) - evaluate(&pos) as f64;
                    let players = pos.rules().players() as f64;
                    assert!(
                        diff.abs() < knights + players + 1e-6,
                        "{v:?} game {game}: {diff} off at {pos}"
                    );
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = *moves.get(rng.below(moves.len()));
                    pos.play_unchecked(&m);
                }
            }
        }
    }

    #[test]
    fn parameters_round_trip() {
        for v in Variant::ALL {
            let w = EvalWeights::for_variant(v);
            assert_eq!(eval_weights_from(&w, &eval_params(&w)), w);
        }
    }
}
