//! What a player's page and the leaderboard show, put together from the rooms that own
//! it: the games an account sat in (the games'), their rating changes and the ratings
//! (the ratings'), the players' names (the accounts').

use camelot_engine::Variant;
use camelot_online::protocol::accounts::{
    AccountName, Leader, Leaders, PlayedGame, VariantLeaders,
};
use camelot_online::protocol::history::{GamesFilter, OtherSeat};
use camelot_online::protocol::GameId;

use crate::store::Db;

/// How many finished games a page of a player's games lists.
pub const GAMES_SHOWN: i64 = 20;

/// Games read at a time while a result is filtered for (the games' list cannot tell a
/// win from a loss without the seat's side), and at most how many batches a page reads
/// before it offers the rest on the next.
const BATCH: i64 = 100;
const MOST_BATCHES: usize = 10;

/// The account's finished games created before game `before` (all, without it) that
/// `filter` keeps, newest first, at most [`GAMES_SHOWN`], each with the change it made to
/// the account's rating where it was rated and the other seats with their players'
/// ratings before it; and the game the next page starts after, where there may be more.
pub async fn finished_games_of(
    db: &Db,
    account: &str,
    before: Option<&GameId>,
    filter: &GamesFilter,
) -> Result<(Vec<PlayedGame>, Option<GameId>), sqlx::Error> {
    let (mut games, next) = match filter.result {
        None => {
            let games = db
                .finished_games_of(account, before, GAMES_SHOWN, filter)
                .await?;
            let next = (games.len() as i64 == GAMES_SHOWN)
                .then(|| games.last().map(|g| g.game.clone()))
                .flatten();
            (games, next)
        }
        Some(_) => kept_by_result(db, account, before, filter).await?,
    };
    fill_in(db, account, &mut games, false).await?;
    Ok((games, next))
}

/// The account's games going on, newest first, each with its other seats.
pub async fn live_games_of(db: &Db, account: &str) -> Result<Vec<PlayedGame>, sqlx::Error> {
    let mut games = db.live_listed_of(account).await?;
    fill_in(db, account, &mut games, true).await?;
    Ok(games)
}

/// Fills in each of `account`'s `games` the change it made to the rating and the other
/// seats, their players named and rated as they were before it (`live` games: as they
/// are now; none for a casual game).
async fn fill_in(
    db: &Db,
    account: &str,
    games: &mut [PlayedGame],
    live: bool,
) -> Result<(), sqlx::Error> {
    let ids: Vec<GameId> = games.iter().map(|g| g.game.clone()).collect();
    let changes = db.changes_in(account, &ids).await?;
    let seats = db.seats_of(&ids).await?;
    let before_ratings = db.ratings_before(&ids).await?;
    let mut accounts: Vec<String> = seats
        .values()
        .flatten()
        .filter_map(|s| s.account.clone())
        .collect();
    accounts.sort();
    accounts.dedup();
    let facts = db.facts_of(&accounts).await?;
    let now = match live {
        true => db.ratings_of_accounts(&accounts).await?,
        false => Default::default(),
    };
    for g in games.iter_mut() {
        g.change = changes.get(&g.game).copied();
        let rules = g.variant.rules();
        let mine = rules.seat_with_colour(g.seat);
        let my_side = mine.map(|p| rules.side(p));
        g.others = seats
            .get(&g.game)
            .into_iter()
            .flatten()
            .filter(|s| Some(s.player) != mine && s.account.as_deref() != Some(account))
            .map(|s| OtherSeat {
                seat: rules.seat_colour(s.player),
                partner: Some(rules.side(s.player)) == my_side,
                account: s.account.as_ref().map(|a| {
                    let name = facts.get(a).and_then(|f| f.name.clone());
                    let before = before_ratings.get(&(g.game.clone(), a.clone())).copied();
                    let current = now.get(&(a.clone(), g.variant)).copied();
                    let mut shown = crate::ratings::shown(name, before.or(current), None);
                    if !g.rated || (!live && before.is_none()) {
                        // No rating it was played at.
                        shown.rating = None;
                        shown.provisional = false;
                    }
                    shown
                }),
                name: s.name.clone(),
                computer: s.computer,
            })
            .collect();
    }
    Ok(())
}

