//! Drawing the corpus pictures: text with ab_glyph, barcodes with rxing's writers, and the
//! damage a phone camera does (tilt, blur, sensor noise, JPEG).

use std::io::Cursor;
use std::path::Path;

use ab_glyph::{Font, FontVec, PxScale, ScaleFont, point};
use image::codecs::jpeg::JpegEncoder;
use image::imageops;
use image::{GrayImage, ImageFormat, Luma};
use rand::Rng;
use rand::seq::IndexedRandom;
use rxing::{BarcodeFormat, MultiFormatWriter, Writer};

use super::Category;
use crate::geometry::rotate;

/// Where Debian's fonts-dejavu-core puts the fonts the corpus draws with.
pub const FONT_DIR: &str = "/usr/share/fonts/truetype/dejavu";

/// The four faces text is drawn in: DejaVu Sans Mono and DejaVu Sans, book and bold.
pub(super) struct Fonts {
    faces: Vec<FontVec>,
}

impl Fonts {
    pub(super) fn load() -> Result<Self, String> {
        let names = ["DejaVuSansMono.ttf", "DejaVuSans.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSans-Bold.ttf"];
        let faces = names
            .iter()
            .map(|name| {
                let path = Path::new(FONT_DIR).join(name);
                let bytes = std::fs::read(&path).map_err(|e| format!("reading {} (install fonts-dejavu-core): {e}", path.display()))?;
                FontVec::try_from_vec(bytes).map_err(|e| format!("parsing {}: {e}", path.display()))
            })
            .collect::<Result<_, _>>()?;
        Ok(Self { faces })
    }

    fn pick(&self, rng: &mut impl Rng) -> &FontVec {
        &self.faces[rng.random_range(0..self.faces.len())]
    }
}

/// The encoded picture of `vin` for `category`.
pub(super) fn picture(category: Category, vin: &str, fonts: &Fonts, rng: &mut impl Rng) -> Vec<u8> {
    match category {
        Category::Clean => png(&clean(vin, fonts, rng)),
        Category::Label => png(&label(vin, fonts, rng)),
        Category::Photo => photo(&label(vin, fonts, rng), rng),
        Category::Code39 => {
            let payload = if rng.random_bool(0.5) { format!("I{vin}") } else { vin.to_owned() };
            barcode(BarcodeFormat::CODE_39, &payload, rng)
        }
        Category::DataMatrix => barcode(BarcodeFormat::DATA_MATRIX, vin, rng),
        Category::Qr => barcode(BarcodeFormat::QR_CODE, vin, rng),
    }
}

fn clean(vin: &str, fonts: &Fonts, rng: &mut impl Rng) -> GrayImage {
    let font = fonts.pick(rng);
    let size = rng.random_range(28.0..=48.0f32);
    let margin = rng.random_range(16..48u32);
    let width = text_width(font, size, vin).ceil() as u32 + 2 * margin;
    let height = size.ceil() as u32 + 2 * margin;
    let mut canvas = GrayImage::from_pixel(width, height, Luma([255]));
    draw_text(&mut canvas, font, size, margin as f32, margin as f32, vin, 0);
    canvas
}

/// A door-jamb sticker: manufacturer, date and weight ratings in small print, the FMVSS
/// statement, and "VIN" with the VIN a size larger, inside a border on off-white stock.
fn label(vin: &str, fonts: &Fonts, rng: &mut impl Rng) -> GrayImage {
    let font = fonts.pick(rng);
    let vin_size = rng.random_range(28.0..=40.0f32);
    let small = vin_size * rng.random_range(0.6..0.8f32);
    let maker = [
        "HONDA OF AMERICA MFG INC",
        "FORD MOTOR COMPANY",
        "TOYOTA MOTOR MFG KENTUCKY",
        "GENERAL MOTORS LLC",
        "HYUNDAI MOTOR MFG ALABAMA",
        "TESLA INC",
    ]
    .choose(rng)
    .copied()
    .unwrap_or("FORD MOTOR COMPANY");
    let (month, year) = (rng.random_range(1..=12u32), rng.random_range(10..=25u32));
    let gvwr = rng.random_range(1800..=3200u32);
    let vin_line = if rng.random_bool(0.5) { format!("VIN {vin}") } else { format!("VIN: {vin}") };
    let lines: Vec<(String, f32)> = vec![
        (format!("MFD BY {maker}"), small),
        (format!("DATE {month:02}/{year:02}   GVWR {gvwr}KG ({}LB)", gvwr * 22 / 10), small),
        (format!("GAWR FR {}KG   RR {}KG", gvwr / 2 + 40, gvwr / 2 - 60), small),
        ("THIS VEHICLE CONFORMS TO ALL APPLICABLE".to_owned(), small),
        ("FEDERAL MOTOR VEHICLE SAFETY STANDARDS".to_owned(), small),
        (vin_line, vin_size),
        (format!("TYPE: PASS CAR   PAINT {}", rng.random_range(100..999u32)), small),
    ];
    let pad = (vin_size * 0.8) as u32;
    let width = lines.iter().map(|(text, size)| text_width(font, *size, text)).fold(0.0, f32::max).ceil() as u32 + 2 * pad;
    let height = lines.iter().map(|(_, size)| size * 1.35).sum::<f32>().ceil() as u32 + 2 * pad;
    let paper = rng.random_range(232..=250u8);
    let mut canvas = GrayImage::from_pixel(width, height, Luma([paper]));
    let ink = rng.random_range(10..=50u8);
    let border = 3;
    for (x, y, pixel) in canvas.enumerate_pixels_mut() {
        let inset = pad / 3;
        let inside_x = x >= inset && x < width - inset;
        let inside_y = y >= inset && y < height - inset;
        let on_border = inside_x
            && inside_y
            && (x < inset + border || x >= width - inset - border || y < inset + border || y >= height - inset - border);
        if on_border {
            *pixel = Luma([ink]);
        }
    }
    let mut y = pad as f32;
    for (text, size) in &lines {
        draw_text(&mut canvas, font, *size, pad as f32, y, text, ink);
        y += size * 1.35;
    }
    canvas
}

