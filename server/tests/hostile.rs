//! Wrong tokens, moves out of turn, illegal moves, watchers who move, unreadable,
//! oversized and binary frames, floods, another protocol version: each refused with a
//! message, closing at most the offending connection, the server serving on. A real
//! server process on loopback.

use camelot_engine::{SeatColour, Variant};
use camelot_online::protocol::requests::NewGame;
use camelot_online::protocol::{
    asks_of, Ask, ClientMessage, ErrorCode, GameId, Hello, SeatToken, ServerMessage, TimeControl,
};
use camelot_online::{ask, Connection, OnlineError, ServerAddress};
use camelot_test_support::online::{by_squares, create, join, next_news as next, sqlite_server};
use camelot_test_support::{http, Server};
use futures_util::{SinkExt, StreamExt};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

fn server(name: &str) -> Server {
    sqlite_server(
        std::path::Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        name,
    )
}

async fn joined(
    url: &ServerAddress,
    game: &str,
    token: Option<&SeatToken>,
) -> (Connection, ServerMessage) {
    join(url, Hello::seat(&GameId::parse(game).unwrap(), token, None)).await
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
    let again = create(url, Variant::GrandCam, TimeControl::Days { days: 3 }).await;
    assert_eq!(again.seats.len(), 4);
    let bad = ask(
        url,
        &NewGame::new(Variant::Camelot, TimeControl::Days { days: 99 }),
    )
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
    // A variant the server does not know is not a request of the protocol.
    let chess = http(
        &url.http_url(),
        "POST",
        "/games",
        Some(r#"{"variant":"chess","time":{"kind":"untimed"}}"#),
    );
    assert_eq!(chess.status, 400, "{chess:?}");
    let refusal: serde_json::Value = serde_json::from_str(&chess.body).unwrap();
    assert_eq!(refusal["code"], "unreadable");
    let message = refusal["message"].as_str().unwrap();
    assert!(message.contains("unknown variant `chess`"), "{message}");
}

#[tokio::test]
async fn wrong_tokens_and_unknown_games_are_refused_and_closed() {
    let s = server("tokens");
    let url = s.address();
    let created = create(&url, Variant::Camelot, TimeControl::Untimed).await;
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
        matches!(state, ServerMessage::State { you: None, ref game, .. } if game.moves.len() == 1 && game.moves[0].notation == "E6-E8")
    );
    watcher
        .send(&ClientMessage::Move {
            id: 5,
            ply: 1,
            mv: by_squares("H11-F9"),
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
    let created = create(&url, Variant::Camelot, TimeControl::Untimed).await;
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
        mv: by_squares("H11-F9"),
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
        mv: by_squares("E6-E9"),
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
        mv: by_squares("E6-E8"),
    })
    .await
    .unwrap();
    // White has a move to take back now; Black has none.
    match next(&mut w).await {
        ServerMessage::Moved { ply: 0, may, .. } => {
            assert!(asks_of(&may, SeatColour::White).contains(&Ask::OfferTakeback));
            assert!(!asks_of(&may, SeatColour::Black).contains(&Ask::OfferTakeback));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(next(&mut w).await, ServerMessage::Ack { id: 3, ply: 0 });
    w.send(&ClientMessage::Move {
        id: 4,
        ply: 0,
        mv: by_squares("E8-E9"),
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
        mv: by_squares("H11-F9"),
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
            message.contains("not a message of protocol version 4"),
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

/// A message over the size limit is refused politely however it is sent (in a hundred
/// small fragments, or whole): the server's error, then its close frame, then the end of
/// the socket, not a reset that can lose both (the rest of the message is still coming
/// when the server has its last word).
#[tokio::test]
async fn an_oversized_message_gets_its_error_a_close_and_a_clean_end() {
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    use tokio_tungstenite::tungstenite::protocol::frame::Frame;
    let s = server("oversized");
    let url = s.address();
    let g = create(&url, Variant::Camelot, TimeControl::Untimed).await;
    let fragments: Vec<Frame> = (0..100)
        .map(|i| {
            let opcode = OpCode::Data(if i == 0 { Data::Text } else { Data::Continue });
            Frame::message(vec![b'x'; 100], opcode, i == 99)
        })
        .collect();
    let whole = vec![Frame::message(
        vec![b'x'; 64 * 1024],
        OpCode::Data(Data::Text),
        true,
    )];
    for (shape, frames) in [("in fragments", &fragments), ("whole", &whole)] {
        for attempt in 0..3 {
            let mut r = raw(&url).await;
            let hello = ClientMessage::Hello(Hello::seat(&g.game, None, None));
            r.send(Message::text(serde_json::to_string(&hello).unwrap()))
                .await
                .unwrap();
            // Its answer (the game's state) first.
            assert!(raw_next(&mut r).await.is_some());
            for frame in frames {
                // Once the server has closed, the rest fails to go out.
                if r.send(Message::Frame(frame.clone())).await.is_err() {
                    break;
                }
            }
            let mut said = Vec::new();
            let closed = loop {
                match tokio::time::timeout(Duration::from_secs(5), r.next()).await {
                    Ok(Some(Ok(Message::Text(t)))) => said.push(t.to_string()),
                    Ok(Some(Ok(Message::Close(_)))) => break true,
                    Ok(Some(Ok(_))) => {}
                    Ok(Some(Err(e))) => panic!("{shape}, attempt {attempt}: {e} after {said:?}"),
                    Ok(None) | Err(_) => break false,
                }
            };
            assert!(
                closed,
                "{shape}, attempt {attempt}: no close frame after {said:?}"
            );
            assert!(
                said.iter().any(|t| t.contains("\"connection\"")),
                "{shape}, attempt {attempt}: {said:?}"
            );
            let end = tokio::time::timeout(Duration::from_secs(5), r.next()).await;
            assert!(
                matches!(end, Ok(None)),
                "{shape}, attempt {attempt}: the connection ended in {end:?}"
            );
        }
    }
    still_serves(&url).await;
}

#[tokio::test]
async fn a_flood_of_refused_moves_is_cut_off() {
    let s = server("flood");
    let url = s.address();
    let created = create(&url, Variant::Camelot, TimeControl::Untimed).await;
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
                mv: by_squares("A1-A2"),
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
async fn another_protocol_version_is_told_to_upgrade() {
    let s = server("version");
    let url = s.address();
    let mut old = raw(&url).await;
    old.send(Message::text(r#"{"t":"hello","v":99,"game":"x"}"#))
        .await
        .unwrap();
    match raw_next(&mut old).await {
        Some(ServerMessage::Error {
            code: ErrorCode::Upgrade,
            message,
        }) => {
            assert!(
                message.contains("protocol version 4") && message.contains("version 99"),
                "{message}"
            )
        }
        other => panic!("{other:?}"),
    }
    // Clients of versions 1 to 3, as they spoke (3 asked its one-shot requests on the
    // socket), read the message they always read, with the code that says upgrade.
    let game = create(&url, Variant::Camelot, TimeControl::Untimed)
        .await
        .game;
    for (v, first) in [1, 2, 3].into_iter().flat_map(|v| {
        [
            format!(r#"{{"t":"hello","v":{v},"game":"{game}"}}"#),
            format!(r#"{{"t":"create","v":{v},"variant":"camelot","time":{{"kind":"untimed"}}}}"#),
            format!(r#"{{"t":"list","v":{v}}}"#),
            format!(r#"{{"t":"seats","v":{v}}}"#),
            format!(r#"{{"t":"take","v":{v},"game":"{game}","seat":"Black"}}"#),
        ]
        .map(|m| (v, m))
    }) {
        let mut client = raw(&url).await;
        client.send(Message::text(first)).await.unwrap();
        let text = match client.next().await {
            Some(Ok(Message::Text(t))) => t.to_string(),
            other => panic!("{other:?}"),
        };
        // Version 1's error: a `message` beside `t` (the code, new in 2, is ignored there).
        let answer: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(answer["t"], "error");
        assert_eq!(answer["code"], "upgrade");
        assert_eq!(
            answer["message"],
            format!(
                "this server speaks protocol version 4, the client version {v}: upgrade the \
                 client (or the server, if it is the older)"
            )
        );
        assert_eq!(raw_next(&mut client).await, None, "and closed");
    }
    // An HTTP request that states another version is told the same; one that states
    // none (curl, a browser) is served.
    let stated = |version: &str| {
        let host = url.host().to_string();
        let mut tcp = std::net::TcpStream::connect(&host).unwrap();
        use std::io::{Read, Write};
        write!(
            tcp,
            "GET /games HTTP/1.0\r\nHost: {host}\r\ncamelot-protocol: {version}\r\n\r\n"
        )
        .unwrap();
        let mut text = String::new();
        tcp.read_to_string(&mut text).unwrap();
        text
    };
    let three = stated("3");
    assert!(three.starts_with("HTTP/1.0 400"), "{three}");
    assert!(three.contains(r#""code":"upgrade""#), "{three}");
    assert!(stated("4").starts_with("HTTP/1.0 200"));
    assert_eq!(http(&url.http_url(), "GET", "/games", None).status, 200);

    still_serves(&url).await;
}
