//! Online play for the Camelot family: the wire protocol the server speaks, and the one
//! client that the game and `camelot-cli online` both use: a reconnecting [`Link`] to a
//! game, and one-shot requests to create and list games.
//!
//! The engine stays free of networking; this crate adds it on top.

mod connection;
mod link;
mod mirror;
pub mod protocol;
mod requests;
mod server_url;

pub use connection::Connection;
pub use link::{Link, LinkEvent, LinkOptions};
pub use mirror::{Mirror, Update};
pub use requests::{
    ask, create_game, create_game_blocking, list_games, list_games_blocking, peek_game,
    peek_game_blocking, Created,
};
pub use server_url::ws_url;