/// The games `filter` keeps where it asks for a result: read a batch at a time and
/// kept in order, until a page is full or [`MOST_BATCHES`] were read.
async fn kept_by_result(
    db: &Db,
    account: &str,
    before: Option<&GameId>,
    filter: &GamesFilter,
) -> Result<(Vec<PlayedGame>, Option<GameId>), sqlx::Error> {
    let mut kept = Vec::new();
    let mut after = before.cloned();
    for _ in 0..MOST_BATCHES {
        let batch = db
            .finished_games_of(account, after.as_ref(), BATCH, filter)
            .await?;
        let full = batch.len() as i64 == BATCH;
        for g in batch {
            after = Some(g.game.clone());
            if filter.keeps(&g) {
                kept.push(g);
                if kept.len() as i64 == GAMES_SHOWN {
                    return Ok((kept, after));
                }
            }
        }
        if !full {
            return Ok((kept, None));
        }
    }
    Ok((kept, after))
}

/// The best players of each variant: at least [`Leaders::MIN_GAMES`] rated games, a
/// rating not provisional, an account not closed; at most [`Leaders::MOST`] a variant.
pub async fn leaders(db: &Db) -> Result<Leaders, sqlx::Error> {
    let settled = db.settled_ratings(Leaders::MIN_GAMES).await?;
    let mut ids: Vec<String> = settled.iter().map(|r| r.account.clone()).collect();
    ids.sort();
    ids.dedup();
    let names = db.facts_of(&ids).await?;
    let named =
        |account: &str| -> Option<AccountName> { names.get(account).and_then(|f| f.name.clone()) };
    let variants = Variant::ALL
        .iter()
        .filter_map(|&variant| {
            let players: Vec<Leader> = settled
                .iter()
                .filter(|r| r.variant == variant)
                .filter_map(|r| {
                    Some(Leader {
                        name: named(&r.account)?,
                        rating: r.rating,
                        deviation: r.deviation,
                        games: r.games,
                    })
                })
                .take(Leaders::MOST)
                .collect();
            (!players.is_empty()).then_some(VariantLeaders { variant, players })
        })
        .collect();
    Ok(Leaders { variants })
}

#[cfg(test)]
mod tests {
    use camelot_online::protocol::accounts::{AccountKind, SessionEnd};

    use super::*;
    use crate::accounts::Account;

    #[tokio::test]
    async fn the_best_players_are_settled_ratings_of_five_games_or_more() {
        let dir = std::env::temp_dir().join(format!("camelot-db-leaders-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = Db::open(&format!("sqlite://{}", dir.join("server.db").display()))
            .await
            .unwrap();
        // (name, variant, rating, deviation, games, closed)
        for (i, (name, variant, rating, deviation, games, closed)) in [
            ("Arthur", Variant::Camelot, 1700.0, 80.0, 12, false),
            ("Lancelot", Variant::Camelot, 1800.0, 90.0, 30, false),
            ("Gawain", Variant::Camelot, 1900.0, 150.0, 30, false),
            ("Kay", Variant::Camelot, 2000.0, 60.0, 4, false),
            ("Mordred", Variant::Camelot, 2100.0, 60.0, 40, true),
            ("Bors", Variant::Camette, 1600.0, 100.0, 5, false),
        ]
        .into_iter()
        .enumerate()
        {
            let id = format!("a{i}");
            let account = Account {
                id: id.clone(),
                name: AccountName::parse(name).unwrap(),
                kind: AccountKind::Person,
                rated_with_people: false,
                created_at: 0,
            };
            assert!(db.insert_account(&account, "h", 0).await.unwrap());
            db.set_rating(&id, variant, (rating, deviation), games)
                .await
                .unwrap();
            if closed {
                db.close_account(&id, SessionEnd::AccountClosed, 1)
                    .await
                    .unwrap();
            }
        }
        let leaders = leaders(&db).await.unwrap();
        let shown: Vec<(Variant, Vec<&str>)> = leaders
            .variants
            .iter()
            .map(|v| {
                (
                    v.variant,
                    v.players.iter().map(|p| p.name.as_str()).collect(),
                )
            })
            .collect();
        assert_eq!(
            shown,
            vec![
                (Variant::Camelot, vec!["Lancelot", "Arthur"]),
                (Variant::Camette, vec!["Bors"]),
            ]
        );
    }
}
