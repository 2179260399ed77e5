//! Online play in the interface: the Online screen's parts (the server, a local server
//! for a LAN evening, creating a game and its invitation codes, joining with a code,
//! open seats, watching a live game, my games), and the panel's section of an online game (the
//! connection, each seat's presence and clock, offers to answer).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use camelot_engine::{Player, Variant};
use camelot_online::protocol::requests::ComputerSeat;
use camelot_online::protocol::{Ask, ErrorCode, GameId, OfferKind, PlayerName, TimeControl};
use camelot_online::{Invitation, Mirror, ServerAddress};

use crate::game::session::Session;
use crate::online::account::{saved_token, OnlineAccount};
use crate::online::challenge_view;
use crate::online::challenges::OnlineChallenges;
use crate::online::lobby::{remember, Creation, Lobby, MyGame, MyTurn};
use crate::online::settings::OnlineSettings;
use crate::online::tournament_view;
use crate::online::tournaments::OnlineTournaments;
use crate::online::{
    clock_text, Connection, JoinOnline, JoinOrigin, Online, OnlineRequest, OnlineTable, SeatChoice,
};
use crate::storage::saving::Storage;
use crate::widgets::confirm::confirmed_button;
use crate::widgets::theme::seat_text;

/// What is said in amber: an address or a name that is not one, a lost connection.
const WARNING: egui::Color32 = egui::Color32::from_rgb(240, 170, 80);

/// The time a game to be created has.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeChoice {
    pub kind: TimeKind,
    pub minutes: u32,
    pub increment: u32,
    pub days: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeKind {
    Untimed,
    Clock,
    Days,
}

impl Default for TimeChoice {
    fn default() -> TimeChoice {
        TimeChoice {
            kind: TimeKind::Clock,
            minutes: 10,
            increment: 5,
            days: 3,
        }
    }
}

impl TimeChoice {
    pub fn control(&self) -> TimeControl {
        match self.kind {
            TimeKind::Untimed => TimeControl::Untimed,
            TimeKind::Clock => TimeControl::Clock {
                minutes: self.minutes,
                increment: self.increment,
            },
            TimeKind::Days => TimeControl::Days { days: self.days },
        }
    }
}

/// What the menu's online section may ask for this frame.
pub enum OnlinePick {
    Join(JoinOnline),
}

/// The server to play on (with a button that starts one on this machine) and the
/// player's name: each said plainly while it is not one. Returns the server and the
/// name when they are.
pub fn server_and_name(
    ui: &mut egui::Ui,
    lobby: &mut Lobby,
    settings: &mut OnlineSettings,
    storage: &Storage,
) -> (Option<ServerAddress>, Option<PlayerName>) {
    ui.horizontal(|ui| {
        ui.label("Server:");
        ui.add(egui::TextEdit::singleline(&mut settings.server).desired_width(260.0));
        if ui
            .add_enabled(!lobby.busy, egui::Button::new("Start a server here"))
            .on_hover_text("For players on this network: a camelot-server on this machine")
            .clicked()
        {
            lobby.start_local_server(storage);
        }
    });
    if let Some(address) = lobby.local_address.take() {
        settings.server = address.to_string();
    }
    let server = ServerAddress::parse(&settings.server);
    if let Err(e) = &server {
        ui.colored_label(WARNING, e.to_string());
    }
    ui.horizontal(|ui| {
        ui.label("Your name:");
        ui.add(
            egui::TextEdit::singleline(&mut settings.player_name)
                .hint_text("shown to the other players")
                .desired_width(200.0),
        );
    });
    // A name that is no name is said here, and none is sent.
    let name = settings.name();
    if let Err(e) = &name {
        ui.colored_label(WARNING, e.to_string());
    }
    (server.ok(), name.ok().flatten())
}

