//! Input at the table: the pointer's ray onto the board, move entry by clicks and drags,
//! and the marks move entry puts on the board (the landings offered, the hint, the last
//! move).

pub mod markers;
pub mod move_entry;
pub mod pointer;
