//! The rounds every client follows: message sequences of a game on the server (a game
//! played out, a message heard twice, a ply missed, a reconnection's whole game between
//! moves, offers made and answered), kept in `tests/data/rounds.json`, which the browser
//! page's `apply` is tested with too (`server/web/test/round.test.mjs`). Here each is
//! followed by the `Mirror`, and its end compared with what the sequence says it is.
//! The file is made from the protocol's types and the engine's legal moves;
//! `CAMELOT_WRITE_GENERATED=1 cargo test -p camelot-online --test rounds` writes it anew.

use camelot_engine::{EndReason, Game, NamedMove, Outcome, SeatColour, Side, Variant};
use camelot_online::protocol::{
    Accepted, Ask, GameEnd, GameId, GameView, OfferKind, SeatAsks, SeatView, ServerMessage,
    TimeControl, PROTOCOL_VERSION,
};
use camelot_online::{Mirror, MirrorError};
use serde::{Deserialize, Serialize};

/// A recorded round and where it ends.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Round {
    name: String,
    messages: Vec<ServerMessage>,
    /// The plies a client holds at the end; none where it must ask for the whole game
    /// again (a ply it never heard).
    plies: Option<usize>,
    /// The seat that made each ply, as the server said.
    movers: Vec<SeatColour>,
    /// The offers standing at the end.
    offers: Vec<OfferKind>,
    over: bool,
    /// What each seat may ask at the end, as the server last said.
    may: Vec<SeatAsks>,
}

/// What the server says each seat may ask after `n` plies with `offers` standing (the
/// server's own rules are held to its refusals in its tests).
fn may(n: usize, offers: &[(OfferKind, SeatColour)]) -> Vec<SeatAsks> {
    [SeatColour::White, SeatColour::Black]
        .map(|seat| {
            let stands = |kind| offers.contains(&(kind, seat));
            let has_moved = if seat == SeatColour::White {
                n >= 1
            } else {
                n >= 2
            };
            let asks = [
                (Ask::Abort, n < 2),
                (Ask::Resign, true),
                (Ask::OfferDraw, !stands(OfferKind::Draw)),
                (
                    Ask::OfferTakeback,
                    has_moved && !stands(OfferKind::Takeback),
                ),
            ];
            SeatAsks {
                seat,
                asks: asks.into_iter().filter(|a| a.1).map(|a| a.0).collect(),
            }
        })
        .to_vec()
}

/// Once the game is over: a rematch, for either seat.
fn may_when_over() -> Vec<SeatAsks> {
    [SeatColour::White, SeatColour::Black]
        .map(|seat| SeatAsks {
            seat,
            asks: vec![Ask::OfferRematch],
        })
        .to_vec()
}

fn offered(kind: OfferKind, by: SeatColour, may: Vec<SeatAsks>) -> ServerMessage {
    ServerMessage::Offered { kind, by, may }
}

fn declined(kind: OfferKind, by: SeatColour, may: Vec<SeatAsks>) -> ServerMessage {
    ServerMessage::Declined { kind, by, may }
}

/// The first `n` plies of a Camelot game (each the first legal move), with their movers.
fn plies(n: usize) -> Vec<(NamedMove, SeatColour)> {
    let mut game = Game::new(Variant::Camelot);
    let rules = Variant::Camelot.rules();
    (0..n)
        .map(|_| {
            let pos = game.position();
            let named = pos.named_moves()[0].clone();
            let seat = rules.seat_colour(pos.turn());
            let mv = pos.read_named(&named).expect("a legal move");
            game.play(&mv).expect("a legal move");
            (named, seat)
        })
        .collect()
}

fn seat(colour: SeatColour) -> SeatView {
    SeatView {
        seat: colour,
        name: None,
        open: false,
        connected: true,
        away_ms: None,
        computer: None,
        account: None,
    }
}

/// The whole game after its first `n` plies.
fn state(n: usize) -> ServerMessage {
    let played = plies(n);
    ServerMessage::State {
        v: PROTOCOL_VERSION,
        you: Some(SeatColour::White),
        game: Box::new(GameView {
            id: GameId::parse("round01").expect("an id"),
            variant: Variant::Camelot,
            time: TimeControl::Untimed,
            seats: vec![seat(SeatColour::White), seat(SeatColour::Black)],
            moves: played.iter().map(|(m, _)| m.clone()).collect(),
            movers: played.iter().map(|(_, s)| *s).collect(),
            may: may(n, &[]),
            clocks: None,
            move_due_ms: None,
            offers: Vec::new(),
            result: None,
            rematch: None,
            board: None,
            legal: Vec::new(),
            rated: false,
        }),
        accepted: None,
    }
}

