//! The egui interface: the main menu, the in-game panel and the dialogs.

mod dialogs;
mod menu;
mod panel;

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{egui, EguiContexts, EguiPlugin, EguiPrimaryContextPass};

pub use dialogs::Dialogs;
pub use menu::MenuState;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .init_resource::<Dialogs>()
        .init_resource::<MenuState>()
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
    style.visuals.panel_fill = egui::Color32::from_rgba_unmultiplied(24, 20, 18, 236);
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
pub fn seat_text(name: &str) -> egui::RichText {
    let [r, g, b] = crate::theme::seat_text_color(name);
    egui::RichText::new(camelot_engine::record::capitalized(name))
        .color(egui::Color32::from_rgb(r, g, b))
        .strong()
}
