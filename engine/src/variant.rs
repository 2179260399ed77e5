//! The six variants as data: board, seats, castles, start position and the rule switches
//! in which they differ. Code asks these descriptors; it never matches on the variant.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::board::BoardGeometry;
use crate::excerpt::Excerpt;
use crate::piece::{PieceKind, Player, SeatColour, Side};
use crate::square::Square;
use crate::square_set::SquareSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    Camelot,
    Classic,
    River,
    Anti,
    Camette,
    GrandCam,
}

impl Variant {
    pub const ALL: [Variant; 6] = [
        Variant::Camelot,
        Variant::Classic,
        Variant::River,
        Variant::Anti,
        Variant::Camette,
        Variant::GrandCam,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Variant::Camelot => "camelot",
            Variant::Classic => "classic",
            Variant::River => "river",
            Variant::Anti => "anti",
            Variant::Camette => "camette",
            Variant::GrandCam => "grandcam",
        }
    }

    pub fn rules(self) -> &'static Rules {
        static RULES: OnceLock<Vec<Rules>> = OnceLock::new();
        let all = RULES.get_or_init(|| Variant::ALL.iter().map(|&v| Rules::build(v)).collect());
        &all[self as usize]
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A variant name that is not one of [`Variant::ALL`]; the rejected text is handed back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseVariantError {
    pub input: Excerpt,
}

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        write!(
            f,
            "unknown variant '{}' (expected one of: {})",
            self.input,
            ids.join(", ")
        )
    }
}

impl std::error::Error for ParseVariantError {}

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        let lower = s.trim().to_ascii_lowercase();
        Variant::ALL
            .iter()
            .copied()
            .find(|v| v.id() == lower)
            .ok_or_else(|| ParseVariantError {
                input: Excerpt::new(s),
            })
    }
}

/// What entering the goal castle does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GoalRule {
    /// The player wins with this many own pieces in the goal castle.
    WinWith(u8),
    /// Entering the opponent's castle loses at once (Anti-Camelot).
    EnteringLoses,
}

/// What capturing every enemy piece does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CaptureAllRule {
    /// The capturer wins if it has at least this many pieces left.
    WinWithAtLeast(u32),
    /// The side whose pieces are all gone wins (Anti-Camelot).
    VictimWins,
}

/// What happens when the side to move has no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NoMoveRule {
    /// The other side wins if it has 2+ pieces, else a draw (WCF Camelot, River).
    OtherWinsWithTwo,
    /// A draw (1930 rules, rule 11).
    Draw,
    /// The side that cannot move wins (Anti-Camelot).
    StalematedWins,
    /// The side that cannot move loses (Camette).
    StalematedLoses,
    /// The player passes; a draw only if no player at all can move (Grand Cam).
    Pass,
}

/// River Camelot's tree placement.
#[derive(Clone, Debug)]
pub(crate) struct TreeRule {
    pub per_player: u8,
    /// Squares on which no tree may stand: the text's list, plus the castles (see the
    /// rulings of docs/rules.md).
    pub excluded: SquareSet,
    /// `side[player]`: the squares on that player's side of the river.
    pub side: [SquareSet; 2],
}

/// One seat at the table.
#[derive(Clone, Debug)]
pub(crate) struct Seat {
    pub colour: SeatColour,
    pub castle: SquareSet,
    /// The seat whose castle is this seat's goal.
    pub goal_seat: Player,
}

