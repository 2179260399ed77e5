//! The save and load windows: a record written where the player says (never over a file
//! unasked), and a record read back into the table.

use std::path::{Path, PathBuf};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};
use camelot_files::{write_new_file, FileError};

use crate::game::actions::GameActions;
use crate::game::screens::Screen;
use crate::game::settings::PlaySettings;
use crate::storage::data_dir::read_session;
use crate::storage::saving::Storage;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<FileWindows>();
}

/// Which of the windows is open, with the path being typed.
#[derive(Resource, Default)]
pub struct FileWindows {
    save: Option<String>,
    /// The file being saved exists: the window asks whether to replace it.
    save_exists: bool,
    load: Option<String>,
    /// Asked to open the save or load window (the path is filled in when it opens).
    want_save: bool,
    want_load: bool,
}

impl FileWindows {
    pub fn open_save(&mut self) {
        self.want_save = true;
    }

    pub fn open_load(&mut self) {
        self.want_load = true;
    }
}

#[derive(SystemParam)]
pub struct FileParams<'w> {
    windows: ResMut<'w, FileWindows>,
    play: Res<'w, PlaySettings>,
    actions: GameActions<'w>,
    next: ResMut<'w, NextState<Screen>>,
    storage: Res<'w, Storage>,
}

pub fn file_windows(mut contexts: EguiContexts, mut p: FileParams) -> Result {
    let ctx = contexts.ctx_mut()?;
    let games = p
        .storage
        .store()
        .map_or_else(|| PathBuf::from("."), |s| s.games_dir());
    if std::mem::take(&mut p.windows.want_save) {
        // The history's folder is ours to make; any other folder must exist.
        let _ = std::fs::create_dir_all(&games);
        p.windows.save = Some(games.join("game.cgn").display().to_string());
        p.windows.save_exists = false;
    }
    if std::mem::take(&mut p.windows.want_load) {
        p.windows.load = Some(games.join("game.cgn").display().to_string());
    }
    save(ctx, &mut p);
    load(ctx, &mut p, &games);
    Ok(())
}

fn save(ctx: &egui::Context, p: &mut FileParams) {
    let Some(mut path) = p.windows.save.take() else {
        return;
    };
    let mut keep = true;
    egui::Window::new("Save the game")
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label("File (.cgn, a text record any Camelot program can read):");
            let edit = ui.add(egui::TextEdit::singleline(&mut path).desired_width(420.0));
            if edit.changed() {
                p.windows.save_exists = false;
            }
            if p.windows.save_exists {
                ui.label("That file exists. Replace it?");
            }
            ui.horizontal(|ui| {
                let label = if p.windows.save_exists {
                    "Replace"
                } else {
                    "Save"
                };
                if ui.button(label).clicked() {
                    let text = p.actions.session.record_text(p.play.notation);
                    let replace = p.windows.save_exists;
                    match write_new_file(Path::new(&path), text.as_bytes(), replace) {
                        Ok(()) => {
                            p.actions.notices.say(format!("Saved to {path}"));
                            keep = false;
                        }
                        Err(FileError::Exists { .. }) => {
                            p.windows.save_exists = true;
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
        p.windows.save = Some(path);
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

fn load(ctx: &egui::Context, p: &mut FileParams, games: &Path) {
    let Some(mut path) = p.windows.load.take() else {
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
        p.windows.load = Some(path);
    }
}
