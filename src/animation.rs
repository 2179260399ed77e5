//! Moves played along their paths: plain steps slide, leaps arc, jumped pieces are
//! lifted off the board as they are jumped, castle entries light the castle. When the
//! queue is empty the mirrors in `pieces` and `board` snap everything to the engine.

use std::collections::VecDeque;

use bevy::prelude::*;
use camelot_engine::{MoveKind, Square};

use crate::board::{stand_point, CastleTile, OnSquare};
use crate::pieces::PieceView;
use crate::session::{BoardReset, MovePlayed, Session};
use crate::settings::Settings;
use crate::theme::Palette;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Animation>().add_systems(
        Update,
        (queue_moves, play_animation, lift_captured, fade_glows)
            .chain()
            .before(crate::MirrorSet),
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

/// Run condition: no move is being animated, so the board may mirror the engine.
pub fn board_idle(anim: Res<Animation>) -> bool {
    anim.idle()
}

/// One piece travelling along its path.
struct Flight {
    piece: Entity,
    /// Start square, then every landing.
    path: Vec<Square>,
    /// Jumped squares whose pieces are captured, by the leg that jumps them.
    captured: Vec<Option<Square>>,
    leg: usize,
    t: f32,
    to: Square,
}

/// A captured piece on its way off the board.
#[derive(Component)]
struct Lifted {
    from: Vec3,
    to: Vec3,
    t: f32,
}

/// A castle lit up for a moment.
#[derive(Component)]
struct Glow(f32);

fn queue_moves(
    mut anim: ResMut<Animation>,
    mut played: MessageReader<MovePlayed>,
    mut reset: MessageReader<BoardReset>,
    settings: Res<Settings>,
) {
    if reset.read().count() > 0 {
        // The game jumped: whatever was in flight is stale.
        anim.queue.clear();
        anim.current = None;
        played.clear();
        return;
    }
    for m in played.read() {
        if settings.animation_speed > 0.0 && m.path.is_some() && m.mv.kind != MoveKind::PlaceTree {
            anim.queue.push_back(m.clone());
        }
    }
}

fn play_animation(
    mut commands: Commands,
    mut anim: ResMut<Animation>,
    time: Res<Time>,
    settings: Res<Settings>,
    session: Res<Session>,
    mut pieces: Query<(Entity, &mut OnSquare, &mut Transform), With<PieceView>>,
    castles: Query<(&OnSquare, &CastleTile), Without<PieceView>>,
    palette: Option<Res<Palette>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut glow_mesh: Local<Option<Handle<Mesh>>>,
) {
    if settings.animation_speed <= 0.0 {
        anim.queue.clear();
        anim.current = None;
        return;
    }
    if anim.current.is_none() {
        let Some(next) = anim.queue.pop_front() else {
            return;
        };
        let Some(path) = next.path.clone() else {
            return;
        };
        let Some((piece, _, _)) = pieces.iter().find(|(_, on, _)| on.0 == next.mv.from) else {
            // Nothing to fly (the board was not built yet): the mirror will place it.
            return;
        };
        let g = next.before.geometry();
        let captured = path
            .path
            .windows(2)
            .map(|w| {
                let (a, b) = (g.coord(w[0]), g.coord(w[1]));
                let mid = g.square(camelot_engine::Coord::new(
                    (a.file + b.file) / 2,
                    (a.rank + b.rank) / 2,
                ))?;
                let leap = a.file.abs_diff(b.file) == 2 || a.rank.abs_diff(b.rank) == 2;
                (leap && next.mv.captured.contains(mid)).then_some(mid)
            })
            .collect();
        anim.current = Some(Flight {
            piece,
            path: path.path,
            captured,
            leg: 0,
            t: 0.0,
            to: next.mv.to,
        });
    }
    let variant = session.variant();
    let dt = time.delta_secs() * settings.animation_speed;
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
    let Ok((_, _, mut tf)) = pieces.get_mut(f.piece) else {
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
    let leg = f.leg;
    if let Some(Some(mid)) = f.captured.get(leg) {
        let victim = pieces
            .iter()
            .find(|(e, on, _)| on.0 == *mid && *e != f.piece)
            .map(|(e, _, tf)| (e, tf.translation));
        if let Some((victim, from)) = victim {
            // Set aside beyond the board's edge on the side it came from.
            let side = if from.x >= 0.0 { 1.0 } else { -1.0 };
            let to = Vec3::new(side * 9.5, 0.0, from.z * 0.6);
            commands
                .entity(victim)
                .remove::<OnSquare>()
                .insert(Lifted { from, to, t: 0.0 });
        }
    }
    if let Some(castle) = castles.iter().find(|(on, _)| on.0 == b).map(|(_, c)| c.0) {
        if let Some(p) = palette.as_ref() {
            let quad = glow_mesh
                .get_or_insert_with(|| meshes.add(Cuboid::new(0.96, 0.01, 0.96)))
                .clone();
            for (on, c) in &castles {
                if c.0 == castle {
                    commands.spawn((
                        crate::board::BoardPart,
                        Glow(1.0),
                        Mesh3d(quad.clone()),
                        MeshMaterial3d(p.castle_glow.clone()),
                        Transform::from_translation(stand_point(variant, on.0) + Vec3::Y * 0.012),
                        Pickable::IGNORE,
                    ));
                }
            }
        }
    }
    f.leg += 1;
    f.t = 0.0;
    if f.leg + 1 >= f.path.len() {
        let (piece, to) = (f.piece, f.to);
        anim.current = None;
        if let Ok((_, mut on, _)) = pieces.get_mut(piece) {
            on.0 = to;
        }
    }
}

fn lift_captured(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    mut lifted: Query<(Entity, &mut Lifted, &mut Transform)>,
) {
    let speed = settings.animation_speed.max(0.5);
    for (e, mut l, mut tf) in &mut lifted {
        l.t += time.delta_secs() * speed / LIFT_SECONDS;
        let t = l.t.min(1.0);
        let mut at = l.from.lerp(l.to, t * t);
        at.y += 2.0 * (t * std::f32::consts::PI).sin() + t * 0.2;
        tf.translation = at;
        tf.scale = Vec3::splat(1.0 - 0.6 * t);
        if l.t >= 1.0 {
            commands.entity(e).try_despawn();
        }
    }
}

fn fade_glows(
    mut commands: Commands,
    time: Res<Time>,
    mut glows: Query<(Entity, &mut Glow, &mut Transform)>,
) {
    for (e, mut g, mut tf) in &mut glows {
        g.0 -= time.delta_secs() / 1.2;
        tf.scale = Vec3::new(1.0, 1.0, 1.0) * g.0.max(0.0).sqrt().max(0.05);
        if g.0 <= 0.0 {
            commands.entity(e).try_despawn();
        }
    }
}
