//! The online room: `camelot-cli online create|play|move|watch|list|loadtest`, a
//! headless client of `camelot-server` built on the same client library as the game
//! (`camelot-online`).

mod loadtest;
mod play;

use std::time::Duration;

use camelot_engine::{Notation, Record, Variant};
use camelot_online::protocol::{ClientMessage, ServerMessage, TimeControl};
use camelot_online::{
    create_game_blocking, list_games_blocking, Link, LinkEvent, LinkOptions, Mirror, Update,
};
use clap::Subcommand;

#[derive(clap::Args)]
pub struct OnlineArgs {
    #[command(subcommand)]
    command: OnlineCommand,
}

#[derive(Subcommand)]
enum OnlineCommand {
    /// Create a game; prints one JSON line with its id and each seat's secret token.
    Create(CreateArgs),
    /// Play one seat to the end with a computer level or an outside engine.
    Play(play::PlayArgs),
    /// Send one move for a seat: prints `accepted`, or `rejected: REASON` (exit 1).
    Move(MoveArgs),
    /// Watch a game: each move as it is played, then the result.
    Watch(WatchArgs),
    /// The live games on a server, one a line.
    List(ListArgs),
    /// Many games of random legal moves at once; prints the moves' round trips.
    Loadtest(loadtest::LoadtestArgs),
}

impl OnlineArgs {
    pub fn run(self) -> Result<(), String> {
        match self.command {
            OnlineCommand::Create(a) => a.run(),
            OnlineCommand::Play(a) => a.run(),
            OnlineCommand::Move(a) => a.run(),
            OnlineCommand::Watch(a) => a.run(),
            OnlineCommand::List(a) => a.run(),
            OnlineCommand::Loadtest(a) => a.run(),
        }
    }
}

/// A server and a game on it.
#[derive(clap::Args)]
struct GameAt {
    /// The server: http://HOST:PORT (or ws://HOST:PORT, or HOST:PORT).
    #[arg(long)]
    server: String,
    /// The game's id.
    #[arg(long)]
    game: String,
}

#[derive(clap::Args)]
struct CreateArgs {
    #[arg(long)]
    server: String,
    #[arg(long, default_value = "camelot")]
    variant: Variant,
    /// A clock: MINUTES+INCREMENT seconds a move, as in 5+3.
    #[arg(long, conflicts_with = "days", value_parser = TimeControl::parse_clock)]
    clock: Option<TimeControl>,
    /// Correspondence: this many days a move.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=TimeControl::MAX_DAYS as i64))]
    days: Option<u32>,
}

impl CreateArgs {
    fn run(self) -> Result<(), String> {
        let time = match (self.clock, self.days) {
            (Some(c), _) => c,
            (None, Some(days)) => TimeControl::Days { days },
            (None, None) => TimeControl::Untimed,
        };
        let created = create_game_blocking(&self.server, self.variant.id(), time)?;
        // The seats in turn order, as the variant seats them (a JSON map would sort them).
        let rules = self.variant.rules();
        let json = |s: &str| serde_json::Value::from(s).to_string();
        let mut seats = Vec::new();
        for p in rules.players_in_order() {
            let name = rules.seat_title(p);
            let token = created
                .seats
                .get(name)
                .ok_or_else(|| format!("the server gave no token for {name}"))?;
            seats.push(format!("{}:{}", json(name), json(token)));
        }
        out!(
            "{{\"game\":{},\"seats\":{{{}}}}}",
            json(&created.game),
            seats.join(",")
        );
        Ok(())
    }
}

#[derive(clap::Args)]
struct MoveArgs {
    #[command(flatten)]
    at: GameAt,
    /// The seat's secret token.
    #[arg(long)]
    token: String,
    /// The move, in WCF notation (`E6-E8`, `T@C3`, `pass`).
    #[arg(name = "MOVE")]
    mv: String,
}

impl MoveArgs {
    fn run(self) -> Result<(), String> {
        let link = Link::open(
            &self.at.server,
            &self.at.game,
            Some(&self.token),
            LinkOptions {
                give_up_after: Some(Duration::from_secs(10)),
            },
        );
        let rejected = |reason: String| -> Result<(), String> {
            out!("rejected: {reason}");
            std::process::exit(1);
        };
        let mirror = match wait_for_state(&link) {
            Ok(m) => m,
            Err(Stop::Refused(reason)) => return rejected(reason),
            Err(Stop::Failed(e)) => return Err(e),
        };
        link.send(ClientMessage::Move {
            id: 1,
            ply: mirror.game.ply() as u32,
            mv: self.mv,
        });
        loop {
            match next_message(&link)? {
                ServerMessage::Ack { id: 1, .. } => {
                    out!("accepted");
                    return Ok(());
                }
                ServerMessage::Rejected { id: 1, reason } => return rejected(reason),
                _ => {}
            }
        }
    }
}

