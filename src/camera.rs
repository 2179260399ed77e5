//! The camera: seated at the table by default; orbit with the right mouse button or the
//! arrow keys, pan with the middle button (or Shift + right button, or Shift + arrows),
//! zoom with the wheel or +/-; R resets, T looks straight down, V turns to the player to
//! move. Lights live here too: one key light with shadows and a soft fill.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::light::CascadeShadowConfigBuilder;
use bevy::prelude::*;

use crate::board::{board_half_extent, seat_direction};
use crate::focus::{egui_wants_keys, egui_wants_pointer};
use crate::session::Session;
use crate::settings::Settings;
use crate::AppSystems;

pub(super) fn plugin(app: &mut App) {
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
            (follow_game, apply_commands, move_camera, fit_viewport)
                .chain()
                .in_set(AppSystems::Present),
        );
}

/// The space egui's panels take at the window's edges (logical pixels); the 3D view
/// gets the rest.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct ViewInsets {
    pub top: f32,
    pub right: f32,
}

fn fit_viewport(
    insets: Res<ViewInsets>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut cams: Query<&mut Camera, With<MainCamera>>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
    let scale = window.scale_factor();
    let (w, h) = (window.physical_width(), window.physical_height());
    let top = ((insets.top * scale) as u32).min(h.saturating_sub(1));
    let right = ((insets.right * scale) as u32).min(w.saturating_sub(1));
    let viewport = bevy::camera::Viewport {
        physical_position: UVec2::new(0, top),
        physical_size: UVec2::new((w - right).max(1), (h - top).max(1)),
        ..default()
    };
    for mut cam in &mut cams {
        let same = cam.viewport.as_ref().is_some_and(|v| {
            v.physical_position == viewport.physical_position
                && v.physical_size == viewport.physical_size
        });
        if !same {
            cam.viewport = Some(viewport.clone());
        }
    }
}

/// Views the UI can ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CameraCommand {
    Reset,
    TopDown,
    /// Behind the player to move.
    PlayerView,
}

/// Where the camera looks from: angles around the board's centre and a distance. The
/// camera eases towards `goal`.
#[derive(Resource, Clone, Copy, Debug)]
pub struct CameraRig {
    pub goal: Orbit,
    pub now: Orbit,
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
            pitch: 0.95,
            distance: 22.0,
        };
        CameraRig { goal: o, now: o }
    }
}

impl Orbit {
    fn transform(&self) -> Transform {
        let dir = Vec3::new(
            self.yaw.sin() * self.pitch.cos(),
            self.pitch.sin(),
            self.yaw.cos() * self.pitch.cos(),
        );
        Transform::from_translation(self.target + dir * self.distance)
            .looking_at(self.target, Vec3::Y)
    }
}

/// The seated view for a board of this size, from the given side.
fn seated(session: &Session, yaw: f32) -> Orbit {
    let half = board_half_extent(session.position().geometry());
    Orbit {
        target: Vec3::new(0.0, 0.0, 0.6),
        yaw,
        pitch: 0.98,
        distance: half.max_element() * 2.0 + 2.5,
    }
}

fn yaw_towards(dir: Vec3) -> f32 {
    dir.x.atan2(dir.z)
}

