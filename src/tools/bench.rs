//! `--bench-frames`: frame times while idle, then while the computer searches.

use std::time::Duration;

use bevy::prelude::*;

use super::clock::Frames;
use super::options::Automation;
use crate::game::computer::{start_bench_search, AiPlayer, Spectate};
use crate::game::session::Session;

/// The frame times measured so far.
#[derive(Default)]
pub(super) struct BenchState {
    idle: Vec<Duration>,
    searching: Vec<Duration>,
}

fn percentile(v: &mut [Duration], p: f64) -> f64 {
    v.sort();
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v.get(i).map(|d| d.as_secs_f64() * 1000.0).unwrap_or(0.0)
}

/// Frame times while idle, then while a search runs in the background.
pub(super) fn bench(
    auto: Res<Automation>,
    frames: Res<Frames>,
    time: Res<Time<Real>>,
    session: Res<Session>,
    mut ai: ResMut<AiPlayer>,
    mut spectate: ResMut<Spectate>,
    mut state: Local<BenchState>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(n) = auto.opts.bench_frames else {
        return;
    };
    let n = n as usize;
    spectate.paused = true;
    // Measured from a complete picture on, after the camera has come to rest.
    if frames.since_ready().is_none_or(|s| s < 30) {
        return;
    }
    let dt = time.delta();
    if state.idle.len() < n {
        if ai.is_thinking() {
            ai.cancel();
        }
        state.idle.push(dt);
        if state.idle.len() == n {
            start_bench_search(&mut ai, &session);
        }
        return;
    }
    if state.searching.len() < n {
        state.searching.push(dt);
        if !ai.is_thinking() {
            start_bench_search(&mut ai, &session);
        }
        return;
    }
    ai.cancel();
    let (mut idle, mut busy) = (state.idle.clone(), state.searching.clone());
    let (im, i99) = (percentile(&mut idle, 0.5), percentile(&mut idle, 0.99));
    let (bm, b99) = (percentile(&mut busy, 0.5), percentile(&mut busy, 0.99));
    println!("frames: {n} idle, {n} while the AI searches");
    println!("idle:      median {im:.2} ms, 99th percentile {i99:.2} ms");
    println!("searching: median {bm:.2} ms, 99th percentile {b99:.2} ms");
    println!(
        "99th percentile ratio (searching / idle): {:.2}",
        b99 / i99.max(1e-9)
    );
    exit.write(AppExit::Success);
}
