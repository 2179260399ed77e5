//! The AI: legal moves only, forced wins found, limits respected, reproducible.

mod common;
use common::*;

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use camelot_engine::search::{SearchLimits, SearchScore, Searcher};
use camelot_engine::tuning::EvalWeights;
use camelot_engine::{Ai, AiDecision, DrawClaim, Game, Level, Notation, Position, Variant, LEVELS};

fn quick(nodes: u64) -> Level {
    Level::with_limits("test", SearchLimits::nodes(nodes))
}

fn best_move(position: &str, limits: SearchLimits) -> String {
    let pos = pos(position);
    let mut s = Searcher::new(8);
    let r = s.search(&pos, &[], limits, |_| {});
    pos.move_text(&r.best.unwrap(), Notation::Wcf).unwrap()
}

#[test]
fn every_level_plays_only_legal_moves_in_every_variant() {
    let levels = [Level::GREEDY, Level::BEGINNER, Level::NOVICE, quick(3_000)];
    for v in Variant::ALL {
        for (i, &level) in levels.iter().enumerate() {
            for seed in 0..3u64 {
                let mut game = Game::new(v);
                let mut players = [
                    Ai::new(level, seed),
                    Ai::new(levels[(i + 1) % levels.len()], seed + 7),
                ];
                while !game.is_over() && game.ply() < 160 {
                    let team = game.position().rules().side(game.position().turn()).index();
                    match players[team].decide(&game, |_| {}) {
                        Some((AiDecision::Play(m), _)) => {
                            assert!(
                                game.position().is_legal(&m),
                                "{v} {}: illegal move in {}",
                                level.name,
                                game.position()
                            );
                            game.play(&m).unwrap();
                        }
                        Some((AiDecision::Claim(c), _)) => {
                            assert!(game.claimable().contains(&c));
                            game.claim(c).unwrap();
                        }
                        None => panic!("no decision in a live game: {}", game.position()),
                    }
                }
            }
        }
    }
}

#[test]
fn finds_a_castle_entry_that_wins_at_once() {
    // White has F16 already; G15-G16 is the second piece in: a win.
    let m = best_move(
        "variant=camelot turn=white white=MF16,MG15,MA4 black=MA13,MB13,MC13",
        SearchLimits::depth(3),
    );
    assert_eq!(m, "G15-G16");
}

#[test]
fn finds_a_two_move_castle_win() {
    // White G14 walks in (G15, then F16/G16 with F16 already White's); Black is far away.
    let m = best_move(
        "variant=camelot turn=white white=MF16,MG14,MA4 black=MA13,MB13,MC13",
        SearchLimits::depth(5),
    );
    assert!(
        ["G14-G15", "G14-F15", "G14-H15"].contains(&m.as_str()),
        "{m}"
    );
    let pos = pos("variant=camelot turn=white white=MF16,MG14,MA4 black=MA13,MB13,MC13");
    let r = Searcher::new(8).search(&pos, &[], SearchLimits::depth(5), |_| {});
    assert_eq!(r.score.plies_to_end(), Some(3), "a win in three plies");
}

/// A step that threatens to win by entering the goal castle is found on the search's last
/// ply: quiescence does not stand pat for the side threatened (Black, with nothing to
/// stop F15-G16), so depth 1 sees the win in three plies. Standing pat, depth 1 scored
/// F14-F15 as the evaluation's few hundredths for a man beside the castle.
#[test]
fn a_threat_to_enter_the_goal_is_seen_past_the_horizon() {
    let pos = pos("variant=camelot turn=white white=MF16,MF14,MA4 black=MK3,ML4,MK4");
    let r = Searcher::new(8).search(&pos, &[], SearchLimits::depth(1), |_| {});
    assert_eq!(r.score.plies_to_end(), Some(3), "{:?}", r.score);
    let m = r.best.and_then(|m| pos.move_text(&m, Notation::Wcf));
    assert!(
        matches!(m.as_deref(), Some("F14-F15" | "F14-G15" | "F14-E15")),
        "{m:?}"
    );
}

#[test]
fn finds_the_winning_capture_chain() {
    // Capturing all three black men wins (White keeps two pieces); the other capture
    // does not.
    let m = best_move(
        "variant=camelot turn=white white=MD4,MJ4 black=ME5,ME7,MC7",
        SearchLimits::depth(3),
    );
    assert_eq!(m, "D4xF6xD8xB6");
}

