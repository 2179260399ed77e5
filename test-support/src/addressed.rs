//! Clients from a loopback address of the test's choosing (any 127.x.y.z is this
//! machine): players on different machines, as the server's per-address limits and its
//! computer's owners count them. Raw HTTP and WebSockets, so that a test can send what a
//! well-behaved client never would (another site's `Origin`, a body that is not JSON).

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use camelot_online::protocol::{ClientMessage, ServerMessage};
use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

use crate::server::Server;

/// A game socket from another address.
pub type Socket = tokio_tungstenite::WebSocketStream<TcpStream>;

/// A TCP connection to the server from `from`.
pub async fn tcp_from(from: &str, server: &Server) -> TcpStream {
    tcp_to_port_from(from, server.port).await.unwrap()
}

/// A TCP connection to `127.0.0.1:port` from `from`.
pub async fn tcp_to_port_from(from: &str, port: u16) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from.parse::<IpAddr>().unwrap(), 0))?;
    socket
        .connect(SocketAddr::from(([127, 0, 0, 1], port)))
        .await
}

/// `request` (a whole HTTP/1.0 request, head and body) over TLS to `127.0.0.1:port`
/// from `from`, trusting only `cert` (PEM) for `localhost`: all that came back.
pub async fn https_from(
    from: &str,
    port: u16,
    cert: &std::path::Path,
    request: &str,
) -> std::io::Result<String> {
    use rustls_pki_types::pem::PemObject;
    use rustls_pki_types::{CertificateDer, ServerName};
    use tokio_rustls::rustls::{self, ClientConfig, RootCertStore};
    let mut roots = RootCertStore::empty();
    for c in CertificateDer::pem_file_iter(cert).map_err(std::io::Error::other)? {
        roots
            .add(c.map_err(std::io::Error::other)?)
            .map_err(std::io::Error::other)?;
    }
    let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(std::io::Error::other)?
        .with_root_certificates(roots)
        .with_no_client_auth();
    let connector = tokio_rustls::TlsConnector::from(std::sync::Arc::new(config));
    let tcp = tcp_to_port_from(from, port).await?;
    let name = ServerName::try_from("localhost").unwrap();
    let mut tls = connector.connect(name, tcp).await?;
    tls.write_all(request.as_bytes()).await?;
    let mut bytes = Vec::new();
    // A server that closes without TLS's close_notify still said what it said.
    match tls.read_to_end(&mut bytes).await {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {}
        Err(e) => return Err(e),
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A WebSocket to the server from `from`, or the HTTP status it was refused with.
pub async fn ws_from(from: &str, server: &Server) -> Result<Socket, u16> {
    ws_from_page(from, server, None).await
}

/// The same, opened by a page of `origin` (a browser says its page's origin).
pub async fn ws_from_page(
    from: &str,
    server: &Server,
    origin: Option<&str>,
) -> Result<Socket, u16> {
    let tcp = tcp_from(from, server).await;
    let mut request = server.address().ws_url().into_client_request().unwrap();
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
    }
    match tokio_tungstenite::client_async(request, tcp).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => Err(answer.status().as_u16()),
        Err(e) => panic!("{e}"),
    }
}

/// `GET path` from `from`: the status and body.
pub async fn get_from(from: &str, server: &Server, path: &str) -> (u16, String) {
    ask_from(from, server, "GET", path, "").await
}

/// `METHOD path` with a JSON body from `from`: the status and body.
pub async fn ask_from(
    from: &str,
    server: &Server,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String) {
    request_from(
        from,
        server,
        &format!("{method} {path}"),
        &["content-type: application/json"],
        body,
    )
    .await
}

/// `request` (`METHOD path`) from `from` with the header lines `headers` (besides
/// `Host` and the body's length) and `body`: the status and body.
pub async fn request_from(
    from: &str,
    server: &Server,
    request: &str,
    headers: &[&str],
    body: &str,
) -> (u16, String) {
    let reply = exchange_from(from, server, request, headers, body).await;
    (reply.status, reply.body)
}

/// What came back from a raw HTTP request.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    /// Header lines, names in lower case, in order (`set-cookie` may come twice).
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    /// The first header of that name (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// As [`request_from`], with the answer's headers.
pub async fn exchange_from(
    from: &str,
    server: &Server,
    request: &str,
    headers: &[&str],
    body: &str,
) -> Reply {
    let mut tcp = tcp_from(from, server).await;
    let mut head = format!("{request} HTTP/1.0\r\nHost: 127.0.0.1:{}\r\n", server.port);
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    let text = format!("{head}content-length: {}\r\n\r\n{body}", body.len());
    tcp.write_all(text.as_bytes()).await.unwrap();
    let mut text = String::new();
    tcp.read_to_string(&mut text).await.unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("{text:?}"));
    Reply {
        status,
        headers: lines
            .filter_map(|l| l.split_once(':'))
            .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect(),
        body: body.to_string(),
    }
}

/// Sends `m` on a raw game socket.
pub async fn say(ws: &mut Socket, m: &ClientMessage) {
    ws.send(Message::Text(serde_json::to_string(m).unwrap().into()))
        .await
        .unwrap();
}

/// The next protocol message on a raw game socket, within 15 s.
pub async fn answer(ws: &mut Socket) -> ServerMessage {
    loop {
        match tokio::time::timeout(Duration::from_secs(15), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(&t).unwrap(),
            Ok(Some(Ok(_))) => continue,
            other => panic!("no answer: {other:?}"),
        }
    }
}
