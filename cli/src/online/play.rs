//! `online play`: one seat played to the end by a computer level or an outside engine,
//! through a link that reconnects for as long as the server is away (up to 90 s), the
//! first contact too: a player started a moment before its server (a reboot, a restart)
//! waits for it.

use std::time::Duration;

use camelot_engine::search::SearchLimits;
use camelot_engine::{Ai, AiDecision, Level};
use camelot_lab::Program;
use camelot_online::protocol::accounts::AccountToken;
use camelot_online::protocol::{ClientMessage, ErrorCode, PlayerName, SeatToken, ServerMessage};
use camelot_online::{JoinError, Link, LinkEvent, LinkOptions, Mirror, OnlineError, Update};

use super::{ply_line, GameAt};
use crate::failure::{refused, Failure};
use crate::output::with_big_stack;

/// How long `play` keeps trying a server that is away.
const PATIENCE: Duration = Duration::from_secs(90);

#[derive(clap::Args)]
pub struct PlayArgs {
    #[command(flatten)]
    at: GameAt,
    /// The seat's secret token; without it, the seat of the account logged in with
    /// `online login` (a rated game's, a quick game's).
    #[arg(long)]
    token: Option<SeatToken>,
    /// The computer level that plays the seat (see `levels`).
    #[arg(long, conflicts_with = "engine", required_unless_present = "engine")]
    level: Option<Level>,
    /// An outside program speaking the engine protocol plays instead: the command and
    /// its arguments, split at spaces (e.g. "camelot-cli engine").
    #[arg(long)]
    engine: Option<String>,
    /// Milliseconds the outside engine thinks a move.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    movetime: u64,
    /// The name the other players see for the seat.
    #[arg(long)]
    name: Option<PlayerName>,
}

/// Who chooses the seat's moves.
enum Brain {
    Level(Box<Ai>),
    Program(Program, SearchLimits),
}

impl Brain {
    fn decide(&mut self, mirror: &Mirror) -> Result<AiDecision, Failure> {
        match self {
            Brain::Level(ai) => ai
                .decide(&mirror.game, |_| {})
                .map(|(d, _)| d)
                .ok_or_else(|| refused("the computer found no move")),
            Brain::Program(p, limits) => Ok(AiDecision::Play(p.best_move(&mirror.game, *limits)?)),
        }
    }
}

impl PlayArgs {
    pub fn run(self) -> Result<(), Failure> {
        let brain = match (&self.level, &self.engine) {
            (Some(level), _) => Brain::Level(Box::new(Ai::new(*level, seed()))),
            (None, Some(cmd)) => {
                let command: Vec<String> = cmd.split_whitespace().map(String::from).collect();
                Brain::Program(
                    Program::start(&command)?,
                    SearchLimits::time(Duration::from_millis(self.movetime)),
                )
            }
            (None, None) => return Err(refused("give --level or --engine")),
        };
        // The account's own seat, played by a program: a computer's account only.
        let account = match &self.token {
            Some(_) => super::account::saved_token(&self.at.server),
            None => Some(super::account::program_token_for(&self.at.server)?),
        };
        with_big_stack(move || play(self.at, self.token.as_ref(), account, self.name, brain))
    }
}

/// Plays the seat `account` holds in `at` with `brain` (a quick game's, once paired).
pub fn play_as(at: GameAt, account: AccountToken, brain_level: Level) -> Result<(), Failure> {
    let brain = Brain::Level(Box::new(Ai::new(brain_level, seed())));
    with_big_stack(move || play(at, None, Some(account), None, brain))
}

fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// A seat being played: the server's game as heard, and what was sent.
struct Seat {
    mirror: Option<Mirror>,
    /// The move sent and not yet answered: its id and ply.
    in_flight: Option<(u64, usize)>,
    next_id: u64,
    /// Moves, claims and offers refused so far.
    refusals: u32,
    /// Whether the connection is down (said once an outage).
    away: bool,
    /// The plies printed so far: every ply is printed once, in order, whether it came
    /// as a move or in the whole game sent after a reconnection.
    printed: usize,
}

