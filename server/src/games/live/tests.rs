use camelot_engine::{Level, Side};
use camelot_online::protocol::{asks_of, Ask, ErrorCode};

use super::*;

/// The move `text` names where `g` stands, as a client sends it (by its squares); a
/// text that names no legal move is sent as its squares, a plain move.
fn named(g: &LiveGame, text: &str) -> NamedMove {
    let pos = g.game.position();
    match pos.parse_move(text) {
        Ok(m) => pos.name_move(&m).unwrap(),
        Err(_) => NamedMove {
            path: text.split(['-', 'x']).map(|s| s.parse().unwrap()).collect(),
            kind: camelot_engine::MoveKind::Plain,
            steps: Vec::new(),
            captures: Vec::new(),
            notation: text.into(),
        },
    }
}

fn id() -> GameId {
    GameId::parse("g").unwrap()
}

fn over(winner: Option<Side>, reason: EndReason) -> Status {
    Status::Over(GameEnd::Decided(Outcome { winner, reason }))
}

const T0: i64 = 1_000_000;

fn camelot(time: TimeControl) -> LiveGame {
    LiveGame::new(id(), Variant::Camelot, time, T0)
}

const WHITE: Player = Player(0);
const BLACK: Player = Player(1);

#[test]
fn the_engine_judges_every_move_and_the_seat_and_ply_must_match() {
    let mut g = camelot(TimeControl::Untimed);
    assert_eq!(
        g.play(BLACK, 0, &named(&g, "H11-F9"), T0),
        Err(Refusal::NotYourTurn {
            to_move: SeatColour::White,
            seat: SeatColour::Black
        })
    );
    assert_eq!(
        g.play(WHITE, 1, &named(&g, "E6-E8"), T0),
        Err(Refusal::WrongPly { sent: 1, at: 0 })
    );
    let illegal = g.play(WHITE, 0, &named(&g, "E6-E9"), T0).unwrap_err();
    assert!(matches!(illegal, Refusal::IllegalMove(_)), "{illegal:?}");
    assert!(illegal.to_string().contains("E6-E9"), "{illegal}");
    assert_eq!(illegal.code(), ErrorCode::IllegalMove);
    assert_eq!(
        Refusal::NotYourTurn {
            to_move: SeatColour::White,
            seat: SeatColour::Black
        }
        .to_string(),
        "it is White's turn, not Black's"
    );
    assert!(
        g.plies.is_empty() && g.game.ply() == 0,
        "a refused move changes nothing"
    );
    assert_eq!(
        g.play(WHITE, 0, &named(&g, "e6-e8"), T0 + 5),
        Ok(Change::Moved)
    );
    assert_eq!(
        g.plies[0].named.notation, "E6-E8",
        "named in canonical notation"
    );
    assert_eq!(g.plies[0].seat, WHITE);
}

#[test]
fn clocks_start_after_the_first_round_and_take_time_and_give_increment() {
    let mut g = camelot(TimeControl::Clock {
        minutes: 1,
        increment: 2,
    });
    assert_eq!(g.deadline(), None, "no clock runs on a first move");
    g.play(WHITE, 0, &named(&g, "E6-E8"), T0 + 30_000).unwrap();
    g.play(BLACK, 1, &named(&g, "H11-F9"), T0 + 50_000).unwrap();
    // A minute, and the first timed move's increment ahead.
    assert_eq!(g.clocks, vec![62_000, 62_000], "first moves untimed");
    assert_eq!(g.deadline(), Some(T0 + 50_000 + 62_000));
    g.play(WHITE, 2, &named(&g, "H6-F8"), T0 + 60_000).unwrap();
    assert_eq!(g.clocks[0], 62_000 - 10_000 + 2_000);
    let view = g.clock_view(T0 + 61_000).unwrap();
    assert_eq!(view.running, Some(1));
    assert_eq!(view.remaining_ms, vec![54_000, 61_000]);
}

#[test]
fn a_flag_fall_loses_unless_the_other_side_cannot_win() {
    let mut g = camelot(TimeControl::Clock {
        minutes: 1,
        increment: 0,
    });
    g.play(WHITE, 0, &named(&g, "E6-E8"), T0).unwrap();
    g.play(BLACK, 1, &named(&g, "H11-F9"), T0).unwrap();
    assert_eq!(g.flag(T0 + 59_999), None);
    assert_eq!(
        g.play(WHITE, 2, &named(&g, "H6-F8"), T0 + 60_000),
        Err(Refusal::TimeUp)
    );
    assert_eq!(g.flag(T0 + 60_000), Some(Change::Updated));
    assert_eq!(g.status, over(Some(Side::Second), EndReason::Time));
    assert_eq!(g.clock_view(T0 + 70_000).unwrap().remaining_ms[0], 0);
}

