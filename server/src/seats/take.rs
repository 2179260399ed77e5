//! Taking an open seat, within the address's allowance, through the round's
//! [`Hubs::take_open_seat`]; and the list of open seats.

use camelot_engine::SeatColour;
use camelot_online::protocol::requests::{ListSeats, OpenSeat, TakeSeat, Taken};
use camelot_online::protocol::{GameId, PlayerName, SeatToken};

use crate::accounts::Account;
use crate::common::error::ServiceError;
use crate::common::limits::{AddressKey, PerMinute};
use crate::games::ListedSeat;
use crate::ratings;
use crate::round::{Hubs, TakeError};

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
    let storage = |e: sqlx::Error| ServiceError::Storage(format!("listing open seats: {e}"));
    let listed = hubs
        .db
        .open_seats(req.before.as_ref(), limit)
        .await
        .map_err(storage)?;
    let mut seats = with_creators(hubs, listed).await.map_err(storage)?;
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

/// The open seats, each with its creator as everyone sees them: their name (asked of
/// the accounts; none where the account is closed) and their rating in the variant
/// (asked of the ratings).
async fn with_creators(hubs: &Hubs, listed: Vec<ListedSeat>) -> Result<Vec<OpenSeat>, sqlx::Error> {
    let mut creators: Vec<String> = listed.iter().filter_map(|s| s.creator.clone()).collect();
    creators.sort();
    creators.dedup();
    let names = hubs.db.facts_of(&creators).await?;
    let ratings = hubs.db.ratings_of_accounts(&creators).await?;
    Ok(listed
        .into_iter()
        .map(|ListedSeat { mut seat, creator }| {
            seat.creator = creator.map(|id| {
                let name = names.get(&id).and_then(|f| f.name.clone());
                let rating = ratings.get(&(id, seat.variant)).copied();
                ratings::shown(name, rating, None)
            });
            seat
        })
        .collect())
}

/// `POST /seats`.
pub async fn take_seat(
    hubs: &Hubs,
    takes: &PerMinute,
    req: TakeSeat,
    from: AddressKey,
    taker: Option<&Account>,
) -> Result<Taken, ServiceError> {
    let token = take(
        hubs,
        takes,
        &req.game,
        req.seat,
        req.name.as_ref(),
        from,
        taker,
    )
    .await?;
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
    takes: &PerMinute,
    id: &GameId,
    seat: SeatColour,
    name: Option<&PlayerName>,
    client: AddressKey,
    taker: Option<&Account>,
) -> Result<SeatToken, TakeError> {
    if !takes.allow(client) {
        return Err(TakeError::TooMany {
            per_minute: takes.limit().unwrap_or(0),
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
    let taken = hubs.take_open_seat(&hub, seat, name, taker).await;
    hubs.leave(hub, rx).await;
    taken
}
