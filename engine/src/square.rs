//! Squares and directions.
//!
//! A [`Coord`] is a square's name (`C6`), independent of any board. A [`Square`] is a
//! square of one board geometry: a dense index into that board's cells, which is what the
//! move generator works with. [`crate::board::BoardGeometry`] converts between the two.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::excerpt::Excerpt;

/// Largest file count of any board (Grand Cam: A-M).
pub const MAX_FILES: u8 = 13;
/// Largest rank count of any board (Camelot: 1-16).
pub const MAX_RANKS: u8 = 16;

/// A square's name: file letter and rank number, as in `C6`. Its serde form is that
/// name: boundaries carry squares by name, never by a board's internal index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Coord {
    /// 0 for file A.
    pub file: u8,
    /// 0 for rank 1.
    pub rank: u8,
}

impl Coord {
    pub const fn new(file: u8, rank: u8) -> Coord {
        Coord { file, rank }
    }

    /// Sort key for "rank, then file" order, used wherever squares are listed.
    pub fn order_key(self) -> (u8, u8) {
        (self.rank, self.file)
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.file) as char, self.rank + 1)
    }
}

/// A square name that could not be read; the rejected text is handed back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCoordError {
    pub input: Excerpt,
}

impl fmt::Display for ParseCoordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square name (a file letter A-M and a rank 1-16)",
            self.input
        )
    }
}

impl std::error::Error for ParseCoordError {}

impl FromStr for Coord {
    type Err = ParseCoordError;

    fn from_str(s: &str) -> Result<Coord, ParseCoordError> {
        let err = || ParseCoordError {
            input: Excerpt::new(s),
        };
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(err)?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return Err(err());
        }
        let file = letter as u8 - b'A';
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let rank: u8 = digits.parse().map_err(|_| err())?;
        if file >= MAX_FILES || rank == 0 || rank > MAX_RANKS || digits.starts_with('0') {
            return Err(err());
        }
        Ok(Coord::new(file, rank - 1))
    }
}

impl Serialize for Coord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Coord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Coord, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// A square of one board: an index into that board's cells (at most 160).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Square(pub(crate) u8);

impl Square {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The eight king directions, in the fixed order the generator tries them (which fixes
/// the canonical path printed for a move).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),   // north
    (1, 1),   // north-east
    (1, 0),   // east
    (1, -1),  // south-east
    (0, -1),  // south
    (-1, -1), // south-west
    (-1, 0),  // west
    (-1, 1),  // north-west
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coord_round_trip_and_case() {
        let c: Coord = "c6".parse().unwrap();
        assert_eq!(c, Coord::new(2, 5));
        assert_eq!(c.to_string(), "C6");
        assert_eq!("M13".parse::<Coord>().unwrap().to_string(), "M13");
        assert_eq!("L16".parse::<Coord>().unwrap(), Coord::new(11, 15));
    }

    #[test]
    fn a_coord_travels_as_its_name() {
        let c: Coord = "c6".parse().unwrap();
        assert_eq!(serde_json::to_string(&c).unwrap(), r#""C6""#);
        assert_eq!(
            serde_json::from_str::<Coord>(r#""M13""#).unwrap(),
            Coord::new(12, 12)
        );
        let e = serde_json::from_str::<Coord>(r#""Z99""#).unwrap_err();
        assert!(e.to_string().contains("'Z99' is not a square name"), "{e}");
        assert!(serde_json::from_str::<Coord>("{\"file\":0,\"rank\":0}").is_err());
    }

    #[test]
    fn coord_rejects_bad_names() {
        for bad in [
            "", "C", "6", "C0", "C17", "N5", "C06", "C6x", "é5", "C-1", "CC",
        ] {
            assert!(bad.parse::<Coord>().is_err(), "{bad} should not parse");
        }
    }
}
