//! A real browser for the tests of the page the server serves: Chromium (Debian's
//! `/usr/bin/chromium`, or the one `CHROMIUM` names) driven by Playwright from Node, with
//! the scripts of `server/web/e2e/`. Where Node, Chromium or the page's npm packages
//! (`npm ci` in `server/web`) are missing, a test says so and skips, unless
//! `CAMELOT_REQUIRE_BROWSER=1` (which `.ci/run` sets once it has installed them): then it
//! fails.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

use crate::skip::skip;

pub struct Browser {
    web: PathBuf,
}

/// What a browser script printed: its one JSON line.
pub type ScriptOutput = serde_json::Value;

/// A list of strings a script printed (moves, pieces).
pub fn script_strings(v: &ScriptOutput) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("a list: {v}"))
        .iter()
        .map(|m| {
            m.as_str()
                .unwrap_or_else(|| panic!("a string: {m}"))
                .to_string()
        })
        .collect()
}

/// A browser script that did not finish with its line, and what it said.
#[derive(Debug)]
pub enum ScriptFailed {
    /// Node could not be started.
    Start(std::io::Error),
    /// The script failed (its error output and whatever it printed).
    Failed { script: String, said: String },
    /// It ended well but its last line is no JSON.
    Unreadable { script: String, line: String },
}

impl std::fmt::Display for ScriptFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScriptFailed::Start(e) => write!(f, "cannot run node: {e}"),
            ScriptFailed::Failed { script, said } => write!(f, "{script} failed: {said}"),
            ScriptFailed::Unreadable { script, line } => write!(f, "{script} said {line:?}"),
        }
    }
}

impl Browser {
    /// The browser, if everything it needs is here; otherwise the test is skipped (or
    /// fails where CI requires the browser).
    pub fn find(test: &str) -> Option<Browser> {
        let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../server/web");
        let chromium = std::env::var_os("CHROMIUM")
            .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
        let node = Command::new("node").arg("--version").output();
        let why = if !node.is_ok_and(|o| o.status.success()) {
            Some("no Node (apt-get install nodejs npm)".to_string())
        } else if !chromium.exists() {
            Some(format!(
                "no Chromium at {} (apt-get install chromium)",
                chromium.display()
            ))
        } else if !web.join("node_modules/playwright-core").exists() {
            Some("no Playwright (npm ci in server/web)".to_string())
        } else {
            None
        };
        match why {
            Some(why) => {
                skip(
                    test,
                    &format!("no browser: {why}"),
                    "CAMELOT_REQUIRE_BROWSER",
                );
                None
            }
            None => Some(Browser { web }),
        }
    }

    fn command(&self, script: &str, args: &[&str]) -> Command {
        let mut c = Command::new("node");
        c.arg(self.web.join("e2e").join(script))
            .args(args)
            .current_dir(&self.web);
        c
    }

    /// Runs `e2e/SCRIPT ARGS...` to its end: its JSON line, or what it said on failing.
    pub fn run(&self, script: &str, args: &[&str]) -> Result<ScriptOutput, ScriptFailed> {
        let out = self
            .command(script, args)
            .output()
            .map_err(ScriptFailed::Start)?;
        read(script, &out)
    }

    /// Starts `e2e/SCRIPT ARGS...` and goes on; [`Browser::finish`] reads its answer.
    pub fn start(&self, script: &str, args: &[&str]) -> Child {
        self.command(script, args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("node starts")
    }

    /// The answer of a script started with [`Browser::start`].
    pub fn finish(script: &str, child: Child) -> Result<ScriptOutput, ScriptFailed> {
        let out = child.wait_with_output().map_err(ScriptFailed::Start)?;
        read(script, &out)
    }
}

fn read(script: &str, out: &Output) -> Result<ScriptOutput, ScriptFailed> {
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        return Err(ScriptFailed::Failed {
            script: script.to_string(),
            said: format!("{}{stdout}", String::from_utf8_lossy(&out.stderr)),
        });
    }
    let line = stdout.lines().last().unwrap_or("");
    serde_json::from_str(line).map_err(|_| ScriptFailed::Unreadable {
        script: script.to_string(),
        line: line.to_string(),
    })
}
