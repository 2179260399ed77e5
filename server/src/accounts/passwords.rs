//! Passwords hashed with Argon2id at OWASP's parameters (19 MiB of memory, 2 passes, one
//! lane): the cost is the point, so that a stolen database gives up few passwords. The
//! hashes run on the hasher's own threads, one a core, each hashing into the one
//! working memory it keeps for its life: a flood of logins waits its turn instead of
//! stalling the games, and the memory hashing needs is the threads' and no more (with
//! the crate's own allocation each hash took 19 MiB from the allocator's per-thread pools,
//! which kept them: 300 to 460 MB after a few hundred logins). A name that has no
//! account is checked against a hash of nothing, so that it costs what a wrong password
//! costs.

use std::sync::{mpsc, Arc, Mutex, OnceLock};

use argon2::password_hash::{Output, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use camelot_online::protocol::accounts::Password;
use rand::RngCore;
use tokio::sync::oneshot;

/// OWASP's Password Storage Cheat Sheet, Argon2id: m = 19 MiB, t = 2, p = 1.
pub const MEMORY_KIB: u32 = 19 * 1024;
pub const PASSES: u32 = 2;
pub const LANES: u32 = 1;

/// The hash's length in bytes, and its salt's.
const OUTPUT_BYTES: usize = 32;
const SALT_BYTES: usize = 16;

fn params() -> Params {
    Params::new(MEMORY_KIB, PASSES, LANES, Some(OUTPUT_BYTES)).expect("OWASP's parameters")
}

/// One piece of hashing, done on a hasher's thread in its working memory.
type Job = Box<dyn FnOnce(&mut Vec<Block>) + Send>;

/// The hashing, shared by every request: its threads take the jobs in the order they
/// came.
#[derive(Clone)]
pub struct Hasher {
    jobs: mpsc::Sender<Job>,
}

impl Hasher {
    /// A hasher with a thread a core.
    pub fn new() -> Hasher {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Hasher::with_threads(cores)
    }

    pub fn with_threads(threads: usize) -> Hasher {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for i in 0..threads.max(1) {
            let queue = queue.clone();
            std::thread::Builder::new()
                .name(format!("password-hash-{i}"))
                .spawn(move || work(&queue))
                .expect("a thread for hashing passwords");
        }
        Hasher { jobs }
    }

    /// The password's hash, as a PHC string (its salt and parameters in it).
    pub async fn hash(&self, password: &Password) -> String {
        let password = password.clone();
        self.run(move |memory| hash_now(&password, memory)).await
    }

    /// Whether `password` is the one `stored` is the hash of; with none stored, the
    /// same work for a `false`.
    pub async fn verify(&self, password: &Password, stored: Option<String>) -> bool {
        let password = password.clone();
        self.run(move |memory| match stored {
            Some(stored) => verify_now(&password, &stored, memory),
            None => {
                let nothing = nothing(memory);
                let _ = verify_now(&password, nothing, memory);
                false
            }
        })
        .await
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Vec<Block>) -> T + Send + 'static,
    ) -> T {
        let (done, answer) = oneshot::channel();
        let job: Job = Box::new(move |memory| {
            let _ = done.send(work(memory));
        });
        self.jobs
            .send(job)
            .expect("the hasher's threads live as long as the server");
        answer.await.expect("a hash does not panic")
    }
}

/// A hasher's thread: its working memory made at its first job, every job hashed in it.
fn work(queue: &Mutex<mpsc::Receiver<Job>>) {
    let mut memory = Vec::new();
    loop {
        let job = match queue.lock() {
            Ok(q) => q.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        if memory.is_empty() {
            memory = vec![Block::default(); params().block_count()];
        }
        job(&mut memory);
    }
}

fn hash_now(password: &Password, memory: &mut Vec<Block>) -> String {
    let mut salt = [0u8; SALT_BYTES];
    rand::rng().fill_bytes(&mut salt);
    let mut out = [0u8; OUTPUT_BYTES];
    let params = params();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone())
        .hash_password_into_with_memory(password.expose().as_bytes(), &salt, &mut out, memory)
        .expect("a password of at most 128 characters hashes");
    let salt = SaltString::encode_b64(&salt).expect("16 bytes make a salt");
    let output = Output::new(&out).expect("32 bytes make a hash");
    format!(
        "$argon2id$v=19$m={},t={},p={}${}${output}",
        params.m_cost(),
        params.t_cost(),
        params.p_cost(),
        salt.as_str()
    )
}

/// Checks `password` against a PHC string of Argon2 (of any parameters: one made with
/// others than today's hashes in memory of its own size).
fn verify_now(password: &Password, stored: &str, memory: &mut Vec<Block>) -> bool {
    let Ok(phc) = PasswordHash::new(stored) else {
        return false;
    };
    let (Ok(algorithm), Ok(params), Some(salt), Some(expected)) = (
        Algorithm::try_from(phc.algorithm),
        Params::try_from(&phc),
        phc.salt,
        phc.hash,
    ) else {
        return false;
    };
    let version = match phc.version.map(Version::try_from) {
        None => Version::V0x13,
        Some(Ok(v)) => v,
        Some(Err(_)) => return false,
    };
    let mut salt_bytes = [0u8; 64];
    let Ok(salt) = salt.decode_b64(&mut salt_bytes) else {
        return false;
    };
    let mut out = vec![0u8; expected.len()];
    let argon2 = Argon2::new(algorithm, version, params.clone());
    let hashed = if params.block_count() == memory.len() {
        argon2.hash_password_into_with_memory(password.expose().as_bytes(), salt, &mut out, memory)
    } else {
        argon2.hash_password_into(password.expose().as_bytes(), salt, &mut out)
    };
    // Output's comparison takes the same time wherever the bytes differ.
    hashed.is_ok() && Output::new(&out).is_ok_and(|o| o == expected)
}

