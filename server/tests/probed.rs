//! The defects found by probing the server, each with the test that found it: a
//! finished game's record that lost its result, a takeback that charged the other side's
//! thinking to the player whose move came back, sockets that held on without ever saying
//! anything whole, connections and games without limit, games nobody joined kept for
//! ever, a game list that showed only its newest page. A real server process on
//! loopback; clients from several loopback addresses (127.0.0.1, .2, .3) stand for
//! players on different machines.

use std::time::{Duration, Instant};

use camelot_engine::notation::Record;
use camelot_engine::{NamedMove, SeatColour, Variant};
use camelot_online::protocol::requests::ListGames;
use camelot_online::protocol::{
    BoardView, ClientMessage, ErrorCode, GameId, Hello, OfferKind, SeatToken, ServerMessage,
    TimeControl,
};
use camelot_online::{ask, Connection, ServerAddress};
use camelot_test_support::addressed::{
    answer, ask_from, exchange_from, get_from, https_from, request_from, say, tcp_from, ws_from,
    ws_from_page, Socket,
};
use camelot_test_support::online::{by_squares, create, join, next, sqlite_server_with};
use camelot_test_support::{http, scratch, self_signed_certificate, sqlite, Server};
use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

fn server(name: &str, extra: &[&str]) -> Server {
    sqlite_server_with(
        std::path::Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        name,
        extra,
    )
}

async fn hello(url: &ServerAddress, game: &GameId, token: Option<&SeatToken>) -> Connection {
    let (mut c, mut first) = join(url, Hello::seat(game, token, None)).await;
    while !matches!(first, ServerMessage::State { .. }) {
        first = next(&mut c).await;
    }
    c
}

/// Plays `mv` (by its squares) as ply `ply` and waits for its acknowledgement.
async fn play(c: &mut Connection, ply: u32, mv: &str) {
    play_named(c, ply, by_squares(mv)).await;
}

