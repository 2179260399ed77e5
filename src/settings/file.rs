//! The settings file: every feature's part, saved together as one flat JSON object (the
//! form older versions wrote, which loads into the parts field by field; what a file
//! lacks takes its default).

use serde::{Deserialize, Serialize};

use crate::game::settings::PlaySettings;
use crate::online::settings::OnlineSettings;
use crate::render::tier::RenderSettings;
use crate::table::settings::{SoundSettings, TableSettings};
use crate::widgets::settings::InterfaceSettings;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SettingsFile {
    #[serde(flatten)]
    pub play: PlaySettings,
    #[serde(flatten)]
    pub table: TableSettings,
    #[serde(flatten)]
    pub sound: SoundSettings,
    #[serde(flatten)]
    pub render: RenderSettings,
    #[serde(flatten)]
    pub interface: InterfaceSettings,
    #[serde(flatten)]
    pub online: OnlineSettings,
}

impl SettingsFile {
    /// The settings with every number in its range: a value outside it (or not a
    /// number) is replaced by the default, and each replacement is said.
    pub fn checked(mut self) -> (SettingsFile, Vec<String>) {
        let defaults = SettingsFile::default();
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
            &mut self.table.animation_speed,
            TableSettings::ANIMATION_SPEEDS,
            defaults.table.animation_speed,
        );
        check(
            "ai_delay",
            &mut self.play.ai_delay,
            PlaySettings::AI_DELAYS,
            defaults.play.ai_delay,
        );
        check(
            "watch_pace",
            &mut self.play.watch_pace,
            PlaySettings::AI_DELAYS,
            defaults.play.watch_pace,
        );
        check(
            "volume",
            &mut self.sound.volume,
            SoundSettings::VOLUMES,
            defaults.sound.volume,
        );
        check(
            "ui_scale",
            &mut self.interface.ui_scale,
            InterfaceSettings::UI_SCALES,
            defaults.interface.ui_scale,
        );
        (self, fixes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::settings::BoardTheme;
    use camelot_engine::Notation;

    #[test]
    fn older_settings_files_read_with_defaults_for_what_they_lack() {
        let old = r#"{"animation_speed": 2.0, "notation": "Classic", "theme": "Marble"}"#;
        let s: SettingsFile = serde_json::from_str(old).unwrap();
        assert_eq!(s.play.notation, Notation::Classic);
        assert_eq!(s.table.theme, BoardTheme::Marble);
        assert_eq!(s.table.animation_speed, 2.0);
        assert_eq!(s.render.quality, None);
        assert_eq!(s.sound.volume, SoundSettings::default().volume);
        assert_eq!(s.interface.ui_scale(), 1.0);
        assert!(!s.table.reduced_motion);
    }

    /// The file stays one flat object, every field under the name it always had.
    #[test]
    fn the_file_is_one_flat_object_that_reads_back() {
        let mut s = SettingsFile::default();
        s.sound.muted = true;
        s.online.server = "https://camelot.example".into();
        let text = serde_json::to_string(&s).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        for key in [
            "animation_speed",
            "ai_delay",
            "watch_pace",
            "notation",
            "theme",
            "piece_set",
            "face_player",
            "orbit_when_watching",
            "quality",
            "volume",
            "muted",
            "ui_scale",
            "reduced_motion",
            "server",
            "player_name",
            "coordinates",
        ] {
            assert!(v.get(key).is_some(), "{key} in {text}");
        }
        assert_eq!(serde_json::from_str::<SettingsFile>(&text).unwrap(), s);
    }

    #[test]
    fn numbers_out_of_range_take_their_defaults_and_are_said() {
        let mut s = SettingsFile::default();
        s.sound.volume = 7.0;
        s.table.animation_speed = f32::NAN;
        let (fixed, said) = s.checked();
        assert_eq!(fixed.sound.volume, SoundSettings::default().volume);
        assert_eq!(fixed.table.animation_speed, 1.0);
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(
            said[1].starts_with("volume 7 is not from 0 to 1"),
            "{said:?}"
        );
    }
}
