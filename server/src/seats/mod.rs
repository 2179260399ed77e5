//! The seats room: the open seats of live games, listed a page at a time, and one taken
//! by a player who was not there when the game was made.

pub mod routes;
pub mod store;
pub mod take;
