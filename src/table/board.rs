//! The table and the board, built from the engine's geometry for the variant being
//! played: squares in two woods (each cut from its own part of the texture, so the
//! grain never visibly repeats), a plinth of the board's own shape, stone castles with
//! merlons, River Camelot's river in a channel below the squares with wooden bridges
//! across it, and the trees. Each material's parts are merged into one mesh (a handful
//! of draws, not hundreds); every square is still an entity with its `OnSquare`.

use bevy::prelude::*;
use camelot_engine::{Player, Rules, Square, Variant};

use crate::game::browse::Browse;
use crate::game::session::Session;
use crate::table::castles;
pub use crate::table::layout::{
    board_half_extent, cell_center, seat_direction, square_at, square_center, BoardPart, SURFACE,
    TILE,
};
use crate::table::shapes;
use crate::table::theme::Palette;
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<BuiltBoard>()
        .add_systems(Startup, create_tree_meshes)
        .add_systems(
            Update,
            (rebuild_board, label_the_board)
                .chain()
                .in_set(AppSystems::Build),
        )
        .add_systems(Update, sync_trees.in_set(AppSystems::Mirror));
}

pub use crate::table::castles::CASTLE_RISE;
/// The river's surface, below the squares: its banks show.
const WATER_LEVEL: f32 = -0.075;
pub use crate::table::room::TABLE_TOP;

/// The square an entity stands on or is: squares, pieces, trees, markers.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnSquare(pub Square);

/// A square of the board.
#[derive(Component)]
pub struct Tile;

/// A square of a castle, and whose castle it is.
#[derive(Component)]
pub struct CastleTile(pub usize);

/// A river square that is water.
#[derive(Component)]
pub struct RiverTile;

/// A river square with a bridge.
#[derive(Component)]
pub struct BridgeTile;

/// A tree planted on its square (River Camelot).
#[derive(Component)]
pub struct Tree;

/// Which variant's board stands on the table.
#[derive(Resource, Default)]
pub struct BuiltBoard(pub Option<Variant>);

#[derive(Resource)]
pub struct TreeMeshes {
    trunk: Handle<Mesh>,
    leaves: Handle<Mesh>,
}

/// Where a piece stands on a square: castle squares are raised.
pub fn stand_point(variant: Variant, sq: Square) -> Vec3 {
    let r = variant.rules();
    let mut p = square_center(r.geometry, sq);
    if r.all_castles().contains(sq) {
        p.y += CASTLE_RISE;
    }
    p
}

/// Every corner of every square's top (castle squares raised): the points the camera
/// must see for the whole board to be in view.
pub fn board_corners(variant: Variant) -> Vec<Vec3> {
    let r = variant.rules();
    let castles = r.all_castles();
    r.geometry
        .squares()
        .flat_map(|sq| {
            let c = square_center(r.geometry, sq);
            let y = if castles.contains(sq) {
                CASTLE_RISE
            } else {
                SURFACE
            };
            [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)]
                .map(|(dx, dz)| Vec3::new(c.x + dx * TILE, y, c.z + dz * TILE))
        })
        .collect()
}

