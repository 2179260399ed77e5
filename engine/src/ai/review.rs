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
/// Its words (`"best"`, `"inaccuracy"`, ...) are the server's analysis's judgements.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum MoveQuality {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl MoveQuality {
    pub const ALL: [MoveQuality; 5] = [
        MoveQuality::Best,
        MoveQuality::Good,
        MoveQuality::Inaccuracy,
        MoveQuality::Mistake,
        MoveQuality::Blunder,
    ];

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
    /// The line the search expects from the position before, `best` first (empty for a
    /// setup move).
    pub line: Vec<Move>,
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
    /// The search's principal variation, `best` first.
    line: Vec<Move>,
    score: SearchScore,
    /// The win probability for the team to move.
    win: f64,
}

/// A review done a position at a time, so that whoever runs it may stop between two
/// positions and go on later (the server plays a computer's turn in between): each
/// [`step`](GameReviewer::step) searches one position, [`finish`](GameReviewer::finish)
/// judges the moves between the positions searched.
pub struct GameReviewer {
    game: Game,
    limits: SearchLimits,
    searcher: Searcher,
    values: Vec<Valued>,
}

impl GameReviewer {
    pub fn new(game: Game, limits: SearchLimits) -> GameReviewer {
        GameReviewer {
            values: Vec::with_capacity(game.moves().len() + 1),
            game,
            limits,
            searcher: Searcher::new(32),
        }
    }

    /// The positions a whole review searches: the start and the one after each move.
    pub fn positions(&self) -> usize {
        self.game.moves().len() + 1
    }

    /// The positions searched so far.
    pub fn searched(&self) -> usize {
        self.values.len()
    }

    /// Searches the next position; `false` once every position has been searched.
    pub fn step(&mut self) -> bool {
        let i = self.values.len();
        if i >= self.positions() {
            return false;
        }
        let pos = self.game.position_at(i);
        // The positions before `i`: the search needs them to see repetitions.
        let history = &self.game.history()[..i];
        let valued = value(&mut self.searcher, pos, history, self.limits);
        self.values.push(valued);
        true
    }

    /// The moves judged, as far as the positions searched reach.
    pub fn finish(self) -> Vec<ReviewedPly> {
        let (game, values) = (self.game, self.values);
        let mut out = Vec::with_capacity(values.len());
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
                line: values[i].line.clone(),
                score: values[i].score,
                before,
                after,
                class,
            });
        }
        out
    }
}

/// Reviews every move of `game`, searching each position under `limits`. `progress`
/// hears (positions searched, positions in all) after each search and may return
/// `false` to stop: the review then holds the plies finished so far.
pub fn review_game(
    game: &Game,
    limits: SearchLimits,
    mut progress: impl FnMut(usize, usize) -> bool,
) -> Vec<ReviewedPly> {
    let mut reviewer = GameReviewer::new(game.clone(), limits);
    while reviewer.step() {
        if !progress(reviewer.searched(), reviewer.positions()) {
            break;
        }
    }
    reviewer.finish()
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
            line: Vec::new(),
            score: SearchScore(0),
            win: o.score_for(pos.rules().side(pos.turn())),
        };
    }
    if pos.in_setup() {
        // Tree placements are not searched: both sides are even before play starts.
        return Valued {
            best: None,
            line: Vec::new(),
            score: SearchScore(0),
            win: 0.5,
        };
    }
    let r = searcher.search(pos, history, limits, |_| {});
    Valued {
        best: r.best,
        line: r.pv,
        score: r.score,
        win: win_probability(pos.variant(), r.score),
    }
}
