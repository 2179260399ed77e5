//! The room around the board: a wooden table with a moulded edge on four legs, a
//! flagstone floor below it, and on the table beside the board a felt-lined tray for
//! each side's captured pieces. The walls beyond are the environment map's room.

use bevy::prelude::*;
use camelot_engine::{Player, Variant};

use crate::table::coordinates::frame_width;
use crate::table::layout::{board_half_extent, seat_direction, BoardPart};
use crate::table::shapes::Builder;
use crate::table::theme::Palette;

/// The table's top, on which the board and the trays stand.
pub const TABLE_TOP: f32 = -0.23;
/// The floor, a table's height below (a square is about 5 cm).
const FLOOR: f32 = TABLE_TOP - 15.0;
const TABLE_THICKNESS: f32 = 0.45;
/// The table's overhang beyond the board's frame and the trays.
const TABLE_MARGIN: f32 = 1.2;
/// A tray: one row holds this many pieces.
const TRAY_ROW: usize = 7;
/// The distance between neighbouring pieces in a tray, along and across it.
const TRAY_PITCH: Vec2 = Vec2::new(0.78, 0.85);
const TRAY_RIM: f32 = 0.07;
const TRAY_RIM_HEIGHT: f32 = 0.12;
/// The tray's floor, where captured pieces stand.
pub const TRAY_FLOOR: f32 = TABLE_TOP + 0.03;
/// The gap between the board's frame and a tray.
const TRAY_GAP: f32 = 0.35;

/// A side's tray: where it lies and which way it runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tray {
    /// Its centre, on the table.
    pub centre: Vec3,
    /// The direction its rows run, from the owner's end of the board to the far end.
    pub along: Vec3,
    /// The direction away from the board.
    pub outward: Vec3,
    /// Its inside length and width.
    pub size: Vec2,
    rows: usize,
}

/// Whose captured pieces a tray holds, and how many it must have room for.
fn capacity(variant: Variant, owner: Player) -> usize {
    let (knights, men) = variant.rules().start_counts(owner);
    (knights + men) as usize
}

/// `owner`'s tray: on the table at that seat's left hand (facing the board from behind
/// its castle), halfway along that side of the board, past the frame.
pub fn tray(variant: Variant, owner: Player) -> Tray {
    let half = board_half_extent(variant.rules().geometry);
    let back = seat_direction(variant, owner.0 as usize);
    let outward = Vec3::new(-back.z, 0.0, back.x);
    let reach = |d: Vec3| d.x.abs() * half.x + d.z.abs() * half.y;
    let n = capacity(variant, owner).max(1);
    let rows = n.div_ceil(TRAY_ROW);
    let cols = n.min(TRAY_ROW);
    let size = Vec2::new(cols as f32, rows as f32) * TRAY_PITCH;
    let from_board =
        reach(outward) + frame_width(variant.rules()) + TRAY_GAP + TRAY_RIM + size.y / 2.0;
    Tray {
        centre: (outward * from_board).with_y(TABLE_TOP),
        along: -back,
        outward,
        size,
        rows,
    }
}

/// Where slot `slot` of `owner`'s tray is: rows of seven from the owner's end, the first
/// row nearest the board.
pub fn tray_slot(variant: Variant, owner: Player, slot: usize) -> Vec3 {
    let t = tray(variant, owner);
    let (row, col) = ((slot / TRAY_ROW) as f32, (slot % TRAY_ROW) as f32);
    let along = (col + 0.5) * TRAY_PITCH.x - t.size.x / 2.0;
    let across = (row + 0.5) * TRAY_PITCH.y - t.size.y / 2.0;
    (t.centre + t.along * along + t.outward * across).with_y(TRAY_FLOOR)
}

/// The corners of everything on the table: the frame's and each tray's.
fn footprint(variant: Variant) -> Vec<Vec2> {
    let half =
        board_half_extent(variant.rules().geometry) + Vec2::splat(frame_width(variant.rules()));
    let mut points = vec![half, -half];
    for p in variant.rules().players_in_order() {
        let t = tray(variant, p);
        let outer = t.size / 2.0 + Vec2::splat(TRAY_RIM);
        for (a, c) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            let corner = t.centre + t.along * a * outer.x + t.outward * c * outer.y;
            points.push(corner.xz());
        }
    }
    points
}

/// Half the table top's extent in x and z: the board, its frame and the trays, and a
/// margin.
pub fn table_half_extent(variant: Variant) -> Vec2 {
    let far = footprint(variant)
        .into_iter()
        .fold(Vec2::ZERO, |m, p| m.max(p.abs()));
    far + Vec2::splat(TABLE_MARGIN)
}

