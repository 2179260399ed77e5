//! Perft from every variant's start. Depth 1-2 of Camelot are the WCF's (docs/rules.md)
//! published figures (100; 10,026); deeper counts pin this generator against regressions.

use camelot_engine::{Position, Variant};

#[test]
fn camelot_published_figures() {
    let p = Position::start(Variant::Camelot);
    assert_eq!(p.perft(1).unwrap(), 100);
    assert_eq!(p.perft(2).unwrap(), 10_026);
}

#[test]
fn camelot_depth_3_and_4() {
    let p = Position::start(Variant::Camelot);
    assert_eq!(p.perft(3).unwrap(), 1_070_822);
    assert_eq!(p.perft(4).unwrap(), 111_509_838);
}

#[test]
fn the_two_other_camelot_board_rule_sets_agree_at_the_start() {
    // Nothing differs between the WCF, 1930 and Anti rules until pieces meet.
    for v in [Variant::Classic, Variant::Anti] {
        assert_eq!(Position::start(v).perft(3).unwrap(), 1_070_822, "{v}");
    }
}

#[test]
fn camette_depth_1_to_4() {
    let p = Position::start(Variant::Camette);
    let counts: Vec<u64> = (1..=4).map(|d| p.perft(d).unwrap()).collect();
    assert_eq!(counts, [22, 345, 4_926, 65_908]);
}

#[test]
fn grand_cam_depth_1_to_3() {
    let p = Position::start(Variant::GrandCam);
    let counts: Vec<u64> = (1..=3).map(|d| p.perft(d).unwrap()).collect();
    assert_eq!(counts, [26, 676, 17_654]);
}

#[test]
fn river_with_trees_placed_and_before() {
    let mut p = Position::start(Variant::River);
    assert_eq!(p.perft(2).unwrap(), 41 * 41);
    for t in ["T@C3", "T@C10", "T@K4", "T@K12", "T@B3", "T@A9"] {
        let m = p.parse_move(t).unwrap();
        p.play_unchecked(&m);
    }
    let counts: Vec<u64> = (1..=3).map(|d| p.perft(d).unwrap()).collect();
    assert_eq!(counts, [90, 8_550, 826_595]);
}

#[test]
fn divide_sums_to_perft() {
    let p = Position::start(Variant::GrandCam);
    let d = p.divide(3).unwrap();
    assert_eq!(d.len(), 26);
    assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), p.perft(3).unwrap());
}
