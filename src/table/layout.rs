//! The board's place in the world: where each square of the variant's grid is, which
//! square a point is over, the board's extent, and where each seat sits. Everything that
//! is built on or around the board (squares, frame, castles, trays) measures from here.

use bevy::prelude::*;
use camelot_engine::{BoardGeometry, Coord, Player, Square, Variant};

/// Distance between square centres.
pub const TILE: f32 = 1.0;
/// Height of the squares' top face, where pieces stand.
pub const SURFACE: f32 = 0.0;

/// Everything spawned for the current board, despawned when the variant changes.
#[derive(Component)]
pub struct BoardPart;

/// The centre of a square's top face.
pub fn square_center(g: &BoardGeometry, sq: Square) -> Vec3 {
    cell_center(g, g.coord(sq))
}

/// The centre of a cell of the board's grid at the surface, a square or not.
pub fn cell_center(g: &BoardGeometry, c: Coord) -> Vec3 {
    Vec3::new(
        (c.file as f32 - (g.files as f32 - 1.0) / 2.0) * TILE,
        SURFACE,
        -(c.rank as f32 - (g.ranks as f32 - 1.0) / 2.0) * TILE,
    )
}

/// The square whose column holds a point on the board (the pointer's hit), if any.
pub fn square_at(g: &BoardGeometry, p: Vec3) -> Option<Square> {
    let file = (p.x / TILE + (g.files as f32 - 1.0) / 2.0).round();
    let rank = (-p.z / TILE + (g.ranks as f32 - 1.0) / 2.0).round();
    if !(0.0..g.files as f32).contains(&file) || !(0.0..g.ranks as f32).contains(&rank) {
        return None;
    }
    g.square(Coord::new(file as u8, rank as u8))
}

/// Half the board's extent in x and z.
pub fn board_half_extent(g: &BoardGeometry) -> Vec2 {
    Vec2::new(g.files as f32, g.ranks as f32) * TILE / 2.0
}

/// Where a seat sits: the unit vector from the board's centre towards its castle.
pub fn seat_direction(variant: Variant, seat: usize) -> Vec3 {
    let rules = variant.rules();
    let g = rules.geometry;
    let castle = rules.castle(Player(seat as u8));
    let sum: Vec3 = castle.iter().map(|sq| square_center(g, sq)).sum();
    let d = (sum / castle.len().max(1) as f32).with_y(0.0);
    if d.length() < 1e-3 {
        Vec3::Z
    } else {
        d.normalize()
    }
}
