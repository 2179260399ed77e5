//! Online games at the table. The server's game is the truth: each seat held here has a
//! link to it (a watcher has one without a seat), the links' news is mirrored into the
//! session (remote moves arrive as moves, animated like any other), and what is played
//! here (by a person or a computer seat) goes to the server and stays pending until the
//! server has stored it. A dropped connection is said and mended by the links
//! themselves; a move made meanwhile is sent when they are back, or refused and said.
//!
//! The links wake the window as each message arrives (`wake`): what the server says is
//! on screen at once, while a table with nothing arriving draws nothing. A game is shown
//! only once the server has sent it: one that cannot be had is said where it was asked
//! for (the menu, or the command line, which then exits).

pub mod account;
mod background;
pub mod challenge_view;
pub mod challenges;
pub mod following;
pub mod lobby;
pub mod local_server;
pub mod settings;
mod table;
pub mod tournament_view;
pub mod tournaments;
pub mod view;
mod wake;

use std::sync::Arc;
use std::time::Instant;

use bevy::prelude::*;
use camelot_engine::{DrawClaim, Level, Player};
use camelot_online::protocol::{ErrorCode, GameId, OfferKind, SeatToken};
use camelot_online::{JoinError, OnlineError, ServerAddress};

use crate::game::session::{Seat, Session};
use crate::AppSystems;

pub use table::OnlineTable;
pub use wake::WAKES;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Online>()
        .add_message::<JoinOnline>()
        .add_message::<OnlineRequest>()
        .add_systems(
            Update,
            (table::join, table::follow_the_server, table::requests)
                .chain()
                .in_set(AppSystems::Act),
        )
        .add_systems(
            Update,
            table::send_what_was_played_here.in_set(AppSystems::Send),
        )
        .add_systems(
            Update,
            (
                table::keep_clocks_ticking,
                table::leave_when_replaced,
                table::rejoin_named_games,
            )
                .in_set(AppSystems::Present),
        );
    app.add_plugins((
        lobby::plugin,
        account::plugin,
        challenges::plugin,
        following::plugin,
        tournaments::plugin,
    ));
}

/// Who the menu puts in a seat: someone at this table (a person, the computer, a friend
/// invited online), or, in an online game, anyone who takes the seat from the server's
/// list of open seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    At(Seat),
    Anyone,
    /// The server's computer, at a level: the server plays the seat.
    ServerComputer(Level),
}

impl SeatChoice {
    /// The seat as the table sees it: anyone's is played elsewhere.
    pub fn seat(self) -> Seat {
        match self {
            SeatChoice::At(s) => s,
            SeatChoice::Anyone | SeatChoice::ServerComputer(_) => Seat::Remote,
        }
    }

    /// Whether the seat is played on another machine: such a game is created online.
    pub fn is_online(self) -> bool {
        self.seat() == Seat::Remote
    }

    pub fn label(self) -> String {
        match self {
            SeatChoice::At(s) => s.label(),
            SeatChoice::Anyone => "Anyone (open seat online)".into(),
            SeatChoice::ServerComputer(l) => format!("The server's computer ({})", l.name),
        }
    }
}

/// Where a join was asked for: where its failure is said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinOrigin {
    /// The menu (a code, a game created there, one of my games, a live game): a game
    /// that cannot be had is said there, and no table is shown.
    Menu,
    /// The command line (`--server --game`): said on stderr, and the game exits 1.
    CommandLine,
    /// A game already at the table (reopened from its record): the table shows it and
    /// keeps trying a server that is away.
    Record,
    /// The rematch of the game at the table, agreed there: the table stays, as for a
    /// record's game, until the new game comes.
    Rematch,
}

/// Join an online game at the table: its server, its id, the seats this machine plays
/// (their tokens) and who sits in each seat here (`Remote` for the others).
#[derive(Message, Clone, Debug)]
pub struct JoinOnline {
    pub server: ServerAddress,
    pub game: GameId,
    pub tokens: Vec<(Option<Player>, SeatToken)>,
    /// Seats by turn order, where known (a code joined says only the one seat).
    pub seats: Option<Vec<Seat>>,
    pub origin: JoinOrigin,
}

impl JoinOnline {
    /// Joins the game a session's record names (a game reopened from the autosave).
    pub fn from_session(s: &Session) -> Option<JoinOnline> {
        let o = s.online.as_ref()?;
        Some(JoinOnline {
            server: o.server.clone(),
            game: o.game.clone(),
            tokens: o
                .tokens
                .iter()
                .map(|(p, t)| (Some(*p), t.clone()))
                .collect(),
            seats: Some(s.seats.clone()),
            origin: JoinOrigin::Record,
        })
    }
}

/// What a player here asks of the server, from the panel's buttons.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum OnlineRequest {
    Offer(OfferKind),
    Accept(OfferKind),
    Decline(OfferKind),
    Resign,
    Claim(DrawClaim),
    Abort,
    /// Stop trying to reach a server that is away.
    StopTrying,
}

/// How the connection stands.
#[derive(Clone, Debug)]
pub enum Connection {
    Connecting,
    Live,
    /// Lost since then; the links are trying again.
    Away {
        since: Instant,
        reason: Arc<OnlineError>,
    },
    /// The links have stopped.
    Stopped(Stop),
}

/// Why the links stopped.
#[derive(Clone, Debug)]
pub enum Stop {
    /// The server refused, or could not be reached for long enough.
    Lost(JoinError),
    /// The player stopped them.
    ByPlayer,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Lost(why) => why.fmt(f),
            Stop::ByPlayer => f.write_str("stopped trying to reach the server"),
        }
    }
}

impl Stop {
    /// The server's code, where the server refused.
    pub fn code(&self) -> Option<ErrorCode> {
        match self {
            Stop::Lost(JoinError::Refused { code, .. }) => Some(*code),
            Stop::Lost(JoinError::NoSuchGame { .. }) => Some(ErrorCode::NoSuchGame),
            _ => None,
        }
    }
}

impl Connection {
    fn is_live(&self) -> bool {
        matches!(self, Connection::Live)
    }
}

/// The online game at the table, if there is one.
#[derive(Resource, Default)]
pub struct Online {
    pub table: Option<OnlineTable>,
}

/// `4:05`, or `0:09.4` under ten seconds.
pub fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    if ms < 10_000 {
        format!("0:{:02}.{}", s, (ms % 1000) / 100)
    } else if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_players_read_them() {
        assert_eq!(clock_text(245_000), "4:05");
        assert_eq!(clock_text(9_400), "0:09.4");
        assert_eq!(clock_text(3_725_000), "1:02:05");
    }
}
