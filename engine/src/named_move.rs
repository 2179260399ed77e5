//! A move named by its squares: what crosses a boundary (the online protocol, the
//! browser page, a program reading another's moves). A [`Move`] is the engine's own, its
//! squares indices into one board; a [`NamedMove`] carries them by name, with how the
//! piece moves, what it captures, and its notation beside them for people. It is read
//! back once, by the position it is played in, from its squares: the notation is never
//! parsed to learn what a move does.

use serde::{Deserialize, Serialize};

use crate::excerpt::Excerpt;
use crate::move_text::{self, Notation, NotationError, NotationErrorKind, MAX_MOVE_BYTES};
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::square::{Coord, Square};
use crate::square_set::SquareSet;

/// The most squares a named move's path may hold: as many as the longest move text
/// could name.
pub const MAX_PATH_SQUARES: usize = MAX_MOVE_BYTES / 3;

/// A legal move as its squares' names: `{"path":["F6","F8","H8","H10"],"kind":"Charge",
/// "steps":["Canter","Canter","Jump"],"captures":["H9"],"notation":"F6-F8-H8xH10"}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NamedMove {
    /// The start, then every landing; a tree's square alone; none for a pass.
    #[serde(default)]
    pub path: Vec<Coord>,
    pub kind: MoveKind,
    /// How the piece goes from each square of the path to the next (one fewer than the
    /// path's squares): a board's picture marks a charge's canters and jumps apart
    /// without working out which is which. Not read back: the squares say it all.
    #[serde(default)]
    pub steps: Vec<Step>,
    /// The squares of the pieces it captures, in board order.
    #[serde(default)]
    pub captures: Vec<Coord>,
    /// WCF notation, for people. Reading a named move back goes by its squares alone.
    #[serde(default)]
    pub notation: String,
}

/// One step of a move, from a square of its path to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// To a neighbouring square.
    Plain,
    /// Over a piece of the mover's own side, which stays.
    Canter,
    /// Over an enemy piece, which is captured.
    Jump,
}

impl Step {
    pub const ALL: [Step; 3] = [Step::Plain, Step::Canter, Step::Jump];
}

impl NamedMove {
    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        !self.captures.is_empty()
    }
}

/// Moves named, asked of the position they are played in.
impl Position {
    /// A legal move of this position by its squares' names, with its canonical path and
    /// WCF notation; `None` if the move is not legal here.
    pub fn name_move(&self, m: &Move) -> Option<NamedMove> {
        let pm = self.path_of(m)?;
        Some(self.named(
            &pm.mv,
            &pm.path,
            move_text::format_path(self, &pm, Notation::Wcf),
        ))
    }

    /// Every legal move of this position, named, in the generator's order.
    pub fn named_moves(&self) -> Vec<NamedMove> {
        self.legal_moves_written(Notation::Wcf)
            .into_iter()
            .map(|(pm, text)| self.named(&pm.mv, &pm.path, text))
            .collect()
    }

    fn named(&self, m: &Move, path: &[Square], notation: String) -> NamedMove {
        let g = self.geometry();
        let path: Vec<Coord> = path.iter().map(|&sq| g.coord(sq)).collect();
        let captures: Vec<Coord> = m.captured.iter().map(|sq| g.coord(sq)).collect();
        NamedMove {
            steps: path
                .windows(2)
                .map(|w| step_between(w[0], w[1], &captures))
                .collect(),
            path,
            kind: m.kind,
            captures,
            notation,
        }
    }

    /// The legal move a named move names, read from its squares as notation reads a
    /// path (any legal path of the move; its captures must be the path's). The notation
    /// beside the squares is not read. The error's token is the path, written out.
    pub fn read_named(&self, named: &NamedMove) -> Result<Move, NotationError> {
        let token = path_text(named);
        let fail = |kind| Err(NotationError::of(&token, kind));
        if named.path.len() > MAX_PATH_SQUARES || named.captures.len() > MAX_PATH_SQUARES {
            return fail(NotationErrorKind::TooLong);
        }
        let squares = match self.squares_of(&named.path) {
            Ok(s) => s,
            Err(kind) => return fail(kind),
        };
        let captures = match self.squares_of(&named.captures) {
            Ok(s) => s.into_iter().collect::<SquareSet>(),
            Err(kind) => return fail(kind),
        };
        let m = match (named.kind, squares.as_slice()) {
            (MoveKind::Pass, []) => move_text::resolve_special(self, &token, Move::PASS)?,
            (MoveKind::PlaceTree, [sq]) => {
                move_text::resolve_special(self, &token, Move::tree(*sq))?
            }
            (MoveKind::Pass | MoveKind::PlaceTree, _) => {
                return fail(NotationErrorKind::NotThisKind(named.kind))
            }
            _ => move_text::resolve_path(self, &token, &squares)?,
        };
        if m.captured != captures {
            let g = self.geometry();
            let captured = m.captured.iter().map(|sq| g.coord(sq)).collect();
            return fail(NotationErrorKind::CapturesDiffer { captured });
        }
        Ok(m)
    }

    /// The squares of this board that `coords` name.
    fn squares_of(&self, coords: &[Coord]) -> Result<Vec<Square>, NotationErrorKind> {
        let g = self.geometry();
        coords
            .iter()
            .map(|&c| {
                g.square(c).ok_or_else(|| NotationErrorKind::NotASquare {
                    name: Excerpt::new(&c.to_string()),
                    variant: self.variant(),
                })
            })
            .collect()
    }
}

