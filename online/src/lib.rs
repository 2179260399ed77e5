//! Online play for the Camelot family: the protocol the server speaks, and the one
//! client that the game and `camelot-cli online` both use: a reconnecting [`Link`] to a
//! game, and [`ask`] for the one-shot requests (create, list and look at games, take a
//! seat), with [`blocking`] for programs without a runtime.
//!
//! The engine stays free of networking; this crate adds it on top. Without its `client`
//! feature it is the protocol's types, server addresses, invitations and the mirror of
//! a game alone, with no networking (the terminal game keeps online games' references).

mod address;
mod invite;
mod mirror;
pub mod protocol;
pub mod sessions;

#[cfg(feature = "client")]
mod api;
#[cfg(feature = "client")]
mod connection;
#[cfg(feature = "client")]
mod error;
#[cfg(feature = "client")]
mod link;
#[cfg(feature = "client")]
mod site;
#[cfg(feature = "client")]
mod tls;

pub use address::{BadAddress, ServerAddress};
pub use invite::{BadInvitation, Invitation};
pub use mirror::{Mirror, MirrorError, Update};

#[cfg(feature = "client")]
pub use api::{ask, ask_as, ask_page, blocking, challenge_settled, Page};
#[cfg(feature = "client")]
pub use connection::Connection;
#[cfg(feature = "client")]
pub use error::{Cause, JoinError, OnlineError};
#[cfg(feature = "client")]
pub use link::{FirstContact, Link, LinkEvent, LinkOptions, Waker};
#[cfg(feature = "client")]
pub use site::SiteConnection;
