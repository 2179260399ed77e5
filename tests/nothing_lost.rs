//! Nothing lost, second pass: each way a game could still vanish, tried as a careless
//! user and a hostile file would. A history that cannot be written holds the last game
//! back instead of losing it; a second program on one data directory is refused; special
//! files are refused and user files not replaced unasked; what was saved is said
//! truthfully; links, FIFOs and a file-size limit lose nothing; stale temporaries go;
//! a record's seats and a settings file's numbers never take over unsaid.

use std::fs;
mod terminal_run;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use camelot::game::session::{Seat, Session};
use camelot::settings::file::SettingsFile;
use camelot::storage::data_dir::{Loaded, Store, StoreError};
use camelot_engine::{Game, Level, Notation, Variant};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("camelot-lost-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn game_with(moves: &[&str]) -> Session {
    let mut g = Game::new(Variant::Camelot);
    for m in moves {
        g.play_notation(m).unwrap();
    }
    Session::new(g, vec![Seat::Human, Seat::Computer(Level::CLUB)])
}

/// `camelot --terminal` with `input`: what it printed (standard output, then standard
/// error) and its exit status.
fn terminal(data: &Path, args: &[&str], input: &[u8]) -> (String, Option<i32>) {
    let out = terminal_run::run(data, args, input);
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (text, out.status.code())
}

#[test]
fn a_history_that_cannot_be_written_holds_the_last_game_back() {
    let dir = scratch("archive");
    let st = Store::at(&dir);
    let old = game_with(&["E7-E8", "F10-F9"]);
    st.save_autosave(&old, Notation::Wcf).unwrap();
    // A file named `games` where the history's folder should be.
    fs::write(st.games_dir(), "not a folder").unwrap();
    let new = game_with(&["D7-D8"]);
    let err = st.begin(&new, Notation::Wcf).unwrap_err();
    assert!(matches!(err, StoreError::NotArchived { .. }), "{err}");
    let said = err.to_string();
    assert!(
        said.contains("autosave.cgn") && said.contains("games") && !said.contains(".tmp"),
        "{said}"
    );
    let Loaded::Read(kept) = st.load_autosave() else {
        panic!("the autosave still reads")
    };
    assert_eq!(
        kept.game.moves(),
        old.game.moves(),
        "the old game is untouched"
    );

    // The terminal, playing on, never writes over it, and says so at the end.
    let (out, code) = terminal(
        &dir,
        &["--variant", "camelot", "--seats", "human,human"],
        b"D7-D8\nH10-H9\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("could not be put into the history"), "{out}");
    assert!(out.contains("Input ended; the game is NOT saved"), "{out}");
    let Loaded::Read(kept) = st.load_autosave() else {
        panic!("the autosave still reads")
    };
    assert_eq!(kept.game.moves(), old.game.moves(), "still the old game");
    // Once the history can be written, the next save keeps both.
    fs::remove_file(st.games_dir()).unwrap();
    let (out, _) = terminal(
        &dir,
        &["--variant", "camelot", "--seats", "human,human"],
        b"D7-D8\n",
    );
    assert!(out.contains("The last game is kept in"), "{out}");
    assert_eq!(st.history().len(), 1);
}

#[test]
fn a_second_program_on_one_data_directory_is_refused() {
    let dir = scratch("lock");
    let st = Store::at(&dir);
    let held = st.lock().expect("the first takes it");
    let (out, code) = terminal(&dir, &["--variant", "camelot"], b"quit\n");
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("another Camelot is using the data directory"),
        "{out}"
    );
    drop(held);
    let (out, code) = terminal(&dir, &["--variant", "camelot"], b"quit\n");
    assert_eq!(code, Some(0), "{out}");
}

