//! The amount charged is the rate's unformatted rate, tax included, and the confirmation's
//! subtotal is that amount minus the tax (spec sections 3 and 9; issue 15, A13). In PA, which
//! taxes service contracts (6%), so the tax is not zero.

use crate::support::{Db, Options, TestApp, charge, on_both_databases, quoted_member, spawn_app};
use reqwest::Method;
use serde_json::json;

async fn the_charge_is_the_unformatted_rate_and_the_subtotal_is_it_minus_tax(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let address = json!({ "street": "1 Market St", "city": "Philadelphia", "state": "PA", "zip": "19103" });
    let (m, quote) = quoted_member(&app, "summit-cu", "2155550142", address).await;
    let car_id = quote["carId"].as_str().unwrap();
    let rate = &quote["rates"][0];
    let (amount, tax) = (rate["unformattedRate"].as_i64().unwrap(), rate["taxAmount"].as_i64().unwrap());
    assert!(tax > 0, "PA taxes service contracts: {rate}");
    assert_eq!(rate["totalRateCost"].as_i64(), Some(amount), "the total is the unformatted rate");

    let booking = json!({ "rateId": rate["rateId"], "rateCollectionId": rate["rateCollectionId"], "carId": car_id,
        "emailAddress": m.email, "quoteId": quote["quoteId"] });
    let (s, booked) = app.call(Method::POST, &TestApp::user_path(&m, "/policy"), Some(&m.token), Some(booking)).await;
    assert_eq!(s, 200, "{booked}");
    let policy_id = booked["policy"]["policyId"].as_str().unwrap();
    let (s, signed) =
        app.call(Method::POST, &TestApp::user_path(&m, "/signrequest"), Some(&m.token), Some(json!({ "policyId": policy_id }))).await;
    assert_eq!(s, 200, "{signed}");

    // The page starts the widget with the sign response's start parameters and the institution's
    // entityId as the payment account (spec section 7); another account is refused.
    let widget_url = signed["data"]["widgetUrl"].as_str().unwrap();
    let start = &signed["data"]["widgetStart"];
    assert_eq!(start, &json!({ "mode": "selection", "integrationId": "DICE", "experience": "NAO_CC_ONLY" }));
    let (_, institution) = app.call(Method::GET, "/institution/summit-cu", None, None).await;
    let started = |account: &str| {
        let mut url = reqwest::Url::parse(widget_url).unwrap();
        url.query_pairs_mut()
            .append_pair("mode", start["mode"].as_str().unwrap())
            .append_pair("integrationId", start["integrationId"].as_str().unwrap())
            .append_pair("paymentAccountId", account)
            .append_pair("experience", start["experience"].as_str().unwrap());
        url
    };
    let refused = app.http.get(started("another-account")).send().await.unwrap();
    assert_eq!(refused.status().as_u16(), 400);
    assert!(refused.text().await.unwrap().contains("wrong payment account"));
    // The gateway's page shows the signed amount; the charge and its verification carry it.
    let page = app.http.get(started(institution["entityId"].as_str().unwrap())).send().await.unwrap().text().await.unwrap();
    let shown = coverline_domain::Cents(amount).dollar_sign();
    assert!(page.contains(&format!("<p class=\"amount\">{shown}</p>")), "the widget asks for {shown}:\n{page}");
    let (s, charged) = charge(&app, widget_url, "4242424242424242").await;
    assert_eq!(s, 200, "{charged}");
    let verify = json!({ "policyId": policy_id, "result": charged["data"]["result"] });
    let (s, verified) = app.call(Method::POST, &TestApp::user_path(&m, "/verifyresponse"), Some(&m.token), Some(verify)).await;
    assert_eq!((s, verified["data"]["data"]["amount"].as_i64()), (200, Some(amount)), "{verified}");

    let (s, confirmation) = app
        .call(Method::POST, &TestApp::user_path(&m, "/payment/confirmation"), Some(&m.token), Some(json!({ "policyId": policy_id })))
        .await;
    assert_eq!(s, 200, "{confirmation}");
    let payment = &confirmation["payment"];
    assert_eq!((payment["amount"].as_i64(), payment["salesTax"].as_i64()), (Some(amount), Some(tax)), "{payment}");
    assert_eq!(payment["subtotal"].as_i64(), Some(amount - tax), "subtotal + tax = amount: {payment}");
    assert_eq!(payment["hasSalesTax"], true);
}

on_both_databases!(the_charge_is_the_unformatted_rate_and_the_subtotal_is_it_minus_tax);
