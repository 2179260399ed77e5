//! The game's textures, environment map and sounds (made by `camelot-assetgen`:
//! `cargo run -p camelot-assetgen --release` writes them to `assets/`) and the variant
//! cards' pictures (taken by `scripts/variant-cards`), compiled into
//! the binary, and loaded through Bevy's asset server from its `embedded://` source, so
//! an installed `camelot` needs no files beside it. A file that fails to load is
//! reported once and drawn with a plain colour instead (see `theme`).

use std::path::{Path, PathBuf};

use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::prelude::*;

/// Registers each file under `embedded://camelot/NAME`.
macro_rules! embed {
    ($registry:expr, $($name:literal),* $(,)?) => {
        $(
            $registry.insert_asset(
                PathBuf::new(),
                Path::new(concat!("camelot/", $name)),
                include_bytes!(concat!("../../assets/", $name)).as_slice(),
            );
        )*
    };
}

pub(crate) fn plugin(app: &mut App) {
    let Some(registry) = app.world().get_resource::<EmbeddedAssetRegistry>() else {
        // No asset server (a headless test without one): nothing to register.
        return;
    };
    embed!(
        registry,
        "textures/wood_light.png",
        "textures/wood_light_rough.png",
        "textures/wood_dark.png",
        "textures/wood_dark_rough.png",
        "textures/marble_light.png",
        "textures/marble_dark.png",
        "textures/vinyl_light.png",
        "textures/vinyl_dark.png",
        "textures/felt.png",
        "textures/felt_normal.png",
        "textures/stone.png",
        "textures/stone_normal.png",
        "textures/water_normal.png",
        "textures/environment.png",
        "sounds/move.wav",
        "sounds/capture.wav",
        "sounds/castle.wav",
        "sounds/refused.wav",
        "sounds/end.wav",
        // The variant cards' pictures, taken by `scripts/variant-cards`.
        "cards/camelot.png",
        "cards/classic.png",
        "cards/river.png",
        "cards/anti.png",
        "cards/camette.png",
        "cards/grandcam.png",
    );
}

/// The asset path of a file made by the generator: `textures/felt.png` →
/// `embedded://camelot/textures/felt.png`.
pub fn path(name: &str) -> String {
    format!("embedded://camelot/{name}")
}
