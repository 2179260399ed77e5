//! One connection to a server, for programs with a runtime of their own (the load test):
//! send a message, read the next. The [`crate::Link`] is the reconnecting kind.

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::link::text;
use crate::protocol::{ClientMessage, ServerMessage, MAX_FRAME_BYTES};
use crate::server_url::ws_url;

pub struct Connection {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Connection {
    pub async fn open(server: &str) -> Result<Connection, String> {
        let url = ws_url(server);
        let config = WebSocketConfig::default()
            .max_message_size(Some(MAX_FRAME_BYTES))
            .max_frame_size(Some(MAX_FRAME_BYTES));
        let (socket, _) = tokio_tungstenite::connect_async_with_config(&url, Some(config), true)
            .await
            .map_err(|e| format!("cannot connect to {url}: {e}"))?;
        Ok(Connection { socket })
    }

    pub async fn send(&mut self, m: &ClientMessage) -> Result<(), String> {
        self.socket.send(text(m)).await.map_err(|e| e.to_string())
    }

    /// The next message; an error when the connection is gone or the message unreadable.
    pub async fn recv(&mut self) -> Result<ServerMessage, String> {
        loop {
            match self.socket.next().await {
                Some(Ok(Message::Text(t))) => {
                    return serde_json::from_str(&t)
                        .map_err(|e| format!("an unreadable message from the server: {e}"))
                }
                Some(Ok(Message::Close(_))) | None => {
                    return Err("the server closed the connection".into())
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(e.to_string()),
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}
