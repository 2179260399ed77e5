//! The `camelot-cli` binary: output, exit codes and error messages.

use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_camelot-cli"))
        .args(args)
        .output()
        .expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn moves_lists_every_legal_move_sorted() {
    let o = cli(&[
        "moves",
        "--position",
        "variant=camelot turn=white white=MD4,MF16 black=ME5,ME7,MG7,MF1 castle_moves=2,2",
    ]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "D4xF6xD8\nD4xF6xH8\n");
    let start = cli(&["moves", "--position", "variant=camelot turn=white white=KC6,MD6,ME6,MF6,MG6,MH6,MI6,KJ6,KD7,ME7,MF7,MG7,MH7,KI7 black=KD10,ME10,MF10,MG10,MH10,KI10,KC11,MD11,ME11,MF11,MG11,MH11,MI11,KJ11"]);
    let lines: Vec<String> = stdout(&start).lines().map(String::from).collect();
    assert_eq!(lines.len(), 100);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    // --variant is that start position, as the packages' smoke check asks it.
    let by_variant = cli(&["moves", "--variant", "camelot"]);
    assert!(by_variant.status.success(), "{}", stderr(&by_variant));
    assert_eq!(stdout(&by_variant), stdout(&start));
    let both = cli(&[
        "moves",
        "--variant",
        "camelot",
        "--position",
        "variant=camelot",
    ]);
    assert!(!both.status.success());
}

