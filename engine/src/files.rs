//! Reading and writing a user's files without losing them.
//!
//! Every write goes through [`write_atomic`]: the text goes to a new, uniquely named file
//! beside the target, is flushed to the disk, and only then renamed over the target, and
//! the directory is flushed too. A crash, a full disk or a second program writing the
//! same file leaves either the old file or the new one, never a fragment. A symbolic
//! link is followed, so the file it points to is replaced and the link stays.
//!
//! Every read goes through [`read_text`], which stops at a size limit instead of reading
//! a endless file (`/dev/zero`) into memory.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A file that could not be read or written.
#[derive(Debug)]
pub enum FileError {
    Io { path: PathBuf, source: io::Error },
    TooLarge { path: PathBuf, max: usize },
    NotUtf8 { path: PathBuf },
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
            | FileError::NotUtf8 { path } => path,
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

/// Reads a text file of at most `max` bytes.
pub fn read_text(path: &Path, max: usize) -> Result<String, FileError> {
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

/// The file a path names once symbolic links are followed (at most 40 of them).
fn resolve_links(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => match fs::read_link(&p) {
                Ok(target) if target.is_absolute() => p = target,
                Ok(target) => {
                    p = p.parent().unwrap_or(Path::new(".")).join(target);
                }
                Err(_) => break,
            },
            _ => break,
        }
    }
    p
}

/// Writes `data` to `path` atomically (see the module's documentation), creating the
/// directory if needed.
pub fn write_atomic(path: &Path, data: &[u8]) -> Result<(), FileError> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let target = resolve_links(path);
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(|e| FileError::io(&dir, e))?;
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
            Err(e) => return Err(FileError::io(&tmp, e)),
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
            Err(FileError::TooLarge { .. })
        ));
    }
}
