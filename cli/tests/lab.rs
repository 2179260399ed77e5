//! The laboratory from the command line: outside programs as match opponents (this
//! binary's own `engine` among them), matches, the bench, and bad options refused.

use std::convert::Infallible;
use std::process::Command;

use camelot_engine::search::SearchLimits;
use camelot_lab::{
    play_game, run_bench, run_match, Contender, GameError, MatchError, ProgramError,
    ProgramErrorKind,
};
use camelot_test_support::{camette_match, games_of, level};

fn cli_engine() -> Vec<String> {
    vec![env!("CARGO_BIN_EXE_camelot-cli").into(), "engine".into()]
}

#[test]
fn an_outside_program_plays_through_the_protocol() {
    // This engine's own protocol, at a fixed depth, as player B.
    let cfg = camette_match(
        level("novice"),
        Contender::Program {
            command: cli_engine(),
            limits: SearchLimits::depth(2),
        },
        2,
    );
    let games = games_of(&cfg, 2);
    for (_, moves, _) in &games {
        assert!(moves.len() > 4, "a whole game was played: {moves:?}");
    }
    let name = cfg.b.name();
    assert!(
        name.starts_with("program ") && name.contains("camelot-cli"),
        "{name}"
    );
}

#[test]
fn a_program_that_cannot_start_or_cheats_is_named_in_a_clear_error() {
    let missing = camette_match(
        level("novice"),
        Contender::Program {
            command: vec!["/nonexistent/engine".into()],
            limits: SearchLimits::depth(1),
        },
        2,
    );
    let err = play_game(&missing, 0).err().expect("an error");
    assert!(
        matches!(
            &err,
            GameError::Program(ProgramError {
                kind: ProgramErrorKind::CannotStart(_),
                ..
            })
        ),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .contains("cannot start '/nonexistent/engine'"),
        "{err}"
    );

    // Greets properly, then answers every `go` with a move that does not exist.
    let script = "while read l; do case \"$l\" in camelot) echo camelotok;; go*) echo 'bestmove A1-A2';; quit) exit 0;; esac; done";
    let cheat = camette_match(
        level("novice"),
        Contender::Program {
            command: vec!["sh".into(), "-c".into(), script.into()],
            limits: SearchLimits::depth(1),
        },
        2,
    );
    let err = run_match(&cheat, 0, 1, None, |_, _, _| Ok::<(), Infallible>(()))
        .expect_err("the match ends with an error");
    assert!(
        matches!(
            &err,
            MatchError::Game {
                number: 1,
                error: GameError::Program(ProgramError {
                    kind: ProgramErrorKind::BadMove(_),
                    ..
                })
            }
        ),
        "{err:?}"
    );
    let err = err.to_string();
    assert!(err.starts_with("game 1: 'sh -c"), "{err}");
    assert!(err.contains("answered 'bestmove A1-A2'"), "{err}");

    // Says nothing at all.
    let silent = camette_match(
        level("novice"),
        Contender::Program {
            command: vec!["sh".into(), "-c".into(), "exec sleep 60".into()],
            limits: SearchLimits::depth(1),
        },
        1,
    );
    let err = play_game(&silent, 0).err().expect("an error");
    assert!(
        matches!(
            &err,
            GameError::Program(ProgramError {
                kind: ProgramErrorKind::Silent { seconds: 10 },
                ..
            })
        ),
        "{err:?}"
    );
    assert!(
        err.to_string().contains("did not answer within 10 s"),
        "{err}"
    );
}

#[test]
fn the_cli_match_and_bench_report_and_refuse_bad_options() {
    let cli = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_camelot-cli"))
            .args(args)
            .output()
            .expect("runs")
    };
    let o = cli(&[
        "match",
        "--variant",
        "camette",
        "--a",
        "club",
        "--b",
        "novice",
        "--games",
        "4",
        "--jobs",
        "2",
        "--movetime",
        "20",
        "--sprt",
        "0,50",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("club vs novice in camette: 4 games"), "{out}");
    assert!(out.contains("sprt elo0 0 elo1 50 llr"), "{out}");
    // A lopsided match is settled early, and the verdict is where the ratio first
    // crossed its bound: a game still under way then is counted in the totals but
    // cannot take the verdict back.
    let o = cli(&[
        "match",
        "--variant",
        "camette",
        "--a",
        "club",
        "--b",
        "beginner",
        "--games",
        "60",
        "--jobs",
        "2",
        "--sprt",
        "0,100",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("H1 accepted: A is at least +100 Elo stronger"),
        "{out}"
    );
    let played: u32 = out
        .split(" in camette: ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the number of games");
    assert!(played < 60, "stopped early: {out}");
    if let Some(at) = out.split(" at game ").nth(1) {
        let at: u32 = at.split(' ').next().unwrap().parse().unwrap();
        // Each of the two threads may have been playing a game at the crossing (the one
        // that finished the deciding game starts its next before the stop is seen).
        assert!(
            at < played && played <= at + 2,
            "at most two games under way: {out}"
        );
    }
    for bad in ["5,1", "x", "0,", "nan,3"] {
        let o = cli(&["match", "--a", "club", "--b", "club", "--sprt", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("expected two Elo values"));
    }
    let o = cli(&["bench", "--runs", "1"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success());
    let nodes: u64 = out
        .lines()
        .find_map(|l| l.strip_prefix("nodes "))
        .and_then(|n| n.parse().ok())
        .expect("a node count");
    assert_eq!(nodes, run_bench().iter().map(|l| l.nodes).sum::<u64>());
}

fn cli_refusal(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_camelot-cli"))
        .args(args)
        .output()
        .expect("runs")
}

#[test]
fn the_cli_refuses_deep_perft_and_endless_files() {
    let o = cli_refusal(&["perft", "--variant", "camette", "--depth", "300"]);
    assert_eq!(o.status.code(), Some(2), "a usage error, not a crash");
    assert!(String::from_utf8_lossy(&o.stderr).contains("300"));
    #[cfg(unix)]
    {
        // An endless device is refused before a byte is read; an oversized regular file
        // is refused at the record's size limit.
        let o = cli_refusal(&["replay", "/dev/zero"]);
        assert_eq!(o.status.code(), Some(1));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("a device, not a regular file"), "{err}");
        let big = std::env::temp_dir().join(format!("camelot-big-{}.cgn", std::process::id()));
        std::fs::write(
            &big,
            vec![b' '; camelot_engine::notation::MAX_RECORD_BYTES + 1],
        )
        .unwrap();
        let o = cli_refusal(&["replay", big.to_str().unwrap()]);
        let _ = std::fs::remove_file(&big);
        assert_eq!(o.status.code(), Some(1));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("too large"), "{err}");
    }
    let o = cli_refusal(&[
        "analyze",
        "--position",
        "variant=camette turn=white white=KC2 black=KC6",
        "--depth",
        "4294967296",
    ]);
    assert_eq!(o.status.code(), Some(2));
}
