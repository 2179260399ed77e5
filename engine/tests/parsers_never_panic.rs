//! The position, notation and record parsers return errors, never panic, on any input.

use proptest::prelude::*;

use camelot_engine::notation::Record;
use camelot_engine::{Position, Variant};

/// Strings built from the pieces of real input, so that the parsers get past their
/// first checks, plus arbitrary characters.
fn near_valid() -> impl Strategy<Value = String> {
    let atoms = prop::sample::select(vec![
        "variant=",
        "camelot",
        "river",
        "grandcam",
        "camette",
        "anti",
        "classic",
        " turn=",
        "white",
        "black",
        "red",
        " white=",
        " black=",
        " red=",
        " green=",
        " blue=",
        " yellow=",
        "K",
        "M",
        "C6",
        "F1",
        "G16",
        "A7",
        "M7",
        ",",
        " trees=",
        " castle_moves=",
        "2,2",
        " must_leave=",
        " quiet=",
        "99999",
        " setup=",
        "-",
        "x",
        "X",
        "E6",
        "E8",
        "1.",
        "...",
        "{",
        "}",
        "(",
        ")",
        "[",
        "]",
        "\"",
        "Variant",
        "Result",
        "1-0",
        "0-1",
        "*",
        "!",
        "?",
        "$1",
        ";",
        "\n",
        "KC",
        "45",
        "J",
        "C",
        "A",
        "Z",
        "T@",
        "pass",
        " ",
        "é",
        "\u{0}",
        "0",
    ]);
    prop::collection::vec(atoms, 0..40).prop_map(|v| v.concat())
}

fn positions() -> Vec<Position> {
    let mut v: Vec<Position> = Variant::ALL.iter().map(|&v| Position::start(v)).collect();
    v.push(
        "variant=camelot turn=white white=MF1,MA4 black=MF2,MB5,MJ13 must_leave=F1"
            .parse()
            .unwrap(),
    );
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn position_strings(s in "\\PC*") {
        let _ = s.parse::<Position>();
    }

    #[test]
    fn position_strings_near_valid(s in near_valid()) {
        if let Ok(p) = s.parse::<Position>() {
            // Whatever parses prints canonically and parses back to itself.
            prop_assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
        }
    }

    #[test]
    fn moves(s in "\\PC*", t in near_valid()) {
        for p in positions() {
            let _ = p.parse_move(&s);
            let _ = p.parse_move(&t);
        }
    }

    #[test]
    fn records(s in "\\PC*", t in near_valid()) {
        let _ = Record::import(&s);
        let _ = Record::import(&t);
        let _ = Record::import(&format!("[Variant \"camelot\"]\n1. E6-E8 {t}"));
    }
}

proptest! {
    /// Whatever a record's tags and comments hold (newlines, escapes, quotes, a
    /// terminal's control characters), an exported record reads back, with the same
    /// moves and tags, and its text carries no control character but line ends.
    #[test]
    fn exported_records_read_back(
        event in "\\PC{0,30}",
        white in prop::collection::vec(prop::char::any(), 0..20),
        comment in prop::collection::vec(prop::char::any(), 0..20),
    ) {
        let white: String = white.into_iter().collect();
        let comment: String = comment.into_iter().filter(|&c| c != '}').collect();
        let mut game = camelot_engine::Game::new(Variant::Camelot);
        game.play_notation("E6-E8").unwrap();
        game.play_notation("H11-F9").unwrap();
        let text = Record::export(&game, &[("Event", &event), ("White", &white)], camelot_engine::Notation::Wcf);
        let mut rec = Record::parse(&text).unwrap();
        rec.moves[0].comment = Some(comment);
        let again = rec.to_text(2, 0);
        prop_assert!(!again.chars().any(|c| c.is_control() && c != '\n'), "{again:?}");
        let (read, replayed) = Record::import(&again).map_err(|e| TestCaseError::fail(format!("{e}: {again}")))?;
        prop_assert_eq!(replayed.moves(), game.moves());
        prop_assert_eq!(&read.tags, &rec.tags);
        prop_assert_eq!(Record::import(&read.to_text(2, 0)).unwrap().0.tags, read.tags);
    }
}
