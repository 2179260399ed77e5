//! Who plays whom, and with which colour: an arena's waiting players, a Swiss round, a
//! round robin's schedule. Pure: the director gives the players as the standings have
//! them, and stores what comes back.

use std::collections::{HashMap, HashSet};

/// A player to be paired, with what the pairing weighs.
#[derive(Clone, Debug, PartialEq)]
pub struct Seeker {
    pub account: String,
    pub points: f64,
    pub rating: i32,
    /// Everyone they have played, and the last.
    pub met: HashSet<String>,
    pub last_opponent: Option<String>,
    /// Games as White less games as Black.
    pub balance: i32,
    /// Whether their last game was as White.
    pub last_white: Option<bool>,
    pub had_bye: bool,
}

/// A pairing: the first seat's player (White), the second's.
pub type Pair = (String, String);

/// Which of two players takes White: the one who has had it less, then the one who had
/// Black last, then the higher ranked (`a`).
fn coloured(a: &Seeker, b: &Seeker) -> Pair {
    let a_first = match a.balance.cmp(&b.balance) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => match (a.last_white, b.last_white) {
            (Some(true), Some(false) | None) => false,
            (Some(false) | None, Some(true)) => true,
            _ => true,
        },
    };
    if a_first {
        (a.account.clone(), b.account.clone())
    } else {
        (b.account.clone(), a.account.clone())
    }
}

/// By points, then rating, then account: the order pairings read the players in.
fn ranked(mut players: Vec<Seeker>) -> Vec<Seeker> {
    players.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.rating.cmp(&a.rating))
            .then(a.account.cmp(&b.account))
    });
    players
}

/// An arena's waiting players paired, nearest in points and rating first: each with
/// the next below them who was not their last opponent (nor they theirs). Where these
/// two are everyone the arena has (`alone`), they may meet again.
pub fn arena(waiting: Vec<Seeker>, alone: bool) -> Vec<Pair> {
    let players = ranked(waiting);
    let mut taken = vec![false; players.len()];
    let mut pairs = Vec::new();
    for i in 0..players.len() {
        if taken[i] {
            continue;
        }
        let a = &players[i];
        let partner = (i + 1..players.len()).find(|&j| {
            let b = &players[j];
            !taken[j]
                && (alone
                    || (a.last_opponent.as_deref() != Some(b.account.as_str())
                        && b.last_opponent.as_deref() != Some(a.account.as_str())))
        });
        if let Some(j) = partner {
            taken[i] = true;
            taken[j] = true;
            pairs.push(coloured(a, &players[j]));
        }
    }
    pairs
}

/// A Grand Cam table: its four players in seat order (Red, Green, Blue, Yellow): the
/// first side's two at the first and third seats, the second side's at the second and
/// fourth.
pub type Table = [String; 4];

/// A Grand Cam arena's waiting players seated four at a table, nearest in points and
/// rating together (the rest wait for the next wave): at each table the first and the
/// fourth of the four partner each other against the second and the third, which evens
/// the sides; the side that has moved first less moves first. Where the fourth would
/// face a player they last faced, the next waiting player takes the fourth place instead
/// where there is one (unless these four are the whole arena, `alone`).
pub fn arena_tables(waiting: Vec<Seeker>, alone: bool) -> Vec<Table> {
    let mut players = ranked(waiting);
    let mut tables = Vec::new();
    while players.len() >= 4 {
        let mut four: Vec<Seeker> = players.drain(..3).collect();
        let again = |a: &Seeker, b: &Seeker| {
            a.last_opponent.as_deref() == Some(b.account.as_str())
                || b.last_opponent.as_deref() == Some(a.account.as_str())
        };
        // The fourth partners the first, and so faces the second and the third.
        let fourth = (0..players.len())
            .find(|&j| alone || !(again(&players[j], &four[1]) || again(&players[j], &four[2])))
            .unwrap_or(0);
        four.push(players.remove(fourth));
        let [a, b, c, d] = <[Seeker; 4]>::try_from(four).expect("four players");
        let ours = a.balance + d.balance;
        let theirs = b.balance + c.balance;
        tables.push(if ours <= theirs {
            [a.account, b.account, d.account, c.account]
        } else {
            [b.account, a.account, c.account, d.account]
        });
    }
    tables
}

/// How many pairings a Swiss round's search tries before it allows a repeat: enough for
/// any field a club holds, and a bound on the time a large one takes.
const SEARCH_BUDGET: u32 = 200_000;

