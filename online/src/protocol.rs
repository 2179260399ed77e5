//! The wire protocol: JSON text frames over a WebSocket at `/ws`, one message a frame,
//! each an object whose `t` names its kind. Version [`PROTOCOL_VERSION`]; a client
//! states the version it speaks in its first message and a server that speaks another
//! answers with an error naming both and closes. `docs/online.md` describes it for
//! people; this module is its definition for programs.
//!
//! Every value is typed: the engine's own types travel through serde (a variant as
//! `camelot`, a seat as `White`, an outcome's reason as `goal_castle`, a claim as
//! `fifty_moves`), ids and tokens are newtypes, and every error carries a code that a
//! program matches on beside the message a person reads.

use std::collections::BTreeMap;
use std::fmt;

use camelot_engine::{DrawClaim, Excerpt, Outcome, SeatColour, Variant};
use serde::{Deserialize, Serialize};

mod board;
mod name;

pub use board::{BoardView, LegalMove, LostView, PieceView, SeatPlace, SquareView, VariantView};
pub use name::{BadName, PlayerName};

/// The protocol version this build speaks.
pub const PROTOCOL_VERSION: u32 = 3;

/// The largest frame either side accepts (bytes). A move is at most a few hundred bytes
/// and a whole game's state a few tens of kilobytes.
pub const MAX_FRAME_BYTES: usize = 256 * 1024;

/// The largest frame a client may send: every client message is small.
pub const MAX_CLIENT_FRAME_BYTES: usize = 4 * 1024;

/// A game's public id: what watchers need, and what an invitation names.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(String);

impl GameId {
    /// The longest id a server accepts.
    pub const MAX_LEN: usize = 64;

    /// An id as given: letters and digits, at most [`GameId::MAX_LEN`] of them.
    pub fn parse(s: &str) -> Result<GameId, BadGameId> {
        if !s.is_empty() && s.len() <= Self::MAX_LEN && s.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            Ok(GameId(s.to_string()))
        } else {
            Err(BadGameId(Excerpt::new(s)))
        }
    }

    /// Whether the id has the form of one (a peer may send anything).
    pub fn is_well_formed(&self) -> bool {
        GameId::parse(&self.0).is_ok()
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::str::FromStr for GameId {
    type Err = BadGameId;

    fn from_str(s: &str) -> Result<GameId, BadGameId> {
        GameId::parse(s)
    }
}

/// Text that is not a game id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadGameId(pub Excerpt);

impl fmt::Display for BadGameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a game id (letters and digits, at most {})",
            self.0,
            GameId::MAX_LEN
        )
    }
}

impl std::error::Error for BadGameId {}

/// A seat's secret: whoever holds it plays the seat. Its `Debug` does not show it.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatToken(String);

impl SeatToken {
    pub fn new(token: impl Into<String>) -> SeatToken {
        SeatToken(token.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::str::FromStr for SeatToken {
    type Err = std::convert::Infallible;

    fn from_str(s: &str) -> Result<SeatToken, std::convert::Infallible> {
        Ok(SeatToken::new(s.trim()))
    }
}

impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(..)")
    }
}

impl fmt::Display for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// How a game is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeControl {
    /// No clock.
    Untimed,
    /// Each seat has `minutes` for the game and gains `increment` seconds a move.
    Clock { minutes: u32, increment: u32 },
    /// Correspondence: each move within this many days.
    Days { days: u32 },
}

/// A time control outside what a game may have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControlError {
    /// A clock of no minutes and no increment.
    NoTime,
    TooLong,
    DaysOutOfRange,
    /// Text that is not `MINUTES+INCREMENT`.
    NotAClock(Excerpt),
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlError::NoTime => f.write_str("a clock needs minutes or an increment"),
            TimeControlError::TooLong => write!(
                f,
                "a clock of at most {} minutes and {} seconds a move",
                TimeControl::MAX_MINUTES,
                TimeControl::MAX_INCREMENT
            ),
            TimeControlError::DaysOutOfRange => {
                write!(f, "1 to {} days a move", TimeControl::MAX_DAYS)
            }
            TimeControlError::NotAClock(s) => {
                write!(f, "'{s}' is not a clock: MINUTES+INCREMENT, as in 5+3")
            }
        }
    }
}

