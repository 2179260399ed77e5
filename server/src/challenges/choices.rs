//! Whom a player takes challenges from (everyone, the players they follow, nobody), kept
//! in the room's `challenge_choices`, and the check a new challenge passes: the player
//! challenged takes it from the challenger, and does not block them.

use camelot_online::protocol::relations::{AcceptFrom, Relation};
use sqlx::Row;

use crate::accounts::Account;
use crate::challenges::ChallengeError;
use crate::games::log_storage;
use crate::relations;
use crate::store::{on, Db};

fn code(a: AcceptFrom) -> &'static str {
    match a {
        AcceptFrom::Everyone => "everyone",
        AcceptFrom::Following => "following",
        AcceptFrom::Nobody => "nobody",
    }
}

impl Db {
    pub(super) async fn challenge_choice(&self, account: &str) -> Result<AcceptFrom, sqlx::Error> {
        Ok(on!(self, read pool => {
            sqlx::query("SELECT accept FROM challenge_choices WHERE account_id = $1")
                .bind(account)
                .fetch_optional(pool)
                .await?
                .and_then(|r| r.get::<&str, _>("accept").parse().ok())
                .unwrap_or_default()
        }))
    }

    pub(super) async fn set_challenge_choice(
        &self,
        account: &str,
        accept: AcceptFrom,
    ) -> Result<(), sqlx::Error> {
        on!(self, write pool => {
            sqlx::query(
                "INSERT INTO challenge_choices (account_id, accept) VALUES ($1, $2) \
                 ON CONFLICT (account_id) DO UPDATE SET accept = excluded.accept",
            )
            .bind(account)
            .bind(code(accept))
            .execute(pool)
            .await?;
        });
        Ok(())
    }
}

/// Whether `them` takes a challenge from `me`, or why not.
pub(super) async fn may_challenge(
    db: &Db,
    me: &Account,
    them: &Account,
) -> Result<(), ChallengeError> {
    let storage = |e: sqlx::Error| {
        log_storage(&e);
        ChallengeError::Storage
    };
    if relations::relation(db, &them.id, &me.id)
        .await
        .map_err(storage)?
        == Some(Relation::Block)
    {
        return Err(ChallengeError::NotFromYou(them.name.to_string()));
    }
    match db.challenge_choice(&them.id).await.map_err(storage)? {
        AcceptFrom::Everyone => Ok(()),
        AcceptFrom::Nobody => Err(ChallengeError::TakesNone(them.name.to_string())),
        AcceptFrom::Following => {
            let follows = relations::relation(db, &them.id, &me.id)
                .await
                .map_err(storage)?
                == Some(Relation::Follow);
            if follows {
                Ok(())
            } else {
                Err(ChallengeError::OnlyFollowed(them.name.to_string()))
            }
        }
    }
}
