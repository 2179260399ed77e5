//! The director's decisions played through by hand: a Swiss of seven over three rounds
//! (pairings, byes, colours and tie-breaks worked out on paper), an arena's streaks and
//! repairings, and a double round robin's schedule.

use std::collections::{HashMap, HashSet};

use camelot_engine::Variant;
use camelot_online::protocol::accounts::AccountName;
use camelot_online::protocol::tournaments::{
    GameScore, TournamentId, TournamentKind, TournamentState,
};
use camelot_online::protocol::{GameId, TimeControl};

use super::director::{judged, plan};
use super::marks::Mark;
use super::pairings;
use super::scoring::{points_of, standings, Entrant, Played};
use super::store::TournamentRow;

fn entrant(account: &str, rating: i32) -> Entrant {
    Entrant {
        account: account.into(),
        name: AccountName::parse(&format!("player_{account}")).unwrap(),
        rating,
        pool: "people".into(),
        joined_at: 0,
        withdrawn: false,
        paused: false,
    }
}

fn row(kind: TournamentKind, rounds: u32) -> TournamentRow {
    TournamentRow {
        id: TournamentId::parse("t1").unwrap(),
        name: "Test".into(),
        kind,
        variant: Variant::Camelot,
        time: TimeControl::Clock {
            minutes: 1,
            increment: 0,
        },
        minutes: 5,
        rounds,
        cycles: 2,
        rated: true,
        programs: true,
        max_players: 100,
        creator: None,
        creator_name: None,
        created_at: 0,
        starts_at: 0,
        ends_at: None,
        state: TournamentState::Soon,
        round: 0,
        step: 0,
        players: 0,
    }
}

/// The games of a plan, with their scores as `results` gives them by White's account.
fn played(
    pairs: &[(u32, (String, String))],
    results: &HashMap<&str, GameScore>,
    at: i64,
) -> Vec<Played> {
    pairs
        .iter()
        .enumerate()
        .map(|(i, (round, (a, b)))| Played {
            game: GameId::parse(&format!("g{round}x{i}")).unwrap(),
            round: *round,
            first: a.clone(),
            second: b.clone(),
            partners: None,
            started_at: at,
            score: Some(results[a.as_str()]),
            ended_at: Some(at + 1 + i as i64),
        })
        .collect()
}

fn pairs_of(p: &[(u32, (String, String))]) -> Vec<(&str, &str)> {
    p.iter()
        .map(|(_, (a, b))| (a.as_str(), b.as_str()))
        .collect()
}

#[test]
fn a_swiss_of_seven_over_three_rounds_pairs_byes_and_breaks_ties_as_worked_by_hand() {
    let entrants: Vec<Entrant> = [
        ("p1", 2000),
        ("p2", 1900),
        ("p3", 1800),
        ("p4", 1700),
        ("p5", 1600),
        ("p6", 1500),
        ("p7", 1400),
    ]
    .iter()
    .map(|(a, r)| entrant(a, *r))
    .collect();
    let mut t = row(TournamentKind::Swiss, 3);
    let mut games: Vec<Played> = Vec::new();
    let mut byes: Vec<(u32, String)> = Vec::new();
    use GameScore::{Draw, First, Second};
    // Round 1: one score group of six after p7's bye, its top half against its bottom.
    let p = plan(&t, &entrants, &games, &byes, 1).expect("it starts");
    assert_eq!(p.state, TournamentState::Running);
    assert_eq!(p.round, 1);
    assert_eq!(p.bye.as_deref(), Some("p7"));
    assert_eq!(
        pairs_of(&p.pairs),
        [("p1", "p4"), ("p2", "p5"), ("p3", "p6")]
    );
    let results = HashMap::from([("p1", First), ("p2", Second), ("p3", Draw)]);
    games.extend(played(&p.pairs, &results, 10));
    byes.push((1, "p7".into()));
    (t.state, t.round) = (p.state, p.round);
    // Round 2: p4, the lowest ranked without a bye, sits out; the leaders meet, and
    // colours go to whoever had Black.
    let p = plan(&t, &entrants, &games, &byes, 100).expect("round 2");
    assert_eq!(p.round, 2);
    assert_eq!(p.bye.as_deref(), Some("p4"));
    assert_eq!(
        pairs_of(&p.pairs),
        [("p5", "p1"), ("p7", "p3"), ("p6", "p2")]
    );
    let results = HashMap::from([("p5", Second), ("p7", Draw), ("p6", First)]);
    games.extend(played(&p.pairs, &results, 200));
    byes.push((2, "p4".into()));
    t.round = p.round;
    // Round 3: p2 sits out; p7 may not meet p3 again, so meets p4.
    let p = plan(&t, &entrants, &games, &byes, 300).expect("round 3");
    assert_eq!(p.bye.as_deref(), Some("p2"));
    assert_eq!(
        pairs_of(&p.pairs),
        [("p1", "p6"), ("p4", "p7"), ("p3", "p5")]
    );
    let results = HashMap::from([("p1", Draw), ("p4", Second), ("p3", First)]);
    games.extend(played(&p.pairs, &results, 400));
    byes.push((3, "p2".into()));
    t.round = p.round;
    // Over after its three rounds.
    let p = plan(&t, &entrants, &games, &byes, 500).expect("the end");
    assert_eq!(p.state, TournamentState::Finished);
    assert!(p.pairs.is_empty());
    // Nobody met anyone twice.
    let met: HashSet<(String, String)> = games
        .iter()
        .map(|g| {
            let mut pair = [g.first.clone(), g.second.clone()];
            pair.sort();
            (pair[0].clone(), pair[1].clone())
        })
        .collect();
    assert_eq!(met.len(), games.len());
    // Points, Buchholz and Sonneborn-Berger as worked on paper.
    let lines = standings(TournamentKind::Swiss, &entrants, &games, &byes);
    let table: Vec<(&str, f64, f64, f64)> = lines
        .iter()
        .map(|l| {
            (
                l.account.as_str(),
                l.points,
                l.buchholz.unwrap(),
                l.sonneborn_berger.unwrap(),
            )
        })
        .collect();
    assert_eq!(
        table,
        [
            ("p1", 2.5, 4.0, 3.0),
            ("p7", 2.5, 3.0, 2.0),
            ("p3", 2.0, 5.5, 3.25),
            ("p6", 2.0, 5.5, 3.25),
            ("p5", 1.0, 5.5, 1.0),
            ("p4", 1.0, 5.0, 0.0),
            ("p2", 1.0, 3.0, 0.0),
        ]
    );
}

