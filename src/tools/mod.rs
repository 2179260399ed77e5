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

mod bench;
mod clock;
mod idle;
mod layout;
mod options;
mod screenshot;
mod scripts;

use bevy::prelude::*;

use crate::AppSystems;

pub use options::{Automation, NotOnOff, StartView, ToolOptions};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Automation>()
        .init_resource::<clock::Frames>()
        .add_systems(PreStartup, clock::set_the_clock)
        .add_systems(
            Last,
            (
                clock::report_first_board_frame,
                clock::track_readiness,
                layout::print_layout,
                screenshot::screenshot_and_exit,
                bench::bench,
                idle::idle_cpu,
            )
                .chain(),
        )
        .add_systems(
            Update,
            (scripts::scripted_clicks, scripts::scripted_browse).in_set(AppSystems::Input),
        )
        .add_systems(Update, (scripts::open_menu_screen, scripts::start_server))
        .add_systems(Update, scripts::start_view.in_set(AppSystems::Input))
        // After the table's own default is set (in Update).
        .add_systems(Last, scripts::force_analysis);
}
