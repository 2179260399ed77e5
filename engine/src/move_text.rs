//! Moves as text: WCF algebraic (`E6-C8-A8`, `H4xJ4xL6`, `F6-F8-H8xH10xJ12`) and the
//! classic numbered notation of the 1999 text (`26-27`, `26C28`, `26J28`, `KC26C28J30`,
//! with an optional capture count `(3M, 2K)`).
//!
//! Printing uses a move's canonical path (the one the generator finds first). Parsing
//! accepts any valid path: it replays the leaps on the board to find the move's start,
//! end and captured set, and looks that up among the legal moves. A lone start and end
//! (`E6-E10`) is accepted when exactly one legal move joins them.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::excerpt::Excerpt;
use crate::movegen::{legal_moves_with_paths, path_of_legal, PathMove};
use crate::moves::{Move, MoveKind};
use crate::outcome::Outcome;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::square::{Coord, Square};
use crate::square_set::SquareSet;
use crate::variant::Variant;

/// The longest move token read: a path of every landing of the longest leap is far
/// shorter.
pub const MAX_MOVE_BYTES: usize = 1024;

/// Which notation to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Notation {
    /// WCF algebraic: `E6-C8-A8`.
    #[default]
    Wcf,
    /// The 1930 numbered notation (160-square boards; WCF elsewhere): `47C71`.
    Classic,
}

impl Notation {
    pub const ALL: [Notation; 2] = [Notation::Wcf, Notation::Classic];

    /// The name options and settings use: `wcf`, `classic`.
    pub fn id(self) -> &'static str {
        match self {
            Notation::Wcf => "wcf",
            Notation::Classic => "classic",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A notation name that is neither `wcf` nor `classic`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNotationError {
    pub input: Excerpt,
}

impl fmt::Display for ParseNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown notation '{}' (expected wcf or classic)",
            self.input
        )
    }
}

impl std::error::Error for ParseNotationError {}

impl std::str::FromStr for Notation {
    type Err = ParseNotationError;

    fn from_str(s: &str) -> std::result::Result<Notation, ParseNotationError> {
        let lower = s.trim().to_ascii_lowercase();
        Notation::ALL
            .into_iter()
            .find(|n| n.id() == lower)
            .ok_or_else(|| ParseNotationError {
                input: Excerpt::new(s),
            })
    }
}

/// A move that could not be read or is not legal: the token (an excerpt) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub token: Excerpt,
    pub kind: NotationErrorKind,
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationErrorKind {
    Empty,
    TooLong,
    GameOver(Outcome),
    /// Numbered notation on a board it does not name.
    NumberedOffBoard(Variant),
    NotASquare {
        name: Excerpt,
        variant: Variant,
    },
    NotANumberedSquare(Excerpt),
    MissingSquare,
    PassNotAllowed,
    NoTreesNow,
    TreeNotHere,
    NeedsTwoSquares,
    TreesFirst,
    NoPiece(Coord),
    NotYours {
        square: Coord,
        mover: &'static str,
    },
    NotALeap {
        from: Coord,
        to: Coord,
    },
    NotEmpty(Coord),
    NothingToLeap(Coord),
    CanterAfterJump(Coord),
    ManCannotCharge,
    Ambiguous {
        from: Coord,
        to: Coord,
    },
    CaptureCount {
        given: Excerpt,
        men: u32,
        knights: u32,
    },
    /// Another piece must leave its castle first.
    MustLeaveFirst(Vec<Coord>),
    /// A capture is compulsory; these pieces can make one.
    CaptureCompulsory(Vec<Coord>),
    NotThatPath {
        from: Coord,
        to: Coord,
    },
    PieceCannotMove(Coord),
    NoMoveEndsOn {
        from: Coord,
        to: Coord,
    },
    /// A named move whose squares are not of its kind (a pass with squares, a tree
    /// with other than one).
    NotThisKind(MoveKind),
    /// A named move whose captures are not those of its path, which are these.
    CapturesDiffer {
        captured: Vec<Coord>,
    },
}

