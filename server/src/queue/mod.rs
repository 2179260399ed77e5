//! The computer's work, in one queue (as lichess's fishnet): the turns the computer owes
//! in games and the analyses asked of finished games, each taken by [`Db::acquire`] under
//! a lease one process holds, renewed while it works, given back, dropped or done. The
//! games room owes turns into it in the transactions of its changes; the analysis room
//! asks for analyses and reads them; the computer room takes the work and does it.

mod analyses;
mod lease;
mod turns;
mod wake;

use std::time::Duration;

use crate::common::chores;
use crate::common::clock::now_ms;
use crate::store::Db;

// The room's door.
pub use analyses::{Asked, Job};
pub(crate) use lease::forget_work_of;
pub use lease::{Kind, Work};
pub(crate) use turns::{owe_turn, person_came};
pub use turns::{Owed, Turn};
pub use wake::Wake;

/// The queue's clean-up, every `period`: when the owners served over an hour ago were
/// served.
pub fn forget_in_turn(db: Db, period: Duration) {
    chores::every(
        period,
        "forgetting the computer's past owners",
        None,
        move || {
            let db = db.clone();
            async move { db.forget_served_owners(now_ms() - 3_600_000).await }
        },
    );
}

/// At the start: every piece of work a process held is free again (on SQLite, where
/// this process is the only one, what was held when it stopped is taken again at once).
pub async fn free_work_of_the_dead(db: &Db) -> Result<(), sqlx::Error> {
    db.free_work_of_the_dead().await
}
