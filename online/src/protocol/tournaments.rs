//! Tournaments that run themselves: an arena (a fixed length; a player whose game ends is
//! paired again at once), a Swiss (N rounds, equal scores paired) or a round robin
//! (everyone plays everyone, once or twice). A player logged in creates one, players
//! join, withdraw, pause (an arena); the server starts it at its time, pairs its rounds
//! and scores its games. Their rules are docs/online.md's "Tournaments".
//!
//! | request | HTTP | answer |
//! |---|---|---|
//! | [`NewTournament`] | `POST /tournaments` | [`TournamentMade`] |
//! | [`ListTournaments`] | `GET /tournaments` | [`TournamentList`] |
//! | [`LookAtTournament`] | `GET /tournaments/ID` | [`TournamentPage`] |
//! | [`JoinTournament`] | `POST /tournaments/ID/join` | [`Done`] |
//! | [`WithdrawFromTournament`] | `POST /tournaments/ID/withdraw` | [`Done`] |
//! | [`PauseInTournament`] | `POST /tournaments/ID/pause` | [`Done`] |
//! | [`MyTournamentGame`] | `GET /tournaments/ID/game?wait=1` | [`MyNext`] |
//!
//! `GET /tournaments/ID/record` is every game of it as one record file (text).

use std::fmt;

use camelot_engine::{Excerpt, SeatColour, Variant};
use serde::{Deserialize, Serialize};

use super::accounts::{AccountName, Done};
use super::challenges::{choice, UnknownChoice};
use super::requests::{Method, Request};
use super::{GameId, TimeControl};

/// A tournament's id: letters and digits, as a game's.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TournamentId(String);

/// Text that is not a tournament's id.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a tournament: its id is letters and digits")]
pub struct BadTournamentId(Excerpt);

impl TournamentId {
    pub const MAX_LEN: usize = 32;

    pub fn parse(s: &str) -> Result<TournamentId, BadTournamentId> {
        if !s.is_empty() && s.len() <= Self::MAX_LEN && s.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            Ok(TournamentId(s.to_string()))
        } else {
            Err(BadTournamentId(Excerpt::new(s)))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for TournamentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::str::FromStr for TournamentId {
    type Err = BadTournamentId;

    fn from_str(s: &str) -> Result<TournamentId, BadTournamentId> {
        TournamentId::parse(s)
    }
}

/// How a tournament is paired and scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TournamentKind {
    /// A fixed length; a player whose game ends is paired again at once; 2 points a
    /// win, 1 a draw, double after two wins in a row.
    Arena,
    /// N rounds; equal scores paired by rating, nobody met twice; a point a win.
    Swiss,
    /// Everyone plays everyone, once or twice with colours swapped; a point a win.
    RoundRobin,
}

impl TournamentKind {
    pub const ALL: [TournamentKind; 3] = [
        TournamentKind::Arena,
        TournamentKind::Swiss,
        TournamentKind::RoundRobin,
    ];

    pub fn words(self) -> &'static str {
        match self {
            TournamentKind::Arena => "Arena",
            TournamentKind::Swiss => "Swiss",
            TournamentKind::RoundRobin => "Round robin",
        }
    }
}

impl std::str::FromStr for TournamentKind {
    type Err = UnknownChoice;

    fn from_str(s: &str) -> Result<TournamentKind, UnknownChoice> {
        choice(s, &TournamentKind::ALL)
    }
}

/// Where a tournament is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TournamentState {
    /// Players may join; it starts at its time.
    Soon,
    /// Its games are being played.
    Running,
    /// Over: its standings are final.
    Finished,
    /// It did not start: fewer than two players at its time.
    Cancelled,
}

impl TournamentState {
    pub fn words(self) -> &'static str {
        match self {
            TournamentState::Soon => "Starting soon",
            TournamentState::Running => "Under way",
            TournamentState::Finished => "Finished",
            TournamentState::Cancelled => "Cancelled: too few players came",
        }
    }
}

