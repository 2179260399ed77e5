//! Game ids and seat tokens. An id is public (watchers use it); a token is a seat's
//! secret, given once when the game is created and stored only as its SHA-256.

use rand::Rng;
use sha2::{Digest, Sha256};

const ID_CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
const TOKEN_CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// `len` random lower-case letters and digits.
pub fn random(len: usize) -> String {
    pick(ID_CHARS, len)
}

/// A seat's secret: 24 letters and digits, about 143 bits.
pub fn new_token() -> String {
    pick(TOKEN_CHARS, 24)
}

fn pick(chars: &[u8], len: usize) -> String {
    let mut rng = rand::rng();
    (0..len)
        .map(|_| chars[rng.random_range(0..chars.len())] as char)
        .collect()
}

/// The SHA-256 of a token, in hex: what the database keeps.
pub fn hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_differ_and_hash_to_hex() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 24);
        assert_eq!(hash("abc").len(), 64);
        assert_eq!(
            hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert!(random(8).bytes().all(|c| ID_CHARS.contains(&c)));
    }
}