/// A hash no password is checked true against (of random bytes nobody keeps).
fn nothing(memory: &mut Vec<Block>) -> &'static str {
    static NOTHING: OnceLock<String> = OnceLock::new();
    NOTHING.get_or_init(|| {
        let mut random = [0u8; 24];
        rand::rng().fill_bytes(&mut random);
        let text: String = random.iter().map(|b| format!("{b:02x}")).collect();
        hash_now(&Password::parse(&text).expect("48 characters"), memory)
    })
}

/// Why a new password is refused: one that a guesser tries early (zxcvbn, Dropbox's
/// estimator, kept as a crate: its lists of the 30,000 passwords most found in breaches,
/// English words, names and keyboard walks, with the usual substitutions, and the
/// account's own name). Refused below its score 2, "safe against throttled guessing
/// online" (10^8 guesses), the attack the login's limits leave; the hash is what stands
/// against a stolen database.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("that password is too easy to guess{why}: {advice}")]
pub struct WeakPassword {
    why: String,
    advice: String,
}

/// Whether `password` will do for the account `name` (see [`WeakPassword`]).
pub fn check_strength(password: &Password, name: &str) -> Result<(), WeakPassword> {
    let estimate = zxcvbn::zxcvbn(password.expose(), &[name]);
    if estimate.score() >= zxcvbn::Score::Two {
        return Ok(());
    }
    let feedback = estimate.feedback();
    let why = feedback
        .and_then(|f| f.warning())
        .map(|w| format!(" ({})", w.to_string().trim_end_matches('.').to_lowercase()))
        .unwrap_or_default();
    let advice = feedback
        .and_then(|f| f.suggestions().first())
        .map(|s| s.to_string())
        .unwrap_or_else(|| "Use a few words, avoid common phrases.".to_string());
    Err(WeakPassword { why, advice })
}

#[cfg(test)]
mod tests {
    use argon2::password_hash::PasswordHasher;

    use super::*;

    /// Why `p` is refused for `name`, if it is.
    fn refusal(p: &str, name: &str) -> Option<String> {
        check_strength(&Password::parse(p).unwrap(), name)
            .err()
            .map(|e| e.to_string())
    }

    #[test]
    fn the_passwords_every_list_starts_with_are_refused_with_a_reason() {
        assert_eq!(
            refusal("password", "gawain"),
            Some(
                "that password is too easy to guess (this is a top-10 common password): \
                 Add another word or two. Uncommon words are better."
                    .into()
            )
        );
        for weak in [
            "12345678",
            "        ",
            "qwertyuiop",
            "iloveyou",
            "Password1",
            "p@ssw0rd",
            "aaaaaaaaaa",
            "gawain2026",
        ] {
            let said = refusal(weak, "Gawain").unwrap();
            assert!(
                said.starts_with("that password is too easy to guess"),
                "{weak}: {said}"
            );
        }
        for fine in [
            "correct horse battery",
            "a secret of eight",
            "the last knight",
        ] {
            assert_eq!(refusal(fine, "gawain"), None, "{fine}");
        }
    }

    #[tokio::test]
    async fn a_hash_verifies_its_password_only_and_shows_its_parameters() {
        let hasher = Hasher::with_threads(2);
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

    /// The hashes made in the hasher's own memory are the crate's own, both ways: one
    /// made by the crate (at today's parameters, and at others) verifies here, and one
    /// made here verifies with the crate.
    #[tokio::test]
    async fn hashes_made_in_kept_memory_are_the_crates_own() {
        use argon2::password_hash::PasswordVerifier;
        let hasher = Hasher::with_threads(1);
        let p = Password::parse("the questing beast").unwrap();
        let salt = SaltString::encode_b64(b"sixteen bytes!!!").unwrap();
        let crates = Argon2::new(Algorithm::Argon2id, Version::V0x13, params())
            .hash_password(p.expose().as_bytes(), &salt)
            .unwrap()
            .to_string();
        assert!(hasher.verify(&p, Some(crates)).await);
        let other = Params::new(8 * 1024, 3, 1, None).unwrap();
        let older = Argon2::new(Algorithm::Argon2id, Version::V0x13, other)
            .hash_password(p.expose().as_bytes(), &salt)
            .unwrap()
            .to_string();
        assert!(hasher.verify(&p, Some(older.clone())).await, "{older}");
        let wrong = Password::parse("the questing beasts").unwrap();
        assert!(!hasher.verify(&wrong, Some(older)).await);
        let mine = hasher.hash(&p).await;
        let parsed = PasswordHash::new(&mine).unwrap();
        assert!(Argon2::default()
            .verify_password(p.expose().as_bytes(), &parsed)
            .is_ok());
    }
}
