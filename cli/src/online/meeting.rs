//! Meeting other players: `online seats` lists the seats left open to anyone, `online
//! take` takes one, and `online rematch` offers (or accepts) a rematch of a finished game.
//! Each prints one JSON line a program reads; a refusal is `rejected: REASON`, exit 1.

use std::time::Duration;

use camelot_engine::SeatColour;
use camelot_online::protocol::requests::{ListSeats, TakeSeat};
use camelot_online::protocol::{
    ClientMessage, GameId, OfferKind, PlayerName, SeatToken, ServerMessage,
};
use camelot_online::{
    ask_as, blocking, JoinError, Link, LinkEvent, LinkOptions, Mirror, OnlineError, ServerAddress,
};

use super::{rejected, wait_for_state, GameAt, Stop};
use crate::failure::Failure;

/// A seat and its token: what `take` and `rematch` print.
#[derive(serde::Serialize)]
struct SeatLine {
    game: GameId,
    seat: SeatColour,
    token: SeatToken,
}

fn print(line: &SeatLine) {
    out!(
        "{}",
        serde_json::to_string(line).expect("the line serialises")
    );
}

#[derive(clap::Args)]
pub struct SeatsArgs {
    #[arg(long)]
    server: ServerAddress,
}

impl SeatsArgs {
    pub fn run(self) -> Result<(), Failure> {
        super::every_page(&self.server, ListSeats::default(), |seats| {
            for seat in seats {
                out!(
                    "{}",
                    serde_json::to_string(&seat).expect("a seat serialises")
                );
            }
        })
    }
}

#[derive(clap::Args)]
pub struct TakeArgs {
    #[command(flatten)]
    at: GameAt,
    /// The open seat to take: White, Black, Red, Green, Blue or Yellow.
    #[arg(long)]
    seat: SeatColour,
    /// The name the other players see for the seat.
    #[arg(long)]
    name: Option<PlayerName>,
}

impl TakeArgs {
    pub fn run(self) -> Result<(), Failure> {
        let take = TakeSeat {
            game: self.at.game,
            seat: self.seat,
            name: self.name,
        };
        let token = super::account::saved_token(&self.at.server);
        match blocking(ask_as(&self.at.server, token.as_ref(), &take)) {
            Ok(taken) => {
                print(&SeatLine {
                    game: taken.game,
                    seat: taken.seat,
                    token: taken.token,
                });
                Ok(())
            }
            Err(OnlineError::Refused { message, .. }) => rejected(&message),
            Err(e) => Err(e.into()),
        }
    }
}

#[derive(clap::Args)]
pub struct RematchArgs {
    #[command(flatten)]
    at: GameAt,
    /// The token of a seat of the finished game.
    #[arg(long)]
    token: SeatToken,
    /// The name the other players see for the seat.
    #[arg(long)]
    name: Option<PlayerName>,
}

impl RematchArgs {
    /// Offers (the other side's standing offer makes it an acceptance), then waits as
    /// long as it takes for the answer.
    pub fn run(self) -> Result<(), Failure> {
        let link = Link::open(
            &self.at.server,
            &self.at.game,
            Some(&self.token),
            LinkOptions::joining(Some(Duration::from_secs(90))).named(self.name),
        );
        let mirror = match wait_for_state(&link, &self.at) {
            Ok(m) => m,
            Err(Stop::Refused { message, .. }) => return rejected(&message),
            Err(Stop::Failed(e)) => return Err(e),
        };
        // A rematch agreed already is sent right after the game; otherwise ask.
        if mirror.rematch.is_none() {
            link.send(ClientMessage::Offer {
                kind: OfferKind::Rematch,
            });
        }
        loop {
            let Some(event) = link.recv_timeout(Duration::from_secs(3600)) else {
                continue;
            };
            let message = match event {
                LinkEvent::Message(m) => m,
                LinkEvent::Reconnecting { reason, .. } => {
                    eprintln!("connection lost ({reason}); reconnecting");
                    continue;
                }
                stop => {
                    let why = JoinError::of(&stop, &self.at.server, &self.at.game)
                        .expect("every other event ends the link");
                    return Err(why.into());
                }
            };
            match message {
                ServerMessage::Rematch {
                    game,
                    seat: Some(seat),
                    token: Some(token),
                } => {
                    print(&SeatLine { game, seat, token });
                    return Ok(());
                }
                ServerMessage::Declined {
                    kind: OfferKind::Rematch,
                    by,
                    ..
                } if is_mine(&mirror, by) => return rejected("the rematch was declined"),
                ServerMessage::Error { message, .. } => return rejected(&message),
                // After a reconnection: ask again, unless it was agreed meanwhile (then
                // the server says so after the game).
                ServerMessage::State { game, .. } if game.rematch.is_none() => {
                    link.send(ClientMessage::Offer {
                        kind: OfferKind::Rematch,
                    });
                }
                _ => {}
            }
        }
    }
}

/// Whether `seat` is on this client's side (its offer, declined).
fn is_mine(mirror: &Mirror, seat: SeatColour) -> bool {
    let rules = mirror.variant.rules();
    match (mirror.you, rules.seat_with_colour(seat)) {
        (Some(me), Some(them)) => rules.side(me) == rules.side(them),
        _ => false,
    }
}
