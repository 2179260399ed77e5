//! Static evaluation, from the point of view of the side (team) to move.

use std::sync::OnceLock;

use super::weights::EvalWeights;
use crate::board::{BoardGeometry, NONE};
use crate::piece::{is_knight, Side};
use crate::position::Position;
use crate::square::Square;
use crate::square_set::SquareSet;
use crate::variant::{Rules, Variant};

/// Tables computed once per variant.
pub struct Tables {
    pub weights: EvalWeights,
    /// `goal_dist[player][cell]`: king steps to the player's goal castle over enterable
    /// squares (water blocks; trees are ignored).
    pub goal_dist: [[u8; 160]; 4],
    /// `near_castle[player]`: squares within two steps of the player's own castle.
    pub near_castle: [SquareSet; 4],
    pub start_pieces: u32,
    /// `discs[sq * radii + k - 1]`: the squares within `k` king steps of `sq` as the crow
    /// flies (files and ranks apart, water and trees ignored), for `k` from 1 to `radii`.
    discs: Vec<SquareSet>,
    radii: usize,
    /// The squares a piece may stand on: the board without its water.
    land: SquareSet,
}

pub fn tables(v: Variant) -> &'static Tables {
    static T: OnceLock<Vec<Tables>> = OnceLock::new();
    &T.get_or_init(|| {
        Variant::ALL
            .iter()
            .map(|&v| Tables::build(v.rules()))
            .collect()
    })[v as usize]
}

impl Tables {
    fn build(r: &'static Rules) -> Tables {
        let mut goal_dist = [[u8::MAX; 160]; 4];
        let mut near_castle = [SquareSet::EMPTY; 4];
        for p in 0..r.players() {
            let to_goal = r.geometry.king_distances(r.goal[p], r.water);
            goal_dist[p] = to_goal.map(|d| d.min(u8::MAX as u16) as u8);
            let own = r.geometry.king_distances(r.seats[p].castle, r.water);
            near_castle[p] = r
                .geometry
                .squares()
                .filter(|s| own[s.index()] <= 2)
                .collect();
        }
        let g = r.geometry;
        let radii = g.files.max(g.ranks) as usize;
        let mut discs = Vec::with_capacity(g.len() * radii);
        for sq in g.squares() {
            for k in 1..=radii {
                discs.push(g.squares().filter(|&o| distance(g, sq, o) <= k).collect());
            }
        }
        Tables {
            weights: EvalWeights::for_variant(r.variant),
            goal_dist,
            near_castle,
            start_pieces: r.start.len() as u32,
            discs,
            radii,
            land: g.squares().filter(|&sq| !r.water.contains(sq)).collect(),
        }
    }
}

/// The score of `pos` for the team to move, in hundredths of a man.
pub fn evaluate(pos: &Position) -> i32 {
    board_terms(pos).score(pos)
}

/// Everything the evaluation reads from the board, which the position's hash covers: a
/// search may keep it by hash. Only the 50-move count, which the hash leaves out, is
/// added afterwards, by [`BoardTerms::score`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardTerms {
    /// The score for the team to move without the 50-move term.
    board: i32,
    /// The sign of the mover's material lead: -1, 0 or 1.
    lead: i8,
}

impl BoardTerms {
    /// The evaluation of `pos`, whose board terms these are.
    #[inline]
    pub fn score(self, pos: &Position) -> i32 {
        let progress = tables(pos.variant()).weights.progress;
        self.board - self.lead as i32 * progress * pos.quiet() as i32
    }
}

/// The board terms of `pos` (see [`BoardTerms`]).
pub fn board_terms(pos: &Position) -> BoardTerms {
    let t = tables(pos.variant());
    let w = &t.weights;
    let r = pos.rules();
    let total: u32 = (0..r.players()).map(|p| pos.occ[p].len()).sum();
    let late = late_bonus(t, total);
    let sets = Sets::of(pos);
    let g = r.geometry;
    let mut score = [0i32; 2];
    let mut material_of = [0i32; 2];
    let mut approach_of = [0i32; 2];
    for p in 0..r.players() {
        let team = p & 1;
        let mut s = 0;
        let mut in_goal = 0;
        let mut distances = 0;
        for sq in pos.occ[p].iter() {
            let c = pos.cells[sq.index()];
            let material = if is_knight(c) { w.knight + late } else { w.man };
            s += w.material_sign * material;
            material_of[team] += w.material_sign * material;
            let d = t.goal_dist[p][sq.index()] as usize;
            if d == 0 {
                in_goal += 1;
            } else {
                s += w.advance[d.min(w.advance.len() - 1)];
            }
            if r.bridges.contains(sq) {
                s += w.bridge;
            }
            let (hanging, room) = sets.surroundings(g, sq, team);
            if hanging {
                s -= w.hanging;
            }
            s += w.mobility * room.min(4);
            if w.approach != 0 {
                distances += sets.nearest_enemy(t, sq, team);
            }
        }
        // The mean, not the sum: summed, a step towards the enemy paid the side with
        // more pieces (more of its pieces come nearer too), so the side ahead in
        // Anti-Camelot, with few pieces left, would not walk them into the enemy's jumps.
        let count = pos.occ[p].len() as i32;
        if count > 0 {
            approach_of[team] -= w.approach * distances / count;
        }
        if in_goal > 0 {
            s += w.first_in_goal * in_goal;
        }
        // Our castle: enemies close to it are dangerous, our pieces there defend it.
        let near = t.near_castle[p];
        for q in 0..r.players() {
            let n = pos.occ[q].intersection(near).len() as i32;
            if q & 1 == team {
                s += w.guard * n.min(3);
            } else {
                s -= w.intruder * n;
            }
        }
        score[team] += s;
    }
    // Approach counts for the side ahead only (both, level): a step towards the enemy
    // brings the enemy's pieces nearer too, so with both sides counted a step cost the
    // side ahead about as much as it gained, and in Anti-Camelot master, ahead, stood
    // at home while the side behind did too, until the 50-move draw. The price: far
    // from the enemy a lead is worth less than its material (at a mean distance of
    // five, 1.5 men less), which matters little, as no exchange is near there.
    for team in 0..2 {
        if material_of[team] >= material_of[1 - team] {
            score[team] += approach_of[team];
        }
    }
    let me = pos.turn.0 as usize & 1;
    BoardTerms {
        board: score[me] - score[1 - me] + w.tempo,
        lead: (material_of[me] - material_of[1 - me]).signum() as i8,
    }
}

