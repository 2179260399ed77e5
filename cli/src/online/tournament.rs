//! `online tournament list|create|join|withdraw|pause|standings`: the server's
//! tournaments, as the account logged in with `online login`. `create` prints
//! `{"tournament":ID}`; `join` prints `{"tournament":ID,"joined":true}`, and with
//! `--level` a program's account then plays each game it is paired in to the end (a line
//! `{"game":ID,"seat":SEAT}` for each) until the tournament is over, and prints its
//! standings; `standings` prints one line with every player's `rank`, `name` and
//! `points`.

use camelot_engine::{Level, SeatColour, Variant};
use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::tournaments::{
    JoinTournament, ListTournaments, LookAtTournament, MyTournamentGame, NewTournament,
    PauseInTournament, TournamentId, TournamentKind, TournamentPage, TournamentState,
    WithdrawFromTournament,
};
use camelot_online::protocol::{GameId, TimeControl, TimeOfDay};
use camelot_online::{ask, ask_as, blocking, ServerAddress};
use clap::Subcommand;

use super::{account, play, GameAt};
use crate::failure::Failure;

#[derive(clap::Args)]
pub struct TournamentArgs {
    #[command(subcommand)]
    command: TournamentCommand,
}

#[derive(Subcommand)]
enum TournamentCommand {
    /// The tournaments starting soon, under way and lately over, one JSON line each.
    List(ServerOnly),
    /// Make a tournament; prints `{"tournament":ID}`.
    Create(CreateArgs),
    /// Play in a tournament; with --level, a program's account plays its games.
    Join(JoinArgs),
    /// Leave a tournament: paired no more (a game going on is played out).
    Withdraw(OneTournament),
    /// Rest in an arena (not paired) or, with --resume, come back.
    Pause(PauseArgs),
    /// One JSON line: the state and each player's rank, name and points.
    Standings(OneTournament),
}

#[derive(clap::Args)]
struct ServerOnly {
    #[arg(long)]
    server: ServerAddress,
}

#[derive(clap::Args)]
struct OneTournament {
    id: TournamentId,
    #[arg(long)]
    server: ServerAddress,
}

#[derive(clap::Args)]
struct PauseArgs {
    id: TournamentId,
    #[arg(long)]
    server: ServerAddress,
    /// Come back after a pause.
    #[arg(long)]
    resume: bool,
}

#[derive(clap::Args)]
struct JoinArgs {
    id: TournamentId,
    #[arg(long)]
    server: ServerAddress,
    /// Plays every game I am paired in at this computer level (a program's account).
    #[arg(long)]
    level: Option<Level>,
}

#[derive(clap::Args)]
struct CreateArgs {
    #[arg(long)]
    server: ServerAddress,
    /// Its name, as lists show it.
    #[arg(long)]
    name: Option<String>,
    /// arena, swiss or roundrobin.
    #[arg(long)]
    kind: TournamentKind,
    #[arg(long, default_value = "camelot")]
    variant: Variant,
    /// Its games' time: MINUTES+INCREMENT (as 3+2), or DAYSd for days a move (as 3d).
    #[arg(long, value_parser = TimeControl::parse_clock_or_days)]
    time: TimeControl,
    /// An arena's length in minutes.
    #[arg(long, conflicts_with = "rounds")]
    minutes: Option<u32>,
    /// A Swiss's rounds; a round robin's cycles (1: everyone once, 2: twice).
    #[arg(long)]
    rounds: Option<u32>,
    /// When it starts: now, +MINUTES from now (+SECONDSs: seconds), or HH:MM (UTC, the
    /// next such time).
    #[arg(long, default_value = "now", value_parser = start_of)]
    start: Start,
    /// Its games change no rating.
    #[arg(long)]
    casual: bool,
    /// Programs' accounts may play in it.
    #[arg(long)]
    programs: bool,
    /// At most this many players.
    #[arg(long)]
    max_players: Option<u32>,
}

/// When a tournament made here starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Start {
    Now,
    In {
        seconds: u32,
    },
    /// The next such time of day (UTC).
    AtUtc(TimeOfDay),
}

/// Words that name no start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is no start: give now, +MINUTES, +SECONDSs or HH:MM (UTC)")]
struct BadStart(String);

fn start_of(s: &str) -> Result<Start, BadStart> {
    let s = s.trim();
    let bad = || BadStart(s.chars().take(40).collect());
    if s == "now" {
        return Ok(Start::Now);
    }
    if let Some(after) = s.strip_prefix('+') {
        let seconds = match after.strip_suffix('s') {
            Some(secs) => secs.parse::<u32>().ok(),
            None => after
                .strip_suffix('m')
                .unwrap_or(after)
                .parse::<u32>()
                .ok()
                .and_then(|m| m.checked_mul(60)),
        };
        return seconds.map(|seconds| Start::In { seconds }).ok_or_else(bad);
    }
    TimeOfDay::parse(s).map(Start::AtUtc).map_err(|_| bad())
}

