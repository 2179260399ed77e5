//! The tags a program writes on a record, by what they mean: the one place their names
//! are spelled, and the calendar date a `Date` tag holds.

use crate::game::Game;
use crate::move_text::Notation;
use crate::piece::Player;
use crate::record::Record;

/// A moment in UTC as a calendar reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CivilTime {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
}

impl CivilTime {
    /// The calendar time of a Unix time (seconds since 1970, UTC).
    pub fn from_unix_seconds(secs: i64) -> CivilTime {
        let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        // Howard Hinnant's days-to-civil algorithm.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        CivilTime {
            year: yoe + era * 400 + i64::from(month <= 2),
            month,
            day,
            hour: (rem / 3600) as u32,
            minute: (rem % 3600 / 60) as u32,
            second: (rem % 60) as u32,
        }
    }

    /// `2026.11.30`, as a record's `Date` tag writes a day.
    pub fn record_date(&self) -> String {
        format!("{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }
}

/// What a program knows of a game besides its moves, to be written as a record's tags.
/// The variant, the start position, River's trees and the result are the game's own and
/// are filled in by the record itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordTags {
    pub event: Option<String>,
    pub site: Option<String>,
    pub date: Option<CivilTime>,
    pub round: Option<String>,
    /// Who sat in which seat; a seat not named is written `?`.
    pub seats: Vec<(Player, String)>,
    /// The clock, as people write it (`5+3`, `3 days a move`).
    pub time_control: Option<String>,
    /// How the game ended, in words (`resignation`), or `unterminated`.
    pub termination: Option<String>,
    /// A program's own tags, written after these.
    pub other: Vec<(String, String)>,
}

impl RecordTags {
    /// The tags as a record's name-value pairs, for `game`'s seats.
    pub fn pairs(&self, game: &Game) -> Vec<(String, String)> {
        let mut tags = Vec::new();
        let mut put = |name: &str, value: Option<String>| {
            if let Some(v) = value {
                tags.push((name.to_string(), v));
            }
        };
        put("Event", self.event.clone());
        put("Site", self.site.clone());
        put("Date", self.date.map(|d| d.record_date()));
        put("Round", self.round.clone());
        let rules = game.start().rules();
        for p in rules.players_in_order() {
            let name = self.seats.iter().find(|(s, _)| *s == p).map(|(_, n)| n);
            put(rules.seat_title(p), name.cloned());
        }
        put("TimeControl", self.time_control.clone());
        put("Termination", self.termination.clone());
        tags.extend(self.other.iter().cloned());
        tags
    }

    /// The record of `game` with these tags.
    pub fn record(&self, game: &Game, notation: Notation) -> Record {
        let pairs = self.pairs(game);
        let tags: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        Record::from_game(game, &tags, notation)
    }

    /// The record of `game` with these tags, as text.
    pub fn export(&self, game: &Game, notation: Notation) -> String {
        self.record(game, notation).text_for(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn dates_are_the_calendars() {
        let t = CivilTime::from_unix_seconds(1_795_435_262);
        assert_eq!(
            (t.year, t.month, t.day, t.hour, t.minute, t.second),
            (2026, 11, 23, 12, 1, 2)
        );
        assert_eq!(CivilTime::from_unix_seconds(0).record_date(), "1970.01.01");
        assert_eq!(
            CivilTime::from_unix_seconds(1_795_996_800).record_date(),
            "2026.11.30"
        );
        assert_eq!(
            CivilTime::from_unix_seconds(951_782_400).record_date(),
            "2000.02.29"
        );
        assert_eq!(CivilTime::from_unix_seconds(-1).record_date(), "1969.12.31");
    }

    #[test]
    fn tags_come_in_the_records_order_with_every_seat() {
        let game = Game::new(Variant::GrandCam);
        let tags = RecordTags {
            event: Some("club night".into()),
            round: Some("3".into()),
            seats: vec![(Player(2), "Ann".into())],
            termination: Some("resignation".into()),
            ..RecordTags::default()
        };
        let text = tags.export(&game, Notation::Wcf);
        for line in [
            "[Event \"club night\"]",
            "[Round \"3\"]",
            "[Red \"?\"]",
            "[Blue \"Ann\"]",
            "[Termination \"resignation\"]",
        ] {
            assert!(text.contains(line), "{line} in {text}");
        }
        let (rec, _) = Record::import(&text).unwrap();
        assert_eq!(rec.tag("Blue"), Some("Ann"));
    }
}