#[test]
fn saving_refuses_special_files_and_replaces_only_when_asked() {
    let dir = scratch("save");
    let mine = dir.join("mine.cgn");
    fs::write(&mine, "precious").unwrap();
    let fifo = dir.join("pipe.cgn");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let input = format!(
        "E7-E8\nsave {m}\nsave {f}\nsave /dev/null\nsave {d}/no/such/x.cgn\nsave --force {m}\n",
        m = mine.display(),
        f = fifo.display(),
        d = dir.display()
    );
    let (out, code) = terminal(
        &dir.join("data"),
        &["--variant", "camelot", "--seats", "human,human"],
        input.as_bytes(),
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("Not saved:") && out.contains("the file exists. `save --force"),
        "{out}"
    );
    assert!(out.contains("a FIFO, not a regular file"), "{out}");
    assert!(out.contains("a device, not a regular file"), "{out}");
    assert!(out.contains("the folder does not exist"), "{out}");
    assert!(!dir.join("no").exists());
    assert!(fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo_file());
    assert!(
        fs::read_to_string(&mine).unwrap().contains("E7-E8"),
        "replaced when asked"
    );
}

trait FifoFile {
    fn is_fifo_file(&self) -> bool;
}

impl FifoFile for fs::FileType {
    fn is_fifo_file(&self) -> bool {
        use std::os::unix::fs::FileTypeExt;
        self.is_fifo()
    }
}

#[test]
fn a_record_loaded_and_saved_again_keeps_its_tags_comments_and_glyphs() {
    let dir = scratch("annotations");
    let file = dir.join("annotated.cgn");
    fs::write(
        &file,
        "[Event \"Club final\"]\n[White \"Nolan\"]\n[Black \"Chaxx\"]\n[Variant \"camelot\"]\n\
         [Annotator \"me\"]\n\n{A quiet start.} 1. E7-E8! {Central.} H10-H9?! *\n",
    )
    .unwrap();
    let (out, code) = terminal(
        &dir.join("data"),
        &["--variant", "camelot", "--seats", "human,human"],
        format!("load {f}\nsave --force {f}\n", f = file.display()).as_bytes(),
    );
    assert_eq!(code, Some(0), "{out}");
    let text = fs::read_to_string(&file).unwrap();
    for kept in [
        "[Event \"Club final\"]",
        "[White \"Nolan\"]",
        "[Annotator \"me\"]",
        "{A quiet start.}",
        "E7-E8!",
        "{Central.}",
        "H10-H9?!",
    ] {
        assert!(text.contains(kept), "{kept} lost:\n{text}");
    }
}

#[test]
fn the_end_says_truthfully_what_was_saved() {
    let dir = scratch("truth");
    let (out, _) = terminal(
        &dir,
        &["--variant", "camelot", "--seats", "human,human"],
        b"E7-E8\n",
    );
    assert!(out.contains("Input ended; the game is saved in"), "{out}");
    // No data directory at all: said at the start and at the end.
    let out = Command::new(env!("CARGO_BIN_EXE_camelot"))
        .args(["--terminal", "--variant", "camelot"])
        .env_remove("HOME")
        .env_remove("CAMELOT_DATA_DIR")
        .env_remove("XDG_DATA_HOME")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("nothing will be saved"), "{text}");
    assert!(text.contains("Input ended; nothing was saved"), "{text}");
}

