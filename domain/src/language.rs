//! The languages a member reads Coverline in, and their message catalogues
//! (`domain/texts/<code>.json`, ICU MessageFormat, the same keys in each).
//!
//! An institution turns languages on in its TOML (`applicationSettings.languages`,
//! `defaultLanguage`); a member's page is in their choice (a cookie on the device), else the first
//! of their browser's `Accept-Language` the institution offers, else the institution's default.

use serde::{Deserialize, Serialize};

/// A language of the product: its catalogue is `domain/texts/{code}.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// English (en-US): the spec's texts, letter for letter.
    En,
    /// Spanish (es-US), addressing the member as usted.
    Es,
}

impl Language {
    /// Every language with a catalogue.
    pub const ALL: [Language; 2] = [Language::En, Language::Es];

    /// The catalogue's code (`en`, `es`): the cookie's value, the TOML's and the API's.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Es => "es",
        }
    }

    /// The BCP 47 tag of the page (`<html lang>`), the emails and the formats (dates, money).
    pub fn tag(self) -> &'static str {
        match self {
            Language::En => "en-US",
            Language::Es => "es-US",
        }
    }

    /// The language of a code (`es`) or a tag (`es-US`, `ES-mx`): its primary subtag.
    pub fn parse(code: &str) -> Option<Language> {
        let primary = code.split(['-', '_']).next().unwrap_or_default();
        Language::ALL.into_iter().find(|l| l.code().eq_ignore_ascii_case(primary.trim()))
    }

    /// The catalogue as the page carries it: compact JSON without its `$comment`.
    pub fn catalogue_json(self) -> &'static str {
        match self {
            Language::En => include_str!(concat!(env!("OUT_DIR"), "/texts-en.json")),
            Language::Es => include_str!(concat!(env!("OUT_DIR"), "/texts-es.json")),
        }
    }

    /// The first language of an `Accept-Language` header (RFC 9110 §12.5.4: by weight, then order)
    /// among `offered`; `None` when the header names none of them (`*` names none: the
    /// institution's default applies).
    pub fn negotiate(accept_language: &str, offered: &[Language]) -> Option<Language> {
        let mut ranges: Vec<(u16, usize, Language)> = accept_language
            .split(',')
            .enumerate()
            .filter_map(|(order, range)| {
                let mut parts = range.split(';');
                let language = Language::parse(parts.next()?.trim())?;
                let weight = parts.filter_map(|p| p.trim().strip_prefix("q=")).next().map_or(Some(1000), |q| {
                    q.trim().parse::<f32>().ok().filter(|q| (0.0..=1.0).contains(q)).map(|q| (q * 1000.0) as u16)
                })?;
                (weight > 0 && offered.contains(&language)).then_some((weight, order, language))
            })
            .collect();
        ranges.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        ranges.first().map(|(_, _, language)| *language)
    }
}

mod table {
    include!(concat!(env!("OUT_DIR"), "/texts_table.rs"));
}

impl Language {
    /// The text of `key` (`titles.coverage`) in this language. Every catalogue has every key (the
    /// build checks), so a missing key is a typo in the caller: it answers "".
    pub fn text(self, key: &str) -> &'static str {
        let language = Language::ALL.iter().position(|l| *l == self).unwrap_or(0);
        table::KEYS.binary_search(&key).map_or("", |i| table::TEXTS[language][i])
    }
}

/// The server's English messages read back to their keys, gettext-style (the English text is the
/// message's id): the exact texts, and the messages with `{values}` as patterns, the most specific
/// (the longest fixed text) first. Only `fieldErrors.*` and `messages.*`: what an API error says.
struct MessageIndex {
    exact: std::collections::HashMap<&'static str, usize>,
    patterns: Vec<(Vec<Piece>, usize)>,
}

/// A part of a message with values: fixed text, or a value's name.
enum Piece {
    Text(&'static str),
    Value(&'static str),
}

static MESSAGES: std::sync::LazyLock<MessageIndex> = std::sync::LazyLock::new(|| {
    let mut index = MessageIndex { exact: std::collections::HashMap::new(), patterns: Vec::new() };
    for (i, key) in table::KEYS.iter().enumerate() {
        if !(key.starts_with("fieldErrors.") || key.starts_with("messages.")) {
            continue;
        }
        let english = table::TEXTS[0][i];
        match pieces(english) {
            None => drop(index.exact.insert(english, i)),
            Some(pieces) if pieces.iter().any(|p| matches!(p, Piece::Text(_))) => index.patterns.push((pieces, i)),
            Some(_) => {}
        }
    }
    let fixed = |pieces: &[Piece]| pieces.iter().map(|p| if let Piece::Text(t) = p { t.len() } else { 0 }).sum::<usize>();
    index.patterns.sort_by_key(|(pieces, _)| std::cmp::Reverse(fixed(pieces)));
    index
});

/// A message's pieces when it fills in simple `{values}` (None: no values; a plural or a select is
/// not read back either).
fn pieces(message: &'static str) -> Option<Vec<Piece>> {
    if !message.contains('{') {
        return None;
    }
    let mut out = Vec::new();
    let mut rest = message;
    while let Some(open) = rest.find('{') {
        let close = open + rest[open..].find('}')?;
        let name = &rest[open + 1..close];
        if !name.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Some(Vec::new());
        }
        if open > 0 {
            out.push(Piece::Text(&rest[..open]));
        }
        out.push(Piece::Value(name));
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest));
    }
    Some(out)
}

