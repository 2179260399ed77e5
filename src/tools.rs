//! Tools for scripts and measurements, built with the `tools` feature (on by default;
//! `--no-default-features --features gui` leaves them out): `--screenshot PATH
//! --after-frames N`, `--exit-after-frames N`, `--bench-frames N`, `--click`,
//! `--print-layout`, `--fixed-frame-time`, `--idle-cpu`, `--offscreen`, `--bare`,
//! `--menu`, `--view`, and the
//! launch-to-board time.
//! While a tool runs, frames are drawn continuously (the window does not rest).
//!
//! Frame numbers count from the first complete frame: the board built, every texture
//! arrived and no render pipeline still compiling (a software renderer compiles them
//! for seconds). So a screenshot of frame N shows the same picture on any machine.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{save_to_disk, Capturing, Screenshot};
use camelot_engine::{Level, Variant};

use crate::analysis::Analysis;
use crate::game::actions::Notices;
use crate::game::browse::BrowseCommand;
use crate::game::computer::{start_bench_search, AiPlayer, Spectate};
use crate::game::session::Session;
use crate::input::move_entry::SquareClicked;
use crate::learning::{ExerciseRef, Exercises, StartExercise};
use crate::review::StartReview;
use crate::table::pieces::PieceView;
use crate::watching::{SetupError, StartTournament, TournamentSetup};
use crate::AppSystems;

/// The command line's tools.
#[derive(clap::Args, Debug, Clone, Default)]
#[command(group(
    clap::ArgGroup::new("frame_tools")
        .multiple(true)
        .args(["screenshot", "bench_frames", "exit_after_frames"])
))]
pub struct ToolOptions {
    /// Draw into a picture instead of a window, with no display (no X server): for
    /// --screenshot, --bench-frames and --exit-after-frames.
    #[arg(long, requires = "frame_tools")]
    pub offscreen: bool,
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
    /// Once the board is up, show the position after this many moves (browsing).
    #[arg(long, value_name = "PLY")]
    pub browse: Option<usize>,
    /// Once the board is up, start a lesson (by its id, as `lesson:camelot-jump`) or a
    /// puzzle (by its number, as `puzzle:3`).
    #[arg(long, value_name = "lesson:ID|puzzle:N")]
    pub exercise: Option<String>,
    /// Once the board is up, start a tournament of these levels in the table's variant
    /// (as the menu's "Start the tournament" does), --tournament-games games a pair.
    #[arg(long, value_name = "LEVEL,LEVEL,...", value_delimiter = ',')]
    pub tournament: Vec<Level>,
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub tournament_games: u32,
    /// Once the board is up, review the game (as the panel's "Review the game" does).
    #[arg(long)]
    pub review: bool,
    /// Analysis on or off whoever sits at the table (reference pictures keep it off:
    /// a search's progress depends on the machine).
    #[arg(long, value_name = "on|off", value_parser = parse_on_off)]
    pub analysis: Option<bool>,
    /// Draw the table alone: no menu, panel, window or notice (the variant cards'
    /// pictures are taken so).
    #[arg(long)]
    pub bare: bool,
    /// Look at the table from this view at the start: seated (the default) or above
    /// (for the rules' pictures).
    #[arg(long, value_name = "VIEW")]
    pub view: Option<StartView>,
    /// Open the menu at this screen (for pictures of it): title, play, online, learn or
    /// watch.
    #[arg(long, value_name = "SCREEN")]
    pub menu: Option<crate::menu::Page>,
    /// At the last frame (--exit-after-frames), print where the viewport, the board, each
    /// castle and each coordinate label drawn ("labels") are on screen, as one JSON line
    /// of [left, top, right, bottom] pixels.
    #[arg(long)]
    pub print_layout: bool,
    /// Advance the game's clock by this many milliseconds every frame, however long the
    /// frame takes (screenshots of a moment of an animation come out the same).
    #[arg(long, value_name = "MS")]
    pub fixed_frame_time: Option<u32>,
    /// Let the window rest, then print the CPU time the process used over this many
    /// seconds with nothing happening (a share of one core), and quit.
    #[arg(long, value_name = "SECONDS")]
    pub idle_cpu: Option<u32>,
}

