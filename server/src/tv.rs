//! The server's TV: a computer match always on for watchers, listed among the live games
//! (`"tv":true`) and on the front page. One variant at a time, in turn; when a game ends
//! its result stays on screen a while, then the next variant begins. Every process on one
//! database keeps the same one TV: the database's `tv` row names the game on now, and a
//! process that starts the next swaps it in only where the row still names the game that
//! ended.

use std::sync::Arc;
use std::time::{Duration, Instant};

use camelot_engine::{Level, Variant};
use camelot_online::protocol::GameId;

use crate::hub::Hubs;

/// How often the keeper looks at the TV.
const LOOK: Duration = Duration::from_secs(3);
/// How long a finished game's result stays on before the next game.
const BREAK: Duration = Duration::from_secs(20);
/// The level both sides play at: strong enough to be worth watching, quick enough to
/// keep the pace on one core.
pub const LEVEL: Level = Level::CLUB;

/// The variant after `v`, in the order the program lists them.
pub fn next_variant(v: Variant) -> Variant {
    let all = Variant::ALL;
    let i = all.iter().position(|&x| x == v).unwrap_or(all.len() - 1);
    all[(i + 1) % all.len()]
}

/// Keeps the TV on, for as long as the server runs.
pub fn spawn(hubs: Arc<Hubs>) {
    tokio::spawn(async move {
        // The game seen finished, and since when.
        let mut ended: Option<(GameId, Instant)> = None;
        loop {
            if let Err(e) = look(&hubs, &mut ended).await {
                eprintln!("camelot-server: the TV: {e}");
            }
            tokio::time::sleep(LOOK).await;
        }
    });
}

async fn look(hubs: &Hubs, ended: &mut Option<(GameId, Instant)>) -> Result<(), sqlx::Error> {
    let next = match hubs.db.shown().await? {
        None => Some((Variant::ALL[0], None)),
        Some(on) if on.live => {
            *ended = None;
            None
        }
        Some(on) => {
            let since = match ended {
                Some((game, at)) if *game == on.game => *at,
                _ => {
                    *ended = Some((on.game.clone(), Instant::now()));
                    Instant::now()
                }
            };
            (since.elapsed() >= BREAK).then(|| (next_variant(on.variant), Some(on.game)))
        }
    };
    if let Some((variant, after)) = next {
        hubs.start_shown(variant, LEVEL, after.as_ref()).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tv_goes_round_every_variant() {
        let mut v = Variant::ALL[0];
        let mut seen = vec![v];
        for _ in 1..Variant::ALL.len() {
            v = next_variant(v);
            seen.push(v);
        }
        assert_eq!(seen, Variant::ALL);
        assert_eq!(next_variant(v), Variant::ALL[0]);
    }
}
