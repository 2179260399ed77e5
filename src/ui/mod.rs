//! The egui interface: the main menu, the in-game panel and the dialogs.

mod dialogs;
mod menu;
mod panel;

use bevy::camera::visibility::RenderLayers;
use bevy::camera::CameraOutputMode;
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{
    egui, EguiContexts, EguiGlobalSettings, EguiPlugin, EguiPrimaryContextPass, PrimaryEguiContext,
};

pub use dialogs::Dialogs;
pub use menu::MenuState;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .init_resource::<Dialogs>()
        .init_resource::<MenuState>()
        .add_systems(Startup, spawn_ui_camera)
        .add_systems(
            EguiPrimaryContextPass,
            (
                style_once,
                menu::menu.run_if(in_state(crate::screens::Screen::Menu)),
                panel::panel.run_if(in_state(crate::screens::Screen::Playing)),
                dialogs::dialogs,
                dialogs::notices,
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

/// Run condition: egui is using the keyboard (a text field has focus).
pub fn egui_wants_keys(w: Option<Res<EguiWantsInput>>) -> bool {
    w.is_some_and(|w| w.wants_any_keyboard_input())
}

/// Run condition: the pointer is over an egui panel or window.
pub fn egui_wants_pointer(w: Option<Res<EguiWantsInput>>) -> bool {
    w.is_some_and(|w| w.wants_any_pointer_input())
}

fn style_once(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut style = (*ctx.global_style()).clone();
    style.visuals = egui::Visuals::dark();
    style.visuals.window_corner_radius = egui::CornerRadius::same(8);
    style.visuals.panel_fill = egui::Color32::from_rgb(24, 20, 18);
    style.visuals.window_fill = egui::Color32::from_rgb(30, 26, 23);
    style.spacing.item_spacing = egui::vec2(8.0, 6.0);
    for (_, font) in style.text_styles.iter_mut() {
        font.size *= 1.1;
    }
    ctx.set_global_style(style);
    *done = true;
    Ok(())
}

/// A seat's name in its colour.
pub fn seat_text(rules: &camelot_engine::Rules, p: camelot_engine::Player) -> egui::RichText {
    let [r, g, b] = crate::theme::seat_text_color(rules.seat_name(p));
    egui::RichText::new(rules.seat_title(p))
        .color(egui::Color32::from_rgb(r, g, b))
        .strong()
}