/// Everything the engine needs to know about one variant.
#[derive(Clone, Debug)]
pub struct Rules {
    pub variant: Variant,
    pub name: &'static str,
    pub description: &'static str,
    pub geometry: &'static BoardGeometry,
    pub(crate) seats: Vec<Seat>,
    /// `goal[p]`: the squares of p's goal castle.
    pub(crate) goal: [SquareSet; 4],
    /// `no_entry[p]`: castles p may enter only by a jump and must then leave: its own,
    /// and in Grand Cam its partner's and its non-opposite opponent's.
    pub(crate) no_entry: [SquareSet; 4],
    pub start: Vec<(Player, PieceKind, Square)>,
    /// River squares not covered by a bridge: never entered.
    pub water: SquareSet,
    pub bridges: SquareSet,
    pub(crate) trees: Option<TreeRule>,
    /// 1930 rules: a jump into one's own castle ends the move there.
    pub(crate) own_castle_jump_ends_move: bool,
    /// 1930 rules: a possible charge out of one's own castle also makes a capturing exit
    /// compulsory.
    pub(crate) charge_out_compulsory: bool,
    pub(crate) goal_rule: GoalRule,
    /// Plain moves between the two goal-castle squares allowed per player per game.
    pub(crate) castle_move_limit: u8,
    pub(crate) castle_move_resets_quiet: bool,
    pub(crate) capture_all: CaptureAllRule,
    /// Both sides with at most one piece is an automatic draw.
    pub(crate) bare_draw: bool,
    pub(crate) no_move: NoMoveRule,
    /// Plies of the 50-move claim (50 moves by each player).
    pub fifty_move_plies: u16,
    /// How a game of this variant is won, in one paragraph: the rules window opens with
    /// it, and `docs/rules.md` opens the variant's part with the same words (a test
    /// holds the two together).
    pub how_to_win: &'static str,
    /// The text of the rules, summarised for help screens.
    summary: &'static str,
}

impl Rules {
    pub fn players(&self) -> usize {
        self.seats.len()
    }

    pub fn square(&self, name: &str) -> Option<Square> {
        self.geometry.parse_square(name)
    }

    /// The side a seat plays for: partners share one (Red and Blue, Green and Yellow).
    pub fn side(&self, p: Player) -> Side {
        Side::of(p)
    }

    /// The seats of a side, in turn order: one, or two partners.
    pub fn side_seats(&self, side: Side) -> impl Iterator<Item = Player> + '_ {
        self.players_in_order()
            .filter(move |&p| Side::of(p) == side)
    }

    /// A side as players say it: "White", "Red and Blue".
    pub fn side_name(&self, side: Side) -> String {
        let names: Vec<&str> = self.side_seats(side).map(|p| self.seat_title(p)).collect();
        names.join(" and ")
    }

    pub fn next_player(&self, p: Player) -> Player {
        Player((p.0 + 1) % self.seats.len() as u8)
    }

    /// The colour that names the seat.
    pub fn seat_colour(&self, p: Player) -> SeatColour {
        self.seats[p.0 as usize].colour
    }

    /// The seat's name as position strings write it: `white`, `red`.
    pub fn seat_name(&self, p: Player) -> &'static str {
        self.seat_colour(p).name()
    }

    /// The seat's name as players say it: `White`, `Red`.
    pub fn seat_title(&self, p: Player) -> &'static str {
        self.seat_colour(p).title()
    }

    /// Every seat, in turn order.
    pub fn players_in_order(&self) -> impl Iterator<Item = Player> {
        (0..self.seats.len() as u8).map(Player)
    }

    /// The seat's partner (Grand Cam), or `None` where everyone plays alone.
    pub fn partner(&self, p: Player) -> Option<Player> {
        let n = self.seats.len() as u8;
        (n == 4).then(|| Player((p.0 + 2) % n))
    }

    /// The squares of the seat's own castle.
    pub fn castle(&self, p: Player) -> SquareSet {
        self.seats[p.0 as usize].castle
    }

    /// The squares of the castle the seat plays towards.
    pub fn goal(&self, p: Player) -> SquareSet {
        self.goal[p.0 as usize]
    }

    /// How many knights and men the seat starts with: no piece is ever added, so no
    /// position can have more.
    pub fn start_counts(&self, p: Player) -> (u32, u32) {
        self.start.iter().filter(|(owner, _, _)| *owner == p).fold(
            (0, 0),
            |(k, m), (_, kind, _)| match kind {
                PieceKind::Knight => (k + 1, m),
                PieceKind::Man => (k, m + 1),
            },
        )
    }

    /// Whether the 1930 numbered notation names this board's squares (the 160-square
    /// board only).
    pub fn has_numbered_squares(&self) -> bool {
        self.geometry.len() == 160
    }

    /// The seat of this colour, if the variant has one.
    pub fn seat_with_colour(&self, colour: SeatColour) -> Option<Player> {
        self.seats
            .iter()
            .position(|s| s.colour == colour)
            .map(|i| Player(i as u8))
    }

    pub fn seat_by_name(&self, name: &str) -> Option<Player> {
        let lower = name.to_ascii_lowercase();
        self.seats
            .iter()
            .position(|s| s.colour.name() == lower)
            .map(|i| Player(i as u8))
    }

    pub fn all_castles(&self) -> SquareSet {
        self.seats
            .iter()
            .fold(SquareSet::EMPTY, |acc, s| acc.union(s.castle))
    }

    fn build(variant: Variant) -> Rules {
        let base = camelot(variant);
        let mut r = match variant {
            Variant::Camelot => base,
            Variant::Classic => Rules {
                name: "Camelot (1930 Parker rules)",
                description: "The Parker Brothers rules: a jump into your own castle ends the move; stalemate draws.",
                own_castle_jump_ends_move: true,
                charge_out_compulsory: true,
                castle_move_resets_quiet: true,
                no_move: NoMoveRule::Draw,
                how_to_win: HOW_TO_WIN_CLASSIC,
                summary: SUMMARY_CLASSIC,
                ..base
            },
            Variant::Anti => Rules {
                name: "Anti-Camelot",
                description: "Lose your pieces or get stalemated to win; never enter the enemy castle.",
                goal_rule: GoalRule::EnteringLoses,
                castle_move_limit: 0,
                capture_all: CaptureAllRule::VictimWins,
                bare_draw: false,
                no_move: NoMoveRule::StalematedWins,
                how_to_win: HOW_TO_WIN_ANTI,
                summary: SUMMARY_ANTI,
                ..base
            },
            Variant::River => river(base),
            Variant::Camette => camette(base),
            Variant::GrandCam => grand_cam(base),
        };
        for p in 0..r.seats.len() {
            let goal_seat = r.seats[p].goal_seat.0 as usize;
            r.goal[p] = r.seats[goal_seat].castle;
            let mut no_entry = r.all_castles();
            for g in r.goal[p].iter() {
                no_entry.remove(g);
            }
            r.no_entry[p] = no_entry;
        }
        r
    }
}

