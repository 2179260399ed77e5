//! Camelot, the 3D tabletop game: one Bevy plugin per feature. The rules and the AI
//! live in the `camelot-engine` crate; this crate shows them and takes input.
//!
//! One folder per feature, each with its state, systems and view together, and no two
//! folders using each other both ways (`tests/architecture.rs` checks it):
//!
//! - `game`: the session at the table (the engine's `Game`, the single source of
//!   truth), every change to it, the computer players, browsing, the app's screens;
//!   every other feature stands on it.
//! - `table`: the board, the pieces, their look and motion, the camera.
//! - `sound`: the table's sounds, and ALSA loaded at run time to play them.
//! - `input`: the pointer on the board, move entry, and its marks.
//! - `render`: the adapter check, the quality tiers, where the 3D view is drawn.
//! - `analysis`, `review`, `learning` (lessons and puzzles), `watching` (tournaments),
//!   `online`: the features around a game, each with its part of the panel.
//! - `storage`: the data directory, the autosave, saving and loading files.
//! - `settings`: the settings file made of every feature's part, and its window.
//! - `widgets`: egui's setup and what several views share.
//! - `menu` and `panel`: the screens that put the features before the player.
//! - `tools` (scripting and measuring), `terminal` (the game in a terminal), `cli`.
//!
//! The session, the data directory and the terminal game need no Bevy and build
//! without the `gui` feature (the fuzz target of the terminal game does so).

pub mod cli;
pub mod game;
pub mod render;
pub mod storage;
pub mod table;
pub mod terminal;

#[cfg(feature = "gui")]
pub mod analysis;
#[cfg(feature = "gui")]
pub mod input;
#[cfg(feature = "gui")]
pub mod learning;
#[cfg(feature = "gui")]
pub mod menu;
#[cfg(feature = "gui")]
pub mod online;
#[cfg(feature = "gui")]
pub mod panel;
#[cfg(feature = "gui")]
pub mod review;
#[cfg(feature = "gui")]
pub mod settings;
#[cfg(feature = "sound")]
pub mod sound;
#[cfg(feature = "tools")]
pub mod tools;
#[cfg(feature = "gui")]
pub mod watching;
#[cfg(feature = "gui")]
pub mod widgets;

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
    /// What was played here goes out (an online game's moves to its server): after every
    /// change of the frame, so that a move made this frame leaves this frame.
    Send,
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
        (Input, Act, Send, Build, Animate, Mirror, Present).chain(),
    )
    .configure_sets(Update, Mirror.run_if(table::animation::board_idle))
    .add_plugins((
        // The data directory first: the settings are read from it.
        storage::saving::plugin,
        settings::plugin,
        table::assets::plugin,
        game::screens::plugin,
        game::actions::plugin,
        table::theme::plugin,
        table::board::plugin,
        table::pieces::plugin,
        table::animation::plugin,
        input::move_entry::plugin,
        input::pointer::plugin,
        input::markers::plugin,
        game::computer::plugin,
        game::browse::plugin,
        analysis::plugin,
    ))
    .add_plugins((
        review::plugin,
        learning::plugin,
        watching::plugin,
        online::plugin,
        table::coordinates::plugin,
        table::lettering::plugin,
    ));
}

/// What a window adds: the camera and lights and the quality tier, egui with the menu,
/// the panel and the windows, sound with the `sound` feature, and scripting and
/// measuring with `tools`. The window rests (no frames drawn) while nothing moves and no
/// input comes.
#[cfg(feature = "gui")]
pub fn view_plugin(app: &mut App) {
    use bevy::winit::{UpdateMode, WinitSettings};
    use bevy_egui::EguiPrimaryContextPass;
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
        widgets::plugin,
        menu::plugin,
        panel::plugin,
        storage::view::plugin,
    ))
    // Every egui system of a frame, in the order they draw: the look, the 3D view, the
    // screen (the menu or the panel), the windows over it, the notices on top.
    .add_systems(
        EguiPrimaryContextPass,
        (
            widgets::theme::apply_theme,
            widgets::theme::apply_ui_scale,
            render::viewport::show_view,
            (
                menu::menu.run_if(in_state(game::screens::Screen::Menu)),
                panel::panel.run_if(in_state(game::screens::Screen::Playing)),
                panel::windows::panel_windows,
                settings::view::settings_window,
                storage::view::file_windows,
                widgets::notices::notices,
            )
                .chain()
                .run_if(widgets::dressed),
        )
            .chain(),
    );
    #[cfg(feature = "sound")]
    app.add_plugins(sound::plugin);
    #[cfg(feature = "tools")]
    app.add_plugins(tools::plugin);
}
