//! The online game at the table: its links (one a seat held here, or one to watch),
//! the server's game mirrored into the session, moves played here sent and pending until
//! stored, the panel's requests, and the connection's ups and downs.

use std::time::{Duration, Instant};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::EventLoopProxyWrapper;
use camelot_engine::{Outcome, Player, SeatColour};
use camelot_online::protocol::{ClientMessage, ErrorCode, GameId, SeatToken, ServerMessage};
use camelot_online::{JoinError, Link, LinkEvent, LinkOptions, Mirror, ServerAddress, Update};

use super::account;
use super::lobby::{remember, Lobby, MyGame};
use super::settings::OnlineSettings;
use super::wake::waker;
use super::{Connection, JoinOnline, JoinOrigin, Online, OnlineRequest, Stop};
use crate::game::actions::{GameActions, GameStarted};
use crate::game::screens::Screen;
use crate::game::session::{OnlineRef, Seat, Session};
use crate::storage::saving::Storage;

/// One seat's link (or the watcher's).
struct SeatLink {
    /// The seat the token holds, once the server has said it (`None`: watching).
    seat: Option<Player>,
    link: Link,
}

pub struct OnlineTable {
    pub server: ServerAddress,
    pub game: GameId,
    /// Where the join was asked for: where a failure to have the game is said.
    origin: JoinOrigin,
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
    /// The rematch agreed, as each link has heard it: (link, game, seat there, token).
    rematch: Vec<(usize, GameId, Option<SeatColour>, Option<SeatToken>)>,
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

/// Opens the links of a game asked for. The table goes to it once the server has sent
/// it (a game reopened from its record is at the table already).
pub(super) fn join(
    mut asked: MessageReader<JoinOnline>,
    mut online: ResMut<Online>,
    mut next: ResMut<NextState<Screen>>,
    mut lobby: ResMut<Lobby>,
    settings: Res<OnlineSettings>,
    storage: Res<Storage>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
) {
    let Some(j) = asked.read().last().cloned() else {
        return;
    };
    let mut options = match j.origin {
        JoinOrigin::Record | JoinOrigin::Rematch => LinkOptions::patient(None),
        JoinOrigin::Menu | JoinOrigin::CommandLine => LinkOptions::joining(None),
    };
    options.wake = waker(proxy.as_deref());
    // A name that is no name is said in the menu, where it is typed; none is sent.
    options.name = settings.name().ok().flatten();
    // Logged in to the server, a seat the account holds is played without a token.
    options.account = account::saved_token(&storage, &j.server);
    if j.origin == JoinOrigin::Menu {
        lobby.status = Some(format!("Connecting to {}…", j.server));
    }
    let links: Vec<SeatLink> = if j.tokens.is_empty() {
        vec![SeatLink {
            seat: None,
            link: Link::open(&j.server, &j.game, None, options.clone()),
        }]
    } else {
        j.tokens
            .iter()
            .map(|(seat, t)| SeatLink {
                seat: *seat,
                link: Link::open(&j.server, &j.game, Some(t), options.clone()),
            })
            .collect()
    };
    if matches!(j.origin, JoinOrigin::Record | JoinOrigin::Rematch) {
        next.set(Screen::Playing);
    }
    online.table = Some(OnlineTable {
        server: j.server,
        game: j.game,
        origin: j.origin,
        links,
        mirror: None,
        connection: Connection::Connecting,
        seats: j.seats,
        tokens: j.tokens,
        pending: Vec::new(),
        next_id: 0,
        rematch: Vec::new(),
    });
}

/// What the links' news calls for beyond the table itself.
#[derive(SystemParam)]
pub(super) struct Around<'w> {
    next: ResMut<'w, NextState<Screen>>,
    lobby: ResMut<'w, Lobby>,
    exit: MessageWriter<'w, AppExit>,
    join: MessageWriter<'w, JoinOnline>,
    storage: Res<'w, Storage>,
    redraw: MessageWriter<'w, RequestRedraw>,
    account: ResMut<'w, account::OnlineAccount>,
}

