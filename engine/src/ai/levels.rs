//! Named playing levels, weakest first.

use std::time::Duration;

use super::search::Limits;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// One ply, no search: the best-looking move now. A yardstick, not a level.
    Greedy,
    Search {
        limits: Limits,
        /// Random noise added to every root move's score (centi-men), for variety and
        /// weakness at the low levels.
        noise: i32,
        /// Chance, in thousandths, of playing a random legal move instead.
        blunder: u32,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub name: &'static str,
    pub description: &'static str,
    pub style: Style,
}

impl Level {
    pub fn limits(&self) -> Limits {
        match self.style {
            Style::Greedy => Limits::depth(1),
            Style::Search { limits, .. } => limits,
        }
    }
}

const fn search(depth: Option<u32>, nodes: Option<u64>, noise: i32, blunder: u32) -> Style {
    Style::Search {
        limits: Limits {
            depth,
            nodes,
            time: None,
        },
        noise,
        blunder,
    }
}

/// The yardstick player.
pub const GREEDY: Level = Level {
    name: "greedy",
    description: "one ply, no look-ahead (a yardstick)",
    style: Style::Greedy,
};

/// The levels, weakest first. Search budgets are node counts, so a level plays the same
/// on any machine and a match is reproducible from its seed; on this project's 2-core
/// reference machine the strongest takes a few seconds a move.
pub const LEVELS: [Level; 5] = [
    Level {
        name: "beginner",
        description: "looks one move ahead and blunders now and then",
        style: search(Some(1), None, 150, 100),
    },
    Level {
        name: "novice",
        description: "looks two moves ahead, sometimes carelessly",
        style: search(Some(2), None, 40, 20),
    },
    Level {
        name: "club",
        description: "a club player: 20,000 positions a move",
        style: search(None, Some(20_000), 0, 0),
    },
    Level {
        name: "expert",
        description: "250,000 positions a move",
        style: search(None, Some(250_000), 0, 0),
    },
    Level {
        name: "master",
        description: "the strongest: 2 million positions a move (about a second here)",
        style: search(None, Some(2_000_000), 0, 0),
    },
];

/// Finds a level (or `greedy`) by name, case-insensitively.
pub fn by_name(name: &str) -> Option<Level> {
    let n = name.to_ascii_lowercase();
    std::iter::once(GREEDY).chain(LEVELS).find(|l| l.name == n)
}

/// A level with a time limit instead (the engine protocol's `go movetime`).
pub fn timed(ms: u64) -> Level {
    Level {
        name: "timed",
        description: "searches for a set time",
        style: Style::Search {
            limits: Limits::time(Duration::from_millis(ms)),
            noise: 0,
            blunder: 0,
        },
    }
}
