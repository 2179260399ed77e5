//! Every move rule of docs/rules.md on hand-built positions; the expected move lists are
//! worked out by hand from the rule text.
//!
//! Trick used throughout: a piece in the enemy castle with both castle moves used has no
//! move at all, so it can stand in as a second piece without adding moves.

mod common;
use common::*;

use camelot_engine::{MoveKind, Position, Variant};

#[test]
fn camelot_start_has_100_moves_52_plain_48_canters() {
    let p = Position::start(Variant::Camelot);
    let list = p.legal_moves();
    assert_eq!(list.len(), 100);
    assert_eq!(
        list.iter().filter(|m| m.kind == MoveKind::Plain).count(),
        52
    );
    assert_eq!(
        list.iter().filter(|m| m.kind == MoveKind::Canter).count(),
        48
    );
}

#[test]
fn plain_moves_go_one_step_in_eight_directions() {
    let p = pos("variant=camelot turn=white white=MF8,MF16 black=MF1,MA13 castle_moves=2,2");
    assert_moves(
        &p,
        &[
            "F8-E7", "F8-E8", "F8-E9", "F8-F7", "F8-F9", "F8-G7", "F8-G8", "F8-G9",
        ],
    );
}

#[test]
fn canters_chain_and_each_end_is_one_move() {
    // E5 canters over E6 to E7, then over E8 to E9; E6 canters back over E5 to E4.
    let p =
        pos("variant=camelot turn=white white=ME5,ME6,ME8,MF16 black=MF1,MA13 castle_moves=2,2");
    assert_moves(
        &p,
        &[
            "E5-D4", "E5-E4", "E5-F4", "E5-D5", "E5-F5", "E5-D6", "E5-F6", "E5-E7",
            "E5-E7-E9", //
            "E6-D5", "E6-F5", "E6-D6", "E6-F6", "E6-D7", "E6-E7", "E6-F7", "E6-E4", //
            "E8-D7", "E8-E7", "E8-F7", "E8-D8", "E8-F8", "E8-D9", "E8-E9", "E8-F9",
        ],
    );
}

#[test]
fn a_canter_may_not_end_where_it_began() {
    // E5 over E6 to E7, over F6 to G7 (or E7 over F6 to G5), G7 over F6 back to E5: the
    // loop returns to the start, which is not a move; each other end is one move.
    let p = pos(
        "variant=camelot turn=white white=ME5,ME6,MF6,MF7,MF16 black=MF1,MA13 castle_moves=2,2",
    );
    let canters: Vec<String> = moves_from(&p, "E5")
        .into_iter()
        .filter(|m| m.matches('-').count() >= 1 && !is_plain(m))
        .collect();
    assert_eq!(canters, sorted(&["E5-E7", "E5-G7", "E5-E7-G5"]));
    assert!(!moves(&p)
        .iter()
        .any(|m| m.starts_with("E5") && m.ends_with("E5")));
}

fn is_plain(m: &str) -> bool {
    let sq: Vec<&str> = m.split('-').collect();
    sq.len() == 2 && {
        let a: camelot_engine::Coord = sq[0].parse().unwrap();
        let b: camelot_engine::Coord = sq[1].parse().unwrap();
        (a.file as i8 - b.file as i8).abs() <= 1 && (a.rank as i8 - b.rank as i8).abs() <= 1
    }
}

#[test]
fn capture_is_compulsory() {
    let p = pos("variant=camelot turn=white white=MF8,MA4 black=MG9,MA13");
    assert_moves(&p, &["F8xH10"]);
}

#[test]
fn jumps_must_continue_and_the_player_chooses_the_branch() {
    let p = pos("variant=camelot turn=white white=MD4,MF16 black=ME5,ME7,MG7,MF1 castle_moves=2,2");
    assert_moves(&p, &["D4xF6xD8", "D4xF6xH8"]);
}

#[test]
fn a_jump_sequence_may_end_on_its_start_square() {
    let p =
        pos("variant=camelot turn=white white=MD4,MF16 black=ME4,MD5,MF5,ME6,MF1 castle_moves=2,2");
    let list = p.legal_moves();
    assert_eq!(
        list.len(),
        1,
        "both directions round the square are one move"
    );
    let m = list.iter().next().unwrap();
    assert_eq!(m.from, m.to);
    assert_eq!(m.capture_count(), 4);
    // The rules' example path and the reverse one are the same move.
    for path in ["D4xF4xF6xD6xD4", "D4xD6xF6xF4xD4", "d4xf4xf6xd6xd4"] {
        assert_eq!(p.parse_move(path).unwrap(), *m);
    }
    let after = play(&p, &["D4xF4xF6xD6xD4"]);
    assert_eq!(
        after.to_string(),
        "variant=camelot turn=black white=MD4,MF16 black=MF1 castle_moves=2,2"
    );
}

