//! The analysis board's positions, searched when no turn waits and before any game's
//! analysis (a person is looking at the position now). A position is searched in three
//! steps of growing size on one search table, each a little deeper than the last, and
//! between two steps the computer plays any turn that has come due, so that a position
//! delays a game by at most one step.

use camelot_engine::search::Searcher;
use camelot_online::protocol::study::{LinesView, STUDY_LINES};

use crate::analysis::{self, AnalysisBudget};
use crate::common::clock::now_ms;
use crate::computer::{take_and_play, LEASE};
use crate::queue::{Kind, PositionJob, Work};
use crate::round::Hubs;

/// Each step's nodes, in analysis budgets: the last step's search is the answer.
const STEPS: [u64; 3] = [1, 2, 4];
/// The search table of one position's search, in megabytes.
const TABLE_MB: usize = 16;

/// Takes the fairest position waiting and searches it; `false` if none waits.
pub async fn take_and_search(hubs: &Hubs, me: &str, budget: AnalysisBudget) -> bool {
    let now = now_ms();
    let lease = now + LEASE.as_millis() as i64;
    match hubs.db.acquire(Kind::Position, me, now, lease).await {
        Ok(Some(Work::Position(job))) => {
            search(hubs, me, &job, budget).await;
            true
        }
        Ok(_) => false,
        Err(e) => {
            eprintln!("camelot-server: taking a position to search: {e}");
            false
        }
    }
}

async fn search(hubs: &Hubs, me: &str, job: &PositionJob, budget: AnalysisBudget) {
    let game = match hubs.db.position_asked(&job.key).await {
        Ok(Some(asked)) => analysis::replayed(asked.variant, &asked.moves),
        Ok(None) => return,
        Err(e) => {
            eprintln!("camelot-server: reading a position to search: {e}");
            return;
        }
    };
    let Some(game) = game.filter(|g| !g.is_over()) else {
        // Moves this build does not read, or a game over: nothing to search.
        if let Err(e) = hubs.db.drop_position(job).await {
            eprintln!("camelot-server: forgetting a position: {e}");
        }
        return;
    };
    let mut searcher = Searcher::new(TABLE_MB);
    searcher.multipv = STUDY_LINES;
    let mut found = None;
    for step in STEPS {
        let pos = game.position().clone();
        let history = game.history().to_vec();
        let limits = camelot_engine::search::SearchLimits::nodes(budget.nodes * step);
        let searched = tokio::task::spawn_blocking(move || {
            let result = searcher.search(&pos, &history, limits, |_| {});
            (searcher, result)
        })
        .await;
        let Ok((back, result)) = searched else {
            eprintln!("camelot-server: a position's search failed");
            return;
        };
        searcher = back;
        found = Some(result);
        // The computer's turns come first: play each that waits, then go on.
        while take_and_play(hubs, me).await {}
        let lease = now_ms() + LEASE.as_millis() as i64;
        match hubs.db.still_searching(job, me, lease).await {
            Ok(true) => {}
            Ok(false) => return,
            // The database will be back: the lease runs 20 s, so go on.
            Err(e) => eprintln!("camelot-server: keeping a position's lease: {e}"),
        }
    }
    let Some(result) = found else { return };
    let lines = LinesView::Done {
        depth: result.depth,
        lines: analysis::study_lines(game.position(), &result),
    };
    match hubs.db.finish_lines(job, me, &lines, now_ms()).await {
        Ok(true) => {}
        Ok(false) => eprintln!("camelot-server: a position searched was taken by another process"),
        Err(e) => eprintln!("camelot-server: storing a position's lines: {e}"),
    }
}