impl NotationError {
    pub(crate) fn of(token: &str, kind: NotationErrorKind) -> NotationError {
        NotationError {
            token: Excerpt::new(token),
            kind,
        }
    }
}

fn join(squares: &[Coord], sep: &str) -> String {
    squares
        .iter()
        .map(Coord::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

impl fmt::Display for NotationErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use NotationErrorKind::*;
        match self {
            Empty => f.write_str("empty move"),
            TooLong => write!(f, "too long for a move (at most {MAX_MOVE_BYTES} bytes)"),
            GameOver(o) => write!(f, "the game is over: {o}"),
            NumberedOffBoard(v) => write!(
                f,
                "numbered notation is only for the 160-square boards, not {v}"
            ),
            NotASquare { name, variant } => {
                write!(f, "'{name}' is not a square of the {variant} board")
            }
            NotANumberedSquare(n) => {
                write!(f, "'{n}' is not a numbered square (1-156, A, B, Y, Z)")
            }
            MissingSquare => f.write_str("a square is missing between separators"),
            PassNotAllowed => f.write_str(
                "passing is allowed only in Grand Cam, to a player who cannot move",
            ),
            NoTreesNow => {
                f.write_str("trees are planted only before the first move of River Camelot")
            }
            TreeNotHere => f.write_str(
                "a tree may stand only on an empty square of your own side, not on the excluded squares",
            ),
            NeedsTwoSquares => f.write_str("a move needs at least a start and an end square"),
            TreesFirst => f.write_str("the trees must be planted first (write T@square)"),
            NoPiece(sq) => write!(f, "no piece on {sq}"),
            NotYours { square, mover } => write!(f, "the piece on {square} is not {mover}'s"),
            NotALeap { from, to } => write!(
                f,
                "{from} to {to} is not a leap (two squares in a straight line)"
            ),
            NotEmpty(sq) => write!(f, "{sq} is not empty"),
            NothingToLeap(sq) => write!(f, "there is no piece on {sq} to leap over"),
            CanterAfterJump(sq) => write!(f, "a canter cannot follow a jump (over {sq})"),
            ManCannotCharge => {
                f.write_str("only a knight may jump after cantering (a knight's charge)")
            }
            Ambiguous { from, to } => write!(
                f,
                "several legal moves go from {from} to {to}: list the landing squares"
            ),
            CaptureCount { given, men, knights } => {
                write!(
                    f,
                    "the capture count {given} does not match the move, which captures {}",
                    count_text(*men, *knights)
                )
            }
            MustLeaveFirst(sq) => write!(
                f,
                "the piece on {} must first leave the castle",
                join(sq, " or ")
            ),
            CaptureCompulsory(from) => write!(
                f,
                "a capture is compulsory (jump with the piece on {})",
                join(from, " or ")
            ),
            NotThatPath { from, to } => write!(
                f,
                "that path from {from} to {to} is not a legal way to make the move"
            ),
            PieceCannotMove(sq) => write!(f, "the piece on {sq} has no legal move"),
            NoMoveEndsOn { from, to } => write!(f, "no legal move from {from} ends on {to}"),
            NotThisKind(kind) => write!(f, "those squares do not make a move of kind {kind:?}"),
            CapturesDiffer { captured } if captured.is_empty() => {
                f.write_str("that path captures nothing")
            }
            CapturesDiffer { captured } => {
                write!(f, "that path captures on {}", join(captured, ", "))
            }
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.token, self.kind)
    }
}

impl std::error::Error for NotationError {}

type Result<T> = std::result::Result<T, NotationError>;

fn fail<T>(token: &str, kind: NotationErrorKind) -> Result<T> {
    Err(NotationError::of(token, kind))
}

/// The canonical path of a move; `None` if it is not legal in `pos`.
pub(crate) fn path_of(pos: &Position, m: &Move) -> Option<PathMove> {
    if !pos.is_legal(m) {
        return None;
    }
    path_of_legal(pos, m)
}

