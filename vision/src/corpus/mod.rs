//! A seeded generator of labelled VIN pictures, and the accuracy table of [`crate::read_vin`] over
//! them: the figures behind "OCR pre-fills the VIN field" come from here, reproducibly, without
//! shipping photos of real cars (a VIN is personal data once tied to an owner).
//!
//! The categories mirror what members photograph: plain printed text, a door-jamb sticker, the
//! same sticker as a blurred, tilted phone JPEG, and the three barcodes such stickers carry.
//! Text is drawn in DejaVu fonts read at run time from `/usr/share/fonts/truetype/dejavu`
//! (Debian's fonts-dejavu-core).

mod evaluate;
mod render;

use std::fmt;

use coverline_domain::Vin;
use coverline_domain::vin::check_digit;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

pub use evaluate::{AccuracyTable, CategoryScore, evaluate, evaluate_on};
pub use render::FONT_DIR;

/// What a corpus picture shows: each has its own accuracy target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// The VIN alone, black on white, 28-48 px.
    Clean,
    /// A door-jamb sticker mock: bordered box, several lines of small print, "VIN" and the VIN.
    Label,
    /// The sticker as a phone JPEG: tilted up to 4°, blurred, noisy, quality 60.
    Photo,
    /// The VIN as Code 39 (half of them with the `I` prefix of door-jamb labels).
    Code39,
    /// The VIN as Data Matrix.
    DataMatrix,
    /// The VIN as a QR code.
    Qr,
}

impl Category {
    /// Every category, in the order tables print them.
    pub const ALL: [Category; 6] =
        [Category::Clean, Category::Label, Category::Photo, Category::Code39, Category::DataMatrix, Category::Qr];

    /// The category's name in tables and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Category::Clean => "clean",
            Category::Label => "label",
            Category::Photo => "photo",
            Category::Code39 => "code39",
            Category::DataMatrix => "datamatrix",
            Category::Qr => "qr",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One labelled picture: the encoded file as a member would upload it, and the VIN it shows.
#[derive(Debug, Clone)]
pub struct CorpusItem {
    /// What kind of picture this is.
    pub category: Category,
    /// The VIN drawn or encoded in the picture (its check digit validates).
    pub expected_vin: String,
    /// A PNG, or a JPEG for the photo category and some barcodes.
    pub bytes: Vec<u8>,
}

/// `per_category` pictures of each [`Category`], the same for the same seed.
///
/// # Panics
/// When the DejaVu fonts are not installed (fonts-dejavu-core): the corpus is a test and bench
/// tool, and without fonts it cannot exist.
pub fn generate(per_category: usize, seed: u64) -> Vec<CorpusItem> {
    let fonts = render::Fonts::load().unwrap_or_else(|e| panic!("{e}"));
    let mut items = Vec::with_capacity(per_category * Category::ALL.len());
    for (index, category) in Category::ALL.into_iter().enumerate() {
        // One stream per category, so adding pictures to one leaves the others unchanged.
        let mut rng = StdRng::seed_from_u64(seed ^ ((index as u64 + 1) << 56));
        for _ in 0..per_category {
            let vin = random_vin(&mut rng);
            let bytes = render::picture(category, &vin, &fonts, &mut rng);
            items.push(CorpusItem { category, expected_vin: vin, bytes });
        }
    }
    items
}

/// One picture of `vin` (any 17 characters, check digit right or not) as [`generate`] draws a
/// [`Category`], the same for the same seed.
pub fn picture_of(category: Category, vin: &str, seed: u64) -> Vec<u8> {
    let fonts = render::Fonts::load().unwrap_or_else(|e| panic!("{e}"));
    render::picture(category, vin, &fonts, &mut StdRng::seed_from_u64(seed))
}

/// World manufacturer identifiers of makes members drive (Honda, Ford, Chevrolet, Toyota, VW,
/// Tesla, Toyota Japan, Hyundai, BMW, Mercedes-Benz, Ram, Kia/Hyundai US, Nissan, Subaru, Mazda).
const WMIS: [&str; 16] = ["1HG", "1FA", "1G1", "2T1", "3VW", "5YJ", "JTD", "KMH", "WBA", "WDD", "1C6", "5XY", "1N4", "JF1", "JM1", "4T1"];

/// The characters a VIN may hold.
const VIN_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

/// A VIN as a manufacturer would issue it: a real WMI, random descriptor, a valid check digit
/// and model-year code, a numeric serial.
pub fn random_vin(rng: &mut impl Rng) -> String {
    loop {
        let mut vin = Vec::with_capacity(17);
        vin.extend_from_slice(WMIS.choose(rng).map_or("1HG", |wmi| *wmi).as_bytes());
        for _ in 3..8 {
            vin.push(*VIN_ALPHABET.choose(rng).unwrap_or(&b'A'));
        }
        vin.push(b'0'); // check digit, computed below
        vin.push(*b"ABCDEFGHJKLMNPRSTVWXY123456789".choose(rng).unwrap_or(&b'A'));
        vin.push(*VIN_ALPHABET.choose(rng).unwrap_or(&b'A'));
        for _ in 11..17 {
            vin.push(b'0' + rng.random_range(0..10u8));
        }
        vin[8] = check_digit(&vin);
        let text = String::from_utf8_lossy(&vin).into_owned();
        if Vin::parse(&text).is_ok_and(|vin| vin.has_valid_check_digit() && vin.model_year().is_some()) {
            return text;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vins_are_valid_and_the_corpus_is_deterministic() {
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..200 {
            let vin = random_vin(&mut rng);
            assert!(Vin::parse(&vin).is_ok_and(|vin| vin.has_valid_check_digit()), "{vin}");
        }
        let a = generate(1, 42);
        let b = generate(1, 42);
        assert_eq!(a.len(), Category::ALL.len());
        for (a, b) in a.iter().zip(&b) {
            assert_eq!((a.category, &a.expected_vin, &a.bytes), (b.category, &b.expected_vin, &b.bytes));
        }
    }
}