/// The account on the server: the fields to log in or sign up, or who is logged in with
/// their ratings and a way out.
pub fn account_section(
    ui: &mut egui::Ui,
    account: &mut OnlineAccount,
    server: Option<&ServerAddress>,
    storage: &Storage,
) {
    let Some(server) = server else {
        return;
    };
    account.look(server, storage);
    let me = account.logged_in.clone().filter(|m| &m.server == server);
    ui.horizontal_wrapped(|ui| match me {
        Some(me) => {
            ui.label(format!("Logged in as {}", me.name));
            if let Some(p) = &me.profile {
                if p.ratings.is_empty() {
                    ui.label(egui::RichText::new("no rated game yet").weak());
                }
                for r in &p.ratings {
                    ui.label(format!(
                        "{} {}{}",
                        r.variant.rules().name,
                        r.rating.round(),
                        if r.provisional { "?" } else { "" }
                    ))
                    .on_hover_text(format!(
                        "{} rated games, deviation {}",
                        r.games,
                        r.deviation.round()
                    ));
                }
            }
            if ui
                .add_enabled(!account.busy, egui::Button::new("Log out"))
                .clicked()
            {
                account.log_out(storage);
            }
        }
        None => {
            ui.label("Account:");
            ui.add(
                egui::TextEdit::singleline(&mut account.name)
                    .hint_text("name")
                    .desired_width(120.0),
            );
            ui.add(
                egui::TextEdit::singleline(&mut account.password)
                    .password(true)
                    .hint_text("password")
                    .desired_width(120.0),
            );
            if ui
                .add_enabled(!account.busy, egui::Button::new("Log in"))
                .clicked()
            {
                account.open(server.clone(), false, storage);
            }
            if ui
                .add_enabled(!account.busy, egui::Button::new("Sign up"))
                .on_hover_text(
                    "An account keeps your rating in each variant; playing by a code needs none",
                )
                .clicked()
            {
                account.open(server.clone(), true, storage);
            }
        }
    });
    if let Some(s) = &account.status {
        ui.label(egui::RichText::new(s).weak());
    }
    recovery_codes(ui, account);
}

/// The recovery codes of the account just made, shown this once: each sets a new
/// password once, where the server has no e-mail to send a reset.
fn recovery_codes(ui: &mut egui::Ui, account: &mut OnlineAccount) {
    if account.recovery_codes.is_empty() {
        return;
    }
    let codes: Vec<String> = account
        .recovery_codes
        .iter()
        .map(|c| c.as_str().to_string())
        .collect();
    crate::widgets::theme::prompt_frame(ui).show(ui, |ui| {
        ui.label(egui::RichText::new("Your recovery codes, shown only now").strong());
        ui.label(
            "If you forget your password, one of these sets a new one (each works once) \
             on the server's page, at /recover. Keep them somewhere safe.",
        );
        ui.monospace(codes.join("   "));
        ui.horizontal(|ui| {
            if ui.button("Copy them").clicked() {
                ui.ctx().copy_text(codes.join("\n"));
            }
            if ui.button("I have kept them").clicked() {
                account.recovery_codes.clear();
            }
        });
    });
}

/// Whether `account` is logged in to `server`.
fn logged_in_to(account: &OnlineAccount, server: Option<&ServerAddress>) -> bool {
    account
        .logged_in
        .as_ref()
        .is_some_and(|m| Some(&m.server) == server)
}

/// For a player logged in: the game to be created rated or not.
pub fn rated_choice(
    ui: &mut egui::Ui,
    lobby: &mut Lobby,
    account: &OnlineAccount,
    server: Option<&ServerAddress>,
) {
    if !logged_in_to(account, server) {
        lobby.rated = false;
        return;
    }
    ui.checkbox(&mut lobby.rated, "Rated")
        .on_hover_text("Your seat here, the others open to players who log in");
}

/// For a player logged in, a quick game: the server pairs them with the waiting player
/// of nearest rating in `variant` at `time`, and the table opens when it has.
pub fn quick_game(
    ui: &mut egui::Ui,
    account: &mut OnlineAccount,
    storage: &Storage,
    server: Option<&ServerAddress>,
    variant: Variant,
    time: &TimeChoice,
) {
    if !logged_in_to(account, server) {
        return;
    }
    if account.waiting() {
        ui.horizontal(|ui| {
            ui.label("Waiting for an opponent…");
            if ui.button("Stop waiting").clicked() {
                account.stop_waiting();
            }
        });
        return;
    }
    let for_two = variant.rules().players() == 2;
    if ui
        .add_enabled(
            for_two && !account.busy,
            egui::Button::new("Quick game, rated"),
        )
        .on_hover_text("Paired by the server with the waiting player of nearest rating")
        .on_disabled_hover_text("A quick game is for two players")
        .clicked()
    {
        account.quick_game(storage, variant, time.control());
    }
}

