//! The online room: `camelot-cli online create|play|move|take|seats|rematch|watch|list|
//! loadtest|connections|account|login|logout|player|logins|pair|challenge|challenges|
//! accept|decline|cancel|follow|unfollow|block|unblock|following|challenges-from|tournament`, a
//! headless client of
//! `camelot-server` built on the same client library as the game (`camelot-online`).

mod account;
mod challenge;
mod connections;
mod loadtest;
mod logins;
mod meeting;
mod pair;
mod play;
mod relations;
mod tournament;

use std::collections::BTreeMap;
use std::time::Duration;

use camelot_engine::notation::RecordTags;
use camelot_engine::{Excerpt, Notation, SeatColour, Variant};
use camelot_files::write_atomic;
use camelot_online::protocol::requests::{ComputerSeat, ListGames, NewGame, Paged};
use camelot_online::protocol::{
    ClientMessage, ErrorCode, GameId, PlayerName, SeatToken, ServerMessage, TimeControl,
};
use camelot_online::{
    ask_as, ask_page, blocking, JoinError, Link, LinkEvent, LinkOptions, Mirror, OnlineError,
    ServerAddress, Update,
};
use clap::Subcommand;

pub use challenge::ChallengeEnd;

use camelot_online::protocol::relations::Relation;

use crate::failure::{refused, Failure};

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
    /// Take an open seat: prints one JSON line with its token, or `rejected: REASON`.
    Take(meeting::TakeArgs),
    /// The open seats on a server, one JSON line each.
    Seats(meeting::SeatsArgs),
    /// Offer a rematch of a finished game (or accept one offered) and wait for the
    /// answer: prints one JSON line with the new game, the seat and its token.
    Rematch(meeting::RematchArgs),
    /// Watch a game: each move as it is played, then the result.
    Watch(WatchArgs),
    /// The live games on a server, one a line.
    List(ListArgs),
    /// Many games of random legal moves at once; prints the moves' round trips.
    Loadtest(loadtest::LoadtestArgs),
    /// Many idle connections held open; prints what they cost the server's memory.
    Connections(connections::ConnectionsArgs),
    /// An account on a server: `account create`.
    Account(account::AccountArgs),
    /// Log in to a server: its token is kept in the data directory (0600).
    Login(account::LoginArgs),
    /// Log out of a server: the session ends there and its token is forgotten here.
    Logout(account::LogoutArgs),
    /// A player's page: one JSON line with their ratings per variant and live games.
    Player(account::PlayerArgs),
    /// Many sign-ups, logins and wrong passwords; prints what each costs the server.
    Logins(logins::LoginsArgs),
    /// A quick game: paired with the waiting player of nearest rating; prints the game's
    /// JSON line, and with --level plays it.
    Pair(pair::PairArgs),
    /// Challenge a player by name; prints the challenge's JSON line, waits for the answer
    /// and prints the game's (`{"game":ID,"seat":SEAT}`); declined, says why and exits 1.
    Challenge(challenge::ChallengeArgs),
    /// The challenges to me, each a JSON line as it comes; waits for more.
    Challenges(challenge::ChallengesArgs),
    /// Accept a challenge; prints the game's JSON line.
    Accept(challenge::AcceptArgs),
    /// Decline a challenge, with a reason.
    Decline(challenge::DeclineArgs),
    /// Take back a challenge of mine.
    Cancel(challenge::CancelArgs),
    /// Follow a player: see them online and their games (`online following`).
    Follow(relations::RelationArgs),
    Unfollow(relations::RelationArgs),
    /// Block a player: they may not challenge me, and we are never paired.
    Block(relations::RelationArgs),
    Unblock(relations::RelationArgs),
    /// The players I follow, a JSON line each: name, online, the games they play.
    Following(relations::FollowingArgs),
    /// Whom I take challenges from: everyone, following (the players I follow), nobody.
    ChallengesFrom(relations::ChallengesFromArgs),
    /// The server's tournaments: list, create, join, withdraw, pause, standings.
    Tournament(tournament::TournamentArgs),
}

