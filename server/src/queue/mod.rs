//! The computer's work, in one queue (as lichess's fishnet): the turns the computer owes
//! in games, the analyses asked of finished games and the analysis board's positions,
//! each taken by [`Db::acquire`] under
//! a lease one process holds, renewed while it works, given back, dropped or done. The
//! games room owes turns into it in the transactions of its changes; the analysis room
//! asks for analyses and reads them; the computer room takes the work and does it.

mod analyses;
mod lease;
mod positions;
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
pub use positions::{AskedLines, PositionAsked, PositionJob, PositionKey};
pub(crate) use turns::{owe_turn, person_came};
pub use turns::{Owed, Turn};
pub use wake::Wake;

/// The queue's clean-up, every `period`: when the owners served over an hour ago were
/// served, and the analysis board's positions searched over an hour ago.
pub fn forget_in_turn(db: Db, period: Duration) {
    chores::every(
        period,
        "forgetting the computer's past owners and positions",
        None,
        move || {
            let db = db.clone();
            async move {
                let hour_ago = now_ms() - 3_600_000;
                Ok(db.forget_served_owners(hour_ago).await?
                    + db.forget_searched_positions(hour_ago).await?)
            }
        },
    );
}

/// At the start: every piece of work a process held is free again (on SQLite, where
/// this process is the only one, what was held when it stopped is taken again at once).
pub async fn free_work_of_the_dead(db: &Db) -> Result<(), sqlx::Error> {
    db.free_work_of_the_dead().await
}
