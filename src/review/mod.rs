//! "Review": the engine's judgement of every move of the game, worked out on its own
//! thread (the positions one after another, with a progress count) while the game stays
//! playable. The result belongs to the game as it was: any change to it makes the
//! review stale, and the panel offers to review again.

pub mod view;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use camelot_engine::search::{review_game, ReviewedPly, SearchLimits, REVIEW_NODES};

use crate::game::session::{GameKey, Session};
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<GameReview>()
        .add_message::<StartReview>()
        .add_systems(
            Update,
            (start_review, keep_drawing).chain().in_set(AppSystems::Act),
        );
}

/// Review the game as it stands.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct StartReview;

/// The review of one game state.
#[derive(Resource, Default)]
pub struct GameReview {
    /// The state of the game the review is of.
    of: Option<GameKey>,
    done: Arc<AtomicUsize>,
    total: usize,
    stop: Arc<AtomicBool>,
    result: Arc<Mutex<Option<Vec<ReviewedPly>>>>,
}

impl GameReview {
    /// The review is of the game as it is now.
    pub fn current(&self, session: &Session) -> bool {
        self.of == Some(session.key())
    }

    /// Positions searched and in all, while the review of this game runs.
    pub fn progress(&self, session: &Session) -> Option<(usize, usize)> {
        let finished = self.result.lock().is_ok_and(|r| r.is_some());
        if !self.current(session) || finished {
            return None;
        }
        Some((self.done.load(Ordering::Relaxed), self.total))
    }

    /// Every ply judged, once the review of this game is complete.
    pub fn plies(&self, session: &Session) -> Option<Vec<ReviewedPly>> {
        if !self.current(session) {
            return None;
        }
        self.result.lock().ok()?.clone()
    }

    /// A review exists but the game has changed since.
    pub fn stale(&self, session: &Session) -> bool {
        self.of.is_some() && !self.current(session)
    }

    fn start(&mut self, session: &Session) {
        self.stop.store(true, Ordering::Relaxed);
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicUsize::new(0));
        let result = Arc::new(Mutex::new(None));
        let game = session.game.clone();
        let (stop2, done2, result2) = (stop.clone(), done.clone(), result.clone());
        let spawned = crate::game::computer::spawn_search_thread("review", move || {
            let plies = review_game(&game, SearchLimits::nodes(REVIEW_NODES), |n, _| {
                done2.store(n, Ordering::Relaxed);
                !stop2.load(Ordering::Relaxed)
            });
            if !stop2.load(Ordering::Relaxed) {
                if let Ok(mut r) = result2.lock() {
                    *r = Some(plies);
                }
            }
        });
        if spawned.is_ok() {
            *self = GameReview {
                of: Some(session.key()),
                done,
                total: session.game.ply() + 1,
                stop,
                result,
            };
        }
    }
}

fn start_review(
    mut asked: MessageReader<StartReview>,
    session: Res<Session>,
    mut review: ResMut<GameReview>,
) {
    if asked.read().count() > 0 && session.game.ply() > 0 {
        review.start(&session);
    }
}

/// Frames keep coming while a review runs, so its progress shows and its end is seen.
fn keep_drawing(
    session: Res<Session>,
    review: Res<GameReview>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if review.progress(&session).is_some() {
        redraw.write(RequestRedraw);
    }
}
