//! `POST /challenges` (a challenge sent), `GET /challenges` (mine, waiting for news with
//! `?since=`), `GET /challenges/ID` (one, waiting for its answer with `?wait=1`), `POST
//! /challenges/ID/accept`, `POST /challenges/ID/decline`, `DELETE /challenges/ID`, and
//! `GET`/`POST /account/challenges` (whom I take challenges from).

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, Method};
use axum::routing::{get, post};
use axum::{Json, Router};
use camelot_online::protocol::accounts::Done;
use camelot_online::protocol::challenges::{
    Acceptance, ChallengeGame, ChallengeId, ChallengeList, ChallengeMade, ChallengeState,
    ChallengeView, DeclineChallenge, NewChallenge,
};
use camelot_online::protocol::relations::{ChallengeChoice, SetChallengeChoice};

use crate::accounts::{self, Account};
use crate::challenges::choices;
use crate::challenges::store::{Answered, ChallengeRow, Closing, Stored};
use crate::challenges::tables::seated;
use crate::challenges::watch::ChallengeWatch;
use crate::challenges::{lifetime_ms, list_for, ChallengeError, PATIENCE_S};
use crate::common::client::ClientAddress;
use crate::common::clock::now_ms;
use crate::common::error::ServiceError;
use crate::common::http::{body, JsonBody};
use crate::common::limits::{AddressKey, PerMinute};
use crate::common::owner::Owner;
use crate::common::tokens;
use crate::games::log_storage;
use crate::pairing::pool_of;
use crate::ratings;
use crate::store::Db;

const PATIENCE: Duration = Duration::from_secs(PATIENCE_S);

/// A challenge's id: twelve letters and digits.
const ID_LEN: usize = 12;

/// How much one may challenge.
pub struct ChallengeLimits {
    /// Challenges of one account waiting for an answer at once.
    pub open_per_sender: usize,
    /// Challenges one account sends a minute.
    pub per_account: PerMinute<String>,
    /// Challenges sent from one address a minute, whoever sends them.
    pub per_address: PerMinute<AddressKey>,
}

#[derive(Clone)]
struct Challenges {
    db: Db,
    watch: Arc<ChallengeWatch>,
    limits: Arc<ChallengeLimits>,
}

pub fn api(db: Db, watch: Arc<ChallengeWatch>, limits: ChallengeLimits) -> Router {
    let state = Challenges {
        db,
        watch,
        limits: Arc::new(limits),
    };
    Router::new()
        .route("/challenges", post(send).get(list))
        .route("/challenges/{id}", get(look).delete(cancel))
        .route("/challenges/{id}/accept", post(accept))
        .route("/challenges/{id}/decline", post(decline))
        .route("/account/challenges", get(look_choice).post(set_choice))
        .with_state(state)
}

fn storage(e: sqlx::Error) -> ChallengeError {
    log_storage(&e);
    ChallengeError::Storage
}

async fn me(db: &Db, headers: &HeaderMap, method: &Method) -> Result<Account, ServiceError> {
    Ok(accounts::signed_in(db, headers, method, now_ms())
        .await?
        .ok_or(ChallengeError::NotSignedIn)?
        .account)
}

fn id_of(text: &str) -> Result<ChallengeId, ChallengeError> {
    ChallengeId::parse(text).map_err(|_| ChallengeError::NoSuchChallenge)
}

/// The number after `name=` in a query, where there is one.
fn query_number(query: Option<&str>, name: &str) -> Result<Option<i64>, ServiceError> {
    let Some(q) = query else { return Ok(None) };
    for pair in q.split('&') {
        if let Some(v) = pair.strip_prefix(name).and_then(|r| r.strip_prefix('=')) {
            return v
                .parse()
                .map(Some)
                .map_err(|_| ServiceError::Unreadable(format!("{name} must be a number")));
        }
    }
    Ok(None)
}

