//! The protocol between a server and its clients, version [`PROTOCOL_VERSION`]:
//!
//! - one-shot requests (create a game, list the live games, list and take the open seats,
//!   look at a game) are HTTP with JSON bodies, their answers the types in [`requests`];
//! - a joined game, as a seat or a watcher, is a WebSocket at `/ws`: JSON text frames,
//!   one message a frame, each an object whose `t` names its kind ([`ClientMessage`],
//!   [`ServerMessage`]).
//!
//! A client states the version it speaks (the hello's `v`, the `Camelot-Protocol`
//! header); a server that speaks another answers [`ErrorCode::Upgrade`]. `docs/online.md`
//! describes it for people; this module is its definition for programs, and the browser
//! page's copy of its vocabulary is generated from it ([`page`]).
//!
//! Every value is typed: the engine's own types travel through serde (a variant as
//! `camelot`, a seat as `White`, a square as `E6`, a move as its squares, kind and
//! captures beside its notation, an outcome's reason as `goal_castle`, a claim as
//! `fifty_moves`), ids and tokens are newtypes, and every error carries a code that a
//! program matches on beside the message a person reads.

use std::fmt;

use camelot_engine::{DrawClaim, Level, NamedMove, Outcome, SeatColour, Variant};
use serde::{Deserialize, Serialize};

pub mod accounts;
pub mod analysis;
mod board;
pub mod challenges;
pub mod history;
mod identity;
mod ids;
pub mod look;
mod name;
pub mod page;
pub mod pairing;
pub mod recovery;
pub mod relations;
pub mod requests;
pub mod site;
pub mod study;
mod time;
pub mod tournaments;
pub mod tv;

pub use accounts::SessionEnd;
pub use board::{
    BoardView, ConstraintView, LostView, PieceView, SeatPlace, SquareView, VariantView,
};
pub use ids::{BadGameId, GameId, SeatToken};
pub use name::{BadName, PlayerName};
pub use time::{BadTimeOfDay, TimeControl, TimeControlError, TimeOfDay};

/// The protocol version this build speaks.
pub const PROTOCOL_VERSION: u32 = 4;

/// The HTTP header in which a client states the protocol version it speaks.
pub const VERSION_HEADER: &str = "camelot-protocol";

/// The largest frame either side accepts (bytes). A move is at most a few hundred bytes
/// and a whole game's state a few tens of kilobytes.
pub const MAX_FRAME_BYTES: usize = 256 * 1024;

/// The largest frame a client may send: every client message is small.
pub const MAX_CLIENT_FRAME_BYTES: usize = 4 * 1024;

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

impl OfferKind {
    pub const ALL: [OfferKind; 3] = [OfferKind::Draw, OfferKind::Takeback, OfferKind::Rematch];
}

/// Something a seated player may ask of the game now, as the server judges it: a client
/// offers the buttons these name and works out none of them itself. An offer here may
/// also be the other side's standing offer, which asking for the same accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ask {
    /// Call the game off (until both sides have moved).
    Abort,
    Resign,
    OfferDraw,
    OfferTakeback,
    OfferRematch,
}

impl Ask {
    pub const ALL: [Ask; 5] = [
        Ask::Abort,
        Ask::Resign,
        Ask::OfferDraw,
        Ask::OfferTakeback,
        Ask::OfferRematch,
    ];
}

/// An offer taken up: its kind and the seat that made it. Said on the news the
/// acceptance made (the end of a game drawn by agreement, the whole game again after a
/// takeback), so that the side that offered hears it was accepted, not declined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accepted {
    pub kind: OfferKind,
    pub by: SeatColour,
}

/// What one seat may ask now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAsks {
    pub seat: SeatColour,
    #[serde(default)]
    pub asks: Vec<Ask>,
}

impl ServerMessage {
    /// What the seats may ask now, where this message says it changed; empty where it
    /// says nothing of it.
    pub fn may(&self) -> &[SeatAsks] {
        match self {
            ServerMessage::Moved { may, .. }
            | ServerMessage::Offered { may, .. }
            | ServerMessage::Declined { may, .. }
            | ServerMessage::Ended { may, .. } => may,
            _ => &[],
        }
    }
}

/// The asks of `seat` in `may`: none for a seat not listed.
pub fn asks_of(may: &[SeatAsks], seat: SeatColour) -> &[Ask] {
    may.iter()
        .find(|s| s.seat == seat)
        .map_or(&[], |s| s.asks.as_slice())
}

