//! What the tests of several packages share: a real `camelot-server` process on
//! loopback and the online tests' prelude ([`online`]), the workspace's binaries, short matches between levels, scratch folders,
//! waiting for a condition, and the one way a test that cannot run here says so (and
//! fails where CI requires it).

pub mod addressed;
mod binaries;
mod browser;
mod certificate;
mod matches;
pub mod online;
mod proxy;
mod server;
mod skip;
pub mod tournaments;

pub use binaries::{head_commit, workspace_binary};
pub use browser::{script_strings, Browser, ScriptFailed, ScriptOutput};
pub use certificate::{self_signed_certificate, Certificate};
pub use matches::{camette_match, games_of, level};
pub use proxy::Proxy;
pub use server::{
    http, http_get, postgres_url, scratch, sqlite, stored_game, wait_until, within, HttpAnswer,
    Server,
};
pub use skip::{block_on, run_tests, skip, TestFn};
