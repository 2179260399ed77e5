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

/// A time of day in UTC, minutes after midnight: when a scheduled tournament starts, or
/// the command line's `--start HH:MM`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeOfDay(u32);

/// Text that is no time of day.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is no time of day: give HH:MM (UTC), as 19:00")]
pub struct BadTimeOfDay(Excerpt);

const DAY_MS: i64 = 86_400_000;

impl TimeOfDay {
    /// `HH:MM`, 00:00 to 23:59.
    pub fn parse(s: &str) -> Result<TimeOfDay, BadTimeOfDay> {
        let bad = || BadTimeOfDay(Excerpt::new(s));
        let (h, m) = s.trim().split_once(':').ok_or_else(bad)?;
        match (h.parse::<u32>(), m.parse::<u32>()) {
            (Ok(h), Ok(m)) if h < 24 && m < 60 => Ok(TimeOfDay(h * 60 + m)),
            _ => Err(bad()),
        }
    }

    /// The time `minutes` after midnight, where that is within the day.
    pub fn from_minutes(minutes: u32) -> Option<TimeOfDay> {
        (minutes < 24 * 60).then_some(TimeOfDay(minutes))
    }

    pub fn minutes(self) -> u32 {
        self.0
    }

    /// Its next moment after `now` (both unix ms).
    pub fn next_after(self, now: i64) -> i64 {
        let today = now - now.rem_euclid(DAY_MS) + i64::from(self.0) * 60_000;
        if today > now {
            today
        } else {
            today + DAY_MS
        }
    }
}

impl std::str::FromStr for TimeOfDay {
    type Err = BadTimeOfDay;

    fn from_str(s: &str) -> Result<TimeOfDay, BadTimeOfDay> {
        TimeOfDay::parse(s)
    }
}

impl fmt::Display for TimeOfDay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.0 / 60, self.0 % 60)
    }
}
