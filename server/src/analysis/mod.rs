//! Finished games analysed by the server's computer, as lichess analyses them: asked for
//! by anyone (`POST /games/ID/analysis`), queued behind the computer's turns and shared
//! between owners as they are, judged by the engine's review, stored with the game and
//! served to everyone who looks (`GET /games/ID/analysis`). The computer's searches run
//! them ([`crate::computer`]): a position at a time, a waiting turn played in between.
//! And the analysis board: moves tried from any position of a finished game or from a
//! variant's start, with the legal moves at once and the computer's lines through the
//! same queue (`POST /analysis/position`, `POST /analysis/lines`).

use camelot_engine::search::{ReviewedPly, SearchLimits};
use camelot_engine::{Game, Side};
use camelot_online::protocol::analysis::{AnalysedPly, ScoreView};

mod board;
mod routes;
mod study;

// The room's door.
pub use routes::api;
pub use study::{replayed, study_lines};

/// The longest line kept for a position: enough to see what the computer meant.
const LINE_PLIES: usize = 8;

/// What a server's analysis searches in each position.
#[derive(Clone, Copy, Debug)]
pub struct AnalysisBudget {
    pub nodes: u64,
}

impl AnalysisBudget {
    pub fn limits(self) -> SearchLimits {
        SearchLimits::nodes(self.nodes)
    }
}

/// The engine's review of `game` as the protocol carries it: moves named, scores and
/// chances the first side's.
pub fn analysed(game: &Game, reviewed: &[ReviewedPly]) -> Vec<AnalysedPly> {
    reviewed
        .iter()
        .filter_map(|r| {
            let pos = game.position_at(r.ply);
            let first = pos.rules().side(r.player) == Side::First;
            let chance = |p: f64| if first { p } else { 1.0 - p };
            let mut line = Vec::new();
            let mut at = pos.clone();
            for m in r.line.iter().take(LINE_PLIES) {
                let Some(named) = at.name_move(m) else { break };
                line.push(named);
                at = at.after(m);
            }
            Some(AnalysedPly {
                ply: r.ply as u32,
                seat: pos.rules().seat_colour(r.player),
                played: pos.name_move(&r.played)?,
                score: ScoreView::of(r.score, first),
                before: chance(r.before),
                after: chance(r.after),
                judgement: r.class,
                best: r.best.and_then(|b| pos.name_move(&b)),
                line,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_engine::search::{review_game, MoveQuality};
    use camelot_engine::Variant;

    #[test]
    fn an_analysis_names_every_move_and_gives_the_first_sides_chances() {
        let mut game = Game::new(Variant::Camette);
        for _ in 0..6 {
            let m = game.position().legal_moves().to_vec()[0];
            game.play(&m).unwrap();
        }
        let reviewed = review_game(&game, SearchLimits::nodes(3_000), |_, _| true);
        let plies = analysed(&game, &reviewed);
        assert_eq!(plies.len(), 6);
        for (i, (p, r)) in plies.iter().zip(&reviewed).enumerate() {
            assert_eq!(p.ply as usize, i);
            assert_eq!(
                p.played,
                game.position_at(i).name_move(&game.moves()[i]).unwrap()
            );
            assert_eq!(p.best.as_ref(), p.line.first());
            assert!(p.line.len() <= LINE_PLIES);
            // White is the first side: its chances as reviewed; Black's turned over.
            let expect = if i % 2 == 0 { r.before } else { 1.0 - r.before };
            assert!((p.before - expect).abs() < 1e-12, "ply {i}");
            assert!(p.judgement.is_some());
        }
        // After a ply is before the next, both the first side's.
        for w in plies.windows(2) {
            assert!((w[0].after - w[1].before).abs() < 1e-12);
        }
        assert!(plies
            .iter()
            .all(|p| MoveQuality::ALL.contains(&p.judgement.unwrap())));
    }
}
