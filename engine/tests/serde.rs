//! serde on the public value types.

use camelot_engine::notation::Record;
use camelot_engine::{EndReason, Game, Move, Outcome, Position, Side, Variant};

#[test]
fn value_types_round_trip_through_serde() {
    let mut game = Game::new(Variant::Camette);
    game.play_notation("C3-C4").unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);

    let pos = game.position().clone();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(
        json,
        format!("\"{pos}\""),
        "a position serialises as its position string"
    );
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    assert!(serde_json::from_str::<Position>("\"variant=chess\"").is_err());

    let m: Move = game.moves()[0];
    assert_eq!(
        serde_json::from_str::<Move>(&serde_json::to_string(&m).unwrap()).unwrap(),
        m
    );
    let o = Outcome::win(Side::Second, EndReason::GoalCastle);
    assert_eq!(
        serde_json::from_str::<Outcome>(&serde_json::to_string(&o).unwrap()).unwrap(),
        o
    );
    assert_eq!(
        serde_json::to_string(&Variant::GrandCam).unwrap(),
        "\"grandcam\""
    );

    let rec = Record::parse("[Variant \"camette\"]\n1. C3-C4! {good} *").unwrap();
    assert_eq!(
        serde_json::from_str::<Record>(&serde_json::to_string(&rec).unwrap()).unwrap(),
        rec
    );
}

/// What the online protocol sends and the server stores: codes, the same as serde's.
#[test]
fn end_reasons_and_claims_travel_as_their_codes() {
    for r in EndReason::ALL {
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            format!("\"{}\"", r.code())
        );
        assert_eq!(
            serde_json::from_str::<EndReason>(&format!("\"{}\"", r.code())).unwrap(),
            r
        );
    }
    assert_eq!(
        serde_json::to_string(&camelot_engine::DrawClaim::FiftyMoves).unwrap(),
        "\"fifty_moves\""
    );
    assert_eq!(
        serde_json::to_string(&camelot_engine::SeatColour::Yellow).unwrap(),
        "\"Yellow\""
    );
}
