//! Tournaments to watch: two to eight computer levels meet in a round robin at the
//! table, one game after another, colours alternating within each pairing (in Grand Cam,
//! partnerships). The crosstable, the points and the ratings (the engine's
//! `Standings`) follow each result, and every game's record is written to
//! `tournaments/DATE/` in the data directory. The games themselves are ordinary
//! computer games at the table, so pausing, stepping, the speed and the analysis work as
//! in any watched game.

pub mod view;

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use camelot_engine::notation::RecordTags;
use camelot_engine::{Game, Level, Notation, Side, Variant};
use camelot_files::{write_atomic, FileError};
use camelot_lab::{Contender, Standings, TournamentConfig};

use crate::game::actions::{GameActions, Notices};
use crate::game::computer::Spectate;
use crate::game::motion::board_idle;
use crate::game::screens::Screen;
use crate::game::session::{Seat, Session};
use crate::storage::data_dir::date_text;
use crate::storage::saving::Storage;
use crate::AppSystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Tournament>()
        .add_message::<StartTournament>()
        .add_message::<StopTournament>()
        .add_systems(
            Update,
            (
                start_tournament,
                stop_tournament,
                follow_tournament
                    .run_if(in_state(Screen::Playing))
                    .run_if(board_idle),
            )
                .chain()
                .in_set(AppSystems::Act),
        );
}

/// Seconds the finished game stays on the table before the next one starts.
pub const PAUSE_BETWEEN_GAMES: f32 = 4.0;

/// What the menu chose: the variant, the entrants (a level may enter more than once),
/// and the games each pair plays.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentSetup {
    pub variant: Variant,
    pub entrants: Vec<Level>,
    pub games_per_pairing: u32,
}

impl TournamentSetup {
    pub const MIN_ENTRANTS: usize = 2;
    pub const MAX_ENTRANTS: usize = 8;
    pub const MAX_GAMES_PER_PAIRING: u32 = 100;

    /// Why the setup cannot be played, if it cannot.
    pub fn check(&self) -> Result<(), SetupError> {
        let n = self.entrants.len();
        if !(Self::MIN_ENTRANTS..=Self::MAX_ENTRANTS).contains(&n) {
            return Err(SetupError::Entrants(n));
        }
        if !(1..=Self::MAX_GAMES_PER_PAIRING).contains(&self.games_per_pairing) {
            return Err(SetupError::GamesPerPairing(self.games_per_pairing));
        }
        Ok(())
    }

    /// The entrants' names: a level entered twice is `club` and `club 2`.
    pub fn names(&self) -> Vec<String> {
        let mut names = Vec::new();
        for (i, l) in self.entrants.iter().enumerate() {
            let same = self.entrants[..i]
                .iter()
                .filter(|e| e.name == l.name)
                .count();
            names.push(if same == 0 {
                l.name.to_string()
            } else {
                format!("{} {}", l.name, same + 1)
            });
        }
        names
    }

    /// The games in playing order: each pairing in the engine's order (as `camelot-cli
    /// tournament` plays them), its games one after another.
    pub fn schedule(&self) -> Vec<Round> {
        let cfg = TournamentConfig {
            variant: self.variant,
            entrants: self.entrants.iter().map(|l| Contender::Level(*l)).collect(),
            games_per_pairing: self.games_per_pairing,
            seed: 0,
            random_plies: 0,
        };
        cfg.pairings()
            .into_iter()
            .flat_map(|pair| (0..self.games_per_pairing).map(move |game| Round { pair, game }))
            .collect()
    }
}

/// A tournament that cannot be played as set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Too few or too many entrants.
    #[error(
        "A tournament needs {min} to {max} entrants, not {0}.",
        min = TournamentSetup::MIN_ENTRANTS,
        max = TournamentSetup::MAX_ENTRANTS
    )]
    Entrants(usize),
    #[error(
        "Each pair plays 1 to {max} games, not {0}.",
        max = TournamentSetup::MAX_GAMES_PER_PAIRING
    )]
    GamesPerPairing(u32),
}

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Round {
    /// The entrants, by index: the first plays the first team (White, or Red and Blue)
    /// in even games.
    pub pair: (usize, usize),
    /// The game's number within its pairing, from 0.
    pub game: u32,
}