/// `POST /tournaments`: a tournament made by the player logged in, which they join.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewTournament {
    pub name: String,
    pub kind: TournamentKind,
    pub variant: Variant,
    pub time: TimeControl,
    /// An arena's length, in minutes.
    #[serde(default)]
    pub minutes: Option<u32>,
    /// A Swiss's rounds; a round robin's cycles (1: everyone once, 2: twice with colours
    /// swapped).
    #[serde(default)]
    pub rounds: Option<u32>,
    /// When it starts (unix ms); none: now.
    #[serde(default)]
    pub starts_at: Option<i64>,
    /// Casual: its games change no rating.
    #[serde(default)]
    pub casual: bool,
    /// Programs' accounts may join.
    #[serde(default)]
    pub programs: bool,
    /// At most this many players; none: the server's most.
    #[serde(default)]
    pub max_players: Option<u32>,
}

impl Request for NewTournament {
    type Answer = TournamentMade;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        "/tournaments".into()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentMade {
    pub tournament: TournamentId,
}

/// `GET /tournaments`: the tournaments starting soon, under way, and lately over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListTournaments;

impl Request for ListTournaments {
    type Answer = TournamentList;
    const METHOD: Method = Method::Get;

    fn path(&self) -> String {
        "/tournaments".into()
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentList {
    /// Soonest first.
    pub soon: Vec<TournamentView>,
    pub running: Vec<TournamentView>,
    /// The latest first.
    pub finished: Vec<TournamentView>,
}

/// A tournament as a list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentView {
    pub id: TournamentId,
    pub name: String,
    pub kind: TournamentKind,
    pub variant: Variant,
    pub time: TimeControl,
    pub rated: bool,
    pub programs: bool,
    /// An arena's length in minutes (0 for the others).
    pub minutes: u32,
    /// A Swiss's rounds, a round robin's (known once it starts); 0 for an arena.
    pub rounds: u32,
    /// The round being played (0 before the start).
    pub round: u32,
    pub max_players: u32,
    pub players: u32,
    pub starts_at: i64,
    /// An arena's end (pairing stops then; the games going on are played out).
    pub ends_at: Option<i64>,
    pub state: TournamentState,
    /// Who made it; none: the server's operator.
    pub creator: Option<AccountName>,
}

impl TournamentView {
    /// What it is, in one line: "Arena for 30 minutes, Camette 5+3, rated, 12 players".
    pub fn kind_line(&self) -> String {
        let length = match self.kind {
            TournamentKind::Arena => format!(" for {} minutes", self.minutes),
            TournamentKind::Swiss => format!(", {} rounds", self.rounds),
            TournamentKind::RoundRobin => String::new(),
        };
        let players = match self.players {
            1 => "1 player".to_string(),
            n => format!("{n} players"),
        };
        format!(
            "{}{length}, {} {}, {}, {players}",
            self.kind.words(),
            self.variant.rules().name,
            self.time,
            if self.rated { "rated" } else { "casual" }
        )
    }

    /// When it is, at `now` (unix ms): "starts in 5 minutes", "ends in 12 minutes",
    /// "round 2 of 5", "finished".
    pub fn when_words(&self, now: i64) -> String {
        let minutes = |ms: i64| match (ms.max(0) + 59_999) / 60_000 {
            1 => "1 minute".to_string(),
            m => format!("{m} minutes"),
        };
        match self.state {
            TournamentState::Soon if self.starts_at <= now => "starting now".into(),
            TournamentState::Soon => format!("starts in {}", minutes(self.starts_at - now)),
            TournamentState::Running => match (self.kind, self.ends_at) {
                (TournamentKind::Arena, Some(end)) if end > now => {
                    format!("ends in {}", minutes(end - now))
                }
                (TournamentKind::Arena, _) => "its last games are being played".into(),
                _ => format!("round {} of {}", self.round, self.rounds),
            },
            TournamentState::Finished => "finished".into(),
            TournamentState::Cancelled => "cancelled: too few players came".into(),
        }
    }
}

/// `GET /tournaments/ID`: one tournament with its standings and games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LookAtTournament {
    pub id: TournamentId,
}

impl Request for LookAtTournament {
    type Answer = TournamentPage;
    const METHOD: Method = Method::Get;

