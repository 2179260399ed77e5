//! Windows over the game: game over, rules, settings, save and load. One function per
//! window.

use std::path::{Path, PathBuf};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};
use camelot_engine::Notation;

use crate::play::actions::GameActions;
use crate::play::screens::Screen;
use crate::storage::data_dir::read_session;
use crate::storage::saving::Storage;
use crate::storage::settings::{BoardTheme, Quality, Settings};

/// Which windows are open.
#[derive(Resource, Default)]
pub struct Dialogs {
    pub rules: bool,
    pub settings: bool,
    /// The save and load windows, with the path being typed.
    save: Option<String>,
    /// The file being saved exists: the window asks whether to replace it.
    save_exists: bool,
    load: Option<String>,
    /// Asked to open the save or load window (the path is filled in when it opens).
    want_save: bool,
    want_load: bool,
    /// The finished game whose dialog was closed: (epoch, ply).
    dismissed: Option<(u64, usize)>,
}

impl Dialogs {
    pub fn open_save(&mut self) {
        self.want_save = true;
    }

    pub fn open_load(&mut self) {
        self.want_load = true;
    }
}

#[derive(SystemParam)]
pub(super) struct DialogParams<'w> {
    dialogs: ResMut<'w, Dialogs>,
    settings: ResMut<'w, Settings>,
    actions: GameActions<'w>,
    screen: Res<'w, State<Screen>>,
    next: ResMut<'w, NextState<Screen>>,
    storage: Res<'w, Storage>,
}

pub(super) fn dialogs(mut contexts: EguiContexts, mut p: DialogParams) -> Result {
    let ctx = contexts.ctx_mut()?;
    let games = p
        .storage
        .store
        .as_ref()
        .map_or_else(|| PathBuf::from("."), |s| s.games_dir());
    if std::mem::take(&mut p.dialogs.want_save) {
        // The history's folder is ours to make; any other folder must exist.
        let _ = std::fs::create_dir_all(&games);
        p.dialogs.save = Some(games.join("game.cgn").display().to_string());
        p.dialogs.save_exists = false;
    }
    if std::mem::take(&mut p.dialogs.want_load) {
        p.dialogs.load = Some(games.join("game.cgn").display().to_string());
    }
    if *p.screen.get() == Screen::Playing {
        game_over(ctx, &mut p);
    }
    rules(ctx, &mut p);
    settings(ctx, &mut p.dialogs, &mut p.settings);
    save(ctx, &mut p);
    load(ctx, &mut p, &games);
    Ok(())
}

fn game_over(ctx: &egui::Context, p: &mut DialogParams) {
    let key = (p.actions.session.epoch, p.actions.session.game.ply());
    // A tournament's games end in the banner: the next game follows by itself.
    if p.dialogs.dismissed == Some(key) || p.actions.session.in_tournament {
        return;
    }
    let Some(result) = p.actions.session.result_text() else {
        return;
    };
    egui::Window::new("Game over")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, -60.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(result);
            ui.label(format!("{} moves played.", p.actions.session.game.ply()));
            ui.horizontal(|ui| {
                if ui.button("New game").clicked() {
                    p.next.set(Screen::Menu);
                    p.dialogs.dismissed = Some(key);
                }
                if ui.button("Undo the last move").clicked() {
                    p.actions.undo();
                }
                if ui.button("Look at the board").clicked() {
                    p.dialogs.dismissed = Some(key);
                }
            });
        });
}

fn rules(ctx: &egui::Context, p: &mut DialogParams) {
    let mut open = p.dialogs.rules;
    let rules = p.actions.session.position().rules();
    egui::Window::new(format!("Rules: {}", rules.name))
        .open(&mut open)
        .default_width(520.0)
        .vscroll(true)
        .show(ctx, |ui| {
            ui.label(rules.help_text());
            ui.separator();
            ui.label(
                "Entering moves: click a piece, then its landing squares one at a time \
                 (green: plain move, blue: canter, red: jump, orange: the canter of a \
                 knight's charge, gold: castle move). A move completes itself when only \
                 one way remains; click the last landing again to stop a leap there; \
                 right-click or Backspace takes back a landing, Escape drops the piece. \
                 You may also drag a piece to where its move ends.\n\
                 Camera: right-drag to orbit, middle-drag (or Shift + right-drag) to pan, \
                 wheel to zoom; WASD orbit (with Shift they pan), +/- zoom, \
                 R resets, T looks from above, V turns to the player to move.\n\
                 Moves: click one in the list, or Left and Right, to see that position \
                 (Home: the start); End or \"Back to the game\" returns to play.\n\
                 Keyboard: M puts the cursor in \"Type a move\" (WCF E6-E8 or 1930 \
                 26-27; Enter plays it); Tab and Shift+Tab go through the panel's \
                 controls, Space or Enter presses the one with the focus.",
            );
        });
    p.dialogs.rules = open;
}

