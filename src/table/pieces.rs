//! The pieces: one entity per piece on the board, and one per captured piece standing in
//! its owner's tray beside the board. Both mirror the engine whenever no move is being
//! shown; a piece out of place (dropped where it cannot go, put back by an undo) slides
//! home rather than jumping. Nothing else spawns pieces.

use std::collections::HashMap;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use camelot_engine::{Game, Piece, PieceKind, Player, Square, Variant};

use crate::game::browse::Browse;
use crate::game::session::Session;
use crate::table::board::{seat_direction, stand_point, BuiltBoard, OnSquare};
use crate::table::settings::{PieceSet, TableSettings};
use crate::table::shapes;
use crate::table::theme::Palette;
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, create_meshes)
        .add_systems(Update, change_set.in_set(AppSystems::Build))
        .add_systems(Update, (sync_pieces, sync_trays).in_set(AppSystems::Mirror));
}

/// A piece, as the engine knows it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceView(pub Piece);

/// A piece the player holds (dragging it, or part way through entering a leap): the
/// input places it, the mirror leaves its transform alone.
#[derive(Component)]
pub struct Held;

/// A captured piece in its owner's tray: `slot` counts from the first piece lost.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct InTray {
    pub owner: Player,
    pub slot: usize,
}

#[derive(Resource)]
pub struct PieceMeshes {
    pub man: Handle<Mesh>,
    pub knight: Handle<Mesh>,
    /// The partner's ring (Grand Cam), on a man and on a knight.
    man_mark: Handle<Mesh>,
    knight_mark: Handle<Mesh>,
    /// The set the meshes are of.
    set: PieceSet,
    /// How far the man and the knight of that set stand up and out, from their meshes:
    /// what the pointer's ray meets.
    extents: [PieceExtent; 2],
}

impl PieceMeshes {
    /// How far a piece of `kind` stands up and out, in the set on the table.
    pub fn extent(&self, kind: PieceKind) -> PieceExtent {
        match kind {
            PieceKind::Man => self.extents[0],
            PieceKind::Knight => self.extents[1],
        }
    }
}

/// The upright cylinder a piece fits in, from its base's centre: its height, and its
/// radius about the upright axis (so that however the knight turns, it is inside).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceExtent {
    pub height: f32,
    pub radius: f32,
}

impl PieceExtent {
    /// The cylinder that holds every vertex of `mesh`, standing on its origin.
    pub fn of(mesh: &Mesh) -> PieceExtent {
        let positions = mesh
            .attribute(Mesh::ATTRIBUTE_POSITION)
            .and_then(|a| a.as_float3())
            .unwrap_or(&[]);
        positions.iter().fold(
            PieceExtent {
                height: 0.0,
                radius: 0.0,
            },
            |e, &[x, y, z]| PieceExtent {
                height: e.height.max(y),
                radius: e.radius.max(x.hypot(z)),
            },
        )
    }
}

/// The extents of a set's man and knight, from its meshes ([`set_meshes`]' order).
fn extents_of([man, knight, ..]: &[Mesh; 4]) -> [PieceExtent; 2] {
    [PieceExtent::of(man), PieceExtent::of(knight)]
}

/// The extents of a set's man and knight (for the pointer's tests).
#[cfg(test)]
pub(crate) fn set_extents(set: PieceSet) -> [PieceExtent; 2] {
    extents_of(&set_meshes(set))
}

/// A set's meshes: a man, a knight, and the partner's ring on each.
fn set_meshes(set: PieceSet) -> [Mesh; 4] {
    match set {
        PieceSet::Turned => [
            shapes::man(),
            shapes::knight(),
            shapes::mark_ring(shapes::TURNED_MAN_TOP),
            shapes::mark_ring(shapes::TURNED_KNIGHT_TOP),
        ],
        PieceSet::Parker => [
            shapes::disc_man(),
            shapes::disc_knight(),
            shapes::mark_ring(shapes::DISC_MAN_TOP),
            shapes::mark_ring(shapes::DISC_KNIGHT_TOP),
        ],
    }
}

