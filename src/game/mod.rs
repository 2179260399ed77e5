//! The game at the table: the session (the engine's `Game`, the single source of truth,
//! and who sits in each seat), every change to it announced as messages, the computer
//! players, browsing the history, Camette's solved table, the app's screens, who has
//! the input, and the game's own settings. Every other feature stands on this one.
//!
//! The session, the settings and Camette's table need no Bevy: the terminal game uses
//! them too.

pub mod camette_table;
pub mod session;
pub mod settings;

#[cfg(feature = "gui")]
pub mod actions;
#[cfg(feature = "gui")]
pub mod browse;
#[cfg(feature = "gui")]
pub mod computer;
#[cfg(feature = "gui")]
pub mod focus;
#[cfg(feature = "gui")]
pub mod motion;
#[cfg(feature = "gui")]
pub mod screens;
#[cfg(feature = "gui")]
pub mod signals;
