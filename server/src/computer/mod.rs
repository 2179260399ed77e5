//! The server's computer: it plays the seats given to it, so many searches at a time,
//! its time shared fairly between the games' owners: the owner served longest ago goes
//! next (people before the TV), and a search that has thought for [`SLICE`] while
//! another owner's turn waits is stopped and plays its best move so far, so that one
//! owner's many turns delay another's by a second or so. A game nobody has joined is not
//! thought for. A turn is taken from the database with a lease that
//! the search keeps renewing, the move is stored through the game's hub like anyone's,
//! and the write that stores it ends the turn (or owes the next). A process that dies
//! lets its lease run out and another process, or it restarted, takes the turn again;
//! a move for a ply already played is refused, so a turn is played once. Searches run on
//! threads of their own, never on the workers that answer people.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use camelot_engine::{Ai, AiDecision, Player};
use camelot_online::protocol::TimeControl;

use crate::analysis::AnalysisBudget;
use crate::common::clock::now_ms;
use crate::common::tokens;
use crate::games::{LiveGame, Refusal};
use crate::queue::{Kind, Turn, Work};
use crate::round::{Hub, Hubs};

mod analyse;
mod study;

/// How long a taken turn (or analysis) is a process's without a word from it.
pub(crate) const LEASE: Duration = Duration::from_secs(20);
/// How often a search says it is still at work.
const RENEW: Duration = Duration::from_secs(5);
/// How often an idle search looks for a turn that no wake-up announced (another
/// process's, a lease run out).
const IDLE: Duration = Duration::from_millis(500);
/// The longest a computer thinks over one move, whatever its level's budget.
const MOST: Duration = Duration::from_secs(10);
/// How long a search goes on while another owner's turn waits for one.
pub const SLICE: Duration = Duration::from_secs(1);
/// How often a search past its slice asks whether another owner waits.
const WAITING: Duration = Duration::from_millis(100);

/// Starts `searches` players of the computer's turns in this process, which analyse
/// finished games (each position under `budget`) when no turn waits.
pub fn spawn(hubs: Arc<Hubs>, searches: usize, budget: AnalysisBudget) {
    // Who holds a lease: this process, among the others on one database.
    let me = format!("{}-{}", std::process::id(), tokens::random(8));
    for _ in 0..searches {
        tokio::spawn(player(hubs.clone(), me.clone(), budget));
    }
}

/// The searches a server runs by default: every core but one, which answers people.
pub fn default_searches() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

/// One search at a time, turn after turn, then the analysis board's positions, then
/// analyses, for as long as the server runs.
async fn player(hubs: Arc<Hubs>, me: String, budget: AnalysisBudget) {
    loop {
        // Registered before looking, so that a wake-up while looking is not missed.
        let due = hubs.wake.rung();
        if take_and_play(&hubs, &me).await
            || study::take_and_search(&hubs, &me, budget).await
            || analyse::take_and_analyse(&hubs, &me, budget).await
        {
            continue;
        }
        tokio::select! {
            _ = due => {}
            _ = tokio::time::sleep(IDLE) => {}
        }
    }
}

/// Takes the fairest turn due and plays it; `false` if none waits (or the database
/// failed, which is logged and waited out).
pub(crate) async fn take_and_play(hubs: &Hubs, me: &str) -> bool {
    let now = now_ms();
    let lease = now + LEASE.as_millis() as i64;
    match hubs.db.acquire(Kind::Turn, me, now, lease).await {
        Ok(Some(Work::Turn(turn))) => {
            play(hubs, me, turn).await;
            true
        }
        Ok(_) => false,
        Err(e) => {
            eprintln!("camelot-server: taking a computer turn: {e}");
            tokio::time::sleep(Duration::from_secs(1)).await;
            false
        }
    }
}

/// What a turn asks the computer to do: the game as it stands, the seat, and the level
/// bounded by the seat's time.
struct Task {
    game: camelot_engine::Game,
    seat: Player,
    ai: Ai,
}

/// Plays one turn: thinks, then stores the move as the seat's, or gives the turn back
/// where it could not be stored now.
async fn play(hubs: &Hubs, me: &str, turn: Turn) {
    let (hub, rx) = match hubs.join(&turn.game).await {
        Ok(Some(found)) => found,
        Ok(None) => return forget(hubs, &turn).await,
        Err(e) => {
            eprintln!("camelot-server: game {}: {e}", turn.game);
            return give_back(hubs, &turn, me).await;
        }
    };
    let task = task_of(&*hub.state.lock().await, &turn);
    match task {
        Some(task) => {
            if let Some(refusal) = think_and_move(hubs, &hub, me, &turn, task).await {
                match refusal {
                    // The game moved on without this move: the write that moved it keeps
                    // the turn's row right.
                    Refusal::WrongPly { .. }
                    | Refusal::NotYourTurn { .. }
                    | Refusal::GameOver(_)
                    | Refusal::GameGone => {}
                    _ => give_back(hubs, &turn, me).await,
                }
            }
        }
        None => forget(hubs, &turn).await,
    }
    hubs.leave(hub, rx).await;
}

