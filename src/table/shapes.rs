//! Procedural meshes: turned pieces (a profile revolved on a lathe), the knight's horse
//! head (an outline extruded), the ring that marks a partner's pieces, and the board's
//! parts (squares, plinth, castles, bridges, trees), merged per material.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// Triangles under construction: positions, normals, texture coordinates and indices.
#[derive(Default)]
pub struct Builder {
    positions: Vec<[f32; 3]>,
    normals: Vec<[f32; 3]>,
    uvs: Vec<[f32; 2]>,
    indices: Vec<u32>,
}

impl Builder {
    fn vertex(&mut self, p: Vec3, n: Vec3, uv: Vec2) -> u32 {
        self.positions.push(p.into());
        self.normals.push(n.normalize_or_zero().into());
        self.uvs.push(uv.into());
        (self.positions.len() - 1) as u32
    }

    pub fn is_empty(&self) -> bool {
        self.indices.is_empty()
    }

    /// The mesh, with tangents for normal maps.
    pub fn build(self) -> Mesh {
        let mesh = self.build_plain();
        match mesh.clone().with_generated_tangents() {
            Ok(m) => m,
            Err(_) => mesh,
        }
    }

    /// The mesh without tangents, for a material with no normal map (the pieces): made
    /// in a fraction of the time, which counts at start-up and when the set changes.
    pub fn build_plain(self) -> Mesh {
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, self.normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, self.uvs)
        .with_inserted_indices(Indices::U32(self.indices))
    }

    /// A flat face lying in the board's plane, facing up; corners in any winding.
    pub fn flat_quad(&mut self, corners: [Vec3; 4]) {
        let n = (corners[1] - corners[0]).cross(corners[2] - corners[0]);
        let up = if n.y >= 0.0 {
            corners
        } else {
            [corners[0], corners[3], corners[2], corners[1]]
        };
        self.quad(up, [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y]);
    }

    /// A flat four-sided face; corners counter-clockwise seen from the side it faces.
    fn quad(&mut self, corners: [Vec3; 4], uvs: [Vec2; 4]) {
        let n = (corners[1] - corners[0]).cross(corners[2] - corners[0]);
        let base = self.positions.len() as u32;
        for (p, uv) in corners.into_iter().zip(uvs) {
            self.vertex(p, n, uv);
        }
        self.indices
            .extend_from_slice(&[base, base + 1, base + 2, base, base + 2, base + 3]);
    }

    /// A box's top and four sides (never seen from below), its textures in world units
    /// (a texture spans two units).
    pub fn block(&mut self, center: Vec3, size: Vec3, top_uv: Option<(Vec2, f32)>) {
        let h = size / 2.0;
        let (lo, hi) = (center - h, center + h);
        let w = |a: f32, b: f32| Vec2::new(a, b) * 0.5;
        let top_uvs = match top_uv {
            Some((o, s)) => [
                o + Vec2::new(0.0, s),
                o + Vec2::new(s, s),
                o + Vec2::new(s, 0.0),
                o,
            ],
            None => [w(lo.x, hi.z), w(hi.x, hi.z), w(hi.x, lo.z), w(lo.x, lo.z)],
        };
        self.quad(
            [
                Vec3::new(lo.x, hi.y, hi.z),
                Vec3::new(hi.x, hi.y, hi.z),
                Vec3::new(hi.x, hi.y, lo.z),
                Vec3::new(lo.x, hi.y, lo.z),
            ],
            top_uvs,
        );
        let side = |a: Vec3, b: Vec3| {
            let along = (b - a).xz().length();
            let u0 = (a.x + a.z) * 0.5;
            [
                Vec2::new(u0, -lo.y * 0.5),
                Vec2::new(u0 + along * 0.5, -lo.y * 0.5),
                Vec2::new(u0 + along * 0.5, -hi.y * 0.5),
                Vec2::new(u0, -hi.y * 0.5),
            ]
        };
        for (a, b) in [
            (Vec3::new(lo.x, 0.0, hi.z), Vec3::new(hi.x, 0.0, hi.z)),
            (Vec3::new(hi.x, 0.0, hi.z), Vec3::new(hi.x, 0.0, lo.z)),
            (Vec3::new(hi.x, 0.0, lo.z), Vec3::new(lo.x, 0.0, lo.z)),
            (Vec3::new(lo.x, 0.0, lo.z), Vec3::new(lo.x, 0.0, hi.z)),
        ] {
            self.quad(
                [
                    a.with_y(lo.y),
                    b.with_y(lo.y),
                    b.with_y(hi.y),
                    a.with_y(hi.y),
                ],
                side(a, b),
            );
        }
    }

    /// An upward face of `size` centred on `center`, textured from `uv_origin`.
    pub fn top(&mut self, center: Vec3, size: Vec2, uv_origin: Vec2) {
        let (hx, hz) = (size.x / 2.0, size.y / 2.0);
        let s = size * 0.5;
        self.quad(
            [
                center + Vec3::new(-hx, 0.0, hz),
                center + Vec3::new(hx, 0.0, hz),
                center + Vec3::new(hx, 0.0, -hz),
                center + Vec3::new(-hx, 0.0, -hz),
            ],
            [
                uv_origin + Vec2::new(0.0, s.y),
                uv_origin + s,
                uv_origin + Vec2::new(s.x, 0.0),
                uv_origin,
            ],
        );
    }

    /// A square of the board: its top at the board's surface, cut from the texture at
    /// `uv` (a `size` part of it), turned half a turn if `turn` is 1.
    pub fn tile(
        &mut self,
        center: Vec3,
        width: f32,
        thickness: f32,
        uv: Vec2,
        size: f32,
        turn: f32,
    ) {
        let uv = if turn > 0.5 {
            // Half a turn: the same part read backwards.
            uv + Vec2::splat(size)
        } else {
            uv
        };
        let s = if turn > 0.5 { -size } else { size };
        let c = Vec3::new(center.x, center.y - thickness / 2.0, center.z);
        let before = self.uvs.len();
        self.block(c, Vec3::new(width, thickness, width), Some((uv, s)));
        // The sides show a thin strip of the same wood.
        for uv_side in &mut self.uvs[before + 4..] {
            uv_side[0] = uv.x + uv_side[0].fract().abs() * size;
            uv_side[1] = uv.y + uv_side[1].fract().abs() * 0.02;
        }
    }

    /// Revolves a profile of (radius, height) points, from the bottom centre to the top
    /// centre, around the Y axis. Neighbouring segments meeting at less than 40° share
    /// a normal (a smooth curve); sharper corners stay crisp.
    pub fn lathe(&mut self, profile: &[(f32, f32)], segments: u32, lift: f32) {
        self.lathe_at(profile, segments, Vec3::Y * lift);
    }

    /// A lathe's shape with its axis through `at`.
    pub fn lathe_at(&mut self, profile: &[(f32, f32)], segments: u32, at: Vec3) {
        let seg_normal = |i: usize| {
            let (r0, y0) = profile[i];
            let (r1, y1) = profile[i + 1];
            Vec2::new(y1 - y0, -(r1 - r0)).normalize_or_zero()
        };
        let smooth_cos = 40f32.to_radians().cos();
        let n_segs = profile.len() - 1;
        for s in 0..n_segs {
            let ns = seg_normal(s);
            let at_start = if s > 0 && seg_normal(s - 1).dot(ns) > smooth_cos {
                (seg_normal(s - 1) + ns).normalize()
            } else {
                ns
            };
            let at_end = if s + 1 < n_segs && seg_normal(s + 1).dot(ns) > smooth_cos {
                (seg_normal(s + 1) + ns).normalize()
            } else {
                ns
            };
            let base = self.positions.len() as u32;
            for k in 0..=segments {
                let a = k as f32 / segments as f32 * std::f32::consts::TAU;
                let (sin, cos) = a.sin_cos();
                for (&(r, y), n) in [(&profile[s], at_start), (&profile[s + 1], at_end)] {
                    self.vertex(
                        at + Vec3::new(r * cos, y, r * sin),
                        Vec3::new(n.x * cos, n.y, n.x * sin),
                        Vec2::new(k as f32 / segments as f32, y),
                    );
                }
            }
            for k in 0..segments {
                let i = base + 2 * k;
                // Counter-clockwise seen from outside.
                self.indices
                    .extend_from_slice(&[i, i + 1, i + 3, i, i + 3, i + 2]);
            }
        }
    }

    /// Adds another builder's triangles, turned by `turn` and moved by `offset`.
    pub fn append_turned(&mut self, other: Builder, turn: Quat, offset: Vec3) {
        let base = self.positions.len() as u32;
        for ((p, n), uv) in other.positions.iter().zip(&other.normals).zip(&other.uvs) {
            self.vertex(
                turn * Vec3::from(*p) + offset,
                turn * Vec3::from(*n),
                Vec2::from(*uv),
            );
        }
        self.indices.extend(other.indices.iter().map(|&i| i + base));
    }

    /// Extrudes a counter-clockwise outline in the XY plane to `depth`, centred on z = 0.
    pub fn extrude(&mut self, outline: &[Vec2], depth: f32, offset: Vec3) {
        let half = depth / 2.0;
        for (z, n, flip) in [(half, Vec3::Z, false), (-half, Vec3::NEG_Z, true)] {
            let base = self.positions.len() as u32;
            for p in outline {
                self.vertex(offset + Vec3::new(p.x, p.y, z), n, *p);
            }
            for [a, b, c] in triangulate(outline) {
                let tri = if flip { [a, c, b] } else { [a, b, c] };
                self.indices.extend(tri.iter().map(|&i| base + i as u32));
            }
        }
        for i in 0..outline.len() {
            let (p, q) = (outline[i], outline[(i + 1) % outline.len()]);
            let edge = q - p;
            let n = Vec3::new(edge.y, -edge.x, 0.0);
            let a = self.vertex(offset + Vec3::new(p.x, p.y, half), n, p);
            let b = self.vertex(offset + Vec3::new(q.x, q.y, half), n, q);
            let c = self.vertex(offset + Vec3::new(q.x, q.y, -half), n, q);
            let d = self.vertex(offset + Vec3::new(p.x, p.y, -half), n, p);
            self.indices.extend_from_slice(&[a, d, c, a, c, b]);
        }
    }
}