/// The computer's clock stands while its turn waits for a search: no deadline, no
/// flag, a clock shown standing; its move is charged from when it took the turn, and a
/// search that outran the clock loses on time.
#[test]
fn the_computers_clock_runs_only_while_it_thinks() {
    let mut g = camelot(TimeControl::Clock {
        minutes: 1,
        increment: 0,
    });
    g.seats[1].computer = Some(Level::CLUB);
    g.play(WHITE, 0, &named(&g, "E6-E8"), T0).unwrap();
    g.play_thought(BLACK, 1, &named(&g, "H11-F9"), T0 + 10, T0 + 5)
        .unwrap();
    g.play(WHITE, 2, &named(&g, "H6-F8"), T0 + 1_000).unwrap();
    // Black's turn waits two minutes for a search: its minute is still there.
    assert_eq!(g.deadline(), None);
    assert_eq!(g.flag(T0 + 121_000), None);
    let view = g.clock_view(T0 + 121_000).unwrap();
    assert_eq!((view.running, view.remaining_ms[1]), (None, 60_000));
    // It took the turn at 120 s and thought for 3 s.
    let thought = named(&g, "F9-F8");
    let thought = if g.game.position().read_named(&thought).is_ok() {
        thought
    } else {
        g.game.position().named_moves()[0].clone()
    };
    g.play_thought(BLACK, 3, &thought, T0 + 124_000, T0 + 121_000)
        .unwrap();
    assert_eq!(g.clocks[1], 57_000);
    assert_eq!(g.deadline(), Some(T0 + 124_000 + 60_000 - 990), "White's");
    // A search that outran what was left loses on time.
    let next = g.game.position().named_moves()[0].clone();
    g.play(WHITE, 4, &next, T0 + 125_000).unwrap();
    let late = g.game.position().named_moves()[0].clone();
    assert_eq!(
        g.play_thought(BLACK, 5, &late, T0 + 200_000, T0 + 125_000),
        Ok(Change::Updated)
    );
    assert_eq!(g.status, over(Some(Side::First), EndReason::Time));
    assert_eq!(g.plies.len(), 5, "the late move is not played");
}

#[test]
fn correspondence_gives_days_a_move() {
    let mut g = camelot(TimeControl::Days { days: 3 });
    assert_eq!(g.deadline(), Some(T0 + 3 * DAY_MS));
    assert_eq!(g.move_due(T0 + DAY_MS), Some(2 * DAY_MS as u64));
    g.play(WHITE, 0, &named(&g, "E6-E8"), T0 + DAY_MS).unwrap();
    assert_eq!(g.deadline(), Some(T0 + 4 * DAY_MS));
    assert!(g.flag(T0 + 4 * DAY_MS).is_some());
    assert_eq!(g.status, over(Some(Side::First), EndReason::Time));
}

#[test]
fn offers_are_made_by_one_side_and_answered_by_the_other() {
    let mut g = camelot(TimeControl::Untimed);
    g.play(WHITE, 0, &named(&g, "E6-E8"), T0).unwrap();
    g.play(BLACK, 1, &named(&g, "H11-F9"), T0).unwrap();
    g.offer(WHITE, OfferKind::Draw, &Agreement::at(T0)).unwrap();
    assert!(
        g.accept(WHITE, OfferKind::Draw, &Agreement::at(T0))
            .is_err(),
        "not one's own"
    );
    g.decline(BLACK, OfferKind::Draw).unwrap();
    assert_eq!(g.offers, Offers::default());
    g.offer(BLACK, OfferKind::Draw, &Agreement::at(T0)).unwrap();
    // A move answers the offer.
    assert!(g.play(BLACK, 2, &named(&g, "H6-F8"), T0).is_err());
    g.play(WHITE, 2, &named(&g, "H6-F8"), T0).unwrap();
    assert_eq!(g.offers.draw, None);
    g.offer(WHITE, OfferKind::Draw, &Agreement::at(T0)).unwrap();
    g.accept(BLACK, OfferKind::Draw, &Agreement::at(T0))
        .unwrap();
    assert_eq!(g.status, over(None, EndReason::Agreement));
    assert!(matches!(
        g.play(BLACK, 3, &named(&g, "F11-F7"), T0),
        Err(Refusal::GameOver(_))
    ));
}

