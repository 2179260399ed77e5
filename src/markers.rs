//! Marks on the board: the hovered square, the selected piece and the landings entered
//! so far, the landings offered next, and the computer's hint. Redrawn only when what
//! they show changes.

use bevy::prelude::*;
use camelot_engine::{Move, Square, StepKind};

use crate::ai_player::HintMove;
use crate::board::{stand_point, OnSquare};
use crate::input::MoveInput;
use crate::session::Session;
use crate::theme::{MarkerKind, Palette};
use crate::AppSystems;

pub(super) fn plugin(app: &mut App) {
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

/// What the marks show; they are redrawn when it changes.
type Shown = (Vec<Square>, Option<Square>, Option<Move>, usize, u64);

fn show_markers(
    mut commands: Commands,
    input: Res<MoveInput>,
    hint: Res<HintMove>,
    session: Res<Session>,
    old: Query<Entity, With<Marker>>,
    meshes: Option<Res<MarkerMeshes>>,
    palette: Option<Res<Palette>>,
    mut last: Local<Option<Shown>>,
) {
    let (Some(m), Some(p)) = (meshes, palette) else {
        return;
    };
    let key = (
        input.clicks.clone(),
        input.hovered,
        hint.0.as_ref().map(|h| h.0),
        session.game.ply(),
        session.epoch,
    );
    if last.as_ref() == Some(&key) && !input.is_changed() {
        return;
    }
    *last = Some(key);
    for e in &old {
        commands.entity(e).try_despawn();
    }
    let variant = session.variant();
    let on_board = session.position().geometry().len();
    let mut put = |sq: Square,
                   mesh: &Handle<Mesh>,
                   mat: &Handle<StandardMaterial>,
                   y: f32,
                   pickable: bool| {
        if sq.index() >= on_board {
            return;
        }
        let mut e = commands.spawn((
            Marker,
            Mesh3d(mesh.clone()),
            MeshMaterial3d(mat.clone()),
            Transform::from_translation(stand_point(variant, sq) + Vec3::Y * y),
        ));
        if pickable {
            e.insert(OnSquare(sq));
        } else {
            e.insert(Pickable::IGNORE);
        }
    };
    if let Some(h) = input.hovered {
        put(h, &m.frame, &p.hover, 0.004, false);
    }
    if let Some((_, path)) = &hint.0 {
        for (i, &sq) in path.iter().enumerate() {
            let mesh = if i == 0 { &m.frame } else { &m.ring };
            put(sq, mesh, &p.hint, 0.008, false);
        }
    }
    if let Some(&first) = input.clicks.first() {
        put(first, &m.frame, &p.selected, 0.006, false);
        for &sq in &input.clicks[1..] {
            put(sq, &m.dot, &p.selected, 0.01, false);
        }
    }
    for &(sq, kind) in &input.offers {
        let mesh = match kind {
            MarkerKind::Step(StepKind::Plain) | MarkerKind::Step(StepKind::CastleMove) => &m.disc,
            _ => &m.ring,
        };
        put(sq, mesh, &p.marker(kind), 0.012, true);
        if kind == MarkerKind::Step(StepKind::Jump) || kind == MarkerKind::Charge {
            put(sq, &m.dot, &p.marker(kind), 0.014, true);
        }
    }
}
