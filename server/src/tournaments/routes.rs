//! `POST /tournaments` (one made), `GET /tournaments` (the lists), `GET /tournaments/ID`
//! (its standings and games), `POST /tournaments/ID/join|withdraw|pause`, `GET
//! /tournaments/ID/game?wait=1` (my game going on, waited for) and `GET
//! /tournaments/ID/record` (all its games as one record file).

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, Method};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use camelot_engine::Player;
use camelot_online::protocol::accounts::{AccountKind, Done};
use camelot_online::protocol::tournaments::{
    Bye, MyNext, MyPlace, NewTournament, PauseInTournament, Standing, TournamentGame, TournamentId,
    TournamentKind, TournamentList, TournamentMade, TournamentPage, TournamentSeat,
    TournamentState, TournamentView,
};

use crate::accounts::{self, Account};
use crate::common::client::ClientAddress;
use crate::common::clock::now_ms;
use crate::common::error::ServiceError;
use crate::common::http::{body, wants_json, JsonBody};
use crate::common::limits::{AddressKey, PerMinute};
use crate::games::{log_storage, record_text};
use crate::pages;
use crate::pairing::pool_of;
use crate::ratings;
use crate::store::Db;
use crate::tournaments::marks::Mark;
use crate::tournaments::scoring::{points_of, standings_by, Entrant};
use crate::tournaments::settings::judged;
use crate::tournaments::store::TournamentRow;
use crate::tournaments::{TournamentError, OPEN_PER_CREATOR};

/// How long a player waiting for their next game waits before the answer "none yet".
const PATIENCE: Duration = Duration::from_secs(8);

/// How often a waiting player's game is looked for.
const LOOK_EVERY: Duration = Duration::from_millis(400);

/// The most games one record file holds.
const RECORD_GAMES: usize = 2_000;

/// How many tournaments one address may create a minute.
pub struct TournamentLimits {
    pub per_address: PerMinute<AddressKey>,
}

#[derive(Clone)]
struct Tournaments {
    db: Db,
    limits: Arc<TournamentLimits>,
}

pub fn api(db: Db, limits: TournamentLimits) -> Router {
    let state = Tournaments {
        db,
        limits: Arc::new(limits),
    };
    Router::new()
        .route("/tournaments", post(create).get(list))
        .route("/tournaments/{id}", get(look))
        .route("/tournaments/{id}/join", post(join))
        .route("/tournaments/{id}/withdraw", post(withdraw))
        .route("/tournaments/{id}/pause", post(pause))
        .route("/tournaments/{id}/game", get(my_game))
        .route("/tournaments/{id}/record", get(record))
        .with_state(state)
}

fn storage(e: sqlx::Error) -> TournamentError {
    log_storage(&e);
    TournamentError::Storage
}

async fn who(
    db: &Db,
    headers: &HeaderMap,
    method: &Method,
) -> Result<Option<Account>, ServiceError> {
    Ok(accounts::signed_in(db, headers, method, now_ms())
        .await?
        .map(|s| s.account))
}

async fn me(db: &Db, headers: &HeaderMap, method: &Method) -> Result<Account, ServiceError> {
    Ok(who(db, headers, method)
        .await?
        .ok_or(TournamentError::NotSignedIn)?)
}

fn id_of(text: &str) -> Result<TournamentId, TournamentError> {
    TournamentId::parse(text).map_err(|_| TournamentError::NoSuchTournament)
}

async fn tournament(db: &Db, id: &TournamentId) -> Result<TournamentRow, TournamentError> {
    db.tournament(id)
        .await
        .map_err(storage)?
        .ok_or(TournamentError::NoSuchTournament)
}

async fn create(
    State(c): State<Tournaments>,
    client: ClientAddress,
    method: Method,
    headers: HeaderMap,
    JsonBody(bytes): JsonBody,
) -> Result<Json<TournamentMade>, ServiceError> {
    let me = me(&c.db, &headers, &method).await?;
    let asked: NewTournament = body(&bytes)?;
    let row = judged(asked, Some((&me.id, &me.name)), now_ms())?;
    let open = c.db.open_tournaments_of(&me.id).await.map_err(storage)?;
    if open >= OPEN_PER_CREATOR {
        return Err(TournamentError::TooManyOpen(OPEN_PER_CREATOR).into());
    }
    if !c.limits.per_address.allow(client.key()) {
        let n = c.limits.per_address.limit().unwrap_or(0);
        return Err(TournamentError::TooManyAMinute(n).into());
    }
    c.db.insert_tournament(&row).await.map_err(storage)?;
    Ok(Json(TournamentMade { tournament: row.id }))
}

pub fn view_of(t: &TournamentRow) -> TournamentView {
    TournamentView {
        id: t.id.clone(),
        name: t.name.clone(),
        kind: t.kind,
        variant: t.variant,
        time: t.time,
        rated: t.rated,
        programs: t.programs,
        minutes: t.minutes,
        rounds: t.rounds,
        round: t.round,
        max_players: t.max_players,
        players: t.players,
        starts_at: t.starts_at,
        ends_at: t.ends_at,
        state: t.state,
        creator: t.creator_name.clone(),
    }
}

