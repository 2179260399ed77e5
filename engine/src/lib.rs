//! The rules engine of the Camelot family: Camelot (WCF and 1930 rules), River Camelot,
//! Anti-Camelot, Camette and Grand Cam.

pub mod ai;
pub mod board;
pub mod cellset;
pub mod diagram;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod position_string;
pub mod protocol;
pub mod record;
pub mod square;
pub mod variant;
pub mod zobrist;

pub use cellset::CellSet;
pub use game::Game;
pub use moves::{Move, MoveKind, MoveList};
pub use outcome::{Outcome, Reason};
pub use piece::{Kind, Piece, Player};
pub use position::Position;
pub use square::{Coord, Square};
pub use variant::{Rules, Variant};
