//! The one-shot requests to a server (create a game, list games and open seats, take a
//! seat, look at a game): one async function, [`ask`], for every [`Request`] of the
//! protocol, over HTTP (TLS where the address says `https`). Programs without a runtime
//! of their own call it through [`blocking`].

use std::future::Future;
use std::sync::OnceLock;
use std::time::Duration;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Bytes;
use hyper::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, HOST, LINK};
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;

use crate::address::ServerAddress;
use crate::error::OnlineError;
use crate::protocol::accounts::AccountToken;
use crate::protocol::requests::{ApiError, Method, Paged, Request};
use crate::protocol::SeatToken;
use crate::protocol::{PROTOCOL_VERSION, VERSION_HEADER};

/// How long a request waits for its answer.
const PATIENCE: Duration = Duration::from_secs(15);

/// The largest answer read: a page of 200 games, a long game's whole state.
const MAX_ANSWER_BYTES: usize = 4 * 1024 * 1024;

/// Waits, as the account whose session `token` is, for the challenge `id` to be no longer
/// open (accepted with its game, declined, cancelled, expired): its view then. The
/// server answers each wait after a few seconds at most; this asks again while it is
/// open.
pub async fn challenge_settled(
    server: &ServerAddress,
    token: Option<&AccountToken>,
    id: crate::protocol::challenges::ChallengeId,
) -> Result<crate::protocol::challenges::ChallengeView, OnlineError> {
    use crate::protocol::challenges::{ChallengeState, LookAtChallenge};
    let look = LookAtChallenge { id, wait: true };
    loop {
        let view = ask_as(server, token, &look).await?;
        if view.state != ChallengeState::Open {
            return Ok(view);
        }
    }
}

/// Asks `server` the one-shot `request`; a refusal is [`OnlineError::Refused`] with the
/// server's code and words.
pub async fn ask<R: Request>(
    server: &ServerAddress,
    request: &R,
) -> Result<R::Answer, OnlineError> {
    Ok(ask_answered(server, request, None).await?.answer)
}

/// Asks `server` the one-shot `request` as the account whose session `token` is (a
/// request the server answers for anyone is answered the same; one that needs an
/// account is refused without).
pub async fn ask_as<R: Request>(
    server: &ServerAddress,
    token: Option<&AccountToken>,
    request: &R,
) -> Result<R::Answer, OnlineError> {
    Ok(ask_answered(server, request, token).await?.answer)
}

/// A page of a list the server gives a page at a time, and the request for the next
/// page where there are more.
#[derive(Debug)]
pub struct Page<R: Paged> {
    pub items: R::Answer,
    pub next: Option<R>,
}

/// Asks for one page of a paged list (the live games, the open seats).
pub async fn ask_page<R: Paged>(
    server: &ServerAddress,
    request: &R,
) -> Result<Page<R>, OnlineError> {
    let answered = ask_answered(server, request, None).await?;
    Ok(Page {
        items: answered.answer,
        next: answered.link.as_deref().and_then(R::next_from_link),
    })
}

/// A request's answer, and the answer's `Link` header if it had one.
struct Answered<A> {
    answer: A,
    link: Option<String>,
}

async fn ask_answered<R: Request>(
    server: &ServerAddress,
    request: &R,
    account: Option<&AccountToken>,
) -> Result<Answered<R::Answer>, OnlineError> {
    tokio::time::timeout(PATIENCE, exchange(server, request, account))
        .await
        .map_err(|_| OnlineError::Timeout {
            url: server.http_url(),
            seconds: PATIENCE.as_secs(),
        })?
}

/// Runs a request (any future) to its end for a program without a runtime of its own,
/// on one runtime the whole program shares. Not for use inside a runtime.
pub fn blocking<F: Future>(request: F) -> F::Output {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .thread_name("camelot-requests")
                .enable_all()
                .build()
                .expect("a runtime for requests")
        })
        .block_on(request)
}

trait Stream: AsyncRead + AsyncWrite + Unpin + Send {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send> Stream for T {}

/// A connection to the server, through TLS where its address asks for it.
async fn open(server: &ServerAddress) -> Result<Box<dyn Stream>, OnlineError> {
    let (host, port) = server.host_and_port();
    let connect_error = |e: std::io::Error| OnlineError::Connect {
        url: server.http_url(),
        source: Box::new(e),
    };
    let tcp = TcpStream::connect((host, port))
        .await
        .map_err(connect_error)?;
    if !server.is_secure() {
        return Ok(Box::new(tcp));
    }
    let name = rustls::pki_types::ServerName::try_from(host.to_string())
        .map_err(|e| connect_error(std::io::Error::new(std::io::ErrorKind::InvalidInput, e)))?;
    let tls = tokio_rustls::TlsConnector::from(crate::tls::client_config())
        .connect(name, tcp)
        .await
        .map_err(|e| match crate::tls::untrusted_io(&e) {
            Some(why) => OnlineError::Untrusted {
                url: server.http_url(),
                why,
            },
            None => connect_error(e),
        })?;
    Ok(Box::new(tls))
}

async fn exchange<R: Request>(
    server: &ServerAddress,
    request: &R,
    account: Option<&AccountToken>,
) -> Result<Answered<R::Answer>, OnlineError> {
    let broken = |e: hyper::Error| OnlineError::Broken(Box::new(e));
    let io = open(server).await?;
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(io))
        .await
        .map_err(broken)?;
    tokio::spawn(connection);
    let body = match R::METHOD {
        Method::Post | Method::Delete => serde_json::to_vec(request).expect("requests serialise"),
        Method::Get => Vec::new(),
    };
    let mut http = hyper::Request::builder()
        .method(match R::METHOD {
            Method::Get => hyper::Method::GET,
            Method::Post => hyper::Method::POST,
            Method::Delete => hyper::Method::DELETE,
        })
        .uri(format!("{}{}", server.path_prefix(), request.path()))
        .header(HOST, server.host())
        .header(ACCEPT, "application/json")
        .header(VERSION_HEADER, PROTOCOL_VERSION);
    if R::METHOD != Method::Get {
        http = http.header(CONTENT_TYPE, "application/json");
    }
    // A seat's token where the request shows one (a seat is its own proof), else the
    // account's session.
    let bearer = request
        .bearer()
        .map(SeatToken::as_str)
        .or(account.map(AccountToken::as_str));
    if let Some(token) = bearer {
        http = http.header(AUTHORIZATION, format!("Bearer {token}"));
    }
    let http = http
        .body(Full::new(Bytes::from(body)))
        .expect("a request of valid parts");
    let answer = sender.send_request(http).await.map_err(broken)?;
    let status = answer.status();
    let link = answer
        .headers()
        .get(LINK)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let body = Limited::new(answer.into_body(), MAX_ANSWER_BYTES)
        .collect()
        .await
        .map_err(OnlineError::Broken)?
        .to_bytes();
    if status.is_success() {
        let answer = serde_json::from_slice(&body).map_err(OnlineError::Unreadable)?;
        return Ok(Answered { answer, link });
    }
    match serde_json::from_slice::<ApiError>(&body) {
        Ok(e) => Err(OnlineError::Refused {
            code: e.code,
            message: e.message,
        }),
        Err(_) => Err(OnlineError::Status {
            status: status.as_u16(),
        }),
    }
}
