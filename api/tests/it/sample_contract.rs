//! "View a sample of your contract" on the review page (issue 15, C1): the member's own terms
//! (their plan, term, deductible, the provider's benefits, the institution's refund text) on the
//! contract's template, marked SAMPLE, before anything is paid, to the member's session only.

use crate::support::{Db, Options, TestApp, on_both_databases, pdf_text, quoted_member, ready_to_book, spawn_app};
use coverline_api::http::app::SAMPLE_CONTRACT_BURST;
use coverline_domain::Language;
use coverline_domain::money::Cents;
use coverline_domain::quote::{coverage_expiration_date, format_long_date};
use reqwest::Method;
use serde_json::json;

async fn a_member_reads_their_own_terms_marked_sample_before_paying(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, booking) = ready_to_book(&app).await;
    let (quote_id, rate_id) = (booking["quoteId"].as_str().unwrap(), booking["rateId"].as_str().unwrap());
    let path = |quote: &str, rate: &str| format!("{}/sample-contract", TestApp::user_path(&m, &format!("/quote/{quote}/rate/{rate}")));
    let get = |path: String, token: Option<String>| {
        let mut req = app.http.get(app.api(&path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        async move { req.send().await.unwrap() }
    };

    let res = get(path(quote_id, rate_id), Some(m.token.clone())).await;
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers()["content-type"], "application/pdf");
    assert!(res.headers()["content-disposition"].to_str().unwrap().starts_with("inline"), "opens in the tab");
    assert_eq!(res.headers()["cache-control"], "private, no-store");
    let pdf = res.bytes().await.unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    let text = pdf_text(&pdf);

    // The chosen rate's terms, as stored with the quote the member saw.
    let store = coverline_store::Store::connect(&app.database_url).await.unwrap();
    let rate = store.rates(quote_id).await.unwrap().into_iter().find(|r| r.rate_id == rate_id).unwrap();
    let expires = format_long_date(coverage_expiration_date(app.clock.today(), rate.months as u16));
    let miles = coverline_domain::money::group_thousands(rate.miles as u64);
    for needle in [
        Language::En.text("contract.sampleBanner"),
        "Sample contract.",
        "It is not a contract and gives no coverage",
        "Jane Doe",
        "100 Main St, Denver, CO 80202",
        "2022 Kia Sorento",
        "5XYRLDLC3NG097496",
        &rate.coverage_name,
        &format!("{} months or {miles} miles", rate.months),
        &format!("{} per repair visit", Cents(rate.deductible_cents).dollar_sign()),
        &Cents(rate.price_cents + rate.tax_cents).dollar_sign(),
        &format!("{expires}, or when the odometer reads"),
        "Rental car",
        Language::En.text("contract.cancellation.title"),
        "within 30 days",
        "Summit Credit Union",
    ] {
        assert!(text.contains(needle), "the sample lacks {needle:?}:\n{text}");
    }
    assert!(!text.contains("Total paid"), "nothing was paid");
    assert!(store.policies_of_user(&m.user_id).await.unwrap().is_empty(), "reading a sample books nothing");

    // Only to the member's own session, and only for a rate of their quote.
    assert_eq!(get(path(quote_id, rate_id), None).await.status().as_u16(), 401);
    let other = app.new_member("summit-cu").await;
    assert_eq!(
        get(path(quote_id, rate_id), Some(other.token.clone())).await.status().as_u16(),
        404,
        "another member's session finds nothing"
    );
    let (o, other_booking) = ready_to_book(&app).await;
    let (other_quote, other_rate) = (other_booking["quoteId"].as_str().unwrap(), other_booking["rateId"].as_str().unwrap());
    assert_eq!(get(path(other_quote, other_rate), Some(m.token.clone())).await.status().as_u16(), 404, "another member's quote");
    assert_eq!(get(path(quote_id, other_rate), Some(m.token.clone())).await.status().as_u16(), 404, "a rate of another quote");
    assert_eq!(get(path(quote_id, "rat_nope"), Some(m.token.clone())).await.status().as_u16(), 404);
    drop(o);

    // Each render takes a slot shared with bought contracts: a member gets a handful at once.
    let mut statuses = Vec::new();
    for _ in 0..SAMPLE_CONTRACT_BURST {
        statuses.push(get(path(quote_id, rate_id), Some(m.token.clone())).await.status().as_u16());
    }
    let (s, body) = app
        .call(
            Method::GET,
            &format!("{}/sample-contract", TestApp::user_path(&m, &format!("/quote/{quote_id}/rate/{rate_id}"))),
            Some(&m.token),
            None,
        )
        .await;
    assert_eq!(s, 429, "{body} after {statuses:?}");
    assert_eq!(body["error"]["message"], coverline_domain::product::messages::TOO_MANY_SAMPLE_CONTRACTS);
}

on_both_databases!(a_member_reads_their_own_terms_marked_sample_before_paying);

/// The obligor (issue 27, item 6): each option of a quote names who owes its coverage, and the
/// sample contract prints the same, with the obligor's licence only in a state that requires it
/// on the contract (Texas does, Colorado does not).
async fn the_quote_and_the_sample_name_the_obligor_with_the_licence_its_state_requires(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let rules = coverline_activities::cancellation::load_rules(&crate::support::workspace().join("data")).unwrap();
    let obligors = coverline_activities::documents::load_obligors(&crate::support::workspace().join("data/providers")).unwrap();
    for (state, address, licensed) in [
        ("TX", json!({ "street": "200 Congress Ave", "city": "Austin", "state": "TX", "zip": "78701" }), true),
        ("CO", json!({ "street": "100 Main St", "city": "Denver", "state": "CO", "zip": "80202" }), false),
    ] {
        assert_eq!(rules.rules(state).unwrap().licence_on_contract, licensed, "{state}'s row");
        let (m, quote) = quoted_member(&app, "summit-cu", "3035550142", address).await;
        let rate = &quote["rates"][0];
        let provider = rate["provider"].as_str().unwrap();
        let named = obligors.named(provider, state, &rules).unwrap();
        assert_eq!(rate["obligor"]["name"], named.name.as_str(), "{state}: {rate}");
        assert_eq!(rate["obligor"]["address"], named.address.as_str());
        assert_eq!(rate["obligor"]["phone"], named.phone.as_str());
        let licence = rate["obligor"]["licence"].as_str().map(String::from);
        assert_eq!(licence.is_some(), licensed, "{state}: {rate}");
        assert_eq!(licence, named.licence);

        let path = TestApp::user_path(
            &m,
            &format!("/quote/{}/rate/{}/sample-contract", quote["quoteId"].as_str().unwrap(), rate["rateId"].as_str().unwrap()),
        );
        let res = app.http.get(app.api(&path)).bearer_auth(&m.token).send().await.unwrap();
        assert_eq!(res.status().as_u16(), 200, "{state}");
        let text = pdf_text(&res.bytes().await.unwrap());
        assert!(text.contains(&format!("and the obligor, {}, which owes its coverage", named.name)), "{state}: {text}");
        let row = format!("{}, {}, {}", named.name, named.address, named.phone);
        assert!(text.contains(&row), "{state}: the obligor's row: {text}");
        match &named.licence {
            Some(licence) => assert!(text.contains(licence.as_str()), "{state}: the licence: {text}"),
            None => assert!(!text.contains("registration no."), "{state}: no licence where none is required: {text}"),
        }
    }
}

on_both_databases!(the_quote_and_the_sample_name_the_obligor_with_the_licence_its_state_requires);
