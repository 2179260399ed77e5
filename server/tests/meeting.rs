//! How players meet and play again: names kept with their seats and in the record,
//! seats left open and taken by the first comer, and a rematch once a game is over. A
//! real server process on loopback.

use camelot_engine::{SeatColour, Variant};
use camelot_online::protocol::requests::{ListSeats, NewGame, TakeSeat, Taken};
use camelot_online::protocol::{
    ClientMessage, ErrorCode, GameId, GameView, Hello, OfferKind, PlayerName, SeatToken,
    ServerMessage, TimeControl, PROTOCOL_VERSION,
};
use camelot_online::{ask, Connection, OnlineError, ServerAddress};
use camelot_test_support::online::{self, create, next, sqlite_server, until};
use camelot_test_support::{http_get, Server};

fn server(name: &str) -> Server {
    sqlite_server(
        std::path::Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        name,
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
    };
    let created = ask(&url, &new).await.unwrap();
    assert_eq!(created.open, [SeatColour::Black]);
    assert_eq!(
        created.seats.keys().copied().collect::<Vec<_>>(),
        [SeatColour::White],
        "no token for the open seat"
    );
    let listed = ask(&url, &ListSeats).await.unwrap();
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
    assert!(ask(&url, &ListSeats).await.unwrap().is_empty());
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
        ServerMessage::Offered { kind, by } => Some((kind, by)),
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
