//! Windows over the game: game over, rules, settings, save and load, and the short
//! notices (illegal clicks, passes, errors).

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};

use crate::persist;
use crate::screens::Screen;
use crate::session::{GameActions, Notices};
use crate::settings::{BoardTheme, NotationChoice, Settings};

#[derive(Resource, Default)]
pub struct Dialogs {
    pub rules: bool,
    pub settings: bool,
    save: Option<String>,
    load: Option<String>,
    /// The finished game whose dialog was closed: (epoch, ply).
    dismissed: Option<(u64, usize)>,
}

fn games_dir() -> PathBuf {
    persist::data_dir()
        .map(|d| d.join("games"))
        .unwrap_or_else(|| PathBuf::from("."))
}

impl Dialogs {
    pub fn open_save(&mut self) {
        self.save = Some(games_dir().join("game.cgn").display().to_string());
    }

    pub fn open_load(&mut self) {
        self.load = Some(games_dir().join("game.cgn").display().to_string());
    }
}

/// The records in the games folder, newest first.
fn saved_games() -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(games_dir()) else {
        return Vec::new();
    };
    let mut v: Vec<(std::time::SystemTime, PathBuf)> = rd
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "cgn"))
        .map(|p| {
            let t = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (t, p)
        })
        .collect();
    v.sort_by_key(|e| std::cmp::Reverse(e.0));
    v.into_iter().map(|(_, p)| p).take(12).collect()
}

pub(super) fn dialogs(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut settings: ResMut<Settings>,
    mut actions: GameActions,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut menu: ResMut<super::MenuState>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let style = settings.notation_style();

    let key = (actions.session.epoch, actions.session.game.ply());
    if *screen.get() == Screen::Playing && dialogs.dismissed != Some(key) {
        if let Some(result) = actions.session.result_text() {
            egui::Window::new("Game over")
                .anchor(egui::Align2::CENTER_CENTER, [0.0, -60.0])
                .collapsible(false)
                .resizable(false)
                .show(ctx, |ui| {
                    ui.heading(result);
                    ui.label(format!("{} moves played.", actions.session.game.ply()));
                    ui.horizontal(|ui| {
                        if ui.button("New game").clicked() {
                            menu.refresh();
                            next.set(Screen::Menu);
                            dialogs.dismissed = Some(key);
                        }
                        if ui.button("Undo the last move").clicked() {
                            actions.undo();
                        }
                        if ui.button("Look at the board").clicked() {
                            dialogs.dismissed = Some(key);
                        }
                    });
                });
        }
    }

    let mut open = dialogs.rules;
    egui::Window::new(format!(
        "Rules: {}",
        actions.session.position().rules().name
    ))
    .open(&mut open)
    .default_width(520.0)
    .vscroll(true)
    .show(ctx, |ui| {
        ui.label(actions.session.position().rules().help_text());
        ui.separator();
        ui.label(
            "Entering moves: click a piece, then its landing squares one at a time \
                 (green: plain move, blue: canter, red: jump, orange: the canter of a \
                 knight's charge, gold: castle move). A move completes itself when only \
                 one way remains; click the last landing again to stop a leap there; \
                 right-click or Backspace takes back a landing, Escape drops the piece. \
                 You may also drag a piece to where its move ends.\n\
                 Camera: right-drag to orbit, middle-drag (or Shift + right-drag) to pan, \
                 wheel to zoom; arrow keys or WASD orbit (with Shift they pan), +/- zoom, R resets, T looks from \
                 above, V turns to the player to move.",
        );
    });
    dialogs.rules = open;

    let mut open = dialogs.settings;
    egui::Window::new("Settings")
        .open(&mut open)
        .resizable(false)
        .show(ctx, |ui| {
            ui.add(
                egui::Slider::new(&mut settings.animation_speed, 0.0..=4.0)
                    .text("animation speed (0: none)"),
            );
            ui.add(
                egui::Slider::new(&mut settings.ai_delay, 0.0..=5.0)
                    .text("seconds before a computer moves"),
            );
            ui.horizontal(|ui| {
                ui.label("Notation:");
                ui.radio_value(&mut settings.notation, NotationChoice::Wcf, "WCF (E6-E8)");
                ui.radio_value(
                    &mut settings.notation,
                    NotationChoice::Classic,
                    "1930 numbered",
                );
            });
            ui.horizontal(|ui| {
                ui.label("Board:");
                for t in BoardTheme::ALL {
                    ui.radio_value(&mut settings.theme, t, t.label());
                }
            });
            ui.checkbox(
                &mut settings.face_player,
                "Turn the camera to each human player in turn",
            );
            ui.checkbox(
                &mut settings.orbit_when_watching,
                "Orbit slowly while computers play",
            );
            if ui.button("Defaults").clicked() {
                *settings = Settings::default();
            }
        });
    dialogs.settings = open;

    if let Some(mut path) = dialogs.save.take() {
        let mut keep = true;
        egui::Window::new("Save the game")
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label("File (.cgn, a text record any Camelot program can read):");
                ui.add(egui::TextEdit::singleline(&mut path).desired_width(420.0));
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        let text = actions.session.record_text(style);
                        match persist::save_record(std::path::Path::new(&path), &text) {
                            Ok(()) => {
                                actions.notices.say(format!("Saved to {path}"));
                                keep = false;
                            }
                            Err(e) => actions.notices.say(e),
                        }
                    }
                    if ui.button("Cancel").clicked() {
                        keep = false;
                    }
                });
            });
        if keep {
            dialogs.save = Some(path);
        }
    }

    if let Some(mut path) = dialogs.load.take() {
        let mut keep = true;
        egui::Window::new("Load a game")
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label("File:");
                ui.add(egui::TextEdit::singleline(&mut path).desired_width(420.0));
                for p in saved_games() {
                    if ui.small_button(p.display().to_string()).clicked() {
                        path = p.display().to_string();
                    }
                }
                ui.horizontal(|ui| {
                    if ui.button("Load").clicked() {
                        match persist::load_record(std::path::Path::new(&path)) {
                            Ok(s) => {
                                actions.replace(s);
                                actions.notices.say(format!("Loaded {path}"));
                                next.set(Screen::Playing);
                                keep = false;
                            }
                            // A bad file is a message; the game in progress goes on.
                            Err(e) => actions.notices.say(e),
                        }
                    }
                    if ui.button("Cancel").clicked() {
                        keep = false;
                    }
                });
            });
        if keep {
            dialogs.load = Some(path);
        }
    }
    Ok(())
}

pub(super) fn notices(mut contexts: EguiContexts, notices: Res<Notices>) -> Result {
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
