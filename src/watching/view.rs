//! Tournaments in the interface: the menu's section that sets one up, and the panel's
//! section that shows it: which game is on, the crosstable, points and ratings.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use camelot_engine::{Level, Side, Variant};

use crate::game::session::Session;
use crate::watching::{
    Phase, Running, StartTournament, StopTournament, Tournament, TournamentSetup,
};
use crate::widgets::theme::side_name;

/// The menu's tournament choices, kept while the menu is open.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub entrants: Vec<Level>,
    pub games_per_pairing: u32,
}

impl Default for Choice {
    fn default() -> Choice {
        // Three levels, two games a pair: one game with each colour.
        Choice {
            entrants: vec![Level::NOVICE, Level::CLUB, Level::EXPERT],
            games_per_pairing: 2,
        }
    }
}

/// The label of the menu's button, for tests that press it.
pub const START: &str = "Start the tournament";

/// The Watch screen's tournament; returns the setup when "Start the tournament" is pressed.
pub fn menu_section(
    ui: &mut egui::Ui,
    choice: &mut Choice,
    variant: Variant,
) -> Option<TournamentSetup> {
    let mut start = None;
    ui.heading("A tournament of computer levels");
    ui.scope(|ui| {
        ui.label(
            egui::RichText::new(format!(
                "{}: every entrant plays every other, colours alternating{}; the \
                     games are played here one after another, and their records saved.",
                variant.rules().name,
                if variant.rules().players() == 4 {
                    " (partnerships)"
                } else {
                    ""
                }
            ))
            .weak(),
        );
        entrant_list(ui, choice);
        ui.horizontal(|ui| {
            ui.label("Games per pair:");
            ui.add(
                egui::DragValue::new(&mut choice.games_per_pairing)
                    .range(1..=TournamentSetup::MAX_GAMES_PER_PAIRING),
            );
        });
        let setup = TournamentSetup {
            variant,
            entrants: choice.entrants.clone(),
            games_per_pairing: choice.games_per_pairing,
        };
        let n = setup.schedule().len();
        ui.horizontal(|ui| {
            let ok = setup.check();
            if ui
                .add_enabled(ok.is_ok(), egui::Button::new(START))
                .on_disabled_hover_text(ok.err().map(|e| e.to_string()).unwrap_or_default())
                .clicked()
            {
                start = Some(setup.clone());
            }
            ui.label(format!("{n} games"));
        });
    });
    start
}

fn entrant_list(ui: &mut egui::Ui, choice: &mut Choice) {
    let mut remove = None;
    let can_remove = choice.entrants.len() > TournamentSetup::MIN_ENTRANTS;
    for (i, level) in choice.entrants.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("Entrant {}:", i + 1));
            egui::ComboBox::from_id_salt(("entrant", i))
                .selected_text(level.name)
                .show_ui(ui, |ui| {
                    for l in Level::all() {
                        ui.selectable_value(level, l, l.name)
                            .on_hover_text(l.description);
                    }
                });
            if can_remove && ui.small_button("Remove").clicked() {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        choice.entrants.remove(i);
    }
    if choice.entrants.len() < TournamentSetup::MAX_ENTRANTS
        && ui.button("Add an entrant").clicked()
    {
        let next = choice.entrants.last().copied().unwrap_or(Level::BEGINNER);
        choice.entrants.push(next);
    }
}

/// The panel's section while a tournament is at the table (or just ended); returns true
/// when "Stop the tournament" is pressed.
pub fn panel_section(ui: &mut egui::Ui, tournament: &Tournament, session: &Session) -> bool {
    let Some(r) = tournament.at_table(session) else {
        return false;
    };
    let mut stop = false;
    ui.label(
        egui::RichText::new(format!("Tournament: {}", r.progress_text()))
            .strong()
            .size(15.0),
    );
    if let Phase::Playing(k) | Phase::Between { finished: k, .. } = r.phase {
        let round = r.schedule[k];
        let rules = r.setup.variant.rules();
        let (first, second) = if round.first_side() == Side::First {
            (round.pair.0, round.pair.1)
        } else {
            (round.pair.1, round.pair.0)
        };
        ui.label(format!(
            "{} ({}) against {} ({})",
            r.standings.names[first],
            side_name(rules, Side::First),
            r.standings.names[second],
            side_name(rules, Side::Second)
        ));
    }
    crosstable(ui, r);
    if let Some(folder) = &r.folder {
        ui.label(egui::RichText::new(format!("Records: {}", folder.display())).weak());
    }
    if tournament.in_progress()
        && ui
            .button("Stop the tournament")
            .on_hover_text("The game at the table goes on as an ordinary game")
            .clicked()
    {
        stop = true;
    }
    ui.separator();
    stop
}

