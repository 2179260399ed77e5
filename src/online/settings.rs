//! Online play's preferences: the game server games are created on, listed from and
//! watched at, and the name the other players see.

use camelot_online::protocol::{BadName, PlayerName};
use serde::{Deserialize, Serialize};

#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct OnlineSettings {
    pub server: String,
    /// As typed; sent only when it is a name (see [`PlayerName`]).
    pub player_name: String,
}

impl Default for OnlineSettings {
    fn default() -> OnlineSettings {
        OnlineSettings {
            server: "http://127.0.0.1:8080".into(),
            player_name: String::new(),
        }
    }
}

impl OnlineSettings {
    /// The name to send: none while the field is empty, or why what is typed is no name.
    pub fn name(&self) -> Result<Option<PlayerName>, BadName> {
        if self.player_name.trim().is_empty() {
            return Ok(None);
        }
        PlayerName::parse(&self.player_name).map(Some)
    }
}