/// Ear clipping of a simple counter-clockwise polygon.
fn triangulate(poly: &[Vec2]) -> Vec<[usize; 3]> {
    let mut idx: Vec<usize> = (0..poly.len()).collect();
    let mut out = Vec::new();
    let cross = |a: Vec2, b: Vec2, c: Vec2| (b - a).perp_dot(c - a);
    let mut guard = 0;
    while idx.len() > 3 && guard < 10_000 {
        guard += 1;
        let n = idx.len();
        let ear = (0..n).find(|&i| {
            let (a, b, c) = (
                poly[idx[(i + n - 1) % n]],
                poly[idx[i]],
                poly[idx[(i + 1) % n]],
            );
            if cross(a, b, c) <= 0.0 {
                return false;
            }
            idx.iter().all(|&j| {
                let p = poly[j];
                p == a
                    || p == b
                    || p == c
                    || !(cross(a, b, p) >= 0.0 && cross(b, c, p) >= 0.0 && cross(c, a, p) >= 0.0)
            })
        });
        let Some(i) = ear else { break };
        out.push([idx[(i + n - 1) % n], idx[i], idx[(i + 1) % n]]);
        idx.remove(i);
    }
    if idx.len() == 3 {
        out.push([idx[0], idx[1], idx[2]]);
    }
    out
}