impl Round {
    /// The side the pair's first entrant plays: colours alternate.
    pub fn first_side(&self) -> Side {
        if self.game.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }
}

/// Where the tournament is.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// Game `k` of the schedule is at the table.
    Playing(usize),
    /// Game `k` has ended; the next starts when the seconds run out.
    Between { finished: usize, seconds_left: f32 },
    /// Every game is played; the last one is still at the table.
    Finished,
}

/// A tournament begun at the table.
#[derive(Clone, Debug)]
pub struct Running {
    pub setup: TournamentSetup,
    pub schedule: Vec<Round>,
    pub standings: Standings,
    /// The result of each game played: the pair's first entrant's score.
    pub results: Vec<f64>,
    pub phase: Phase,
    /// Where the records go (none without a data directory).
    pub folder: Option<PathBuf>,
    /// `Camelot tournament, 2026-11-24 10:15 UTC`: the records' `Event` tag.
    pub event: String,
}

impl Running {
    fn new(setup: TournamentSetup, folder: Option<PathBuf>) -> Running {
        let event = format!(
            "{} tournament, {}",
            setup.variant.rules().name,
            date_text(std::time::SystemTime::now())
        );
        Running {
            schedule: setup.schedule(),
            standings: Standings::new(setup.names()),
            results: Vec::new(),
            phase: Phase::Playing(0),
            folder,
            event,
            setup,
        }
    }

    /// The table for game `k`: the pair's first entrant in the seats of its team.
    pub fn session(&self, k: usize) -> Session {
        let round = self.schedule[k];
        let rules = self.setup.variant.rules();
        let (a, b) = round.pair;
        let seats = rules
            .players_in_order()
            .map(|p| {
                let first = rules.side(p) == round.first_side();
                Seat::Computer(self.setup.entrants[if first { a } else { b }])
            })
            .collect();
        let mut session = Session::new(Game::new(self.setup.variant), seats);
        session.in_tournament = true;
        session
    }

    /// `club-vs-expert`, the pair's first entrant first.
    fn pair_name(&self, round: Round) -> String {
        let names = &self.standings.names;
        let file = |s: &str| s.replace(' ', "");
        format!(
            "{}-vs-{}",
            file(&names[round.pair.0]),
            file(&names[round.pair.1])
        )
    }

    /// Counts game `k`'s result and writes its record; an error says why the record
    /// could not be written (the tournament goes on).
    fn finish_game(
        &mut self,
        k: usize,
        session: &Session,
        notation: Notation,
    ) -> Result<(), FileError> {
        let round = self.schedule[k];
        let score = session
            .game
            .outcome()
            .map_or(0.5, |o| o.score_for(round.first_side()));
        self.standings.add(round.pair.0, round.pair.1, score);
        self.results.push(score);
        let Some(folder) = &self.folder else {
            return Ok(());
        };
        let tags = RecordTags {
            event: Some(self.event.clone()),
            round: Some((k + 1).to_string()),
            ..RecordTags::default()
        };
        let text = session.record_text_with(notation, tags);
        let path = folder.join(format!("{:03}-{}.cgn", k + 1, self.pair_name(round)));
        write_atomic(&path, text.as_bytes())
    }

    /// ` The records are in DIR.`, or nothing without a folder: the end of a notice.
    fn records_text(&self) -> String {
        self.folder
            .as_ref()
            .map(|f| format!(" The records are in {}.", f.display()))
            .unwrap_or_default()
    }

