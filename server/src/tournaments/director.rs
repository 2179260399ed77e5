//! The director: every second, each process looks at the tournaments due to start or
//! under way, takes each it can under a lease, and moves it along one step: the games
//! seen ended are scored, and what follows is decided ([`plan`]: the start, a round
//! paired, an arena's players paired again, the end) and written only if nobody wrote a
//! step since ([`Db::write_step`]), so each pairing happens once however many processes
//! share the database.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use camelot_engine::Side;
use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::tournaments::{
    GameScore, TournamentId, TournamentKind, TournamentState,
};
use camelot_online::protocol::{GameEnd, GameId, TimeControl};

use crate::common::chores;
use crate::common::clock::now_ms;
use crate::common::owner::Owner;
use crate::common::tokens;
use crate::games::{between_accounts, GameStanding, DAY_MS};
use crate::store::Db;
use crate::tournaments::marks::Mark;
use crate::tournaments::pairings::{self, Pair, Seeker, Table};
use crate::tournaments::scoring::{standings, Entrant, Played};
use crate::tournaments::store::{Step, TournamentRow};

/// How long a process holds a tournament it directs: another takes it over this long
/// after it died.
const LEASE_MS: i64 = 10_000;

/// Starts this process's director, looking every `period`; each seat of the games it
/// pairs has `first_move` for its first move (a game by days a move, its days), or the
/// game is called off.
pub fn direct_in_turn(db: Db, period: Duration, first_move: Duration) {
    let me = format!("director-{}", tokens::random(12));
    let first_move = first_move.as_millis() as i64;
    chores::every(period, "directing tournaments", None, move || {
        let db = db.clone();
        let me = me.clone();
        async move { step_all(&db, &me, first_move).await }
    });
}

async fn step_all(db: &Db, me: &str, first_move: i64) -> Result<u64, sqlx::Error> {
    let now = now_ms();
    let mut moved = db.make_scheduled(now).await?;
    for id in db.tournaments_due(now).await? {
        if db.lease_tournament(&id, me, now, now + LEASE_MS).await?
            && step(db, &id, now, first_move).await?
        {
            moved += 1;
        }
    }
    Ok(moved)
}

/// How a finished game counts for its tournament.
fn score_of(end: &GameEnd) -> GameScore {
    match end {
        GameEnd::Aborted => GameScore::Void,
        GameEnd::Decided(o) => match o.winner {
            None => GameScore::Draw,
            Some(Side::First) => GameScore::First,
            Some(Side::Second) => GameScore::Second,
        },
    }
}

/// How game `g` of a tournament of `kind` counts, once over (none while it goes on), and
/// the player who never came to it, with what that costs them. Nobody may abort a
/// tournament's game: one called off was called off by its first-move limit, against
/// the seat to move. An arena's absent player scores nothing and is paused; a Swiss's or
/// a round robin's loses the game (the other side wins it), and a Swiss's is withdrawn.
pub fn judged(
    kind: TournamentKind,
    g: &Played,
    standing: &GameStanding,
) -> Option<(GameScore, Option<(String, Mark)>)> {
    let end = standing.end.as_ref()?;
    let players = g.players();
    if *end != GameEnd::Aborted || standing.plies as usize >= players.len() {
        return Some((score_of(end), None));
    }
    // The seat to move never moved: a pair's first or second, a table's any of four
    // (the sides alternate in turn order).
    let absent = standing.plies as usize;
    let first_absent = absent.is_multiple_of(2);
    let who = &players[absent].to_string();
    Some(match kind {
        TournamentKind::Arena => (GameScore::Void, Some((who.clone(), Mark::Paused))),
        TournamentKind::Swiss | TournamentKind::RoundRobin => {
            let score = if first_absent {
                GameScore::Second
            } else {
                GameScore::First
            };
            let mark = (kind == TournamentKind::Swiss).then(|| (who.clone(), Mark::Withdrawn));
            (score, mark)
        }
    })
}

