//! Procedural meshes: turned pieces (a profile revolved on a lathe), the knight's
//! horse head (an outline extruded), and the small parts of the board.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// Triangles under construction: positions, normals and indices.
#[derive(Default)]
pub struct MeshParts {
    positions: Vec<[f32; 3]>,
    normals: Vec<[f32; 3]>,
    indices: Vec<u32>,
}

impl MeshParts {
    fn vertex(&mut self, p: Vec3, n: Vec3) -> u32 {
        self.positions.push(p.into());
        self.normals.push(n.normalize_or_zero().into());
        (self.positions.len() - 1) as u32
    }

    pub fn build(self) -> Mesh {
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, self.normals)
        .with_inserted_indices(Indices::U32(self.indices))
    }

    /// Revolves a profile of (radius, height) points, from the bottom centre to the top
    /// centre, around the Y axis. Neighbouring segments meeting at less than 40° share
    /// a normal (a smooth curve); sharper corners stay crisp.
    pub fn lathe(&mut self, profile: &[(f32, f32)], segments: u32, lift: f32) {
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
                        Vec3::new(r * cos, y + lift, r * sin),
                        Vec3::new(n.x * cos, n.y, n.x * sin),
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

    /// Extrudes a counter-clockwise outline in the XY plane to `depth`, centred on z = 0.
    pub fn extrude(&mut self, outline: &[Vec2], depth: f32, offset: Vec3) {
        let half = depth / 2.0;
        for (z, n, flip) in [(half, Vec3::Z, false), (-half, Vec3::NEG_Z, true)] {
            let base = self.positions.len() as u32;
            for p in outline {
                self.vertex(offset + Vec3::new(p.x, p.y, z), n);
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
            let a = self.vertex(offset + Vec3::new(p.x, p.y, half), n);
            let b = self.vertex(offset + Vec3::new(q.x, q.y, half), n);
            let c = self.vertex(offset + Vec3::new(q.x, q.y, -half), n);
            let d = self.vertex(offset + Vec3::new(p.x, p.y, -half), n);
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

/// A man: a wooden pawn.
pub fn man() -> Mesh {
    let mut m = MeshParts::default();
    let mut profile = BASE.to_vec();
    profile.extend_from_slice(&[
        (0.15, 0.3),
        (0.13, 0.38),
        (0.2, 0.41),
        (0.2, 0.44),
        (0.12, 0.46),
        (0.16, 0.52),
        (0.17, 0.58),
        (0.14, 0.65),
        (0.08, 0.69),
        (0.0, 0.7),
    ]);
    m.lathe(&profile, 40, 0.0);
    m.build()
}

/// A knight: the same base, a collar and a horse's head in profile.
pub fn knight() -> Mesh {
    let mut m = MeshParts::default();
    let mut profile = BASE.to_vec();
    profile.extend_from_slice(&[(0.18, 0.26), (0.24, 0.3), (0.24, 0.33), (0.0, 0.33)]);
    m.lathe(&profile, 40, 0.0);
    let head: Vec<Vec2> = [
        (-0.17, 0.0),
        (0.15, 0.0),
        (0.12, 0.14),
        (0.1, 0.22),
        (0.2, 0.27),
        (0.27, 0.33),
        (0.27, 0.4),
        (0.2, 0.44),
        (0.1, 0.53),
        (0.07, 0.62),
        (0.02, 0.56),
        (-0.05, 0.6),
        (-0.09, 0.52),
        (-0.17, 0.42),
        (-0.21, 0.26),
        (-0.2, 0.12),
    ]
    .iter()
    .map(|&(x, y)| Vec2::new(x, y) * 1.2)
    .collect();
    m.extrude(&head, 0.26, Vec3::new(0.0, 0.32, 0.0));
    m.build()
}

/// A tree for River Camelot: a trunk and three tiers of foliage, as one mesh each.
pub fn tree_parts() -> (Mesh, Mesh) {
    let mut trunk = MeshParts::default();
    trunk.lathe(
        &[
            (0.0, 0.0),
            (0.12, 0.0),
            (0.08, 0.08),
            (0.07, 0.35),
            (0.0, 0.35),
        ],
        16,
        0.0,
    );
    let mut leaves = MeshParts::default();
    for (i, (r, h)) in [(0.38, 0.4), (0.3, 0.35), (0.2, 0.3)]
        .into_iter()
        .enumerate()
    {
        let y = 0.25 + i as f32 * 0.22;
        leaves.lathe(&[(0.0, 0.0), (r, 0.0), (r * 0.9, 0.04), (0.0, h)], 20, y);
    }
    (trunk.build(), leaves.build())
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