/// Why a link's conversation ended before its business was done.
enum Stop {
    /// The server said no (an unknown game, a wrong token, another protocol version).
    Refused(String),
    /// The server could not be reached, or fell silent.
    Failed(String),
}

impl From<Stop> for String {
    fn from(s: Stop) -> String {
        match s {
            Stop::Refused(r) | Stop::Failed(r) => r,
        }
    }
}

/// The next message from the server; the link's end is an error.
fn next_message(link: &Link) -> Result<ServerMessage, Stop> {
    loop {
        match link.recv_timeout(Duration::from_secs(60)) {
            Some(LinkEvent::Message(m)) => return Ok(m),
            Some(LinkEvent::Reconnecting { reason, .. }) => {
                eprintln!("connection lost ({reason}); reconnecting");
            }
            Some(LinkEvent::Refused { reason }) => return Err(Stop::Refused(reason)),
            Some(LinkEvent::GaveUp { reason }) => return Err(Stop::Failed(reason)),
            None => return Err(Stop::Failed("the server sent nothing for 60 s".into())),
        }
    }
}

/// Waits for the whole game, which the server sends first.
fn wait_for_state(link: &Link) -> Result<Mirror, Stop> {
    loop {
        if let ServerMessage::State { you, game, .. } = next_message(link)? {
            return Mirror::from_state(you.as_deref(), &game).map_err(Stop::Failed);
        }
    }
}

/// `12. Black F11-F9`: a ply as the online commands print it.
fn ply_line(mirror: &Mirror, ply: usize) -> String {
    let rules = mirror.variant.rules();
    let pos = mirror.game.position_at(ply);
    let m = mirror.game.moves()[ply];
    let text = pos.move_text(&m, Notation::Wcf).unwrap_or_default();
    format!("{}. {} {text}", ply + 1, rules.seat_title(pos.turn()))
}

#[derive(clap::Args)]
struct WatchArgs {
    #[command(flatten)]
    at: GameAt,
    /// Write the game's record here at its end.
    #[arg(long)]
    record: Option<std::path::PathBuf>,
}

impl WatchArgs {
    fn run(self) -> Result<(), String> {
        let link = Link::open(
            &self.at.server,
            &self.at.game,
            None,
            LinkOptions {
                give_up_after: Some(Duration::from_secs(90)),
            },
        );
        let mut mirror = wait_for_state(&link)?;
        for ply in 0..mirror.game.ply() {
            out!("{}", ply_line(&mirror, ply));
        }
        while !mirror.is_over() {
            let m = next_message(&link)?;
            match mirror.apply(&m)? {
                Update::Moved { ply } => out!("{}", ply_line(&mirror, ply)),
                Update::Whole => {
                    eprintln!("(the game was read again: {} plies)", mirror.game.ply())
                }
                _ => {}
            }
        }
        if let Some(path) = &self.record {
            write_record(&mirror, path)?;
        }
        out!("result: {}", mirror.result_text().unwrap_or_default());
        Ok(())
    }
}

fn write_record(mirror: &Mirror, path: &std::path::Path) -> Result<(), String> {
    let result = mirror.result.as_ref().map_or("*", |r| r.result.as_str());
    let reason = mirror.result.as_ref().map_or("", |r| r.reason.as_str());
    let tags = [
        ("Event", "camelot-server game"),
        ("Round", mirror.id.as_str()),
        ("Result", result),
        ("Termination", reason),
    ];
    let mut game = mirror.game.clone();
    if game.outcome().is_none() {
        if let Some(o) = camelot_engine::Outcome::from_result(result, reason) {
            game.declare(o);
        }
    }
    let text = Record::export(&game, &tags, Notation::Wcf);
    camelot_engine::write_atomic(path, text.as_bytes()).map_err(|e| format!("cannot write {e}"))
}

#[derive(clap::Args)]
struct ListArgs {
    #[arg(long)]
    server: String,
}

impl ListArgs {
    fn run(self) -> Result<(), String> {
        for g in list_games_blocking(&self.server)? {
            out!(
                "{} {} {} plies {} connected {}",
                g.id,
                g.variant,
                g.time,
                g.plies,
                g.connected
            );
        }
        Ok(())
    }
}
