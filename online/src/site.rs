//! The site socket from a program: an account's one live connection to the server,
//! which hears its challenges as they change and keeps it online.

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::connection::connect_to;
use crate::protocol::accounts::AccountToken;
use crate::protocol::site::{SiteClientMessage, SiteServerMessage};
use crate::{OnlineError, ServerAddress};

/// An open site socket.
pub struct SiteConnection {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl SiteConnection {
    /// Opens the site socket of `server` as the account whose session `token` is.
    pub async fn open(
        server: &ServerAddress,
        token: &AccountToken,
    ) -> Result<SiteConnection, OnlineError> {
        Ok(SiteConnection {
            socket: connect_to(server.site_url(), server, Some(token)).await?,
        })
    }

    pub async fn send(&mut self, m: &SiteClientMessage) -> Result<(), OnlineError> {
        let text = serde_json::to_string(m).expect("messages serialise");
        self.socket
            .send(Message::text(text))
            .await
            .map_err(|e| OnlineError::Broken(Box::new(e)))
    }

    /// The next message; an error once the socket is gone or a message unreadable.
    pub async fn recv(&mut self) -> Result<SiteServerMessage, OnlineError> {
        loop {
            match self.socket.next().await {
                Some(Ok(Message::Text(t))) => {
                    return serde_json::from_str(&t).map_err(OnlineError::Unreadable)
                }
                Some(Ok(Message::Close(_))) | None => return Err(OnlineError::Closed),
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(OnlineError::Broken(Box::new(e))),
            }
        }
    }

    /// The next message within `limit`, or `None` when none came (a thread that also
    /// looks at something else between messages).
    pub async fn recv_within(
        &mut self,
        limit: std::time::Duration,
    ) -> Result<Option<SiteServerMessage>, OnlineError> {
        match tokio::time::timeout(limit, self.recv()).await {
            Ok(m) => m.map(Some),
            Err(_) => Ok(None),
        }
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}