/// A wooden bridge over one river square, carrying pieces from rank to rank: a deck of
/// planks at the board's surface on two beams, and a rail on posts along each side.
pub fn bridge_span(b: &mut Builder, at: Vec3) {
    for k in 0..6 {
        let z = at.z - 0.5 + (k as f32 + 0.5) / 6.0;
        let lift = if k % 2 == 0 { 0.0 } else { -0.006 };
        b.block(
            Vec3::new(at.x, -0.025 + lift, z),
            Vec3::new(0.9, 0.05, 1.0 / 6.0 - 0.012),
            None,
        );
    }
    for x in [-0.36, 0.36] {
        b.block(
            Vec3::new(at.x + x, -0.09, at.z),
            Vec3::new(0.08, 0.08, 1.0),
            None,
        );
    }
    for x in [-0.47, 0.47] {
        for z in [-0.42, 0.42] {
            b.block(
                Vec3::new(at.x + x, 0.06, at.z + z),
                Vec3::new(0.06, 0.2, 0.06),
                None,
            );
        }
        b.block(
            Vec3::new(at.x + x, 0.17, at.z),
            Vec3::new(0.05, 0.04, 1.0),
            None,
        );
    }
}

/// A turned base shared by both pieces: a foot, a bead and a waist.
const BASE: [(f32, f32); 7] = [
    (0.0, 0.0),
    (0.36, 0.0),
    (0.36, 0.05),
    (0.33, 0.09),
    (0.34, 0.12),
    (0.27, 0.15),
    (0.2, 0.2),
];

