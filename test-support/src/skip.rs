//! A test that cannot run here says why, loudly, and returns; where CI has set the
//! variable that requires what it needs, it fails instead. Each skip is also appended to
//! the file named by `CAMELOT_SKIP_LOG`, where `.ci/run` counts them.

/// Skips `test` for `why`, or panics when the environment variable `required_by` is `1`.
pub fn skip(test: &str, why: &str, required_by: &str) {
    if std::env::var_os(required_by).is_some_and(|v| v == "1") {
        panic!("{test}: {why}, and {required_by}=1 requires it");
    }
    eprintln!("SKIPPED {test}: {why}");
    if let Some(log) = std::env::var_os("CAMELOT_SKIP_LOG") {
        use std::io::Write;
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
        {
            let _ = writeln!(f, "{test}: {why}");
        }
    }
}
