//! Barcodes that carry a VIN: Data Matrix (newer door-jamb labels, dashboards), QR (dealer and
//! registration documents) and Code 39 (older door-jamb labels, window stickers).

use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};

use image::{GrayImage, imageops};
use rxing::{BarcodeFormat, DecodeHints, helpers::detect_in_luma_slice_with_hints};

use crate::decode::shrink;
use crate::geometry::{rotate, squaring_rotation};
use crate::picker::{Known, pick_barcode};
use crate::{Source, VinReading};

/// Offsets (degrees) around the measured tilt tried for Code 39: rxing's 1D readers scan rows
/// and fail from about 8° of tilt, from 2° for a blurred barcode with thin bars, and the measure
/// is good to about half a degree on a clean picture.
const AROUND_TILT: [f32; 5] = [0.0, -1.0, 1.0, -2.5, 2.5];

/// Angles tried last, for a barcode tilted differently from the rest of the picture (a sticker
/// stuck on askew): 8° apart, the span over which a sharp barcode still reads.
const SWEEP: [f32; 8] = [-8.0, 8.0, -16.0, 16.0, -24.0, 24.0, -32.0, 32.0];

/// Longest side of the picture the sweep rotates, smaller than the working picture: a dozen
/// rotations and reads of it must stay well under the time of one OCR pass.
const SWEEP_SIDE: u32 = 1200;

/// Unsharp mask radius for the sweep: a phone's slight defocus greys out the narrow bars and
/// gaps of Code 39 (half or a third as wide as the wide ones), and restoring their edges made
/// every blurred barcode of the corpus readable.
const SHARPEN_SIGMA: f32 = 1.5;

/// The VIN in the first barcode that holds a valid one (or a `known` one, see [`pick_barcode`]).
pub(crate) fn read(gray: &GrayImage, known: Known) -> Option<VinReading> {
    for format in [BarcodeFormat::DATA_MATRIX, BarcodeFormat::QR_CODE, BarcodeFormat::CODE_39] {
        if let Some(reading) = detect(gray, format, known) {
            return Some(reading);
        }
    }
    let small = shrink(gray.clone(), SWEEP_SIDE);
    let tilt = squaring_rotation(&small).unwrap_or(0.0);
    let sharp = imageops::unsharpen(&small, SHARPEN_SIGMA, 0);
    let background = median_edge(&small);
    let around_tilt = AROUND_TILT.map(|offset| tilt + offset);
    let elsewhere = SWEEP.into_iter().filter(|degrees| (degrees - tilt).abs() > 4.0);
    let code39 = around_tilt.into_iter().chain(elsewhere).find_map(|degrees| {
        let turned = if degrees.abs() < 0.25 { sharp.clone() } else { rotate(&sharp, degrees, background) };
        detect(&turned, BarcodeFormat::CODE_39, known)
    });
    if code39.is_some() || small.dimensions() == gray.dimensions() {
        return code39;
    }
    // The 2D detectors look for finder patterns at a few scales; on a big photo of a big code,
    // the smaller picture can be the one where they find it.
    [BarcodeFormat::DATA_MATRIX, BarcodeFormat::QR_CODE].into_iter().find_map(|format| detect(&small, format, known))
}

/// One rxing read for one symbology, its payload checked for a valid VIN.
fn detect(gray: &GrayImage, format: BarcodeFormat, known: Known) -> Option<VinReading> {
    let (width, height) = gray.dimensions();
    let mut hints = DecodeHints { TryHarder: Some(true), PossibleFormats: Some(HashSet::from([format])), ..DecodeHints::default() };
    // rxing is a port of a large Java code base: an index slip on a strange picture must cost a
    // missed barcode, not the request.
    let result =
        catch_unwind(AssertUnwindSafe(|| detect_in_luma_slice_with_hints(gray.as_raw(), width, height, None, &mut hints))).ok()?.ok()?;
    let vin = pick_barcode(result.getText(), known)?;
    let symbology = match result.getBarcodeFormat() {
        BarcodeFormat::DATA_MATRIX => "Data Matrix",
        BarcodeFormat::QR_CODE => "QR Code",
        _ => "Code 39",
    };
    Some(VinReading { vin, source: Source::Barcode(symbology), repaired: false })
}

/// The median of the border pixels: what the corners a rotation opens up are filled with, so they
/// do not draw new edges for the reader to trip on.
fn median_edge(gray: &GrayImage) -> u8 {
    let (width, height) = gray.dimensions();
    if width == 0 || height == 0 {
        return 255;
    }
    let mut border: Vec<u8> = Vec::with_capacity(2 * (width + height) as usize);
    for x in 0..width {
        border.push(gray.get_pixel(x, 0)[0]);
        border.push(gray.get_pixel(x, height - 1)[0]);
    }
    for y in 0..height {
        border.push(gray.get_pixel(0, y)[0]);
        border.push(gray.get_pixel(width - 1, y)[0]);
    }
    border.sort_unstable();
    border.get(border.len() / 2).copied().unwrap_or(255)
}
