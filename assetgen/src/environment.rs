//! The light of the room the table stands in, as a cube map: a warm ceiling light
//! above, a bright window to one side, pale walls and a darker floor. The game filters
//! it into diffuse and specular light (and shows it in reflections).

use crate::noise::fbm;
use crate::picture::Picture;

/// The room's radiance in a direction (y up), in [0, 1].
fn radiance(d: [f32; 3]) -> [f32; 3] {
    let [x, y, z] = d;
    let len = (x * x + y * y + z * z).sqrt();
    let (x, y, z) = (x / len, y / len, z / len);
    let wall = [0.42, 0.37, 0.31];
    let floor = [0.13, 0.10, 0.08];
    let ceiling = [0.55, 0.52, 0.48];
    let mut c = if y > 0.0 {
        let t = y.powf(0.7);
        [
            wall[0] + (ceiling[0] - wall[0]) * t,
            wall[1] + (ceiling[1] - wall[1]) * t,
            wall[2] + (ceiling[2] - wall[2]) * t,
        ]
    } else {
        let t = (-y).powf(0.5);
        [
            wall[0] + (floor[0] - wall[0]) * t,
            wall[1] + (floor[1] - wall[1]) * t,
            wall[2] + (floor[2] - wall[2]) * t,
        ]
    };
    // A soft square lamp overhead.
    if y > 0.85 && x.abs() < 0.3 && z.abs() < 0.3 {
        c = [1.0, 0.97, 0.9];
    }
    // A tall window on the -x wall: cool daylight.
    if x < -0.75 && y > -0.1 && y < 0.55 && z.abs() < 0.45 {
        let mullion = (z * 8.0).fract().abs() < 0.06 || ((y + 0.1) * 6.0).fract() < 0.05;
        c = if mullion {
            [0.3, 0.27, 0.24]
        } else {
            [0.9, 0.95, 1.0]
        };
    }
    // A little variation on the walls, as in a real room.
    let n = fbm(x * 3.0 + 7.0, y * 3.0 + z * 2.0 + 7.0, 3, 0, 41);
    [
        c[0] * (0.92 + 0.16 * n),
        c[1] * (0.92 + 0.16 * n),
        c[2] * (0.92 + 0.16 * n),
    ]
}

/// The six faces (+X, -X, +Y, -Y, +Z, -Z) stacked vertically, as a cube texture loads.
pub fn room(size: usize) -> Picture {
    let faces = (0..6)
        .map(|face| {
            let mut p = Picture::new(size, size);
            for py in 0..size {
                for px in 0..size {
                    let u = 2.0 * (px as f32 + 0.5) / size as f32 - 1.0;
                    let v = 2.0 * (py as f32 + 0.5) / size as f32 - 1.0;
                    let d = match face {
                        0 => [1.0, -v, -u],
                        1 => [-1.0, -v, u],
                        2 => [u, 1.0, v],
                        3 => [u, -1.0, -v],
                        4 => [u, -v, 1.0],
                        _ => [-u, -v, -1.0],
                    };
                    p.set(px, py, radiance(d));
                }
            }
            p
        })
        .collect();
    Picture::stack(faces)
}