#[test]
fn a_takeback_returns_to_before_the_askers_last_move() {
    let mut g = camelot(TimeControl::Clock {
        minutes: 5,
        increment: 0,
    });
    assert!(
        g.offer(WHITE, OfferKind::Takeback, &Agreement::at(T0))
            .is_err(),
        "nothing to take back"
    );
    for (i, (seat, m)) in [
        (WHITE, "E6-E8"),
        (BLACK, "H11-F9"),
        (WHITE, "H6-F8"),
        (BLACK, "G11-G9"),
    ]
    .into_iter()
    .enumerate()
    {
        g.play(seat, i as u32, &named(&g, m), T0 + 1000 * i as i64)
            .unwrap();
    }
    g.offer(WHITE, OfferKind::Takeback, &Agreement::at(T0))
        .unwrap();
    assert_eq!(
        g.accept(BLACK, OfferKind::Takeback, &Agreement::at(T0)),
        Ok(Change::TakenBack { keep: 2 })
    );
    assert_eq!(g.plies.len(), 2);
    assert_eq!(g.game.ply(), 2);
    assert_eq!(g.game.position().turn(), WHITE);
    assert_eq!(g.clocks, g.plies[1].clocks_after);
}

#[test]
fn a_takeback_restarts_the_movers_clock_from_the_agreement() {
    let mut g = camelot(TimeControl::Clock {
        minutes: 0,
        increment: 10,
    });
    g.play(WHITE, 0, &named(&g, "E6-E8"), T0).unwrap();
    g.play(BLACK, 1, &named(&g, "H11-F9"), T0 + 1000).unwrap();
    g.play(WHITE, 2, &named(&g, "H6-F8"), T0 + 3000).unwrap();
    g.offer(WHITE, OfferKind::Takeback, &Agreement::at(T0 + 3500))
        .unwrap();
    // Black thinks four seconds before agreeing: that time is nobody's.
    let agreed = T0 + 7500;
    g.accept(BLACK, OfferKind::Takeback, &Agreement::at(agreed))
        .unwrap();
    assert_eq!(g.clock_view(agreed).unwrap().remaining_ms[0], 10_000);
    assert_eq!(g.deadline(), Some(agreed + 10_000));

    let mut c = camelot(TimeControl::Days { days: 2 });
    c.play(WHITE, 0, &named(&c, "E6-E8"), T0).unwrap();
    c.offer(WHITE, OfferKind::Takeback, &Agreement::at(T0))
        .unwrap();
    c.accept(BLACK, OfferKind::Takeback, &Agreement::at(T0 + DAY_MS))
        .unwrap();
    assert_eq!(
        c.deadline(),
        Some(T0 + 3 * DAY_MS),
        "two whole days from the agreement"
    );
}

fn seat_rows(tokens: &[&str], names: &[&str]) -> Vec<SeatRow> {
    tokens
        .iter()
        .zip(names)
        .map(|(t, n)| SeatRow {
            computer: None,
            token_hash: (!t.is_empty()).then(|| t.to_string()),
            name: (!n.is_empty()).then(|| PlayerName::parse(n).unwrap()),
            account: None,
        })
        .collect()
}

fn plan(rows: Vec<SeatRow>) -> Agreement {
    Agreement {
        now: T0 + 9,
        rematch: Some(RematchPlan {
            id: GameId::parse("next").unwrap(),
            seat_rows: rows,
            over_limit: None,
            owner: crate::common::owner::Owner::Tv,
        }),
    }
}

