//! The table in 3D: the board built from the variant's geometry, the pieces mirrored from
//! the engine, their shapes and materials, moves animated, the camera and lights, the
//! embedded assets, and the table's settings (the sound's among them). The pieces' outlines
//! are data that needs no renderer (the asset generator draws the icon from them).

pub mod profiles;

#[cfg(feature = "gui")]
pub mod animation;
#[cfg(feature = "gui")]
pub mod assets;
#[cfg(feature = "gui")]
pub mod board;
#[cfg(feature = "gui")]
pub mod camera;
#[cfg(feature = "gui")]
pub mod castles;
#[cfg(feature = "gui")]
pub mod coordinates;
#[cfg(feature = "gui")]
pub mod layout;
#[cfg(feature = "gui")]
pub mod lettering;
#[cfg(feature = "gui")]
pub mod mipmaps;
#[cfg(feature = "gui")]
pub mod pieces;
#[cfg(feature = "gui")]
pub mod room;
#[cfg(feature = "gui")]
pub mod settings;
#[cfg(feature = "gui")]
pub mod shapes;
#[cfg(feature = "gui")]
pub mod theme;
