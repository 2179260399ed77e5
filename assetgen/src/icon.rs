//! The application's icon: an ivory knight's head on a rounded walnut square with a
//! castle's battlements below, 256 pixels for the window and at every size desktops ask for, drawn with 4x4 supersampling.

use std::path::Path;

use camelot::table::profiles::KNIGHT_HEAD as HEAD;

use crate::picture::write_png;

fn inside(poly: &[(f32, f32)], x: f32, y: f32) -> bool {
    let mut c = false;
    let mut j = poly.len() - 1;
    for i in 0..poly.len() {
        let (xi, yi) = poly[i];
        let (xj, yj) = poly[j];
        if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
            c = !c;
        }
        j = i;
    }
    c
}

/// What covers the point (u, v) in [0, 1] (v down): 0 nothing, 1 background, 2 figure.
fn layer(u: f32, v: f32) -> u8 {
    let r = 0.16;
    let (cx, cy) = (u.clamp(r, 1.0 - r), v.clamp(r, 1.0 - r));
    if (u - cx).powi(2) + (v - cy).powi(2) > r * r {
        return 0;
    }
    // The head, about two thirds of the icon's height, centred.
    let (hx, hy) = ((u - 0.5) / 1.15, (0.8 - v) / 1.15);
    let head = inside(&HEAD, hx, hy) && hy >= 0.02;
    // Battlements: a wall with three merlons along the bottom.
    let wall = v > 0.8 && v < 0.9 && u > 0.2 && u < 0.8;
    let merlon = v > 0.74 && v <= 0.8 && ((u - 0.2) / 0.12) as i32 % 2 == 0 && u > 0.2 && u < 0.8;
    if head || wall || merlon {
        2
    } else {
        1
    }
}

pub fn icon(path: &Path, size: usize) -> std::io::Result<()> {
    let bg = [92.0, 58.0, 36.0];
    let fg = [240.0, 232.0, 214.0];
    let mut bytes = Vec::with_capacity(size * size * 4);
    for y in 0..size {
        for x in 0..size {
            let mut acc = [0.0f32; 4];
            for sy in 0..4 {
                for sx in 0..4 {
                    let u = (x as f32 + (sx as f32 + 0.5) / 4.0) / size as f32;
                    let v = (y as f32 + (sy as f32 + 0.5) / 4.0) / size as f32;
                    let c = match layer(u, v) {
                        0 => continue,
                        1 => bg,
                        _ => fg,
                    };
                    for k in 0..3 {
                        acc[k] += c[k];
                    }
                    acc[3] += 255.0;
                }
            }
            let a = acc[3] / 16.0;
            let k = if acc[3] > 0.0 { 255.0 / acc[3] } else { 0.0 };
            bytes.extend_from_slice(&[
                (acc[0] * k) as u8,
                (acc[1] * k) as u8,
                (acc[2] * k) as u8,
                a as u8,
            ]);
        }
    }
    write_png(path, size, size, png::ColorType::Rgba, &bytes)
}