/// The links' news: the game's state mirrored, remote moves played at the table,
/// answers to what was sent, the connection's ups and downs.
pub(super) fn follow_the_server(
    mut online: ResMut<Online>,
    mut actions: GameActions,
    mut around: Around,
) {
    let Some(t) = online.table.as_mut() else {
        return;
    };
    let mut whole = false;
    let mut moved = false;
    let mut stopped = None;
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
                stop => stopped = JoinError::of(&stop, &t.server, &t.game),
            }
        }
    }
    if let Some(why) = stopped {
        if t.mirror.is_none() && t.origin != JoinOrigin::Record {
            // Never had: no table, and the failure said where the join was asked for.
            never_had(t.origin, &why, &mut around);
            online.table = None;
            return;
        }
        actions.notices.say(format!("Not connected: {why}"));
        if matches!(
            &why,
            JoinError::Refused {
                code: ErrorCode::SignedOut,
                ..
            }
        ) {
            // The kept session is dead: the Online screen offers to log in again.
            around.account.signed_out(&t.server, &around.storage);
        }
        t.connection = Connection::Stopped(Stop::Lost(why));
    }
    if whole {
        if seat_the_table(t, &mut actions) {
            around.lobby.status = None;
            around.next.set(Screen::Playing);
        }
    } else if moved {
        catch_up(t, &mut actions);
    }
    keep_names(t, &mut actions.session);
    if let Some(next) = rematch(t) {
        if let Some(mine) = my_game(&next, t) {
            if let Err(e) = remember(&around.storage, mine) {
                actions
                    .notices
                    .say(format!("The rematch is not in My games: {e}"));
            }
        }
        actions
            .notices
            .say(format!("Rematch agreed: on to game {}.", next.game));
        around.join.write(next);
        // The join is made in the next frame: ask for it, input or not.
        around.redraw.write(RequestRedraw);
    }
}

/// The names the server says go into the session, for its record's seat tags.
fn keep_names(t: &OnlineTable, session: &mut Session) {
    let (Some(mirror), Some(o)) = (&t.mirror, &mut session.online) else {
        return;
    };
    if o.game != t.game {
        return;
    }
    let rules = mirror.variant.rules();
    let names: Vec<_> = mirror
        .seats
        .iter()
        .filter_map(|s| Some((rules.seat_with_colour(s.seat)?, s.name.clone()?)))
        .collect();
    if o.names != names {
        o.names = names;
    }
}

/// Once every link here has heard the rematch agreed: the join of the new game, each
/// seat held here in its new place with its token (a watcher watches it).
fn rematch(t: &mut OnlineTable) -> Option<JoinOnline> {
    let (_, game, _, _) = t.rematch.first()?.clone();
    if t.rematch.len() < t.links.len() {
        return None;
    }
    let news = std::mem::take(&mut t.rematch);
    let rules = t.mirror.as_ref()?.variant.rules();
    let mut seats = vec![Seat::Remote; rules.players()];
    let mut tokens = Vec::new();
    for (i, _, seat, token) in news {
        let (Some(seat), Some(token)) = (seat, token) else {
            continue;
        };
        let Some(new) = rules.seat_with_colour(seat) else {
            continue;
        };
        let here = t.links[i]
            .seat
            .and_then(|old| t.seats.as_ref()?.get(old.0 as usize).copied())
            .filter(|s| *s != Seat::Remote)
            .unwrap_or(Seat::Human);
        seats[new.0 as usize] = here;
        tokens.push((Some(new), token));
    }
    Some(JoinOnline {
        server: t.server.clone(),
        game,
        tokens,
        seats: Some(seats),
        origin: JoinOrigin::Rematch,
    })
}