fn spawn_camera_and_lights(mut commands: Commands, rig: Res<CameraRig>) {
    commands.spawn((Camera3d::default(), rig.now.transform(), MainCamera));
    commands.spawn((
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: true,
            color: Color::srgb(1.0, 0.95, 0.86),
            ..default()
        },
        CascadeShadowConfigBuilder {
            num_cascades: 2,
            maximum_distance: 60.0,
            first_cascade_far_bound: 25.0,
            ..default()
        }
        .build(),
        Transform::from_xyz(-6.0, 14.0, 8.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        DirectionalLight {
            illuminance: 2_200.0,
            shadow_maps_enabled: false,
            color: Color::srgb(0.8, 0.86, 1.0),
            ..default()
        },
        Transform::from_xyz(8.0, 6.0, -10.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight {
        color: Color::srgb(1.0, 0.93, 0.85),
        brightness: 350.0,
        ..default()
    });
    commands.insert_resource(ClearColor(Color::srgb(0.07, 0.06, 0.06)));
}

/// The camera that shows the table.
#[derive(Component)]
pub struct MainCamera;

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
    if pan && d != Vec2::ZERO {
        let g = &mut rig.goal;
        let right = Vec3::new(g.yaw.cos(), 0.0, -g.yaw.sin());
        let forward = Vec3::new(-g.yaw.sin(), 0.0, -g.yaw.cos());
        let k = g.distance * 0.0015;
        g.target += (-right * d.x + forward * d.y) * k;
        g.target = g
            .target
            .clamp(Vec3::new(-12.0, 0.0, -12.0), Vec3::new(12.0, 0.0, 12.0));
    } else if buttons.pressed(MouseButton::Right) && d != Vec2::ZERO {
        rig.goal.yaw -= d.x * 0.006;
        rig.goal.pitch = (rig.goal.pitch + d.y * 0.004).clamp(0.2, 1.55);
    }
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    if lines != 0.0 {
        rig.goal.distance = (rig.goal.distance * (1.0 - 0.1 * lines)).clamp(6.0, 60.0);
    }
}

fn key_controls(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    mut rig: ResMut<CameraRig>,
    mut commands: MessageWriter<CameraCommand>,
) {
    let dt = time.delta_secs();
    let g = &mut rig.goal;
    let axis = |neg: [KeyCode; 2], pos: [KeyCode; 2]| {
        keys.any_pressed(pos) as i32 as f32 - keys.any_pressed(neg) as i32 as f32
    };
    let x = axis(
        [KeyCode::ArrowLeft, KeyCode::KeyA],
        [KeyCode::ArrowRight, KeyCode::KeyD],
    );
    let y = axis(
        [KeyCode::ArrowDown, KeyCode::KeyS],
        [KeyCode::ArrowUp, KeyCode::KeyW],
    );
    if keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]) {
        // Shift: slide the table instead of walking round it.
        let right = Vec3::new(g.yaw.cos(), 0.0, -g.yaw.sin());
        let forward = Vec3::new(-g.yaw.sin(), 0.0, -g.yaw.cos());
        g.target += (right * x + forward * y) * 6.0 * dt;
        g.target = g
            .target
            .clamp(Vec3::new(-12.0, 0.0, -12.0), Vec3::new(12.0, 0.0, 12.0));
    } else {
        g.yaw += 1.5 * x * dt;
        g.pitch = (g.pitch + 1.0 * y * dt).clamp(0.2, 1.55);
    }
    if keys.any_pressed([KeyCode::Equal, KeyCode::NumpadAdd, KeyCode::PageUp]) {
        g.distance = (g.distance * (1.0 - 1.2 * dt)).max(6.0);
    }
    if keys.any_pressed([KeyCode::Minus, KeyCode::NumpadSubtract, KeyCode::PageDown]) {
        g.distance = (g.distance * (1.0 + 1.2 * dt)).min(60.0);
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

/// Resets the view for a new board, turns to the player to move if asked, and orbits
/// slowly while computers play each other.
fn follow_game(
    session: Res<Session>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut rig: ResMut<CameraRig>,
    mut last: Local<Option<(camelot_engine::Variant, u8)>>,
    mut commands: MessageWriter<CameraCommand>,
) {
    let variant = session.variant();
    let turn = session.to_move().0;
    let before = *last;
    *last = Some((variant, turn));
    if before.map(|b| b.0) != Some(variant) {
        commands.write(CameraCommand::Reset);
        return;
    }
    if settings.face_player && before.map(|b| b.1) != Some(turn) && session.human_to_move() {
        commands.write(CameraCommand::PlayerView);
    }
    if settings.orbit_when_watching && session.all_computers() && !session.game.is_over() {
        rig.goal.yaw += 0.06 * time.delta_secs();
    }
}

fn apply_commands(
    mut commands: MessageReader<CameraCommand>,
    session: Res<Session>,
    mut rig: ResMut<CameraRig>,
) {
    for c in commands.read() {
        let yaw_now = rig.goal.yaw;
        rig.goal = match c {
            CameraCommand::Reset => {
                let first_human = session.seats.iter().position(|s| s.is_human()).unwrap_or(0);
                seated(
                    &session,
                    yaw_towards(seat_direction(session.variant(), first_human)),
                )
            }
            CameraCommand::TopDown => {
                let mut o = seated(&session, yaw_now);
                o.pitch = 1.55;
                o.target = Vec3::ZERO;
                o.distance *= 1.05;
                o
            }
            CameraCommand::PlayerView => {
                let seat = session.to_move().0 as usize;
                seated(
                    &session,
                    yaw_towards(seat_direction(session.variant(), seat)),
                )
            }
        };
        // Turn the short way round.
        let mut dy = rig.goal.yaw - yaw_now;
        dy = (dy + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU) - std::f32::consts::PI;
        rig.goal.yaw = yaw_now + dy;
    }
}

fn move_camera(
    time: Res<Time>,
    mut rig: ResMut<CameraRig>,
    mut cams: Query<&mut Transform, With<MainCamera>>,
) {
    let k = 1.0 - (-8.0 * time.delta_secs()).exp();
    let (goal, now) = (rig.goal, &mut rig.now);
    now.target = now.target.lerp(goal.target, k);
    now.yaw += (goal.yaw - now.yaw) * k;
    now.pitch += (goal.pitch - now.pitch) * k;
    now.distance += (goal.distance - now.distance) * k;
    let want = now.transform();
    for mut tf in &mut cams {
        *tf = want;
    }
}
