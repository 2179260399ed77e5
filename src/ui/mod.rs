//! The egui interface: the main menu, the in-game panel, the windows over the game and
//! the notices. Each lives in its own module; this one only composes them.

mod analysis_view;
mod dialogs;
mod learn_view;
mod menu;
mod move_box;
mod notices;
mod online_view;
mod panel;
mod review_view;
mod style;
mod tournament_view;

use bevy::camera::visibility::RenderLayers;
use bevy::camera::CameraOutputMode;
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy_egui::{
    egui, EguiGlobalSettings, EguiInput, EguiPlugin, EguiPreUpdateSet, EguiPrimaryContextPass,
    PrimaryEguiContext,
};

use crate::play::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .init_resource::<dialogs::Dialogs>()
        .init_resource::<menu::MenuState>()
        .add_systems(Startup, spawn_ui_camera)
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(OnEnter(Screen::Menu), menu::refresh)
        .add_systems(
            EguiPrimaryContextPass,
            (
                style::style_once,
                style::apply_ui_scale,
                crate::render::viewport::show_view,
                menu::menu.run_if(in_state(Screen::Menu)),
                panel::panel.run_if(in_state(Screen::Playing)),
                dialogs::dialogs,
                notices::notices,
            )
                .chain(),
        );
}

/// egui draws with its own camera over the 3D view, so the 3D camera's viewport can
/// leave out the panels (as in bevy_egui's `side_panel` example).
fn spawn_ui_camera(mut commands: Commands, mut settings: ResMut<EguiGlobalSettings>) {
    settings.auto_create_primary_context = false;
    commands.spawn((
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

/// bevy_egui 0.42 tells egui the modifier keys' state every frame as a
/// `ModifiersChanged` event, and egui answers any event by asking for another frame:
/// the window would never rest (two cores busy drawing an unchanged table). Only a
/// real change of the modifiers is passed on.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut EguiInput>,
    mut last: Local<Option<egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        input.0.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) => {
                let changed = *last != Some(*m);
                *last = Some(*m);
                changed
            }
            _ => true,
        });
    }
}
