//! Game review: each move's win probability before and after, against the engine's
//! choice, and a class for how much the move gave away.
//!
//! One search a position: the position after a move is the position before the next,
//! so a game of N plies costs N + 1 searches.

use super::search::{SearchLimits, SearchScore, Searcher};
use super::winprob::win_probability;
use crate::game::Game;
use crate::moves::Move;
use crate::piece::Player;
use crate::position::Position;

/// The budget a review gives each position unless told otherwise: 150,000 nodes, about
/// a fifth of a second here, so a 100-ply game takes under a minute.
pub const REVIEW_NODES: u64 = 150_000;

/// How good a move was, by the win probability it gave away (see [`MoveQuality::of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MoveQuality {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl MoveQuality {
    /// A drop in the mover's win probability below this is no loss worth naming (the
    /// search's own noise between one depth and the next is about that much).
    pub const BEST_BELOW: f64 = 0.01;
    pub const GOOD_BELOW: f64 = 0.05;
    pub const INACCURACY_BELOW: f64 = 0.10;
    pub const MISTAKE_BELOW: f64 = 0.20;

    /// The class of a move that lowered the mover's win probability by `drop` (0 to 1);
    /// the engine's own choice, and a move with no alternative, are `Best`.
    pub fn of(engine_choice: bool, drop: f64) -> MoveQuality {
        if engine_choice || drop < Self::BEST_BELOW {
            MoveQuality::Best
        } else if drop < Self::GOOD_BELOW {
            MoveQuality::Good
        } else if drop < Self::INACCURACY_BELOW {
            MoveQuality::Inaccuracy
        } else if drop < Self::MISTAKE_BELOW {
            MoveQuality::Mistake
        } else {
            MoveQuality::Blunder
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            MoveQuality::Best => "best",
            MoveQuality::Good => "good",
            MoveQuality::Inaccuracy => "inaccuracy",
            MoveQuality::Mistake => "mistake",
            MoveQuality::Blunder => "blunder",
        }
    }
}

impl std::fmt::Display for MoveQuality {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One reviewed ply.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewedPly {
    /// The ply's index in the game (0 is the first move).
    pub ply: usize,
    pub player: Player,
    pub played: Move,
    /// The engine's choice in the position before (`None` for a setup move).
    pub best: Option<Move>,
    /// The search's score of the position before, for the mover's team.
    pub score: SearchScore,
    /// The mover's win probability before the move and after it.
    pub before: f64,
    pub after: f64,
    /// `None` for a setup move (River Camelot's trees), which is not judged.
    pub class: Option<MoveQuality>,
}

/// The value of one position of the game for the team to move there.
struct Valued {
    best: Option<Move>,
    score: SearchScore,
    /// The win probability for the team to move.
    win: f64,
}

/// Reviews every move of `game`, searching each position under `limits`. `progress`
/// hears (positions searched, positions in all) after each search and may return
/// `false` to stop: the review then holds the plies finished so far.
pub fn review_game(
    game: &Game,
    limits: SearchLimits,
    mut progress: impl FnMut(usize, usize) -> bool,
) -> Vec<ReviewedPly> {
    let plies = game.moves().len();
    let mut searcher = Searcher::new(32);
    let mut values: Vec<Valued> = Vec::with_capacity(plies + 1);
    for i in 0..=plies {
        let pos = game.position_at(i);
        // The positions before `i`: the search needs them to see repetitions.
        let history = &game.history()[..i];
        values.push(value(&mut searcher, pos, history, limits));
        if !progress(i + 1, plies + 1) {
            break;
        }
    }
    let mut out = Vec::with_capacity(plies);
    for i in 0..values.len().saturating_sub(1) {
        let (pos, next) = (game.position_at(i), game.position_at(i + 1));
        let rules = pos.rules();
        let me = rules.side(pos.turn());
        let before = values[i].win;
        // The next value is for the team to move there: the opponents, except when a
        // seat is skipped and the turn comes back to the mover's side.
        let after = if rules.side(next.turn()) == me {
            values[i + 1].win
        } else {
            1.0 - values[i + 1].win
        };
        let played = game.moves()[i];
        let class = (!pos.in_setup()).then(|| {
            let only = pos.legal_moves().len() == 1;
            MoveQuality::of(only || values[i].best == Some(played), before - after)
        });
        out.push(ReviewedPly {
            ply: i,
            player: pos.turn(),
            played,
            best: values[i].best,
            score: values[i].score,
            before,
            after,
            class,
        });
    }
    out
}

fn value(
    searcher: &mut Searcher,
    pos: &Position,
    history: &[Position],
    limits: SearchLimits,
) -> Valued {
    if let Some(o) = pos.outcome() {
        return Valued {
            best: None,
            score: SearchScore(0),
            win: o.score_for(pos.rules().side(pos.turn())),
        };
    }
    if pos.in_setup() {
        // Tree placements are not searched: both sides are even before play starts.
        return Valued {
            best: None,
            score: SearchScore(0),
            win: 0.5,
        };
    }
    let r = searcher.search(pos, history, limits, |_| {});
    Valued {
        best: r.best,
        score: r.score,
        win: win_probability(pos.variant(), r.score),
    }
}