#[test]
fn an_arena_doubles_after_two_wins_until_a_game_that_is_not_a_win() {
    let game = |i: usize, first: &str, second: &str, score| Played {
        game: GameId::parse(&format!("g{i}")).unwrap(),
        round: i as u32,
        first: first.into(),
        second: second.into(),
        partners: None,
        started_at: i as i64,
        score: Some(score),
        ended_at: Some(10 + i as i64),
    };
    use GameScore::{Draw, First, Second, Void};
    let games = vec![
        game(1, "a", "b", First),
        game(2, "c", "a", Second),
        game(3, "a", "d", First),  // on fire: 4
        game(4, "a", "b", Void),   // not played: changes nothing
        game(5, "e", "a", Draw),   // on fire: 2, and the streak ends
        game(6, "a", "c", First),  // 2
        game(7, "b", "a", Second), // 2
    ];
    let points = points_of(TournamentKind::Arena, &games);
    let mine: Vec<f64> = games
        .iter()
        .filter_map(|g| {
            let p = points.get(&g.game)?;
            Some(if g.first == "a" { p[0] } else { p[1] })
        })
        .collect();
    assert_eq!(mine, [2.0, 2.0, 4.0, 2.0, 2.0, 2.0]);
    let entrants: Vec<Entrant> = ["a", "b", "c", "d", "e"]
        .iter()
        .map(|a| entrant(a, 1500))
        .collect();
    let lines = standings(TournamentKind::Arena, &entrants, &games, &[]);
    assert_eq!(lines[0].account, "a");
    assert_eq!(lines[0].points, 14.0);
    assert_eq!((lines[0].wins, lines[0].draws, lines[0].losses), (5, 1, 0));
    assert!(lines[0].fire, "two wins in a row again: the next doubles");
    assert_eq!(lines[0].buchholz, None, "an arena has no tie-breaks");
}

#[test]
fn an_arena_pairs_whoever_waits_but_never_the_last_opponent_again() {
    let entrants: Vec<Entrant> = [("a", 1900), ("b", 1800), ("c", 1700), ("d", 1600)]
        .iter()
        .map(|(a, r)| entrant(a, *r))
        .collect();
    let mut t = row(TournamentKind::Arena, 0);
    let p = plan(&t, &entrants, &[], &[], 1).expect("it starts");
    assert_eq!(p.ends_at, Some(1 + 5 * 60_000));
    assert_eq!(pairs_of(&p.pairs), [("a", "b"), ("c", "d")]);
    (t.state, t.round, t.ends_at) = (p.state, p.round, p.ends_at);
    // a beat b; c and d still play: a and b wait, and may not meet again.
    let mut games = played(
        &p.pairs,
        &HashMap::from([("a", GameScore::First), ("c", GameScore::Draw)]),
        2,
    );
    games[1].score = None;
    games[1].ended_at = None;
    assert_eq!(plan(&t, &entrants, &games, &[], 1000), None);
    // c and d end: a-c and b-d (or the like), never a-b or c-d.
    games[1].score = Some(GameScore::Draw);
    games[1].ended_at = Some(2000);
    let p = plan(&t, &entrants, &games, &[], 2001).expect("paired again");
    for (_, (x, y)) in &p.pairs {
        let pair: HashSet<&str> = [x.as_str(), y.as_str()].into();
        assert!(pair != HashSet::from(["a", "b"]) && pair != HashSet::from(["c", "d"]));
    }
    assert_eq!(p.pairs.len(), 2);
    // Past its end with nothing going on, it is over.
    let p = plan(&t, &entrants, &games, &[], 1 + 5 * 60_000).expect("over");
    assert_eq!(p.state, TournamentState::Finished);
    assert!(p.pairs.is_empty());
}