/// Ply `ply` as the server announces it: with the seats' asks where it changed them.
fn moved(ply: usize) -> ServerMessage {
    let (mv, seat) = plies(ply + 1).pop().expect("a ply");
    let (before, after) = (may(ply, &[]), may(ply + 1, &[]));
    ServerMessage::Moved {
        ply: ply as u32,
        mv,
        seat,
        clocks: None,
        move_due_ms: None,
        board: None,
        legal: Vec::new(),
        may: if after == before { Vec::new() } else { after },
    }
}

fn movers(n: usize) -> Vec<SeatColour> {
    plies(n).into_iter().map(|(_, s)| s).collect()
}

fn rounds() -> Vec<Round> {
    let round = |name: &str, messages: Vec<ServerMessage>, plies: Option<usize>| Round {
        name: name.to_string(),
        messages,
        plies,
        movers: plies.map(movers).unwrap_or_default(),
        offers: Vec::new(),
        over: false,
        may: plies.map(|n| may(n, &[])).unwrap_or_default(),
    };
    let played = Round {
        over: true,
        may: may_when_over(),
        ..round(
            "a game played and resigned",
            vec![
                state(0),
                moved(0),
                moved(1),
                moved(2),
                ServerMessage::Ended {
                    result: GameEnd::Decided(Outcome::win(Side::Second, EndReason::Resignation)),
                    may: may_when_over(),
                    accepted: None,
                },
            ],
            Some(3),
        )
    };
    let (draw, takeback) = (OfferKind::Draw, OfferKind::Takeback);
    let offers = Round {
        offers: vec![OfferKind::Takeback],
        may: may(2, &[(takeback, SeatColour::White)]),
        ..round(
            "offers made, answered and cleared by a move",
            vec![
                state(1),
                offered(
                    draw,
                    SeatColour::Black,
                    may(1, &[(draw, SeatColour::Black)]),
                ),
                declined(draw, SeatColour::Black, may(1, &[])),
                offered(
                    draw,
                    SeatColour::White,
                    may(1, &[(draw, SeatColour::White)]),
                ),
                moved(1),
                offered(
                    takeback,
                    SeatColour::White,
                    may(2, &[(takeback, SeatColour::White)]),
                ),
            ],
            Some(2),
        )
    };
    // The end says the offer was taken up: no `declined` for it.
    let agreed = Round {
        over: true,
        may: may_when_over(),
        ..round(
            "a draw offered and accepted",
            vec![
                state(2),
                offered(
                    draw,
                    SeatColour::White,
                    may(2, &[(draw, SeatColour::White)]),
                ),
                ServerMessage::Ended {
                    result: GameEnd::Decided(Outcome::draw(EndReason::Agreement)),
                    may: may_when_over(),
                    accepted: Some(Accepted {
                        kind: draw,
                        by: SeatColour::White,
                    }),
                },
            ],
            Some(2),
        )
    };
    vec![
        played,
        agreed,
        round(
            "a move heard twice",
            vec![state(0), moved(0), moved(0), moved(1)],
            Some(2),
        ),
        round("a ply never heard", vec![state(0), moved(1)], None),
        round(
            "a reconnection's whole game between moves",
            vec![state(0), moved(0), state(2), moved(1), moved(2)],
            Some(3),
        ),
        offers,
    ]
}

/// Where the mirror ends after `round`'s messages.
fn followed(round: &Round) -> Result<Mirror, MirrorError> {
    let ServerMessage::State { you, game, .. } = &round.messages[0] else {
        panic!("{}: a round begins with the whole game", round.name);
    };
    let mut mirror = Mirror::from_state(*you, game)?;
    for m in &round.messages[1..] {
        mirror.apply(m)?;
    }
    Ok(mirror)
}

#[test]
fn the_recorded_rounds_are_the_protocols_and_the_mirror_follows_each() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rounds.json");
    let made = serde_json::to_string_pretty(&rounds()).expect("rounds serialise") + "\n";
    if std::env::var_os("CAMELOT_WRITE_GENERATED").is_some() {
        std::fs::write(&path, &made).expect("the rounds written");
    }
    let kept = std::fs::read_to_string(&path).expect("tests/data/rounds.json");
    assert_eq!(
        kept, made,
        "CAMELOT_WRITE_GENERATED=1 writes the rounds anew"
    );
    let read: Vec<Round> = serde_json::from_str(&kept).expect("the rounds read back");
    for round in &read {
        match (followed(round), round.plies) {
            (Ok(mirror), Some(plies)) => {
                assert_eq!(mirror.game.ply(), plies, "{}", round.name);
                let offers: Vec<OfferKind> = mirror.offers.iter().map(|o| o.kind).collect();
                assert_eq!(offers, round.offers, "{}", round.name);
                assert_eq!(mirror.is_over(), round.over, "{}", round.name);
                assert_eq!(mirror.may, round.may, "{}", round.name);
            }
            (Err(MirrorError::Gap { ply, have }), None) => {
                assert_eq!((ply, have), (1, 0), "{}", round.name);
            }
            (got, want) => panic!("{}: {want:?} plies expected, got {got:?}", round.name),
        }
    }
}