async fn send(
    State(c): State<Challenges>,
    client: ClientAddress,
    method: Method,
    headers: HeaderMap,
    JsonBody(bytes): JsonBody,
) -> Result<Json<ChallengeMade>, ServiceError> {
    let me = me(&c.db, &headers, &method).await?;
    let asked: NewChallenge = body(&bytes)?;
    let others = 1 + asked.against.len();
    if asked.variant.rules().players() != others + 1 {
        return Err(ChallengeError::Seats {
            variant: asked.variant.rules().name,
            players: asked.variant.rules().players(),
        }
        .into());
    }
    let time = asked.time.check().map_err(ChallengeError::Time)?;
    let mut asked_players = Vec::with_capacity(others);
    for name in std::iter::once(&asked.to).chain(&asked.against) {
        let them =
            c.db.account_named(&name.key())
                .await
                .map_err(storage)?
                .ok_or_else(|| ChallengeError::NoSuchPlayer(name.to_string()))?;
        if them.id == me.id {
            return Err(ChallengeError::Yourself.into());
        }
        if asked_players.iter().any(|a: &Account| a.id == them.id) {
            return Err(ChallengeError::Twice(them.name.to_string()).into());
        }
        choices::may_challenge(&c.db, &me, &them).await?;
        if asked.rated && pool_of(&me) != pool_of(&them) {
            let program = if pool_of(&them) == "programs" {
                &them
            } else {
                &me
            };
            return Err(ChallengeError::NotRatedTogether(program.name.to_string()).into());
        }
        asked_players.push(them);
    }
    let them = asked_players[0].clone();
    let now = now_ms();
    let open =
        c.db.open_challenges_from(&me.id, asked.against.is_empty().then_some(&*them.id), now)
            .await
            .map_err(storage)?;
    if open >= c.limits.open_per_sender {
        return Err(ChallengeError::TooManyOpen(open).into());
    }
    for allowed in [
        c.limits.per_account.allow(me.id.clone()),
        c.limits.per_address.allow(client.key()),
    ] {
        if !allowed {
            let n = c.limits.per_account.limit().unwrap_or(0);
            return Err(ChallengeError::TooManyAMinute(n).into());
        }
    }
    let rating =
        c.db.rating_in(&me.id, asked.variant)
            .await
            .map_err(storage)?;
    let shown = ratings::shown(None, rating, None);
    let row = ChallengeRow {
        id: ChallengeId::parse(&tokens::random(ID_LEN)).expect("letters and digits"),
        from_account: me.id.clone(),
        from_name: me.name.clone(),
        to_account: them.id.clone(),
        to_name: them.name.clone(),
        variant: asked.variant,
        time,
        rated: asked.rated,
        colour: asked.colour,
        rating: shown.rating.unwrap_or(1500),
        provisional: shown.provisional,
        created_at: now,
        expires_at: now + lifetime_ms(time),
        changed_at: now,
        state: Stored::Open,
        seats: match asked_players.as_slice() {
            [partner, a, b] => seated(asked.variant, asked.colour, &me, partner, [a, b]),
            _ => Vec::new(),
        },
    };
    c.db.insert_challenge(&row).await.map_err(storage)?;
    c.watch.changed_here(row.id.as_str(), now, &row.accounts());
    Ok(Json(ChallengeMade { challenge: row.id }))
}

