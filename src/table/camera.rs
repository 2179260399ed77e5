//! The camera: seated at the table by default, framed so the whole board (every square,
//! every castle) fills the 3D viewport the panels leave, with a margin; orbit with the
//! right mouse button or WASD (up and down arrows tilt too), pan with the middle button
//! (or Shift + right button, or Shift + WASD), zoom with the wheel or +/-; R resets, T looks straight
//! down, V turns to the player to move. A framed view is framed again when the window
//! or the panels change size, until the player moves the camera. Lights live here too:
//! one key light (its shadow set by the quality tier) and a soft fill.

use std::f32::consts::FRAC_PI_4;

use bevy::ecs::system::SystemParam;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::light::CascadeShadowConfigBuilder;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};
use camelot_engine::Variant;

use crate::game::actions::GameStarted;
use crate::game::focus::{egui_wants_keys, egui_wants_pointer};
use crate::game::session::Session;
use crate::table::board::{seat_direction, table_corners};
use crate::table::settings::TableSettings;
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<CameraRig>()
        .init_resource::<ViewInsets>()
        .add_message::<CameraCommand>()
        .add_systems(Startup, spawn_camera_and_lights)
        .add_systems(
            Update,
            (
                mouse_controls.run_if(not(egui_wants_pointer)),
                key_controls.run_if(not(egui_wants_keys)),
            )
                .in_set(AppSystems::Input),
        )
        .add_systems(
            Update,
            (follow_game, apply_commands, move_camera)
                .chain()
                .in_set(AppSystems::Present),
        );
}

/// The camera's vertical field of view (Bevy's default perspective).
const FOV: f32 = FRAC_PI_4;

/// The space egui's panels take at the window's edges (logical pixels); the 3D view
/// gets the rest.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct ViewInsets {
    pub top: f32,
    pub right: f32,
    /// The review's graph under the board, when it is shown.
    pub bottom: f32,
}

/// The 3D viewport in logical pixels: (left, top, width, height) of the window.
pub fn viewport_rect(window: &Window, insets: ViewInsets) -> Rect {
    let (w, h) = (window.width(), window.height());
    let top = insets.top.min(h - 1.0).max(0.0);
    let right = insets.right.min(w - 1.0).max(0.0);
    let bottom = (h - insets.bottom.max(0.0)).max(top + 1.0);
    Rect::new(0.0, top, (w - right).max(1.0), bottom)
}

/// Views the UI can ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CameraCommand {
    Reset,
    TopDown,
    /// Behind the player to move.
    PlayerView,
}

/// Where the camera looks from: angles around a target and a distance. The camera eases
/// towards `goal`. `framed` is the view (yaw, pitch) to keep framed while the viewport
/// changes; the player's own camera moves clear it.
#[derive(Resource, Clone, Copy, Debug)]
pub struct CameraRig {
    pub goal: Orbit,
    pub now: Orbit,
    pub framed: Option<(f32, f32)>,
    /// The viewport size the goal was framed for.
    framed_for: Vec2,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Orbit {
    pub target: Vec3,
    /// 0 looks from White's side (+z).
    pub yaw: f32,
    /// Elevation above the table, radians.
    pub pitch: f32,
    pub distance: f32,
}

impl Default for CameraRig {
    fn default() -> CameraRig {
        let o = Orbit {
            target: Vec3::ZERO,
            yaw: 0.0,
            pitch: SEATED_PITCH,
            distance: 22.0,
        };
        CameraRig {
            goal: o,
            now: o,
            framed: None,
            framed_for: Vec2::ZERO,
        }
    }
}

/// A player seated at the table looks down at about 56°.
const SEATED_PITCH: f32 = 0.98;
const TOP_PITCH: f32 = 1.55;

impl Orbit {
    pub fn transform(&self) -> Transform {
        let dir = Vec3::new(
            self.yaw.sin() * self.pitch.cos(),
            self.pitch.sin(),
            self.yaw.cos() * self.pitch.cos(),
        );
        Transform::from_translation(self.target + dir * self.distance)
            .looking_at(self.target, Vec3::Y)
    }

