//! Move entry with the mouse: hovering highlights a square, clicking a piece shows
//! where it may land, multi-leap moves are entered a landing at a time (only
//! continuations that lead to legal moves are offered, and the move completes itself
//! when one remains), a piece may also be dragged to its destination. The state machine
//! works on `SquareClicked` messages (made by `pointer` from the mouse), so tests drive
//! it without a window. The markers it shows are drawn by `markers`.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use camelot_engine::{EntryStep, Move, MoveEntry, MoveKind, Square, SquareSet, TurnConstraint};

use crate::game::actions::{BoardReset, GameActions, MovePlayed, Notices};
use crate::game::browse::Browse;
use crate::game::focus::egui_wants_keys;
use crate::game::screens::Screen;
use crate::game::session::{GameKey, Session};
use crate::table::animation::board_idle;
use crate::table::board::{stand_point, OnSquare};
use crate::table::pieces::{Held, PieceView};
use crate::table::theme::MarkerKind;
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MoveInput>()
        .init_resource::<TypedMove>()
        .add_message::<SquareClicked>()
        .add_message::<EntryCommand>()
        .add_systems(
            Update,
            keyboard_entry
                .run_if(not(egui_wants_keys))
                .in_set(AppSystems::Input),
        )
        .add_systems(
            Update,
            (
                forget_stale_entry,
                (enter_moves, pass_when_nothing_else)
                    .chain()
                    .run_if(in_state(Screen::Playing))
                    .run_if(board_idle)
                    .run_if(crate::game::browse::live),
            )
                .chain()
                .in_set(AppSystems::Act),
        )
        .add_systems(Update, explain_browsing.in_set(AppSystems::Act))
        .add_systems(Update, hold_entered_piece.in_set(AppSystems::Present));
}

/// A click on the board while an earlier position is shown says why nothing happens.
fn explain_browsing(
    mut clicked: MessageReader<SquareClicked>,
    browse: Res<Browse>,
    session: Res<Session>,
    mut notices: ResMut<Notices>,
) {
    if clicked.read().count() == 0 {
        return;
    }
    if let Some(n) = browse.browsing(&session) {
        notices.say(format!(
            "You are looking at the position after {n} of {} moves: press End or \
             \"Back to the game\" to play on.",
            session.game.ply()
        ));
    }
}

/// A square (or what stands on it) was clicked, or a dragged piece dropped on it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareClicked {
    pub square: Square,
    pub dropped: bool,
}

/// Take back the last landing, or drop the selection.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryCommand {
    StepBack,
    Cancel,
}

/// The move box's text, in WCF or 1930 notation: kept while the engine refuses it (for
/// mending), cleared once the move is played. `submitted` asks for it to be played as
/// soon as moves can be entered (a resource, not a message: it waits out an animation).
#[derive(Resource, Default, Debug)]
pub struct TypedMove {
    pub text: String,
    pub submitted: bool,
}

/// The move being entered.
#[derive(Resource, Default, Debug)]
pub struct MoveInput {
    /// The piece's square, then the landings chosen so far.
    pub clicks: Vec<Square>,
    /// What the engine says of those clicks.
    pub entry: MoveEntry,
    /// Each offered landing and how it is marked.
    pub offers: Vec<(Square, MarkerKind)>,
    /// The square under the pointer.
    pub hovered: Option<Square>,
    /// Where the primary button went down, while it is held.
    pub pressed: Option<Square>,
    /// The piece being dragged, and the square it was picked up from.
    pub dragging: Option<(Entity, Square)>,
    /// The state of the game the clicks belong to: any other move or a jump drops them.
    synced: Option<GameKey>,
}

fn hold_entered_piece(
    input: Res<MoveInput>,
    session: Res<Session>,
    time: Res<Time>,
    mut commands: Commands,
    mut pieces: Query<(Entity, &OnSquare, &mut Transform, Has<Held>), With<PieceView>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if input.dragging.is_some() {
        return;
    }
    // A selected piece lifts off its square; part way through a leap it hovers lower
    // over its last landing.
    let target = match input.clicks.as_slice() {
        [] => None,
        [from] => Some((*from, *from, LIFT)),
        [from, .., at] => Some((*from, *at, LIFT * 0.4)),
    };
    let k = 1.0 - (-20.0 * time.delta_secs()).exp();
    for (e, on, mut tf, held) in &mut pieces {
        match target {
            Some((from, at, lift)) if on.0 == from => {
                if !held {
                    commands.entity(e).insert(Held);
                }
                let want = stand_point(session.variant(), at) + Vec3::Y * lift;
                if tf.translation.distance(want) > 1e-3 {
                    tf.translation = tf.translation.lerp(want, k);
                    redraw.write(RequestRedraw);
                } else if tf.translation != want {
                    tf.translation = want;
                }
            }
            _ if held => {
                commands.entity(e).remove::<Held>();
            }
            _ => {}
        }
    }
}

