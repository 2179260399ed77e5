//! The games room: a game as it is played (the live game and its hub, the connections
//! that play and watch it), its rows in the database, and its routes.

pub mod connection;
pub mod hub;
pub mod live;
pub mod owner;
pub mod routes;
pub mod rows;
pub mod service;
pub mod store;
