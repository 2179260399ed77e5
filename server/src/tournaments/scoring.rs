//! A tournament's standings, computed from its players and games as stored (nothing of
//! them is kept apart, so a restart loses no point): an arena's points with its streaks,
//! a Swiss's and a round robin's with their byes and tie-breaks. The rules are
//! docs/online.md's "Tournaments".

use std::collections::HashMap;

use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::tournaments::{GameScore, TournamentKind};
use camelot_online::protocol::GameId;

/// A player of a tournament, as they joined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub account: String,
    pub name: AccountName,
    pub rating: i32,
    /// The pool they are rated in: a game is rated only inside one.
    pub pool: String,
    pub joined_at: i64,
    pub withdrawn: bool,
    pub paused: bool,
}

/// A game a tournament paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub game: GameId,
    pub round: u32,
    pub first: String,
    pub second: String,
    /// A Grand Cam table's: the first side's second player, and the second side's.
    pub partners: Option<[String; 2]>,
    pub started_at: i64,
    pub score: Option<GameScore>,
    pub ended_at: Option<i64>,
}

/// One player's line, before it is shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub account: String,
    pub points: f64,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub fire: bool,
    pub buchholz: Option<f64>,
    pub sonneborn_berger: Option<f64>,
    pub playing: Option<GameId>,
    pub had_bye: bool,
}

impl Played {
    /// Its players in seat order: a pair's two, a table's four (Red, Green, Blue, Yellow:
    /// the sides alternate).
    pub fn players(&self) -> Vec<&str> {
        let mut all = vec![self.first.as_str(), self.second.as_str()];
        if let Some([a, b]) = &self.partners {
            all.extend([a.as_str(), b.as_str()]);
        }
        all
    }

    /// Whether `account` plays in it.
    pub fn has(&self, account: &str) -> bool {
        self.players().contains(&account)
    }

    /// `account`'s seat (its place in turn order), if they play in it.
    pub fn seat_of(&self, account: &str) -> Option<usize> {
        self.players().iter().position(|p| *p == account)
    }

    /// The players on the other side from `account`'s seat.
    pub fn opponents_of(&self, account: &str) -> Vec<&str> {
        let Some(mine) = self.seat_of(account) else {
            return Vec::new();
        };
        let players = self.players();
        (0..players.len())
            .filter(|i| i % 2 != mine % 2)
            .map(|i| players[i])
            .collect()
    }
}