impl ToolOptions {
    /// Whether a tool that needs a steady stream of frames is at work.
    fn wants_frames(&self) -> bool {
        self.screenshot.is_some()
            || self.exit_after_frames.is_some()
            || self.bench_frames.is_some()
            || !self.click.is_empty()
    }
}

/// What the command line asked the tools to do.
#[derive(Resource, Clone, Debug, Default)]
pub struct Automation {
    pub launched: Option<Instant>,
    pub opts: ToolOptions,
}

impl Automation {
    fn screenshot(&self) -> Option<(&PathBuf, u32)> {
        let at = self.opts.after_frames.unwrap_or(10);
        self.opts.screenshot.as_ref().map(|p| (p, at))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Automation>()
        .init_resource::<Frames>()
        .add_systems(PreStartup, set_the_clock)
        .add_systems(
            Last,
            (
                report_first_board_frame,
                track_readiness,
                print_layout,
                screenshot_and_exit,
                bench,
                idle_cpu,
            )
                .chain(),
        )
        .add_systems(
            Update,
            (scripted_clicks, scripted_browse).in_set(AppSystems::Input),
        )
        .add_systems(Update, open_menu_screen)
        .add_systems(Update, start_view.in_set(AppSystems::Input))
        // After the table's own default is set (in Update).
        .add_systems(Last, force_analysis);
}

/// Tools that count frames get frames continuously; a fixed frame time steps the clock.
/// `--bare` leaves the interface out.
fn set_the_clock(auto: Res<Automation>, mut commands: Commands) {
    if auto.opts.bare {
        commands.insert_resource(crate::widgets::BareTable);
    }
    if auto.opts.wants_frames() {
        commands.insert_resource(bevy::winit::WinitSettings::continuous());
    }
    if let Some(ms) = auto.opts.fixed_frame_time {
        commands.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            Duration::from_millis(ms as u64),
        ));
    }
}

/// The views `--view` starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StartView {
    Seated,
    Above,
}

/// `--view above`: the camera goes above the board once the table is built.
fn start_view(
    auto: Res<Automation>,
    frames: Res<Frames>,
    mut camera: MessageWriter<crate::table::camera::CameraCommand>,
    mut done: Local<bool>,
) {
    if *done || frames.since_ready().is_none() {
        return;
    }
    *done = true;
    if auto.opts.view == Some(StartView::Above) {
        camera.write(crate::table::camera::CameraCommand::TopDown);
    }
}

/// `--menu SCREEN`: the menu opens at that screen, once.
fn open_menu_screen(
    auto: Res<Automation>,
    menu: Option<ResMut<crate::menu::MenuState>>,
    mut done: Local<bool>,
) {
    let (Some(page), Some(mut menu), false) = (auto.opts.menu, menu, *done) else {
        return;
    };
    menu.page = page;
    *done = true;
}

/// `[left, top, right, bottom]` of a set of points on screen.
fn rect_of(points: impl Iterator<Item = Vec2>) -> [f32; 4] {
    let (mut lo, mut hi) = (Vec2::MAX, Vec2::MIN);
    for p in points {
        lo = lo.min(p);
        hi = hi.max(p);
    }
    [lo.x, lo.y, hi.x, hi.y].map(|v| (v * 10.0).round() / 10.0)
}