/// Creating a game of `variant` with `seats` (a seat set to "elsewhere" is a friend's,
/// invited by a code; one set to "anyone" is left open), then the created game's codes
/// and the way to its table.
pub fn create_section(
    ui: &mut egui::Ui,
    lobby: &mut Lobby,
    time: &mut TimeChoice,
    storage: &Storage,
    server: Option<&ServerAddress>,
    variant: Variant,
    seats: &[SeatChoice],
) -> Option<OnlinePick> {
    let mut pick = None;
    time_choice(ui, time);
    // Rated where the player chose it, logged in (the account's session kept).
    let rated_as = server
        .filter(|_| lobby.rated)
        .and_then(|s| saved_token(storage, s));
    let remote = seats.iter().filter(|s| s.is_online()).count();
    let label = match remote {
        1 => "Create the game (1 seat played elsewhere)".to_string(),
        n => format!("Create the game ({n} seats played elsewhere)"),
    };
    let ready = !lobby.busy && server.is_some() && remote > 0;
    if ui
        .add_enabled(
            ready,
            egui::Button::new(egui::RichText::new(label).strong()).wrap(),
        )
        .on_disabled_hover_text(
            "Set a seat above to \"Elsewhere (online)\" for each friend, to \"Anyone\", or to the server's computer",
        )
        .clicked()
    {
        if let Some(server) = server.cloned() {
            let rules = variant.rules();
            lobby.create(Creation {
                server,
                variant,
                time: time.control(),
                seats: seats.iter().map(|s| s.seat()).collect(),
                open: rules
                    .players_in_order()
                    .zip(seats)
                    .filter(|(_, s)| **s == SeatChoice::Anyone)
                    .map(|(p, _)| rules.seat_colour(p))
                    .collect(),
                computer: rules
                    .players_in_order()
                    .zip(seats)
                    .filter_map(|(p, s)| match s {
                        SeatChoice::ServerComputer(level) => Some(ComputerSeat {
                            seat: rules.seat_colour(p),
                            level: *level,
                        }),
                        _ => None,
                    })
                    .collect(),
                rated_as,
            });
        }
    }
    invitations(ui, lobby, storage, &mut pick);
    pick
}

/// Games to join: with a code, an open seat, a live game to watch, my games.
pub fn join_section(
    ui: &mut egui::Ui,
    lobby: &mut Lobby,
    storage: &Storage,
    server: Option<&ServerAddress>,
    name: Option<PlayerName>,
) -> Option<OnlinePick> {
    let mut pick = None;
    join_with_code(ui, lobby, &mut pick);
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        let ready = !lobby.busy && server.is_some();
        if ui
            .add_enabled(ready, egui::Button::new("Open seats"))
            .on_hover_text("Games waiting for anyone to take a seat")
            .clicked()
        {
            if let Some(server) = server.cloned() {
                lobby.list_open_seats(server);
            }
        }
        if ui
            .add_enabled(ready, egui::Button::new("Live games"))
            .clicked()
        {
            if let Some(server) = server.cloned() {
                lobby.list(server);
            }
        }
        if ui.button("My games").clicked() {
            lobby.refresh_mine(storage);
        }
    });
    if let Some(s) = &lobby.status {
        ui.label(egui::RichText::new(s).weak());
    }
    if let Some(server) = server {
        open_seats(ui, lobby, server, name);
        live_games(ui, lobby, server, &mut pick);
    }
    my_games(ui, lobby, &mut pick);
    pick
}

pub fn time_choice(ui: &mut egui::Ui, t: &mut TimeChoice) {
    ui.horizontal(|ui| {
        ui.label("Time:");
        ui.radio_value(&mut t.kind, TimeKind::Clock, "clock");
        ui.radio_value(&mut t.kind, TimeKind::Days, "days a move");
        ui.radio_value(&mut t.kind, TimeKind::Untimed, "none");
    });
    if t.kind == TimeKind::Untimed {
        return;
    }
    // On a line of its own: beside the choices it is wider than the half of a small
    // window the Online screen gives it.
    ui.horizontal(|ui| match t.kind {
        TimeKind::Clock => {
            ui.add(egui::DragValue::new(&mut t.minutes).range(0..=TimeControl::MAX_MINUTES));
            ui.label("min +");
            ui.add(egui::DragValue::new(&mut t.increment).range(0..=TimeControl::MAX_INCREMENT));
            ui.label("s a move");
        }
        TimeKind::Days => {
            ui.add(egui::DragValue::new(&mut t.days).range(1..=TimeControl::MAX_DAYS));
            ui.label("days");
        }
        TimeKind::Untimed => {}
    });
}

