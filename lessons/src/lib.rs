//! The Camelot family's lessons and puzzles: the teaching the game offers under "Learn".
//!
//! Both lists are data compiled in (`data/lessons.txt`, `data/puzzles.txt`), read by the
//! parsers here and checked by this crate's tests: every lesson against the rules (its
//! move can be made and teaches something), every puzzle against the search (its
//! answer is the one winning move).

mod lessons;
mod puzzles;

pub use lessons::{parse_lessons, Lesson, LessonError, LessonErrorKind, LessonGoal};
pub use puzzles::{
    check_position, parse_puzzles, Puzzle, PuzzleCheck, PuzzleError, PuzzleErrorKind, PuzzleTheme,
    PUZZLE_NODES,
};