/// Why a seat may not move now, in the words the server and every client use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OutOfTurn {
    #[error("the game is over ({0})")]
    GameOver(GameEnd),
    #[error("it is {}'s turn, not {}'s", .to_move.title(), .seat.title())]
    NotYourTurn {
        to_move: SeatColour,
        seat: SeatColour,
    },
}

/// What kind of request failed, for programs to act on; the message beside it is for
/// people and may be reworded at any time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The client speaks another protocol version: it must be upgraded (a WebSocket
    /// closes after saying so).
    Upgrade,
    /// Not a message or request of this protocol (unreadable JSON, an unknown kind, a
    /// binary frame, a page cursor that names no game); on a WebSocket ten close the
    /// connection.
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
    /// A request that changes something came from another site's page (its `Origin`
    /// is not the server's): refused, so that no other site acts for a visitor.
    CrossSite,
    /// A name an account may not have (its form, or kept for the server's own).
    BadName,
    /// The name is another account's (or was, closed less than 30 days ago).
    NameTaken,
    /// A password too short or too long.
    BadPassword,
    /// No account has that name and password (the same answer for either wrong).
    WrongPassword,
    /// The request needs a session, and shows none that is live.
    NotSignedIn,
    /// No account has that name (or it is closed).
    NoSuchPlayer,
    /// Only a finished game is analysed, and this one goes on.
    NotOver,
    /// Nobody has asked for this game's analysis yet (`POST` asks).
    NotAnalysed,
    /// A new password that guessers try early (a common one, a word, the account's
    /// name): the message says why and what to do.
    WeakPassword,
    /// The session a connection was admitted on has ended (see
    /// [`ServerMessage::SignedOut`]): log in again.
    SignedOut,
    /// A request's body over the server's limit (413).
    TooLarge,
    /// A method the address does not take (405, with `Allow`).
    WrongMethod,
    /// No challenge of mine has that id.
    NoSuchChallenge,
    /// The challenge was answered, cancelled or expired already.
    ChallengeClosed,
    /// The player takes no challenges, or none from me.
    NotAccepting,
    /// No tournament has that id.
    NoSuchTournament,
    /// The tournament takes no such change now (it is over, full, or I am not in it).
    TournamentClosed,
    /// Anything else (and any code a newer server sends that this build does not know).
    #[default]
    #[serde(other)]
    Other,
}

impl ErrorCode {
    pub const ALL: [ErrorCode; 39] = [
        ErrorCode::Upgrade,
        ErrorCode::Unreadable,
        ErrorCode::Flood,
        ErrorCode::Connection,
        ErrorCode::NoSuchGame,
        ErrorCode::WrongToken,
        ErrorCode::NotJoined,
        ErrorCode::AlreadyJoined,
        ErrorCode::Watcher,
        ErrorCode::NotYourTurn,
        ErrorCode::WrongPly,
        ErrorCode::IllegalMove,
        ErrorCode::GameOver,
        ErrorCode::TimeUp,
        ErrorCode::NotAllowed,
        ErrorCode::BadTimeControl,
        ErrorCode::Busy,
        ErrorCode::Storage,
        ErrorCode::SeatTaken,
        ErrorCode::TooMany,
        ErrorCode::CrossSite,
        ErrorCode::BadName,
        ErrorCode::NameTaken,
        ErrorCode::BadPassword,
        ErrorCode::WrongPassword,
        ErrorCode::NotSignedIn,
        ErrorCode::NoSuchPlayer,
        ErrorCode::NotOver,
        ErrorCode::NotAnalysed,
        ErrorCode::WeakPassword,
        ErrorCode::SignedOut,
        ErrorCode::TooLarge,
        ErrorCode::WrongMethod,
        ErrorCode::NoSuchChallenge,
        ErrorCode::ChallengeClosed,
        ErrorCode::NotAccepting,
        ErrorCode::NoSuchTournament,
        ErrorCode::TournamentClosed,
        ErrorCode::Other,
    ];
}

