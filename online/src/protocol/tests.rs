use camelot_engine::{EndReason, Game, MoveKind, Side};

use super::*;

#[test]
fn messages_read_back_and_name_their_kind() {
    let game = Game::new(Variant::Camelot);
    let e6 = game.position().parse_move("E6-E8").unwrap();
    let m = ClientMessage::Move {
        id: 7,
        ply: 3,
        mv: game.position().name_move(&e6).unwrap(),
    };
    let text = serde_json::to_string(&m).unwrap();
    assert_eq!(
        text,
        r#"{"t":"move","id":7,"ply":3,"move":{"path":["E6","E8"],"kind":"Canter","steps":["Canter"],"captures":[],"notation":"E6-E8"}}"#
    );
    assert_eq!(serde_json::from_str::<ClientMessage>(&text).unwrap(), m);
    // A move is its squares: a text alone is no move.
    assert!(
        serde_json::from_str::<ClientMessage>(r#"{"t":"move","id":1,"ply":0,"move":"E6-E8"}"#)
            .is_err()
    );
    let hello: ClientMessage = serde_json::from_str(r#"{"t":"hello","v":2,"game":"abc"}"#).unwrap();
    assert_eq!(
        hello,
        ClientMessage::Hello(Hello {
            v: 2,
            game: GameId::parse("abc").unwrap(),
            token: None,
            name: None,
            board: false,
        })
    );
    let time: TimeControl =
        serde_json::from_str(r#"{"kind":"clock","minutes":5,"increment":3}"#).unwrap();
    assert_eq!(time.to_string(), "5+3");
    assert!(serde_json::from_str::<ClientMessage>(r#"{"t":"fly"}"#).is_err());
    // One-shot requests are HTTP's: the socket has no `create`.
    assert!(serde_json::from_str::<ClientMessage>(
        r#"{"t":"create","v":4,"variant":"grandcam","time":{"kind":"untimed"}}"#
    )
    .is_err());
    let claim: ClientMessage =
        serde_json::from_str(r#"{"t":"claim","kind":"fifty_moves"}"#).unwrap();
    assert_eq!(
        claim,
        ClientMessage::Claim {
            kind: DrawClaim::FiftyMoves
        }
    );
}

/// The engine's types are what travels: a result is a side and a reason's code, never
/// a sentence.
#[test]
fn results_travel_as_the_engines_types() {
    let ended = ServerMessage::Ended {
        result: GameEnd::Decided(Outcome::win(Side::Second, EndReason::Time)),
        may: Vec::new(),
        accepted: None,
    };
    let text = serde_json::to_string(&ended).unwrap();
    assert_eq!(
        text,
        r#"{"t":"ended","result":{"end":"decided","winner":1,"reason":"time"}}"#
    );
    assert_eq!(serde_json::from_str::<ServerMessage>(&text).unwrap(), ended);
    let drawn = GameEnd::Decided(Outcome::draw(EndReason::Agreement));
    assert_eq!(drawn.to_string(), "1/2-1/2 (agreement)");
    let aborted = serde_json::to_string(&GameEnd::Aborted).unwrap();
    assert_eq!(aborted, r#"{"end":"aborted"}"#);
    assert_eq!(GameEnd::Aborted.to_string(), "* (aborted)");
    let moved: ServerMessage = serde_json::from_str(
        r#"{"t":"moved","ply":0,"move":{"path":["F6","F8"],"kind":"Canter","notation":"F6-F8"},"seat":"Red"}"#,
    )
    .unwrap();
    let ServerMessage::Moved { seat, mv, .. } = moved else {
        panic!("{moved:?}")
    };
    assert_eq!(
        (seat, mv.kind, mv.captures.len()),
        (SeatColour::Red, MoveKind::Canter, 0)
    );
}

#[test]
fn a_token_is_not_shown_in_debug() {
    assert_eq!(format!("{:?}", SeatToken::new("secret")), "SeatToken(..)");
}

#[test]
fn errors_carry_a_code_and_unknown_codes_are_other() {
    let e: ServerMessage =
        serde_json::from_str(r#"{"t":"error","code":"no_such_game","message":"no"}"#).unwrap();
    assert_eq!(e, ServerMessage::error(ErrorCode::NoSuchGame, "no"));
    // A version 1 server's error has no code; a newer server's may have one unknown here.
    let old: ServerMessage = serde_json::from_str(r#"{"t":"error","message":"x"}"#).unwrap();
    assert_eq!(old, ServerMessage::error(ErrorCode::Other, "x"));
    let newer: ServerMessage =
        serde_json::from_str(r#"{"t":"error","code":"shiny","message":"x"}"#).unwrap();
    assert_eq!(newer, ServerMessage::error(ErrorCode::Other, "x"));
    assert_eq!(
        check_version(1).unwrap_err().to_string(),
        "this server speaks protocol version 4, the client version 1: upgrade the client (or the server, if it is the older)"
    );
}

#[test]
fn clocks_and_ids_are_read_and_bounded() {
    assert_eq!(
        TimeControl::parse_clock("5+3"),
        Ok(TimeControl::Clock {
            minutes: 5,
            increment: 3
        })
    );
    for bad in ["5", "5+", "x+3", "0+0", "601+0", "-1+2"] {
        assert!(TimeControl::parse_clock(bad).is_err(), "{bad}");
    }
    assert_eq!(
        TimeControl::Days { days: 0 }.check(),
        Err(TimeControlError::DaysOutOfRange)
    );
    assert!(TimeControl::Days { days: 3 }.check().is_ok());
    for bad in ["", "a b", "../x", &"x".repeat(65)] {
        assert!(GameId::parse(bad).is_err(), "{bad}");
    }
    assert_eq!(GameId::parse("k3x9qz2a").unwrap().as_str(), "k3x9qz2a");
}

/// Names, open seats and rematches as they travel.
#[test]
fn names_open_seats_and_rematches_read_back() {
    let hello: ClientMessage =
        serde_json::from_str(r#"{"t":"hello","v":3,"game":"g1","token":"T","name":"Ann"}"#)
            .unwrap();
    let ClientMessage::Hello(Hello { name, .. }) = &hello else {
        panic!("{hello:?}")
    };
    assert_eq!(name.as_ref().map(PlayerName::as_str), Some("Ann"));
    // A name the rules refuse makes the message unreadable, not a name.
    assert!(serde_json::from_str::<ClientMessage>(
        r#"{"t":"hello","v":3,"game":"g1","name":"<img src=x>"}"#
    )
    .is_err());
    let seat = requests::OpenSeat {
        game: GameId::parse("g1").unwrap(),
        seat: SeatColour::Black,
        variant: Variant::Camelot,
        time: TimeControl::Clock {
            minutes: 5,
            increment: 3,
        },
        rated: false,
        creator: None,
        rating_range: None,
    };
    assert_eq!(
        serde_json::to_string(&seat).unwrap(),
        r#"{"game":"g1","seat":"Black","variant":"camelot","time":{"kind":"clock","minutes":5,"increment":3}}"#
    );
    let offer: ClientMessage = serde_json::from_str(r#"{"t":"offer","kind":"rematch"}"#).unwrap();
    assert_eq!(
        offer,
        ClientMessage::Offer {
            kind: OfferKind::Rematch
        }
    );
    let rematch = ServerMessage::Rematch {
        game: GameId::parse("g2").unwrap(),
        seat: Some(SeatColour::Black),
        token: Some(SeatToken::new("T")),
    };
    let text = serde_json::to_string(&rematch).unwrap();
    assert_eq!(
        text,
        r#"{"t":"rematch","game":"g2","seat":"Black","token":"T"}"#
    );
    assert_eq!(
        serde_json::from_str::<ServerMessage>(&text).unwrap(),
        rematch
    );
    let view = SeatView {
        seat: SeatColour::White,
        name: None,
        open: true,
        connected: false,
        away_ms: None,
        computer: None,
        account: None,
    };
    assert_eq!(
        serde_json::to_string(&view).unwrap(),
        r#"{"seat":"White","open":true,"connected":false}"#
    );
}

#[test]
fn a_tournament_says_what_it_is_and_when_in_words() {
    use super::tournaments::{TournamentId, TournamentKind, TournamentState, TournamentView};
    let arena = TournamentView {
        id: TournamentId::parse("t1").unwrap(),
        name: "Orkney Arena".into(),
        kind: TournamentKind::Arena,
        variant: camelot_engine::Variant::Camette,
        time: TimeControl::Clock {
            minutes: 5,
            increment: 3,
        },
        rated: true,
        programs: false,
        minutes: 30,
        rounds: 0,
        round: 4,
        max_players: 500,
        players: 1,
        starts_at: 1_000_000,
        ends_at: Some(1_000_000 + 30 * 60_000),
        state: TournamentState::Soon,
        creator: None,
    };
    assert_eq!(
        arena.kind_line(),
        "Arena for 30 minutes, Camette 5+3, rated, 1 player"
    );
    assert_eq!(arena.when_words(1_000_000 - 90_000), "starts in 2 minutes");
    assert_eq!(arena.when_words(1_000_000), "starting now");
    let running = TournamentView {
        state: TournamentState::Running,
        ..arena.clone()
    };
    assert_eq!(running.when_words(1_000_000 + 60_000), "ends in 29 minutes");
    assert_eq!(
        running.when_words(1_000_000 + 31 * 60_000),
        "its last games are being played"
    );
    let swiss = TournamentView {
        kind: TournamentKind::Swiss,
        rounds: 5,
        round: 2,
        players: 7,
        rated: false,
        ..running
    };
    assert_eq!(
        swiss.kind_line(),
        "Swiss, 5 rounds, Camette 5+3, casual, 7 players"
    );
    assert_eq!(swiss.when_words(0), "round 2 of 5");
    // The kind as the command line and the page write it.
    assert_eq!(
        "roundrobin".parse::<TournamentKind>(),
        Ok(TournamentKind::RoundRobin)
    );
    assert!("knockout".parse::<TournamentKind>().is_err());
}

#[test]
fn a_time_of_day_reads_writes_and_comes_next() {
    use super::TimeOfDay;
    let t = TimeOfDay::parse("19:05").unwrap();
    assert_eq!(
        (t.minutes(), t.to_string()),
        (19 * 60 + 5, "19:05".to_string())
    );
    for bad in ["24:00", "7", "12:60", "x:y"] {
        assert!(TimeOfDay::parse(bad).is_err(), "{bad}");
    }
    let midnight = 20 * 86_400_000;
    assert_eq!(t.next_after(midnight), midnight + (19 * 60 + 5) * 60_000);
    assert_eq!(
        t.next_after(midnight + (19 * 60 + 5) * 60_000),
        midnight + 86_400_000 + (19 * 60 + 5) * 60_000,
        "at the very time: tomorrow's"
    );
    assert_eq!(TimeOfDay::from_minutes(1440), None);
}