/// `--print-layout`: the viewport, the board, each castle and each coordinate label drawn
/// (its ink) on screen, in window pixels, as the camera projects them, printed once at
/// the last frame.
fn print_layout(
    auto: Res<Automation>,
    frames: Res<Frames>,
    session: Res<Session>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform), With<crate::table::camera::MainCamera>>,
    view: Res<crate::render::viewport::ViewImage>,
    insets: Res<crate::table::camera::ViewInsets>,
    labels: Query<(
        &crate::table::coordinates::CoordinateLabel,
        &Visibility,
        &GlobalTransform,
    )>,
    mut done: Local<bool>,
) {
    let at = auto.opts.exit_after_frames.unwrap_or(10);
    if !auto.opts.print_layout || *done || frames.since_ready().is_none_or(|s| s < at) {
        return;
    }
    let (Ok(window), Ok((cam, gt))) = (windows.single(), cams.single()) else {
        return;
    };
    *done = true;
    let viewport = crate::table::camera::viewport_rect(window, *insets);
    // Window coordinates: Bevy adds the viewport's corner itself; at the low tier the
    // camera's picture is stretched over the viewport.
    let on_screen = |p: Vec3| {
        cam.world_to_viewport(gt, p)
            .ok()
            .map(|v| view.view_to_window(v))
    };
    let variant = session.variant();
    let board = rect_of(
        crate::table::board::board_corners(variant)
            .into_iter()
            .filter_map(on_screen),
    );
    let rules = variant.rules();
    let castles: Vec<String> = rules
        .players_in_order()
        .map(|p| {
            let corners = crate::table::castles::castle_points(rules, p).into_iter();
            format!("{:?}", rect_of(corners.filter_map(on_screen)))
        })
        .collect();
    // The ink of every label drawn.
    let labels: Vec<String> = labels
        .iter()
        .filter(|(_, v, _)| **v != Visibility::Hidden)
        .map(|(label, _, at)| {
            let corners = label.0.ink_local().into_iter();
            let corners = corners.map(|p| at.transform_point(p));
            format!("{:?}", rect_of(corners.filter_map(on_screen)))
        })
        .collect();
    println!(
        "{{\"window\":[{},{}],\"viewport\":{:?},\"board\":{:?},\"castles\":[{}],\"labels\":[{}]}}",
        window.width(),
        window.height(),
        [
            viewport.min.x,
            viewport.min.y,
            viewport.max.x,
            viewport.max.y
        ],
        board,
        castles.join(","),
        labels.join(",")
    );
}

/// The CPU time this process has used, user and system: `getrusage`, to the
/// microsecond, or, where that fails, the clock ticks of `/proc/self/stat` (a hundredth
/// of a second each, so that a resting process that woke once for a microsecond may be
/// charged a whole tick).
fn cpu_time() -> Option<Duration> {
    rusage_cpu_time().or_else(ticks_cpu_time)
}

fn rusage_cpu_time() -> Option<Duration> {
    use std::os::raw::{c_int, c_long};
    #[repr(C)]
    #[derive(Default)]
    struct Timeval {
        sec: c_long,
        usec: c_long,
    }
    #[repr(C)]
    #[derive(Default)]
    struct Rusage {
        user: Timeval,
        system: Timeval,
        rest: [c_long; 14],
    }
    extern "C" {
        fn getrusage(who: c_int, usage: *mut Rusage) -> c_int;
    }
    const RUSAGE_SELF: c_int = 0;
    let mut usage = Rusage::default();
    // SAFETY: `usage` is a `struct rusage` as the C library lays it out, written by the
    // call and read after it.
    if unsafe { getrusage(RUSAGE_SELF, &mut usage) } != 0 {
        return None;
    }
    let micros = |t: &Timeval| t.sec as u64 * 1_000_000 + t.usec as u64;
    Some(Duration::from_micros(
        micros(&usage.user) + micros(&usage.system),
    ))
}

fn ticks_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's name (which may hold spaces) start after ')'.
    let rest = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    // The kernel counts in clock ticks, 100 a second on Linux.
    Some(Duration::from_millis(ticks * 10))
}