/// A Swiss round: the odd one out (the lowest ranked without a bye yet) sits out with a
/// point; the others are paired in their score groups, the top half of a group against
/// its bottom half (the Dutch system's way), a player who cannot be paired in their
/// group floating to the next, and nobody meeting anyone twice where that can be done.
pub fn swiss(players: Vec<Seeker>) -> (Vec<Pair>, Option<String>) {
    let mut players = ranked(players);
    let bye = if players.len() % 2 == 1 {
        let at = players
            .iter()
            .rposition(|p| !p.had_bye)
            .unwrap_or(players.len() - 1);
        Some(players.remove(at).account)
    } else {
        None
    };
    let order = preference(&players);
    let mut budget = SEARCH_BUDGET;
    let mut chosen = Vec::new();
    let mut taken = vec![false; players.len()];
    let found = search(
        &players,
        &order,
        &mut taken,
        &mut chosen,
        &mut budget,
        false,
    ) || {
        // Everyone has met everyone they could: the fewest repeats, in order.
        chosen.clear();
        taken.iter_mut().for_each(|t| *t = false);
        budget = SEARCH_BUDGET;
        search(&players, &order, &mut taken, &mut chosen, &mut budget, true)
    };
    debug_assert!(found, "with repeats allowed any even field pairs");
    let pairs = chosen
        .into_iter()
        .map(|(i, j)| coloured(&players[i], &players[j]))
        .collect();
    (pairs, bye)
}

/// For each player (by index in rank order), the others in the order they would best
/// be paired with: their own score group's opposite half first (the one at the same
/// place in the bottom half, then the nearest to it), then the next groups down, then
/// those above.
fn preference(players: &[Seeker]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, p) in players.iter().enumerate() {
        match groups.last_mut() {
            Some(g) if players[g[0]].points == p.points => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let group_of: HashMap<usize, usize> = groups
        .iter()
        .enumerate()
        .flat_map(|(gi, g)| g.iter().map(move |&i| (i, gi)))
        .collect();
    (0..players.len())
        .map(|i| {
            let gi = group_of[&i];
            let group = &groups[gi];
            let at = group.iter().position(|&x| x == i).unwrap_or(0);
            let half = group.len() / 2;
            let ideal = if at < half {
                at + half
            } else {
                at.saturating_sub(half)
            };
            let mut own: Vec<usize> = group.iter().copied().filter(|&j| j != i).collect();
            own.sort_by_key(|&j| {
                let place = group.iter().position(|&x| x == j).unwrap_or(0);
                place.abs_diff(ideal)
            });
            let below = groups[gi + 1..].iter().flatten().copied();
            let above = groups[..gi].iter().rev().flatten().copied();
            own.into_iter().chain(below).chain(above).collect()
        })
        .collect()
}

/// Pairs the first player not yet taken with each of their preferences in turn, and the
/// rest after them; backs up when the rest cannot be paired.
fn search(
    players: &[Seeker],
    order: &[Vec<usize>],
    taken: &mut [bool],
    chosen: &mut Vec<(usize, usize)>,
    budget: &mut u32,
    repeats: bool,
) -> bool {
    let Some(i) = taken.iter().position(|t| !t) else {
        return true;
    };
    taken[i] = true;
    for &j in &order[i] {
        if taken[j] || (!repeats && players[i].met.contains(&players[j].account)) {
            continue;
        }
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        taken[j] = true;
        chosen.push((i, j));
        if search(players, order, taken, chosen, budget, repeats) {
            return true;
        }
        chosen.pop();
        taken[j] = false;
    }
    taken[i] = false;
    false
}

/// A round robin's rounds (the circle method: the first player stays, the others turn
/// by one a round), for `players` in their seeding order, played `cycles` times with
/// the colours swapped each cycle. An odd field gives one player a round off each round.
pub fn round_robin(players: &[String], cycles: u32) -> Vec<Vec<Pair>> {
    let mut circle: Vec<Option<&String>> = players.iter().map(Some).collect();
    if circle.len() % 2 == 1 {
        circle.push(None);
    }
    let n = circle.len();
    let mut rounds = Vec::new();
    for r in 0..n.saturating_sub(1) {
        let mut pairs = Vec::new();
        for i in 0..n / 2 {
            let (a, b) = (circle[i], circle[n - 1 - i]);
            let (Some(a), Some(b)) = (a, b) else { continue };
            // The fixed player alternates colours; the others keep the side they sit.
            let a_white = if i == 0 { r % 2 == 0 } else { true };
            pairs.push(if a_white {
                (a.clone(), b.clone())
            } else {
                (b.clone(), a.clone())
            });
        }
        rounds.push(pairs);
        circle[1..].rotate_right(1);
    }
    let once = rounds.clone();
    for c in 1..cycles {
        rounds.extend(once.iter().map(|pairs| {
            pairs
                .iter()
                .map(|(a, b)| {
                    if c % 2 == 1 {
                        (b.clone(), a.clone())
                    } else {
                        (a.clone(), b.clone())
                    }
                })
                .collect()
        }));
    }
    rounds
}