/// A square of the built-in boards, by name (the tables below name only real squares).
fn sq(g: &BoardGeometry, n: &str) -> Square {
    g.parse_square(n).unwrap_or_else(|| panic!("{n}"))
}

fn set(g: &BoardGeometry, names: &str) -> SquareSet {
    names.split_whitespace().map(|n| sq(g, n)).collect()
}

/// Start pieces: for each seat, its knights' squares and its men's.
fn pieces(g: &BoardGeometry, spec: &[(u8, &str, &str)]) -> Vec<(Player, PieceKind, Square)> {
    let mut v = Vec::new();
    for &(p, knights, men) in spec {
        for n in knights.split_whitespace() {
            v.push((Player(p), PieceKind::Knight, sq(g, n)));
        }
        for n in men.split_whitespace() {
            v.push((Player(p), PieceKind::Man, sq(g, n)));
        }
    }
    v
}

fn two_seats(g: &BoardGeometry, white: &str, black: &str) -> Vec<Seat> {
    vec![
        Seat {
            colour: SeatColour::White,
            castle: set(g, white),
            goal_seat: Player(1),
        },
        Seat {
            colour: SeatColour::Black,
            castle: set(g, black),
            goal_seat: Player(0),
        },
    ]
}

/// Camelot under the WCF rules: the base the other variants change.
fn camelot(variant: Variant) -> Rules {
    let g = BoardGeometry::camelot();
    let start = pieces(
        g,
        &[
            (0, "C6 D7 I7 J6", "D6 E6 F6 G6 H6 I6 E7 F7 G7 H7"),
            (
                1,
                "C11 D10 I10 J11",
                "D11 E11 F11 G11 H11 I11 E10 F10 G10 H10",
            ),
        ],
    );
    Rules {
        variant,
        name: "Camelot",
        description: "The WCF rules: two pieces in the enemy castle win.",
        geometry: g,
        seats: two_seats(g, "F1 G1", "F16 G16"),
        goal: [SquareSet::EMPTY; 4],
        no_entry: [SquareSet::EMPTY; 4],
        start,
        water: SquareSet::EMPTY,
        bridges: SquareSet::EMPTY,
        trees: None,
        own_castle_jump_ends_move: false,
        charge_out_compulsory: false,
        goal_rule: GoalRule::WinWith(2),
        castle_move_limit: 2,
        castle_move_resets_quiet: false,
        capture_all: CaptureAllRule::WinWithAtLeast(2),
        bare_draw: true,
        no_move: NoMoveRule::OtherWinsWithTwo,
        fifty_move_plies: 100,
        how_to_win: HOW_TO_WIN_CAMELOT,
        summary: SUMMARY_CAMELOT,
    }
}

