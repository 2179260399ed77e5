//! Tools for scripts and measurements, built with the `tools` feature (on by default;
//! `--no-default-features --features gui` leaves them out): `--screenshot PATH
//! --after-frames N`, `--exit-after-frames N`, `--bench-frames N`, `--click`, and the
//! launch-to-board time.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{save_to_disk, Capturing, Screenshot};

use crate::actions::Notices;
use crate::ai_player::{start_bench_search, AiPlayer, Spectate};
use crate::input::SquareClicked;
use crate::pieces::PieceView;
use crate::session::Session;
use crate::AppSystems;

/// The command line's tools.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ToolOptions {
    /// Save a screenshot of frame N (see --after-frames) to PATH (PNG).
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    /// The frame --screenshot takes (default 60).
    #[arg(long, value_name = "N")]
    pub after_frames: Option<u32>,
    /// Quit after N frames (after the screenshot is written).
    #[arg(long, value_name = "N")]
    pub exit_after_frames: Option<u32>,
    /// Measure N frames idle and N while the computer thinks; print the frame-time
    /// median and 99th percentile, and quit.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub bench_frames: Option<u32>,
    /// Click these squares once the board is up (scripted screenshots of move entry).
    #[arg(long, value_name = "SQ,SQ", value_delimiter = ',')]
    pub click: Vec<String>,
}

/// What the command line asked the tools to do.
#[derive(Resource, Clone, Debug, Default)]
pub struct Automation {
    pub launched: Option<Instant>,
    pub opts: ToolOptions,
}

impl Automation {
    fn screenshot(&self) -> Option<(&PathBuf, u32)> {
        let at = self.opts.after_frames.unwrap_or(60);
        self.opts.screenshot.as_ref().map(|p| (p, at))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Automation>()
        .init_resource::<Frames>()
        .add_systems(Last, (report_first_board_frame, screenshot_and_exit, bench))
        .add_systems(Update, scripted_clicks.in_set(AppSystems::Input));
}

#[derive(Resource, Default)]
struct Frames {
    count: u32,
    board_seen: bool,
}

/// Prints the time from launch to the first frame that shows the board and its pieces.
fn report_first_board_frame(
    auto: Res<Automation>,
    mut frames: ResMut<Frames>,
    pieces: Query<(), With<PieceView>>,
) {
    frames.count += 1;
    if frames.board_seen || pieces.is_empty() {
        return;
    }
    frames.board_seen = true;
    if let Some(t) = auto.launched {
        println!(
            "first frame with the board: {:.0} ms after launch (frame {})",
            t.elapsed().as_secs_f64() * 1000.0,
            frames.count
        );
    }
}

fn screenshot_and_exit(
    mut commands: Commands,
    auto: Res<Automation>,
    frames: Res<Frames>,
    capturing: Query<(), With<Capturing>>,
    mut taken: Local<bool>,
    mut exit: MessageWriter<AppExit>,
) {
    if let Some((path, at)) = auto.screenshot() {
        if !*taken && frames.count >= at {
            *taken = true;
            if let Some(t) = auto.launched {
                println!(
                    "screenshot of frame {} at {:.0} ms after launch",
                    frames.count,
                    t.elapsed().as_secs_f64() * 1000.0
                );
            }
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path.clone()));
        }
    }
    if let Some(n) = auto.opts.exit_after_frames {
        // Wait for a requested screenshot to be written before leaving.
        let pending = auto.opts.screenshot.is_some() && (!*taken || !capturing.is_empty());
        if frames.count >= n && !pending {
            exit.write(AppExit::Success);
        }
    }
}

/// Clicks the `--click` squares, one a frame, once the pieces stand.
fn scripted_clicks(
    auto: Res<Automation>,
    frames: Res<Frames>,
    session: Res<Session>,
    mut next: Local<usize>,
    mut clicked: MessageWriter<SquareClicked>,
    mut notices: ResMut<Notices>,
) {
    if !frames.board_seen || *next >= auto.opts.click.len() || frames.count < 5 {
        return;
    }
    let name = &auto.opts.click[*next];
    *next += 1;
    match session.position().geometry().parse_square(name) {
        Some(square) => {
            clicked.write(SquareClicked {
                square,
                dropped: false,
            });
        }
        None => notices.say(format!("--click: no square {name} on this board")),
    }
}

#[derive(Default)]
struct BenchState {
    idle: Vec<Duration>,
    searching: Vec<Duration>,
    warmup: u32,
    settled_at: Option<std::time::Instant>,
}

fn percentile(v: &mut [Duration], p: f64) -> f64 {
    v.sort();
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v.get(i).map(|d| d.as_secs_f64() * 1000.0).unwrap_or(0.0)
}

/// Frame times while idle, then while a search runs in the background.
fn bench(
    auto: Res<Automation>,
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
    // Let the window, the pipelines and the board settle first: 30 frames and 3 s.
    state.warmup += 1;
    let settled = *state.settled_at.get_or_insert_with(std::time::Instant::now);
    if state.warmup < 30 || settled.elapsed() < Duration::from_secs(3) {
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