/// A fork made on the search's last ply (two White men one Black man can jump, no White
/// jump) is searched one ply further: a depth-1 search finds the canter that makes it and
/// scores it as a depth-2 search does. Standing pat would count only the evaluation's
/// small penalty for the two pieces that can be jumped: without the extension depth 1
/// chose F10-F9 (268) over F11-F9 (316 at depth 2).
#[test]
fn a_fork_at_the_horizon_is_searched_one_ply_further() {
    let p =
        pos("variant=camelot turn=black white=ME8,MG8,MC4,MJ4 black=ME10,MF10,MG10,MF11,MC13,MJ13");
    let search = |depth| Searcher::new(8).search(&p, &[], SearchLimits::depth(depth), |_| {});
    let (one, two) = (search(1), search(2));
    let text =
        |r: &camelot_engine::search::SearchResult| p.move_text(&r.best.unwrap(), Notation::Wcf);
    assert_eq!(text(&one).unwrap(), "F11-F9");
    assert_eq!(text(&two).unwrap(), "F11-F9");
    assert_eq!(one.score, two.score);
}

/// Anti-Camelot's men may canter as they like, so a quiet middlegame can have more moves
/// than the 512 a node scores and sorts (this one, from a master-against-greedy game,
/// 623): the moves after those are searched too, as quiet moves. The search once read
/// past the end of its ordering scores there and panicked.
#[test]
fn a_node_with_more_than_512_moves_searches_them_all() {
    let p = pos(
        "variant=anti turn=white white=MF4,MG6,MI6,KJ6,MD7,ME7,MF7,MG7,MH7,KI7 \
         black=ME9,MG9,MI9,ME10,KI10,KC11,MD11,ME11,MF11,MG11,MH11,MI11,KJ11 quiet=5",
    );
    let moves = p.legal_moves().to_vec();
    assert_eq!(moves.len(), 623);
    let r = Searcher::new(8).search(&p, &[], SearchLimits::depth(5), |_| {});
    assert_eq!(r.depth, 5);
    assert!(moves.contains(&r.best.unwrap()));
}

/// Anti-Camelot's side ahead (fewer pieces) must walk them into the enemy's jumps: the
/// evaluation's own choice (depth 1) in this standoff from a master-against-greedy game
/// (Black ahead, seven pieces to nine, both at home; master shuffled along rank 11 for
/// fifty moves and greedy claimed the draw) brings a Black piece nearer to the White
/// ones, all on rank 6. With the approach term counted for both sides, a step towards
/// the enemy brought the enemy nearer too and cost the side ahead what it gained.
#[test]
fn anti_camelots_side_ahead_walks_towards_the_enemy() {
    let p = "variant=anti turn=black white=KC6,MD6,ME6,MF6,MG6,MH6,KI6,MJ6,MK6 \
             black=KB11,MD11,ME11,MF11,MG11,MK11,MF12 quiet=15";
    let m = best_move(p, SearchLimits::depth(1));
    let rank = |square: &str| square[1..].parse::<u32>().unwrap();
    let squares: Vec<&str> = m.split(['-', 'x']).collect();
    let (from, to) = (squares[0], squares[squares.len() - 1]);
    assert!(rank(to) < rank(from), "{m} does not come nearer to rank 6");
}

#[test]
fn camette_knows_one_piece_in_the_castle_wins() {
    let m = best_move(
        "variant=camette turn=white white=MC6,MA3 black=MA5,ME5",
        SearchLimits::depth(2),
    );
    assert_eq!(m, "C6-C7");
}

#[test]
fn grand_cam_partners_cooperate() {
    // Red cannot reach G13 alone, but can canter over Blue's piece on G12 into it.
    let p = "variant=grandcam turn=red red=MG11,MC5 green=MK8 blue=MG12 yellow=MC9";
    assert_eq!(best_move(p, SearchLimits::depth(2)), "G11-G13");
    // Blue, to move, steps to G12 so that Red can canter into G13 next; Yellow (between
    // them) cannot stop it.
    let q = "variant=grandcam turn=blue red=MG11,MC5 green=MK8 blue=MH12 yellow=MC9";
    let pos = pos(q);
    let r = Searcher::new(8).search(&pos, &[], SearchLimits::depth(4), |_| {});
    assert!(
        r.score.plies_to_end().is_some_and(|n| n > 0),
        "Blue sees the partnership's win: {}",
        r.score
    );
    assert_eq!(
        pos.move_text(&r.best.unwrap(), Notation::Wcf).unwrap(),
        "H12-G12"
    );
}

