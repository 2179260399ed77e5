//! What is kept between sessions: the data directory (autosave, history, settings file,
//! files moved aside), the saving that keeps the directory in step with the game, and
//! the windows that save a game to a file and load one.

pub mod data_dir;
pub mod keeper;
#[cfg(feature = "gui")]
pub mod saving;
#[cfg(feature = "gui")]
pub mod view;