/// Plays `mv` as ply `ply` and waits for its acknowledgement.
async fn play_named(c: &mut Connection, ply: u32, mv: NamedMove) {
    let notation = mv.notation.clone();
    c.send(&ClientMessage::Move {
        id: ply as u64,
        ply,
        mv,
    })
    .await
    .unwrap();
    loop {
        match next(c).await {
            ServerMessage::Ack { .. } => return,
            ServerMessage::Rejected { reason, .. } => panic!("{notation}: {reason}"),
            _ => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_record_keeps_its_result_once_it_has_left_memory() {
    let s = server("record-result", &[]);
    let url = s.address();
    let created = create(
        &url,
        Variant::Camelot,
        TimeControl::Clock {
            minutes: 0,
            increment: 2,
        },
    )
    .await;
    let mut white = hello(
        &url,
        &created.game,
        Some(&created.seats[&SeatColour::White]),
    )
    .await;
    let mut black = hello(
        &url,
        &created.game,
        Some(&created.seats[&SeatColour::Black]),
    )
    .await;
    play(&mut white, 0, "E6-E8").await;
    play(&mut black, 1, "H11-F9").await;
    // White's two seconds run out with nobody there; the game leaves the server's memory.
    white.close().await;
    black.close().await;
    tokio::time::sleep(Duration::from_millis(3000)).await;
    let text = http(&s.url, "GET", &format!("/games/{}.cgn", created.game), None).body;
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    assert!(text.contains("[Termination \"time\"]"), "{text}");
    let (record, _) = Record::import(&text).unwrap();
    assert_eq!(record.result, "0-1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_restarts_the_clock_of_the_move_taken_back() {
    let s = server("takeback-clock", &[]);
    let url = s.address();
    let created = create(
        &url,
        Variant::Camelot,
        TimeControl::Clock {
            minutes: 0,
            increment: 10,
        },
    )
    .await;
    let mut white = hello(
        &url,
        &created.game,
        Some(&created.seats[&SeatColour::White]),
    )
    .await;
    let mut black = hello(
        &url,
        &created.game,
        Some(&created.seats[&SeatColour::Black]),
    )
    .await;
    play(&mut white, 0, "E6-E8").await;
    play(&mut black, 1, "H11-F9").await;
    play(&mut white, 2, "H6-F8").await;
    white
        .send(&ClientMessage::Offer {
            kind: OfferKind::Takeback,
        })
        .await
        .unwrap();
    // Black takes four seconds to agree: that time is nobody's.
    tokio::time::sleep(Duration::from_secs(4)).await;
    black
        .send(&ClientMessage::Accept {
            kind: OfferKind::Takeback,
        })
        .await
        .unwrap();
    let clocks = loop {
        if let ServerMessage::State { game, .. } = next(&mut white).await {
            assert_eq!(game.moves.len(), 2);
            break game.clocks.unwrap();
        }
    };
    assert_eq!(clocks.running, Some(0));
    assert!(
        clocks.remaining_ms[0] >= 9_800,
        "White has the ten seconds back, not {} ms",
        clocks.remaining_ms[0]
    );
}

/// Reads until the server closes the socket; how long that took.
async fn closed_after(mut tcp: TcpStream, limit: Duration) -> Duration {
    let start = Instant::now();
    let mut buf = [0u8; 512];
    loop {
        match tokio::time::timeout(limit.saturating_sub(start.elapsed()), tcp.read(&mut buf)).await
        {
            Ok(Ok(0)) | Ok(Err(_)) => return start.elapsed(),
            Ok(Ok(_)) => continue,
            Err(_) => panic!("still open after {limit:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_that_say_nothing_whole_are_closed_within_ten_seconds() {
    let s = server("silent", &[]);
    let limit = Duration::from_secs(14);
    let mut half = tcp_from("127.0.0.1", &s).await;
    half.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nUser-Ag")
        .await
        .unwrap();
    let silent = tcp_from("127.0.0.1", &s).await;
    let mut mute = ws_from("127.0.0.1", &s).await.unwrap();
    let (half, silent, said) = tokio::join!(
        closed_after(half, limit),
        closed_after(silent, limit),
        async {
            let said = answer(&mut mute).await;
            assert!(matches!(
                mute.next().await,
                Some(Ok(Message::Close(_))) | None
            ));
            said
        }
    );
    assert!(half >= Duration::from_secs(8), "{half:?}");
    assert!(silent >= Duration::from_secs(8), "{silent:?}");
    match said {
        ServerMessage::Error {
            code: ErrorCode::Connection,
            message,
        } => assert!(message.contains("within 10 s"), "{message}"),
        other => panic!("{other:?}"),
    }
    // Meanwhile and after, the server serves.
    assert_eq!(get_from("127.0.0.1", &s, "/").await.0, 200);
}

/// The idle deadline counts what the peer says, not what the server forwards: a
/// watcher that vanished (reads nothing, answers no ping) is closed while the game goes
/// on moving, and one that is there (its socket answers the server's pings by itself)
/// stays, saying nothing of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_peer_of_a_moving_game_is_closed_and_a_present_one_kept() {
    let s = server("vanished", &["--idle-timeout", "3"]);
    let url = s.address();
    let g = create(&url, Variant::Camelot, TimeControl::Untimed).await;
    let said_hello = Message::text(
        serde_json::to_string(&ClientMessage::Hello(Hello::seat(&g.game, None, None))).unwrap(),
    );
    let mut vanished = ws_from("127.0.0.1", &s).await.unwrap();
    vanished.send(said_hello.clone()).await.unwrap();
    let mut present = ws_from("127.0.0.1", &s).await.unwrap();
    present.send(said_hello).await.unwrap();
    // The present watcher reads all the while (its library answers pings as it reads).
    let reader = tokio::spawn(async move {
        let mut texts = Vec::new();
        let until = tokio::time::Instant::now() + Duration::from_secs(7);
        while let Ok(Some(frame)) = tokio::time::timeout_at(until, present.next()).await {
            match frame {
                Ok(Message::Text(t)) => texts.push(t.to_string()),
                Ok(Message::Close(_)) | Err(_) => {
                    texts.push("closed".into());
                    break;
                }
                Ok(_) => {}
            }
        }
        texts
    });
    // The game moves every half second for six seconds, twice the idle deadline.
    let mut white = hello_seat(&url, &g.game, &g.seats[&SeatColour::White]).await;
    let mut black = hello_seat(&url, &g.game, &g.seats[&SeatColour::Black]).await;
    let moves = ["C6-C5", "C11-C12", "C5-C6", "C12-C11", "C6-C5", "C11-C12"];
    for (ply, mv) in moves.iter().enumerate() {
        let side = if ply % 2 == 0 { &mut white } else { &mut black };
        play(side, ply as u32, mv).await;
        tokio::time::sleep(Duration::from_millis(1000)).await;
    }
    // The vanished one: the server's last word, then the close.
    let mut said = Vec::new();
    while let Ok(Some(Ok(frame))) =
        tokio::time::timeout(Duration::from_secs(2), vanished.next()).await
    {
        match frame {
            Message::Text(t) => said.push(t.to_string()),
            Message::Close(_) => {
                said.push("closed".into());
                break;
            }
            _ => {}
        }
    }
    assert_eq!(said.last().map(String::as_str), Some("closed"), "{said:?}");
    assert!(
        said.iter().any(|t| t.contains("nothing heard for 3 s")),
        "{said:?}"
    );
    let texts = reader.await.unwrap();
    assert!(
        !texts
            .iter()
            .any(|t| t == "closed" || t.contains("nothing heard")),
        "{texts:?}"
    );
    assert!(
        texts.iter().filter(|t| t.contains("\"moved\"")).count() >= 5,
        "{texts:?}"
    );
}

async fn hello_seat(url: &ServerAddress, game: &GameId, token: &SeatToken) -> Connection {
    hello(url, game, Some(token)).await
}

/// `GET path` over HTTPS, trusting the certificate in `cert`: what the server answered,
/// or why the connection failed.
async fn https_get(port: u16, cert: &std::path::Path, path: &str) -> std::io::Result<String> {
    let request = format!("GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n");
    https_from("127.0.0.1", port, cert, &request).await
}

/// On an HTTPS port an address over its cap is answered 503 in HTTPS, as on a plain
/// port, and one address's TLS handshakes are limited: beyond them its connections are
/// closed unanswered, while the server serves others.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn https_turns_away_in_https_and_limits_handshakes_per_address() {
    let dir = scratch("tls-caps");
    let cert = self_signed_certificate(&dir);
    let s = Server::start_with(
        std::path::Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        &[
            "--listen",
            "127.0.0.1:0",
            "--database",
            &sqlite(&dir),
            "--tls-cert",
            cert.cert.to_str().unwrap(),
            "--tls-key",
            cert.key.to_str().unwrap(),
            "--max-connections-per-address",
            "2",
            "--handshakes-per-minute",
            "8",
        ],
    );
    let held = [
        tcp_from("127.0.0.1", &s).await,
        tcp_from("127.0.0.1", &s).await,
    ];
    let answer = https_get(s.port, &cert.cert, "/").await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(
        answer.ends_with("too many connections from your address\n"),
        "{answer}"
    );
    drop(held);
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Eight handshakes a minute: two went to the held sockets, one to the 503.
    let mut served = 0;
    let mut refused = 0;
    for _ in 0..10 {
        match https_get(s.port, &cert.cert, "/version").await {
            Ok(text) if text.starts_with("HTTP/1.0 200") => served += 1,
            Ok(text) => panic!("{text}"),
            Err(_) => refused += 1,
        }
    }
    assert!(
        (4..=6).contains(&served),
        "{served} served, {refused} refused"
    );
    assert!(refused >= 4, "{served} served, {refused} refused");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_are_capped_in_all_and_from_each_address() {
    let s = server(
        "caps",
        &[
            "--max-connections",
            "5",
            "--max-connections-per-address",
            "3",
        ],
    );
    let mut first = Vec::new();
    for _ in 0..3 {
        first.push(ws_from("127.0.0.1", &s).await.unwrap());
    }
    let (status, body) = get_from("127.0.0.1", &s, "/").await;
    assert_eq!(status, 503);
    assert_eq!(body, "too many connections from your address\n");
    assert_eq!(ws_from("127.0.0.1", &s).await.err(), Some(503));
    // Another machine is still served, until the server is full.
    let _second: Vec<Socket> = vec![
        ws_from("127.0.0.2", &s).await.unwrap(),
        ws_from("127.0.0.2", &s).await.unwrap(),
    ];
    let (status, body) = get_from("127.0.0.3", &s, "/").await;
    assert_eq!(
        (status, body.as_str()),
        (503, "the server is full: try again later\n")
    );
    // A connection closed gives its place back.
    let mut one = first.pop().unwrap();
    one.close(None).await.unwrap();
    while one.next().await.is_some() {}
    camelot_test_support::wait_until("a place is free", Duration::from_secs(5), || {
        std::net::TcpStream::connect(("127.0.0.1", s.port)).is_ok_and(|mut t| {
            use std::io::{Read, Write};
            let _ = t.write_all(b"GET / HTTP/1.0\r\n\r\n");
            let mut text = String::new();
            let _ = t.read_to_string(&mut text);
            text.split_whitespace().nth(1) == Some("200")
        })
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creating_games_and_taking_seats_are_limited_per_address() {
    let s = server(
        "rates",
        &["--games-per-minute", "3", "--seats-per-minute", "2"],
    );
    let plain = r#"{"variant":"camelot"}"#;
    for _ in 0..2 {
        let (status, body) = ask_from("127.0.0.1", &s, "POST", "/games", plain).await;
        assert_eq!(status, 201, "{body}");
    }
    let open = r#"{"variant":"camelot","open":["White","Black"]}"#;
    let (status, body) = ask_from("127.0.0.1", &s, "POST", "/games", open).await;
    assert_eq!(status, 201, "{body}");
    let open_game: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(open_game["open"], serde_json::json!(["White", "Black"]));
    let (status, body) = ask_from("127.0.0.1", &s, "POST", "/games", plain).await;
    assert_eq!(status, 429, "{body}");
    let refusal: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(refusal["code"], "too_many");
    assert_eq!(
        refusal["message"],
        "too many games from your address: at most 3 a minute"
    );
    // It says when to ask again: an allowance of 3 a minute refills one in 20 s.
    let again = http(&s.url, "POST", "/games", Some(plain));
    assert_eq!(again.status, 429, "{again:?}");
    assert_eq!(again.header("retry-after"), Some("20"));
    // Another address has its own allowance.
    let (status, _) = ask_from("127.0.0.2", &s, "POST", "/games", plain).await;
    assert_eq!(status, 201);

    let game = open_game["game"].as_str().unwrap();
    for (seat, expect) in [
        ("White", None),
        ("White", Some("seat_taken")),
        ("Black", Some("too_many")),
    ] {
        let take = format!(r#"{{"game":"{game}","seat":"{seat}"}}"#);
        let (status, body) = ask_from("127.0.0.3", &s, "POST", "/seats", &take).await;
        let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
        match expect {
            None => assert_eq!((status, answer["seat"].as_str()), (200, Some(seat))),
            Some(code) => assert_eq!(answer["code"], code, "{status} {body}"),
        }
    }
}

/// Behind a reverse proxy every client arrives from the proxy's address: the server
/// counts each by the address the proxy forwards for, but only from a proxy it trusts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxy_names_each_client_and_nobody_else_can() {
    let s = server(
        "proxied",
        &[
            "--games-per-minute",
            "1",
            "--trusted-proxy",
            "127.0.0.1,127.0.9.0/24",
        ],
    );
    let plain = r#"{"variant":"camette"}"#;
    let json = "content-type: application/json";
    let create_as = |from: &'static str, forwarded: &'static str| {
        let s = &s;
        async move {
            let header = format!("x-forwarded-for: {forwarded}");
            request_from(from, s, "POST /games", &[json, &header], plain)
                .await
                .0
        }
    };
    // Two clients through the proxy: each has its own allowance of one a minute.
    assert_eq!(create_as("127.0.0.1", "203.0.113.1").await, 201);
    assert_eq!(create_as("127.0.0.1", "203.0.113.1").await, 429);
    assert_eq!(create_as("127.0.0.1", "203.0.113.2").await, 201);
    // A client that writes the header itself is passed over: the proxy appended the
    // address it saw, and that is the one counted.
    assert_eq!(
        create_as("127.0.0.1", "198.51.100.50, 203.0.113.2").await,
        429
    );
    // Through a second trusted proxy (127.0.9.x) the client is still 203.0.113.1.
    assert_eq!(create_as("127.0.9.1", "203.0.113.1, 127.0.0.1").await, 429);
    // From a peer that is not a proxy the header is the client's own word: ignored.
    assert_eq!(create_as("127.0.0.2", "203.0.113.3").await, 201);
    assert_eq!(create_as("127.0.0.2", "203.0.113.4").await, 429);

    // A session's cookie is Secure when the trusted proxy says the client came over TLS,
    // and not when anyone else says so.
    let sign_up = |from: &'static str, name: &'static str| {
        let s = &s;
        async move {
            let origin = format!("origin: http://127.0.0.1:{}", s.port);
            let body = format!(r#"{{"name":"{name}","password":"green knight"}}"#);
            let made = exchange_from(
                from,
                s,
                "POST /account",
                &[
                    json,
                    &origin,
                    "x-forwarded-proto: https",
                    "x-forwarded-for: 203.0.113.7",
                ],
                &body,
            )
            .await;
            assert_eq!(made.status, 201, "{made:?}");
            made.header("set-cookie").expect("a cookie").to_string()
        }
    };
    let proxied = sign_up("127.0.0.1", "Gareth").await;
    assert!(proxied.contains("Secure"), "{proxied}");
    let direct = sign_up("127.0.0.3", "Gaheris").await;
    assert!(!direct.contains("Secure"), "{direct}");
}

/// A proxy carries many clients' connections: only the server's limit in all holds it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxy_is_not_held_to_one_address_share_of_connections() {
    let s = server(
        "proxied-connections",
        &[
            "--max-connections-per-address",
            "2",
            "--trusted-proxy",
            "127.0.0.1",
        ],
    );
    let mut through_proxy = Vec::new();
    for _ in 0..4 {
        through_proxy.push(ws_from("127.0.0.1", &s).await.expect("the proxy is let in"));
    }
    let _a = ws_from("127.0.0.2", &s).await.unwrap();
    let _b = ws_from("127.0.0.2", &s).await.unwrap();
    assert_eq!(ws_from("127.0.0.2", &s).await.err(), Some(503));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_nobody_joins_are_forgotten() {
    let s = server("forget", &["--forget-unjoined-after", "2"]);
    let url = s.address();
    let unjoined = create(&url, Variant::Camelot, TimeControl::Untimed).await;
    let joined = create(&url, Variant::Camelot, TimeControl::Untimed).await;
    // A seat's player came to one; only a watcher looked at the other.
    let white = hello(&url, &joined.game, Some(&joined.seats[&SeatColour::White])).await;
    white.close().await;
    hello(&url, &unjoined.game, None).await.close().await;
    tokio::time::sleep(Duration::from_millis(4500)).await;
    let gone = http(
        &s.url,
        "GET",
        &format!("/games/{}.cgn", unjoined.game),
        None,
    );
    assert_eq!(gone.status, 404, "{gone:?}");
    let kept = http(&s.url, "GET", &format!("/games/{}.cgn", joined.game), None);
    assert_eq!(kept.status, 200, "{kept:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_list_pages_through_every_live_game() {
    let s = server("pages", &[]);
    let url = s.address();
    let mut made = Vec::new();
    for _ in 0..5 {
        made.push(
            create(&url, Variant::Camelot, TimeControl::Untimed)
                .await
                .game,
        );
    }
    let mut path = "/games?limit=2".to_string();
    let mut listed: Vec<GameId> = Vec::new();
    let mut pages = 0;
    loop {
        let page = http(&s.url, "GET", &path, None);
        assert_eq!(page.status, 200, "{page:?}");
        let games: Vec<serde_json::Value> = serde_json::from_str(&page.body).unwrap();
        assert!(games.len() <= 2);
        listed.extend(
            games
                .iter()
                .map(|g| GameId::parse(g["id"].as_str().unwrap()).unwrap()),
        );
        pages += 1;
        match page.header("link") {
            Some(link) => {
                path = link
                    .trim_start_matches('<')
                    .split_once('>')
                    .unwrap()
                    .0
                    .to_string();
                assert!(link.ends_with("rel=\"next\""), "{link}");
            }
            None => break,
        }
    }
    assert!(pages >= 3);
    made.reverse();
    assert_eq!(listed, made, "every game once, newest first");
    let bad = http(&s.url, "GET", "/games?before=no-such-id!", None);
    assert_eq!(bad.status, 400);
    // The same pages through the client library.
    let older = ListGames {
        before: Some(made[1].clone()),
        limit: None,
    };
    let ids: Vec<GameId> = ask(&url, &older)
        .await
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(ids, made[2..]);
}

/// A socket that pings (WebSocket pings and the protocol's own) but never says hello
/// has its 10 s all the same: only a hello starts the game socket's idle deadline.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_that_pings_but_never_says_hello_is_closed_in_ten_seconds() {
    let s = server("pings-no-hello", &[]);
    let mut ws = ws_from("127.0.0.1", &s).await.unwrap();
    let start = Instant::now();
    let said = 'pinging: loop {
        ws.send(Message::Ping(Default::default())).await.unwrap();
        say(&mut ws, &ClientMessage::Ping { n: 1 }).await;
        // A second between pings; the pong of the protocol's ping comes meanwhile.
        let next_ping = tokio::time::Instant::now() + Duration::from_secs(1);
        loop {
            match tokio::time::timeout_at(next_ping, answer(&mut ws)).await {
                Ok(ServerMessage::Pong { .. }) => continue,
                Ok(other) => break 'pinging other,
                Err(_) => break,
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(14),
            "still open after 14 s of pings"
        );
    };
    match said {
        ServerMessage::Error {
            code: ErrorCode::Connection,
            message,
        } => assert_eq!(message, "say hello within 10 s"),
        other => panic!("{other:?}"),
    }
    let closed = start.elapsed();
    assert!(
        (Duration::from_secs(9)..Duration::from_secs(13)).contains(&closed),
        "{closed:?}"
    );
}

/// Another site's page cannot act for its visitors: a request that changes something
/// with another `Origin`, or a body that is not declared JSON (what a cross-site form
/// sends without asking), is refused, and so is a game socket opened by another site's
/// page. The server's own page, and programs that send no `Origin`, are served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_from_another_sites_page_are_refused() {
    let s = server("cross-site", &[]);
    let own = format!("origin: http://127.0.0.1:{}", s.port);
    let evil = "origin: http://evil.example";
    let json = "content-type: application/json";
    let open = r#"{"variant":"camelot","open":["White","Black"]}"#;
    let post = |headers: Vec<String>, path: &'static str, body: String| {
        let s = &s;
        async move {
            let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
            let (status, body) =
                request_from("127.0.0.1", s, &format!("POST {path}"), &headers, &body).await;
            let code = serde_json::from_str::<serde_json::Value>(&body)
                .ok()
                .and_then(|v| v["code"].as_str().map(String::from));
            (status, code, body)
        }
    };
    let (status, code, _) = post(
        vec!["content-type: text/plain".into()],
        "/games",
        open.into(),
    )
    .await;
    assert_eq!((status, code.as_deref()), (415, Some("unreadable")));
    let (status, code, _) = post(vec![], "/games", open.into()).await;
    assert_eq!(
        (status, code.as_deref()),
        (415, Some("unreadable")),
        "no type"
    );
    let (status, code, body) = post(vec![evil.into(), json.into()], "/games", open.into()).await;
    assert_eq!(
        (status, code.as_deref()),
        (403, Some("cross_site")),
        "{body}"
    );
    // The page's own origin, and no origin at all, are served.
    let (status, _, body) = post(vec![own.clone(), json.into()], "/games", open.into()).await;
    assert_eq!(status, 201, "{body}");
    let game = serde_json::from_str::<serde_json::Value>(&body).unwrap()["game"]
        .as_str()
        .unwrap()
        .to_string();
    let take = |seat: &str| format!(r#"{{"game":"{game}","seat":"{seat}"}}"#);
    let (status, code, _) = post(vec![evil.into(), json.into()], "/seats", take("White")).await;
    assert_eq!((status, code.as_deref()), (403, Some("cross_site")));
    let (status, code, _) = post(
        vec![evil.into(), "content-type: text/plain".into()],
        "/seats",
        take("White"),
    )
    .await;
    assert_eq!((status, code.as_deref()), (403, Some("cross_site")));
    let (status, code, _) = post(
        vec!["content-type: text/plain".into()],
        "/seats",
        take("White"),
    )
    .await;
    assert_eq!((status, code.as_deref()), (415, Some("unreadable")));
    let (status, _, body) = post(vec![json.into()], "/seats", take("White")).await;
    assert_eq!(status, 200, "{body}");
    // The seat another site's page asked for is still open.
    let (status, _, body) = post(vec![own.clone(), json.into()], "/seats", take("Black")).await;
    assert_eq!(status, 200, "{body}");
    // A QR code is drawn for the page's own origin only.
    let qr = "http://127.0.0.1/abcdefgh/TOKEN";
    let (status, _, _) = post(vec![evil.into()], "/qr", qr.into()).await;
    assert_eq!(status, 403);
    let (status, _, _) = post(vec![own.clone()], "/qr", qr.into()).await;
    assert_eq!(status, 200);
    // The game socket: another site's page is refused before the upgrade.
    let origin = format!("http://127.0.0.1:{}", s.port);
    assert_eq!(
        ws_from_page("127.0.0.1", &s, Some("http://evil.example"))
            .await
            .err(),
        Some(403)
    );
    assert!(ws_from_page("127.0.0.1", &s, Some(&origin)).await.is_ok());
    assert!(ws_from("127.0.0.1", &s).await.is_ok());
}

/// The server's open descriptors, read from outside.
fn descriptors(s: &Server) -> usize {
    std::fs::read_dir(format!("/proc/{}/fd", s.pid()))
        .map(|d| d.count())
        .unwrap_or(0)
}

/// Connections over an address's cap are told why only a few at a time (each holds a
/// descriptor while its answer lingers for up to 2 s); the rest are closed at once, so a
/// flood of them holds a bounded number of descriptors.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_turned_away_hold_a_few_descriptors_at_most() {
    let s = server("turned-away", &["--max-connections-per-address", "2"]);
    let _full = [
        ws_from("127.0.0.4", &s).await.unwrap(),
        ws_from("127.0.0.4", &s).await.unwrap(),
    ];
    tokio::time::sleep(Duration::from_millis(200)).await;
    let before = descriptors(&s);
    // Forty more from the full address, each asking and then holding its socket open
    // without reading (the server's answer lingers until the client closes, or 2 s).
    let mut flood = Vec::new();
    for _ in 0..40 {
        let mut tcp = tcp_from("127.0.0.4", &s).await;
        let _ = tcp.write_all(b"GET / HTTP/1.0\r\n\r\n").await;
        flood.push(tcp);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let during = descriptors(&s);
    assert!(
        during <= before + 4 + 2,
        "{before} descriptors before, {during} with 40 connections turned away"
    );
    // The first few were told why; the rest were closed unanswered.
    let mut told = 0;
    for mut tcp in flood {
        let mut text = String::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), tcp.read_to_string(&mut text)).await;
        if text.contains("503") {
            told += 1;
        }
    }
    assert!((1..=4).contains(&told), "{told} told why");
    // Another address is served all along.
    assert_eq!(get_from("127.0.0.5", &s, "/").await.0, 200);
}

/// Plays a game of random legal moves as fast as the server acknowledges them, both
/// seats on one connection each, until `stop` is set or the game ends.
async fn play_fast(
    url: ServerAddress,
    game: GameId,
    tokens: Vec<SeatToken>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) {
    use std::sync::atomic::Ordering;
    let mut seats = Vec::new();
    for t in &tokens {
        seats.push(hello(&url, &game, Some(t)).await);
    }
    let mut engine = camelot_engine::Game::new(Variant::Camelot);
    let mut rng = 7u64;
    while !stop.load(Ordering::Relaxed) && !engine.is_over() {
        let pos = engine.position();
        // A random move that captures nothing, where there is one: the game goes on.
        let legal: Vec<camelot_engine::Move> = pos.legal_moves().iter().copied().collect();
        let quiet =
            |m: &camelot_engine::Move| pos.name_move(m).is_some_and(|n| n.captures.is_empty());
        let mut choice: Vec<_> = legal.iter().copied().filter(quiet).collect();
        if choice.is_empty() {
            choice = legal;
        }
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = choice[((rng >> 33) % choice.len() as u64) as usize];
        let mv = pos.name_move(&m).unwrap();
        let ply = engine.ply() as u32;
        play_named(&mut seats[pos.turn().0 as usize], ply, mv).await;
        engine.play(&m).unwrap();
    }
}

/// A client that says hello while the game moves is sent the whole game and then only
/// what came after it: never a move the game it was sent already holds, whose board
/// would be a ply behind (the load test's board check saw one in Grand Cam, at ply 2,
/// when a seat's hello came while the others moved), and every move after it with its
/// board (which the hub makes only while a connection that asked for it is there).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hello_while_the_game_moves_is_sent_nothing_stale() {
    let s = server("hello-race", &[]);
    let url = s.address();
    let created = create(&url, Variant::Camelot, TimeControl::Untimed).await;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let tokens: Vec<SeatToken> = created.seats.values().cloned().collect();
    let players = tokio::spawn(play_fast(
        url.clone(),
        created.game.clone(),
        tokens.clone(),
        stop.clone(),
    ));
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Hellos twenty at a time, while the game moves.
    let hellos = (0..200).map(|i| {
        let (url, game, token) = (url.clone(), created.game.clone(), tokens[i % 2].clone());
        async move {
            // A new name each time: the server stores it before it sends the game.
            let name = camelot_online::protocol::PlayerName::parse(&format!("p{i}")).unwrap();
            let hello = Hello::seat(&game, Some(&token), Some(&name)).with_board();
            let (mut c, first) = join(&url, hello).await;
            let ServerMessage::State { game, .. } = first else {
                panic!("{first:?}")
            };
            let had = game.moves.len();
            let until = tokio::time::Instant::now() + Duration::from_millis(100);
            let mut stale = None;
            while let Ok(m) = tokio::time::timeout_at(until, next(&mut c)).await {
                if let ServerMessage::Moved { ply, board, .. } = m {
                    if (ply as usize) < had {
                        stale = Some(format!(
                            "sent the game at {had} plies, then ply {ply} again"
                        ));
                    } else if board.is_none() {
                        // It asked for the board: the hub counts it from its hello on.
                        stale = Some(format!("ply {ply} came without its board"));
                    }
                }
            }
            c.close().await;
            stale
        }
    });
    let stale: Vec<String> = futures_util::stream::iter(hellos)
        .buffer_unordered(20)
        .filter_map(|s| async move { s })
        .collect()
        .await;
    assert!(stale.is_empty(), "{} of 200 hellos: {stale:?}", stale.len());
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    players.await.unwrap();
}

/// A move's board and legal moves go to every connection that asked for them, and only
/// a game with such a connection has them made: a watcher that asks for the board after
/// two plies played without one is sent the board with each move from then on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_asks_for_the_board_is_sent_it_with_every_move() {
    let s = server("boards", &[]);
    let url = s.address();
    let created = create(&url, Variant::Camelot, TimeControl::Untimed).await;
    let game = created.game.clone();
    let mut seats = Vec::new();
    for t in created.seats.values() {
        seats.push(hello(&url, &game, Some(t)).await);
    }
    let mut engine = camelot_engine::Game::new(Variant::Camelot);
    let play = |engine: &mut camelot_engine::Game| {
        let pos = engine.position();
        let m = pos.legal_moves().iter().copied().next().unwrap();
        let named = pos.name_move(&m).unwrap();
        let (ply, seat) = (engine.ply() as u32, pos.turn().0 as usize);
        engine.play(&m).unwrap();
        (ply, seat, named)
    };
    for _ in 0..2 {
        let (ply, seat, named) = play(&mut engine);
        play_named(&mut seats[seat], ply, named).await;
    }
    let (mut watcher, first) = join(&url, Hello::watch(&game).with_board()).await;
    assert!(matches!(first, ServerMessage::State { .. }), "{first:?}");
    for _ in 0..3 {
        let (ply, seat, named) = play(&mut engine);
        play_named(&mut seats[seat], ply, named).await;
        let moved = loop {
            match next(&mut watcher).await {
                m @ ServerMessage::Moved { .. } => break m,
                _ => continue,
            }
        };
        let ServerMessage::Moved {
            ply: heard,
            board,
            legal,
            ..
        } = moved
        else {
            unreachable!()
        };
        assert_eq!(heard, ply);
        let board = board.unwrap_or_else(|| panic!("ply {ply} came without its board"));
        assert_eq!(*board, BoardView::of(&engine), "ply {ply}");
        assert_eq!(legal, BoardView::legal(&engine), "ply {ply}");
    }
}

/// `POST /qr` is no amplifier: so many a minute from one address (then `429`, and when
/// to ask again), a text of at most 256 bytes, and a picture of a few kilobytes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn qr_codes_are_drawn_a_few_a_minute_for_an_address_and_small() {
    let s = server("qr", &["--qr-per-minute", "4"]);
    let invitation = format!(
        "http://127.0.0.1:{}/k3x9qz2a/ABCDEFGHabcdefgh12345678",
        s.port
    );
    let qr = |from: &'static str, text: String| {
        let s = &s;
        async move { request_from(from, s, "POST /qr", &["content-type: text/plain"], &text).await }
    };
    for _ in 0..4 {
        let (status, svg) = qr("127.0.0.2", invitation.clone()).await;
        assert_eq!(status, 200);
        assert!(
            svg.starts_with("<svg") && svg.len() < 5_000,
            "{} bytes",
            svg.len()
        );
    }
    let (status, body) = qr("127.0.0.2", invitation.clone()).await;
    assert_eq!(
        (status, body.as_str()),
        (
            429,
            r#"{"code":"too_many","message":"too many QR codes from your address: at most 4 a minute"}"#
        )
    );
    let (status, svg) = qr("127.0.0.3", invitation.clone()).await;
    assert_eq!(status, 200, "another address has its own");
    // Gzipped for a client that takes it: the same picture in a kilobyte or two.
    let mut tcp = tcp_from("127.0.0.3", &s).await;
    let request = format!(
        "POST /qr HTTP/1.0\r\nHost: x\r\naccept-encoding: gzip, br\r\n\
         content-length: {}\r\n\r\n{invitation}",
        invitation.len()
    );
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer).await.unwrap();
    let split = answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&answer[..split]).to_ascii_lowercase();
    assert!(head.contains("content-encoding: gzip"), "{head}");
    let body = &answer[split + 4..];
    let mut unzipped = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(body), &mut unzipped).unwrap();
    assert_eq!(unzipped, svg);
    assert!(body.len() < 2_000, "{} bytes gzipped", body.len());
    let (status, body) = qr("127.0.0.3", "x".repeat(257)).await;
    assert_eq!(
        (status, body.as_str()),
        (
            400,
            r#"{"code":"unreadable","message":"the text is longer than 256 bytes"}"#
        )
    );
}

