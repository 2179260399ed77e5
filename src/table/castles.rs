//! The castles: a raised stone court on the castle squares, a crenellated curtain wall
//! along every side of it that faces off the board, and a round tower with a
//! crenellated parapet on every outside corner where two walls meet. The side towards
//! the board is open, the gate through which pieces enter. The masonry stands outside the squares
//! and no higher than a piece's waist near them, so a piece in a castle stays in view.

use bevy::prelude::*;
use camelot_engine::{Coord, Player, Rules, Square};

use crate::table::coordinates::FRAME_TOP;
use crate::table::layout::{square_center, TILE};
use crate::table::shapes::Builder;

/// How much higher a castle square's top is than the other squares'.
pub const CASTLE_RISE: f32 = 0.08;
/// The wall's walk, above the court.
const WALL_HEIGHT: f32 = 0.16;
/// The merlons on top of walls and towers.
const MERLON: f32 = 0.08;
const WALL_THICKNESS: f32 = 0.1;
/// The gap between a castle square and the foot of its wall.
const WALL_GAP: f32 = 0.02;
const TOWER_RADIUS: f32 = 0.2;
/// The tower's parapet, above the court.
const TOWER_HEIGHT: f32 = 0.58;
/// The towers' roofs, cones in the side's colour rising from inside the merlons.
const ROOF_HEIGHT: f32 = 0.34;
/// The highest point of any castle: the tips of the towers' roofs.
pub const TOWER_TOP: f32 = CASTLE_RISE + TOWER_HEIGHT + ROOF_HEIGHT;

/// One straight stretch of curtain wall along a castle square's edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wall {
    /// The two ends of the wall's middle line, at the board's surface.
    pub from: Vec3,
    pub to: Vec3,
    /// The horizontal unit vector pointing away from the castle.
    pub outward: Vec3,
}

/// A castle's masonry, in world coordinates.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CastlePlan {
    pub walls: Vec<Wall>,
    /// Each tower's foot: the centre of its base, at the board's surface.
    pub towers: Vec<Vec3>,
}

/// The four sides of a square: a step in (file, rank), and the world direction it goes.
const SIDES: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

fn world_dir((df, dr): (i32, i32)) -> Vec3 {
    Vec3::new(df as f32, 0.0, -dr as f32)
}

fn neighbour(rules: &Rules, sq: Square, (df, dr): (i32, i32)) -> Option<Square> {
    let g = rules.geometry;
    let c = g.coord(sq);
    let (f, r) = (c.file as i32 + df, c.rank as i32 + dr);
    if f < 0 || r < 0 || f >= g.files as i32 || r >= g.ranks as i32 {
        return None;
    }
    g.square(Coord::new(f as u8, r as u8))
}

/// A point's key for matching corners shared by two edges.
fn key(p: Vec3) -> (i32, i32) {
    ((p.x * 2.0).round() as i32, (p.z * 2.0).round() as i32)
}

/// Where `player`'s castle walls and towers stand: a wall along every edge of a castle
/// square with no board square beyond it, a tower where two walls meet at an angle.
pub fn plan(rules: &Rules, player: Player) -> CastlePlan {
    let g = rules.geometry;
    let offset = WALL_GAP + WALL_THICKNESS / 2.0;
    // Each wall edge: its two corners on the square's outline and its outward side.
    let mut edges: Vec<(Vec3, Vec3, Vec3)> = Vec::new();
    for sq in rules.castle(player).iter() {
        let at = square_center(g, sq);
        for side in SIDES {
            if neighbour(rules, sq, side).is_some() {
                continue;
            }
            let out = world_dir(side);
            let along = Vec3::new(-out.z, 0.0, out.x);
            let mid = at + out * TILE / 2.0;
            edges.push((mid - along * TILE / 2.0, mid + along * TILE / 2.0, out));
        }
    }
    let mut plan = CastlePlan::default();
    for &(a, b, out) in &edges {
        plan.walls.push(Wall {
            from: a + out * offset,
            to: b + out * offset,
            outward: out,
        });
    }
    // Towers: at each outline corner, by the walls that reach it.
    let mut corners: Vec<((i32, i32), Vec3, Vec<Vec3>)> = Vec::new();
    for &(a, b, out) in &edges {
        for p in [a, b] {
            match corners.iter_mut().find(|(k, _, _)| *k == key(p)) {
                Some((_, _, outs)) => outs.push(out),
                None => corners.push((key(p), p, vec![out])),
            }
        }
    }
    for (_, p, outs) in corners {
        // Two walls at an angle: a tower on the outside corner. A wall's free end, by
        // the gate, has none: a tower there would stand in the line of sight from a
        // seat beside the castle.
        let tower = match outs.as_slice() {
            [o1, o2] if o1.dot(*o2).abs() < 0.5 => p + (*o1 + *o2) * offset,
            _ => continue,
        };
        plan.towers.push(tower.with_y(0.0));
    }
    plan
}

