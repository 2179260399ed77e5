//! Notation (WCF and numbered), position strings and game records.

mod common;
use common::*;

use camelot_engine::notation::Record;
use camelot_engine::{EndReason, Game, Notation, Outcome, Position, Side, Variant};

const NOLAN_CHAXX: &str = include_str!("data/nolan-chaxx-2008.cgn");

const NOLAN_CHAXX_MOVES: &str =
    "1. E6-E8 H11-F9 2. H6-F8 F11-H9 3. G6-G8 D11-D9 4. E8xC10xC12 D10-C11 \
5. C12xC10 E10-E12 6. G8xE10 I10-G8xG6xE6xE8xG8xE6xC8 7. I7-G7 J11-H11-F11-D11xF9 \
8. J6-H6-H8-F6 H9-I8 9. H7xJ9 C8-C7 10. C6-E6-G6-G8xE10 C7xE5 11. F6xD4 F10xD10xB10 \
12. D4-E5 B10-C9 13. E5-F6 G11-H11 14. F6-H8 G10-H9 15. I6-H7 H9-G9 16. H8xF10xD12xF12 \
I11-G11-I9 17. J9xH9 H10xH8xH6xF8";

#[test]
fn nolan_chaxx_2008_replays_move_by_move() {
    let (rec, game) = Record::import(NOLAN_CHAXX).unwrap();
    assert_eq!(game.ply(), 34);
    assert_eq!(rec.tag("Black"), Some("Chaxx 1.05"));
    assert_eq!(
        game.position().to_string(),
        "variant=camelot turn=white white=KF12 black=MF8,MC9,MH11"
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Side::Second, EndReason::Resignation))
    );
    // Every move prints back exactly as the WCF printed it.
    let printed = game.move_texts(Notation::Wcf);
    let published: Vec<&str> = NOLAN_CHAXX_MOVES
        .split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .collect();
    assert_eq!(printed, published);
}

#[test]
fn a_printed_wcf_score_imports_as_is_with_glyphs_and_comments() {
    let text = format!("{{Nolan - Chaxx}} {NOLAN_CHAXX_MOVES}");
    let annotated = text
        .replace("E8xC10xC12", "E8xC10xC12!")
        .replace("D10-C11", "D10-C11?! {a slow move}")
        .replace("G8xE10 ", "G8xE10?? ")
        .replace("I7-G7", "I7-G7!?")
        .replace("C7xE5", "C7xE5 ; line comment\n");
    let (rec, game) = Record::import(&annotated).unwrap();
    assert_eq!(game.ply(), 34);
    assert_eq!(rec.moves[6].glyph.as_deref(), Some("!"));
    assert_eq!(rec.moves[7].glyph.as_deref(), Some("?!"));
    assert_eq!(rec.moves[7].comment.as_deref(), Some("a slow move"));
    assert_eq!(rec.moves[10].glyph.as_deref(), Some("??"));
    assert_eq!(rec.moves[12].glyph.as_deref(), Some("!?"));
    assert_eq!(rec.preamble.as_deref(), Some("Nolan - Chaxx"));
}

#[test]
fn records_round_trip_in_both_notations() {
    let (_, game) = Record::import(NOLAN_CHAXX).unwrap();
    for style in [Notation::Wcf, Notation::Classic] {
        let text = Record::export(&game, &[("White", "Nolan")], style);
        let (rec, again) = Record::import(&text).unwrap();
        assert_eq!(again.moves(), game.moves(), "{text}");
        assert_eq!(again.position(), game.position());
        assert_eq!(rec.tag("White"), Some("Nolan"));
        assert_eq!(rec.result, "0-1");
    }
}

#[test]
fn an_illegal_move_in_a_record_names_its_number_and_token() {
    let bad = NOLAN_CHAXX_MOVES.replace("J11-H11-F11-D11xF9", "J11-H11-F11-D11");
    let err = Record::import(&bad).unwrap_err().to_string();
    assert!(err.starts_with("move 7 (Black) J11-H11-F11-D11:"), "{err}");
}

