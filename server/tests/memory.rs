//! Logins leave the server's memory as they found it: each password hash takes its
//! 19 MiB from a working memory its thread keeps, never from the allocator, so a
//! thousand logins in bursts of fifty leave the server's resident size within 64 MiB of
//! what it was after the first. `--nocapture` prints the figures (docs/online.md).

use std::path::Path;
use std::time::Instant;

use camelot_online::protocol::accounts::{AccountKind, AccountName, LogIn, Password, SignUp};
use camelot_online::{ask, ServerAddress};
use camelot_test_support::online::sqlite_server_with;

/// The server's resident set, in KiB, as Linux counts it.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .expect("VmRSS in the process's status")
}

async fn log_in(url: &ServerAddress, name: &AccountName, password: &Password) {
    let req = LogIn {
        name: name.clone(),
        password: password.clone(),
        token: true,
        device: None,
    };
    ask(url, &req).await.expect("logged in");
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_thousand_logins_in_bursts_of_fifty_give_their_memory_back() {
    const LOGINS: usize = 1000;
    const BURST: usize = 50;
    let server = sqlite_server_with(
        Path::new(env!("CARGO_BIN_EXE_camelot-server")),
        "memory-logins",
        &[
            "--logins-per-minute",
            "0",
            "--logins-per-account-per-minute",
            "0",
        ],
    );
    let url = server.address();
    let name = AccountName::parse("Pellinore").unwrap();
    let password = Password::parse("the questing beast").unwrap();
    let sign_up = SignUp {
        name: name.clone(),
        password: password.clone(),
        kind: AccountKind::Person,
        rated_with_people: false,
        token: true,
    };
    ask(&url, &sign_up).await.unwrap();
    let at_start = rss_kib(server.pid());
    log_in(&url, &name, &password).await;
    let after_first = rss_kib(server.pid());
    let started = Instant::now();
    let mut peak = after_first;
    for _ in 0..LOGINS / BURST {
        let burst = (0..BURST).map(|_| log_in(&url, &name, &password));
        futures_util::future::join_all(burst).await;
        peak = peak.max(rss_kib(server.pid()));
    }
    let after_all = rss_kib(server.pid());
    eprintln!(
        "RSS: {} MiB at start, {} MiB after the first login, {} MiB after {LOGINS} more in \
         bursts of {BURST} ({:.1} s), {} MiB at most",
        at_start / 1024,
        after_first / 1024,
        after_all / 1024,
        started.elapsed().as_secs_f64(),
        peak / 1024
    );
    assert!(
        peak < after_first + 64 * 1024,
        "{} KiB after the first login, {} KiB at most after",
        after_first,
        peak
    );
}