#[test]
fn a_rematch_is_agreed_once_the_game_is_over_with_colours_swapped() {
    let mut g = camelot(TimeControl::Clock {
        minutes: 5,
        increment: 3,
    });
    let agreed = plan(seat_rows(&["hw", "hb"], &["Ann", "Bo"]));
    assert_eq!(
        g.offer(WHITE, OfferKind::Rematch, &agreed),
        Err(Refusal::NotOverYet)
    );
    g.resign(BLACK).unwrap();
    assert_eq!(
        g.offer(WHITE, OfferKind::Draw, &agreed)
            .map_err(|r| r.code()),
        Err(ErrorCode::GameOver)
    );
    g.offer(WHITE, OfferKind::Rematch, &agreed).unwrap();
    assert_eq!(g.offers.rematch, Some(WHITE));
    assert_eq!(
        g.offer(WHITE, OfferKind::Rematch, &agreed),
        Err(Refusal::OfferStands)
    );
    let Ok(Change::Rematch(next)) = g.offer(BLACK, OfferKind::Rematch, &agreed) else {
        panic!("Black's offer meets White's: agreed");
    };
    assert_eq!(g.rematch, Some(GameId::parse("next").unwrap()));
    assert_eq!(g.offers, Offers::default());
    assert_eq!(next.game.time, g.time);
    assert_eq!(next.game.variant, Variant::Camelot);
    assert_eq!(next.game.created_at, T0 + 9);
    // Ann played White: she is Black now, with her token.
    assert_eq!(next.seats, seat_rows(&["hb", "hw"], &["Bo", "Ann"]));
    assert_eq!(next.game.seats[1].name.as_ref().unwrap().as_str(), "Ann");
    assert_eq!(
        g.offer(BLACK, OfferKind::Rematch, &agreed),
        Err(Refusal::RematchAgreed(GameId::parse("next").unwrap()))
    );
}

#[test]
fn an_aborted_game_has_no_rematch_and_one_over_the_limit_is_refused() {
    let mut aborted = camelot(TimeControl::Untimed);
    aborted.abort().unwrap();
    let agreed = plan(seat_rows(&["hw", "hb"], &["", ""]));
    assert_eq!(
        aborted.offer(WHITE, OfferKind::Rematch, &agreed),
        Err(Refusal::AbortedHasNoRematch)
    );
    let mut over = camelot(TimeControl::Untimed);
    over.resign(BLACK).unwrap();
    over.offer(WHITE, OfferKind::Rematch, &agreed).unwrap();
    let mut spent = plan(seat_rows(&["hw", "hb"], &["", ""]));
    if let Some(p) = spent.rematch.as_mut() {
        p.over_limit = Some(30);
    }
    let refusal = over.accept(BLACK, OfferKind::Rematch, &spent).unwrap_err();
    assert_eq!(refusal, Refusal::TooManyGames { per_minute: 30 });
    assert_eq!(refusal.code(), ErrorCode::TooMany);
    assert_eq!(over.rematch, None, "nothing agreed");
    // With an allowance left, the same answer agrees it.
    assert!(matches!(
        over.accept(BLACK, OfferKind::Rematch, &agreed),
        Ok(Change::Rematch(_))
    ));
}

#[test]
fn a_grand_cam_rematch_moves_everyone_one_seat_on() {
    let mut g = LiveGame::new(id(), Variant::GrandCam, TimeControl::Untimed, T0);
    let (red, green, blue) = (Player(0), Player(1), Player(2));
    g.resign(red).unwrap();
    let agreed = plan(seat_rows(&["r", "g", "", "y"], &["Rae", "Gus", "", "Yan"]));
    g.offer(red, OfferKind::Rematch, &agreed).unwrap();
    assert_eq!(
        g.accept(blue, OfferKind::Rematch, &agreed),
        Err(Refusal::NoOfferToAccept),
        "a partner is no opponent"
    );
    let Ok(Change::Rematch(next)) = g.accept(green, OfferKind::Rematch, &agreed) else {
        panic!("agreed");
    };
    // Red's player is Green now, Yellow's is Red; Blue was never taken: Yellow is open.
    assert_eq!(
        next.seats,
        seat_rows(&["y", "r", "g", ""], &["Yan", "Rae", "Gus", ""])
    );
    assert!(next.game.seats[3].open && !next.game.seats[0].open);
}

#[test]
fn abort_resign_and_claims() {
    let mut g = camelot(TimeControl::Untimed);
    g.play(WHITE, 0, &named(&g, "E6-E8"), T0).unwrap();
    let mut aborted = g.clone();
    aborted.abort().unwrap();
    assert_eq!(aborted.status, Status::Over(GameEnd::Aborted));
    g.play(BLACK, 1, &named(&g, "H11-F9"), T0).unwrap();
    assert!(g.abort().is_err());
    assert!(
        g.claim(WHITE, DrawClaim::Repetition).is_err(),
        "nothing to claim"
    );
    assert!(
        g.claim(BLACK, DrawClaim::FiftyMoves).is_err(),
        "not Black's turn"
    );
    g.resign(BLACK).unwrap();
    assert_eq!(g.status, over(Some(Side::First), EndReason::Resignation));
}