impl OnlineArgs {
    pub fn run(self) -> Result<(), Failure> {
        match self.command {
            OnlineCommand::Create(a) => a.run(),
            OnlineCommand::Play(a) => a.run(),
            OnlineCommand::Move(a) => a.run(),
            OnlineCommand::Take(a) => a.run(),
            OnlineCommand::Seats(a) => a.run(),
            OnlineCommand::Rematch(a) => a.run(),
            OnlineCommand::Watch(a) => a.run(),
            OnlineCommand::List(a) => a.run(),
            OnlineCommand::Loadtest(a) => a.run(),
            OnlineCommand::Connections(a) => a.run(),
            OnlineCommand::Account(a) => a.run(),
            OnlineCommand::Login(a) => a.run(),
            OnlineCommand::Logout(a) => a.run(),
            OnlineCommand::Player(a) => a.run(),
            OnlineCommand::Logins(a) => a.run(),
            OnlineCommand::Pair(a) => a.run(),
            OnlineCommand::Challenge(a) => a.run(),
            OnlineCommand::Challenges(a) => a.run(),
            OnlineCommand::Accept(a) => a.run(),
            OnlineCommand::Decline(a) => a.run(),
            OnlineCommand::Cancel(a) => a.run(),
            OnlineCommand::Follow(a) => a.run(Some(Relation::Follow)),
            OnlineCommand::Unfollow(a) | OnlineCommand::Unblock(a) => a.run(None),
            OnlineCommand::Block(a) => a.run(Some(Relation::Block)),
            OnlineCommand::Following(a) => a.run(),
            OnlineCommand::ChallengesFrom(a) => a.run(),
            OnlineCommand::Tournament(a) => a.run(),
        }
    }
}

/// A server and a game on it.
#[derive(clap::Args)]
struct GameAt {
    /// The server: http://HOST:PORT (or https://HOST, ws://HOST:PORT, HOST:PORT).
    #[arg(long)]
    server: ServerAddress,
    /// The game's id.
    #[arg(long)]
    game: GameId,
}

/// The line `create` prints: the game, each held seat's token in turn order, and the
/// open seats.
#[derive(serde::Serialize)]
struct CreatedLine {
    game: GameId,
    seats: BTreeMap<SeatColour, SeatToken>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    open: Vec<SeatColour>,
}

#[derive(clap::Args)]
struct CreateArgs {
    #[arg(long)]
    server: ServerAddress,
    #[arg(long, default_value = "camelot")]
    variant: Variant,
    /// A clock: MINUTES+INCREMENT seconds a move, as in 5+3.
    #[arg(long, conflicts_with = "days", value_parser = TimeControl::parse_clock)]
    clock: Option<TimeControl>,
    /// Correspondence: this many days a move.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=TimeControl::MAX_DAYS as i64))]
    days: Option<u32>,
    /// Seats left open to anyone (a comma list: Black, or Red,Blue): no token is made
    /// for them; whoever takes one from the server's list plays it.
    #[arg(long, value_delimiter = ',')]
    open: Vec<SeatColour>,
    /// A seat the server's computer plays, at a level: SEAT=LEVEL, as Black=club
    /// (again for each such seat). No token is made for it.
    #[arg(long, value_name = "SEAT=LEVEL", value_parser = computer_seat)]
    computer: Vec<ComputerSeat>,
    /// Rated: you (logged in with `online login`) hold one seat and the others are open
    /// to players who are logged in; the result changes everyone's rating.
    #[arg(long)]
    rated: bool,
    /// A rated game's open seats are for ratings at most this far from yours.
    #[arg(long, requires = "rated", value_name = "N")]
    rating_range: Option<u32>,
}

