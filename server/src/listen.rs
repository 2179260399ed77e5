//! The server's own accept loop: each connection admitted against the limits on
//! connections, TLS where the server has a certificate, HTTP/1.1 with a deadline for
//! every request, the WebSocket upgrade handed to the router. A socket that says nothing
//! whole in time is closed; a full server says so and closes.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Router;
use hyper::body::Incoming;
use hyper::Request;
use hyper_util::rt::{TokioIo, TokioTimer};
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::TlsAcceptor;
use tower::ServiceExt;

use crate::common::client::TrustedProxies;
use crate::common::http::OverTls;
use crate::common::limits::{AddressKey, Admission, Admitted, Full, PerMinute};

/// HTTPS: the certificate, and how many TLS handshakes one address may ask for a minute
/// (each costs the server a signature; beyond, a connection is closed unanswered).
pub struct Tls {
    pub acceptor: TlsAcceptor,
    pub handshakes: PerMinute,
}

/// How long a client has to send a whole HTTP request's head, to finish a TLS handshake,
/// and for the server to answer a plain request.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(10);

/// How long a closing socket waits for the client to close its side.
const LINGER: Duration = Duration::from_secs(2);

/// A certificate the server could not use.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("cannot read a certificate from {}: {source}", file.display())]
    Certificate {
        file: PathBuf,
        source: rustls_pki_types::pem::Error,
    },
    #[error("{} holds no certificate", .0.display())]
    NoCertificate(PathBuf),
    #[error("cannot read a private key from {}: {source}", file.display())]
    Key {
        file: PathBuf,
        source: rustls_pki_types::pem::Error,
    },
    #[error("the certificate and key do not serve: {0}")]
    Rejected(tokio_rustls::rustls::Error),
}

/// The TLS side of a server with `--tls-cert` and `--tls-key` (PEM files: the chain,
/// leaf first, and its private key).
pub fn tls_acceptor(cert: &Path, key: &Path) -> Result<TlsAcceptor, TlsError> {
    let chain = CertificateDer::pem_file_iter(cert)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|source| TlsError::Certificate {
            file: cert.to_path_buf(),
            source,
        })?;
    if chain.is_empty() {
        return Err(TlsError::NoCertificate(cert.to_path_buf()));
    }
    let key = PrivateKeyDer::from_pem_file(key).map_err(|source| TlsError::Key {
        file: key.to_path_buf(),
        source,
    })?;
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let mut config = tokio_rustls::rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(TlsError::Rejected)?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .map_err(TlsError::Rejected)?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(TlsAcceptor::from(Arc::new(config)))
}

/// Accepts connections until `stop` resolves.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    admission: Arc<Admission>,
    tls: Option<Arc<Tls>>,
    proxies: Arc<TrustedProxies>,
    stop: impl std::future::Future<Output = ()>,
) {
    tokio::pin!(stop);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of descriptors, or a connection reset before it was accepted:
                    // wait a little rather than spin.
                    eprintln!("camelot-server: accepting a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => return,
        };
        // A trusted proxy brings many clients' connections: they are limited one by one
        // at the proxy, and their requests here by the address it forwards for.
        let proxied = proxies.trusts(peer.ip());
        if let Some(tls) = &tls {
            if !proxied && !tls.handshakes.allow(AddressKey::of(peer.ip())) {
                continue;
            }
        }
        let admitted = if proxied {
            admission.admit_proxy(peer.ip())
        } else {
            admission.admit(peer.ip())
        };
        let place = match admitted {
            Ok(place) => place,
            Err(full) => {
                // Told why only while few are being told: each holds a descriptor.
                let Some(told) = admission.turn_away(peer.ip()) else {
                    continue;
                };
                match &tls {
                    None => tokio::spawn(async move {
                        turn_away(tcp, full).await;
                        drop(told);
                    }),
                    // Told in the language the client speaks: after the handshake.
                    Some(tls) => {
                        let acceptor = tls.acceptor.clone();
                        tokio::spawn(async move {
                            let handshake =
                                tokio::time::timeout(REQUEST_DEADLINE, acceptor.accept(tcp));
                            if let Ok(Ok(stream)) = handshake.await {
                                turn_away(stream, full).await;
                            }
                            drop(told);
                        })
                    }
                };
                continue;
            }
        };
        // Moves are small messages that must go at once, not wait to be batched.
        let _ = tcp.set_nodelay(true);
        let router = router.clone();
        let tls = tls.clone();
        let proxies = proxies.clone();
        // The place goes with the socket: into the WebSocket after an upgrade, given back
        // when the socket closes.
        let tcp = Counted {
            io: Some(tcp),
            place: Some(place),
        };
        tokio::spawn(async move {
            match tls {
                None => serve_connection(tcp, peer, router, OverTls(false), proxies).await,
                Some(tls) => {
                    // A failed or stalled handshake has nothing to be told in plain text.
                    let handshake =
                        tokio::time::timeout(REQUEST_DEADLINE, tls.acceptor.accept(tcp));
                    if let Ok(Ok(stream)) = handshake.await {
                        serve_connection(stream, peer, router, OverTls(true), proxies).await;
                    }
                }
            }
        });
    }
}

