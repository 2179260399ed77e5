//! Reading and writing a user's files without losing them.
//!
//! Every write goes through [`write_atomic`]: the text goes to a new, uniquely named file
//! beside the target, is flushed to the disk, and only then renamed over the target, and
//! the directory is flushed too. A crash, a full disk or a second program writing the
//! same file leaves either the old file or the new one, never a fragment. A symbolic
//! link is followed, so the file it points to is replaced and the link stays.
//!
//! Every read goes through [`read_text`], which reads only regular files (a FIFO would
//! hang it, a device never end) and stops at a size limit.
//!
//! A file the user names (`save FILE`, `--out FILE`) is written with [`write_new_file`],
//! which also refuses to replace anything unasked or to make folders nobody asked for.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A file that could not be read or written.
#[derive(Debug)]
pub enum FileError {
    Io {
        path: PathBuf,
        source: io::Error,
    },
    TooLarge {
        path: PathBuf,
        max: usize,
    },
    NotUtf8 {
        path: PathBuf,
    },
    /// A FIFO, a device, a socket or a folder where a file was expected.
    NotAFile {
        path: PathBuf,
        kind: &'static str,
    },
    /// A symbolic link to nothing: not followed, so nothing is written outside where
    /// the user looks.
    DanglingLink {
        path: PathBuf,
        target: PathBuf,
    },
    /// A file the user named exists and may not be replaced unasked.
    Exists {
        path: PathBuf,
    },
    /// The folder a file was to go in does not exist.
    NoFolder {
        path: PathBuf,
    },
}

impl FileError {
    pub(crate) fn io(path: &Path, source: io::Error) -> FileError {
        FileError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            FileError::Io { path, .. }
            | FileError::TooLarge { path, .. }
            | FileError::NotUtf8 { path }
            | FileError::NotAFile { path, .. }
            | FileError::DanglingLink { path, .. }
            | FileError::Exists { path }
            | FileError::NoFolder { path } => path,
        }
    }

    /// True if the file does not exist.
    pub fn is_not_found(&self) -> bool {
        matches!(self, FileError::Io { source, .. } if source.kind() == io::ErrorKind::NotFound)
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            FileError::TooLarge { path, max } => write!(
                f,
                "{}: larger than {} KiB, too large to be read",
                path.display(),
                max / 1024
            ),
            FileError::NotUtf8 { path } => write!(f, "{}: not UTF-8 text", path.display()),
            FileError::NotAFile { path, kind } => {
                write!(f, "{}: {kind}, not a regular file", path.display())
            }
            FileError::DanglingLink { path, target } => write!(
                f,
                "{}: a link to {}, which does not exist (not followed)",
                path.display(),
                target.display()
            ),
            FileError::Exists { path } => write!(f, "{}: the file exists", path.display()),
            FileError::NoFolder { path } => write!(
                f,
                "{}: the folder does not exist",
                path.parent().unwrap_or(Path::new(".")).display()
            ),
        }
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FileError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// The per-user data directory: `$CAMELOT_DATA_DIR`, else the platform's (for example
/// `~/.local/share/camelot`); `None` when neither it nor a home directory is set.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("CAMELOT_DATA_DIR") {
        return Some(PathBuf::from(d));
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let base = if cfg!(windows) {
        std::env::var_os("APPDATA").map(PathBuf::from)
    } else if cfg!(target_os = "macos") {
        home.map(|h| h.join("Library/Application Support"))
    } else {
        std::env::var_os("XDG_DATA_HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .or_else(|| home.map(|h| h.join(".local/share")))
    };
    base.map(|b| b.join("camelot"))
}

/// What a path names, when it is not a regular file.
fn special_kind(meta: &fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("a device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Refuses a path that names something other than a regular file (links followed).
fn check_regular(path: &Path) -> Result<(), FileError> {
    match fs::metadata(path) {
        Ok(meta) => match special_kind(&meta) {
            Some(kind) => Err(FileError::NotAFile {
                path: path.to_path_buf(),
                kind,
            }),
            None => Ok(()),
        },
        Err(e) => Err(FileError::io(path, e)),
    }
}

/// Reads a text file of at most `max` bytes. Only a regular file is read: a FIFO is
/// refused before it is opened (opening one would wait for a writer).
pub fn read_text(path: &Path, max: usize) -> Result<String, FileError> {
    check_regular(path)?;
    let file = File::open(path).map_err(|e| FileError::io(path, e))?;
    let mut bytes = Vec::new();
    file.take(max as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::io(path, e))?;
    if bytes.len() > max {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            max,
        });
    }
    String::from_utf8(bytes).map_err(|_| FileError::NotUtf8 {
        path: path.to_path_buf(),
    })
}

