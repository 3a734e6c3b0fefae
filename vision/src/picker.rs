//! Finds the VIN in what a barcode or OCR returned. The check digit (position 9) is the arbiter:
//! a misread is corrected only when exactly one correction validates, and a string that does not
//! validate is returned only as a last resort, as read, when the caller knows the vehicle it
//! stands for (real VINs with a wrong check digit exist; the decoder then warns the member). A
//! wrong VIN costs more than none (the member may not notice it and quote the wrong car), so every
//! rule here errs towards returning nothing.
//!
//! VIN rules themselves (alphabet, weights, year codes) live in `coverline_domain::vin`; what is
//! here are plausibility tests for OCR output (four trailing digits, a model-year code).

use std::collections::BTreeSet;

use coverline_domain::Vin;

/// A VIN picked from text, and whether a misread had to be corrected to get it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pick {
    pub vin: String,
    pub repaired: bool,
}

/// Whether the caller knows the vehicle a VIN stands for (vPIC decodes it): the only way a VIN
/// whose check digit is wrong is returned.
pub(crate) type Known<'a> = &'a dyn Fn(&str) -> bool;

/// Characters OCR mistakes for one another in VIN fonts (DejaVu, OCR-B, the stencil of plates),
/// as `(read, what it may really be)`. I, O and Q never occur in a VIN and are always corrected.
const CONFUSIONS: &[(u8, &[u8])] = &[
    (b'0', b"D"),
    (b'D', b"0"),
    (b'1', b"LJT7"),
    (b'L', b"1"),
    (b'J', b"13"),
    (b'T', b"17"),
    (b'7', b"1T"),
    (b'5', b"S"),
    (b'S', b"5"),
    (b'8', b"B"),
    (b'B', b"8"),
    (b'2', b"Z"),
    (b'Z', b"2"),
    (b'6', b"G"),
    (b'G', b"6C"),
    (b'C', b"G"),
    (b'U', b"V"),
    (b'V', b"U"),
    (b'4', b"A"),
    (b'A', b"4"),
    (b'3', b"J"),
];

/// The VIN in a barcode's payload. Barcodes carry their own error detection, so nothing is
/// corrected: the payload holds a valid VIN (door-jamb Code 39 labels may prefix an `I`, some
/// labels add text around it) or it does not count. Failing that, a 17-character token whose
/// check digit is wrong but whose vehicle is `known`: the barcode printed what the maker stamped.
pub(crate) fn pick_barcode(payload: &str, known: Known) -> Option<String> {
    let tokens = tokens(payload);
    let unprefixed = |token: &String| -> String { token.strip_prefix('I').filter(|rest| rest.len() == 17).unwrap_or(token).to_string() };
    for token in &tokens {
        if let Some(vin) = valid(&unprefixed(token)) {
            return Some(vin);
        }
    }
    tokens
        .iter()
        .find_map(|token| glued_vin(token))
        .or_else(|| tokens.iter().find_map(|token| unchecked(&unprefixed(token)).filter(|vin| known(vin))))
}

