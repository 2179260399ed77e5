//! Move notation: WCF algebraic (`E6-C8-A8`, `H4xJ4xL6`, `F6-F8-H8xH10xJ12`) and the
//! classic numbered notation of the 1999 text (`26-27`, `26C28`, `26J28`, `KC26C28J30`,
//! with an optional capture count `(3M, 2K)`).
//!
//! Printing uses a move's canonical path (the one the generator finds first). Parsing
//! accepts any valid path: it replays the leaps on the board to find the move's start,
//! end and captured set, and looks that up among the legal moves. A lone start and end
//! (`E6-E10`) is accepted when exactly one legal move joins them.

use std::fmt;

use crate::cellset::CellSet;
use crate::movegen::{capture_is_compulsory, legal_moves_with_paths, PathMove};
use crate::moves::{Move, MoveKind};
use crate::piece::Kind;
use crate::position::Position;
use crate::square::Square;

/// A move that could not be read or is not legal, with the token as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub token: String,
    pub message: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.token, self.message)
    }
}

impl std::error::Error for NotationError {}

fn fail<T>(token: &str, message: impl Into<String>) -> Result<T, NotationError> {
    Err(NotationError {
        token: token.to_string(),
        message: message.into(),
    })
}

/// Which notation to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Style {
    #[default]
    Wcf,
    Classic,
}

/// The canonical path of a legal move.
pub fn path_of(pos: &Position, m: &Move) -> Option<PathMove> {
    legal_moves_with_paths(pos)
        .into_iter()
        .find(|pm| pm.mv == *m)
}

/// WCF algebraic for a move with its path.
pub fn format_wcf(pos: &Position, pm: &PathMove) -> String {
    let g = pos.geometry();
    match pm.mv.kind {
        MoveKind::Pass => return "pass".to_string(),
        MoveKind::PlaceTree => return format!("T@{}", g.name(pm.mv.to)),
        _ => {}
    }
    let mut s = g.name(pm.path[0]);
    for (i, sq) in pm.path.iter().enumerate().skip(1) {
        let jump = pm.mv.is_capture() && i > pm.canters;
        s.push(if jump { 'x' } else { '-' });
        s.push_str(&g.name(*sq));
    }
    s
}

/// WCF algebraic for a legal move of `pos`; `None` if it is not legal there.
pub fn to_wcf(pos: &Position, m: &Move) -> Option<String> {
    path_of(pos, m).map(|pm| format_wcf(pos, &pm))
}

/// True on the 160-square board, the only one the numbered notation names.
pub fn has_classic_numbers(pos: &Position) -> bool {
    pos.geometry().len() == 160
}

/// The numbered name of a square of the 160-square board: 1-156, A B (F1 G1), Y Z (F16
/// G16). Cells are numbered in the same rank-then-file order as the 1999 text.
pub fn classic_square(sq: Square) -> String {
    match sq.0 {
        0 => "A".into(),
        1 => "B".into(),
        158 => "Y".into(),
        159 => "Z".into(),
        n => (n - 1).to_string(),
    }
}

fn parse_classic_square(s: &str) -> Option<Square> {
    match s.to_ascii_uppercase().as_str() {
        "A" => Some(Square(0)),
        "B" => Some(Square(1)),
        "Y" => Some(Square(158)),
        "Z" => Some(Square(159)),
        digits
            if !digits.is_empty()
                && digits.len() <= 3
                && digits.bytes().all(|b| b.is_ascii_digit()) =>
        {
            let n: u16 = digits.parse().ok()?;
            (1..=156).contains(&n).then(|| Square(n as u8 + 1))
        }
        _ => None,
    }
}

/// Capture count in the 1999 text's form: `(3M, 2K)`.
pub fn capture_count(pos: &Position, m: &Move) -> String {
    let (mut men, mut knights) = (0, 0);
    for sq in m.captured.iter() {
        match pos.piece_at(sq).map(|p| p.kind) {
            Some(Kind::Knight) => knights += 1,
            _ => men += 1,
        }
    }
    let mut parts = Vec::new();
    if men > 0 {
        parts.push(format!("{men}M"));
    }
    if knights > 0 {
        parts.push(format!("{knights}K"));
    }
    format!("({})", parts.join(", "))
}