#[test]
fn respects_its_time_limit() {
    let pos = Position::start(Variant::Camelot);
    let mut s = Searcher::new(16);
    let t = Instant::now();
    let r = s.search(
        &pos,
        &[],
        SearchLimits::time(Duration::from_millis(300)),
        |_| {},
    );
    let took = t.elapsed();
    assert!(took < Duration::from_millis(350), "took {took:?}");
    assert!(r.best.is_some());
}

#[test]
fn stop_returns_a_move_promptly() {
    let pos = Position::start(Variant::Camelot);
    let mut s = Searcher::new(16);
    let flag = s.stop_flag();
    let handle = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || s.search(&pos, &[], SearchLimits::default(), |_| {}))
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    flag.store(true, Ordering::Relaxed);
    let r = handle.join().unwrap();
    assert!(
        t.elapsed() < Duration::from_millis(50),
        "stopped after {:?}",
        t.elapsed()
    );
    assert!(r.best.is_some());
}

#[test]
fn is_deterministic_for_a_seed_and_node_limit() {
    let pos = Position::start(Variant::Camelot);
    let run = || {
        let r = Searcher::new(8).search(&pos, &[], SearchLimits::nodes(50_000), |_| {});
        (r.best, r.score, r.nodes)
    };
    assert_eq!(run(), run());
    let game = Game::new(Variant::Camette);
    let choose = |seed| {
        Ai::new(Level::BEGINNER, seed)
            .decide(&game, |_| {})
            .unwrap()
            .0
    };
    assert_eq!(choose(5), choose(5));
}

#[test]
fn claims_a_draw_when_not_ahead() {
    let mut g = Game::from_position(pos(
        "variant=camelot turn=white white=KA4,MB4 black=KA13,MB13",
    ));
    for _ in 0..2 {
        for m in ["A4-A5", "A13-A12", "A5-A4", "A12-A13"] {
            g.play_notation(m).unwrap();
        }
    }
    let mut ai = Ai::new(quick(5_000), 1);
    let (d, _) = ai.decide(&g, |_| {}).unwrap();
    assert_eq!(d, AiDecision::Claim(DrawClaim::Repetition));
}

#[test]
fn does_not_claim_or_repeat_when_winning() {
    // White is a piece up with a castle entry coming: no claim, and no repeating move.
    let mut g = Game::from_position(pos(
        "variant=camelot turn=white white=MF16,MG13,MA4 black=MA13,MB13",
    ));
    for _ in 0..2 {
        for m in ["A4-A5", "A13-A12", "A5-A4", "A12-A13"] {
            g.play_notation(m).unwrap();
        }
    }
    assert!(!g.claimable().is_empty());
    let mut ai = Ai::new(quick(20_000), 1);
    let (d, _) = ai.decide(&g, |_| {}).unwrap();
    match d {
        AiDecision::Play(m) => {
            assert_ne!(g.position().move_text(&m, Notation::Wcf).unwrap(), "A4-A5")
        }
        other => panic!("claimed while winning: {other:?}"),
    }
}

#[test]
fn a_search_fits_in_a_default_thread_stack() {
    // The game searches on task-pool threads with ordinary (2 MiB) stacks.
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let (_, game) =
                camelot_engine::notation::Record::import(include_str!("data/nolan-chaxx-2008.cgn"))
                    .unwrap();
            let pos = game.position_at(16).clone();
            Searcher::new(8)
                .search(&pos, &[], SearchLimits::nodes(300_000), |_| {})
                .best
        })
        .unwrap();
    assert!(handle.join().unwrap().is_some());
}

/// How far a score may move with the window it is searched with (hundredths of a man).
const WINDOW_NOISE: i32 = 10;

