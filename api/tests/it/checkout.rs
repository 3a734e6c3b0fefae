//! Checkout beyond the happy path, over real HTTP with the real Temporal server, the sandbox
//! gateway/provider and a real SMTP receiver: a double-clicked Continue, the institution's
//! booking test switch, find your contract (signed links, rate limits, no existence leak), the
//! contract as delivered (pdftotext), the branded emails, and `coverline support`.

use coverline_domain::product::{field_errors, fill, messages, options};
use std::time::Duration;

use crate::support::{
    self, Db, Member, Options, TestApp, charge, on_both_databases, pay, pdf_text, ready_to_book, ready_to_book_at, spawn_app,
    wait_for_policy_status,
};
use coverline_api::services::support::{Outcome, Support};
use reqwest::Method;
use serde_json::{Value, json};

async fn contracts(app: &TestApp) -> Vec<Value> {
    let res =
        app.http.get(format!("{}/_sandbox/provider/contracts", app.sandbox_url)).bearer_auth("test-provider-key").send().await.unwrap();
    res.json::<Value>().await.unwrap().as_array().unwrap().clone()
}

async fn provider(app: &TestApp, behaviour: Value) {
    let res = app
        .http
        .post(format!("{}/_sandbox/provider/behaviour", app.sandbox_url))
        .bearer_auth("test-provider-key")
        .json(&behaviour)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());
}

async fn store(app: &TestApp) -> coverline_store::Store {
    coverline_store::Store::connect(&app.database_url).await.unwrap()
}

/// Books, pays with the approved card and waits for the workflow to deliver; returns the policy id.
async fn bought(app: &TestApp, m: &Member, booking: &Value) -> String {
    let (s, body) = app.call(Method::POST, &TestApp::user_path(m, "/policy"), Some(&m.token), Some(booking.clone())).await;
    assert_eq!(s, 200, "{body}");
    let policy_id = body["policy"]["policyId"].as_str().unwrap().to_string();
    let (s, verified) = pay(app, m, &policy_id, "4242424242424242").await;
    assert_eq!(s, 200, "{verified}");
    assert_eq!(wait_for_policy_status(app, m, &policy_id, "fulfilled").await, "fulfilled");
    policy_id
}

async fn a_double_clicked_continue_books_one_contract_and_pays_once(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, booking) = ready_to_book(&app).await;
    let path = TestApp::user_path(&m, "/policy");
    let (a, b) = tokio::join!(
        app.call(Method::POST, &path, Some(&m.token), Some(booking.clone())),
        app.call(Method::POST, &path, Some(&m.token), Some(booking.clone())),
    );
    assert_eq!((a.0, b.0), (200, 200), "{} / {}", a.1, b.1);
    assert_eq!(a.1["policy"]["policyId"], b.1["policy"]["policyId"]);
    assert_eq!(a.1["policy"]["mmpContractNumber"], b.1["policy"]["mmpContractNumber"]);
    let policy_id = a.1["policy"]["policyId"].as_str().unwrap().to_string();

    // The widget submits twice, the browser retries the verify: one charge, one payment.
    let (s, signed) =
        app.call(Method::POST, &TestApp::user_path(&m, "/signrequest"), Some(&m.token), Some(json!({ "policyId": policy_id }))).await;
    assert_eq!(s, 200, "{signed}");
    let widget = signed["data"]["widgetUrl"].as_str().unwrap();
    let (s, charged) = charge(&app, widget, "4242424242424242").await;
    assert_eq!(s, 200, "{charged}");
    let (s, _) = charge(&app, widget, "4242424242424242").await;
    assert_eq!(s, 409, "a signed request is charged once");
    let verify = json!({ "policyId": policy_id, "result": charged["data"]["result"] });
    let path = TestApp::user_path(&m, "/verifyresponse");
    let (v1, v2) = tokio::join!(
        app.call(Method::POST, &path, Some(&m.token), Some(verify.clone())),
        app.call(Method::POST, &path, Some(&m.token), Some(verify.clone())),
    );
    assert_eq!((v1.0, v2.0), (200, 200), "{} / {}", v1.1, v2.1);
    let v1 = v1.1;
    assert_eq!(v1["data"]["data"]["trackingNumber"], v2.1["data"]["data"]["trackingNumber"]);
    // A paid contract gets no second signed request (it could be charged again).
    let (s, again) =
        app.call(Method::POST, &TestApp::user_path(&m, "/signrequest"), Some(&m.token), Some(json!({ "policyId": policy_id }))).await;
    assert_eq!((s, again["error"]["code"].as_str()), (409, Some("alreadyPaid")));
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "fulfilled").await, "fulfilled");
    let store = store(&app).await;
    assert_eq!(store.count_policies().await.unwrap(), 1);
    assert_eq!(store.count_payments().await.unwrap(), 1);
    assert_eq!(contracts(&app).await.len(), 1);
    let recorded = store.payment_for_policy(&policy_id).await.unwrap().unwrap();
    assert_eq!(
        Some(recorded.payment_id.as_str()),
        v1["data"]["data"]["trackingNumber"].as_str(),
        "the first verified payment is the one kept"
    );
    let timeline: Vec<String> = store.policy_events(&policy_id).await.unwrap().into_iter().map(|e| e.kind).collect();
    assert_eq!(timeline.iter().filter(|k| *k == "created").count(), 1, "{timeline:?}");
    assert_eq!(timeline.iter().filter(|k| *k == "booked").count(), 1, "{timeline:?}");
    assert_eq!(timeline.iter().filter(|k| *k == "paid").count(), 1, "{timeline:?}");

    // Prometheus: requests by route template (never by id), activity runs, purchase outcomes.
    let metrics = app.metrics().await;
    for needle in [
        "coverline_http_requests_total{method=\"POST\",route=\"/api/institution/{iid}/user/{uid}/policy\",status=\"200\"}",
        "coverline_http_request_duration_seconds_bucket{method=\"POST\",route=\"/api/institution/{iid}/user/{uid}/verifyresponse\"",
        "coverline_activity_runs_total{activity=\"book_contract\",result=\"ok\"}",
        "coverline_activity_duration_seconds_count{activity=\"render_contract\"}",
        "coverline_purchase_outcomes_total{outcome=\"fulfilled\"}",
    ] {
        assert!(metrics.contains(needle), "/metrics lacks {needle}");
    }
    assert!(!metrics.contains(&policy_id) && !metrics.contains(&m.user_id), "no ids in metric labels");
}

