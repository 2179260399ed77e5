//! Moves played along their paths: plain steps slide, leaps arc and squash as they land,
//! a jumped piece lifts off the board into its owner's tray beside it, a castle entry
//! lights the castle. An undone move plays backwards: the piece leaps back and its
//! captures return from the tray to their squares. When nothing is moving, the mirrors
//! in `pieces` and `board` make everything match the engine.

use std::collections::VecDeque;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use camelot_engine::{Coord, MoveKind, Player, Position, Square};

use crate::game::actions::{BoardReset, MovePlayed};
use crate::game::motion::BoardMotion;
use crate::game::session::Session;
use crate::table::board::{stand_point, CastleTile, OnSquare};
use crate::table::pieces::{tray_transform, InTray, PieceView};
use crate::table::settings::TableSettings;
use crate::table::theme::Palette;
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Animation>()
        .init_resource::<BoardMotion>()
        .add_message::<Landing>()
        .add_observer(on_landed)
        .add_systems(
            Update,
            (
                queue_moves,
                start_flight,
                fly,
                lift,
                fade_glows,
                keep_drawing,
                tell_motion,
            )
                .chain()
                .in_set(AppSystems::Animate),
        );
}

/// Seconds for one leap at normal speed (a plain step takes 60% of it).
const LEAP_SECONDS: f32 = 0.42;
const LIFT_SECONDS: f32 = 0.6;

/// Moves waiting to be shown, and the one being shown.
#[derive(Resource, Default)]
pub struct Animation {
    queue: VecDeque<MovePlayed>,
    current: Option<Flight>,
}

impl Animation {
    pub fn idle(&self) -> bool {
        self.queue.is_empty() && self.current.is_none()
    }
}

/// A piece touched down (the sound of it): at every landing of a move, or once per move
/// when moves are shown at once.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing {
    pub kind: LandingKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LandingKind {
    Step,
    Capture,
    Castle,
}

/// Run condition: nothing is moving, so the board may mirror the engine.
pub fn board_idle(anim: Res<Animation>, lifting: Query<(), With<Lifted>>) -> bool {
    anim.idle() && lifting.is_empty()
}

/// Tells the game whether the board is showing a move (the computer players wait for
/// it), as the frame's animation leaves it.
fn tell_motion(
    anim: Res<Animation>,
    lifting: Query<(), With<Lifted>>,
    mut motion: ResMut<BoardMotion>,
) {
    let moving = !(anim.idle() && lifting.is_empty());
    if motion.moving != moving {
        motion.moving = moving;
    }
}

/// What happens when a leg of a flight ends.
#[derive(Clone, Copy, Debug)]
enum LegEnd {
    /// The jumped piece on this square goes to its owner's tray, in this slot.
    Capture(Square, Player, usize),
    /// A piece comes back from its owner's tray (this slot) to this square (an undo).
    Restore(Square, Player, usize),
}

/// One piece travelling along its path.
struct Flight {
    piece: Entity,
    /// Start square, then every landing.
    path: Vec<Square>,
    /// What each leg's landing does.
    landings: Vec<Option<LegEnd>>,
    leg: usize,
    t: f32,
}

/// A piece on its way to or from a tray.
#[derive(Component)]
pub struct Lifted {
    from: Vec3,
    to: Transform,
    t: f32,
    /// Where it belongs once it arrives.
    then: Arrival,
}

#[derive(Clone, Copy)]
enum Arrival {
    Tray(InTray),
    Board(Square),
}

/// A castle lit up for a moment.
#[derive(Component)]
struct Glow(f32);

fn queue_moves(
    mut anim: ResMut<Animation>,
    mut played: MessageReader<MovePlayed>,
    mut reset: MessageReader<BoardReset>,
    mut landings: MessageWriter<Landing>,
    settings: Res<TableSettings>,
) {
    if reset.read().count() > 0 {
        // The game jumped: whatever was in flight is stale.
        anim.queue.clear();
        anim.current = None;
        played.clear();
        return;
    }
    for m in played.read() {
        if settings.move_speed() > 0.0 && m.path.is_some() && m.mv.kind != MoveKind::PlaceTree {
            anim.queue.push_back(m.clone());
        } else if m.mv.kind != MoveKind::Pass {
            // Shown at once: one sound for the whole move.
            let castle = m.before.rules().all_castles().contains(m.mv.to);
            let kind = match (m.mv.is_capture(), castle) {
                (true, _) => LandingKind::Capture,
                (false, true) => LandingKind::Castle,
                _ => LandingKind::Step,
            };
            landings.write(Landing { kind });
        }
    }
}

