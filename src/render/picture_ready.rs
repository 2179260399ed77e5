//! Whether the picture is complete: Bevy compiles render pipelines in the background and
//! draws the first frames without what is not ready yet, and textures arrive a little
//! after the board. Until every pipeline is compiled and every texture has settled,
//! frames keep coming though nothing moves, so the window never rests on a half-drawn
//! table (after that it draws only when something happens).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::{Render, RenderApp};
use bevy::window::RequestRedraw;

use crate::table::theme::Palette;
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    let compiling = Compiling::default();
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render
            .insert_resource(compiling.clone())
            .add_systems(Render, count_compiling);
    }
    app.insert_resource(compiling)
        .init_resource::<Picture>()
        .add_systems(Update, check_picture.in_set(AppSystems::Present));
}

/// How many render pipelines are still compiling, as the render world last saw.
#[derive(Resource, Clone, Default)]
struct Compiling(Arc<AtomicUsize>);

fn count_compiling(cache: Res<PipelineCache>, compiling: Res<Compiling>) {
    compiling
        .0
        .store(cache.waiting_pipelines().count(), Ordering::Relaxed);
}

/// Frames in a row whose picture had every pipeline and texture it needs.
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct Picture {
    pub complete_frames: u32,
}

/// Complete frames drawn before the window may rest: the frame on which the last
/// pipeline arrives may itself have been drawn without it.
const SETTLE_FRAMES: u32 = 3;

impl Picture {
    /// Whether the picture on screen is complete and stays so.
    pub fn settled(&self) -> bool {
        self.complete_frames >= SETTLE_FRAMES
    }
}

fn check_picture(
    compiling: Res<Compiling>,
    palette: Option<Res<Palette>>,
    server: Option<Res<AssetServer>>,
    mut picture: ResMut<Picture>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let textures = match (&palette, &server) {
        (Some(p), Some(s)) => p.textures_settled(s),
        _ => true,
    };
    let complete = palette.is_some() && textures && compiling.0.load(Ordering::Relaxed) == 0;
    let frames = if complete {
        picture.complete_frames.saturating_add(1)
    } else {
        0
    };
    if picture.complete_frames != frames {
        picture.complete_frames = frames;
    }
    if !picture.settled() {
        redraw.write(RequestRedraw);
    }
}
