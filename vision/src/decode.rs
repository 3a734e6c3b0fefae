//! Bytes to the grey working picture every later step reads.
//!
//! Uploads are untrusted: the format is guessed from the content (never a file name), and the
//! dimensions in the header are checked against [`MAX_PIXELS`] before a pixel buffer exists.

use std::io::Cursor;

use image::imageops::{self, FilterType};
use image::{DynamicImage, GrayImage, ImageDecoder, ImageError, ImageReader, Limits};

use crate::PhotoError;

/// Most pixels a photo may announce: 40 MP is above any phone camera (a 12 MP photo is 4032x3024)
/// and keeps the decoded RGBA buffer under 160 MB.
pub const MAX_PIXELS: u64 = 40_000_000;

/// Longest side, in pixels, of the picture the readers work on. A VIN on a photo stays legible
/// at this size, and rxing and tesseract slow down in proportion to the pixel count.
pub const WORKING_SIDE: u32 = 2000;

/// Neither side may exceed this (a 40 MP panorama is still refused by [`MAX_PIXELS`]).
const MAX_SIDE: u32 = 20_000;

/// Bytes the decoder may allocate: 40 MP at 8 bytes a pixel (16-bit RGBA), plus decoder slack.
const MAX_ALLOC: u64 = MAX_PIXELS * 8 + (64 << 20);

/// Decodes, orients, converts to luma and scales down to [`WORKING_SIDE`].
pub(crate) fn to_working_gray(bytes: &[u8]) -> Result<GrayImage, PhotoError> {
    if bytes.is_empty() {
        return Err(PhotoError::NotAnImage);
    }
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format().map_err(|_| PhotoError::NotAnImage)?;
    if reader.format().is_none() {
        return Err(PhotoError::NotAnImage);
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    reader.limits(limits);

    // Only the header has been read so far: the size check costs nothing.
    let mut decoder = reader.into_decoder().map_err(classify)?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(PhotoError::NotAnImage);
    }
    if u64::from(width) * u64::from(height) > MAX_PIXELS || decoder.total_bytes() > MAX_ALLOC {
        return Err(PhotoError::TooLarge);
    }
    // Phones store the sensor's orientation and a flag; a missing or broken flag is no reason to
    // refuse the photo.
    let orientation = decoder.orientation().ok();
    let mut picture = DynamicImage::from_decoder(decoder).map_err(classify)?;
    if let Some(orientation) = orientation {
        picture.apply_orientation(orientation);
    }
    Ok(shrink(picture.into_luma8(), WORKING_SIDE))
}

/// Scales `gray` down (never up) so its longest side is at most `side`.
pub(crate) fn shrink(gray: GrayImage, side: u32) -> GrayImage {
    let (width, height) = gray.dimensions();
    let longest = width.max(height);
    if longest <= side {
        return gray;
    }
    let scale = f64::from(side) / f64::from(longest);
    let new_width = ((f64::from(width) * scale).round() as u32).max(1);
    let new_height = ((f64::from(height) * scale).round() as u32).max(1);
    imageops::resize(&gray, new_width, new_height, FilterType::Triangle)
}

fn classify(error: ImageError) -> PhotoError {
    match error {
        ImageError::Limits(_) => PhotoError::TooLarge,
        _ => PhotoError::NotAnImage,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageFormat, Luma};

    fn png(width: u32, height: u32) -> Vec<u8> {
        let gray = GrayImage::from_pixel(width, height, Luma([255]));
        let mut bytes = Vec::new();
        gray.write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png).expect("encode png");
        bytes
    }

    /// A valid 1x1 PNG whose header is rewritten to announce `width` x `height`: what a
    /// decompression bomb looks like before its pixel data is inflated.
    fn png_announcing(width: u32, height: u32) -> Vec<u8> {
        let mut bytes = png(1, 1);
        // Signature (8), chunk length (4), "IHDR" (4), then width and height; CRC after 13 bytes.
        bytes[16..20].copy_from_slice(&width.to_be_bytes());
        bytes[20..24].copy_from_slice(&height.to_be_bytes());
        let crc = crc32(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        bytes
    }

    fn crc32(data: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &byte in data {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }

    #[test]
    fn empty_random_and_text_bytes_are_not_images() {
        assert_eq!(to_working_gray(&[]), Err(PhotoError::NotAnImage));
        let random: Vec<u8> = (0u32..4096).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        assert_eq!(to_working_gray(&random), Err(PhotoError::NotAnImage));
        assert_eq!(to_working_gray(b"VIN 1HGCM82633A004352\nthis is a text file\n"), Err(PhotoError::NotAnImage));
    }

    #[test]
    fn a_truncated_png_is_not_an_image() {
        let bytes = png(300, 200);
        for cut in [8, 20, 33, bytes.len() / 2, bytes.len() - 13] {
            assert_eq!(to_working_gray(&bytes[..cut]), Err(PhotoError::NotAnImage), "cut at {cut}");
        }
    }

    #[test]
    fn a_huge_header_is_refused_before_allocating() {
        // 10^10 pixels would be 10 GB: refused from the header, before inflating anything.
        assert_eq!(to_working_gray(&png_announcing(100_000, 100_000)), Err(PhotoError::TooLarge));
        // Within each side's limit but over the pixel count.
        assert_eq!(to_working_gray(&png_announcing(10_000, 8_000)), Err(PhotoError::TooLarge));
        // Under the cap: decoding starts and finds the data too short.
        assert_eq!(to_working_gray(&png_announcing(4_000, 3_000)), Err(PhotoError::NotAnImage));
        assert_eq!(to_working_gray(&png_announcing(0, 100)), Err(PhotoError::NotAnImage));
    }

    #[test]
    fn big_photos_are_scaled_down_and_small_ones_kept() {
        let big = to_working_gray(&png(3000, 1500)).expect("decodes");
        assert_eq!(big.dimensions(), (WORKING_SIDE, 1000));
        let small = to_working_gray(&png(640, 480)).expect("decodes");
        assert_eq!(small.dimensions(), (640, 480));
    }

    #[test]
    fn a_phone_photo_is_turned_as_its_exif_orientation_says() {
        use image::ImageEncoder;
        use image::codecs::jpeg::JpegEncoder;
        // A little-endian TIFF block with one entry: Orientation (0x0112) = 6, "rotate 90° cw".
        let exif = vec![0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0];
        let gray = GrayImage::from_pixel(64, 32, Luma([200]));
        let mut bytes = Vec::new();
        let mut encoder = JpegEncoder::new(&mut bytes);
        encoder.set_exif_metadata(exif).expect("jpeg takes exif");
        encoder.write_image(gray.as_raw(), 64, 32, image::ExtendedColorType::L8).expect("encode jpeg");
        assert_eq!(to_working_gray(&bytes).expect("decodes").dimensions(), (32, 64));
    }

    #[test]
    fn the_file_name_plays_no_part_jpeg_bytes_decode_as_jpeg() {
        let gray = GrayImage::from_pixel(64, 32, Luma([200]));
        let mut bytes = Vec::new();
        gray.write_to(&mut Cursor::new(&mut bytes), ImageFormat::Jpeg).expect("encode jpeg");
        assert_eq!(to_working_gray(&bytes).expect("decodes").dimensions(), (64, 32));
    }
}
