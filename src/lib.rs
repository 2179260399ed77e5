//! Camelot, the 3D tabletop game: one Bevy plugin per feature. The rules and the AI
//! live in the `camelot-engine` crate; this crate shows them and takes input.
//!
//! The crate's rooms: `table` (the board, pieces, their look and motion, the camera),
//! `input` (the pointer and move entry), `ui` (the egui panels, menu and dialogs),
//! `play` (the session, the computer players, analysis, review, lessons, tournaments,
//! the app's screens), `storage` (the data directory, settings, autosave), `render` (the
//! adapter check, quality tiers, the viewport), `tools` (scripting and measuring),
//! `terminal` (the game in a terminal) and `cli` (the command line).
//!
//! The session, the settings, the data directory and the terminal game need no Bevy and
//! build without the `gui` feature (the fuzz target of the terminal game does so).

pub mod cli;
pub mod play;
pub mod storage;
pub mod terminal;

#[cfg(feature = "gui")]
pub mod input;
#[cfg(feature = "gui")]
pub mod online;
#[cfg(feature = "gui")]
pub mod render;
#[cfg(feature = "gui")]
pub mod table;
#[cfg(feature = "tools")]
pub mod tools;
#[cfg(feature = "gui")]
pub mod ui;

#[cfg(feature = "gui")]
use bevy::prelude::*;

/// The stages of a frame in `Update`, in order. Every plugin puts its systems in one of
/// these sets; this is the one place that orders them.
#[cfg(feature = "gui")]
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Keys, clicks and pointer movement become messages and camera goals.
    Input,
    /// The game changes: moves entered, computer answers, undo and redo.
    Act,
    /// The board for a new variant is built.
    Build,
    /// Moves are shown as they are played.
    Animate,
    /// The scene is made to match the engine; only while no move is being shown.
    Mirror,
    /// What follows from the scene: markers, the camera, sound, saving, notices.
    Present,
}

/// Everything but the window: the game, the board and pieces as entities, input, animation
/// and the computer players. Headless tests run this on `MinimalPlugins`.
#[cfg(feature = "gui")]
pub fn game_plugin(app: &mut App) {
    use AppSystems::*;
    app.configure_sets(
        Update,
        (Input, Act, Build, Animate, Mirror, Present).chain(),
    )
    .configure_sets(Update, Mirror.run_if(table::animation::board_idle))
    .add_plugins((
        storage::saving::plugin,
        table::assets::plugin,
        play::screens::plugin,
        play::actions::plugin,
        table::theme::plugin,
        table::board::plugin,
        table::pieces::plugin,
        table::animation::plugin,
        input::move_entry::plugin,
        input::pointer::plugin,
        table::markers::plugin,
        play::computer::plugin,
        play::browse::plugin,
        play::analysis::plugin,
        play::review::plugin,
    ))
    .add_plugins((
        play::learn::plugin,
        play::tournament::plugin,
        online::plugin,
        table::coordinates::plugin,
    ));
}

/// What a window adds: the camera and lights and the quality tier, egui, sound with the
/// `sound` feature, and scripting and measuring with `tools`.
/// The window rests (no frames drawn) while nothing moves and no input comes.
#[cfg(feature = "gui")]
pub fn view_plugin(app: &mut App) {
    use bevy::winit::{UpdateMode, WinitSettings};
    // Woken by input and by systems that ask for frames (something moving, a search
    // running); otherwise a frame a minute.
    let rest = UpdateMode::reactive_low_power(std::time::Duration::from_secs(60));
    app.insert_resource(WinitSettings {
        focused_mode: rest,
        unfocused_mode: rest,
    })
    .add_plugins((
        table::camera::plugin,
        render::quality::plugin,
        render::viewport::plugin,
        render::picture_ready::plugin,
        ui::plugin,
    ));
    #[cfg(feature = "sound")]
    app.add_plugins(table::sound::plugin);
    #[cfg(feature = "tools")]
    app.add_plugins(tools::plugin);
}
