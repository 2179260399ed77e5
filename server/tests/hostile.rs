//! Wrong tokens, moves out of turn, illegal moves, watchers who move, unreadable,
//! oversized and binary frames, floods, another protocol version: each refused with a
//! message, closing at most the offending connection, the server serving on. A real
//! server process on loopback.

use camelot_engine::{SeatColour, Variant};
use camelot_online::protocol::{
    ClientMessage, ErrorCode, GameId, SeatToken, ServerMessage, TimeControl, PROTOCOL_VERSION,
};
use camelot_online::{create_game, Connection, OnlineError, ServerAddress};
use camelot_test_support::{scratch, sqlite, Server};
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;

fn server(name: &str) -> Server {
    let dir = scratch(name);
    Server::start(
        std::path::Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        &sqlite(&dir),
        "127.0.0.1:0",
    )
}

async fn joined(
    url: &ServerAddress,
    game: &str,
    token: Option<&SeatToken>,
) -> (Connection, ServerMessage) {
    let mut c = Connection::open(url).await.expect("connects");
    c.send(&ClientMessage::Hello {
        v: PROTOCOL_VERSION,
        game: GameId::parse(game).unwrap(),
        token: token.cloned(),
        name: None,
        board: false,
    })
    .await
    .unwrap();
    let first = loop {
        match c.recv().await.expect("an answer") {
            ServerMessage::Presence { .. } => continue,
            other => break other,
        }
    };
    (c, first)
}

/// The next message that is not about presence.
async fn next(c: &mut Connection) -> ServerMessage {
    loop {
        match c.recv().await.expect("a message") {
            ServerMessage::Presence { .. } => continue,
            other => return other,
        }
    }
}

async fn raw(
    url: &ServerAddress,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    tokio_tungstenite::connect_async(url.ws_url())
        .await
        .expect("connects")
        .0
}

/// The next text frame as a server message, or `None` when the server closed.
async fn raw_next(
    s: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
) -> Option<ServerMessage> {
    loop {
        match s.next().await {
            Some(Ok(Message::Text(t))) => return Some(serde_json::from_str(&t).unwrap()),
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
            Some(Ok(_)) => continue,
        }
    }
}