#[test]
fn perft_prints_nodes_last_and_speed_on_stderr() {
    let o = cli(&["perft", "--variant", "camelot", "--depth", "2"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("nodes 10026"));
    assert!(stderr(&o).contains("nodes/s"));
    let d = cli(&["perft", "--variant", "camette", "--depth", "2", "--divide"]);
    let out = stdout(&d);
    assert_eq!(out.lines().count(), 23);
    assert_eq!(out.lines().last(), Some("nodes 345"));
    let river = cli(&["perft", "--variant", "river", "--depth", "1"]);
    assert_eq!(stdout(&river).trim(), "nodes 41");
}

#[test]
fn play_applies_moves_or_names_the_first_illegal_one() {
    let pos = "variant=camelot turn=white white=MF8,MA4 black=MG9";
    let o = cli(&["play", "--position", pos, "F8xH10"]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "variant=camelot turn=black white=MA4,MH10 black=\noutcome 1-0 (all pieces captured)\n"
    );
    let bad = cli(&[
        "play",
        "--position",
        "variant=camelot turn=white white=KC6,MD6 black=ME10,MF10",
        "C6-C7",
        "E6-E9",
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        stderr(&bad).contains("move 2 is illegal: E6-E9: no piece on E6"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn replay_prints_the_final_position_and_result() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/tests/data/nolan-chaxx-2008.cgn"
    );
    let o = cli(&["replay", file]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "variant=camelot turn=white white=KF12 black=MF8,MC9,MH11\nresult 0-1 (resignation)\n"
    );
}

#[test]
fn replay_names_the_first_illegal_move() {
    let dir = std::env::temp_dir().join(format!("camelot-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.cgn");
    std::fs::write(
        &file,
        "[Variant \"camelot\"]\n1. E6-E8 H11-F9 2. H6-F8 F11-F7 *\n",
    )
    .unwrap();
    let o = cli(&["replay", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("move 2 (Black) F11-F7:"),
        "{}",
        stderr(&o)
    );
    let missing = cli(&["replay", dir.join("nope.cgn").to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(stderr(&missing).contains("cannot read"));
}

#[test]
fn bad_arguments_get_clear_errors_and_every_subcommand_has_help() {
    let o = cli(&["perft", "--variant", "chess", "--depth", "2"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("unknown variant 'chess'"),
        "{}",
        stderr(&o)
    );
    let o = cli(&["moves", "--position", "variant=camelot"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("'turn' field is missing"));
    for sub in ["moves", "perft", "play", "replay"] {
        let h = cli(&[sub, "--help"]);
        assert!(h.status.success(), "{sub}");
        assert!(stdout(&h).contains("Usage"), "{sub}");
    }
}

#[test]
fn review_prints_a_line_a_ply_or_json_and_refuses_bad_records() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/tests/data/nolan-chaxx-2008.cgn"
    );
    let o = cli(&["review", file, "--nodes", "3000"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 35, "a header and 34 plies: {text}");
    assert!(lines[0].starts_with("ply  side"));
    let first: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(first[..3], ["1", "white", "E6-E8"]);
    let classes = ["best", "good", "inaccuracy", "mistake", "blunder"];
    for l in &lines[1..] {
        assert!(
            classes.contains(&l.split_whitespace().last().unwrap()),
            "{l}"
        );
    }
    assert!(stderr(&o).contains("reviewing: 35/35 positions"));

    let j = cli(&["review", file, "--nodes", "3000", "--json"]);
    assert!(j.status.success(), "{}", stderr(&j));
    let rows: serde_json::Value = serde_json::from_slice(&j.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 34);
    assert_eq!(rows[1]["side"], "black");
    assert_eq!(rows[1]["played"], "H11-F9");
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r["ply"], i + 1);
        let (b, a) = (r["before"].as_f64().unwrap(), r["after"].as_f64().unwrap());
        assert!((0.0..=1.0).contains(&b) && (0.0..=1.0).contains(&a), "{r}");
        assert!(classes.contains(&r["class"].as_str().unwrap()), "{r}");
    }

    let dir = std::env::temp_dir().join(format!("camelot-review-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.cgn");
    std::fs::write(
        &bad,
        "[Variant \"camelot\"]\n1. E6-E8 H11-F9 2. H6-F8 F11-F7 *\n",
    )
    .unwrap();
    let o = cli(&["review", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("move 2 (Black) F11-F7:"),
        "{}",
        stderr(&o)
    );
    let foreign = dir.join("chess.pgn");
    std::fs::write(&foreign, "[Event \"x\"]\n[Variant \"chess\"]\n1. e4 e5 *\n").unwrap();
    let o = cli(&["review", foreign.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("chess"), "{}", stderr(&o));
    let o = cli(&["review", file, "--nodes", "0"]);
    assert_eq!(o.status.code(), Some(2), "clap refuses a zero budget");
}

#[test]
fn tournament_prints_a_crosstable_saves_every_game_and_refuses_bad_fields() {
    let dir = std::env::temp_dir().join(format!("camelot-tournament-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let o = cli(&[
        "tournament",
        "--variant",
        "camette",
        "--levels",
        "greedy,beginner,novice",
        "--games",
        "2",
        "--jobs",
        "2",
        "--records",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "camette tournament, 2 games a pairing");
    assert!(
        lines[1].contains("score  games     elo  95% interval"),
        "{text}"
    );
    assert_eq!(lines.len(), 5, "{text}");
    let mut points = 0.0;
    let mut elo = 0.0;
    for l in &lines[2..] {
        let f: Vec<&str> = l.split_whitespace().collect();
        // rank, name, three cells, score, games, elo, low, "to", high
        assert_eq!(f.len(), 11, "{l}");
        assert_eq!(f[6], "4", "each plays two games against each of two: {l}");
        points += f[5].parse::<f64>().unwrap();
        elo += f[7].parse::<f64>().unwrap();
    }
    assert_eq!(points, 6.0, "six games, a point each: {text}");
    assert!(elo.abs() <= 1.0, "ratings centre on the field: {text}");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert_eq!(files.len(), 6);
    assert_eq!(files[0], "beginner-vs-novice-001.cgn");
    let record = std::fs::read_to_string(dir.join(&files[0])).unwrap();
    assert!(record.contains("[Event \"camelot-cli tournament\"]"));
    let replay = cli(&["replay", dir.join(&files[0]).to_str().unwrap()]);
    assert!(replay.status.success(), "{}", stderr(&replay));

    // A name that is no level is a usage error (2), as clap reads it; a field that
    // cannot be played is bad input (1).
    for (levels, message, code) in [
        ("club", "two to eight levels, not 1", 1),
        ("club,novice,club", "level 'club' is named twice", 1),
        ("club,champion", "unknown level 'champion'", 2),
        (
            "beginner,novice,club,expert,master,greedy,club,novice,master",
            "two to eight levels, not 9",
            1,
        ),
    ] {
        let o = cli(&["tournament", "--levels", levels]);
        assert_eq!(o.status.code(), Some(code), "{levels}");
        assert!(stderr(&o).contains(message), "{levels}: {}", stderr(&o));
    }
}

#[test]
fn solve_refuses_other_variants_and_bad_tables_with_reasons() {
    let o = cli(&["solve", "camelot"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("only camette can be solved"),
        "{}",
        stderr(&o)
    );

    let dir = std::env::temp_dir().join(format!("camelot-cli-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.tablebase");
    std::fs::write(&bad, b"camelot camette tablebase 1\nshort").unwrap();
    let o = cli(&[
        "solve",
        "camette",
        "--table",
        bad.to_str().unwrap(),
        "--probe",
        "variant=camette turn=white white=MC6 black=MA3",
    ]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("not a usable Camette table"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("solve camette"), "says how to mend it");
    let o = cli(&[
        "solve",
        "camette",
        "--verify",
        "--table",
        bad.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("not a usable Camette table"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();

    // The position is checked before any table is opened or built.
    let o = cli(&[
        "solve",
        "camette",
        "--table",
        "/nonexistent/camette.tablebase",
        "--probe",
        "variant=camelot turn=white white=MA4 black=MA6",
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("not camette"), "{}", stderr(&o));
}

#[test]
fn solve_counts_the_small_classes() {
    let o = cli(&["solve", "camette", "--max-pieces", "3", "--threads", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // Every class of up to three pieces, each pair named on stderr as it is solved.
    assert!(out.starts_with("positions 65780 (reachable "), "{out}");
    assert!(out.contains("longest win"), "{out}");
    assert!(stderr(&o).contains("K against 2M"), "{}", stderr(&o));
    let o = cli(&[
        "solve",
        "camette",
        "--max-pieces",
        "3",
        "--probe",
        "variant=camette turn=white white=MC6 black=MA3",
    ]);
    assert_eq!(o.status.code(), Some(2), "clap refuses the pair");
}

#[test]
fn analyze_says_when_camette_has_no_table() {
    let dir = std::env::temp_dir().join(format!("camelot-cli-notable-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_camelot-cli"))
        .args([
            "analyze",
            "--position",
            "variant=camette turn=white white=MC6 black=MA3",
            "--depth",
            "2",
        ])
        .env("CAMELOT_DATA_DIR", &dir)
        .output()
        .unwrap();
    assert!(o.status.success());
    assert!(
        stderr(&o).contains("no Camette table yet"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("bestmove C6-C7"), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `tune` fits weights to what `selfplay` wrote and writes a file of every weight; bad
/// input is refused with a reason.
#[test]
fn tune_fits_self_play_samples_and_writes_a_weights_file() {
    let dir = std::env::temp_dir().join(format!("camelot-cli-tune-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let samples = dir.join("camette.tsv");
    let weights = dir.join("camette.txt");
    let (s, w) = (samples.to_str().unwrap(), weights.to_str().unwrap());
    let o = cli(&[
        "selfplay",
        "--variant",
        "camette",
        "--level",
        "novice",
        "--games",
        "30",
        "--out",
        s,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = cli(&["tune", "--variant", "camette", s, "--out", w]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("quiet samples fitted"), "{out}");
    assert!(out.contains("held-out"), "{out}");
    let text = std::fs::read_to_string(&weights).unwrap();
    assert!(text.starts_with("# camette"), "{text}");
    for name in ["man 100\n", "knight ", "advance 0 ", "tempo ", "progress "] {
        assert!(text.contains(name), "{name} missing from {text}");
    }
    // The file is there now: replaced only with --force; a FIFO, a device or a missing
    // folder never written to.
    let o = cli(&["tune", "--variant", "camette", s, "--out", w]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the file exists: --force replaces it"),
        "{}",
        stderr(&o)
    );
    let o = cli(&["tune", "--variant", "camette", s, "--out", w, "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    for (target, says) in [
        ("/dev/null", "a device, not a regular file"),
        (
            &*dir.join("no/such/folder.txt").to_string_lossy(),
            "the folder does not exist",
        ),
    ] {
        let o = cli(&[
            "tune",
            "--variant",
            "camette",
            s,
            "--out",
            target,
            "--force",
        ]);
        assert_eq!(o.status.code(), Some(1), "{target}");
        assert!(stderr(&o).contains(says), "{target}: {}", stderr(&o));
    }
    assert!(!dir.join("no").exists());

    // No samples of the variant asked for, a missing file, a malformed line.
    let o = cli(&["tune", "--variant", "river", s]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("0 quiet river samples"),
        "{}",
        stderr(&o)
    );
    let o = cli(&[
        "tune",
        "--variant",
        "camette",
        dir.join("none.tsv").to_str().unwrap(),
    ]);
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    let bad = dir.join("bad.tsv");
    std::fs::write(&bad, "2\t0\tquiet\tvariant=camette\n").unwrap();
    let o = cli(&["tune", "--variant", "camette", bad.to_str().unwrap()]);
    assert!(stderr(&o).contains("line 1: result '2'"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unwritable_table_is_found_before_the_solve() {
    let started = std::time::Instant::now();
    let o = cli(&["solve", "camette", "--table", "/dev/null/camette.tablebase"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the table cannot be written to /dev/null/camette.tablebase"),
        "{}",
        stderr(&o)
    );
    assert!(
        started.elapsed() < std::time::Duration::from_secs(10),
        "before solving"
    );
}

#[test]
fn game_numbers_past_the_last_are_refused() {
    let o = cli(&[
        "match",
        "--a",
        "beginner",
        "--b",
        "beginner",
        "--first-game",
        "4294967295",
        "--games",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o)
            .contains("games 4294967295 to 4294967296 run past the last game number, 4294967295"),
        "{}",
        stderr(&o)
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_waiting() {
    let dir = std::env::temp_dir().join(format!("camelot-cli-fifo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let pipe = dir.join("pipe.cgn");
    assert!(Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .unwrap()
        .success());
    let o = cli(&["replay", pipe.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("a FIFO, not a regular file"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn version_names_the_workspace_version_and_the_commit_built() {
    let o = cli(&["--version"]);
    assert!(o.status.success());
    let line = stdout(&o);
    let commit = camelot_test_support::head_commit();
    assert_eq!(
        line.trim_end(),
        format!("camelot-cli {} ({commit})", env!("CARGO_PKG_VERSION"))
    );
}
