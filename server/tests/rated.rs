//! Rated games on a real server on loopback: made by a player logged in and taken by
//! another, the result settling both ratings by Glicko-2 in the variant (and shown on
//! the game's page with the change), Grand Cam rated by partnership, an aborted game
//! changing nothing, and what may not be rated.

use std::path::Path;

use camelot_engine::{SeatColour, Variant};
use camelot_online::protocol::accounts::{
    AccountKind, AccountName, AccountToken, LookAtPlayedGames, LookAtPlayer, Password,
    PlayerProfile, Score, SignUp,
};
use camelot_online::protocol::pairing::{Pairing, QuickGame};
use camelot_online::protocol::requests::{
    ComputerSeat, Created, ListSeats, LookAtGame, NewGame, TakeSeat,
};
use camelot_online::protocol::{
    ClientMessage, ErrorCode, GameEnd, GameId, Hello, SeatToken, ServerMessage, TimeControl,
};
use camelot_online::{ask, ask_as, ask_page, Connection, OnlineError, ServerAddress};
use camelot_test_support::online::{join, sqlite_server_with, until};
use camelot_test_support::Server;

fn server(name: &str) -> Server {
    sqlite_server_with(Path::new(env!("CARGO_BIN_EXE_camelot-server")), name, &[])
}

async fn account(url: &ServerAddress, name: &str, kind: AccountKind) -> AccountToken {
    let s = ask(
        url,
        &SignUp {
            name: AccountName::parse(name).unwrap(),
            password: Password::parse("round table").unwrap(),
            kind,
            rated_with_people: false,
            token: true,
        },
    )
    .await
    .unwrap();
    s.token.unwrap()
}

fn code<T: std::fmt::Debug>(r: Result<T, OnlineError>) -> ErrorCode {
    match r {
        Err(OnlineError::Refused { code, .. }) => code,
        other => panic!("refused, not {other:?}"),
    }
}

fn rated(variant: Variant, open: &[SeatColour]) -> NewGame {
    NewGame {
        open: open.to_vec(),
        rated: true,
        ..NewGame::new(variant, TimeControl::Untimed)
    }
}

async fn take(
    url: &ServerAddress,
    token: &AccountToken,
    game: &GameId,
    seat: SeatColour,
) -> SeatToken {
    let take = TakeSeat {
        game: game.clone(),
        seat,
        name: None,
    };
    ask_as(url, Some(token), &take).await.unwrap().token
}

/// `seat` of `game` does `what` (resign, abort) and the game ends: how.
async fn end_by(
    url: &ServerAddress,
    game: &GameId,
    seat: &SeatToken,
    what: ClientMessage,
) -> GameEnd {
    let (mut c, _) = join(url, Hello::seat(game, Some(seat), None)).await;
    c.send(&what).await.unwrap();
    until(&mut c, |m| match m {
        ServerMessage::Ended { result, .. } => Some(result),
        _ => None,
    })
    .await
}

