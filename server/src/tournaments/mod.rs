//! The tournaments room: an arena, a Swiss or a round robin, made by a player logged in
//! (or scheduled by the operator), joined by players, and run by the server itself: its
//! director ([`direct_in_turn`]) starts each at its time, pairs its rounds (an arena's
//! players again as each game ends), scores the games as they end, and ends it. Its
//! tables are its own (`tournaments`, `tournament_players`, `tournament_games`,
//! `tournament_byes`); it asks the games room to store the games it pairs (in the
//! transaction of the step that pairs them) and how they ended, the accounts room who
//! asks, and the ratings room for a player's rating. The standings are computed from the
//! stored games every time, so that nothing a restart could lose is kept apart.

mod director;
mod figures;
mod marks;
mod operator;
mod pairings;
mod routes;
mod schedules;
mod scoring;
mod settings;
mod store;
#[cfg(test)]
mod tests;
mod top;

use camelot_online::protocol::ErrorCode;

use crate::common::error::{Answer, ServiceError};

// The room's door.
pub use director::direct_in_turn;
pub use operator::{operate, ScheduleError, TournamentCommand};
pub use routes::{api, TournamentLimits};
pub use top::{top_game, TopGame};

/// Tournaments one account has made that have not ended.
pub const OPEN_PER_CREATOR: usize = 3;

/// The most players a tournament takes.
pub const MAX_PLAYERS: u32 = 500;

/// A tournament that cannot be made, joined or left.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    #[error("log in to make a tournament or to play in one")]
    NotSignedIn,
    #[error("no tournament has that id")]
    NoSuchTournament,
    #[error("a tournament's name is 3 to 40 letters, digits, spaces or marks")]
    BadName,
    /// Grand Cam's tables of four are seated in arenas only.
    #[error("a Grand Cam event is an arena: its waiting players are seated four at a table as they come")]
    TablesInArenas,
    #[error(transparent)]
    Time(camelot_online::protocol::TimeControlError),
    #[error("a tournament's games have a clock (minutes and seconds a move) or days a move")]
    NoClock,
    #[error("an arena lasts 1 to 1440 minutes (give --minutes), and its games have a clock")]
    Length,
    #[error("a Swiss has 1 to 20 rounds (give --rounds)")]
    Rounds,
    #[error("a round robin is played once or twice (--rounds 1 or 2)")]
    Cycles,
    #[error("a tournament starts within 30 days")]
    TooFar,
    #[error("a tournament takes 2 to {0} players")]
    MaxPlayers(u32),
    #[error("you have {0} tournaments that have not ended: wait for one to end")]
    TooManyOpen(usize),
    #[error("too many tournaments made: at most {0} a minute")]
    TooManyAMinute(u32),
    #[error("this tournament is full: {0} players")]
    Full(u32),
    #[error("this tournament takes no programs' accounts")]
    NoPrograms,
    #[error("this tournament takes no such change now: {0}")]
    Closed(&'static str),
    #[error("only an arena's players pause")]
    PauseInArena,
    #[error("you are not in this tournament")]
    NotIn,
    #[error("the server could not do that; nothing changed")]
    Storage,
}

impl From<TournamentError> for ServiceError {
    fn from(e: TournamentError) -> ServiceError {
        let (answer, code) = match &e {
            TournamentError::NotSignedIn => (Answer::Unauthorized, ErrorCode::NotSignedIn),
            TournamentError::NoSuchTournament => (Answer::NotFound, ErrorCode::NoSuchTournament),
            TournamentError::BadName
            | TournamentError::TablesInArenas
            | TournamentError::NoClock
            | TournamentError::Length
            | TournamentError::Rounds
            | TournamentError::Cycles
            | TournamentError::TooFar
            | TournamentError::MaxPlayers(_) => (Answer::BadRequest, ErrorCode::NotAllowed),
            TournamentError::Time(_) => (Answer::BadRequest, ErrorCode::BadTimeControl),
            TournamentError::TooManyOpen(_) => {
                (Answer::TooMany { retry_after: None }, ErrorCode::TooMany)
            }
            TournamentError::TooManyAMinute(n) => (Answer::too_many(*n), ErrorCode::TooMany),
            TournamentError::Full(_)
            | TournamentError::NoPrograms
            | TournamentError::Closed(_)
            | TournamentError::PauseInArena
            | TournamentError::NotIn => (Answer::Conflict, ErrorCode::TournamentClosed),
            TournamentError::Storage => (Answer::Internal, ErrorCode::Storage),
        };
        ServiceError::refused(answer, code, e)
    }
}
