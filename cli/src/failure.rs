//! Why a subcommand failed: the errors of the libraries it called, as they are, and the
//! tool's own refusals. `main` prints it after `error: ` and exits 1.

use std::fmt;
use std::path::PathBuf;

use camelot_engine::notation::{ParsePositionError, RecordError};
use camelot_engine::search::PerftDepthTooLarge;
use camelot_engine::NotationError;
use camelot_files::{FileError, TableFileError};
use camelot_lab::{MatchError, ProgramError, SampleError};
use camelot_lessons::PuzzleError;
use camelot_online::{JoinError, MirrorError, OnlineError};

#[derive(Debug)]
pub enum Failure {
    /// A position string from the command line.
    Position(Box<ParsePositionError>),
    /// A file that could not be read.
    Read(FileError),
    /// A file that could not be written.
    Write(FileError),
    /// A record that does not read, and its file.
    Record {
        path: PathBuf,
        error: Box<RecordError>,
    },
    /// A line of a samples file that does not read.
    Sample {
        path: PathBuf,
        line: usize,
        error: Box<SampleError>,
    },
    /// A puzzle list that does not read, and its file.
    Puzzles {
        path: PathBuf,
        error: Box<PuzzleError>,
    },
    TableFile(Box<TableFileError>),
    /// Move `number` (from 1) of those given.
    Move {
        number: usize,
        error: Box<NotationError>,
    },
    Perft(PerftDepthTooLarge),
    Program(Box<ProgramError>),
    /// A match or tournament that stopped: a game failed, or game numbers ran out.
    Match(Box<MatchError<Failure>>),
    Online(Box<OnlineError>),
    /// A game that could not be had, or was lost: said as it is, without `error:`.
    Join(Box<JoinError>),
    /// A challenge of mine that made no game: said as it is, as a game not had is.
    Challenge(crate::online::ChallengeEnd),
    /// What the tool itself refuses, in its words: options that do not go together, a
    /// position with nothing to search, checks that failed.
    Refused(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Position(e) => e.fmt(f),
            Failure::Read(e) => write!(f, "cannot read {e}"),
            Failure::Write(e) => write!(f, "cannot write {e}"),
            Failure::Record { path, error } => write!(f, "{}: {error}", path.display()),
            Failure::Sample { path, line, error } => {
                write!(f, "{} line {line}: {error}", path.display())
            }
            Failure::Puzzles { path, error } => write!(f, "{}: {error}", path.display()),
            Failure::TableFile(e) => e.fmt(f),
            Failure::Move { number, error } => write!(f, "move {number} is illegal: {error}"),
            Failure::Perft(e) => e.fmt(f),
            Failure::Program(e) => e.fmt(f),
            Failure::Match(e) => e.fmt(f),
            Failure::Online(e) => e.fmt(f),
            Failure::Join(e) => e.fmt(f),
            Failure::Challenge(e) => e.fmt(f),
            Failure::Refused(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for Failure {}

impl From<ParsePositionError> for Failure {
    fn from(e: ParsePositionError) -> Self {
        Failure::Position(Box::new(e))
    }
}

impl From<TableFileError> for Failure {
    fn from(e: TableFileError) -> Self {
        Failure::TableFile(Box::new(e))
    }
}

impl From<OnlineError> for Failure {
    fn from(e: OnlineError) -> Self {
        Failure::Online(Box::new(e))
    }
}

impl From<JoinError> for Failure {
    fn from(e: JoinError) -> Self {
        Failure::Join(Box::new(e))
    }
}

impl From<MirrorError> for Failure {
    fn from(e: MirrorError) -> Self {
        Failure::Online(Box::new(OnlineError::Mirror(e)))
    }
}

impl From<ProgramError> for Failure {
    fn from(e: ProgramError) -> Self {
        Failure::Program(Box::new(e))
    }
}

impl From<PerftDepthTooLarge> for Failure {
    fn from(e: PerftDepthTooLarge) -> Self {
        Failure::Perft(e)
    }
}

/// A match stopped: by the tool's own error from hearing a game, that error; else why.
impl From<MatchError<Failure>> for Failure {
    fn from(e: MatchError<Failure>) -> Self {
        match e {
            MatchError::Stopped(f) => f,
            other => Failure::Match(Box::new(other)),
        }
    }
}

/// A refusal in the tool's own words.
pub fn refused(why: impl Into<String>) -> Failure {
    Failure::Refused(why.into())
}
