//! The ratings room: a Glicko-2 rating per account and variant, settled when a rated
//! game ends, in the transaction that stores its result (so exactly once, whichever
//! process stores it). Below the games: they call it; it knows nothing of them.

mod glicko;
mod store;

// The room's door.
pub use glicko::{settle as ratings_after, Seated};
pub(crate) use store::settle;
pub use store::{shown, RatedEnding};
