//! The players room: a player's page (`/players/NAME`: ratings per variant, the games
//! going on now), as JSON for a program and as the page for a browser.

mod routes;
mod store;

// The room's door.
pub use routes::api;
