//! `online pair`: a quick game. Waits to be paired (as the account logged in with
//! `online login`) with the waiting player of nearest rating, prints the game's JSON line
//! (`{"game":ID,"seat":SEAT}`), and with `--level` plays the seat to the end as `online
//! play` does (a program playing: on a computer's account only).

use camelot_engine::{Level, Variant};
use camelot_online::protocol::pairing::{Pairing, QuickGame};
use camelot_online::protocol::TimeControl;
use camelot_online::{ask_as, blocking, ServerAddress};

use super::{account, play, GameAt};
use crate::failure::Failure;

#[derive(clap::Args)]
pub struct PairArgs {
    #[arg(long)]
    server: ServerAddress,
    #[arg(long, default_value = "camelot")]
    variant: Variant,
    /// A clock: MINUTES+INCREMENT seconds a move, as in 5+3 (none: no clock).
    #[arg(long, value_parser = TimeControl::parse_clock)]
    time: Option<TimeControl>,
    /// Plays the seat at this computer level once paired.
    #[arg(long)]
    level: Option<Level>,
}

/// The line `pair` prints once paired.
#[derive(serde::Serialize)]
struct PairedLine<'a> {
    game: &'a camelot_online::protocol::GameId,
    seat: camelot_engine::SeatColour,
}

impl PairArgs {
    pub fn run(self) -> Result<(), Failure> {
        // A program plays the seat: on a computer's account only.
        let token = match self.level {
            Some(_) => account::program_token_for(&self.server)?,
            None => account::token_for(&self.server)?,
        };
        let quick = QuickGame {
            variant: self.variant,
            time: self.time.unwrap_or(TimeControl::Untimed),
        };
        let (game, seat) = loop {
            match blocking(ask_as(&self.server, Some(&token), &quick))? {
                Pairing::Paired { game, seat } => break (game, seat),
                Pairing::Waiting { waited_ms, range } => {
                    eprintln!(
                        "waiting for an opponent ({} s; rated within {range} points of you)",
                        waited_ms / 1000
                    );
                }
            }
        };
        out!(
            "{}",
            serde_json::to_string(&PairedLine { game: &game, seat }).expect("the line serialises")
        );
        match self.level {
            Some(level) => play::play_as(
                GameAt {
                    server: self.server,
                    game,
                },
                token,
                level,
            ),
            None => Ok(()),
        }
    }
}
