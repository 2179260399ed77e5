//! The rules engine of the Camelot family: Camelot (WCF and 1930 rules), River Camelot,
//! Anti-Camelot, Camette and Grand Cam, with notation, game records and a computer
//! player.
//!
//! Everything a program needs is exported here, at the crate root, under names that say
//! what they are; the modules behind it are private. The engine is the rules and a
//! player, nothing more: no file system, no processes, no network. Files are
//! `camelot-files`'s, matches and tuning `camelot-lab`'s, lessons and puzzles
//! `camelot-lessons`'s.
//!
//! ```
//! use camelot_engine::{TurnConstraint, Game, Notation, Position, Variant};
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
//! assert!(matches!(p.constraint(), Some(TurnConstraint::MustCapture { .. })));
//! let err = "variant=camelot turn=white white=KA1 black=".parse::<Position>().unwrap_err();
//! assert_eq!(err.to_string(), "bad position string: white: 'A1' is not a square of the camelot board");
//! ```

mod ai;
mod board;
mod builder;
mod constraint;
mod diagram;
mod entry;
mod excerpt;
mod game;
mod movegen;
mod moves;
mod named_move;
mod notation;
mod outcome;
mod perft;
mod piece;
mod position;
mod position_string;
mod record;
mod record_tags;
mod serde_name;
mod square;
mod square_set;
mod tablebase;
mod variant;
mod zobrist;

pub use ai::{
    eval_features, eval_params, eval_weights_from, linear_eval, review_game, usable_search_threads,
    win_probability, Ai, AiDecision, EvalWeights, Level, MoveQuality, ParseLevelError, ReviewedPly,
    SearchInfo, SearchLimits, SearchLine, SearchResult, SearchScore, Searcher, SeededRng,
    WeightsError, EVAL_PARAMS, LEVELS, MAX_SEARCH_DEPTH, PARAM_APPROACH, PARAM_MAN, REVIEW_NODES,
    TABLEBASE_LEVELS,
};
pub use board::BoardGeometry;
pub use builder::{PositionBuildError, PositionBuilder};
pub use constraint::TurnConstraint;
pub use entry::{EntryStep, MoveEntry};
pub use excerpt::Excerpt;
pub use game::{DrawClaim, Game, PlayError};
pub use movegen::PathMove;
pub use moves::{Move, MoveKind, MoveList};
pub use named_move::{NamedMove, MAX_PATH_SQUARES};
pub use notation::{
    Notation, NotationError, NotationErrorKind, ParseNotationError, MAX_MOVE_BYTES,
};
pub use outcome::{EndReason, Outcome};
pub use perft::{PerftDepthTooLarge, MAX_PERFT_DEPTH};
pub use piece::{
    BySide, Piece, PieceKind, Player, SeatColour, Side, SideIndexError, UnknownSeatColour,
};
pub use position::Position;
pub use position_string::{ParsePositionError, MAX_POSITION_BYTES};
pub use record::{
    Record, RecordError, RecordSyntaxError, RecordedMove, MAX_RECORD_BYTES, MAX_RECORD_MOVES,
};
pub use record_tags::{CivilTime, RecordTags};
pub use serde_name::serde_name;
pub use square::{Coord, ParseCoordError, Square};
pub use square_set::SquareSet;
pub use tablebase::{TableSource, Tablebase, TablebaseError, TablebaseSolveStats, TablebaseValue};
pub use variant::{ParseVariantError, Rules, Variant};
