//! The presence room: who is around. A tab (or program) logged in keeps one site socket
//! open (`socket.rs`, as lila-ws's site socket), which carries its account's challenges
//! as they change and counts it online; every process marks its connected accounts in
//! the room's table (`present.rs`), so `GET /online` and a player's page say who is
//! online whichever process they are connected to, and when a player was last seen.

mod present;
mod routes;
mod socket;
mod store;

use crate::store::Db;

// The room's door.
pub use present::Present;
pub use routes::{api, socket};
pub use socket::SiteRooms;

/// An account marked within this is online: three marks' time.
pub const ONLINE_WITHIN_MS: i64 = 3 * present::MARK_EVERY.as_millis() as i64;

/// When `account` was last seen, and whether that is now (online).
pub async fn seen_of(db: &Db, account: &str, now: i64) -> Result<(bool, Option<i64>), sqlx::Error> {
    let seen = db.last_seen(account).await?;
    let online = seen.is_some_and(|(at, gone)| !gone && at > now - ONLINE_WITHIN_MS);
    Ok((online, seen.map(|(at, _)| at)))
}