/// The height of the centre of a man's top, and of a knight's head: where the partner's
/// ring (Grand Cam) sits, for each set.
pub const TURNED_MAN_TOP: f32 = 0.705;
pub const TURNED_KNIGHT_TOP: f32 = 1.045;
pub const DISC_MAN_TOP: f32 = 0.13;
pub const DISC_KNIGHT_TOP: f32 = 0.19;

/// A man: a turned pawn with a collar under its head and a crown of six points on it.
pub fn man() -> Mesh {
    let mut m = Builder::default();
    let mut profile = BASE.to_vec();
    profile.extend_from_slice(&[
        (0.15, 0.3),
        (0.13, 0.38),
        // The collar.
        (0.21, 0.4),
        (0.215, 0.42),
        (0.21, 0.44),
        (0.12, 0.46),
        // The head, and the crown's band round its top.
        (0.16, 0.52),
        (0.17, 0.58),
        (0.15, 0.63),
        (0.135, 0.64),
        (0.135, 0.675),
        (0.1, 0.68),
        (0.06, 0.697),
        (0.0, TURNED_MAN_TOP),
    ]);
    m.lathe(&profile, 40, 0.0);
    for i in 0..6 {
        let a = i as f32 * std::f32::consts::TAU / 6.0;
        let at = Vec3::new(a.cos() * 0.117, 0.672, a.sin() * 0.117);
        m.lathe_at(&[(0.0, 0.0), (0.03, 0.0), (0.0, 0.065)], 10, at);
    }
    m.build_plain()
}

/// The knight's head outline, scaled and placed on the collar, in the mesh's XY plane.
const HEAD_SCALE: f32 = 1.2;
const HEAD_LIFT: f32 = 0.32;
const HEAD_DEPTH: f32 = 0.26;

/// A point of the head's outline (the outline's own coordinates) on the piece.
fn on_head(x: f32, y: f32, z: f32) -> Vec3 {
    Vec3::new(x * HEAD_SCALE, y * HEAD_SCALE + HEAD_LIFT, z)
}

/// A knight: the same base, a collar and a carved horse's head (from above, a long narrow
/// head, never the round top of a man): a mane standing proud along the back of the
/// neck, two ears, and an eye on each side.
pub fn knight() -> Mesh {
    let mut m = Builder::default();
    let mut profile = BASE.to_vec();
    profile.extend_from_slice(&[(0.18, 0.26), (0.24, 0.3), (0.24, 0.33), (0.0, 0.33)]);
    m.lathe(&profile, 40, 0.0);
    let head: Vec<Vec2> = crate::table::profiles::KNIGHT_HEAD
        .iter()
        .map(|&(x, y)| Vec2::new(x, y) * HEAD_SCALE)
        .collect();
    m.extrude(&head, HEAD_DEPTH, Vec3::new(0.0, HEAD_LIFT, 0.0));
    // The mane: a crest along the neck's back edge, outward of it and narrower than the
    // head, so that it stands out from the side and from behind.
    let back = crate::table::profiles::KNIGHT_MANE;
    let mut crest: Vec<Vec2> = Vec::new();
    for (k, &(x, y)) in back.iter().enumerate() {
        let prev = back[k.saturating_sub(1)];
        let next = back[(k + 1).min(back.len() - 1)];
        let along = Vec2::new(next.0 - prev.0, next.1 - prev.1).normalize_or_zero();
        // Outward of a counter-clockwise outline: the edge's direction turned right.
        let out = Vec2::new(along.y, -along.x);
        // Tufts: every other point stands further out.
        let reach = if k % 2 == 0 { 0.045 } else { 0.028 };
        crest.push((Vec2::new(x, y) + out * reach) * HEAD_SCALE);
    }
    crest.extend(
        back.iter()
            .rev()
            .map(|&(x, y)| Vec2::new(x, y) * HEAD_SCALE),
    );
    m.extrude(&crest, 0.12, Vec3::new(0.0, HEAD_LIFT, 0.0));
    // Ears: two small cones on the poll.
    for z in [-0.06, 0.06] {
        m.lathe_at(
            &[(0.0, 0.0), (0.04, 0.0), (0.0, 0.1)],
            12,
            on_head(0.02, 0.57, z),
        );
    }
    // Eyes: a bead on each side of the head.
    let r = 0.03;
    let bead: Vec<(f32, f32)> = (0..=8)
        .map(|k| {
            let a = k as f32 / 8.0 * std::f32::consts::PI;
            (a.sin() * r, r - a.cos() * r)
        })
        .collect();
    for z in [-HEAD_DEPTH / 2.0, HEAD_DEPTH / 2.0] {
        m.lathe_at(&bead, 12, on_head(0.13, 0.41, z) - Vec3::Y * r);
    }
    m.build_plain()
}