/// Entrants by points: each one's score against each other (`1½/2`), points, games and
/// Elo with its 95% interval.
fn crosstable(ui: &mut egui::Ui, r: &Running) {
    let s = &r.standings;
    let n = s.names.len();
    let ratings = s.ratings();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| s.points(b).0.total_cmp(&s.points(a).0));
    egui::Grid::new("crosstable")
        .striped(true)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            ui.label("");
            for j in 0..n {
                ui.label(egui::RichText::new(format!("{}", j + 1)).weak());
            }
            ui.label("points");
            ui.label("Elo (95%)");
            ui.end_row();
            for &i in &order {
                ui.label(format!("{}. {}", i + 1, s.names[i]));
                for j in 0..n {
                    let t = s.results[i][j];
                    let cell = if i == j {
                        "·".to_string()
                    } else if t.games() == 0 {
                        String::new()
                    } else {
                        format!("{}/{}", points_text(t.points()), t.games())
                    };
                    ui.label(cell);
                }
                let (points, games) = s.points(i);
                ui.label(format!("{} of {games}", points_text(points)));
                ui.label(if games == 0 {
                    "—".to_string()
                } else {
                    rating_text(ratings[i])
                });
                ui.end_row();
            }
        });
}

/// `1½`, `½`, `3`.
pub fn points_text(p: f64) -> String {
    let whole = p.floor();
    let half = p - whole >= 0.5;
    match (whole as u64, half) {
        (0, true) => "½".into(),
        (w, true) => format!("{w}½"),
        (w, false) => format!("{w}"),
    }
}

/// `+120 (+40 to +200)`.
fn rating_text(r: camelot_lab::Rating) -> String {
    let f = |x: f64| {
        if x.is_finite() {
            format!("{x:+.0}")
        } else if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    };
    format!("{} ({} to {})", f(r.elo), f(r.low), f(r.high))
}

/// The panel's section for a tournament's game at the table: what it needs.
#[derive(SystemParam)]
pub struct WatchSection<'w> {
    tournament: Res<'w, Tournament>,
    stop: MessageWriter<'w, StopTournament>,
}

impl WatchSection<'_> {
    pub fn show(&mut self, ui: &mut egui::Ui, session: &Session) {
        if panel_section(ui, &self.tournament, session) {
            self.stop.write(StopTournament);
        }
    }
}

/// The menu's Watch page: a tournament of computer levels, started when asked.
#[derive(SystemParam)]
pub struct WatchMenu<'w> {
    start: MessageWriter<'w, StartTournament>,
}

impl WatchMenu<'_> {
    pub fn show(&mut self, ui: &mut egui::Ui, choice: &mut Choice, variant: Variant) {
        if let Some(setup) = menu_section(ui, choice, variant) {
            self.start.write(StartTournament(setup));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::kittest::Queryable;
    use egui_kittest::Harness;

    #[test]
    fn points_read_as_players_write_them() {
        assert_eq!(points_text(0.0), "0");
        assert_eq!(points_text(0.5), "½");
        assert_eq!(points_text(3.5), "3½");
        assert_eq!(points_text(4.0), "4");
    }

    struct Menu {
        choice: Choice,
        started: Option<TournamentSetup>,
    }

    /// The menu's section, opened, driven by its labels.
    #[test]
    fn the_menu_sets_up_a_tournament_by_its_labels() {
        let mut h = Harness::new_ui_state(
            |ui, m: &mut Menu| {
                if let Some(s) = menu_section(ui, &mut m.choice, Variant::Camette) {
                    m.started = Some(s);
                }
            },
            Menu {
                choice: Choice::default(),
                started: None,
            },
        );
        h.get_by_label("A tournament of computer levels");
        h.get_by_label("Add an entrant").click();
        h.run();
        assert_eq!(h.state().choice.entrants.len(), 4);
        // Four entrants, two games a pair: twelve games.
        h.get_by_label("12 games");
        h.get_by_label(START).click();
        h.run();
        let s = h.state().started.clone().expect("started");
        assert_eq!(s.variant, Variant::Camette);
        assert_eq!(s.entrants.len(), 4);
        assert_eq!(s.games_per_pairing, 2);
    }
}