/// `--idle-cpu N`: once the picture is complete, measure the process's CPU time over N
/// seconds on a thread of its own (the frames, if the window rests, do not run).
fn idle_cpu(auto: Res<Automation>, frames: Res<Frames>, mut started: Local<bool>) {
    let Some(seconds) = auto.opts.idle_cpu else {
        return;
    };
    if *started || frames.ready_at.is_none() {
        return;
    }
    *started = true;
    std::thread::spawn(move || {
        // Let the camera arrive and the last frames be drawn first, and what they set
        // going in the background end (a pipeline compiled late on a busy machine): a
        // second with under a millisecond of CPU, waited for up to half a minute. A
        // table that never rests is measured all the same, and fails.
        std::thread::sleep(Duration::from_secs(5));
        let mut settled_after = 0;
        while let Some(a) = cpu_time() {
            std::thread::sleep(Duration::from_secs(1));
            settled_after += 1;
            let quiet = cpu_time().is_some_and(|b| b - a < Duration::from_millis(1));
            if quiet || settled_after >= 25 {
                break;
            }
        }
        eprintln!("--idle-cpu: at rest after {settled_after} s");
        let frames_before = FRAMES_RUN.load(std::sync::atomic::Ordering::Relaxed);
        let (Some(a), t0) = (cpu_time(), std::time::Instant::now()) else {
            eprintln!("--idle-cpu: cannot read /proc/self/stat");
            std::process::exit(1);
        };
        std::thread::sleep(Duration::from_secs(seconds as u64));
        let b = cpu_time().unwrap_or(a);
        let wall = t0.elapsed().as_secs_f64();
        let used = (b - a).as_secs_f64();
        // What woke a resting window, if anything did, is the first question a high
        // figure asks.
        let frames = FRAMES_RUN.load(std::sync::atomic::Ordering::Relaxed) - frames_before;
        eprintln!("--idle-cpu: {frames} frames ran while measuring");
        println!(
            "idle: {:.3} s of CPU in {:.1} s: {:.1}% of one core",
            used,
            wall,
            100.0 * used / wall
        );
        std::process::exit(0);
    });
}

#[derive(Resource, Default)]
struct Frames {
    count: u32,
    board_seen: bool,
    /// The frame the picture was first complete.
    ready_at: Option<u32>,
}

impl Frames {
    /// Frames since the picture was first complete (none before).
    fn since_ready(&self) -> Option<u32> {
        self.ready_at.map(|r| self.count - r)
    }
}

/// The frames run so far, for `--idle-cpu`'s thread, which sees no resources.
static FRAMES_RUN: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// Frames to wait at most for a complete picture before going on anyway.
const READY_TIMEOUT: u32 = 3000;

/// Notes the first frame whose picture is complete (the board up and `Picture` settled:
/// the textures in, no pipeline compiling, three frames in a row) and prints its time
/// from launch.
fn track_readiness(
    auto: Res<Automation>,
    mut frames: ResMut<Frames>,
    picture: Res<crate::render::picture_ready::Picture>,
) {
    if frames.ready_at.is_some() {
        return;
    }
    if (frames.board_seen && picture.settled()) || frames.count >= READY_TIMEOUT {
        let at = frames.count;
        frames.ready_at = Some(at);
        if frames.count >= READY_TIMEOUT {
            warn!("the picture was still incomplete after {READY_TIMEOUT} frames; going on");
        }
        if let Some(t) = auto.launched {
            println!(
                "first complete frame: {:.0} ms after launch (frame {at})",
                t.elapsed().as_secs_f64() * 1000.0
            );
        }
    }
}

/// Prints the time from launch to the first frame that shows the board and its pieces.
fn report_first_board_frame(
    auto: Res<Automation>,
    mut frames: ResMut<Frames>,
    pieces: Query<(), With<PieceView>>,
) {
    frames.count += 1;
    FRAMES_RUN.store(frames.count, std::sync::atomic::Ordering::Relaxed);
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
    offscreen: Option<Res<crate::render::offscreen::Offscreen>>,
    frames: Res<Frames>,
    capturing: Query<(), With<Capturing>>,
    mut taken: Local<bool>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(since) = frames.since_ready() else {
        return;
    };
    if let Some((path, at)) = auto.screenshot() {
        if !*taken && since >= at {
            *taken = true;
            if let Some(t) = auto.launched {
                println!(
                    "screenshot of frame {since} (after the first complete one) at {:.0} ms after launch",
                    t.elapsed().as_secs_f64() * 1000.0
                );
            }
            let shot = match &offscreen {
                Some(o) => Screenshot::image(o.image.clone()),
                None => Screenshot::primary_window(),
            };
            commands.spawn(shot).observe(save_to_disk(path.clone()));
        }
    }
    if let Some(n) = auto.opts.exit_after_frames {
        // Wait for a requested screenshot to be written before leaving.
        let pending = auto.opts.screenshot.is_some() && (!*taken || !capturing.is_empty());
        if since >= n && !pending {
            exit.write(AppExit::Success);
        }
    }
}

