//! Player preferences, kept between sessions in the data directory (see `store`).

use camelot_engine::Notation;
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

/// How much the renderer does: chosen from the graphics adapter, or by the player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Quality {
    /// No shadows or ambient occlusion, FXAA: for software renderers and small GPUs.
    Low,
    /// One soft shadow, SMAA, light from the environment map.
    #[default]
    Medium,
    /// Everything: sharper shadows, ambient occlusion, MSAA.
    High,
}

impl Quality {
    pub const ALL: [Quality; 3] = [Quality::Low, Quality::Medium, Quality::High];

    pub fn id(self) -> &'static str {
        match self {
            Quality::Low => "low",
            Quality::Medium => "medium",
            Quality::High => "high",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Quality::Low => "Low (fast; software renderers)",
            Quality::Medium => "Medium",
            Quality::High => "High",
        }
    }
}

impl std::str::FromStr for Quality {
    type Err = String;

    fn from_str(s: &str) -> Result<Quality, String> {
        Quality::ALL
            .into_iter()
            .find(|q| q.id().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("quality should be low, medium or high, not '{s}'"))
    }
}

#[cfg_attr(feature = "gui", derive(bevy::prelude::Resource))]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// 1 is normal; 0 shows moves at once.
    pub animation_speed: f32,
    /// Seconds between computer moves (lets people follow an AI-vs-AI game).
    pub ai_delay: f32,
    pub notation: Notation,
    pub theme: BoardTheme,
    /// Turn the camera to the side of whoever is to move (human seats only).
    pub face_player: bool,
    /// Slowly orbit the board while only computers play.
    pub orbit_when_watching: bool,
    /// The renderer's quality; `None` picks it from the graphics adapter.
    pub quality: Option<Quality>,
    /// Sound volume, 0 to 1.
    pub volume: f32,
    pub muted: bool,
    /// The size of the interface's text and controls, 1 is normal.
    pub ui_scale: f32,
    /// No animation: moves appear at once, the camera cuts instead of gliding and does
    /// not orbit (for players whom motion troubles).
    pub reduced_motion: bool,
    /// The game server online games are created on, listed from and watched at.
    pub server: String,
    /// The files' letters and the ranks' numbers on the board's frame.
    pub coordinates: bool,
}

impl Settings {
    /// Whether the table makes no sound: muted, or the volume at nothing.
    pub fn silent(&self) -> bool {
        self.muted || self.volume <= 0.0
    }

    /// The interface's scale, within what keeps the panel usable.
    pub const UI_SCALES: std::ops::RangeInclusive<f32> = 0.75..=2.0;

    /// How fast moves are shown: 0 (at once) with reduced motion.
    pub fn move_speed(&self) -> f32 {
        if self.reduced_motion {
            0.0
        } else {
            self.animation_speed
        }
    }

    /// How fast moves may be shown (0: at once), seconds between computer moves, the
    /// volume: what the settings window offers. A hand-edited file may hold anything.
    pub const ANIMATION_SPEEDS: std::ops::RangeInclusive<f32> = 0.0..=4.0;
    pub const AI_DELAYS: std::ops::RangeInclusive<f32> = 0.0..=10.0;
    pub const VOLUMES: std::ops::RangeInclusive<f32> = 0.0..=1.0;

    /// The settings with every number in its range: a value outside it (or not a
    /// number) is replaced by the default, and each replacement is said.
    pub fn checked(mut self) -> (Settings, Vec<String>) {
        let defaults = Settings::default();
        let mut fixes = Vec::new();
        let mut check =
            |name: &str, value: &mut f32, range: std::ops::RangeInclusive<f32>, default: f32| {
                if !range.contains(value) {
                    fixes.push(format!(
                        "{name} {value} is not from {} to {}, so {default} is used",
                        range.start(),
                        range.end()
                    ));
                    *value = default;
                }
            };
        check(
            "animation_speed",
            &mut self.animation_speed,
            Self::ANIMATION_SPEEDS,
            defaults.animation_speed,
        );
        check(
            "ai_delay",
            &mut self.ai_delay,
            Self::AI_DELAYS,
            defaults.ai_delay,
        );
        check("volume", &mut self.volume, Self::VOLUMES, defaults.volume);
        check(
            "ui_scale",
            &mut self.ui_scale,
            Self::UI_SCALES,
            defaults.ui_scale,
        );
        (self, fixes)
    }

    /// The interface's scale, clamped (a hand-edited file may hold anything).
    pub fn ui_scale(&self) -> f32 {
        if self.ui_scale.is_finite() {
            self.ui_scale
                .clamp(*Self::UI_SCALES.start(), *Self::UI_SCALES.end())
        } else {
            1.0
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            animation_speed: 1.0,
            ai_delay: 0.4,
            notation: Notation::Wcf,
            theme: BoardTheme::Walnut,
            face_player: false,
            orbit_when_watching: false,
            quality: None,
            volume: 0.7,
            muted: false,
            ui_scale: 1.0,
            reduced_motion: false,
            server: "http://127.0.0.1:8080".into(),
            coordinates: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn older_settings_files_read_with_defaults_for_what_they_lack() {
        let old = r#"{"animation_speed": 2.0, "notation": "Classic", "theme": "Marble"}"#;
        let s: Settings = serde_json::from_str(old).unwrap();
        assert_eq!(s.notation, Notation::Classic);
        assert_eq!(s.theme, BoardTheme::Marble);
        assert_eq!(s.quality, None);
        assert_eq!(s.volume, Settings::default().volume);
        assert_eq!("HIGH".parse::<Quality>(), Ok(Quality::High));
        assert!("ultra".parse::<Quality>().is_err());
        assert_eq!(s.ui_scale(), 1.0);
        assert!(!s.reduced_motion);
    }

    #[test]
    fn reduced_motion_stops_animation_and_the_scale_stays_in_range() {
        let mut s = Settings {
            animation_speed: 2.0,
            ..Settings::default()
        };
        assert_eq!(s.move_speed(), 2.0);
        s.reduced_motion = true;
        assert_eq!(s.move_speed(), 0.0);
        for (given, used) in [(9.0, 2.0), (0.1, 0.75), (f32::NAN, 1.0), (1.25, 1.25)] {
            s.ui_scale = given;
            assert_eq!(s.ui_scale(), used);
        }
    }
}
