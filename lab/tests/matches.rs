//! The match runner: parallel games equal serial ones, the sequential test, and the
//! benchmark. Outside programs as opponents are tested beside `camelot-cli`, which is one.

use std::convert::Infallible;

use camelot_engine::Variant;
use camelot_lab::{
    bench_positions, play_game, run_bench, run_match, BenchLine, Contender, GameError, MatchError,
    ProgramError, ProgramErrorKind, Sprt, Verdict,
};
use camelot_test_support::{camette_match, games_of, level};

#[test]
fn parallel_games_are_the_serial_games() {
    let cfg = camette_match(level("novice"), level("club"), 6);
    let serial = games_of(&cfg, 1);
    let parallel = games_of(&cfg, 3);
    assert_eq!(serial, parallel);
    // Colours alternate and each pair shares its opening: games 0 and 1 differ.
    assert_ne!(serial[0].1, serial[1].1);
}

#[test]
fn the_sequential_test_stops_a_lopsided_match_early() {
    let cfg = camette_match(level("expert"), level("beginner"), 200);
    let sprt = Sprt::new(0.0, 100.0);
    let result =
        run_match(&cfg, 0, 2, Some(sprt), |_, _, _| Ok::<(), Infallible>(())).expect("runs");
    let at = result.decided.expect("the test decided");
    assert_eq!(sprt.verdict(&at), Verdict::Accept);
    assert!(at.games() <= result.tally.games(), "{result:?}");
    assert!(result.tally.games() < 60, "{result:?}");
}

#[test]
fn an_error_from_the_caller_ends_the_match() {
    let cfg = camette_match(level("beginner"), level("beginner"), 50);
    let err = run_match(&cfg, 0, 2, None, |i, _, _| {
        if i >= 1 {
            Err("disk full")
        } else {
            Ok(())
        }
    });
    assert!(
        matches!(err, Err(MatchError::Stopped("disk full"))),
        "{err:?}"
    );
}

#[test]
fn the_bench_covers_every_variant_and_counts_the_same_nodes_twice() {
    let positions = bench_positions();
    for v in Variant::ALL {
        assert!(
            positions
                .iter()
                .filter(|p| p.position.variant() == v)
                .count()
                >= 2,
            "{v} has at least two bench positions"
        );
    }
    let first = run_bench();
    let second = run_bench();
    let nodes = |l: &[BenchLine]| l.iter().map(|l| l.nodes).collect::<Vec<_>>();
    assert_eq!(nodes(&first), nodes(&second));
    assert!(first.iter().all(|l| l.nodes > 0));
}

#[test]
fn game_numbers_past_the_last_are_refused_before_any_game() {
    let cfg = camette_match(level("beginner"), level("beginner"), 2);
    let err = run_match(&cfg, u32::MAX - 1, 1, None, |_, _, _| {
        Ok::<(), Infallible>(())
    })
    .expect_err("the second game's number would not fit");
    assert!(matches!(err, MatchError::PastLastGame { .. }), "{err:?}");
    assert!(
        err.to_string().contains("past the last game number"),
        "{err}"
    );
    let one = camette_match(level("beginner"), level("beginner"), 1);
    let result = run_match(&one, u32::MAX - 1, 1, None, |i, _, _| {
        assert_eq!(i, u32::MAX - 1);
        Ok::<(), Infallible>(())
    })
    .expect("the last game number is played");
    assert_eq!(result.tally.games(), 1);
}

#[test]
fn a_program_that_sends_an_endless_line_is_cut_off() {
    // Greets properly, then answers `go` with a line that never ends.
    let script = "while read l; do case \"$l\" in camelot) echo camelotok;; go*) head -c 100000000 /dev/zero | tr '\\0' x;; quit) exit 0;; esac; done";
    let cfg = camette_match(
        level("novice"),
        Contender::Program {
            command: vec!["sh".into(), "-c".into(), script.into()],
            limits: camelot_engine::search::SearchLimits::depth(1),
        },
        1,
    );
    let err = play_game(&cfg, 0).err().expect("an error");
    assert!(
        matches!(
            &err,
            GameError::Program(ProgramError {
                kind: ProgramErrorKind::LineTooLong,
                ..
            })
        ),
        "{err:?}"
    );
    assert!(
        err.to_string().contains("sent a line longer than 64 KiB"),
        "{err}"
    );
}
