//! What a player's page and the leaderboard show, put together from the rooms that own
//! it: the games an account sat in (the games'), their rating changes and the ratings
//! (the ratings'), the players' names (the accounts').

use camelot_engine::Variant;
use camelot_online::protocol::accounts::{
    AccountName, Leader, Leaders, PlayedGame, VariantLeaders,
};
use camelot_online::protocol::GameId;

use crate::store::Db;

/// How many finished games a page of a player's games lists.
pub const GAMES_SHOWN: i64 = 20;

/// The account's finished games created before game `before` (all, without it), newest
/// first, at most [`GAMES_SHOWN`], each with the change it made to the account's rating
/// where it was rated.
pub async fn finished_games_of(
    db: &Db,
    account: &str,
    before: Option<&GameId>,
) -> Result<Vec<PlayedGame>, sqlx::Error> {
    let mut games = db.finished_games_of(account, before, GAMES_SHOWN).await?;
    let ids: Vec<GameId> = games.iter().map(|g| g.game.clone()).collect();
    let changes = db.changes_in(account, &ids).await?;
    for g in &mut games {
        g.change = changes.get(&g.game).copied();
    }
    Ok(games)
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