/// The late knight bonus with `total` pieces on the board, in whole hundredths
/// (rounded towards zero, whatever the weight's sign).
pub(super) fn late_bonus(t: &Tables, total: u32) -> i32 {
    t.start_pieces.saturating_sub(total) as i32 * t.weights.knight_late_bonus
        / t.start_pieces.max(1) as i32
}

/// King steps between two squares as the crow flies.
fn distance(g: &BoardGeometry, a: Square, b: Square) -> usize {
    let (a, b) = (g.coord(a), g.coord(b));
    a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank)) as usize
}

/// The board as sets, for the neighbourhood terms: a few set operations rule out most
/// pieces, where reading the eight squares around each cost a fifth of the search.
pub(super) struct Sets {
    empty: SquareSet,
    /// Each team's pieces.
    team: [SquareSet; 2],
}

impl Sets {
    pub(super) fn of(pos: &Position) -> Sets {
        let team = Side::BOTH.map(|s| pos.side_pieces(s));
        let land = tables(pos.variant()).land;
        Sets {
            empty: land
                .difference(pos.trees)
                .difference(team[0].union(team[1])),
            team,
        }
    }

    /// For a piece of `team` on `sq`: can an enemy jump it right now (an enemy on one
    /// side, an empty square on the other), and how many empty squares are next to it?
    #[inline]
    pub(super) fn surroundings(&self, g: &BoardGeometry, sq: Square, team: usize) -> (bool, i32) {
        let around = g.around(sq);
        let room = around.intersection(self.empty).len() as i32;
        let enemies = self.team[1 - team];
        if around.intersection(enemies).is_empty() {
            return (false, room);
        }
        let holds = |set: SquareSet, s: u8| s != NONE && set.contains(Square(s));
        let steps = g.steps(sq.0);
        // Directions d and d + 4 are opposite: each line through the piece once.
        let hanging = (0..4).any(|d| {
            let (a, b) = (steps[d], steps[d + 4]);
            (holds(enemies, a) && holds(self.empty, b))
                || (holds(enemies, b) && holds(self.empty, a))
        });
        (hanging, room)
    }

    /// King steps from `sq` to the nearest piece not of `team` (0 if there is none), as
    /// the crow flies: the smallest disc around `sq` that holds one.
    pub(super) fn nearest_enemy(&self, t: &Tables, sq: Square, team: usize) -> i32 {
        let enemies = self.team[1 - team];
        if enemies.is_empty() {
            return 0;
        }
        let discs = &t.discs[sq.index() * t.radii..][..t.radii];
        discs
            .iter()
            .position(|d| !d.intersection(enemies).is_empty())
            .map_or(0, |k| k as i32 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng::SeededRng;

    /// The disc lookup against the plain definition: the least distance to any piece of
    /// the other team, on random positions of every variant (boards of every shape).
    #[test]
    fn nearest_enemy_is_the_least_distance_to_an_enemy() {
        let mut rng = SeededRng::new(11);
        let mut checked = 0;
        for &v in Variant::ALL.iter() {
            let mut pos = Position::start(v);
            for _ in 0..200 {
                let g = pos.geometry();
                let sets = Sets::of(&pos);
                for p in 0..pos.rules().players() {
                    let team = p as u8 & 1;
                    for sq in pos.occ[p].iter() {
                        let plain = (0..pos.rules().players())
                            .filter(|&q| q as u8 & 1 != team)
                            .flat_map(|q| pos.occ[q].iter())
                            .map(|e| distance(g, sq, e) as i32)
                            .min()
                            .unwrap_or(0);
                        let near = sets.nearest_enemy(tables(v), sq, team as usize);
                        assert_eq!(near, plain, "{pos} {sq:?}");
                        checked += 1;
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves.get(rng.below(moves.len())));
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