/// The castle's court: the castle squares raised, in one stone.
pub fn court(b: &mut Builder, at: Vec3) {
    let bottom = FRAME_TOP - 0.03;
    b.block(
        Vec3::new(at.x, (CASTLE_RISE + bottom) / 2.0, at.z),
        Vec3::new(TILE, CASTLE_RISE - bottom, TILE),
        None,
    );
}

/// A wall's and its merlons' boxes: (centre, size).
fn wall_boxes(w: &Wall) -> Vec<(Vec3, Vec3)> {
    let along = w.to - w.from;
    let length = along.length();
    let dir = along / length.max(1e-6);
    let extent = |l: f32, thickness: f32| dir.abs() * l + w.outward.abs() * thickness;
    let bottom = FRAME_TOP - 0.03;
    let top = CASTLE_RISE + WALL_HEIGHT;
    let mid = (w.from + w.to) / 2.0;
    let mut boxes = vec![(
        mid.with_y((top + bottom) / 2.0),
        extent(length, WALL_THICKNESS).with_y(top - bottom),
    )];
    // Four merlons a square, with the gaps (crenels) between them.
    let count = (length / TILE * 4.0).round().max(1.0) as usize;
    let step = length / count as f32;
    for i in 0..count {
        let c = w.from + dir * step * (i as f32 + 0.5);
        boxes.push((
            c.with_y(top + MERLON / 2.0),
            extent(step * 0.55, WALL_THICKNESS).with_y(MERLON),
        ));
    }
    boxes
}

/// A tower: a round shaft, a corbel under a wider parapet, and eight merlons on it.
fn tower(b: &mut Builder, foot: Vec3) {
    let bottom = FRAME_TOP - 0.03;
    let top = CASTLE_RISE + TOWER_HEIGHT;
    let r = TOWER_RADIUS;
    let parapet = r + 0.03;
    b.lathe_at(
        &[
            (0.0, bottom),
            (r, bottom),
            (r, top - 0.09),
            (parapet, top - 0.05),
            (parapet, top),
            (0.0, top),
        ],
        20,
        foot.with_y(0.0),
    );
    for k in 0..8 {
        let a = k as f32 / 8.0 * std::f32::consts::TAU;
        let dir = Vec3::new(a.cos(), 0.0, a.sin());
        let c = foot.with_y(top + MERLON / 2.0) + dir * (parapet - 0.035);
        let size = Vec3::new(0.07, MERLON, 0.07);
        b.block(c, size, None);
    }
}

/// A tower's roof: a cone on the parapet's floor.
fn roof(b: &mut Builder, foot: Vec3) {
    let floor = CASTLE_RISE + TOWER_HEIGHT - 0.01;
    b.lathe_at(
        &[
            (0.0, floor),
            (TOWER_RADIUS - 0.01, floor),
            (0.0, floor + ROOF_HEIGHT),
        ],
        20,
        foot.with_y(0.0),
    );
}

/// The walls and towers of a castle in stone, and the towers' roofs.
pub fn masonry(stone: &mut Builder, roofs: &mut Builder, plan: &CastlePlan) {
    for w in &plan.walls {
        for (c, size) in wall_boxes(w) {
            stone.block(c, size, None);
        }
    }
    for &t in &plan.towers {
        tower(stone, t);
        roof(roofs, t);
    }
}

