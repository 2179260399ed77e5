//! The relations room: one player follows another (to see them online and their games
//! going on) or blocks them (they may not challenge them, and the two are never paired
//! for a quick game). Its table is its own; the challenges room asks it whether a
//! challenge may be sent, the presence room whom one follows, and the pairing's query
//! puts its condition in (`neither_blocks`).

mod routes;
mod store;

use camelot_online::protocol::relations::Relation;

use crate::store::Db;

// The room's door.
pub use routes::api;
pub use store::neither_blocks;

/// The accounts `from` follows: each one's id and name, by name.
pub async fn followed_by(
    db: &Db,
    from: &str,
) -> Result<Vec<(String, camelot_online::protocol::accounts::AccountName)>, sqlx::Error> {
    db.followed_by(from).await
}

/// What `from` is to `to`: following, blocking, or neither.
pub async fn relation(db: &Db, from: &str, to: &str) -> Result<Option<Relation>, sqlx::Error> {
    db.relation(from, to).await
}