/// `Black=club`: a seat and the level the server's computer plays it at.
fn computer_seat(s: &str) -> Result<ComputerSeat, ComputerSeatError> {
    let (seat, level) = s
        .split_once('=')
        .ok_or_else(|| ComputerSeatError::NotSeatLevel(Excerpt::new(s)))?;
    Ok(ComputerSeat {
        seat: seat.parse().map_err(ComputerSeatError::Seat)?,
        level: level.parse().map_err(ComputerSeatError::Level)?,
    })
}

/// A `--computer` that is not SEAT=LEVEL.
#[derive(Debug, thiserror::Error)]
enum ComputerSeatError {
    #[error("'{0}' is not SEAT=LEVEL, as Black=club")]
    NotSeatLevel(Excerpt),
    #[error(transparent)]
    Seat(camelot_engine::UnknownSeatColour),
    #[error(transparent)]
    Level(camelot_engine::ParseLevelError),
}

impl CreateArgs {
    fn run(self) -> Result<(), Failure> {
        let time = match (self.clock, self.days) {
            (Some(c), _) => c,
            (None, Some(days)) => TimeControl::Days { days },
            (None, None) => TimeControl::Untimed,
        };
        let new = NewGame {
            variant: self.variant,
            time,
            open: self.open,
            computer: self.computer,
            rated: self.rated,
            rating_range: self.rating_range,
        };
        let token = if self.rated {
            Some(account::token_for(&self.server)?)
        } else {
            account::saved_token(&self.server)
        };
        let created = blocking(ask_as(&self.server, token.as_ref(), &new))?;
        // The seats come in turn order: a seat's colour orders them so.
        let line = CreatedLine {
            game: created.game,
            seats: created.seats,
            open: created.open,
        };
        out!(
            "{}",
            serde_json::to_string(&line).expect("the line serialises")
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
    token: SeatToken,
    /// The move, in WCF notation (`E6-E8`, `T@C3`, `pass`).
    #[arg(name = "MOVE")]
    mv: String,
    /// The name the other players see for the seat.
    #[arg(long)]
    name: Option<PlayerName>,
}

impl MoveArgs {
    fn run(self) -> Result<(), Failure> {
        let link = Link::open(
            &self.at.server,
            &self.at.game,
            Some(&self.token),
            LinkOptions::joining(Some(Duration::from_secs(10))).named(self.name),
        );
        let mirror = match wait_for_state(&link, &self.at) {
            Ok(m) => m,
            Err(Stop::Refused { message, .. }) => return rejected(&message),
            Err(Stop::Failed(e)) => return Err(e),
        };
        // The move is read here, where it enters, by the game as the server sent it.
        if let Some(why) = mirror.out_of_turn() {
            return rejected(&why.to_string());
        }
        let pos = mirror.game.position();
        let mv = match pos.parse_move(&self.mv) {
            Ok(m) => pos.name_move(&m).expect("a legal move has a name"),
            Err(e) => return rejected(&e.to_string()),
        };
        link.send(ClientMessage::Move {
            id: 1,
            ply: mirror.game.ply() as u32,
            mv,
        });
        loop {
            match next_message(&link, &self.at)? {
                ServerMessage::Ack { id: 1, .. } => {
                    out!("accepted");
                    return Ok(());
                }
                ServerMessage::Rejected { id: 1, reason, .. } => return rejected(&reason),
                _ => {}
            }
        }
    }
}

/// A refusal as the online commands say it: `rejected: REASON`, exit 1.
/// Every page of a list the server gives a page at a time, each handed to `each` as it
/// comes. A server that names the page it just gave as the next is not followed round.
pub(crate) fn every_page<R: Paged + PartialEq>(
    server: &ServerAddress,
    mut request: R,
    mut each: impl FnMut(R::Answer),
) -> Result<(), Failure> {
    loop {
        let page = blocking(ask_page(server, &request))?;
        each(page.items);
        match page.next {
            Some(next) if next != request => request = next,
            _ => return Ok(()),
        }
    }
}

fn rejected(reason: &str) -> Result<(), Failure> {
    out!("rejected: {reason}");
    std::process::exit(1);
}

/// Why a link's conversation ended before its business was done.
enum Stop {
    /// The server said no (an unknown game, a wrong token, another protocol version).
    Refused { code: ErrorCode, message: String },
    /// The server could not be reached, or fell silent.
    Failed(Failure),
}

impl From<Stop> for Failure {
    fn from(s: Stop) -> Failure {
        match s {
            Stop::Refused { code, message } => OnlineError::Refused { code, message }.into(),
            Stop::Failed(f) => f,
        }
    }
}

impl From<camelot_online::MirrorError> for Stop {
    fn from(e: camelot_online::MirrorError) -> Stop {
        Stop::Failed(e.into())
    }
}

/// The next message from the server; the link's end is an error.
fn next_message(link: &Link, at: &GameAt) -> Result<ServerMessage, Stop> {
    loop {
        let event = link
            .recv_timeout(Duration::from_secs(60))
            .ok_or_else(|| Stop::Failed(refused("the server sent nothing for 60 s")))?;
        match event {
            LinkEvent::Message(m) => return Ok(m),
            LinkEvent::Reconnecting { reason, .. } => {
                eprintln!("connection lost ({reason}); reconnecting");
            }
            // A refusal of the seat or the move is the command's answer; anything else
            // that ends the link is said as it is.
            LinkEvent::Refused { code, message } if code != ErrorCode::NoSuchGame => {
                return Err(Stop::Refused { code, message })
            }
            stop => {
                let why = JoinError::of(&stop, &at.server, &at.game)
                    .expect("every other event ends the link");
                return Err(Stop::Failed(why.into()));
            }
        }
    }
}

/// Waits for the whole game, which the server sends first.
fn wait_for_state(link: &Link, at: &GameAt) -> Result<Mirror, Stop> {
    loop {
        if let ServerMessage::State { you, game, .. } = next_message(link, at)? {
            return Ok(Mirror::from_state(you, &game)?);
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
    fn run(self) -> Result<(), Failure> {
        let link = Link::open(
            &self.at.server,
            &self.at.game,
            None,
            LinkOptions::joining(Some(Duration::from_secs(90))),
        );
        let mut mirror = wait_for_state(&link, &self.at)?;
        for ply in 0..mirror.game.ply() {
            out!("{}", ply_line(&mirror, ply));
        }
        while !mirror.is_over() {
            let m = next_message(&link, &self.at)?;
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

fn write_record(mirror: &Mirror, path: &std::path::Path) -> Result<(), Failure> {
    let mut game = mirror.game.clone();
    if let (Some(o), None) = (mirror.result.and_then(|r| r.outcome()), game.outcome()) {
        game.declare(o);
    }
    let tags = RecordTags {
        event: Some("camelot-server game".into()),
        round: Some(mirror.id.to_string()),
        termination: mirror.result.map(|r| r.describe().to_string()),
        seats: seat_names(mirror),
        ..RecordTags::default()
    };
    let text = tags.export(&game, Notation::Wcf);
    write_atomic(path, text.as_bytes()).map_err(Failure::Write)
}

/// The names the seats' players gave, for a record's seat tags.
fn seat_names(mirror: &Mirror) -> Vec<(camelot_engine::Player, String)> {
    let rules = mirror.variant.rules();
    mirror
        .seats
        .iter()
        .filter_map(|s| {
            Some((
                rules.seat_with_colour(s.seat)?,
                s.name.as_ref()?.to_string(),
            ))
        })
        .collect()
}

#[derive(clap::Args)]
struct ListArgs {
    #[arg(long)]
    server: ServerAddress,
}

impl ListArgs {
    fn run(self) -> Result<(), Failure> {
        every_page(&self.server, ListGames::default(), |games| {
            for g in games {
                out!(
                    "{} {} {} plies {} connected {}",
                    g.id,
                    g.variant,
                    g.time,
                    g.plies,
                    g.connected
                );
            }
        })
    }
}
