//! The game's own preferences: the notation moves are written in, the pause before a
//! computer's move, and the pace of a game between computers.

use camelot_engine::Notation;
use serde::{Deserialize, Serialize};

#[cfg_attr(feature = "gui", derive(bevy::prelude::Resource))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlaySettings {
    pub notation: Notation,
    /// Seconds a computer waits before it moves against a person (to let the person
    /// see the last move).
    pub ai_delay: f32,
    /// Seconds a move while only computers play (one a second, to follow the game).
    pub watch_pace: f32,
}

impl PlaySettings {
    /// Seconds between computer moves the settings window offers; a hand-edited file may
    /// hold anything.
    pub const AI_DELAYS: std::ops::RangeInclusive<f32> = 0.0..=10.0;
}

impl Default for PlaySettings {
    fn default() -> PlaySettings {
        PlaySettings {
            notation: Notation::Wcf,
            ai_delay: 0.4,
            watch_pace: 1.0,
        }
    }
}