/// The server still creates games and refuses bad ones, after whatever came before.
async fn still_serves(url: &ServerAddress) {
    let again = create_game(url, Variant::GrandCam, TimeControl::Days { days: 3 })
        .await
        .unwrap();
    assert_eq!(again.seats.len(), 4);
    let bad = create_game(url, Variant::Camelot, TimeControl::Days { days: 99 })
        .await
        .unwrap_err();
    assert!(
        matches!(
            &bad,
            OnlineError::Refused {
                code: ErrorCode::BadTimeControl,
                ..
            }
        ),
        "{bad:?}"
    );
    assert_eq!(bad.to_string(), "1 to 30 days a move");
    // A variant the server does not know is not a message of the protocol.
    let mut r = raw(url).await;
    r.send(Message::text(
        r#"{"t":"create","v":2,"variant":"chess","time":{"kind":"untimed"}}"#,
    ))
    .await
    .unwrap();
    match raw_next(&mut r).await {
        Some(ServerMessage::Error {
            code: ErrorCode::Unreadable,
            message,
        }) => assert!(message.contains("unknown variant `chess`"), "{message}"),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn wrong_tokens_and_unknown_games_are_refused_and_closed() {
    let s = server("tokens");
    let url = s.address();
    let created = create_game(&url, Variant::Camelot, TimeControl::Untimed)
        .await
        .unwrap();
    // A token that holds no seat, and a game that does not exist: said, and closed.
    let wrong = SeatToken::new("not-a-token");
    let (mut c, first) = joined(&url, created.game.as_str(), Some(&wrong)).await;
    assert_eq!(
        first,
        ServerMessage::error(
            ErrorCode::WrongToken,
            format!("that token holds no seat in game {}", created.game)
        )
    );
    assert!(c.recv().await.is_err(), "the connection is closed");
    let (_, first) = joined(&url, "nosuchgame", None).await;
    assert_eq!(
        first,
        ServerMessage::error(ErrorCode::NoSuchGame, "there is no game 'nosuchgame'")
    );

    still_serves(&url).await;
}

/// A watcher who moves or resigns is refused, and nothing changes.
async fn watchers_can_only_watch(url: &ServerAddress, game: &str) {
    // A watcher can only watch.
    let (mut watcher, state) = joined(url, game, None).await;
    assert!(
        matches!(state, ServerMessage::State { you: None, ref game, .. } if game.moves == ["E6-E8"])
    );
    watcher
        .send(&ClientMessage::Move {
            id: 5,
            ply: 1,
            mv: "H11-F9".into(),
        })
        .await
        .unwrap();
    assert_eq!(
        next(&mut watcher).await,
        ServerMessage::Rejected {
            id: 5,
            code: ErrorCode::Watcher,
            reason: "watchers can only watch".into()
        }
    );
    watcher.send(&ClientMessage::Resign).await.unwrap();
    assert_eq!(
        next(&mut watcher).await,
        ServerMessage::error(ErrorCode::Watcher, "watchers can only watch")
    );
}

#[tokio::test]
async fn moves_out_of_turn_illegal_stale_or_by_watchers_are_refused() {
    let s = server("moves");
    let url = s.address();
    let created = create_game(&url, Variant::Camelot, TimeControl::Untimed)
        .await
        .unwrap();
    let game = created.game.as_str();
    let (white, black) = (
        &created.seats[&SeatColour::White],
        &created.seats[&SeatColour::Black],
    );
    // Out of turn, illegal, for a past ply: refused with the reason, nothing stored.
    let (mut b, state) = joined(&url, game, Some(black)).await;
    assert!(matches!(
        state,
        ServerMessage::State {
            you: Some(SeatColour::Black),
            ..
        }
    ));
    b.send(&ClientMessage::Move {
        id: 1,
        ply: 0,
        mv: "H11-F9".into(),
    })
    .await
    .unwrap();
    assert_eq!(
        next(&mut b).await,
        ServerMessage::Rejected {
            id: 1,
            code: ErrorCode::NotYourTurn,
            reason: "it is White's turn, not Black's".into()
        }
    );
    let (mut w, _) = joined(&url, game, Some(white)).await;
    w.send(&ClientMessage::Move {
        id: 2,
        ply: 0,
        mv: "E6-E9".into(),
    })
    .await
    .unwrap();
    match next(&mut w).await {
        ServerMessage::Rejected {
            id: 2,
            code: ErrorCode::IllegalMove,
            reason,
        } => assert!(reason.contains("E6-E9"), "{reason}"),
        other => panic!("{other:?}"),
    }
    w.send(&ClientMessage::Move {
        id: 3,
        ply: 0,
        mv: "E6-E8".into(),
    })
    .await
    .unwrap();
    assert!(matches!(
        next(&mut w).await,
        ServerMessage::Moved { ply: 0, .. }
    ));
    assert_eq!(next(&mut w).await, ServerMessage::Ack { id: 3, ply: 0 });
    w.send(&ClientMessage::Move {
        id: 4,
        ply: 0,
        mv: "E8-E9".into(),
    })
    .await
    .unwrap();
    assert_eq!(
        next(&mut w).await,
        ServerMessage::Rejected {
            id: 4,
            code: ErrorCode::NotYourTurn,
            reason: "it is Black's turn, not White's".into()
        }
    );

    watchers_can_only_watch(&url, game).await;

    // Through all of it the game went on, and the server still serves.
    b.send(&ClientMessage::Move {
        id: 6,
        ply: 1,
        mv: "H11-F9".into(),
    })
    .await
    .unwrap();
    loop {
        match next(&mut b).await {
            ServerMessage::Ack { id: 6, ply: 1 } => break,
            ServerMessage::Moved { .. } => continue,
            other => panic!("{other:?}"),
        }
    }
    still_serves(&url).await;
}

#[tokio::test]
async fn unreadable_binary_and_oversized_frames_close_at_most_their_connection() {
    let s = server("frames");
    let url = s.address();
    // Unreadable text is answered and the connection goes on; binary frames and
    // oversized ones close that connection only.
    let mut r = raw(&url).await;
    r.send(Message::text("{\"t\":\"fly\"}")).await.unwrap();
    match raw_next(&mut r).await {
        Some(ServerMessage::Error {
            code: ErrorCode::Unreadable,
            message,
        }) => assert!(
            message.contains("not a message of protocol version 3"),
            "{message}"
        ),
        other => panic!("{other:?}"),
    }
    r.send(Message::text("{\"t\":\"ping\",\"n\":7}"))
        .await
        .unwrap();
    assert_eq!(raw_next(&mut r).await, Some(ServerMessage::Pong { n: 7 }));
    r.send(Message::binary(vec![0u8; 10])).await.unwrap();
    assert_eq!(
        raw_next(&mut r).await,
        Some(ServerMessage::error(
            ErrorCode::Unreadable,
            "binary frames are not part of the protocol"
        ))
    );
    assert_eq!(raw_next(&mut r).await, None);
    let mut big = raw(&url).await;
    let huge = format!(
        "{{\"t\":\"ping\",\"n\":1,\"pad\":\"{}\"}}",
        "x".repeat(64 * 1024)
    );
    let _ = big.send(Message::text(huge)).await;
    // Whatever it says, the server closes this connection (the loop ends only then).
    while let Some(m) = raw_next(&mut big).await {
        assert!(matches!(m, ServerMessage::Error { .. }), "{m:?}");
    }

    // Garbage, again and again: the connection is closed after ten.
    let mut g = raw(&url).await;
    for _ in 0..10 {
        let _ = g.send(Message::text("not json")).await;
    }
    let mut errors = 0;
    while let Some(m) = raw_next(&mut g).await {
        assert!(matches!(m, ServerMessage::Error { .. }));
        errors += 1;
    }
    assert_eq!(errors, 10);

    still_serves(&url).await;
}

#[tokio::test]
async fn a_flood_of_refused_moves_is_cut_off() {
    let s = server("flood");
    let url = s.address();
    let created = create_game(&url, Variant::Camelot, TimeControl::Untimed)
        .await
        .unwrap();
    let white = &created.seats[&SeatColour::White];
    // A flood of refused moves is cut off, and the flooder is told why: the server
    // reads what is still coming until the client closes, so that the connection ends
    // with a close and not a reset that would lose the message.
    let (mut flood, _) = joined(&url, created.game.as_str(), Some(white)).await;
    for id in 0..200 {
        flood
            .send(&ClientMessage::Move {
                id,
                ply: 9,
                mv: "A1-A2".into(),
            })
            .await
            .expect("the server reads the whole flood");
    }
    let mut cut = false;
    loop {
        match flood.recv().await {
            Ok(ServerMessage::Error {
                code: ErrorCode::Flood,
                message,
            }) => {
                assert_eq!(message, "too many messages: at most 20 a second");
                cut = true;
            }
            Ok(ServerMessage::Rejected { .. }) => assert!(!cut, "nothing after the cut"),
            Ok(ServerMessage::Presence { .. }) => {}
            Ok(other) => panic!("{other:?}"),
            Err(e) => {
                assert!(
                    matches!(e, camelot_online::OnlineError::Closed),
                    "a close, not a reset: {e}"
                );
                break;
            }
        }
    }
    assert!(cut, "the flood was cut off");

    still_serves(&url).await;
}

#[tokio::test]
async fn another_protocol_version_is_told_which_one_the_server_speaks() {
    let s = server("version");
    let url = s.address();
    // Another protocol version is told which one the server speaks.
    let mut old = raw(&url).await;
    old.send(Message::text(r#"{"t":"hello","v":99,"game":"x"}"#))
        .await
        .unwrap();
    match raw_next(&mut old).await {
        Some(ServerMessage::Error {
            code: ErrorCode::Version,
            message,
        }) => {
            assert!(
                message.contains("protocol version 3") && message.contains("version 99"),
                "{message}"
            )
        }
        other => panic!("{other:?}"),
    }
    // Clients of versions 1 and 2, as they spoke, read the message they always read.
    let game = create_game(&url, Variant::Camelot, TimeControl::Untimed)
        .await
        .unwrap()
        .game;
    for (v, first) in [1, 2].into_iter().flat_map(|v| {
        [
            format!(r#"{{"t":"hello","v":{v},"game":"{game}"}}"#),
            format!(r#"{{"t":"create","v":{v},"variant":"camelot","time":{{"kind":"untimed"}}}}"#),
            format!(r#"{{"t":"list","v":{v}}}"#),
        ]
        .map(|m| (v, m))
    }) {
        let mut v1 = raw(&url).await;
        v1.send(Message::text(first)).await.unwrap();
        let text = match v1.next().await {
            Some(Ok(Message::Text(t))) => t.to_string(),
            other => panic!("{other:?}"),
        };
        // Version 1's error: a `message` beside `t` (the code, new in 2, is ignored there).
        let answer: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(answer["t"], "error");
        assert_eq!(
            answer["message"],
            format!(
                "this server speaks protocol version 3, the client version {v}: update the older one"
            )
        );
        assert_eq!(raw_next(&mut v1).await, None, "and closed");
    }

    still_serves(&url).await;
}
