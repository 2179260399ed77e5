//! A game between accounts, made for them by the server (a quick game paired, a
//! challenge accepted): each seat held by its account alone (its token one nobody has).

use camelot_engine::Variant;
use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::{PlayerName, TimeControl};

use crate::common::owner::Owner;
use crate::common::tokens;
use crate::games::live::{LiveGame, NewGame, SeatRow};
use crate::games::new_game_id;

/// The game of `variant` at `time` with `seats` (each account's id and name, in turn
/// order) seated, rated or casual.
pub fn between_accounts(
    variant: Variant,
    time: TimeControl,
    rated: bool,
    seats: &[(&str, Option<&AccountName>)],
    owner: Owner,
    now: i64,
) -> NewGame {
    let mut game = LiveGame::new(new_game_id(), variant, time, now);
    game.rated = rated;
    game.joined = false;
    let rows = seats
        .iter()
        .map(|(account, name)| SeatRow {
            token_hash: Some(tokens::hash(&tokens::new_token())),
            name: name.and_then(|n| PlayerName::parse(n.as_str()).ok()),
            computer: None,
            account: Some(account.to_string()),
        })
        .collect::<Vec<_>>();
    for (info, row) in game.seats.iter_mut().zip(&rows) {
        info.name = row.name.clone();
    }
    NewGame {
        game,
        seats: rows,
        owner,
    }
}