/// Whether `seat` asking `ask` of `g` is taken (tried on a copy).
fn granted(g: &LiveGame, seat: Player, ask: Ask) -> bool {
    let mut trial = g.clone();
    let agreed = plan(seat_rows(&["hw", "hb"], &["Ann", "Bo"]));
    match ask {
        Ask::Abort => trial.abort().is_ok(),
        Ask::Resign => trial.resign(seat).is_ok(),
        Ask::OfferDraw => trial.offer(seat, OfferKind::Draw, &agreed).is_ok(),
        Ask::OfferTakeback => trial.offer(seat, OfferKind::Takeback, &agreed).is_ok(),
        Ask::OfferRematch => trial.offer(seat, OfferKind::Rematch, &agreed).is_ok(),
    }
}

/// Every seat's asks are exactly those the game grants.
fn assert_asks_are_the_rules(g: &LiveGame, when: &str) {
    for p in g.variant.rules().players_in_order() {
        for ask in Ask::ALL {
            assert_eq!(
                g.asks(p).contains(&ask),
                granted(g, p, ask),
                "{ask:?} for {:?} {when}",
                g.seat_colour(p)
            );
        }
    }
}

/// The page and the other clients are told what a seat may do and who made each ply:
/// they keep no rule of their own for either.
#[test]
fn the_view_says_who_made_each_ply_and_what_each_seat_may_ask() {
    let mut g = camelot(TimeControl::Untimed);
    let view = |g: &LiveGame| g.view(T0, &[true, true], &[None, None]);
    let asks = |g: &LiveGame, colour: SeatColour| asks_of(&view(g).may, colour).to_vec();
    assert_eq!(
        asks(&g, SeatColour::Black),
        [Ask::Abort, Ask::Resign, Ask::OfferDraw],
        "nothing of Black's to take back"
    );
    assert_asks_are_the_rules(&g, "at the start");
    g.play(WHITE, 0, &named(&g, "E6-E8"), T0).unwrap();
    assert!(
        asks(&g, SeatColour::White).contains(&Ask::Abort),
        "one side has moved"
    );
    assert!(asks(&g, SeatColour::White).contains(&Ask::OfferTakeback));
    assert!(!asks(&g, SeatColour::Black).contains(&Ask::OfferTakeback));
    assert_asks_are_the_rules(&g, "after one ply");
    g.play(BLACK, 1, &named(&g, "H11-F9"), T0).unwrap();
    let v = view(&g);
    assert_eq!(
        asks_of(&v.may, SeatColour::Black),
        [Ask::Resign, Ask::OfferDraw, Ask::OfferTakeback],
        "both sides have moved"
    );
    assert_eq!(v.movers, [SeatColour::White, SeatColour::Black]);
    assert_asks_are_the_rules(&g, "after two plies");
    g.offer(WHITE, OfferKind::Draw, &Agreement::at(T0)).unwrap();
    assert!(
        !asks(&g, SeatColour::White).contains(&Ask::OfferDraw),
        "it stands"
    );
    assert!(
        asks(&g, SeatColour::Black).contains(&Ask::OfferDraw),
        "to accept"
    );
    assert_asks_are_the_rules(&g, "with a draw offered");
    let mut over = g.clone();
    over.resign(BLACK).unwrap();
    assert_eq!(asks(&over, SeatColour::White), [Ask::OfferRematch]);
    assert_asks_are_the_rules(&over, "once resigned");
    over.offer(WHITE, OfferKind::Rematch, &Agreement::at(T0))
        .unwrap();
    assert_asks_are_the_rules(&over, "with a rematch offered");
    let mut aborted = camelot(TimeControl::Untimed);
    aborted.abort().unwrap();
    assert_eq!(asks(&aborted, SeatColour::White), []);
    assert_asks_are_the_rules(&aborted, "aborted");
    // Against the computer a draw is not offered: it plays on.
    let mut computer = camelot(TimeControl::Untimed);
    computer.seats[1].computer = Some(Level::CLUB);
    assert!(!asks(&computer, SeatColour::White).contains(&Ask::OfferDraw));
    assert_asks_are_the_rules(&computer, "against the computer");
    // Grand Cam's four seats, each ply its mover's.
    let mut gc = LiveGame::new(id(), Variant::GrandCam, TimeControl::Untimed, T0);
    let order: Vec<Player> = gc.variant.rules().players_in_order().collect();
    for (ply, &seat) in order.iter().enumerate() {
        let mv = gc.game.position().named_moves()[0].clone();
        gc.play(seat, ply as u32, &mv, T0).unwrap();
        assert_asks_are_the_rules(&gc, "in Grand Cam");
    }
    let colours: Vec<SeatColour> = order.iter().map(|&p| gc.seat_colour(p)).collect();
    assert_eq!(gc.view(T0, &[true; 4], &[None; 4]).movers, colours);
}

