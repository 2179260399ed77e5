//! Lessons and puzzles at the table. Starting one seats two people at its position; the
//! first move is judged against what the exercise asks (a lesson's goal, a puzzle's
//! single winning move): the right one is praised, a wrong one is explained and taken
//! back. After that the game goes on as any other. The lessons and puzzles themselves
//! are the engine's data.

pub mod view;

use bevy::prelude::*;
use camelot_engine::{Game, Notation, Position};
use camelot_lessons::{Lesson, Puzzle};

use crate::game::actions::{GameActions, MovePlayed, Notices};
use crate::game::screens::Screen;
use crate::game::session::{Seat, Session};
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Exercises>()
        .add_message::<StartExercise>()
        .add_systems(
            Update,
            (start_exercise, judge_first_move, take_back_wrong_move)
                .chain()
                .in_set(AppSystems::Act),
        );
}

/// A lesson or a puzzle, by its place in the engine's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExerciseRef {
    Lesson(usize),
    Puzzle(usize),
}

/// Seat two people at an exercise's position (from the menu or the panel's "Next").
#[derive(Message, Clone, Copy, Debug)]
pub struct StartExercise(pub ExerciseRef);

/// How the exercise at the table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    Trying,
    Solved,
    /// The player asked for the answer.
    Shown,
}

/// The exercise at the table.
#[derive(Clone, Debug)]
pub struct Active {
    pub which: ExerciseRef,
    pub progress: Progress,
    /// Wrong first moves so far.
    pub misses: u32,
    /// The exercise's position: while the game at the table starts here, it is this
    /// exercise's game.
    start: Position,
}

/// The lessons and puzzles, and the one being done.
#[derive(Resource)]
pub struct Exercises {
    pub lessons: Vec<Lesson>,
    pub puzzles: Vec<Puzzle>,
    current: Option<Active>,
    /// A wrong first move waits to be taken back.
    take_back: bool,
}

impl Default for Exercises {
    fn default() -> Exercises {
        Exercises {
            lessons: Lesson::all(),
            puzzles: Puzzle::all(),
            current: None,
            take_back: false,
        }
    }
}

impl Exercises {
    /// The exercise of the game at the table, if it is one (a new or loaded game ends
    /// it, as does an undo past its start: the game then no longer starts there).
    pub fn active(&self, session: &Session) -> Option<&Active> {
        self.current
            .as_ref()
            .filter(|a| *session.game.start() == a.start)
    }

    pub fn position(&self, which: ExerciseRef) -> Option<&Position> {
        match which {
            ExerciseRef::Lesson(i) => self.lessons.get(i).map(|l| &l.position),
            ExerciseRef::Puzzle(i) => self.puzzles.get(i).map(|p| &p.position),
        }
    }

    /// `Lesson 3 of 14: The jump`, `Puzzle 7 of 32: find the winning leap`.
    pub fn title(&self, which: ExerciseRef) -> String {
        match which {
            ExerciseRef::Lesson(i) => format!(
                "Lesson {} of {}: {}",
                i + 1,
                self.lessons.len(),
                self.lessons.get(i).map_or("", |l| &l.title)
            ),
            ExerciseRef::Puzzle(i) => format!(
                "Puzzle {} of {} ({})",
                i + 1,
                self.puzzles.len(),
                self.puzzles.get(i).map_or("", |p| p.position.rules().name)
            ),
        }
    }

    /// What to read and do.
    pub fn task(&self, which: ExerciseRef) -> String {
        match which {
            ExerciseRef::Lesson(i) => self
                .lessons
                .get(i)
                .map_or(String::new(), |l| l.text.clone()),
            ExerciseRef::Puzzle(i) => self.puzzles.get(i).map_or(String::new(), |p| {
                let mover = p.position.rules().seat_title(p.position.turn());
                format!("{mover} to play. {}", p.theme.task())
            }),
        }
    }