/// Classic numbered notation; `None` off the 160-square board or if not legal.
pub fn to_classic(pos: &Position, m: &Move, with_count: bool) -> Option<String> {
    if !has_classic_numbers(pos) {
        return None;
    }
    let pm = path_of(pos, m)?;
    Some(format_classic(pos, &pm, with_count))
}

pub fn format_classic(pos: &Position, pm: &PathMove, with_count: bool) -> String {
    match pm.mv.kind {
        MoveKind::Pass => return "pass".to_string(),
        MoveKind::PlaceTree => return format!("T@{}", classic_square(pm.mv.to)),
        _ => {}
    }
    let mut s = String::new();
    if pm.mv.kind == MoveKind::Charge {
        s.push_str("KC");
    }
    s.push_str(&classic_square(pm.path[0]));
    for (i, sq) in pm.path.iter().enumerate().skip(1) {
        let sep = match pm.mv.kind {
            MoveKind::Plain | MoveKind::CastleMove => '-',
            _ if pm.mv.is_capture() && i > pm.canters => 'J',
            _ => 'C',
        };
        s.push(sep);
        s.push_str(&classic_square(*sq));
    }
    if with_count && pm.mv.is_capture() {
        s.push(' ');
        s.push_str(&capture_count(pos, &pm.mv));
    }
    s
}

/// Prints a legal move in the chosen style (WCF off the 160-square boards).
pub fn format_move(pos: &Position, m: &Move, style: Style) -> Option<String> {
    let pm = path_of(pos, m)?;
    Some(match style {
        Style::Classic if has_classic_numbers(pos) => format_classic(pos, &pm, false),
        _ => format_wcf(pos, &pm),
    })
}

/// Reads a move in either notation.
pub fn parse_move(pos: &Position, token: &str) -> Result<Move, NotationError> {
    let t = token.trim();
    if t.is_empty() {
        return fail(token, "empty move");
    }
    if looks_classic(t) {
        if !has_classic_numbers(pos) {
            return fail(
                t,
                format!(
                    "numbered notation is only for the 160-square boards, not {}",
                    pos.variant()
                ),
            );
        }
        parse_classic(pos, t)
    } else {
        parse_wcf(pos, t)
    }
}

/// Numbered squares are digits or a lone castle letter, never letter-then-digit.
fn looks_classic(t: &str) -> bool {
    let t = strip_prefix_ci(t, "T@").unwrap_or(t);
    let body = strip_prefix_ci(t, "KC").unwrap_or(t);
    let body = body.split('(').next().unwrap_or("").trim();
    let first = body.split(['-', 'C', 'c', 'J', 'j']).next().unwrap_or("");
    !first.is_empty()
        && parse_classic_square(first).is_some()
        && !t.to_ascii_lowercase().starts_with("t@")
}

fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    (s.len() >= prefix.len()
        && s.is_char_boundary(prefix.len())
        && s[..prefix.len()].eq_ignore_ascii_case(prefix))
    .then(|| &s[prefix.len()..])
}

/// Reads WCF algebraic (case-insensitive), also `pass` and `T@E3` (plant a tree).
pub fn parse_wcf(pos: &Position, token: &str) -> Result<Move, NotationError> {
    let t = token.trim();
    let g = pos.geometry();
    if t.eq_ignore_ascii_case("pass") {
        return resolve_special(pos, t, Move::PASS);
    }
    if let Some(rest) = strip_prefix_ci(t, "T@") {
        let Some(sq) = g.parse_square(rest) else {
            return fail(t, format!("'{rest}' is not a square of this board"));
        };
        return resolve_special(pos, t, Move::tree(sq));
    }
    let mut squares = Vec::new();
    for part in t.split(['-', 'x', 'X', ':']) {
        match g.parse_square(part.trim()) {
            Some(sq) => squares.push(sq),
            None if part.trim().is_empty() => {
                return fail(t, "a square is missing between separators")
            }
            None => {
                return fail(
                    t,
                    format!("'{part}' is not a square of the {} board", pos.variant()),
                )
            }
        }
    }
    resolve_path(pos, t, &squares)
}

