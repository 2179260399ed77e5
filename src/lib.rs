//! Camelot, the 3D tabletop game: one Bevy plugin per feature. The rules and the AI
//! live in the `camelot-engine` crate; this crate shows them and takes input.
//!
//! The table, the settings, the data directory and the terminal game need no Bevy and
//! build without the `gui` feature (the fuzz target of the terminal game does so).

pub mod cli;
pub mod session;
pub mod settings;
pub mod solved;
pub mod store;
pub mod terminal;

#[cfg(feature = "gui")]
pub mod actions;
#[cfg(feature = "gui")]
pub mod ai_player;
#[cfg(feature = "gui")]
pub mod analysis;
#[cfg(feature = "gui")]
pub mod animation;
#[cfg(feature = "gui")]
pub mod assets;
#[cfg(feature = "gui")]
pub mod board;
#[cfg(feature = "gui")]
pub mod browse;
#[cfg(feature = "gui")]
pub mod camera;
#[cfg(feature = "gui")]
pub mod focus;
#[cfg(feature = "gui")]
pub mod graphics;
#[cfg(feature = "gui")]
pub mod input;
#[cfg(feature = "gui")]
pub mod learn;
#[cfg(feature = "gui")]
pub mod markers;
#[cfg(feature = "gui")]
pub mod persist;
#[cfg(feature = "gui")]
pub mod picture;
#[cfg(feature = "gui")]
pub mod pieces;
#[cfg(feature = "gui")]
pub mod pointer;
#[cfg(feature = "gui")]
pub mod quality;
#[cfg(feature = "gui")]
pub mod render_scale;
#[cfg(feature = "gui")]
pub mod review;
#[cfg(feature = "gui")]
pub mod screens;
#[cfg(feature = "gui")]
pub mod shapes;
#[cfg(feature = "sound")]
pub mod sound;
#[cfg(feature = "gui")]
pub mod theme;
#[cfg(feature = "tools")]
pub mod tools;
#[cfg(feature = "gui")]
pub mod tournament;
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
    .configure_sets(Update, Mirror.run_if(animation::board_idle))
    .add_plugins((
        persist::plugin,
        assets::plugin,
        screens::plugin,
        actions::plugin,
        theme::plugin,
        board::plugin,
        pieces::plugin,
        animation::plugin,
        input::plugin,
        pointer::plugin,
        markers::plugin,
        ai_player::plugin,
        browse::plugin,
        analysis::plugin,
        review::plugin,
    ))
    .add_plugins((learn::plugin, tournament::plugin));
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
        camera::plugin,
        quality::plugin,
        render_scale::plugin,
        picture::plugin,
        ui::plugin,
    ));
    #[cfg(feature = "sound")]
    app.add_plugins(sound::plugin);
    #[cfg(feature = "tools")]
    app.add_plugins(tools::plugin);
}
