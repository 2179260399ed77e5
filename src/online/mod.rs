//! Online games at the table. The server's game is the truth: each seat held here has a
//! link to it (a watcher has one without a seat), the links' news is mirrored into the
//! session (remote moves arrive as moves, animated like any other), and what is played
//! here (by a person or a computer seat) goes to the server and stays pending until the
//! server has stored it. A dropped connection is said and mended by the links
//! themselves; a move made meanwhile is sent when they are back, or refused and said.

pub mod lobby;
pub mod settings;
pub mod view;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use camelot_engine::Player;
use std::sync::Arc;

use camelot_engine::DrawClaim;
use camelot_online::protocol::{
    ClientMessage, ErrorCode, GameId, OfferKind, SeatToken, ServerMessage,
};
use camelot_online::{Link, LinkEvent, LinkOptions, Mirror, OnlineError, ServerAddress, Update};

use crate::game::actions::{GameActions, GameStarted};
use crate::game::screens::Screen;
use crate::game::session::{OnlineRef, Seat, Session};
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Online>()
        .add_message::<JoinOnline>()
        .add_message::<OnlineRequest>()
        .add_systems(
            Update,
            (join, follow_the_server, send_what_was_played_here, requests)
                .chain()
                .in_set(AppSystems::Act),
        )
        .add_systems(
            Update,
            (keep_clocks_ticking, leave_when_replaced, rejoin_named_games)
                .in_set(AppSystems::Present),
        );
    app.add_plugins(lobby::plugin);
}

/// Join an online game at the table: its server, its id, the seats this machine plays
/// (their tokens) and who sits in each seat here (`Remote` for the others).
#[derive(Message, Clone, Debug)]
pub struct JoinOnline {
    pub server: ServerAddress,
    pub game: GameId,
    pub tokens: Vec<(Option<Player>, SeatToken)>,
    /// Seats by turn order, where known (a code joined says only the one seat).
    pub seats: Option<Vec<Seat>>,
}

impl JoinOnline {
    /// Joins the game a session's record names (a game reopened from the autosave).
    pub fn from_session(s: &Session) -> Option<JoinOnline> {
        let o = s.online.as_ref()?;
        Some(JoinOnline {
            server: o.server.clone(),
            game: o.game.clone(),
            tokens: o
                .tokens
                .iter()
                .map(|(p, t)| (Some(*p), t.clone()))
                .collect(),
            seats: Some(s.seats.clone()),
        })
    }
}

/// What a player here asks of the server, from the panel's buttons.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum OnlineRequest {
    Offer(OfferKind),
    Accept(OfferKind),
    Decline(OfferKind),
    Resign,
    Claim(DrawClaim),
    Abort,
}

/// How the connection stands.
#[derive(Clone, Debug)]
pub enum Connection {
    Connecting,
    Live,
    /// Lost since then; the links are trying again.
    Away {
        since: Instant,
        reason: Arc<OnlineError>,
    },
    /// The server refused the game, or could not be reached: the links have stopped.
    Stopped(Stop),
}

/// Why the links stopped.
#[derive(Clone, Debug)]
pub enum Stop {
    /// The server refused the game or the seat: its code and its words.
    Refused { code: ErrorCode, message: String },
    /// The server could not be reached for longer than the links wait.
    GaveUp(Arc<OnlineError>),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Refused { message, .. } => f.write_str(message),
            Stop::GaveUp(e) => write!(f, "the server could not be reached: {e}"),
        }
    }
}

impl Connection {
    fn is_live(&self) -> bool {
        matches!(self, Connection::Live)
    }
}

/// One seat's link (or the watcher's).
struct SeatLink {
    /// The seat the token holds, once the server has said it (`None`: watching).
    seat: Option<Player>,
    link: Link,
}

/// The online game at the table, if there is one.
#[derive(Resource, Default)]
pub struct Online {
    pub table: Option<OnlineTable>,
}

pub struct OnlineTable {
    pub server: ServerAddress,
    pub game: GameId,
    links: Vec<SeatLink>,
    /// The game as the server has it (after the first message).
    pub mirror: Option<Mirror>,
    pub connection: Connection,
    /// Seats by turn order, as this machine seats them.
    seats: Option<Vec<Seat>>,
    tokens: Vec<(Option<Player>, SeatToken)>,
    /// Plies played here and sent, not yet stored by the server: (id, ply).
    pending: Vec<(u64, usize)>,
    next_id: u64,
}

