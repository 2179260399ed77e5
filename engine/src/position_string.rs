//! Position strings (docs/formats.md): one line of `key=value` fields.
//!
//! ```text
//! variant=camelot turn=white white=KC6,MD6 black=KD10 castle_moves=0,1 must_leave=F1 quiet=3
//! ```
//!
//! One extension, documented in docs/formats.md: `setup=N`, the River Camelot tree placements
//! still to make, so that positions during tree placement print and parse too.
//!
//! Parsing is linear in the input and refuses positions the rules cannot reach: more
//! pieces of a kind than a seat starts with, trees where none may grow or more than
//! are planted, both sides already winners.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::excerpt::Excerpt;
use crate::piece::{Piece, PieceKind, Player};
use crate::position::Position;
use crate::square::{Coord, Square};
use crate::square_set::SquareSet;
use crate::variant::{GoalRule, ParseVariantError, Rules, Variant};

/// The longest position string read: a full Grand Cam board takes under 300 bytes.
pub const MAX_POSITION_BYTES: usize = 2048;

/// Field names other than the seats'.
const OTHER_KEYS: [&str; 7] = [
    "variant",
    "turn",
    "trees",
    "castle_moves",
    "must_leave",
    "quiet",
    "setup",
];

/// Why a position string was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePositionError {
    /// Longer than [`MAX_POSITION_BYTES`].
    TooLong {
        bytes: usize,
    },
    /// A token without `=`.
    NotAField(Excerpt),
    UnknownField(Excerpt),
    DuplicateField(Excerpt),
    MissingField(&'static str),
    Variant(ParseVariantError),
    /// The `turn` names no seat of the variant.
    Turn {
        variant: Variant,
        given: Excerpt,
    },
    /// A piece not written as `K` or `M` and a square.
    PieceSyntax {
        seat: &'static str,
        item: Excerpt,
    },
    /// A name that is no square of this board.
    NotASquare {
        field: &'static str,
        variant: Variant,
        name: Excerpt,
    },
    OnWater {
        field: &'static str,
        square: Coord,
    },
    TwoPieces(Coord),
    /// More pieces of a kind than the seat starts the game with.
    TooManyPieces {
        seat: &'static str,
        kind: PieceKind,
        max: u32,
    },
    NoTrees(Variant),
    TreeTwice(Coord),
    TreeOnPiece(Coord),
    /// A square on which no tree may be planted (river, castle, the text's list).
    TreeNotAllowed(Coord),
    /// More trees on one side of the river than its player plants.
    TooManyTrees {
        max: u8,
    },
    CastleMovesCount {
        players: usize,
    },
    CastleMoves {
        given: Excerpt,
        max: u8,
    },
    Quiet(Excerpt),
    Setup {
        given: Excerpt,
        max: u8,
    },
    /// `must_leave` names a square without a piece of the mover in a castle it must leave.
    MustLeave {
        square: Coord,
        seat: &'static str,
    },
    /// Both sides have already won on the board: no game reaches that.
    BothWin,
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParsePositionError::*;
        f.write_str("bad position string: ")?;
        match self {
            TooLong { bytes } => write!(
                f,
                "{bytes} bytes is too long (at most {MAX_POSITION_BYTES})"
            ),
            NotAField(t) => write!(f, "'{t}' is not a key=value field"),
            UnknownField(k) => write!(
                f,
                "unknown field '{k}' (fields: variant, turn, the seats, trees, castle_moves, must_leave, quiet, setup)"
            ),
            DuplicateField(k) => write!(f, "field '{k}' is given twice"),
            MissingField(k) if OTHER_KEYS.contains(k) => write!(f, "the '{k}' field is missing"),
            MissingField(k) => write!(
                f,
                "the '{k}' field is missing (write '{k}=' for no pieces)"
            ),
            Variant(e) => write!(f, "{e}"),
            Turn { variant, given } => {
                let seats: Vec<&str> = variant
                    .rules()
                    .players_in_order()
                    .map(|p| variant.rules().seat_name(p))
                    .collect();
                write!(
                    f,
                    "turn '{given}' is not a player of {variant} ({})",
                    seats.join(", ")
                )
            }
            PieceSyntax { seat, item } => write!(
                f,
                "{seat}: '{item}' should be K or M followed by a square, as KC6"
            ),
            NotASquare {
                field,
                variant,
                name,
            } => write!(f, "{field}: '{name}' is not a square of the {variant} board"),
            OnWater { field, square } => write!(f, "{field}: {square} is a river square"),
            TwoPieces(sq) => write!(f, "two pieces on {sq}"),
            TooManyPieces { seat, kind, max } => {
                let what = match kind {
                    PieceKind::Knight => "knights",
                    PieceKind::Man => "men",
                };
                write!(f, "{seat} has more than {max} {what}, the most it starts with")
            }
            NoTrees(v) => write!(f, "{v} has no trees"),
            TreeTwice(sq) => write!(f, "trees: {sq} is listed twice"),
            TreeOnPiece(sq) => write!(f, "trees: {sq} holds a piece"),
            TreeNotAllowed(sq) => write!(
                f,
                "trees: no tree may stand on {sq} (river, castle and the squares the rules exclude)"
            ),
            TooManyTrees { max } => write!(
                f,
                "trees: more than {max} trees on one side of the river"
            ),
            CastleMovesCount { players } => write!(
                f,
                "castle_moves: expected {players} numbers, one per player"
            ),
            CastleMoves { given, max } => write!(
                f,
                "castle_moves: '{given}' is not a number from 0 to {max}"
            ),
            Quiet(q) => write!(f, "quiet: '{q}' is not a ply count"),
            Setup { given, max } => write!(
                f,
                "setup: '{given}' is not a number of tree placements left (0 to {max}, trees included)"
            ),
            MustLeave { square, seat } => write!(
                f,
                "must_leave: {square} does not hold a piece of {seat} standing in a castle it must leave"
            ),
            BothWin => f.write_str("both sides have already won on the board"),
        }
    }
}