#[test]
fn river_records_carry_their_trees() {
    let mut game = Game::new(Variant::River);
    for m in [
        "T@C3", "T@C10", "T@K4", "T@K12", "T@B3", "T@A9", "F5-F6", "F12-F11",
    ] {
        game.play_notation(m).unwrap();
    }
    let text = Record::export(&game, &[], Notation::Wcf);
    assert!(text.contains("[Trees \"C3 C10 K4 K12 B3 A9\"]"), "{text}");
    assert!(text.contains("1. F5-F6 F12-F11"), "{text}");
    let (_, again) = Record::import(&text).unwrap();
    assert_eq!(again.position(), game.position());
}

#[test]
fn grand_cam_records_number_four_moves_per_line() {
    let mut game = Game::new(Variant::GrandCam);
    for m in ["G4-G5", "G10-G9", "D7-E7", "J7-I7", "G5-G6"] {
        game.play_notation(m).unwrap();
    }
    let text = Record::export(&game, &[], Notation::Wcf);
    assert!(
        text.contains("1. G4-G5 G10-G9 D7-E7 J7-I7 2. G5-G6 *"),
        "{text}"
    );
    assert!(text.contains("[Red \"?\"]") && text.contains("[Yellow \"?\"]"));
    let (_, again) = Record::import(&text).unwrap();
    assert_eq!(again.position(), game.position());
}

#[test]
fn classic_numbered_notation_reads_and_writes() {
    let p = Position::start(Variant::Classic);
    // 47C71 is E6 over E7 to E8, Nolan-Chaxx's first move.
    let m = p.parse_move("47C71").unwrap();
    assert_eq!(p.move_text(&m, Notation::Wcf).unwrap(), "E6-E8");
    assert_eq!(p.move_text(&m, Notation::Classic).unwrap(), "47C71");
    let plain = p.parse_move("46-34").unwrap();
    assert_eq!(p.move_text(&plain, Notation::Wcf).unwrap(), "D6-D5");
    // A charge with its capture count.
    let q = pos("variant=classic turn=white white=KC6,MD7 black=MF9,MF1 castle_moves=2,2");
    let charge = q.parse_move("KC45C71J97").unwrap();
    assert_eq!(q.move_text(&charge, Notation::Wcf).unwrap(), "C6-E8xG10");
    assert_eq!(
        q.numbered_text_with_count(&charge).unwrap(),
        "KC45C71J97 (1M)"
    );
    assert!(q.parse_move("kc45c71j97 (1M)").is_ok());
    let wrong = q.parse_move("KC45C71J97 (2K)").unwrap_err();
    assert!(wrong.to_string().contains("capture count"), "{wrong}");
    // Castles are A B and Y Z.
    let castle = pos("variant=classic turn=white white=MF16,MA4 black=MA13,MB13");
    let cm = castle.parse_move("Y-Z").unwrap();
    assert_eq!(castle.move_text(&cm, Notation::Wcf).unwrap(), "F16-G16");
}

#[test]
fn notation_errors_say_what_is_wrong() {
    let p = Position::start(Variant::Camelot);
    let e = |s: &str| p.parse_move(s).unwrap_err().to_string();
    assert_eq!(e("E6-E9"), "E6-E9: no legal move from E6 ends on E9");
    assert_eq!(e("E5-E6"), "E5-E6: no piece on E5");
    assert_eq!(e("E10-E9"), "E10-E9: the piece on E10 is not white's");
    assert!(e("E6-Q9").contains("'Q9' is not a square"));
    assert!(e("E6--E7").contains("missing"));
    assert!(e("pass").contains("Grand Cam"));
    assert!(e("").contains("empty"));
    assert!(p.parse_move("e6-e8").is_ok(), "lower case is accepted");
    assert!(p.parse_move("E6-E8").is_ok());
    let c = pos("variant=camelot turn=white white=MF8,MA4 black=MG9,MA13");
    assert_eq!(
        c.parse_move("A4-A5").unwrap_err().to_string(),
        "A4-A5: a capture is compulsory (jump with the piece on F8)"
    );
}