/// How high a selected piece lifts off its square.
const LIFT: f32 = 0.22;

fn keyboard_entry(keys: Res<ButtonInput<KeyCode>>, mut commands: MessageWriter<EntryCommand>) {
    if keys.just_pressed(KeyCode::Backspace) {
        commands.write(EntryCommand::StepBack);
    }
    if keys.just_pressed(KeyCode::Escape) {
        commands.write(EntryCommand::Cancel);
    }
}

/// Clicks belong to one position: any move, undo or new game clears them.
fn forget_stale_entry(
    session: Res<Session>,
    mut input: ResMut<MoveInput>,
    mut played: MessageReader<MovePlayed>,
    mut reset: MessageReader<BoardReset>,
) {
    let was_reset = reset.read().count() > 0;
    if was_reset {
        // The board may be another variant's now: old squares mean nothing on it.
        input.hovered = None;
        input.dragging = None;
        input.pressed = None;
    }
    let changed = played.read().count() > 0 || was_reset;
    let now = Some(session.key());
    if changed || input.synced != now {
        input.synced = now;
        set_clicks(&mut input, &session, Vec::new());
    }
}

fn set_clicks(input: &mut MoveInput, session: &Session, clicks: Vec<Square>) {
    input.entry = session.game.entry(&clicks);
    input.offers = offers(session, &clicks, &input.entry);
    input.clicks = clicks;
}

/// Each landing with its marker: a canter every continuation of which captures is the
/// start of a knight's charge. In River Camelot's setup, every square open to a tree.
fn offers(session: &Session, clicks: &[Square], entry: &MoveEntry) -> Vec<(Square, MarkerKind)> {
    let pos = session.position();
    if pos.in_setup() {
        // Every square a tree may go on.
        return pos
            .legal_moves()
            .iter()
            .map(|m| (m.to, MarkerKind::Step(EntryStep::Tree)))
            .collect();
    }
    entry
        .next
        .iter()
        .map(|&(sq, kind)| {
            if kind == EntryStep::Canter {
                let mut more = clicks.to_vec();
                more.push(sq);
                let after = session.game.entry(&more);
                if !after.candidates.is_empty() && after.candidates.iter().all(Move::is_capture) {
                    return (sq, MarkerKind::Charge);
                }
            }
            (sq, MarkerKind::Step(kind))
        })
        .collect()
}

/// The move-entry state machine.
fn enter_moves(
    mut clicked: MessageReader<SquareClicked>,
    mut commands: MessageReader<EntryCommand>,
    mut input: ResMut<MoveInput>,
    mut typed: ResMut<TypedMove>,
    mut actions: GameActions,
) {
    for c in commands.read() {
        let mut clicks = input.clicks.clone();
        match c {
            EntryCommand::StepBack => {
                clicks.pop();
            }
            EntryCommand::Cancel => clicks.clear(),
        }
        set_clicks(&mut input, &actions.session, clicks);
    }
    if std::mem::take(&mut typed.submitted) {
        if play_typed(&mut actions, &typed.text.clone()) {
            typed.text.clear();
        }
        set_clicks(&mut input, &actions.session, Vec::new());
        return;
    }
    let clicks: Vec<SquareClicked> = clicked.read().copied().collect();
    for c in clicks {
        if !actions.session.human_to_move() {
            if !actions.session.game.is_over() {
                let who = actions.session.seat_label(actions.session.to_move());
                actions.refuse(format!("Wait: the computer plays {who}."));
            }
            continue;
        }
        if let Some(m) = click(&mut input, &mut actions, c) {
            if let Err(e) = actions.play(m) {
                actions.refuse(format!("{e}"));
            }
            set_clicks(&mut input, &actions.session, Vec::new());
            break;
        }
    }
}

/// Plays a typed move if the engine reads it as a legal move here; says why not
/// otherwise. Returns whether it was played.
fn play_typed(actions: &mut GameActions, text: &str) -> bool {
    let s = &actions.session;
    if s.game.is_over() {
        actions.refuse("The game is over.");
        return false;
    }
    if !s.human_to_move() {
        let who = s.seat_label(s.to_move());
        actions.refuse(format!("Wait: the computer plays {who}."));
        return false;
    }
    match s.position().parse_move(text) {
        Ok(m) => match actions.play(m) {
            Ok(()) => true,
            Err(e) => {
                actions.refuse(format!("{e}"));
                false
            }
        },
        // The engine's message quotes the text (shortened if it is long).
        Err(e) => {
            actions.refuse(format!("{e}"));
            false
        }
    }
}