impl OnlineTable {
    /// Whether the server has refused or been given up on.
    pub fn stopped(&self) -> Option<&Stop> {
        match &self.connection {
            Connection::Stopped(why) => Some(why),
            _ => None,
        }
    }

    /// Moves played here that the server has not yet stored.
    pub fn unsent(&self) -> usize {
        self.pending.len()
    }

    /// The seats this machine plays.
    pub fn held(&self) -> Vec<Player> {
        self.links.iter().filter_map(|l| l.seat).collect()
    }

    fn send_as(&self, seat: Option<Player>, m: ClientMessage) -> bool {
        let link = match seat {
            Some(p) => self.links.iter().find(|l| l.seat == Some(p)),
            None => self.links.first(),
        };
        link.map(|l| l.link.send(m)).is_some()
    }
}

/// Opens the links of a game asked for, and takes the table to it.
fn join(
    mut asked: MessageReader<JoinOnline>,
    mut online: ResMut<Online>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(j) = asked.read().last().cloned() else {
        return;
    };
    let options = LinkOptions {
        give_up_after: None,
    };
    let links: Vec<SeatLink> = if j.tokens.is_empty() {
        vec![SeatLink {
            seat: None,
            link: Link::open(&j.server, &j.game, None, options),
        }]
    } else {
        j.tokens
            .iter()
            .map(|(seat, t)| SeatLink {
                seat: *seat,
                link: Link::open(&j.server, &j.game, Some(t), options),
            })
            .collect()
    };
    online.table = Some(OnlineTable {
        server: j.server,
        game: j.game,
        links,
        mirror: None,
        connection: Connection::Connecting,
        seats: j.seats,
        tokens: j.tokens,
        pending: Vec::new(),
        next_id: 0,
    });
    next.set(Screen::Playing);
}

/// The links' news: the game's state mirrored, remote moves played at the table,
/// answers to what was sent, the connection's ups and downs.
fn follow_the_server(mut online: ResMut<Online>, mut actions: GameActions) {
    let Some(t) = online.table.as_mut() else {
        return;
    };
    let mut whole = false;
    let mut moved = false;
    for i in 0..t.links.len() {
        while let Some(event) = t.links[i].link.try_recv() {
            let primary = i == 0;
            match event {
                LinkEvent::Message(m) => {
                    let (w, mv) = heard(t, i, primary, m, &mut actions);
                    whole |= w;
                    moved |= mv;
                }
                LinkEvent::Reconnecting { reason, .. } => {
                    if !matches!(t.connection, Connection::Away { .. }) {
                        actions.notices.say(format!(
                            "Connection to the server lost ({reason}); reconnecting."
                        ));
                        t.connection = Connection::Away {
                            since: Instant::now(),
                            reason,
                        };
                    }
                }
                LinkEvent::Refused { code, message } => {
                    actions.notices.say(format!("The server: {message}"));
                    t.connection = Connection::Stopped(Stop::Refused { code, message });
                }
                LinkEvent::GaveUp { reason, .. } => {
                    let stop = Stop::GaveUp(reason);
                    actions.notices.say(format!("The server: {stop}"));
                    t.connection = Connection::Stopped(stop);
                }
            }
        }
    }
    if whole {
        seat_the_table(t, &mut actions);
    } else if moved {
        catch_up(t, &mut actions);
    }
}