/// The VIN in the text of one or more OCR passes over the same picture, by decreasing
/// confidence, each step over every pass before the next step:
/// 1. a 17-character token that validates, or the text after a "VIN" label (however OCR misread
///    it: "VN", "V1N"), joined with the next tokens when OCR split the VIN, that validates;
/// 2. a 19-20 character token that starts or ends with a VIN (OCR glued a word or a border
///    to it), if only one of the two validates;
/// 3. a misread corrected (a confusable character, a dropped dotted zero, a stray extra
///    character) when exactly one correction of a pass validates and no other pass found
///    corrections that exclude it;
/// 4. failing that, the one correction that two passes, misreading differently, agree on;
/// 5. failing that, the one text read as is (a 17-character token, or the text after a label)
///    whose check digit is wrong but whose vehicle is `known`.
///
/// Text read by OCR must also end in four digits, as every VIN does (ISO 3779): with one string
/// in eleven validating by chance, this keeps label text ("GAWRFR1296KGRR119") from passing.
pub(crate) fn pick_text(passes: &[&str], known: Known) -> Option<Pick> {
    let passes: Vec<Pass> = passes.iter().map(|text| Pass::new(text)).collect();
    let as_read = |vin: String| Pick { vin, repaired: false };
    let repaired = |vin: String| Pick { vin, repaired: true };
    if let Some(vin) = passes.iter().find_map(Pass::exact) {
        return Some(as_read(vin));
    }
    if let Some(vin) = passes.iter().find_map(Pass::window) {
        return Some(as_read(vin));
    }
    let corrections: Vec<BTreeSet<String>> = passes.iter().map(Pass::corrections).collect();
    // A pass's only correction stands unless another pass found corrections without it: two
    // reads that disagree mean at least one is more than one misread away.
    let uncontested: BTreeSet<&String> = corrections
        .iter()
        .filter(|set| set.len() == 1)
        .flatten()
        .filter(|vin| corrections.iter().all(|other| other.is_empty() || other.contains(*vin)))
        .collect();
    if uncontested.len() == 1 {
        return uncontested.first().map(|vin| repaired((*vin).clone()));
    }
    let mut agreed = BTreeSet::new();
    for (at, set) in corrections.iter().enumerate() {
        agreed.extend(set.iter().filter(|vin| corrections[at + 1..].iter().any(|other| other.contains(*vin))).cloned());
    }
    if agreed.len() == 1 {
        return agreed.pop_first().map(repaired);
    }
    let as_read_unchecked: BTreeSet<String> = passes.iter().flat_map(Pass::unchecked).filter(|vin| known(vin)).collect();
    match as_read_unchecked.len() {
        1 => as_read_unchecked.into_iter().next().map(as_read),
        _ => None,
    }
}

/// One OCR pass's text, cut into tokens, with what follows its "VIN" labels.
struct Pass {
    tokens: Vec<String>,
    after_labels: Vec<AfterLabel>,
}

impl Pass {
    fn new(text: &str) -> Self {
        let tokens = tokens(text);
        let after_labels = after_vin_labels(&tokens);
        Self { tokens, after_labels }
    }

    fn exact(&self) -> Option<String> {
        let after_labels = self.after_labels.iter().map(|after| &after.text);
        self.tokens.iter().chain(after_labels).find_map(|candidate| valid(candidate).filter(|vin| serial_is_numeric(vin)))
    }

    /// The texts read as is (tokens, and what follows a label unless pieced together) that are
    /// plausible VINs but for their check digit.
    fn unchecked(&self) -> Vec<String> {
        let after_labels = self.after_labels.iter().filter(|after| !after.pieced).map(|after| &after.text);
        self.tokens.iter().chain(after_labels).filter_map(|candidate| unchecked(candidate)).collect()
    }

    /// A VIN at either end of a 19-20 character unlabelled token. Not of 18 characters: one
    /// character too many is as likely inside as at an end, which [`deletions_of`] covers; nor
    /// with text cut off at both ends, which is how label lines ("GAWRFR1296KGRR1196KG") yield
    /// strings that validate by chance.
    fn window(&self) -> Option<String> {
        self.tokens.iter().filter(|token| strip_vin_label(token).is_none()).find_map(|token| glued_vin(token))
    }

    /// The corrections of the text after the "VIN" labels, or if there are none, of all tokens.
    /// Text pieced together from several tokens is taken only as read: OCR may have split the
    /// VIN, or put unrelated words after the label, and correcting those yields VINs by chance.
    fn corrections(&self) -> BTreeSet<String> {
        let correct = |candidate: &str| -> BTreeSet<String> {
            match candidate.len() {
                18 => deletions_of(candidate),
                _ => repairs_of(candidate),
            }
        };
        let labelled: BTreeSet<String> =
            self.after_labels.iter().filter(|after| !after.pieced).flat_map(|after| correct(&after.text)).collect();
        if !labelled.is_empty() {
            return labelled;
        }
        self.tokens.iter().flat_map(|token| correct(token)).collect()
    }
}

/// Upper-cased runs of letters and digits.
fn tokens(text: &str) -> Vec<String> {
    text.to_ascii_uppercase().split(|c: char| !c.is_ascii_alphanumeric()).filter(|token| !token.is_empty()).map(str::to_owned).collect()
}

/// 17 characters forming a [`Vin`] whose check digit validates.
fn valid(candidate: &str) -> Option<String> {
    (candidate.len() == 17).then(|| Vin::parse(candidate).ok()).flatten().filter(Vin::has_valid_check_digit).map(String::from)
}