/// The board's corners, the castles' tower tops and the coordinates' labels (their ink
/// turned any way): everything the camera must see for the board and its coordinates to
/// be in view. The frame's plain border beyond the labels may run to the view's edge.
pub fn table_corners(variant: Variant) -> Vec<Vec3> {
    let rules = variant.rules();
    let mut points = board_corners(variant);
    for p in rules.players_in_order() {
        points.extend(castles::castle_points(rules, p));
    }
    for label in super::coordinates::labels(rules) {
        let reach = label
            .ink_local()
            .iter()
            .fold(0.0f32, |r, p| r.max(p.x.abs()).max(p.z.abs()));
        points.extend(
            [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
                .map(|(x, z)| label.at + Vec3::new(x, 0.0, z) * reach),
        );
    }
    points
}

fn create_tree_meshes(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>) {
    let (trunk, leaves) = shapes::tree_parts();
    commands.insert_resource(TreeMeshes {
        trunk: meshes.add(trunk),
        leaves: meshes.add(leaves),
    });
}

/// A small hash of a square, for choosing its part of the texture.
fn square_hash(sq: Square, salt: u32) -> u32 {
    let mut h = (sq.index() as u32 + 1).wrapping_mul(0x9E37_79B9) ^ salt.wrapping_mul(0x85EB_CA6B);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^ (h >> 12)
}

/// A square's part of its wood: a quarter of the texture, placed at random, turned
/// half the time, so no two neighbours share their grain.
fn square_uv(sq: Square) -> (Vec2, f32) {
    let h = square_hash(sq, 7);
    let u = (h & 0xFFFF) as f32 / 65535.0 * 0.75;
    let v = ((h >> 16) & 0x7FFF) as f32 / 32767.0 * 0.75;
    (Vec2::new(u, v), if h & 1 == 0 { 0.0 } else { 1.0 })
}

/// The merged meshes of one board, by material.
#[derive(Default)]
struct BoardMeshes {
    light: shapes::Builder,
    dark: shapes::Builder,
    plinth: shapes::Builder,
    riverbed: shapes::Builder,
    water: shapes::Builder,
    bridges: shapes::Builder,
    /// Each castle's court and its towers' roofs, in its seat's colour.
    courts: Vec<(usize, shapes::Builder)>,
    /// Every castle's walls and towers, in plain stone.
    masonry: shapes::Builder,
}

impl BoardMeshes {
    fn build(rules: &Rules) -> BoardMeshes {
        let g = rules.geometry;
        let mut m = BoardMeshes::default();
        for sq in g.squares() {
            let at = square_center(g, sq);
            let wet = rules.water.contains(sq) || rules.bridges.contains(sq);
            let castle = rules
                .players_in_order()
                .find(|&p| rules.castle(p).contains(sq));
            // The plinth: blocks a little larger than the squares, merging into one slab
            // of the board's shape; under the river it is the channel's floor.
            let plinth_top = if wet { -0.16 } else { -0.03 };
            m.plinth.block(
                Vec3::new(at.x, (plinth_top + TABLE_TOP) / 2.0, at.z),
                Vec3::new(1.14 * TILE, plinth_top - TABLE_TOP, 1.14 * TILE),
                None,
            );
            if wet {
                m.riverbed.top(
                    Vec3::new(at.x, -0.159, at.z),
                    Vec2::splat(TILE),
                    at.xz() * 0.5,
                );
                m.water.top(
                    Vec3::new(at.x, WATER_LEVEL, at.z),
                    Vec2::splat(TILE),
                    at.xz() * 0.25,
                );
                if rules.bridges.contains(sq) {
                    shapes::bridge_span(&mut m.bridges, at);
                }
            } else if castle.is_some() {
                // Built with its castle's walls, below.
            } else {
                let c = g.coord(sq);
                let wood = if (c.file + c.rank).is_multiple_of(2) {
                    &mut m.dark
                } else {
                    &mut m.light
                };
                let (uv, turn) = square_uv(sq);
                // Squares abut, inlaid: a gap between them would show the plinth as a
                // line that flickers with the view.
                wood.tile(at, TILE, 0.1, uv, 0.25, turn);
            }
        }
        for p in rules.players_in_order() {
            let mut b = shapes::Builder::default();
            for sq in rules.castle(p).iter() {
                castles::court(&mut b, square_center(g, sq));
            }
            castles::masonry(&mut m.masonry, &mut b, &castles::plan(rules, p));
            m.courts.push((p.0 as usize, b));
        }
        m
    }
}

/// Builds the board when the game's variant differs from the one on the table.
fn rebuild_board(
    mut commands: Commands,
    session: Res<Session>,
    mut built: ResMut<BuiltBoard>,
    parts: Query<Entity, With<BoardPart>>,
    mut meshes: ResMut<Assets<Mesh>>,
    palette: Option<Res<Palette>>,
) {
    let variant = session.variant();
    if built.0 == Some(variant) {
        return;
    }
    let Some(palette) = palette else {
        return;
    };
    for e in &parts {
        commands.entity(e).despawn();
    }
    built.0 = Some(variant);
    spawn_board(&mut commands, variant, &mut meshes, &palette);
}

fn spawn_board(commands: &mut Commands, variant: Variant, meshes: &mut Assets<Mesh>, p: &Palette) {
    let rules = variant.rules();
    let g = rules.geometry;
    crate::table::room::spawn_room(commands, variant, meshes, p);
    let built = BoardMeshes::build(rules);
    let mut part = |builder: shapes::Builder, material: Handle<StandardMaterial>| {
        if builder.is_empty() {
            return;
        }
        commands.spawn((
            BoardPart,
            Mesh3d(meshes.add(builder.build())),
            MeshMaterial3d(material),
            Transform::IDENTITY,
        ));
    };
    part(super::coordinates::frame(rules), p.plinth.clone());
    part(built.light, p.light.clone());
    part(built.dark, p.dark.clone());
    part(built.plinth, p.plinth.clone());
    part(built.riverbed, p.riverbed.clone());
    part(built.water, p.water.clone());
    part(built.bridges, p.bridge.clone());
    for (seat, b) in built.courts {
        part(b, p.castle(rules.seat_colour(Player(seat as u8))));
    }
    part(built.masonry, p.masonry.clone());
    // Every square an entity: what it is, where it is.
    for sq in g.squares() {
        let mut tile = commands.spawn((
            BoardPart,
            OnSquare(sq),
            Tile,
            Transform::from_translation(stand_point(variant, sq)),
        ));
        if rules.bridges.contains(sq) {
            tile.insert(BridgeTile);
        } else if rules.water.contains(sq) {
            tile.insert(RiverTile);
        } else if let Some(p) = rules
            .players_in_order()
            .find(|&p| rules.castle(p).contains(sq))
        {
            tile.insert(CastleTile(p.0 as usize));
        }
    }
}

/// Plants and uproots trees to match the engine's position.
fn sync_trees(
    mut commands: Commands,
    session: Res<Session>,
    browse: Res<Browse>,
    built: Res<BuiltBoard>,
    trees: Query<(Entity, &OnSquare), With<Tree>>,
    meshes: Option<Res<TreeMeshes>>,
    palette: Option<Res<Palette>>,
) {
    let (Some(m), Some(p)) = (meshes, palette) else {
        return;
    };
    if built.0 != Some(session.variant()) {
        return;
    }
    let pos = browse.shown(&session);
    let wanted = pos.trees();
    let mut have = camelot_engine::SquareSet::EMPTY;
    for (e, on) in &trees {
        if wanted.contains(on.0) {
            have.insert(on.0);
        } else {
            commands.entity(e).despawn();
        }
    }
    let g = pos.geometry();
    for sq in wanted.iter().filter(|&sq| !have.contains(sq)) {
        // Each tree a little different: turned and sized by its square.
        let h = square_hash(sq, 3);
        let turn = (h % 360) as f32 / 360.0 * std::f32::consts::TAU;
        let size = 0.9 + (h >> 9 & 0xFF) as f32 / 255.0 * 0.25;
        commands
            .spawn((
                BoardPart,
                Tree,
                OnSquare(sq),
                Mesh3d(m.trunk.clone()),
                MeshMaterial3d(p.trunk.clone()),
                Transform::from_translation(square_center(g, sq))
                    .with_rotation(Quat::from_rotation_y(turn))
                    .with_scale(Vec3::splat(size)),
            ))
            .with_children(|t| {
                t.spawn((Mesh3d(m.leaves.clone()), MeshMaterial3d(p.leaves.clone())));
            });
    }
}

/// Lays the labels on the board built, once the lettering's atlas is made (on a thread
/// from the start): no frame waits for it, and frames are asked for until it is there.
fn label_the_board(
    mut commands: Commands,
    built: Res<BuiltBoard>,
    labels: Query<(), With<super::coordinates::CoordinateLabel>>,
    palette: Option<Res<super::theme::Palette>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let (Some(variant), Some(palette)) = (built.0, palette) else {
        return;
    };
    if !labels.is_empty() {
        return;
    }
    let Some(atlas) = super::lettering::ready() else {
        redraw.write(bevy::window::RequestRedraw);
        return;
    };
    super::coordinates::spawn_labels(
        &mut commands,
        atlas,
        variant.rules(),
        &mut meshes,
        palette.label.clone(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_on_a_square_is_that_square() {
        for v in Variant::ALL {
            let g = v.rules().geometry;
            for sq in g.squares() {
                let c = square_center(g, sq);
                for d in [
                    Vec3::ZERO,
                    Vec3::new(0.45, 0.1, -0.45),
                    Vec3::new(-0.45, 0.0, 0.45),
                ] {
                    assert_eq!(square_at(g, c + d), Some(sq), "{v}");
                }
            }
        }
        let g = Variant::Camelot.rules().geometry;
        assert_eq!(square_at(g, Vec3::new(-20.0, 0.0, 0.0)), None);
        // Off the board's shape (A1 is not a square of Camelot).
        assert_eq!(square_at(g, Vec3::new(-5.5, 0.0, 7.5)), None);
    }
}