/// One message from link `i`; whether the whole game was read, whether a move came.
fn heard(
    t: &mut OnlineTable,
    i: usize,
    primary: bool,
    m: ServerMessage,
    actions: &mut GameActions,
) -> (bool, bool) {
    match &m {
        ServerMessage::State { you, game, .. } => {
            if !t.connection.is_live() {
                if matches!(t.connection, Connection::Away { .. }) {
                    actions.notices.say("Connected to the server again.");
                }
                t.connection = Connection::Live;
            }
            t.links[i].seat = you.and_then(|c| game.variant.rules().seat_with_colour(c));
            // A reconnection: what was pending is answered by the state itself.
            t.pending.clear();
        }
        ServerMessage::Ack { id, .. } => t.pending.retain(|(p, _)| p != id),
        ServerMessage::Rejected { id, reason, .. } => {
            t.pending.retain(|(p, _)| p != id);
            actions
                .notices
                .say(format!("The server refused the move: {reason}"));
            // Back to the server's game.
            return (true, false);
        }
        ServerMessage::Error { message, .. } => {
            actions.notices.say(format!("The server: {message}"))
        }
        _ => {}
    }
    if !primary {
        return (false, false);
    }
    let update = match (&mut t.mirror, &m) {
        (_, ServerMessage::State { you, game, .. }) => match Mirror::from_state(*you, game) {
            Ok(mirror) => {
                t.mirror = Some(mirror);
                Update::Whole
            }
            Err(e) => {
                actions
                    .notices
                    .say(format!("The server's game cannot be shown: {e}"));
                return (false, false);
            }
        },
        (Some(mirror), m) => match mirror.apply(m) {
            Ok(u) => u,
            Err(_) => Update::Whole,
        },
        (None, _) => Update::Nothing,
    };
    match update {
        Update::Whole => (true, false),
        Update::Moved { .. } => (false, true),
        Update::Ended => {
            if let Some(text) = t.mirror.as_ref().and_then(Mirror::result_text) {
                actions.notices.say(format!("Game over: {text}"));
            }
            (false, true)
        }
        _ => (false, false),
    }
}

/// The table takes the server's whole game: a first join seats it (a new game at the
/// table), a later state (a reconnection, a takeback) makes the session match it.
fn seat_the_table(t: &mut OnlineTable, actions: &mut GameActions) {
    let Some(mirror) = &t.mirror else {
        return;
    };
    let rules = mirror.variant.rules();
    let ours = |p: Player| t.links.iter().any(|l| l.seat == Some(p));
    let same_game = actions
        .session
        .online
        .as_ref()
        .is_some_and(|o| o.game == t.game && o.server == t.server)
        && actions.session.variant() == mirror.variant;
    if same_game {
        if actions.session.game.moves() != mirror.game.moves()
            || actions.session.game.outcome() != mirror.game.outcome()
        {
            actions.session.game = mirror.game.clone();
            declare_result(&mut actions.session, mirror);
            actions.reset();
        }
        return;
    }
    let seats: Vec<Seat> = rules
        .players_in_order()
        .map(|p| {
            let here = t
                .seats
                .as_ref()
                .and_then(|s| s.get(p.0 as usize).copied())
                .filter(|s| *s != Seat::Remote);
            match (ours(p), here) {
                (true, Some(seat)) => seat,
                (true, None) => Seat::Human,
                (false, _) => Seat::Remote,
            }
        })
        .collect();
    let mut session = Session::new(mirror.game.clone(), seats);
    declare_result(&mut session, mirror);
    session.online = Some(OnlineRef {
        server: t.server.clone(),
        game: t.game.clone(),
        tokens: t
            .links
            .iter()
            .zip(&t.tokens)
            .filter_map(|(l, (_, token))| Some((l.seat?, token.clone())))
            .collect(),
    });
    actions.replace(session);
}

/// A result the server declared that the board does not show (time, resignation).
fn declare_result(session: &mut Session, mirror: &Mirror) {
    if session.game.outcome().is_some() {
        return;
    }
    if let Some(o) = mirror.result.and_then(|r| r.outcome()) {
        session.game.declare(o);
    }
}

/// Moves the server has that the table has not: played on, one by one, so each is
/// animated. A table that has moves the server has not (played here, pending) waits.
fn catch_up(t: &mut OnlineTable, actions: &mut GameActions) {
    let Some(mirror) = &t.mirror else {
        return;
    };
    let server = mirror.game.moves();
    let here = actions.session.game.moves().to_vec();
    let common = here.len().min(server.len());
    if here[..common] != server[..common] {
        actions.session.game = mirror.game.clone();
        declare_result(&mut actions.session, mirror);
        actions.reset();
        return;
    }
    for m in &server[here.len().min(server.len())..] {
        if actions.play(*m).is_err() {
            actions.session.game = mirror.game.clone();
            actions.reset();
            return;
        }
    }
    if mirror.result.is_some() && actions.session.game.outcome().is_none() {
        declare_result(&mut actions.session, mirror);
        actions.reset();
    }
}