/// 17 characters forming a [`Vin`] whose check digit does not validate, with a model-year code
/// and four trailing digits (the bar a correction must pass: such a text is as good as a guess).
fn unchecked(candidate: &str) -> Option<String> {
    let vin = (candidate.len() == 17).then(|| Vin::parse(candidate).ok()).flatten()?;
    (!vin.has_valid_check_digit() && vin.model_year().is_some() && serial_is_numeric(vin.as_str())).then(|| String::from(vin))
}

/// The last four characters are digits (ISO 3779 requires it of every VIN).
fn serial_is_numeric(vin: &str) -> bool {
    vin.len() == 17 && vin.as_bytes()[13..].iter().all(u8::is_ascii_digit)
}

/// The rest of a token that starts with a "VIN" label as OCR restricted to VIN characters reads
/// it: "VIN", "VN", "V1N", "VLN".
fn strip_vin_label(token: &str) -> Option<&str> {
    let rest = token.strip_prefix('V')?;
    let rest = rest.strip_prefix(['1', 'I', 'L', 'J', 'T']).unwrap_or(rest);
    rest.strip_prefix('N')
}

/// What follows a "VIN" label, and whether it had to be pieced together from several tokens.
struct AfterLabel {
    text: String,
    pieced: bool,
}

/// What follows each "VIN" label, glued to it or not, joined with up to three following tokens
/// until it is at least 16 characters long: a tilted line is often split in two.
fn after_vin_labels(tokens: &[String]) -> Vec<AfterLabel> {
    let mut found = Vec::new();
    for (at, token) in tokens.iter().enumerate() {
        let Some(rest) = strip_vin_label(token) else { continue };
        let mut text = rest.to_owned();
        let mut pieces = usize::from(!rest.is_empty());
        for next in tokens.iter().skip(at + 1).take(3) {
            if text.len() >= 16 {
                break;
            }
            text.push_str(next);
            pieces += 1;
        }
        if (16..=20).contains(&text.len()) {
            found.push(AfterLabel { text, pieced: pieces > 1 });
        }
    }
    found
}

/// The VIN at the start or the end of a 19-20 character token, if exactly one of the two is one.
fn glued_vin(token: &str) -> Option<String> {
    if !(19..=20).contains(&token.len()) {
        return None;
    }
    let ends: BTreeSet<String> =
        [0, token.len() - 17].into_iter().filter_map(|start| plausible(&token.as_bytes()[start..start + 17])).collect();
    match ends.len() {
        1 => ends.into_iter().next(),
        _ => None,
    }
}

/// Every plausible VIN one misread away from `token`: I, O, Q made 1, 0, 0 (then one more
/// confusion allowed if that alone does not validate), or a zero put back into a 16-character
/// token (DejaVu's dotted zero is dropped by OCR as noise).
fn repairs_of(token: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let normalized: Vec<u8> = token
        .bytes()
        .map(|b| match b {
            b'I' => b'1',
            b'O' | b'Q' => b'0',
            other => other,
        })
        .collect();
    match normalized.len() {
        17 => {
            if normalized != token.as_bytes() {
                found.extend(plausible(&normalized));
            }
            if found.is_empty() {
                for (at, &read) in normalized.iter().enumerate() {
                    let Some((_, alternatives)) = CONFUSIONS.iter().find(|(from, _)| *from == read) else { continue };
                    for &alternative in *alternatives {
                        let mut candidate = normalized.clone();
                        candidate[at] = alternative;
                        found.extend(plausible(&candidate));
                    }
                }
            }
        }
        16 => {
            for at in 0..=16 {
                let mut candidate = normalized.clone();
                candidate.insert(at, b'0');
                found.extend(plausible(&candidate));
            }
        }
        _ => {}
    }
    found
}

/// Every plausible VIN left when one character of an 18-character text is dropped: OCR sometimes
/// reads one wide character as two ("1" as "1L").
fn deletions_of(text: &str) -> BTreeSet<String> {
    (0..text.len())
        .filter_map(|at| {
            let mut candidate = text.as_bytes().to_vec();
            candidate.remove(at);
            plausible(&candidate)
        })
        .collect()
}

/// `candidate` as a VIN if its check digit validates, it ends in four digits, and position 10 is
/// a model-year code: a stricter bar than for a token read as is, since a correction is a guess.
fn plausible(candidate: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(candidate).ok()?;
    let vin = Vin::parse(text).ok().filter(Vin::has_valid_check_digit)?;
    (vin.model_year().is_some() && serial_is_numeric(vin.as_str())).then(|| String::from(vin))
}