async fn list(State(c): State<Tournaments>, headers: HeaderMap) -> Result<Response, ServiceError> {
    if !wants_json(&headers) {
        return Ok(pages::page());
    }
    let read = |states: &'static [TournamentState], n| {
        let db = c.db.clone();
        async move { db.tournaments_in(states, n).await.map_err(storage) }
    };
    let views = |rows: Vec<TournamentRow>| rows.iter().map(view_of).collect();
    let list = TournamentList {
        soon: views(read(&[TournamentState::Soon], 50).await?),
        running: views(read(&[TournamentState::Running], 50).await?),
        finished: views(read(&[TournamentState::Finished, TournamentState::Cancelled], 20).await?),
    };
    Ok(Json(list).into_response())
}

/// Tournament `id` as `viewer` (where logged in) sees it.
pub async fn page_of(
    db: &Db,
    id: &TournamentId,
    viewer: Option<&str>,
) -> Result<TournamentPage, TournamentError> {
    let t = tournament(db, id).await?;
    let entrants = db.entrants(id).await.map_err(storage)?;
    let games = db.tournament_games(id, None).await.map_err(storage)?;
    let byes = db.byes(id).await.map_err(storage)?;
    let by_account: std::collections::HashMap<&str, &Entrant> =
        entrants.iter().map(|e| (e.account.as_str(), e)).collect();
    let points = points_of(t.kind, &games);
    let lines = standings_by(t.kind, &entrants, &games, &byes, &points);
    let has_breaks = t.kind != TournamentKind::Arena;
    let standings = lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| {
            let e = by_account.get(l.account.as_str())?;
            Some(Standing {
                rank: i as u32 + 1,
                name: e.name.clone(),
                rating: e.rating,
                points: l.points,
                games: l.games,
                wins: l.wins,
                draws: l.draws,
                losses: l.losses,
                fire: l.fire,
                buchholz: l.buchholz.filter(|_| has_breaks),
                sonneborn_berger: l.sonneborn_berger.filter(|_| has_breaks),
                withdrawn: e.withdrawn,
                paused: e.paused,
                playing: l.playing.clone(),
            })
        })
        .collect();
    let shown = games
        .iter()
        .filter_map(|g| {
            Some(TournamentGame {
                game: g.game.clone(),
                round: g.round,
                white: by_account.get(g.first.as_str())?.name.clone(),
                black: by_account.get(g.second.as_str())?.name.clone(),
                partners: match &g.partners {
                    Some([a, b]) => Some([
                        by_account.get(a.as_str())?.name.clone(),
                        by_account.get(b.as_str())?.name.clone(),
                    ]),
                    None => None,
                },
                score: g.score,
                points: points.get(&g.game).cloned(),
                started_at: g.started_at,
                ended_at: g.ended_at,
            })
        })
        .collect();
    let byes_shown = byes
        .iter()
        .filter_map(|(round, who)| {
            Some(Bye {
                round: *round,
                name: by_account.get(who.as_str())?.name.clone(),
            })
        })
        .collect();
    let me = match viewer.and_then(|v| by_account.get(v)) {
        Some(e) => Some(MyPlace {
            withdrawn: e.withdrawn,
            paused: e.paused,
            game: live_game_of(db, &t, &games, &e.account).await?,
        }),
        None => None,
    };
    Ok(TournamentPage {
        tournament: view_of(&t),
        standings,
        games: shown,
        byes: byes_shown,
        me,
    })
}

/// `account`'s game of the tournament that goes on, and their seat: asked of the games
/// themselves, so that a game just over is not given again before the director saw it.
async fn live_game_of(
    db: &Db,
    t: &TournamentRow,
    games: &[crate::tournaments::scoring::Played],
    account: &str,
) -> Result<Option<TournamentSeat>, TournamentError> {
    let mine: Vec<_> = games
        .iter()
        .filter(|g| g.score.is_none() && g.has(account))
        .collect();
    if mine.is_empty() {
        return Ok(None);
    }
    let ids: Vec<_> = mine.iter().map(|g| g.game.clone()).collect();
    let endings = db.endings_of(&ids).await.map_err(storage)?;
    Ok(mine
        .into_iter()
        .find(|g| endings.get(&g.game).is_some_and(|s| s.end.is_none()))
        .map(|g| TournamentSeat {
            game: g.game.clone(),
            seat: t
                .variant
                .rules()
                .seat_colour(Player(g.seat_of(account).unwrap_or(0) as u8)),
        }))
}

async fn look(
    State(c): State<Tournaments>,
    Path(id): Path<String>,
    method: Method,
    headers: HeaderMap,
) -> Result<Response, ServiceError> {
    if !wants_json(&headers) {
        return Ok(pages::page());
    }
    let viewer = who(&c.db, &headers, &method).await?;
    let id = id_of(&id)?;
    let page = page_of(&c.db, &id, viewer.as_ref().map(|a| a.id.as_str())).await?;
    Ok(Json(page).into_response())
}

