//! A certificate made in the test, for a server that speaks TLS: self-signed, for
//! `localhost` and `127.0.0.1`, in PEM files a server reads and a client trusts through
//! `SSL_CERT_FILE`.

use std::path::{Path, PathBuf};

pub struct Certificate {
    /// The certificate (PEM): `--tls-cert`, and what `SSL_CERT_FILE` names to trust it.
    pub cert: PathBuf,
    /// Its private key (PEM): `--tls-key`.
    pub key: PathBuf,
}

/// Makes a fresh certificate and key in `dir`.
pub fn self_signed_certificate(dir: &Path) -> Certificate {
    let made =
        rcgen::generate_simple_self_signed(vec!["localhost".to_string(), "127.0.0.1".to_string()])
            .expect("a certificate");
    let cert = dir.join("cert.pem");
    let key = dir.join("key.pem");
    std::fs::write(&cert, made.cert.pem()).unwrap();
    std::fs::write(&key, made.signing_key.serialize_pem()).unwrap();
    Certificate { cert, key }
}
