//! `online challenge|challenges|accept|decline|cancel`: challenges by name, as the
//! account logged in with `online login`. `challenge` prints `{"challenge":ID}`, waits for
//! the answer and prints `{"game":ID,"seat":SEAT}` (a refusal, with its reason, exits 1);
//! Grand Cam's names a partner and, with `--against A,B`, the two against, and waits for
//! all three. `challenges` keeps the site socket open (the account is online meanwhile)
//! and prints each challenge to me as a JSON line as it comes; `accept` prints the game's
//! line (a table's once every seat has accepted). With `--level` a program's account
//! plays the game to the end, as `online pair --level` does.

use std::collections::HashSet;

use camelot_engine::{Level, SeatColour, Variant};
use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::accounts::AccountToken;
use camelot_online::protocol::challenges::{
    AcceptChallenge, Acceptance, CancelChallenge, ChallengeGame, ChallengeId, ChallengeSeat,
    ChallengeState, ColourChoice, DeclineChallenge, DeclineReason, NewChallenge,
};
use camelot_online::protocol::site::SiteServerMessage;
use camelot_online::protocol::{GameId, TimeControl};
use camelot_online::{
    ask_as, blocking, challenge_settled, OnlineError, ServerAddress, SiteConnection,
};

use super::{account, play, GameAt};
use crate::failure::Failure;

#[derive(clap::Args)]
pub struct ChallengeArgs {
    /// The player challenged (Grand Cam: my partner).
    name: AccountName,
    /// Grand Cam: the two players who partner each other against us, as A,B.
    #[arg(long, value_delimiter = ',')]
    against: Vec<AccountName>,
    #[arg(long)]
    server: ServerAddress,
    #[arg(long, default_value = "camelot")]
    variant: Variant,
    /// A clock: MINUTES+INCREMENT seconds a move, as in 5+3 (neither: no clock).
    #[arg(long, value_parser = TimeControl::parse_clock, conflicts_with = "days")]
    time: Option<TimeControl>,
    /// Correspondence: this many days a move.
    #[arg(long)]
    days: Option<u32>,
    /// Rated: the result changes both players' ratings.
    #[arg(long)]
    rated: bool,
    /// The colour I play: white, black or random (Grand Cam: white, our side moves
    /// first; black, second).
    #[arg(long, default_value = "random")]
    color: ColourChoice,
    /// Plays my seat at this computer level once accepted (a program's account).
    #[arg(long)]
    level: Option<Level>,
}

#[derive(clap::Args)]
pub struct ChallengesArgs {
    #[arg(long)]
    server: ServerAddress,
}

#[derive(clap::Args)]
pub struct AcceptArgs {
    id: ChallengeId,
    #[arg(long)]
    server: ServerAddress,
    /// Plays my seat at this computer level (a program's account).
    #[arg(long)]
    level: Option<Level>,
}

#[derive(clap::Args)]
pub struct DeclineArgs {
    id: ChallengeId,
    #[arg(long)]
    server: ServerAddress,
    /// Why: generic, later, too-fast, too-slow, time-control, rated, casual, variant.
    #[arg(long, default_value = "generic")]
    reason: DeclineReason,
}

#[derive(clap::Args)]
pub struct CancelArgs {
    id: ChallengeId,
    #[arg(long)]
    server: ServerAddress,
}

/// The line printed once a challenge made a game.
#[derive(serde::Serialize)]
struct GameLine<'a> {
    game: &'a GameId,
    seat: SeatColour,
}

/// The line printed for each challenge to me.
#[derive(serde::Serialize)]
struct IncomingLine<'a> {
    challenge: &'a ChallengeId,
    from: &'a AccountName,
    rating: i32,
    provisional: bool,
    variant: Variant,
    time: String,
    rated: bool,
    /// The colour I would play: white, black or random.
    you_play: ColourChoice,
    /// Grand Cam: who is asked to sit at each seat, and their answers so far.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    seats: &'a [ChallengeSeat],
}

fn line(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("the line serialises")
}

/// The account's token: a program's where it plays by itself.
fn token(server: &ServerAddress, level: Option<Level>) -> Result<AccountToken, Failure> {
    match level {
        Some(_) => account::program_token_for(server),
        None => account::token_for(server),
    }
}

/// Prints the game's line and, with a level, plays it out.
fn seated(
    server: ServerAddress,
    token: AccountToken,
    at: ChallengeGame,
    level: Option<Level>,
) -> Result<(), Failure> {
    out!(
        "{}",
        line(&GameLine {
            game: &at.game,
            seat: at.seat
        })
    );
    match level {
        Some(level) => play::play_as(
            GameAt {
                server,
                game: at.game,
            },
            token,
            level,
        ),
        None => Ok(()),
    }
}