/// Reads the classic numbered notation.
pub fn parse_classic(pos: &Position, token: &str) -> Result<Move, NotationError> {
    let t = token.trim();
    if t.eq_ignore_ascii_case("pass") {
        return resolve_special(pos, t, Move::PASS);
    }
    if let Some(rest) = strip_prefix_ci(t, "T@") {
        let Some(sq) = parse_classic_square(rest) else {
            return fail(t, format!("'{rest}' is not a numbered square"));
        };
        return resolve_special(pos, t, Move::tree(sq));
    }
    let (body, count) = match t.find('(') {
        Some(i) => (t[..i].trim(), Some(t[i..].trim())),
        None => (t, None),
    };
    let body = strip_prefix_ci(body, "KC").unwrap_or(body);
    let mut squares = Vec::new();
    for part in body.split(['-', 'C', 'c', 'J', 'j']) {
        match parse_classic_square(part.trim()) {
            Some(sq) => squares.push(sq),
            None => {
                return fail(
                    t,
                    format!("'{part}' is not a numbered square (1-156, A, B, Y, Z)"),
                )
            }
        }
    }
    let m = resolve_path(pos, t, &squares)?;
    if let Some(count) = count {
        let normal = |s: &str| s.to_ascii_uppercase().replace(' ', "");
        let actual = capture_count(pos, &m);
        if normal(count) != normal(&actual) {
            return fail(
                t,
                format!(
                    "the capture count {count} does not match the move, which captures {actual}"
                ),
            );
        }
    }
    Ok(m)
}

fn resolve_special(pos: &Position, t: &str, m: Move) -> Result<Move, NotationError> {
    if pos.legal_moves().iter().any(|x| *x == m) {
        return Ok(m);
    }
    match m.kind {
        MoveKind::Pass => fail(t, "passing is allowed only in Grand Cam, to a player who cannot move"),
        _ if !pos.in_setup() => fail(t, "trees are planted only before the first move of River Camelot"),
        _ => fail(t, "a tree may stand only on an empty square of your own side, not on the excluded squares"),
    }
}