/// Plies played at the table that the server has not heard of go to it, each through
/// the link of the seat that played it.
fn send_what_was_played_here(mut online: ResMut<Online>, session: Res<Session>) {
    let Some(t) = online.table.as_mut() else {
        return;
    };
    let Some(mirror) = &t.mirror else {
        return;
    };
    if t.stopped().is_some() || session.online.as_ref().is_none_or(|o| o.game != t.game) {
        return;
    }
    let from = mirror.game.ply();
    for ply in from..session.game.ply() {
        if t.pending.iter().any(|&(_, p)| p == ply) {
            continue;
        }
        let pos = session.game.position_at(ply);
        let Some(text) = pos.move_text(&session.game.moves()[ply], camelot_engine::Notation::Wcf)
        else {
            continue;
        };
        t.next_id += 1;
        let id = t.next_id;
        let sent = t.send_as(
            Some(pos.turn()),
            ClientMessage::Move {
                id,
                ply: ply as u32,
                mv: text,
            },
        );
        if sent {
            t.pending.push((id, ply));
        }
    }
}

/// The panel's requests, sent through the link of the seat to act for: the seat to
/// move if it is ours, else the first held here.
fn requests(mut asked: MessageReader<OnlineRequest>, online: Res<Online>, session: Res<Session>) {
    let Some(t) = &online.table else {
        asked.clear();
        return;
    };
    for r in asked.read() {
        let held = t.held();
        let seat = held
            .iter()
            .copied()
            .find(|&p| p == session.to_move())
            .or_else(|| held.first().copied());
        let m = match *r {
            OnlineRequest::Offer(kind) => ClientMessage::Offer { kind },
            OnlineRequest::Accept(kind) => ClientMessage::Accept { kind },
            OnlineRequest::Decline(kind) => ClientMessage::Decline { kind },
            OnlineRequest::Resign => ClientMessage::Resign,
            OnlineRequest::Claim(kind) => ClientMessage::Claim { kind },
            OnlineRequest::Abort => ClientMessage::Abort,
        };
        t.send_as(seat, m);
    }
}

/// While a clock runs (or the connection is away), the panel's times change: a frame
/// a quarter of a second.
fn keep_clocks_ticking(
    online: Res<Online>,
    mut last: Local<Option<Instant>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(t) = &online.table else {
        return;
    };
    let running = t.mirror.as_ref().is_some_and(|m| {
        m.clocks.as_ref().is_some_and(|c| c.running.is_some()) || m.move_due_ms.is_some()
    });
    let away = matches!(
        t.connection,
        Connection::Away { .. } | Connection::Connecting
    );
    if (running || away) && last.is_none_or(|l| l.elapsed() >= Duration::from_millis(250)) {
        *last = Some(Instant::now());
        redraw.write(RequestRedraw);
    }
}

/// `4:05`, or `0:09.4` under ten seconds.
pub fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    if ms < 10_000 {
        format!("0:{:02}.{}", s, (ms % 1000) / 100)
    } else if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// A game that names its server (continued from the autosave or the history, loaded
/// from a record) goes back online.
pub(crate) fn rejoin_named_games(
    mut started: MessageReader<GameStarted>,
    online: Res<Online>,
    session: Res<Session>,
    mut join: MessageWriter<JoinOnline>,
) {
    if started.read().count() == 0 {
        return;
    }
    let Some(o) = &session.online else {
        return;
    };
    let here = online
        .table
        .as_ref()
        .is_some_and(|t| t.game == o.game && t.server == o.server);
    if !here {
        join.write_batch(JoinOnline::from_session(&session));
    }
}

/// The table leaves the online game when another game starts that is not it.
pub(crate) fn leave_when_replaced(
    mut started: MessageReader<GameStarted>,
    mut online: ResMut<Online>,
    session: Res<Session>,
) {
    if started.read().count() == 0 {
        return;
    }
    let keep = online
        .table
        .as_ref()
        .is_some_and(|t| session.online.as_ref().is_some_and(|o| o.game == t.game));
    if !keep && online.table.as_ref().is_some_and(|t| t.mirror.is_some()) {
        online.table = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_players_read_them() {
        assert_eq!(clock_text(245_000), "4:05");
        assert_eq!(clock_text(9_400), "0:09.4");
        assert_eq!(clock_text(3_725_000), "1:02:05");
    }
}
