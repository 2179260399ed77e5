//! A game's record: the `.cgn` text of its moves and tags.

use camelot_engine::notation::{CivilTime, RecordTags};
use camelot_engine::{Notation, Player};

use crate::games::live::{LiveGame, Status};

/// The game as a `.cgn` record.
pub fn record_text(g: &LiveGame) -> String {
    let tags = RecordTags {
        event: Some("camelot-server game".into()),
        site: Some("camelot-server".into()),
        date: Some(CivilTime::from_unix_seconds(g.created_at.div_euclid(1000))),
        round: Some(g.id.to_string()),
        // A person's seat by the name they gave; the server's computer by its level, as
        // the tables show it.
        seats: g
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let name = match (&s.name, s.computer) {
                    (Some(name), _) => name.to_string(),
                    (None, Some(level)) => format!("Computer, {}", level.name),
                    (None, None) => return None,
                };
                Some((Player(i as u8), name))
            })
            .collect(),
        time_control: Some(g.time.to_string()),
        termination: Some(match g.status {
            Status::Over(end) => end.describe().to_string(),
            Status::Live => "unterminated".into(),
        }),
        other: Vec::new(),
    };
    tags.export(&g.game, Notation::Wcf)
}
