//! The board as a client without rules of its own draws it (the browser page): a
//! variant's squares, castles and river, and the pieces as they stand. With the legal
//! moves (the engine's [`camelot_engine::NamedMove`]s) it is all the engine's answer,
//! with squares by name; the server still judges every move.

use camelot_engine::{
    Coord, Game, PieceKind, Player, Position, SeatColour, SquareSet, TurnConstraint, Variant,
};
use serde::{Deserialize, Serialize};

/// A variant's board: what `GET /variants/ID.json` serves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantView {
    pub id: Variant,
    pub name: String,
    /// Files (columns, `A` first) and ranks (rows, `1` first) of the rectangle the board
    /// stands in.
    pub files: u8,
    pub ranks: u8,
    /// Every square, rank by rank.
    pub squares: Vec<SquareView>,
    /// The seats in turn order, each with its side (0: White; Red and Blue) and castle.
    pub seats: Vec<SeatPlace>,
    /// River Camelot: the river's squares without a bridge, and the bridges.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub water: Vec<Coord>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bridges: Vec<Coord>,
}

/// One square: its name (`E6`) and place (`file` 0 is `A`, `rank` 0 is `1`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquareView {
    pub name: Coord,
    pub file: u8,
    pub rank: u8,
}

/// A seat's place on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPlace {
    pub seat: SeatColour,
    pub side: u8,
    pub castle: Vec<Coord>,
}

/// The pieces as they stand, and what the game allows now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    pub pieces: Vec<PieceView>,
    /// River Camelot's trees, once planted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trees: Vec<Coord>,
    /// The seat to move (or to plant a tree).
    pub to_move: SeatColour,
    /// Pieces each seat has lost so far, in turn order.
    pub lost: Vec<LostView>,
    /// The draws the seat to move may claim now.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub claims: Vec<camelot_engine::DrawClaim>,
    /// The rule that narrows the choice of the seat to move now, if any: why a piece
    /// with no move has none, for a page to say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub constraint: Option<ConstraintView>,
}

/// The engine's [`TurnConstraint`], its squares by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ConstraintView {
    /// River Camelot: trees are still to be planted before the first move.
    PlantTree { left: u8 },
    /// Grand Cam: no move but to pass.
    Pass,
    /// These pieces must leave the castle they jumped into; `capturing` if every way
    /// out captures.
    LeaveCastle { pieces: Vec<Coord>, capturing: bool },
    /// A capture is compulsory; these pieces can make one.
    MustCapture { pieces: Vec<Coord> },
}

