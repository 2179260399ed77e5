//! The sessions a client keeps, one per server: what `camelot-cli online login` and the
//! game's Online screen write to `accounts.json` in the data directory (0600), and read
//! back to act as the account. Only the format is here; the file is the caller's.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::protocol::accounts::{AccountName, AccountToken, DeviceToken};
use crate::ServerAddress;

/// The file's name in the data directory.
pub const FILE: &str = "accounts.json";

/// One server's session.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSession {
    pub name: AccountName,
    pub token: AccountToken,
}

/// Every server's session, by the server's address.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSessions {
    servers: BTreeMap<String, SavedSession>,
    /// This machine's device token on each server, kept across logouts: the server knows
    /// by it the accounts that logged in from here before.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    devices: BTreeMap<String, DeviceToken>,
}

impl SavedSessions {
    /// The file's text read back; a file that does not read is no sessions (it is
    /// written anew at the next login).
    pub fn from_json(text: &str) -> SavedSessions {
        serde_json::from_str(text).unwrap_or_default()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("sessions serialise")
    }

    pub fn get(&self, server: &ServerAddress) -> Option<&SavedSession> {
        self.servers.get(&server.http_url())
    }

    pub fn insert(&mut self, server: &ServerAddress, session: SavedSession) {
        self.servers.insert(server.http_url(), session);
    }

    pub fn remove(&mut self, server: &ServerAddress) -> Option<SavedSession> {
        self.servers.remove(&server.http_url())
    }

    /// This machine's device token on `server`, to show at a login.
    pub fn device(&self, server: &ServerAddress) -> Option<&DeviceToken> {
        self.devices.get(&server.http_url())
    }

    /// Keeps the device token a login or sign-up on `server` answered with.
    pub fn set_device(&mut self, server: &ServerAddress, device: DeviceToken) {
        self.devices.insert(server.http_url(), device);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sessions_are_kept_per_server_and_read_back() {
        let a = ServerAddress::parse("http://127.0.0.1:8080").unwrap();
        let b = ServerAddress::parse("https://camelot.example").unwrap();
        let mut s = SavedSessions::default();
        s.insert(
            &a,
            SavedSession {
                name: AccountName::parse("Arthur").unwrap(),
                token: AccountToken::new("t1"),
            },
        );
        let back = SavedSessions::from_json(&s.to_json());
        assert_eq!(back, s);
        assert_eq!(back.get(&a).unwrap().token.as_str(), "t1");
        assert_eq!(back.get(&b), None);
        assert_eq!(
            SavedSessions::from_json("not json"),
            SavedSessions::default()
        );
        assert!(s.remove(&a).is_some() && s.get(&a).is_none());
        // The device outlives the session, and older files without one still read.
        s.set_device(&a, DeviceToken::new("d1"));
        let back = SavedSessions::from_json(&s.to_json());
        assert_eq!(back.device(&a).map(DeviceToken::as_str), Some("d1"));
        assert_eq!(back.device(&b), None);
        let older = r#"{"servers":{"http://127.0.0.1:8080":{"name":"Arthur","token":"t1"}}}"#;
        assert_eq!(
            SavedSessions::from_json(older)
                .get(&a)
                .unwrap()
                .token
                .as_str(),
            "t1"
        );
    }
}
