//! A new tournament's settings judged, whoever asks (a player, or the operator's
//! schedule): its name, a variant (Grand Cam's in an arena), a clock, its length or
//! rounds, its start.

use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::tournaments::{
    NewTournament, TournamentId, TournamentKind, TournamentState,
};
use camelot_online::protocol::TimeControl;

use crate::common::tokens;
use crate::tournaments::store::TournamentRow;
use crate::tournaments::{TournamentError, MAX_PLAYERS};

/// A tournament's id: ten letters and digits.
const ID_LEN: usize = 10;

/// A new id.
pub fn new_id() -> TournamentId {
    TournamentId::parse(&tokens::random(ID_LEN)).expect("letters and digits")
}

/// A new tournament's settings judged: its row, or why not.
pub fn judged(
    asked: NewTournament,
    creator: Option<(&str, &AccountName)>,
    now: i64,
) -> Result<TournamentRow, TournamentError> {
    let name = asked.name.trim().to_string();
    let letters = name.chars().count();
    if !(3..=40).contains(&letters) || name.chars().any(char::is_control) {
        return Err(TournamentError::BadName);
    }
    // Grand Cam's tables of four are seated in arenas; a Swiss's or a round robin's
    // rounds pair the field in twos.
    if asked.variant.rules().players() != 2 && asked.kind != TournamentKind::Arena {
        return Err(TournamentError::TablesInArenas);
    }
    let time = asked.time.check().map_err(TournamentError::Time)?;
    if time == TimeControl::Untimed {
        return Err(TournamentError::NoClock);
    }
    let (minutes, rounds, cycles) = match asked.kind {
        TournamentKind::Arena => {
            let m = asked.minutes.ok_or(TournamentError::Length)?;
            if !(1..=1440).contains(&m) || matches!(time, TimeControl::Days { .. }) {
                return Err(TournamentError::Length);
            }
            (m, 0, 0)
        }
        TournamentKind::Swiss => {
            let r = asked.rounds.ok_or(TournamentError::Rounds)?;
            if !(1..=20).contains(&r) {
                return Err(TournamentError::Rounds);
            }
            (0, r, 0)
        }
        TournamentKind::RoundRobin => {
            let c = asked.rounds.unwrap_or(1);
            if !(1..=2).contains(&c) {
                return Err(TournamentError::Cycles);
            }
            (0, 0, c)
        }
    };
    let starts_at = asked.starts_at.unwrap_or(now).max(now);
    if starts_at > now + 30 * 86_400_000 {
        return Err(TournamentError::TooFar);
    }
    let max_players = asked.max_players.unwrap_or(MAX_PLAYERS);
    if !(2..=MAX_PLAYERS).contains(&max_players) {
        return Err(TournamentError::MaxPlayers(MAX_PLAYERS));
    }
    Ok(TournamentRow {
        id: new_id(),
        name,
        kind: asked.kind,
        variant: asked.variant,
        time,
        minutes,
        rounds,
        cycles,
        rated: !asked.casual,
        programs: asked.programs,
        max_players,
        creator: creator.map(|(id, _)| id.to_string()),
        creator_name: creator.map(|(_, name)| name.clone()),
        created_at: now,
        starts_at,
        ends_at: None,
        state: TournamentState::Soon,
        round: 0,
        step: 0,
        players: 0,
    })
}
