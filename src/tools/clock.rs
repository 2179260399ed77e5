//! The frames the tools count: the first complete frame (board built, textures in,
//! no pipeline compiling), the launch-to-board time, and the clock the frames run on.

use std::time::Duration;

use bevy::prelude::*;

use super::options::Automation;
use crate::table::pieces::PieceView;

/// Tools that count frames get frames continuously; a fixed frame time steps the clock.
/// `--bare` leaves the interface out.
pub(super) fn set_the_clock(auto: Res<Automation>, mut commands: Commands) {
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

/// The frames counted, and the first whose picture was complete.
#[derive(Resource, Default)]
pub(super) struct Frames {
    count: u32,
    board_seen: bool,
    /// The frame the picture was first complete.
    ready_at: Option<u32>,
}

impl Frames {
    /// Frames since the picture was first complete (none before).
    pub(super) fn since_ready(&self) -> Option<u32> {
        self.ready_at.map(|r| self.count - r)
    }

    /// Whether the picture has been complete yet.
    pub(super) fn ready(&self) -> bool {
        self.ready_at.is_some()
    }
}

/// The frames run so far, for `--idle-cpu`'s thread, which sees no resources.
pub(super) static FRAMES_RUN: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// Frames to wait at most for a complete picture before going on anyway.
const READY_TIMEOUT: u32 = 3000;

/// Notes the first frame whose picture is complete (the board up and `Picture` settled:
/// the textures in, no pipeline compiling, three frames in a row) and prints its time
/// from launch.
pub(super) fn track_readiness(
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
pub(super) fn report_first_board_frame(
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
