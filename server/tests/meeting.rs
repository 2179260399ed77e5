//! How players meet and play again: names kept with their seats and in the record,
//! seats left open and taken by the first comer, and a rematch once a game is over. A
//! real server process on loopback.

use camelot_engine::{SeatColour, Variant};
use camelot_online::protocol::requests::{ListSeats, NewGame, TakeSeat, Taken};
use camelot_online::protocol::{
    ClientMessage, ErrorCode, GameId, GameView, Hello, OfferKind, PlayerName, SeatToken,
    ServerMessage, TimeControl, PROTOCOL_VERSION,
};
use camelot_online::{ask, ask_page, Connection, OnlineError, ServerAddress};
use camelot_test_support::online::{self, create, next, sqlite_server_with, until};
use camelot_test_support::{http, http_get, Server};

fn server(name: &str) -> Server {
    server_with(name, &[])
}

fn server_with(name: &str, extra: &[&str]) -> Server {
    sqlite_server_with(
        std::path::Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        name,
        extra,
    )
}

fn name(n: &str) -> PlayerName {
    PlayerName::parse(n).unwrap()
}

/// Joins `game`; the connection and the state it was sent.
async fn join(
    url: &ServerAddress,
    game: &GameId,
    token: Option<&SeatToken>,
    as_name: Option<&str>,
) -> (Connection, Option<SeatColour>, GameView) {
    let hello = Hello::seat(game, token, as_name.map(name).as_ref());
    let (mut c, mut first) = online::join(url, hello).await;
    loop {
        if let ServerMessage::State { you, game, .. } = first {
            return (c, you, *game);
        }
        first = next(&mut c).await;
    }
}