/// The square between the two ends of a leap (none for a plain step).
fn jumped_square(pos: &Position, a: Square, b: Square) -> Option<Square> {
    let g = pos.geometry();
    let (a, b) = (g.coord(a), g.coord(b));
    let leap = a.file.abs_diff(b.file) == 2 || a.rank.abs_diff(b.rank) == 2;
    leap.then(|| g.square(Coord::new((a.file + b.file) / 2, (a.rank + b.rank) / 2)))
        .flatten()
}

/// The path and what each landing does, forwards or (an undo) backwards. `start` is the
/// game's start: what a seat had then and has before the move says how many of its
/// pieces are in the tray already. A move's captures take the next slots in square
/// order, as [`lost_pieces`] counts them.
fn plan(m: &MovePlayed, start: &Position) -> Option<(Vec<Square>, Vec<Option<LegEnd>>)> {
    let path = m.path.as_ref()?.path.clone();
    let slot_of = |mid: Square, owner: Player| {
        let lost = start.count(owner).saturating_sub(m.before.count(owner)) as usize;
        let earlier =
            m.mv.captured
                .iter()
                .filter(|&s| s < mid && m.before.piece_at(s).map(|p| p.owner) == Some(owner))
                .count();
        lost + earlier
    };
    let mut landings: Vec<Option<LegEnd>> = path
        .windows(2)
        .map(|w| {
            let mid = jumped_square(&m.before, w[0], w[1])?;
            if !m.mv.captured.contains(mid) {
                return None;
            }
            let owner = m.before.piece_at(mid)?.owner;
            let slot = slot_of(mid, owner);
            Some(if m.reverse {
                LegEnd::Restore(mid, owner, slot)
            } else {
                LegEnd::Capture(mid, owner, slot)
            })
        })
        .collect();
    if m.reverse {
        // Backwards: the last leap first, and the last capture comes back first.
        let mut back = path;
        back.reverse();
        landings.reverse();
        return Some((back, landings));
    }
    Some((path, landings))
}

fn start_flight(
    mut anim: ResMut<Animation>,
    settings: Res<TableSettings>,
    session: Res<Session>,
    pieces: Query<(Entity, &OnSquare), With<PieceView>>,
) {
    if settings.move_speed() <= 0.0 {
        anim.queue.clear();
        anim.current = None;
        return;
    }
    while anim.current.is_none() {
        let Some(next) = anim.queue.pop_front() else {
            return;
        };
        let Some((path, landings)) = plan(&next, session.game.start()) else {
            continue;
        };
        let Some((piece, _)) = pieces.iter().find(|(_, on)| on.0 == path[0]) else {
            // Nothing to fly (the board was not built yet): the mirror will place it.
            continue;
        };
        anim.current = Some(Flight {
            piece,
            path,
            landings,
            leg: 0,
            t: 0.0,
        });
    }
}

fn fly(
    mut commands: Commands,
    mut landings: MessageWriter<Landing>,
    mut anim: ResMut<Animation>,
    time: Res<Time>,
    settings: Res<TableSettings>,
    session: Res<Session>,
    mut pieces: Query<(&mut OnSquare, &mut Transform), With<PieceView>>,
) {
    let variant = session.variant();
    let dt = time.delta_secs() * settings.move_speed();
    let Some(f) = anim.current.as_mut() else {
        return;
    };
    let (a, b) = (f.path[f.leg], f.path[f.leg + 1]);
    let (pa, pb) = (stand_point(variant, a), stand_point(variant, b));
    let leap = pa.distance(pb) > 1.6;
    let duration = if leap {
        LEAP_SECONDS
    } else {
        LEAP_SECONDS * 0.6
    };
    f.t += dt / duration;
    let t = f.t.min(1.0);
    let eased = t * t * (3.0 - 2.0 * t);
    let height = if leap { 0.9 } else { 0.25 };
    let mut at = pa.lerp(pb, eased);
    at.y += height * 4.0 * t * (1.0 - t);
    let Ok((_, mut tf)) = pieces.get_mut(f.piece) else {
        anim.current = None;
        return;
    };
    tf.translation = at;
    // A small squash as it lands.
    let squash = if t > 0.85 { 1.0 - (1.0 - t) * 0.6 } else { 1.0 };
    tf.scale = Vec3::new(2.0 - squash, squash, 2.0 - squash);
    if f.t < 1.0 {
        return;
    }
    tf.scale = Vec3::ONE;
    let landing = f.landings.get(f.leg).copied().flatten();
    let (piece, last) = (f.piece, f.leg + 2 >= f.path.len());
    f.leg += 1;
    f.t = 0.0;
    commands.trigger(Landed {
        square: b,
        capture: landing,
    });
    let castle = session.position().rules().all_castles().contains(b);
    landings.write(Landing {
        kind: match (landing, castle) {
            (Some(LegEnd::Capture(..)) | Some(LegEnd::Restore(..)), _) => LandingKind::Capture,
            (None, true) => LandingKind::Castle,
            (None, false) => LandingKind::Step,
        },
    });
    if last {
        anim.current = None;
        if let Ok((mut on, _)) = pieces.get_mut(piece) {
            on.0 = b;
        }
    }
}

