//! The short notices at the bottom of the window: an illegal click, a pass, an error.

use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};

use crate::game::actions::Notices;

pub fn notices(mut contexts: EguiContexts, notices: Res<Notices>) -> Result {
    if notices.items.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("notices".into())
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -24.0])
        .interactable(false)
        .show(ctx, |ui| {
            for (text, left) in &notices.items {
                let alpha = (left / 0.5).clamp(0.0, 1.0);
                egui::Frame::new()
                    .fill(egui::Color32::from_rgba_unmultiplied(
                        20,
                        16,
                        14,
                        (220.0 * alpha) as u8,
                    ))
                    .corner_radius(6)
                    .inner_margin(8)
                    .show(ui, |ui| {
                        ui.colored_label(
                            egui::Color32::from_rgba_unmultiplied(
                                255,
                                230,
                                190,
                                (255.0 * alpha) as u8,
                            ),
                            text,
                        );
                    });
            }
        });
    Ok(())
}
