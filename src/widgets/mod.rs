//! egui at the table: its setup (a camera of its own over the 3D view, modifier keys
//! passed on only when they change), the look every screen shares, the widgets several
//! features use (the move box, the notices, a button that asks before it acts), and the
//! interface's own setting.

pub mod confirm;
pub mod move_box;
pub mod notices;
pub mod settings;
pub mod theme;

use bevy::camera::visibility::RenderLayers;
use bevy::camera::CameraOutputMode;
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy_egui::{
    egui, EguiGlobalSettings, EguiInput, EguiPlugin, EguiPostUpdateSet, EguiPreUpdateSet,
    EguiRenderOutput, PrimaryEguiContext,
};

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .add_systems(Startup, spawn_ui_camera)
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(
            PostUpdate,
            draw_again_when_glyphs_are_new
                .after(EguiPostUpdateSet::ProcessOutput)
                .before(EguiPostUpdateSet::PostProcessOutput),
        );
}

/// A frame that met letters not drawn before adds them to egui's font texture, and the
/// texture reaches the GPU after that frame was drawn: its new letters show as holes
/// ("O er a draw"). A resting window would keep them until the pointer moved; one more
/// frame draws them.
fn draw_again_when_glyphs_are_new(
    outputs: Query<&EguiRenderOutput>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if outputs.iter().any(|o| !o.textures_delta.set.is_empty()) {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// When present, only the table is drawn: no menu, panel, window or notice (`--bare`).
#[derive(Resource)]
pub struct BareTable;

/// Whether the interface is drawn over the table.
pub fn dressed(bare: Option<Res<BareTable>>) -> bool {
    bare.is_none()
}

/// A Ui over the whole window on egui's background layer, for a screen's panels (egui
/// 0.36 shows panels inside a Ui).
pub fn screen_ui(ctx: &egui::Context, id: &'static str) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        id.into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
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