/// How long each seat of a tournament's game in `time` has for its first move: a game
/// by days a move, its days; one with a clock, `first_move`.
fn first_move_ms(time: TimeControl, first_move: i64) -> i64 {
    match time {
        TimeControl::Days { days } => i64::from(days) * DAY_MS,
        _ => first_move,
    }
}

/// One step of tournament `id` at `now`; whether it wrote one.
pub(super) async fn step(
    db: &Db,
    id: &TournamentId,
    now: i64,
    first_move: i64,
) -> Result<bool, sqlx::Error> {
    let Some(t) = db.tournament(id).await? else {
        return Ok(false);
    };
    let entrants = db.entrants(id).await?;
    let mut games = db.tournament_games(id, None).await?;
    let byes = db.byes(id).await?;
    let live: Vec<GameId> = games
        .iter()
        .filter(|g| g.score.is_none())
        .map(|g| g.game.clone())
        .collect();
    let endings = if live.is_empty() {
        HashMap::new()
    } else {
        db.endings_of(&live).await?
    };
    let mut ended = Vec::new();
    let mut absent = Vec::new();
    for g in games.iter_mut().filter(|g| g.score.is_none()) {
        let score = match endings.get(&g.game) {
            // Forgotten: nobody ever came to it.
            None => Some(GameScore::Void),
            Some(standing) => judged(t.kind, g, standing).map(|(score, mark)| {
                absent.extend(mark);
                score
            }),
        };
        if let Some(score) = score {
            g.score = Some(score);
            g.ended_at = Some(now);
            ended.push((g.game.clone(), score));
        }
    }
    let plan = plan(&t, &entrants, &games, &byes, now);
    if ended.is_empty() && plan.is_none() {
        return Ok(false);
    }
    // Paired again only from the next step, which reads the marks.
    let plan = plan.filter(|_| absent.is_empty());
    let mut s = Step {
        id: id.clone(),
        read: t.step,
        now,
        state: t.state,
        round: t.round,
        rounds: t.rounds,
        ends_at: t.ends_at,
        ended,
        absent,
        games: Vec::new(),
        bye: None,
        drop_withdrawn: false,
    };
    if let Some(p) = plan {
        let by_account: HashMap<&str, &Entrant> =
            entrants.iter().map(|e| (e.account.as_str(), e)).collect();
        s.state = p.state;
        s.round = p.round;
        s.rounds = p.rounds;
        s.ends_at = p.ends_at;
        s.bye = p.bye.map(|b| (p.round, b));
        s.drop_withdrawn = p.drop_withdrawn;
        let pairs = p.pairs.into_iter().map(|(r, (a, b))| (r, vec![a, b]));
        let tables = p.tables.into_iter().map(|(r, four)| (r, four.to_vec()));
        for (round, accounts) in pairs.chain(tables) {
            let Some(players) = accounts
                .iter()
                .map(|a| by_account.get(a.as_str()))
                .collect::<Option<Vec<&&Entrant>>>()
            else {
                continue;
            };
            let rated = t.rated && players.iter().all(|e| e.pool == players[0].pool);
            let seats: Vec<(&str, Option<&AccountName>)> = players
                .iter()
                .map(|e| (e.account.as_str(), Some(&e.name)))
                .collect();
            let mut new = between_accounts(t.variant, t.time, rated, &seats, Owner::Unknown, now);
            new.game.first_move_ms = Some(first_move_ms(t.time, first_move));
            s.games.push((round, new, accounts));
        }
    }
    let written = db.write_step(&s).await?;
    if written && s.state != t.state {
        let what = match s.state {
            TournamentState::Running => "started",
            TournamentState::Finished => "finished",
            TournamentState::Cancelled => "cancelled: fewer than two players came",
            TournamentState::Soon => "soon",
        };
        eprintln!("camelot-server: tournament {id} ({}) {what}", t.name);
    }
    Ok(written)
}

