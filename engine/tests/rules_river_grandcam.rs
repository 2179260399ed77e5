//! River Camelot (river, bridges, trees) and Grand Cam (partners, non-goal castles,
//! passes, turn order).

mod common;
use common::*;

use camelot_engine::{Move, MoveKind, Position, Variant};

#[test]
fn river_squares_are_entered_only_on_bridges() {
    // D6 is next to C6 (river), D7 (bridge) and E7 (river).
    let p = pos("variant=river turn=white white=MD6,MJ4 black=MA13,MB13");
    assert_moves_from(&p, "D6", &["D6-C5", "D6-D5", "D6-E5", "D6-E6", "D6-D7"]);
    // A piece on the bridge D7 can go on to the bridge D8 or back to D6 and E6, but not
    // onto the river squares C6, C7, E7, C8 or E8.
    let q = pos("variant=river turn=white white=MD7,MJ4 black=MA13,MB13");
    assert_moves_from(&q, "D7", &["D7-D6", "D7-E6", "D7-D8"]);
}

#[test]
fn trees_block_moves_and_leaps() {
    let p = pos("variant=river turn=white white=MF4,MF5 black=MA13,MB13 trees=F6,E5");
    // F4 may not canter over F5 onto the tree at F6, nor step onto E5.
    assert_moves_from(
        &p,
        "F4",
        &["F4-E3", "F4-F3", "F4-G3", "F4-E4", "F4-G4", "F4-G5"],
    );
}

#[test]
fn river_game_starts_with_alternate_tree_placement_white_first() {
    let start = Position::start(Variant::River);
    assert_eq!(start.setup_left(), 6);
    let first = start.legal_moves();
    assert!(first.iter().all(|m| m.kind == MoveKind::PlaceTree));
    // White's side, less pieces, excluded squares and castles: C2 D2 I2 J2 (4), rank 3
    // (10), A4 B4 K4 L4 (4), B5 C5 J5 K5 L5 (5), F6-L6 (7), F7-L7 (7), K8 L8, K9 L9.
    assert_eq!(first.len(), 41);
    let g = start.geometry();
    let names: Vec<String> = first.iter().map(|m| g.name(m.to)).collect();
    for excluded in ["E2", "F2", "D6", "E6", "H8", "I8", "J8", "F1"] {
        assert!(!names.contains(&excluded.to_string()), "{excluded}");
    }
    assert!(names.contains(&"K9".to_string()));
    let mut p = start.clone();
    for t in ["T@C3", "T@C10", "T@K4", "T@K12", "T@B3", "T@A9"] {
        p = play(&p, &[t]);
    }
    assert!(!p.in_setup());
    assert_eq!(p.turn().0, 0, "White makes the first move after the trees");
    assert_eq!(
        p.to_string()
            .split(' ')
            .find(|f| f.starts_with("trees="))
            .unwrap(),
        "trees=B3,C3,K4,A9,C10,K12"
    );
    // Black may not plant on White's side.
    let bad = play(&start, &["T@C3"]).parse_move("T@D3").unwrap_err();
    assert!(bad.to_string().contains("own side"), "{bad}");
}

#[test]
fn grand_cam_partners_canter_over_each_other_and_jump_either_opponent() {
    // Red E5 canters over Blue's D5 to C5, and over Red's F5 to G5.
    let p = pos("variant=grandcam turn=red red=ME5,MF5 green=MK9 blue=MD5 yellow=MI11");
    assert_moves_from(
        &p,
        "E5",
        &[
            "E5-D4", "E5-E4", "E5-F4", "E5-D6", "E5-E6", "E5-F6", "E5-C5", "E5-G5",
        ],
    );
    // Red jumps Yellow's E6 and then Green's E8: opponents are both enemies.
    let q = pos("variant=grandcam turn=red red=ME5,MF2 green=ME8,MK9 blue=MD5 yellow=ME6,MI11");
    assert_moves(&q, &["E5xE7xE9"]);
}

#[test]
fn grand_cam_non_goal_castles_are_entered_only_by_jumps() {
    // Red on B6 next to Blue's castle A7: no plain move into it.
    let p = pos("variant=grandcam turn=red red=MB6,MG4 green=MK9 blue=MJ9 yellow=MI11");
    assert!(!moves_from(&p, "B6").iter().any(|m| m.ends_with("A7")));
    // Red C7 jumps Green's B7 into A7 (partner's castle) and must leave next turn.
    let q = pos("variant=grandcam turn=red red=MC7,MG4 green=MB7,MK9 blue=MD11 yellow=MI11");
    assert_moves(&q, &["C7xA7"]);
    let r = play(&q, &["C7xA7", "K9-K8", "D11-D10", "I11-I10"]);
    assert!(r.to_string().contains("must_leave=A7"), "{r}");
    assert_moves(&r, &["A7-B6", "A7-B7", "A7-B8"]);
}

#[test]
fn grand_cam_goal_is_the_opposite_castle() {
    let p = pos("variant=grandcam turn=blue red=MC5 green=MK9 blue=ML7 yellow=MI11");
    assert!(moves_from(&p, "L7").contains(&"L7-M7".to_string()));
    let won = play(&p, &["L7-M7"]);
    assert_eq!(
        won.outcome().unwrap().winner,
        Some(camelot_engine::Side::First)
    );
}

#[test]
fn grand_cam_turn_order_is_red_green_blue_yellow() {
    let mut p = Position::start(Variant::GrandCam);
    let mut seen = Vec::new();
    for _ in 0..5 {
        seen.push(p.rules().seat_name(p.turn()));
        let m: Move = *p.legal_moves().iter().next().unwrap();
        p.play_unchecked(&m);
    }
    assert_eq!(seen, ["red", "green", "blue", "yellow", "red"]);
}
