//! What one address may have of the server: connections open at once, and games created
//! and seats taken a minute. Nobody can fill the server: a flood from one address is
//! refused while everyone else is served.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Where a client comes from, as the limits count it: an IPv4 address, or an IPv6
/// address's /64 (one household's or one machine's whole range).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AddressKey(IpAddr);

impl AddressKey {
    /// The address as counted (an IPv6 address's /64 with the rest zero).
    pub fn ip(self) -> IpAddr {
        self.0
    }

    pub fn of(ip: IpAddr) -> AddressKey {
        match ip {
            IpAddr::V4(_) => AddressKey(ip),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => AddressKey(IpAddr::V4(v4)),
                None => {
                    let s = v6.segments();
                    AddressKey(IpAddr::V6(Ipv6Addr::new(
                        s[0], s[1], s[2], s[3], 0, 0, 0, 0,
                    )))
                }
            },
        }
    }
}

/// A limit of so many at once, or none (`0` on the command line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cap(pub Option<usize>);

impl Cap {
    fn allows(self, n: usize) -> bool {
        self.0.is_none_or(|cap| n < cap)
    }
}

/// The connections open now, in all and from each address.
pub struct Admission {
    total_cap: Cap,
    per_address_cap: Cap,
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    total: usize,
    by_address: HashMap<AddressKey, usize>,
    /// Connections turned away that are still being told so (and lingering).
    turned_away: usize,
    turned_away_by_address: HashMap<AddressKey, usize>,
}

/// Connections turned away that one address may have being told why at once, and all
/// addresses together: beyond, a connection over a limit is closed unanswered, so that
/// what a flood of them holds (a descriptor each, for up to the lingering close's two
/// seconds) is bounded.
pub const TURNED_AWAY_PER_ADDRESS: usize = 4;
pub const TURNED_AWAY_TOTAL: usize = 256;

/// A turned-away connection's place while it is told why, given back when dropped.
pub struct TurnedAway {
    admission: Arc<Admission>,
    key: AddressKey,
}

/// Why a connection was turned away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    Server,
    Address,
}

/// A connection's place, given back when it is dropped.
pub struct Admitted {
    admission: Arc<Admission>,
    key: AddressKey,
}

impl Admission {
    pub fn new(total_cap: Cap, per_address_cap: Cap) -> Arc<Admission> {
        Arc::new(Admission {
            total_cap,
            per_address_cap,
            open: Mutex::new(Open::default()),
        })
    }

    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Admitted, Full> {
        self.admit_under(ip, self.per_address_cap)
    }

    /// A connection from a trusted reverse proxy: it carries many clients' requests, so
    /// only the limit in all applies (the proxy limits each client's connections).
    pub fn admit_proxy(self: &Arc<Self>, ip: IpAddr) -> Result<Admitted, Full> {
        self.admit_under(ip, Cap(None))
    }

    fn admit_under(self: &Arc<Self>, ip: IpAddr, per_address_cap: Cap) -> Result<Admitted, Full> {
        let key = AddressKey::of(ip);
        let mut open = self.open.lock().expect("admission");
        if !self.total_cap.allows(open.total) {
            return Err(Full::Server);
        }
        let mine = open.by_address.get(&key).copied().unwrap_or(0);
        if !per_address_cap.allows(mine) {
            return Err(Full::Address);
        }
        open.total += 1;
        open.by_address.insert(key, mine + 1);
        Ok(Admitted {
            admission: self.clone(),
            key,
        })
    }

    /// A place for a connection over a limit to be told why and closed the lingering
    /// way; `None` where too many are being turned away already (from its address, or in
    /// all): it is then closed at once.
    pub fn turn_away(self: &Arc<Self>, ip: IpAddr) -> Option<TurnedAway> {
        let key = AddressKey::of(ip);
        let mut open = self.open.lock().expect("admission");
        let mine = open.turned_away_by_address.get(&key).copied().unwrap_or(0);
        if open.turned_away >= TURNED_AWAY_TOTAL || mine >= TURNED_AWAY_PER_ADDRESS {
            return None;
        }
        open.turned_away += 1;
        open.turned_away_by_address.insert(key, mine + 1);
        Some(TurnedAway {
            admission: self.clone(),
            key,
        })
    }

    /// Connections open now.
    #[cfg(test)]
    fn open(&self) -> usize {
        self.open.lock().expect("admission").total
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut open = self.admission.open.lock().expect("admission");
        let Open {
            total, by_address, ..
        } = &mut *open;
        give_back(total, by_address, self.key);
    }
}

/// One place of `key`'s given back, from the count in all and the address's own.
fn give_back(total: &mut usize, by_address: &mut HashMap<AddressKey, usize>, key: AddressKey) {
    *total -= 1;
    if let Some(n) = by_address.get_mut(&key) {
        *n -= 1;
        if *n == 0 {
            by_address.remove(&key);
        }
    }
}

impl Drop for TurnedAway {
    fn drop(&mut self) {
        let mut open = self.admission.open.lock().expect("admission");
        let Open {
            turned_away,
            turned_away_by_address,
            ..
        } = &mut *open;
        give_back(turned_away, turned_away_by_address, self.key);
    }
}