impl ConstraintView {
    pub fn of(pos: &Position) -> Option<ConstraintView> {
        let g = pos.geometry();
        let names = |set: SquareSet| -> Vec<Coord> { set.iter().map(|sq| g.coord(sq)).collect() };
        Some(match pos.constraint()? {
            TurnConstraint::PlantTree { left } => ConstraintView::PlantTree { left },
            TurnConstraint::Pass => ConstraintView::Pass,
            TurnConstraint::LeaveCastle { pieces, capturing } => ConstraintView::LeaveCastle {
                pieces: names(pieces),
                capturing,
            },
            TurnConstraint::MustCapture { pieces } => ConstraintView::MustCapture {
                pieces: names(pieces),
            },
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceView {
    pub square: Coord,
    pub seat: SeatColour,
    pub kind: PieceKind,
}

/// Men and knights a seat has lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LostView {
    pub seat: SeatColour,
    pub men: u32,
    pub knights: u32,
}

impl VariantView {
    pub fn of(variant: Variant) -> VariantView {
        let rules = variant.rules();
        let g = rules.geometry;
        let names = |set: SquareSet| -> Vec<Coord> { set.iter().map(|sq| g.coord(sq)).collect() };
        VariantView {
            id: variant,
            name: rules.name.to_string(),
            files: g.files,
            ranks: g.ranks,
            squares: g
                .squares()
                .map(|sq| {
                    let c = g.coord(sq);
                    SquareView {
                        name: c,
                        file: c.file,
                        rank: c.rank,
                    }
                })
                .collect(),
            seats: rules
                .players_in_order()
                .map(|p| SeatPlace {
                    seat: rules.seat_colour(p),
                    side: rules.side(p).index() as u8,
                    castle: names(rules.castle(p)),
                })
                .collect(),
            water: names(rules.water),
            bridges: names(rules.bridges),
        }
    }
}

impl BoardView {
    /// The board of `game` as it stands.
    pub fn of(game: &Game) -> BoardView {
        if game.is_over() {
            return BoardView::at(game.position());
        }
        BoardView {
            claims: game.claimable(),
            constraint: ConstraintView::of(game.position()),
            ..BoardView::at(game.position())
        }
    }

    /// The board of one position, as a finished game's replay shows it (no claims: a
    /// claim is the game's, not the position's).
    pub fn at(pos: &Position) -> BoardView {
        let rules = pos.rules();
        let g = pos.geometry();
        let mut pieces = Vec::new();
        for sq in g.squares() {
            if let Some(piece) = pos.piece_at(sq) {
                pieces.push(PieceView {
                    square: g.coord(sq),
                    seat: rules.seat_colour(piece.owner),
                    kind: piece.kind,
                });
            }
        }
        let lost = rules
            .players_in_order()
            .map(|p| {
                let (knights, men) = rules.start_counts(p);
                let (now_men, now_knights) = counts(pos, p);
                LostView {
                    seat: rules.seat_colour(p),
                    men: men.saturating_sub(now_men),
                    knights: knights.saturating_sub(now_knights),
                }
            })
            .collect();
        BoardView {
            pieces,
            trees: pos.trees().iter().map(|sq| g.coord(sq)).collect(),
            to_move: rules.seat_colour(pos.turn()),
            lost,
            claims: Vec::new(),
            constraint: None,
        }
    }
}

impl BoardView {
    /// The moves the seat to move may make in `game`, named (none once it is over):
    /// what a client without rules of its own is sent beside the board.
    pub fn legal(game: &Game) -> Vec<camelot_engine::NamedMove> {
        if game.is_over() {
            return Vec::new();
        }
        game.position().named_moves()
    }
}

/// A seat's men and knights on the board.
fn counts(pos: &Position, p: Player) -> (u32, u32) {
    pos.pieces_of(p).iter().fold((0, 0), |(m, k), sq| {
        match pos.piece_at(sq).map(|x| x.kind) {
            Some(PieceKind::Knight) => (m, k + 1),
            _ => (m + 1, k),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_says_what_narrows_the_turn() {
        let mut camette = Game::new(Variant::Camette);
        assert_eq!(BoardView::of(&camette).constraint, None);
        camette.play_notation("C3-C4").unwrap();
        let c5: Coord = "C5".parse().unwrap();
        assert_eq!(
            BoardView::of(&camette).constraint,
            Some(ConstraintView::MustCapture { pieces: vec![c5] })
        );
        let text = serde_json::to_string(&BoardView::of(&camette).constraint).unwrap();
        assert_eq!(text, r#"{"kind":"must_capture","pieces":["C5"]}"#);
        assert!(matches!(
            BoardView::of(&Game::new(Variant::River)).constraint,
            Some(ConstraintView::PlantTree { .. })
        ));
        // A replayed position's board says nothing of turns.
        assert_eq!(BoardView::at(camette.position()).constraint, None);
    }

    #[test]
    fn a_variant_is_its_squares_castles_and_river() {
        let camelot = VariantView::of(Variant::Camelot);
        assert_eq!(camelot.squares.len(), 160);
        assert_eq!((camelot.files, camelot.ranks), (12, 16));
        let names =
            |squares: &[Coord]| -> Vec<String> { squares.iter().map(Coord::to_string).collect() };
        assert_eq!(names(&camelot.seats[0].castle), ["F1", "G1"]);
        assert_eq!(camelot.seats[1].seat, SeatColour::Black);
        assert!(camelot.water.is_empty());
        let grand = VariantView::of(Variant::GrandCam);
        assert_eq!(grand.seats.len(), 4);
        let sides: Vec<u8> = grand.seats.iter().map(|s| s.side).collect();
        assert_eq!(sides, [0, 1, 0, 1]);
        assert_eq!(VariantView::of(Variant::Camette).squares.len(), 23);
        let river = VariantView::of(Variant::River);
        assert!(!river.water.is_empty() && river.bridges.len() == 4);
    }

    #[test]
    fn the_board_and_its_moves_are_the_engines() {
        let mut game = Game::new(Variant::Camelot);
        let board = BoardView::of(&game);
        assert_eq!(board.pieces.len(), 28);
        assert_eq!(board.to_move, SeatColour::White);
        assert!(board.lost.iter().all(|l| l.men == 0 && l.knights == 0));
        game.play_notation("E6-E8").unwrap();
        let text = serde_json::to_string(&BoardView::of(&game)).unwrap();
        assert!(
            text.contains(r#"{"square":"E8","seat":"White","kind":"Man"}"#),
            "{text}"
        );
        let back: BoardView = serde_json::from_str(&text).unwrap();
        assert_eq!(back, BoardView::of(&game));
    }
}