/// The values `text` fills into `pieces`, if it is that message (each value non-empty).
fn matched<'t>(pieces: &[Piece], text: &'t str) -> Option<Vec<(&'static str, &'t str)>> {
    match pieces {
        [] => text.is_empty().then(Vec::new),
        [Piece::Text(fixed), rest @ ..] => matched(rest, text.strip_prefix(fixed)?),
        [Piece::Value(name)] => (!text.is_empty()).then(|| vec![(*name, text)]),
        [Piece::Value(name), Piece::Text(fixed), rest @ ..] => {
            // Each place the fixed text follows, the shortest value first.
            text.match_indices(fixed).filter(|(at, _)| *at > 0).find_map(|(at, _)| {
                let mut values = matched(rest, &text[at + fixed.len()..])?;
                values.insert(0, (*name, &text[..at]));
                Some(values)
            })
        }
        [Piece::Value(_), Piece::Value(_), ..] => None,
    }
}

impl Language {
    /// An English message of the server (an API error's `message`) in this language: its key found
    /// by its text, and the values it filled in read back and translated in turn (`2 hours`); None
    /// for a text the catalogues do not have.
    pub fn translate(self, english: &str) -> Option<String> {
        let language = Language::ALL.iter().position(|l| *l == self).unwrap_or(0);
        if let Some(&i) = MESSAGES.exact.get(english) {
            return Some(table::TEXTS[language][i].to_owned());
        }
        MESSAGES.patterns.iter().find_map(|(pieces, i)| {
            let values = matched(pieces, english)?;
            let values: Vec<(&str, String)> =
                values.into_iter().map(|(name, value)| (name, self.translate(value).unwrap_or_else(|| value.to_owned()))).collect();
            let values: Vec<(&str, &str)> = values.iter().map(|(name, value)| (*name, value.as_str())).collect();
            Some(self.fill(table::KEYS[*i], &values))
        })
    }
}

/// A value a catalogue message fills in: a text, a number (plurals), or a date (`DateTimeValue`).
pub use formatjs_icu_messageformat::{DateTimeValue, Value as MessageValue};

impl Language {
    /// The message of `key` in this language with `values` filled in (ICU MessageFormat, FormatJS's
    /// Rust runtime, ICU4X's plural rules and dates: `26 de noviembre de 2026`). A message that does
    /// not format (an argument missing) is logged by the caller's test, not hidden: it answers the
    /// message as written.
    pub fn format(self, key: &str, values: &[(&str, MessageValue)]) -> String {
        let message = self.text(key);
        let values: formatjs_icu_messageformat::Values = values.iter().map(|(name, value)| ((*name).to_owned(), value.clone())).collect();
        formatjs_icu_messageformat::IcuMessageFormat::try_new(message)
            .and_then(|format| format.format_to_string(self.tag(), &values))
            .unwrap_or_else(|_| message.to_owned())
    }
}

impl Language {
    /// A date as a sentence reads it: `November 24th, 2031` in English (the spec's pages write
    /// ordinals), `24 de noviembre de 2031` in Spanish (CLDR's long date for the language's tag).
    pub fn long_date(self, date: time::Date) -> String {
        match self {
            Language::En => crate::quote::format_long_date(date),
            Language::Es => {
                // Noon UTC: the day is the same wherever the formatter's clock is.
                let noon = date.midnight().assume_utc().unix_timestamp() * 1000 + 43_200_000;
                let values = [("date".to_owned(), MessageValue::DateTime(DateTimeValue::from_unix_millis(noon)))].into_iter().collect();
                formatjs_icu_messageformat::IcuMessageFormat::try_new("{date, date, long}")
                    .and_then(|format| format.format_to_string(self.tag(), &values))
                    .unwrap_or_else(|_| date.to_string())
            }
        }
    }

    /// [`Language::long_date`] of a UTC unix time (empty when out of range).
    pub fn long_date_at(self, at: i64) -> String {
        time::OffsetDateTime::from_unix_timestamp(at).map(|t| self.long_date(t.date())).unwrap_or_default()
    }
}

impl Language {
    /// [`Language::format`] with text values: `fill("emails.code.subject", &[("code", "123456")])`.
    pub fn fill(self, key: &str, values: &[(&str, &str)]) -> String {
        let values: Vec<(&str, MessageValue)> =
            values.iter().map(|(name, value)| (*name, MessageValue::String((*value).to_owned()))).collect();
        self.format(key, &values)
    }
}