/// `GET path` with the header lines `headers`: the status, the head's lines (names in
/// lower case) and the body's bytes as they came.
fn raw_get(s: &Server, path: &str, headers: &[&str]) -> (u16, Vec<(String, String)>, Vec<u8>) {
    use std::io::{Read, Write};
    let mut t = std::net::TcpStream::connect(("127.0.0.1", s.port)).unwrap();
    let mut head = format!("GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{}\r\n", s.port);
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    t.write_all(head.as_bytes()).unwrap();
    let mut bytes = Vec::new();
    t.read_to_end(&mut bytes).unwrap();
    let split = bytes.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let text = String::from_utf8_lossy(&bytes[..split]).into_owned();
    let mut lines = text.lines();
    let status = lines.next().unwrap().split_whitespace().nth(1).unwrap();
    let fields = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status.parse().unwrap(), fields, bytes[split + 4..].to_vec())
}

fn field<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
    fields
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// The page's files go compressed (brotli where the browser takes it, else gzip) and
/// named by their content; a file the browser holds is not sent again.
#[test]
fn the_pages_files_go_compressed_and_a_file_held_is_not_sent_again() {
    let s = server("compressed", &[]);
    let original = include_bytes!("../web/app/board.js");
    let (status, f, body) = raw_get(&s, "/app/board.js", &["accept-encoding: gzip, deflate, br"]);
    assert_eq!(status, 200);
    assert_eq!(field(&f, "content-encoding"), Some("br"));
    assert_eq!(field(&f, "vary"), Some("accept-encoding"));
    assert_eq!(field(&f, "cache-control"), Some("no-cache"));
    let mut unpacked = Vec::new();
    brotli::BrotliDecompress(&mut &body[..], &mut unpacked).unwrap();
    assert_eq!(unpacked, original);
    assert!(
        body.len() * 3 < original.len(),
        "{} of {}",
        body.len(),
        original.len()
    );
    let tag = field(&f, "etag").expect("a tag").to_string();

    let (status, f, body) = raw_get(&s, "/app/board.js", &["accept-encoding: gzip"]);
    assert_eq!((status, field(&f, "content-encoding")), (200, Some("gzip")));
    let mut unpacked = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&body[..]), &mut unpacked)
        .unwrap();
    assert_eq!(unpacked, original);

    let (status, f, body) = raw_get(&s, "/app/board.js", &[]);
    assert_eq!((status, field(&f, "content-encoding")), (200, None));
    assert_eq!(body, original);

    // Held: 304, nothing sent; another build's tag: the file again.
    let held = format!("if-none-match: {tag}");
    let (status, f, body) = raw_get(&s, "/app/board.js", &["accept-encoding: br", &held]);
    assert_eq!((status, body.len()), (304, 0));
    assert_eq!(field(&f, "etag"), Some(tag.as_str()));
    let stale = "if-none-match: \"0123456789abcdef0123456789abcdef-br\"";
    assert_eq!(
        raw_get(&s, "/app/board.js", &["accept-encoding: br", stale]).0,
        200
    );

    // The rules pages too.
    let (status, f, _) = raw_get(&s, "/rules/camette", &["accept-encoding: br"]);
    assert_eq!((status, field(&f, "content-encoding")), (200, Some("br")));
}

