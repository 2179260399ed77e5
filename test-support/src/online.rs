//! The online tests' prelude: a server on a scratch database, games created, accounts
//! signed up and logged in, connections joined to a game, the next message within a deadline, and moves named as a client
//! names them.

use std::path::Path;
use std::time::{Duration, Instant};

use camelot_engine::SeatColour;
use camelot_engine::{Coord, MoveKind, NamedMove, Variant};
use camelot_online::protocol::accounts::{
    AccountKind, AccountName, AccountToken, LogIn, Password, SignUp,
};
use camelot_online::protocol::requests::{Created, LookAtGame, NewGame};
use camelot_online::protocol::{ClientMessage, GameId, Hello, ServerMessage, TimeControl};
use camelot_online::{ask, Connection, Mirror, ServerAddress};

use crate::server::{scratch, sqlite, Server};

/// How long a test waits for the server's next message.
const PATIENCE: Duration = Duration::from_secs(15);

/// `bin` on a SQLite database in a scratch folder named for the test, on a free
/// loopback port.
pub fn sqlite_server(bin: &Path, name: &str) -> Server {
    sqlite_server_with(bin, name, &[])
}

/// The same, with more of the server's options (`--games-per-minute 3`).
pub fn sqlite_server_with(bin: &Path, name: &str, extra: &[&str]) -> Server {
    let db = sqlite(&scratch(name));
    let mut args = vec!["--listen", "127.0.0.1:0", "--database", &db];
    args.extend_from_slice(extra);
    Server::start_with(bin, &args)
}

/// A game with every seat held by a token.
pub async fn create(url: &ServerAddress, variant: Variant, time: TimeControl) -> Created {
    ask(url, &NewGame::new(variant, time))
        .await
        .expect("the server creates a game")
}

/// A connection that has said `hello`, and the first message it was sent that is not
/// about presence (the game's state, or why not).
pub async fn join(url: &ServerAddress, hello: Hello) -> (Connection, ServerMessage) {
    let mut c = Connection::open(url).await.expect("connects");
    c.send(&hello.into()).await.expect("says hello");
    let first = next_news(&mut c).await;
    (c, first)
}

/// The next message, within the tests' patience.
pub async fn next(c: &mut Connection) -> ServerMessage {
    tokio::time::timeout(PATIENCE, c.recv())
        .await
        .expect("a message within 15 s")
        .expect("a message")
}

/// The next message that is not about presence.
pub async fn next_news(c: &mut Connection) -> ServerMessage {
    loop {
        match next(c).await {
            ServerMessage::Presence { .. } => continue,
            other => return other,
        }
    }
}

/// The next message `pick` takes, skipping the others.
pub async fn until<T>(c: &mut Connection, mut pick: impl FnMut(ServerMessage) -> Option<T>) -> T {
    loop {
        if let Some(t) = pick(next(c).await) {
            return t;
        }
    }
}

/// A move as a client without an engine would send it: the squares written in `text`
/// (`E6-E8`, `F6xF8`, `T@C3`, `pass`) and no captures. The server reads a move by its
/// squares, so this names any legal move that captures nothing, and an illegal one for
/// the server to refuse.
pub fn by_squares(text: &str) -> NamedMove {
    let squares = |s: &str| -> Vec<Coord> {
        s.split(['-', 'x'])
            .map(|sq| sq.parse().expect("a square's name"))
            .collect()
    };
    let (kind, path) = if text == "pass" {
        (MoveKind::Pass, Vec::new())
    } else if let Some(sq) = text.strip_prefix("T@") {
        (MoveKind::PlaceTree, squares(sq))
    } else {
        (MoveKind::Plain, squares(text))
    };
    NamedMove {
        path,
        kind,
        steps: Vec::new(),
        captures: Vec::new(),
        notation: text.into(),
    }
}

/// A game of Camette between two people on `url`: `plies` moves (each the first the
/// server lists), then White resigns, unless the rules ended the game before. Its id.
pub async fn finished_game(url: &ServerAddress, plies: usize) -> GameId {
    finished_game_of(url, Variant::Camette, plies).await
}

/// The same, of `variant` (of two seats).
pub async fn finished_game_of(url: &ServerAddress, variant: Variant, plies: usize) -> GameId {
    let created = ask(url, &NewGame::new(variant, TimeControl::Untimed))
        .await
        .unwrap();
    let mut seats = Vec::new();
    for colour in [SeatColour::White, SeatColour::Black] {
        let token = &created.seats[&colour];
        let (c, state) = join(url, Hello::seat(&created.game, Some(token), None)).await;
        let ServerMessage::State { you, game, .. } = state else {
            panic!("{state:?}")
        };
        seats.push((c, Mirror::from_state(you, &game).unwrap()));
    }
    for ply in 0..plies {
        if seats[0].1.is_over() || seats[0].1.game.outcome().is_some() {
            // The rules ended it first.
            return created.game;
        }
        let (c, mirror) = &mut seats[ply % 2];
        let mv = mirror.game.position().named_moves()[0].clone();
        let id = ply as u64 + 1;
        c.send(&ClientMessage::Move {
            id,
            ply: ply as u32,
            mv,
        })
        .await
        .unwrap();
        // Both hear the move (the mover its acknowledgement too).
        for (c, mirror) in seats.iter_mut() {
            while mirror.game.ply() <= ply {
                let m = next(c).await;
                if let ServerMessage::Rejected { reason, .. } = &m {
                    panic!("refused: {reason}");
                }
                mirror.apply(&m).unwrap();
            }
        }
    }
    seats[0].0.send(&ClientMessage::Resign).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(15);
    let look = LookAtGame {
        game: created.game.clone(),
        token: None,
    };
    while ask(url, &look)
        .await
        .expect("the game")
        .game
        .result
        .is_none()
    {
        assert!(Instant::now() < deadline, "the resignation was not stored");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    created.game
}

/// A person's new account `name` with `password`: its program's session.
pub async fn signed_up(url: &ServerAddress, name: &str, password: &str) -> AccountToken {
    let req = SignUp {
        name: AccountName::parse(name).expect("a name"),
        password: Password::parse(password).expect("a password"),
        kind: AccountKind::Person,
        rated_with_people: false,
        token: true,
    };
    ask(url, &req)
        .await
        .expect("signed up")
        .token
        .expect("a token")
}

/// Another program's session on `name`, from a device the account does not know.
pub async fn logged_in(url: &ServerAddress, name: &str, password: &str) -> AccountToken {
    let req = LogIn {
        name: AccountName::parse(name).expect("a name"),
        password: Password::parse(password).expect("a password"),
        token: true,
        device: None,
    };
    ask(url, &req)
        .await
        .expect("logged in")
        .token
        .expect("a token")
}
