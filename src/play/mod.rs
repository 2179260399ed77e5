//! Play: the session at the table (the engine's game and its seats), every change to it,
//! the computer players, and what is played or watched around it: analysis, review,
//! browsing, lessons and puzzles, tournaments, Camette's solved table, and the app's
//! screens.

pub mod camette_table;
pub mod session;

#[cfg(feature = "gui")]
pub mod actions;
#[cfg(feature = "gui")]
pub mod analysis;
#[cfg(feature = "gui")]
pub mod browse;
#[cfg(feature = "gui")]
pub mod computer;
#[cfg(feature = "gui")]
pub mod learn;
#[cfg(feature = "gui")]
pub mod review;
#[cfg(feature = "gui")]
pub mod screens;
#[cfg(feature = "gui")]
pub mod tournament;
