//! The pairing room: quick games. A player logged in asks for a variant and a time; the
//! server pairs them with the waiting player of nearest rating, the range widening the
//! longer either waits, and makes the rated game with both seated by their accounts.
//! Every process on one PostgreSQL pairs from the same table, each pairing in one
//! transaction that locks the two players' rows (`FOR UPDATE`, the other's `SKIP
//! LOCKED`), so a player is paired once.

mod routes;
mod store;
mod waits;

// The room's door.
pub use routes::api;
pub use store::{pool_of, STALE_MS};

use crate::common::chores;
use crate::common::clock::now_ms;
use crate::store::Db;
use camelot_online::protocol::ErrorCode;
use std::time::Duration;

use crate::common::error::{Answer, ServiceError};

/// How long one request waits to be paired before it says "still waiting", in seconds:
/// inside the server's deadline for answering a request
/// ([`crate::listen::REQUEST_DEADLINE`]).
const PATIENCE_S: u32 = 8;

/// A quick game that cannot be asked for.
#[derive(Debug, thiserror::Error)]
pub enum PairingError {
    #[error("log in to play a quick game: it is rated")]
    NotSignedIn,
    /// Quick games are for two players.
    #[error("a quick game is for two players: make a Grand Cam game with open seats")]
    NotForTwo,
    #[error(transparent)]
    Time(camelot_online::protocol::TimeControlError),
    /// The address has as many quick-game requests waiting as it may.
    #[error("too many quick-game requests waiting from your address: at most {0} at once")]
    TooManyWaiting(usize),
    #[error("the server could not do that; nothing changed")]
    Storage,
}

impl From<PairingError> for ServiceError {
    fn from(e: PairingError) -> ServiceError {
        let (answer, code) = match &e {
            PairingError::NotSignedIn => (Answer::Unauthorized, ErrorCode::NotSignedIn),
            PairingError::NotForTwo => (Answer::BadRequest, ErrorCode::NotAllowed),
            PairingError::Time(_) => (Answer::BadRequest, ErrorCode::BadTimeControl),
            PairingError::TooManyWaiting(_) => (
                Answer::TooMany {
                    retry_after: Some(PATIENCE_S),
                },
                ErrorCode::TooMany,
            ),
            PairingError::Storage => (Answer::Internal, ErrorCode::Storage),
        };
        ServiceError::refused(answer, code, e)
    }
}

/// The people waiting for a quick game at `now`, longest waiting first: who is around
/// may join them by asking for the same game.
pub async fn waiting_players(
    db: &Db,
    now: i64,
) -> Result<Vec<camelot_online::protocol::site::WaitingPlayer>, sqlx::Error> {
    db.waiting_for_pairing(now).await
}

/// The quick games' clean-up, every `period`: the waits nobody asked after for
/// [`STALE_MS`].
pub fn forget_in_turn(db: Db, period: Duration) {
    chores::every(period, "forgetting quick games' waits", None, move || {
        let db = db.clone();
        async move { db.forget_stale_pairing(now_ms() - STALE_MS).await }
    });
}
