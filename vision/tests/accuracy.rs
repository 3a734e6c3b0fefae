//! Accuracy of `read_vin` over the generated corpus, against the targets that make photo capture
//! worth offering: clean text ≥ 90%, a door-jamb label ≥ 75%, Data Matrix and QR ≥ 80%,
//! Code 39 ≥ 50%. Phone-photo-like labels are reported, not asserted: OCR of a blurred JPEG is a
//! convenience, the member confirms the VIN either way.
//!
//! Needs the tesseract CLI (`tesseract-ocr`, `tesseract-ocr-eng`; scripts/ensure-system.sh
//! installs them) and the DejaVu fonts (fonts-dejavu-core). The `corpus` feature is on for this
//! crate's tests through its dev-dependency on itself, so `cargo test --workspace` runs this.

use coverline_vision::corpus::{Category, evaluate, generate};

const PER_CATEGORY: usize = 15;
const SEED: u64 = 20_240_611;

#[test]
fn read_vin_meets_its_accuracy_targets_on_the_corpus() {
    let items = generate(PER_CATEGORY, SEED);
    let table = evaluate(&items);
    println!("{table}");

    let mut misses = Vec::new();
    for row in &table.rows {
        assert_eq!(row.failed, 0, "{}: OCR could not run ({:?}); install tesseract-ocr", row.category, row.first_error);
        let target = match row.category {
            Category::Clean => 0.90,
            Category::Label => 0.75,
            Category::DataMatrix | Category::Qr => 0.80,
            Category::Code39 => 0.50,
            Category::Photo => continue,
        };
        if row.accuracy() < target {
            misses.push(format!("{}: {:.0}% < {:.0}%", row.category, row.accuracy() * 100.0, target * 100.0));
        }
    }
    assert!(misses.is_empty(), "below target: {}\n{table}", misses.join(", "));
}
