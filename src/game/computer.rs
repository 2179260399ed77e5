//! Computer players and hints: each search runs on Bevy's async compute pool and is
//! polled every frame with `check_ready`, so the frame loop never waits. Any change to
//! the game other than the move it was searching for (undo, a new game, a load) stops
//! the search and throws its answer away.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::tasks::{futures::check_ready, AsyncComputeTaskPool, Task};
use bevy::window::RequestRedraw;
use camelot_engine::search::SearchInfo;
use camelot_engine::{Ai, AiDecision, Game, Level, Move, Notation, Square};

use crate::game::actions::GameActions;
use crate::game::motion::board_idle;
use crate::game::screens::Screen;
use crate::game::session::{GameKey, Seat, Session, HINT_LEVEL};
use crate::game::settings::PlaySettings;
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<AiPlayer>()
        .init_resource::<Spectate>()
        .init_resource::<HintMove>()
        .add_message::<HintRequest>()
        .add_systems(
            Update,
            (
                cancel_stale,
                // While an earlier position is browsed the computer waits: a search
                // already under way keeps its answer until the player returns.
                collect_answer.run_if(crate::game::browse::live),
                request_hint,
                start_thinking
                    .run_if(in_state(Screen::Playing))
                    .run_if(board_idle)
                    .run_if(crate::game::browse::live),
            )
                .chain()
                .in_set(AppSystems::Act),
        );
}

/// The computer's suggestion, shown on the board until the game moves on.
#[derive(Resource, Default)]
pub struct HintMove(pub Option<(Move, Vec<Square>)>);

/// Ask the computer for a move suggestion for the player to move.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct HintRequest;

/// Controls for watching computers play each other.
#[derive(Resource, Default)]
pub struct Spectate {
    pub paused: bool,
    /// Play one move while paused.
    pub step: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Play,
    Hint,
    /// A long search that `--bench-frames` measures frames against.
    Bench,
}

struct Answer {
    ai: Ai,
    seat: usize,
    decision: Option<AiDecision>,
}

struct Thinking {
    task: Task<Answer>,
    stop: Arc<AtomicBool>,
    purpose: Purpose,
    /// The state of the game the search is for.
    key: GameKey,
}

/// The computer players' searches.
#[derive(Resource)]
pub struct AiPlayer {
    /// Seeds the computers' random choices (openings among equals, the weak levels'
    /// slips), so two games against the same level differ.
    seed: u64,
    thinking: Option<Thinking>,
    /// One AI per seat, kept between moves for its transposition table; taken while
    /// it searches.
    ais: Vec<Option<Ai>>,
    /// The latest search report, for the panel, and the seat it searched for (its
    /// scores are from that seat's side).
    pub info: Arc<Mutex<Option<SearchInfo>>>,
    pub info_seat: usize,
    /// Seconds since the board became idle with a computer to move.
    waited: f32,
}

impl Default for AiPlayer {
    fn default() -> AiPlayer {
        AiPlayer {
            seed: rand::random(),
            thinking: None,
            ais: Vec::new(),
            info: Arc::default(),
            info_seat: 0,
            waited: 0.0,
        }
    }
}

impl AiPlayer {
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    pub fn thinking_for(&self) -> Option<Purpose> {
        self.thinking.as_ref().map(|t| t.purpose)
    }

    /// Stops the search; its answer will be dropped.
    pub fn cancel(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop.store(true, Ordering::Relaxed);
        }
        self.waited = 0.0;
    }

    /// Starts a search for the player to move.
    pub fn start(
        &mut self,
        game: &Game,
        key: GameKey,
        seat: usize,
        level: Level,
        purpose: Purpose,
    ) {
        self.cancel();
        if self.ais.len() <= seat {
            self.ais.resize_with(seat + 1, || None);
        }
        let mut ai = match self.ais[seat].take() {
            Some(ai) if ai.level == level => ai,
            _ => Ai::new(level, self.seed.wrapping_add(seat as u64)),
        };
        ai.set_tablebase(crate::game::camette_table::table_for(
            game.position().variant(),
        ));
        let stop = Arc::new(AtomicBool::new(false));
        ai.set_stop_flag(stop.clone());
        let info = self.info.clone();
        self.info_seat = seat;
        if let Ok(mut i) = info.lock() {
            *i = None;
        }
        let game = game.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move {
            yield_to_frames();
            let decision = ai
                .decide(&game, |i| {
                    if let Ok(mut slot) = info.lock() {
                        *slot = Some(i.clone());
                    }
                })
                .map(|(d, _)| d);
            Answer { ai, seat, decision }
        });
        self.thinking = Some(Thinking {
            task,
            stop,
            purpose,
            key,
        });
    }
}

/// Lowers this thread's scheduling priority, so that where the search and the renderer
/// compete for the cores (a software renderer on a small machine) frames come first.
/// The async compute pool runs nothing but searches here, so the thread may stay so.
#[cfg(target_os = "linux")]
fn yield_to_frames() {
    extern "C" {
        fn setpriority(which: i32, who: u32, prio: i32) -> i32;
    }
    const PRIO_PROCESS: i32 = 0;
    // On Linux a "process" priority of thread id 0 is the calling thread's own.
    // SAFETY: a plain system call with integer arguments; failure is harmless.
    unsafe {
        setpriority(PRIO_PROCESS, 0, 10);
    }
}

#[cfg(not(target_os = "linux"))]
fn yield_to_frames() {}

