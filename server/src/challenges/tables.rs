//! Grand Cam's challenges to a table of four: who is asked to sit where, in turn order
//! (`challenge_seats`), and each seat's answer. The seats are chosen when the challenge
//! is sent: the sender's side takes the first or the second partnership's seats as the
//! colour asks (by chance for `random`), the sender and their partner in turn order, the
//! two against them likewise.

use crate::accounts::Account;
use camelot_engine::{Player, Side, Variant};
use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::challenges::{ColourChoice, SeatAnswer};

/// A seat of a table challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSeat {
    pub player: Player,
    pub account: String,
    pub name: AccountName,
    pub answer: SeatAnswer,
}

pub(super) fn answer_code(a: SeatAnswer) -> &'static str {
    match a {
        SeatAnswer::Challenger => "challenger",
        SeatAnswer::Waiting => "waiting",
        SeatAnswer::Accepted => "accepted",
        SeatAnswer::Declined => "declined",
    }
}

pub(super) fn answer_of(code: &str) -> Option<SeatAnswer> {
    Some(match code {
        "challenger" => SeatAnswer::Challenger,
        "waiting" => SeatAnswer::Waiting,
        "accepted" => SeatAnswer::Accepted,
        "declined" => SeatAnswer::Declined,
        _ => return None,
    })
}

/// The seats of `variant`'s table for `me` and `partner` against `them`, our side the
/// first to move where `colour` says so (by chance for `random`).
pub fn seated(
    variant: Variant,
    colour: ColourChoice,
    me: &Account,
    partner: &Account,
    them: [&Account; 2],
) -> Vec<TableSeat> {
    let rules = variant.rules();
    let ours = match colour {
        ColourChoice::White => Side::First,
        ColourChoice::Black => Side::Second,
        ColourChoice::Random if rand::random::<bool>() => Side::First,
        ColourChoice::Random => Side::Second,
    };
    let (mut us, mut others) = ([me, partner].into_iter(), them.into_iter());
    rules
        .players_in_order()
        .filter_map(|p| {
            let a = if rules.side(p) == ours {
                us.next()?
            } else {
                others.next()?
            };
            Some(TableSeat {
                player: p,
                account: a.id.clone(),
                name: a.name.clone(),
                answer: if a.id == me.id {
                    SeatAnswer::Challenger
                } else {
                    SeatAnswer::Waiting
                },
            })
        })
        .collect()
}

/// Who may be asked at tables, for `$1`'s challenges: those asking them to a seat.
pub(super) const ASKED_AT_TABLES: &str =
    "SELECT challenge_id FROM challenge_seats WHERE account = $1 AND answer <> 'challenger'";

/// The seats of a row read back (a macro: each database's row type is its own).
macro_rules! seat_of {
    ($r:expr) => {{
        let r = $r;
        (|| {
            let id: String = r.try_get("challenge_id").ok()?;
            let seat = crate::challenges::tables::TableSeat {
                player: camelot_engine::Player(
                    u8::try_from(r.try_get::<i64, _>("seat").ok()?).ok()?,
                ),
                account: r.try_get("account").ok()?,
                name: camelot_online::protocol::accounts::AccountName::parse(
                    &r.try_get::<String, _>("name").ok()?,
                )
                .ok()?,
                answer: crate::challenges::tables::answer_of(
                    &r.try_get::<String, _>("answer").ok()?,
                )?,
            };
            Some((id, seat))
        })()
    }};
}
pub(super) use seat_of;

