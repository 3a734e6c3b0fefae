//! `ocr`: how often and how fast `coverline_vision::read_vin` reads the VIN, over the seeded
//! corpus of generated pictures (clean text, door-jamb label, label as a phone photo, Code 39,
//! Data Matrix, QR). Needs the tesseract CLI and the DejaVu fonts, as the accuracy test does.

use std::time::Instant;

use coverline_vision::corpus::{evaluate, generate};

/// Generates `per_category` pictures of each kind from `seed`, reads them all on two threads, and
/// prints the accuracy table with each category's read latency p50/p99.
pub fn bench_ocr(per_category: usize, seed: u64) -> anyhow::Result<()> {
    let start = Instant::now();
    let items = generate(per_category, seed);
    println!("generated {} pictures ({per_category} per category, seed {seed}) in {:.1} s", items.len(), start.elapsed().as_secs_f64());
    let start = Instant::now();
    let table = evaluate(&items);
    println!("{table}");
    println!("read on 2 threads in {:.1} s; latency is per read_vin call (decode, barcodes, OCR)", start.elapsed().as_secs_f64());
    let failed: usize = table.rows.iter().map(|row| row.failed).sum();
    anyhow::ensure!(failed == 0, "{failed} reads failed in OCR (is tesseract-ocr installed?)");
    Ok(())
}
