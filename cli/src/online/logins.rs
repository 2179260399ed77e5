//! `online logins`: what accounts cost a server. N accounts signed up, C at a time, then
//! each logged in, then each tried with a wrong password; every request timed from sent
//! to answered. The hash (Argon2id) is most of it, and meant to be: its cost is what keeps
//! a stolen database's passwords. Run against a server with its account limits off
//! (`--sign-ups-per-minute 0 --logins-per-minute 0 --logins-per-account-per-minute 0`).
//! Prints a line for each: `sign-ups N in S s: R/s, p50 X ms, p99 Y ms`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use camelot_online::protocol::accounts::{AccountKind, AccountName, LogIn, Password, SignUp};
use camelot_online::protocol::ErrorCode;
use camelot_online::{ask, blocking, OnlineError, ServerAddress};
use tokio::sync::Semaphore;

use crate::failure::Failure;

#[derive(clap::Args)]
pub struct LoginsArgs {
    #[arg(long)]
    server: ServerAddress,
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    accounts: u32,
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=1_000))]
    concurrency: u32,
}

/// What one kind of request is expected to answer.
#[derive(Clone, Copy, PartialEq)]
enum Expect {
    Served,
    WrongPassword,
}

impl LoginsArgs {
    pub fn run(self) -> Result<(), Failure> {
        // Names of this run's own: a run does not collide with an earlier one.
        let run = std::process::id() % 100_000;
        let names: Vec<AccountName> = (0..self.accounts)
            .map(|i| AccountName::parse(&format!("bench{run}-{i}")).expect("a name"))
            .collect();
        let password = Password::parse("bench password").expect("a password");
        let wrong = Password::parse("not the password").expect("a password");
        let server = Arc::new(self.server);
        let c = self.concurrency as usize;
        let sign_ups = names.iter().map(|n| SignUp {
            name: n.clone(),
            password: password.clone(),
            kind: AccountKind::Person,
            rated_with_people: false,
            token: true,
        });
        let (took, times) = blocking(timed(&server, sign_ups.collect(), c, Expect::Served))?;
        line("sign-ups", took, &times);
        let log_in = |p: &Password| {
            names
                .iter()
                .map(|n| LogIn {
                    name: n.clone(),
                    password: p.clone(),
                    token: true,
                    device: None,
                })
                .collect::<Vec<_>>()
        };
        let (took, times) = blocking(timed(&server, log_in(&password), c, Expect::Served))?;
        line("logins", took, &times);
        let (took, times) = blocking(timed(&server, log_in(&wrong), c, Expect::WrongPassword))?;
        line("wrong passwords", took, &times);
        Ok(())
    }
}

fn line(what: &str, took: Duration, times: &[Duration]) {
    let mut sorted = times.to_vec();
    sorted.sort();
    let at = |p: f64| {
        sorted
            .get(((sorted.len() as f64 - 1.0) * p).round() as usize)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    out!(
        "{what} {} in {:.2} s: {:.1}/s, p50 {:.1} ms, p99 {:.1} ms",
        times.len(),
        took.as_secs_f64(),
        times.len() as f64 / took.as_secs_f64().max(1e-9),
        at(0.5),
        at(0.99)
    );
}

/// Asks every request, `c` at a time: how long it all took, and each one's time.
async fn timed<R>(
    server: &Arc<ServerAddress>,
    requests: Vec<R>,
    c: usize,
    expect: Expect,
) -> Result<(Duration, Vec<Duration>), Failure>
where
    R: camelot_online::protocol::requests::Request + Send + Sync + 'static,
    R::Answer: Send,
{
    let slots = Arc::new(Semaphore::new(c));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for r in requests {
        let permit = slots.clone().acquire_owned().await.expect("never closed");
        let server = server.clone();
        tasks.push(tokio::spawn(async move {
            let _permit = permit;
            let sent = Instant::now();
            let answer = ask(&server, &r).await;
            (sent.elapsed(), answer.map(|_| ()))
        }));
    }
    let mut times = Vec::new();
    for t in tasks {
        let (took, answer) = t.await.expect("a request does not panic");
        match (expect, answer) {
            (Expect::Served, Ok(())) => {}
            (
                Expect::WrongPassword,
                Err(OnlineError::Refused {
                    code: ErrorCode::WrongPassword,
                    ..
                }),
            ) => {}
            (_, Err(e)) => return Err(e.into()),
            (Expect::WrongPassword, Ok(())) => {
                return Err(Failure::Refused("a wrong password was let in".into()))
            }
        }
        times.push(took);
    }
    Ok((start.elapsed(), times))
}
