//! SQLite's one writer: takes every write waiting and commits them together, so that the
//! flush to disk that makes them durable is paid once for all of them. A write is
//! answered only after its commit. What a write does is its room's (a move is the
//! games'); this only batches them.

use futures_util::future::BoxFuture;
use sqlx::sqlite::{SqliteConnection, SqlitePool};
use tokio::sync::{mpsc, oneshot};

/// A write for the next batch, run on the batch's transaction: `Ok(false)` when it did
/// not apply (and wrote nothing), as a game that another write changed first.
pub type Write = Box<
    dyn for<'c> FnOnce(&'c mut SqliteConnection) -> BoxFuture<'c, Result<bool, sqlx::Error>> + Send,
>;

/// A write waiting for the writer, and where its outcome goes.
pub struct Job {
    write: Write,
    reply: oneshot::Sender<Result<bool, sqlx::Error>>,
}

/// The most writes one commit carries.
const BATCH: usize = 256;

/// Starts the writer on `pool` (one connection): where writes are sent.
pub fn spawn(pool: SqlitePool) -> mpsc::Sender<Job> {
    let (writer, jobs) = mpsc::channel(4 * BATCH);
    tokio::spawn(write_batches(pool, jobs));
    writer
}

/// Runs `write` in the writer's next batch: whether it applied, once committed.
pub async fn write(writer: &mpsc::Sender<Job>, write: Write) -> Result<bool, sqlx::Error> {
    let (reply, answer) = oneshot::channel();
    writer
        .send(Job { write, reply })
        .await
        .map_err(|_| sqlx::Error::PoolClosed)?;
    answer.await.map_err(|_| sqlx::Error::PoolClosed)?
}

async fn write_batches(pool: SqlitePool, mut jobs: mpsc::Receiver<Job>) {
    while let Some(first) = jobs.recv().await {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let (writes, replies): (Vec<Write>, Vec<_>) =
            batch.into_iter().map(|j| (j.write, j.reply)).unzip();
        match commit(&pool, writes).await {
            Ok(outcomes) => {
                for (reply, applied) in replies.into_iter().zip(outcomes) {
                    let _ = reply.send(Ok(applied));
                }
            }
            Err(e) => {
                eprintln!(
                    "camelot-server: a batch of {} writes failed: {e}",
                    replies.len()
                );
                for reply in replies {
                    let _ = reply.send(Err(sqlx::Error::Protocol(e.to_string())));
                }
            }
        }
    }
}

/// One transaction for the batch: for each write, whether it applied.
async fn commit(pool: &SqlitePool, writes: Vec<Write>) -> Result<Vec<bool>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let mut outcomes = Vec::with_capacity(writes.len());
    for write in writes {
        outcomes.push(write(&mut tx).await?);
    }
    tx.commit().await?;
    Ok(outcomes)
}
