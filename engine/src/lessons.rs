//! Lessons: small positions, each with a short text and the move it teaches. The list
//! is data (`engine/data/lessons.txt`); a test checks every lesson against the rules.

use std::fmt;

use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::variant::Variant;

const LESSON_FILE: &str = include_str!("../data/lessons.txt");

/// What the player's move must do to finish the lesson.
#[derive(Clone, Debug, PartialEq)]
pub enum Goal {
    /// Any move of this kind.
    Kind(MoveKind),
    /// One of these moves.
    Moves(Vec<Move>),
    /// A move that wins the game at once.
    Win,
}

impl Goal {
    /// Whether `m`, a legal move of `pos`, does what the lesson asks.
    pub fn accepts(&self, pos: &Position, m: &Move) -> bool {
        match self {
            Goal::Kind(k) => m.kind == *k,
            Goal::Moves(list) => list.contains(m),
            Goal::Win => pos
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
    pub goal: Goal,
    /// Said when the player makes the lesson's move.
    pub done: String,
}

/// A lesson list that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "lessons, line {}: {}", self.line, self.message)
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
        let fail = |message: String| LessonError { line: n, message };
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| fail(format!("'{line}' is not 'key: value'")))?;
        let value = value.trim().to_string();
        let slot = match key.trim() {
            "id" => &mut block.id,
            "title" => &mut block.title,
            "position" => &mut block.position,
            "goal" => &mut block.goal,
            "done" => &mut block.done,
            "text" => {
                block.text.push(value);
                continue;
            }
            other => return Err(fail(format!("unknown key '{other}'"))),
        };
        if slot.replace(value).is_some() {
            return Err(fail(format!("'{}' given twice", key.trim())));
        }
    }
    if block.id.is_some() {
        out.push(finish(block)?);
    }
    Ok(out)
}

fn finish(f: Fields) -> Result<Lesson, LessonError> {
    let fail = |message: String| LessonError {
        line: f.start,
        message,
    };
    let need = |v: &Option<String>, key: &str| v.clone().ok_or_else(|| fail(format!("no '{key}'")));
    let position: Position = need(&f.position, "position")?
        .parse()
        .map_err(|e| fail(format!("{e}")))?;
    let goal = parse_goal(&position, &need(&f.goal, "goal")?).map_err(fail)?;
    if f.text.is_empty() {
        return Err(fail("no 'text'".into()));
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
fn parse_goal(pos: &Position, s: &str) -> Result<Goal, String> {
    let mut words = s.split_whitespace();
    match words.next() {
        Some("win") => Ok(Goal::Win),
        Some("kind") => {
            let kind = match words.next() {
                Some("plain") => MoveKind::Plain,
                Some("canter") => MoveKind::Canter,
                Some("jump") => MoveKind::Jump,
                Some("charge") => MoveKind::Charge,
                Some("castle") => MoveKind::CastleMove,
                other => return Err(format!("unknown move kind {other:?}")),
            };
            Ok(Goal::Kind(kind))
        }
        Some("moves") => words
            .map(|w| pos.parse_move(w).map_err(|e| format!("goal: {e}")))
            .collect::<Result<Vec<_>, _>>()
            .map(Goal::Moves),
        _ => Err(format!(
            "goal '{s}' should be 'kind K', 'moves M ...' or 'win'"
        )),
    }
}
