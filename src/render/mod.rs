//! Rendering: what the machine can draw with (checked before the window opens), the
//! quality tiers and the renderer's setting, where the 3D view is drawn (and
//! `--offscreen`'s picture instead of a window), and whether a frame's picture is
//! complete. The tiers' names need no renderer: the command line reads them.

pub mod tier;

#[cfg(feature = "gui")]
pub mod adapter;
#[cfg(feature = "gui")]
pub mod offscreen;
#[cfg(feature = "gui")]
pub mod picture_ready;
#[cfg(feature = "gui")]
pub mod quality;
#[cfg(feature = "gui")]
pub mod viewport;
