//! The game's own preferences: the notation moves are written in, and the pause between
//! computer moves (so that people can follow a game between computers).

use camelot_engine::Notation;
use serde::{Deserialize, Serialize};

#[cfg_attr(feature = "gui", derive(bevy::prelude::Resource))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlaySettings {
    pub notation: Notation,
    /// Seconds between computer moves (lets people follow an AI-vs-AI game).
    pub ai_delay: f32,
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
        }
    }
}