/// WCF algebraic for a move with its path.
pub(crate) fn format_wcf(pos: &Position, pm: &PathMove) -> String {
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

/// The numbered name of a square of the 160-square board: 1-156, A B (F1 G1), Y Z (F16
/// G16). Cells are numbered in the same rank-then-file order as the 1999 text.
pub(crate) fn classic_square(sq: Square) -> String {
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

/// Men and knights a move captures.
fn captured_kinds(pos: &Position, m: &Move) -> (u32, u32) {
    let (mut men, mut knights) = (0, 0);
    for sq in m.captured.iter() {
        match pos.piece_at(sq).map(|p| p.kind) {
            Some(PieceKind::Knight) => knights += 1,
            _ => men += 1,
        }
    }
    (men, knights)
}

/// Capture count in the 1999 text's form: `(3M, 2K)`.
fn count_text(men: u32, knights: u32) -> String {
    let mut parts = Vec::new();
    if men > 0 {
        parts.push(format!("{men}M"));
    }
    if knights > 0 {
        parts.push(format!("{knights}K"));
    }
    format!("({})", parts.join(", "))
}

/// Classic numbered notation of a move with its path (on the 160-square board).
pub(crate) fn format_classic(pos: &Position, pm: &PathMove, with_count: bool) -> String {
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
        let (men, knights) = captured_kinds(pos, &pm.mv);
        s.push(' ');
        s.push_str(&count_text(men, knights));
    }
    s
}

/// A move with its path in the chosen notation (WCF off the 160-square boards).
pub(crate) fn format_path(pos: &Position, pm: &PathMove, notation: Notation) -> String {
    match notation {
        Notation::Classic if pos.rules().has_numbered_squares() => format_classic(pos, pm, false),
        _ => format_wcf(pos, pm),
    }
}

/// Reads a move in either notation.
pub(crate) fn parse_move(pos: &Position, token: &str) -> Result<Move> {
    if token.len() > MAX_MOVE_BYTES {
        return fail(token, NotationErrorKind::TooLong);
    }
    let t = token.trim();
    if t.is_empty() {
        return fail(token, NotationErrorKind::Empty);
    }
    if looks_classic(t) {
        if !pos.rules().has_numbered_squares() {
            return fail(t, NotationErrorKind::NumberedOffBoard(pos.variant()));
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
fn parse_wcf(pos: &Position, t: &str) -> Result<Move> {
    let g = pos.geometry();
    if t.eq_ignore_ascii_case("pass") {
        return resolve_special(pos, t, Move::PASS);
    }
    let not_a_square = |name: &str| NotationErrorKind::NotASquare {
        name: Excerpt::new(name),
        variant: pos.variant(),
    };
    if let Some(rest) = strip_prefix_ci(t, "T@") {
        let Some(sq) = g.parse_square(rest) else {
            return fail(t, not_a_square(rest));
        };
        return resolve_special(pos, t, Move::tree(sq));
    }
    let mut squares = Vec::new();
    for part in t.split(['-', 'x', 'X', ':']) {
        match g.parse_square(part.trim()) {
            Some(sq) => squares.push(sq),
            None if part.trim().is_empty() => return fail(t, NotationErrorKind::MissingSquare),
            None => return fail(t, not_a_square(part)),
        }
    }
    resolve_path(pos, t, &squares)
}

/// Reads the classic numbered notation.
fn parse_classic(pos: &Position, t: &str) -> Result<Move> {
    if t.eq_ignore_ascii_case("pass") {
        return resolve_special(pos, t, Move::PASS);
    }
    if let Some(rest) = strip_prefix_ci(t, "T@") {
        let Some(sq) = parse_classic_square(rest) else {
            return fail(t, NotationErrorKind::NotANumberedSquare(Excerpt::new(rest)));
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
            None => return fail(t, NotationErrorKind::NotANumberedSquare(Excerpt::new(part))),
        }
    }
    let m = resolve_path(pos, t, &squares)?;
    if let Some(count) = count {
        let normal = |s: &str| s.to_ascii_uppercase().replace(' ', "");
        let (men, knights) = captured_kinds(pos, &m);
        if normal(count) != normal(&count_text(men, knights)) {
            return fail(
                t,
                NotationErrorKind::CaptureCount {
                    given: Excerpt::new(count),
                    men,
                    knights,
                },
            );
        }
    }
    Ok(m)
}

pub(crate) fn resolve_special(pos: &Position, t: &str, m: Move) -> Result<Move> {
    if pos.legal_moves().iter().any(|x| *x == m) {
        return Ok(m);
    }
    let kind = match m.kind {
        MoveKind::Pass => NotationErrorKind::PassNotAllowed,
        _ if !pos.in_setup() => NotationErrorKind::NoTreesNow,
        _ => NotationErrorKind::TreeNotHere,
    };
    fail(t, kind)
}

/// Replays the leaps of a path and returns the legal move it makes.
pub(crate) fn resolve_path(pos: &Position, t: &str, squares: &[Square]) -> Result<Move> {
    use NotationErrorKind as K;
    let g = pos.geometry();
    let r = pos.rules();
    let at = |s: Square| g.coord(s);
    if squares.len() < 2 {
        return fail(t, K::NeedsTwoSquares);
    }
    if pos.in_setup() {
        return fail(t, K::TreesFirst);
    }
    if let Some(o) = pos.decided() {
        return fail(t, K::GameOver(o));
    }
    let from = squares[0];
    let mover = pos.turn();
    match pos.piece_at(from) {
        None => return fail(t, K::NoPiece(at(from))),
        Some(pc) if pc.owner != mover => {
            return fail(
                t,
                K::NotYours {
                    square: at(from),
                    mover: r.seat_name(mover),
                },
            )
        }
        _ => {}
    }
    let legal = pos.legal_moves();
    let is_leap = |a: Square, b: Square| -> Option<Square> {
        (0..8).find_map(|d| {
            let over = g.step(a.0, d);
            (over != crate::board::NONE && g.step(over, d) == b.0).then_some(Square(over))
        })
    };
    let adjacent = |a: Square, b: Square| g.neighbours(a).any(|n| n == b);
    let to = *squares.last().expect("two squares at least");

    let mut captured = SquareSet::EMPTY;
    if squares.len() == 2 && adjacent(from, to) {
        // A plain move or castle move.
    } else if squares.len() == 2 && is_leap(from, to).is_none() {
        // A start and an end only: accept it when one legal move joins them.
        let mut joining = legal.iter().filter(|m| m.from == from && m.to == to);
        return match (joining.next(), joining.next()) {
            (Some(m), None) => Ok(*m),
            (None, _) => fail(t, no_move_reason(pos, from, to)),
            _ => fail(
                t,
                K::Ambiguous {
                    from: at(from),
                    to: at(to),
                },
            ),
        };
    } else {
        let me_side = r.side(mover);
        let mut jumped = false;
        let mut board_after = pos.clone();
        board_after.remove(from);
        for pair in squares.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let Some(over) = is_leap(a, b) else {
                return fail(
                    t,
                    K::NotALeap {
                        from: at(a),
                        to: at(b),
                    },
                );
            };
            if !board_after.is_empty_square(b) {
                return fail(t, K::NotEmpty(at(b)));
            }
            match board_after.piece_at(over) {
                None => return fail(t, K::NothingToLeap(at(over))),
                Some(pc) if r.side(pc.owner) == me_side => {
                    if jumped {
                        return fail(t, K::CanterAfterJump(at(over)));
                    }
                }
                Some(_) => {
                    if !jumped
                        && a != from
                        && pos.piece_at(from).map(|p| p.kind) == Some(PieceKind::Man)
                    {
                        return fail(t, K::ManCannotCharge);
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
    fail(t, no_move_reason(pos, from, to))
}

/// Explains why no legal move goes from `from` to `to`.
fn no_move_reason(pos: &Position, from: Square, to: Square) -> NotationErrorKind {
    use crate::constraint::TurnConstraint;
    let g = pos.geometry();
    let coords = |s: SquareSet| s.iter().map(|q| g.coord(q)).collect::<Vec<_>>();
    let legal = pos.legal_moves();
    match pos.constraint() {
        Some(TurnConstraint::LeaveCastle { pieces, .. }) if !pieces.contains(from) => {
            return NotationErrorKind::MustLeaveFirst(coords(pieces))
        }
        Some(TurnConstraint::MustCapture { pieces }) if !pieces.contains(from) => {
            return NotationErrorKind::CaptureCompulsory(coords(pieces))
        }
        _ => {}
    }
    if legal.iter().any(|m| m.from == from && m.to == to) {
        return NotationErrorKind::NotThatPath {
            from: g.coord(from),
            to: g.coord(to),
        };
    }
    if legal.iter().all(|m| m.from != from) {
        return NotationErrorKind::PieceCannotMove(g.coord(from));
    }
    let (from, to) = (g.coord(from), g.coord(to));
    NotationErrorKind::NoMoveEndsOn { from, to }
}

/// Notation, asked of the position the move is played in.
impl Position {
    /// Reads a legal move of this position in WCF or numbered notation (any valid path,
    /// any case).
    pub fn parse_move(&self, token: &str) -> Result<Move> {
        parse_move(self, token)
    }

    /// A legal move of this position as text in the chosen notation (WCF off the
    /// 160-square boards); `None` if the move is not legal here.
    pub fn move_text(&self, m: &Move, notation: Notation) -> Option<String> {
        path_of(self, m).map(|pm| format_path(self, &pm, notation))
    }

    /// A legal move in the 1930 numbered notation with its capture count, as the 1999
    /// text writes captures: `KC45C71J97 (1M)`; `None` off the 160-square board or if
    /// the move is not legal here.
    pub fn numbered_text_with_count(&self, m: &Move) -> Option<String> {
        if !self.rules().has_numbered_squares() {
            return None;
        }
        path_of(self, m).map(|pm| format_classic(self, &pm, true))
    }

    /// The move's canonical path: start square, then every landing.
    pub fn path_of(&self, m: &Move) -> Option<PathMove> {
        path_of(self, m)
    }

    /// A line of moves from this position as text (`E6-E8 H11-F9 ...`), up to the first
    /// move that is not legal where it would be played.
    pub fn line_text(&self, moves: &[Move], notation: Notation) -> String {
        let mut p = self.clone();
        let mut out = Vec::new();
        for m in moves {
            match p.move_text(m, notation) {
                Some(t) => out.push(t),
                None => break,
            }
            p.play_unchecked(m);
        }
        out.join(" ")
    }

    /// Every legal move with its canonical path and its text, as the generator gives them.
    pub fn legal_moves_written(&self, notation: Notation) -> Vec<(PathMove, String)> {
        legal_moves_with_paths(self)
            .into_iter()
            .map(|pm| {
                let text = format_path(self, &pm, notation);
                (pm, text)
            })
            .collect()
    }

    /// Every legal move as text, sorted.
    pub fn legal_move_texts(&self, notation: Notation) -> Vec<String> {
        let mut v: Vec<String> = legal_moves_with_paths(self)
            .iter()
            .map(|pm| format_path(self, pm, notation))
            .collect();
        v.sort();
        v
    }
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

    #[test]
    fn a_huge_token_is_refused_without_being_read_or_echoed() {
        let p = Position::start(Variant::Camelot);
        let token = "E6-".repeat(100_000) + "E8";
        let e = parse_move(&p, &token).unwrap_err();
        assert_eq!(e.kind, NotationErrorKind::TooLong);
        assert!(e.to_string().len() < 200, "{e}");
    }
}
