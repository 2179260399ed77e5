//! The main menu: the variant (with a line on each), who sits in each seat, start, load
//! a record, and continue: the game in progress or any game of the history, each with
//! its date, variant, seats and number of moves.

use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};
use camelot_engine::{Game, Player, Variant, LEVELS};

use crate::game::actions::{GameActions, Notices};
use crate::game::screens::Screen;
use crate::game::session::{default_seats, parse_seats, Seat, Session};
use crate::game::settings::PlaySettings;
use crate::learning::view as learn_view;
use crate::learning::{Exercises, StartExercise};
use crate::online::lobby::Lobby;
use crate::online::settings::OnlineSettings;
use crate::online::view as online_view;
use crate::online::{JoinOnline, SeatChoice};
use crate::storage::data_dir::{Loaded, SavedGame};
use crate::storage::saving::Storage;
use crate::storage::view::FileWindows;
use crate::table::camera::ViewInsets;
use crate::watching::view as tournament_view;
use crate::watching::StartTournament;
use crate::widgets::style::seat_text;

fn choices(seats: Vec<Seat>) -> Vec<SeatChoice> {
    seats.into_iter().map(SeatChoice::At).collect()
}

/// What the menu has chosen so far, and the games it offers to continue.
#[derive(Resource)]
pub struct MenuState {
    pub variant: Variant,
    pub seats: Vec<SeatChoice>,
    /// The game in progress (the autosave), read when the menu opens.
    autosave: Option<Session>,
    history: Vec<SavedGame>,
    checked: bool,
    tournament: tournament_view::Choice,
    online_time: online_view::TimeChoice,
}

impl Default for MenuState {
    fn default() -> MenuState {
        MenuState {
            variant: Variant::Camelot,
            seats: choices(default_seats(Variant::Camelot)),
            autosave: None,
            history: Vec::new(),
            checked: false,
            tournament: tournament_view::Choice::default(),
            online_time: online_view::TimeChoice::default(),
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MenuState>()
        .add_systems(OnEnter(Screen::Menu), refresh);
}

/// The menu reads the game in progress and the history each time it opens.
fn refresh(mut state: ResMut<MenuState>) {
    state.checked = false;
}

impl MenuState {
    fn read_store(&mut self, storage: &Storage, notices: &mut Notices) {
        self.checked = true;
        let Some(store) = &storage.store else {
            return;
        };
        let loaded = store.load_autosave();
        if let Some(n) = loaded.notice("autosave") {
            notices.say(n);
        }
        self.autosave = match loaded {
            Loaded::Read(s) if s.game.ply() > 0 => Some(s),
            _ => None,
        };
        self.history = store.history();
    }
}

/// What the player picked in the menu this frame.
enum Pick {
    Start,
    Continue(Session),
    Resume(SavedGame),
}

pub fn menu(
    mut contexts: EguiContexts,
    mut state: ResMut<MenuState>,
    mut actions: GameActions,
    mut next: ResMut<NextState<Screen>>,
    mut view: ResMut<ViewInsets>,
    mut files: ResMut<FileWindows>,
    storage: Res<Storage>,
    mut online: ResMut<OnlineSettings>,
    play: Res<PlaySettings>,
    exercises: Res<Exercises>,
    mut start_exercise: MessageWriter<StartExercise>,
    mut start_tournament: MessageWriter<StartTournament>,
    mut lobby: ResMut<Lobby>,
    mut join: MessageWriter<JoinOnline>,
) -> Result {
    if *view != ViewInsets::default() {
        *view = ViewInsets::default();
    }
    if !state.checked {
        state.read_store(&storage, &mut actions.notices);
    }
    let ctx = contexts.ctx_mut()?;
    let mut pick = None;
    egui::Window::new("Camelot")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .default_width(560.0)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new("The Camelot family of board games").italics());
            ui.add_space(6.0);
            variant_choice(ui, &mut state);
            ui.add_space(6.0);
            seat_choice(ui, &mut state);
            ui.add_space(10.0);
            ui.horizontal(|ui| {
                let remote = state.seats.iter().any(|s| s.is_online());
                if ui
                    .add_enabled(
                        !remote,
                        egui::Button::new(egui::RichText::new("  Start  ").strong()),
                    )
                    .on_disabled_hover_text(
                        "A seat is set to be played elsewhere: create an online game below",
                    )
                    .clicked()
                {
                    pick = Some(Pick::Start);
                }
                if ui.button("Load a record…").clicked() {
                    files.open_load();
                }
            });
            continue_list(ui, &state, &mut pick);
            ui.add_space(8.0);
            let mut exercise = None;
            learn_view::menu_lists(ui, &exercises, &mut exercise);
            if let Some(e) = exercise {
                start_exercise.write(StartExercise(e));
            }
            ui.add_space(8.0);
            let (variant, seats) = (state.variant, state.seats.clone());
            let MenuState { online_time, .. } = &mut *state;
            if let Some(online_view::OnlinePick::Join(j)) = online_view::menu_section(
                ui,
                &mut lobby,
                online_time,
                &mut online,
                &storage,
                variant,
                &seats,
            ) {
                join.write(j);
            }
            ui.add_space(8.0);
            ui.heading("Watch");
            let variant = state.variant;
            if let Some(setup) = tournament_view::menu_section(ui, &mut state.tournament, variant) {
                start_tournament.write(StartTournament(setup));
            }
        });
    let session = match pick {
        None => return Ok(()),
        Some(Pick::Start) => Session::new(
            Game::new(state.variant),
            state.seats.iter().map(|s| s.seat()).collect(),
        ),
        Some(Pick::Continue(s)) => s,
        Some(Pick::Resume(g)) => {
            let Some(store) = &storage.store else {
                return Ok(());
            };
            match store.resume(&g, play.notation) {
                Ok(s) => s,
                Err(e) => {
                    actions.notices.say(e.to_string());
                    state.checked = false;
                    return Ok(());
                }
            }
        }
    };
    actions.replace(session);
    next.set(Screen::Playing);
    Ok(())
}