fn settings(ctx: &egui::Context, dialogs: &mut Dialogs, settings: &mut Settings) {
    let mut open = dialogs.settings;
    egui::Window::new("Settings")
        .open(&mut open)
        .resizable(false)
        .show(ctx, |ui| {
            ui.add(
                egui::Slider::new(&mut settings.animation_speed, Settings::ANIMATION_SPEEDS)
                    .text("animation speed (0: none)"),
            );
            ui.add(
                egui::Slider::new(&mut settings.ai_delay, Settings::AI_DELAYS)
                    .text("seconds before a computer moves"),
            );
            ui.horizontal(|ui| {
                ui.label("Notation:");
                ui.radio_value(&mut settings.notation, Notation::Wcf, "WCF (E6-E8)");
                ui.radio_value(&mut settings.notation, Notation::Classic, "1930 numbered");
            });
            ui.horizontal(|ui| {
                ui.label("Board:");
                for t in BoardTheme::ALL {
                    ui.radio_value(&mut settings.theme, t, t.label());
                }
            });
            ui.horizontal(|ui| {
                ui.label("Graphics:");
                ui.radio_value(&mut settings.quality, None, "Automatic");
                for q in Quality::ALL {
                    ui.radio_value(&mut settings.quality, Some(q), q.label());
                }
            });
            ui.horizontal(|ui| {
                ui.add(egui::Slider::new(&mut settings.volume, Settings::VOLUMES).text("volume"));
                ui.checkbox(&mut settings.muted, "Mute");
            });
            ui.checkbox(
                &mut settings.face_player,
                "Turn the camera to each human player in turn",
            );
            ui.checkbox(
                &mut settings.orbit_when_watching,
                "Orbit slowly while computers play",
            );
            ui.checkbox(
                &mut settings.coordinates,
                "Coordinates on the board's frame (A-L, 1-16)",
            );
            ui.add(
                egui::Slider::new(&mut settings.ui_scale, Settings::UI_SCALES)
                    .step_by(0.05)
                    .text("interface size"),
            );
            ui.checkbox(
                &mut settings.reduced_motion,
                "Reduced motion: moves appear at once, the camera cuts instead of gliding",
            );
            if ui.button("Defaults").clicked() {
                *settings = Settings::default();
            }
        });
    dialogs.settings = open;
}

fn save(ctx: &egui::Context, p: &mut DialogParams) {
    let Some(mut path) = p.dialogs.save.take() else {
        return;
    };
    let mut keep = true;
    egui::Window::new("Save the game")
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label("File (.cgn, a text record any Camelot program can read):");
            let edit = ui.add(egui::TextEdit::singleline(&mut path).desired_width(420.0));
            if edit.changed() {
                p.dialogs.save_exists = false;
            }
            if p.dialogs.save_exists {
                ui.label("That file exists. Replace it?");
            }
            ui.horizontal(|ui| {
                let label = if p.dialogs.save_exists {
                    "Replace"
                } else {
                    "Save"
                };
                if ui.button(label).clicked() {
                    let text = p.actions.session.record_text(p.settings.notation);
                    let replace = p.dialogs.save_exists;
                    match camelot_engine::write_new_file(Path::new(&path), text.as_bytes(), replace)
                    {
                        Ok(()) => {
                            p.actions.notices.say(format!("Saved to {path}"));
                            keep = false;
                        }
                        Err(camelot_engine::FileError::Exists { .. }) => {
                            p.dialogs.save_exists = true;
                        }
                        Err(e) => p.actions.notices.say(format!("Cannot save: {e}")),
                    }
                }
                if ui.button("Cancel").clicked() {
                    keep = false;
                }
            });
        });
    if keep {
        p.dialogs.save = Some(path);
    }
}

/// The records in the games folder, newest first.
fn saved_games(dir: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
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

fn load(ctx: &egui::Context, p: &mut DialogParams, games: &Path) {
    let Some(mut path) = p.dialogs.load.take() else {
        return;
    };
    let mut keep = true;
    egui::Window::new("Load a game")
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label("File:");
            ui.add(egui::TextEdit::singleline(&mut path).desired_width(420.0));
            for f in saved_games(games) {
                if ui.small_button(f.display().to_string()).clicked() {
                    path = f.display().to_string();
                }
            }
            ui.horizontal(|ui| {
                if ui.button("Load").clicked() {
                    match read_session(Path::new(&path)) {
                        Ok(s) => {
                            p.actions.replace(s);
                            p.actions.notices.say(format!("Loaded {path}"));
                            p.next.set(Screen::Playing);
                            keep = false;
                        }
                        // A bad file is a message; the game in progress goes on.
                        Err(e) => p.actions.notices.say(e.to_string()),
                    }
                }
                if ui.button("Cancel").clicked() {
                    keep = false;
                }
            });
        });
    if keep {
        p.dialogs.load = Some(path);
    }
}
