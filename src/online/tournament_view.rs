//! Tournaments on the Online screen: those under way and starting soon, each with its
//! kind and time and a Join button for an account logged in; the one I play in, with
//! Withdraw and its standings, which the table shows too. Its games open at the table by
//! themselves ([`super::tournaments`]).

use bevy_egui::egui;
use camelot_online::protocol::tournaments::{TournamentPage, TournamentView};
use camelot_online::ServerAddress;

use crate::online::tournaments::OnlineTournaments;
use crate::storage::saving::Storage;

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The Online screen's tournaments on `server`; `logged_in`: the account may join.
pub fn tournaments_section(
    ui: &mut egui::Ui,
    tournaments: &mut OnlineTournaments,
    storage: &Storage,
    server: Option<&ServerAddress>,
    logged_in: bool,
) {
    let Some(server) = server else {
        return;
    };
    tournaments.refresh(server);
    ui.heading("Tournaments");
    let shown: Vec<TournamentView> = tournaments
        .list
        .as_ref()
        .filter(|(s, _, _)| s == server)
        .map(|(_, l, _)| l.running.iter().chain(&l.soon).take(6).cloned().collect())
        .unwrap_or_default();
    if shown.is_empty() && tournaments.list.is_some() {
        ui.label("None under way or starting soon.");
    }
    let now = now_ms();
    let playing = tournaments.playing().map(|(_, id)| id.clone());
    for t in shown {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(&t.name).strong());
            ui.label(format!("{}; {}", t.kind_line(), t.when_words(now)));
            if playing.as_ref() == Some(&t.id) {
                ui.label("(you play in it)");
            } else if logged_in
                && ui
                    .add_enabled(!tournaments.busy, egui::Button::new("Join"))
                    .on_hover_text("Your games in it open here as the server pairs you")
                    .clicked()
            {
                tournaments.join(storage, server, t.id.clone());
            }
        });
    }
    if playing.is_some() {
        standings(ui, tournaments, 10);
    }
    if playing.is_some()
        && tournaments.paused
        && ui
            .add_enabled(!tournaments.busy, egui::Button::new("Come back"))
            .on_hover_text("Paired again as the others' games end")
            .clicked()
    {
        tournaments.pause(storage, false);
    }
    if playing.is_some()
        && ui
            .add_enabled(
                !tournaments.busy,
                egui::Button::new("Withdraw from the tournament"),
            )
            .clicked()
    {
        tournaments.withdraw(storage);
    }
    if !logged_in {
        ui.label("Log in to play in one.");
    }
    if let Some(s) = &tournaments.status {
        ui.label(s);
    }
}

/// "2. Gareth  4 points, playing": a line of the standings.
pub fn standing_line(s: &camelot_online::protocol::tournaments::Standing) -> String {
    let points = if s.points.fract() == 0.0 {
        format!("{}", s.points)
    } else {
        format!("{:.1}", s.points)
    };
    let word = if s.points == 1.0 { "point" } else { "points" };
    let state = if s.withdrawn {
        ", withdrawn"
    } else if s.paused {
        ", paused"
    } else if s.playing.is_some() {
        ", playing"
    } else {
        ""
    };
    let fire = if s.fire { " (on a streak)" } else { "" };
    format!("{}. {}  {points} {word}{fire}{state}", s.rank, s.name)
}

/// The first `most` lines of the standings of the tournament I play in, asked for as
/// they age.
pub fn standings(ui: &mut egui::Ui, tournaments: &mut OnlineTournaments, most: usize) {
    tournaments.refresh_standings();
    let Some((page, _)) = &tournaments.standings else {
        return;
    };
    let page: &TournamentPage = page;
    ui.label(egui::RichText::new(format!("{}: standings", page.tournament.name)).strong());
    let me = tournaments.playing_as();
    for s in page.standings.iter().take(most) {
        if Some(&s.name) == me {
            ui.label(egui::RichText::new(format!("{}  (you)", standing_line(s))).strong());
        } else {
            ui.label(standing_line(s));
        }
    }
    let mine = page.standings.iter().find(|s| Some(&s.name) == me);
    if let Some(s) = mine.filter(|s| s.rank as usize > most) {
        ui.label(egui::RichText::new(format!("{}  (you)", standing_line(s))).strong());
    }
    if page.standings.len() > most {
        ui.label(format!("… and {} more", page.standings.len() - most));
    }
}
