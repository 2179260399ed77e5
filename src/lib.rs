//! Camelot, the 3D tabletop game: one Bevy plugin per feature. The rules and the AI
//! live in the `camelot-engine` crate; this crate shows them and takes input.

pub mod ai_player;
pub mod animation;
pub mod automation;
pub mod board;
pub mod camera;
pub mod cli;
pub mod input;
pub mod persist;
pub mod pieces;
pub mod screens;
pub mod session;
pub mod settings;
pub mod shapes;
pub mod terminal;
pub mod theme;
pub mod ui;

use bevy::prelude::*;

/// Systems that make the scene mirror the engine (board, trees, pieces). Animation runs
/// before them, input after.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MirrorSet;

/// Everything but the window: the game, the board and pieces as entities, input, animation
/// and the computer players. Headless tests run this on `MinimalPlugins`.
pub fn game_plugin(app: &mut App) {
    app.add_plugins((
        settings::plugin,
        screens::plugin,
        session::plugin,
        theme::plugin,
        board::plugin,
        pieces::plugin,
        animation::plugin,
        input::plugin,
        ai_player::plugin,
        persist::plugin,
    ));
}

/// What a window adds: the camera and lights, egui, picking on meshes, and scripting.
pub fn view_plugin(app: &mut App) {
    app.add_plugins((
        MeshPickingPlugin,
        camera::plugin,
        ui::plugin,
        automation::plugin,
    ));
}