/// The file a path names once symbolic links are followed (at most 40 of them). A link
/// to nothing is an error: following it would create a file wherever it points.
fn resolve_links(path: &Path) -> Result<PathBuf, FileError> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => match fs::read_link(&p) {
                Ok(target) => {
                    let next = if target.is_absolute() {
                        target
                    } else {
                        p.parent().unwrap_or(Path::new(".")).join(target)
                    };
                    if fs::symlink_metadata(&next).is_err() {
                        return Err(FileError::DanglingLink {
                            path: path.to_path_buf(),
                            target: next,
                        });
                    }
                    p = next;
                }
                Err(_) => break,
            },
            _ => break,
        }
    }
    Ok(p)
}

/// Writes `data` to `path` atomically (see the module's documentation), creating the
/// directory if needed. A path that names a FIFO, a device or a folder is refused, and so
/// is a link to nothing.
pub fn write_atomic(path: &Path, data: &[u8]) -> Result<(), FileError> {
    write_file(path, data, true)
}

/// Writes a file the user named: atomically, as [`write_atomic`] does, but never over
/// an existing file unless `replace` (the user confirmed it), and never into a folder
/// that does not exist.
pub fn write_new_file(path: &Path, data: &[u8], replace: bool) -> Result<(), FileError> {
    match fs::metadata(path) {
        Ok(_) if !replace => {
            check_regular(path)?;
            return Err(FileError::Exists {
                path: path.to_path_buf(),
            });
        }
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(FileError::io(path, e)),
    }
    write_file(path, data, false)
}

fn write_file(path: &Path, data: &[u8], make_folders: bool) -> Result<(), FileError> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let target = resolve_links(path)?;
    if fs::symlink_metadata(&target).is_ok() {
        check_regular(&target)?;
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if make_folders {
        fs::create_dir_all(&dir).map_err(|e| FileError::io(&dir, e))?;
    } else if !dir.is_dir() {
        return Err(FileError::NoFolder {
            path: path.to_path_buf(),
        });
    }
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    // A name no other writer uses: this process, a counter, and the clock.
    let (tmp, mut file) = loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let tmp = dir.join(format!(".{name}.{}-{n}-{nanos}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            // The error names the user's file: the temporary's name means nothing to them.
            Err(e) => return Err(FileError::io(&target, e)),
        }
    };
    let written = (|| {
        file.write_all(data)?;
        if let Ok(meta) = fs::metadata(&target) {
            // Keep the permissions of the file being replaced.
            file.set_permissions(meta.permissions())?;
        }
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, &target)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(FileError::io(&target, e));
    }
    // The rename itself is durable once the directory is flushed (not possible on
    // every platform; where it is not, the rename is still atomic).
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Removes the temporaries that writers killed in mid-write left in `dir`
/// (`.NAME.PID-N-NANOS.tmp`), where the process that made each is gone; returns how
/// many.
pub fn remove_stale_temporaries(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = temporary_writer(&name) else {
            continue;
        };
        if pid != std::process::id() && !process_alive(pid) && fs::remove_file(e.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// The process that wrote a temporary named by [`write_atomic`], from its name.
fn temporary_writer(name: &str) -> Option<u32> {
    let inner = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (_, tail) = inner.rsplit_once('.')?;
    tail.split('-').next()?.parse().ok()
}

fn process_alive(pid: u32) -> bool {
    if cfg!(target_os = "linux") {
        Path::new(&format!("/proc/{pid}")).exists()
    } else {
        // Without /proc, a temporary is taken for live: never removed from under a writer.
        true
    }
}

/// Makes a write past the file-size limit (`ulimit -f`) fail with an error the program
/// can report, instead of the signal that kills it mid-save.
pub fn report_file_size_limit() {
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGXFSZ: i32 = 25;
        const SIG_IGN: usize = 1;
        // SAFETY: installing SIG_IGN for SIGXFSZ touches no Rust state.
        unsafe {
            signal(SIGXFSZ, SIG_IGN);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[cfg(unix)]
    #[test]
    fn a_failed_write_names_the_users_file_not_the_temporary() {
        use std::os::unix::fs::PermissionsExt;
        if std::process::Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout == b"0\n")
        {
            // Root writes into read-only folders: nothing to see here.
            return;
        }
        let dir = scratch("readonly");
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o555)).unwrap();
        let e = write_atomic(&dir.join("autosave.cgn"), b"x").unwrap_err();
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
        let text = e.to_string();
        assert!(
            text.contains("autosave.cgn:") && !text.contains(".tmp"),
            "{text}"
        );
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
}
