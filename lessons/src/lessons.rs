//! Lessons: small positions, each with a short text and the move it teaches. The list
//! is data (`lessons/data/lessons.txt`); a test checks every lesson against the rules.

use std::fmt;

use camelot_engine::notation::ParsePositionError;
use camelot_engine::{Excerpt, Move, MoveKind, NotationError, Position, Variant};

const LESSON_FILE: &str = include_str!("../data/lessons.txt");

/// What the player's move must do to finish the lesson.
#[derive(Clone, Debug, PartialEq)]
pub enum LessonGoal {
    /// Any move of this kind.
    Kind(MoveKind),
    /// One of these moves.
    Moves(Vec<Move>),
    /// A move that wins the game at once.
    Win,
}

impl LessonGoal {
    /// Whether `m`, a legal move of `pos`, does what the lesson asks.
    pub fn accepts(&self, pos: &Position, m: &Move) -> bool {
        match self {
            LessonGoal::Kind(k) => m.kind == *k,
            LessonGoal::Moves(list) => list.contains(m),
            LessonGoal::Win => pos
                .after(m)
                .outcome()
                .is_some_and(|o| o.winner == Some(pos.rules().side(pos.turn()))),
        }
    }
}

/// One lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    pub id: String,
    pub title: String,
    /// What the lesson explains and what to do, in a few sentences.
    pub text: String,
    pub position: Position,
    pub goal: LessonGoal,
    /// Said when the player makes the lesson's move.
    pub done: String,
}

/// A lesson list that could not be read: the line, and what is wrong there.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonError {
    pub line: usize,
    pub kind: LessonErrorKind,
}

/// What is wrong with a lesson.
#[derive(Clone, Debug, PartialEq)]
pub enum LessonErrorKind {
    /// A line that is not `key: value`.
    NotKeyValue(Excerpt),
    UnknownKey(Excerpt),
    GivenTwice(&'static str),
    Missing(&'static str),
    Position(ParsePositionError),
    /// A goal that is none of `kind K`, `moves M ...` and `win`.
    Goal(Excerpt),
    /// A goal of `kind` with a move kind there is not.
    UnknownMoveKind(Excerpt),
    /// A goal's move that the position does not have.
    GoalMove(NotationError),
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "lessons, line {}: ", self.line)?;
        match &self.kind {
            LessonErrorKind::NotKeyValue(line) => write!(f, "'{line}' is not 'key: value'"),
            LessonErrorKind::UnknownKey(key) => write!(f, "unknown key '{key}'"),
            LessonErrorKind::GivenTwice(key) => write!(f, "'{key}' given twice"),
            LessonErrorKind::Missing(key) => write!(f, "no '{key}'"),
            LessonErrorKind::Position(e) => e.fmt(f),
            LessonErrorKind::Goal(goal) => write!(
                f,
                "goal '{goal}' should be 'kind K', 'moves M ...' or 'win'"
            ),
            LessonErrorKind::UnknownMoveKind(k) => write!(f, "unknown move kind '{k}'"),
            LessonErrorKind::GoalMove(e) => write!(f, "goal: {e}"),
        }
    }
}

impl std::error::Error for LessonError {}

impl Lesson {
    /// Every built-in lesson, Camelot's first, then one for what each other variant
    /// changes.
    pub fn all() -> Vec<Lesson> {
        // The list is checked by the tests; a lesson that does not read is a build bug.
        parse_lessons(LESSON_FILE).expect("the built-in lesson list reads")
    }

    pub fn variant(&self) -> Variant {
        self.position.variant()
    }
}

/// The fields of one lesson as read, before checking.
#[derive(Default)]
struct Fields {
    start: usize,
    id: Option<String>,
    title: Option<String>,
    text: Vec<String>,
    position: Option<String>,
    goal: Option<String>,
    done: Option<String>,
}

/// Reads a lesson list: blocks of `key: value` lines separated by blank lines; `text:`
/// may repeat (one paragraph each); `#` starts a comment line.
pub fn parse_lessons(source: &str) -> Result<Vec<Lesson>, LessonError> {
    let mut out = Vec::new();
    let mut block = Fields::default();
    for (n, line) in source.lines().enumerate().map(|(n, l)| (n + 1, l.trim())) {
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            if block.id.is_some() {
                out.push(finish(std::mem::take(&mut block))?);
            }
            continue;
        }
        if block.id.is_none() && block.start == 0 {
            block.start = n;
        }
        let fail = |kind: LessonErrorKind| LessonError { line: n, kind };
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| fail(LessonErrorKind::NotKeyValue(Excerpt::new(line))))?;
        let value = value.trim().to_string();
        let (key, slot) = match key.trim() {
            "id" => ("id", &mut block.id),
            "title" => ("title", &mut block.title),
            "position" => ("position", &mut block.position),
            "goal" => ("goal", &mut block.goal),
            "done" => ("done", &mut block.done),
            "text" => {
                block.text.push(value);
                continue;
            }
            other => return Err(fail(LessonErrorKind::UnknownKey(Excerpt::new(other)))),
        };
        if slot.replace(value).is_some() {
            return Err(fail(LessonErrorKind::GivenTwice(key)));
        }
    }
    if block.id.is_some() {
        out.push(finish(block)?);
    }
    Ok(out)
}

fn finish(f: Fields) -> Result<Lesson, LessonError> {
    let fail = |kind: LessonErrorKind| LessonError {
        line: f.start,
        kind,
    };
    let need = |v: &Option<String>, key: &'static str| {
        v.clone().ok_or_else(|| fail(LessonErrorKind::Missing(key)))
    };
    let position: Position = need(&f.position, "position")?
        .parse()
        .map_err(|e| fail(LessonErrorKind::Position(e)))?;
    let goal = parse_goal(&position, &need(&f.goal, "goal")?).map_err(fail)?;
    if f.text.is_empty() {
        return Err(fail(LessonErrorKind::Missing("text")));
    }
    Ok(Lesson {
        id: need(&f.id, "id")?,
        title: need(&f.title, "title")?,
        text: f.text.join("\n\n"),
        position,
        goal,
        done: need(&f.done, "done")?,
    })
}

/// `kind plain|canter|jump|charge|castle`, `moves E6-E7 E6-F7`, or `win`.
fn parse_goal(pos: &Position, s: &str) -> Result<LessonGoal, LessonErrorKind> {
    let mut words = s.split_whitespace();
    match words.next() {
        Some("win") => Ok(LessonGoal::Win),
        Some("kind") => {
            let kind = match words.next() {
                Some("plain") => MoveKind::Plain,
                Some("canter") => MoveKind::Canter,
                Some("jump") => MoveKind::Jump,
                Some("charge") => MoveKind::Charge,
                Some("castle") => MoveKind::CastleMove,
                other => {
                    return Err(LessonErrorKind::UnknownMoveKind(Excerpt::new(
                        other.unwrap_or(""),
                    )))
                }
            };
            Ok(LessonGoal::Kind(kind))
        }
        Some("moves") => words
            .map(|w| pos.parse_move(w).map_err(LessonErrorKind::GoalMove))
            .collect::<Result<Vec<_>, _>>()
            .map(LessonGoal::Moves),
        _ => Err(LessonErrorKind::Goal(Excerpt::new(s))),
    }
}