/// The sticker as a phone sends it: on a grey door frame, tilted, out of focus, noisy, JPEG 60.
fn photo(label: &GrayImage, rng: &mut impl Rng) -> Vec<u8> {
    let frame = rng.random_range(140..=200u8);
    let margin = 40;
    let mut scene = GrayImage::from_pixel(label.width() + 2 * margin, label.height() + 2 * margin, Luma([frame]));
    imageops::overlay(&mut scene, label, i64::from(margin), i64::from(margin));
    let tilted = rotate(&scene, rng.random_range(-4.0..=4.0f32), frame);
    let mut blurred = imageops::blur(&tilted, rng.random_range(0.6..=1.4f32));
    add_noise(&mut blurred, 12.0, rng);
    jpeg(&blurred, 60)
}

/// The payload as a barcode with its quiet zone, tilted up to 15°, blurred up to σ 1.2, and
/// every other one JPEG-compressed.
fn barcode(format: BarcodeFormat, payload: &str, rng: &mut impl Rng) -> Vec<u8> {
    let module = match format {
        BarcodeFormat::CODE_39 => rng.random_range(2..=3u32),
        _ => rng.random_range(4..=8u32),
    };
    let bar_height = rng.random_range(60..=120u32);
    let Ok(matrix) = MultiFormatWriter.encode(payload, &format, 0, 0) else {
        return Vec::new();
    };
    let (columns, rows) = (matrix.width(), matrix.height());
    let one_dimensional = rows <= 1 || format == BarcodeFormat::CODE_39;
    let quiet = 10 * module;
    let width = columns * module + 2 * quiet;
    let height = if one_dimensional { bar_height } else { rows * module } + 2 * quiet;
    let mut canvas = GrayImage::from_pixel(width, height, Luma([255]));
    for (x, y, pixel) in canvas.enumerate_pixels_mut() {
        if x < quiet || y < quiet || x >= width - quiet || y >= height - quiet {
            continue;
        }
        let column = (x - quiet) / module;
        let row = if one_dimensional { 0 } else { (y - quiet) / module };
        if matrix.get(column, row) {
            *pixel = Luma([0]);
        }
    }
    let angle = rng.random_range(0.0..=15.0f32) * if rng.random_bool(0.5) { 1.0 } else { -1.0 };
    let tilted = rotate(&canvas, angle, 255);
    let sigma = rng.random_range(0.0..=1.2f32);
    let blurred = if sigma > 0.3 { imageops::blur(&tilted, sigma) } else { tilted };
    if rng.random_bool(0.5) { jpeg(&blurred, rng.random_range(60..=90u8)) } else { png(&blurred) }
}

fn text_width(font: &FontVec, size: f32, text: &str) -> f32 {
    let scaled = font.as_scaled(PxScale::from(size));
    let mut width = 0.0;
    let mut previous = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(previous) = previous {
            width += scaled.kern(previous, id);
        }
        width += scaled.h_advance(id);
        previous = Some(id);
    }
    width
}

/// Draws `text` with its em box's top at (`x`, `top`), anti-aliased by blending `ink` over the
/// canvas with the glyph's coverage.
fn draw_text(canvas: &mut GrayImage, font: &FontVec, size: f32, x: f32, top: f32, text: &str, ink: u8) {
    let scaled = font.as_scaled(PxScale::from(size));
    let baseline = top + scaled.ascent();
    let mut caret = x;
    let mut previous = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(previous) = previous {
            caret += scaled.kern(previous, id);
        }
        previous = Some(id);
        let glyph = id.with_scale_and_position(PxScale::from(size), point(caret, baseline));
        caret += scaled.h_advance(id);
        let Some(outlined) = font.outline_glyph(glyph) else { continue };
        let bounds = outlined.px_bounds();
        outlined.draw(|gx, gy, coverage| {
            let px = bounds.min.x as i64 + i64::from(gx);
            let py = bounds.min.y as i64 + i64::from(gy);
            if px < 0 || py < 0 || px >= i64::from(canvas.width()) || py >= i64::from(canvas.height()) {
                return;
            }
            let pixel = canvas.get_pixel_mut(px as u32, py as u32);
            let coverage = coverage.clamp(0.0, 1.0);
            pixel[0] = (f32::from(pixel[0]) * (1.0 - coverage) + f32::from(ink) * coverage).round() as u8;
        });
    }
}

/// Gaussian sensor noise of standard deviation `sigma` grey levels (Box-Muller).
fn add_noise(gray: &mut GrayImage, sigma: f32, rng: &mut impl Rng) {
    for value in gray.iter_mut() {
        let (u1, u2): (f32, f32) = (rng.random_range(f32::EPSILON..1.0), rng.random());
        let normal = (-2.0 * u1.ln()).sqrt() * (std::f32::consts::TAU * u2).cos();
        *value = (f32::from(*value) + normal * sigma).round().clamp(0.0, 255.0) as u8;
    }
}

fn png(gray: &GrayImage) -> Vec<u8> {
    let mut bytes = Vec::new();
    // Encoding an in-memory grey picture into a Vec cannot fail short of running out of memory.
    let _ = gray.write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png);
    bytes
}

fn jpeg(gray: &GrayImage, quality: u8) -> Vec<u8> {
    let mut bytes = Vec::new();
    let _ = gray.write_with_encoder(JpegEncoder::new_with_quality(&mut bytes, quality));
    bytes
}