/// Replays the leaps of a path and returns the legal move it makes.
fn resolve_path(pos: &Position, t: &str, squares: &[Square]) -> Result<Move, NotationError> {
    let g = pos.geometry();
    let r = pos.rules();
    let name = |s: Square| g.name(s);
    if squares.len() < 2 {
        return fail(t, "a move needs at least a start and an end square");
    }
    if pos.in_setup() {
        return fail(t, "the trees must be planted first (write T@square)");
    }
    if let Some(o) = pos.decided() {
        return fail(t, format!("the game is over: {o}"));
    }
    let from = squares[0];
    let mover = pos.turn();
    match pos.piece_at(from) {
        None => return fail(t, format!("no piece on {}", name(from))),
        Some(pc) if pc.owner != mover => {
            return fail(
                t,
                format!(
                    "the piece on {} is not {}'s",
                    name(from),
                    r.seat_name(mover)
                ),
            )
        }
        _ => {}
    }
    let legal = pos.legal_moves();
    let is_leap = |a: Square, b: Square| -> Option<(usize, Square)> {
        (0..8).find_map(|d| {
            let over = g.step(a.0, d);
            (over != crate::board::NONE && g.step(over, d) == b.0).then_some((d, Square(over)))
        })
    };
    let adjacent = |a: Square, b: Square| g.neighbours(a).any(|n| n == b);
    let to = *squares.last().expect("two squares at least");

    let mut captured = CellSet::EMPTY;
    if squares.len() == 2 && adjacent(from, to) {
        // A plain move or castle move.
    } else if squares.len() == 2 && is_leap(from, to).is_none() {
        // A start and an end only: accept it when one legal move joins them.
        let joining: Vec<&Move> = legal
            .iter()
            .filter(|m| m.from == from && m.to == to)
            .collect();
        return match joining.len() {
            1 => Ok(*joining[0]),
            0 => fail(t, no_move_message(pos, from, to)),
            _ => fail(
                t,
                format!(
                    "several legal moves go from {} to {}: list the landing squares",
                    name(from),
                    name(to)
                ),
            ),
        };
    } else {
        let me_team = r.team(mover);
        let mut jumped = false;
        let mut board_after = pos.clone();
        board_after.remove(from);
        for pair in squares.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let Some((_, over)) = is_leap(a, b) else {
                return fail(
                    t,
                    format!(
                        "{} to {} is not a leap (two squares in a straight line)",
                        name(a),
                        name(b)
                    ),
                );
            };
            if !board_after.is_empty_square(b) {
                return fail(t, format!("{} is not empty", name(b)));
            }
            match board_after.piece_at(over) {
                None => {
                    return fail(
                        t,
                        format!("there is no piece on {} to leap over", name(over)),
                    )
                }
                Some(pc) if r.team(pc.owner) == me_team => {
                    if jumped {
                        return fail(
                            t,
                            format!("a canter cannot follow a jump (over {})", name(over)),
                        );
                    }
                }
                Some(_) => {
                    if !jumped
                        && captured.is_empty()
                        && pair[0] != from
                        && pos.piece_at(from).map(|p| p.kind) == Some(Kind::Man)
                    {
                        return fail(
                            t,
                            "only a knight may jump after cantering (a knight's charge)",
                        );
                    }
                    jumped = true;
                    captured.insert(over);
                    board_after.remove(over);
                }
            }
        }
    }
    if let Some(m) = legal
        .iter()
        .find(|m| m.from == from && m.to == to && m.captured == captured)
    {
        return Ok(*m);
    }
    fail(t, no_move_message(pos, from, to))
}

/// Explains why no legal move goes from `from` to `to`.
fn no_move_message(pos: &Position, from: Square, to: Square) -> String {
    let g = pos.geometry();
    let legal = pos.legal_moves();
    let leaving = pos.must_leave_now();
    if !leaving.is_empty()
        && legal.iter().all(|m| leaving.contains(m.from))
        && !leaving.contains(from)
    {
        let l: Vec<String> = leaving.iter().map(|s| g.name(s)).collect();
        return format!(
            "the piece on {} must first leave the castle",
            l.join(" or ")
        );
    }
    if capture_is_compulsory(pos) && legal.iter().all(|m| m.is_capture()) {
        let example = legal
            .iter()
            .next()
            .and_then(|m| to_wcf(pos, m))
            .unwrap_or_default();
        return format!("a capture is compulsory (for example {example})");
    }
    if legal.iter().any(|m| m.from == from && m.to == to) {
        return format!(
            "that path from {} to {} is not a legal way to make the move",
            g.name(from),
            g.name(to)
        );
    }
    if legal.iter().all(|m| m.from != from) {
        return format!("the piece on {} has no legal move", g.name(from));
    }
    format!("no legal move from {} ends on {}", g.name(from), g.name(to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn classic_numbers_match_the_1999_start_description() {
        let p = Position::start(Variant::Classic);
        let g = p.geometry();
        let num = |n: &str| classic_square(g.parse_square(n).unwrap());
        assert_eq!(
            [num("C6"), num("J6"), num("D7"), num("I7")],
            ["45", "52", "58", "63"]
        );
        assert_eq!(
            [num("D6"), num("I6"), num("E7"), num("H7")],
            ["46", "51", "59", "62"]
        );
        assert_eq!(
            [num("D10"), num("I10"), num("C11"), num("J11")],
            ["94", "99", "105", "112"]
        );
        assert_eq!(
            [num("F1"), num("G1"), num("F16"), num("G16")],
            ["A", "B", "Y", "Z"]
        );
        assert_eq!(
            [num("C2"), num("J2"), num("B3"), num("K3"), num("A4")],
            ["1", "8", "9", "18", "19"]
        );
        assert_eq!([num("B14"), num("C15"), num("J15")], ["139", "149", "156"]);
    }
}
