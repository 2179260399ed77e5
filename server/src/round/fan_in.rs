//! Moves stored by other server processes, heard from PostgreSQL's notifications and
//! passed to this process's players and watchers.

use std::sync::Arc;
use std::time::Duration;

use camelot_online::protocol::GameId;

use crate::round::hub::Hubs;

/// Moves stored by other server processes, heard from PostgreSQL, passed to this
/// process's players and watchers.
pub async fn fan_in(hubs: Arc<Hubs>, mut listener: sqlx::postgres::PgListener) {
    loop {
        match listener.recv().await {
            Ok(n) => {
                let Ok(id) = GameId::parse(n.payload()) else {
                    continue;
                };
                if let Err(e) = hubs.refresh(&id).await {
                    eprintln!("camelot-server: game {id}: {e}");
                }
                // Another process's change may owe the computer a turn.
                hubs.wake.ring();
            }
            // The listener reconnects by itself; wait a little before asking again.
            Err(e) => {
                eprintln!("camelot-server: listening to the database: {e}");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}
