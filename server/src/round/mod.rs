//! The round room: a game as it is played (lila's round). Each game this process serves
//! is a hub: its [`LiveGame`](crate::games::LiveGame) behind a lock, and a channel to the
//! connections that play and watch it. Every change is stored first, through the game
//! room, and only then announced. Seats are taken and joined here, clocks swept, other
//! processes' changes heard; the socket and the routes that look at a game are here too.

mod connection;
mod fan_in;
mod hub;
mod routes;
mod seating;
mod service;

// The room's door.
pub use fan_in::fan_in;
pub use hub::{flag_sweeper, Hub, Hubs};
pub use routes::{api, socket};
pub use seating::TakeError;
pub use service::game_now;
