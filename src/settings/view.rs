//! The settings window: every part of the settings, edited where the player sees them
//! take effect.

use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};
use camelot_engine::Notation;

use super::SettingsParts;
use crate::game::settings::PlaySettings;
use crate::render::tier::Quality;
use crate::table::settings::{BoardTheme, PieceSet, SoundSettings, TableSettings};
use crate::widgets::settings::InterfaceSettings;

/// Whether the settings window is open.
#[derive(Resource, Default)]
pub struct SettingsWindow {
    pub open: bool,
}

pub fn settings_window(
    mut contexts: EguiContexts,
    mut window: ResMut<SettingsWindow>,
    mut parts: SettingsParts,
) -> Result {
    if !window.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new("Settings")
        .open(&mut open)
        .resizable(false)
        .show(ctx, |ui| {
            play_and_look(ui, &mut parts);
            motion_and_size(ui, &mut parts);
            if ui.button("Defaults").clicked() {
                parts.reset();
            }
        });
    window.open = open;
    Ok(())
}

/// Speed, notation, the board, graphics, sound.
fn play_and_look(ui: &mut egui::Ui, parts: &mut SettingsParts) {
    let SettingsParts {
        play,
        table,
        sound,
        render,
        ..
    } = parts;
    ui.add(
        egui::Slider::new(&mut table.animation_speed, TableSettings::ANIMATION_SPEEDS)
            .text("animation speed (0: none)"),
    );
    ui.add(
        egui::Slider::new(&mut play.ai_delay, PlaySettings::AI_DELAYS)
            .text("seconds before a computer moves"),
    );
    ui.add(
        egui::Slider::new(&mut play.watch_pace, PlaySettings::AI_DELAYS)
            .text("seconds a move, computers only"),
    );
    ui.horizontal(|ui| {
        ui.label("Notation:");
        ui.radio_value(&mut play.notation, Notation::Wcf, "WCF (E6-E8)");
        ui.radio_value(&mut play.notation, Notation::Classic, "1930 numbered");
    });
    ui.horizontal(|ui| {
        ui.label("Pieces:");
        for p in PieceSet::ALL {
            ui.radio_value(&mut table.piece_set, p, p.label());
        }
    });
    ui.horizontal(|ui| {
        ui.label("Board:");
        for t in BoardTheme::ALL {
            ui.radio_value(&mut table.theme, t, t.label());
        }
    });
    ui.horizontal(|ui| {
        ui.label("Graphics:");
        ui.radio_value(&mut render.quality, None, "Automatic");
        for q in Quality::ALL {
            ui.radio_value(&mut render.quality, Some(q), q.label());
        }
    });
    ui.horizontal(|ui| {
        ui.add(egui::Slider::new(&mut sound.volume, SoundSettings::VOLUMES).text("volume"));
        ui.checkbox(&mut sound.muted, "Mute");
    });
}

/// The camera, the coordinates, the interface's size, reduced motion.
fn motion_and_size(ui: &mut egui::Ui, parts: &mut SettingsParts) {
    let SettingsParts {
        table, interface, ..
    } = parts;
    ui.checkbox(
        &mut table.face_player,
        "Turn the camera to each human player in turn",
    );
    ui.checkbox(
        &mut table.orbit_when_watching,
        "Orbit slowly while computers play",
    );
    ui.checkbox(
        &mut table.coordinates,
        "Coordinates on the board's frame (A-L, 1-16)",
    );
    ui.add(
        egui::Slider::new(&mut interface.ui_scale, InterfaceSettings::UI_SCALES)
            .step_by(0.05)
            .text("interface size"),
    );
    ui.checkbox(
        &mut table.reduced_motion,
        "Reduced motion: moves appear at once, the camera cuts instead of gliding",
    );
}
