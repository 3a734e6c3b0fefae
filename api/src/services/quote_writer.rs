//! Group commit for quotes: every quote is stored before it is answered, but the quotes that queue
//! up while the writer is busy go to the database together, in one transaction of two statements.
//! Under load this turns N small transactions into one; with no load a quote is written alone.

use coverline_store::{QuoteRecord, RateRecord, Store};
use tokio::sync::{mpsc, oneshot};

/// Most quotes written in one transaction.
const MAX_BATCH: usize = 64;

struct Job {
    quote: QuoteRecord,
    rates: Vec<RateRecord>,
    done: oneshot::Sender<anyhow::Result<()>>,
}

/// The handle the quote routes write through; cheap to clone.
#[derive(Clone)]
pub struct QuoteWriter {
    jobs: mpsc::Sender<Job>,
}

impl QuoteWriter {
    /// Starts the writer task on the current runtime.
    pub fn start(store: Store) -> Self {
        let (jobs, mut queue) = mpsc::channel::<Job>(4 * MAX_BATCH);
        tokio::spawn(async move {
            while let Some(first) = queue.recv().await {
                let mut batch = vec![first];
                while batch.len() < MAX_BATCH {
                    match queue.try_recv() {
                        Ok(job) => batch.push(job),
                        Err(_) => break,
                    }
                }
                let rows: Vec<(&QuoteRecord, &[RateRecord])> = batch.iter().map(|j| (&j.quote, j.rates.as_slice())).collect();
                match store.insert_quotes(&rows).await {
                    Ok(()) => batch.into_iter().for_each(|j| drop(j.done.send(Ok(())))),
                    // One bad quote must not fail its neighbours: write each alone to find it.
                    Err(_) if batch.len() > 1 => {
                        for job in batch {
                            let result = store.insert_quote(&job.quote, &job.rates).await;
                            let _ = job.done.send(result);
                        }
                    }
                    Err(e) => batch.into_iter().for_each(|j| drop(j.done.send(Err(anyhow::anyhow!("{e:#}"))))),
                }
            }
        });
        Self { jobs }
    }

    /// Stores a quote with its rates; returns once it is committed.
    pub async fn insert(&self, quote: QuoteRecord, rates: Vec<RateRecord>) -> anyhow::Result<()> {
        let (done, stored) = oneshot::channel();
        self.jobs.send(Job { quote, rates, done }).await.map_err(|_| anyhow::anyhow!("the quote writer has stopped"))?;
        stored.await.map_err(|_| anyhow::anyhow!("the quote writer dropped a quote"))?
    }
}