impl ChallengeArgs {
    pub fn run(self) -> Result<(), Failure> {
        let token = token(&self.server, self.level)?;
        let time = match (self.time, self.days) {
            (Some(t), _) => t,
            (None, Some(days)) => TimeControl::Days { days },
            (None, None) => TimeControl::Untimed,
        };
        let sent = blocking(ask_as(
            &self.server,
            Some(&token),
            &NewChallenge {
                to: self.name.clone(),
                variant: self.variant,
                time,
                rated: self.rated,
                colour: self.color,
                against: self.against.clone(),
            },
        ))?;
        out!(
            "{}",
            line(&serde_json::json!({ "challenge": sent.challenge }))
        );
        let at = game_made(&self.server, &token, sent.challenge)?;
        seated(self.server, token, at, self.level)
    }
}

/// Waits for the challenge `id` to make its game, or says what became of it (declined:
/// by whom, as the challenge says).
fn game_made(
    server: &ServerAddress,
    token: &AccountToken,
    id: ChallengeId,
) -> Result<ChallengeGame, Failure> {
    let view = blocking(challenge_settled(server, Some(token), id))?;
    let end = match view.state {
        ChallengeState::Accepted { game, seat } => return Ok(ChallengeGame { game, seat }),
        ChallengeState::Declined { reason } => ChallengeEnd::Declined {
            by: view.declined_by().clone(),
            reason,
        },
        ChallengeState::Expired => ChallengeEnd::Expired,
        // Open is never settled.
        ChallengeState::Cancelled | ChallengeState::Open => ChallengeEnd::Cancelled,
    };
    Err(Failure::Challenge(end))
}

/// A challenge of mine that made no game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChallengeEnd {
    #[error("{by} declined: {}", reason.words())]
    Declined {
        by: AccountName,
        reason: DeclineReason,
    },
    #[error("the challenge was cancelled")]
    Cancelled,
    #[error("the challenge expired unanswered")]
    Expired,
}

impl ChallengesArgs {
    pub fn run(self) -> Result<(), Failure> {
        let token = account::token_for(&self.server)?;
        let mut printed = HashSet::new();
        let mut attempt = 0;
        loop {
            match blocking(follow(&self.server, &token, &mut printed, &mut attempt)) {
                Ok(ended) => return Err(Failure::Refused(ended)),
                // The socket broke (the server restarted, the network went): open it
                // again, a little later each time.
                Err(e) => {
                    eprintln!("the server's socket broke ({e}); connecting again");
                    let pause = 200u64 << attempt.min(4);
                    attempt += 1;
                    std::thread::sleep(std::time::Duration::from_millis(pause));
                }
            }
        }
    }
}

/// Follows the site socket, printing each challenge to me not printed yet: until the
/// server ends it for good (why, in its words) or it breaks.
async fn follow(
    server: &ServerAddress,
    token: &AccountToken,
    printed: &mut HashSet<ChallengeId>,
    attempt: &mut u32,
) -> Result<String, OnlineError> {
    let mut site = SiteConnection::open(server, token).await?;
    loop {
        match site.recv().await? {
            SiteServerMessage::Challenges(list) => {
                *attempt = 0;
                for c in list.incoming.iter().rev() {
                    if printed.insert(c.id.clone()) {
                        out!(
                            "{}",
                            line(&IncomingLine {
                                challenge: &c.id,
                                from: &c.from,
                                rating: c.rating,
                                provisional: c.provisional,
                                variant: c.variant,
                                time: c.time.to_string(),
                                rated: c.rated,
                                you_play: match c.colour {
                                    ColourChoice::White => ColourChoice::Black,
                                    ColourChoice::Black => ColourChoice::White,
                                    ColourChoice::Random => ColourChoice::Random,
                                },
                                seats: &c.seats,
                            })
                        );
                    }
                }
            }
            SiteServerMessage::SignedOut { message, .. }
            | SiteServerMessage::Error { message, .. } => return Ok(message),
            SiteServerMessage::Pong { .. } | SiteServerMessage::Unheard => {}
        }
    }
}

impl AcceptArgs {
    pub fn run(self) -> Result<(), Failure> {
        let token = token(&self.server, self.level)?;
        let id = self.id.clone();
        let at = match blocking(ask_as(&self.server, Some(&token), &AcceptChallenge { id }))? {
            Acceptance::Game(at) => at,
            Acceptance::Waiting { waiting_for } => {
                let names: Vec<String> = waiting_for.iter().map(|n| n.to_string()).collect();
                eprintln!("accepted: waiting for {} to accept", names.join(" and "));
                game_made(&self.server, &token, self.id)?
            }
        };
        seated(self.server, token, at, self.level)
    }
}

impl DeclineArgs {
    pub fn run(self) -> Result<(), Failure> {
        let token = account::token_for(&self.server)?;
        blocking(ask_as(
            &self.server,
            Some(&token),
            &DeclineChallenge {
                id: self.id,
                reason: self.reason,
            },
        ))?;
        Ok(())
    }
}

impl CancelArgs {
    pub fn run(self) -> Result<(), Failure> {
        let token = account::token_for(&self.server)?;
        blocking(ask_as(
            &self.server,
            Some(&token),
            &CancelChallenge { id: self.id },
        ))?;
        Ok(())
    }
}