#[test]
fn position_strings_round_trip_canonically() {
    let start = Position::start(Variant::Camelot);
    assert_eq!(
        start.to_string(),
        "variant=camelot turn=white white=KC6,MD6,ME6,MF6,MG6,MH6,MI6,KJ6,KD7,ME7,MF7,MG7,MH7,KI7 black=KD10,ME10,MF10,MG10,MH10,KI10,KC11,MD11,ME11,MF11,MG11,MH11,MI11,KJ11"
    );
    for v in Variant::ALL {
        let p = Position::start(v);
        assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
    }
    // Free field order, any case, pieces in any order: printed canonically.
    let messy: Position =
        "QUIET=4 black=md10,ka13 turn=Black variant=CAMELOT white=me6,kc6 castle_moves=1,0"
            .parse()
            .unwrap();
    assert_eq!(
        messy.to_string(),
        "variant=camelot turn=black white=KC6,ME6 black=MD10,KA13 castle_moves=1,0 quiet=4"
    );
}

#[test]
fn position_string_errors_are_clear() {
    let e = |s: &str| s.parse::<Position>().unwrap_err().to_string();
    assert!(e("turn=white white= black=").contains("'variant' field is missing"));
    assert!(e("variant=chess turn=white").contains("unknown variant 'chess'"));
    assert!(e("variant=camelot turn=red white= black=").contains("turn 'red'"));
    assert!(e("variant=camelot turn=white white=KC6").contains("'black' field is missing"));
    assert!(e("variant=camelot turn=white white=KA1 black=").contains("'A1' is not a square"));
    assert!(e("variant=camelot turn=white white=XC6 black=").contains("K or M"));
    assert!(e("variant=camelot turn=white white=KC6,MC6 black=").contains("two pieces on C6"));
    assert!(e("variant=river turn=white white=KA5 black=").contains("river square"));
    assert!(e("variant=camelot turn=white white= black= trees=C6").contains("no trees"));
    assert!(
        e("variant=camelot turn=white white= black= castle_moves=3,0").contains("castle_moves")
    );
    assert!(e("variant=camelot turn=white white=MC6 black= must_leave=C6").contains("must_leave"));
    assert!(e("variant=camelot turn=white white= black= colour=red").contains("unknown field"));
    assert!(e("variant=camelot turn=white white= black= white=").contains("twice"));
    assert!(e("variant=camelot turn=white white black=").contains("key=value"));
}

/// A draw claimed by repetition keeps its reason through the record: the `Termination`
/// tag names it, and the importer takes it where the final position bears it out (the
/// player to move may claim it there). Without the tag, or where it could not be
/// claimed, the draw reads as agreed, as a record without words has always read.
#[test]
fn a_claimed_draw_keeps_its_reason_through_the_record() {
    use camelot_engine::notation::RecordTags;
    use camelot_engine::DrawClaim;
    let mut game = Game::new(Variant::Camelot);
    // Knights out and back, twice: the start stands a third time, White to move.
    for m in [
        "C6-C5", "C11-C12", "C5-C6", "C12-C11", "C6-C5", "C11-C12", "C5-C6", "C12-C11",
    ] {
        game.play_notation(m).unwrap();
    }
    assert!(game.claimable().contains(&DrawClaim::Repetition));
    game.claim(DrawClaim::Repetition).unwrap();
    let reason_after = |termination: Option<&str>| {
        let tags = RecordTags {
            termination: termination.map(String::from),
            ..RecordTags::default()
        };
        let (_, back) = Record::import(&tags.export(&game, Notation::Wcf)).unwrap();
        back.outcome().unwrap()
    };
    assert_eq!(
        reason_after(Some("threefold repetition")),
        Outcome::draw(EndReason::Repetition)
    );
    assert_eq!(reason_after(None), Outcome::draw(EndReason::Agreement));
    // A repetition named where none can be claimed is not believed.
    let mut early = Game::new(Variant::Camelot);
    early.play_notation("C6-C5").unwrap();
    early.declare(Outcome::draw(EndReason::Agreement));
    let tags = RecordTags {
        termination: Some("threefold repetition".into()),
        ..RecordTags::default()
    };
    let (_, back) = Record::import(&tags.export(&early, Notation::Wcf)).unwrap();
    assert_eq!(back.outcome(), Some(Outcome::draw(EndReason::Agreement)));
}