on_both_databases!(a_double_clicked_continue_books_one_contract_and_pays_once);

async fn the_booking_test_switch_fails_the_first_round_and_the_retry_books(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/institutions/summit-cu.toml")).unwrap();
    let text = text
        .replace("institutionId = \"summit-cu\"", "institutionId = \"switch-lab\"")
        .replace("policyPostErrorTest = false", "policyPostErrorTest = true");
    let institution = coverline_domain::institution::Institution::from_toml(&text).unwrap();
    store(&app).await.upsert_institution(&institution).await.unwrap();
    let (m, booking) = ready_to_book_at(&app, "switch-lab").await;
    let path = TestApp::user_path(&m, "/policy");
    let (s, body) = app.call(Method::POST, &path, Some(&m.token), Some(booking.clone())).await;
    assert_eq!((s, body["error"]["code"].as_str()), (502, Some("bookingFailed")), "{body}");
    assert!(contracts(&app).await.is_empty());
    let (s, body) = app.call(Method::POST, &path, Some(&m.token), Some(booking)).await;
    assert_eq!(s, 200, "booking again books: {body}");
    assert_eq!(contracts(&app).await.len(), 1);
}

on_both_databases!(the_booking_test_switch_fails_the_first_round_and_the_retry_books);

async fn find_your_contract_opens_a_short_lived_link_only_for_the_right_details(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, booking) = ready_to_book(&app).await;
    let policy_id = bought(&app, &m, &booking).await;
    let (other, other_booking) = ready_to_book(&app).await;
    let other_policy = bought(&app, &other, &other_booking).await;

    // The contract email links to the member's find-your-contract page, in text and HTML.
    let mails = app.mail.wait_for(&m.email, 3).await;
    let link = format!("{}/summit-cu/user/{}/policy/{}", app.url, m.user_id, policy_id);
    let contract_mail = mails.iter().find(|x| x.data.contains("application/pdf")).expect("contract email");
    assert!(contract_mail.data.contains("text/html") && contract_mail.data.contains("text/plain"), "HTML + text");
    assert!(
        contract_mail.data.replace("=\n", "").replace("=3D", "=").contains(&link),
        "the email links to {link}:\n{}",
        contract_mail.data
    );
    let receipt = mails.iter().find(|x| x.data.contains("Subject: Your receipt")).expect("receipt");
    assert!(receipt.data.contains("text/html") && receipt.data.contains("#0B3D91"), "branded with the institution's colour");
    // Both say in a sentence when coverage ends, in the long date form (issue 15, A14).
    let db = store(&app).await;
    let bought_policy = db.policy(&policy_id).await.unwrap().unwrap();
    let bought_rate = db.rates(&bought_policy.quote_id).await.unwrap().into_iter().find(|r| r.rate_id == bought_policy.rate_id).unwrap();
    let paid_at = db.payment_for_policy(&policy_id).await.unwrap().unwrap().paid_at;
    let paid_on = time::OffsetDateTime::from_unix_timestamp(paid_at).unwrap().date();
    let ends =
        coverline_domain::quote::format_long_date(coverline_domain::quote::coverage_expiration_date(paid_on, bought_rate.months as u16));
    for mail in [receipt, contract_mail] {
        let flat = mail.data.replace("=\r\n", "").replace("=\n", "").split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains(&format!("Your coverage runs until {ends}, or until the odometer reads")), "{ends:?} in:\n{flat}");
    }
    // The receipt writes the amount paid as the confirmation page does: always with cents.
    let paid = coverline_domain::money::Cents(db.payment_for_policy(&policy_id).await.unwrap().unwrap().amount_cents);
    let flat = crate::support::smtp::decoded(receipt).split_whitespace().collect::<Vec<_>>().join(" ");
    let label = coverline_domain::Language::En.text("emails.receipt.amountPaid");
    assert!(flat.contains(&format!("{label}: {}", paid.dollar_sign_with_cents())), "{paid:?} in:\n{flat}");

    let app = &app;
    let verify = |uid: &str, pid: &str, lastname: &str, zip: &str| {
        let body = json!({ "lastname": lastname, "zipcode": zip });
        let path = format!("/institution/summit-cu/user/{uid}/verifydetails/{pid}");
        async move { app.call(Method::POST, &path, None, Some(body)).await }
    };
    let (s, b) = verify(&m.user_id, &policy_id, "Doe", "8020").await;
    assert_eq!((s, b["error"]["message"].as_str()), (400, Some(field_errors::FIND_ZIP)));
    let (s, wrong_zip) = verify(&m.user_id, &policy_id, "Doe", "80203").await;
    let (s2, other_members) = verify(&m.user_id, &other_policy, "Doe", "80202").await;
    let (s3, unknown) = verify(&m.user_id, "pol_doesnotexist", "Doe", "80202").await;
    assert_eq!((s, s2, s3), (404, 404, 404));
    assert!(wrong_zip == other_members && other_members == unknown, "one answer, no existence leak: {wrong_zip} {other_members} {unknown}");

    let (s, found) = verify(&m.user_id, &policy_id, "  doe ", "80202").await;
    assert_eq!(s, 200, "last name case and spaces do not matter: {found}");
    let url = format!("{}{}", app.url, found["policy"].as_str().unwrap());
    let res = app.http.get(&url).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200, "no session needed with the signed link");
    assert_eq!(res.headers()["content-type"], "application/pdf");
    assert!(res.headers()["content-disposition"].to_str().unwrap().starts_with("inline"));
    let pdf = res.bytes().await.unwrap();
    assert!(pdf.starts_with(b"%PDF"));

    // The page has no session: the server records the retrieval events on the policy's member,
    // and none on the member of a policy looked up under someone else's user id.
    let store = store(app).await;
    let mut retrievals = store.analytics_events(&m.user_id).await.unwrap();
    retrievals.sort(); // recorded within one second: their order in the table is not kept
    let event = |category: &str, action: &str, label: &str| {
        (Some("event".to_string()), Some(category.to_string()), Some(action.to_string()), Some(label.to_string()))
    };
    assert_eq!(
        retrievals,
        vec![
            event("ErrorEncountered", "PolicyRetrieval", "notFound"),
            event("ErrorEncountered", "PolicyRetrieval", "validation"),
            event("PolicyRetrieval", "retrieved", &policy_id),
        ]
    );
    assert!(store.analytics_events(&other.user_id).await.unwrap().is_empty(), "nothing recorded on the other member");

    // The reference a member reads out (issue 28): short, readable, unique, stored, shown and found.
    let policy = store.policy(&policy_id).await.unwrap().unwrap();
    let reference = policy.reference.clone().expect("a reference is given at booking");
    assert!(coverline_domain::reference::normalize(&reference).as_deref() == Some(reference.as_str()), "{reference}");
    let other_reference = store.policy(&other_policy).await.unwrap().unwrap().reference.unwrap();
    assert_ne!(reference, other_reference);
    let (_, shown) = app.call(Method::GET, &TestApp::user_path(&m, &format!("/policy/{policy_id}")), Some(&m.token), None).await;
    assert_eq!(shown["confirmation"]["policyReferenceNumber"].as_str(), Some(reference.as_str()), "{shown}");
    let typed = reference.to_lowercase().replace('-', " ");
    assert_eq!(store.find_policy(&typed).await.unwrap().map(|p| p.policy_id), Some(policy_id.clone()), "support finds {typed:?}");

    // The contract as delivered: every field a member needs.
    let payment = store.payment_for_policy(&policy_id).await.unwrap().unwrap();
    let text = pdf_text(&pdf);
    for needle in [
        policy.contract_number.as_deref().unwrap(),
        reference.as_str(),
        "Jane Doe",
        "100 Main St, Denver, CO 80202",
        "5XYRLDLC3NG097496",
        "2022 Kia Sorento",
        "45,000",
        payment.payment_id.as_str(),
        "Summit Credit Union",
        "(800) 555-0142",
        coverline_domain::Language::En.text("contract.cancellation.title"),
        "within 30 days",
        "Rental car",
        "$50 per day",
    ] {
        assert!(text.contains(needle), "the contract lacks {needle:?}");
    }
    let rate = store.rates(&policy.quote_id).await.unwrap().into_iter().find(|r| r.rate_id == policy.rate_id).unwrap();
    let total = coverline_domain::money::Cents(payment.amount_cents).dollar_sign();
    assert!(text.contains(&total), "the contract shows the total paid {total}");
    assert_eq!(text.contains("Sales tax"), rate.tax_cents > 0, "a sales tax line only when taxed (CO: {} cents)", rate.tax_cents);
    // The expiry is read in a sentence: the long date (issue 15, A14).
    let paid_on = time::OffsetDateTime::from_unix_timestamp(payment.paid_at).unwrap().date();
    let expires = coverline_domain::quote::format_long_date(coverline_domain::quote::coverage_expiration_date(paid_on, rate.months as u16));
    assert!(text.contains(&format!("{expires}, or when the odometer reads")), "the contract's expiry {expires:?} in the long form");

    // The link opens this policy only, and dies when tampered with or expired.
    let token = found["token"].as_str().unwrap();
    let for_other = format!("{}/api/institution/summit-cu/user/{}/fetchdocument/{other_policy}?token={token}", app.url, other.user_id);
    assert_eq!(app.http.get(&for_other).send().await.unwrap().status().as_u16(), 404);
    let tampered = url.replace(&token[token.len() - 4..], "0000");
    assert_eq!(app.http.get(&tampered).send().await.unwrap().status().as_u16(), 404);
    let (expires, sig) = token.split_once('.').unwrap();
    let forged_expiry = url.replace(token, &format!("{}.{sig}", expires.parse::<i64>().unwrap() + 3600));
    assert_eq!(app.http.get(&forged_expiry).send().await.unwrap().status().as_u16(), 404, "the expiry is signed");
    app.clock.advance(601);
    assert_eq!(app.http.get(&url).send().await.unwrap().status().as_u16(), 410, "the link lives 10 minutes");
    app.clock.advance(3600);

    // Guessing: after 5 wrong answers in an hour, even the right ones are refused.
    for zip in ["10001", "10002", "10003", "10004"] {
        assert_eq!(verify(&m.user_id, &policy_id, "Doe", zip).await.0, 404);
    }
    let (s, _) = verify(&m.user_id, &policy_id, "Doe", "80202").await;
    assert_eq!(s, 200, "4 wrong answers in the last hour (the earlier one is over an hour old) still allow the right one");
    assert_eq!(verify(&m.user_id, &policy_id, "Doe", "10005").await.0, 404);
    let (s, b) = verify(&m.user_id, &policy_id, "Doe", "80202").await;
    assert_eq!((s, b["error"]["code"].as_str()), (429, Some("rateLimited")), "{b}");
}

