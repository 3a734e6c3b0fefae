//! Reads a VIN from a photo so a member can skip typing 17 characters: the photo of a windshield
//! plate, a door-jamb sticker or a registration card pre-fills the VIN field, and the member
//! confirms it.
//!
//! The pipeline, cheapest and surest first, one module each:
//! 1. `decode`: bytes to a grey picture. The format is guessed from the content, the pixel count
//!    checked against [`MAX_PIXELS`] before any pixel is decoded, EXIF orientation applied, and
//!    big photos scaled down to [`WORKING_SIDE`].
//! 2. `barcode`: Data Matrix, QR and Code 39 with rxing. Code 39 is tried again after squaring
//!    the picture by its measured tilt (`geometry`) and over a rotation sweep, because rxing's 1D
//!    readers give up at a few degrees of tilt.
//! 3. `ocr`: the tesseract CLI in sparse-text mode restricted to VIN characters, and a second,
//!    binarized pass when the first is not conclusive.
//! 4. `picker`: the VIN among what was read. The check digit is the arbiter, and a VIN whose
//!    check digit fails is never returned.
//!
//! Everything here is blocking and CPU-bound (a read with OCR takes 0.2-1 s), so async callers
//! run [`read_vin`] inside `tokio::task::spawn_blocking`. With the `corpus` feature, [`corpus`]
//! generates labelled pictures and measures accuracy; see `tests/accuracy.rs` and
//! `coverline-bench ocr`.

mod barcode;
mod decode;
mod geometry;
mod ocr;
mod picker;

#[cfg(feature = "corpus")]
pub mod corpus;

use std::fmt;

pub use decode::{MAX_PIXELS, WORKING_SIDE};
pub use ocr::{TESSERACT_ENV, TESSERACT_TIMEOUT};

/// A VIN read from a photo. The caller still shows it for the member to confirm: a read can be
/// wrong even with a valid check digit (about one misread in eleven passes the check by chance).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VinReading {
    /// 17 upper-case characters that parse as a [`coverline_domain::Vin`]; the check digit
    /// validates unless the caller of [`read_vin_knowing`] knew the vehicle.
    pub vin: String,
    /// Where it came from: a barcode read is near certain, a text read less so.
    pub source: Source,
    /// True when the text as read did not validate and a single-character confusion (O for 0,
    /// S for 5, ...) was corrected to make it validate: worth a more insistent "please check".
    pub repaired: bool,
}

/// What in the photo the VIN was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A barcode, by its symbology's name: "Code 39", "Data Matrix" or "QR Code".
    Barcode(&'static str),
    /// Printed text, through OCR.
    Text,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Barcode(symbology) => write!(f, "{symbology} barcode"),
            Source::Text => f.write_str("text"),
        }
    }
}

/// Why no VIN came out of the bytes. The first three are the member's to fix (another photo);
/// [`PhotoError::Ocr`] is ours (tesseract missing, failing or too slow) and is worth logging.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum PhotoError {
    /// Empty, corrupt, truncated, or in a format we do not decode (we take JPEG, PNG, WebP, GIF,
    /// BMP and TIFF).
    #[error("the file is not a photo we can read (JPEG, PNG, WebP, GIF, BMP or TIFF)")]
    NotAnImage,
    /// The header announces more pixels than [`MAX_PIXELS`]: refused before decoding, so a tiny
    /// file cannot make the server allocate gigabytes (a decompression bomb).
    #[error("the photo is too large")]
    TooLarge,
    /// The photo decoded, but neither a barcode nor the text held a VIN with a valid check digit.
    #[error("no VIN could be read from the photo")]
    NoVin,
    /// The OCR engine could not run: not installed, crashed, or over [`TESSERACT_TIMEOUT`].
    #[error("OCR failed: {0}")]
    Ocr(String),
}

/// Reads the VIN in a photo: barcodes first (near certain when found), then OCR of the text.
///
/// Never panics on any input bytes; blocking (up to a few seconds for a photo without a barcode,
/// bounded by [`TESSERACT_TIMEOUT`] per OCR pass).
pub fn read_vin(bytes: &[u8]) -> Result<VinReading, PhotoError> {
    read_vin_knowing(bytes, &|_| false)
}

/// [`read_vin`], and when no VIN with a valid check digit is read, the one read as is whose check
/// digit is wrong but whose vehicle `known` (vPIC decodes it): real VINs with a wrong check digit
/// exist, and the member who photographs one gets it with the decoder's warning.
pub fn read_vin_knowing(bytes: &[u8], known: &dyn Fn(&str) -> bool) -> Result<VinReading, PhotoError> {
    let gray = decode::to_working_gray(bytes)?;
    if let Some(reading) = barcode::read(&gray, known) {
        return Ok(reading);
    }
    ocr::read(&gray, known)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{GrayImage, ImageFormat, Luma};
    use std::io::Cursor;

    /// Every damaged variant of a real picture either decodes or is refused, and the barcode
    /// readers never panic on what decodes. (OCR is left out: it would take minutes, and its
    /// input is a PNG we encode ourselves.)
    #[test]
    fn damaged_files_never_panic() {
        let mut gray = GrayImage::from_pixel(120, 60, Luma([255]));
        for (x, _, pixel) in gray.enumerate_pixels_mut() {
            if (x / 3) % 3 == 0 {
                *pixel = Luma([0]);
            }
        }
        for format in [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Gif, ImageFormat::Bmp, ImageFormat::Tiff, ImageFormat::WebP] {
            let mut bytes = Vec::new();
            image::DynamicImage::from(gray.clone()).to_rgb8().write_to(&mut Cursor::new(&mut bytes), format).expect("encode");
            let mut state = 0x9E37_79B9u32;
            for round in 0..60 {
                let mut damaged = bytes.clone();
                // xorshift: a fixed, dependency-free sequence of positions and values.
                for _ in 0..(1 + round % 4) {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    let at = state as usize % damaged.len();
                    damaged[at] = (state >> 24) as u8;
                }
                if round % 5 == 0 {
                    damaged.truncate(state as usize % damaged.len());
                }
                if let Ok(picture) = decode::to_working_gray(&damaged) {
                    let _ = barcode::read(&picture, &|_| false);
                }
            }
        }
    }

    #[test]
    fn a_text_file_is_not_an_image() {
        assert_eq!(read_vin(b"VIN 1HGCM82633A004352\n"), Err(PhotoError::NotAnImage));
        assert_eq!(read_vin(&[]), Err(PhotoError::NotAnImage));
    }
}
