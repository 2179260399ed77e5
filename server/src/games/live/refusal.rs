//! Why a request about a live game was refused: said to the asker alone, as a code
//! and in words.

use camelot_engine::{NotationError, PlayError, SeatColour};
use camelot_online::protocol::{ErrorCode, GameEnd, GameId, OutOfTurn};

/// Why a request was refused: said to the asker alone, as a code and in words.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refusal {
    #[error("{}", OutOfTurn::GameOver(*.0))]
    GameOver(GameEnd),
    /// The mover's time had run out when the move came.
    #[error("your time has run out")]
    TimeUp,
    #[error("{}", OutOfTurn::NotYourTurn { to_move: *to_move, seat: *seat })]
    NotYourTurn {
        to_move: SeatColour,
        seat: SeatColour,
    },
    /// A move for another ply than the game's next.
    #[error("that move was for ply {sent}; the game is at ply {at}")]
    WrongPly { sent: u32, at: usize },
    #[error(transparent)]
    IllegalMove(NotationError),
    #[error("too late to abort: both sides have moved")]
    TooLateToAbort,
    /// A tournament's game: the server calls it off if a seat makes no first move.
    #[error("a tournament's game is not aborted: it is called off if a player does not make a first move in time")]
    PairedNotAborted,
    /// A draw, a takeback or resignation while a seat is still open.
    #[error("nobody has taken the open seat yet: wait for your opponent (or abort the game)")]
    SeatOpen,
    /// Only the player to move may claim a draw.
    #[error("only the player to move may claim a draw")]
    ClaimNotYours,
    #[error(transparent)]
    Claim(PlayError),
    #[error("there is no move of yours to take back")]
    NothingToTakeBack,
    #[error("that offer already stands")]
    OfferStands,
    #[error("there is no offer from the other side to decline")]
    NoOfferToDecline,
    #[error("there is no offer from the other side to accept")]
    NoOfferToAccept,
    /// A rematch asked for while the game goes on.
    #[error("a rematch can be offered once the game is over")]
    NotOverYet,
    /// A rematch of a game aborted before its first move.
    #[error("a game aborted before it began has no rematch: create a new one")]
    AbortedHasNoRematch,
    /// The address that would agree a rematch has created as many games as it may.
    #[error("too many games from your address: at most {per_minute} a minute")]
    TooManyGames { per_minute: u32 },
    /// The rematch is agreed already: this is its game.
    #[error("the rematch is agreed already: game {0}")]
    RematchAgreed(GameId),
    /// A draw offered to the computer.
    #[error("the computer plays on: it does not agree draws")]
    ComputerPlaysOn,
    /// A watcher asked to act.
    #[error("watchers can only watch")]
    Watcher,
    /// The game is no longer in the database.
    #[error("the game is gone")]
    GameGone,
    /// Another process kept changing the game.
    #[error("the game is changing too fast; try again")]
    Busy,
    /// The database failed; nothing changed.
    #[error("the server could not store that; nothing changed")]
    Storage,
}

impl Refusal {
    /// The code the client acts on.
    pub fn code(&self) -> ErrorCode {
        match self {
            Refusal::GameOver(_) => ErrorCode::GameOver,
            Refusal::TimeUp => ErrorCode::TimeUp,
            Refusal::NotYourTurn { .. } => ErrorCode::NotYourTurn,
            Refusal::WrongPly { .. } => ErrorCode::WrongPly,
            Refusal::IllegalMove(_) => ErrorCode::IllegalMove,
            Refusal::TooLateToAbort
            | Refusal::PairedNotAborted
            | Refusal::SeatOpen
            | Refusal::ClaimNotYours
            | Refusal::Claim(_)
            | Refusal::NothingToTakeBack
            | Refusal::OfferStands
            | Refusal::NoOfferToDecline
            | Refusal::NoOfferToAccept
            | Refusal::NotOverYet
            | Refusal::AbortedHasNoRematch
            | Refusal::RematchAgreed(_)
            | Refusal::ComputerPlaysOn => ErrorCode::NotAllowed,
            Refusal::TooManyGames { .. } => ErrorCode::TooMany,
            Refusal::Watcher => ErrorCode::Watcher,
            Refusal::GameGone => ErrorCode::NoSuchGame,
            Refusal::Busy => ErrorCode::Busy,
            Refusal::Storage => ErrorCode::Storage,
        }
    }
}