/// A socket holding its place among the connections, until it has closed the lingering
/// way (see [`linger`]): the place is given back only then.
struct Counted {
    io: Option<TcpStream>,
    place: Option<Admitted>,
}

impl Counted {
    fn io(&mut self) -> Pin<&mut TcpStream> {
        Pin::new(
            self.io
                .as_mut()
                .expect("a socket is there until it is dropped"),
        )
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        if let (Some(io), Ok(runtime)) = (self.io.take(), tokio::runtime::Handle::try_current()) {
            let place = self.place.take();
            runtime.spawn(async move {
                linger(io).await;
                drop(place);
            });
        }
    }
}

/// Closes a socket after its last answer: says it will send no more, then reads and
/// drops what the client still sends until it closes too, for at most [`LINGER`]. A
/// socket closed with unread data resets the connection, and a reset can lose the
/// answer the client has not read yet: a WebSocket's last error and close frame after
/// a refused message whose rest is still arriving, a 503 to a full server.
async fn linger<S: AsyncRead + AsyncWrite + Unpin>(mut io: S) {
    let _ = tokio::time::timeout(LINGER, async {
        let _ = io.shutdown().await;
        let mut sink = [0u8; 4096];
        while matches!(io.read(&mut sink).await, Ok(n) if n > 0) {}
    })
    .await;
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        self.io().poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        self.io().poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.io().poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.io().poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        self.io().poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.as_ref().is_some_and(|io| io.is_write_vectored())
    }
}

/// HTTP/1.1 on one connection, upgrades to WebSocket included.
/// Each request is marked with whose it is and whether it came over TLS: from a trusted
/// proxy, as the proxy says.
async fn serve_connection<I>(
    io: I,
    peer: SocketAddr,
    router: Router,
    tls: OverTls,
    proxies: Arc<TrustedProxies>,
) where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        let client = proxies.client(peer.ip(), request.headers());
        let tls = proxies.over_tls(peer.ip(), request.headers(), tls);
        request.extensions_mut().insert(client);
        request.extensions_mut().insert(tls);
        let router = router.clone();
        async move {
            // The upgrade's answer comes at once; the WebSocket lives on after it.
            match tokio::time::timeout(REQUEST_DEADLINE, router.oneshot(request)).await {
                Ok(answer) => answer,
                Err(_) => Ok::<_, Infallible>(
                    (StatusCode::REQUEST_TIMEOUT, "the request took too long\n").into_response(),
                ),
            }
        }
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(REQUEST_DEADLINE)
        .max_buf_size(16 * 1024)
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    let _ = connection.await;
}

/// A full server's answer, in HTTP (over TLS on an HTTPS port): who it turned away and
/// why, then the close.
async fn turn_away<S: AsyncRead + AsyncWrite + Unpin>(mut tcp: S, full: Full) {
    let why = match full {
        Full::Server => "the server is full: try again later\n",
        Full::Address => "too many connections from your address\n",
    };
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n\
         content-length: {}\r\nconnection: close\r\nretry-after: 10\r\n\r\n{why}",
        why.len()
    );
    if tokio::time::timeout(LINGER, tcp.write_all(answer.as_bytes()))
        .await
        .is_ok_and(|written| written.is_ok())
    {
        linger(tcp).await;
    }
}
