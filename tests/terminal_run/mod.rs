//! `camelot --terminal` run as a player runs it, on a data directory of the test's own.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `camelot --terminal ARGS` on the data directory `data`, with `input` on its
/// standard input, to its end.
pub fn run(data: &Path, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_camelot"))
        .arg("--terminal")
        .args(args)
        .env("CAMELOT_DATA_DIR", data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}