fn variant_choice(ui: &mut egui::Ui, state: &mut MenuState) {
    ui.heading("Variant");
    for v in Variant::ALL {
        let r = v.rules();
        ui.horizontal(|ui| {
            if ui.radio(state.variant == v, r.name).clicked() && state.variant != v {
                state.variant = v;
                state.seats = choices(default_seats(v));
            }
            ui.label(egui::RichText::new(r.description).weak());
        });
    }
}

fn seat_choice(ui: &mut egui::Ui, state: &mut MenuState) {
    ui.heading("Players");
    let rules = state.variant.rules();
    for (i, seat) in state.seats.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.add_sized(
                [70.0, 20.0],
                egui::Label::new(seat_text(rules, Player(i as u8))),
            );
            egui::ComboBox::from_id_salt(("seat", i))
                .selected_text(seat.label())
                .width(200.0)
                .show_ui(ui, |ui| {
                    ui.selectable_value(seat, SeatChoice::At(Seat::Human), "Human");
                    ui.selectable_value(
                        seat,
                        SeatChoice::At(Seat::Remote),
                        Seat::Remote.label(),
                    )
                    .on_hover_text("A friend on another machine, invited to an online game");
                    ui.selectable_value(seat, SeatChoice::Anyone, SeatChoice::Anyone.label())
                        .on_hover_text(
                            "Anyone on the server: the seat is listed as open until someone takes it",
                        );
                    for l in LEVELS {
                        let computer = SeatChoice::At(Seat::Computer(l));
                        ui.selectable_value(seat, computer, computer.label())
                            .on_hover_text(l.description);
                    }
                });
        });
    }
    if rules.players() == 4 {
        ui.label(
            egui::RichText::new(
                "Red and Blue play against Green and Yellow; partners sit opposite.",
            )
            .weak(),
        );
    }
}

/// `Human · Computer (club)` for a `Seats` tag.
fn seats_text(variant: Option<Variant>, token: Option<&str>) -> String {
    match (variant, token) {
        (Some(v), Some(t)) => match parse_seats(t, v) {
            Ok(seats) => seats
                .iter()
                .map(Seat::label)
                .collect::<Vec<_>>()
                .join(" · "),
            Err(_) => t.to_string(),
        },
        _ => "seats not recorded".into(),
    }
}

/// The game in progress and the history, newest first.
fn continue_list(ui: &mut egui::Ui, state: &MenuState, pick: &mut Option<Pick>) {
    if state.autosave.is_none() && state.history.is_empty() {
        return;
    }
    ui.add_space(8.0);
    ui.heading("Continue");
    if let Some(saved) = &state.autosave {
        let label = format!(
            "In progress: {}, {} moves — {}",
            saved.position().rules().name,
            saved.game.ply(),
            seats_text(Some(saved.variant()), Some(&saved.seats_token()))
        );
        if ui.button(label).clicked() {
            *pick = Some(Pick::Continue(saved.clone()));
        }
    }
    if state.history.is_empty() {
        return;
    }
    egui::ScrollArea::vertical()
        .max_height(200.0)
        .show(ui, |ui| {
            egui::Grid::new("history").striped(true).show(ui, |ui| {
                for g in &state.history {
                    ui.label(&g.date);
                    ui.label(g.variant.map_or("?", |v| v.rules().name));
                    ui.label(seats_text(g.variant, g.seats.as_deref()));
                    ui.label(format!("{} moves", g.moves));
                    let result = if g.finished() {
                        g.result.as_str()
                    } else {
                        "unfinished"
                    };
                    ui.label(result);
                    let button = if g.finished() { "Open" } else { "Continue" };
                    if ui
                        .add_enabled(g.variant.is_some(), egui::Button::new(button))
                        .on_hover_text(g.path.display().to_string())
                        .clicked()
                    {
                        *pick = Some(Pick::Resume(g.clone()));
                    }
                    ui.end_row();
                }
            });
        });
}
