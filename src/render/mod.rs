//! Rendering: what the machine can draw with (checked before the window opens), the
//! quality tiers, where the 3D view is drawn (and `--offscreen`'s picture instead of a
//! window), and whether a frame's picture is complete.

pub mod adapter;
pub mod offscreen;
pub mod picture_ready;
pub mod quality;
pub mod viewport;
