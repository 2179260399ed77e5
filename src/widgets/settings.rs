//! The interface's own preference: the size of its text and controls.

use serde::{Deserialize, Serialize};

#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct InterfaceSettings {
    /// The size of the interface's text and controls, 1 is normal.
    pub ui_scale: f32,
}

impl InterfaceSettings {
    /// The interface's scale, within what keeps the panel usable.
    pub const UI_SCALES: std::ops::RangeInclusive<f32> = 0.75..=2.0;

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

impl Default for InterfaceSettings {
    fn default() -> InterfaceSettings {
        InterfaceSettings { ui_scale: 1.0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_stays_in_range() {
        for (given, used) in [(9.0, 2.0), (0.1, 0.75), (f32::NAN, 1.0), (1.25, 1.25)] {
            let s = InterfaceSettings { ui_scale: given };
            assert_eq!(s.ui_scale(), used);
        }
    }
}