impl std::error::Error for TimeControlError {}

impl TimeControl {
    /// The most minutes, increment seconds and days a game may have.
    pub const MAX_MINUTES: u32 = 600;
    pub const MAX_INCREMENT: u32 = 600;
    pub const MAX_DAYS: u32 = 30;

    /// A time control within the limits above, or why not.
    pub fn check(self) -> Result<TimeControl, TimeControlError> {
        match self {
            TimeControl::Clock { minutes, increment } => {
                if minutes == 0 && increment == 0 {
                    return Err(TimeControlError::NoTime);
                }
                if minutes > Self::MAX_MINUTES || increment > Self::MAX_INCREMENT {
                    return Err(TimeControlError::TooLong);
                }
            }
            TimeControl::Days { days } => {
                if !(1..=Self::MAX_DAYS).contains(&days) {
                    return Err(TimeControlError::DaysOutOfRange);
                }
            }
            TimeControl::Untimed => {}
        }
        Ok(self)
    }

    /// `5+3` (minutes and increment seconds), as the command line writes a clock.
    pub fn parse_clock(s: &str) -> Result<TimeControl, TimeControlError> {
        let bad = || TimeControlError::NotAClock(Excerpt::new(s));
        let (m, i) = s.split_once('+').ok_or_else(bad)?;
        let minutes = m.trim().parse().map_err(|_| bad())?;
        let increment = i.trim().parse().map_err(|_| bad())?;
        TimeControl::Clock { minutes, increment }.check()
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Untimed => f.write_str("no clock"),
            TimeControl::Clock { minutes, increment } => write!(f, "{minutes}+{increment}"),
            TimeControl::Days { days: 1 } => f.write_str("1 day a move"),
            TimeControl::Days { days } => write!(f, "{days} days a move"),
        }
    }
}

/// An offer one side makes and the other accepts or declines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferKind {
    Draw,
    /// Take back the offering seat's last move (and any played after it).
    Takeback,
    /// Once the game is over: play again, same variant and time, colours swapped (Grand
    /// Cam: every player one seat on).
    Rematch,
}

/// How a finished game ended: decided by the rules, a claim, an agreement, a
/// resignation or time, or called off before both sides had moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "end", rename_all = "snake_case")]
pub enum GameEnd {
    /// `{"end":"decided","winner":1,"reason":"time"}`: the winning side (0 the first,
    /// 1 the second; `null` for a draw) and why.
    Decided(Outcome),
    /// `{"end":"aborted"}`.
    Aborted,
}

impl GameEnd {
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    pub fn result_token(&self) -> &'static str {
        match self {
            GameEnd::Decided(o) => o.result_token(),
            GameEnd::Aborted => "*",
        }
    }

    /// Why, in words: "pieces in the goal castle", "time", "aborted".
    pub fn describe(&self) -> &'static str {
        match self {
            GameEnd::Decided(o) => o.reason.describe(),
            GameEnd::Aborted => "aborted",
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            GameEnd::Decided(o) => Some(*o),
            GameEnd::Aborted => None,
        }
    }
}

impl fmt::Display for GameEnd {
    /// `1-0 (resignation)`, as the last line of a finished game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result_token(), self.describe())
    }
}