#[cfg(test)]
mod tests {
    use super::*;
    use coverline_domain::vin::check_digit;

    const HONDA: &str = "1HGCM82633A004352";
    const KIA: &str = "5XYRLDLC3NG097496";

    fn pick(text: &str) -> Option<(String, bool)> {
        pick_text(&[text], &|_| false).map(|pick| (pick.vin, pick.repaired))
    }

    #[test]
    fn a_valid_token_is_taken_as_read() {
        assert_eq!(pick(&format!("MFD BY HONDA\nDATE 06/21\n{HONDA}\nGVWR 2245KG")), Some((HONDA.into(), false)));
        assert_eq!(pick(&HONDA.to_lowercase()), Some((HONDA.into(), false)));
    }

    #[test]
    fn a_glued_vin_label_is_cut_off() {
        for glued in ["VIN", "VN", "V1N", "VLN"] {
            assert_eq!(pick(&format!("{glued}{HONDA}")), Some((HONDA.into(), false)), "{glued}");
        }
        // Other text glued on.
        assert_eq!(pick(&format!("{HONDA}KG")), Some((HONDA.into(), false)));
        // One stray character: dropping it is a correction, since it could have been anywhere.
        assert_eq!(pick(&format!("{HONDA}K")), Some((HONDA.into(), true)));
        assert_eq!(pick("1C6T0UU8682Z225123"), None, "1C6T0UU868Z225123 and 1C6T0UU8682Z22512 validate");
        // A tilted line split in two after the label.
        assert_eq!(pick("VN 1HGCM82\n633A004352"), Some((HONDA.into(), false)));
    }

    #[test]
    fn label_text_that_happens_to_validate_is_not_a_vin() {
        // Both have a 17-character window that validates: "AWRFR1536KGRR1436" even ends in digits.
        assert_eq!(pick("GAWRFR1296KGRR1196KG"), None);
        assert_eq!(pick("GAWRFR1536KGRR1436KG"), None);
        assert_eq!(pick("DATE1016GVWR2512KG5526LB\nGAWRFR1296KGRR1196KG\nVN1FAN71XX2HT626661"), Some(("1FAN71XX2HT626661".into(), false)));
    }

    #[test]
    fn one_confusion_is_repaired_when_only_one_repair_validates() {
        // O for 0 cannot be a VIN character: always corrected.
        assert_eq!(pick("1HGCM82633AOO4352"), Some((HONDA.into(), true)));
        assert_eq!(pick("IHGCM82633A0O4352"), Some((HONDA.into(), true)));
        // S for 5, Z for 2, G for 6.
        assert_eq!(pick("1HGCM82633A0043S2"), Some((HONDA.into(), true)));
        assert_eq!(pick("1HGCM8Z633A004352"), Some((HONDA.into(), true)));
        assert_eq!(pick("1HGCM82G33A004352"), Some((HONDA.into(), true)));
        // The dotted zero dropped.
        assert_eq!(pick("5XYRLDLC3NG97496"), Some((KIA.into(), true)));
        assert_eq!(pick("1HGCM82633A04352"), None, "01HGCM82633A04352 validates too");
        // One character read as two, after the label.
        assert_eq!(pick("VN1HGCM82633A0043L52"), Some((HONDA.into(), true)));
    }

    #[test]
    fn an_ambiguous_repair_is_refused() {
        // D for 0: "1HGCM82633A004352" is one fix, but "1HCCM82633A0D4352" (G read as C) and
        // "1HGGM82633A0D4352" validate too. Nothing is better than a coin toss.
        assert_eq!(repairs_of("1HGCM82633A0D4352").len(), 3);
        assert_eq!(pick("1HGCM82633A0D4352"), None);
        assert_eq!(pick("LHGCM82633A004352"), None, "L for 1 or A for 4");
    }

    #[test]
    fn two_passes_that_misread_differently_agree_on_the_correction() {
        let (first, second) = ("1HGCM82633A0D4352", "LHGCM82633A004352");
        assert_eq!(pick(first), None);
        assert_eq!(pick(second), None);
        assert_eq!(pick_text(&[first, second], &|_| false), Some(Pick { vin: HONDA.into(), repaired: true }));
    }