/// A leg of a flight ended on `square`.
#[derive(Event, Clone, Copy)]
struct Landed {
    square: Square,
    capture: Option<LegEnd>,
}

/// What stands on the table: the pieces on the board and in the trays, and the castles'
/// squares.
#[derive(SystemParam)]
struct TableThings<'w, 's> {
    board_pieces: Query<'w, 's, (Entity, &'static OnSquare, &'static Transform), With<PieceView>>,
    in_tray: Query<'w, 's, (Entity, &'static InTray, &'static Transform)>,
    castles: Query<'w, 's, (&'static OnSquare, &'static CastleTile), Without<PieceView>>,
}

/// A capture lifts the jumped piece towards its tray; a restore brings a in_tray piece
/// back; a castle entry lights the castle.
fn on_landed(
    ev: On<Landed>,
    mut commands: Commands,
    session: Res<Session>,
    table: TableThings,
    palette: Option<Res<Palette>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut glow_mesh: Local<Option<Handle<Mesh>>>,
) {
    let TableThings {
        board_pieces,
        in_tray,
        castles,
    } = table;
    let variant = session.variant();
    match ev.capture {
        Some(LegEnd::Capture(sq, owner, slot)) => {
            if let Some((victim, _, tf)) = board_pieces.iter().find(|(_, on, _)| on.0 == sq) {
                commands.entity(victim).remove::<OnSquare>().insert(Lifted {
                    from: tf.translation,
                    to: tray_transform(variant, owner, slot),
                    t: 0.0,
                    then: Arrival::Tray(InTray { owner, slot }),
                });
            }
        }
        Some(LegEnd::Restore(sq, owner, slot)) => {
            let back = in_tray
                .iter()
                .find(|(_, r, _)| r.owner == owner && r.slot == slot);
            if let Some((e, _, tf)) = back {
                let piece_tf = Transform::from_translation(stand_point(variant, sq))
                    .with_rotation(tf.rotation);
                commands.entity(e).remove::<InTray>().insert(Lifted {
                    from: tf.translation,
                    to: piece_tf,
                    t: 0.0,
                    then: Arrival::Board(sq),
                });
            }
        }
        None => {}
    }
    let Some(castle) = castles
        .iter()
        .find(|(on, _)| on.0 == ev.square)
        .map(|(_, c)| c.0)
    else {
        return;
    };
    let Some(p) = palette else { return };
    let quad = glow_mesh
        .get_or_insert_with(|| meshes.add(Cuboid::new(0.96, 0.01, 0.96)))
        .clone();
    for (on, c) in &castles {
        if c.0 == castle {
            commands.spawn((
                crate::table::board::BoardPart,
                Glow(1.0),
                Mesh3d(quad.clone()),
                MeshMaterial3d(p.castle_glow.clone()),
                Transform::from_translation(stand_point(variant, on.0) + Vec3::Y * 0.012),
            ));
        }
    }
}

fn lift(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<TableSettings>,
    mut lifted: Query<(Entity, &mut Lifted, &mut Transform)>,
) {
    let speed = settings.move_speed().max(0.5);
    for (e, mut l, mut tf) in &mut lifted {
        l.t += time.delta_secs() * speed / LIFT_SECONDS;
        let t = l.t.min(1.0);
        let eased = t * t * (3.0 - 2.0 * t);
        let mut at = l.from.lerp(l.to.translation, eased);
        at.y += 1.6 * (t * std::f32::consts::PI).sin();
        tf.translation = at;
        tf.rotation = tf.rotation.slerp(l.to.rotation, eased);
        if l.t >= 1.0 {
            *tf = l.to;
            let mut e = commands.entity(e);
            e.remove::<Lifted>();
            match l.then {
                Arrival::Tray(r) => e.insert(r),
                Arrival::Board(sq) => e.insert(OnSquare(sq)),
            };
        }
    }
}

/// While anything moves, frames keep coming (otherwise the window rests).
fn keep_drawing(
    anim: Res<Animation>,
    moving: Query<(), Or<(With<Lifted>, With<Glow>)>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if !anim.idle() || !moving.is_empty() {
        redraw.write(RequestRedraw);
    }
}

fn fade_glows(
    mut commands: Commands,
    time: Res<Time>,
    mut glows: Query<(Entity, &mut Glow, &mut Transform)>,
) {
    for (e, mut g, mut tf) in &mut glows {
        g.0 -= time.delta_secs() / 1.2;
        tf.scale = Vec3::ONE * g.0.max(0.0).sqrt().max(0.05);
        if g.0 <= 0.0 {
            commands.entity(e).try_despawn();
        }
    }
}
