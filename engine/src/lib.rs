//! The rules engine of the Camelot family: Camelot (WCF and 1930 rules), River Camelot,
//! Anti-Camelot, Camette and Grand Cam, with notation, game records and a computer
//! player.
//!
//! Everything a program needs is exported here, at the crate root; the modules behind
//! it are private.
//!
//! ```
//! use camelot_engine::{Constraint, Game, Notation, Position, Variant};
//!
//! // The Camelot start: 100 legal moves, as the WCF publishes.
//! let start = Position::start(Variant::Camelot);
//! assert_eq!(start.legal_moves().len(), 100);
//! assert_eq!(start.perft(2), Ok(10_026));
//!
//! // Moves are read and written in WCF or 1930 numbered notation.
//! let mut game = Game::new(Variant::Camelot);
//! game.play_notation("E6-E8").unwrap();
//! let reply = game.position().parse_move("h11-f9").unwrap();
//! assert_eq!(game.position().move_text(&reply, Notation::Classic).as_deref(), Some("110C84"));
//!
//! // A position string sets up any position; the engine says what constrains the mover.
//! let p: Position = "variant=camelot turn=white white=ME5,MA4 black=ME6,ML10".parse().unwrap();
//! assert!(matches!(p.constraint(), Some(Constraint::MustCapture { .. })));
//! let err = "variant=camelot turn=white white=KA1 black=".parse::<Position>().unwrap_err();
//! assert_eq!(err.to_string(), "bad position string: white: 'A1' is not a square of the camelot board");
//! ```

mod ai;
mod board;
mod builder;
mod cellset;
mod constraint;
mod diagram;
mod entry;
mod excerpt;
mod files;
mod game;
mod lessons;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
mod piece;
mod position;
mod position_string;
mod protocol;
mod record;
mod square;
mod tablebase;
mod variant;
mod zobrist;

pub use ai::{
    parse_puzzles, review_game, win_probability, Ai, Decision, Info, Level, Limits, Line,
    MoveClass, ParseLevelError, Program, Puzzle, PuzzleCheck, PuzzleError, ReviewedPly, Score,
    SearchResult, Searcher, Theme, LEVELS, MAX_DEPTH, PUZZLE_NODES, REVIEW_NODES, TABLEBASE_LEVELS,
};

/// The laboratory: matches between levels or outside programs and the sequential test
/// that settles them, tournaments, the search's bench, self-play samples, the tuning of
/// the evaluation and of the win probability, and the finding of puzzles. A program that
/// plays (the game, the protocol) needs none of it.
pub mod lab {
    pub use crate::ai::{
        bench_positions, check_position, find_puzzles, fit_win_probability, play_game, run_bench,
        run_match, run_tournament, tune_weights, BenchLine, BenchPosition, Contender, MatchConfig,
        MatchResult, ParseSprtError, Played, Rating, Sample, Sprt, Standings, Tally,
        TournamentConfig, Tuned, Verdict, Weights, WinFit, BENCH_SIGNATURE,
    };
}
pub use board::Geometry;
pub use builder::{BuildError, PositionBuilder};
pub use cellset::CellSet;
pub use constraint::Constraint;
pub use entry::{Entry, StepKind};
pub use excerpt::Excerpt;
pub use files::{
    data_dir, read_text, remove_stale_temporaries, report_file_size_limit, write_atomic,
    write_new_file, FileError,
};
pub use game::{Claim, Game, PlayError};
pub use lessons::{parse_lessons, Goal, Lesson, LessonError};
pub use movegen::PathMove;
pub use moves::{Move, MoveKind, MoveList};
pub use notation::{
    Notation, NotationError, NotationErrorKind, ParseNotationError, MAX_MOVE_BYTES,
};
pub use outcome::{Outcome, Reason};
pub use perft::{DepthTooLarge, MAX_PERFT_DEPTH};
pub use piece::{BySide, Kind, Piece, Player, SeatColour, Side};
pub use position::Position;
pub use position_string::{ParsePositionError, MAX_POSITION_BYTES};
pub use protocol::{read_line, run as run_protocol, InputLine, MAX_LINE_BYTES};
pub use record::{
    Record, RecordError, RecordedMove, SyntaxError, MAX_RECORD_BYTES, MAX_RECORD_MOVES,
};
pub use square::{Coord, ParseCoordError, Square};
pub use tablebase::{
    default_path as default_tablebase_path, SolveStats, Tablebase, TablebaseError, Value,
    TABLEBASE_FILE,
};
pub use variant::{ParseVariantError, Rules, Variant};
