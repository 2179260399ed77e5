//! The operator's tournaments, from the server's command line (`camelot-server --database
//! URL tournament schedule|schedules|unschedule`): a tournament every day at a time of
//! day (UTC), made by the running servers an hour before it starts.

use camelot_engine::Variant;
use camelot_online::protocol::tournaments::{NewTournament, TournamentKind};
use camelot_online::protocol::{TimeControl, TimeOfDay};

use crate::common::clock::now_ms;
use crate::common::tokens;
use crate::store::Db;
use crate::tournaments::figures;
use crate::tournaments::schedules::Schedule;
use crate::tournaments::settings::judged;
use crate::tournaments::TournamentError;

#[derive(clap::Subcommand)]
pub enum TournamentCommand {
    /// A tournament every day at a time (UTC): made an hour before it starts, and listed
    /// among those starting soon.
    Schedule(ScheduleArgs),
    /// The schedules, one a line.
    Schedules,
    /// Stop a schedule (the tournaments it made stay).
    Unschedule { id: String },
    /// How long the pairings take for a field of PLAYERS (an arena's wave, a Swiss
    /// round): the median of a number of tries, on this machine.
    Figures {
        #[arg(long, default_value_t = 500)]
        players: usize,
    },
}

#[derive(clap::Args)]
pub struct ScheduleArgs {
    /// Its name, as lists show it.
    #[arg(long)]
    name: Option<String>,
    /// arena, swiss or roundrobin.
    #[arg(long)]
    kind: TournamentKind,
    #[arg(long, default_value = "camelot")]
    variant: Variant,
    /// Its games' time: MINUTES+INCREMENT (as 3+2), or DAYSd for days a move.
    #[arg(long, value_parser = TimeControl::parse_clock_or_days)]
    time: TimeControl,
    /// An arena's length in minutes.
    #[arg(long, conflicts_with = "rounds")]
    minutes: Option<u32>,
    /// A Swiss's rounds; a round robin's cycles.
    #[arg(long)]
    rounds: Option<u32>,
    /// The time of day it starts, HH:MM in UTC.
    #[arg(long)]
    daily: TimeOfDay,
    /// Its games change no rating.
    #[arg(long)]
    casual: bool,
    /// Programs' accounts may play in it.
    #[arg(long)]
    programs: bool,
    #[arg(long)]
    max_players: Option<u32>,
}

/// What the operator's command could not do.
#[derive(Debug, thiserror::Error)]
pub enum ScheduleError {
    #[error(transparent)]
    Settings(#[from] TournamentError),
    #[error("no schedule has the id '{0}'")]
    NoSuchSchedule(String),
    #[error("the database: {0}")]
    Storage(#[from] sqlx::Error),
}

/// Does what the operator asked, and says so.
pub async fn operate(db: &Db, command: TournamentCommand) -> Result<(), ScheduleError> {
    let now = now_ms();
    match command {
        TournamentCommand::Schedule(a) => {
            let name = a.name.unwrap_or_else(|| {
                format!(
                    "Daily {} {} {}",
                    a.variant.rules().name,
                    a.time,
                    a.kind.words()
                )
            });
            let next_at = a.daily.next_after(now);
            // Judged as a player's would be, at its first start.
            let row = judged(
                NewTournament {
                    name,
                    kind: a.kind,
                    variant: a.variant,
                    time: a.time,
                    minutes: a.minutes,
                    rounds: a.rounds,
                    starts_at: Some(next_at),
                    casual: a.casual,
                    programs: a.programs,
                    max_players: a.max_players,
                },
                None,
                now,
            )?;
            let s = Schedule {
                id: tokens::random(8),
                name: row.name,
                kind: row.kind,
                variant: row.variant,
                time: row.time,
                minutes: row.minutes,
                rounds: row.rounds,
                cycles: row.cycles,
                rated: row.rated,
                programs: row.programs,
                max_players: row.max_players,
                at_minute: a.daily.minutes(),
                next_at,
            };
            db.insert_schedule(&s, now).await?;
            println!(
                "scheduled {}: {}, every day at {} UTC; the next starts in {} minutes",
                s.id,
                s.name,
                a.daily,
                (next_at - now).div_euclid(60_000)
            );
        }
        TournamentCommand::Schedules => {
            for s in db.schedules(i64::MAX).await? {
                let at = TimeOfDay::from_minutes(s.at_minute)
                    .map_or_else(|| format!("minute {}", s.at_minute), |t| t.to_string());
                println!("{}: {}, every day at {at} UTC", s.id, s.name);
            }
        }
        TournamentCommand::Figures { players } => {
            let (arena, swiss) = figures::pairing_times(players);
            println!("{players} players: an arena's wave {arena:.2} ms, a Swiss round {swiss:.2} ms (medians of 21)");
        }
        TournamentCommand::Unschedule { id } => {
            if !db.drop_schedule(&id).await? {
                return Err(ScheduleError::NoSuchSchedule(id));
            }
            println!("unscheduled {id}: the tournaments it made stay");
        }
    }
    Ok(())
}