impl std::error::Error for ParsePositionError {}

type Result<T> = std::result::Result<T, ParsePositionError>;

fn square(rules: &Rules, field: &'static str, name: &str) -> Result<Square> {
    rules
        .square(name)
        .ok_or_else(|| ParsePositionError::NotASquare {
            field,
            variant: rules.variant,
            name: Excerpt::new(name),
        })
}

fn square_list(rules: &Rules, field: &'static str, value: &str) -> Result<Vec<Square>> {
    if value.is_empty() || value == "-" {
        return Ok(Vec::new());
    }
    value
        .split(',')
        .map(|n| square(rules, field, n.trim()))
        .collect()
}

/// The fields of a position string, each once, in a short list: at most one per key.
fn fields(s: &str) -> Result<Vec<(String, &str)>> {
    let mut fields: Vec<(String, &str)> = Vec::new();
    for token in s.split_whitespace() {
        let Some((key, value)) = token.split_once('=') else {
            return Err(ParsePositionError::NotAField(Excerpt::new(token)));
        };
        let key = key.to_ascii_lowercase();
        let seat_name = Variant::ALL
            .iter()
            .any(|v| v.rules().seat_by_name(&key).is_some());
        if !OTHER_KEYS.contains(&key.as_str()) && !seat_name {
            return Err(ParsePositionError::UnknownField(Excerpt::new(&key)));
        }
        if fields.iter().any(|(k, _)| *k == key) {
            return Err(ParsePositionError::DuplicateField(Excerpt::new(&key)));
        }
        fields.push((key, value));
    }
    Ok(fields)
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position> {
        if s.len() > MAX_POSITION_BYTES {
            return Err(ParsePositionError::TooLong { bytes: s.len() });
        }
        let fields = fields(s)?;
        let get = |k: &str| fields.iter().find(|(key, _)| key == k).map(|(_, v)| *v);
        let variant: Variant = get("variant")
            .ok_or(ParsePositionError::MissingField("variant"))?
            .parse()
            .map_err(ParsePositionError::Variant)?;
        let rules = variant.rules();
        for (key, _) in &fields {
            if !OTHER_KEYS.contains(&key.as_str()) && rules.seat_by_name(key).is_none() {
                return Err(ParsePositionError::UnknownField(Excerpt::new(key)));
            }
        }
        let turn = get("turn").ok_or(ParsePositionError::MissingField("turn"))?;
        let turn = rules
            .seat_by_name(turn)
            .ok_or_else(|| ParsePositionError::Turn {
                variant,
                given: Excerpt::new(turn),
            })?;

        let mut pos = Position::empty(variant);
        for player in rules.players_in_order() {
            let name = rules.seat_name(player);
            let list = get(name).ok_or(ParsePositionError::MissingField(name))?;
            place_pieces(&mut pos, player, list)?;
        }
        plant_trees(&mut pos, get("trees").unwrap_or(""))?;
        let trees = pos.trees().len() as u8;

        let castle_moves = castle_moves(rules, get("castle_moves"))?;
        let quiet = match get("quiet") {
            None => 0,
            Some(q) => q
                .parse::<u16>()
                .map_err(|_| ParsePositionError::Quiet(Excerpt::new(q)))?,
        };
        let max_setup = rules.trees.as_ref().map_or(0, |t| t.per_player * 2);
        let setup = match get("setup") {
            None => 0,
            Some(q) => match q.parse::<u8>() {
                Ok(n) if n <= max_setup && n as usize + trees as usize <= max_setup as usize => n,
                _ => {
                    return Err(ParsePositionError::Setup {
                        given: Excerpt::new(q),
                        max: max_setup,
                    })
                }
            },
        };
        pos.set_counters(castle_moves, quiet, setup);
        let must_leave = must_leave(&pos, turn, get("must_leave").unwrap_or("-"))?;
        pos.set_must_leave(must_leave);
        pos.set_turn(turn);
        if setup == 0 && both_win(&pos) {
            return Err(ParsePositionError::BothWin);
        }
        Ok(pos)
    }
}