    /// `game 3 of 12`.
    pub fn progress_text(&self) -> String {
        let n = self.schedule.len();
        match &self.phase {
            Phase::Playing(k) => format!("game {} of {n}", k + 1),
            Phase::Between { finished, .. } => format!("game {} of {n} is over", finished + 1),
            Phase::Finished => format!("all {n} games played"),
        }
    }
}

/// The tournament at the table, if any (a finished one stays while its last game is
/// at the table).
#[derive(Resource, Default)]
pub struct Tournament {
    pub running: Option<Running>,
}

impl Tournament {
    /// Whether games are still to come.
    pub fn in_progress(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| r.phase != Phase::Finished)
    }

    /// The tournament whose game is at the table.
    pub fn at_table(&self, session: &Session) -> Option<&Running> {
        self.running.as_ref().filter(|_| session.in_tournament)
    }

    /// Ends the tournament before its last game, saying where its records are.
    fn stop(&mut self, why: &str, notices: &mut Notices) {
        if let Some(r) = self.running.take() {
            notices.say(format!(
                "The tournament stopped after {} of {} games ({why}).{}",
                r.results.len(),
                r.schedule.len(),
                r.records_text()
            ));
        }
    }
}

/// Begin a tournament (from the menu).
#[derive(Message, Clone, Debug)]
pub struct StartTournament(pub TournamentSetup);

/// Stop the tournament; the game at the table goes on as an ordinary game.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct StopTournament;

fn start_tournament(
    mut starts: MessageReader<StartTournament>,
    mut tournament: ResMut<Tournament>,
    storage: Res<Storage>,
    mut actions: GameActions,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(StartTournament(setup)) = starts.read().last().cloned() else {
        return;
    };
    if let Err(why) = setup.check() {
        actions.notices.say(why.to_string());
        return;
    }
    let folder = match storage.store().map(|s| s.new_tournament_dir()) {
        Some(Ok(dir)) => Some(dir),
        Some(Err(e)) => {
            actions
                .notices
                .say(format!("The tournament's records cannot be saved: {e}"));
            None
        }
        None => None,
    };
    let running = Running::new(setup, folder);
    actions.replace(running.session(0));
    tournament.running = Some(running);
    next.set(Screen::Playing);
}

fn stop_tournament(
    mut stops: MessageReader<StopTournament>,
    mut tournament: ResMut<Tournament>,
    mut session: ResMut<Session>,
    mut notices: ResMut<Notices>,
) {
    if stops.read().count() == 0 || !tournament.in_progress() {
        return;
    }
    tournament.stop("stopped by the player", &mut notices);
    // The game at the table is now an ordinary one: autosaved from here on.
    session.in_tournament = false;
}

/// Counts each finished game, writes its record, and seats the next game after a pause.
fn follow_tournament(
    time: Res<Time>,
    mut tournament: ResMut<Tournament>,
    mut actions: GameActions,
    spectate: Res<Spectate>,
    settings: Res<crate::game::settings::PlaySettings>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if tournament.running.is_some() && !actions.session.in_tournament {
        // A new, loaded or continued game replaced the tournament's.
        if tournament.in_progress() {
            tournament.stop("another game came to the table", &mut actions.notices);
        } else {
            tournament.running = None;
        }
        return;
    }
    let Some(running) = tournament.running.as_mut() else {
        return;
    };
    match running.phase.clone() {
        Phase::Playing(k) => {
            let game = &actions.session.game;
            if game.outcome().is_none() {
                // The rules' automatic ends (fifth repetition, the long quiet run) end
                // games no computer claims, so a tournament always finishes.
                if let Some(draw) = game.automatic_draw() {
                    actions.declare(draw);
                }
                return;
            }
            if let Err(e) = running.finish_game(k, &actions.session, settings.notation) {
                actions
                    .notices
                    .say(format!("A tournament record could not be saved: {e}"));
            }
            running.phase = Phase::Between {
                finished: k,
                seconds_left: PAUSE_BETWEEN_GAMES,
            };
        }
        Phase::Between {
            finished,
            seconds_left,
        } => {
            if spectate.paused && !spectate.step {
                return;
            }
            let left = seconds_left - time.delta_secs();
            if left > 0.0 {
                // The window rests when nothing moves: the pause needs its frames.
                redraw.write(RequestRedraw);
                running.phase = Phase::Between {
                    finished,
                    seconds_left: left,
                };
                return;
            }
            let k = finished + 1;
            if k < running.schedule.len() {
                running.phase = Phase::Playing(k);
                actions.replace(running.session(k));
            } else {
                running.phase = Phase::Finished;
                finished_notice(running, &mut actions.notices);
            }
        }
        Phase::Finished => {}
    }
}

