//! Readability, measured on the real colours and texture files: every side's pieces
//! keep at least 3:1 luminance contrast with both squares of every board theme, and
//! Grand Cam's four sides stay apart for a red-green colour-blind player (by colour, or
//! by the ring that marks the Blue and Yellow pieces).

use std::path::Path;

use bevy::prelude::*;
use camelot::table::settings::BoardTheme;
use camelot::table::theme::{seat_color, seat_mark, theme_squares};
use camelot_engine::SeatColour;

/// WCAG relative luminance of an sRGB colour.
fn luminance(c: [f32; 3]) -> f32 {
    let lin = |v: f32| {
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

fn contrast(a: f32, b: f32) -> f32 {
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

fn srgb(c: Color) -> [f32; 3] {
    let s = c.to_srgba();
    [s.red, s.green, s.blue]
}

/// The mean colour of an asset's picture, as it is drawn on the board.
fn mean_of(asset: &str) -> [f32; 3] {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join(asset);
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let ch = info.color_type.samples();
    let mut sum = [0f64; 3];
    let px = &buf[..info.buffer_size()];
    for p in px.chunks(ch) {
        for c in 0..3 {
            sum[c] += p[c] as f64 / 255.0;
        }
    }
    let n = (px.len() / ch) as f64;
    sum.map(|s| (s / n) as f32)
}

#[test]
fn every_side_keeps_three_to_one_contrast_with_both_squares() {
    for theme in BoardTheme::ALL {
        for (asset, fallback) in theme_squares(theme) {
            let drawn = mean_of(asset);
            let l_square = luminance(drawn);
            // The plain colour used if the texture cannot be loaded is the same.
            let l_fallback = luminance(srgb(fallback));
            assert!(
                (l_square - l_fallback).abs() < 0.01,
                "{asset}: {l_square} vs {l_fallback}"
            );
            for seat in SeatColour::ALL {
                let l_piece = luminance(srgb(seat_color(seat)));
                let c = contrast(l_piece, l_square);
                assert!(c >= 3.0, "{theme:?} {asset}: {seat:?} pieces {c:.2}:1");
            }
        }
    }
}

/// Deuteranopia (red-green), by Machado, Oliveira and Fernandes (2009), severity 1.
fn deuteranope(c: [f32; 3]) -> [f32; 3] {
    let lin = |v: f32| {
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let [r, g, b] = c.map(lin);
    [
        0.367322 * r + 0.860646 * g - 0.227968 * b,
        0.280085 * r + 0.672501 * g + 0.047413 * b,
        -0.011820 * r + 0.042940 * g + 0.968881 * b,
    ]
}

#[test]
fn grand_cam_sides_stay_apart_for_red_green_colour_blindness() {
    let seats = [
        SeatColour::Red,
        SeatColour::Green,
        SeatColour::Blue,
        SeatColour::Yellow,
    ];
    for (i, a) in seats.iter().enumerate() {
        for b in &seats[i + 1..] {
            let (ca, cb) = (
                deuteranope(srgb(seat_color(*a))),
                deuteranope(srgb(seat_color(*b))),
            );
            let apart =
                ((ca[0] - cb[0]).powi(2) + (ca[1] - cb[1]).powi(2) + (ca[2] - cb[2]).powi(2))
                    .sqrt();
            let lum = contrast(
                luminance(srgb(seat_color(*a))),
                luminance(srgb(seat_color(*b))),
            );
            let marked_apart = seat_mark(*a).is_some() != seat_mark(*b).is_some();
            assert!(
                apart > 0.15 || lum > 3.0 || marked_apart,
                "{a:?} and {b:?} look alike to a deuteranope ({apart:.3}, {lum:.2}:1) and share their marking"
            );
        }
    }
    // Partners differ by the ring; opponents by lightness.
    assert!(seat_mark(SeatColour::Blue).is_some() && seat_mark(SeatColour::Red).is_none());
    assert!(seat_mark(SeatColour::Yellow).is_some() && seat_mark(SeatColour::Green).is_none());
}

/// Protanopia (red-blind), by Machado, Oliveira and Fernandes (2009), severity 1.
fn protanope(c: [f32; 3]) -> [f32; 3] {
    let [r, g, b] = c.map(linear);
    [
        0.152286 * r + 1.052583 * g - 0.204868 * b,
        0.114503 * r + 0.786281 * g + 0.099216 * b,
        -0.003882 * r - 0.048116 * g + 1.051998 * b,
    ]
}

fn linear(v: f32) -> f32 {
    if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

/// CIE L*a*b* (D65) of a linear RGB colour.
fn lab(rgb: [f32; 3]) -> [f64; 3] {
    let [r, g, b] = rgb.map(|v| v.clamp(0.0, 1.0) as f64);
    let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
    let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The CIEDE2000 colour difference (Sharma, Wu and Dalal's formulation).
fn ciede2000(p: [f64; 3], q: [f64; 3]) -> f64 {
    let ([l1, a1, b1], [l2, a2, b2]) = (p, q);
    let c7 = |c: f64| c.powi(7) / (c.powi(7) + 25f64.powi(7));
    let cb = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let g = 0.5 * (1.0 - c7(cb).sqrt());
    let (a1p, a2p) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1p, c2p) = (a1p.hypot(b1), a2p.hypot(b2));
    let hue = |b: f64, a: f64| b.atan2(a).to_degrees().rem_euclid(360.0);
    let (h1p, h2p) = (hue(b1, a1p), hue(b2, a2p));
    let dlp = l2 - l1;
    let dcp = c2p - c1p;
    let dhp = if c1p * c2p == 0.0 {
        0.0
    } else if (h2p - h1p).abs() <= 180.0 {
        h2p - h1p
    } else if h2p - h1p > 180.0 {
        h2p - h1p - 360.0
    } else {
        h2p - h1p + 360.0
    };
    let dhp_big = 2.0 * (c1p * c2p).sqrt() * (dhp / 2.0).to_radians().sin();
    let lbp = (l1 + l2) / 2.0;
    let cbp = (c1p + c2p) / 2.0;
    let hbp = if c1p * c2p == 0.0 {
        h1p + h2p
    } else if (h1p - h2p).abs() <= 180.0 {
        (h1p + h2p) / 2.0
    } else if h1p + h2p < 360.0 {
        (h1p + h2p + 360.0) / 2.0
    } else {
        (h1p + h2p - 360.0) / 2.0
    };
    let cos = |d: f64| d.to_radians().cos();
    let t = 1.0 - 0.17 * cos(hbp - 30.0) + 0.24 * cos(2.0 * hbp) + 0.32 * cos(3.0 * hbp + 6.0)
        - 0.20 * cos(4.0 * hbp - 63.0);
    let dtheta = 30.0 * (-((hbp - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * c7(cbp).sqrt();
    let sl = 1.0 + 0.015 * (lbp - 50.0).powi(2) / (20.0 + (lbp - 50.0).powi(2)).sqrt();
    let sc = 1.0 + 0.045 * cbp;
    let sh = 1.0 + 0.015 * cbp * t;
    let rt = -(2.0 * dtheta).to_radians().sin() * rc;
    ((dlp / sl).powi(2)
        + (dcp / sc).powi(2)
        + (dhp_big / sh).powi(2)
        + rt * (dcp / sc) * (dhp_big / sh))
        .sqrt()
}

#[test]
fn ciede2000_agrees_with_its_published_test_data() {
    // Sharma, Wu and Dalal (2005), table 1, pairs 1, 7 and 17.
    let cases = [
        ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
        ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
        ([50.0, 2.5, 0.0], [56.0, -27.0, -3.0], 31.9030),
    ];
    for (p, q, expected) in cases {
        let d = ciede2000(p, q);
        assert!(
            (d - expected).abs() < 1e-3,
            "{p:?} {q:?}: {d} not {expected}"
        );
    }
}

/// Grand Cam's four sides at least 20 apart in CIEDE2000 as drawn, and as far apart
/// to deuteranope and protanope eyes: green and yellow no longer merge.
#[test]
fn grand_cams_four_sides_are_far_apart_for_every_eye() {
    let seats = [
        SeatColour::Red,
        SeatColour::Green,
        SeatColour::Blue,
        SeatColour::Yellow,
    ];
    for (i, &a) in seats.iter().enumerate() {
        for &b in &seats[i + 1..] {
            let (ca, cb) = (srgb(seat_color(a)), srgb(seat_color(b)));
            let seen = ciede2000(lab(ca.map(linear)), lab(cb.map(linear)));
            assert!(seen >= 20.0, "{a:?} and {b:?}: {seen:.1} apart");
            for (eye, sim) in [
                ("deuteranope", deuteranope as fn([f32; 3]) -> [f32; 3]),
                ("protanope", protanope),
            ] {
                let d = ciede2000(lab(sim(ca)), lab(sim(cb)));
                assert!(d >= 20.0, "{a:?} and {b:?} to a {eye}: {d:.1} apart");
            }
        }
    }
}

/// Every theme's light and dark squares read apart: at least 1.4:1 in luminance, on the
/// texture files as drawn.
#[test]
fn light_and_dark_squares_are_apart_in_every_theme() {
    for theme in BoardTheme::ALL {
        let [(light, _), (dark, _)] = theme_squares(theme);
        let (l, d) = (luminance(mean_of(light)), luminance(mean_of(dark)));
        let ratio = contrast(l, d);
        assert!(ratio >= 1.4, "{theme:?}: {ratio:.2}:1 ({l:.3} and {d:.3})");
    }
}