/// Puts one seat's pieces (`KC6,MD6,...`) on the board.
fn place_pieces(pos: &mut Position, player: Player, list: &str) -> Result<()> {
    let rules = pos.rules();
    let name = rules.seat_name(player);
    if list.is_empty() {
        return Ok(());
    }
    let (max_knights, max_men) = rules.start_counts(player);
    let (mut knights, mut men) = (0, 0);
    for item in list.split(',') {
        let item = item.trim();
        let mut chars = item.chars();
        let kind = match chars.next().map(|c| c.to_ascii_uppercase()) {
            Some('K') => PieceKind::Knight,
            Some('M') => PieceKind::Man,
            _ => {
                return Err(ParsePositionError::PieceSyntax {
                    seat: name,
                    item: Excerpt::new(item),
                })
            }
        };
        let (count, max) = match kind {
            PieceKind::Knight => (&mut knights, max_knights),
            PieceKind::Man => (&mut men, max_men),
        };
        *count += 1;
        if *count > max {
            return Err(ParsePositionError::TooManyPieces {
                seat: name,
                kind,
                max,
            });
        }
        let sq = square(rules, name, chars.as_str())?;
        let coord = rules.geometry.coord(sq);
        if rules.water.contains(sq) {
            return Err(ParsePositionError::OnWater {
                field: name,
                square: coord,
            });
        }
        if pos.piece_at(sq).is_some() {
            return Err(ParsePositionError::TwoPieces(coord));
        }
        pos.put(
            sq,
            Piece {
                owner: player,
                kind,
            },
        );
    }
    Ok(())
}