/// A human seat whose only legal move is a pass (Grand Cam) passes by itself, after a
/// moment so the table sees it.
fn pass_when_nothing_else(
    time: Res<Time>,
    mut waited: Local<f32>,
    mut actions: GameActions,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let s = &actions.session;
    let only_pass = s.human_to_move() && {
        let legal = s.position().legal_moves();
        legal.len() == 1 && legal.get(0).kind == MoveKind::Pass
    };
    if !only_pass {
        *waited = 0.0;
        return;
    }
    *waited += time.delta_secs();
    redraw.write(RequestRedraw);
    if *waited > 0.8 {
        *waited = 0.0;
        let _ = actions.play(Move::PASS);
    }
}

/// One click: returns the move to play once the clicks make one.
fn click(input: &mut MoveInput, actions: &mut GameActions, c: SquareClicked) -> Option<Move> {
    let session = &*actions.session;
    let pos = session.position();
    let g = pos.geometry();
    let sq = c.square;
    let name = g.name(sq);
    if pos.in_setup() {
        let e = session.game.entry(&[sq]);
        if e.complete.is_none() {
            actions.refuse(format!(
                "A tree cannot be planted on {name}: choose an empty square on your side of the river, off the castles."
            ));
        }
        return e.complete;
    }
    let mut clicks = input.clicks.clone();
    if clicks.is_empty() {
        select(input, actions, sq);
        return None;
    }
    if clicks.len() == 1 && clicks[0] == sq {
        set_clicks(input, session, Vec::new());
        return None;
    }
    if clicks.len() > 1 && clicks.last() == Some(&sq) {
        if input.entry.complete.is_none() {
            actions.refuse("The move cannot stop here: a capture must go on.");
        }
        return input.entry.complete;
    }
    if input.entry.next.iter().any(|&(n, _)| n == sq) {
        clicks.push(sq);
        let e = session.game.entry(&clicks);
        let only = e.candidates.len() == 1;
        if only || (e.complete.is_some() && e.next.is_empty()) {
            return e.complete.or(e.candidates.first().copied());
        }
        set_clicks(input, session, clicks);
        return None;
    }
    // A click on a move's final square plays it, if only one move ends there.
    let ending: Vec<Move> = input
        .entry
        .candidates
        .iter()
        .copied()
        .filter(|m| m.to == sq)
        .collect();
    match ending.len() {
        1 => return Some(ending[0]),
        0 => {}
        _ => {
            actions.refuse(format!(
                "Several leaps end on {name}: enter the path a landing at a time."
            ));
            return None;
        }
    }
    if clicks.len() == 1 && pos.piece_at(sq).map(|p| p.owner) == Some(pos.turn()) {
        select(input, actions, sq);
        return None;
    }
    let what = if c.dropped {
        "drop there"
    } else {
        "land there"
    };
    actions.refuse(format!(
        "The piece cannot {what} ({name}); the marked squares are its landings."
    ));
    None
}

/// Selects the piece on `sq`, or explains why it cannot move.
fn select(input: &mut MoveInput, actions: &mut GameActions, sq: Square) {
    let session = &*actions.session;
    let pos = session.position();
    let g = pos.geometry();
    let me = pos.turn();
    let who = session.seat_label(me);
    let e = session.game.entry(&[sq]);
    if !e.candidates.is_empty() {
        set_clicks(input, session, vec![sq]);
        return;
    }
    let msg = match pos.piece_at(sq) {
        None => format!("{who} to move: click one of {who}'s pieces."),
        Some(p) if p.owner != me => {
            format!(
                "That piece is {}'s; {who} is to move.",
                session.seat_label(p.owner)
            )
        }
        Some(_) => {
            let names = |set: SquareSet| {
                set.iter()
                    .map(|s| g.name(s))
                    .collect::<Vec<_>>()
                    .join(" or ")
            };
            match pos.constraint() {
                Some(TurnConstraint::LeaveCastle { pieces, .. }) => format!(
                    "The piece on {} must leave the castle first.",
                    names(pieces)
                ),
                Some(TurnConstraint::MustCapture { pieces }) => format!(
                    "A capture is compulsory: jump with the piece on {}.",
                    names(pieces)
                ),
                _ => format!("The piece on {} has no legal move.", g.name(sq)),
            }
        }
    };
    actions.refuse(msg);
}

/// What the panel needs of move entry: the landings offered, and the typed move.
#[derive(SystemParam)]
pub struct EntrySection<'w> {
    pub input: Res<'w, MoveInput>,
    pub typed: ResMut<'w, TypedMove>,
}
