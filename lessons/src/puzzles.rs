//! Puzzles: positions from self-play where one move wins and no other does, checked by
//! search. The puzzle file (`lessons/data/puzzles.txt`) lists each position and its
//! answer; [`Puzzle::check`] re-checks one, and `camelot-cli find-puzzles` finds more.
//!
//! A puzzle holds when a two-line search at [`PUZZLE_NODES`] nodes finds the answer
//! best, worth a win probability of at least [`Puzzle::WIN_AT_LEAST`] for the mover, and
//! the second-best move at least [`Puzzle::MARGIN`] less.

use std::fmt;

use camelot_engine::notation::ParsePositionError;
use camelot_engine::search::{win_probability, SearchLimits, SearchScore, Searcher};
use camelot_engine::{Excerpt, Move, MoveKind, Notation, NotationError, Position};

/// The budget each check searches: the test re-checks every puzzle at it.
pub const PUZZLE_NODES: u64 = 200_000;

const PUZZLE_FILE: &str = include_str!("../data/puzzles.txt");

/// What the answer does, as the puzzle list names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleTheme {
    /// A capture (a jump, or several) that wins.
    Leap,
    /// A knight's charge that wins.
    Charge,
    /// A move into the enemy castle, winning at once or soon.
    CastleEntry,
    /// A quiet move that wins: a threat the opponent cannot meet.
    Quiet,
}

impl PuzzleTheme {
    pub const ALL: [PuzzleTheme; 4] = [
        PuzzleTheme::Leap,
        PuzzleTheme::Charge,
        PuzzleTheme::CastleEntry,
        PuzzleTheme::Quiet,
    ];

    pub fn id(self) -> &'static str {
        match self {
            PuzzleTheme::Leap => "leap",
            PuzzleTheme::Charge => "charge",
            PuzzleTheme::CastleEntry => "castle",
            PuzzleTheme::Quiet => "quiet",
        }
    }

    /// The task as the player reads it.
    pub fn task(self) -> &'static str {
        match self {
            PuzzleTheme::Leap => "Find the winning leap.",
            PuzzleTheme::Charge => "Find the winning knight's charge.",
            PuzzleTheme::CastleEntry => "Find the way into the enemy castle.",
            PuzzleTheme::Quiet => "Find the quiet move that wins.",
        }
    }

    /// The theme of `m`, a legal move of `pos`.
    pub fn of(pos: &Position, m: &Move) -> PuzzleTheme {
        let goal = pos.rules().goal(pos.turn());
        if goal.contains(m.to) && !goal.contains(m.from) {
            PuzzleTheme::CastleEntry
        } else if m.kind == MoveKind::Charge {
            PuzzleTheme::Charge
        } else if m.is_capture() {
            PuzzleTheme::Leap
        } else {
            PuzzleTheme::Quiet
        }
    }
}

/// One puzzle of the list.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// `camelot-12`: the variant and a number.
    pub id: String,
    pub theme: PuzzleTheme,
    pub position: Position,
    pub answer: Move,
}

/// What a check found.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleCheck {
    pub best: Move,
    pub best_score: SearchScore,
    /// The mover's win probability after the best move and after the second best.
    pub best_win: f64,
    pub second_win: f64,
}

impl PuzzleCheck {
    /// One move wins and no other comes close. Winning means a forced win, or a
    /// probability of [`Puzzle::WIN_AT_LEAST`] with at least [`Puzzle::AHEAD_BY`] in
    /// hand (where a variant's curve is steep, as in Camette, the probability alone
    /// would call a small edge a win).
    pub fn is_unique(&self) -> bool {
        let wins = self.best_score.plies_to_end().is_some_and(|n| n >= 0)
            || self.best_score.0 >= Puzzle::AHEAD_BY;
        wins && self.best_win >= Puzzle::WIN_AT_LEAST
            && self.best_win - self.second_win >= Puzzle::MARGIN
    }
}

/// Why a puzzle failed its check, or a puzzle line could not be read: the puzzle (its
/// id, or the line where none could be read) and what is wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleError {
    pub id: String,
    pub kind: PuzzleErrorKind,
}

/// What is wrong with a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleErrorKind {
    /// A line without the four fields.
    Fields {
        line: usize,
        found: usize,
    },
    UnknownTheme(Excerpt),
    Position(ParsePositionError),
    Answer(NotationError),
    /// The answer's theme is another than the list says.
    WrongTheme {
        found: PuzzleTheme,
        said: PuzzleTheme,
    },
    IdUsedTwice,
    /// The position has fewer than two legal moves: no choice, no puzzle.
    NoChoice,
    /// The search prefers another move to the answer.
    SearchPrefers {
        best: String,
        answer: String,
    },
    /// The answer is not the one winning move.
    NotUnique {
        best_win: f64,
        second_win: f64,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle {}: ", self.id)?;
        match &self.kind {
            PuzzleErrorKind::Fields { line, found } => write!(
                f,
                "line {line} should have 4 tab-separated fields, not {found}"
            ),
            PuzzleErrorKind::UnknownTheme(t) => write!(f, "unknown theme '{t}'"),
            PuzzleErrorKind::Position(e) => e.fmt(f),
            PuzzleErrorKind::Answer(e) => write!(f, "answer: {e}"),
            PuzzleErrorKind::WrongTheme { found, said } => write!(
                f,
                "the answer is a {} move, not {}",
                found.id(),
                said.id()
            ),
            PuzzleErrorKind::IdUsedTwice => f.write_str("the id is used twice"),
            PuzzleErrorKind::NoChoice => {
                f.write_str("the position has fewer than two legal moves")
            }
            PuzzleErrorKind::SearchPrefers { best, answer } => {
                write!(f, "the search prefers {best} to the answer {answer}")
            }
            PuzzleErrorKind::NotUnique {
                best_win,
                second_win,
            } => write!(
                f,
                "not a single winning move: the answer is worth {best_win:.2}, the next best {second_win:.2}"
            ),
        }
    }
}