    /// Where a point lands in a viewport of this size, in pixels from its top left.
    pub fn project(&self, viewport: Vec2, p: Vec3) -> Vec2 {
        let ndc = self.ndc(viewport.x / viewport.y, p);
        Vec2::new(
            (ndc.x + 1.0) / 2.0 * viewport.x,
            (1.0 - ndc.y) / 2.0 * viewport.y,
        )
    }

    fn ndc(&self, aspect: f32, p: Vec3) -> Vec2 {
        let view = self.transform().to_matrix().inverse();
        let clip = Mat4::perspective_rh(FOV, aspect, 0.1, 1000.0) * view * p.extend(1.0);
        clip.xy() / clip.w
    }
}

/// The margin kept free around the board, in pixels of a viewport of this size.
pub fn margin(viewport: Vec2) -> f32 {
    (viewport.min_element() * 0.04).max(12.0)
}

/// The orbit at `yaw` and `pitch` from which the whole board, with its frame, fills a viewport of this
/// size, with a margin on the tighter side: the board's projected box is centred and
/// scaled until it just fits.
pub fn framed(variant: Variant, yaw: f32, pitch: f32, viewport: Vec2) -> Orbit {
    let points = table_corners(variant);
    let aspect = viewport.x / viewport.y;
    let m = margin(viewport);
    let room = Vec2::new(1.0 - 2.0 * m / viewport.x, 1.0 - 2.0 * m / viewport.y);
    let mut o = Orbit {
        target: Vec3::ZERO,
        yaw,
        pitch,
        distance: 25.0,
    };
    for _ in 0..60 {
        let (mut lo, mut hi) = (Vec2::MAX, Vec2::MIN);
        for &p in &points {
            let n = o.ndc(aspect, p);
            lo = lo.min(n);
            hi = hi.max(n);
        }
        let center = (lo + hi) / 2.0;
        let scale = ((hi - lo) / 2.0 / room).max_element();
        let tf = o.transform();
        let k = o.distance * (FOV / 2.0).tan();
        o.target += (tf.right() * center.x * k * aspect + tf.up() * center.y * k) * 0.9;
        o.distance *= scale.clamp(0.5, 2.0);
        if (scale - 1.0).abs() < 1e-4 && center.length() < 1e-4 {
            break;
        }
    }
    o
}

fn yaw_towards(dir: Vec3) -> f32 {
    dir.x.atan2(dir.z)
}

/// The soft light from the other side, which the low tier does without.
#[derive(Component)]
pub struct FillLight;

/// The camera that shows the table.
#[derive(Component)]
pub struct MainCamera;

/// The light that casts the shadow.
#[derive(Component)]
pub struct KeyLight;

fn spawn_camera_and_lights(mut commands: Commands, rig: Res<CameraRig>) {
    commands.spawn((Camera3d::default(), rig.now.transform(), MainCamera));
    commands.spawn((
        KeyLight,
        DirectionalLight {
            illuminance: 7_500.0,
            shadow_maps_enabled: true,
            color: Color::srgb(1.0, 0.95, 0.86),
            ..default()
        },
        CascadeShadowConfigBuilder {
            num_cascades: 1,
            maximum_distance: 70.0,
            ..default()
        }
        .build(),
        Transform::from_xyz(-6.0, 14.0, 8.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        FillLight,
        DirectionalLight {
            illuminance: 1_800.0,
            shadow_maps_enabled: false,
            color: Color::srgb(0.8, 0.86, 1.0),
            ..default()
        },
        Transform::from_xyz(8.0, 6.0, -10.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight {
        color: Color::srgb(1.0, 0.93, 0.85),
        brightness: 420.0,
        ..default()
    });
    // The room's walls in their mean tone, where the tier draws no room.
    commands.insert_resource(ClearColor(Color::srgb(0.3, 0.26, 0.22)));
}

fn mouse_controls(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    mut rig: ResMut<CameraRig>,
) {
    let d = motion.delta;
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let pan =
        buttons.pressed(MouseButton::Middle) || (shift && buttons.pressed(MouseButton::Right));
    let before = rig.goal;
    if pan && d != Vec2::ZERO {
        let g = &mut rig.goal;
        let right = Vec3::new(g.yaw.cos(), 0.0, -g.yaw.sin());
        let forward = Vec3::new(-g.yaw.sin(), 0.0, -g.yaw.cos());
        let k = g.distance * 0.0015;
        g.target += (-right * d.x + forward * d.y) * k;
        g.target = g
            .target
            .clamp(Vec3::new(-12.0, -2.0, -12.0), Vec3::new(12.0, 4.0, 12.0));
    } else if buttons.pressed(MouseButton::Right) && d != Vec2::ZERO {
        rig.goal.yaw -= d.x * 0.006;
        rig.goal.pitch = (rig.goal.pitch + d.y * 0.004).clamp(0.2, TOP_PITCH);
    }
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    if lines != 0.0 {
        rig.goal.distance = (rig.goal.distance * (1.0 - 0.1 * lines)).clamp(6.0, 90.0);
    }
    if rig.goal != before {
        rig.framed = None;
    }
}

fn key_controls(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    mut rig: ResMut<CameraRig>,
    mut commands: MessageWriter<CameraCommand>,
) {
    let dt = time.delta_secs();
    let before = rig.goal;
    let g = &mut rig.goal;
    let axis = |neg: &[KeyCode], pos: &[KeyCode]| {
        keys.any_pressed(pos.iter().copied()) as i32 as f32
            - keys.any_pressed(neg.iter().copied()) as i32 as f32
    };
    // Left and right arrows browse the moves (see `browse`); A and D turn the table.
    let x = axis(&[KeyCode::KeyA], &[KeyCode::KeyD]);
    let y = axis(
        &[KeyCode::ArrowDown, KeyCode::KeyS],
        &[KeyCode::ArrowUp, KeyCode::KeyW],
    );
    if keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]) {
        // Shift: slide the table instead of walking round it.
        let right = Vec3::new(g.yaw.cos(), 0.0, -g.yaw.sin());
        let forward = Vec3::new(-g.yaw.sin(), 0.0, -g.yaw.cos());
        g.target += (right * x + forward * y) * 6.0 * dt;
        g.target = g
            .target
            .clamp(Vec3::new(-12.0, -2.0, -12.0), Vec3::new(12.0, 4.0, 12.0));
    } else {
        g.yaw += 1.5 * x * dt;
        g.pitch = (g.pitch + 1.0 * y * dt).clamp(0.2, TOP_PITCH);
    }
    if keys.any_pressed([KeyCode::Equal, KeyCode::NumpadAdd, KeyCode::PageUp]) {
        g.distance = (g.distance * (1.0 - 1.2 * dt)).max(6.0);
    }
    if keys.any_pressed([KeyCode::Minus, KeyCode::NumpadSubtract, KeyCode::PageDown]) {
        g.distance = (g.distance * (1.0 + 1.2 * dt)).min(90.0);
    }
    if rig.goal != before {
        rig.framed = None;
    }
    for (key, cmd) in [
        (KeyCode::KeyR, CameraCommand::Reset),
        (KeyCode::KeyT, CameraCommand::TopDown),
        (KeyCode::KeyV, CameraCommand::PlayerView),
    ] {
        if keys.just_pressed(key) {
            commands.write(cmd);
        }
    }
}

/// Resets the view for a new board or another game at the table (its seats may differ:
/// an online game seats this machine's player anywhere), turns to the player to move if
/// asked, and orbits slowly while computers play each other.
fn follow_game(
    session: Res<Session>,
    settings: Res<TableSettings>,
    time: Res<Time>,
    mut rig: ResMut<CameraRig>,
    mut started: MessageReader<GameStarted>,
    mut last: Local<Option<(Variant, u8)>>,
    mut commands: MessageWriter<CameraCommand>,
) {
    let variant = session.variant();
    let turn = session.to_move().0;
    let before = *last;
    *last = Some((variant, turn));
    let another_game = started.read().count() > 0;
    if another_game || before.map(|b| b.0) != Some(variant) {
        commands.write(CameraCommand::Reset);
        return;
    }
    if settings.face_player && before.map(|b| b.1) != Some(turn) && session.human_to_move() {
        commands.write(CameraCommand::PlayerView);
    }
    if settings.orbit_when_watching
        && !settings.reduced_motion
        && session.all_computers()
        && !session.game.is_over()
    {
        rig.goal.yaw += 0.06 * time.delta_secs();
        rig.framed = None;
    }
}

/// The yaw of the seated view: facing the first human (or the player to move).
fn seat_yaw(session: &Session, to_move: bool) -> f32 {
    let seat = if to_move {
        session.to_move().0 as usize
    } else {
        session.seats.iter().position(|s| s.is_human()).unwrap_or(0)
    };
    yaw_towards(seat_direction(session.variant(), seat))
}

fn apply_commands(
    mut commands: MessageReader<CameraCommand>,
    session: Res<Session>,
    insets: Res<ViewInsets>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut rig: ResMut<CameraRig>,
    mut cams: Query<&mut Transform, With<MainCamera>>,
    mut frames: Local<u32>,
) {
    *frames = frames.saturating_add(1);
    let viewport = windows
        .single()
        .map(|w| viewport_rect(w, *insets).size())
        .unwrap_or(Vec2::new(1280.0, 800.0));
    let yaw_now = rig.goal.yaw;
    for c in commands.read() {
        rig.framed = Some(match c {
            CameraCommand::Reset => (seat_yaw(&session, false), SEATED_PITCH),
            CameraCommand::TopDown => (yaw_now, TOP_PITCH),
            CameraCommand::PlayerView => (seat_yaw(&session, true), SEATED_PITCH),
        });
        rig.framed_for = Vec2::ZERO;
    }
    // A framed view is framed again whenever the viewport changes.
    let Some((yaw, pitch)) = rig.framed else {
        return;
    };
    if rig.framed_for == viewport {
        return;
    }
    rig.framed_for = viewport;
    // Turn the short way round.
    let mut dy = yaw - yaw_now;
    dy = (dy + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU) - std::f32::consts::PI;
    rig.goal = framed(session.variant(), yaw_now + dy, pitch, viewport);
    // The opening view is placed, not flown to: while the window is still being laid
    // out (the panels take their room in the first frames) the camera jumps.
    if *frames <= OPENING_FRAMES {
        rig.now = rig.goal;
        for mut tf in &mut cams {
            *tf = rig.now.transform();
        }
    }
}

/// The frames in which the opening view is placed without easing.
const OPENING_FRAMES: u32 = 10;

fn move_camera(
    time: Res<Time>,
    settings: Res<TableSettings>,
    mut rig: ResMut<CameraRig>,
    mut cams: Query<&mut Transform, With<MainCamera>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let (goal, now) = (rig.goal, rig.now);
    if goal == now {
        return;
    }
    // With reduced motion the camera cuts to where it is going.
    let k = if settings.reduced_motion {
        1.0
    } else {
        1.0 - (-8.0 * time.delta_secs()).exp()
    };
    let mut next = now;
    next.target = now.target.lerp(goal.target, k);
    next.yaw += (goal.yaw - now.yaw) * k;
    next.pitch += (goal.pitch - now.pitch) * k;
    next.distance += (goal.distance - now.distance) * k;
    // Close enough: arrive, so the camera stops and the frames can rest.
    let close = next.target.distance(goal.target) < 1e-3
        && (next.yaw - goal.yaw).abs() < 1e-4
        && (next.pitch - goal.pitch).abs() < 1e-4
        && (next.distance - goal.distance).abs() < 1e-3;
    rig.now = if close { goal } else { next };
    let want = rig.now.transform();
    for mut tf in &mut cams {
        *tf = want;
    }
    redraw.write(RequestRedraw);
}

/// What the panel needs of the table: the view buttons, the room the panels take from
/// the 3D view, and the table's settings the watching controls change.
#[derive(SystemParam)]
pub struct ViewSection<'w> {
    pub settings: ResMut<'w, crate::table::settings::TableSettings>,
    pub camera: MessageWriter<'w, CameraCommand>,
    pub insets: ResMut<'w, ViewInsets>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Another game seated at the table with the same variant (an online game joined
    /// from a Camelot table, where this machine holds Black) turns the view to its seat,
    /// as a new variant does; moves alone do not.
    #[test]
    fn another_game_at_the_table_resets_the_view() {
        use crate::game::session::Seat;
        use camelot_engine::Game;
        #[derive(Resource, Default)]
        struct Resets(usize);
        fn count(mut seen: MessageReader<CameraCommand>, mut resets: ResMut<Resets>) {
            resets.0 += seen.read().filter(|c| **c == CameraCommand::Reset).count();
        }
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<CameraRig>()
            .init_resource::<Resets>()
            .insert_resource(TableSettings::default())
            .insert_resource(Session::new(
                Game::new(Variant::Camelot),
                vec![Seat::Human, Seat::Human],
            ))
            .add_message::<GameStarted>()
            .add_message::<CameraCommand>()
            .add_systems(Update, (follow_game, count).chain());
        app.update();
        assert_eq!(app.world().resource::<Resets>().0, 1, "the first board");
        app.update();
        assert_eq!(app.world().resource::<Resets>().0, 1, "nothing new");
        app.world_mut().insert_resource(Session::new(
            Game::new(Variant::Camelot),
            vec![Seat::Remote, Seat::Human],
        ));
        app.world_mut().write_message(GameStarted);
        app.update();
        assert_eq!(app.world().resource::<Resets>().0, 2, "another game");
    }

    /// Every variant, from every seat, at three window sizes with the panels' usual
    /// room taken: the whole board inside the viewport with the margin, and filling at
    /// least 55% of its width or height.
    #[test]
    fn the_seated_view_frames_the_whole_board_and_its_coordinates() {
        let insets = ViewInsets {
            top: 58.0,
            right: 330.0,
            bottom: 0.0,
        };
        for (w, h) in [(1280.0, 800.0), (1920.0, 1080.0), (1024.0, 768.0)] {
            let viewport = Vec2::new(w - insets.right, h - insets.top);
            for v in Variant::ALL {
                for seat in 0..v.rules().players() {
                    let yaw = yaw_towards(seat_direction(v, seat));
                    for pitch in [SEATED_PITCH, TOP_PITCH] {
                        let o = framed(v, yaw, pitch, viewport);
                        let (mut lo, mut hi) = (Vec2::MAX, Vec2::MIN);
                        for p in table_corners(v) {
                            let px = o.project(viewport, p);
                            lo = lo.min(px);
                            hi = hi.max(px);
                        }
                        let m = margin(viewport) - 0.5;
                        let inside = lo.x >= m
                            && lo.y >= m
                            && hi.x <= viewport.x - m
                            && hi.y <= viewport.y - m;
                        assert!(inside, "{v} seat {seat} {w}x{h}: {lo} {hi} in {viewport}");
                        let fill = ((hi - lo) / viewport).max_element();
                        assert!(fill >= 0.55, "{v} seat {seat} {w}x{h}: fills {fill}");
                    }
                }
            }
        }
    }

    /// Whether the segment from `a` to `b` passes through the box (min, max).
    fn crosses(a: Vec3, b: Vec3, (lo, hi): (Vec3, Vec3)) -> bool {
        let d = b - a;
        let (mut t0, mut t1) = (0.0f32, 1.0f32);
        for k in 0..3 {
            if d[k].abs() < 1e-9 {
                if a[k] < lo[k] || a[k] > hi[k] {
                    return false;
                }
                continue;
            }
            let (ta, tb) = ((lo[k] - a[k]) / d[k], (hi[k] - a[k]) / d[k]);
            t0 = t0.max(ta.min(tb));
            t1 = t1.min(ta.max(tb));
        }
        t0 < t1
    }

    /// The table's top reaches past everything the camera frames (the board, its
    /// frame, the castles), in every variant.
    #[test]
    fn the_table_reaches_past_everything_the_camera_frames() {
        use crate::table::room::table_half_extent;
        for v in Variant::ALL {
            let half = table_half_extent(v);
            for c in table_corners(v) {
                assert!(c.x.abs() < half.x && c.z.abs() < half.y, "{v}: {c}");
            }
        }
    }

    /// The boxes of every castle's walls and towers on the variant's board.
    fn every_castles_masonry(rules: &camelot_engine::Rules) -> Vec<(Vec3, Vec3)> {
        use crate::table::castles::{plan, solids};
        rules
            .players_in_order()
            .flat_map(|p| solids(&plan(rules, p)))
            .collect()
    }

    /// A man standing in any castle, seen from any seat, seated or from above: no wall
    /// or tower stands between the camera and any point of the man's side facing it.
    #[test]
    fn a_piece_in_a_castle_stays_in_full_view_from_every_seat() {
        use crate::table::board::stand_point;
        let viewport = Vec2::new(950.0, 742.0);
        for v in Variant::ALL {
            let rules = v.rules();
            let masonry = every_castles_masonry(rules);
            for seat in 0..rules.players() {
                let yaw = yaw_towards(seat_direction(v, seat));
                for pitch in [SEATED_PITCH, TOP_PITCH] {
                    let eye = framed(v, yaw, pitch, viewport).transform().translation;
                    for castle in rules.players_in_order() {
                        for sq in rules.castle(castle).iter() {
                            let base = stand_point(v, sq);
                            let towards = (eye - base).with_y(0.0).normalize();
                            for turn in [-1.0f32, -0.5, 0.0, 0.5, 1.0] {
                                let side = Quat::from_rotation_y(turn) * towards * 0.3;
                                for h in [0.02, 0.06, 0.1, 0.15, 0.2, 0.3, 0.4, 0.7] {
                                    let point = base + side + Vec3::Y * h;
                                    let hidden = masonry.iter().any(|&b| crosses(eye, point, b));
                                    assert!(
                                        !hidden,
                                        "{v} seat {seat} pitch {pitch}: {} hidden at {h}",
                                        rules.geometry.name(sq)
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// From every seat, seated and from above, at three window sizes: every file's
    /// letter and every rank's number is drawn at least once; no castle's masonry stands
    /// on a label or between the eye and any corner of a drawn label's ink; and on screen
    /// no drawn label's box meets a castle's box.
    #[test]
    fn every_coordinate_is_drawn_clear_of_the_castles_from_every_seat() {
        use crate::table::castles::castle_points;
        use crate::table::coordinates::{facing, labels, Edge};
        let boxed = |points: Vec<Vec2>| {
            let lo = points.iter().fold(Vec2::MAX, |a, &p| a.min(p));
            let hi = points.iter().fold(Vec2::MIN, |a, &p| a.max(p));
            (lo, hi)
        };
        for (w, h) in [(1280.0, 800.0), (1920.0, 1080.0), (1024.0, 768.0)] {
            let viewport = Vec2::new(w - 330.0, h - 58.0);
            for v in Variant::ALL {
                let rules = v.rules();
                let masonry = every_castles_masonry(rules);
                let all = labels(rules);
                for l in &all {
                    let (lo, hi) = boxed(
                        l.ink_corners(Quat::IDENTITY)
                            .iter()
                            .map(|p| p.xz())
                            .collect(),
                    );
                    let under = masonry
                        .iter()
                        .any(|(a, b)| hi.x > a.x && lo.x < b.x && hi.y > a.z && lo.y < b.z);
                    assert!(!under, "{v}: castle masonry on the label {}", l.text);
                }
                for seat in 0..rules.players() {
                    let yaw = yaw_towards(seat_direction(v, seat));
                    for pitch in [SEATED_PITCH, TOP_PITCH] {
                        let o = framed(v, yaw, pitch, viewport);
                        let tf = o.transform();
                        let turn = facing(tf.forward().into());
                        let far = Edge::far(turn);
                        let drawn: Vec<_> = all.iter().filter(|l| l.edge != far).collect();
                        for l in &all {
                            assert!(
                                drawn.iter().any(|d| d.text == l.text),
                                "{v} seat {seat}: {} never drawn",
                                l.text
                            );
                        }
                        let castles: Vec<(Vec2, Vec2)> = rules
                            .players_in_order()
                            .map(|p| {
                                let points = castle_points(rules, p).into_iter();
                                boxed(points.map(|q| o.project(viewport, q)).collect())
                            })
                            .collect();
                        for l in &drawn {
                            let corners = l.ink_corners(turn);
                            for &c in &corners {
                                let behind = masonry.iter().any(|&b| crosses(tf.translation, c, b));
                                assert!(
                                    !behind,
                                    "{v} seat {seat} pitch {pitch}: a castle before {} on the {:?} edge at {}",
                                    l.text, l.edge, l.at
                                );
                            }
                            let (lo, hi) =
                                boxed(corners.iter().map(|&q| o.project(viewport, q)).collect());
                            for &(clo, chi) in &castles {
                                let meets =
                                    lo.x < chi.x && hi.x > clo.x && lo.y < chi.y && hi.y > clo.y;
                                assert!(
                                    !meets,
                                    "{v} seat {seat} pitch {pitch} {w}x{h}: {} {lo} {hi} meets a castle {clo} {chi}",
                                    l.text
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
