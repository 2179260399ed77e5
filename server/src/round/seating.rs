//! Taking an open seat in a live game: who may sit (a rated game's rules), the seat's
//! token stored, the game's state changed and everyone told, the computer woken where
//! the game waited for a person. The seats room asks this of the round.

use camelot_engine::SeatColour;
use camelot_online::protocol::accounts::AccountKind;
use camelot_online::protocol::{ErrorCode, PlayerName, SeatToken, ServerMessage};

use crate::accounts::Account;
use crate::common::error::{Answer, ServiceError};
use crate::common::tokens;
use crate::games::{log_storage, Holder, LiveGame};
use crate::round::hub::{Hub, Hubs};
use crate::setup;

/// An open seat that could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum TakeError {
    #[error("there is no such game")]
    NoSuchGame,
    /// The variant has no such seat.
    #[error("the game has no {} seat", .0.title())]
    NoSuchSeat(SeatColour),
    /// Taken already, or never open, or the game is over.
    #[error("the {} seat is not open", .0.title())]
    NotOpen(SeatColour),
    #[error("too many seats taken from your address: at most {per_minute} a minute")]
    TooMany { per_minute: u32 },
    /// A rated game's seat, for a player who is not logged in.
    #[error("log in to take a seat in a rated game")]
    RatedNeedsAccount,
    #[error("you already have a seat in this rated game")]
    AlreadySeated,
    /// A rating too far from the creator's, for a seat that asks for a range.
    #[error(
        "this seat is for players rated within {range} points of its creator ({creator}); your rating is {yours}"
    )]
    OutOfRange {
        range: u32,
        creator: i32,
        yours: i32,
    },
    /// A computer's account that is not rated against people, and a person.
    #[error("a computer's account is not rated against people unless it said so at sign-up")]
    NotRatedWithPeople,
    #[error("the server could not store that; nothing changed")]
    Storage,
}

impl From<TakeError> for ServiceError {
    fn from(e: TakeError) -> ServiceError {
        let (answer, code) = match &e {
            TakeError::NoSuchGame => (Answer::NotFound, ErrorCode::NoSuchGame),
            TakeError::NoSuchSeat(_) | TakeError::NotOpen(_) => {
                (Answer::Conflict, ErrorCode::SeatTaken)
            }
            TakeError::TooMany { per_minute } => {
                (Answer::too_many(*per_minute), ErrorCode::TooMany)
            }
            TakeError::RatedNeedsAccount => (Answer::Unauthorized, ErrorCode::NotSignedIn),
            TakeError::AlreadySeated
            | TakeError::NotRatedWithPeople
            | TakeError::OutOfRange { .. } => (Answer::Conflict, ErrorCode::NotAllowed),
            TakeError::Storage => (Answer::Internal, ErrorCode::Storage),
        };
        ServiceError::refused(answer, code, e)
    }
}

/// Whether `taker` may sit in `g`: anyone in a game that is not rated; in a rated one, a
/// player logged in, once, and no person with a computer's account that is not rated
/// against people.
fn may_sit(g: &LiveGame, taker: Option<&Holder>) -> Result<(), TakeError> {
    if !g.rated {
        return Ok(());
    }
    let taker = taker.ok_or(TakeError::RatedNeedsAccount)?;
    let seated: Vec<&Holder> = g.seats.iter().filter_map(|s| s.account.as_ref()).collect();
    if seated.iter().any(|h| h.id == taker.id) {
        return Err(TakeError::AlreadySeated);
    }
    let everyone: Vec<&Holder> = seated.iter().copied().chain([taker]).collect();
    let people = everyone.iter().any(|h| h.kind == AccountKind::Person);
    let shy_program = everyone
        .iter()
        .any(|h| h.kind == AccountKind::Computer && !h.rated_with_people);
    if people && shy_program {
        return Err(TakeError::NotRatedWithPeople);
    }
    // A range is around the creator's rating (the first seated), a new player's 1500.
    if let (Some(range), Some(creator)) = (g.rating_range, seated.first()) {
        let (creator, yours) = (
            creator.shown.rating.unwrap_or(1500),
            taker.shown.rating.unwrap_or(1500),
        );
        if creator.abs_diff(yours) > range {
            return Err(TakeError::OutOfRange {
                range,
                creator,
                yours,
            });
        }
    }
    Ok(())
}

impl Hubs {
    /// Takes open seat `seat` of the game of `hub` for a player named `name` (or
    /// logged in as `taker`): the seat's new token, stored first, then the game's
    /// state changed and everyone told; the computer is woken where the game waited for
    /// a person.
    pub async fn take_open_seat(
        &self,
        hub: &Hub,
        seat: SeatColour,
        name: Option<&PlayerName>,
        taker: Option<&Account>,
    ) -> Result<SeatToken, TakeError> {
        let mut g = hub.state.lock().await;
        let player = g
            .variant
            .rules()
            .seat_with_colour(seat)
            .ok_or(TakeError::NoSuchSeat(seat))?;
        let holder = match taker {
            Some(a) => Some(setup::holder(&self.db, a, g.variant).await.map_err(|e| {
                log_storage(&e);
                TakeError::Storage
            })?),
            None => None,
        };
        may_sit(&g, holder.as_ref())?;
        // A player logged in sits under their account's name.
        let named = holder.as_ref().and_then(Holder::player_name);
        let name = named.as_ref().or(name);
        let token = SeatToken::new(tokens::new_token());
        let taken = self
            .db
            .take_seat(
                &hub.id,
                player,
                &tokens::hash(token.as_str()),
                name,
                holder.as_ref().map(|h| h.id.as_str()),
            )
            .await
            .map_err(|e| {
                log_storage(&e);
                TakeError::Storage
            })?;
        if !taken {
            return Err(TakeError::NotOpen(seat));
        }
        if !g.joined && g.computer_to_move().is_some() {
            self.wake.ring();
        }
        g.joined = true;
        let info = &mut g.seats[player.0 as usize];
        info.open = false;
        info.name = name.cloned();
        info.account = holder;
        hub.send(&ServerMessage::Seated {
            seat,
            name: name.cloned(),
        });
        Ok(token)
    }
}