    /// The next exercise of the same list.
    pub fn next(&self, which: ExerciseRef) -> Option<ExerciseRef> {
        match which {
            ExerciseRef::Lesson(i) => {
                (i + 1 < self.lessons.len()).then_some(ExerciseRef::Lesson(i + 1))
            }
            ExerciseRef::Puzzle(i) => {
                (i + 1 < self.puzzles.len()).then_some(ExerciseRef::Puzzle(i + 1))
            }
        }
    }

    /// The puzzle's answer in `notation` (lessons have none: several moves may do).
    pub fn answer_text(&self, which: ExerciseRef, notation: Notation) -> Option<String> {
        let ExerciseRef::Puzzle(i) = which else {
            return None;
        };
        let p = self.puzzles.get(i)?;
        p.position.move_text(&p.answer, notation)
    }

    /// Makes `which` the exercise at the table; returns the table to seat (people in
    /// every seat, the exercise's position).
    pub fn begin(&mut self, which: ExerciseRef) -> Option<Session> {
        let start = self.position(which)?.clone();
        let seats = vec![Seat::Human; start.rules().players()];
        let session = Session::new(Game::from_position(start.clone()), seats);
        self.current = Some(Active {
            which,
            progress: Progress::Trying,
            misses: 0,
            start,
        });
        Some(session)
    }

    /// Shows the puzzle's answer (the player gave up): the exercise is then not solved.
    pub fn reveal(&mut self) {
        if let Some(a) = self.current.as_mut() {
            if a.progress == Progress::Trying {
                a.progress = Progress::Shown;
            }
        }
    }

    /// What the first move `m` from the exercise's position earns, and the words for it.
    fn judge(&self, which: ExerciseRef, before: &Position, m: &camelot_engine::Move) -> Judged {
        match which {
            ExerciseRef::Lesson(i) => {
                let l = &self.lessons[i];
                if l.goal.accepts(before, m) {
                    Judged::Done(l.done.clone())
                } else {
                    Judged::Missed(format!("Not what this lesson asks. {}", last_line(&l.text)))
                }
            }
            ExerciseRef::Puzzle(i) => {
                let p = &self.puzzles[i];
                if *m == p.answer {
                    Judged::Done("Solved: that is the only move that wins.".into())
                } else {
                    Judged::Missed("That move lets the win slip away. Try again.".into())
                }
            }
        }
    }
}

/// A lesson's last paragraph is its task.
fn last_line(text: &str) -> &str {
    text.rsplit("\n\n").next().unwrap_or(text)
}

fn start_exercise(
    mut starts: MessageReader<StartExercise>,
    mut exercises: ResMut<Exercises>,
    mut actions: GameActions,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(StartExercise(which)) = starts.read().last().copied() else {
        return;
    };
    let Some(session) = exercises.begin(which) else {
        actions.notices.say("That exercise does not exist.");
        return;
    };
    actions.replace(session);
    next.set(Screen::Playing);
}

/// The first move from the exercise's position, judged; a wrong one is marked to be
/// taken back (by the next system: reading moves and playing them back in one system
/// would take the same messages twice).
fn judge_first_move(
    mut played: MessageReader<MovePlayed>,
    mut exercises: ResMut<Exercises>,
    session: Res<Session>,
    mut notices: ResMut<Notices>,
) {
    for p in played.read() {
        let Some(active) = exercises.active(&session) else {
            continue;
        };
        if p.reverse || active.progress != Progress::Trying || p.before != active.start {
            continue;
        }
        let verdict = exercises.judge(active.which, &p.before, &p.mv);
        let Some(active) = exercises.current.as_mut() else {
            continue;
        };
        match verdict {
            Judged::Done(praise) => {
                active.progress = Progress::Solved;
                notices.say(praise);
            }
            Judged::Missed(why) => {
                active.misses += 1;
                notices.say(why);
                exercises.take_back = true;
            }
        }
    }
}

/// A first move judged: the exercise done (with its praise), or missed (with why).
enum Judged {
    Done(String),
    Missed(String),
}

/// Takes back a wrong first move (only that move: both seats are people's).
fn take_back_wrong_move(mut exercises: ResMut<Exercises>, mut actions: GameActions) {
    if std::mem::take(&mut exercises.take_back) && actions.session.game.ply() == 1 {
        actions.undo();
    }
}
