//! One connection to a server, for programs with a runtime of their own (the load test):
//! send a message, read the next. The [`crate::Link`] is the reconnecting kind.

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::address::ServerAddress;
use crate::error::OnlineError;
use crate::protocol::accounts::AccountToken;
use crate::protocol::{ClientMessage, ServerMessage, MAX_FRAME_BYTES};

pub struct Connection {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

/// The frame and message limits a client keeps to: a server's frames are at most
/// [`MAX_FRAME_BYTES`].
pub(crate) fn socket_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(MAX_FRAME_BYTES))
        .max_frame_size(Some(MAX_FRAME_BYTES))
}

/// Opens the game socket of `server`, showing the account's session where one is given
/// (a seat the account holds is then played without its token).
pub(crate) async fn connect(
    server: &ServerAddress,
    account: Option<&AccountToken>,
) -> Result<WebSocketStream<MaybeTlsStream<TcpStream>>, OnlineError> {
    connect_to(server.ws_url(), server, account).await
}

/// Opens the socket at `url` of `server`.
pub(crate) async fn connect_to(
    url: String,
    server: &ServerAddress,
    account: Option<&AccountToken>,
) -> Result<WebSocketStream<MaybeTlsStream<TcpStream>>, OnlineError> {
    let tls = server.is_secure().then(crate::tls::connector);
    let mut request = url
        .as_str()
        .into_client_request()
        .map_err(|e| OnlineError::Connect {
            url: url.clone(),
            source: Box::new(e),
        })?;
    if let Some(token) = account {
        if let Ok(value) = format!("Bearer {}", token.as_str()).parse() {
            request.headers_mut().insert("authorization", value);
        }
    }
    let (socket, _) =
        tokio_tungstenite::connect_async_tls_with_config(request, Some(socket_config()), true, tls)
            .await
            .map_err(|e| match crate::tls::untrusted(&e) {
                Some(why) => OnlineError::Untrusted {
                    url: server.http_url(),
                    why,
                },
                None => OnlineError::Connect {
                    url,
                    source: Box::new(e),
                },
            })?;
    Ok(socket)
}

/// A message as a text frame.
pub(crate) fn text(m: &ClientMessage) -> Message {
    Message::text(serde_json::to_string(m).expect("messages serialise"))
}

/// What a text frame from the server says.
pub(crate) fn read(frame: &str) -> Result<ServerMessage, OnlineError> {
    serde_json::from_str(frame).map_err(OnlineError::Unreadable)
}

impl Connection {
    pub async fn open(server: &ServerAddress) -> Result<Connection, OnlineError> {
        Ok(Connection {
            socket: connect(server, None).await?,
        })
    }

    /// Opens the game socket as the account whose session `token` is.
    pub async fn open_as(
        server: &ServerAddress,
        token: &AccountToken,
    ) -> Result<Connection, OnlineError> {
        Ok(Connection {
            socket: connect(server, Some(token)).await?,
        })
    }

    pub async fn send(&mut self, m: &ClientMessage) -> Result<(), OnlineError> {
        self.socket
            .send(text(m))
            .await
            .map_err(|e| OnlineError::Broken(Box::new(e)))
    }

    /// A text frame as it is, message or not: what a test sends to see the server refuse
    /// what no client of this library would send.
    pub async fn send_text(&mut self, frame: String) -> Result<(), OnlineError> {
        self.socket
            .send(Message::text(frame))
            .await
            .map_err(|e| OnlineError::Broken(Box::new(e)))
    }

    /// The next message; an error when the connection is gone or the message unreadable.
    pub async fn recv(&mut self) -> Result<ServerMessage, OnlineError> {
        loop {
            match self.socket.next().await {
                Some(Ok(Message::Text(t))) => return read(&t),
                Some(Ok(Message::Close(_))) | None => return Err(OnlineError::Closed),
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(OnlineError::Broken(Box::new(e))),
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}
