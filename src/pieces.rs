//! The pieces: one entity per piece on the board, mirroring the engine's position
//! whenever no animation is playing. Nothing else spawns pieces.

use std::collections::HashMap;

use bevy::prelude::*;
use camelot_engine::{Kind, Piece, Square, Variant};

use crate::animation::board_idle;
use crate::board::{seat_direction, stand_point, BuiltBoard, OnSquare};
use crate::session::Session;
use crate::shapes;
use crate::theme::Palette;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, create_meshes).add_systems(
        Update,
        sync_pieces.run_if(board_idle).in_set(crate::MirrorSet),
    );
}

/// A piece on the board, as the engine knows it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceView(pub Piece);

/// A piece the player holds (dragging it, or part way through entering a leap): the
/// input places it, the mirror leaves its transform alone.
#[derive(Component)]
pub struct Held;

#[derive(Resource)]
pub struct PieceMeshes {
    pub man: Handle<Mesh>,
    pub knight: Handle<Mesh>,
}

fn create_meshes(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>) {
    commands.insert_resource(PieceMeshes {
        man: meshes.add(shapes::man()),
        knight: meshes.add(shapes::knight()),
    });
}

/// Where a piece stands on its square, facing the far side of the board.
pub fn piece_transform(variant: Variant, sq: Square, piece: Piece) -> Transform {
    let facing = -seat_direction(variant, piece.owner.0 as usize);
    // The knight's head looks along +X in its mesh; turned 55° off straight ahead, its
    // profile shows to the player who owns it.
    let yaw = (-facing.z).atan2(facing.x) + 55f32.to_radians();
    Transform::from_translation(stand_point(variant, sq)).with_rotation(Quat::from_rotation_y(yaw))
}

/// Spawns, despawns and replaces piece entities until they match the position.
pub fn sync_pieces(
    mut commands: Commands,
    session: Res<Session>,
    built: Res<BuiltBoard>,
    mut pieces: Query<(Entity, &OnSquare, &PieceView, &mut Transform, Has<Held>)>,
    meshes: Option<Res<PieceMeshes>>,
    palette: Option<Res<Palette>>,
) {
    let (Some(meshes), Some(palette)) = (meshes, palette) else {
        return;
    };
    let variant = session.variant();
    if built.0 != Some(variant) {
        return;
    }
    let pos = session.position();
    let mut have: HashMap<Square, Entity> = HashMap::new();
    for (e, on, view, mut tf, held) in &mut pieces {
        if pos.piece_at(on.0) == Some(view.0) && !have.contains_key(&on.0) {
            have.insert(on.0, e);
            let want = piece_transform(variant, on.0, view.0);
            if *tf != want && !held {
                *tf = want;
            }
        } else {
            commands.entity(e).despawn();
        }
    }
    let rules = pos.rules();
    for sq in pos.geometry().squares() {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        if have.contains_key(&sq) {
            continue;
        }
        let mesh = match piece.kind {
            Kind::Man => meshes.man.clone(),
            Kind::Knight => meshes.knight.clone(),
        };
        commands.spawn((
            crate::board::BoardPart,
            OnSquare(sq),
            PieceView(piece),
            Mesh3d(mesh),
            MeshMaterial3d(palette.piece(rules.seat_name(piece.owner))),
            piece_transform(variant, sq, piece),
        ));
    }
}
