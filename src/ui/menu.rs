//! The main menu: the variant (with a line on each), who sits in each seat, start, and
//! continue the autosaved game.

use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};
use camelot_engine::{Game, Variant, LEVELS};

use crate::cli::{default_seats, Seat};
use crate::persist;
use crate::screens::Screen;
use crate::session::{GameActions, Session};

/// What the menu has chosen so far.
#[derive(Resource)]
pub struct MenuState {
    pub variant: Variant,
    pub seats: Vec<Seat>,
    /// The autosaved game, read when the menu opens; an error explains a bad file.
    autosave: Option<Result<Session, String>>,
    checked: bool,
}

impl Default for MenuState {
    fn default() -> MenuState {
        MenuState {
            variant: Variant::Camelot,
            seats: default_seats(Variant::Camelot),
            autosave: None,
            checked: false,
        }
    }
}

impl MenuState {
    /// Re-reads the autosave next time the menu shows.
    pub fn refresh(&mut self) {
        self.checked = false;
    }
}

fn seat_label(s: &Seat) -> String {
    match s {
        Seat::Human => "Human".into(),
        Seat::Computer(l) => format!("Computer: {}", l.name),
    }
}

pub(super) fn menu(
    mut contexts: EguiContexts,
    mut state: ResMut<MenuState>,
    mut actions: GameActions,
    mut next: ResMut<NextState<Screen>>,
    mut view: ResMut<crate::camera::ViewInsets>,
    mut dialogs: ResMut<super::Dialogs>,
) -> Result {
    if *view != crate::camera::ViewInsets::default() {
        *view = crate::camera::ViewInsets::default();
    }
    if !state.checked {
        state.checked = true;
        state.autosave = persist::load_autosave().transpose();
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Camelot")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .default_width(520.0)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new("The Camelot family of board games").italics());
            ui.add_space(6.0);
            ui.heading("Variant");
            for v in Variant::ALL {
                let r = v.rules();
                ui.horizontal(|ui| {
                    if ui.radio(state.variant == v, r.name).clicked() && state.variant != v {
                        state.variant = v;
                        state.seats = default_seats(v);
                    }
                    ui.label(egui::RichText::new(r.description).weak());
                });
            }
            ui.add_space(6.0);
            ui.heading("Players");
            let rules = state.variant.rules();
            let mut seats = state.seats.clone();
            for (i, seat) in seats.iter_mut().enumerate() {
                ui.horizontal(|ui| {
                    ui.add_sized(
                        [70.0, 20.0],
                        egui::Label::new(super::seat_text(rules, camelot_engine::Player(i as u8))),
                    );
                    egui::ComboBox::from_id_salt(("seat", i))
                        .selected_text(seat_label(seat))
                        .width(200.0)
                        .show_ui(ui, |ui| {
                            ui.selectable_value(seat, Seat::Human, "Human");
                            for l in LEVELS {
                                ui.selectable_value(
                                    seat,
                                    Seat::Computer(l),
                                    format!("Computer: {}", l.name),
                                )
                                .on_hover_text(l.description);
                            }
                        });
                });
            }
            state.seats = seats;
            if state.variant == Variant::GrandCam {
                ui.label(
                    egui::RichText::new(
                        "Red and Blue play against Green and Yellow; partners sit opposite.",
                    )
                    .weak(),
                );
            }
            ui.add_space(10.0);
            ui.horizontal(|ui| {
                if ui
                    .button(egui::RichText::new("  Start  ").strong())
                    .clicked()
                {
                    let session = Session::new(Game::new(state.variant), state.seats.clone());
                    actions.replace(session);
                    next.set(Screen::Playing);
                }
                if ui.button("Load a record…").clicked() {
                    dialogs.open_load();
                }
                match &state.autosave {
                    Some(Ok(saved)) => {
                        let label = format!(
                            "Continue: {} after {} moves",
                            saved.position().rules().name,
                            saved.game.ply()
                        );
                        if ui.button(label).clicked() {
                            actions.replace(saved.clone());
                            next.set(Screen::Playing);
                        }
                    }
                    Some(Err(msg)) => {
                        ui.colored_label(
                            egui::Color32::from_rgb(240, 160, 90),
                            format!("The autosave could not be read: {msg}"),
                        );
                    }
                    None => {}
                }
            });
        });
    Ok(())
}