impl Start {
    /// The start in unix ms, from `now`.
    fn at(self, now: i64) -> Option<i64> {
        match self {
            Start::Now => None,
            Start::In { seconds } => Some(now + i64::from(seconds) * 1000),
            Start::AtUtc(time) => Some(time.next_after(now)),
        }
    }
}

fn line(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("the line serialises")
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl TournamentArgs {
    pub fn run(self) -> Result<(), Failure> {
        match self.command {
            TournamentCommand::List(a) => list(&a.server),
            TournamentCommand::Create(a) => a.run(),
            TournamentCommand::Join(a) => a.run(),
            TournamentCommand::Withdraw(a) => {
                let token = account::token_for(&a.server)?;
                blocking(ask_as(
                    &a.server,
                    Some(&token),
                    &WithdrawFromTournament { id: a.id },
                ))?;
                Ok(())
            }
            TournamentCommand::Pause(a) => {
                let token = account::token_for(&a.server)?;
                let pause = PauseInTournament {
                    id: a.id,
                    paused: !a.resume,
                };
                blocking(ask_as(&a.server, Some(&token), &pause))?;
                Ok(())
            }
            TournamentCommand::Standings(a) => {
                let page = blocking(ask(&a.server, &LookAtTournament { id: a.id }))?;
                out!("{}", standings_line(&page));
                Ok(())
            }
        }
    }
}

fn list(server: &ServerAddress) -> Result<(), Failure> {
    let all = blocking(ask(server, &ListTournaments))?;
    for t in all.soon.iter().chain(&all.running).chain(&all.finished) {
        out!(
            "{}",
            line(&serde_json::json!({
                "tournament": t.id,
                "name": t.name,
                "kind": t.kind,
                "variant": t.variant,
                "time": t.time.to_string(),
                "rated": t.rated,
                "state": t.state,
                "players": t.players,
                "starts_at": t.starts_at,
            }))
        );
    }
    Ok(())
}

/// A standings line: the state and each player's rank, name, points and games.
fn standings_line(page: &TournamentPage) -> String {
    #[derive(serde::Serialize)]
    struct Place<'a> {
        rank: u32,
        name: &'a AccountName,
        points: f64,
        games: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        buchholz: Option<f64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        sonneborn_berger: Option<f64>,
    }
    let places: Vec<Place> = page
        .standings
        .iter()
        .map(|s| Place {
            rank: s.rank,
            name: &s.name,
            points: s.points,
            games: s.games,
            buchholz: s.buchholz,
            sonneborn_berger: s.sonneborn_berger,
        })
        .collect();
    line(&serde_json::json!({
        "tournament": page.tournament.id,
        "state": page.tournament.state,
        "standings": places,
    }))
}

impl CreateArgs {
    fn run(self) -> Result<(), Failure> {
        let token = account::token_for(&self.server)?;
        let name = self.name.unwrap_or_else(|| {
            format!(
                "{} {} {}",
                self.variant.rules().name,
                self.time,
                self.kind.words()
            )
        });
        let made = blocking(ask_as(
            &self.server,
            Some(&token),
            &NewTournament {
                name,
                kind: self.kind,
                variant: self.variant,
                time: self.time,
                minutes: self.minutes,
                rounds: self.rounds,
                starts_at: self.start.at(now_ms()),
                casual: self.casual,
                programs: self.programs,
                max_players: self.max_players,
            },
        ))?;
        out!(
            "{}",
            line(&serde_json::json!({ "tournament": made.tournament }))
        );
        Ok(())
    }
}

/// The line printed for each game a program is paired in.
#[derive(serde::Serialize)]
struct GameLine<'a> {
    game: &'a GameId,
    seat: SeatColour,
}

impl JoinArgs {
    fn run(self) -> Result<(), Failure> {
        let token = match self.level {
            Some(_) => account::program_token_for(&self.server)?,
            None => account::token_for(&self.server)?,
        };
        blocking(ask_as(
            &self.server,
            Some(&token),
            &JoinTournament {
                id: self.id.clone(),
            },
        ))?;
        out!(
            "{}",
            line(&serde_json::json!({ "tournament": self.id, "joined": true }))
        );
        let Some(level) = self.level else {
            return Ok(());
        };
        let next = MyTournamentGame {
            id: self.id.clone(),
            wait: true,
        };
        loop {
            let mine = blocking(ask_as(&self.server, Some(&token), &next))?;
            if let Some(at) = mine.game {
                out!(
                    "{}",
                    line(&GameLine {
                        game: &at.game,
                        seat: at.seat
                    })
                );
                play::play_as(
                    GameAt {
                        server: self.server.clone(),
                        game: at.game,
                    },
                    token.clone(),
                    level,
                )?;
                continue;
            }
            if matches!(
                mine.state,
                TournamentState::Finished | TournamentState::Cancelled
            ) {
                let page = blocking(ask(&self.server, &LookAtTournament { id: self.id }))?;
                out!("{}", standings_line(&page));
                return Ok(());
            }
            if mine.paused {
                // Said at once by the server: asked again in a while, not in a loop.
                std::thread::sleep(std::time::Duration::from_secs(2));
            }
        }
    }
}
