//! How much the renderer does, as the settings and the command line name it. Needs no
//! renderer: the command line reads it before any window opens.

use camelot_engine::Excerpt;
use serde::{Deserialize, Serialize};

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

/// A quality that is none of low, medium and high.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("quality should be low, medium or high, not '{0}'")]
pub struct ParseQualityError(pub Excerpt);

impl std::str::FromStr for Quality {
    type Err = ParseQualityError;

    fn from_str(s: &str) -> Result<Quality, ParseQualityError> {
        Quality::ALL
            .into_iter()
            .find(|q| q.id().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseQualityError(Excerpt::new(s)))
    }
}

/// The renderer's preference: a tier, or `None` to pick it from the graphics adapter.
#[cfg_attr(feature = "gui", derive(bevy::prelude::Resource))]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RenderSettings {
    pub quality: Option<Quality>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qualities_read_in_any_case() {
        assert_eq!("HIGH".parse::<Quality>(), Ok(Quality::High));
        assert!("ultra".parse::<Quality>().is_err());
    }
}
