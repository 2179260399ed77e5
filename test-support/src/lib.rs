//! What the tests of several packages share: a real `camelot-server` process on
//! loopback, the workspace's binaries, short matches between levels, scratch folders,
//! waiting for a condition, and the one way a test that cannot run here says so (and
//! fails where CI requires it).

mod binaries;
mod matches;
mod server;
mod skip;

pub use binaries::workspace_binary;
pub use matches::{camette_match, games_of, level};
pub use server::{http_get, postgres_url, scratch, sqlite, wait_until, Server};
pub use skip::skip;
