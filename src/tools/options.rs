//! What the command line asks of the tools: `ToolOptions` as clap reads it, kept for
//! the systems as [`Automation`].

use std::path::PathBuf;
use std::time::Instant;

use bevy::prelude::*;
use camelot_engine::Level;

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
    /// Once the window is up, start a server on this machine, as the Online screen's
    /// "Start a server here" does.
    #[arg(long)]
    pub start_server: bool,
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
    pub(super) fn wants_frames(&self) -> bool {
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
    pub(super) fn screenshot(&self) -> Option<(&PathBuf, u32)> {
        let at = self.opts.after_frames.unwrap_or(10);
        self.opts.screenshot.as_ref().map(|p| (p, at))
    }
}

/// The views `--view` starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StartView {
    Seated,
    Above,
}

fn parse_on_off(s: &str) -> Result<bool, NotOnOff> {
    match s {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(NotOnOff(camelot_engine::Excerpt::new(s))),
    }
}

/// A switch that is neither `on` nor `off`.
#[derive(Clone, Debug, thiserror::Error)]
#[error("expected on or off, not '{0}'")]
pub struct NotOnOff(camelot_engine::Excerpt);