/// The rematch as one of "My games".
fn my_game(next: &JoinOnline, t: &OnlineTable) -> Option<MyGame> {
    let mirror = t.mirror.as_ref()?;
    let rules = mirror.variant.rules();
    (!next.tokens.is_empty()).then(|| MyGame {
        server: next.server.clone(),
        game: next.game.clone(),
        variant: mirror.variant,
        time: mirror.time,
        tokens: next
            .tokens
            .iter()
            .filter_map(|(p, t)| Some((rules.seat_colour((*p)?), t.clone())))
            .collect(),
        seats: next.seats.clone().unwrap_or_default(),
    })
}

/// A game that could not be had: said in the menu, or on the command line's stderr
/// before the game exits.
fn never_had(origin: JoinOrigin, why: &JoinError, around: &mut Around) {
    match origin {
        JoinOrigin::CommandLine => {
            eprintln!("camelot: {why}");
            around.exit.write(AppExit::from_code(1));
        }
        JoinOrigin::Menu | JoinOrigin::Record | JoinOrigin::Rematch => {
            around.lobby.status = Some(why.to_string())
        }
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
        ServerMessage::Rematch { game, seat, token }
            if !t.rematch.iter().any(|(l, ..)| *l == i) =>
        {
            t.rematch.push((i, game.clone(), *seat, token.clone()));
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
/// table; `true`), a later state (a reconnection, a takeback) makes the session match it.
fn seat_the_table(t: &mut OnlineTable, actions: &mut GameActions) -> bool {
    let Some(mirror) = &t.mirror else {
        return false;
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
            actions.adopt(mirror.game.clone(), server_result(mirror));
        }
        return false;
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
    if let Some(o) = server_result(mirror) {
        session.declare(o);
    }
    session.online = Some(OnlineRef {
        server: t.server.clone(),
        game: t.game.clone(),
        tokens: t
            .links
            .iter()
            .zip(&t.tokens)
            .filter_map(|(l, (_, token))| Some((l.seat?, token.clone())))
            .collect(),
        names: Vec::new(),
    });
    actions.replace(session);
    true
}

/// The result the server declared, which the board may not show (time, resignation).
fn server_result(mirror: &Mirror) -> Option<Outcome> {
    mirror.result.and_then(|r| r.outcome())
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
        actions.adopt(mirror.game.clone(), server_result(mirror));
        return;
    }
    for m in &server[here.len().min(server.len())..] {
        if actions.play(*m).is_err() {
            actions.adopt(mirror.game.clone(), None);
            return;
        }
    }
    if let Some(o) = server_result(mirror) {
        actions.declare(o);
    }
}

/// Plies played at the table that the server has not heard of go to it, each through
/// the link of the seat that played it.
pub(super) fn send_what_was_played_here(mut online: ResMut<Online>, session: Res<Session>) {
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
        let Some(named) = pos.name_move(&session.game.moves()[ply]) else {
            continue;
        };
        t.next_id += 1;
        let id = t.next_id;
        let sent = t.send_as(
            Some(pos.turn()),
            ClientMessage::Move {
                id,
                ply: ply as u32,
                mv: named,
            },
        );
        if sent {
            t.pending.push((id, ply));
        }
    }
}

/// The panel's requests, sent through the link of the seat to act for: the seat to
/// move if it is ours, else the first held here.
pub(super) fn requests(
    mut asked: MessageReader<OnlineRequest>,
    mut online: ResMut<Online>,
    session: Res<Session>,
) {
    let Some(t) = &mut online.table else {
        asked.clear();
        return;
    };
    for r in asked.read() {
        if *r == OnlineRequest::StopTrying {
            // The links end as they are dropped; the table stays, with its game.
            t.links.clear();
            t.connection = Connection::Stopped(Stop::ByPlayer);
            continue;
        }
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
            OnlineRequest::StopTrying => continue,
        };
        t.send_as(seat, m);
    }
}

/// While a clock runs (or the connection is away), the panel's times change: a frame
/// a quarter of a second.
pub(super) fn keep_clocks_ticking(
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

/// A game that names its server (continued from the autosave or the history, loaded
/// from a record) goes back online.
pub(super) fn rejoin_named_games(
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
pub(super) fn leave_when_replaced(
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
