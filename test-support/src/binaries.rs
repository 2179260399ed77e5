//! The workspace's binaries, found beside the test's own.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace binary `name` (of the package of the same name) beside `beside` (a
/// binary cargo built for the test, `env!("CARGO_BIN_EXE_...")`), built first if the
/// test was built alone.
pub fn workspace_binary(name: &str, beside: &str) -> PathBuf {
    let bin = Path::new(beside).with_file_name(name);
    if !bin.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "-p", name, "--bin", name])
            .status()
            .expect("runs cargo");
        assert!(status.success(), "{name} builds");
    }
    bin
}

/// The commit the clone is at, as the binaries' `--version` names it (twelve hex
/// digits).
pub fn head_commit() -> String {
    let head = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("git runs (the tests run in a clone of the repository)");
    String::from_utf8_lossy(&head.stdout).trim().to_string()
}
