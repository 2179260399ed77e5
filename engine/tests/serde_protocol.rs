//! serde on the public value types, and the engine protocol end to end.

use std::io::Cursor;
use std::sync::{Arc, Mutex};

use camelot_engine::record::Record;
use camelot_engine::{Game, Move, Outcome, Position, Reason, Variant};

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
    let o = Outcome::win(1, Reason::GoalCastle);
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

/// A writer the test can read back after the protocol has run.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn converse(input: &str) -> Vec<String> {
    let out = Shared::default();
    camelot_engine::protocol::run(Cursor::new(input.to_string()), out.clone());
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    text.lines().map(String::from).collect()
}

#[test]
fn protocol_handshake_position_and_search() {
    let lines = converse(
        "camelot\nisready\nposition startpos variant camelot moves E6-E8\nshow\ngo depth 3\n",
    );
    assert!(lines[0].starts_with("id name camelot-engine"));
    assert!(lines.contains(&"camelotok".to_string()));
    assert!(lines.contains(&"readyok".to_string()));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string position variant=camelot turn=black")));
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 3, "{lines:?}");
    assert!(infos[2].starts_with("info depth 3 score "));
    let best = lines.last().unwrap();
    assert!(best.starts_with("bestmove "), "{best}");
    // The move it names is legal for Black.
    let mut game = Game::new(Variant::Camelot);
    game.play_notation("E6-E8").unwrap();
    game.play_notation(best.trim_start_matches("bestmove "))
        .unwrap();
}

#[test]
fn protocol_position_strings_errors_and_stop() {
    let lines = converse(
        "position string variant=camelot turn=white white=MF8,MA4 black=MG9,MA13\ngo nodes 1000\nposition startpos variant chess\nposition startpos moves E6-E9\nfly\ngo infinite\nstop\nquit\n",
    );
    assert!(lines.contains(&"bestmove F8xH10".to_string()), "{lines:?}");
    assert!(lines
        .iter()
        .any(|l| l.contains("error: unknown variant 'chess'")));
    assert!(lines
        .iter()
        .any(|l| l.contains("error: E6-E9: no legal move from E6 ends on E9")));
    assert!(lines
        .iter()
        .any(|l| l.contains("error: unknown command 'fly'")));
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        2,
        "the stopped search answers too"
    );
}
