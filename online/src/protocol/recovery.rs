//! Recovery codes: a way back into an account without e-mail, as services without it do.
//! Eight codes are shown once when the account is made (and made again, the old ones
//! void, from Settings); each sets a new password once. The server keeps only their
//! hashes.
//!
//! The requests are the accounts': `NewRecoveryCodes` (`POST /account/recovery-codes`)
//! and `Recover` (`POST /account/recover`).

use std::fmt;

use camelot_engine::Excerpt;
use serde::{Deserialize, Serialize};

/// One recovery code: twelve letters and digits in three groups, `k3x9-qz2a-7mfp`
/// (typed with or without the dashes, in either case).
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RecoveryCode(String);

/// Text that is not a recovery code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a recovery code is twelve letters and digits, as 'k3x9-qz2a-7mfp'; '{0}' is not one")]
pub struct BadRecoveryCode(Excerpt);

impl RecoveryCode {
    /// The characters a code is made of: no 0/o or 1/l to be mistaken for each other.
    pub const CHARS: &'static [u8] = b"23456789abcdefghijkmnpqrstuvwxyz";
    pub const LEN: usize = 12;

    pub fn parse(s: &str) -> Result<RecoveryCode, BadRecoveryCode> {
        let plain: String = s
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let ok = plain.len() == Self::LEN && plain.bytes().all(|b| Self::CHARS.contains(&b));
        if !ok {
            return Err(BadRecoveryCode(Excerpt::new(s)));
        }
        Ok(RecoveryCode(format!(
            "{}-{}-{}",
            &plain[0..4],
            &plain[4..8],
            &plain[8..12]
        )))
    }

    /// As shown and stored: `k3x9-qz2a-7mfp`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RecoveryCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Kept out of logs: a code is as good as a password.
impl fmt::Debug for RecoveryCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RecoveryCode(…)")
    }
}

impl TryFrom<String> for RecoveryCode {
    type Error = BadRecoveryCode;

    fn try_from(s: String) -> Result<RecoveryCode, BadRecoveryCode> {
        RecoveryCode::parse(&s)
    }
}

impl From<RecoveryCode> for String {
    fn from(c: RecoveryCode) -> String {
        c.0
    }
}

/// An account's recovery codes, shown once.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecoveryCodes {
    pub codes: Vec<RecoveryCode>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_read_as_typed_and_shown_in_groups() {
        let c = RecoveryCode::parse(" K3X9 qz2a-7MFP ").unwrap();
        assert_eq!(c.as_str(), "k3x9-qz2a-7mfp");
        assert_eq!(RecoveryCode::parse("k3x9qz2a7mfp").unwrap(), c);
        for bad in [
            "",
            "k3x9-qz2a",
            "k3x9-qz2a-7mf0",
            "k3x9-qz2a-7mfp-aaaa",
            "k3x9-qz2a-7mf!",
        ] {
            assert!(RecoveryCode::parse(bad).is_err(), "{bad}");
        }
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(json, "\"k3x9-qz2a-7mfp\"");
        assert_eq!(serde_json::from_str::<RecoveryCode>(&json).unwrap(), c);
        assert!(serde_json::from_str::<RecoveryCode>("\"nope\"").is_err());
        assert_eq!(format!("{c:?}"), "RecoveryCode(…)");
    }
}
