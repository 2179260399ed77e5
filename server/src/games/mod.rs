//! The game room: a game as the server keeps it (`LiveGame`: its moves judged by the
//! engine, clocks, offers, claims, the end) and its rows in the database (games, plies,
//! seats). It knows nothing of connections: the round room plays its games, the setup
//! room makes them.

use std::time::Duration;

use camelot_online::protocol::GameId;

use crate::common::chores;
use crate::common::clock::now_ms;
use crate::common::tokens;
use crate::store::Db;

mod between;
mod endings;
mod listings;
mod live;
mod record;
mod rows;
mod store;

// The room's door: what other rooms and the server's start may use.
pub use between::between_accounts;
pub use endings::GameStanding;
pub use listings::ListedSeat;
pub use live::{
    Agreement, Change, Holder, LiveGame, NewGame, Refusal, RematchPlan, SeatRow, Status, DAY_MS,
};
pub use record::record_text;
pub(crate) use rows::{insert_game, names_leave_seats};
pub use rows::{time_columns, time_of, LoadError, NewGameRows, WriteError};

/// A game's id: eight letters and digits, public.
const ID_LEN: usize = 8;

/// A new game's id: eight letters and digits, public.
pub fn new_game_id() -> GameId {
    GameId::parse(&tokens::random(ID_LEN)).expect("letters and digits")
}

/// The operator hears of a database failure; the client is told only that nothing
/// changed.
pub fn log_storage(e: &sqlx::Error) {
    eprintln!("camelot-server: storage error: {e}");
}

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
