//! A session that ends, ends on the sockets admitted on it too: two accounts paired for a
//! quick game, one playing it on a socket opened with its token; then that session
//! ends in each way a session ends (logged out, the password changed from another
//! device, the account closed, the operator's reset and close from another process,
//! expiry), and the socket is told why and closed, and an offer and a resignation sent
//! on it afterwards change nothing: the opponent hears neither, the game goes on, and
//! no rating moves.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use camelot_engine::{SeatColour, Variant};
use camelot_online::protocol::accounts::{
    AccountToken, ChangePassword, CloseAccount, LogOut, Password, SessionEnd,
};
use camelot_online::protocol::pairing::{Pairing, QuickGame};
use camelot_online::protocol::requests::LookAtGame;
use camelot_online::protocol::{
    ClientMessage, GameId, Hello, OfferKind, ServerMessage, TimeControl,
};
use camelot_online::{ask, ask_as, Connection, ServerAddress};
use camelot_test_support::online::{logged_in, signed_up, until};
use camelot_test_support::{scratch, sqlite, Server};
use sqlx::Connection as _;

const BIN: &str = env!("CARGO_BIN_EXE_camelot-server");
const PASSWORD: &str = "round table";

async fn account(url: &ServerAddress, name: &str) -> AccountToken {
    signed_up(url, name, PASSWORD).await
}

/// Another device's session on `name`.
async fn log_in(url: &ServerAddress, name: &str) -> AccountToken {
    logged_in(url, name, PASSWORD).await
}

