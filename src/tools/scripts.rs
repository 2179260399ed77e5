//! What the tools do to the table once it stands: the view and menu screen to start
//! from, squares clicked, a position browsed, a review, a lesson or a tournament
//! started, analysis held on or off, a server started here.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use camelot_engine::Variant;

use super::clock::Frames;
use super::options::{Automation, StartView, ToolOptions};
use crate::analysis::Analysis;
use crate::game::actions::Notices;
use crate::game::browse::BrowseCommand;
use crate::game::session::Session;
use crate::input::move_entry::SquareClicked;
use crate::learning::{ExerciseRef, Exercises, StartExercise};
use crate::review::StartReview;
use crate::watching::{SetupError, StartTournament, TournamentSetup};

/// `--view above`: the camera goes above the board once the table is built.
pub(super) fn start_view(
    auto: Res<Automation>,
    frames: Res<Frames>,
    mut camera: MessageWriter<crate::table::camera::CameraCommand>,
    mut done: Local<bool>,
) {
    if *done || frames.since_ready().is_none() {
        return;
    }
    *done = true;
    if auto.opts.view == Some(StartView::Above) {
        camera.write(crate::table::camera::CameraCommand::TopDown);
    }
}

/// `--menu SCREEN`: the menu opens at that screen, once.
pub(super) fn open_menu_screen(
    auto: Res<Automation>,
    menu: Option<ResMut<crate::menu::MenuState>>,
    mut done: Local<bool>,
) {
    let (Some(page), Some(mut menu), false) = (auto.opts.menu, menu, *done) else {
        return;
    };
    menu.page = page;
    *done = true;
}

/// `--start-server`: a server started here, once, as the Online screen's button does.
pub(super) fn start_server(
    auto: Res<Automation>,
    lobby: Option<ResMut<crate::online::lobby::Lobby>>,
    storage: Option<Res<crate::storage::saving::Storage>>,
    mut done: Local<bool>,
) {
    if let (true, false, Some(mut lobby), Some(storage)) =
        (auto.opts.start_server, *done, lobby, storage)
    {
        *done = true;
        lobby.start_local_server(&storage);
    }
}

/// Holds analysis to `--analysis`.
pub(super) fn force_analysis(auto: Res<Automation>, mut analysis: ResMut<Analysis>) {
    if let Some(on) = auto.opts.analysis {
        if analysis.on != on {
            analysis.on = on;
        }
    }
}

/// What the tools ask of the table's features.
#[derive(SystemParam)]
pub(super) struct Asks<'w> {
    browse: MessageWriter<'w, BrowseCommand>,
    review: MessageWriter<'w, StartReview>,
    exercise: MessageWriter<'w, StartExercise>,
    tournament: MessageWriter<'w, StartTournament>,
}

/// Shows the `--browse` position and starts the `--review` once the pieces stand.
pub(super) fn scripted_browse(
    auto: Res<Automation>,
    frames: Res<Frames>,
    mut done: Local<bool>,
    asks: Asks,
    exercises: Res<Exercises>,
    mut notices: ResMut<Notices>,
    session: Res<Session>,
) {
    let Asks {
        mut browse,
        mut review,
        mut exercise,
        mut tournament,
    } = asks;
    if !frames.ready() || *done {
        return;
    }
    *done = true;
    if let Some(name) = &auto.opts.exercise {
        match find_exercise(&exercises, name) {
            Some(which) => {
                exercise.write(StartExercise(which));
            }
            None => notices.say(format!(
                "--exercise {name}: no such lesson or puzzle (lesson:ID or puzzle:1 to {})",
                exercises.puzzles.len()
            )),
        }
    }
    if let Some(ply) = auto.opts.browse {
        browse.write(BrowseCommand::To(ply));
    }
    if auto.opts.review {
        review.write(StartReview);
    }
    if !auto.opts.tournament.is_empty() {
        match tournament_setup(&auto.opts, session.variant()) {
            Ok(setup) => {
                tournament.write(StartTournament(setup));
            }
            Err(e) => notices.say(format!("--tournament: {e}")),
        }
    }
}

/// The `--tournament` levels in `variant`; the setup's own check says what is wrong.
fn tournament_setup(opts: &ToolOptions, variant: Variant) -> Result<TournamentSetup, SetupError> {
    let setup = TournamentSetup {
        variant,
        entrants: opts.tournament.clone(),
        games_per_pairing: opts.tournament_games,
    };
    setup.check()?;
    Ok(setup)
}

/// `lesson:ID` or `puzzle:N` (counted from 1).
fn find_exercise(exercises: &Exercises, name: &str) -> Option<ExerciseRef> {
    let (kind, key) = name.split_once(':')?;
    match kind {
        "lesson" => exercises
            .lessons
            .iter()
            .position(|l| l.id == key)
            .map(ExerciseRef::Lesson),
        "puzzle" => {
            let n: usize = key.parse().ok()?;
            (1..=exercises.puzzles.len())
                .contains(&n)
                .then(|| ExerciseRef::Puzzle(n - 1))
        }
        _ => None,
    }
}

/// Clicks the `--click` squares, one a frame, once the pieces stand.
pub(super) fn scripted_clicks(
    auto: Res<Automation>,
    frames: Res<Frames>,
    session: Res<Session>,
    mut next: Local<usize>,
    mut clicked: MessageWriter<SquareClicked>,
    mut notices: ResMut<Notices>,
) {
    if !frames.ready() || *next >= auto.opts.click.len() {
        return;
    }
    let name = &auto.opts.click[*next];
    *next += 1;
    match session.position().geometry().parse_square(name) {
        Some(square) => {
            clicked.write(SquareClicked {
                square,
                dropped: false,
            });
        }
        None => notices.say(format!("--click: no square {name} on this board")),
    }
}
