//! A room's clean-up, scheduled by the room itself: a task that forgets, every little
//! while, what the room no longer needs, and says why when it could not.

use std::future::Future;
use std::time::Duration;

/// Runs `chore` every `period` for as long as the server runs; `what` names it in the
/// line a failure prints. The chore answers how many rows it forgot, which `said`
/// (where given) turns into a line worth printing.
pub fn every<F, Fut>(
    period: Duration,
    what: &'static str,
    said: Option<fn(u64) -> String>,
    mut chore: F,
) where
    F: FnMut() -> Fut + Send + 'static,
    Fut: Future<Output = Result<u64, sqlx::Error>> + Send,
{
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(period);
        loop {
            tick.tick().await;
            match chore().await {
                Ok(0) => {}
                Ok(n) => {
                    if let Some(said) = said {
                        eprintln!("camelot-server: {}", said(n));
                    }
                }
                Err(e) => eprintln!("camelot-server: {what}: {e}"),
            }
        }
    });
}