/// The step from `a` to `b`: a leap of two squares goes over the square between them,
/// a jump where that square's piece is among the move's captures.
fn step_between(a: Coord, b: Coord, captures: &[Coord]) -> Step {
    let (df, dr) = (a.file.abs_diff(b.file), a.rank.abs_diff(b.rank));
    if df.max(dr) < 2 {
        return Step::Plain;
    }
    let over = Coord::new((a.file + b.file) / 2, (a.rank + b.rank) / 2);
    if captures.contains(&over) {
        Step::Jump
    } else {
        Step::Canter
    }
}

/// A named move's path written out (`E6-E8`, `T@C3`, `pass`), for its errors.
fn path_text(named: &NamedMove) -> String {
    match named.kind {
        MoveKind::Pass => "pass".into(),
        MoveKind::PlaceTree => format!("T@{}", join(&named.path)),
        _ => join(&named.path),
    }
}

fn join(path: &[Coord]) -> String {
    path.iter()
        .take(MAX_PATH_SQUARES)
        .map(Coord::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::variant::Variant;

    fn c(name: &str) -> Coord {
        name.parse().unwrap()
    }

    #[test]
    fn every_legal_move_reads_back_from_its_name() {
        for variant in Variant::ALL {
            let mut game = Game::new(variant);
            for _ in 0..12 {
                let pos = game.position().clone();
                let named = pos.named_moves();
                assert_eq!(named.len(), pos.legal_moves().len(), "{variant}");
                for n in &named {
                    let m = pos.read_named(n).unwrap();
                    assert_eq!(pos.name_move(&m).as_ref(), Some(n), "{variant}");
                    assert_eq!(
                        pos.move_text(&m, Notation::Wcf).as_deref(),
                        Some(&*n.notation)
                    );
                }
                let Some(first) = named.first() else { break };
                game.play(&pos.read_named(first).unwrap()).unwrap();
            }
        }
    }

    #[test]
    fn a_named_move_is_read_by_its_squares_not_its_text() {
        let pos = Position::start(Variant::Camelot);
        let named = NamedMove {
            path: vec![c("E6"), c("E8")],
            kind: MoveKind::Canter,
            steps: Vec::new(),
            captures: vec![],
            notation: "nonsense".into(),
        };
        let m = pos.read_named(&named).unwrap();
        assert_eq!(pos.move_text(&m, Notation::Wcf).as_deref(), Some("E6-E8"));
        let text = serde_json::to_string(&pos.name_move(&m).unwrap()).unwrap();
        assert_eq!(
            text,
            r#"{"path":["E6","E8"],"kind":"Canter","steps":["Canter"],"captures":[],"notation":"E6-E8"}"#
        );
    }

    #[test]
    fn a_charge_names_each_step_a_canter_or_a_jump() {
        let pos: Position = "variant=camelot turn=white white=KF6,MF7,MG8 black=MH9,ML13"
            .parse()
            .unwrap();
        let charge = pos
            .named_moves()
            .into_iter()
            .find(|m| m.notation == "F6-F8-H8xH10")
            .expect("the knight's charge is legal");
        assert_eq!(charge.kind, MoveKind::Charge);
        assert_eq!(charge.steps, [Step::Canter, Step::Canter, Step::Jump]);
        let plain = pos
            .named_moves()
            .into_iter()
            .find(|m| m.kind == MoveKind::Plain);
        assert_eq!(plain, None, "a capture is compulsory");
        let start = Position::start(Variant::Camelot);
        for m in start.named_moves() {
            assert_eq!(m.steps.len() + 1, m.path.len(), "{}", m.notation);
            let want = match m.kind {
                MoveKind::Plain => Step::Plain,
                MoveKind::Canter => Step::Canter,
                other => panic!("no {other:?} at the start"),
            };
            assert!(m.steps.iter().all(|&s| s == want), "{}", m.notation);
        }
    }

    #[test]
    fn a_named_move_that_is_not_legal_says_why() {
        let pos: Position = "variant=camelot turn=white white=ME5,MA4 black=ME6,ML10"
            .parse()
            .unwrap();
        let jump = |captures: Vec<Coord>| NamedMove {
            path: vec![c("E5"), c("E7")],
            kind: MoveKind::Jump,
            steps: Vec::new(),
            captures,
            notation: String::new(),
        };
        assert!(pos.read_named(&jump(vec![c("E6")])).is_ok());
        let e = pos.read_named(&jump(vec![])).unwrap_err();
        assert_eq!(
            e.kind,
            NotationErrorKind::CapturesDiffer {
                captured: vec![c("E6")]
            }
        );
        let plain = NamedMove {
            path: vec![c("A4"), c("A5")],
            kind: MoveKind::Plain,
            steps: Vec::new(),
            captures: vec![],
            notation: String::new(),
        };
        let e = pos.read_named(&plain).unwrap_err();
        assert!(
            matches!(e.kind, NotationErrorKind::CaptureCompulsory(_)),
            "{e}"
        );
        assert_eq!(e.token.to_string(), "A4-A5");
        let off = NamedMove {
            path: vec![c("M13"), c("A5")],
            ..plain.clone()
        };
        let e = pos.read_named(&off).unwrap_err();
        assert!(
            matches!(e.kind, NotationErrorKind::NotASquare { .. }),
            "{e}"
        );
        let pass = NamedMove {
            path: vec![],
            kind: MoveKind::Pass,
            ..plain
        };
        let e = pos.read_named(&pass).unwrap_err();
        assert_eq!(e.kind, NotationErrorKind::PassNotAllowed);
    }
}
