//! The setup room: a game made (`POST /games`, and the games the pairing, the TV and a
//! rematch make through it), checked against the variant's seats and the levels the
//! server plays, and held to each address's allowance of new games and of games against
//! the computer. A game set up is the round's from its first hello on.

use crate::common::limits::{Cap, PerMinute};
use crate::queue::Wake;
use crate::store::Db;

mod create;
mod holder;
mod routes;

// The room's door.
pub use holder::holder;
pub use routes::api;

/// How much one address may set up.
pub struct SetupLimits {
    pub creations: PerMinute,
    /// Live games with a computer seat one owner may have at once: each owes at most one
    /// turn at a time, so this bounds the turns it has waiting.
    pub computer_games: Cap,
    /// Of those, the games no person has joined yet (which the computer does not think
    /// for until someone does).
    pub unjoined_computer_games: Cap,
}

/// The room's state: the database, each address's allowances, and the computer's queue
/// to wake when a game set up owes it a turn.
pub struct Setup {
    db: Db,
    limits: SetupLimits,
    wake: Wake,
}

impl Setup {
    pub fn new(db: Db, limits: SetupLimits, wake: Wake) -> Setup {
        Setup { db, limits, wake }
    }
}
