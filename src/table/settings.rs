//! The table's preferences: its look (the board's theme, the coordinates), its motion
//! (how fast moves are shown, the camera turning or orbiting, or none of it), and its
//! sound.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardTheme {
    #[default]
    Walnut,
    Marble,
    Tournament,
}

impl BoardTheme {
    pub const ALL: [BoardTheme; 3] = [
        BoardTheme::Walnut,
        BoardTheme::Marble,
        BoardTheme::Tournament,
    ];

    pub fn label(self) -> &'static str {
        match self {
            BoardTheme::Walnut => "Walnut and maple",
            BoardTheme::Marble => "Marble",
            BoardTheme::Tournament => "Tournament green",
        }
    }
}

/// The set of pieces on the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PieceSet {
    /// Turned pieces: men with a collar and a crown, knights with a carved horse's head.
    #[default]
    Turned,
    /// The 1930 Parker Brothers set's flat discs, the knights' with a horse's head on top.
    Parker,
}

impl PieceSet {
    pub const ALL: [PieceSet; 2] = [PieceSet::Turned, PieceSet::Parker];

    pub fn label(self) -> &'static str {
        match self {
            PieceSet::Turned => "Turned",
            PieceSet::Parker => "1930 discs",
        }
    }
}

#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TableSettings {
    /// 1 is normal; 0 shows moves at once.
    pub animation_speed: f32,
    pub theme: BoardTheme,
    pub piece_set: PieceSet,
    /// Turn the camera to the side of whoever is to move (human seats only).
    pub face_player: bool,
    /// Slowly orbit the board while only computers play.
    pub orbit_when_watching: bool,
    /// No animation: moves appear at once, the camera cuts instead of gliding and does
    /// not orbit (for players whom motion troubles).
    pub reduced_motion: bool,
    /// The files' letters and the ranks' numbers on the board's frame.
    pub coordinates: bool,
}

impl TableSettings {
    /// How fast moves may be shown (0: at once), as the settings window offers it.
    pub const ANIMATION_SPEEDS: std::ops::RangeInclusive<f32> = 0.0..=4.0;

    /// How fast moves are shown: 0 (at once) with reduced motion.
    pub fn move_speed(&self) -> f32 {
        if self.reduced_motion {
            0.0
        } else {
            self.animation_speed
        }
    }
}

impl Default for TableSettings {
    fn default() -> TableSettings {
        TableSettings {
            animation_speed: 1.0,
            theme: BoardTheme::Walnut,
            piece_set: PieceSet::Turned,
            face_player: false,
            orbit_when_watching: false,
            reduced_motion: false,
            coordinates: true,
        }
    }
}

#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SoundSettings {
    /// Sound volume, 0 to 1.
    pub volume: f32,
    pub muted: bool,
}

impl SoundSettings {
    pub const VOLUMES: std::ops::RangeInclusive<f32> = 0.0..=1.0;

    /// Whether the table makes no sound: muted, or the volume at nothing.
    pub fn silent(&self) -> bool {
        self.muted || self.volume <= 0.0
    }
}

impl Default for SoundSettings {
    fn default() -> SoundSettings {
        SoundSettings {
            volume: 0.7,
            muted: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduced_motion_stops_animation() {
        let mut s = TableSettings {
            animation_speed: 2.0,
            ..TableSettings::default()
        };
        assert_eq!(s.move_speed(), 2.0);
        s.reduced_motion = true;
        assert_eq!(s.move_speed(), 0.0);
        assert!(SoundSettings {
            volume: 0.0,
            muted: false
        }
        .silent());
    }
}
