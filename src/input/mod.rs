//! Input at the table: the pointer's ray onto the board, move entry by clicks and drags,
//! and whether egui or the board has the keyboard and pointer.

pub mod focus;
pub mod move_entry;
pub mod pointer;