on_both_databases!(find_your_contract_opens_a_short_lived_link_only_for_the_right_details);

async fn support_lists_retries_shows_and_resends_idempotently(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let (m, booking) = ready_to_book(&app).await;
    provider(&app, json!({ "failNextWith": 422 })).await;
    let (s, body) = app.call(Method::POST, &TestApp::user_path(&m, "/policy"), Some(&m.token), Some(booking.clone())).await;
    assert_eq!(s, 502, "{body}");

    let support = app.support().await;
    let stuck = support.stuck(Duration::ZERO).await.unwrap();
    assert_eq!(stuck.len(), 1);
    let policy_id = stuck[0].policy.policy_id.clone();
    assert_eq!(stuck[0].policy.status, coverline_domain::lifecycle::PurchaseStatus::BookingFailed);
    assert!(stuck[0].policy.last_error.as_deref().unwrap().starts_with("failed"), "{:?}", stuck[0].policy.last_error);
    let table = Support::stuck_table(&stuck);
    assert!(
        table.contains(&policy_id) && table.contains("summit-cu") && table.contains("bookingFailed") && table.contains("1 purchase(s)"),
        "{table}"
    );
    assert!(support.stuck(Duration::from_secs(3600)).await.unwrap().is_empty(), "not stuck for an hour yet");

    // Retry: the same workflow books; a second retry has nothing to do.
    let outcome = support.retry_booking(&policy_id).await.unwrap();
    assert!(matches!(outcome, Outcome::Done(_)), "{outcome}");
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "booked").await, "booked");
    assert!(matches!(support.retry_booking(&policy_id).await.unwrap(), Outcome::NothingToDo(_)));
    assert_eq!(contracts(&app).await.len(), 1);

    // Resend: only once there is something to send; twice in 10 minutes only when forced.
    assert!(matches!(support.resend_emails(&policy_id, &app_mailer(&app), &app.url, false).await.unwrap(), Outcome::NothingToDo(_)));
    let (s, _) = pay(&app, &m, &policy_id, "4242424242424242").await;
    assert_eq!(s, 200);
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "fulfilled").await, "fulfilled");
    app.mail.wait_for(&m.email, 3).await;
    let contract = support.store.policy(&policy_id).await.unwrap().unwrap().contract_number.unwrap();
    let mailer = app_mailer(&app);
    assert!(
        matches!(support.resend_emails(&contract, &mailer, &app.url, false).await.unwrap(), Outcome::Done(_)),
        "found by contract number"
    );
    assert!(matches!(support.resend_emails(&policy_id, &mailer, &app.url, false).await.unwrap(), Outcome::NothingToDo(_)));
    assert!(matches!(support.resend_emails(&policy_id, &mailer, &app.url, true).await.unwrap(), Outcome::Done(_)));
    assert_eq!(app.mail.wait_for(&m.email, 7).await.len(), 7, "code + receipt + contract, then two resends of two");

    let shown = support.show(&policy_id).await.unwrap();
    for needle in [
        "status:bookingFailed",
        "support:retryBooking",
        "support:pat",
        "booked",
        "paid",
        "email:receipt",
        "email:contract",
        "support:resendEmails",
        "fulfilled",
    ] {
        assert!(shown.contains(needle), "show lacks {needle:?}:\n{shown}");
    }
    assert!(shown.contains(&format!("http://localhost:8233/namespaces/default/workflows/checkout-{}", m.user_id)), "{shown}");
    assert!(
        shown.contains("execution    Running") || shown.contains("execution    Completed"),
        "Temporal describes the workflow:\n{shown}"
    );
    assert!(shown.contains("purchase Fulfilled, booking rounds 2"), "the workflow's own view:\n{shown}");
}

