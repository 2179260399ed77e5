//! The computer's spare time: analyses of finished games, taken when no turn waits. An
//! analysis goes a position at a time (a search of [`AnalysisBudget`]'s nodes, a fifth of
//! a second or so), and between two positions the search plays any turn that has come
//! due, so that an analysis delays a game by at most one position's search.

use std::time::Duration;

use camelot_engine::search::GameReviewer;

use crate::analysis::{self, AnalysisBudget};
use crate::common::clock::now_ms;
use crate::computer::{take_and_play, LEASE};
use crate::games::Status;
use crate::queue::{Job, Kind, Work};
use crate::round::Hubs;

/// How often an analysis under way notes its progress (and renews its lease).
const PROGRESS: Duration = Duration::from_millis(500);

/// Takes the fairest analysis waiting and makes it; `false` if none waits.
pub async fn take_and_analyse(hubs: &Hubs, me: &str, budget: AnalysisBudget) -> bool {
    let now = now_ms();
    let lease = now + LEASE.as_millis() as i64;
    match hubs.db.acquire(Kind::Analysis, me, now, lease).await {
        Ok(Some(Work::Analysis(job))) => {
            analyse(hubs, me, &job, budget).await;
            true
        }
        Ok(_) => false,
        Err(e) => {
            eprintln!("camelot-server: taking an analysis: {e}");
            false
        }
    }
}

async fn analyse(hubs: &Hubs, me: &str, job: &Job, budget: AnalysisBudget) {
    let game = match hubs.db.load(&job.game).await {
        Ok(Some(g)) if g.status != Status::Live => g.game,
        Ok(_) => {
            // Gone, or (a row written by hand) not over: nothing to analyse.
            if let Err(e) = hubs.db.drop_analysis(job).await {
                eprintln!("camelot-server: forgetting an analysis: {e}");
            }
            return;
        }
        Err(e) => {
            eprintln!("camelot-server: analysing game {}: {e}", job.game);
            return;
        }
    };
    let mut reviewer = GameReviewer::new(game.clone(), budget.limits());
    let mut noted = tokio::time::Instant::now();
    loop {
        let stepped = tokio::task::spawn_blocking(move || {
            let more = reviewer.step();
            (reviewer, more)
        })
        .await;
        let Ok((back, more)) = stepped else {
            eprintln!("camelot-server: an analysis of game {} failed", job.game);
            return;
        };
        reviewer = back;
        if !more {
            break;
        }
        // The computer's turns come first: play each that waits, then go on.
        while take_and_play(hubs, me).await {
            noted = tokio::time::Instant::now() - PROGRESS;
            if !still_mine(hubs, me, job, reviewer.searched()).await {
                return;
            }
        }
        if noted.elapsed() >= PROGRESS {
            noted = tokio::time::Instant::now();
            if !still_mine(hubs, me, job, reviewer.searched()).await {
                return;
            }
        }
    }
    let plies = analysis::analysed(&game, &reviewer.finish());
    match hubs.db.finish_analysis(job, me, &plies, now_ms()).await {
        Ok(true) => {}
        Ok(false) => eprintln!(
            "camelot-server: the analysis of game {} was taken by another process",
            job.game
        ),
        Err(e) => eprintln!(
            "camelot-server: storing the analysis of game {}: {e}",
            job.game
        ),
    }
}

/// Notes the progress and renews the lease; `false` once the analysis is another's.
async fn still_mine(hubs: &Hubs, me: &str, job: &Job, searched: usize) -> bool {
    let lease = now_ms() + LEASE.as_millis() as i64;
    match hubs.db.analysis_progress(job, me, searched, lease).await {
        Ok(mine) => mine,
        Err(e) => {
            // The database will be back: the lease runs 20 s, so go on.
            eprintln!("camelot-server: noting an analysis's progress: {e}");
            true
        }
    }
}
