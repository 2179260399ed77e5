//! Position strings (RULES.md, "Position strings"): one line of `key=value` fields.
//!
//! ```text
//! variant=camelot turn=white white=KC6,MD6 black=KD10 castle_moves=0,1 must_leave=F1 quiet=3
//! ```
//!
//! One extension, documented in the README: `setup=N`, the River Camelot tree placements
//! still to make, so that positions during tree placement print and parse too.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::cellset::CellSet;
use crate::piece::{Kind, Piece, Player};
use crate::position::Position;
use crate::square::Square;
use crate::variant::{Rules, Variant};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePositionError(pub String);

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad position string: {}", self.0)
    }
}

impl std::error::Error for ParsePositionError {}

fn err<T>(msg: impl Into<String>) -> Result<T, ParsePositionError> {
    Err(ParsePositionError(msg.into()))
}

const KNOWN_KEYS: [&str; 6] = [
    "variant",
    "turn",
    "trees",
    "castle_moves",
    "must_leave",
    "quiet",
];

fn square(rules: &Rules, field: &str, name: &str) -> Result<Square, ParsePositionError> {
    match rules.square(name) {
        Some(sq) => Ok(sq),
        None => err(format!(
            "{field}: '{name}' is not a square of the {} board",
            rules.variant
        )),
    }
}

