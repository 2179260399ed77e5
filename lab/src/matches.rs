//! AI-against-AI matches: colours alternate, openings vary by a few random plies, and
//! every game is kept as a record.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc;

use camelot_engine::search::{SearchLimits, SearchScore, Searcher, SeededRng as Rng};
use camelot_engine::{Ai, AiDecision, Game, Level, Move, Outcome, PlayError, Side, Variant};

use crate::program::{Program, ProgramError};
use crate::sprt::{Sprt, Verdict};
use crate::tally::Tally;

/// Who plays one side of a match.
#[derive(Clone, Debug)]
pub enum Contender {
    /// This engine at a level.
    Level(Level),
    /// A program speaking the engine protocol (the command and its arguments), asked
    /// for each move under these limits.
    Program {
        command: Vec<String>,
        limits: SearchLimits,
    },
}

impl Contender {
    /// The name records and reports use.
    pub fn name(&self) -> String {
        match self {
            Contender::Level(l) => l.name.to_string(),
            Contender::Program { command, .. } => {
                // The program as given (two builds of one program differ by their path).
                let exe = command.first().map_or("", String::as_str);
                format!("program {exe}")
            }
        }
    }
}

#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub variant: Variant,
    pub a: Contender,
    pub b: Contender,
    pub games: u32,
    pub seed: u64,
    /// Random plies at the start of each game (after any tree placement): 0..=this.
    pub random_plies: u32,
}

/// One finished game of a match.
pub struct Played {
    pub game: Game,
    pub outcome: Outcome,
    /// The side `a` played.
    pub a_side: Side,
    /// For each ply of the game, the score the mover's search gave its position (for
    /// the team to move): `None` for opening random plies, forced moves, setup moves and
    /// outside programs.
    pub scores: Vec<Option<SearchScore>>,
}

impl Played {
    /// 1, ½ or 0 for player `a`.
    pub fn a_score(&self) -> f64 {
        self.outcome.score_for(self.a_side)
    }
}

/// Openings vary, but a random ply must not throw the game away: pick at random among
/// the moves a shallow search scores within a small margin of the best.
fn balanced_random_move(game: &Game, rng: &mut Rng) -> Move {
    const MARGIN: i32 = 40;
    let mut searcher = Searcher::new(1);
    searcher.exact_root = true;
    let pos = game.position();
    let result = searcher.search(pos, &[], SearchLimits::nodes(20_000), |_| {});
    let best = result
        .root_scores
        .iter()
        .map(|&(_, s)| s)
        .max()
        .unwrap_or(0);
    let near: Vec<_> = result
        .root_scores
        .iter()
        .filter(|&&(_, s)| s >= best - MARGIN)
        .map(|&(m, _)| m)
        .collect();
    if near.is_empty() {
        let legal = pos.legal_moves();
        return *legal.get(rng.below(legal.len()));
    }
    near[rng.below(near.len())]
}

/// One side of a game being played.
enum Seat {
    Ai(Box<Ai>),
    Program(Program, SearchLimits),
}

impl Seat {
    fn new(c: &Contender, seed: u64) -> Result<Seat, GameError> {
        Ok(match c {
            Contender::Level(l) => Seat::Ai(Box::new(Ai::new(*l, seed))),
            Contender::Program { command, limits } => Seat::Program(
                Program::start(command).map_err(GameError::Program)?,
                *limits,
            ),
        })
    }

    /// The decision, and the search's score when there was a search.
    fn decide(&mut self, game: &Game) -> Result<(AiDecision, Option<SearchScore>), GameError> {
        match self {
            Seat::Ai(ai) => match ai.decide(game, |_| {}) {
                Some((d, r)) => Ok((d, (r.depth > 0 && r.nodes > 0).then_some(r.score))),
                None => Err(GameError::NoMove),
            },
            Seat::Program(p, limits) => {
                let m = p.best_move(game, *limits).map_err(GameError::Program)?;
                Ok((AiDecision::Play(m), None))
            }
        }
    }
}

/// Why a game of a match could not be played to its end.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// An outside program failed or cheated.
    #[error(transparent)]
    Program(ProgramError),
    /// The AI found no move in a game not over.
    #[error("the AI found no move in a game not over")]
    NoMove,
    #[error("an illegal move was chosen: {0}")]
    IllegalMove(PlayError),
    #[error("a claim was refused: {0}")]
    RefusedClaim(PlayError),
}

/// Why a match stopped before its end: a game that could not be played, the caller's
/// own error from hearing a game, or game numbers past the last there is.
#[derive(Debug, thiserror::Error)]
pub enum MatchError<E> {
    /// Games `first` to `last` (numbered from 1) do not fit in a game number.
    #[error("games {first} to {last} run past the last game number, {}", u32::MAX)]
    PastLastGame { first: u64, last: u64 },
    /// Game `number` (from 1) failed.
    #[error("game {number}: {error}")]
    Game { number: u64, error: GameError },
    /// The caller's `on_game` failed.
    #[error("{0}")]
    Stopped(E),
}