/// `$me` accepts their seat of the table challenge `$c` on the transaction `$tx` at
/// `$now`: once no seat waits the game is made (by `$owner`) and the challenge accepted,
/// else the challenge's change is noted for the others to hear. What it came to.
macro_rules! accept_seat {
    ($tx:ident, $c:expr, $me:expr, $owner:expr, $now:expr) => {{
        let (c, me, now): (&ChallengeRow, &str, i64) = ($c, $me, $now);
        sqlx::query(
            "UPDATE challenge_seats SET answer = 'accepted' \
             WHERE challenge_id = $1 AND account = $2 AND answer = 'waiting'",
        )
        .bind(c.id.as_str())
        .bind(me)
        .execute(&mut *$tx)
        .await?;
        let waiting = c.waiting_for(me);
        let mine = c
            .seats
            .iter()
            .find(|s| s.account == me)
            .map_or(Player(0), |s| s.player);
        if waiting.is_empty() {
            let seats: Vec<(&str, Option<&AccountName>)> = c
                .seats
                .iter()
                .map(|s| (s.account.as_str(), Some(&s.name)))
                .collect();
            let new = between_accounts(c.variant, c.time, c.rated, &seats, $owner, now);
            let game = new.game.id.clone();
            insert_game!(&mut *$tx, &NewGameRows::of(&new));
            let from_seat = c
                .seats
                .iter()
                .find(|s| s.answer == SeatAnswer::Challenger)
                .map_or(0, |s| s.player.0);
            sqlx::query(
                "UPDATE challenges SET state = 'accepted', game_id = $2, from_seat = $3, \
                 changed_at = $4 WHERE id = $1",
            )
            .bind(c.id.as_str())
            .bind(game.as_str())
            .bind(i64::from(from_seat))
            .bind(now)
            .execute(&mut *$tx)
            .await?;
            Answered::Done(Some((game, c.variant.rules().seat_colour(mine))))
        } else {
            sqlx::query("UPDATE challenges SET changed_at = $2 WHERE id = $1")
                .bind(c.id.as_str())
                .bind(now)
                .execute(&mut *$tx)
                .await?;
            Answered::Waiting(waiting)
        }
    }};
}
pub(super) use accept_seat;

/// The seats of the challenge `$id` read on the transaction `$tx`, in turn order.
macro_rules! seats_in {
    ($tx:ident, $id:expr) => {{
        sqlx::query(&format!(
            "SELECT {SEAT_COLUMNS} FROM challenge_seats WHERE challenge_id = $1 ORDER BY seat"
        ))
        .bind($id)
        .fetch_all(&mut *$tx)
        .await?
        .iter()
        .filter_map(|r| seat_of!(r))
        .map(|(_, seat)| seat)
        .collect::<Vec<crate::challenges::tables::TableSeat>>()
    }};
}
pub(super) use seats_in;

/// The columns of a seat, as [`seat_of!`] reads them.
pub(super) const SEAT_COLUMNS: &str = "challenge_id, seat, account, name, answer";

#[cfg(test)]
mod tests {
    use camelot_online::protocol::accounts::AccountKind;

    use super::*;

    fn account(id: &str) -> Account {
        Account {
            id: id.into(),
            name: AccountName::parse(id).unwrap(),
            kind: AccountKind::Person,
            rated_with_people: false,
            created_at: 0,
        }
    }

    #[test]
    fn a_table_seats_the_sender_with_their_partner_on_the_side_asked_for() {
        let (me, partner, a, b) = (
            account("Gawain"),
            account("Guinevere"),
            account("Lancelot"),
            account("Percival"),
        );
        let rules = Variant::GrandCam.rules();
        for (colour, ours) in [
            (ColourChoice::White, Side::First),
            (ColourChoice::Black, Side::Second),
        ] {
            let seats = seated(Variant::GrandCam, colour, &me, &partner, [&a, &b]);
            assert_eq!(seats.len(), 4);
            let order: Vec<Player> = rules.players_in_order().collect();
            assert_eq!(seats.iter().map(|s| s.player).collect::<Vec<_>>(), order);
            let side_of =
                |id: &str| rules.side(seats.iter().find(|s| s.account == id).unwrap().player);
            assert_eq!(side_of("Gawain"), ours);
            assert_eq!(side_of("Guinevere"), ours);
            assert_ne!(side_of("Lancelot"), ours);
            assert_eq!(side_of("Lancelot"), side_of("Percival"));
            let answers: Vec<SeatAnswer> = seats.iter().map(|s| s.answer).collect();
            assert_eq!(
                answers
                    .iter()
                    .filter(|a| **a == SeatAnswer::Challenger)
                    .count(),
                1
            );
            assert_eq!(
                answers
                    .iter()
                    .filter(|a| **a == SeatAnswer::Waiting)
                    .count(),
                3
            );
        }
    }
}
