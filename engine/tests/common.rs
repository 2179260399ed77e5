//! Helpers shared by the rule tests.
#![allow(dead_code)]

use camelot_engine::{Notation, Position, Square};

pub fn pos(s: &str) -> Position {
    s.parse().unwrap_or_else(|e| panic!("{e}: {s}"))
}

/// All legal moves in WCF notation, sorted.
pub fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| p.move_text(m, Notation::Wcf).unwrap())
        .collect();
    v.sort();
    v
}

/// Legal moves starting on `from`, sorted.
pub fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let sq: Square = p.geometry().parse_square(from).unwrap();
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from == sq)
        .map(|m| p.move_text(m, Notation::Wcf).unwrap())
        .collect();
    v.sort();
    v
}

pub fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

pub fn assert_moves(p: &Position, expected: &[&str]) {
    assert_eq!(moves(p), sorted(expected), "position {p}");
}

pub fn assert_moves_from(p: &Position, from: &str, expected: &[&str]) {
    assert_eq!(
        moves_from(p, from),
        sorted(expected),
        "moves from {from} in {p}"
    );
}

/// Plays WCF moves on a position.
pub fn play(p: &Position, list: &[&str]) -> Position {
    let mut p = p.clone();
    for m in list {
        let mv = p.parse_move(m).unwrap_or_else(|e| panic!("{e} in {p}"));
        p.play_unchecked(&mv);
    }
    p
}
