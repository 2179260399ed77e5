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
mod move_text;
mod movegen;
mod moves;
mod named_move;
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
mod tables;
mod variant;
mod zobrist;

pub use ai::{Ai, AiDecision, Level, ParseLevelError, LEVELS, SERVER_LEVELS};
pub use board::BoardGeometry;
pub use builder::{PositionBuildError, PositionBuilder};
pub use constraint::TurnConstraint;
pub use entry::{EntryStep, MoveEntry};
pub use excerpt::Excerpt;
pub use game::{DrawClaim, Game, PlayError};
pub use move_text::{Notation, NotationError};
pub use moves::{Move, MoveKind, MoveList};
pub use named_move::{NamedMove, Step};
pub use outcome::{EndReason, Outcome};
pub use piece::{
    BySide, Piece, PieceKind, Player, SeatColour, Side, SideIndexError, UnknownSeatColour,
};
pub use position::Position;
pub use square::{Coord, ParseCoordError, Square};
pub use square_set::SquareSet;
pub use variant::{ParseVariantError, Rules, Variant};

/// The engine's text formats: moves in WCF or 1930 notation, position strings, game
/// records (`.cgn`) and their tags, and the limits on what is read.
pub mod notation {
    pub use crate::move_text::{
        Notation, NotationError, NotationErrorKind, ParseNotationError, MAX_MOVE_BYTES,
    };
    pub use crate::movegen::PathMove;
    pub use crate::position_string::{ParsePositionError, MAX_POSITION_BYTES};
    pub use crate::record::{
        Record, RecordError, RecordSyntaxError, RecordedMove, MAX_RECORD_BYTES, MAX_RECORD_MOVES,
    };
    pub use crate::record_tags::{CivilTime, RecordTags};
}

/// Searching and judging positions: the search and its limits, lines and scores, the
/// review of a game, a position's chances, and perft's limits.
pub mod search {
    pub use crate::ai::{
        review_game, usable_search_threads, win_probability, GameReviewer, MoveQuality,
        ReviewedPly, SearchInfo, SearchLimits, SearchLine, SearchResult, SearchScore, Searcher,
        SeededRng, MAX_SEARCH_DEPTH, REVIEW_NODES,
    };
    pub use crate::perft::{PerftDepthTooLarge, MAX_PERFT_DEPTH};
}

/// Endgame tables: solved positions read from a file, and the levels that play from them.
pub mod tablebase {
    pub use crate::ai::TABLEBASE_LEVELS;
    pub use crate::tables::{
        TableSource, Tablebase, TablebaseError, TablebaseSolveStats, TablebaseValue,
    };
}

/// The evaluation's weights, as tuning reads and writes them.
pub mod tuning {
    pub use crate::ai::{
        eval_features, eval_params, eval_weights_from, linear_eval, EvalWeights, WeightsError,
        EVAL_PARAMS, PARAM_APPROACH, PARAM_MAN,
    };
}
