//! Marks on the board: the hovered square, the selected piece and the landings entered
//! so far, the landings offered next, the last move with its path, and the computer's
//! hint as an arrow along its path. Redrawn only when what they show changes.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use camelot_engine::{EntryStep, Move, Square};

use crate::game::browse::Browse;
use crate::game::computer::HintMove;
use crate::game::session::{GameKey, Session};
use crate::input::move_entry::MoveInput;
use crate::table::board::stand_point;
use crate::table::theme::{MarkerKind, Palette};
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, create_marker_meshes)
        .add_systems(Update, show_markers.in_set(AppSystems::Present));
}

/// A mark drawn by this module.
#[derive(Component)]
struct Marker;

#[derive(Resource)]
struct MarkerMeshes {
    disc: Handle<Mesh>,
    ring: Handle<Mesh>,
    frame: Handle<Mesh>,
    dot: Handle<Mesh>,
}

fn create_marker_meshes(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>) {
    let flat = |m: Mesh| m.rotated_by(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2));
    commands.insert_resource(MarkerMeshes {
        disc: meshes.add(flat(Circle::new(0.2).mesh().resolution(32).build())),
        ring: meshes.add(flat(Annulus::new(0.3, 0.4).mesh().resolution(40).build())),
        frame: meshes.add(flat(Rectangle::new(0.96, 0.96).mesh().build())),
        dot: meshes.add(flat(Circle::new(0.1).mesh().resolution(20).build())),
    });
}

/// What the markers were drawn for (they are redrawn when it changes): clicks, hover,
/// hint, the state of the game, and the ply shown.
type Shown = (Vec<Square>, Option<Square>, Option<Move>, GameKey, usize);

/// A flat ribbon along a path of points on the board, `width` wide, ending in an
/// arrowhead if `head` is given (its length): the hint's arrow, the last move's trace.
pub fn ribbon(points: &[Vec3], width: f32, head: Option<f32>) -> Mesh {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::{Indices, PrimitiveTopology};
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    let mut polygon = |corners: &[Vec3]| {
        let base = positions.len() as u32;
        positions.extend(corners.iter().map(|&c| <[f32; 3]>::from(c)));
        for k in 1..corners.len() as u32 - 1 {
            indices.extend_from_slice(&[base, base + k, base + k + 1]);
        }
    };
    let last = points.len().saturating_sub(2);
    for (i, w) in points.windows(2).enumerate() {
        let (a, mut b) = (w[0], w[1]);
        let dir = (b - a).with_y(0.0).normalize_or_zero();
        let side = Vec3::new(-dir.z, 0.0, dir.x) * (width / 2.0);
        if let (Some(len), true) = (head, i == last) {
            // Stop short of the end; the head fills the rest.
            let tip = b;
            b -= dir * len;
            polygon(&[b + side * 2.6, tip, b - side * 2.6]);
        }
        polygon(&[a + side, b + side, b - side, a - side]);
    }
    let n = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0f32, 1.0, 0.0]; n])
    .with_inserted_indices(Indices::U32(indices))
}

/// Spawns the marks, each with its mesh and material.
struct Painter<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    variant: camelot_engine::Variant,
    on_board: usize,
}

impl Painter<'_, '_, '_> {
    /// A mark lying on a square, `y` above its surface.
    fn at(&mut self, sq: Square, mesh: &Handle<Mesh>, mat: &Handle<StandardMaterial>, y: f32) {
        if sq.index() >= self.on_board {
            return;
        }
        self.commands.spawn((
            Marker,
            Mesh3d(mesh.clone()),
            MeshMaterial3d(mat.clone()),
            Transform::from_translation(stand_point(self.variant, sq) + Vec3::Y * y),
        ));
    }

    /// A mark made in place (a path's ribbon).
    fn shape(&mut self, mesh: Handle<Mesh>, mat: &Handle<StandardMaterial>) {
        self.commands.spawn((
            Marker,
            Mesh3d(mesh),
            MeshMaterial3d(mat.clone()),
            Transform::IDENTITY,
        ));
    }

    /// The points of a path of squares, `y` above the board.
    fn points(&self, path: &[Square], y: f32) -> Vec<Vec3> {
        path.iter()
            .map(|&sq| stand_point(self.variant, sq) + Vec3::Y * y)
            .collect()
    }
}

/// What the markers are made of: their shapes, the palette's materials, and the meshes
/// of the paths traced.
#[derive(SystemParam)]
struct MarkerMaking<'w> {
    meshes: Option<Res<'w, MarkerMeshes>>,
    palette: Option<Res<'w, Palette>>,
    mesh_assets: ResMut<'w, Assets<Mesh>>,
}

fn show_markers(
    mut commands: Commands,
    input: Res<MoveInput>,
    hint: Res<HintMove>,
    session: Res<Session>,
    browse: Res<Browse>,
    old: Query<Entity, With<Marker>>,
    making: MarkerMaking,
    mut last: Local<Option<Shown>>,
) {
    let MarkerMaking {
        meshes,
        palette,
        mut mesh_assets,
    } = making;
    let (Some(m), Some(p)) = (meshes, palette) else {
        return;
    };
    let key = (
        input.clicks.clone(),
        input.hovered,
        hint.0.as_ref().map(|h| h.0),
        session.key(),
        browse.shown_ply(&session),
    );
    if last.as_ref() == Some(&key) && !input.is_changed() {
        return;
    }
    *last = Some(key);
    for e in &old {
        commands.entity(e).try_despawn();
    }
    let mut paint = Painter {
        commands: &mut commands,
        variant: session.variant(),
        on_board: session.position().geometry().len(),
    };
    if let Some(h) = input.hovered {
        paint.at(h, &m.frame, &p.hover, 0.004);
    }
    // The last move to the position shown: its start and end framed, its path traced.
    let game = &session.game;
    let shown = browse.shown_ply(&session);
    if let Some(mv) = shown.checked_sub(1).map(|i| &game.moves()[i]) {
        let before = game.position_at(shown - 1);
        if let Some(pm) = before.path_of(mv).filter(|pm| pm.path.len() > 1) {
            paint.at(mv.from, &m.frame, &p.last_move, 0.002);
            paint.at(mv.to, &m.frame, &p.last_move, 0.002);
            let trace = mesh_assets.add(ribbon(&paint.points(&pm.path, 0.006), 0.07, None));
            paint.shape(trace, &p.last_move);
        }
    }
    // The hint: an arrow along its path, from the piece to where it lands (in the
    // game's position, so not while browsing).
    if let Some((_, path)) = hint.0.as_ref().filter(|_| shown == game.ply()) {
        if let Some(&from) = path.first() {
            paint.at(from, &m.frame, &p.hint, 0.008);
        }
        if path.len() > 1 {
            let arrow = mesh_assets.add(ribbon(&paint.points(path, 0.02), 0.16, Some(0.35)));
            paint.shape(arrow, &p.hint);
        }
    }
    if let Some(&first) = input.clicks.first() {
        paint.at(first, &m.frame, &p.selected, 0.006);
        for &sq in &input.clicks[1..] {
            paint.at(sq, &m.dot, &p.selected, 0.01);
        }
    }
    for &(sq, kind) in &input.offers {
        let mesh = match kind {
            MarkerKind::Step(EntryStep::Plain) | MarkerKind::Step(EntryStep::CastleMove) => &m.disc,
            _ => &m.ring,
        };
        paint.at(sq, mesh, &p.marker(kind), 0.012);
        if kind == MarkerKind::Step(EntryStep::Jump) || kind == MarkerKind::Charge {
            paint.at(sq, &m.dot, &p.marker(kind), 0.014);
        }
    }
}