/// `a` and `b` paired for a quick game of Camette: the game, and `a`'s seat.
async fn paired(url: &ServerAddress, a: &AccountToken, b: &AccountToken) -> (GameId, SeatColour) {
    let quick = QuickGame {
        variant: Variant::Camette,
        time: TimeControl::Untimed,
    };
    let first = {
        let (url, a, quick) = (url.clone(), a.clone(), quick.clone());
        tokio::spawn(async move { ask_as(&url, Some(&a), &quick).await.unwrap() })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let second = ask_as(url, Some(b), &quick).await.unwrap();
    match (first.await.unwrap(), second) {
        (Pairing::Paired { game, seat }, Pairing::Paired { .. }) => (game, seat),
        other => panic!("both paired: {other:?}"),
    }
}

/// A socket on `game` opened with `token`, said hello as the account's seat.
async fn seated(url: &ServerAddress, token: &AccountToken, game: &GameId) -> Connection {
    let mut c = Connection::open_as(url, token).await.unwrap();
    c.send(&Hello::seat(game, None, None).into()).await.unwrap();
    let you = until(&mut c, |m| match m {
        ServerMessage::State { you, .. } => Some(you),
        _ => None,
    })
    .await;
    assert!(you.is_some(), "the account's seat");
    c
}

/// How a session is ended in a test.
#[derive(Clone, Copy, Debug)]
enum Ending {
    LogOut,
    PasswordChanged,
    Closed,
    OperatorReset,
    OperatorClose,
    Expired,
}

impl Ending {
    fn why(self) -> SessionEnd {
        match self {
            Ending::LogOut => SessionEnd::LoggedOut,
            Ending::PasswordChanged => SessionEnd::PasswordChanged,
            Ending::Closed => SessionEnd::AccountClosed,
            Ending::OperatorReset => SessionEnd::PasswordReset,
            Ending::OperatorClose => SessionEnd::ClosedByOperator,
            Ending::Expired => SessionEnd::Expired,
        }
    }

    /// Ends the session `token` of the account `name` this way, from another device or
    /// another process.
    async fn end(self, url: &ServerAddress, database: &str, name: &str, token: &AccountToken) {
        let operate = |what: &str| {
            let out = Command::new(BIN)
                .args(["--database", database, "account", what, name])
                .output()
                .unwrap();
            assert!(out.status.success(), "{out:?}");
        };
        match self {
            Ending::LogOut => {
                ask_as(url, Some(token), &LogOut {}).await.unwrap();
            }
            Ending::PasswordChanged => {
                let other = log_in(url, name).await;
                let change = ChangePassword {
                    old: Password::parse(PASSWORD).unwrap(),
                    new: Password::parse("the green chapel").unwrap(),
                    token: true,
                };
                ask_as(url, Some(&other), &change).await.unwrap();
            }
            Ending::Closed => {
                let other = log_in(url, name).await;
                let close = CloseAccount {
                    password: Password::parse(PASSWORD).unwrap(),
                };
                ask_as(url, Some(&other), &close).await.unwrap();
            }
            Ending::OperatorReset => operate("reset-password"),
            Ending::OperatorClose => operate("close"),
            Ending::Expired => {
                // As if the session's time had come: its end is written where it is kept.
                let mut db = sqlx::SqliteConnection::connect(database).await.unwrap();
                sqlx::query(
                    "UPDATE sessions SET expires_at = 1 WHERE account_id = \
                     (SELECT id FROM accounts WHERE name = $1)",
                )
                .bind(name)
                .execute(&mut db)
                .await
                .unwrap();
                db.close().await.unwrap();
            }
        }
    }
}

async fn a_socket_stops_acting_once_its_session_ends(ending: Ending) {
    let dir = scratch(&format!("signed-out-{ending:?}"));
    let database = sqlite(&dir);
    let server = Server::start(Path::new(BIN), &database, "127.0.0.1:0");
    let url = server.address();
    let gareth = account(&url, "Gareth").await;
    let lynette = account(&url, "Lynette").await;
    let (game, _) = paired(&url, &gareth, &lynette).await;
    let mut mine = seated(&url, &gareth, &game).await;
    let mut theirs = seated(&url, &lynette, &game).await;

    let started = std::time::Instant::now();
    ending.end(&url, &database, "Gareth", &gareth).await;
    let said = tokio::time::timeout(
        Duration::from_secs(30),
        until(&mut mine, |m| match m {
            ServerMessage::SignedOut { why, message } => Some((why, message)),
            _ => None,
        }),
    )
    .await
    .expect("the socket is told its session ended");
    eprintln!("{ending:?}: told after {:?}", started.elapsed());
    assert_eq!(said.0, ending.why(), "{said:?}");
    assert_eq!(said.1, ending.why().to_string());
    // What comes after on that socket acts for nobody.
    let _ = mine
        .send(&ClientMessage::Offer {
            kind: OfferKind::Draw,
        })
        .await;
    let _ = mine.send(&ClientMessage::Resign).await;
    assert!(
        tokio::time::timeout(Duration::from_secs(5), mine.recv())
            .await
            .is_ok_and(|r| r.is_err()),
        "the server closed the socket"
    );
    // Lynette hears neither the offer nor a resignation; the game goes on.
    theirs.send(&ClientMessage::Ping { n: 7 }).await.unwrap();
    let heard = tokio::time::timeout(
        Duration::from_secs(10),
        until(&mut theirs, |m| match m {
            ServerMessage::Offered { .. } | ServerMessage::Ended { .. } => Some(Err(m)),
            ServerMessage::Pong { n: 7 } => Some(Ok(())),
            _ => None,
        }),
    )
    .await
    .unwrap();
    assert_eq!(heard, Ok(()), "nothing acted for the ended session");
    let look = LookAtGame {
        game: game.clone(),
        token: None,
    };
    let state = ask(&url, &look).await.unwrap();
    assert_eq!(state.game.result, None, "the game goes on");
    assert!(state.game.offers.is_empty(), "no offer stands");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logging_out_ends_the_sockets_of_the_session() {
    a_socket_stops_acting_once_its_session_ends(Ending::LogOut).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_changed_elsewhere_ends_the_sockets_of_every_session() {
    a_socket_stops_acting_once_its_session_ends(Ending::PasswordChanged).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_account_resigns_nothing() {
    a_socket_stops_acting_once_its_session_ends(Ending::Closed).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operators_reset_from_another_process_ends_the_sockets() {
    a_socket_stops_acting_once_its_session_ends(Ending::OperatorReset).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operators_close_from_another_process_ends_the_sockets() {
    a_socket_stops_acting_once_its_session_ends(Ending::OperatorClose).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_session_ends_its_sockets() {
    a_socket_stops_acting_once_its_session_ends(Ending::Expired).await;
}
