//! Seeded, periodic value noise: the same pictures on every machine, and textures that
//! tile without a seam where they must.

/// A hash of lattice coordinates and a seed to [0, 1).
pub fn hash(x: i64, y: i64, seed: u64) -> f32 {
    let mut h = (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ seed.wrapping_mul(0x1656_67B1_9E37_79F9);
    h ^= h >> 31;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^= h >> 29;
    (h >> 40) as f32 / (1u64 << 24) as f32
}

fn smooth(t: f32) -> f32 {
    t * t * t * (t * (t * 6.0 - 15.0) + 10.0)
}

/// Value noise at (x, y) with lattice cells of size 1, repeating every `period` cells in
/// both directions (0: never).
pub fn value(x: f32, y: f32, period: i64, seed: u64) -> f32 {
    let (xi, yi) = (x.floor() as i64, y.floor() as i64);
    let (fx, fy) = (smooth(x - xi as f32), smooth(y - yi as f32));
    let wrap = |v: i64| if period > 0 { v.rem_euclid(period) } else { v };
    let h = |dx: i64, dy: i64| hash(wrap(xi + dx), wrap(yi + dy), seed);
    let top = h(0, 0) + (h(1, 0) - h(0, 0)) * fx;
    let bottom = h(0, 1) + (h(1, 1) - h(0, 1)) * fx;
    top + (bottom - top) * fy
}

/// Fractal noise: `octaves` layers of value noise, each twice as fine and half as strong;
/// periodic if `period` is (it doubles with each octave). Result in about [0, 1].
pub fn fbm(x: f32, y: f32, octaves: u32, period: i64, seed: u64) -> f32 {
    let (mut sum, mut amp, mut norm, mut freq, mut per) = (0.0, 1.0, 0.0, 1.0, period);
    for o in 0..octaves {
        sum += amp * value(x * freq, y * freq, per, seed.wrapping_add(o as u64 * 131));
        norm += amp;
        amp *= 0.5;
        freq *= 2.0;
        per *= 2;
    }
    sum / norm
}
