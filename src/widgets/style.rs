//! The look of the egui interface, and text in a seat's colour.

use bevy_egui::{egui, EguiContexts};
use camelot_engine::{Player, Rules, Side};

/// Dark panels with slightly larger type, set once.
pub fn style_once(
    mut contexts: EguiContexts,
    mut done: bevy::prelude::Local<bool>,
) -> bevy::prelude::Result {
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

/// The interface's size follows the settings (egui's zoom: text, controls and panels
/// grow together).
pub fn apply_ui_scale(
    mut contexts: EguiContexts,
    settings: bevy::prelude::Res<crate::widgets::settings::InterfaceSettings>,
) -> bevy::prelude::Result {
    let ctx = contexts.ctx_mut()?;
    let scale = settings.ui_scale();
    if ctx.zoom_factor() != scale {
        ctx.set_zoom_factor(scale);
    }
    Ok(())
}

/// A seat's name in its colour.
pub fn seat_text(rules: &Rules, p: Player) -> egui::RichText {
    let [r, g, b] = crate::table::theme::seat_text_color(rules.seat_colour(p));
    egui::RichText::new(rules.seat_title(p))
        .color(egui::Color32::from_rgb(r, g, b))
        .strong()
}

/// "Red & Blue": the seats of a side, in turn order, short enough for a panel's line.
pub fn side_name(rules: &Rules, side: Side) -> String {
    rules.side_name(side).replace(" and ", " & ")
}