fn river(base: Rules) -> Rules {
    let g = base.geometry;
    let water_and_bridges = set(
        g,
        "A5 A6 B6 C6 A7 B7 C7 D7 E7 C8 D8 E8 F8 G8 F9 G9 H9 I9 J9 H10 I10 J10 K10 L10 J11 K11 L11 L12",
    );
    let bridges = set(g, "D7 D8 I9 I10");
    let mut water = water_and_bridges;
    for b in bridges.iter() {
        water.remove(b);
    }
    let side = [0, 1].map(|p| reachable_orthogonally(g, base.seats[p].castle, water_and_bridges));
    let excluded = set(
        g,
        "E2 F2 G2 H2 D6 E6 H8 I8 J8 C9 D9 E9 H11 I11 E15 F15 G15 H15",
    )
    .union(base.all_castles());
    Rules {
        name: "River Camelot",
        description:
            "A river crosses the board; cross by the bridges. Each side first plants three trees.",
        start: pieces(
            g,
            &[
                (0, "C4 D5 I5 J4", "D4 E4 E5 F4 F5 G4 G5 H4 H5 I4"),
                (
                    1,
                    "C13 D12 I12 J13",
                    "D13 E12 E13 F12 F13 G12 G13 H12 H13 I13",
                ),
            ],
        ),
        water,
        bridges,
        trees: Some(TreeRule {
            per_player: 3,
            excluded,
            side,
        }),
        how_to_win: HOW_TO_WIN_RIVER,
        summary: SUMMARY_RIVER,
        ..base
    }
}

fn camette(base: Rules) -> Rules {
    let g = BoardGeometry::camette();
    Rules {
        name: "Camette",
        description: "The 23-square game: one piece in the enemy castle wins.",
        geometry: g,
        seats: two_seats(g, "C1", "C7"),
        start: pieces(g, &[(0, "C2", "B3 C3 D3"), (1, "C6", "B5 C5 D5")]),
        goal_rule: GoalRule::WinWith(1),
        castle_move_limit: 0,
        capture_all: CaptureAllRule::WinWithAtLeast(1),
        bare_draw: false,
        no_move: NoMoveRule::StalematedLoses,
        how_to_win: HOW_TO_WIN_CAMETTE,
        summary: SUMMARY_CAMETTE,
        ..base
    }
}

fn grand_cam(base: Rules) -> Rules {
    let g = BoardGeometry::grand_cam();
    let seat = |colour, castle, goal| Seat {
        colour,
        castle: set(g, castle),
        goal_seat: Player(goal),
    };
    Rules {
        name: "Grand Cam",
        description: "Four players in two partnerships (Red+Blue against Green+Yellow) on a cross.",
        geometry: g,
        // Seat order is turn order: Red, Green, Blue, Yellow.
        seats: vec![
            seat(SeatColour::Red, "G1", 1),
            seat(SeatColour::Green, "G13", 0),
            seat(SeatColour::Blue, "A7", 3),
            seat(SeatColour::Yellow, "M7", 2),
        ],
        start: pieces(
            g,
            &[
                (0, "F2 H2", "G4 F3 G3 H3 G2"),
                (1, "F12 H12", "G12 F11 G11 H11 G10"),
                (2, "B6 B8", "B7 C6 C7 C8 D7"),
                (3, "L6 L8", "J7 K6 K7 K8 L7"),
            ],
        ),
        goal_rule: GoalRule::WinWith(1),
        castle_move_limit: 0,
        capture_all: CaptureAllRule::WinWithAtLeast(1),
        bare_draw: false,
        no_move: NoMoveRule::Pass,
        fifty_move_plies: 200,
        how_to_win: HOW_TO_WIN_GRANDCAM,
        summary: SUMMARY_GRANDCAM,
        ..base
    }
}

