//! TLS for `https://` and `wss://` servers: rustls with the ring provider (pure Rust, no
//! OpenSSL), trusting the system's certificate authorities and, as OpenSSL's tools do,
//! the certificates in the file named by `SSL_CERT_FILE` (or the folders in
//! `SSL_CERT_DIR`) instead where that is set: a server with a certificate of its own is
//! trusted by naming it there.

use std::sync::{Arc, OnceLock};

use rustls::{ClientConfig, RootCertStore};
use tokio_tungstenite::Connector;

/// The client's TLS settings for the game socket.
pub(crate) fn connector() -> Connector {
    Connector::Rustls(client_config())
}

/// The client's TLS settings, made once.
pub(crate) fn client_config() -> Arc<ClientConfig> {
    static CONFIG: OnceLock<Arc<ClientConfig>> = OnceLock::new();
    CONFIG.get_or_init(|| Arc::new(new_config())).clone()
}

fn new_config() -> ClientConfig {
    let mut roots = RootCertStore::empty();
    // Certificates that cannot be read are left out: a server they would have vouched for
    // is then said to be untrusted, by name.
    let found = rustls_native_certs::load_native_certs();
    roots.add_parsable_certificates(found.certs);
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("ring supports the default protocol versions")
        .with_root_certificates(roots)
        .with_no_client_auth()
}

/// Why a server's certificate was not trusted, if that is why a connection failed.
pub(crate) fn untrusted(e: &tokio_tungstenite::tungstenite::Error) -> Option<String> {
    let tokio_tungstenite::tungstenite::Error::Io(io) = e else {
        return None;
    };
    untrusted_io(io)
}

/// The same, for a connection's own error.
pub(crate) fn untrusted_io(io: &std::io::Error) -> Option<String> {
    let inner = io.get_ref()?;
    match inner.downcast_ref::<rustls::Error>()? {
        rustls::Error::InvalidCertificate(why) => Some(describe(why)),
        _ => None,
    }
}

fn describe(why: &rustls::CertificateError) -> String {
    use rustls::CertificateError as C;
    match why {
        C::UnknownIssuer => "its certificate is signed by no authority this machine trusts".into(),
        C::Expired | C::ExpiredContext { .. } => "its certificate has expired".into(),
        C::NotValidForName | C::NotValidForNameContext { .. } => {
            "its certificate is for another name".into()
        }
        C::NotValidYet | C::NotValidYetContext { .. } => "its certificate is not valid yet".into(),
        C::Revoked => "its certificate has been revoked".into(),
        C::BadSignature => "its certificate's signature does not check out".into(),
        C::UnsupportedSignatureAlgorithmContext { .. }
        | C::UnsupportedSignatureAlgorithmForPublicKeyContext { .. } => {
            "its certificate is signed in a way this program cannot check (an old or \
             unusual signature algorithm; a certificate signed with ECDSA P-256 or RSA \
             and SHA-256 is checked)"
                .into()
        }
        C::BadEncoding => "its certificate is malformed".into(),
        C::UnhandledCriticalExtension => {
            "its certificate carries a critical extension this program does not know".into()
        }
        C::InvalidPurpose | C::InvalidPurposeContext { .. } => {
            "its certificate is not for a web server (its extended key usage lacks \
             serverAuth)"
                .into()
        }
        C::UnknownRevocationStatus
        | C::ExpiredRevocationList
        | C::ExpiredRevocationListContext { .. }
        | C::InvalidOcspResponse => "its certificate's revocation status cannot be checked".into(),
        C::ApplicationVerificationFailure => "its certificate was refused".into(),
        C::Other(e) if e.0.downcast_ref() == Some(&webpki::Error::CaUsedAsEndEntity) => {
            "its certificate is an authority's, not a server's (make it with \
             basicConstraints CA:FALSE)"
                .into()
        }
        // A refusal this program has no words for yet: said in general, never as a dump
        // of its internals.
        _ => "its certificate cannot be trusted".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustls::pki_types::{AlgorithmIdentifier, UnixTime};
    use rustls::CertificateError as C;

    /// Every refusal is a sentence: never a `Debug` print of rustls's internals (the
    /// snakeoil certificate's refusal printed an algorithm's bytes).
    #[test]
    fn every_certificate_refusal_is_said_in_words() {
        let now = UnixTime::since_unix_epoch(std::time::Duration::from_secs(1_800_000_000));
        let refusals = [
            C::UnknownIssuer,
            C::BadEncoding,
            C::BadSignature,
            C::Expired,
            C::ExpiredContext {
                time: now,
                not_after: now,
            },
            C::NotValidYet,
            C::NotValidForName,
            C::Revoked,
            C::UnhandledCriticalExtension,
            C::InvalidPurpose,
            C::UnknownRevocationStatus,
            C::InvalidOcspResponse,
            C::ApplicationVerificationFailure,
            C::UnsupportedSignatureAlgorithmForPublicKeyContext {
                signature_algorithm_id: vec![6, 8, 42, 134, 72, 206, 61, 4, 3, 2],
                public_key_algorithm_id: vec![6, 7, 42, 134, 72, 206, 61, 2, 1],
            },
            C::UnsupportedSignatureAlgorithmContext {
                signature_algorithm_id: vec![6, 9],
                supported_algorithms: vec![AlgorithmIdentifier::from_slice(&[6, 8])],
            },
            C::Other(rustls::OtherError(std::sync::Arc::new(
                std::io::Error::other("x"),
            ))),
        ];
        for why in &refusals {
            let said = describe(why);
            assert!(said.starts_with("its certificate"), "{said}");
            for dump in ["Context", "[", "{", "Error", "_id"] {
                assert!(!said.contains(dump), "{why:?} was said as {said:?}");
            }
        }
    }
}