/// The 1930 Parker set's man: a flat turned disc, its rim bevelled and a ring cut into
/// its top.
pub fn disc_man() -> Mesh {
    let mut m = Builder::default();
    m.lathe(&DISC, 48, 0.0);
    m.build_plain()
}

/// The 1930 Parker set's disc, bottom centre to top centre.
const DISC: [(f32, f32); 9] = [
    (0.0, 0.0),
    (0.34, 0.0),
    (0.36, 0.02),
    (0.36, 0.1),
    (0.33, DISC_MAN_TOP),
    (0.25, DISC_MAN_TOP),
    (0.235, 0.115),
    (0.22, DISC_MAN_TOP),
    (0.0, DISC_MAN_TOP),
];

/// The 1930 Parker set's knight: the disc with the knight's head raised on its top as an
/// emblem, read from above and from the side.
pub fn disc_knight() -> Mesh {
    let mut m = Builder::default();
    m.lathe(&DISC, 48, 0.0);
    let mut emblem = Builder::default();
    let scale = 0.72;
    // Centred on the disc: the outline spans x -0.21 to 0.27 and y 0 to 0.62.
    let head: Vec<Vec2> = crate::table::profiles::KNIGHT_HEAD
        .iter()
        .map(|&(x, y)| (Vec2::new(x, y) - Vec2::new(0.03, 0.31)) * scale)
        .collect();
    let depth = DISC_KNIGHT_TOP - DISC_MAN_TOP;
    emblem.extrude(&head, depth, Vec3::ZERO);
    // Laid flat: the outline's up towards the far side (-z), its depth upward.
    m.append_turned(
        emblem,
        Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2),
        Vec3::Y * (DISC_MAN_TOP + depth / 2.0),
    );
    m.build_plain()
}

/// The ring that marks a partner's pieces in Grand Cam, seen from every side and from
/// above: a band round the base's bead and a disc on top of the piece (`top`).
pub fn mark_ring(top: f32) -> Mesh {
    let mut m = Builder::default();
    m.lathe(
        &[
            (0.0, 0.0),
            (0.345, 0.0),
            (0.35, 0.03),
            (0.345, 0.06),
            (0.0, 0.06),
        ],
        40,
        0.055,
    );
    m.lathe(
        &[(0.0, 0.0), (0.09, 0.0), (0.07, 0.02), (0.0, 0.025)],
        24,
        top,
    );
    m.build_plain()
}