fn parse_on_off(s: &str) -> Result<bool, NotOnOff> {
    match s {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(NotOnOff(camelot_engine::Excerpt::new(s))),
    }
}

/// A switch that is neither `on` nor `off`.
#[derive(Clone, Debug)]
pub struct NotOnOff(camelot_engine::Excerpt);

impl std::fmt::Display for NotOnOff {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "expected on or off, not '{}'", self.0)
    }
}

impl std::error::Error for NotOnOff {}

/// Holds analysis to `--analysis`.
fn force_analysis(auto: Res<Automation>, mut analysis: ResMut<Analysis>) {
    if let Some(on) = auto.opts.analysis {
        if analysis.on != on {
            analysis.on = on;
        }
    }
}

/// Shows the `--browse` position and starts the `--review` once the pieces stand.
fn scripted_browse(
    auto: Res<Automation>,
    frames: Res<Frames>,
    mut done: Local<bool>,
    mut browse: MessageWriter<BrowseCommand>,
    mut review: MessageWriter<StartReview>,
    exercises: Res<Exercises>,
    mut exercise: MessageWriter<StartExercise>,
    mut notices: ResMut<Notices>,
    session: Res<Session>,
    mut tournament: MessageWriter<StartTournament>,
) {
    if frames.ready_at.is_none() || *done {
        return;
    }
    *done = true;
    if let Some(name) = &auto.opts.exercise {
        match find_exercise(&exercises, name) {
            Some(which) => {
                exercise.write(StartExercise(which));
            }
            None => notices.say(format!(
                "--exercise {name}: no such lesson or puzzle (lesson:ID or puzzle:1 to {})",
                exercises.puzzles.len()
            )),
        }
    }
    if let Some(ply) = auto.opts.browse {
        browse.write(BrowseCommand::To(ply));
    }
    if auto.opts.review {
        review.write(StartReview);
    }
    if !auto.opts.tournament.is_empty() {
        match tournament_setup(&auto.opts, session.variant()) {
            Ok(setup) => {
                tournament.write(StartTournament(setup));
            }
            Err(e) => notices.say(format!("--tournament: {e}")),
        }
    }
}

/// The `--tournament` levels in `variant`; the setup's own check says what is wrong.
fn tournament_setup(opts: &ToolOptions, variant: Variant) -> Result<TournamentSetup, SetupError> {
    let setup = TournamentSetup {
        variant,
        entrants: opts.tournament.clone(),
        games_per_pairing: opts.tournament_games,
    };
    setup.check()?;
    Ok(setup)
}

/// `lesson:ID` or `puzzle:N` (counted from 1).
fn find_exercise(exercises: &Exercises, name: &str) -> Option<ExerciseRef> {
    let (kind, key) = name.split_once(':')?;
    match kind {
        "lesson" => exercises
            .lessons
            .iter()
            .position(|l| l.id == key)
            .map(ExerciseRef::Lesson),
        "puzzle" => {
            let n: usize = key.parse().ok()?;
            (1..=exercises.puzzles.len())
                .contains(&n)
                .then(|| ExerciseRef::Puzzle(n - 1))
        }
        _ => None,
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
    if frames.ready_at.is_none() || *next >= auto.opts.click.len() {
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
}

fn percentile(v: &mut [Duration], p: f64) -> f64 {
    v.sort();
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v.get(i).map(|d| d.as_secs_f64() * 1000.0).unwrap_or(0.0)
}

/// Frame times while idle, then while a search runs in the background.
fn bench(
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