impl Language {
    /// Every text under `group` (`contract`), by its key within the group (`summary.title`): what
    /// a document written from one group (the contract PDF) carries.
    pub fn group(self, group: &str) -> std::collections::BTreeMap<&'static str, &'static str> {
        let language = Language::ALL.iter().position(|l| *l == self).unwrap_or(0);
        let prefix = format!("{group}.");
        table::KEYS
            .iter()
            .zip(table::TEXTS[language].iter())
            .filter_map(|(key, text)| key.strip_prefix(prefix.as_str()).map(|key| (key, *text)))
            .collect()
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_tags_parse() {
        assert_eq!(Language::parse("es"), Some(Language::Es));
        assert_eq!(Language::parse("ES-mx"), Some(Language::Es));
        assert_eq!(Language::parse("en_US"), Some(Language::En));
        assert_eq!(Language::parse("fr"), None);
        assert_eq!(Language::parse(""), None);
    }

    #[test]
    fn accept_language_picks_the_heaviest_offered_language() {
        let both = [Language::En, Language::Es];
        assert_eq!(Language::negotiate("es-US,es;q=0.9,en;q=0.8", &both), Some(Language::Es));
        assert_eq!(Language::negotiate("fr-CA, en;q=0.5, es;q=0.7", &both), Some(Language::Es));
        assert_eq!(Language::negotiate("en, es", &both), Some(Language::En), "equal weights: the first");
        assert_eq!(Language::negotiate("es;q=0, en;q=0.1", &both), Some(Language::En), "q=0 refuses");
        assert_eq!(Language::negotiate("es", &[Language::En]), None, "not offered");
        assert_eq!(Language::negotiate("*", &both), None);
        assert_eq!(Language::negotiate("es;q=2, garbage;;;", &both), None, "a malformed weight is ignored");
    }

    #[test]
    fn messages_format_plurals_and_dates_in_their_language() {
        let english = "{years, plural, one {# year} other {# years}} from {start, date, long}";
        let spanish = "{years, plural, one {# año} other {# años}} desde el {start, date, long}";
        let format = |language: Language, message: &str, years: i64| {
            let values = [
                ("years".to_owned(), MessageValue::Integer(years)),
                ("start".to_owned(), MessageValue::DateTime(DateTimeValue::from_unix_millis(1_795_694_400_000))),
            ];
            formatjs_icu_messageformat::IcuMessageFormat::try_new(message)
                .unwrap()
                .format_to_string(language.tag(), &values.into_iter().collect())
                .unwrap()
        };
        assert_eq!(format(Language::En, english, 1), "1 year from November 26, 2026");
        assert_eq!(format(Language::Es, spanish, 2), "2 años desde el 26 de noviembre de 2026");
        // A catalogue message by key, its value filled in.
        let member = Language::Es.format("fieldErrors.memberQuestion", &[("institution", MessageValue::String("Summit".into()))]);
        assert_eq!(member, "Indique si es socio de Summit");
    }

    #[test]
    fn server_messages_read_back_in_another_language() {
        use crate::product::{fill, messages};
        // Exact, and with values, and a value a message itself (a duration).
        assert_eq!(Language::Es.translate(messages::PURCHASE_CLOSED).as_deref(), Some(Language::Es.text("messages.purchaseClosed")));
        let refunded = fill(messages::SECOND_CHARGE_REFUNDED, &[("amount", "$1,283")]);
        assert_eq!(
            Language::Es.translate(&refunded).as_deref(),
            Some("Este contrato ya estaba pagado, así que este segundo cargo de $1,283 se está reembolsando a su tarjeta.")
        );
        let hours = fill(messages::HOURS, &[("count", "2")]);
        let voided = Language::Es.translate(&fill(messages::VOIDED_UNPAID_WITHIN, &[("deadline", &hours)])).unwrap();
        assert!(voided.contains("en un plazo de 2 horas desde la reserva"), "{voided}");
        // English reads back as itself; a text no catalogue has is left to the caller.
        assert_eq!(Language::En.translate(&refunded), Some(refunded));
        assert_eq!(Language::Es.translate("A staff console's own words."), None);
    }

    #[test]
    fn long_dates_read_in_their_language() {
        let date = time::macros::date!(2031 - 11 - 01);
        assert_eq!(Language::En.long_date(date), "November 1st, 2031");
        assert_eq!(Language::Es.long_date(date), "1 de noviembre de 2031");
        assert_eq!(Language::Es.long_date(time::macros::date!(2026 - 12 - 31)), "31 de diciembre de 2026");
        assert_eq!(Language::Es.long_date_at(1_795_694_400), "26 de noviembre de 2026");
    }

    #[test]
    fn every_catalogue_is_embedded_without_its_comment() {
        for language in Language::ALL {
            let catalogue: serde_json::Value = serde_json::from_str(language.catalogue_json()).unwrap();
            assert!(catalogue.get("$comment").is_none());
            assert!(catalogue["fieldErrors"]["required"].is_string(), "{language}");
        }
        assert_eq!(Language::En.text("titles.coverage"), crate::product::titles::COVERAGE);
        assert_ne!(Language::Es.text("titles.coverage"), Language::En.text("titles.coverage"));
        assert_eq!(Language::Es.text("no.such.key"), "");
    }
}