/// A tree for River Camelot: a trunk, and foliage of three leafy clusters.
pub fn tree_parts() -> (Mesh, Mesh) {
    let mut trunk = Builder::default();
    trunk.lathe(
        &[
            (0.0, 0.0),
            (0.12, 0.0),
            (0.08, 0.08),
            (0.06, 0.4),
            (0.0, 0.42),
        ],
        14,
        0.0,
    );
    let mut leaves = Builder::default();
    for (i, (r, x, z, y)) in [
        (0.3, 0.0, 0.0, 0.62),
        (0.24, 0.16, 0.08, 0.45),
        (0.22, -0.14, -0.1, 0.48),
    ]
    .into_iter()
    .enumerate()
    {
        // A rounded, slightly lumpy cluster: a lathe of a wobbling circle.
        let profile: Vec<(f32, f32)> = (0..=10)
            .map(|k| {
                let a = k as f32 / 10.0 * std::f32::consts::PI;
                let wobble = 1.0 + 0.08 * ((k + i) as f32 * 2.3).sin();
                (a.sin() * r * wobble, -a.cos() * r * 0.9)
            })
            .collect();
        let before = leaves.positions.len();
        leaves.lathe(&profile, 12, y);
        for p in &mut leaves.positions[before..] {
            p[0] += x;
            p[2] += z;
        }
    }
    (trunk.build(), leaves.build())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn positions(m: &Mesh) -> Vec<Vec3> {
        match m.attribute(Mesh::ATTRIBUTE_POSITION) {
            Some(bevy::mesh::VertexAttributeValues::Float32x3(v)) => {
                v.iter().map(|&p| Vec3::from(p)).collect()
            }
            _ => panic!("a mesh without positions"),
        }
    }

    /// (width along x, width along z, top) of what stands above `above`.
    fn seen_from_above(m: &Mesh, above: f32) -> (f32, f32, f32) {
        let high: Vec<Vec3> = positions(m).into_iter().filter(|p| p.y > above).collect();
        let lo = high.iter().fold(Vec3::MAX, |a, &p| a.min(p));
        let hi = high.iter().fold(Vec3::MIN, |a, &p| a.max(p));
        (hi.x - lo.x, hi.z - lo.z, hi.y)
    }

    /// From above a turned knight's head is long and narrow and a man's crown round; a
    /// disc knight's emblem stands above the disc, within it; the partner's ring sits
    /// on each piece's top.
    #[test]
    fn each_set_tells_a_knight_from_a_man_from_above() {
        let (x, z, top) = seen_from_above(&knight(), 0.6);
        assert!(x > 1.6 * z, "the knight's head: {x} by {z}");
        assert!(top > TURNED_KNIGHT_TOP && top < TURNED_KNIGHT_TOP + 0.1);
        let (x, z, top) = seen_from_above(&man(), 0.6);
        assert!((x - z).abs() < 0.02, "the man's crown is round: {x} by {z}");
        assert!(top > TURNED_MAN_TOP && top < TURNED_MAN_TOP + 0.05);
        let (x, z, top) = seen_from_above(&disc_knight(), DISC_MAN_TOP + 0.001);
        assert!((top - DISC_KNIGHT_TOP).abs() < 1e-4);
        assert!(x < 0.6 && z < 0.6 && x > 0.25 && z > 0.25, "{x} by {z}");
        let (_, _, top) = seen_from_above(&disc_man(), 0.0);
        assert!((top - DISC_MAN_TOP).abs() < 1e-4);
    }

    #[test]
    fn ear_clipping_covers_the_outline() {
        // An L shape of area 3: the triangles must add up to it.
        let l: Vec<Vec2> = [(0., 0.), (2., 0.), (2., 1.), (1., 1.), (1., 2.), (0., 2.)]
            .iter()
            .map(|&(x, y)| Vec2::new(x, y))
            .collect();
        let tris = triangulate(&l);
        assert_eq!(tris.len(), 4);
        let area: f32 = tris
            .iter()
            .map(|t| (l[t[1]] - l[t[0]]).perp_dot(l[t[2]] - l[t[0]]) / 2.0)
            .sum();
        assert!((area - 3.0).abs() < 1e-5, "{area}");
    }

    #[test]
    fn piece_meshes_are_closed_and_upright() {
        for mesh in [man(), knight()] {
            let Some(bevy::mesh::VertexAttributeValues::Float32x3(p)) =
                mesh.attribute(Mesh::ATTRIBUTE_POSITION)
            else {
                panic!("no positions");
            };
            let min_y = p.iter().map(|v| v[1]).fold(f32::MAX, f32::min);
            let max_y = p.iter().map(|v| v[1]).fold(f32::MIN, f32::max);
            assert!(
                min_y.abs() < 1e-6 && (0.6..1.2).contains(&max_y),
                "{min_y} {max_y}"
            );
            assert_eq!(mesh.indices().unwrap().len() % 3, 0);
        }
    }

    /// Seen from straight above, a knight's outline is long and narrow, a man's round.
    #[test]
    fn from_above_a_knight_is_not_a_man() {
        let extent = |mesh: &Mesh, above: f32| {
            let Some(bevy::mesh::VertexAttributeValues::Float32x3(p)) =
                mesh.attribute(Mesh::ATTRIBUTE_POSITION)
            else {
                panic!()
            };
            let top: Vec<&[f32; 3]> = p.iter().filter(|v| v[1] > above).collect();
            let w = top.iter().map(|v| v[0].abs()).fold(0.0, f32::max);
            let d = top.iter().map(|v| v[2].abs()).fold(0.0, f32::max);
            (w, d)
        };
        let (mw, md) = extent(&man(), 0.4);
        let (kw, kd) = extent(&knight(), 0.4);
        assert!((mw - md).abs() < 0.01, "a man's top is round: {mw} {md}");
        assert!(
            kw > 2.0 * kd,
            "a knight's head is long and narrow: {kw} {kd}"
        );
    }
}