fn create_meshes(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    settings: Option<Res<TableSettings>>,
) {
    let set = settings.map(|s| s.piece_set).unwrap_or_default();
    let built = set_meshes(set);
    let extents = extents_of(&built);
    let [man, knight, man_mark, knight_mark] = built.map(|m| meshes.add(m));
    commands.insert_resource(PieceMeshes {
        man,
        knight,
        man_mark,
        knight_mark,
        set,
        extents,
    });
}

/// Another set chosen in the settings: its meshes replace the old under the same handles,
/// so every piece on the table and in the trays changes at once.
fn change_set(
    settings: Option<Res<TableSettings>>,
    pieces: Option<ResMut<PieceMeshes>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let (Some(settings), Some(mut pieces)) = (settings, pieces) else {
        return;
    };
    if pieces.set == settings.piece_set {
        return;
    }
    pieces.set = settings.piece_set;
    let built = set_meshes(settings.piece_set);
    pieces.extents = extents_of(&built);
    let handles = [
        pieces.man.clone(),
        pieces.knight.clone(),
        pieces.man_mark.clone(),
        pieces.knight_mark.clone(),
    ];
    for (h, m) in handles.iter().zip(built) {
        let _ = meshes.insert(h, m);
    }
}

/// The knight's head looks along +X in its mesh; turned 55° off the direction its owner
/// faces, its profile shows to the player who owns it.
fn facing(variant: Variant, owner: Player) -> Quat {
    let facing = -seat_direction(variant, owner.0 as usize);
    let yaw = (-facing.z).atan2(facing.x) + 55f32.to_radians();
    Quat::from_rotation_y(yaw)
}

/// Where a piece stands on its square, facing the far side of the board.
pub fn piece_transform(variant: Variant, sq: Square, piece: Piece) -> Transform {
    Transform::from_translation(stand_point(variant, sq))
        .with_rotation(facing(variant, piece.owner))
}

/// Where slot `slot` of a seat's tray is: its place in the seat's tray.
pub fn tray_transform(variant: Variant, owner: Player, slot: usize) -> Transform {
    Transform::from_translation(crate::table::room::tray_slot(variant, owner, slot))
        .with_rotation(facing(variant, owner))
}

/// Spawns a piece entity (on the board or in a tray: the caller adds which).
pub fn spawn_piece<'a>(
    commands: &'a mut Commands,
    meshes: &PieceMeshes,
    palette: &Palette,
    variant: Variant,
    piece: Piece,
    transform: Transform,
) -> EntityCommands<'a> {
    let (mesh, mark) = match piece.kind {
        PieceKind::Man => (&meshes.man, &meshes.man_mark),
        PieceKind::Knight => (&meshes.knight, &meshes.knight_mark),
    };
    let seat = variant.rules().seat_colour(piece.owner);
    let mut e = commands.spawn((
        crate::table::board::BoardPart,
        PieceView(piece),
        Mesh3d(mesh.clone()),
        MeshMaterial3d(palette.piece(seat)),
        transform,
    ));
    if let Some(ring) = palette.mark(seat) {
        e.with_children(|p| {
            p.spawn((Mesh3d(mark.clone()), MeshMaterial3d(ring)));
        });
    }
    e
}

/// Moves a transform towards where it belongs: a short slide, not a jump. Returns
/// whether it is still on its way.
fn settle(tf: &mut Transform, want: Transform, dt: f32) -> bool {
    let gap = tf.translation.distance(want.translation);
    if !(0.002..=6.0).contains(&gap) {
        *tf = want;
        return false;
    }
    let k = 1.0 - (-18.0 * dt).exp();
    tf.translation = tf.translation.lerp(want.translation, k);
    tf.rotation = tf.rotation.slerp(want.rotation, k);
    tf.scale = tf.scale.lerp(want.scale, k);
    true
}

/// What the pieces on the board and in the trays are made to match (the position shown,
/// on the board built for it), what they are made of, and the frame they move in.
#[derive(SystemParam)]
pub struct PieceScene<'w> {
    session: Res<'w, Session>,
    browse: Res<'w, Browse>,
    built: Res<'w, BuiltBoard>,
    time: Res<'w, Time>,
    meshes: Option<Res<'w, PieceMeshes>>,
    palette: Option<Res<'w, Palette>>,
    redraw: MessageWriter<'w, RequestRedraw>,
}

