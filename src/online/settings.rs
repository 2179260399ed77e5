//! Online play's preference: the game server games are created on, listed from and
//! watched at.

use serde::{Deserialize, Serialize};

#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct OnlineSettings {
    pub server: String,
}

impl Default for OnlineSettings {
    fn default() -> OnlineSettings {
        OnlineSettings {
            server: "http://127.0.0.1:8080".into(),
        }
    }
}