/// What a step decides.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub state: TournamentState,
    pub round: u32,
    pub rounds: u32,
    pub ends_at: Option<i64>,
    /// Each with its round.
    pub pairs: Vec<(u32, Pair)>,
    /// Grand Cam's tables of four, in seat order, each with its round.
    pub tables: Vec<(u32, Table)>,
    pub bye: Option<String>,
    pub drop_withdrawn: bool,
}

/// What follows for `t` at `now`, its games' ends noted; none where nothing does.
pub fn plan(
    t: &TournamentRow,
    entrants: &[Entrant],
    games: &[Played],
    byes: &[(u32, String)],
    now: i64,
) -> Option<Plan> {
    let active: Vec<&Entrant> = entrants.iter().filter(|e| !e.withdrawn).collect();
    let live: HashSet<&str> = games
        .iter()
        .filter(|g| g.score.is_none())
        .flat_map(|g| g.players())
        .collect();
    let same = Plan {
        state: t.state,
        round: t.round,
        rounds: t.rounds,
        ends_at: t.ends_at,
        pairs: Vec::new(),
        tables: Vec::new(),
        bye: None,
        drop_withdrawn: false,
    };
    match t.state {
        TournamentState::Soon if now < t.starts_at => None,
        // An arena starts at its time whoever has come, and pairs as soon as two wait.
        TournamentState::Soon if active.len() < 2 && t.kind != TournamentKind::Arena => {
            Some(Plan {
                state: TournamentState::Cancelled,
                ..same
            })
        }
        TournamentState::Soon => {
            let mut start = Plan {
                state: TournamentState::Running,
                drop_withdrawn: t.kind != TournamentKind::Arena,
                ..same
            };
            match t.kind {
                TournamentKind::Arena => {
                    start.ends_at = Some(now + i64::from(t.minutes) * 60_000);
                    arena_wave(t, entrants, games, byes, &live, start)
                }
                TournamentKind::Swiss => swiss_round(t, entrants, games, byes, start),
                TournamentKind::RoundRobin => {
                    let schedule = schedule(t, entrants);
                    start.rounds = schedule.len() as u32;
                    round_robin_round(&schedule, entrants, start)
                }
            }
        }
        TournamentState::Running => match t.kind {
            TournamentKind::Arena if t.ends_at.is_some_and(|end| now >= end) => {
                live.is_empty().then_some(Plan {
                    state: TournamentState::Finished,
                    ..same
                })
            }
            TournamentKind::Arena => arena_wave(t, entrants, games, byes, &live, same),
            _ if !live.is_empty() => None,
            _ if t.round >= t.rounds || active.len() < 2 => Some(Plan {
                state: TournamentState::Finished,
                ..same
            }),
            TournamentKind::Swiss => swiss_round(t, entrants, games, byes, same),
            TournamentKind::RoundRobin => round_robin_round(&schedule(t, entrants), entrants, same),
        },
        TournamentState::Finished | TournamentState::Cancelled => None,
    }
}

/// Each player's standing and history, as the pairings weigh them.
fn seekers(
    t: &TournamentRow,
    entrants: &[Entrant],
    games: &[Played],
    byes: &[(u32, String)],
) -> Vec<Seeker> {
    let lines = standings(t.kind, entrants, games, byes);
    let points: HashMap<&str, f64> = lines
        .iter()
        .map(|l| (l.account.as_str(), l.points))
        .collect();
    entrants
        .iter()
        .map(|e| {
            let mut s = Seeker {
                account: e.account.clone(),
                points: points.get(e.account.as_str()).copied().unwrap_or(0.0),
                rating: e.rating,
                met: HashSet::new(),
                last_opponent: None,
                balance: 0,
                last_white: None,
                had_bye: byes.iter().any(|(_, who)| *who == e.account),
            };
            for g in games {
                let Some(seat) = g.seat_of(&e.account) else {
                    continue;
                };
                let white = seat % 2 == 0;
                let them = g.opponents_of(&e.account);
                s.met.extend(them.iter().map(|t| t.to_string()));
                s.last_opponent = them.first().map(|t| t.to_string());
                s.balance += if white { 1 } else { -1 };
                s.last_white = Some(white);
            }
            s
        })
        .collect()
}

