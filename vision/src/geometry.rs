//! Pixel operations the readers (and the corpus) need that `image` does not have: rotation by any
//! angle and a global threshold. Small enough to own rather than pull imageproc and nalgebra
//! into the API server's build.

use image::{GrayImage, Luma};

/// `gray` rotated by `degrees` (counter-clockwise on screen) about its centre, on a canvas grown
/// to hold the whole rotated picture, the new corners filled with `fill`. Bilinear, so thin bars
/// keep their edges.
pub(crate) fn rotate(gray: &GrayImage, degrees: f32, fill: u8) -> GrayImage {
    let (width, height) = gray.dimensions();
    if width == 0 || height == 0 {
        return gray.clone();
    }
    let (sin, cos) = degrees.to_radians().sin_cos();
    let (w, h) = (width as f32, height as f32);
    // The small slack keeps float noise (cos 90° is not quite 0) from adding a pixel.
    let out_w = (w * cos.abs() + h * sin.abs() - 0.01).ceil().max(1.0) as u32;
    let out_h = (w * sin.abs() + h * cos.abs() - 0.01).ceil().max(1.0) as u32;
    let (cx, cy) = (w / 2.0, h / 2.0);
    let (ox, oy) = (out_w as f32 / 2.0, out_h as f32 / 2.0);
    let src = gray.as_raw();
    let stride = width as usize;
    let sample = |x: i64, y: i64| -> f32 {
        if x < 0 || y < 0 || x >= i64::from(width) || y >= i64::from(height) {
            f32::from(fill)
        } else {
            f32::from(src[y as usize * stride + x as usize])
        }
    };
    let mut out = GrayImage::new(out_w, out_h);
    for (x, y, pixel) in out.enumerate_pixels_mut() {
        // Inverse mapping: where in the source does this output pixel come from? With y pointing
        // down, a counter-clockwise turn on screen is the matrix [cos sin; -sin cos].
        let dx = x as f32 + 0.5 - ox;
        let dy = y as f32 + 0.5 - oy;
        let sx = cos * dx - sin * dy + cx - 0.5;
        let sy = sin * dx + cos * dy + cy - 0.5;
        let (x0, y0) = (sx.floor(), sy.floor());
        let (fx, fy) = (sx - x0, sy - y0);
        let (x0, y0) = (x0 as i64, y0 as i64);
        let top = sample(x0, y0) * (1.0 - fx) + sample(x0 + 1, y0) * fx;
        let bottom = sample(x0, y0 + 1) * (1.0 - fx) + sample(x0 + 1, y0 + 1) * fx;
        *pixel = Luma([(top * (1.0 - fy) + bottom * fy).round().clamp(0.0, 255.0) as u8]);
    }
    out
}