impl std::error::Error for PuzzleError {}

impl Puzzle {
    /// The answer's least win probability for the mover.
    pub const WIN_AT_LEAST: f64 = 0.80;
    /// The least score (hundredths of a man) that counts as winning, short of a
    /// forced win.
    pub const AHEAD_BY: i32 = 150;
    /// The least gap in win probability between the answer and the next best move.
    pub const MARGIN: f64 = 0.30;

    /// Every puzzle of the built-in list, in order.
    pub fn all() -> Vec<Puzzle> {
        // The list is checked by the tests; a line that does not read is a build bug.
        parse_puzzles(PUZZLE_FILE).expect("the built-in puzzle list reads")
    }

    /// The puzzle as one line of the list: id, theme, answer, position, tab-separated.
    pub fn line(&self) -> String {
        let answer = self
            .position
            .move_text(&self.answer, Notation::Wcf)
            .unwrap_or_default();
        format!(
            "{}\t{}\t{}\t{}",
            self.id,
            self.theme.id(),
            answer,
            self.position
        )
    }

    /// Re-checks the puzzle: the answer is the search's best move, it wins, and no
    /// other move comes close.
    pub fn check(&self) -> Result<PuzzleCheck, PuzzleError> {
        let fail = |kind: PuzzleErrorKind| PuzzleError {
            id: self.id.clone(),
            kind,
        };
        let c = check_position(&self.position, &[], SearchLimits::nodes(PUZZLE_NODES))
            .ok_or_else(|| fail(PuzzleErrorKind::NoChoice))?;
        let text = |m: &Move| {
            self.position
                .move_text(m, Notation::Wcf)
                .unwrap_or_default()
        };
        if c.best != self.answer {
            return Err(fail(PuzzleErrorKind::SearchPrefers {
                best: text(&c.best),
                answer: text(&self.answer),
            }));
        }
        if !c.is_unique() {
            return Err(fail(PuzzleErrorKind::NotUnique {
                best_win: c.best_win,
                second_win: c.second_win,
            }));
        }
        Ok(c)
    }
}

/// Reads a puzzle list: one puzzle a line (see [`Puzzle::line`]); `#` starts a comment.
pub fn parse_puzzles(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let fail = |kind: PuzzleErrorKind| PuzzleError {
            id: fields
                .first()
                .map_or(format!("on line {}", n + 1), |s| s.to_string()),
            kind,
        };
        let [id, theme, answer, position] = fields[..] else {
            return Err(fail(PuzzleErrorKind::Fields {
                line: n + 1,
                found: fields.len(),
            }));
        };
        let theme = PuzzleTheme::ALL
            .into_iter()
            .find(|t| t.id() == theme)
            .ok_or_else(|| fail(PuzzleErrorKind::UnknownTheme(Excerpt::new(theme))))?;
        let position: Position = position
            .parse()
            .map_err(|e| fail(PuzzleErrorKind::Position(e)))?;
        let answer = position
            .parse_move(answer)
            .map_err(|e| fail(PuzzleErrorKind::Answer(e)))?;
        let found = PuzzleTheme::of(&position, &answer);
        if found != theme {
            return Err(fail(PuzzleErrorKind::WrongTheme { found, said: theme }));
        }
        if out.iter().any(|p: &Puzzle| p.id == id) {
            return Err(fail(PuzzleErrorKind::IdUsedTwice));
        }
        out.push(Puzzle {
            id: id.to_string(),
            theme,
            position,
            answer,
        });
    }
    Ok(out)
}

/// A two-line search of `pos` (after `history`, for repetitions): the best move and how
/// far ahead of the second it is. `None` with fewer than two legal moves or in setup.
pub fn check_position(
    pos: &Position,
    history: &[Position],
    limits: SearchLimits,
) -> Option<PuzzleCheck> {
    if pos.in_setup() || pos.outcome().is_some() || pos.legal_moves().len() < 2 {
        return None;
    }
    let mut searcher = Searcher::new(16);
    searcher.multipv = 2;
    let r = searcher.search(pos, history, limits, |_| {});
    let [first, second] = &r.lines[..] else {
        return None;
    };
    let v = pos.variant();
    Some(PuzzleCheck {
        best: *first.pv.first()?,
        best_score: first.score,
        best_win: win_probability(v, first.score),
        second_win: win_probability(v, second.score),
    })
}
