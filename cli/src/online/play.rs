//! `online play`: one seat played to the end by a computer level or an outside engine,
//! through a link that reconnects for as long as the server is away (up to 90 s).

use std::time::Duration;

use camelot_engine::{Ai, AiDecision, Level, Notation, SearchLimits};
use camelot_lab::Program;
use camelot_online::protocol::{ClientMessage, SeatToken, ServerMessage};
use camelot_online::{Link, LinkEvent, LinkOptions, Mirror, OnlineError, Update};

use super::{ply_line, GameAt};
use crate::failure::{refused, Failure};
use crate::output::with_big_stack;

/// How long `play` keeps trying a server that is away.
const PATIENCE: Duration = Duration::from_secs(90);

#[derive(clap::Args)]
pub struct PlayArgs {
    #[command(flatten)]
    at: GameAt,
    /// The seat's secret token.
    #[arg(long)]
    token: SeatToken,
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
        with_big_stack(move || play(self.at, &self.token, brain))
    }
}

fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

fn play(at: GameAt, token: &SeatToken, mut brain: Brain) -> Result<(), Failure> {
    let link = Link::open(
        &at.server,
        &at.game,
        Some(token),
        LinkOptions {
            give_up_after: Some(PATIENCE),
        },
    );
    let mut mirror: Option<Mirror> = None;
    // The move sent and not yet answered: its id and ply.
    let mut in_flight: Option<(u64, usize)> = None;
    let mut next_id = 0;
    let mut refusals = 0;
    // Whether the connection is down (said once an outage).
    let mut away = false;
    loop {
        if let Some(m) = mirror.as_ref().filter(|m| m.is_over()) {
            out!("result: {}", m.result_text().unwrap_or_default());
            return Ok(());
        }
        if let Some(m) = mirror.as_ref().filter(|m| m.my_turn()) {
            if in_flight.is_none_or(|(_, ply)| ply != m.game.ply()) {
                next_id += 1;
                in_flight = Some((next_id, m.game.ply()));
                link.send(choose(&mut brain, m, next_id)?);
            }
        }
        match link.recv_timeout(Duration::from_secs(1)) {
            None => continue,
            Some(LinkEvent::Refused { code, message }) => {
                return Err(OnlineError::Refused { code, message }.into())
            }
            Some(LinkEvent::GaveUp { reason, after }) => {
                return Err(refused(format!(
                    "the server could not be reached for {} s: {reason}",
                    after.as_secs()
                )))
            }
            Some(LinkEvent::Reconnecting { reason, .. }) => {
                if !away {
                    away = true;
                    eprintln!(
                        "connection lost ({reason}); reconnecting for up to {} s",
                        PATIENCE.as_secs()
                    );
                }
            }
            Some(LinkEvent::Message(message)) => {
                match &message {
                    ServerMessage::Rejected { id, reason, .. }
                        if Some(*id) == in_flight.map(|f| f.0) =>
                    {
                        eprintln!("move refused: {reason}");
                        refusals += 1;
                        if refusals >= 3 {
                            return Err(refused(format!(
                                "three moves refused, the last: {reason}"
                            )));
                        }
                        // Ask again, once the game as the server has it is known.
                        in_flight = None;
                    }
                    ServerMessage::State { you, game, .. } => {
                        if away {
                            eprintln!("connected again");
                            away = false;
                        }
                        let m = Mirror::from_state(*you, game)?;
                        if mirror.is_none() {
                            for ply in 0..m.game.ply() {
                                out!("{}", ply_line(&m, ply));
                            }
                        }
                        // A reconnection: a move sent before it may not have arrived.
                        in_flight = None;
                        mirror = Some(m);
                    }
                    ServerMessage::Error { code, message } => {
                        // A claim or an offer refused: think again, a few times at most.
                        eprintln!("server: {message}");
                        refusals += 1;
                        if refusals >= 3 {
                            return Err(OnlineError::Refused {
                                code: *code,
                                message: message.clone(),
                            }
                            .into());
                        }
                        in_flight = None;
                    }
                    _ => {
                        if let Some(m) = &mut mirror {
                            if let Update::Moved { ply } = m.apply(&message)? {
                                out!("{}", ply_line(m, ply));
                            }
                        }
                    }
                }
            }
        }
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
                .move_text(&m, Notation::Wcf)
                .ok_or_else(|| refused("the computer chose an illegal move"))?,
        },
        AiDecision::Claim(kind) => ClientMessage::Claim { kind },
    })
}
