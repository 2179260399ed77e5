//! The wire protocol: JSON text frames over a WebSocket at `/ws`, one message a frame,
//! each an object whose `t` names its kind. Version [`PROTOCOL_VERSION`]; a client
//! states the version it speaks in its first message and a server that speaks another
//! answers with an error naming both and closes. `docs/online.md` describes it for
//! people; this module is its definition for programs.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

/// The protocol version this build speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest frame either side accepts (bytes). A move is at most a few hundred bytes
/// and a whole game's state a few tens of kilobytes.
pub const MAX_FRAME_BYTES: usize = 256 * 1024;

/// The largest frame a client may send: every client message is small.
pub const MAX_CLIENT_FRAME_BYTES: usize = 4 * 1024;

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

impl TimeControl {
    /// The most minutes, increment seconds and days a game may have.
    pub const MAX_MINUTES: u32 = 600;
    pub const MAX_INCREMENT: u32 = 600;
    pub const MAX_DAYS: u32 = 30;

    /// A time control within the limits above, or why not.
    pub fn check(self) -> Result<TimeControl, String> {
        match self {
            TimeControl::Clock { minutes, increment } => {
                if minutes == 0 && increment == 0 {
                    return Err("a clock needs minutes or an increment".into());
                }
                if minutes > Self::MAX_MINUTES || increment > Self::MAX_INCREMENT {
                    return Err(format!(
                        "a clock of at most {} minutes and {} seconds a move",
                        Self::MAX_MINUTES,
                        Self::MAX_INCREMENT
                    ));
                }
            }
            TimeControl::Days { days } => {
                if !(1..=Self::MAX_DAYS).contains(&days) {
                    return Err(format!("1 to {} days a move", Self::MAX_DAYS));
                }
            }
            TimeControl::Untimed => {}
        }
        Ok(self)
    }

    /// `5+3` (minutes and increment seconds), as the command line writes a clock.
    pub fn parse_clock(s: &str) -> Result<TimeControl, String> {
        let bad = || format!("'{s}' is not a clock: MINUTES+INCREMENT, as in 5+3");
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
}

/// A draw the rules let the player to move claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    Repetition,
    FiftyMoves,
}

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message on a connection that joins a game: with a seat's token it plays
    /// that seat, without one it watches. Answered by [`ServerMessage::State`].
    Hello {
        v: u32,
        game: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// Creates a game; answered by [`ServerMessage::Created`]. Needs no hello.
    Create {
        v: u32,
        variant: String,
        time: TimeControl,
    },
    /// Asks for the live games; answered by [`ServerMessage::Games`]. Needs no hello.
    List {
        v: u32,
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
        kind: ClaimKind,
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
    /// `White`, `Red`, ...
    pub name: String,
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

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultView {
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    pub result: String,
    /// In words: "pieces in the goal castle", "time", "resignation", ...
    pub reason: String,
}

/// An offer that stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferView {
    pub kind: OfferKind,
    /// The seat that made it.
    pub by: String,
}

/// A whole game: what a client needs to show it and go on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    pub id: String,
    pub variant: String,
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
    pub result: Option<ResultView>,
}

/// A live game in the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    pub id: String,
    pub variant: String,
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
        you: Option<String>,
        game: Box<GameView>,
    },
    /// A move was stored: ply `ply` of the game, played by `seat`.
    Moved {
        ply: u32,
        #[serde(rename = "move")]
        mv: String,
        seat: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<ClockView>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        move_due_ms: Option<u64>,
    },
    /// The move with this id is stored as ply `ply`.
    Ack {
        id: u64,
        ply: u32,
    },
    /// The move with this id was refused, and why; nothing changed.
    Rejected {
        id: u64,
        reason: String,
    },
    /// An offer now stands.
    Offered {
        kind: OfferKind,
        by: String,
    },
    /// An offer was declined (or lapsed with a move).
    Declined {
        kind: OfferKind,
        by: String,
    },
    Ended {
        result: String,
        reason: String,
    },
    /// A seat's player connected or went away.
    Presence {
        seat: String,
        connected: bool,
    },
    /// A game was created: its public id, and each seat's secret token by seat name.
    Created {
        game: String,
        seats: BTreeMap<String, String>,
    },
    Games {
        games: Vec<GameSummary>,
    },
    /// A request that could not be served; the connection goes on unless it is closed
    /// right after.
    Error {
        message: String,
    },
    Pong {
        n: u64,
    },
}

impl ServerMessage {
    pub fn error(message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error {
            message: message.into(),
        }
    }
}

/// The version check both ends make on a first message.
pub fn check_version(v: u32) -> Result<(), String> {
    if v == PROTOCOL_VERSION {
        Ok(())
    } else {
        Err(format!(
            "this server speaks protocol version {PROTOCOL_VERSION}, the client version {v}: update the older one"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_back_and_name_their_kind() {
        let m = ClientMessage::Move {
            id: 7,
            ply: 3,
            mv: "E6-E8".into(),
        };
        let text = serde_json::to_string(&m).unwrap();
        assert_eq!(text, r#"{"t":"move","id":7,"ply":3,"move":"E6-E8"}"#);
        assert_eq!(serde_json::from_str::<ClientMessage>(&text).unwrap(), m);
        let hello: ClientMessage =
            serde_json::from_str(r#"{"t":"hello","v":1,"game":"abc"}"#).unwrap();
        assert_eq!(
            hello,
            ClientMessage::Hello {
                v: 1,
                game: "abc".into(),
                token: None
            }
        );
        let time: TimeControl =
            serde_json::from_str(r#"{"kind":"clock","minutes":5,"increment":3}"#).unwrap();
        assert_eq!(time.to_string(), "5+3");
        assert!(serde_json::from_str::<ClientMessage>(r#"{"t":"fly"}"#).is_err());
    }

    #[test]
    fn clocks_are_read_and_bounded() {
        assert_eq!(
            TimeControl::parse_clock("5+3"),
            Ok(TimeControl::Clock {
                minutes: 5,
                increment: 3
            })
        );
        for bad in ["5", "5+", "x+3", "0+0", "601+0", "-1+2"] {
            assert!(TimeControl::parse_clock(bad).is_err(), "{bad}");
        }
        assert!(TimeControl::Days { days: 0 }.check().is_err());
        assert!(TimeControl::Days { days: 3 }.check().is_ok());
    }
}