/// A created game: the codes to send, and the way to the table.
fn invitations(
    ui: &mut egui::Ui,
    lobby: &mut Lobby,
    storage: &Storage,
    pick: &mut Option<OnlinePick>,
) {
    let Some(inv) = lobby.created.clone() else {
        return;
    };
    ui.label(egui::RichText::new(format!("Game {} created.", inv.game)).strong());
    for (seat, code) in &inv.codes {
        ui.horizontal(|ui| {
            ui.label(format!("{seat}'s code:"));
            ui.monospace(code.to_string());
            if ui.button("Copy").clicked() {
                ui.ctx().copy_text(code.to_string());
                lobby.status = Some(format!("{seat}'s code copied: send it to your friend."));
            }
        });
    }
    for seat in &inv.creation.open {
        ui.label(format!("{seat} is open: anyone on the server may take it."));
    }
    ui.horizontal(|ui| {
        ui.label("To watch:");
        ui.monospace(inv.watch.to_string());
    });
    if ui.button("  Go to the table  ").clicked() {
        let c = &inv.creation;
        let rules = c.variant.rules();
        let _ = remember(
            storage,
            MyGame {
                server: c.server.clone(),
                game: inv.game.clone(),
                variant: c.variant,
                time: c.time,
                tokens: inv
                    .here
                    .iter()
                    .map(|(p, t)| (rules.seat_colour(*p), t.clone()))
                    .collect(),
                seats: c.seats.clone(),
            },
        );
        *pick = Some(OnlinePick::Join(JoinOnline {
            server: c.server.clone(),
            game: inv.game.clone(),
            tokens: inv
                .here
                .iter()
                .map(|(p, t)| (Some(*p), t.clone()))
                .collect(),
            seats: Some(c.seats.clone()),
            origin: JoinOrigin::Menu,
        }));
        lobby.created = None;
    }
}

fn join_with_code(ui: &mut egui::Ui, lobby: &mut Lobby, pick: &mut Option<OnlinePick>) {
    ui.horizontal(|ui| {
        ui.label("Join with a code:");
        ui.add(egui::TextEdit::singleline(&mut lobby.join_code).desired_width(300.0));
        if ui.button("Join").clicked() {
            match Invitation::parse(&lobby.join_code) {
                Ok(i) => {
                    *pick = Some(OnlinePick::Join(JoinOnline {
                        server: i.server,
                        game: i.game,
                        tokens: i.token.map(|t| (None, t)).into_iter().collect(),
                        seats: None,
                        origin: JoinOrigin::Menu,
                    }))
                }
                Err(e) => lobby.status = Some(e.to_string()),
            }
        }
    });
}

fn live_games(
    ui: &mut egui::Ui,
    lobby: &mut Lobby,
    server: &ServerAddress,
    pick: &mut Option<OnlinePick>,
) {
    if lobby.live.is_empty() {
        return;
    }
    let mut more = false;
    egui::ScrollArea::vertical()
        .id_salt("live games")
        .max_height(140.0)
        .show(ui, |ui| {
            egui::Grid::new("live").striped(true).show(ui, |ui| {
                for g in &lobby.live {
                    ui.label(g.variant.rules().name);
                    ui.label(g.time.to_string());
                    ui.label(format!("{} plies", g.plies));
                    if ui.button("Watch").clicked() {
                        *pick = Some(OnlinePick::Join(JoinOnline {
                            server: server.clone(),
                            game: g.id.clone(),
                            tokens: Vec::new(),
                            seats: None,
                            origin: JoinOrigin::Menu,
                        }));
                    }
                    ui.end_row();
                }
            });
            more = more_button(ui, lobby, lobby.live_next.is_some(), "More live games");
        });
    if more {
        lobby.more_live_games(server.clone());
    }
}

/// Under a list that has more pages: the button that asks for the next one.
fn more_button(ui: &mut egui::Ui, lobby: &Lobby, has_more: bool, label: &str) -> bool {
    has_more
        && ui
            .add_enabled(!lobby.busy, egui::Button::new(label))
            .clicked()
}

/// Seats left open to anyone, each with its button to take it.
fn open_seats(
    ui: &mut egui::Ui,
    lobby: &mut Lobby,
    server: &ServerAddress,
    name: Option<PlayerName>,
) {
    if lobby.open_seats.is_empty() {
        return;
    }
    let (mut take, mut more) = (None, false);
    ui.label(egui::RichText::new("Open seats").strong());
    egui::ScrollArea::vertical()
        .id_salt("open seats")
        .max_height(140.0)
        .show(ui, |ui| {
            egui::Grid::new("open").striped(true).show(ui, |ui| {
                for s in &lobby.open_seats {
                    ui.label(s.variant.rules().name);
                    ui.label(s.time.to_string());
                    ui.label(format!("{} in game {}", s.seat, s.game));
                    if ui
                        .add_enabled(!lobby.busy, egui::Button::new(format!("Play {}", s.seat)))
                        .clicked()
                    {
                        take = Some(s.clone());
                    }
                    ui.end_row();
                }
            });
            more = more_button(
                ui,
                lobby,
                lobby.open_seats_next.is_some(),
                "More open seats",
            );
        });
    if let Some(seat) = take {
        lobby.take(server.clone(), seat, name);
    } else if more {
        lobby.more_open_seats(server.clone());
    }
}