#[test]
fn grand_cam_partners_share_a_side() {
    let mut g = LiveGame::new(id(), Variant::GrandCam, TimeControl::Untimed, T0);
    let (red, green, blue) = (Player(0), Player(1), Player(2));
    g.play(red, 0, &named(&g, "G4-G5"), T0).unwrap();
    g.offer(red, OfferKind::Draw, &Agreement::at(T0)).unwrap();
    assert!(
        g.accept(blue, OfferKind::Draw, &Agreement::at(T0)).is_err(),
        "a partner is no opponent"
    );
    g.accept(green, OfferKind::Draw, &Agreement::at(T0))
        .unwrap();
    assert!(!g.is_live());
}

/// A tournament's game under a first-move limit: each seat's first move is due that long
/// after the move before; a seat that makes none has the game called off (not lost on
/// time), which no player may do themselves; once both have moved the clock rules.
#[test]
fn a_first_move_limit_calls_off_a_game_whose_seat_never_came() {
    let clock = TimeControl::Clock {
        minutes: 3,
        increment: 2,
    };
    let mut g = camelot(clock);
    g.first_move_ms = Some(30_000);
    assert_eq!(g.deadline(), Some(T0 + 30_000));
    assert!(!g.may_abort(), "only the server calls it off");
    assert_eq!(g.abort(), Err(Refusal::PairedNotAborted));
    assert_eq!(g.flag(T0 + 29_999), None);
    let mut absent_white = g.clone();
    assert_eq!(absent_white.flag(T0 + 30_000), Some(Change::Updated));
    assert_eq!(absent_white.status, Status::Over(GameEnd::Aborted));
    // White moves in time: Black's first move is due 30 s after it.
    g.play(WHITE, 0, &named(&g, "E6-E8"), T0 + 10_000).unwrap();
    assert_eq!(g.deadline(), Some(T0 + 40_000));
    let mut absent_black = g.clone();
    absent_black.flag(T0 + 40_000).unwrap();
    assert_eq!(absent_black.status, Status::Over(GameEnd::Aborted));
    // Black moves too: from now on the clock (3 minutes, and White's first 2 s added),
    // and a player out of time loses.
    g.play(BLACK, 1, &named(&g, "H11-F9"), T0 + 20_000).unwrap();
    assert_eq!(g.deadline(), Some(T0 + 20_000 + 182_000));
    g.flag(T0 + 202_000).unwrap();
    assert!(
        matches!(g.status, Status::Over(GameEnd::Decided(o)) if o.reason == EndReason::Time),
        "{:?}",
        g.status
    );
}

/// While a seat is open nobody is there to agree or to beat: no draw, takeback or
/// resignation is offered or taken (abort is); once it is taken, they are.
#[test]
fn nothing_is_offered_or_resigned_while_a_seat_is_open() {
    let mut g = camelot(TimeControl::Untimed);
    g.seats[1].open = true;
    g.play(WHITE, 0, &named(&g, "E6-E8"), T0).unwrap();
    let agreed = plan(seat_rows(&["hw", "hb"], &["", ""]));
    assert_eq!(g.asks(WHITE), vec![Ask::Abort]);
    assert_eq!(
        g.offer(WHITE, OfferKind::Draw, &agreed),
        Err(Refusal::SeatOpen)
    );
    assert_eq!(
        g.offer(WHITE, OfferKind::Takeback, &agreed),
        Err(Refusal::SeatOpen)
    );
    assert_eq!(g.resign(WHITE), Err(Refusal::SeatOpen));
    assert!(g.is_live());
    g.seats[1].open = false;
    assert!(g.asks(WHITE).contains(&Ask::Resign));
    assert!(g.asks(WHITE).contains(&Ask::OfferDraw));
    assert!(g.offer(WHITE, OfferKind::Draw, &agreed).is_ok());
}
