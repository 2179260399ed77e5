//! The table and the board: tiles built from the engine's geometry for the variant being
//! played (castles, River Camelot's water, bridges and trees), each square an entity.

use bevy::prelude::*;
use camelot_engine::{Geometry, Square, Variant};

use crate::session::Session;
use crate::shapes;
use crate::theme::Palette;
use crate::AppSystems;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BuiltBoard>()
        .add_systems(Startup, create_meshes)
        .add_systems(Update, rebuild_board.in_set(AppSystems::Build))
        .add_systems(Update, sync_trees.in_set(AppSystems::Mirror));
}

/// Distance between square centres.
pub const TILE: f32 = 1.0;
/// Height of the tiles' top face, where pieces stand.
pub const SURFACE: f32 = 0.0;

/// How much higher a castle square's top is than the other squares'.
pub const CASTLE_RISE: f32 = 0.08;

/// The square an entity stands on or is: tiles, pieces, trees, markers.
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

/// Everything spawned for the current board, despawned when the variant changes.
#[derive(Component)]
pub struct BoardPart;

/// Which variant's board stands on the table.
#[derive(Resource, Default)]
pub struct BuiltBoard(pub Option<Variant>);

#[derive(Resource)]
pub struct BoardMeshes {
    tile: Handle<Mesh>,
    base: Handle<Mesh>,
    water: Handle<Mesh>,
    plank: Handle<Mesh>,
    rail: Handle<Mesh>,
    merlon: Handle<Mesh>,
    castle: Handle<Mesh>,
    trunk: Handle<Mesh>,
    leaves: Handle<Mesh>,
    table: Handle<Mesh>,
}

