//! Who a game belongs to, for the shares of the server's computer: the address that
//! created it (an IPv4 address, or an IPv6 address's /64), or the server's own TV. Its
//! stored form is a short code in `games.owner`; games stored before owners were kept
//! have none, and count as one owner between them.

use std::fmt;
use std::net::IpAddr;

use crate::common::limits::AddressKey;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Owner {
    /// A game created (or agreed as a rematch) from this address.
    Address(AddressKey),
    /// The server's computer match, played for watchers: served after people's games.
    Tv,
    /// A game stored before its owner was.
    Unknown,
}

/// The TV's stored code, which the computer's queries bind.
pub const TV: &str = "tv";

impl Owner {
    /// The code stored in `games.owner`.
    pub fn code(self) -> String {
        match self {
            Owner::Address(key) => format!("a:{key}"),
            Owner::Tv => TV.to_string(),
            Owner::Unknown => String::new(),
        }
    }

    /// The owner a stored code names; a code this build does not read is unknown.
    pub fn from_code(code: &str) -> Owner {
        if code == TV {
            return Owner::Tv;
        }
        code.strip_prefix("a:")
            .and_then(|a| a.split('/').next())
            .and_then(|a| a.parse::<IpAddr>().ok())
            .map_or(Owner::Unknown, |ip| Owner::Address(AddressKey::of(ip)))
    }
}

impl fmt::Display for AddressKey {
    /// An IPv4 address as it is written; an IPv6 address as its /64.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ip() {
            IpAddr::V4(v4) => write!(f, "{v4}"),
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_owner_reads_back_from_its_code() {
        for ip in ["203.0.113.5", "2001:db8:1:2:aaaa::1", "::ffff:10.0.0.1"] {
            let owner = Owner::Address(AddressKey::of(ip.parse().unwrap()));
            assert_eq!(Owner::from_code(&owner.code()), owner, "{ip}");
        }
        assert_eq!(
            Owner::Address(AddressKey::of("2001:db8:1:2:aaaa::1".parse().unwrap())).code(),
            "a:2001:db8:1:2::/64"
        );
        assert_eq!(Owner::from_code(&Owner::Tv.code()), Owner::Tv);
        assert_eq!(Owner::from_code(""), Owner::Unknown);
        assert_eq!(Owner::from_code("a:not an address"), Owner::Unknown);
    }
}
