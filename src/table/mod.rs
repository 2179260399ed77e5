//! The table in 3D: the board built from the variant's geometry, the pieces mirrored from
//! the engine, their shapes and materials, moves animated, marks on the board, the camera
//! and lights, the embedded assets, and the table's sounds.

pub mod animation;
pub mod assets;
pub mod board;
pub mod camera;
pub mod castles;
pub mod coordinates;
pub mod layout;
pub mod markers;
pub mod pieces;
pub mod room;
pub mod shapes;
#[cfg(feature = "sound")]
pub mod sound;
#[cfg(feature = "sound")]
pub mod speaker;
pub mod theme;