/// An arena's players who wait (in it, not paused, not playing) paired; none where
/// fewer than two wait.
fn arena_wave(
    t: &TournamentRow,
    entrants: &[Entrant],
    games: &[Played],
    byes: &[(u32, String)],
    live: &HashSet<&str>,
    mut plan: Plan,
) -> Option<Plan> {
    let in_it = entrants.iter().filter(|e| !e.withdrawn).count();
    let waiting: Vec<Seeker> = seekers(t, entrants, games, byes)
        .into_iter()
        .zip(entrants)
        .filter(|(_, e)| !e.withdrawn && !e.paused && !live.contains(e.account.as_str()))
        .map(|(s, _)| s)
        .collect();
    if t.variant.rules().players() == 4 {
        let tables = pairings::arena_tables(waiting, in_it == 4);
        if tables.is_empty() {
            return (plan.state != t.state).then_some(plan);
        }
        plan.round += 1;
        plan.tables = tables.into_iter().map(|p| (plan.round, p)).collect();
        return Some(plan);
    }
    let pairs = pairings::arena(waiting, in_it == 2);
    if pairs.is_empty() {
        // Started with nobody to pair yet, or nothing to do.
        return (plan.state != t.state).then_some(plan);
    }
    plan.round += 1;
    plan.pairs = pairs.into_iter().map(|p| (plan.round, p)).collect();
    Some(plan)
}

/// A Swiss's next round.
fn swiss_round(
    t: &TournamentRow,
    entrants: &[Entrant],
    games: &[Played],
    byes: &[(u32, String)],
    mut plan: Plan,
) -> Option<Plan> {
    let players: Vec<Seeker> = seekers(t, entrants, games, byes)
        .into_iter()
        .zip(entrants)
        .filter(|(_, e)| !e.withdrawn)
        .map(|(s, _)| s)
        .collect();
    let (pairs, bye) = pairings::swiss(players);
    plan.round += 1;
    plan.pairs = pairs.into_iter().map(|p| (plan.round, p)).collect();
    plan.bye = bye;
    Some(plan)
}

/// A round robin's rounds, for its players seeded by rating (then who joined first):
/// for days a move, every game at once in one round, as postal events are played.
fn schedule(t: &TournamentRow, entrants: &[Entrant]) -> Vec<Vec<Pair>> {
    let mut seeded: Vec<&Entrant> = entrants
        .iter()
        .filter(|e| t.state != TournamentState::Soon || !e.withdrawn)
        .collect();
    seeded.sort_by(|a, b| {
        b.rating
            .cmp(&a.rating)
            .then(a.joined_at.cmp(&b.joined_at))
            .then(a.account.cmp(&b.account))
    });
    let accounts: Vec<String> = seeded.iter().map(|e| e.account.clone()).collect();
    let rounds = pairings::round_robin(&accounts, t.cycles.max(1));
    if matches!(t.time, TimeControl::Days { .. }) {
        vec![rounds.into_iter().flatten().collect()]
    } else {
        rounds
    }
}

/// A round robin's next round, without the games of players who withdrew.
fn round_robin_round(schedule: &[Vec<Pair>], entrants: &[Entrant], mut plan: Plan) -> Option<Plan> {
    let gone: HashSet<&str> = entrants
        .iter()
        .filter(|e| e.withdrawn)
        .map(|e| e.account.as_str())
        .collect();
    let next = schedule.get(plan.round as usize)?;
    plan.round += 1;
    plan.pairs = next
        .iter()
        .filter(|(a, b)| !gone.contains(a.as_str()) && !gone.contains(b.as_str()))
        .map(|p| (plan.round, p.clone()))
        .collect();
    Some(plan)
}