/// The centre of a square's top face.
pub fn square_center(g: &Geometry, sq: Square) -> Vec3 {
    let c = g.coord(sq);
    Vec3::new(
        (c.file as f32 - (g.files as f32 - 1.0) / 2.0) * TILE,
        SURFACE,
        -(c.rank as f32 - (g.ranks as f32 - 1.0) / 2.0) * TILE,
    )
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

/// Half the board's extent in x and z: what the camera must see.
pub fn board_half_extent(g: &Geometry) -> Vec2 {
    Vec2::new(g.files as f32, g.ranks as f32) * TILE / 2.0
}

/// Where a seat sits: the unit vector from the board's centre towards its castle.
pub fn seat_direction(variant: Variant, seat: usize) -> Vec3 {
    let rules = variant.rules();
    let g = rules.geometry;
    let castle = rules.castle(camelot_engine::Player(seat as u8));
    let sum: Vec3 = castle.iter().map(|sq| square_center(g, sq)).sum();
    let d = (sum / castle.len().max(1) as f32).with_y(0.0);
    if d.length() < 1e-3 {
        Vec3::Z
    } else {
        d.normalize()
    }
}

fn create_meshes(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>) {
    let (trunk, leaves) = shapes::tree_parts();
    commands.insert_resource(BoardMeshes {
        tile: meshes.add(Cuboid::new(0.94 * TILE, 0.06, 0.94 * TILE)),
        base: meshes.add(Cuboid::new(1.14 * TILE, 0.2, 1.14 * TILE)),
        water: meshes.add(Cuboid::new(1.0 * TILE, 0.02, 1.0 * TILE)),
        plank: meshes.add(Cuboid::new(0.92 * TILE, 0.05, 0.29 * TILE)),
        rail: meshes.add(Cuboid::new(0.07, 0.1, 1.0 * TILE)),
        merlon: meshes.add(Cuboid::new(0.16, 0.16, 0.16)),
        castle: meshes.add(Cuboid::new(0.98 * TILE, 0.14, 0.98 * TILE)),
        trunk: meshes.add(trunk),
        leaves: meshes.add(leaves),
        table: meshes.add(repeat_uvs(Cuboid::new(40.0, 0.6, 30.0).into(), 5.0)),
    });
}

/// Tiles a texture `times` across each face instead of stretching it.
fn repeat_uvs(mut mesh: Mesh, times: f32) -> Mesh {
    if let Some(bevy::mesh::VertexAttributeValues::Float32x2(uvs)) =
        mesh.attribute_mut(Mesh::ATTRIBUTE_UV_0)
    {
        for uv in uvs.iter_mut() {
            uv[0] *= times;
            uv[1] *= times * 0.75;
        }
    }
    mesh
}

/// Builds the board when the game's variant differs from the one on the table.
fn rebuild_board(
    mut commands: Commands,
    session: Res<Session>,
    mut built: ResMut<BuiltBoard>,
    parts: Query<Entity, With<BoardPart>>,
    meshes: Option<Res<BoardMeshes>>,
    palette: Option<Res<Palette>>,
) {
    let variant = session.variant();
    if built.0 == Some(variant) {
        return;
    }
    let (Some(meshes), Some(palette)) = (meshes, palette) else {
        return;
    };
    for e in &parts {
        commands.entity(e).despawn();
    }
    built.0 = Some(variant);
    spawn_board(&mut commands, variant, &meshes, &palette);
}

fn spawn_board(commands: &mut Commands, variant: Variant, m: &BoardMeshes, p: &Palette) {
    let rules = variant.rules();
    let g = rules.geometry;
    commands.spawn((
        BoardPart,
        Mesh3d(m.table.clone()),
        MeshMaterial3d(p.table.clone()),
        Transform::from_xyz(0.0, SURFACE - 0.56, 0.0),
        Pickable::IGNORE,
    ));
    let castle_of = |sq: Square| {
        rules
            .players_in_order()
            .find(|&p| rules.castle(p).contains(sq))
    };
    for sq in g.squares() {
        let at = square_center(g, sq);
        // The plinth: slightly larger blocks that merge into one slab of the board's shape.
        commands.spawn((
            BoardPart,
            Mesh3d(m.base.clone()),
            MeshMaterial3d(p.grout.clone()),
            Transform::from_translation(at - Vec3::Y * 0.13),
            Pickable::IGNORE,
        ));
        let c = g.coord(sq);
        let mut tile = commands.spawn((BoardPart, OnSquare(sq), Tile));
        if rules.water.contains(sq) || rules.bridges.contains(sq) {
            tile.insert((
                Mesh3d(m.water.clone()),
                MeshMaterial3d(p.water.clone()),
                // The water lies a little below the squares, above the plinth.
                Transform::from_translation(at - Vec3::Y * 0.025),
            ));
            if rules.bridges.contains(sq) {
                // Planks across, rails along: the bridges carry pieces over the river
                // from rank to rank.
                tile.insert(BridgeTile).with_children(|b| {
                    for k in [-1.0, 0.0, 1.0] {
                        b.spawn((
                            Mesh3d(m.plank.clone()),
                            MeshMaterial3d(p.bridge.clone()),
                            Transform::from_xyz(0.0, 0.01, k * 0.31 * TILE),
                        ));
                    }
                    for x in [-0.47, 0.47] {
                        b.spawn((
                            Mesh3d(m.rail.clone()),
                            MeshMaterial3d(p.bridge.clone()),
                            Transform::from_xyz(x * TILE, 0.06, 0.0),
                        ));
                    }
                });
            } else {
                tile.insert(RiverTile);
            }
        } else if let Some(seat) = castle_of(sq) {
            // A castle square is a raised block of stone in its owner's colour, with
            // merlons at its corners: no one mistakes it for a plain square.
            tile.insert((
                CastleTile(seat.0 as usize),
                Mesh3d(m.castle.clone()),
                MeshMaterial3d(p.castle(rules.seat_name(seat))),
                Transform::from_translation(at + Vec3::Y * (CASTLE_RISE - 0.07)),
            ))
            .with_children(|t| {
                for (dx, dz) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                    t.spawn((
                        Mesh3d(m.merlon.clone()),
                        MeshMaterial3d(p.merlon.clone()),
                        Transform::from_xyz(dx * 0.41, 0.15, dz * 0.41),
                    ));
                }
            });
        } else {
            let mat = if (c.file + c.rank).is_multiple_of(2) {
                p.dark.clone()
            } else {
                p.light.clone()
            };
            tile.insert((
                Mesh3d(m.tile.clone()),
                MeshMaterial3d(mat),
                Transform::from_translation(at - Vec3::Y * 0.03),
            ));
        }
    }
}

/// Plants and uproots trees to match the engine's position.
fn sync_trees(
    mut commands: Commands,
    session: Res<Session>,
    built: Res<BuiltBoard>,
    trees: Query<(Entity, &OnSquare), With<Tree>>,
    meshes: Option<Res<BoardMeshes>>,
    palette: Option<Res<Palette>>,
) {
    let (Some(m), Some(p)) = (meshes, palette) else {
        return;
    };
    if built.0 != Some(session.variant()) {
        return;
    }
    let pos = session.position();
    let wanted = pos.trees();
    let mut have = camelot_engine::CellSet::EMPTY;
    for (e, on) in &trees {
        if wanted.contains(on.0) {
            have.insert(on.0);
        } else {
            commands.entity(e).despawn();
        }
    }
    let g = pos.geometry();
    for sq in wanted.iter().filter(|&sq| !have.contains(sq)) {
        commands
            .spawn((
                BoardPart,
                Tree,
                OnSquare(sq),
                Mesh3d(m.trunk.clone()),
                MeshMaterial3d(p.trunk.clone()),
                Transform::from_translation(square_center(g, sq)),
            ))
            .with_children(|t| {
                t.spawn((Mesh3d(m.leaves.clone()), MeshMaterial3d(p.leaves.clone())));
            });
    }
}