    #[test]
    fn a_correction_another_pass_contradicts_is_dropped() {
        // Each alone has one correction; they are different VINs.
        let (first, second) = ("1HGCM8Z633A004352", "5XYRLDLC3NG97496");
        assert_eq!(pick(first).map(|(vin, _)| vin), Some(HONDA.into()));
        assert_eq!(pick(second).map(|(vin, _)| vin), Some(KIA.into()));
        assert_eq!(pick_text(&[first, second], &|_| false), None);
        // A pass with nothing to correct does not contradict.
        assert_eq!(pick_text(&[first, "GVWR2245KG"], &|_| false).map(|pick| pick.vin), Some(HONDA.into()));
        // A pass that reads the VIN as is settles it.
        assert_eq!(pick_text(&[first, HONDA], &|_| false), Some(Pick { vin: HONDA.into(), repaired: false }));
    }

    #[test]
    fn a_labelled_text_one_too_long_is_not_cut_at_an_end() {
        // OCR read "5" as "S5"; dropping the "J" instead also validates: refused, not guessed.
        assert_eq!(pick("VNJTDS5SHBX69F182743"), None);
        assert_eq!(
            pick_text(&["VNJTDS5SHBX69F182743", "VN JTD5SHBX69F182743"], &|_| false).map(|pick| pick.vin),
            Some("JTD5SHBX69F182743".into())
        );
    }

    #[test]
    fn an_invalid_check_digit_is_never_returned() {
        // Every single-character change of a valid VIN, alone: whatever comes back validates.
        for at in 0..17 {
            for replacement in b"0123456789ABCDEFGHJKLMNPRSTUVWXYZ" {
                let mut text = HONDA.as_bytes().to_vec();
                text[at] = *replacement;
                let text = String::from_utf8(text).expect("ascii");
                if let Some((vin, _)) = pick(&text) {
                    assert_eq!(check_digit(vin.as_bytes()), vin.as_bytes()[8], "{text} gave {vin}");
                }
            }
        }
        assert_eq!(pick("1HGCM82643A004352 GVWR 2245KG"), None, "wrong check digit, no confusable fix");
        assert_eq!(pick(""), None);
    }

    /// A real VIN whose check digit is wrong (1HGCM82643A004352: the Honda's 9th character changed).
    const WRONG_DIGIT: &str = "1HGCM82643A004352";

    #[test]
    fn a_wrong_check_digit_is_returned_as_read_only_when_the_vehicle_is_known() {
        let known = |vin: &str| vin == WRONG_DIGIT;
        assert_eq!(pick_text(&[&format!("GVWR 2245KG\n{WRONG_DIGIT}")], &known), Some(Pick { vin: WRONG_DIGIT.into(), repaired: false }));
        assert_eq!(pick_text(&[WRONG_DIGIT], &|_| false), None, "not known: nothing");
        assert_eq!(pick_barcode(&format!("I{WRONG_DIGIT}"), &known), Some(WRONG_DIGIT.into()));
        assert_eq!(pick_barcode(WRONG_DIGIT, &|_| false), None);
        // A valid VIN anywhere in the passes still wins over it.
        assert_eq!(pick_text(&[WRONG_DIGIT, HONDA], &known).map(|pick| pick.vin), Some(HONDA.into()));
        assert_eq!(pick_barcode(&format!("{WRONG_DIGIT} {HONDA}"), &known), Some(HONDA.into()));
        // Two different known reads are a disagreement: nothing.
        let other = "1HGCM82653A004352";
        assert_eq!(pick_text(&[WRONG_DIGIT, other], &|vin| vin == WRONG_DIGIT || vin == other), None);
        // Text pieced together after a label is never taken unchecked.
        assert_eq!(pick_text(&["VIN 1HGCM826 43A004352"], &known), None);
    }

    #[test]
    fn barcode_payloads_are_not_corrected_and_lose_a_leading_i() {
        assert_eq!(pick_barcode(&format!("I{HONDA}"), &|_| false), Some(HONDA.into()));
        assert_eq!(pick_barcode(&format!("VIN: {HONDA}"), &|_| false), Some(HONDA.into()));
        assert_eq!(pick_barcode("1HGCM82633A0O4352", &|_| false), None);
        assert_eq!(pick_barcode("https://example.com/", &|_| false), None);
    }

    #[test]
    fn two_different_valid_vins_give_the_first() {
        assert_eq!(pick(&format!("{HONDA} {KIA}")), Some((HONDA.into(), false)));
        assert_eq!(pick(&format!("{KIA} {HONDA}")), Some((KIA.into(), false)));
    }
}
