//! The files' promises, on real files in a scratch folder.

use std::fs;
use std::path::{Path, PathBuf};

use crate::write::temporary_writer;
use crate::*;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("camelot-files-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn writes_replace_whole_files_and_leave_no_temporary_behind() {
    let dir = scratch("write");
    let file = dir.join("game.cgn");
    write_atomic(&file, b"first").unwrap();
    write_atomic(&file, b"second, longer").unwrap();
    assert_eq!(fs::read_to_string(&file).unwrap(), "second, longer");
    // An unrelated file named like the old fixed temporary is never touched.
    fs::write(dir.join("game.tmp"), "mine").unwrap();
    write_atomic(&file, b"third").unwrap();
    assert_eq!(fs::read_to_string(dir.join("game.tmp")).unwrap(), "mine");
    let names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_is_followed_and_kept() {
    let dir = scratch("link");
    let real = dir.join("real.cgn");
    fs::write(&real, "old").unwrap();
    let link = dir.join("link.cgn");
    std::os::unix::fs::symlink("real.cgn", &link).unwrap();
    write_atomic(&link, b"new").unwrap();
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read_to_string(&real).unwrap(), "new");
}

#[test]
fn reads_stop_at_the_limit() {
    let dir = scratch("read");
    let file = dir.join("big.cgn");
    fs::write(&file, vec![b'x'; 5000]).unwrap();
    assert!(matches!(
        read_text(&file, 4096),
        Err(FileError::TooLarge { .. })
    ));
    assert_eq!(read_text(&file, 5000).unwrap().len(), 5000);
    fs::write(&file, [0xff, 0xfe]).unwrap();
    assert!(matches!(
        read_text(&file, 10),
        Err(FileError::NotUtf8 { .. })
    ));
    assert!(read_text(&dir.join("none"), 10).unwrap_err().is_not_found());
    #[cfg(unix)]
    assert!(matches!(
        read_text(Path::new("/dev/zero"), 1 << 20),
        Err(FileError::NotAFile {
            kind: "a device",
            ..
        })
    ));
}

#[cfg(unix)]
fn fifo(path: &Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
}

/// Runs `f` on a thread and fails if it takes more than two seconds (a FIFO hangs).
fn promptly<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(f()));
    rx.recv_timeout(std::time::Duration::from_secs(2))
        .expect("answered without waiting")
}

#[cfg(unix)]
#[test]
fn special_files_are_refused_before_they_are_opened() {
    let dir = scratch("special");
    let pipe = dir.join("autosave.cgn");
    fifo(&pipe);
    let p = pipe.clone();
    let read = promptly(move || read_text(&p, 100));
    assert!(
        matches!(read, Err(FileError::NotAFile { kind: "a FIFO", .. })),
        "{read:?}"
    );
    let p = pipe.clone();
    let written = promptly(move || write_atomic(&p, b"x"));
    assert!(
        matches!(written, Err(FileError::NotAFile { .. })),
        "{written:?}"
    );
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::symlink_metadata(&pipe).unwrap().file_type().is_fifo());
    let dev = write_new_file(Path::new("/dev/null"), b"x", true);
    assert!(
        matches!(
            dev,
            Err(FileError::NotAFile {
                kind: "a device",
                ..
            })
        ),
        "{dev:?}"
    );
}

#[cfg(unix)]
#[test]
fn a_link_to_nothing_is_not_followed() {
    let dir = scratch("dangling");
    let outside = dir.join("elsewhere").join("x.cgn");
    let link = dir.join("autosave.cgn");
    std::os::unix::fs::symlink(&outside, &link).unwrap();
    let e = write_atomic(&link, b"game").unwrap_err();
    assert!(matches!(e, FileError::DanglingLink { .. }), "{e}");
    assert!(!outside.exists() && !dir.join("elsewhere").exists());
}

#[test]
fn a_user_file_is_not_replaced_unasked_nor_put_in_a_new_folder() {
    let dir = scratch("user");
    let file = dir.join("mine.cgn");
    fs::write(&file, "precious").unwrap();
    let e = write_new_file(&file, b"new", false).unwrap_err();
    assert!(matches!(e, FileError::Exists { .. }), "{e}");
    assert_eq!(fs::read_to_string(&file).unwrap(), "precious");
    write_new_file(&file, b"new", true).unwrap();
    assert_eq!(fs::read_to_string(&file).unwrap(), "new");
    let e = write_new_file(&dir.join("no/such/folder/x.cgn"), b"x", false).unwrap_err();
    assert!(matches!(e, FileError::NoFolder { .. }), "{e}");
    assert!(!dir.join("no").exists());
}

/// `/proc` takes no new file from anyone, root included (CI runs as root, and root
/// writes into a folder without write permission), so the write fails wherever this runs.
#[cfg(target_os = "linux")]
#[test]
fn a_failed_write_names_the_users_file_not_the_temporary() {
    let e = write_atomic(Path::new("/proc/autosave.cgn"), b"x").unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("/proc/autosave.cgn:") && !text.contains(".tmp"),
        "{text}"
    );
    assert!(!Path::new("/proc/autosave.cgn").exists());
}

#[test]
fn temporaries_of_dead_writers_are_removed() {
    let dir = scratch("stale");
    // A process id no process has (beyond the kernel's limit).
    let dead = dir.join(".autosave.cgn.4194305-0-12345.tmp");
    let mine = dir.join(format!(".autosave.cgn.{}-9-1.tmp", std::process::id()));
    let other = dir.join("notes.tmp");
    for f in [&dead, &mine, &other] {
        fs::write(f, "x").unwrap();
    }
    assert_eq!(
        temporary_writer(".autosave.cgn.4194305-0-12345.tmp"),
        Some(4194305)
    );
    if cfg!(target_os = "linux") {
        assert_eq!(remove_stale_temporaries(&dir), 1);
        assert!(!dead.exists() && mine.exists() && other.exists());
    }
}

#[test]
fn a_bad_table_file_is_refused_naming_the_file_and_the_reason() {
    let dir = scratch("tablebase");
    let path = dir.join(TABLEBASE_FILE);
    fs::write(&path, b"not a table").unwrap();
    let e = open_tablebase(&path).err().unwrap().to_string();
    assert!(
        e.contains(&path.display().to_string()) && e.contains("does not start as a table"),
        "{e}"
    );
    fs::write(&path, b"camelot camette tablebase 2\n").unwrap();
    let e = open_tablebase(&path).err().unwrap().to_string();
    assert!(
        e.contains("bytes where") && e.contains("solve camette"),
        "{e}"
    );
    let e = open_tablebase(&dir.join("missing")).err().unwrap();
    assert!(
        matches!(&e, TableFileError::File(f) if f.is_not_found()),
        "{e}"
    );
    assert!(e.to_string().contains("missing"), "{e}");
}

#[cfg(unix)]
#[test]
fn a_secret_is_its_owners_alone_even_over_a_readable_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("private");
    let path = dir.join("accounts.json");
    fs::write(&path, b"old").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
    crate::write_private(&path, b"token").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"token");
    let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "{mode:o}");
    let fresh = dir.join("new").join("accounts.json");
    crate::write_private(&fresh, b"t").unwrap();
    assert_eq!(
        fs::metadata(&fresh).unwrap().permissions().mode() & 0o777,
        0o600
    );
}
