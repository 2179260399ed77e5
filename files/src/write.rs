//! Writing a user's files without losing them: every write lands whole or not at all.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::FileError;
use crate::read::check_regular;

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
    write_file(path, data, true, false)
}

/// Writes a secret (a session's token) as [`write_atomic`] does, readable and writable
/// by its owner only (0600) from the moment it exists, whatever the file had before.
pub fn write_private(path: &Path, data: &[u8]) -> Result<(), FileError> {
    write_file(path, data, true, true)
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
    write_file(path, data, false, false)
}

fn write_file(
    path: &Path,
    data: &[u8],
    make_folders: bool,
    private: bool,
) -> Result<(), FileError> {
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
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        if private {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        match options.open(&tmp) {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            // The error names the user's file: the temporary's name means nothing to them.
            Err(e) => return Err(FileError::io(&target, e)),
        }
    };
    let written = (|| {
        file.write_all(data)?;
        if private {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                file.set_permissions(fs::Permissions::from_mode(0o600))?;
            }
        } else if let Ok(meta) = fs::metadata(&target) {
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
pub(crate) fn temporary_writer(name: &str) -> Option<u32> {
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
