//! Hostile input: every case the input probe found, each refused with a clear, short
//! message, never a guess, a panic or a stall.

use camelot_engine::notation::{
    ParsePositionError, Record, RecordError, RecordSyntaxError, MAX_RECORD_BYTES,
};
use camelot_engine::search::MAX_PERFT_DEPTH;
use camelot_engine::{EndReason, Outcome, Position, Side, Variant};

const NOLAN_CHAXX: &str = include_str!("data/nolan-chaxx-2008.cgn");

fn position_error(s: &str) -> ParsePositionError {
    s.parse::<Position>().unwrap_err()
}

fn record_error(s: &str) -> RecordError {
    Record::import(s).unwrap_err()
}

#[test]
fn error_messages_quote_only_an_excerpt() {
    let huge = format!("variant=camelot turn={} white= black=", "w".repeat(1000));
    let e = position_error(&huge);
    assert!(e.to_string().len() < 120, "{e}");
    let e = position_error(&format!("variant=camelot {}", "k".repeat(1000)));
    assert!(matches!(e, ParsePositionError::NotAField(_)));
    assert!(e.to_string().len() < 120, "{e}");
    let mv = format!("{}-E8", "E".repeat(900));
    let e = Position::start(Variant::Camelot)
        .parse_move(&mv)
        .unwrap_err();
    assert!(e.to_string().len() < 150, "{e}");
    let rec = format!("[Variant \"camelot\"]\n1. E6-E8 {}", "Q".repeat(100_000));
    let e = record_error(&rec);
    assert!(e.to_string().len() < 200, "{e}");
}

#[test]
fn oversized_input_is_refused_before_it_is_read() {
    // A position string with 100,000 fields, a record over the limit.
    let fields = "quiet=1 ".repeat(100_000);
    assert!(matches!(
        position_error(&fields),
        ParsePositionError::TooLong { .. }
    ));
    let big = format!("{{{}}}", "c".repeat(MAX_RECORD_BYTES));
    assert!(matches!(record_error(&big), RecordError::TooLarge { .. }));
    assert!(matches!(
        Position::start(Variant::Camelot).perft(300),
        Err(e) if e.depth == 300
    ));
    assert!(Position::start(Variant::Camette)
        .perft(MAX_PERFT_DEPTH + 1)
        .is_err());
}

#[test]
fn repeated_capture_counts_are_an_error_not_a_slow_append() {
    let base = "[Variant \"classic\"]\n1. 47C71 ";
    let counts = "(1M) ".repeat(200_000);
    let e = record_error(&format!("{base}{counts}"));
    assert!(
        matches!(
            e,
            RecordError::Syntax {
                kind: RecordSyntaxError::TwoCaptureCounts(_),
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn a_byte_order_mark_and_crlf_line_ends_read() {
    let crlf = NOLAN_CHAXX.replace('\n', "\r\n");
    for text in [
        format!("\u{feff}{NOLAN_CHAXX}"),
        crlf.clone(),
        format!("\u{feff}{crlf}"),
    ] {
        let (rec, game) = Record::import(&text).unwrap();
        assert_eq!(rec.tag("Event"), Some("WCF computer match"));
        assert_eq!(game.ply(), 34);
        assert_eq!(
            game.outcome(),
            Some(Outcome::win(Side::Second, EndReason::Resignation))
        );
    }
}

#[test]
fn tags_given_twice_are_an_error() {
    let e = record_error("[Variant \"anti\"]\n[Variant \"camelot\"]\n1. E6-E8 *\n");
    assert_eq!(e.to_string(), "tag [Variant] is given twice");
    let e = record_error("[White \"A\"]\n[white \"B\"]\n*\n");
    assert!(matches!(e, RecordError::DuplicateTag(_)));
}

#[test]
fn moves_after_the_result_are_an_error() {
    let e = record_error("[Variant \"camelot\"]\n1. E6-E8 H11-F9 1-0 2. H6-F8\n");
    assert_eq!(
        e.to_string(),
        "line 2: '2.' after the result, which ends the moves"
    );
    let e = record_error("1. E6-E8 * [Event \"x\"]\n");
    assert!(matches!(
        e,
        RecordError::Syntax {
            kind: RecordSyntaxError::AfterResult(_),
            ..
        }
    ));
    // A comment after the result is fine.
    assert!(Record::import("1. E6-E8 * {the end}\n").is_ok());
}

#[test]
fn a_record_cut_short_is_not_taken_for_a_finished_game() {
    let cut = NOLAN_CHAXX.replace("H10xH8xH6xF8 0-1", "H10xH8xH6xF8");
    let e = record_error(&cut);
    assert!(matches!(e, RecordError::Truncated { .. }), "{e}");
    assert!(e.to_string().contains("cut short"), "{e}");
    let cut_mid = NOLAN_CHAXX.split("9. H7xJ9").next().unwrap().to_string();
    assert!(matches!(
        record_error(&cut_mid),
        RecordError::Truncated { .. }
    ));
    let mismatch = NOLAN_CHAXX.replace("H10xH8xH6xF8 0-1", "H10xH8xH6xF8 1-0");
    assert!(matches!(
        record_error(&mismatch),
        RecordError::ResultMismatch { .. }
    ));
    // A game in progress says so both ways.
    assert!(Record::import("[Result \"*\"]\n1. E6-E8\n").is_ok());
}

#[test]
fn positions_the_rules_cannot_reach_are_refused() {
    use ParsePositionError as E;
    let river = "variant=river turn=white white=MD4 black=MD13";
    // Trees on castle squares (ruling 1) and more trees than are planted.
    assert!(matches!(
        position_error(&format!("{river} trees=F1")),
        E::TreeNotAllowed(_)
    ));
    let thirteen = "B3,C3,K4,A9,C10,K12,B4,C4,J4,B10,C11,K11,J12";
    assert!(matches!(
        position_error(&format!("{river} trees={thirteen}")),
        E::TooManyTrees { max: 3 }
    ));
    assert!(matches!(
        position_error(&format!("{river} trees=B3,C3,B4,C4")),
        E::TooManyTrees { max: 3 }
    ));
    // Both sides with two pieces in the goal castle.
    let e = position_error("variant=camelot turn=white white=MF16,MG16 black=MF1,MG1");
    assert_eq!(e, E::BothWin);
    let anti = "variant=anti turn=white white=MF16,MA4 black=MF1,MA13";
    assert_eq!(position_error(anti), E::BothWin);
    // More pieces than the variant has.
    let men = (1..=11)
        .map(|r| format!("MA{}", r + 2))
        .collect::<Vec<_>>()
        .join(",");
    assert!(matches!(
        position_error(&format!("variant=camelot turn=white white={men} black=MA1")),
        E::TooManyPieces { max: 10, .. } | E::NotASquare { .. }
    ));
    let knights = "variant=camette turn=white white=KA3,KB3 black=MC5";
    assert_eq!(
        position_error(knights).to_string(),
        "bad position string: white has more than 1 knights, the most it starts with"
    );
    // What a game reaches still reads.
    assert!("variant=camelot turn=white white=MF16 black=MF1,MA13"
        .parse::<Position>()
        .is_ok());
}
