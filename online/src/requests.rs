//! One-shot requests that need no game: create one, list the live ones. Each opens a
//! connection, asks, reads the answer and closes. The blocking forms run their own
//! small runtime, for programs that have none.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::connection::Connection;
use crate::protocol::{
    ClientMessage, GameSummary, GameView, ServerMessage, TimeControl, PROTOCOL_VERSION,
};
use crate::server_url::ws_url;

/// A game just created: its public id and each seat's secret token, by seat name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Created {
    pub game: String,
    pub seats: BTreeMap<String, String>,
}

/// Asks `server` for one answer to `request`; an `Error` answer is the error.
pub async fn ask(server: &str, request: &ClientMessage) -> Result<ServerMessage, String> {
    let exchange = async {
        let mut c = Connection::open(server).await?;
        c.send(request).await?;
        let answer = c.recv().await?;
        c.close().await;
        match answer {
            ServerMessage::Error { message } => Err(message),
            other => Ok(other),
        }
    };
    tokio::time::timeout(Duration::from_secs(15), exchange)
        .await
        .map_err(|_| format!("no answer from {} in 15 s", ws_url(server)))?
}

pub async fn create_game(
    server: &str,
    variant: &str,
    time: TimeControl,
) -> Result<Created, String> {
    let request = ClientMessage::Create {
        v: PROTOCOL_VERSION,
        variant: variant.to_string(),
        time,
    };
    match ask(server, &request).await? {
        ServerMessage::Created { game, seats } => Ok(Created { game, seats }),
        other => Err(format!("unexpected answer: {other:?}")),
    }
}

pub async fn list_games(server: &str) -> Result<Vec<GameSummary>, String> {
    match ask(
        server,
        &ClientMessage::List {
            v: PROTOCOL_VERSION,
        },
    )
    .await?
    {
        ServerMessage::Games { games } => Ok(games),
        other => Err(format!("unexpected answer: {other:?}")),
    }
}

/// A game as a seat (or, without a token, a watcher) would see it on joining: the seat
/// the token holds, and the whole game. For lists that mark where it is one's move.
pub async fn peek_game(
    server: &str,
    game: &str,
    token: Option<&str>,
) -> Result<(Option<String>, GameView), String> {
    let request = ClientMessage::Hello {
        v: PROTOCOL_VERSION,
        game: game.to_string(),
        token: token.map(str::to_string),
    };
    let exchange = async {
        let mut c = Connection::open(server).await?;
        c.send(&request).await?;
        loop {
            match c.recv().await? {
                ServerMessage::State { you, game, .. } => {
                    c.close().await;
                    return Ok((you, *game));
                }
                ServerMessage::Error { message } => return Err(message),
                _ => continue,
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(15), exchange)
        .await
        .map_err(|_| format!("no answer from {} in 15 s", ws_url(server)))?
}

/// [`peek_game`] for a program without a runtime.
pub fn peek_game_blocking(
    server: &str,
    game: &str,
    token: Option<&str>,
) -> Result<(Option<String>, GameView), String> {
    block_on(peek_game(server, game, token))
}

fn block_on<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(f)
}

/// [`create_game`] for a program without a runtime.
pub fn create_game_blocking(
    server: &str,
    variant: &str,
    time: TimeControl,
) -> Result<Created, String> {
    block_on(create_game(server, variant, time))
}

/// [`list_games`] for a program without a runtime.
pub fn list_games_blocking(server: &str) -> Result<Vec<GameSummary>, String> {
    block_on(list_games(server))
}