on_both_databases!(support_lists_retries_shows_and_resends_idempotently);

fn app_mailer(app: &TestApp) -> coverline_activities::email::Mailer {
    coverline_activities::email::Mailer::new(&format!("smtp://127.0.0.1:{}", app.mail.port), "Coverline Test <no-reply@coverline.test>")
        .unwrap()
}

async fn verification_codes_die_after_five_wrong_tries_and_sends_are_limited(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let m = app.new_member("summit-cu").await;
    let send_path = TestApp::user_path(&m, &format!("/verifyemail?emailAddress={}", m.email));
    let user_path = TestApp::user_path(&m, "");
    let send = || app.call(Method::GET, &send_path, Some(&m.token), None);
    let check = |code: String| app.call(Method::PUT, &user_path, Some(&m.token), Some(json!({ "verificationCode": code })));
    assert_eq!(send().await.0, 200);
    let (s, b) = send().await;
    assert_eq!((s, b["error"]["code"].as_str()), (429, Some("rateLimited")), "20 s between two sends");
    let code = support::smtp::code_in(&app.mail.wait_for(&m.email, 1).await[0]);
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..5 {
        assert_eq!(check(wrong.to_string()).await.0, 400);
    }
    let (s, b) = check(code.clone()).await;
    assert_eq!((s, b["error"]["code"].as_str()), (400, Some("invalidCode")), "5 wrong tries kill the code: {b}");

    // Resend: a new code works; 6 sends an hour, then the hour must pass.
    for n in 2..=6 {
        app.clock.advance(21);
        assert_eq!(send().await.0, 200, "send {n}");
    }
    app.clock.advance(21);
    let (s, b) = send().await;
    assert_eq!((s, b["error"]["code"].as_str()), (429, Some("rateLimited")), "{b}");
    assert!(b["error"]["message"].as_str().unwrap().contains("try again in an hour"));
    let mails = app.mail.wait_for(&m.email, 6).await;
    let latest = support::smtp::code_in(mails.last().unwrap());
    for _ in 0..6 {
        // An hour of a member who keeps the page alive (the session's idle timeout is 15 minutes).
        app.clock.advance(600);
        assert_eq!(app.call(Method::GET, &user_path, Some(&m.token), None).await.0, 200);
    }
    assert_eq!(send().await.0, 200, "a new hour, a new window");
    let newest = support::smtp::code_in(app.mail.wait_for(&m.email, 7).await.last().unwrap());
    if newest != latest {
        assert_eq!(check(latest).await.0, 400, "only the live code counts");
    }
    let (s, b) = check(newest).await;
    assert_eq!((s, b["user"]["isEmailVerified"].as_bool()), (200, Some(true)), "{b}");
}

