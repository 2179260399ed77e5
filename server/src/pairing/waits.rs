//! The quick-game requests waiting in this process: one an account (a newer request
//! takes the older one's place, and the older is answered "waiting" at once), and a few
//! an address at once (more are refused with 429), so that one client's flood holds
//! neither the server's time nor anybody else's place.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::common::limits::{AddressKey, Cap};

/// The waiting requests.
pub struct Waits {
    /// Requests one address may have waiting at once (`--quick-games-per-address`): by
    /// default a household's few players, each waiting once.
    per_address: Cap,
    /// By account: the number of its newest request.
    newest: Mutex<HashMap<String, u64>>,
    /// By address: how many of its requests wait.
    by_address: Mutex<HashMap<AddressKey, usize>>,
    next: AtomicU64,
}

/// One request's place, given back when it is answered.
pub struct Waiting {
    waits: Arc<Waits>,
    account: String,
    address: AddressKey,
    number: u64,
}

/// The address has as many requests waiting as it may: that many.
#[derive(Debug)]
pub struct TooManyWaiting(pub usize);

impl Waits {
    pub fn new(per_address: Cap) -> Waits {
        Waits {
            per_address,
            newest: Mutex::default(),
            by_address: Mutex::default(),
            next: AtomicU64::new(0),
        }
    }

    /// A place for `account`'s request from `address`; the account's older request, if
    /// any, is replaced.
    pub fn wait(
        self: &Arc<Self>,
        account: &str,
        address: AddressKey,
    ) -> Result<Waiting, TooManyWaiting> {
        {
            let mut by_address = self.by_address.lock().expect("pairing waits");
            let n = by_address.entry(address).or_insert(0);
            if let Some(cap) = self.per_address.0.filter(|cap| *n >= *cap) {
                return Err(TooManyWaiting(cap));
            }
            *n += 1;
        }
        let number = self.next.fetch_add(1, Ordering::Relaxed);
        self.newest
            .lock()
            .expect("pairing waits")
            .insert(account.to_string(), number);
        Ok(Waiting {
            waits: self.clone(),
            account: account.to_string(),
            address,
            number,
        })
    }
}

impl Waiting {
    /// Whether a newer request of the same account has taken this one's place.
    pub fn replaced(&self) -> bool {
        self.waits
            .newest
            .lock()
            .expect("pairing waits")
            .get(&self.account)
            != Some(&self.number)
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        let mut newest = self.waits.newest.lock().expect("pairing waits");
        if newest.get(&self.account) == Some(&self.number) {
            newest.remove(&self.account);
        }
        drop(newest);
        let mut by_address = self.waits.by_address.lock().expect("pairing waits");
        if let Some(n) = by_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                by_address.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_newer_request_replaces_the_older_and_an_address_has_a_few() {
        const PER_ADDRESS: usize = 8;
        let waits = Arc::new(Waits::new(Cap(Some(PER_ADDRESS))));
        let home = AddressKey::of("10.0.0.1".parse().unwrap());
        let first = waits.wait("a1", home).unwrap();
        assert!(!first.replaced());
        let second = waits.wait("a1", home).unwrap();
        assert!(first.replaced() && !second.replaced());
        drop(first);
        assert!(
            !second.replaced(),
            "the older's end leaves the newer's place"
        );
        let others: Vec<Waiting> = (0..PER_ADDRESS - 1)
            .map(|i| waits.wait(&format!("b{i}"), home).unwrap())
            .collect();
        assert!(waits.wait("c", home).is_err(), "the address is full");
        let elsewhere = AddressKey::of("10.0.0.2".parse().unwrap());
        assert!(waits.wait("c", elsewhere).is_ok());
        drop(others);
        assert!(waits.wait("c", home).is_ok());
        let unlimited = Arc::new(Waits::new(Cap(None)));
        let many: Vec<Waiting> = (0..100)
            .map(|i| unlimited.wait(&format!("d{i}"), home).unwrap())
            .collect();
        assert_eq!(many.len(), 100);
    }
}