fn my_games(ui: &mut egui::Ui, lobby: &Lobby, pick: &mut Option<OnlinePick>) {
    if lobby.mine.is_empty() {
        return;
    }
    ui.label(egui::RichText::new("My games").strong());
    egui::Grid::new("mine").striped(true).show(ui, |ui| {
        for (g, turn) in &lobby.mine {
            let rules = g.variant.rules();
            ui.label(rules.name);
            ui.label(g.time.to_string());
            let state = match turn {
                None => "…".to_string(),
                Some(Ok(MyTurn::Mine)) => "your move".to_string(),
                Some(Ok(MyTurn::Theirs)) => "waiting".to_string(),
                Some(Ok(MyTurn::Over(r))) => r.to_string(),
                Some(Err(e)) => format!("({e})"),
            };
            let strong = matches!(turn, Some(Ok(MyTurn::Mine)));
            let text = egui::RichText::new(state);
            ui.label(if strong { text.strong() } else { text.weak() });
            if ui.button("Open").clicked() {
                let seats = (g.seats.len() == rules.players()).then(|| g.seats.clone());
                *pick = Some(OnlinePick::Join(JoinOnline {
                    server: g.server.clone(),
                    game: g.game.clone(),
                    tokens: g
                        .tokens
                        .iter()
                        .map(|(s, t)| (rules.seat_with_colour(*s), t.clone()))
                        .collect(),
                    seats,
                    origin: JoinOrigin::Menu,
                }));
            }
            ui.end_row();
        }
    });
}

/// One line on the connection, or nothing while all is well.
pub fn connection_line(c: &Connection) -> Option<String> {
    match c {
        Connection::Live => None,
        Connection::Connecting => Some("Connecting to the server…".into()),
        Connection::Away { since, reason } => Some(format!(
            "Connection lost, reconnecting ({}): {reason}",
            clock_text(since.elapsed().as_millis() as u64)
        )),
        // The account's session ended elsewhere (logged out, its password changed, the
        // account closed): the seat is the account's again once logged in again.
        Connection::Stopped(why) if why.code() == Some(ErrorCode::SignedOut) => Some(format!(
            "Signed out: {why}. Log in again under Online, then join the game again."
        )),
        Connection::Stopped(why) => Some(format!("Not connected: {why}")),
    }
}

/// What the panel shows of an online game.
pub struct PanelModel<'a> {
    pub game: &'a GameId,
    pub connection: &'a Connection,
    /// Moves played here the server has not stored yet.
    pub unsent: usize,
    /// The seats this machine plays.
    pub held: Vec<Player>,
    pub mirror: Option<&'a Mirror>,
}