/// Plants the `trees=` squares: only where the rules let a tree grow, at most as many on
/// each side of the river as its player plants.
fn plant_trees(pos: &mut Position, value: &str) -> Result<()> {
    let rules = pos.rules();
    let trees = square_list(rules, "trees", value)?;
    if trees.is_empty() {
        return Ok(());
    }
    let Some(rule) = &rules.trees else {
        return Err(ParsePositionError::NoTrees(rules.variant));
    };
    let mut per_side = [0u8; 2];
    for t in trees {
        let coord = rules.geometry.coord(t);
        let side = rule.side.iter().position(|s| s.contains(t));
        let Some(side) = side.filter(|_| !rule.excluded.contains(t)) else {
            return Err(ParsePositionError::TreeNotAllowed(coord));
        };
        if pos.piece_at(t).is_some() {
            return Err(ParsePositionError::TreeOnPiece(coord));
        }
        if pos.trees().contains(t) {
            return Err(ParsePositionError::TreeTwice(coord));
        }
        per_side[side] += 1;
        if per_side[side] > rule.per_player {
            return Err(ParsePositionError::TooManyTrees {
                max: rule.per_player,
            });
        }
        pos.set_tree(t);
    }
    Ok(())
}

fn castle_moves(rules: &Rules, value: Option<&str>) -> Result<[u8; 4]> {
    let mut counts = [0u8; 4];
    let Some(v) = value else {
        return Ok(counts);
    };
    let players = rules.players();
    let parts: Vec<&str> = v.splitn(players + 1, ',').collect();
    if parts.len() != players {
        return Err(ParsePositionError::CastleMovesCount { players });
    }
    for (i, p) in parts.iter().enumerate() {
        match p.trim().parse::<u8>() {
            Ok(n) if n <= rules.castle_move_limit => counts[i] = n,
            _ => {
                return Err(ParsePositionError::CastleMoves {
                    given: Excerpt::new(p),
                    max: rules.castle_move_limit,
                })
            }
        }
    }
    Ok(counts)
}

/// The obligations to leave a castle. The mover's is taken as written; anyone else's
/// piece standing in a castle it may only jump into got there by a jump and so must
/// leave.
fn must_leave(pos: &Position, turn: Player, value: &str) -> Result<SquareSet> {
    let rules = pos.rules();
    let mut must_leave = SquareSet::EMPTY;
    for sq in square_list(rules, "must_leave", value)? {
        match pos.piece_at(sq) {
            Some(pc) if pc.owner == turn && rules.no_entry[turn.0 as usize].contains(sq) => {
                must_leave.insert(sq)
            }
            _ => {
                return Err(ParsePositionError::MustLeave {
                    square: rules.geometry.coord(sq),
                    seat: rules.seat_name(turn),
                })
            }
        }
    }
    for p in rules.players_in_order() {
        if p != turn {
            must_leave =
                must_leave.union(pos.pieces_of(p).intersection(rules.no_entry[p.0 as usize]));
        }
    }
    Ok(must_leave)
}

/// Whether the goal castles say both partnerships have won (or, in Anti-Camelot, both
/// have lost by entering): the first such entry ends a game, so none reaches this.
fn both_win(pos: &Position) -> bool {
    let rules = pos.rules();
    let mut decided = [false; 2];
    for p in rules.players_in_order() {
        let inside = pos.pieces_of(p).intersection(rules.goal(p)).len();
        let ends = match rules.goal_rule {
            GoalRule::WinWith(n) => inside >= n as u32,
            GoalRule::EnteringLoses => inside > 0,
        };
        decided[rules.side(p) as usize] |= ends;
    }
    decided[0] && decided[1]
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.rules();
        let g = r.geometry;
        write!(f, "variant={} turn={}", r.variant, r.seat_name(self.turn()))?;
        for player in r.players_in_order() {
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
        let counts: Vec<String> = r
            .players_in_order()
            .map(|p| self.castle_moves(p).to_string())
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
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Position, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