/// What kind of request failed, for programs to act on; the message beside it is for
/// people and may be reworded at any time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The client speaks another protocol version: the connection closes.
    Version,
    /// Not a message of this protocol (unreadable JSON, an unknown kind, a binary
    /// frame); ten close the connection.
    Unreadable,
    /// Too many messages: the connection closes.
    Flood,
    /// A frame over the size limit, or a broken connection: it closes.
    Connection,
    /// No such game on this server.
    NoSuchGame,
    /// The token holds no seat of the game.
    WrongToken,
    /// A request that needs a joined game before a hello.
    NotJoined,
    /// A second hello on one connection.
    AlreadyJoined,
    /// A watcher asked to do what only a seat may.
    Watcher,
    /// Another seat is to move.
    NotYourTurn,
    /// The move was for another ply than the game's next (a stale move).
    WrongPly,
    IllegalMove,
    GameOver,
    /// The mover's time ran out: the move came too late.
    TimeUp,
    /// An offer, an answer, a claim or an abort the game does not allow now.
    NotAllowed,
    /// A creation with a time control outside the limits.
    BadTimeControl,
    /// The game changed too often while the request was tried; try again.
    Busy,
    /// The server could not store the change: nothing changed.
    Storage,
    /// The seat is not open: someone took it first, or it never was.
    SeatTaken,
    /// This address has created as many games, or taken as many seats, as it may for
    /// now; try again in a minute.
    TooMany,
    /// Anything else (and any code a newer server sends that this build does not know).
    #[default]
    #[serde(other)]
    Other,
}

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message on a connection that joins a game: with a seat's token it plays
    /// that seat, without one it watches. Answered by [`ServerMessage::State`].
    Hello {
        v: u32,
        game: GameId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<SeatToken>,
        /// The seat's player's name, kept with the seat (a watcher's is ignored).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<PlayerName>,
        /// The client has no rules of its own: send the board as it stands and the legal
        /// moves with the game and with every move (see [`BoardView`], [`LegalMove`]).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        board: bool,
    },
    /// Creates a game; answered by [`ServerMessage::Created`]. Needs no hello. The seats
    /// in `open` get no token: anyone may take them (see [`ClientMessage::Take`]).
    Create {
        v: u32,
        variant: Variant,
        time: TimeControl,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        open: Vec<SeatColour>,
    },
    /// Asks for the live games, newest first, a page at a time: those older than
    /// `before` where it is given. Answered by [`ServerMessage::Games`]. Needs no hello.
    List {
        v: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        before: Option<GameId>,
    },
    /// Asks for the open seats of live games; answered by [`ServerMessage::OpenSeats`].
    Seats {
        v: u32,
    },
    /// Takes an open seat; answered by [`ServerMessage::Taken`] with the seat's token.
    Take {
        v: u32,
        game: GameId,
        seat: SeatColour,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<PlayerName>,
    },
    /// A move for the seat this connection holds, to be the game's ply number `ply`
    /// (counting from 0), in WCF notation (`E6-E8`, `T@C3`, `pass`). Answered by `Ack`
    /// once it is stored, or `Rejected`.
    Move {
        id: u64,
        ply: u32,
        #[serde(rename = "move")]
        mv: String,
    },
    Offer {
        kind: OfferKind,
    },
    Accept {
        kind: OfferKind,
    },
    Decline {
        kind: OfferKind,
    },
    Resign,
    Claim {
        kind: DrawClaim,
    },
    /// Ends the game without a result, allowed until both sides have moved.
    Abort,
    Ping {
        n: u64,
    },
}

/// One seat as the server shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: SeatColour,
    /// The name its player gave, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<PlayerName>,
    /// Nobody holds the seat yet: anyone may take it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub open: bool,
    /// Someone holding this seat's token is connected now.
    pub connected: bool,
    /// Milliseconds since the seat's last connection dropped (while it is away).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub away_ms: Option<u64>,
}

/// The clocks of a game with [`TimeControl::Clock`], as of the moment the message was
/// sent: every seat's time left; the running one (the seat to move) keeps counting down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// Milliseconds left, one entry a seat in turn order.
    pub remaining_ms: Vec<u64>,
    /// The seat whose clock runs (index in turn order), if the game goes on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<usize>,
}

/// An offer that stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferView {
    pub kind: OfferKind,
    /// The seat that made it.
    pub by: SeatColour,
}

