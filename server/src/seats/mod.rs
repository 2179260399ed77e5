//! The seats room: the open seats of live games, listed a page at a time, and one taken
//! by a player who was not there when the game was made.

mod routes;
mod take;

// The room's door.
pub use routes::api;
