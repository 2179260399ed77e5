//! The menus: the title screen (Continue, Play, Online, Learn, Watch, Settings) and a
//! screen for each of its choices, over the table of the last game. Every screen is drawn
//! with the theme's look (`widgets::theme`); Escape or Back returns to the title.

pub mod board_picture;
pub mod cards;
mod online;
pub mod play;
pub mod title;

use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};
use camelot_engine::{Game, Variant};

use crate::game::actions::{GameActions, Notices};
use crate::game::screens::Screen;
use crate::game::session::Session;
use crate::game::settings::PlaySettings;
use crate::learning::view::LearnMenu;
use crate::online::account::OnlineAccount;
use crate::online::challenges::OnlineChallenges;
use crate::online::following::OnlineFollowing;
use crate::online::lobby::Lobby;
use crate::online::settings::OnlineSettings;
use crate::online::tournaments::OnlineTournaments;
use crate::online::view as online_view;
use crate::online::JoinOnline;
use crate::settings::view::SettingsWindow;
use crate::storage::data_dir::{Loaded, SavedGame};
use crate::storage::saving::Storage;
use crate::storage::view::FileWindows;
use crate::table::camera::ViewInsets;
use crate::table::settings::TableSettings;
use crate::watching::view::{self as tournament_view, WatchMenu};
use crate::widgets::theme::{screen_heading, UiColours};
use play::{PlayChoice, PlayPick};
use title::TitlePick;

/// The menu's screens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Page {
    #[default]
    Title,
    Play,
    Online,
    Learn,
    Watch,
}

/// What the menu has chosen so far, and the games it offers to continue.
#[derive(Resource)]
pub struct MenuState {
    pub page: Page,
    pub play: PlayChoice,
    pub online: PlayChoice,
    /// The game in progress (the autosave), read when the menu opens.
    autosave: Option<Session>,
    history: Vec<SavedGame>,
    checked: bool,
    tournament: tournament_view::Choice,
    watch_variant: Variant,
    online_time: online_view::TimeChoice,
}

