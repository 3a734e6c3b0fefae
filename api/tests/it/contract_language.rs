//! The contract PDF and the sample contract in the member's language (issue 31): a Spanish member
//! reads both in Spanish (texts, dates, the state's rules), with a notice that the provider's
//! filed texts exist only in English; `?language=en` gives the English version of each.

use crate::support::{Db, Options, TestApp, bilingual_institution, buy, on_both_databases, pdf_text, ready_to_book_at, spawn_app};
use coverline_domain::Language;
use coverline_domain::quote::coverage_expiration_date;

/// A text of the catalogue's `contract` group as pdftotext reads it back (whitespace squashed).
fn contract_text(language: Language, key: &str) -> String {
    language.text(&format!("contract.{key}")).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What every contract in `language` says, and what one in the other language would.
fn assert_reads(text: &str, language: Language, expires: time::Date, what: &str) {
    let other = if language == Language::Es { Language::En } else { Language::Es };
    for key in ["summary.title", "terms.title", "acknowledgement.title", "price.oneTime"] {
        assert!(text.contains(&contract_text(language, key)), "{what}: {key} in {language}: {text}");
        assert!(!text.contains(&contract_text(other, key)), "{what}: {key} in {other}: {text}");
    }
    assert!(text.contains(&language.long_date(expires)), "{what}: the expiry as {language} writes it: {text}");
    // The state's rules (CO) in the language, from the same catalogue as the emails'.
    let rules = if language == Language::Es { "Usted puede cancelar en cualquier momento" } else { "You may cancel at any time" };
    assert!(text.contains(rules), "{what}: the state's rules in {language}: {text}");
    // Only a contract in another language than English says its filed texts are English only.
    assert_eq!(text.contains(&contract_text(Language::Es, "englishOnly.text")), language == Language::Es, "{what}: {text}");
    assert!(!text.contains(&contract_text(Language::En, "englishOnly.text")), "{what}: {text}");
}

async fn a_spanish_member_reads_the_sample_and_the_contract_in_spanish_with_the_english_version_at_hand(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let iid = bilingual_institution(&app, "es").await;
    let (m, booking) = ready_to_book_at(&app, &iid).await;
    let (quote_id, rate_id) = (booking["quoteId"].as_str().unwrap().to_string(), booking["rateId"].as_str().unwrap().to_string());
    let get = |path: String| {
        let req = app.http.get(app.api(&path)).bearer_auth(&m.token);
        async move {
            let res = req.send().await.unwrap();
            assert_eq!(res.status().as_u16(), 200, "{path}");
            res.bytes().await.unwrap().to_vec()
        }
    };
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    let months = store.rates(&quote_id).await.unwrap().into_iter().find(|r| r.rate_id == rate_id).unwrap().months;
    let expires = coverage_expiration_date(app.clock.today(), months as u16);

    // The review page's sample: the member's language, and English on asking.
    let sample = TestApp::user_path(&m, &format!("/quote/{quote_id}/rate/{rate_id}/sample-contract"));
    let spanish = pdf_text(&get(sample.clone()).await);
    assert_reads(&spanish, Language::Es, expires, "the Spanish sample");
    assert!(spanish.contains(&contract_text(Language::Es, "sampleBanner")), "{spanish}");
    assert!(spanish.contains(&contract_text(Language::Es, "englishOnly.sample")), "the review page links the English sample: {spanish}");
    let english = pdf_text(&get(format!("{sample}?language=en")).await);
    assert_reads(&english, Language::En, expires, "the English sample");
    assert!(english.contains(&contract_text(Language::En, "sampleBanner")), "{english}");

    // The bought contract: stored in Spanish, linking its find-your-contract page for the English
    // version, which is rendered on asking; the stored one stays Spanish.
    let (m, policy_id) = buy(&app, m, booking).await;
    let document = TestApp::user_path(&m, &format!("/fetchdocument/{policy_id}"));
    let get = |path: String| {
        let req = app.http.get(app.api(&path)).bearer_auth(&m.token);
        async move { req.send().await.unwrap().bytes().await.unwrap().to_vec() }
    };
    let pdf = get(document.clone()).await;
    let spanish = pdf_text(&pdf);
    assert_reads(&spanish, Language::Es, expires, "the Spanish contract");
    assert!(spanish.contains(&Language::Es.long_date(app.clock.today())), "the effective date: {spanish}");
    let contract_page = format!("/{iid}/user/{}/policy/{policy_id}", m.user_id);
    assert!(String::from_utf8_lossy(&pdf).contains(&contract_page), "the notice links {contract_page}");
    let english = pdf_text(&get(format!("{document}?language=en")).await);
    assert_reads(&english, Language::En, expires, "the English contract");
    assert_eq!(pdf_text(&get(document).await), spanish, "the stored contract stays Spanish");
}

on_both_databases!(a_spanish_member_reads_the_sample_and_the_contract_in_spanish_with_the_english_version_at_hand);
