//! The computer opponent: search, evaluation, levels, review and the win probability.

mod eval;
mod eval_cache;
mod features;
mod levels;
mod pruning;
mod review;
mod rng;
mod search;
mod tree_planting;
mod tt;
mod weights;
mod winprob;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::game::{DrawClaim, Game};
use crate::moves::Move;
use crate::tables::Tablebase;

pub use features::{
    eval_features, eval_params, eval_weights_from, linear_eval, EVAL_PARAMS, PARAM_APPROACH,
    PARAM_MAN,
};
pub(crate) use levels::Style;
pub use levels::{Level, ParseLevelError, LEVELS, SERVER_LEVELS};
pub use review::{review_game, GameReviewer, MoveQuality, ReviewedPly, REVIEW_NODES};
pub use rng::SeededRng;
pub use search::{
    usable_search_threads, SearchInfo, SearchLimits, SearchLine, SearchResult, SearchScore,
    Searcher, MAX_SEARCH_DEPTH,
};
pub use weights::{EvalWeights, WeightsError};
pub use winprob::win_probability;

/// A draw is claimed unless the search sees the AI ahead by more than this (centi-men):
/// an even position's score swings by a few points with the depth's parity (the side to
/// move has the tempo), which is not an advantage worth playing on for.
const CLAIM_MARGIN: i32 = 25;

/// The levels that play from a solved table when they are given one.
pub const TABLEBASE_LEVELS: [Level; 3] = [Level::EXPERT, Level::MASTER, Level::GRANDMASTER];

/// What the AI wants to do on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AiDecision {
    Play(Move),
    /// Claim a draw (it is available and the AI is not clearly ahead).
    Claim(DrawClaim),
}

/// A computer player: a level, a seeded generator and a searcher (whose table persists
/// between moves).
pub struct Ai {
    pub level: Level,
    searcher: Searcher,
    rng: SeededRng,
}

impl Ai {
    pub fn new(level: Level, seed: u64) -> Ai {
        Ai {
            level,
            searcher: Searcher::new(32),
            rng: SeededRng::new(seed),
        }
    }

    /// The flag that stops the current search (the best move so far is then played).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.searcher.stop_flag()
    }

    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.searcher.set_stop_flag(flag);
    }

    /// Hands the AI Camette's solved table: the top levels ([`TABLEBASE_LEVELS`]) then
    /// play perfectly from it; the others keep playing by search, as they always have.
    pub fn set_tablebase(&mut self, table: Option<Arc<Tablebase>>) {
        let top = TABLEBASE_LEVELS.iter().any(|l| l.name == self.level.name);
        self.searcher.set_tablebase(table.filter(|_| top));
    }

    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// Decides the move (or draw claim) for the player to move; `None` if the game is
    /// over. `on_info` hears each completed search depth.
    pub fn decide(
        &mut self,
        game: &Game,
        on_info: impl FnMut(&SearchInfo),
    ) -> Option<(AiDecision, SearchResult)> {
        if game.is_over() {
            return None;
        }
        let pos = game.position();
        let legal = pos.legal_moves().to_vec();
        if legal.is_empty() {
            return None;
        }
        if pos.in_setup() {
            let mut scored = tree_planting::score_placements(pos);
            let noise = match self.level.style {
                Style::Search { noise, .. } => noise / 10,
                Style::Greedy => 0,
            };
            for (_, s) in scored.iter_mut() {
                *s += self.rng.spread(noise);
            }
            let best = scored
                .iter()
                .max_by_key(|(_, s)| *s)
                .map(|(m, _)| *m)
                .unwrap_or(legal[0]);
            return Some((AiDecision::Play(best), empty_result(best)));
        }
        if legal.len() == 1 && game.claimable().is_empty() {
            // A forced move needs no thought.
            return Some((AiDecision::Play(legal[0]), empty_result(legal[0])));
        }
        let history = game.history();
        let (result, noise, blunder) = match self.level.style {
            Style::Greedy => (greedy(game), 0, 0),
            Style::Search {
                limits,
                noise,
                blunder,
                ..
            } => {
                self.searcher.exact_root = noise > 0;
                self.searcher.threads = self.level.threads();
                (
                    self.searcher.search(pos, history, limits, on_info),
                    noise,
                    blunder,
                )
            }
        };
        let claims = game.claimable();
        if let Some(&claim) = claims.first() {
            if result.score.0 <= CLAIM_MARGIN {
                return Some((AiDecision::Claim(claim), result));
            }
        }
        let mut choice = result.best.unwrap_or(legal[0]);
        if noise > 0 && !result.root_scores.is_empty() {
            let rng = &mut self.rng;
            choice = result
                .root_scores
                .iter()
                .map(|&(m, s)| (m, s + rng.spread(noise)))
                .max_by_key(|&(_, s)| s)
                .map(|(m, _)| m)
                .unwrap_or(choice);
        }
        if blunder > 0 && (self.rng.below(1000) as u32) < blunder {
            choice = legal[self.rng.below(legal.len())];
        }
        Some((AiDecision::Play(choice), result))
    }
}

fn empty_result(m: Move) -> SearchResult {
    SearchResult {
        best: Some(m),
        score: search::SearchScore(0),
        depth: 0,
        nodes: 0,
        time: std::time::Duration::ZERO,
        pv: vec![m],
        root_scores: vec![],
        lines: vec![search::SearchLine {
            score: search::SearchScore(0),
            pv: vec![m],
        }],
    }
}

/// One ply: the move whose resulting position evaluates best (a won game first).
fn greedy(game: &Game) -> SearchResult {
    let pos = game.position();
    let me = pos.rules().side(pos.turn());
    let mut best: Option<(Move, i32)> = None;
    let mut scores = Vec::new();
    for m in pos.legal_moves().iter() {
        let child = pos.after(m);
        let s = match child.outcome() {
            Some(o) if o.winner == Some(me) => search::WIN,
            Some(o) if o.winner.is_some() => -search::WIN,
            Some(_) => 0,
            None => -eval::evaluate(&child),
        };
        scores.push((*m, s));
        if best.is_none_or(|(_, b)| s > b) {
            best = Some((*m, s));
        }
    }
    let (m, s) = best.expect("a game not over has a move");
    SearchResult {
        best: Some(m),
        score: search::SearchScore(s),
        depth: 1,
        nodes: scores.len() as u64,
        time: std::time::Duration::ZERO,
        pv: vec![m],
        root_scores: scores,
        lines: vec![search::SearchLine {
            score: search::SearchScore(s),
            pv: vec![m],
        }],
    }
}
