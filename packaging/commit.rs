// The commit a binary is built from, for its `--version` line: given to the crate as the
// environment variable CAMELOT_COMMIT. Included by the build scripts of the game, the
// command line and the server, so the three say the same.
//
// A build from a source archive (no git) takes CAMELOT_COMMIT from the environment, or
// says "unknown commit". Cargo runs the script again when HEAD or the branch it points
// to moves, so the line never names an older commit than the one built.

fn emit_commit() {
    println!("cargo:rerun-if-env-changed=CAMELOT_COMMIT");
    let git = |args: &[&str]| -> Option<String> {
        let out = std::process::Command::new("git").args(args).output().ok()?;
        let text = String::from_utf8(out.stdout).ok()?;
        (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
    };
    let commit = match std::env::var("CAMELOT_COMMIT") {
        Ok(c) if !c.trim().is_empty() => c.trim().to_string(),
        _ => match git(&["rev-parse", "--short=12", "HEAD"]) {
            Some(c) => {
                let mut watched = vec![git(&["rev-parse", "--git-path", "HEAD"])];
                if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
                    watched.push(git(&["rev-parse", "--git-path", &branch]));
                }
                watched.push(git(&["rev-parse", "--git-path", "packed-refs"]));
                for path in watched.into_iter().flatten() {
                    if std::path::Path::new(&path).exists() {
                        println!("cargo:rerun-if-changed={path}");
                    }
                }
                c
            }
            None => "unknown commit".to_string(),
        },
    };
    println!("cargo:rustc-env=CAMELOT_COMMIT={commit}");
}
