//! One-shot requests that need no game joined: create one, list the live ones or the
//! open seats, take a seat, look at a game.
//! Each opens a connection, asks, reads the answer and closes. The blocking forms run
//! their own small runtime, for programs that have none.

use std::collections::BTreeMap;
use std::time::Duration;

use camelot_engine::{SeatColour, Variant};

use crate::address::ServerAddress;
use crate::connection::Connection;
use crate::error::OnlineError;
use crate::protocol::{
    ClientMessage, GameId, GameSummary, GameView, OpenSeat, PlayerName, SeatToken, ServerMessage,
    TimeControl, PROTOCOL_VERSION,
};

/// How long a one-shot request waits for its answer.
const PATIENCE: Duration = Duration::from_secs(15);

/// A game to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    pub variant: Variant,
    pub time: TimeControl,
    /// Seats left open to anyone, with no token.
    pub open: Vec<SeatColour>,
}

/// A game just created: its public id, the secret token of each seat not left open,
/// and the open seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Created {
    pub game: GameId,
    pub seats: BTreeMap<SeatColour, SeatToken>,
    pub open: Vec<SeatColour>,
}

/// An open seat just taken: its token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    pub game: GameId,
    pub seat: SeatColour,
    pub token: SeatToken,
}

/// Runs `exchange` on a fresh connection to `server`, within [`PATIENCE`].
async fn within_patience<T>(
    server: &ServerAddress,
    exchange: impl std::future::Future<Output = Result<T, OnlineError>>,
) -> Result<T, OnlineError> {
    tokio::time::timeout(PATIENCE, exchange)
        .await
        .map_err(|_| OnlineError::Timeout {
            url: server.ws_url(),
            seconds: PATIENCE.as_secs(),
        })?
}

/// Asks `server` for one answer to `request`; an `Error` answer is the error.
pub async fn ask(
    server: &ServerAddress,
    request: &ClientMessage,
) -> Result<ServerMessage, OnlineError> {
    within_patience(server, async {
        let mut c = Connection::open(server).await?;
        c.send(request).await?;
        let answer = c.recv().await?;
        c.close().await;
        match answer {
            ServerMessage::Error { code, message } => Err(OnlineError::Refused { code, message }),
            other => Ok(other),
        }
    })
    .await
}

/// Creates a game with every seat held by a token.
pub async fn create_game(
    server: &ServerAddress,
    variant: Variant,
    time: TimeControl,
) -> Result<Created, OnlineError> {
    create(
        server,
        &NewGame {
            variant,
            time,
            open: Vec::new(),
        },
    )
    .await
}

pub async fn create(server: &ServerAddress, new: &NewGame) -> Result<Created, OnlineError> {
    let request = ClientMessage::Create {
        v: PROTOCOL_VERSION,
        variant: new.variant,
        time: new.time,
        open: new.open.clone(),
    };
    match ask(server, &request).await? {
        ServerMessage::Created { game, seats, open } => Ok(Created { game, seats, open }),
        _ => Err(OnlineError::Unexpected {
            expected: "the game created",
        }),
    }
}

/// The open seats of the server's live games, newest first.
pub async fn open_seats(server: &ServerAddress) -> Result<Vec<OpenSeat>, OnlineError> {
    let request = ClientMessage::Seats {
        v: PROTOCOL_VERSION,
    };
    match ask(server, &request).await? {
        ServerMessage::OpenSeats { seats } => Ok(seats),
        _ => Err(OnlineError::Unexpected {
            expected: "the open seats",
        }),
    }
}

/// Takes an open seat, giving the name the others will see.
pub async fn take_seat(
    server: &ServerAddress,
    game: &GameId,
    seat: SeatColour,
    name: Option<&PlayerName>,
) -> Result<Taken, OnlineError> {
    let request = ClientMessage::Take {
        v: PROTOCOL_VERSION,
        game: game.clone(),
        seat,
        name: name.cloned(),
    };
    match ask(server, &request).await? {
        ServerMessage::Taken { game, seat, token } => Ok(Taken { game, seat, token }),
        _ => Err(OnlineError::Unexpected {
            expected: "the seat taken",
        }),
    }
}

pub async fn list_games(server: &ServerAddress) -> Result<Vec<GameSummary>, OnlineError> {
    let request = ClientMessage::List {
        v: PROTOCOL_VERSION,
        before: None,
    };
    match ask(server, &request).await? {
        ServerMessage::Games { games } => Ok(games),
        _ => Err(OnlineError::Unexpected {
            expected: "the list of games",
        }),
    }
}

/// A game as a seat (or, without a token, a watcher) would see it on joining: the seat
/// the token holds, and the whole game. For lists that mark where it is one's move.
pub async fn peek_game(
    server: &ServerAddress,
    game: &GameId,
    token: Option<&SeatToken>,
) -> Result<(Option<SeatColour>, GameView), OnlineError> {
    let request = ClientMessage::Hello {
        v: PROTOCOL_VERSION,
        game: game.clone(),
        token: token.cloned(),
        name: None,
        board: false,
    };
    within_patience(server, async {
        let mut c = Connection::open(server).await?;
        c.send(&request).await?;
        loop {
            match c.recv().await? {
                ServerMessage::State { you, game, .. } => {
                    c.close().await;
                    return Ok((you, *game));
                }
                ServerMessage::Error { code, message } => {
                    return Err(OnlineError::Refused { code, message })
                }
                _ => continue,
            }
        }
    })
    .await
}

fn block_on<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(f)
}

/// [`peek_game`] for a program without a runtime.
pub fn peek_game_blocking(
    server: &ServerAddress,
    game: &GameId,
    token: Option<&SeatToken>,
) -> Result<(Option<SeatColour>, GameView), OnlineError> {
    block_on(peek_game(server, game, token))
}

/// [`create_game`] for a program without a runtime.
pub fn create_game_blocking(
    server: &ServerAddress,
    variant: Variant,
    time: TimeControl,
) -> Result<Created, OnlineError> {
    block_on(create_game(server, variant, time))
}

/// [`create`] for a program without a runtime.
pub fn create_blocking(server: &ServerAddress, new: &NewGame) -> Result<Created, OnlineError> {
    block_on(create(server, new))
}

/// [`open_seats`] for a program without a runtime.
pub fn open_seats_blocking(server: &ServerAddress) -> Result<Vec<OpenSeat>, OnlineError> {
    block_on(open_seats(server))
}

/// [`take_seat`] for a program without a runtime.
pub fn take_seat_blocking(
    server: &ServerAddress,
    game: &GameId,
    seat: SeatColour,
    name: Option<&PlayerName>,
) -> Result<Taken, OnlineError> {
    block_on(take_seat(server, game, seat, name))
}

/// [`list_games`] for a program without a runtime.
pub fn list_games_blocking(server: &ServerAddress) -> Result<Vec<GameSummary>, OnlineError> {
    block_on(list_games(server))
}