/// Everything of the castle's masonry that can stand in a line of sight, as boxes
/// (min, max): the walls with their merlons, and each tower as the box around it.
pub fn solids(plan: &CastlePlan) -> Vec<(Vec3, Vec3)> {
    let mut out: Vec<(Vec3, Vec3)> = plan
        .walls
        .iter()
        .flat_map(wall_boxes)
        .map(|(c, s)| (c - s / 2.0, c + s / 2.0))
        .collect();
    let half = Vec3::new(TOWER_RADIUS + 0.03, 0.0, TOWER_RADIUS + 0.03);
    for &t in &plan.towers {
        out.push((
            t - half + Vec3::Y * FRAME_TOP,
            t + half + Vec3::Y * TOWER_TOP,
        ));
    }
    out
}

/// The corners of a castle's court and of every box of its masonry: the points the
/// camera must see for the whole castle to be in view.
pub fn castle_points(rules: &Rules, player: Player) -> Vec<Vec3> {
    let g = rules.geometry;
    let court = rules.castle(player).iter().flat_map(|sq| {
        let c = square_center(g, sq).with_y(CASTLE_RISE);
        [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)]
            .map(|(dx, dz)| c + Vec3::new(dx, 0.0, dz) * TILE)
    });
    let masonry = solids(&plan(rules, player))
        .into_iter()
        .flat_map(|(lo, hi)| {
            [(lo.x, lo.z), (hi.x, lo.z), (lo.x, hi.z), (hi.x, hi.z)]
                .map(|(x, z)| Vec3::new(x, hi.y, z))
        });
    court.chain(masonry).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_engine::Variant;

    fn squares(rules: &Rules, names: &[&str]) -> Vec<Vec3> {
        names
            .iter()
            .map(|n| square_center(rules.geometry, rules.square(n).expect("a square")))
            .collect()
    }

    #[test]
    fn camelots_castle_is_walled_behind_and_beside_and_open_to_the_board() {
        let rules = Variant::Camelot.rules();
        let plan = plan(rules, Player(0));
        let [f1, g1] = squares(rules, &["F1", "G1"])[..] else {
            unreachable!()
        };
        // F1 and G1: a wall behind each, one beside each on the outer side; none
        // between them and none towards F2 and G2.
        let mut outs: Vec<(i32, i32)> = plan
            .walls
            .iter()
            .map(|w| (w.outward.x as i32, w.outward.z as i32))
            .collect();
        outs.sort();
        assert_eq!(outs, vec![(-1, 0), (0, 1), (0, 1), (1, 0)]);
        for w in &plan.walls {
            let mid = (w.from + w.to) / 2.0;
            let near = if (mid - f1).length() < (mid - g1).length() {
                f1
            } else {
                g1
            };
            let d = (mid - near).dot(w.outward);
            assert!(d > TILE / 2.0, "a wall stands off its square: {w:?}");
        }
        // Two towers, at the back corners, outside the court.
        assert_eq!(plan.towers.len(), 2, "{:?}", plan.towers);
        for t in &plan.towers {
            assert!(t.z > f1.z + TILE / 2.0, "{t}");
            assert!(t.x.abs() > TILE, "{t}");
        }
    }

    #[test]
    fn every_castle_of_every_variant_has_walls_and_towers_and_an_open_gate() {
        for v in Variant::ALL {
            let rules = v.rules();
            for p in rules.players_in_order() {
                let plan = plan(rules, p);
                assert!(!plan.walls.is_empty(), "{v} {p:?}");
                assert!(plan.towers.len() >= 2, "{v} {p:?}: {:?}", plan.towers);
                // The gate: some side of a castle square leads onto a board square
                // that is not of the castle.
                let castle = rules.castle(p);
                let gate = castle.iter().any(|sq| {
                    SIDES
                        .iter()
                        .any(|&s| neighbour(rules, sq, s).is_some_and(|n| !castle.contains(n)))
                });
                assert!(gate, "{v} {p:?}");
            }
        }
    }
}
