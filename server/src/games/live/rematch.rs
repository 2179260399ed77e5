//! A rematch: what it is made of (`RematchPlan`, `Agreement`), and the new game, every
//! player one seat on.

use camelot_engine::Player;
use camelot_online::protocol::accounts::SeatAccount;
use camelot_online::protocol::GameId;

use crate::common::owner::Owner;

use super::*;

/// What accepting an offer needs from outside the game: the time, and for a rematch
/// what the new game is made of.
pub struct Agreement {
    pub now: i64,
    pub rematch: Option<RematchPlan>,
}

/// The new game's id, and this game's seats as stored, in turn order (a rematch copies
/// them, one seat on).
#[derive(Clone)]
pub struct RematchPlan {
    pub id: GameId,
    pub seat_rows: Vec<SeatRow>,
    /// The games a minute of the address that would agree it, when it has created as
    /// many as it may: the rematch is refused.
    pub over_limit: Option<u32>,
    /// Whose the rematch is: the game's own owner's.
    pub owner: Owner,
}

#[cfg(test)]
impl Agreement {
    /// For an offer that is no rematch.
    pub fn at(now: i64) -> Agreement {
        Agreement { now, rematch: None }
    }
}

impl LiveGame {
    /// The seat a player of this game takes in its rematch: the next in turn order
    /// (colours swapped; in Grand Cam every player one seat on, partners still partners).
    pub fn rematch_seat(&self, p: Player) -> Player {
        Player((p.0 + 1) % self.seats() as u8)
    }

    /// The rematch: same variant and time, each player one seat on with the same token
    /// and name.
    pub(super) fn rematch_game(&self, plan: &RematchPlan, now: i64) -> NewGame {
        let mut game = LiveGame::new(plan.id.clone(), self.variant, self.time, now);
        let n = self.seats();
        let mut seats = vec![
            SeatRow {
                token_hash: None,
                name: None,
                computer: None,
                account: None,
            };
            n
        ];
        game.rated = self.rated;
        game.rating_range = self.rating_range;
        for (i, row) in plan.seat_rows.iter().enumerate().take(n) {
            let to = self.rematch_seat(Player(i as u8)).0 as usize;
            seats[to] = row.clone();
        }
        let holders: Vec<Option<Holder>> = self.seats.iter().map(|s| s.account.clone()).collect();
        for (info, row) in game.seats.iter_mut().zip(&seats) {
            info.name = row.name.clone();
            info.computer = row.computer;
            info.open = row.token_hash.is_none() && row.computer.is_none();
            // The same player, with the rating they have now (a change is this game's).
            info.account = holders
                .iter()
                .flatten()
                .find(|h| Some(&h.id) == row.account.as_ref())
                .map(|h| Holder {
                    shown: SeatAccount {
                        rating: h.shown.rating.map(|r| r + h.shown.change.unwrap_or(0)),
                        change: None,
                        ..h.shown.clone()
                    },
                    ..h.clone()
                });
        }
        NewGame {
            game,
            seats,
            owner: plan.owner,
        }
    }
}
