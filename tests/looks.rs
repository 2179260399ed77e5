//! Readability, measured on the real colours and texture files: every side's pieces
//! keep at least 3:1 luminance contrast with both squares of every board theme, and
//! Grand Cam's four sides stay apart for a red-green colour-blind player (by colour, or
//! by the ring that marks the Blue and Yellow pieces).

use std::path::Path;

use bevy::prelude::*;
use camelot::storage::settings::BoardTheme;
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