#[cfg(unix)]
#[test]
fn links_lose_nothing_and_never_lead_outside() {
    // A link to a real file: archived as a file of its own, the file pointed to kept.
    let dir = scratch("links");
    let st = Store::at(dir.join("data"));
    fs::create_dir_all(st.dir()).unwrap();
    let real = dir.join("synced.cgn");
    st.save_autosave(&game_with(&["E7-E8"]), Notation::Wcf)
        .unwrap();
    fs::rename(st.autosave_path(), &real).unwrap();
    std::os::unix::fs::symlink(&real, st.autosave_path()).unwrap();
    st.begin(&game_with(&["D7-D8"]), Notation::Wcf).unwrap();
    let history = st.history();
    assert_eq!(history.len(), 1);
    let archived = &history[0].path;
    assert!(!fs::symlink_metadata(archived)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(fs::read_to_string(archived).unwrap().contains("E7-E8"));
    assert!(
        fs::read_to_string(&real).unwrap().contains("E7-E8"),
        "left as it is"
    );

    // A link to nothing: moved aside and said, never written through.
    let dir = scratch("dangling");
    let st = Store::at(dir.join("data"));
    fs::create_dir_all(st.dir()).unwrap();
    let outside = dir.join("elsewhere/autosave.cgn");
    std::os::unix::fs::symlink(&outside, st.autosave_path()).unwrap();
    let loaded = st.load_autosave();
    let notice = loaded.notice("autosave").expect("said");
    assert!(notice.contains("does not exist (not followed)"), "{notice}");
    st.save_autosave(&game_with(&["E7-E8"]), Notation::Wcf)
        .unwrap();
    assert!(!outside.exists() && !dir.join("elsewhere").exists());
    assert!(!fs::symlink_metadata(st.autosave_path())
        .unwrap()
        .file_type()
        .is_symlink());
}

#[cfg(unix)]
#[test]
fn fifos_are_refused_without_waiting() {
    let dir = scratch("fifo");
    let data = dir.join("data");
    fs::create_dir_all(&data).unwrap();
    assert!(Command::new("mkfifo")
        .arg(data.join("autosave.cgn"))
        .status()
        .unwrap()
        .success());
    let pipe = dir.join("pipe.cgn");
    assert!(Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .unwrap()
        .success());
    let started = Instant::now();
    let (out, code) = terminal(
        &data,
        &["--variant", "camelot"],
        format!("load {}\n", pipe.display()).as_bytes(),
    );
    assert!(started.elapsed() < Duration::from_secs(20), "no hang");
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("The autosave could not be read") && out.contains("a FIFO"),
        "{out}"
    );
    assert!(
        out.contains("Cannot load") && out.contains("a FIFO, not a regular file"),
        "{out}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_size_limit_is_said_not_fatal_and_stale_temporaries_go() {
    let dir = scratch("fsize");
    // A temporary a killed save left, by a process long gone.
    fs::write(dir.join(".autosave.cgn.4194305-0-1.tmp"), "half a game").unwrap();
    let game = env!("CARGO_BIN_EXE_camelot");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -f 0; exec '{game}' --terminal --variant camelot --seats human,human"
        ))
        .env("CAMELOT_DATA_DIR", &dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"E7-E8\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "not killed by SIGXFSZ: {text}");
    assert!(
        text.contains("could not be saved") && text.contains("too large"),
        "{text}"
    );
    assert!(text.contains("the game is NOT saved"), "{text}");
    assert!(!dir.join(".autosave.cgn.4194305-0-1.tmp").exists());
}

#[test]
fn a_records_seats_never_take_over_unsaid() {
    let dir = scratch("seats");
    let file = dir.join("self.cgn");
    fs::write(
        &file,
        "[Variant \"camelot\"]\n[Seats \"ai:master,ai:master\"]\n\n1. E7-E8 *\n",
    )
    .unwrap();
    let (out, _) = terminal(
        &dir.join("data"),
        &["--load", file.to_str().unwrap()],
        b"H10-H9\n",
    );
    assert!(out.contains("seats only computers"), "{out}");
    assert!(
        !out.contains("Black plays"),
        "the game did not play itself: {out}"
    );
    let two = dir.join("two.cgn");
    fs::write(
        &two,
        "[Variant \"camelot\"]\n[Seats \"human,ai:novice\"]\n\n*\n",
    )
    .unwrap();
    let (out, _) = terminal(&dir.join("data2"), &["--load", two.to_str().unwrap()], b"");
    assert!(
        out.contains("Seats from") && out.contains("White Human, Black Computer (novice)"),
        "{out}"
    );
}

#[test]
fn settings_out_of_range_are_replaced_and_said() {
    let settings: SettingsFile =
        serde_json::from_str(r#"{"ai_delay": 1e30, "volume": 99, "animation_speed": -5}"#).unwrap();
    let (checked, fixes) = settings.checked();
    let defaults = SettingsFile::default();
    assert_eq!(checked.play.ai_delay, defaults.play.ai_delay);
    assert_eq!(checked.sound.volume, defaults.sound.volume);
    assert_eq!(
        checked.table.animation_speed,
        defaults.table.animation_speed
    );
    assert_eq!(fixes.len(), 3, "{fixes:?}");
    assert!(
        fixes[0].contains("animation_speed -5 is not from 0 to 4"),
        "{fixes:?}"
    );
    let (same, none) = SettingsFile::default().checked();
    assert_eq!(same, SettingsFile::default());
    assert!(none.is_empty());
}