/// Takes `seat` of `game` under `as_name`.
async fn take(
    url: &ServerAddress,
    game: &GameId,
    seat: SeatColour,
    as_name: Option<&str>,
) -> Result<Taken, OnlineError> {
    let take = TakeSeat {
        game: game.clone(),
        seat,
        name: as_name.map(name),
    };
    ask(url, &take).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_seat_is_listed_and_taken_by_the_first_comer() {
    let s = server("open-seats");
    let url = s.address();
    let new = NewGame {
        variant: Variant::Camelot,
        time: TimeControl::Clock {
            minutes: 5,
            increment: 3,
        },
        open: vec![SeatColour::Black],
        computer: Vec::new(),
        rated: false,
        rating_range: None,
    };
    let created = ask(&url, &new).await.unwrap();
    assert_eq!(created.open, [SeatColour::Black]);
    assert_eq!(
        created.seats.keys().copied().collect::<Vec<_>>(),
        [SeatColour::White],
        "no token for the open seat"
    );
    let listed = ask(&url, &ListSeats::default()).await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].game, created.game);
    assert_eq!(listed[0].seat, SeatColour::Black);
    assert_eq!(listed[0].variant, Variant::Camelot);
    let (mut watcher, _, view) = join(&url, &created.game, None, None).await;
    assert!(view.seats[1].open && !view.seats[0].open);

    let taken = take(&url, &created.game, SeatColour::Black, Some("Bo"))
        .await
        .unwrap();
    assert_eq!(taken.seat, SeatColour::Black);
    let seated = until(&mut watcher, |m| match m {
        ServerMessage::Seated { seat, name } => Some((seat, name)),
        _ => None,
    })
    .await;
    assert_eq!(seated, (SeatColour::Black, Some(name("Bo"))));
    // Second come, nothing served.
    let again = take(&url, &created.game, SeatColour::Black, None)
        .await
        .unwrap_err();
    assert!(
        matches!(
            &again,
            OnlineError::Refused {
                code: ErrorCode::SeatTaken,
                ..
            }
        ),
        "{again:?}"
    );
    assert_eq!(again.to_string(), "the Black seat is not open");
    assert!(ask(&url, &ListSeats::default()).await.unwrap().is_empty());
    for (seat, code) in [
        (SeatColour::White, ErrorCode::SeatTaken),
        (SeatColour::Red, ErrorCode::SeatTaken),
    ] {
        match take(&url, &created.game, seat, None).await {
            Err(OnlineError::Refused { code: c, .. }) => assert_eq!(c, code, "{seat:?}"),
            other => panic!("{seat:?}: {other:?}"),
        }
    }
    match take(
        &url,
        &GameId::parse("nosuch").unwrap(),
        SeatColour::Black,
        None,
    )
    .await
    {
        Err(OnlineError::Refused { code, .. }) => assert_eq!(code, ErrorCode::NoSuchGame),
        other => panic!("{other:?}"),
    }
    // The token taken plays the seat.
    let (_black, you, view) = join(&url, &created.game, Some(&taken.token), None).await;
    assert_eq!(you, Some(SeatColour::Black));
    assert!(!view.seats[1].open);
    assert_eq!(view.seats[1].name, Some(name("Bo")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_kept_with_their_seats_and_in_the_record() {
    let s = server("names");
    let url = s.address();
    let created = create(&url, Variant::Camelot, TimeControl::Untimed).await;
    let (mut watcher, _, _) = join(&url, &created.game, None, None).await;
    let (_white, _, _) = join(
        &url,
        &created.game,
        Some(&created.seats[&SeatColour::White]),
        Some("Ann Lee"),
    )
    .await;
    let heard = until(&mut watcher, |m| match m {
        ServerMessage::Presence {
            seat: SeatColour::White,
            connected: true,
            name,
        } => Some(name),
        _ => None,
    })
    .await;
    assert_eq!(heard, Some(name("Ann Lee")));
    let (_black, _, view) = join(
        &url,
        &created.game,
        Some(&created.seats[&SeatColour::Black]),
        Some("Bo"),
    )
    .await;
    assert_eq!(view.seats[0].name, Some(name("Ann Lee")));
    assert_eq!(view.seats[1].name, Some(name("Bo")));
    let record = http_get(&s.url, &format!("/games/{}.cgn", created.game));
    assert!(record.contains("[White \"Ann Lee\"]"), "{record}");
    assert!(record.contains("[Black \"Bo\"]"), "{record}");
    // A name that could be markup never gets in: the hello is not a message.
    let mut bad = Connection::open(&url).await.unwrap();
    let raw = format!(
        r#"{{"t":"hello","v":{PROTOCOL_VERSION},"game":"{}","name":"<b>Eve</b>"}}"#,
        created.game
    );
    bad.send_text(raw).await.unwrap();
    match next(&mut bad).await {
        ServerMessage::Error {
            code: ErrorCode::Unreadable,
            message,
        } => assert!(message.contains("not '<'"), "{message}"),
        other => panic!("{other:?}"),
    }
}

/// Open seats come a page at a time, as games do: nobody can bury other people's seats
/// under two hundred of his own. Each page ends with a game's last seat; following the
/// `Link` headers lists every seat once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_seats_are_listed_a_page_at_a_time_and_none_is_missed() {
    let s = server_with("seat-pages", &["--games-per-minute", "0"]);
    let url = s.address();
    let mut expected = Vec::new();
    for i in 0..9 {
        let (variant, open) = if i == 4 {
            (
                Variant::GrandCam,
                vec![
                    SeatColour::Red,
                    SeatColour::Green,
                    SeatColour::Blue,
                    SeatColour::Yellow,
                ],
            )
        } else {
            (Variant::Camelot, vec![SeatColour::White, SeatColour::Black])
        };
        let new = NewGame {
            variant,
            time: TimeControl::Untimed,
            open: open.clone(),
            computer: Vec::new(),
            rated: false,
            rating_range: None,
        };
        let created = ask(&url, &new).await.unwrap();
        for seat in open {
            expected.push((created.game.clone(), seat));
        }
    }
    // The whole list in one page, in the server's order: newest game first (games made
    // in the same millisecond by their ids), a game's seats in turn order.
    let newest_first: Vec<(GameId, SeatColour)> = ask(&url, &ListSeats::default())
        .await
        .unwrap()
        .into_iter()
        .map(|s| (s.game, s.seat))
        .collect();
    let key = |(g, s): &(GameId, SeatColour)| format!("{g} {s:?}");
    let (mut whole, mut made) = (newest_first.clone(), expected.clone());
    whole.sort_by_key(key);
    made.sort_by_key(key);
    assert_eq!(whole, made, "every seat made is listed");
    for game in newest_first.chunk_by(|a, b| a.0 == b.0) {
        let seats: Vec<SeatColour> = game.iter().map(|(_, s)| *s).collect();
        let made: Vec<SeatColour> = expected
            .iter()
            .filter(|(g, _)| *g == game[0].0)
            .map(|(_, s)| *s)
            .collect();
        assert_eq!(seats, made, "a game's seats together, in turn order");
    }
    let mut listed = Vec::new();
    let mut path = "/seats?limit=5".to_string();
    let mut pages = 0;
    loop {
        let page = http(&s.url, "GET", &path, None);
        assert_eq!(page.status, 200, "{path}: {page:?}");
        let seats: Vec<camelot_online::protocol::requests::OpenSeat> =
            serde_json::from_str(&page.body).unwrap();
        assert!(
            !seats.is_empty() && seats.len() <= 5,
            "{path}: {} seats",
            seats.len()
        );
        listed.extend(seats.into_iter().map(|s| (s.game, s.seat)));
        pages += 1;
        match page.header("link") {
            Some(link) => {
                path = link
                    .strip_prefix('<')
                    .and_then(|l| l.split_once(">; rel=\"next\""))
                    .map(|(p, _)| p.to_string())
                    .unwrap_or_else(|| panic!("a next page: {link}"));
                assert!(path.starts_with("/seats?before="), "{path}");
            }
            None => break,
        }
    }
    assert_eq!(listed, newest_first, "every seat once, in order");
    assert!(pages >= 5, "{pages} pages of at most 5 seats");
    // The client library follows the same pages as typed requests.
    let mut through_client = Vec::new();
    let mut request = Some(ListSeats {
        before: None,
        limit: Some(5),
    });
    while let Some(r) = request {
        let page = ask_page(&url, &r).await.unwrap();
        through_client.extend(page.items.into_iter().map(|s| (s.game, s.seat)));
        request = page.next;
    }
    assert_eq!(through_client, newest_first, "the client's pages");
    // A cursor that names no game is refused in words.
    let bad = http(&s.url, "GET", "/seats?before=no-such-thing!", None);
    assert_eq!(bad.status, 400, "{bad:?}");
}

/// A rematch is a new game: it takes from the allowance of the address that agrees it,
/// so that offering and accepting rematches in a loop cannot get round the limit on
/// creating games; and a game aborted before it began has none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematches_count_against_the_creation_limit_and_aborted_games_have_none() {
    let s = server_with("rematch-limit", &["--games-per-minute", "3"]);
    let url = s.address();
    let refusal = |m| match m {
        ServerMessage::Error { code, message } => Some((code, message)),
        _ => None,
    };
    let aborted = create(&url, Variant::Camelot, TimeControl::Untimed).await;
    let (mut a, _, _) = join(
        &url,
        &aborted.game,
        Some(&aborted.seats[&SeatColour::White]),
        None,
    )
    .await;
    a.send(&ClientMessage::Abort).await.unwrap();
    until(&mut a, |m| {
        matches!(m, ServerMessage::Ended { .. }).then_some(())
    })
    .await;
    a.send(&ClientMessage::Offer {
        kind: OfferKind::Rematch,
    })
    .await
    .unwrap();
    assert_eq!(
        until(&mut a, refusal).await,
        (
            ErrorCode::NotAllowed,
            "a game aborted before it began has no rematch: create a new one".to_string()
        )
    );
    // Two more games spend the address's three a minute.
    let played = create(&url, Variant::Camelot, TimeControl::Untimed).await;
    create(&url, Variant::Camette, TimeControl::Untimed).await;
    let (white, black) = (
        &played.seats[&SeatColour::White],
        &played.seats[&SeatColour::Black],
    );
    let (mut w, _, _) = join(&url, &played.game, Some(white), None).await;
    let (mut b, _, _) = join(&url, &played.game, Some(black), None).await;
    b.send(&ClientMessage::Resign).await.unwrap();
    until(&mut w, |m| {
        matches!(m, ServerMessage::Ended { .. }).then_some(())
    })
    .await;
    // The offer waits for an answer: it costs nothing.
    w.send(&ClientMessage::Offer {
        kind: OfferKind::Rematch,
    })
    .await
    .unwrap();
    until(&mut b, |m| {
        matches!(m, ServerMessage::Offered { .. }).then_some(())
    })
    .await;
    b.send(&ClientMessage::Accept {
        kind: OfferKind::Rematch,
    })
    .await
    .unwrap();
    assert_eq!(
        until(&mut b, refusal).await,
        (
            ErrorCode::TooMany,
            "too many games from your address: at most 3 a minute".to_string()
        )
    );
    let (_, _, view) = join(&url, &played.game, None, None).await;
    assert_eq!(view.rematch, None, "no rematch was made");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_swaps_colours_and_each_player_keeps_their_token() {
    let s = server("rematch");
    let url = s.address();
    let time = TimeControl::Clock {
        minutes: 3,
        increment: 2,
    };
    let created = create(&url, Variant::Camelot, time).await;
    let (ann_token, bo_token) = (
        &created.seats[&SeatColour::White],
        &created.seats[&SeatColour::Black],
    );
    let (mut ann, _, _) = join(&url, &created.game, Some(ann_token), Some("Ann")).await;
    let (mut bo, _, _) = join(&url, &created.game, Some(bo_token), Some("Bo")).await;
    let (mut watcher, _, _) = join(&url, &created.game, None, None).await;

    ann.send(&ClientMessage::Offer {
        kind: OfferKind::Rematch,
    })
    .await
    .unwrap();
    let refused = until(&mut ann, |m| match m {
        ServerMessage::Error { code, message } => Some((code, message)),
        _ => None,
    })
    .await;
    assert_eq!(
        refused,
        (
            ErrorCode::NotAllowed,
            "a rematch can be offered once the game is over".to_string()
        )
    );
    bo.send(&ClientMessage::Resign).await.unwrap();
    until(&mut ann, |m| {
        matches!(m, ServerMessage::Ended { .. }).then_some(())
    })
    .await;
    ann.send(&ClientMessage::Offer {
        kind: OfferKind::Rematch,
    })
    .await
    .unwrap();
    let offered = until(&mut bo, |m| match m {
        ServerMessage::Offered { kind, by, .. } => Some((kind, by)),
        _ => None,
    })
    .await;
    assert_eq!(offered, (OfferKind::Rematch, SeatColour::White));
    bo.send(&ClientMessage::Accept {
        kind: OfferKind::Rematch,
    })
    .await
    .unwrap();
    let rematch = |m| match m {
        ServerMessage::Rematch { game, seat, token } => Some((game, seat, token)),
        _ => None,
    };
    let (game, ann_seat, ann_again) = until(&mut ann, rematch).await;
    let (game_b, bo_seat, bo_again) = until(&mut bo, rematch).await;
    let (game_w, watcher_seat, watcher_token) = until(&mut watcher, rematch).await;
    assert_eq!(game, game_b);
    assert_eq!(game, game_w);
    assert_ne!(game, created.game);
    assert_eq!(
        (ann_seat, ann_again.as_ref()),
        (Some(SeatColour::Black), Some(ann_token))
    );
    assert_eq!(
        (bo_seat, bo_again.as_ref()),
        (Some(SeatColour::White), Some(bo_token))
    );
    assert_eq!((watcher_seat, watcher_token), (None, None));

    // The new game: same variant and time, Bo White now, Ann Black, names with them.
    let (_ann2, you, view) = join(&url, &game, Some(ann_token), None).await;
    assert_eq!(you, Some(SeatColour::Black));
    assert_eq!(view.variant, Variant::Camelot);
    assert_eq!(view.time, time);
    assert!(view.moves.is_empty() && view.result.is_none());
    assert_eq!(view.seats[0].name, Some(name("Bo")));
    assert_eq!(view.seats[1].name, Some(name("Ann")));
    // Who comes back to the old game later is sent on.
    let (mut late, _, old) = join(&url, &created.game, Some(bo_token), None).await;
    assert_eq!(old.rematch, Some(game.clone()));
    let (again, seat, token) = until(&mut late, rematch).await;
    assert_eq!(
        (again, seat, token.as_ref()),
        (game, Some(SeatColour::White), Some(bo_token))
    );
    // And asking again is answered the same, not with a second game.
    ann.send(&ClientMessage::Offer {
        kind: OfferKind::Rematch,
    })
    .await
    .unwrap();
    let (once_more, _, _) = until(&mut ann, rematch).await;
    assert_eq!(once_more, old.rematch.unwrap());
}