/// A tray's mesh: a floor and four rims. The felt lining is separate.
fn tray_frame(b: &mut Builder, t: &Tray) {
    let outer = t.size + Vec2::splat(2.0 * TRAY_RIM);
    let dims = |along: f32, across: f32, h: f32| {
        (t.along.abs() * along + t.outward.abs() * across).with_y(h)
    };
    b.block(
        t.centre.with_y(TABLE_TOP + 0.01),
        dims(outer.x, outer.y, 0.02),
        None,
    );
    let rim_y = TABLE_TOP + TRAY_RIM_HEIGHT / 2.0;
    for s in [-1.0, 1.0] {
        let c = t.centre + t.along * s * (t.size.x + TRAY_RIM) / 2.0;
        b.block(
            c.with_y(rim_y),
            dims(TRAY_RIM, outer.y, TRAY_RIM_HEIGHT),
            None,
        );
        let c = t.centre + t.outward * s * (t.size.y + TRAY_RIM) / 2.0;
        b.block(
            c.with_y(rim_y),
            dims(t.size.x, TRAY_RIM, TRAY_RIM_HEIGHT),
            None,
        );
    }
}

/// The table: a top with a moulded edge (a slab, and a narrower band under it that
/// catches the light differently), on four legs.
fn table(half: Vec2) -> Builder {
    let mut b = Builder::default();
    let top_band = 0.12;
    b.block(
        Vec3::new(0.0, TABLE_TOP - top_band / 2.0, 0.0),
        (half * 2.0).extend(top_band).xzy(),
        None,
    );
    let apron = TABLE_THICKNESS - top_band;
    b.block(
        Vec3::new(0.0, TABLE_TOP - top_band - apron / 2.0, 0.0),
        ((half - Vec2::splat(0.12)) * 2.0).extend(apron).xzy(),
        None,
    );
    let leg_top = TABLE_TOP - TABLE_THICKNESS;
    for (x, z) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let at = Vec2::new(x, z) * (half - Vec2::splat(0.9));
        b.block(
            Vec3::new(at.x, (leg_top + FLOOR) / 2.0, at.y),
            Vec3::new(0.9, leg_top - FLOOR, 0.9),
            None,
        );
    }
    b
}

/// Spawns the table, the floor and the trays for `variant`.
pub fn spawn_room(
    commands: &mut Commands,
    variant: Variant,
    meshes: &mut Assets<Mesh>,
    p: &Palette,
) {
    let mut part = |b: Builder, material: Handle<StandardMaterial>| {
        commands.spawn((
            BoardPart,
            Mesh3d(meshes.add(b.build())),
            MeshMaterial3d(material),
            Transform::IDENTITY,
        ));
    };
    part(table(table_half_extent(variant)), p.table.clone());
    let mut floor = Builder::default();
    floor.top(Vec3::Y * FLOOR, Vec2::splat(400.0), Vec2::ZERO);
    part(floor, p.floor.clone());
    let mut frames = Builder::default();
    let mut felt = Builder::default();
    for owner in variant.rules().players_in_order() {
        let t = tray(variant, owner);
        tray_frame(&mut frames, &t);
        let size = (t.along.abs() * t.size.x + t.outward.abs() * t.size.y).xz();
        felt.top(t.centre.with_y(TABLE_TOP + 0.021), size, Vec2::ZERO);
    }
    part(frames, p.plinth.clone());
    part(felt, p.felt.clone());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_captured_piece_has_its_own_place_in_its_sides_tray_on_the_table() {
        for v in Variant::ALL {
            let rules = v.rules();
            let half = table_half_extent(v);
            let board = board_half_extent(rules.geometry) + Vec2::splat(frame_width(rules));
            let mut all: Vec<Vec3> = Vec::new();
            for p in rules.players_in_order() {
                let t = tray(v, p);
                for slot in 0..capacity(v, p) {
                    let at = tray_slot(v, p, slot);
                    // Inside its tray, a piece's radius from the rims.
                    let rel = at - t.centre;
                    let (a, c) = (rel.dot(t.along).abs(), rel.dot(t.outward).abs());
                    assert!(a + 0.36 <= t.size.x / 2.0 + 0.01, "{v} {p:?} {slot}");
                    assert!(c + 0.36 <= t.size.y / 2.0 + 0.05, "{v} {p:?} {slot}");
                    // Off the board and its frame, on the table.
                    assert!(at.x.abs() > board.x || at.z.abs() > board.y, "{v} {at}");
                    assert!(at.x.abs() < half.x && at.z.abs() < half.y, "{v} {at}");
                    assert_eq!(at.y, TRAY_FLOOR);
                    all.push(at);
                }
            }
            // No two pieces share a place.
            for (i, a) in all.iter().enumerate() {
                for b in &all[i + 1..] {
                    assert!(a.distance(*b) >= 0.7, "{v}: {a} and {b}");
                }
            }
        }
    }
}