/// What a client sends on a game's WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message: joins a game. Answered by [`ServerMessage::State`].
    Hello(Hello),
    /// A move for the seat this connection holds, to be the game's ply number `ply`
    /// (counting from 0), by its squares (the engine's [`NamedMove`]; its notation is
    /// not read). Answered by `Ack` once it is stored, or `Rejected`.
    Move {
        id: u64,
        ply: u32,
        #[serde(rename = "move")]
        mv: NamedMove,
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

/// A hello: with a seat's token the connection plays that seat, without one it watches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hello {
    pub v: u32,
    pub game: GameId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<SeatToken>,
    /// The seat's player's name, kept with the seat (a watcher's is ignored).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<PlayerName>,
    /// The client has no rules of its own: send the board as it stands and the legal
    /// moves with the game and with every move (see [`BoardView`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub board: bool,
}

impl Hello {
    /// A hello of this protocol's version that watches `game`.
    pub fn watch(game: &GameId) -> Hello {
        Hello {
            v: PROTOCOL_VERSION,
            game: game.clone(),
            token: None,
            name: None,
            board: false,
        }
    }

    /// A hello that plays the seat of `token` (or watches, without one), under `name`.
    pub fn seat(game: &GameId, token: Option<&SeatToken>, name: Option<&PlayerName>) -> Hello {
        Hello {
            token: token.cloned(),
            name: name.cloned(),
            ..Hello::watch(game)
        }
    }

    /// The same, asking for the board and the legal moves.
    pub fn with_board(self) -> Hello {
        Hello {
            board: true,
            ..self
        }
    }
}

impl From<Hello> for ClientMessage {
    fn from(h: Hello) -> ClientMessage {
        ClientMessage::Hello(h)
    }
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
    /// The server's computer plays the seat, at this level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<Level>,
    /// The account of the player in the seat, where they are logged in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account: Option<accounts::SeatAccount>,
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
    /// Every ply.
    pub moves: Vec<NamedMove>,
    /// The seat that made each ply, in the order of `moves` (a client works out no turn
    /// order of its own; a pass is a ply too).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub movers: Vec<SeatColour>,
    /// What each seat may ask now (a change's last message says when it changes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub may: Vec<SeatAsks>,
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
    pub legal: Vec<NamedMove>,
    /// The result changes the players' ratings.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
}

/// What the server sends on a game's WebSocket.
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
        /// The takeback whose acceptance rewrote the history, where that is why the
        /// whole game is sent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        accepted: Option<Accepted>,
    },
    /// A move was stored: ply `ply` of the game, played by `seat`.
    Moved {
        ply: u32,
        #[serde(rename = "move")]
        mv: NamedMove,
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
        legal: Vec<NamedMove>,
        /// Where this changed what the seats may ask: every seat's asks now (left out
        /// where they are as they were).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        may: Vec<SeatAsks>,
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
        /// As `moved`'s.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        may: Vec<SeatAsks>,
    },
    /// An offer was declined (or lapsed with a move, or was withdrawn); never an offer
    /// accepted (see [`Accepted`]).
    Declined {
        kind: OfferKind,
        by: SeatColour,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        may: Vec<SeatAsks>,
    },
    /// The game is over.
    Ended {
        result: GameEnd,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        may: Vec<SeatAsks>,
        /// The draw offer whose acceptance ended the game, where it did.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        accepted: Option<Accepted>,
    },
    /// A seat's player connected or went away; with the name the player gave.
    Presence {
        seat: SeatColour,
        connected: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<PlayerName>,
    },
    /// An open seat of this game was taken.
    Seated {
        seat: SeatColour,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<PlayerName>,
    },
    /// A rematch was agreed: the new game, and for a seat's connection the seat it
    /// plays there and its token (a player keeps the token that opened this game).
    /// Nothing more may be asked of this game after it.
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
    /// The session this connection's handshake showed has ended (logged out, the
    /// password changed, the account closed, the session expired): the connection acts
    /// for the account no more and closes after this. Log in again to play on.
    SignedOut {
        why: SessionEnd,
        message: String,
    },
    /// A kind of message a newer server sends that this client does not know: read, and
    /// passed over, so that a server may say more without dropping older clients.
    #[serde(other)]
    Unheard,
}

impl ServerMessage {
    /// The connection's session ended, and why, in a sentence.
    pub fn signed_out(why: SessionEnd) -> ServerMessage {
        ServerMessage::SignedOut {
            why,
            message: why.to_string(),
        }
    }

    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error {
            code,
            message: message.into(),
        }
    }
}

/// A peer that speaks another version of the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "this server speaks protocol version {PROTOCOL_VERSION}, the client version {client}: upgrade the client (or the server, if it is the older)"
)]
pub struct VersionMismatch {
    pub client: u32,
}

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
