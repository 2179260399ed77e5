//! Static evaluation, from the point of view of the side (team) to move.

use std::sync::OnceLock;

use super::weights::Weights;
use crate::cellset::CellSet;
use crate::piece::{is_knight, is_piece, team_of, Cell, BLOCKED, EMPTY};
use crate::position::Position;
use crate::square::Square;
use crate::variant::{Rules, Variant};

/// Tables computed once per variant.
pub struct Tables {
    pub weights: Weights,
    /// `goal_dist[player][cell]`: king steps to the player's goal castle over enterable
    /// squares (water blocks; trees are ignored).
    pub goal_dist: [[u8; 160]; 4],
    /// `near_castle[player]`: squares within two steps of the player's own castle.
    pub near_castle: [CellSet; 4],
    pub start_pieces: u32,
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
        let mut near_castle = [CellSet::EMPTY; 4];
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
        Tables {
            weights: Weights::for_variant(r.variant),
            goal_dist,
            near_castle,
            start_pieces: r.start.len() as u32,
        }
    }
}

/// The score of `pos` for the team to move, in hundredths of a man.
pub fn evaluate(pos: &Position) -> i32 {
    let t = tables(pos.variant());
    let w = &t.weights;
    let r = pos.rules();
    let total: u32 = (0..r.players()).map(|p| pos.occ[p].len()).sum();
    let late = late_bonus(t, total);
    // The board with every off-board step (`NONE`, 255) reading as blocked: the
    // neighbourhood loop below then needs no bounds test.
    let mut board = [BLOCKED; 256];
    board[..160].copy_from_slice(&pos.cells);
    let g = r.geometry;
    let mut score = [0i32; 2];
    let mut material_of = [0i32; 2];
    for p in 0..r.players() {
        let team = p & 1;
        let mut s = 0;
        let mut in_goal = 0;
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
            let (hanging, room) = surroundings(&board, g.steps(sq.0), team as u8);
            if hanging {
                s -= w.hanging;
            }
            s += w.mobility * room.min(4);
            if w.approach != 0 {
                s -= w.approach * nearest_enemy(pos, sq, team as u8);
            }
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
    let me = pos.turn.0 as usize & 1;
    let lead = (material_of[me] - material_of[1 - me]).signum();
    score[me] - score[1 - me] + w.tempo - lead * w.progress * pos.quiet() as i32
}

/// The late knight bonus with `total` pieces on the board, in whole hundredths
/// (rounded towards zero, whatever the weight's sign).
pub(super) fn late_bonus(t: &Tables, total: u32) -> i32 {
    t.start_pieces.saturating_sub(total) as i32 * t.weights.knight_late_bonus
        / t.start_pieces.max(1) as i32
}

/// King steps from `sq` to the nearest piece not of `team` (0 if there is none).
pub(super) fn nearest_enemy(pos: &Position, sq: Square, team: u8) -> i32 {
    let g = pos.rules.geometry;
    let here = g.coord(sq);
    let mut best = i32::MAX;
    for p in 0..pos.rules.players() {
        if p as u8 & 1 == team {
            continue;
        }
        for e in pos.occ[p].iter() {
            let c = g.coord(e);
            let d = (c.file.abs_diff(here.file)).max(c.rank.abs_diff(here.rank)) as i32;
            best = best.min(d);
        }
    }
    if best == i32::MAX {
        0
    } else {
        best
    }
}

/// For a piece of `team` whose neighbours are `steps`: can an enemy jump it right now
/// (an enemy on one side, an empty square on the other), and how many empty squares are
/// next to it? `board` is the padded board of [`evaluate`].
#[inline]
pub(super) fn surroundings(board: &[Cell; 256], steps: &[u8; 8], team: u8) -> (bool, i32) {
    let mut hanging = false;
    let mut room = 0;
    for d in 0..8 {
        let ca = board[steps[d] as usize];
        room += (ca == EMPTY) as i32;
        hanging |=
            is_piece(ca) && team_of(ca) != team && board[steps[(d + 4) & 7] as usize] == EMPTY;
    }
    (hanging, room)
}