    fn path(&self) -> String {
        format!("/tournaments/{}", self.id)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentPage {
    pub tournament: TournamentView,
    /// Ranked, the first first.
    pub standings: Vec<Standing>,
    /// In the order they started.
    pub games: Vec<TournamentGame>,
    pub byes: Vec<Bye>,
    /// The player asking, where they joined.
    pub me: Option<MyPlace>,
}

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    pub rank: u32,
    pub name: AccountName,
    /// Their rating in the variant when they joined.
    pub rating: i32,
    /// Points: an arena's (2 a win, 1 a draw, doubled on a streak), or a Swiss's and a
    /// round robin's (1 a win, a half a draw, 1 a bye).
    pub points: f64,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// An arena player on a streak: their next game scores double.
    pub fire: bool,
    /// A Swiss's and a round robin's tie-breaks.
    pub buchholz: Option<f64>,
    pub sonneborn_berger: Option<f64>,
    pub withdrawn: bool,
    pub paused: bool,
    /// The game they play now.
    pub playing: Option<GameId>,
}

/// How a tournament's game ended, for the tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameScore {
    /// The first seat (White) won.
    First,
    /// The second seat (Black) won.
    Second,
    Draw,
    /// Not played (called off before both moved): no points.
    Void,
}

/// A game of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentGame {
    pub game: GameId,
    pub round: u32,
    /// The first seat's player (White; Grand Cam's Red).
    pub white: AccountName,
    /// The second seat's (Black; Grand Cam's Green).
    pub black: AccountName,
    /// Grand Cam: the first side's second player (Blue, White's partner) and the second
    /// side's (Yellow, Black's partner).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partners: Option<[AccountName; 2]>,
    /// None while it is played.
    pub score: Option<GameScore>,
    /// The points each earned by it, in seat order (White's first; Grand Cam's four
    /// Red, Green, Blue, Yellow), an arena's streaks counted.
    pub points: Option<Vec<f64>>,
    /// When it was paired, and when the tournament saw it end (unix ms).
    pub started_at: i64,
    pub ended_at: Option<i64>,
}

/// A round a player sat out with a point (a Swiss's odd one out).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bye {
    pub round: u32,
    pub name: AccountName,
}

/// The player asking, in a tournament they joined.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MyPlace {
    pub withdrawn: bool,
    pub paused: bool,
    pub game: Option<TournamentSeat>,
}

/// A game of mine, and my seat in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSeat {
    pub game: GameId,
    pub seat: SeatColour,
}

/// `POST /tournaments/ID/join`: I play in it (again, after withdrawing from an arena).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JoinTournament {
    pub id: TournamentId,
}

impl Request for JoinTournament {
    type Answer = Done;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        format!("/tournaments/{}/join", self.id)
    }
}

/// `POST /tournaments/ID/withdraw`: I am paired no more (a game going on is played out).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WithdrawFromTournament {
    pub id: TournamentId,
}

impl Request for WithdrawFromTournament {
    type Answer = Done;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        format!("/tournaments/{}/withdraw", self.id)
    }
}

/// `POST /tournaments/ID/pause`: an arena's player rests (not paired) or comes back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PauseInTournament {
    pub id: TournamentId,
    pub paused: bool,
}

impl Request for PauseInTournament {
    type Answer = Done;
    const METHOD: Method = Method::Post;

    fn path(&self) -> String {
        format!("/tournaments/{}/pause", self.id)
    }
}

/// `GET /tournaments/ID/game`: my game of the tournament going on; with `wait`,
/// answered once I have one, the tournament is over, or after a few seconds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MyTournamentGame {
    pub id: TournamentId,
    pub wait: bool,
}

impl Request for MyTournamentGame {
    type Answer = MyNext;
    const METHOD: Method = Method::Get;

    fn path(&self) -> String {
        if self.wait {
            format!("/tournaments/{}/game?wait=1", self.id)
        } else {
            format!("/tournaments/{}/game", self.id)
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MyNext {
    pub state: TournamentState,
    pub game: Option<TournamentSeat>,
    /// I am paused (I asked, or made no first move in an arena's game in time): paired
    /// with nobody until I come back. Said at once, not waited on.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub paused: bool,
}
