//! The challenges room: a player logged in challenges another by name (a variant, a
//! time, rated or casual, a colour); the one challenged accepts, and the game is made with
//! both seated by their accounts, or declines with a reason; the sender may cancel; an
//! open challenge expires ([`lifetime_ms`]). Grand Cam's challenge asks three players to
//! a table of four, each to a seat (`tables`), and makes the game once all have
//! accepted. Its tables are its own (`challenges`, `challenge_seats`); it asks
//! the accounts room who a name is, the ratings room for the challenger's rating, and
//! the games room to store the game, in the transaction that marks the challenge
//! accepted, so a challenge makes one game whichever process answers it.
//!
//! A player waiting for news (a challenge to them, the answer to theirs) asks and is
//! answered once something changed: every process watches the table's changes
//! ([`watch`]), so a challenge sent on one process reaches a player waiting on another.

mod asked;
mod choices;
mod expiry;
mod routes;
mod store;
mod tables;
mod watch;

use std::time::Duration;

use camelot_online::protocol::{ErrorCode, TimeControl};

use crate::common::chores;
use crate::common::clock::now_ms;
use crate::common::error::{Answer, ServiceError};
use crate::store::Db;

// The room's door.
pub use routes::{api, ChallengeLimits};
pub use watch::ChallengeWatch;

/// `account`'s challenges at `now` as they see them: the open ones to it, its own open
/// or lately answered, and the latest change of any.
pub async fn list_for(
    db: &Db,
    account: &str,
    now: i64,
) -> Result<camelot_online::protocol::challenges::ChallengeList, sqlx::Error> {
    let (incoming, outgoing, seen) = db.challenges_of(account, now).await?;
    Ok(camelot_online::protocol::challenges::ChallengeList {
        incoming: incoming.iter().map(|r| r.view_for(account, now)).collect(),
        outgoing: outgoing.iter().map(|r| r.view_for(account, now)).collect(),
        seen,
    })
}

/// How long a request waiting for news waits before it answers "nothing new", in
/// seconds: inside the server's deadline for answering ([`crate::listen::REQUEST_DEADLINE`]).
const PATIENCE_S: u64 = 8;

/// How long a challenge stays open: ten minutes for a game against the clock (or none),
/// a day for days a move (lichess's).
pub fn lifetime_ms(time: TimeControl) -> i64 {
    match time {
        TimeControl::Days { .. } => 24 * 3_600_000,
        _ => 10 * 60_000,
    }
}

/// Challenges of one account waiting for an answer at once.
pub const OPEN_PER_SENDER: usize = 5;

/// How long an answered challenge stays in its sender's list.
const ANSWERED_KEPT_MS: i64 = 10 * 60_000;

/// A challenge that cannot be made or answered.
#[derive(Debug, thiserror::Error)]
pub enum ChallengeError {
    #[error("log in to challenge a player, or to answer a challenge")]
    NotSignedIn,
    #[error("nobody has the name '{0}'")]
    NoSuchPlayer(String),
    #[error("you cannot challenge yourself")]
    Yourself,
    /// A game of two asks one player; Grand Cam's asks three (a partner, and the two
    /// against).
    #[error("{variant} is for {players} players: name {} (Grand Cam: a partner, and two against you)", players - 1)]
    Seats {
        variant: &'static str,
        players: usize,
    },
    #[error("{0} is named twice: each seat is another player's")]
    Twice(String),
    #[error("{0} plays rated games only against other programs: challenge them casual")]
    NotRatedTogether(String),
    #[error(transparent)]
    Time(camelot_online::protocol::TimeControlError),
    #[error("you have {0} challenges waiting for an answer already: cancel one first")]
    TooManyOpen(usize),
    #[error("too many challenges: at most {0} a minute")]
    TooManyAMinute(u32),
    #[error("{0} takes no challenges from you")]
    NotFromYou(String),
    #[error("{0} takes no challenges just now")]
    TakesNone(String),
    #[error("{0} takes challenges only from players they follow")]
    OnlyFollowed(String),
    #[error("no challenge of yours has that id")]
    NoSuchChallenge,
    #[error("that challenge is yours: {0} is to answer it")]
    YoursToWait(String),
    #[error("{0} sent that challenge: only they may cancel it (decline it instead)")]
    TheirsToCancel(String),
    #[error("that challenge is no longer open: it was {0}")]
    Closed(&'static str),
    #[error("the server could not do that; nothing changed")]
    Storage,
}

impl From<ChallengeError> for ServiceError {
    fn from(e: ChallengeError) -> ServiceError {
        let (answer, code) = match &e {
            ChallengeError::NotSignedIn => (Answer::Unauthorized, ErrorCode::NotSignedIn),
            ChallengeError::NoSuchPlayer(_) => (Answer::NotFound, ErrorCode::NoSuchPlayer),
            ChallengeError::Yourself
            | ChallengeError::Seats { .. }
            | ChallengeError::Twice(_)
            | ChallengeError::NotRatedTogether(_) => (Answer::BadRequest, ErrorCode::NotAllowed),
            ChallengeError::Time(_) => (Answer::BadRequest, ErrorCode::BadTimeControl),
            ChallengeError::TooManyOpen(_) => {
                (Answer::TooMany { retry_after: None }, ErrorCode::TooMany)
            }
            ChallengeError::TooManyAMinute(n) => (Answer::too_many(*n), ErrorCode::TooMany),
            ChallengeError::NotFromYou(_)
            | ChallengeError::TakesNone(_)
            | ChallengeError::OnlyFollowed(_) => (Answer::Forbidden, ErrorCode::NotAccepting),
            ChallengeError::NoSuchChallenge => (Answer::NotFound, ErrorCode::NoSuchChallenge),
            ChallengeError::YoursToWait(_) | ChallengeError::TheirsToCancel(_) => {
                (Answer::Forbidden, ErrorCode::NotAllowed)
            }
            ChallengeError::Closed(_) => (Answer::Conflict, ErrorCode::ChallengeClosed),
            ChallengeError::Storage => (Answer::Internal, ErrorCode::Storage),
        };
        ServiceError::refused(answer, code, e)
    }
}

/// The challenges' clean-up, every `period`: open ones past their time marked expired
/// (which wakes whoever waits on them), answered ones forgotten after a day.
pub fn expire_in_turn(db: Db, period: Duration, watch: std::sync::Arc<ChallengeWatch>) {
    chores::every(period, "expiring challenges", None, move || {
        let db = db.clone();
        let watch = watch.clone();
        async move {
            let n = db.expire_challenges(now_ms()).await?;
            if n > 0 {
                watch.look_now();
            }
            Ok(n)
        }
    });
}
