//! Matches as the laboratory's tests and the command line's play them: a short Camette
//! match, and every game it played.

use std::convert::Infallible;

use camelot_engine::{Level, Notation, Variant};
use camelot_lab::{run_match, Contender, MatchConfig};

/// A level by its name, as a contender.
pub fn level(name: &str) -> Contender {
    Contender::Level(Level::by_name(name).expect("a level"))
}

/// A Camette match of `games` games, seeded, with a few random opening plies.
pub fn camette_match(a: Contender, b: Contender, games: u32) -> MatchConfig {
    MatchConfig {
        variant: Variant::Camette,
        a,
        b,
        games,
        seed: 7,
        random_plies: 4,
    }
}

/// Every game's moves and result, by game number.
pub fn games_of(cfg: &MatchConfig, jobs: usize) -> Vec<(u32, Vec<String>, f64)> {
    let mut seen = Vec::new();
    let result = run_match(cfg, 0, jobs, None, |i, played, _| {
        seen.push((i, played.game.move_texts(Notation::Wcf), played.a_score()));
        Ok::<(), Infallible>(())
    })
    .expect("the match runs");
    assert_eq!(result.tally.games(), cfg.games);
    assert_eq!(result.decided, None, "no test, no verdict");
    seen.sort_by_key(|g| g.0);
    seen
}