impl<'w> PieceScene<'w> {
    /// The variant whose board is built, and what pieces are made of, once they are
    /// there (nothing is placed before); with the position shown, the frame's time and
    /// the redraw, each borrowed on its own.
    fn ready(&mut self) -> Option<Ready<'_, 'w>> {
        let variant = self.session.variant();
        let (Some(meshes), Some(palette)) = (&self.meshes, &self.palette) else {
            return None;
        };
        (self.built.0 == Some(variant)).then(|| Ready {
            variant,
            meshes,
            palette,
            session: &self.session,
            browse: &self.browse,
            seconds: self.time.delta_secs(),
            redraw: &mut self.redraw,
        })
    }
}

/// A [`PieceScene`] whose board stands.
struct Ready<'a, 'w> {
    variant: Variant,
    meshes: &'a PieceMeshes,
    palette: &'a Palette,
    session: &'a Session,
    browse: &'a Browse,
    /// The frame's time.
    seconds: f32,
    redraw: &'a mut MessageWriter<'w, RequestRedraw>,
}

/// Spawns, despawns and places board pieces until they match the position.
pub fn sync_pieces(
    mut commands: Commands,
    mut scene: PieceScene,
    mut pieces: Query<(Entity, &OnSquare, &PieceView, &mut Transform, Has<Held>)>,
) {
    let Some(at) = scene.ready() else {
        return;
    };
    let pos = at.browse.shown(at.session);
    let mut have: HashMap<Square, Entity> = HashMap::new();
    for (e, on, view, mut tf, held) in &mut pieces {
        if pos.piece_at(on.0) == Some(view.0) && !have.contains_key(&on.0) {
            have.insert(on.0, e);
            let want = piece_transform(at.variant, on.0, view.0);
            if *tf != want && !held && settle(&mut tf, want, at.seconds) {
                at.redraw.write(RequestRedraw);
            }
        } else {
            commands.entity(e).despawn();
        }
    }
    for sq in pos.geometry().squares() {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        if !have.contains_key(&sq) {
            let tf = piece_transform(at.variant, sq, piece);
            spawn_piece(&mut commands, at.meshes, at.palette, at.variant, piece, tf)
                .insert(OnSquare(sq));
        }
    }
}

/// Each seat's pieces captured in the game's first `plies` moves, in the order they were
/// taken.
pub fn lost_pieces(game: &Game, plies: usize) -> Vec<Vec<PieceKind>> {
    let players = game.position().rules().players();
    let mut lost = vec![Vec::new(); players];
    for (i, m) in game.moves().iter().enumerate().take(plies) {
        let before = game.position_at(i);
        for sq in m.captured.iter() {
            if let Some(pc) = before.piece_at(sq) {
                lost[pc.owner.0 as usize].push(pc.kind);
            }
        }
    }
    lost
}

/// Makes the trays hold exactly each seat's captured pieces.
fn sync_trays(
    mut commands: Commands,
    mut scene: PieceScene,
    mut in_tray: Query<(Entity, &InTray, &PieceView, &mut Transform)>,
) {
    let Some(at) = scene.ready() else {
        return;
    };
    let lost = lost_pieces(&at.session.game, at.browse.shown_ply(at.session));
    let mut have: HashMap<(u8, usize), Entity> = HashMap::new();
    for (e, r, view, mut tf) in &mut in_tray {
        let wanted = lost.get(r.owner.0 as usize).and_then(|l| l.get(r.slot));
        if wanted == Some(&view.0.kind)
            && view.0.owner == r.owner
            && !have.contains_key(&(r.owner.0, r.slot))
        {
            have.insert((r.owner.0, r.slot), e);
            if settle(
                &mut tf,
                tray_transform(at.variant, r.owner, r.slot),
                at.seconds,
            ) {
                at.redraw.write(RequestRedraw);
            }
        } else {
            commands.entity(e).despawn();
        }
    }
    for (owner, kinds) in lost.iter().enumerate() {
        let owner = Player(owner as u8);
        for (slot, &kind) in kinds.iter().enumerate() {
            if !have.contains_key(&(owner.0, slot)) {
                let tf = tray_transform(at.variant, owner, slot);
                let piece = Piece { owner, kind };
                spawn_piece(&mut commands, at.meshes, at.palette, at.variant, piece, tf)
                    .insert(InTray { owner, slot });
            }
        }
    }
}
