//! Puzzles: positions from self-play where one move wins and no other does, checked by
//! search. The puzzle file (`engine/data/puzzles.txt`) lists each position and its
//! answer; [`check_puzzle`] re-checks one, and `camelot-cli find-puzzles` finds more.
//!
//! A puzzle holds when a two-line search at [`PUZZLE_NODES`] nodes finds the answer
//! best, worth a win probability of at least [`Puzzle::WIN_AT_LEAST`] for the mover, and
//! the second-best move at least [`Puzzle::MARGIN`] less.

use std::fmt;

use super::search::{Limits, Score, Searcher};
use super::winprob::win_probability;
use crate::game::Game;
use crate::moves::{Move, MoveKind};
use crate::notation::Notation;
use crate::piece::Side;
use crate::position::Position;

/// The budget each check searches: the test re-checks every puzzle at it.
pub const PUZZLE_NODES: u64 = 200_000;

const PUZZLE_FILE: &str = include_str!("../../data/puzzles.txt");

/// What the answer does, as the puzzle list names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Theme {
    /// A capture (a jump, or several) that wins.
    Leap,
    /// A knight's charge that wins.
    Charge,
    /// A move into the enemy castle, winning at once or soon.
    CastleEntry,
    /// A quiet move that wins: a threat the opponent cannot meet.
    Quiet,
}

impl Theme {
    pub const ALL: [Theme; 4] = [Theme::Leap, Theme::Charge, Theme::CastleEntry, Theme::Quiet];

    pub fn id(self) -> &'static str {
        match self {
            Theme::Leap => "leap",
            Theme::Charge => "charge",
            Theme::CastleEntry => "castle",
            Theme::Quiet => "quiet",
        }
    }

    /// The task as the player reads it.
    pub fn task(self) -> &'static str {
        match self {
            Theme::Leap => "Find the winning leap.",
            Theme::Charge => "Find the winning knight's charge.",
            Theme::CastleEntry => "Find the way into the enemy castle.",
            Theme::Quiet => "Find the quiet move that wins.",
        }
    }

    /// The theme of `m`, a legal move of `pos`.
    pub fn of(pos: &Position, m: &Move) -> Theme {
        let goal = pos.rules().goal[pos.turn().0 as usize];
        if goal.contains(m.to) && !goal.contains(m.from) {
            Theme::CastleEntry
        } else if m.kind == MoveKind::Charge {
            Theme::Charge
        } else if m.is_capture() {
            Theme::Leap
        } else {
            Theme::Quiet
        }
    }
}

/// One puzzle of the list.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// `camelot-12`: the variant and a number.
    pub id: String,
    pub theme: Theme,
    pub position: Position,
    pub answer: Move,
}

/// What a check found.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleCheck {
    pub best: Move,
    pub best_score: Score,
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

/// Why a puzzle failed its check, or a puzzle line could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleError {
    pub id: String,
    pub message: String,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle {}: {}", self.id, self.message)
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
        let fail = |message: String| PuzzleError {
            id: self.id.clone(),
            message,
        };
        let c = check_position(&self.position, &[], Limits::nodes(PUZZLE_NODES))
            .ok_or_else(|| fail("the position has fewer than two legal moves".into()))?;
        let text = |m: &Move| {
            self.position
                .move_text(m, Notation::Wcf)
                .unwrap_or_default()
        };
        if c.best != self.answer {
            return Err(fail(format!(
                "the search prefers {} to the answer {}",
                text(&c.best),
                text(&self.answer)
            )));
        }
        if !c.is_unique() {
            return Err(fail(format!(
                "not a single winning move: the answer is worth {:.2}, the next best {:.2}",
                c.best_win, c.second_win
            )));
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
        let fail = |message: String| PuzzleError {
            id: fields
                .first()
                .map_or(format!("on line {}", n + 1), |s| s.to_string()),
            message,
        };
        let [id, theme, answer, position] = fields[..] else {
            return Err(fail(format!(
                "line {} should have 4 tab-separated fields, not {}",
                n + 1,
                fields.len()
            )));
        };
        let theme = Theme::ALL
            .into_iter()
            .find(|t| t.id() == theme)
            .ok_or_else(|| fail(format!("unknown theme '{theme}'")))?;
        let position: Position = position.parse().map_err(|e| fail(format!("{e}")))?;
        let answer = position
            .parse_move(answer)
            .map_err(|e| fail(format!("answer: {e}")))?;
        if Theme::of(&position, &answer) != theme {
            return Err(fail(format!(
                "the answer is a {} move, not {}",
                Theme::of(&position, &answer).id(),
                theme.id()
            )));
        }
        if out.iter().any(|p: &Puzzle| p.id == id) {
            return Err(fail("the id is used twice".into()));
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
pub fn check_position(pos: &Position, history: &[Position], limits: Limits) -> Option<PuzzleCheck> {
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

/// Puzzles in a played game: every position where one move wins and no other does
/// (for a quiet move, only where the position before was not already won for the
/// mover, so the chance came from the opponent's slip). Each position is screened at
/// `limits` (a small budget: the check at [`PUZZLE_NODES`] then confirms the few that
/// pass). Ids are `PREFIX-PLY`.
pub fn find_puzzles(game: &Game, limits: Limits, prefix: &str) -> Vec<Puzzle> {
    let mut out = Vec::new();
    // The previous position's team to move and its win probability there.
    let mut before: Option<(Side, f64)> = None;
    for i in 0..game.moves().len() {
        let pos = game.position_at(i);
        let team = pos.rules().side(pos.turn());
        let c = check_position(pos, &game.history()[..i], limits);
        // The mover's chances before the opponent's last move: a puzzle is a chance the
        // opponent gave, not a win already in hand.
        let was = before.map(|(t, w)| if t == team { w } else { 1.0 - w });
        before = c.as_ref().map(|c| (team, c.best_win));
        let Some(c) = c else { continue };
        let theme = Theme::of(pos, &c.best);
        // A quiet winning move in a game already won is no find (a winning streak
        // would give one a move); few pieces and few moves make dull puzzles.
        if !c.is_unique()
            || (theme == Theme::Quiet && was.is_none_or(|w| w > 0.65))
            || pos.legal_moves().len() < 3
            || pos.count(pos.turn()) < 3
        {
            continue;
        }
        let puzzle = Puzzle {
            id: format!("{prefix}-{i}"),
            theme,
            position: pos.clone(),
            answer: c.best,
        };
        // The list's check searches without the game's history: keep what it confirms.
        if puzzle.check().is_ok() {
            out.push(puzzle);
        }
    }
    out
}
