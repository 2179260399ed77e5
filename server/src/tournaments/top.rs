//! The top game of the tournaments under way, for the server's TV: in the tournament
//! with the most players, the game of the best-placed player who is playing now.

use camelot_engine::Variant;
use camelot_online::protocol::tournaments::{TournamentId, TournamentState};
use camelot_online::protocol::GameId;

use crate::store::Db;
use crate::tournaments::scoring::standings;

/// How many of the largest tournaments under way are looked at for a game going on.
const LOOKED_AT: usize = 3;

/// A tournament's game worth the TV.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopGame {
    pub game: GameId,
    pub variant: Variant,
    pub tournament: TournamentId,
    pub name: String,
}

/// The top game of the tournaments under way, if one has a game going on.
pub async fn top_game(db: &Db) -> Result<Option<TopGame>, sqlx::Error> {
    let mut running = db.tournaments_in(&[TournamentState::Running], 50).await?;
    // The largest first; of two as large, the one that started first.
    running.sort_by_key(|t| (std::cmp::Reverse(t.players), t.starts_at));
    for t in running.into_iter().take(LOOKED_AT) {
        let entrants = db.entrants(&t.id).await?;
        let games = db.tournament_games(&t.id, None).await?;
        let byes = db.byes(&t.id).await?;
        let lines = standings(t.kind, &entrants, &games, &byes);
        if let Some(game) = lines.iter().find_map(|l| l.playing.clone()) {
            return Ok(Some(TopGame {
                game,
                variant: t.variant,
                tournament: t.id,
                name: t.name,
            }));
        }
    }
    Ok(None)
}
