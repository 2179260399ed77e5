//! The `camelot` command line, read by clap (`camelot --help`).

use std::path::PathBuf;

use camelot_engine::Variant;
use camelot_online::protocol::tournaments::TournamentId;
use camelot_online::protocol::{GameId, SeatToken};
use camelot_online::ServerAddress;
use clap::Parser;

use crate::game::session::{default_seats, parse_seats, Seat, SeatError};
use crate::render::tier::Quality;
use crate::storage::data_dir::StoreError;

#[derive(Parser, Debug, Clone)]
#[command(
    name = "camelot",
    version = concat!(env!("CARGO_PKG_VERSION"), " (", env!("CAMELOT_COMMIT"), ")"),
    about = "The Camelot family of board games: the 3D tabletop game, or --terminal",
    after_help = "Without --variant, --seats, --load or --continue the 3D game opens on its menu."
)]
pub struct Options {
    /// Start a game of this variant at once: camelot, classic, river, anti, camette or
    /// grandcam.
    #[arg(long)]
    pub variant: Option<Variant>,
    /// Who sits in each seat, in turn order: human or ai:LEVEL (beginner, novice, club,
    /// expert, master, grandmaster, greedy), as human,ai:club. Grand Cam has four seats.
    /// With --server: who plays the seat held here (ai:club lets the computer play it
    /// online), the others being remote, as remote,ai:club.
    #[arg(long, value_name = "SEAT,SEAT")]
    pub seats: Option<String>,
    /// Open a game record (.cgn).
    #[arg(long, value_name = "FILE", conflicts_with = "variant")]
    pub load: Option<PathBuf>,
    /// Continue the game in progress (the autosave).
    #[arg(long = "continue", conflicts_with_all = ["variant", "load"])]
    pub resume: bool,
    /// Play in the terminal instead of the 3D window.
    #[arg(long)]
    pub terminal: bool,
    /// The window's size in pixels.
    #[arg(long, value_name = "WxH", value_parser = parse_window, default_value = "1280x800")]
    pub window: (u32, u32),
    /// The renderer's quality: low, medium or high (default: the settings, else picked
    /// from the graphics adapter).
    #[arg(long)]
    pub quality: Option<Quality>,
    /// Print the graphics adapter found (or why none) and the quality it gets, and exit.
    #[arg(long)]
    pub diagnose: bool,
    /// An online game's server (http://HOST:PORT or https://HOST): with --game, open the
    /// table at it; with --join-tournament, play in that tournament there.
    #[arg(long, requires = "online_target", conflicts_with_all = ["variant", "load", "resume", "terminal"])]
    pub server: Option<ServerAddress>,
    /// The online game's id.
    #[arg(long, requires = "server", group = "online_target")]
    pub game: Option<GameId>,
    /// A tournament on --server to play in, as the account logged in there (on the
    /// Online screen, or with camelot-cli online login): each game it pairs the account
    /// in opens at the table by itself.
    #[arg(
        long,
        requires = "server",
        group = "online_target",
        conflicts_with = "game"
    )]
    pub join_tournament: Option<TournamentId>,
    /// The secret token of the seat to play (without one: watch the game).
    #[arg(long, requires = "game")]
    pub token: Option<SeatToken>,
    #[cfg(feature = "tools")]
    #[command(flatten)]
    pub tools: crate::tools::ToolOptions,
}

/// A window size that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WindowSizeError {
    #[error("window size should be WIDTHxHEIGHT, as 1280x800, not '{0}'")]
    NotASize(camelot_engine::Excerpt),
    #[error("window size {width}x{height} is out of range (320x240 to 16384x16384)")]
    OutOfRange { width: u32, height: u32 },
}

/// Reads `1280x800`.
fn parse_window(s: &str) -> Result<(u32, u32), WindowSizeError> {
    let bad = || WindowSizeError::NotASize(camelot_engine::Excerpt::new(s));
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    if !(320..=16384).contains(&w) || !(240..=16384).contains(&h) {
        return Err(WindowSizeError::OutOfRange {
            width: w,
            height: h,
        });
    }
    Ok((w, h))
}

impl Options {
    pub fn variant_or_default(&self) -> Variant {
        self.variant.unwrap_or(Variant::Camelot)
    }

    /// The seats asked for, or the default table.
    pub fn seats_for(&self, variant: Variant) -> Result<Vec<Seat>, SeatError> {
        match &self.seats {
            Some(s) => parse_seats(s, variant),
            None => Ok(default_seats(variant)),
        }
    }

    /// Whether the command line asks for a game rather than the menu (an online game
    /// waits for the server's).
    pub fn starts_game(&self) -> bool {
        !self.online()
            && (self.variant.is_some()
                || self.seats.is_some()
                || self.load.is_some()
                || self.resume)
    }

    /// An online game's seats as the command line gives them: each read, their number
    /// left to the game (which the server names).
    pub fn online_seats(&self) -> Result<Option<Vec<Seat>>, SeatError> {
        self.seats
            .as_deref()
            .map(|s| s.split(',').map(Seat::parse).collect())
            .transpose()
    }

    /// Whether the command line opens an online game.
    pub fn online(&self) -> bool {
        self.server.is_some()
    }

    /// Checks what clap cannot: the seats against the variant.
    pub fn check(&self) -> Result<(), SeatError> {
        if let (Some(_), Some(v)) = (&self.seats, self.variant) {
            self.seats_for(v)?;
        }
        Ok(())
    }
}

/// Why the game the command line asks for could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpeningError {
    #[error(transparent)]
    Store(StoreError),
    #[error("there is no game in progress to continue")]
    NothingToContinue,
    #[error(transparent)]
    Seats(SeatError),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Options, Box<dyn std::error::Error>> {
        let args = std::iter::once("camelot").chain(s.split_whitespace());
        let o = Options::try_parse_from(args)?;
        o.check()?;
        Ok(o)
    }

    #[test]
    fn parses_every_flag() {
        let o = parse(
            "--variant grandcam --seats human,ai:master,ai:club,human --window 1024x768 \
             --quality low --terminal",
        )
        .unwrap();
        assert_eq!(o.variant, Some(Variant::GrandCam));
        let seats = o.seats_for(Variant::GrandCam).unwrap();
        assert_eq!(seats[1], Seat::Computer(camelot_engine::Level::MASTER));
        assert_eq!(o.window, (1024, 768));
        assert_eq!(o.quality, Some(Quality::Low));
        assert!(o.starts_game() && o.terminal);
        assert_eq!(parse("").unwrap().window, (1280, 800));
        assert!(parse("--continue").unwrap().starts_game());
    }

    #[test]
    fn bad_arguments_say_what_is_wrong() {
        let e = parse("--variant chess").unwrap_err().to_string();
        assert!(e.contains("chess"), "{e}");
        let e = parse("--variant camelot --seats human")
            .unwrap_err()
            .to_string();
        assert!(e.contains("2 seats"), "{e}");
        let e = parse("--window big").unwrap_err().to_string();
        assert!(e.contains("WIDTHxHEIGHT"), "{e}");
        let e = parse("--window 10x10").unwrap_err().to_string();
        assert!(e.contains("out of range"), "{e}");
        let e = parse("--seats human,ai:champion --variant camelot")
            .unwrap_err()
            .to_string();
        assert!(e.contains("champion"), "{e}");
        assert!(parse("--fly").unwrap_err().to_string().contains("--fly"));
        assert!(parse("--load").unwrap_err().to_string().contains("FILE"));
        assert!(parse("--continue --variant river").is_err());
        let e = parse("--quality ultra").unwrap_err().to_string();
        assert!(e.contains("ultra"), "{e}");
    }
}