async fn list(
    State(c): State<Challenges>,
    method: Method,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Result<Json<ChallengeList>, ServiceError> {
    let me = me(&c.db, &headers, &method).await?;
    let since = query_number(query.as_deref(), "since")?;
    let mut waiting = c.watch.wait_for(&me.id);
    let start = Instant::now();
    loop {
        let list = list_for(&c.db, &me.id, now_ms()).await.map_err(storage)?;
        let waited = start.elapsed();
        if since.is_none_or(|s| list.seen > s) || waited >= PATIENCE {
            return Ok(Json(list));
        }
        waiting.news(PATIENCE - waited).await;
    }
}

async fn look(
    State(c): State<Challenges>,
    Path(id): Path<String>,
    method: Method,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Result<Json<ChallengeView>, ServiceError> {
    let me = me(&c.db, &headers, &method).await?;
    let id = id_of(&id)?;
    let wait = query_number(query.as_deref(), "wait")?.is_some_and(|w| w != 0);
    let mut waiting = c.watch.wait_for(&me.id);
    let start = Instant::now();
    loop {
        let row =
            c.db.challenge(&id)
                .await
                .map_err(storage)?
                .filter(|r| r.concerns(&me.id))
                .ok_or(ChallengeError::NoSuchChallenge)?;
        let view = row.view_for(&me.id, now_ms());
        let waited = start.elapsed();
        if !wait || view.state != ChallengeState::Open || waited >= PATIENCE {
            return Ok(Json(view));
        }
        // An open challenge's expiry is news too, though no row changes at that moment.
        let until_expiry = Duration::from_millis((view.expires_at - now_ms()).max(0) as u64);
        waiting
            .news((PATIENCE - waited).min(until_expiry + Duration::from_millis(50)))
            .await;
    }
}

/// What an answer came to, as the asker is told.
fn answered(a: Answered) -> Result<Option<Acceptance>, ChallengeError> {
    match a {
        Answered::Done(game) => {
            Ok(game.map(|(game, seat)| Acceptance::Game(ChallengeGame { game, seat })))
        }
        Answered::Waiting(waiting_for) => Ok(Some(Acceptance::Waiting { waiting_for })),
        Answered::NoSuch => Err(ChallengeError::NoSuchChallenge),
        Answered::SendersOwn(to) => Err(ChallengeError::YoursToWait(to.to_string())),
        Answered::NotTheSender(from) => Err(ChallengeError::TheirsToCancel(from.to_string())),
        Answered::Closed(what) => Err(ChallengeError::Closed(what)),
    }
}

async fn accept(
    State(c): State<Challenges>,
    Path(id): Path<String>,
    client: ClientAddress,
    method: Method,
    headers: HeaderMap,
) -> Result<Json<Acceptance>, ServiceError> {
    let me = me(&c.db, &headers, &method).await?;
    let id = id_of(&id)?;
    let now = now_ms();
    let done =
        c.db.accept_challenge(&id, &me.id, Owner::Address(client.key()), now)
            .await
            .map_err(storage)?;
    let acceptance = answered(done)?.ok_or(ChallengeError::Storage)?;
    tell(&c, &id, now).await;
    Ok(Json(acceptance))
}

async fn decline(
    State(c): State<Challenges>,
    Path(id): Path<String>,
    method: Method,
    headers: HeaderMap,
    JsonBody(bytes): JsonBody,
) -> Result<Json<Done>, ServiceError> {
    let me = me(&c.db, &headers, &method).await?;
    let id = id_of(&id)?;
    let asked: DeclineChallenge = body(&bytes)?;
    close(&c, &id, &me, Closing::Decline(asked.reason)).await
}

async fn cancel(
    State(c): State<Challenges>,
    Path(id): Path<String>,
    method: Method,
    headers: HeaderMap,
) -> Result<Json<Done>, ServiceError> {
    let me = me(&c.db, &headers, &method).await?;
    let id = id_of(&id)?;
    close(&c, &id, &me, Closing::Cancel).await
}

async fn close(
    c: &Challenges,
    id: &ChallengeId,
    me: &Account,
    how: Closing,
) -> Result<Json<Done>, ServiceError> {
    let now = now_ms();
    let done =
        c.db.close_challenge(id, &me.id, how, now)
            .await
            .map_err(storage)?;
    answered(done)?;
    tell(c, id, now).await;
    Ok(Json(Done {}))
}

/// Tells this process's waiting requests of the change to `id` at `now`.
async fn tell(c: &Challenges, id: &ChallengeId, now: i64) {
    if let Ok(Some(row)) = c.db.challenge(id).await {
        c.watch.changed_here(id.as_str(), now, &row.accounts());
    } else {
        c.watch.look_now();
    }
}

/// `GET /account/challenges`.
async fn look_choice(
    State(c): State<Challenges>,
    method: Method,
    headers: HeaderMap,
) -> Result<Json<ChallengeChoice>, ServiceError> {
    let me = me(&c.db, &headers, &method).await?;
    let accept = c.db.challenge_choice(&me.id).await.map_err(storage)?;
    Ok(Json(ChallengeChoice { accept }))
}

/// `POST /account/challenges`.
async fn set_choice(
    State(c): State<Challenges>,
    method: Method,
    headers: HeaderMap,
    JsonBody(bytes): JsonBody,
) -> Result<Json<Done>, ServiceError> {
    let me = me(&c.db, &headers, &method).await?;
    let asked: SetChallengeChoice = body(&bytes)?;
    c.db.set_challenge_choice(&me.id, asked.accept)
        .await
        .map_err(storage)?;
    Ok(Json(Done {}))
}
