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
        C::Other(e) if e.0.downcast_ref() == Some(&webpki::Error::CaUsedAsEndEntity) => {
            "its certificate is an authority's, not a server's (make it with \
             basicConstraints CA:FALSE)"
                .into()
        }
        other => format!("its certificate cannot be trusted ({other:?})"),
    }
}
