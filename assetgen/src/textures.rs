//! The board's, the table's and the castles' textures: albedo in sRGB, normal and
//! roughness maps linear. Albedo is scaled to an exact mean colour, so the contrast the
//! game promises between pieces and squares holds for the picture as drawn.

use crate::noise::{fbm, hash, value};
use crate::picture::Picture;

fn smoothstep(a: f32, b: f32, x: f32) -> f32 {
    let t = ((x - a) / (b - a)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

/// A wood's grain: (how dark the growth ring is here 0..1, fine fibre -1..1).
fn grain(u: f32, v: f32, seed: u64) -> (f32, f32) {
    // The grain runs along u; the rings cross v, bent gently and slowly, as in a board
    // sawn from a straight log.
    let warp = fbm(u * 1.2, v * 3.0, 4, 0, seed) - 0.5;
    let ring = v * 34.0 + warp * 2.2 + (fbm(u * 0.5, v * 1.2, 2, 0, seed + 7) - 0.5) * 1.5;
    let f = ring - ring.floor();
    // Latewood: a darker band at the end of each year's growth, of varying strength.
    let strength = 0.5 + 0.5 * value(ring.floor(), 0.5, 0, seed + 5);
    let late = smoothstep(0.5, 0.8, f) * (1.0 - smoothstep(0.88, 1.0, f)) * strength;
    // Fibres: long fine streaks along the grain, at two scales.
    let fibre = (value(u * 5.0, v * 600.0, 0, seed + 3) * 2.0 - 1.0) * 0.6
        + (value(u * 2.0, v * 160.0, 0, seed + 4) * 2.0 - 1.0) * 0.4;
    (late, fibre)
}

/// A wood albedo (`light`, `dark` tones) with a roughness map at half the size.
pub fn wood(size: usize, light: [f32; 3], dark: [f32; 3], seed: u64) -> (Picture, Picture) {
    let mut albedo = Picture::new(size, size);
    let mut rough = Picture::new(size / 2, size / 2);
    for y in 0..size {
        for x in 0..size {
            let (u, v) = (x as f32 / size as f32, y as f32 / size as f32);
            let (late, fibre) = grain(u, v, seed);
            // Pores: small dark flecks along the grain.
            let pore = (hash((x / 3) as i64, y as i64, seed + 11) > 0.985) as i32 as f32;
            let t = (0.72 - 0.32 * late + 0.1 * fibre - 0.2 * pore).clamp(0.0, 1.0);
            albedo.set(x, y, mix(dark, light, t));
            if x % 2 == 0 && y % 2 == 0 {
                // Latewood and pores are rougher than the smooth earlywood.
                let r = (0.42 + 0.22 * late + 0.05 * fibre + 0.15 * pore).clamp(0.0, 1.0);
                rough.set(x / 2, y / 2, [1.0, r, 0.0]);
            }
        }
    }
    (albedo, rough)
}

/// A polished marble: veins of `vein` through `base`.
pub fn marble(size: usize, base: [f32; 3], vein: [f32; 3], seed: u64) -> Picture {
    let mut p = Picture::new(size, size);
    for y in 0..size {
        for x in 0..size {
            let (u, v) = (x as f32 / size as f32, y as f32 / size as f32);
            // Turbulence (sums of folded noise) bends the veins as marble's are bent.
            let turb: f32 = (0..5)
                .map(|o| {
                    let f = (1 << o) as f32;
                    ((value(u * 3.0 * f, v * 3.0 * f, 0, seed + o) - 0.5).abs() * 2.0) / f
                })
                .sum();
            let s = ((u * 1.4 + v * 2.2 + turb * 0.75) * std::f32::consts::PI).sin();
            let broad = (1.0 - s.abs()).powf(3.0) * 0.35;
            let fine = (1.0 - s.abs()).powf(24.0);
            let cloud = fbm(u * 6.0, v * 6.0, 4, 0, seed + 5);
            let c = mix(base, vein, (broad + fine * 0.8).min(1.0));
            p.set(
                x,
                y,
                mix(c, [c[0] * 0.88, c[1] * 0.88, c[2] * 0.9], cloud * 0.8),
            );
        }
    }
    p
}

/// A printed board's vinyl: a flat colour with a faint mottle.
pub fn vinyl(size: usize, color: [f32; 3], seed: u64) -> Picture {
    let mut p = Picture::new(size, size);
    for y in 0..size {
        for x in 0..size {
            let n = fbm(
                x as f32 / 16.0,
                y as f32 / 16.0,
                3,
                (size / 16) as i64,
                seed,
            );
            let k = 0.94 + 0.12 * n;
            p.set(x, y, [color[0] * k, color[1] * k, color[2] * k]);
        }
    }
    p
}

/// A normal map from a height function on a tiling grid (`height(x, y)` for integer
/// pixels, wrapped), in OpenGL's convention (green up).
pub fn normals(size: usize, strength: f32, height: impl Fn(usize, usize) -> f32) -> Picture {
    let h: Vec<f32> = (0..size * size)
        .map(|i| height(i % size, i / size))
        .collect();
    let at = |x: isize, y: isize| {
        let (x, y) = (x.rem_euclid(size as isize), y.rem_euclid(size as isize));
        h[y as usize * size + x as usize]
    };
    let mut p = Picture::new(size, size);
    for y in 0..size as isize {
        for x in 0..size as isize {
            let dx = (at(x + 1, y) - at(x - 1, y)) * strength;
            let dy = (at(x, y + 1) - at(x, y - 1)) * strength;
            let n = [-dx, dy, 1.0];
            let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            p.set(
                x as usize,
                y as usize,
                [
                    n[0] / len * 0.5 + 0.5,
                    n[1] / len * 0.5 + 0.5,
                    n[2] / len * 0.5 + 0.5,
                ],
            );
        }
    }
    p
}

/// The table's felt: fine fibres in a tiling square, and its normal map.
pub fn felt(size: usize, color: [f32; 3], seed: u64) -> (Picture, Picture) {
    let period = (size / 4) as i64;
    let fibre = |x: usize, y: usize| {
        let (u, v) = (x as f32 / 4.0, y as f32 / 4.0);
        0.6 * fbm(u, v, 4, period, seed) + 0.4 * value(u * 3.0, v * 3.0, period * 3, seed + 9)
    };
    let mut albedo = Picture::new(size, size);
    for y in 0..size {
        for x in 0..size {
            let k = 0.85 + 0.3 * fibre(x, y);
            albedo.set(x, y, [color[0] * k, color[1] * k, color[2] * k]);
        }
    }
    (albedo, normals(size, 2.5, fibre))
}

/// Castle stone: ashlar blocks in courses, with recessed mortar, in a tiling square
/// (grey; the game tints it in each seat's colour). Returns albedo and normals.
pub fn stone(size: usize, seed: u64) -> (Picture, Picture) {
    let courses = 4.0;
    let height = |x: usize, y: usize| {
        let (u, v) = (
            x as f32 / size as f32 * courses,
            y as f32 / size as f32 * courses,
        );
        let row = v.floor();
        let shift = if row as i64 % 2 == 0 { 0.0 } else { 0.5 };
        let (bu, bv) = ((u * 0.5 + shift).fract(), v.fract());
        let edge = bu.min(1.0 - bu) * 2.0 * 0.9 / courses.min(4.0);
        let mortar = smoothstep(0.0, 0.04, edge.min(bv.min(1.0 - bv)));
        let chisel = fbm(u * 4.0, v * 4.0, 4, (courses * 4.0) as i64, seed);
        mortar * (0.7 + 0.3 * chisel)
    };
    let mut albedo = Picture::new(size, size);
    for y in 0..size {
        for x in 0..size {
            let h = height(x, y);
            let tone = 0.62 + 0.3 * h + 0.08 * hash((x / 5) as i64, (y / 5) as i64, seed);
            albedo.set(x, y, [tone, tone * 0.98, tone * 0.94]);
        }
    }
    (albedo, normals(size, 6.0, height))
}

/// Ripples on the river: a tiling height field of crossing waves.
pub fn water(size: usize, seed: u64) -> Picture {
    let tau = std::f32::consts::TAU;
    normals(size, 3.0, |x, y| {
        let (u, v) = (x as f32 / size as f32, y as f32 / size as f32);
        0.5 * (tau * (3.0 * u + 2.0 * v)).sin()
            + 0.35 * (tau * (-2.0 * u + 5.0 * v)).sin()
            + 0.6 * fbm(u * 8.0, v * 8.0, 3, 8, seed)
    })
}