#[test]
fn charge_obligation_forbids_stopping_next_to_a_jumpable_enemy() {
    // Knight C6 canters over D7 to E8, next to F9 with G10 empty: it must go on to capture.
    let p = pos("variant=camelot turn=white white=KC6,MD7 black=MF9,MF1 castle_moves=2,2");
    assert_moves_from(
        &p,
        "C6",
        &[
            "C6-B5",
            "C6-C5",
            "C6-D5",
            "C6-B6",
            "C6-D6",
            "C6-B7",
            "C6-C7",
            "C6-E8xG10",
        ],
    );
    // Men have no such obligation; D7 canters over C6 to B5.
    assert_moves_from(
        &p,
        "D7",
        &[
            "D7-D6", "D7-E6", "D7-C7", "D7-E7", "D7-C8", "D7-D8", "D7-E8", "D7-B5",
        ],
    );
}

#[test]
fn charge_obligation_covers_squares_passed_on_the_way() {
    // The only canter route to G8 lands on E8, from which the knight could jump D9:
    // so C6-E8-G8 is not a legal canter, but the charge C6-E8xC10 is.
    let p = pos("variant=camelot turn=white white=KC6,MD7,MF8 black=MD9,MF1 castle_moves=2,2");
    assert_moves_from(
        &p,
        "C6",
        &[
            "C6-B5",
            "C6-C5",
            "C6-D5",
            "C6-B6",
            "C6-D6",
            "C6-B7",
            "C6-C7",
            "C6-E8xC10",
        ],
    );
}

#[test]
fn a_charge_may_pass_a_jumpable_square_and_capture_later() {
    // As above, plus an enemy at H9: from G8 the knight jumps H9 to I10.
    let p = pos("variant=camelot turn=white white=KC6,MD7,MF8 black=MD9,MH9,MF1 castle_moves=2,2");
    assert_moves_from(
        &p,
        "C6",
        &[
            "C6-B5",
            "C6-C5",
            "C6-D5",
            "C6-B6",
            "C6-D6",
            "C6-B7",
            "C6-C7",
            "C6-E8xC10",
            "C6-E8-G8xI10",
        ],
    );
}

#[test]
fn when_a_capture_is_compulsory_a_charge_may_capture_instead() {
    let p = pos("variant=camelot turn=white white=MA4,KH4,MH5 black=MB5,MH7");
    assert_moves(&p, &["A4xC6", "H4-H6xH8"]);
}

#[test]
fn a_possible_charge_alone_does_not_make_capture_compulsory() {
    let p = pos("variant=camelot turn=white white=KH4,MH5 black=MH7,MA13");
    assert_moves(
        &p,
        &[
            "H4-G3", "H4-H3", "H4-I3", "H4-G4", "H4-I4", "H4-G5", "H4-I5", "H4-H6xH8", //
            "H5-G4", "H5-I4", "H5-G5", "H5-I5", "H5-G6", "H5-H6", "H5-I6", "H5-H3",
        ],
    );
}

#[test]
fn a_man_may_not_jump_after_cantering() {
    // Man H4 could canter over H5 to H6, next to H7: but only knights charge.
    let p = pos("variant=camelot turn=white white=MH4,MH5 black=MH7,MA13");
    assert!(moves(&p).iter().all(|m| !m.contains('x')));
    assert!(moves(&p).contains(&"H4-H6".to_string()));
    let err = p.parse_move("H4-H6xH8").unwrap_err();
    assert!(err.to_string().contains("only a knight"), "{err}");
}

#[test]
fn a_jumped_piece_goes_at_once_and_paths_are_one_move() {
    // D4 can take E5 then F5 then E4, landing back on D4; or E4 then F5 then E5 (the
    // same move); or E4 then E5, stopping on D6 (nothing left next to it).
    let p = pos("variant=camelot turn=white white=MD4,MF16 black=ME4,ME5,MF5,MF1 castle_moves=2,2");
    assert_moves(&p, &["D4xF6xF4xD4", "D4xF4xD6"]);
    let a = p.parse_move("D4xF4xF6xD4").unwrap();
    let b = p.parse_move("D4xF6xF4xD4").unwrap();
    assert_eq!(a, b);
}