/// Multi-PV: the lines are the best root moves with the scores a full-window search of
/// every root move gives them, best first, each line legal from the position. The search
/// prunes and reduces by its window (null move, futility, late moves), so a score can
/// differ by a few hundredths with the window it was searched with: within a tenth of a
/// man.
#[test]
fn multipv_lines_are_the_best_root_moves_with_their_scores() {
    let start = Position::start(Variant::Camelot).to_string();
    for (text, depth) in [
        (
            "variant=camelot turn=white white=MD4,MJ4,KF6 black=ME5,ME7,MC7,KH12",
            4,
        ),
        (
            "variant=camette turn=white white=KC2,MB3,MD2 black=MC5,ME5,KC6",
            5,
        ),
        (start.as_str(), 3),
    ] {
        let p = pos(text);
        let mut exact = Searcher::new(8);
        exact.exact_root = true;
        let all = exact.search(&p, &[], SearchLimits::depth(depth), |_| {});
        let mut want: Vec<i32> = all.root_scores.iter().map(|&(_, s)| s).collect();
        want.sort_unstable_by(|a, b| b.cmp(a));

        let mut multi = Searcher::new(8);
        multi.multipv = 3;
        let mut infos = Vec::new();
        let r = multi.search(&p, &[], SearchLimits::depth(depth), |i| {
            infos.push(i.clone())
        });
        assert_eq!(infos.len(), depth as usize, "{text}");
        let lines = &r.lines;
        assert_eq!(lines.len(), 3.min(p.legal_moves().len()), "{text}");
        assert_eq!(&infos.last().unwrap().lines, lines);
        assert_eq!(lines[0].pv, r.pv);
        assert_eq!(lines[0].score, r.score);
        let got: Vec<i32> = lines.iter().map(|l| l.score.0).collect();
        assert!(got.windows(2).all(|w| w[0] >= w[1]), "{text}: {got:?}");
        for (g, w) in got.iter().zip(&want) {
            assert!(
                (g - w).abs() <= WINDOW_NOISE,
                "{text}: {got:?} for {want:?}"
            );
        }
        let firsts: std::collections::HashSet<_> = lines.iter().map(|l| l.pv[0]).collect();
        assert_eq!(firsts.len(), lines.len(), "{text}: distinct first moves");
        for l in lines {
            let exact_score = all
                .root_scores
                .iter()
                .find(|&&(m, _)| m == l.pv[0])
                .unwrap()
                .1;
            assert!(
                (l.score.0 - exact_score).abs() <= WINDOW_NOISE,
                "{text}: {l:?}"
            );
            let mut q = p.clone();
            for m in &l.pv {
                assert!(q.is_legal(m), "{text}: line {l:?}");
                q.play_unchecked(m);
            }
        }
        // One line is the plain search: the same best score.
        let mut single = Searcher::new(8);
        let plain = single.search(&p, &[], SearchLimits::depth(depth), |_| {});
        assert_eq!(plain.score, r.score, "{text}");
        assert_eq!(plain.lines.len(), 1);
    }
}

#[test]
fn two_threads_find_the_same_forced_win_and_count_both_threads_nodes() {
    let p = pos("variant=camelot turn=white white=MF16,MG14,MA4 black=MA13,MB13,MC13");
    let alone = Searcher::new(8).search(&p, &[], SearchLimits::depth(6), |_| {});
    let mut s = Searcher::new(8);
    s.threads = 2;
    let mut depths = Vec::new();
    let both = s.search(&p, &[], SearchLimits::depth(6), |i| depths.push(i.depth));
    assert_eq!(both.score.plies_to_end(), Some(3));
    assert_eq!(both.score, alone.score);
    assert!(p.is_legal(&both.best.unwrap()));
    // The main thread reports every depth from 1, as it does alone.
    assert_eq!(depths.first(), Some(&1));

    // A timed search on two threads stops on time and searches more nodes than the
    // main thread's reports alone show.
    let start = pos("variant=camelot turn=white white=KC6,MD6,ME6,MF6,MG6,MH6,MI6,KJ6,KD7,ME7,MF7,MG7,MH7,KI7 black=KD10,ME10,MF10,MG10,MH10,KI10,KC11,MD11,ME11,MF11,MG11,MH11,MI11,KJ11");
    let mut s = Searcher::new(8);
    s.threads = 2;
    let mut reported = 0;
    let t = Instant::now();
    let r = s.search(
        &start,
        &[],
        SearchLimits::time(Duration::from_millis(400)),
        |i| reported = i.nodes,
    );
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t.elapsed()
    );
    assert!(r.nodes > reported, "{} vs {reported}", r.nodes);
    assert!(start.is_legal(&r.best.unwrap()));
}

