//! The table's sounds, synthesised: a wooden click for a move, a heavier knock for a
//! capture, a bell for a castle entry, a soft low thud for a refused click, and a short
//! rising chord for the end of a game. 16-bit mono WAV at 44.1 kHz.

use std::f32::consts::TAU;
use std::path::Path;

use crate::noise::hash;

const RATE: u32 = 44_100;

fn samples(seconds: f32, f: impl Fn(f32, usize) -> f32) -> Vec<f32> {
    (0..(seconds * RATE as f32) as usize)
        .map(|i| f(i as f32 / RATE as f32, i))
        .collect()
}

/// A knock on wood: a short noise burst through two resonances that die away fast.
fn knock(t: f32, i: usize, pitch: f32, decay: f32, seed: u64) -> f32 {
    let noise = hash(i as i64, 0, seed) * 2.0 - 1.0;
    let burst = noise * (-t * 900.0).exp();
    let body = (TAU * pitch * t).sin() * 0.6 + (TAU * pitch * 2.76 * t).sin() * 0.3;
    (burst * 0.5 + body * (-t * decay).exp()) * (1.0 - (-t * 4000.0).exp())
}

pub fn piece_move() -> Vec<f32> {
    samples(0.18, |t, i| knock(t, i, 720.0, 38.0, 1) * 0.8)
}

pub fn capture() -> Vec<f32> {
    samples(0.32, |t, i| {
        let first = knock(t, i, 520.0, 30.0, 2);
        let second = if t > 0.09 {
            knock(t - 0.09, i, 610.0, 34.0, 3) * 0.8
        } else {
            0.0
        };
        (first + second) * 0.7
    })
}

pub fn castle() -> Vec<f32> {
    // A small bell: inharmonic partials, a slow decay.
    samples(1.2, |t, _| {
        let partials = [(1.0, 1.0), (2.0, 0.5), (2.76, 0.35), (5.4, 0.2)];
        let tone: f32 = partials
            .iter()
            .map(|(m, a)| a * (TAU * 880.0 * m * t).sin() * (-t * (2.5 + m)).exp())
            .sum();
        tone * 0.35 * (1.0 - (-t * 800.0).exp())
    })
}

pub fn refused() -> Vec<f32> {
    samples(0.2, |t, i| {
        let noise = hash(i as i64, 1, 9) * 2.0 - 1.0;
        ((TAU * 140.0 * t).sin() * 0.7 + noise * 0.1) * (-t * 22.0).exp() * 0.6
    })
}

pub fn game_end() -> Vec<f32> {
    // C, E, G one after another, held together.
    samples(1.6, |t, _| {
        [(523.25, 0.0), (659.25, 0.12), (783.99, 0.24)]
            .iter()
            .filter(|(_, start)| t >= *start)
            .map(|(f, start)| {
                let u = t - start;
                let env = (1.0 - (-u * 60.0).exp()) * (-u * 1.8).exp();
                ((TAU * f * u).sin() + 0.3 * (TAU * 2.0 * f * u).sin()) * env
            })
            .sum::<f32>()
            * 0.25
    })
}

pub fn write_wav(path: &Path, samples: &[f32]) -> std::io::Result<()> {
    let data: Vec<u8> = samples
        .iter()
        .flat_map(|s| ((s.clamp(-1.0, 1.0) * 32767.0) as i16).to_le_bytes())
        .collect();
    let mut out = Vec::with_capacity(44 + data.len());
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data.len() as u32).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out.extend_from_slice(&data);
    std::fs::write(path, out)
}
