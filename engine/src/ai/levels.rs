//! Named playing levels, weakest first.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::search::SearchLimits;
use crate::excerpt::Excerpt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// One ply, no search: the best-looking move now. A yardstick, not a level.
    Greedy,
    Search {
        limits: SearchLimits,
        /// Random noise added to every root move's score (centi-men), for variety and
        /// weakness at the low levels.
        noise: i32,
        /// Chance, in thousandths, of playing a random legal move instead.
        blunder: u32,
        /// Search threads; 0: one per core. Only a timed level uses more than one (a
        /// node budget shared by threads would not play the same game twice).
        threads: u32,
    },
}

/// A way of playing: a search budget, and at the low levels some noise and slips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub name: &'static str,
    pub description: &'static str,
    pub(crate) style: Style,
}

impl Level {
    pub fn limits(&self) -> SearchLimits {
        match self.style {
            Style::Greedy => SearchLimits::depth(1),
            Style::Search { limits, .. } => limits,
        }
    }

    /// A plain search with these limits: no noise, no slips.
    pub const fn with_limits(name: &'static str, limits: SearchLimits) -> Level {
        Level {
            name,
            description: "a search with set limits",
            style: Style::Search {
                limits,
                noise: 0,
                blunder: 0,
                threads: 1,
            },
        }
    }

    /// Finds a level (or `greedy`) by name, case-insensitively.
    pub fn by_name(name: &str) -> Option<Level> {
        let n = name.to_ascii_lowercase();
        Level::all().find(|l| l.name == n)
    }

    /// Every level, weakest first, then `greedy`.
    pub fn all() -> impl Iterator<Item = Level> {
        LEVELS.into_iter().chain(std::iter::once(Level::GREEDY))
    }

    /// The same level thinking for a set time a move instead of its own budget (its
    /// noise and slips kept): for matches at equal time. `greedy` stays one ply.
    pub fn with_time(self, t: Duration) -> Level {
        match self.style {
            Style::Greedy => self,
            Style::Search {
                noise,
                blunder,
                threads,
                ..
            } => Level {
                style: Style::Search {
                    limits: SearchLimits::time(t),
                    noise,
                    blunder,
                    threads,
                },
                ..self
            },
        }
    }

    /// The same level on one thread, its budget cut short where it would take longer
    /// than `t` (a game's clock): a server plays many games at once.
    pub fn within(self, t: Duration) -> Level {
        match self.style {
            Style::Greedy => self,
            Style::Search {
                limits,
                noise,
                blunder,
                ..
            } => Level {
                style: Style::Search {
                    limits: SearchLimits {
                        time: Some(limits.time.map_or(t, |own| own.min(t))),
                        ..limits
                    },
                    noise,
                    blunder,
                    threads: 1,
                },
                ..self
            },
        }
    }

    /// A level that searches for a set time (the engine protocol's `go movetime`).
    pub fn timed(ms: u64) -> Level {
        Level {
            description: "searches for a set time",
            ..Level::with_limits("timed", SearchLimits::time(Duration::from_millis(ms)))
        }
    }
}

const fn search(depth: Option<u32>, nodes: Option<u64>, noise: i32, blunder: u32) -> Style {
    Style::Search {
        limits: SearchLimits {
            depth,
            nodes,
            time: None,
        },
        noise,
        blunder,
        threads: 1,
    }
}

/// How long the grandmaster thinks a move.
pub const GRANDMASTER_TIME: Duration = Duration::from_secs(3);

impl Level {
    /// Looks one move ahead and blunders now and then.
    pub const BEGINNER: Level = Level {
        name: "beginner",
        description: "looks one move ahead and blunders now and then",
        style: search(Some(1), None, 150, 100),
    };
    pub const NOVICE: Level = Level {
        name: "novice",
        description: "looks two moves ahead, sometimes carelessly",
        style: search(Some(2), None, 40, 20),
    };
    pub const CLUB: Level = Level {
        name: "club",
        description: "a club player: 20,000 positions a move",
        style: search(None, Some(20_000), 0, 0),
    };
    pub const EXPERT: Level = Level {
        name: "expert",
        description: "250,000 positions a move",
        style: search(None, Some(250_000), 0, 0),
    };
    pub const MASTER: Level = Level {
        name: "master",
        description: "the strongest: 2 million positions a move (two to three seconds here)",
        style: search(None, Some(2_000_000), 0, 0),
    };
    /// The only level whose games depend on the machine: a set time on every core.
    pub const GRANDMASTER: Level = Level {
        name: "grandmaster",
        description: "thinks three seconds a move on every core",
        style: Style::Search {
            limits: SearchLimits {
                depth: None,
                nodes: None,
                time: Some(GRANDMASTER_TIME),
            },
            noise: 0,
            blunder: 0,
            threads: 0,
        },
    };
    /// The yardstick player: one ply, no search.
    pub const GREEDY: Level = Level {
        name: "greedy",
        description: "one ply, no look-ahead (a yardstick)",
        style: Style::Greedy,
    };
}

/// The levels, weakest first. Search budgets are node counts, so a level plays the same
/// on any machine and a match is reproducible from its seed; on this project's 2-core
/// reference machine master takes a few seconds a move. The grandmaster alone thinks
/// for a set time on every core, so its games are not reproducible.
pub const LEVELS: [Level; 6] = [
    Level::BEGINNER,
    Level::NOVICE,
    Level::CLUB,
    Level::EXPERT,
    Level::MASTER,
    Level::GRANDMASTER,
];

/// The levels a server plays for a seat: all but the grandmaster (every core for three
/// seconds a move is not a server's to give one game).
pub const SERVER_LEVELS: [Level; 5] = [
    Level::BEGINNER,
    Level::NOVICE,
    Level::CLUB,
    Level::EXPERT,
    Level::MASTER,
];

/// A level name that is none of [`Level::all`]'s; the rejected text is handed back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError {
    pub input: Excerpt,
}

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Level::all().map(|l| l.name).collect();
        write!(
            f,
            "unknown level '{}' (levels: {})",
            self.input,
            names.join(", ")
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::by_name(s.trim()).ok_or_else(|| ParseLevelError {
            input: Excerpt::new(s),
        })
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A level travels as its name: `"club"`.
impl serde::Serialize for Level {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name)
    }
}

impl<'de> serde::Deserialize<'de> for Level {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

impl Level {
    /// Threads this level searches on (`Style::Search::threads` with 0 made the core
    /// count).
    pub fn threads(&self) -> usize {
        match self.style {
            Style::Search { threads: 0, .. } => {
                std::thread::available_parallelism().map_or(1, |n| n.get())
            }
            Style::Search { threads, .. } => threads as usize,
            Style::Greedy => 1,
        }
    }
}