/// The rotation (degrees, counter-clockwise, within ±45) that squares the picture's dominant
/// straight edges with the axes: the bars of a barcode, the strokes and lines of printed text.
/// rxing's 1D readers need bars upright to within a few degrees, less for a blurred barcode.
/// `None` for a picture without enough edges to tell.
///
/// Two steps: the peak of a histogram of edge directions (cheap, but a pixel's gradient direction
/// is biased on an aliased edge), then the angle within ±4° of it at which the edge pixels'
/// projections on the two axes are most concentrated (bars and strokes line up).
pub(crate) fn squaring_rotation(gray: &GrayImage) -> Option<f32> {
    const BINS_PER_DEGREE: f32 = 2.0;
    const BINS: usize = 180;
    /// Edge pixels kept for the refinement: enough for a sharp projection, few enough to be fast.
    const MAX_POINTS: usize = 60_000;
    let (width, height) = gray.dimensions();
    if width < 3 || height < 3 {
        return None;
    }
    let stride = width as usize;
    let pixels = gray.as_raw();
    let at = |x: usize, y: usize| i32::from(pixels[y * stride + x]);
    let mut histogram = [0f64; BINS];
    let mut points: Vec<(f32, f32)> = Vec::new();
    for y in 1..height as usize - 1 {
        for x in 1..width as usize - 1 {
            // Scharr: closer to rotation-invariant than Sobel.
            let gx = 3 * (at(x + 1, y - 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - at(x - 1, y + 1)) + 10 * (at(x + 1, y) - at(x - 1, y));
            let gy = 3 * (at(x - 1, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - at(x + 1, y - 1)) + 10 * (at(x, y + 1) - at(x, y - 1));
            let strength = gx * gx + gy * gy;
            // Only clear edges vote: flat paper and sensor noise carry no direction.
            if strength < 800 * 800 {
                continue;
            }
            // Folded to 0-90°: an edge and the one at right angles to it (a letter's stem and
            // its bar) agree on the tilt.
            let direction = (gy as f32).atan2(gx as f32).to_degrees().rem_euclid(90.0);
            histogram[(direction * BINS_PER_DEGREE) as usize % BINS] += f64::from(strength).sqrt();
            points.push((x as f32, y as f32));
        }
    }
    if points.len() < 50 {
        return None;
    }
    // A 1.5° window, wrapping around (89.5° is next to 0°).
    let smoothed = |bin: usize| -> f64 { (0..3).map(|k| histogram[(bin + BINS + k - 1) % BINS]).sum() };
    let peak = (0..BINS).max_by(|&a, &b| smoothed(a).total_cmp(&smoothed(b)))?;
    let direction = (peak as f32 + 0.5) / BINS_PER_DEGREE;
    // An edge whose gradient points at `direction` is squared by turning it that much back.
    let coarse = if direction > 45.0 { direction - 90.0 } else { direction };

    let step = points.len().div_ceil(MAX_POINTS);
    let sample: Vec<(f32, f32)> = points.into_iter().step_by(step).collect();
    let diagonal = (width as f32).hypot(height as f32).ceil() as usize;
    let last = 2 * diagonal + 1;
    let mut along = vec![0u32; last + 1];
    let mut across = vec![0u32; last + 1];
    let concentration = |degrees: f32, along: &mut [u32], across: &mut [u32]| -> u64 {
        along.fill(0);
        across.fill(0);
        let (sin, cos) = degrees.to_radians().sin_cos();
        for &(x, y) in &sample {
            // Where `rotate` by `degrees` puts this pixel, relative to the centre-free origin.
            let u = x * cos + y * sin + diagonal as f32;
            let v = -x * sin + y * cos + diagonal as f32;
            along[(u.max(0.0) as usize).min(last)] += 1;
            across[(v.max(0.0) as usize).min(last)] += 1;
        }
        along.iter().chain(across.iter()).map(|&n| u64::from(n) * u64::from(n)).sum()
    };
    let mut best = (coarse, concentration(coarse, &mut along, &mut across));
    for tenth in (-40..=40).step_by(5) {
        let candidate = coarse + tenth as f32 / 10.0;
        let score = concentration(candidate, &mut along, &mut across);
        if score > best.1 {
            best = (candidate, score);
        }
    }
    Some(best.0)
}

/// Black and white by Otsu's threshold: the level that best splits the histogram in two. Helps
/// tesseract on a grey, low-contrast photo whose first read found nothing.
pub(crate) fn binarize(gray: &GrayImage) -> GrayImage {
    let mut histogram = [0u64; 256];
    for &value in gray.as_raw() {
        histogram[usize::from(value)] += 1;
    }
    let total: u64 = histogram.iter().sum();
    let sum_all: f64 = histogram.iter().enumerate().map(|(level, &n)| level as f64 * n as f64).sum();
    let (mut weight_below, mut sum_below) = (0u64, 0f64);
    let (mut best_level, mut best_variance) = (128u8, -1f64);
    for (level, &n) in histogram.iter().enumerate() {
        weight_below += n;
        if weight_below == 0 {
            continue;
        }
        let weight_above = total - weight_below;
        if weight_above == 0 {
            break;
        }
        sum_below += level as f64 * n as f64;
        let mean_below = sum_below / weight_below as f64;
        let mean_above = (sum_all - sum_below) / weight_above as f64;
        let variance = weight_below as f64 * weight_above as f64 * (mean_below - mean_above).powi(2);
        if variance > best_variance {
            best_variance = variance;
            best_level = level as u8;
        }
    }
    let mut out = gray.clone();
    for value in out.iter_mut() {
        *value = if *value > best_level { 255 } else { 0 };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quarter_turn_swaps_the_sides_and_keeps_the_pixels() {
        let mut gray = GrayImage::from_pixel(40, 20, Luma([255]));
        gray.put_pixel(0, 0, Luma([0]));
        let turned = rotate(&gray, 90.0, 255);
        assert_eq!(turned.dimensions(), (20, 40));
        // Counter-clockwise: the top-left corner goes to the bottom-left.
        assert!(turned.get_pixel(0, 39)[0] < 128);
        assert_eq!(rotate(&gray, 0.0, 255), gray);
    }

    #[test]
    fn the_tilt_of_bars_is_measured_to_half_a_degree() {
        let mut bars = GrayImage::from_pixel(400, 200, Luma([255]));
        for (x, _, pixel) in bars.enumerate_pixels_mut() {
            if (x / 6) % 2 == 0 && (40..360).contains(&x) {
                *pixel = Luma([0]);
            }
        }
        assert!(squaring_rotation(&bars).is_some_and(|d| d.abs() < 0.6));
        for tilt in [-20.0f32, -7.0, 3.0, 12.0, 33.0] {
            let tilted = rotate(&bars, tilt, 255);
            let measured = squaring_rotation(&tilted).expect("edges");
            assert!((measured + tilt).abs() <= 0.6, "tilt {tilt}: measured {measured}");
        }
        assert_eq!(squaring_rotation(&GrayImage::from_pixel(50, 50, Luma([128]))), None);
    }

    #[test]
    fn otsu_splits_two_levels() {
        let mut gray = GrayImage::from_pixel(10, 10, Luma([180]));
        for x in 0..10 {
            gray.put_pixel(x, 0, Luma([60]));
        }
        let binary = binarize(&gray);
        assert_eq!(binary.get_pixel(0, 0)[0], 0);
        assert_eq!(binary.get_pixel(0, 5)[0], 255);
    }
}
