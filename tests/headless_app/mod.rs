//! The game's plugins on a headless app (`MinimalPlugins`: no window, no renderer), as
//! the test files that drive the game's real systems build it.

use bevy::prelude::*;

/// Adds the plugins the game's systems need without a window, and the game's own.
pub fn add_game_plugins(app: &mut App) -> &mut App {
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin::default(),
        bevy::state::app::StatesPlugin,
        bevy::input::InputPlugin,
    ))
    .init_asset::<Mesh>()
    .init_asset::<StandardMaterial>()
    .add_plugins(camelot::game_plugin)
}