/// A whole game: what a client needs to show it and go on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    pub id: GameId,
    pub variant: Variant,
    pub time: TimeControl,
    pub seats: Vec<SeatView>,
    /// Every ply, in WCF notation.
    pub moves: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clocks: Option<ClockView>,
    /// Correspondence: milliseconds left for the move now due.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_due_ms: Option<u64>,
    #[serde(default)]
    pub offers: Vec<OfferView>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameEnd>,
    /// The game the players agreed to play next, once a rematch is accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<GameId>,
    /// For a client that asked for the board: the pieces as they stand, and the moves
    /// the seat to move may make.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardView>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legal: Vec<LegalMove>,
}

/// A seat anyone may take.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpenSeat {
    pub game: GameId,
    pub seat: SeatColour,
    pub variant: Variant,
    pub time: TimeControl,
}

/// A live game in the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    pub id: GameId,
    pub variant: Variant,
    pub time: TimeControl,
    /// Plies played.
    pub plies: u32,
    /// Seats with someone connected.
    pub connected: u32,
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The whole game, after a hello and after anything that rewrites its history (a
    /// takeback). `you` is the seat this connection plays, none for a watcher.
    State {
        v: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        you: Option<SeatColour>,
        game: Box<GameView>,
    },
    /// A move was stored: ply `ply` of the game, played by `seat`.
    Moved {
        ply: u32,
        #[serde(rename = "move")]
        mv: String,
        seat: SeatColour,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<ClockView>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        move_due_ms: Option<u64>,
        /// For a client that asked for the board, after the game's last move: the board
        /// and the next seat's legal moves.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        board: Option<Box<BoardView>>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        legal: Vec<LegalMove>,
    },
    /// The move with this id is stored as ply `ply`.
    Ack {
        id: u64,
        ply: u32,
    },
    /// The move with this id was refused, and why; nothing changed.
    Rejected {
        id: u64,
        #[serde(default)]
        code: ErrorCode,
        reason: String,
    },
    /// An offer now stands.
    Offered {
        kind: OfferKind,
        by: SeatColour,
    },
    /// An offer was declined (or lapsed with a move).
    Declined {
        kind: OfferKind,
        by: SeatColour,
    },
    /// The game is over.
    Ended {
        result: GameEnd,
    },
    /// A seat's player connected or went away; with the name the player gave.
    Presence {
        seat: SeatColour,
        connected: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<PlayerName>,
    },
    /// A game was created: its public id, each seat's secret token, and the seats left
    /// open to anyone.
    Created {
        game: GameId,
        seats: BTreeMap<SeatColour, SeatToken>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        open: Vec<SeatColour>,
    },
    Games {
        games: Vec<GameSummary>,
    },
    OpenSeats {
        seats: Vec<OpenSeat>,
    },
    /// An open seat is this connection's: its token, as `created` gives them.
    Taken {
        game: GameId,
        seat: SeatColour,
        token: SeatToken,
    },
    /// An open seat of this game was taken.
    Seated {
        seat: SeatColour,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<PlayerName>,
    },
    /// A rematch was agreed: the new game, and for a seat's connection the seat it
    /// plays there and its token (a player keeps the token that opened this game).
    Rematch {
        game: GameId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<SeatColour>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<SeatToken>,
    },
    /// A request that could not be served; the connection goes on unless it is closed
    /// right after.
    Error {
        #[serde(default)]
        code: ErrorCode,
        message: String,
    },
    Pong {
        n: u64,
    },
}

impl ServerMessage {
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error {
            code,
            message: message.into(),
        }
    }
}

/// A peer that speaks another version of the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VersionMismatch {
    pub client: u32,
}

impl fmt::Display for VersionMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "this server speaks protocol version {PROTOCOL_VERSION}, the client version {}: update the older one",
            self.client
        )
    }
}

impl std::error::Error for VersionMismatch {}

/// The version check a server makes on a client's first message.
pub fn check_version(v: u32) -> Result<(), VersionMismatch> {
    if v == PROTOCOL_VERSION {
        Ok(())
    } else {
        Err(VersionMismatch { client: v })
    }
}

#[cfg(test)]
mod tests;
