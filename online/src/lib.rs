//! Online play for the Camelot family: the wire protocol the server speaks, and the one
//! client that the game and `camelot-cli online` both use: a reconnecting [`Link`] to a
//! game, and one-shot requests to create, list and look at games.
//!
//! The engine stays free of networking; this crate adds it on top. Without its `client`
//! feature it is the protocol's types, server addresses, invitations and the mirror of
//! a game alone, with no networking (the terminal game keeps online games' references).

mod address;
mod invite;
mod mirror;
pub mod protocol;

#[cfg(feature = "client")]
mod connection;
#[cfg(feature = "client")]
mod error;
#[cfg(feature = "client")]
mod link;
#[cfg(feature = "client")]
mod requests;
#[cfg(feature = "client")]
mod tls;

pub use address::{BadAddress, ServerAddress};
pub use invite::{BadInvitation, Invitation};
pub use mirror::{Mirror, MirrorError, Update};

#[cfg(feature = "client")]
pub use connection::Connection;
#[cfg(feature = "client")]
pub use error::{JoinError, OnlineError};
#[cfg(feature = "client")]
pub use link::{FirstContact, Link, LinkEvent, LinkOptions, Waker};
#[cfg(feature = "client")]
pub use requests::{
    ask, create, create_blocking, create_game, create_game_blocking, list_games,
    list_games_blocking, open_seats, open_seats_blocking, peek_game, peek_game_blocking, take_seat,
    take_seat_blocking, Created, NewGame, Taken,
};