#[test]
fn the_grandmaster_thinks_on_every_core_for_a_set_time() {
    let gm = Level::by_name("grandmaster").unwrap();
    assert_eq!(gm.limits().time, Some(Duration::from_secs(3)));
    assert!(gm.limits().nodes.is_none());
    assert_eq!(
        gm.threads(),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    // Every other level searches alone, reproducibly.
    for l in LEVELS.iter().filter(|l| l.name != "grandmaster") {
        assert_eq!(l.threads(), 1, "{}", l.name);
    }
    assert_eq!(
        LEVELS.last().unwrap().name,
        "grandmaster",
        "the strongest comes last"
    );
}

/// The hash leaves the variant out, and Camelot, the 1930 rules and Anti-Camelot start
/// alike: a searcher given another variant's position searches it as a fresh searcher
/// does, not from what its table and evaluation cache kept of the last variant.
#[test]
fn a_searcher_given_another_variant_forgets_the_last_one() {
    let pairs = [
        (Variant::Camelot, Variant::Anti),
        (Variant::Anti, Variant::Camelot),
        (Variant::Camelot, Variant::Classic),
    ];
    for (first, then) in pairs {
        let mut s = Searcher::new(8);
        s.search(&Position::start(first), &[], SearchLimits::depth(4), |_| {});
        let start = Position::start(then);
        let reused = s.search(&start, &[], SearchLimits::depth(4), |_| {});
        let fresh = Searcher::new(8).search(&start, &[], SearchLimits::depth(4), |_| {});
        assert_eq!(
            (reused.best, reused.nodes, reused.score),
            (fresh.best, fresh.nodes, fresh.score),
            "{first:?} then {then:?}"
        );
    }
}

/// A draw scores the variant's contempt against the side that searches, whichever side
/// that is: Anti-Camelot's master plays on rather than let an even standoff run into the
/// 50-move rule. Camelot's contempt is nil, its draw even.
#[test]
fn a_draw_scores_the_variants_contempt_against_the_searcher() {
    let anti = EvalWeights::for_variant(Variant::Anti).contempt;
    assert!(anti > 0, "Anti-Camelot has a contempt");
    assert_eq!(EvalWeights::for_variant(Variant::Camelot).contempt, 0);
    for (variant, turn, want) in [
        ("anti", "white", -anti),
        ("anti", "black", -anti),
        ("camelot", "white", 0),
    ] {
        // One ply from the 50-move draw, and no capture or castle entry in reach: every
        // line ends in that draw.
        let p = pos(&format!(
            "variant={variant} turn={turn} white=KA4,MB4 black=KA13,MB13 quiet=99"
        ));
        let r = Searcher::new(8).search(&p, &[], SearchLimits::depth(3), |_| {});
        assert_eq!(r.score, SearchScore(want), "{variant}, {turn} to move");
    }
}

/// With a contempt, the 50-move count draws the evaluation towards the draw's score as
/// it runs, so that the side searching prefers lines that reset it: one ply deep from a
/// board with no capture in reach, every leaf stands the count's share of the contempt
/// lower for the searcher (material is even, so no other term reads the count).
#[test]
fn the_fifty_move_count_pulls_towards_the_contempt() {
    let anti = EvalWeights::for_variant(Variant::Anti).contempt;
    let board = "turn=white white=KA4,MB4 black=KA13,MB13";
    let score = |variant: &str, quiet: i32| {
        let p = pos(&format!("variant={variant} {board} quiet={quiet}"));
        Searcher::new(8)
            .search(&p, &[], SearchLimits::depth(1), |_| {})
            .score
            .0
    };
    for quiet in [20, 60, 90] {
        // The leaf is one ply on: the count is one more there, and the opponent moves.
        let pull = |q: i32| anti * (q + 1) / 100;
        assert_eq!(
            score("anti", quiet),
            score("anti", 0) - (pull(quiet) - pull(0)),
            "quiet {quiet}"
        );
        assert_eq!(
            score("camelot", quiet),
            score("camelot", 0),
            "quiet {quiet}"
        );
    }
}

/// A level travels as its name; a server's game cuts a level's budget to the clock and
/// to one thread, its noise and slips kept.
#[test]
fn levels_travel_by_name_and_a_server_bounds_them_by_the_clock() {
    let json = serde_json::to_string(&Level::CLUB).unwrap();
    assert_eq!(json, r#""club""#);
    assert_eq!(serde_json::from_str::<Level>(&json).unwrap(), Level::CLUB);
    assert!(serde_json::from_str::<Level>(r#""wizard""#).is_err());
    let bounded = Level::MASTER.within(std::time::Duration::from_millis(50));
    assert_eq!(bounded.limits().nodes, Level::MASTER.limits().nodes);
    assert_eq!(
        bounded.limits().time,
        Some(std::time::Duration::from_millis(50))
    );
    assert_eq!(bounded.threads(), 1);
    assert!(!camelot_engine::SERVER_LEVELS.contains(&Level::GRANDMASTER));
    // Bounded by the clock, master answers in about that time from the start.
    let game = camelot_engine::Game::new(camelot_engine::Variant::Camelot);
    let start = std::time::Instant::now();
    let decided = camelot_engine::Ai::new(bounded, 1).decide(&game, |_| {});
    assert!(decided.is_some());
    assert!(
        start.elapsed() < std::time::Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
}