impl<'a> PanelModel<'a> {
    pub fn of(t: &'a OnlineTable) -> PanelModel<'a> {
        PanelModel {
            game: &t.game,
            connection: &t.connection,
            unsent: t.unsent(),
            held: t.held(),
            mirror: t.mirror.as_ref(),
        }
    }
}

/// What the panel says of each seat: `Ann (Black) disconnected, 0:12`, and its clock.
pub fn seat_lines(m: &Mirror) -> Vec<(Player, String, Option<String>)> {
    let remaining = m.remaining();
    let read = m.clocks_read.elapsed().as_millis() as u64;
    m.variant
        .rules()
        .players_in_order()
        .zip(&m.seats)
        .map(|(p, s)| {
            let who = m.seat_label(s.seat);
            let presence = if s.open {
                format!("{who}: open, for anyone to take")
            } else if s.connected {
                format!("{who} connected")
            } else if let Some(away) = s.away_ms {
                format!("{who} disconnected, {}", clock_text(away + read))
            } else {
                format!("{who} not here")
            };
            (
                p,
                presence,
                remaining.get(p.0 as usize).map(|&ms| clock_text(ms)),
            )
        })
        .collect()
}

/// The panel's section of an online game.
pub fn panel_section(
    ui: &mut egui::Ui,
    t: &PanelModel,
    session: &Session,
    requests: &mut Vec<OnlineRequest>,
) {
    ui.separator();
    ui.label(egui::RichText::new(format!("Online game {}", t.game)).strong());
    if let Some(line) = connection_line(t.connection) {
        ui.colored_label(WARNING, line);
        if matches!(
            t.connection,
            Connection::Away { .. } | Connection::Connecting
        ) && ui.button("Stop trying").clicked()
        {
            requests.push(OnlineRequest::StopTrying);
        }
    }
    if t.unsent > 0 {
        ui.label(
            egui::RichText::new(format!("{} move(s) waiting for the server", t.unsent)).weak(),
        );
    }
    let Some(mirror) = t.mirror else {
        return;
    };
    let rules = session.position().rules();
    // The clocks large, the one running in brass.
    let running = (!mirror.is_over()).then(|| mirror.game.position().turn());
    for (p, presence, clock) in seat_lines(mirror) {
        ui.horizontal(|ui| {
            ui.add_sized([64.0, 30.0], egui::Label::new(seat_text(rules, p)));
            if let Some(c) = clock {
                let mut text = egui::RichText::new(c).monospace().size(26.0);
                if running == Some(p) {
                    text = text.color(ui.visuals().hyperlink_color);
                }
                ui.label(text);
            }
            ui.label(egui::RichText::new(presence).weak());
        });
    }
    if let Some(m) = mirror.move_due() {
        ui.label(format!("Move due in {}", clock_text(m.as_millis() as u64)));
    }
    if t.held.is_empty() {
        return;
    }
    if mirror.is_over() {
        rematch(ui, t, mirror, requests);
        return;
    }
    offers(ui, t, mirror, requests);
    // The server says what the held seats may ask: the panel offers those buttons only.
    let may = |ask| mirror.may(&t.held, ask);
    ui.horizontal(|ui| {
        if may(Ask::OfferDraw) && ui.button("Offer a draw").clicked() {
            requests.push(OnlineRequest::Offer(OfferKind::Draw));
        }
        if may(Ask::OfferTakeback) && ui.button("Ask to take back").clicked() {
            requests.push(OnlineRequest::Offer(OfferKind::Takeback));
        }
        if may(Ask::Resign) && confirmed_button(ui, true, "Resign", "Really resign?") {
            requests.push(OnlineRequest::Resign);
        }
        if may(Ask::Abort) && ui.button("Abort").clicked() {
            requests.push(OnlineRequest::Abort);
        }
    });
    for c in session.game.claimable() {
        if ui.button(format!("Claim a {c} draw")).clicked() {
            requests.push(OnlineRequest::Claim(c));
        }
    }
}

/// Once the game is over: a rematch offered, accepted, or agreed.
fn rematch(ui: &mut egui::Ui, t: &PanelModel, mirror: &Mirror, requests: &mut Vec<OnlineRequest>) {
    if let Some(next) = &mirror.rematch {
        ui.label(format!("Rematch agreed: game {next}, colours swapped."));
        return;
    }
    offers(ui, t, mirror, requests);
    if mirror.offers.is_empty()
        && mirror.may(&t.held, Ask::OfferRematch)
        && ui.button("Offer a rematch").clicked()
    {
        requests.push(OnlineRequest::Offer(OfferKind::Rematch));
    }
}

/// Offers from the other side, to accept or decline; one's own, said.
fn offers(ui: &mut egui::Ui, t: &PanelModel, mirror: &Mirror, requests: &mut Vec<OnlineRequest>) {
    let rules = mirror.variant.rules();
    let side_of = |c: camelot_engine::SeatColour| rules.seat_with_colour(c).map(|p| rules.side(p));
    let ours: Vec<_> = t.held.iter().map(|&p| rules.side(p)).collect();
    for o in &mirror.offers {
        let what = match o.kind {
            OfferKind::Draw => "a draw",
            OfferKind::Takeback => "to take back their last move",
            OfferKind::Rematch => "a rematch",
        };
        if side_of(o.by).is_some_and(|s| ours.contains(&s)) {
            ui.label(format!("You offered {what}."));
            continue;
        }
        crate::widgets::theme::prompt_frame(ui).show(ui, |ui| {
            let who = mirror.seat_label(o.by);
            ui.label(egui::RichText::new(format!("{who} asks for {what}.")).strong());
            ui.horizontal(|ui| {
                if ui.button(egui::RichText::new("Accept").strong()).clicked() {
                    requests.push(OnlineRequest::Accept(o.kind));
                }
                if ui.button("Decline").clicked() {
                    requests.push(OnlineRequest::Decline(o.kind));
                }
            });
        });
    }
}

/// The panel's section for an online game at the table: what it needs.
#[derive(SystemParam)]
pub struct OnlineSection<'w> {
    online: Res<'w, Online>,
    requests: MessageWriter<'w, OnlineRequest>,
    challenges: ResMut<'w, OnlineChallenges>,
    tournaments: ResMut<'w, OnlineTournaments>,
    storage: Res<'w, Storage>,
}