async fn profile(url: &ServerAddress, name: &str) -> PlayerProfile {
    ask(
        url,
        &LookAtPlayer {
            name: AccountName::parse(name).unwrap(),
        },
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn a_rated_game_settles_both_ratings_once_and_its_page_shows_the_change() {
    let server = server("rated-two");
    let url = server.address();
    let arthur = account(&url, "Arthur", AccountKind::Person).await;
    let mordred = account(&url, "Mordred", AccountKind::Person).await;
    let created: Created = ask_as(
        &url,
        Some(&arthur),
        &rated(Variant::Camelot, &[SeatColour::Black]),
    )
    .await
    .unwrap();
    let game = created.game.clone();
    let white = created.seats[&SeatColour::White].clone();
    // The open seat is listed as rated, with its creator.
    let seats = ask_page(&url, &ListSeats::default()).await.unwrap().items;
    let listed = seats.iter().find(|s| s.game == game).unwrap();
    assert!(listed.rated);
    let creator = listed.creator.as_ref().unwrap();
    assert_eq!(creator.name.as_ref().unwrap().as_str(), "Arthur");
    assert_eq!(
        (creator.rating, creator.provisional),
        (Some(1500), true),
        "new: 1500?"
    );
    // Nobody takes a rated seat without logging in, and nobody sits twice.
    let anonymous = TakeSeat {
        game: game.clone(),
        seat: SeatColour::Black,
        name: None,
    };
    assert_eq!(code(ask(&url, &anonymous).await), ErrorCode::NotSignedIn);
    assert_eq!(
        code(ask_as(&url, Some(&arthur), &anonymous).await),
        ErrorCode::NotAllowed
    );
    let black = take(&url, &mordred, &game, SeatColour::Black).await;
    // Mordred resigns: Arthur (White, the first side) wins.
    let end = end_by(&url, &game, &black, ClientMessage::Resign).await;
    assert!(matches!(end, GameEnd::Decided(o) if o.winner == Some(camelot_engine::Side::First)));
    let (a, m) = (
        profile(&url, "arthur").await,
        profile(&url, "mordred").await,
    );
    let (ra, rm) = (&a.ratings[0], &m.ratings[0]);
    assert_eq!((ra.variant, ra.games, rm.games), (Variant::Camelot, 1, 1));
    // Two new players at 1500 (deviation 350): Glicko-2 gives 1662.3 and 1337.7.
    assert!((ra.rating - 1662.3).abs() < 0.1, "{ra:?}");
    assert!((rm.rating - 1337.7).abs() < 0.1, "{rm:?}");
    assert!(ra.provisional && ra.deviation < 350.0);
    // The history a graph draws, and the game in each player's list.
    assert_eq!(a.history.len(), 1);
    assert!((a.history[0].rating - ra.rating).abs() < 1e-9);
    let played = &a.games.games[0];
    assert_eq!(
        (played.game.clone(), played.seat),
        (game.clone(), SeatColour::White)
    );
    assert_eq!(
        (played.score, played.rated, played.change),
        (Some(Score::Won), true, Some(162))
    );
    assert_eq!(m.games.games[0].score, Some(Score::Lost));
    // The game's page names both with the rating they had and the change.
    let state = ask(
        &url,
        &LookAtGame {
            game: game.clone(),
            token: Some(white),
        },
    )
    .await
    .unwrap();
    assert!(state.game.rated);
    let shown: Vec<_> = state
        .game
        .seats
        .iter()
        .map(|s| s.account.clone().unwrap())
        .collect();
    assert_eq!(shown[0].name.as_ref().unwrap().as_str(), "Arthur");
    assert_eq!((shown[0].rating, shown[0].change), (Some(1500), Some(162)));
    assert_eq!((shown[1].rating, shown[1].change), (Some(1500), Some(-162)));
    assert_eq!(
        state.game.seats[1].name.as_ref().unwrap().as_str(),
        "Mordred"
    );
    // His next rated game shows the rating he has now.
    let again = ask_as(
        &url,
        Some(&arthur),
        &rated(Variant::Camelot, &[SeatColour::Black]),
    )
    .await
    .unwrap();
    let seats = ask_page(&url, &ListSeats::default()).await.unwrap().items;
    let listed = seats.iter().find(|s| s.game == again.game).unwrap();
    assert_eq!(listed.creator.as_ref().unwrap().rating, Some(1662));
    // One rating, the variant played; the finished game is no longer "playing".
    assert_eq!(a.ratings.len(), 1);
    assert_eq!(a.playing, Vec::<GameId>::new());
    let live = profile(&url, "Arthur").await;
    assert_eq!(live.playing, vec![again.game]);
}

#[tokio::test]
async fn an_aborted_rated_game_changes_nothing_and_some_games_are_never_rated() {
    let server = server("rated-rules");
    let url = server.address();
    let kay = account(&url, "Kay", AccountKind::Person).await;
    let bors = account(&url, "Bors", AccountKind::Person).await;
    let created = ask_as(
        &url,
        Some(&kay),
        &rated(Variant::Camette, &[SeatColour::Black]),
    )
    .await
    .unwrap();
    take(&url, &bors, &created.game, SeatColour::Black).await;
    let white = created.seats[&SeatColour::White].clone();
    assert_eq!(
        end_by(&url, &created.game, &white, ClientMessage::Abort).await,
        GameEnd::Aborted
    );
    assert!(profile(&url, "Kay").await.ratings.is_empty());
    assert!(profile(&url, "Bors").await.ratings.is_empty());
    // Not logged in; against the computer; holding both seats.
    let plain = rated(Variant::Camelot, &[SeatColour::Black]);
    assert_eq!(code(ask(&url, &plain).await), ErrorCode::NotSignedIn);
    let computer = NewGame {
        open: Vec::new(),
        computer: vec![ComputerSeat {
            seat: SeatColour::Black,
            level: camelot_engine::Level::CLUB,
        }],
        ..plain.clone()
    };
    assert_eq!(
        code(ask_as(&url, Some(&kay), &computer).await),
        ErrorCode::NotAllowed
    );
    let both = NewGame {
        open: Vec::new(),
        ..plain
    };
    assert_eq!(
        code(ask_as(&url, Some(&kay), &both).await),
        ErrorCode::NotAllowed
    );
    // A computer's account that did not say so is not rated against people.
    let engine = account(&url, "Engine-1", AccountKind::Computer).await;
    let created = ask_as(
        &url,
        Some(&engine),
        &rated(Variant::Camelot, &[SeatColour::Black]),
    )
    .await
    .unwrap();
    let take = TakeSeat {
        game: created.game,
        seat: SeatColour::Black,
        name: None,
    };
    assert_eq!(
        code(ask_as(&url, Some(&kay), &take).await),
        ErrorCode::NotAllowed
    );
}

/// A quick game: two players logged in ask for the same variant and time and are paired
/// in a rated game, each playing their seat by their account (no token); anyone not
/// logged in, or asking for Grand Cam, is told why not.
#[tokio::test]
async fn a_quick_game_pairs_two_players_who_play_by_their_accounts() {
    let server = server("rated-quick");
    let url = server.address();
    let gareth = account(&url, "Gareth", AccountKind::Person).await;
    let lynette = account(&url, "Lynette", AccountKind::Person).await;
    let quick = QuickGame {
        variant: Variant::Camette,
        time: TimeControl::Clock {
            minutes: 5,
            increment: 3,
        },
    };
    assert_eq!(code(ask(&url, &quick).await), ErrorCode::NotSignedIn);
    let grand = QuickGame {
        variant: Variant::GrandCam,
        ..quick.clone()
    };
    assert_eq!(
        code(ask_as(&url, Some(&gareth), &grand).await),
        ErrorCode::NotAllowed
    );
    let first = {
        let (url, token, quick) = (url.clone(), gareth.clone(), quick.clone());
        tokio::spawn(async move { ask_as(&url, Some(&token), &quick).await.unwrap() })
    };
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let second = ask_as(&url, Some(&lynette), &quick).await.unwrap();
    let first = first.await.unwrap();
    let (Pairing::Paired { game: g1, seat: s1 }, Pairing::Paired { game: g2, seat: s2 }) =
        (first, second)
    else {
        panic!("both paired");
    };
    assert_eq!(g1, g2);
    assert_ne!(s1, s2);
    // Gareth's seat opens by his account alone.
    let mut c = Connection::open_as(&url, &gareth).await.unwrap();
    c.send(&Hello::seat(&g1, None, None).into()).await.unwrap();
    let (you, view) = until(&mut c, |m| match m {
        ServerMessage::State { you, game, .. } => Some((you, game)),
        _ => None,
    })
    .await;
    assert_eq!(you, Some(s1));
    assert!(view.rated);
    assert_eq!(view.time, quick.time);
    let names: Vec<String> = view
        .seats
        .iter()
        .map(|s| s.account.as_ref().unwrap().shown_name())
        .collect();
    assert!(names.contains(&"Gareth".to_string()) && names.contains(&"Lynette".to_string()));
    assert_eq!(profile(&url, "Lynette").await.playing, vec![g1]);
}

/// A player's finished games come 20 at a time, newest first, each once.
#[tokio::test]
async fn a_players_games_come_a_page_at_a_time() {
    let server = server("rated-pages");
    let url = server.address();
    let elaine = account(&url, "Elaine", AccountKind::Person).await;
    let bors = account(&url, "Bors", AccountKind::Person).await;
    let mut made = Vec::new();
    for _ in 0..23 {
        let created = ask_as(
            &url,
            Some(&elaine),
            &rated(Variant::Camette, &[SeatColour::Black]),
        )
        .await
        .unwrap();
        take(&url, &bors, &created.game, SeatColour::Black).await;
        let white = created.seats[&SeatColour::White].clone();
        end_by(&url, &created.game, &white, ClientMessage::Abort).await;
        made.push(created.game);
    }
    let first = profile(&url, "Elaine").await.games;
    assert_eq!(first.games.len(), 20);
    let next = first.next.clone().expect("more");
    let second = ask(
        &url,
        &LookAtPlayedGames {
            name: AccountName::parse("Elaine").unwrap(),
            before: Some(next),
            filter: Default::default(),
        },
    )
    .await
    .unwrap();
    assert_eq!(second.next, None);
    let listed: Vec<GameId> = first
        .games
        .iter()
        .chain(&second.games)
        .map(|g| g.game.clone())
        .collect();
    assert_eq!(listed.len(), 23);
    let mut unique = listed.clone();
    unique.sort();
    unique.dedup();
    made.sort();
    assert_eq!(unique, made, "every game, each once");
    assert!(first.games.iter().all(|g| g.score.is_none() && g.rated));
    // None was won (all called off): a list of her wins reads them all and keeps none.
    let wins = ask(
        &url,
        &LookAtPlayedGames {
            name: AccountName::parse("Elaine").unwrap(),
            before: None,
            filter: camelot_online::protocol::history::GamesFilter {
                result: Some(Score::Won),
                ..Default::default()
            },
        },
    )
    .await
    .unwrap();
    assert!(wins.games.is_empty() && wins.next.is_none(), "{wins:?}");
}

/// A player's history names each game's opponent with the rating they had before it,
/// and keeps what its filters ask for: Elaine beats Bors at Camette, then loses to him
/// there (Bors rated lower by then), and the list of her wins, her losses, her Camelot
/// games and her casual games hold exactly those.
#[tokio::test]
async fn a_players_history_names_the_opponents_and_keeps_what_is_asked_for() {
    use camelot_online::protocol::history::GamesFilter;
    let server = server("rated-history");
    let url = server.address();
    let elaine = account(&url, "Elaine", AccountKind::Person).await;
    let bors = account(&url, "Bors", AccountKind::Person).await;
    let won = one_rated_game(&url, &elaine, &bors, Variant::Camette).await;
    let lost = one_rated_game(&url, &bors, &elaine, Variant::Camette).await;
    let list = |filter: GamesFilter| {
        let url = url.clone();
        async move {
            let asked = LookAtPlayedGames {
                name: AccountName::parse("Elaine").unwrap(),
                before: None,
                filter,
            };
            ask(&url, &asked).await.unwrap().games
        }
    };
    let all = list(GamesFilter::default()).await;
    assert_eq!(all.len(), 2);
    let wins = list(GamesFilter {
        result: Some(Score::Won),
        ..GamesFilter::default()
    })
    .await;
    assert_eq!(wins.len(), 1);
    assert_eq!(wins[0].game, won);
    assert_eq!(wins[0].time, TimeControl::Untimed);
    let bors_then = wins[0].others[0].account.clone().unwrap();
    assert_eq!(bors_then.name.unwrap().as_str(), "Bors");
    assert_eq!(bors_then.rating, Some(1500), "before his first rated game");
    assert!(bors_then.provisional);
    assert_eq!(wins[0].others[0].seat, SeatColour::Black);
    assert!(!wins[0].others[0].partner);
    let losses = list(GamesFilter {
        result: Some(Score::Lost),
        ..GamesFilter::default()
    })
    .await;
    assert_eq!(losses.len(), 1);
    assert_eq!(losses[0].game, lost);
    let bors_later = losses[0].others[0].account.clone().unwrap();
    assert!(
        bors_later.rating.unwrap() < 1500,
        "after losing to her: {bors_later:?}"
    );
    assert!(losses[0].change.unwrap() < 0);
    for none in [
        GamesFilter {
            variant: Some(Variant::Camelot),
            ..GamesFilter::default()
        },
        GamesFilter {
            rated: Some(false),
            ..GamesFilter::default()
        },
        GamesFilter {
            result: Some(Score::Drew),
            ..GamesFilter::default()
        },
    ] {
        assert!(list(none).await.is_empty(), "{none:?}");
    }
    let both = list(GamesFilter {
        variant: Some(Variant::Camette),
        rated: Some(true),
        result: None,
    })
    .await;
    assert_eq!(both.len(), 2);
}

/// Black resigns a rated game of `variant` between `white` (its creator) and `black`.
async fn one_rated_game(
    url: &ServerAddress,
    white: &AccountToken,
    black: &AccountToken,
    variant: Variant,
) -> GameId {
    let created = ask_as(url, Some(white), &rated(variant, &[SeatColour::Black]))
        .await
        .unwrap();
    let seat = take(url, black, &created.game, SeatColour::Black).await;
    end_by(url, &created.game, &seat, ClientMessage::Resign).await;
    created.game
}

/// A rated game's seats may ask for a rating near the creator's: a player further off is
/// told so; a game that is not rated asks for none.
#[tokio::test]
async fn seats_that_ask_for_a_rating_are_for_players_near_the_creators() {
    let server = server("rated-range");
    let url = server.address();
    let arthur = account(&url, "Arthur", AccountKind::Person).await;
    let mordred = account(&url, "Mordred", AccountKind::Person).await;
    one_rated_game(&url, &arthur, &mordred, Variant::Camelot).await;
    // Seats that ask for a rating: within 100 of Arthur's 1662, nobody here (Mordred is
    // at 1338, a new player at 1500); within 200, a new player.
    let near = |range| NewGame {
        rating_range: Some(range),
        ..rated(Variant::Camelot, &[SeatColour::Black])
    };
    let close = ask_as(&url, Some(&arthur), &near(100)).await.unwrap();
    let seats = ask_page(&url, &ListSeats::default()).await.unwrap().items;
    let listed = seats.iter().find(|s| s.game == close.game).unwrap();
    assert_eq!(listed.rating_range, Some(100));
    let percival = account(&url, "Percival", AccountKind::Person).await;
    for who in [&mordred, &percival] {
        let take = TakeSeat {
            game: close.game.clone(),
            seat: SeatColour::Black,
            name: None,
        };
        assert_eq!(
            code(ask_as(&url, Some(who), &take).await),
            ErrorCode::NotAllowed
        );
    }
    let wider = ask_as(&url, Some(&arthur), &near(200)).await.unwrap();
    take(&url, &percival, &wider.game, SeatColour::Black).await;
    let unrated = NewGame {
        rating_range: Some(200),
        ..NewGame::new(Variant::Camelot, TimeControl::Untimed)
    };
    assert_eq!(
        code(ask_as(&url, Some(&arthur), &unrated).await),
        ErrorCode::NotAllowed
    );
}

/// Grand Cam is rated by partnership: Red and Blue against Green and Yellow, each
/// partner against the other partnership as one player.
#[tokio::test]
async fn grand_cam_is_rated_by_partnership() {
    let server = server("rated-grand");
    let url = server.address();
    let names = ["Red-knight", "Green-knight", "Blue-knight", "Yellow-knight"];
    let mut tokens = Vec::new();
    for n in names {
        tokens.push(account(&url, n, AccountKind::Person).await);
    }
    let open = [SeatColour::Green, SeatColour::Blue, SeatColour::Yellow];
    let created = ask_as(&url, Some(&tokens[0]), &rated(Variant::GrandCam, &open))
        .await
        .unwrap();
    let mut green = None;
    for (seat, token) in open.iter().zip(&tokens[1..]) {
        let t = take(&url, token, &created.game, *seat).await;
        if *seat == SeatColour::Green {
            green = Some(t);
        }
    }
    // Green resigns for Green and Yellow: Red and Blue win.
    end_by(&url, &created.game, &green.unwrap(), ClientMessage::Resign).await;
    let mut after = Vec::new();
    for n in names {
        let p = profile(&url, n).await;
        assert_eq!(p.ratings.len(), 1, "{n}");
        after.push(p.ratings[0].rating);
    }
    // Four at 1500: each winner as after beating one 1500 player, each loser the mirror.
    assert!(
        (after[0] - 1662.3).abs() < 0.1 && (after[2] - 1662.3).abs() < 0.1,
        "{after:?}"
    );
    assert!(
        (after[1] - 1337.7).abs() < 0.1 && (after[3] - 1337.7).abs() < 0.1,
        "{after:?}"
    );
    let sum: f64 = after.iter().sum();
    assert!((sum - 6000.0).abs() < 1e-6, "{sum}");
}

/// A flood of quick-game requests from one account and one address holds nothing: the
/// account waits once (each newer request takes the older's place, and the older is
/// answered at once), and past a few at once the address is refused with 429. The one
/// request left waits its full time and says so; a player elsewhere is paired as usual.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_quick_game_requests_waits_once_and_is_refused_past_the_limit() {
    use camelot_test_support::addressed::exchange_from;
    let server = server("rated-flood");
    let url = server.address();
    let flooder = account(&url, "Mordred", AccountKind::Person).await;
    let bearer = format!("authorization: Bearer {}", flooder.as_str());
    let body = r#"{"variant":"camette","time":{"kind":"untimed"}}"#;
    let started = std::time::Instant::now();
    let requests: Vec<_> = (0..40)
        .map(|_| {
            let (server, bearer) = (&server, bearer.clone());
            async move {
                let headers = ["content-type: application/json", bearer.as_str()];
                let r = exchange_from("127.0.0.50", server, "POST /pairing", &headers, body).await;
                (r, started.elapsed())
            }
        })
        .collect();
    let answers = futures_util::future::join_all(requests).await;
    let refused = answers.iter().filter(|(r, _)| r.status == 429).count();
    let waiting: Vec<_> = answers.iter().filter(|(r, _)| r.status == 200).collect();
    assert_eq!(refused + waiting.len(), 40, "{answers:?}");
    assert!(refused > 0, "past the address's limit: 429");
    for (r, _) in answers.iter().filter(|(r, _)| r.status == 429) {
        assert!(r.body.contains(r#""code":"too_many""#), "{r:?}");
        assert!(r.header("retry-after").is_some(), "{r:?}");
    }
    for (r, _) in &waiting {
        assert!(r.body.contains(r#""state":"waiting""#), "{r:?}");
    }
    // One waited its patience; every other was answered long before.
    let held = waiting
        .iter()
        .filter(|(_, at)| *at >= std::time::Duration::from_secs(7))
        .count();
    assert_eq!(
        held,
        1,
        "{:?}",
        waiting.iter().map(|w| w.1).collect::<Vec<_>>()
    );
}
