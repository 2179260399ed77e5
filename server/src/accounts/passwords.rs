//! Passwords hashed with Argon2id at OWASP's parameters (19 MiB of memory, 2 passes, one
//! lane): the cost is the point, so that a stolen database gives up few passwords. The
//! hashes run off the async workers, at most one a core at once, so that a flood of
//! logins waits its turn instead of stalling the games. A name that has no account is
//! checked against a hash of nothing, so that it costs what a wrong password costs.

use std::sync::{Arc, OnceLock};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use camelot_online::protocol::accounts::Password;
use rand::RngCore;
use tokio::sync::Semaphore;

/// OWASP's Password Storage Cheat Sheet, Argon2id: m = 19 MiB, t = 2, p = 1.
pub const MEMORY_KIB: u32 = 19 * 1024;
pub const PASSES: u32 = 2;
pub const LANES: u32 = 1;

fn argon2() -> Argon2<'static> {
    let params = Params::new(MEMORY_KIB, PASSES, LANES, None).expect("OWASP's parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The hashing, shared by every request.
#[derive(Clone)]
pub struct Hasher {
    turns: Arc<Semaphore>,
}

impl Hasher {
    pub fn new() -> Hasher {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Hasher {
            turns: Arc::new(Semaphore::new(cores)),
        }
    }

    /// The password's hash, as a PHC string (its salt and parameters in it).
    pub async fn hash(&self, password: &Password) -> String {
        let password = password.clone();
        self.run(move || hash_now(&password)).await
    }

    /// Whether `password` is the one `stored` is the hash of; with none stored, the
    /// same work for a `false`.
    pub async fn verify(&self, password: &Password, stored: Option<String>) -> bool {
        let password = password.clone();
        self.run(move || match stored {
            Some(stored) => verify_now(&password, &stored),
            None => {
                let _ = verify_now(&password, nothing());
                false
            }
        })
        .await
    }

    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> T {
        let _turn = self
            .turns
            .acquire()
            .await
            .expect("the hasher is never closed");
        tokio::task::spawn_blocking(work)
            .await
            .expect("a hash does not panic")
    }
}

fn hash_now(password: &Password) -> String {
    let mut salt = [0u8; 16];
    rand::rng().fill_bytes(&mut salt);
    let salt = SaltString::encode_b64(&salt).expect("16 bytes make a salt");
    argon2()
        .hash_password(password.expose().as_bytes(), &salt)
        .expect("a password of at most 128 characters hashes")
        .to_string()
}

fn verify_now(password: &Password, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|h| {
        argon2()
            .verify_password(password.expose().as_bytes(), &h)
            .is_ok()
    })
}

/// A hash no password is checked true against (of random bytes nobody keeps).
fn nothing() -> &'static str {
    static NOTHING: OnceLock<String> = OnceLock::new();
    NOTHING.get_or_init(|| {
        let mut random = [0u8; 24];
        rand::rng().fill_bytes(&mut random);
        let text: String = random.iter().map(|b| format!("{b:02x}")).collect();
        hash_now(&Password::parse(&text).expect("48 characters"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only_and_shows_its_parameters() {
        let hasher = Hasher::new();
        let p = Password::parse("correct horse battery").unwrap();
        let h = hasher.hash(&p).await;
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(!h.contains("correct horse"));
        assert_ne!(h, hasher.hash(&p).await, "each hash has its own salt");
        assert!(hasher.verify(&p, Some(h.clone())).await);
        let wrong = Password::parse("correct horse battery!").unwrap();
        assert!(!hasher.verify(&wrong, Some(h)).await);
        assert!(!hasher.verify(&p, None).await);
        assert!(!hasher.verify(&p, Some("not a hash".into())).await);
    }
}