/// Plays game number `index` of a match (numbered from 0).
///
/// Games come in pairs with the same opening and colours swapped, so that an opening
/// that favours one side favours both players once. A game depends only on the
/// configuration and its number, so games can be played in any order or in parallel.
pub fn play_game(cfg: &MatchConfig, index: u32) -> Result<Played, GameError> {
    let seed = cfg.seed.wrapping_mul(1_000_003).wrapping_add(index as u64);
    let mut rng = Rng::new(
        cfg.seed
            .wrapping_mul(1_000_003)
            .wrapping_add((index / 2) as u64)
            ^ 0x0FE1,
    );
    let a_side = Side::from_index(index as usize);
    let mut a = Seat::new(&cfg.a, seed ^ 0xA)?;
    let mut b = Seat::new(&cfg.b, seed ^ 0xB)?;
    let mut game = Game::new(cfg.variant);
    let random = if cfg.random_plies > 0 {
        rng.below(cfg.random_plies as usize + 1)
    } else {
        0
    };
    let mut random_left = random;
    let mut scores = Vec::new();
    loop {
        if let Some(o) = game.outcome().or_else(|| game.automatic_draw()) {
            if game.outcome().is_none() {
                game.declare(o);
            }
            return Ok(Played {
                game,
                outcome: o,
                a_side,
                scores,
            });
        }
        let pos = game.position();
        if !pos.in_setup() && random_left > 0 {
            let m = balanced_random_move(&game, &mut rng);
            game.play(&m).expect("a generated move is legal");
            scores.push(None);
            random_left -= 1;
            continue;
        }
        let seat = if pos.rules().side(pos.turn()) == a_side {
            &mut a
        } else {
            &mut b
        };
        let (decision, score) = seat.decide(&game)?;
        match decision {
            AiDecision::Play(m) => {
                game.play(&m).map_err(GameError::IllegalMove)?;
                scores.push(score);
            }
            AiDecision::Claim(c) => {
                game.claim(c).map_err(GameError::RefusedClaim)?;
            }
        }
    }
}

/// What a match came to.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MatchResult {
    /// Every game played, those still under way when the test decided included.
    pub tally: Tally,
    /// The tally at the game where the sequential test first crossed a bound: its verdict
    /// stands there, whatever the games then under way added.
    pub decided: Option<Tally>,
}

impl MatchResult {
    /// The tally the test's verdict is read at: where it decided, or the end.
    pub fn verdict_tally(&self) -> Tally {
        self.decided.unwrap_or(self.tally)
    }
}

/// Plays games `first`, `first + 1`, ... of a match on `jobs` threads, calling `on_game`
/// with each finished game (in the order they finish) and the tally so far. Stops early
/// when `sprt` reaches a verdict (the games already under way are finished and counted).
/// The first error (a program that failed or cheated, or `on_game` failing) ends the
/// match; so does a game number past `u32::MAX`.
pub fn run_match<E>(
    cfg: &MatchConfig,
    first: u32,
    jobs: usize,
    sprt: Option<Sprt>,
    mut on_game: impl FnMut(u32, &Played, &Tally) -> Result<(), E>,
) -> Result<MatchResult, MatchError<E>> {
    // Games are numbered from 1 in reports and records: the last must fit too.
    if first.checked_add(cfg.games).is_none() {
        return Err(MatchError::PastLastGame {
            first: u64::from(first) + 1,
            last: u64::from(first) + u64::from(cfg.games),
        });
    }
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let mut tally = Tally::default();
    let mut decided = None;
    let mut error = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..jobs.clamp(1, cfg.games.max(1) as usize) {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            std::thread::Builder::new()
                // Searches recurse deeply.
                .stack_size(64 << 20)
                .spawn_scoped(scope, move || loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= cfg.games {
                        break;
                    }
                    let index = first + n;
                    if tx.send((index, play_game(cfg, index))).is_err() {
                        break;
                    }
                })
                .expect("spawns a match thread");
        }
        drop(tx);
        for (index, result) in rx {
            match result {
                Ok(played) => {
                    tally.add(played.a_score());
                    if let Err(e) = on_game(index, &played, &tally) {
                        stop.store(true, Ordering::Relaxed);
                        error.get_or_insert(MatchError::Stopped(e));
                    }
                    if sprt.is_some_and(|s| s.verdict(&tally) != Verdict::Continue) {
                        decided.get_or_insert(tally);
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    error.get_or_insert(MatchError::Game {
                        number: u64::from(index) + 1,
                        error: e,
                    });
                }
            }
        }
    });
    match error {
        Some(e) => Err(e),
        None => Ok(MatchResult { tally, decided }),
    }
}
