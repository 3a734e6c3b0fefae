//! The VIN in printed text, read by the tesseract CLI.
//!
//! The CLI rather than a binding (leptess): no libtesseract headers, clang or bindgen in the
//! build, and a crash or a hang in the engine stays in a child process we can kill. Process start
//! and model load cost about 0.1 s per pass, acceptable for a photo a member takes once.

use std::ffi::OsStr;
use std::io::{Cursor, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use image::imageops::{self, FilterType};
use image::{GrayImage, ImageFormat};

use crate::geometry::binarize;
use crate::picker::{Known, Pick, pick_text};
use crate::{PhotoError, Source, VinReading};

/// Environment variable naming the tesseract executable; unset, `tesseract` is looked up on
/// `PATH` (Debian's `tesseract-ocr` package puts it in /usr/bin).
pub const TESSERACT_ENV: &str = "COVERLINE_TESSERACT";

/// How long one tesseract pass may run before it is killed: a normal pass takes well under a
/// second, so this only catches a stuck engine.
pub const TESSERACT_TIMEOUT: Duration = Duration::from_secs(15);

/// Sparse text (`--psm 11`): a label is scattered words, not a page of paragraphs. The
/// whitelist is the VIN alphabet, so tesseract never reads an O where the VIN can only hold a 0.
const ARGS: [&str; 6] = ["stdin", "stdout", "--psm", "11", "-c", "tessedit_char_whitelist=ABCDEFGHJKLMNPRSTUVWXYZ0123456789"];

/// A picture whose longest side is under this is enlarged for the second pass: tesseract reads
/// characters best when they are 20-40 px tall.
const SMALL_SIDE: u32 = 1000;

/// OCR of the working picture, then, unless that read a valid VIN as is, of a black-and-white (and
/// for a small picture, enlarged) copy; a `known` VIN with a wrong check digit only from both.
pub(crate) fn read(gray: &GrayImage, known: Known) -> Result<VinReading, PhotoError> {
    let reading = |pick: Pick| VinReading { vin: pick.vin, source: Source::Text, repaired: pick.repaired };
    let first = tesseract(gray)?;
    if let Some(pick) = pick_text(&[&first], &|_| false).filter(|pick| !pick.repaired) {
        return Ok(reading(pick));
    }
    // A second, differently prepared read: it may read the VIN as is, it settles what the first
    // left ambiguous when both agree on one correction, and it vetoes a correction of the first
    // it contradicts (a misread can be two characters away and still correct to a valid VIN).
    let second = tesseract(&second_look(gray))?;
    pick_text(&[&first, &second], known).map(reading).ok_or(PhotoError::NoVin)
}

fn second_look(gray: &GrayImage) -> GrayImage {
    let (width, height) = gray.dimensions();
    let binary = binarize(gray);
    if width.max(height) >= SMALL_SIDE {
        return binary;
    }
    let enlarged = imageops::resize(gray, width * 2, height * 2, FilterType::CatmullRom);
    binarize(&enlarged)
}

/// Runs one tesseract pass with the picture as a PNG on its standard input, and returns what it
/// printed.
fn tesseract(gray: &GrayImage) -> Result<String, PhotoError> {
    let program = std::env::var_os(TESSERACT_ENV).unwrap_or_else(|| "tesseract".into());
    tesseract_at(&program, gray)
}

fn tesseract_at(program: &OsStr, gray: &GrayImage) -> Result<String, PhotoError> {
    let mut png = Vec::new();
    gray.write_to(&mut Cursor::new(&mut png), ImageFormat::Png)
        .map_err(|e| PhotoError::Ocr(format!("encoding the picture for tesseract: {e}")))?;
    let mut child = Command::new(program)
        .args(ARGS)
        // One thread per process: the API runs several reads at once, and OpenMP threads
        // competing for the same cores make each read slower, not faster.
        .env("OMP_THREAD_LIMIT", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => PhotoError::Ocr(format!(
                "{} not found: install tesseract-ocr and tesseract-ocr-eng, or set {TESSERACT_ENV}",
                program.to_string_lossy()
            )),
            _ => PhotoError::Ocr(format!("starting {}: {e}", program.to_string_lossy())),
        })?;

    // Feed and drain on their own threads, so a full pipe on either side cannot block the wait.
    let stdin = child.stdin.take();
    let feeder = thread::spawn(move || {
        if let Some(mut stdin) = stdin {
            // A write error means tesseract exited early; its status says why.
            let _ = stdin.write_all(&png);
        }
    });
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());

    let status = wait_or_kill(&mut child, TESSERACT_TIMEOUT);
    let _ = feeder.join();
    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default();
    let status = status?;
    if !status.success() {
        let detail = String::from_utf8_lossy(&stderr);
        let detail = detail.trim().lines().last().unwrap_or("no message");
        return Err(PhotoError::Ocr(format!("tesseract exited with {status}: {detail}")));
    }
    Ok(String::from_utf8_lossy(&stdout).into_owned())
}

fn drain(pipe: Option<impl Read + Send + 'static>) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    })
}

fn wait_or_kill(child: &mut Child, timeout: Duration) -> Result<ExitStatus, PhotoError> {
    let deadline = Instant::now() + timeout;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ok(status),
            Ok(None) if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(PhotoError::Ocr(format!("tesseract took over {} s and was stopped", timeout.as_secs())));
            }
            Ok(None) => thread::sleep(Duration::from_millis(10)),
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(PhotoError::Ocr(format!("waiting for tesseract: {e}")));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_binary_is_a_clear_ocr_error() {
        match tesseract_at(OsStr::new("/nonexistent/tesseract"), &GrayImage::new(8, 8)) {
            Err(PhotoError::Ocr(message)) => assert!(message.contains("not found"), "{message}"),
            other => panic!("expected an OCR error, got {other:?}"),
        }
    }

    #[test]
    fn a_stuck_engine_is_killed_at_the_deadline() {
        let Ok(mut child) = Command::new("sleep").arg("30").spawn() else { return };
        let start = Instant::now();
        let result = wait_or_kill(&mut child, Duration::from_millis(200));
        assert!(matches!(result, Err(PhotoError::Ocr(_))));
        assert!(start.elapsed() < Duration::from_secs(5));
    }
}
