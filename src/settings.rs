//! Player preferences, kept between sessions in the data directory.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::persist;

pub(super) fn plugin(app: &mut App) {
    let settings = match persist::load_settings() {
        Ok(s) => s,
        Err(msg) => {
            warn!("{msg}");
            Settings::default()
        }
    };
    app.insert_resource(settings)
        .add_systems(Update, save_when_changed);
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum NotationChoice {
    #[default]
    Wcf,
    Classic,
}

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

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// 1 is normal; 0 shows moves at once.
    pub animation_speed: f32,
    /// Seconds between computer moves (lets people follow an AI-vs-AI game).
    pub ai_delay: f32,
    pub notation: NotationChoice,
    pub theme: BoardTheme,
    /// Turn the camera to the side of whoever is to move (human seats only).
    pub face_player: bool,
    /// Slowly orbit the board while only computers play.
    pub orbit_when_watching: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            animation_speed: 1.0,
            ai_delay: 0.4,
            notation: NotationChoice::Wcf,
            theme: BoardTheme::Walnut,
            face_player: false,
            orbit_when_watching: false,
        }
    }
}

impl Settings {
    /// The notation the move list, saves and autosaves are written in.
    pub fn notation_style(&self) -> camelot_engine::Notation {
        match self.notation {
            NotationChoice::Wcf => camelot_engine::Notation::Wcf,
            NotationChoice::Classic => camelot_engine::Notation::Classic,
        }
    }
}

fn save_when_changed(settings: Res<Settings>) {
    if settings.is_changed() && !settings.is_added() {
        if let Err(msg) = persist::save_settings(&settings) {
            warn!("{msg}");
        }
    }
}