/// The turn's task, if the game still owes it.
fn task_of(g: &LiveGame, turn: &Turn) -> Option<Task> {
    let (seat, level) = g.computer_to_move()?;
    if g.plies.len() != turn.ply {
        return None;
    }
    let seed = g.id.as_str().bytes().fold(turn.ply as u64, |h, b| {
        h.wrapping_mul(31).wrapping_add(b as u64)
    });
    let ai = Ai::new(level.within(think_time(g, seat, now_ms())), seed);
    Some(Task {
        game: g.game.clone(),
        seat,
        ai,
    })
}

/// The longest the seat may think now: a twentieth of what its clock has left, at most
/// [`MOST`] (a level's own budget is usually far less).
fn think_time(g: &LiveGame, seat: Player, now: i64) -> Duration {
    match g.time {
        TimeControl::Clock { .. } => {
            // The computer's clock stands while it is to move: this is what it has.
            let left = g
                .clock_view(now)
                .and_then(|c| c.remaining_ms.get(seat.0 as usize).copied())
                .unwrap_or(0);
            // At least 50 ms, unless that is more than half of what is left.
            let floor = Duration::from_millis(50).min(Duration::from_millis(left / 2));
            Duration::from_millis(left / 20).max(floor).min(MOST)
        }
        TimeControl::Untimed | TimeControl::Days { .. } => MOST,
    }
}

/// The search, on a thread of its own while the lease is renewed; then the move (or
/// the claim) stored as the seat's. A refusal, if the game would not take it.
async fn think_and_move(
    hubs: &Hubs,
    hub: &Hub,
    me: &str,
    turn: &Turn,
    task: Task,
) -> Option<Refusal> {
    let Task { game, seat, mut ai } = task;
    let pos = game.position().clone();
    let stop = Arc::new(AtomicBool::new(false));
    ai.set_stop_flag(stop.clone());
    let mut thinking = tokio::task::spawn_blocking(move || ai.decide(&game, |_| {}));
    let mut renew = tokio::time::interval(RENEW);
    renew.tick().await;
    let slice_over = tokio::time::Instant::now() + SLICE;
    let mut look = tokio::time::interval_at(slice_over, WAITING);
    let decided = loop {
        tokio::select! {
            done = &mut thinking => break done.ok().flatten(),
            _ = renew.tick() => {
                let lease = now_ms() + LEASE.as_millis() as i64;
                if let Err(e) = hubs.db.renew_turn(turn, me, lease).await {
                    eprintln!("camelot-server: keeping a computer turn: {e}");
                }
            }
            _ = look.tick(), if !stop.load(Ordering::Relaxed) => {
                match hubs.db.others_wait(&turn.owner, now_ms()).await {
                    Ok(true) => stop.store(true, Ordering::Relaxed),
                    Ok(false) => {}
                    Err(e) => eprintln!("camelot-server: looking at the computer's queue: {e}"),
                }
            }
        }
    };
    let ply = turn.ply as u32;
    let done = match decided.map(|(d, _)| d) {
        Some(AiDecision::Play(m)) => {
            let named = pos.name_move(&m)?;
            let since = turn.taken_at;
            hubs.act(hub, |g, now| g.play_thought(seat, ply, &named, now, since))
                .await
        }
        Some(AiDecision::Claim(c)) => hubs.act(hub, |g, _| g.claim(seat, c)).await,
        // No move in a game not over: nothing the rules allow; the turn is forgotten.
        None => {
            forget(hubs, turn).await;
            return None;
        }
    };
    done.err()
}

async fn give_back(hubs: &Hubs, turn: &Turn, me: &str) {
    if let Err(e) = hubs.db.release_turn(turn, me).await {
        eprintln!("camelot-server: giving back a computer turn: {e}");
    }
}

async fn forget(hubs: &Hubs, turn: &Turn) {
    if let Err(e) = hubs.db.drop_turn(turn).await {
        eprintln!("camelot-server: forgetting a computer turn: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use camelot_engine::{Level, Variant};
    use camelot_online::protocol::GameId;

    use crate::common::owner::Owner;

    fn game(time: TimeControl) -> LiveGame {
        let mut g = LiveGame::new(GameId::parse("g").unwrap(), Variant::Camette, time, 0);
        g.seats[1].computer = Some(Level::CLUB);
        g
    }

    #[test]
    fn a_computer_turn_is_the_ply_it_was_owed_for_and_its_time_the_clocks() {
        let mut g = game(TimeControl::Clock {
            minutes: 1,
            increment: 0,
        });
        let id = g.id.clone();
        let turn = |ply| Turn {
            game: id.clone(),
            ply,
            owner: Owner::Unknown,
            taken_at: 0,
        };
        // White is a person, to move: nothing owed.
        assert!(task_of(&g, &turn(0)).is_none());
        let first = g.game.position().named_moves()[0].clone();
        g.play(Player(0), 0, &first, 10).unwrap();
        assert!(task_of(&g, &turn(0)).is_none(), "a stale turn");
        let task = task_of(&g, &turn(1)).expect("Black is the computer's");
        assert_eq!(task.seat, Player(1));
        // A minute's clock: three seconds at most (the first round is untimed).
        assert_eq!(think_time(&g, Player(1), 10), Duration::from_secs(3));
        assert_eq!(think_time(&game(TimeControl::Untimed), Player(1), 0), MOST);
    }
}
