//! The games room: a game as it is played (the live game and its hub, the connections
//! that play and watch it), its rows in the database, and its routes.

use std::time::Duration;

use crate::common::chores;
use crate::common::clock::now_ms;
use crate::store::Db;

mod connection;
mod hub;
mod listings;
mod live;
mod routes;
mod rows;
mod seating;
mod service;
mod setup;
mod store;

// The room's door: what other rooms and the server's start may use.
pub use hub::{log_storage, GameLimits, Hub, Hubs};
pub use listings::ListedSeat;
pub use live::{LiveGame, NewGame, Refusal, SeatRow, Status};
pub use routes::{api, socket};
pub(crate) use rows::insert_game;
pub use rows::{time_columns, NewGameRows};
pub use seating::TakeError;
pub use service::game_now;
pub use setup::new_game_id;

/// The games' clean-up, every `period`: the games nobody joined within `after`.
pub fn forget_in_turn(db: Db, period: Duration, after: Duration) {
    let said: fn(u64) -> String = |n| match n {
        1 => "forgot a game nobody joined".to_string(),
        n => format!("forgot {n} games nobody joined"),
    };
    chores::every(
        period,
        "forgetting games nobody joined",
        Some(said),
        move || {
            let db = db.clone();
            async move {
                db.forget_unjoined(now_ms() - after.as_millis() as i64)
                    .await
            }
        },
    );
}