/// What a finished game gave each side: (win, draw) for the first seat, or none.
fn sides(score: GameScore) -> Option<[Outcome; 2]> {
    match score {
        GameScore::First => Some([Outcome::Win, Outcome::Loss]),
        GameScore::Second => Some([Outcome::Loss, Outcome::Win]),
        GameScore::Draw => Some([Outcome::Draw, Outcome::Draw]),
        GameScore::Void => None,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Win,
    Draw,
    Loss,
}

/// The games in the order they ended (then started), the ones going on last.
fn in_order(games: &[Played]) -> Vec<&Played> {
    let mut ordered: Vec<&Played> = games.iter().collect();
    ordered.sort_by_key(|g| (g.ended_at.unwrap_or(i64::MAX), g.started_at, g.game.clone()));
    ordered
}

/// Each game's points for its players in seat order (White's first; a Grand Cam table's
/// four, each partner scoring their side's result), where it has ended and counts: an
/// arena's 2 a win and 1 a draw, doubled after two wins in a row until a game that is
/// not a win; otherwise 1 a win and a half a draw.
pub fn points_of(kind: TournamentKind, games: &[Played]) -> HashMap<GameId, Vec<f64>> {
    let mut streak: HashMap<&str, u32> = HashMap::new();
    let mut out = HashMap::new();
    for g in in_order(games) {
        let Some(outcomes) = g.score.and_then(sides) else {
            continue;
        };
        let players = g.players();
        let mut points = vec![0.0; players.len()];
        for (i, who) in players.into_iter().enumerate() {
            let outcome = outcomes[i % 2];
            points[i] = match kind {
                TournamentKind::Arena => {
                    let run = streak.entry(who).or_insert(0);
                    let base = match outcome {
                        Outcome::Win => 2.0,
                        Outcome::Draw => 1.0,
                        Outcome::Loss => 0.0,
                    };
                    let p = if *run >= 2 { base * 2.0 } else { base };
                    *run = if outcome == Outcome::Win { *run + 1 } else { 0 };
                    p
                }
                _ => match outcome {
                    Outcome::Win => 1.0,
                    Outcome::Draw => 0.5,
                    Outcome::Loss => 0.0,
                },
            };
        }
        out.insert(g.game.clone(), points);
    }
    out
}

/// The standings: every entrant's line, ranked (points, then the tie-breaks: an arena's
/// rating; a Swiss's and a round robin's Buchholz, then Sonneborn-Berger, then rating),
/// the name last so that the order is the same every time.
pub fn standings(
    kind: TournamentKind,
    entrants: &[Entrant],
    games: &[Played],
    byes: &[(u32, String)],
) -> Vec<Line> {
    standings_by(kind, entrants, games, byes, &points_of(kind, games))
}

/// The same, with each game's points already counted ([`points_of`]), for a page that
/// shows both.
pub fn standings_by(
    kind: TournamentKind,
    entrants: &[Entrant],
    games: &[Played],
    byes: &[(u32, String)],
    points: &HashMap<GameId, Vec<f64>>,
) -> Vec<Line> {
    let mut lines: HashMap<&str, Line> = entrants
        .iter()
        .map(|e| {
            (
                e.account.as_str(),
                Line {
                    account: e.account.clone(),
                    points: 0.0,
                    games: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                    fire: false,
                    buchholz: None,
                    sonneborn_berger: None,
                    playing: None,
                    had_bye: false,
                },
            )
        })
        .collect();
    let mut streak: HashMap<&str, u32> = HashMap::new();
    for g in in_order(games) {
        let pair = g.players();
        let Some(score) = g.score else {
            for who in pair {
                if let Some(l) = lines.get_mut(who) {
                    l.playing = Some(g.game.clone());
                }
            }
            continue;
        };
        let (Some(outcomes), Some(p)) = (sides(score), points.get(&g.game)) else {
            continue;
        };
        for (i, who) in pair.into_iter().enumerate() {
            let Some(l) = lines.get_mut(who) else {
                continue;
            };
            l.points += p[i];
            l.games += 1;
            let run = streak.entry(who).or_insert(0);
            match outcomes[i % 2] {
                Outcome::Win => {
                    l.wins += 1;
                    *run += 1;
                }
                Outcome::Draw => {
                    l.draws += 1;
                    *run = 0;
                }
                Outcome::Loss => {
                    l.losses += 1;
                    *run = 0;
                }
            }
        }
    }
    for (_, who) in byes {
        if let Some(l) = lines.get_mut(who.as_str()) {
            l.points += 1.0;
            l.had_bye = true;
        }
    }
    if kind == TournamentKind::Arena {
        for (who, run) in &streak {
            if let Some(l) = lines.get_mut(who) {
                l.fire = *run >= 2;
            }
        }
    } else {
        tie_breaks(&mut lines, games);
    }
    let rating: HashMap<&str, (i32, &AccountName)> = entrants
        .iter()
        .map(|e| (e.account.as_str(), (e.rating, &e.name)))
        .collect();
    let mut ranked: Vec<Line> = lines.into_values().collect();
    ranked.sort_by(|a, b| {
        let (ra, na) = rating[a.account.as_str()];
        let (rb, nb) = rating[b.account.as_str()];
        b.points
            .total_cmp(&a.points)
            .then(
                b.buchholz
                    .unwrap_or(0.0)
                    .total_cmp(&a.buchholz.unwrap_or(0.0)),
            )
            .then(
                b.sonneborn_berger
                    .unwrap_or(0.0)
                    .total_cmp(&a.sonneborn_berger.unwrap_or(0.0)),
            )
            .then(rb.cmp(&ra))
            .then(na.key().cmp(&nb.key()))
    });
    ranked
}

/// Buchholz (the sum of one's opponents' points) and Sonneborn-Berger (the points of the
/// opponents one beat, and half those of the ones one drew), over the games played; a
/// table's two opponents count as one, their points averaged.
fn tie_breaks(lines: &mut HashMap<&str, Line>, games: &[Played]) {
    let points: HashMap<String, f64> = lines
        .iter()
        .map(|(k, l)| (k.to_string(), l.points))
        .collect();
    for g in games {
        let Some(outcomes) = g.score.and_then(sides) else {
            continue;
        };
        for (i, me) in g.players().into_iter().enumerate() {
            let them = g.opponents_of(me);
            let theirs = them
                .iter()
                .map(|t| points.get(*t).copied().unwrap_or(0.0))
                .sum::<f64>()
                / them.len().max(1) as f64;
            if let Some(l) = lines.get_mut(me) {
                *l.buchholz.get_or_insert(0.0) += theirs;
                let share = match outcomes[i % 2] {
                    Outcome::Win => 1.0,
                    Outcome::Draw => 0.5,
                    Outcome::Loss => 0.0,
                };
                *l.sonneborn_berger.get_or_insert(0.0) += share * theirs;
            }
        }
    }
    for l in lines.values_mut() {
        l.buchholz.get_or_insert(0.0);
        l.sonneborn_berger.get_or_insert(0.0);
    }
}
