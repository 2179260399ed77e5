//! Who a challenge concerns and asks: its sender, the player challenged, a table's four
//! seats with their answers, read with the challenges and shown as the protocol says
//! them.

use std::collections::HashMap;

use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::challenges::{ChallengeSeat, SeatAnswer};
use sqlx::Row;

use crate::challenges::store::ChallengeRow;
use crate::challenges::tables::{seat_of, TableSeat, SEAT_COLUMNS};
use crate::store::{on, Db};

impl ChallengeRow {
    /// Whether `account` has a part in the challenge: its sender, or one it asks.
    pub fn concerns(&self, account: &str) -> bool {
        self.from_account == account
            || self.to_account == account
            || self.seats.iter().any(|s| s.account == account)
    }

    /// Whether `account` is asked by it (and so answers it).
    pub fn asks(&self, account: &str) -> bool {
        self.to_account == account
            || self
                .seats
                .iter()
                .any(|s| s.account == account && s.answer != SeatAnswer::Challenger)
    }

    /// Every account it concerns.
    pub fn accounts(&self) -> Vec<&str> {
        let mut all = vec![self.from_account.as_str(), self.to_account.as_str()];
        all.extend(self.seats.iter().map(|s| s.account.as_str()));
        all.sort_unstable();
        all.dedup();
        all
    }

    /// The seats as the protocol shows them.
    pub fn seat_views(&self) -> Vec<ChallengeSeat> {
        let rules = self.variant.rules();
        self.seats
            .iter()
            .map(|s| ChallengeSeat {
                seat: rules.seat_colour(s.player),
                name: s.name.clone(),
                answer: s.answer,
            })
            .collect()
    }

    /// The names of the seats still to answer, `but` left out.
    pub fn waiting_for(&self, but: &str) -> Vec<AccountName> {
        self.seats
            .iter()
            .filter(|s| s.answer == SeatAnswer::Waiting && s.account != but)
            .map(|s| s.name.clone())
            .collect()
    }
}

impl Db {
    /// Each of `rows`' seats, read and kept with it, in turn order.
    pub(super) async fn fill_seats(&self, rows: &mut [ChallengeRow]) -> Result<(), sqlx::Error> {
        let ids: Vec<&str> = rows
            .iter()
            .filter(|r| r.variant.rules().players() > 2)
            .map(|r| r.id.as_str())
            .collect();
        if ids.is_empty() {
            return Ok(());
        }
        let places: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "SELECT {SEAT_COLUMNS} FROM challenge_seats WHERE challenge_id IN ({}) \
             ORDER BY challenge_id, seat",
            places.join(", ")
        );
        let found: Vec<(String, TableSeat)> = on!(self, read pool => {
            let mut q = sqlx::query(&sql);
            for id in &ids {
                q = q.bind(*id);
            }
            q.fetch_all(pool).await?.iter().filter_map(|r| seat_of!(r)).collect()
        });
        let mut by_id: HashMap<String, Vec<TableSeat>> = HashMap::new();
        for (id, seat) in found {
            by_id.entry(id).or_default().push(seat);
        }
        for row in rows.iter_mut() {
            if let Some(seats) = by_id.remove(row.id.as_str()) {
                row.seats = seats;
            }
        }
        Ok(())
    }
}