async fn join(
    State(c): State<Tournaments>,
    Path(id): Path<String>,
    method: Method,
    headers: HeaderMap,
) -> Result<Json<Done>, ServiceError> {
    let me = me(&c.db, &headers, &method).await?;
    let id = id_of(&id)?;
    let t = tournament(&c.db, &id).await?;
    let open = match t.state {
        TournamentState::Soon => true,
        TournamentState::Running => t.kind == TournamentKind::Arena,
        _ => false,
    };
    if !open {
        return Err(TournamentError::Closed(t.state.words()).into());
    }
    if me.kind == AccountKind::Computer && !t.programs {
        return Err(TournamentError::NoPrograms.into());
    }
    let rating = c.db.rating_in(&me.id, t.variant).await.map_err(storage)?;
    let entrant = Entrant {
        account: me.id.clone(),
        name: me.name.clone(),
        rating: ratings::shown(None, rating, None).rating.unwrap_or(1500),
        pool: pool_of(&me).to_string(),
        joined_at: now_ms(),
        withdrawn: false,
        paused: false,
    };
    if !c
        .db
        .join_tournament(&id, &entrant, t.max_players)
        .await
        .map_err(storage)?
    {
        return Err(TournamentError::Full(t.max_players).into());
    }
    Ok(Json(Done {}))
}

async fn mark(
    c: &Tournaments,
    id: &str,
    headers: &HeaderMap,
    method: &Method,
    column: Mark,
    on: bool,
) -> Result<Json<Done>, ServiceError> {
    let me = me(&c.db, headers, method).await?;
    let id = id_of(id)?;
    let t = tournament(&c.db, &id).await?;
    if matches!(
        t.state,
        TournamentState::Finished | TournamentState::Cancelled
    ) {
        return Err(TournamentError::Closed(t.state.words()).into());
    }
    if column == Mark::Paused && t.kind != TournamentKind::Arena {
        return Err(TournamentError::PauseInArena.into());
    }
    if !c
        .db
        .mark_player(&id, &me.id, column, on, now_ms())
        .await
        .map_err(storage)?
    {
        return Err(TournamentError::NotIn.into());
    }
    Ok(Json(Done {}))
}

async fn withdraw(
    State(c): State<Tournaments>,
    Path(id): Path<String>,
    method: Method,
    headers: HeaderMap,
) -> Result<Json<Done>, ServiceError> {
    mark(&c, &id, &headers, &method, Mark::Withdrawn, true).await
}

async fn pause(
    State(c): State<Tournaments>,
    Path(id): Path<String>,
    method: Method,
    headers: HeaderMap,
    JsonBody(bytes): JsonBody,
) -> Result<Json<Done>, ServiceError> {
    let asked: PauseInTournament = body(&bytes)?;
    mark(&c, &id, &headers, &method, Mark::Paused, asked.paused).await
}

async fn my_game(
    State(c): State<Tournaments>,
    Path(id): Path<String>,
    method: Method,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Result<Json<MyNext>, ServiceError> {
    let me = me(&c.db, &headers, &method).await?;
    let id = id_of(&id)?;
    let wait = query
        .as_deref()
        .is_some_and(|q| q.split('&').any(|p| p == "wait=1"));
    let start = Instant::now();
    loop {
        let t = tournament(&c.db, &id).await?;
        let mine =
            c.db.tournament_games(&id, Some(&me.id))
                .await
                .map_err(storage)?;
        let game = live_game_of(&c.db, &t, &mine, &me.id).await?;
        let over = matches!(
            t.state,
            TournamentState::Finished | TournamentState::Cancelled
        );
        let paused = game.is_none()
            && c.db
                .marks_of(&id, &me.id)
                .await
                .map_err(storage)?
                .is_some_and(|(_, paused)| paused);
        if !wait || game.is_some() || over || paused || start.elapsed() >= PATIENCE {
            return Ok(Json(MyNext {
                state: t.state,
                game,
                paused,
            }));
        }
        tokio::time::sleep(LOOK_EVERY).await;
    }
}

async fn record(
    State(c): State<Tournaments>,
    Path(id): Path<String>,
) -> Result<Response, ServiceError> {
    let id = id_of(&id)?;
    tournament(&c.db, &id).await?;
    let games = c.db.tournament_games(&id, None).await.map_err(storage)?;
    let mut text = String::new();
    for g in games.iter().take(RECORD_GAMES) {
        match c.db.load(&g.game).await {
            Ok(Some(game)) => {
                text.push_str(&record_text(&game));
                text.push('\n');
            }
            Ok(None) => {}
            Err(e) => {
                return Err(ServiceError::Storage(format!(
                    "reading game {}: {e}",
                    g.game
                )))
            }
        }
    }
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}