fn finished_notice(running: &Running, notices: &mut Notices) {
    let best = (0..running.standings.names.len())
        .max_by(|&a, &b| {
            let (pa, _) = running.standings.points(a);
            let (pb, _) = running.standings.points(b);
            pa.total_cmp(&pb)
        })
        .map(|i| running.standings.names[i].clone())
        .unwrap_or_default();
    notices.say(format!(
        "The tournament is over: {best} scores most.{}",
        running.records_text()
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_engine::LEVELS;

    fn setup(entrants: Vec<Level>, games: u32, variant: Variant) -> TournamentSetup {
        TournamentSetup {
            variant,
            entrants,
            games_per_pairing: games,
        }
    }

    #[test]
    fn the_schedule_plays_every_pair_with_colours_alternating() {
        let s = setup(LEVELS[..3].to_vec(), 2, Variant::Camelot);
        let rounds = s.schedule();
        assert_eq!(rounds.len(), 6);
        assert_eq!(
            rounds.iter().map(|r| r.pair).collect::<Vec<_>>(),
            [(0, 1), (0, 1), (0, 2), (0, 2), (1, 2), (1, 2)]
        );
        assert_eq!(
            rounds.iter().map(Round::first_side).collect::<Vec<_>>(),
            [
                Side::First,
                Side::Second,
                Side::First,
                Side::Second,
                Side::First,
                Side::Second
            ]
        );
        let r = Running::new(s, None);
        let white = |k: usize| r.session(k).seats[0];
        assert_eq!(white(0), Seat::Computer(Level::BEGINNER));
        assert_eq!(white(1), Seat::Computer(Level::NOVICE));
        assert!(r.session(0).in_tournament);
    }

    #[test]
    fn grand_cam_seats_partnerships() {
        let s = setup(vec![Level::BEGINNER, Level::CLUB], 2, Variant::GrandCam);
        let r = Running::new(s, None);
        // Red, Green, Blue, Yellow: Red and Blue are the first team.
        let levels = |k: usize| -> Vec<&str> {
            r.session(k)
                .seats
                .iter()
                .map(|s| match s {
                    Seat::Computer(l) => l.name,
                    Seat::Human | Seat::Remote => "human",
                })
                .collect()
        };
        assert_eq!(levels(0), ["beginner", "club", "beginner", "club"]);
        assert_eq!(levels(1), ["club", "beginner", "club", "beginner"]);
    }

    #[test]
    fn a_level_entered_twice_is_told_apart_and_bad_setups_are_explained() {
        let s = setup(
            vec![Level::CLUB, Level::CLUB, Level::BEGINNER],
            1,
            Variant::Camette,
        );
        assert_eq!(s.names(), ["club", "club 2", "beginner"]);
        assert!(s.check().is_ok());
        let one = setup(vec![Level::CLUB], 1, Variant::Camelot);
        assert!(one
            .check()
            .unwrap_err()
            .to_string()
            .contains("2 to 8 entrants"));
        let nine = setup(vec![Level::BEGINNER; 9], 1, Variant::Camelot);
        assert!(nine.check().is_err());
        let none = setup(vec![Level::BEGINNER; 2], 0, Variant::Camelot);
        assert!(none
            .check()
            .unwrap_err()
            .to_string()
            .contains("1 to 100 games"));
    }
}
