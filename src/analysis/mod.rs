//! Analysis: while it is on, a search with three lines (multi-PV) runs on its own thread
//! for the position shown (the game's, or a browsed one) and reports each depth; the
//! panel turns the score into a win probability. A new position stops the old search.
//!
//! On by default when only people play; off in games against the computer (it would
//! tell the player the computer's thoughts, and share the cores with it).

pub mod view;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use camelot_engine::search::{SearchInfo, SearchLimits, Searcher};

use crate::game::actions::GameStarted;
use crate::game::browse::Browse;
use crate::game::screens::Screen;
use crate::game::session::{Line, Session};
use crate::learning::Exercises;
use crate::AppSystems;

/// Lines searched and shown.
pub const LINES: usize = 3;
/// How long one position is analysed before the search rests.
const THINK: Duration = Duration::from_secs(20);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>().add_systems(
        Update,
        (default_for_new_games, follow_shown_position)
            .chain()
            .run_if(in_state(Screen::Playing))
            .in_set(AppSystems::Present),
    );
}

/// Which position a report is for: the ply shown, the game's line of play and the
/// position's hash (an undo and another move reach the same ply with another position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionKey {
    pub ply: usize,
    pub line: Line,
    pub hash: u64,
}

impl PositionKey {
    pub fn shown(session: &Session, browse: &Browse) -> PositionKey {
        PositionKey {
            ply: browse.shown_ply(session),
            line: session.key().line(),
            hash: browse.shown(session).hash(),
        }
    }
}

/// The latest depth searched, for the position of `key`.
#[derive(Clone, Debug)]
pub struct Report {
    pub key: PositionKey,
    pub info: SearchInfo,
    /// The search has ended (its time is up or the result is certain).
    pub done: bool,
}

struct Running {
    key: PositionKey,
    stop: Arc<AtomicBool>,
    finished: Arc<AtomicBool>,
}

/// A search no one can read any more stops: the resource (with the app) is gone, or
/// another search took its place. A timed search runs to its end otherwise.
impl Drop for Running {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

#[derive(Resource, Default)]
pub struct Analysis {
    pub on: bool,
    running: Option<Running>,
    report: Arc<Mutex<Option<Report>>>,
}

impl Analysis {
    /// The latest report, if it is for this position.
    pub fn report_for(&self, key: PositionKey) -> Option<Report> {
        let report = self.report.lock().ok()?;
        report.as_ref().filter(|r| r.key == key).cloned()
    }

    /// A search is running for this position.
    pub fn searching(&self, key: PositionKey) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| r.key == key && !r.finished.load(Ordering::Relaxed))
    }

    /// Dropping the running search stops it (see `Drop for Running`).
    fn stop(&mut self) {
        self.running = None;
    }

    fn start(&mut self, session: &Session, key: PositionKey) {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        let finished = Arc::new(AtomicBool::new(false));
        let pos = session.game.position_at(key.ply).clone();
        let history = session.game.history()[..key.ply].to_vec();
        let report = self.report.clone();
        let (stop2, finished2) = (stop.clone(), finished.clone());
        let spawned = crate::game::computer::spawn_search_thread("analysis", move || {
            // Marked finished however the thread ends.
            struct Finished(Arc<AtomicBool>);
            impl Drop for Finished {
                fn drop(&mut self) {
                    self.0.store(true, Ordering::Relaxed);
                }
            }
            let _finished = Finished(finished2);
            let mut searcher = Searcher::new(16);
            searcher.multipv = LINES;
            searcher.set_tablebase(crate::game::camette_table::table_for(pos.variant()));
            let stopped = stop2.clone();
            searcher.set_stop_flag(stop2);
            searcher.search(&pos, &history, SearchLimits::time(THINK), |info| {
                // A stopped search must not overwrite the next position's report.
                if stopped.load(Ordering::Relaxed) {
                    return;
                }
                if let Ok(mut r) = report.lock() {
                    *r = Some(Report {
                        key,
                        info: info.clone(),
                        done: false,
                    });
                }
            });
            // The last depth reported is the search's answer (unless it was stopped: a
            // new search may be reporting for the same position).
            if stopped.load(Ordering::Relaxed) {
                return;
            }
            if let Ok(mut r) = report.lock() {
                if let Some(r) = r.as_mut().filter(|r| r.key == key) {
                    r.done = true;
                }
            }
        });
        if spawned.is_ok() {
            self.running = Some(Running {
                key,
                stop,
                finished,
            });
        }
    }
}

/// Each new table starts with analysis on if only people play at it, and it is not a
/// lesson or a puzzle (the analysis would give the answer away).
fn default_for_new_games(
    mut started: MessageReader<GameStarted>,
    session: Res<Session>,
    exercises: Res<Exercises>,
    mut analysis: ResMut<Analysis>,
) {
    if started.read().count() > 0 {
        analysis.on =
            !session.seats.iter().any(|s| !s.is_human()) && exercises.active(&session).is_none();
    }
}

/// Keeps the search on the position shown, and frames coming while it reports.
fn follow_shown_position(
    session: Res<Session>,
    browse: Res<Browse>,
    mut analysis: ResMut<Analysis>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let pos = browse.shown(&session);
    // A finished game, or trees still to plant: nothing to search.
    if !analysis.on || pos.outcome().is_some() || pos.in_setup() {
        analysis.stop();
        return;
    }
    let key = PositionKey::shown(&session, &browse);
    if analysis.running.as_ref().map(|r| r.key) != Some(key) {
        analysis.start(&session, key);
    }
    if analysis.searching(key) {
        redraw.write(RequestRedraw);
    }
}
