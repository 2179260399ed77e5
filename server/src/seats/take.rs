//! Taking an open seat: the seat's token made and stored, the game's hub told, the
//! computer woken where the game waited for a person; and the list of open seats.

use camelot_engine::SeatColour;
use camelot_online::protocol::accounts::AccountKind;
use camelot_online::protocol::requests::{ListSeats, OpenSeat, TakeSeat, Taken};
use camelot_online::protocol::{ErrorCode, GameId, PlayerName, SeatToken, ServerMessage};

use crate::accounts::store::Account;
use crate::common::error::{Answer, ServiceError};
use crate::common::limits::AddressKey;
use crate::common::tokens;
use crate::games::hub::{log_storage, Hub, Hubs};
use crate::games::live::{Holder, LiveGame};

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
        "this seat is for ratings within {range} of its creator's ({creator}); yours is {yours}"
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

/// `GET /seats`: a page of open seats, and the next page's request if there are more.
/// A page ends with a game's last seat, so that the next (the games before that one)
/// misses none.
pub async fn list_seats(
    hubs: &Hubs,
    req: &ListSeats,
) -> Result<(Vec<OpenSeat>, Option<ListSeats>), ServiceError> {
    let limit = req
        .limit
        .unwrap_or(ListSeats::MAX_PAGE)
        .clamp(ListSeats::MIN_PAGE, ListSeats::MAX_PAGE);
    let mut seats = hubs
        .db
        .open_seats(req.before.as_ref(), limit)
        .await
        .map_err(|e| ServiceError::Storage(format!("listing open seats: {e}")))?;
    if seats.len() < limit as usize {
        return Ok((seats, None));
    }
    // A full page may have cut its last game's seats short: they open the next page.
    let last = seats.last().map(|s| s.game.clone());
    if seats.iter().any(|s| Some(&s.game) != last.as_ref()) {
        seats.retain(|s| Some(&s.game) != last.as_ref());
    }
    let next = seats.last().map(|s| ListSeats {
        before: Some(s.game.clone()),
        limit: Some(limit),
    });
    Ok((seats, next))
}

/// `POST /seats`.
pub async fn take_seat(
    hubs: &Hubs,
    req: TakeSeat,
    from: AddressKey,
    taker: Option<&Account>,
) -> Result<Taken, ServiceError> {
    let token = take(hubs, &req.game, req.seat, req.name.as_ref(), from, taker).await?;
    Ok(Taken {
        game: req.game,
        seat: req.seat,
        token,
    })
}

/// Takes open seat `seat` of game `id` for `client` (logged in as `taker`, where they
/// are): the seat's new token.
pub async fn take(
    hubs: &Hubs,
    id: &GameId,
    seat: SeatColour,
    name: Option<&PlayerName>,
    client: AddressKey,
    taker: Option<&Account>,
) -> Result<SeatToken, TakeError> {
    if !hubs.limits.takes.allow(client) {
        return Err(TakeError::TooMany {
            per_minute: hubs.limits.takes.limit().unwrap_or(0),
        });
    }
    let (hub, rx) = match hubs.join(id).await {
        Ok(Some(found)) => found,
        Ok(None) => return Err(TakeError::NoSuchGame),
        Err(e) => {
            eprintln!("camelot-server: game {id}: {e}");
            return Err(TakeError::Storage);
        }
    };
    let taken = take_on(hubs, &hub, seat, name, taker).await;
    hubs.leave(hub, rx).await;
    taken
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

async fn take_on(
    hubs: &Hubs,
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
        Some(a) => Some(hubs.holder(a, g.variant).await.map_err(|e| {
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
    let taken = hubs
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
        hubs.computer_due.notify_waiters();
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
