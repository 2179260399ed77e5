//! How a game is timed, and the limits on it.

use std::fmt;

use camelot_engine::Excerpt;
use serde::{Deserialize, Serialize};

/// How a game is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeControl {
    /// No clock.
    Untimed,
    /// Each seat has `minutes` for the game and gains `increment` seconds a move.
    Clock { minutes: u32, increment: u32 },
    /// Correspondence: each move within this many days.
    Days { days: u32 },
}

/// A time control outside what a game may have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// A clock of no minutes and no increment.
    #[error("a clock needs minutes or an increment")]
    NoTime,
    #[error(
        "a clock of at most {} minutes and {} seconds a move",
        TimeControl::MAX_MINUTES,
        TimeControl::MAX_INCREMENT
    )]
    TooLong,
    #[error("1 to {} days a move", TimeControl::MAX_DAYS)]
    DaysOutOfRange,
    /// Text that is not `MINUTES+INCREMENT`.
    #[error("'{0}' is not a clock: MINUTES+INCREMENT, as in 5+3")]
    NotAClock(Excerpt),
}

impl TimeControl {
    /// The most minutes, increment seconds and days a game may have.
    pub const MAX_MINUTES: u32 = 600;
    pub const MAX_INCREMENT: u32 = 600;
    pub const MAX_DAYS: u32 = 30;

    /// A time control within the limits above, or why not.
    pub fn check(self) -> Result<TimeControl, TimeControlError> {
        match self {
            TimeControl::Clock { minutes, increment } => {
                if minutes == 0 && increment == 0 {
                    return Err(TimeControlError::NoTime);
                }
                if minutes > Self::MAX_MINUTES || increment > Self::MAX_INCREMENT {
                    return Err(TimeControlError::TooLong);
                }
            }
            TimeControl::Days { days } => {
                if !(1..=Self::MAX_DAYS).contains(&days) {
                    return Err(TimeControlError::DaysOutOfRange);
                }
            }
            TimeControl::Untimed => {}
        }
        Ok(self)
    }

    /// `5+3` (minutes and increment seconds), as the command line writes a clock.
    pub fn parse_clock(s: &str) -> Result<TimeControl, TimeControlError> {
        let bad = || TimeControlError::NotAClock(Excerpt::new(s));
        let (m, i) = s.split_once('+').ok_or_else(bad)?;
        let minutes = m.trim().parse().map_err(|_| bad())?;
        let increment = i.trim().parse().map_err(|_| bad())?;
        TimeControl::Clock { minutes, increment }.check()
    }

    /// `5+3` (a clock) or `3d` (days a move), as the command line writes a tournament's
    /// time.
    pub fn parse_clock_or_days(s: &str) -> Result<TimeControl, TimeControlError> {
        match s.trim().strip_suffix('d') {
            Some(days) => match days.trim().parse() {
                Ok(days) => TimeControl::Days { days }.check(),
                Err(_) => Err(TimeControlError::NotAClock(Excerpt::new(s))),
            },
            None => TimeControl::parse_clock(s),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Untimed => f.write_str("no clock"),
            TimeControl::Clock { minutes, increment } => write!(f, "{minutes}+{increment}"),
            TimeControl::Days { days: 1 } => f.write_str("1 day a move"),
            TimeControl::Days { days } => write!(f, "{days} days a move"),
        }
    }
}