on_both_databases!(verification_codes_die_after_five_wrong_tries_and_sends_are_limited);

/// Books `quote`'s first rate for `m`.
async fn book_first_rate(app: &TestApp, m: &Member, quote: &Value) -> (u16, Value) {
    let rate = &quote["rates"][0];
    let booking = json!({ "rateId": rate["rateId"], "rateCollectionId": rate["rateCollectionId"], "carId": quote["carId"],
        "emailAddress": m.email, "quoteId": quote["quoteId"] });
    app.call(Method::POST, &TestApp::user_path(m, "/policy"), Some(&m.token), Some(booking)).await
}

async fn a_member_quoted_in_one_state_with_an_address_in_another_is_priced_again(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    // Quoted in Oregon (no sales tax), then the address given is in New York.
    let oregon = json!({ "street": "100 Main St", "city": "Portland", "state": "OR", "zip": "97201" });
    let (mut m, oregon_quote) = support::quoted_member(&app, "harborline-bank", "5035550142", oregon).await;
    let details = json!({ "firstName": "Jane", "lastName": "Doe", "phoneNumber": "2125550142", "isMember": true,
        "address": { "street": "200 Atlantic Ave", "city": "Brooklyn", "state": "NY", "zip": "11201" } });
    let (s, b) = app.call(Method::PUT, &TestApp::user_path(&m, ""), Some(&m.token), Some(details)).await;
    assert_eq!(s, 200, "{b}");
    m.token = b["token"].as_str().unwrap().into();

    let (s, b) = book_first_rate(&app, &m, &oregon_quote).await;
    assert_eq!((s, b["error"]["code"].as_str()), (409, Some("quoteStateChanged")), "{b}");
    let name = |code: &str| options::STATES.iter().find(|(c, _)| *c == code).unwrap().1;
    let told = fill(messages::QUOTE_STATE_CHANGED, &[("addressState", name("NY")), ("quotedState", name("OR"))]);
    assert_eq!(b["error"]["message"], told.as_str());
    assert!(told.starts_with("Your address is in New York, but your prices were for Oregon."), "{told}");
    let store = store(&app).await;
    assert_eq!(store.count_policies().await.unwrap(), 0, "nothing was booked");

    // Priced again in New York: the tax Oregon does not have.
    let ask = json!({ "carId": oregon_quote["carId"], "milesPerYear": 15000, "yearsToOwn": 6, "state": "NY" });
    let (s, ny_quote) = app.call(Method::POST, &TestApp::user_path(&m, "/quote"), Some(&m.token), Some(ask)).await;
    assert_eq!(s, 201, "{ny_quote}");
    let tax = |q: &Value| q["rates"][0]["taxAmount"].as_i64().unwrap_or_default();
    assert_eq!(tax(&oregon_quote), 0, "{oregon_quote}");
    assert!(tax(&ny_quote) > 0, "{ny_quote}");
    let (s, b) = book_first_rate(&app, &m, &ny_quote).await;
    assert_eq!(s, 200, "the New York quote books: {b}");
}

on_both_databases!(a_member_quoted_in_one_state_with_an_address_in_another_is_priced_again);
