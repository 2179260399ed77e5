//! `--screenshot` and `--exit-after-frames`: a picture of frame N, then quitting.

use bevy::prelude::*;
use bevy::render::view::screenshot::{save_to_disk, Capturing, Screenshot};

use super::clock::Frames;
use super::options::Automation;

pub(super) fn screenshot_and_exit(
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
