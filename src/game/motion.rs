//! Whether the board is still showing a move. The table knows (its animation and the
//! pieces it lifts); the computer players and the tournament wait for it without
//! knowing how the table shows a move.

use bevy::prelude::*;

/// The board is showing a move: written by the table every frame.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardMotion {
    pub moving: bool,
}

/// Run condition: nothing moves on the board.
pub fn board_idle(motion: Res<BoardMotion>) -> bool {
    !motion.moving
}