/// Runs a long search (analysis, a review) on a thread of its own: searches recurse
/// deeply, so it gets a large stack, and it gives way to the frames as the computer
/// players' searches do.
pub(crate) fn spawn_search_thread(
    name: &str,
    work: impl FnOnce() + Send + 'static,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name(name.into())
        .stack_size(64 << 20)
        .spawn(move || {
            yield_to_frames();
            work();
        })
        .map(drop)
}

/// A search for a game that has changed since it started (an undo, a new game) is
/// stopped, and its report dropped; a hint is forgotten once the game moves on.
fn cancel_stale(
    session: Res<Session>,
    mut ai: ResMut<AiPlayer>,
    mut hint: ResMut<HintMove>,
    mut seen: Local<Option<GameKey>>,
) {
    let now = session.key();
    if *seen != Some(now) {
        *seen = Some(now);
        hint.0 = None;
    }
    let stale = ai.thinking.as_ref().is_some_and(|t| !t.key.is_before(now));
    if stale {
        ai.cancel();
        hint.0 = None;
        if let Ok(mut info) = ai.info.lock() {
            *info = None;
        }
    }
}

fn start_thinking(
    time: Res<Time>,
    settings: Res<PlaySettings>,
    session: Res<Session>,
    mut spectate: ResMut<Spectate>,
    mut ai: ResMut<AiPlayer>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if ai.is_thinking() {
        // Frames keep coming while a search runs: its answer is collected on one.
        redraw.write(RequestRedraw);
        return;
    }
    if session.game.is_over() {
        return;
    }
    let Seat::Computer(level) = session.seat_to_move() else {
        ai.waited = 0.0;
        return;
    };
    let watching = session.all_computers();
    if watching && spectate.paused && !spectate.step {
        return;
    }
    ai.waited += time.delta_secs();
    redraw.write(RequestRedraw);
    // A short pause before a computer moves lets people see the previous move; a game
    // between computers goes at its own pace.
    let delay = if spectate.step {
        0.0
    } else if watching {
        settings.watch_pace
    } else {
        settings.ai_delay
    };
    if ai.waited < delay && session.game.ply() > 0 {
        return;
    }
    spectate.step = false;
    let seat = session.to_move().0 as usize;
    ai.start(&session.game, session.key(), seat, level, Purpose::Play);
}

fn request_hint(
    mut requests: MessageReader<HintRequest>,
    session: Res<Session>,
    mut ai: ResMut<AiPlayer>,
) {
    if requests.read().count() == 0 || !session.human_to_move() || ai.is_thinking() {
        return;
    }
    let seat = session.to_move().0 as usize;
    ai.start(
        &session.game,
        session.key(),
        seat,
        HINT_LEVEL,
        Purpose::Hint,
    );
}

fn collect_answer(mut ai: ResMut<AiPlayer>, mut actions: GameActions, mut hint: ResMut<HintMove>) {
    let Some(thinking) = ai.thinking.as_mut() else {
        return;
    };
    let Some(answer) = check_ready(&mut thinking.task) else {
        return;
    };
    let Some(thinking) = ai.thinking.take() else {
        return;
    };
    ai.waited = 0.0;
    let seat = answer.seat;
    if ai.ais.len() <= seat {
        ai.ais.resize_with(seat + 1, || None);
    }
    ai.ais[seat] = Some(answer.ai);
    let session = &actions.session;
    if thinking.key != session.key() {
        return;
    }
    let Some(decision) = answer.decision else {
        return;
    };
    match (thinking.purpose, decision) {
        (Purpose::Play, AiDecision::Play(m)) => {
            if let Err(e) = actions.play(m) {
                // The engine refused the AI's move: a bug, reported rather than hidden.
                error!("the computer's move was refused: {e}");
                actions
                    .notices
                    .say(format!("The computer's move was refused: {e}"));
            }
        }
        (Purpose::Play, AiDecision::Claim(c)) => {
            let who = actions.session.seat_label(actions.session.to_move());
            actions.notices.say(format!("{who} claims a draw."));
            actions.claim(c);
        }
        (Purpose::Hint, AiDecision::Play(m)) => {
            let pos = actions.session.position();
            let path = pos
                .path_of(&m)
                .map(|p| p.path)
                .unwrap_or_else(|| vec![m.from, m.to]);
            let text = pos.move_text(&m, Notation::Wcf).unwrap_or_default();
            actions.notices.say(format!("Hint: {text}"));
            hint.0 = Some((m, path));
        }
        (Purpose::Hint, AiDecision::Claim(_)) => {
            actions
                .notices
                .say("Hint: you are not ahead; claiming the draw is reasonable.");
        }
        (Purpose::Bench, _) => {}
    }
}

/// For `--bench-frames`: a long search on the current position that changes nothing.
pub fn start_bench_search(ai: &mut AiPlayer, session: &Session) {
    let seat = session.to_move().0 as usize;
    ai.start(
        &session.game,
        session.key(),
        seat,
        Level::timed(600_000),
        Purpose::Bench,
    );
}

/// What the panel needs of the computer players: their searches, the watching
/// controls, and the hint button.
#[derive(SystemParam)]
pub struct ComputerSection<'w> {
    pub ai: ResMut<'w, AiPlayer>,
    pub spectate: ResMut<'w, Spectate>,
    pub hint: MessageWriter<'w, HintRequest>,
}
