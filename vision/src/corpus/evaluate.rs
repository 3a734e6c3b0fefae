//! Scoring [`crate::read_vin`] over a corpus: right, wrong (a different valid VIN, the costly
//! case, since the member may not notice), nothing read, or failed (an OCR error), and how long
//! each read took.

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::{Category, CorpusItem};
use crate::{PhotoError, VinReading, read_vin};

/// Reading scores per category, with each read's latency.
#[derive(Debug, Clone, Default)]
pub struct AccuracyTable {
    /// One row per category present in the corpus, in [`Category::ALL`] order.
    pub rows: Vec<CategoryScore>,
}

/// How one category fared.
#[derive(Debug, Clone)]
pub struct CategoryScore {
    /// Which pictures these are.
    pub category: Category,
    /// Pictures read.
    pub n: usize,
    /// The expected VIN came back.
    pub correct: usize,
    /// A different (valid) VIN came back.
    pub wrong: usize,
    /// Of the VINs that came back (right or wrong), those a correction produced
    /// ([`crate::VinReading::repaired`]).
    pub repaired: usize,
    /// [`PhotoError::NoVin`] (or an unreadable picture, which the corpus should never produce).
    pub none: usize,
    /// [`PhotoError::Ocr`]: the engine is missing or broken, which says nothing about accuracy.
    pub failed: usize,
    /// The first OCR error, to say why `failed` is not zero.
    pub first_error: Option<String>,
    /// Wall time of each [`read_vin`] call, in corpus order.
    pub latencies: Vec<Duration>,
}

impl CategoryScore {
    fn new(category: Category) -> Self {
        Self { category, n: 0, correct: 0, wrong: 0, repaired: 0, none: 0, failed: 0, first_error: None, latencies: Vec::new() }
    }

    /// Share of pictures read correctly, 0.0 to 1.0 (0.0 for an empty category).
    pub fn accuracy(&self) -> f64 {
        if self.n == 0 { 0.0 } else { self.correct as f64 / self.n as f64 }
    }

    /// The `p` quantile (0.0 to 1.0) of read latency, nearest rank.
    pub fn latency(&self, p: f64) -> Duration {
        let mut sorted = self.latencies.clone();
        sorted.sort();
        match sorted.len() {
            0 => Duration::ZERO,
            len => sorted[((len as f64 - 1.0) * p.clamp(0.0, 1.0)).round() as usize],
        }
    }
}

impl AccuracyTable {
    /// The row for `category`, if the corpus had any.
    pub fn get(&self, category: Category) -> Option<&CategoryScore> {
        self.rows.iter().find(|row| row.category == category)
    }
}

impl fmt::Display for AccuracyTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<11} {:>4} {:>9} {:>6} {:>9} {:>5} {:>7} {:>9} {:>9}",
            "category", "n", "correct", "wrong", "repaired", "none", "failed", "p50 ms", "p99 ms"
        )?;
        for row in &self.rows {
            writeln!(
                f,
                "{:<11} {:>4} {:>4} {:>3.0}% {:>6} {:>9} {:>5} {:>7} {:>9.0} {:>9.0}",
                row.category.name(),
                row.n,
                row.correct,
                row.accuracy() * 100.0,
                row.wrong,
                row.repaired,
                row.none,
                row.failed,
                row.latency(0.50).as_secs_f64() * 1e3,
                row.latency(0.99).as_secs_f64() * 1e3,
            )?;
            if let Some(error) = &row.first_error {
                writeln!(f, "            first OCR error: {error}")?;
            }
        }
        Ok(())
    }
}

/// What one read returned, and how long it took.
type Outcome = (Result<VinReading, PhotoError>, Duration);

/// Reads every item on two threads (the size of the machines this runs on) and scores it.
pub fn evaluate(items: &[CorpusItem]) -> AccuracyTable {
    evaluate_on(items, 2)
}

/// Reads every item on `threads` threads and scores it.
pub fn evaluate_on(items: &[CorpusItem], threads: usize) -> AccuracyTable {
    let next = AtomicUsize::new(0);
    let outcomes: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; items.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(index) else { break };
                    let start = Instant::now();
                    let outcome = read_vin(&item.bytes);
                    let elapsed = start.elapsed();
                    if let Ok(mut outcomes) = outcomes.lock() {
                        outcomes[index] = Some((outcome, elapsed));
                    }
                }
            });
        }
    });
    let outcomes = outcomes.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());

    let mut rows: Vec<CategoryScore> =
        Category::ALL.into_iter().filter(|category| items.iter().any(|item| item.category == *category)).map(CategoryScore::new).collect();
    for (item, outcome) in items.iter().zip(outcomes) {
        let Some(row) = rows.iter_mut().find(|row| row.category == item.category) else { continue };
        let Some((outcome, elapsed)) = outcome else { continue };
        row.n += 1;
        row.latencies.push(elapsed);
        if outcome.as_ref().is_ok_and(|reading| reading.repaired) {
            row.repaired += 1;
        }
        match outcome {
            Ok(reading) if reading.vin == item.expected_vin => row.correct += 1,
            Ok(_) => row.wrong += 1,
            Err(PhotoError::Ocr(message)) => {
                row.failed += 1;
                row.first_error.get_or_insert(message);
            }
            Err(_) => row.none += 1,
        }
    }
    AccuracyTable { rows }
}
