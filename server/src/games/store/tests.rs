//! The computer's queue and the forgetting rules, on a real SQLite database.

use camelot_engine::{Level, Player, Variant};
use camelot_online::protocol::{GameId, TimeControl};

use super::*;
use crate::common::limits::AddressKey;
use crate::queue::{Kind, Work};

fn owner(ip: &str) -> Owner {
    Owner::Address(AddressKey::of(ip.parse().unwrap()))
}

/// A game of Camette created at `at` by `owner`, the computer White (to move first),
/// a person Black.
fn computer_first(id: &str, at: i64, owner: Owner) -> NewGame {
    let id = GameId::parse(id).unwrap();
    let mut game = LiveGame::new(id.clone(), Variant::Camette, TimeControl::Untimed, at);
    game.seats[0].computer = Some(Level::BEGINNER);
    NewGame {
        game,
        seats: vec![
            SeatRow {
                token_hash: None,
                name: None,
                computer: Some(Level::BEGINNER),
                account: None,
            },
            SeatRow {
                token_hash: Some(format!("hash-of-{id}")),
                name: None,
                computer: None,
                account: None,
            },
        ],
        owner,
    }
}

/// A game of the TV, created at `at`: every seat the computer's.
fn shown(id: &str, at: i64) -> NewGame {
    let mut new = computer_first(id, at, Owner::Tv);
    new.game.seats[1].computer = Some(Level::BEGINNER);
    new.seats[1] = new.seats[0].clone();
    new
}

async fn taken(db: &Db, now: i64) -> Option<String> {
    match db
        .acquire(Kind::Turn, "me", now, now + 20_000)
        .await
        .unwrap()
    {
        Some(Work::Turn(t)) => Some(t.game.to_string()),
        _ => None,
    }
}

async fn joined(db: &Db, id: &str) {
    db.seat_joined(&GameId::parse(id).unwrap(), Player(1), None, None)
        .await
        .unwrap();
}

#[tokio::test]
async fn turns_are_taken_round_robin_between_owners_people_before_the_tv() {
    let db = Db::scratch("round-robin").await;
    let (a, b, c) = (owner("10.0.0.1"), owner("10.0.0.2"), owner("10.0.0.3"));
    for (id, at, who) in [
        ("a1", 1000, a),
        ("a2", 1001, a),
        ("a3", 1002, a),
        ("b1", 1003, b),
    ] {
        db.create(&computer_first(id, at, who)).await.unwrap();
        joined(&db, id).await;
    }
    // Nobody came to c's game: the computer does not think for it.
    db.create(&computer_first("c1", 999, c)).await.unwrap();
    assert!(db.create_shown(&shown("tv1", 0), None).await.unwrap());

    assert_eq!(taken(&db, 10_000).await.as_deref(), Some("a1"), "due first");
    assert!(db.others_wait(&a, 10_000).await.unwrap(), "b waits");
    assert_eq!(taken(&db, 10_001).await.as_deref(), Some("b1"), "b's turn");
    assert_eq!(taken(&db, 10_002).await.as_deref(), Some("a2"));
    assert!(
        !db.others_wait(&a, 10_002).await.unwrap(),
        "only a's own, and the TV's, which cuts no search short"
    );
    assert_eq!(taken(&db, 10_003).await.as_deref(), Some("a3"));
    assert_eq!(
        taken(&db, 10_004).await.as_deref(),
        Some("tv1"),
        "the TV last"
    );
    assert_eq!(
        taken(&db, 10_005).await,
        None,
        "c's game waits for a person"
    );
    joined(&db, "c1").await;
    assert_eq!(taken(&db, 10_006).await.as_deref(), Some("c1"));
    // The rotation forgets owners served long ago (a, b and the TV by 10_004).
    assert_eq!(db.forget_served_owners(10_005).await.unwrap(), 3);
    assert_eq!(db.forget_served_owners(10_005).await.unwrap(), 0);
}

#[tokio::test]
async fn games_nobody_joined_are_forgotten_whoever_moved_and_the_tv_keeps_its_newest() {
    let db = Db::scratch("forget").await;
    let me = owner("10.0.0.1");
    // The computer moved in one game nobody joined; a person came to the other.
    let unjoined = computer_first("moved", 1000, me);
    db.create(&unjoined).await.unwrap();
    let old = unjoined.game.clone();
    let mut next = old.clone();
    let mv = next.game.position().named_moves()[0].clone();
    next.play(Player(0), 0, &mv, 1500).unwrap();
    db.save(&next, &old, &Change::Moved).await.unwrap();
    db.create(&computer_first("joined", 1000, me))
        .await
        .unwrap();
    joined(&db, "joined").await;
    // Three TV games, two of them over.
    let mut before = None;
    for (i, id) in ["tv1", "tv2", "tv3"].into_iter().enumerate() {
        let new = shown(id, i as i64);
        assert!(db.create_shown(&new, before.as_ref()).await.unwrap());
        if id != "tv3" {
            let mut over = new.game.clone();
            over.resign(Player(0)).unwrap();
            db.save(&over, &new.game, &Change::Updated).await.unwrap();
        }
        before = Some(new.game.id.clone());
    }

    assert_eq!(db.forget_unjoined(2000).await.unwrap(), 1);
    let gone = |id: &str| {
        let db = db.clone();
        let id = GameId::parse(id).unwrap();
        async move { db.load(&id).await.unwrap().is_none() }
    };
    assert!(gone("moved").await, "the computer's moves kept it");
    assert!(!gone("joined").await);
    for tv in ["tv1", "tv2", "tv3"] {
        assert!(!gone(tv).await, "the TV's games are not 'unjoined'");
    }
    assert_eq!(db.forget_old_tv(1).await.unwrap(), 1);
    assert!(gone("tv1").await, "older than the newest finished one");
    assert!(!gone("tv2").await, "the newest finished one is kept");
    assert!(!gone("tv3").await, "the one on now is kept");
}