/// Squares reachable from `from` by orthogonal steps that never enter `barrier`.
fn reachable_orthogonally(g: &BoardGeometry, from: SquareSet, barrier: SquareSet) -> SquareSet {
    let mut seen = from;
    let mut stack: Vec<Square> = from.iter().collect();
    while let Some(s) = stack.pop() {
        for dir in [0, 2, 4, 6] {
            let n = g.step(s.0, dir);
            if n != crate::board::NONE {
                let n = Square(n);
                if !barrier.contains(n) && !seen.contains(n) {
                    seen.insert(n);
                    stack.push(n);
                }
            }
        }
    }
    seen
}

const HOW_TO_WIN_CAMELOT: &str = "\
Get two of your pieces into your opponent's castle. You also win by capturing all of your \
opponent's pieces while you keep two or more, or when your opponent, to move, cannot move \
while you have two or more.";
const HOW_TO_WIN_CLASSIC: &str = "\
As in Camelot, get two of your pieces into your opponent's castle, or capture all of your \
opponent's pieces while you keep two or more. A side that cannot move draws instead of \
losing.";
const HOW_TO_WIN_RIVER: &str = "\
As in Camelot: get two of your pieces into your opponent's castle, capture all of your \
opponent's pieces while you keep two or more, or leave your opponent, to move, no move \
while you have two or more.";
const HOW_TO_WIN_ANTI: &str = "\
The aims are turned over. You win if your opponent moves a piece into your castle, if all \
your pieces have been captured, or if you, to move, have no legal move.";
const HOW_TO_WIN_CAMETTE: &str = "\
Get one piece into your opponent's castle, or capture all of your opponent's pieces, \
however few of yours are left. A side to move that has no legal move loses.";
const HOW_TO_WIN_GRANDCAM: &str = "\
A player wins for his partnership by moving any one of his pieces into the castle of the \
opponent opposite him, or when his partnership has captured every piece of the other.";

const SUMMARY_COMMON: &str = "\
Pieces move in the 8 king directions. Plain move: one step to an empty square. \
Canter: leap over a friendly piece to the empty square beyond; canters may chain, changing \
direction, but may not end where they began. Jump: leap over an enemy piece, which is \
captured at once; after a jump the piece must jump again if it can. If any of your pieces \
can jump at the start of your turn, you must capture (by a jump or a knight's charge); a \
possible charge alone does not oblige you. Knight's charge (knights only): canters, then \
jumps; a knight is never obliged to charge, but a knight whose canter lands next to an \
enemy piece it can jump must capture, unless by another route it captures elsewhere. \
You may enter your own castle only by jumping; you must then take that piece out on your \
next move, before any other duty, and if it can jump out, the move out must capture (a \
jump or a knight's charge).";

const SUMMARY_CAMELOT: &str = "\
A piece in the enemy castle never leaves it; each player may make at most two moves \
between the castle's squares. Both sides down to one piece is a draw, as is a player with \
fewer than two pieces leaving his opponent no move. A player may claim a draw on the third \
repetition or after 50 moves by each side without a capture or a castle entry, and the \
players may agree one.";
const SUMMARY_CLASSIC: &str = "\
The 1930 Parker Brothers rules with the WCF's additions of 1999: as Camelot, except that a \
jump into your own castle ends the move there, a possible charge out of your own castle makes \
a capturing exit compulsory, a player who cannot move draws, castle moves also reset the \
50-move count, and only the player on the move may claim a draw.";
const SUMMARY_RIVER: &str = "\
Camelot across a river: river squares can be entered only where a bridge covers them. \
Before the first move each player plants three trees on his own side of the board (the \
squares he reaches from his castle without crossing the river; White first, one at a time, \
alternately); no piece may enter or leap over a tree. Draws as in Camelot.";
const SUMMARY_ANTI: &str = "\
Anti-Camelot: the moves of Camelot, the aim reversed: entering the enemy castle loses. \
Captures are still compulsory. Draws only by a claim or by agreement.";
const SUMMARY_CAMETTE: &str = "\
Camette: one knight and three men each on 23 squares; each castle is one square. Draws by \
a claim or by agreement.";
const SUMMARY_GRANDCAM: &str = "\
Grand Cam: four players, Red and Blue against Green and Yellow, moving in the order Red, \
Green, Blue, Yellow. Each player moves only his own pieces: you canter over your own and \
your partner's pieces and jump either opponent's. The three other castles may be entered \
only by a jump and must be left at once. A player with no piece or no legal move passes. \
If no player can move, the game is drawn.";

