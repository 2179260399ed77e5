//! What is kept between sessions: the data directory (autosave, history, settings, files
//! moved aside), the settings themselves, and the saving that keeps the directory in step
//! with the game.

pub mod data_dir;
#[cfg(feature = "gui")]
pub mod saving;
pub mod settings;