#[test]
fn a_double_round_robin_of_five_meets_everyone_twice_with_colours_swapped() {
    let players: Vec<String> = ["a", "b", "c", "d", "e"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let rounds = pairings::round_robin(&players, 2);
    assert_eq!(rounds.len(), 10, "five rounds a cycle, one player off each");
    let mut seen: HashMap<(String, String), u32> = HashMap::new();
    for r in &rounds {
        assert_eq!(r.len(), 2);
        let mut here = HashSet::new();
        for (w, b) in r {
            assert!(
                here.insert(w.clone()) && here.insert(b.clone()),
                "twice in one round"
            );
            *seen.entry((w.clone(), b.clone())).or_default() += 1;
        }
    }
    for (i, x) in players.iter().enumerate() {
        for y in &players[i + 1..] {
            let one = seen.get(&(x.clone(), y.clone())).copied().unwrap_or(0);
            let other = seen.get(&(y.clone(), x.clone())).copied().unwrap_or(0);
            assert_eq!((one, other), (1, 1), "{x} and {y}: once with each colour");
        }
    }
    // Colours within a cycle: nobody has more than three Whites of four games.
    for p in &players {
        let whites = rounds[..5].iter().flatten().filter(|(w, _)| w == p).count();
        assert!((1..=3).contains(&whites), "{p}: {whites} whites");
    }
}

#[test]
fn a_round_robin_by_days_a_move_plays_every_game_at_once() {
    let entrants: Vec<Entrant> = [("a", 1900), ("b", 1800), ("c", 1700), ("d", 1600)]
        .iter()
        .map(|(a, r)| entrant(a, *r))
        .collect();
    let mut t = row(TournamentKind::RoundRobin, 0);
    t.cycles = 1;
    t.time = TimeControl::Days { days: 3 };
    let p = plan(&t, &entrants, &[], &[], 1).expect("it starts");
    assert_eq!((p.round, p.rounds), (1, 1));
    assert_eq!(p.pairs.len(), 6, "everyone against everyone, at once");
}

#[test]
fn a_swiss_nobody_came_to_is_cancelled_at_its_time_and_an_arena_starts_anyway() {
    let t = row(TournamentKind::Swiss, 3);
    assert_eq!(
        plan(&t, &[entrant("a", 1500)], &[], &[], -1),
        None,
        "not yet"
    );
    let p = plan(&t, &[entrant("a", 1500)], &[], &[], 1).unwrap();
    assert_eq!(p.state, TournamentState::Cancelled);
    let arena = row(TournamentKind::Arena, 0);
    let p = plan(&arena, &[], &[], &[], 1).unwrap();
    assert_eq!(p.state, TournamentState::Running, "paired as players come");
    assert!(p.pairs.is_empty());
}

/// A tournament's game called off by its first-move limit, against the seat that never
/// moved: in an arena no points and that player paused; in a Swiss the game lost and the
/// player withdrawn; in a round robin the game lost. A game played out counts as played.
#[test]
fn a_player_who_never_comes_to_a_game_loses_it_or_is_paused_by_kind() {
    use crate::games::GameStanding;
    use camelot_engine::{EndReason, Outcome, Side};
    use camelot_online::protocol::GameEnd;
    let g = Played {
        game: GameId::parse("g1").unwrap(),
        round: 1,
        first: "white".into(),
        second: "black".into(),
        partners: None,
        started_at: 0,
        score: None,
        ended_at: None,
    };
    let off = |plies| GameStanding {
        end: Some(GameEnd::Aborted),
        plies,
    };
    let marked = |who: &str, mark| Some((who.to_string(), mark));
    use TournamentKind::{Arena, RoundRobin, Swiss};
    assert_eq!(
        judged(Arena, &g, &off(0)),
        Some((GameScore::Void, marked("white", Mark::Paused)))
    );
    assert_eq!(
        judged(Arena, &g, &off(1)),
        Some((GameScore::Void, marked("black", Mark::Paused)))
    );
    assert_eq!(
        judged(Swiss, &g, &off(0)),
        Some((GameScore::Second, marked("white", Mark::Withdrawn)))
    );
    assert_eq!(
        judged(Swiss, &g, &off(1)),
        Some((GameScore::First, marked("black", Mark::Withdrawn)))
    );
    assert_eq!(
        judged(RoundRobin, &g, &off(1)),
        Some((GameScore::First, None))
    );
    let won = GameStanding {
        end: Some(GameEnd::Decided(Outcome::win(
            Side::Second,
            EndReason::Time,
        ))),
        plies: 1,
    };
    assert_eq!(judged(Arena, &g, &won), Some((GameScore::Second, None)));
    let going_on = GameStanding {
        end: None,
        plies: 0,
    };
    assert_eq!(judged(Swiss, &g, &going_on), None);
}

/// A Grand Cam arena seats its waiting players four at a table, the first and fourth by
/// rank against the second and third; each partner scores their side's result (an
/// arena's streak each their own), and the next wave seats whoever waits again; a
/// table's absent seat is paused, and a Swiss or round robin of Grand Cam is refused.
#[test]
fn a_grand_cam_arena_seats_tables_of_four_and_scores_each_partner() {
    let entrants: Vec<Entrant> = [
        ("a", 1900),
        ("b", 1800),
        ("c", 1700),
        ("d", 1600),
        ("e", 1500),
    ]
    .iter()
    .map(|(a, r)| entrant(a, *r))
    .collect();
    let mut t = TournamentRow {
        variant: Variant::GrandCam,
        ..row(TournamentKind::Arena, 0)
    };
    let p = plan(&t, &entrants, &[], &[], 1).expect("it starts");
    assert!(p.pairs.is_empty());
    let [(round, table)] = p.tables.as_slice() else {
        panic!("one table of four, e waiting: {p:?}")
    };
    // Red, Green, Blue, Yellow: a and d (Red and Blue) against b and c.
    assert_eq!(
        (*round, table.clone()),
        (1, ["a", "b", "d", "c"].map(String::from))
    );
    (t.state, t.round, t.ends_at) = (p.state, p.round, p.ends_at);
    let game = |i: usize, seats: &[String; 4], score, ended: i64| Played {
        game: GameId::parse(&format!("t{i}")).unwrap(),
        round: i as u32,
        first: seats[0].clone(),
        second: seats[1].clone(),
        partners: Some([seats[2].clone(), seats[3].clone()]),
        started_at: ended - 1,
        score,
        ended_at: Some(ended),
    };
    // Still played: nobody else is seated (e waits alone).
    let mut games = vec![game(1, table, None, 10)];
    games[0].ended_at = None;
    assert_eq!(plan(&t, &entrants, &games, &[], 5), None);
    // The first side (a and d) wins: 2 points each, nothing for b and c.
    games[0] = game(1, table, Some(GameScore::First), 10);
    let points = points_of(TournamentKind::Arena, &games);
    assert_eq!(points[&games[0].game], [2.0, 0.0, 2.0, 0.0]);
    let lines = standings(TournamentKind::Arena, &entrants, &games, &[]);
    let of = |who: &str| lines.iter().find(|l| l.account == who).unwrap();
    assert_eq!(
        (
            of("a").points,
            of("d").points,
            of("b").points,
            of("e").points
        ),
        (2.0, 2.0, 0.0, 0.0)
    );
    assert_eq!((of("d").wins, of("c").losses, of("e").games), (1, 1, 0));
    // The next wave seats four of the five who wait, nearest in points first.
    let p = plan(&t, &entrants, &games, &[], 20).expect("seated again");
    let [(2, next)] = p.tables.as_slice() else {
        panic!("one table: {p:?}")
    };
    let seated: HashSet<&str> = next.iter().map(String::as_str).collect();
    assert_eq!(seated.len(), 4);
    assert!(
        seated.contains("a") && seated.contains("d"),
        "the leaders: {next:?}"
    );
    // A table whose third seat never moved: that player is paused, the game void.
    let standing = crate::games::GameStanding {
        end: Some(camelot_online::protocol::GameEnd::Aborted),
        plies: 2,
    };
    let (score, mark) = judged(TournamentKind::Arena, &games[0], &standing).unwrap();
    assert_eq!(
        (score, mark),
        (GameScore::Void, Some(("d".to_string(), Mark::Paused)))
    );
    // Swisses and round robins of Grand Cam are not made.
    for kind in [TournamentKind::Swiss, TournamentKind::RoundRobin] {
        let asked = camelot_online::protocol::tournaments::NewTournament {
            name: "Orkney".into(),
            kind,
            variant: Variant::GrandCam,
            time: TimeControl::Clock {
                minutes: 3,
                increment: 2,
            },
            minutes: None,
            rounds: Some(1),
            starts_at: None,
            casual: false,
            programs: false,
            max_players: None,
        };
        assert!(matches!(
            super::settings::judged(asked, None, 0),
            Err(super::TournamentError::TablesInArenas)
        ));
    }
}