impl Default for MenuState {
    fn default() -> MenuState {
        MenuState {
            page: Page::Title,
            play: PlayChoice::new(Variant::Camelot),
            online: PlayChoice::online(Variant::Camelot),
            autosave: None,
            history: Vec::new(),
            checked: false,
            tournament: tournament_view::Choice::default(),
            watch_variant: Variant::Camette,
            online_time: online_view::TimeChoice::default(),
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MenuState>()
        .add_plugins(cards::plugin)
        .add_systems(OnEnter(Screen::Menu), refresh);
}

/// The menu reads the game in progress and the history each time it opens, at its title.
fn refresh(mut state: ResMut<MenuState>) {
    state.checked = false;
    state.page = Page::Title;
}

impl MenuState {
    fn read_store(&mut self, storage: &Storage, notices: &mut Notices) {
        self.checked = true;
        let Some(store) = storage.store() else {
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

/// The game in progress in a line: its variant, its moves and who sits where.
fn in_progress_line(saved: &Session) -> String {
    format!(
        "{}, {} moves: {}",
        saved.position().rules().name,
        saved.game.ply(),
        play::seats_text(Some(saved.variant()), Some(&saved.seats_token()))
    )
}

/// What the menu opens beside itself: the table, the file windows, the settings.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Beside<'w> {
    next: ResMut<'w, NextState<Screen>>,
    view: ResMut<'w, ViewInsets>,
    files: ResMut<'w, FileWindows>,
    settings_window: ResMut<'w, SettingsWindow>,
}

/// The settings the menu reads: the game's notation and the table's theme.
#[derive(bevy::ecs::system::SystemParam)]
pub struct MenuSettings<'w> {
    play: Res<'w, PlaySettings>,
    table: Res<'w, TableSettings>,
}

/// The pages each feature draws in the menu.
#[derive(bevy::ecs::system::SystemParam)]
pub struct MenuPages<'w> {
    learn: LearnMenu<'w>,
    watch: WatchMenu<'w>,
    online: OnlineMenu<'w>,
}

/// The menu's Online page's needs: the lobby's requests, the online settings, and the
/// games joined.
#[derive(bevy::ecs::system::SystemParam)]
pub struct OnlineMenu<'w> {
    lobby: ResMut<'w, Lobby>,
    account: ResMut<'w, OnlineAccount>,
    challenges: ResMut<'w, OnlineChallenges>,
    following: ResMut<'w, OnlineFollowing>,
    tournaments: ResMut<'w, OnlineTournaments>,
    settings: ResMut<'w, OnlineSettings>,
    join: MessageWriter<'w, JoinOnline>,
}

pub fn menu(
    mut contexts: EguiContexts,
    mut state: ResMut<MenuState>,
    mut actions: GameActions,
    mut beside: Beside,
    storage: Res<Storage>,
    settings: MenuSettings,
    pictures: cards::CardPictures,
    mut pages: MenuPages,
) -> Result {
    let (play, table) = (&settings.play, &settings.table);
    if *beside.view != ViewInsets::default() {
        *beside.view = ViewInsets::default();
    }
    if !state.checked {
        state.read_store(&storage, &mut actions.notices);
    }
    let textures = pictures.textures(&mut contexts);
    let ctx = contexts.ctx_mut()?;
    let colours = UiColours::of(table.theme);
    // The title lets the table show through; a screen of choices hides more of it.
    let veil = if state.page == Page::Title {
        0.86
    } else {
        0.94
    };
    let veil = egui::Frame::NONE
        .fill(colours.ground.gamma_multiply(veil))
        .inner_margin(egui::Margin::symmetric(24, 16));
    let mut pick = None;
    let mut root = crate::widgets::screen_ui(ctx, "menu");
    egui::CentralPanel::default()
        .frame(veil)
        .show(&mut root, |ui| {
            let state = &mut *state;
            if state.page == Page::Title {
                let line = state.autosave.as_ref().map(in_progress_line);
                let in_progress = state.autosave.as_ref().zip(line);
                match title::title_page(ui, in_progress, table.theme) {
                    Some(TitlePick::Continue) => {
                        pick = state.autosave.clone().map(Pick::Continue);
                    }
                    Some(TitlePick::Open(page)) => state.page = page,
                    Some(TitlePick::Settings) => beside.settings_window.open = true,
                    None => {}
                }
                return;
            }
            let page = state.page;
            let back = column(ui, page, |ui| match page {
                Page::Title | Page::Play => {
                    match play::play_page(
                        ui,
                        &mut state.play,
                        &textures,
                        &state.history,
                        table.theme,
                    ) {
                        Some(PlayPick::Start) => pick = Some(Pick::Start),
                        Some(PlayPick::Load) => beside.files.open_load(),
                        Some(PlayPick::Resume(g)) => pick = Some(Pick::Resume(g)),
                        None => {}
                    }
                }
                Page::Online => {
                    let o = &mut pages.online;
                    if let Some(online_view::OnlinePick::Join(j)) = online::online_page(
                        ui,
                        &mut state.online,
                        &mut state.online_time,
                        &mut o.lobby,
                        &mut o.account,
                        online::Club {
                            challenges: &mut o.challenges,
                            following: &mut o.following,
                            tournaments: &mut o.tournaments,
                        },
                        &mut o.settings,
                        &storage,
                    ) {
                        o.join.write(j);
                    }
                }
                Page::Learn => pages.learn.show(ui),
                Page::Watch => {
                    watch_variant(ui, &mut state.watch_variant);
                    ui.add_space(6.0);
                    let variant = state.watch_variant;
                    pages.watch.show(ui, &mut state.tournament, variant);
                }
            });
            if back {
                state.page = Page::Title;
            }
        });
    let Some(pick) = pick else {
        return Ok(());
    };
    if let Some(session) = session_of(pick, &mut state, &storage, play, &mut actions) {
        actions.replace(session);
        beside.next.set(Screen::Playing);
    }
    Ok(())
}

/// The game a pick opens; a saved game that cannot be read is said, and none opens.
fn session_of(
    pick: Pick,
    state: &mut MenuState,
    storage: &Storage,
    play: &PlaySettings,
    actions: &mut GameActions,
) -> Option<Session> {
    match pick {
        Pick::Start => Some(Session::new(
            Game::new(state.play.variant),
            state.play.seats.iter().map(|s| s.seat()).collect(),
        )),
        Pick::Continue(s) => Some(s),
        Pick::Resume(g) => match storage.store()?.resume(&g, play.notation) {
            Ok(s) => Some(s),
            Err(e) => {
                actions.notices.say(e.to_string());
                state.checked = false;
                None
            }
        },
    }
}

/// A screen's column, no wider than it needs and centred, under its heading; true when
/// the player goes back to the title.
fn column(ui: &mut egui::Ui, page: Page, add: impl FnOnce(&mut egui::Ui)) -> bool {
    let full = ui.available_rect_before_wrap();
    let rect = egui::Rect::from_center_size(
        full.center(),
        egui::vec2(full.width().min(800.0), full.height()),
    );
    let builder = egui::UiBuilder::new()
        .max_rect(rect)
        .layout(egui::Layout::top_down(egui::Align::Min));
    ui.scope_builder(builder, |ui| {
        let name = match page {
            Page::Title | Page::Play => "Play",
            Page::Online => "Online",
            Page::Learn => "Learn",
            Page::Watch => "Watch",
        };
        if screen_heading(ui, name) {
            return true;
        }
        egui::ScrollArea::vertical().show(ui, add);
        false
    })
    .inner
}

/// The variant a tournament is played in, one button each.
fn watch_variant(ui: &mut egui::Ui, variant: &mut Variant) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Variant:");
        for v in Variant::ALL {
            ui.selectable_value(variant, v, v.rules().name)
                .on_hover_text(v.rules().description);
        }
    });
}