fn play(
    at: GameAt,
    token: Option<&SeatToken>,
    account: Option<AccountToken>,
    name: Option<PlayerName>,
    mut brain: Brain,
) -> Result<(), Failure> {
    let link = Link::open(
        &at.server,
        &at.game,
        token,
        LinkOptions::patient(Some(PATIENCE))
            .named(name)
            .as_account(account),
    );
    let mut seat = Seat {
        mirror: None,
        in_flight: None,
        next_id: 0,
        refusals: 0,
        away: false,
        printed: 0,
    };
    loop {
        if let Some(m) = seat.mirror.as_ref().filter(|m| m.is_over()) {
            out!("result: {}", m.result_text().unwrap_or_default());
            return Ok(());
        }
        if let Some(m) = seat.mirror.as_ref().filter(|m| m.my_turn()) {
            if seat.in_flight.is_none_or(|(_, ply)| ply != m.game.ply()) {
                seat.next_id += 1;
                seat.in_flight = Some((seat.next_id, m.game.ply()));
                link.send(choose(&mut brain, m, seat.next_id)?);
            }
        }
        match link.recv_timeout(Duration::from_secs(1)) {
            None => continue,
            Some(LinkEvent::Reconnecting { reason, .. }) => {
                if !seat.away {
                    seat.away = true;
                    let patience = PATIENCE.as_secs();
                    if seat.mirror.is_none() {
                        eprintln!(
                            "the server at {} does not answer yet ({reason}); trying for up to {patience} s",
                            at.server
                        );
                    } else {
                        eprintln!(
                            "connection lost ({reason}); reconnecting for up to {patience} s"
                        );
                    }
                }
            }
            Some(LinkEvent::Message(message)) => seat.hear(&message)?,
            // The account's session ended (logged out, its password changed, closed):
            // the seat is played again once logged in again.
            Some(LinkEvent::Refused {
                code: ErrorCode::SignedOut,
                message,
            }) => {
                return Err(Failure::Refused(format!(
                    "signed out: {message} (camelot-cli online login --server {} --name NAME \
                     --password-stdin, then play again)",
                    at.server.http_url()
                )))
            }
            Some(stop) => {
                let why = JoinError::of(&stop, &at.server, &at.game)
                    .expect("every other event ends the link");
                return Err(why.into());
            }
        }
    }
}

impl Seat {
    /// One message from the server.
    fn hear(&mut self, message: &ServerMessage) -> Result<(), Failure> {
        match message {
            ServerMessage::Rejected { id, reason, .. }
                if Some(*id) == self.in_flight.map(|f| f.0) =>
            {
                eprintln!("move refused: {reason}");
                self.refused(|| refused(format!("three moves refused, the last: {reason}")))?;
                // Ask again, once the game as the server has it is known.
                self.in_flight = None;
            }
            ServerMessage::State { you, game, .. } => {
                if self.away {
                    let first = self.mirror.is_none();
                    eprintln!(
                        "{}",
                        if first {
                            "connected"
                        } else {
                            "connected again"
                        }
                    );
                    self.away = false;
                }
                self.mirror = Some(Mirror::from_state(*you, game)?);
                // A reconnection: a move sent before it may not have arrived.
                self.in_flight = None;
                // A takeback may have shortened the game: print from where it now stands.
                let plies = self.mirror.as_ref().map_or(0, |m| m.game.ply());
                self.printed = self.printed.min(plies);
                self.print_new();
            }
            ServerMessage::Error { code, message } => {
                // A claim or an offer refused: think again, a few times at most.
                eprintln!("server: {message}");
                self.refused(|| {
                    OnlineError::Refused {
                        code: *code,
                        message: message.clone(),
                    }
                    .into()
                })?;
                self.in_flight = None;
            }
            _ => {
                if let Some(m) = &mut self.mirror {
                    if let Update::Moved { .. } = m.apply(message)? {
                        self.print_new();
                    }
                }
            }
        }
        Ok(())
    }

    /// Counts a refusal: the third ends the game for this seat with `why`.
    fn refused(&mut self, why: impl FnOnce() -> Failure) -> Result<(), Failure> {
        self.refusals += 1;
        if self.refusals >= 3 {
            return Err(why());
        }
        Ok(())
    }

    /// Prints the plies the mirror has that have not been printed.
    fn print_new(&mut self) {
        let Some(m) = &self.mirror else { return };
        for ply in self.printed..m.game.ply() {
            out!("{}", ply_line(m, ply));
        }
        self.printed = m.game.ply();
    }
}

/// The seat's answer now: a move, or a draw claim.
fn choose(brain: &mut Brain, mirror: &Mirror, id: u64) -> Result<ClientMessage, Failure> {
    Ok(match brain.decide(mirror)? {
        AiDecision::Play(m) => ClientMessage::Move {
            id,
            ply: mirror.game.ply() as u32,
            mv: mirror
                .game
                .position()
                .name_move(&m)
                .ok_or_else(|| refused("the computer chose an illegal move"))?,
        },
        AiDecision::Claim(kind) => ClientMessage::Claim { kind },
    })
}