/// So many a minute for each key (an address, by default; an account's name), in
/// bursts of up to a minute's worth: a token bucket per key. `None` is no limit.
pub struct PerMinute<K = AddressKey> {
    per_minute: Option<u32>,
    buckets: Mutex<HashMap<K, Bucket>>,
}

#[derive(Clone, Copy)]
struct Bucket {
    tokens: f64,
    last: Instant,
}

/// Buckets kept before the full ones are forgotten.
const MAX_BUCKETS: usize = 100_000;

impl<K: std::hash::Hash + Eq> PerMinute<K> {
    pub fn new(per_minute: Option<u32>) -> PerMinute<K> {
        PerMinute {
            per_minute,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    pub fn limit(&self) -> Option<u32> {
        self.per_minute
    }

    /// Returns one taken by [`PerMinute::allow`] for something that did not happen.
    pub fn give_back(&self, key: K) {
        let Some(per_minute) = self.per_minute else {
            return;
        };
        let mut buckets = self.buckets.lock().expect("rate limits");
        if let Some(b) = buckets.get_mut(&key) {
            b.tokens = (b.tokens + 1.0).min(per_minute as f64);
        }
    }

    /// Takes one from the key's allowance; `false` when it has none left.
    pub fn allow(&self, key: K) -> bool {
        let Some(per_minute) = self.per_minute else {
            return true;
        };
        let rate = per_minute as f64 / 60.0;
        let full = per_minute as f64;
        let now = Instant::now();
        let mut buckets = self.buckets.lock().expect("rate limits");
        if buckets.len() >= MAX_BUCKETS {
            // A bucket refilled to the brim says nothing a fresh one would not.
            buckets
                .retain(|_, b| b.tokens + now.duration_since(b.last).as_secs_f64() * rate < full);
        }
        let b = buckets.entry(key).or_insert(Bucket {
            tokens: full,
            last: now,
        });
        b.tokens = (b.tokens + now.duration_since(b.last).as_secs_f64() * rate).min(full);
        b.last = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_has_its_share_and_gives_it_back() {
        let a = Admission::new(Cap(Some(3)), Cap(Some(2)));
        let one: IpAddr = "10.0.0.1".parse().unwrap();
        let two: IpAddr = "10.0.0.2".parse().unwrap();
        let first = a.admit(one).unwrap();
        let _second = a.admit(one).unwrap();
        assert_eq!(a.admit(one).err(), Some(Full::Address));
        let _third = a.admit(two).unwrap();
        assert_eq!(a.admit(two).err(), Some(Full::Server));
        drop(first);
        assert_eq!(a.open(), 2);
        assert!(a.admit(one).is_ok());
    }

    #[test]
    fn a_trusted_proxy_is_held_only_to_the_limit_in_all() {
        let a = Admission::new(Cap(Some(4)), Cap(Some(1)));
        let proxy: IpAddr = "127.0.0.1".parse().unwrap();
        let _first = a.admit_proxy(proxy).unwrap();
        let _second = a.admit_proxy(proxy).unwrap();
        assert_eq!(a.admit(proxy).err(), Some(Full::Address));
        let _third = a.admit_proxy(proxy).unwrap();
        let _fourth = a.admit_proxy(proxy).unwrap();
        assert_eq!(a.admit_proxy(proxy).err(), Some(Full::Server));
    }

    #[test]
    fn connections_turned_away_are_told_so_only_a_few_at_a_time() {
        let a = Admission::new(Cap(Some(1)), Cap(Some(1)));
        let one: IpAddr = "10.0.0.1".parse().unwrap();
        let told: Vec<TurnedAway> = (0..TURNED_AWAY_PER_ADDRESS)
            .map(|_| a.turn_away(one).expect("a place to be told"))
            .collect();
        assert!(a.turn_away(one).is_none(), "the address has its share");
        let two: IpAddr = "10.0.0.2".parse().unwrap();
        assert!(a.turn_away(two).is_some(), "another address has its own");
        drop(told);
        assert!(a.turn_away(one).is_some(), "places come back");
        let many: Vec<TurnedAway> = (0..TURNED_AWAY_TOTAL * 2)
            .filter_map(|i| a.turn_away(IpAddr::from([10, 1, (i / 256) as u8, i as u8])))
            .collect();
        assert_eq!(many.len(), TURNED_AWAY_TOTAL);
    }

    #[test]
    fn ipv6_counts_by_its_64_and_mapped_v4_as_v4() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(AddressKey::of(a), AddressKey::of(b));
        assert_ne!(AddressKey::of(a), AddressKey::of(c));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        assert_eq!(
            AddressKey::of(mapped),
            AddressKey::of("10.0.0.1".parse().unwrap())
        );
    }

    #[test]
    fn a_minute_s_allowance_comes_in_one_burst_then_runs_dry() {
        let limit = PerMinute::new(Some(5));
        let k = AddressKey::of("10.0.0.1".parse().unwrap());
        let other = AddressKey::of("10.0.0.2".parse().unwrap());
        assert_eq!((0..10).filter(|_| limit.allow(k)).count(), 5);
        assert!(limit.allow(other));
        assert!((0..100).all(|_| PerMinute::new(None).allow(k)));
    }
}