fn square_list(rules: &Rules, field: &str, value: &str) -> Result<Vec<Square>, ParsePositionError> {
    if value.is_empty() || value == "-" {
        return Ok(Vec::new());
    }
    value
        .split(',')
        .map(|n| square(rules, field, n.trim()))
        .collect()
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let mut fields: Vec<(String, &str)> = Vec::new();
        for token in s.split_whitespace() {
            let Some((key, value)) = token.split_once('=') else {
                return err(format!("'{token}' is not a key=value field"));
            };
            let key = key.to_ascii_lowercase();
            if fields.iter().any(|(k, _)| *k == key) {
                return err(format!("field '{key}' is given twice"));
            }
            fields.push((key, value));
        }
        let get = |k: &str| fields.iter().find(|(key, _)| key == k).map(|(_, v)| *v);
        let Some(variant) = get("variant") else {
            return err("the 'variant' field is missing");
        };
        let variant: Variant = variant
            .parse()
            .map_err(|e: crate::variant::ParseVariantError| ParsePositionError(e.to_string()))?;
        let rules = variant.rules();
        let seat_names: Vec<&str> = rules.seats.iter().map(|s| s.name).collect();
        for (key, _) in &fields {
            if !KNOWN_KEYS.contains(&key.as_str())
                && !seat_names.contains(&key.as_str())
                && key != "setup"
            {
                return err(format!(
                    "unknown field '{key}' (fields: variant, turn, {}, trees, castle_moves, must_leave, quiet, setup)",
                    seat_names.join(", ")
                ));
            }
        }
        let Some(turn) = get("turn") else {
            return err("the 'turn' field is missing");
        };
        let Some(turn) = rules.seat_by_name(turn) else {
            return err(format!(
                "turn '{turn}' is not a player of {variant} ({})",
                seat_names.join(", ")
            ));
        };

        let mut pos = Position::empty(variant);
        for (i, name) in seat_names.iter().enumerate() {
            let Some(list) = get(name) else {
                return err(format!(
                    "the '{name}' field is missing (write '{name}=' for no pieces)"
                ));
            };
            if list.is_empty() {
                continue;
            }
            for item in list.split(',') {
                let item = item.trim();
                let mut chars = item.chars();
                let kind = match chars.next().map(|c| c.to_ascii_uppercase()) {
                    Some('K') => Kind::Knight,
                    Some('M') => Kind::Man,
                    _ => {
                        return err(format!(
                            "{name}: '{item}' should be K or M followed by a square, as KC6"
                        ))
                    }
                };
                let sq = square(rules, name, chars.as_str())?;
                if rules.water.contains(sq) {
                    return err(format!(
                        "{name}: {} is a river square",
                        rules.geometry.name(sq)
                    ));
                }
                if pos.piece_at(sq).is_some() {
                    return err(format!("{name}: two pieces on {}", rules.geometry.name(sq)));
                }
                pos.put(
                    sq,
                    Piece {
                        owner: Player(i as u8),
                        kind,
                    },
                );
            }
        }

        let trees = square_list(rules, "trees", get("trees").unwrap_or(""))?;
        if !trees.is_empty() && rules.trees.is_none() {
            return err(format!("{variant} has no trees"));
        }
        for &t in &trees {
            let name = rules.geometry.name(t);
            if rules.water.contains(t) || rules.bridges.contains(t) {
                return err(format!("trees: {name} is a river square"));
            }
            if pos.piece_at(t).is_some() {
                return err(format!("trees: {name} holds a piece"));
            }
            if pos.trees.contains(t) {
                return err(format!("trees: {name} is listed twice"));
            }
            pos.set_tree(t);
        }

        let players = rules.players();
        let mut castle_moves = [0u8; 4];
        if let Some(v) = get("castle_moves") {
            let parts: Vec<&str> = v.split(',').collect();
            if parts.len() != players {
                return err(format!(
                    "castle_moves: expected {players} numbers, one per player"
                ));
            }
            for (i, p) in parts.iter().enumerate() {
                match p.trim().parse::<u8>() {
                    Ok(n) if n <= rules.castle_move_limit => castle_moves[i] = n,
                    _ => {
                        return err(format!(
                            "castle_moves: '{p}' is not a number from 0 to {}",
                            rules.castle_move_limit
                        ))
                    }
                }
            }
        }
        let quiet = match get("quiet") {
            None => 0,
            Some(q) => q
                .parse::<u16>()
                .or_else(|_| err(format!("quiet: '{q}' is not a ply count")))?,
        };
        let max_setup = rules.trees.as_ref().map_or(0, |t| t.per_player * 2);
        let setup = match get("setup") {
            None => 0,
            Some(q) => match q.parse::<u8>() {
                Ok(n) if n <= max_setup && n as usize + trees.len() <= max_setup as usize => n,
                _ => return err(format!("setup: '{q}' is not a number of tree placements left (0 to {max_setup}, trees included)")),
            },
        };
        pos.set_counters(castle_moves, quiet, setup);

        // The mover's obligation is taken as written; anyone else's piece standing in a
        // castle it may only jump into got there by a jump and so must leave.
        let mut must_leave = CellSet::EMPTY;
        for sq in square_list(rules, "must_leave", get("must_leave").unwrap_or("-"))? {
            let name = rules.geometry.name(sq);
            match pos.piece_at(sq) {
                Some(pc) if pc.owner == turn && rules.no_entry[turn.0 as usize].contains(sq) => {
                    must_leave.insert(sq)
                }
                _ => {
                    return err(format!(
                        "must_leave: {name} does not hold a piece of {} standing in a castle it must leave",
                        rules.seat_name(turn)
                    ))
                }
            }
        }
        for p in 0..players {
            if p != turn.0 as usize {
                must_leave = must_leave.union(
                    pos.pieces_of(Player(p as u8))
                        .intersection(rules.no_entry[p]),
                );
            }
        }
        pos.set_must_leave(must_leave);
        pos.set_turn(turn);
        Ok(pos)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.rules();
        let g = r.geometry;
        write!(f, "variant={} turn={}", r.variant, r.seat_name(self.turn()))?;
        for p in 0..r.players() {
            let player = Player(p as u8);
            let list: Vec<String> = self
                .pieces_of(player)
                .iter()
                .map(|sq| {
                    let pc = self.piece_at(sq).expect("occupancy and board agree");
                    format!("{}{}", pc.kind.letter(), g.name(sq))
                })
                .collect();
            write!(f, " {}={}", r.seat_name(player), list.join(","))?;
        }
        if !self.trees().is_empty() {
            let t: Vec<String> = self.trees().iter().map(|s| g.name(s)).collect();
            write!(f, " trees={}", t.join(","))?;
        }
        let counts: Vec<String> = (0..r.players())
            .map(|p| self.castle_moves(Player(p as u8)).to_string())
            .collect();
        if counts.iter().any(|c| c != "0") {
            write!(f, " castle_moves={}", counts.join(","))?;
        }
        let leave = self.must_leave_now();
        if !leave.is_empty() {
            let l: Vec<String> = leave.iter().map(|s| g.name(s)).collect();
            write!(f, " must_leave={}", l.join(","))?;
        }
        if self.quiet() != 0 {
            write!(f, " quiet={}", self.quiet())?;
        }
        if self.setup_left() != 0 {
            write!(f, " setup={}", self.setup_left())?;
        }
        Ok(())
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
