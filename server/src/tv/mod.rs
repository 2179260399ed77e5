//! The server's TV: a computer match always on for watchers, listed among the live games
//! (`"tv":true`) and on the front page. One variant at a time, in turn; when a game ends
//! its result stays on screen a while, then the next variant begins. Every process on one
//! database keeps the same one TV: the database's `tv` row names the game on now, and a
//! process that starts the next swaps it in only where the row still names the game that
//! ended.

use crate::common::chores;
use crate::store::Db;
use std::time::Duration;

use camelot_engine::{Level, Variant};
use camelot_online::protocol::GameId;

use camelot_online::protocol::TimeControl;

use crate::common::clock::now_ms;
use crate::common::owner::Owner;
use crate::games::{log_storage, new_game_id};
use crate::games::{LiveGame, NewGame, SeatRow};
use crate::queue::Wake;
use store::Shown;

mod routes;
mod store;

// The room's door.
pub use routes::api;

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
pub fn spawn(db: Db, wake: Wake) {
    tokio::spawn(async move {
        loop {
            if let Err(e) = look(&db, &wake).await {
                eprintln!("camelot-server: the TV: {e}");
            }
            tokio::time::sleep(LOOK).await;
        }
    });
}

/// What follows the game on the TV, and when (ms since the epoch): the first variant at
/// once where none is on, the next variant a [`BREAK`] after the game's last move once it
/// is over (the database's time, so every process counts the same), nothing while it
/// goes on.
pub fn next(shown: Option<&Shown>) -> Option<(Variant, i64)> {
    match shown {
        None => Some((Variant::ALL[0], 0)),
        Some(on) if on.live => None,
        Some(on) => Some((
            next_variant(on.variant),
            on.last_move_at + BREAK.as_millis() as i64,
        )),
    }
}

async fn look(db: &Db, wake: &Wake) -> Result<(), sqlx::Error> {
    let shown = db.shown().await?;
    if let Some((variant, at)) = next(shown.as_ref()) {
        if now_ms() >= at {
            let after = shown.map(|s| s.game);
            start_shown(db, wake, variant, LEVEL, after.as_ref()).await?;
        }
    }
    Ok(())
}

/// Puts a new game of `variant` on the server's TV, every seat the computer's at
/// `level`, in place of `after` (the game that ended; none for the first): its id,
/// or none where another process put one on first.
async fn start_shown(
    db: &Db,
    wake: &Wake,
    variant: camelot_engine::Variant,
    level: Level,
    after: Option<&GameId>,
) -> Result<Option<GameId>, sqlx::Error> {
    let id = new_game_id();
    let mut game = LiveGame::new(id.clone(), variant, TimeControl::Untimed, now_ms());
    let mut seats = Vec::new();
    for info in &mut game.seats {
        info.computer = Some(level);
        seats.push(SeatRow {
            token_hash: None,
            name: None,
            computer: Some(level),
            account: None,
        });
    }
    let stored = db
        .create_shown(
            &NewGame {
                game,
                seats,
                owner: Owner::Tv,
            },
            after,
        )
        .await
        .inspect_err(log_storage)?;
    if stored {
        wake.ring();
    }
    Ok(stored.then_some(id))
}

/// The TV's clean-up, every `period`: its finished games but the newest `kept`.
pub fn forget_in_turn(db: Db, period: Duration, kept: u32) {
    chores::every(period, "forgetting the TV's old games", None, move || {
        let db = db.clone();
        async move { db.forget_old_tv(kept).await }
    });
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

    #[test]
    fn the_next_match_follows_a_break_after_the_last_move() {
        let mut on = Shown {
            game: GameId::parse("abcdefghijkl").unwrap(),
            variant: Variant::Camette,
            live: true,
            last_move_at: 1_000_000,
        };
        assert_eq!(next(None), Some((Variant::ALL[0], 0)));
        assert_eq!(next(Some(&on)), None);
        on.live = false;
        assert_eq!(next(Some(&on)), Some((Variant::GrandCam, 1_020_000)));
    }
}