/// Every refusal is JSON and says the right thing: a wrong method is 405 with `Allow`
/// (on the protocol's addresses and the page's alike, whatever the body's type), a body
/// over the limit is our 413, a body not declared JSON is 415 only where a route reads
/// JSON; and every answer, JSON too, says `nosniff`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_json_and_a_wrong_method_is_405_with_allow() {
    let s = server("refusals", &[]);
    let url = s.address();
    let game = create(&url, Variant::Camette, TimeControl::Untimed)
        .await
        .game;
    let ask = |request: String, headers: Vec<&'static str>, body: String| {
        let s = &s;
        async move { exchange_from("127.0.0.1", s, &request, &headers, &body).await }
    };
    let json_refusal = |r: &camelot_test_support::addressed::Reply| {
        let v: serde_json::Value =
            serde_json::from_str(&r.body).unwrap_or_else(|e| panic!("{e}: {:?}", r.body));
        assert!(v["code"].is_string() && v["message"].is_string(), "{v}");
        assert_eq!(r.header("content-type"), Some("application/json"), "{r:?}");
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"), "{r:?}");
        v["code"].as_str().unwrap().to_string()
    };
    let wrong = [
        ("PUT /games".to_string(), "GET,HEAD,POST"),
        (format!("DELETE /games/{game}.cgn"), "GET,HEAD"),
        (format!("POST /games/{game}.cgn"), "GET,HEAD"),
        ("POST /ws".to_string(), "GET,HEAD"),
        ("OPTIONS /games".to_string(), "GET,HEAD,POST"),
        ("POST /".to_string(), "GET,HEAD"),
        (format!("PUT /{game}"), "GET,HEAD"),
        ("TRACE /".to_string(), "GET,HEAD"),
        ("PATCH /app/main.js".to_string(), "GET,HEAD"),
    ];
    for (request, allow) in wrong {
        for content_type in [vec![], vec!["content-type: text/plain"]] {
            let r = ask(request.clone(), content_type, "x".into()).await;
            assert_eq!(r.status, 405, "{request}: {r:?}");
            assert_eq!(r.header("allow"), Some(allow), "{request}");
            assert_eq!(json_refusal(&r), "wrong_method", "{request}");
        }
    }
    // A body over the limit, declared JSON: ours, not the framework's text.
    let big = format!(r#"{{"variant":"camette","pad":"{}"}}"#, "x".repeat(5000));
    let r = ask(
        "POST /games".into(),
        vec!["content-type: application/json"],
        big,
    )
    .await;
    assert_eq!(r.status, 413, "{r:?}");
    assert_eq!(json_refusal(&r), "too_large");
    // A route that reads JSON asks for it.
    let r = ask(
        "POST /games".into(),
        vec!["content-type: text/plain"],
        r#"{"variant":"camette"}"#.into(),
    )
    .await;
    assert_eq!(r.status, 415, "{r:?}");
    assert_eq!(json_refusal(&r), "unreadable");
    // A refusal of a request's sense is JSON with nosniff too.
    let r = ask("GET /games/nosuchgm".into(), vec![], String::new()).await;
    assert_eq!(r.status, 404, "{r:?}");
    assert_eq!(json_refusal(&r), "no_such_game");
    // And so is an answer.
    let r = ask("GET /games".into(), vec![], String::new()).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
}