impl Rules {
    /// The full rules help: the common moves plus this variant's own rules.
    pub fn help_text(&self) -> String {
        format!(
            "{}\n\nHow to win: {}\n\n{}\n\n{}",
            self.name, self.how_to_win, SUMMARY_COMMON, self.summary
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names of the squares of a set, in square order.
    fn names(g: &BoardGeometry, set: SquareSet) -> Vec<String> {
        set.iter().map(|s| g.name(s)).collect()
    }

    #[test]
    fn every_variant_parses_its_id() {
        for v in Variant::ALL {
            assert_eq!(v.id().parse::<Variant>().unwrap(), v);
            assert_eq!(v.id().to_uppercase().parse::<Variant>().unwrap(), v);
        }
        assert!("chess"
            .parse::<Variant>()
            .unwrap_err()
            .to_string()
            .contains("camette"));
    }

    #[test]
    fn start_positions_have_the_published_piece_counts() {
        for v in Variant::ALL {
            let r = v.rules();
            let per_player = r.start.len() / r.players();
            let expected = match v {
                Variant::Camette => 4,
                Variant::GrandCam => 7,
                _ => 14,
            };
            assert_eq!(per_player, expected, "{v}");
        }
    }

    #[test]
    fn river_sides_split_the_board() {
        let r = Variant::River.rules();
        let t = r.trees.as_ref().unwrap();
        let g = r.geometry;
        assert!(t.side[0].contains(g.parse_square("B5").unwrap()));
        assert!(t.side[0].contains(g.parse_square("L9").unwrap()));
        assert!(t.side[1].contains(g.parse_square("A8").unwrap()));
        assert!(!t.side[1].contains(g.parse_square("H8").unwrap()));
        // The two sides and the 28 river squares cover the board exactly.
        assert!(t.side[0].intersection(t.side[1]).is_empty());
        assert_eq!(t.side[0].len() + t.side[1].len() + 28, 160);
        assert_eq!(r.water.len(), 24);
    }

    /// Ruling 26 (docs/rules.md): a side is what a player reaches from his castle without
    /// crossing the river; it differs from the board's halves on four squares.
    #[test]
    fn river_sides_differ_from_the_halves_on_four_squares() {
        let r = Variant::River.rules();
        let t = r.trees.as_ref().unwrap();
        let g = r.geometry;
        assert_eq!((t.side[0].len(), t.side[1].len()), (66, 66));
        let mut differ = Vec::new();
        for (player, side) in t.side.iter().enumerate() {
            for sq in side.iter() {
                let name = g.name(sq);
                let rank: u32 = name[1..].parse().unwrap();
                let in_own_half = if player == 0 { rank <= 8 } else { rank >= 9 };
                if !in_own_half {
                    differ.push(name);
                }
            }
        }
        differ.sort();
        assert_eq!(differ, ["A8", "B8", "K9", "L9"]);
    }

    #[test]
    fn grand_cam_goals_and_forbidden_castles() {
        let r = Variant::GrandCam.rules();
        let g = r.geometry;
        let name = |s: SquareSet| names(g, s).join(" ");
        assert_eq!(name(r.goal[0]), "G13"); // red
        assert_eq!(name(r.goal[1]), "G1"); // green
        assert_eq!(name(r.goal[2]), "M7"); // blue
        assert_eq!(name(r.goal[3]), "A7"); // yellow
        assert_eq!(name(r.no_entry[0]), "G1 A7 M7");
        assert_eq!(r.side(Player(0)), r.side(Player(2)));
        assert_ne!(r.side(Player(0)), r.side(Player(1)));
        assert_eq!(r.side_name(Side::First), "Red and Blue");
        assert_eq!(r.side_name(Side::Second), "Green and Yellow");
        assert_eq!(Variant::Camelot.rules().side_name(Side::Second), "Black");
    }
}