impl OnlineSection<'_> {
    /// Whether the table's game is an online one (the server's game is the truth).
    pub fn is_online(&self) -> bool {
        self.online.table.is_some()
    }

    pub fn show(&mut self, ui: &mut egui::Ui, session: &Session) {
        let mut asked = Vec::new();
        if let Some(t) = &self.online.table {
            panel_section(ui, &PanelModel::of(t), session, &mut asked);
        }
        self.requests.write_batch(asked);
    }

    /// The challenges to me, at any table: accepted, the table opens at its game.
    pub fn show_challenges(&mut self, ui: &mut egui::Ui) {
        if self
            .challenges
            .list
            .as_ref()
            .is_some_and(|l| !l.incoming.is_empty())
        {
            ui.separator();
            challenge_view::incoming(ui, &mut self.challenges, &self.storage);
        }
    }

    /// The standings of the tournament I play in, at the table of one of its games.
    pub fn show_tournament(&mut self, ui: &mut egui::Ui) {
        let Some(table) = &self.online.table else {
            return;
        };
        let of_it = self
            .tournaments
            .standings
            .as_ref()
            .is_some_and(|(page, _)| page.games.iter().any(|g| g.game == table.game));
        if self.tournaments.playing().is_some() && (of_it || self.tournaments.standings.is_none()) {
            ui.separator();
            tournament_view::standings(ui, &mut self.tournaments, 8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::session::Seat;
    use camelot_engine::{EndReason, Outcome, SeatColour, Side};
    use camelot_online::protocol::{
        ClockView, GameEnd, GameView, OfferView, PlayerName, SeatAsks, SeatView, ServerMessage,
    };
    use egui_kittest::kittest::Queryable;
    use egui_kittest::Harness;

    /// A table whose account was signed out elsewhere says so, and what to do.
    #[test]
    fn a_signed_out_table_says_to_log_in_again() {
        use crate::online::Stop;
        let why = camelot_online::protocol::SessionEnd::PasswordChanged;
        let stopped = Connection::Stopped(Stop::Lost(camelot_online::JoinError::Refused {
            code: ErrorCode::SignedOut,
            message: why.to_string(),
        }));
        assert_eq!(
            connection_line(&stopped).unwrap(),
            "Signed out: the account's password was changed, which logs out every device: \
             log in again with the new one. Log in again under Online, then join the game \
             again."
        );
        let refused = Connection::Stopped(Stop::Lost(camelot_online::JoinError::Refused {
            code: ErrorCode::WrongToken,
            message: "that token holds no seat in game g1".into(),
        }));
        assert_eq!(
            connection_line(&refused).unwrap(),
            "Not connected: that token holds no seat in game g1"
        );
    }

    fn view() -> GameView {
        GameView {
            id: GameId::parse("g1").unwrap(),
            variant: Variant::Camelot,
            time: TimeControl::Clock {
                minutes: 5,
                increment: 3,
            },
            seats: vec![
                SeatView {
                    seat: SeatColour::White,
                    name: Some(PlayerName::parse("Ann").unwrap()),
                    open: false,
                    connected: true,
                    away_ms: None,
                    computer: None,
                    account: None,
                },
                SeatView {
                    seat: SeatColour::Black,
                    name: None,
                    open: false,
                    connected: false,
                    away_ms: Some(12_000),
                    computer: None,
                    account: None,
                },
            ],
            moves: {
                let mut game = camelot_engine::Game::new(Variant::Camelot);
                ["E7-E8", "H10-H9"]
                    .map(|text| {
                        let pos = game.position().clone();
                        let m = game.play_notation(text).unwrap();
                        pos.name_move(&m).unwrap()
                    })
                    .to_vec()
            },
            movers: Vec::new(),
            may: [SeatColour::White, SeatColour::Black]
                .map(|seat| SeatAsks {
                    seat,
                    asks: vec![Ask::Resign, Ask::OfferDraw, Ask::OfferTakeback],
                })
                .to_vec(),
            clocks: Some(ClockView {
                remaining_ms: vec![245_000, 303_000],
                running: None,
            }),
            move_due_ms: None,
            offers: vec![OfferView {
                kind: OfferKind::Draw,
                by: SeatColour::Black,
            }],
            result: None,
            rematch: None,
            board: None,
            legal: Vec::new(),
            rated: false,
        }
    }

    struct State {
        mirror: Mirror,
        asked: Vec<OnlineRequest>,
    }

    fn harness(mirror: Mirror, held: Vec<Player>) -> Harness<'static, State> {
        Harness::new_ui_state(
            move |ui, s: &mut State| {
                let connection = Connection::Live;
                let game = GameId::parse("g1").unwrap();
                let model = PanelModel {
                    game: &game,
                    connection: &connection,
                    unsent: 0,
                    held: held.clone(),
                    mirror: Some(&s.mirror),
                };
                let session = Session::new(s.mirror.game.clone(), vec![Seat::Human, Seat::Remote]);
                panel_section(ui, &model, &session, &mut s.asked);
            },
            State {
                mirror,
                asked: Vec::new(),
            },
        )
    }

    /// The seats' clocks and presence are shown, the other side's offer is answered by
    /// its buttons, and the game's own buttons send their requests.
    #[test]
    fn the_panel_shows_clocks_and_presence_and_answers_offers() {
        let mirror = Mirror::from_state(Some(SeatColour::White), &view()).unwrap();
        let mut h = harness(mirror, vec![Player(0)]);
        h.get_by_label("4:05");
        h.get_by_label("5:03");
        h.get_by_label("Ann (White) connected");
        h.get_by_label("Black disconnected, 0:12");
        h.get_by_label("Black asks for a draw.");
        h.get_by_label("Accept").click();
        h.run();
        h.get_by_label("Decline").click();
        h.run();
        h.get_by_label("Ask to take back").click();
        h.run();
        assert_eq!(
            h.state().asked,
            [
                OnlineRequest::Accept(OfferKind::Draw),
                OnlineRequest::Decline(OfferKind::Draw),
                OnlineRequest::Offer(OfferKind::Takeback)
            ]
        );
        assert!(
            h.query_by_label("Abort").is_none(),
            "the server allows none"
        );
    }

    /// The buttons are the server's asks: a seat with nothing to take back is not asked
    /// to, and one that may still call the game off is.
    #[test]
    fn the_panel_offers_what_the_server_says_the_seat_may_ask() {
        let mut mirror = Mirror::from_state(Some(SeatColour::White), &view()).unwrap();
        mirror.may = vec![SeatAsks {
            seat: SeatColour::White,
            asks: vec![Ask::Abort, Ask::Resign, Ask::OfferDraw],
        }];
        let mut h = harness(mirror, vec![Player(0)]);
        assert!(h.query_by_label("Ask to take back").is_none());
        h.get_by_label("Offer a draw");
        h.get_by_label("Abort").click();
        h.run();
        assert_eq!(h.state().asked, [OnlineRequest::Abort]);
    }

    /// Resigning asks once: the first click asks "Really resign?", "Cancel" takes the
    /// question back, and only the question's own click resigns.
    #[test]
    fn resigning_asks_once_before_it_resigns() {
        let mirror = Mirror::from_state(Some(SeatColour::White), &view()).unwrap();
        let mut h = harness(mirror, vec![Player(0)]);
        h.get_by_label("Resign").click();
        h.run();
        assert!(h.state().asked.is_empty(), "one click does not resign");
        h.get_by_label("Cancel").click();
        h.run();
        assert!(h.query_by_label("Really resign?").is_none());
        h.get_by_label("Resign").click();
        h.run();
        h.get_by_label("Really resign?").click();
        h.run();
        assert_eq!(h.state().asked, [OnlineRequest::Resign]);
        assert!(h.query_by_label("Really resign?").is_none());
    }

    /// A watcher sees the game but has no buttons; an ended game only the rematch's.
    #[test]
    fn watchers_have_no_buttons_and_an_ended_game_offers_a_rematch() {
        let mirror = Mirror::from_state(None, &view()).unwrap();
        let h = harness(mirror, Vec::new());
        assert!(h.query_by_label("Resign").is_none());
        let mut ended = Mirror::from_state(Some(SeatColour::White), &view()).unwrap();
        let on_time = GameEnd::Decided(Outcome::win(Side::First, EndReason::Time));
        let may = [SeatColour::White, SeatColour::Black]
            .map(|seat| SeatAsks {
                seat,
                asks: vec![Ask::OfferRematch],
            })
            .to_vec();
        ended
            .apply(&ServerMessage::Ended {
                result: on_time,
                may,
                accepted: None,
            })
            .unwrap();
        assert_eq!(ended.result, Some(on_time));
        let mut h = harness(ended.clone(), vec![Player(0)]);
        assert!(h.query_by_label("Offer a draw").is_none());
        h.get_by_label("Offer a rematch").click();
        h.run();
        assert_eq!(h.state().asked, [OnlineRequest::Offer(OfferKind::Rematch)]);
        // Black's offer is answered; once agreed, the new game is named.
        let offered = ServerMessage::Offered {
            kind: OfferKind::Rematch,
            by: SeatColour::Black,
            may: Vec::new(),
        };
        ended.apply(&offered).unwrap();
        let mut h = harness(ended.clone(), vec![Player(0)]);
        h.get_by_label("Black asks for a rematch.");
        assert!(h.query_by_label("Offer a rematch").is_none());
        h.get_by_label("Accept").click();
        h.run();
        assert_eq!(h.state().asked, [OnlineRequest::Accept(OfferKind::Rematch)]);
        let agreed = ServerMessage::Rematch {
            game: GameId::parse("g2").unwrap(),
            seat: Some(SeatColour::Black),
            token: None,
        };
        ended.apply(&agreed).unwrap();
        let h = harness(ended, vec![Player(0)]);
        h.get_by_label("Rematch agreed: game g2, colours swapped.");
    }
}
