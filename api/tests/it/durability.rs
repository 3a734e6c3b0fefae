//! Durability: book, SIGKILL the `coverline` process before paying, start it again, pay. The
//! policy is paid once, one contract exists at the provider, the workflow finished, and exactly
//! one receipt and one contract email went out. On both databases: what the killed process left
//! half done is done again after the restart, and "once" rests on the store's uniqueness rules
//! (payments, emails sent), which each engine enforces and reports in its own way.

use std::time::Duration;

use crate::support::process::{coverline, free_port, wait_up};
use crate::support::{Db, TestApp, charge, fresh_database, on_both_databases, random_suffix, ready_to_book, smtp::Inbox};
use reqwest::Method;
use serde_json::json;

async fn a_purchase_survives_a_sigkill_between_booking_and_payment(db: Db) {
    let temporal = std::env::var("TEMPORAL_ADDRESS").expect("TEMPORAL_ADDRESS");
    let mail = Inbox::start().await;
    let database_url = fresh_database(db).await;
    let (app_port, sandbox_port) = (free_port(), free_port());
    let url = format!("http://127.0.0.1:{app_port}");
    let sandbox_url = format!("http://127.0.0.1:{sandbox_port}");
    let state = std::env::temp_dir().join(format!("coverline-sandbox-{}.json", random_suffix()));
    let env = vec![
        ("COVERLINE_ADDR", format!("127.0.0.1:{app_port}")),
        ("COVERLINE_PUBLIC_URL", url.clone()),
        ("COVERLINE_SANDBOX_ADDR", format!("127.0.0.1:{sandbox_port}")),
        ("COVERLINE_SANDBOX_STATE", state.display().to_string()),
        ("COVERLINE_GATEWAY_URL", sandbox_url.clone()),
        ("COVERLINE_PROVIDER_URL", sandbox_url.clone()),
        ("DATABASE_URL", database_url.clone()),
        ("TEMPORAL_ADDRESS", temporal),
        ("COVERLINE_TASK_QUEUE", format!("durability-{}", random_suffix())),
        ("COVERLINE_SMTP_URL", format!("smtp://127.0.0.1:{}", mail.port)),
        ("RUST_LOG", "warn".into()),
    ];
    // The gateway/provider run in their own process, as third parties do: the kill does not touch them.
    let _sandbox = coverline(&["sandbox"], &env, None);
    let mut serve_env = env.clone();
    serve_env.push(("COVERLINE_SANDBOX_ADDR", "off".into()));
    serve_env.push(("COVERLINE_METRICS_ADDR", "off".into()));
    let first = coverline(&["serve"], &serve_env, None);
    let app = TestApp::external(url.clone(), sandbox_url.clone(), mail.clone(), database_url.clone());
    wait_up(&app.http, &format!("{url}/api/health")).await;
    for _ in 0..300 {
        if app.http.get(&sandbox_url).send().await.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Up to booking.
    let (m, booking) = ready_to_book(&app).await;
    let (s, booked) = app.call(Method::POST, &TestApp::user_path(&m, "/policy"), Some(&m.token), Some(booking)).await;
    assert_eq!(s, 200, "{booked}");
    let policy_id = booked["policy"]["policyId"].as_str().unwrap().to_string();

    // SIGKILL: no graceful shutdown, the in-process worker dies with it.
    drop(first);
    let _second = coverline(&["serve"], &serve_env, None);
    wait_up(&app.http, &format!("{url}/api/health")).await;

    // Pay after the restart.
    let (s, signed) =
        app.call(Method::POST, &TestApp::user_path(&m, "/signrequest"), Some(&m.token), Some(json!({ "policyId": policy_id }))).await;
    assert_eq!(s, 200, "{signed}");
    let (_, charged) = charge(&app, signed["data"]["widgetUrl"].as_str().unwrap(), "4242424242424242").await;
    let result = charged["data"]["result"].as_str().expect("approved");
    let (s, verified) = app
        .call(
            Method::POST,
            &TestApp::user_path(&m, "/verifyresponse"),
            Some(&m.token),
            Some(json!({ "policyId": policy_id, "result": result })),
        )
        .await;
    assert_eq!(s, 200, "{verified}");
    let (s, confirmation) = app
        .call(Method::POST, &TestApp::user_path(&m, "/payment/confirmation"), Some(&m.token), Some(json!({ "policyId": policy_id })))
        .await;
    assert_eq!(s, 200, "{confirmation}");

    let store = coverline_store::Store::connect(&database_url).await.unwrap();
    for _ in 0..600 {
        if store.policy(&policy_id).await.unwrap().unwrap().status == coverline_domain::lifecycle::PurchaseStatus::Fulfilled {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        store.policy(&policy_id).await.unwrap().unwrap().status,
        coverline_domain::lifecycle::PurchaseStatus::Fulfilled,
        "the workflow finished"
    );
    assert_eq!(store.count_policies().await.unwrap(), 1);
    assert_eq!(store.count_payments().await.unwrap(), 1, "paid once");
    let contracts: serde_json::Value = app
        .http
        .get(format!("{sandbox_url}/_sandbox/provider/contracts"))
        .bearer_auth("sandbox-provider-key")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(contracts.as_array().unwrap().len(), 1, "one contract at the provider: {contracts}");
    // The checkout at rest after its fulfilment: every email activity it started has finished
    // (the receiver holds a message before it answers), and none is left to send another.
    crate::support::wait_for_history(&app.temporal, &m.user_id, "the checkout at rest after fulfilment", crate::support::at_rest).await;
    let mails = mail.to(&m.email);
    assert_eq!(mails.iter().filter(|x| x.data.contains("Subject: Your receipt")).count(), 1, "one receipt");
    assert_eq!(mails.iter().filter(|x| x.data.contains("application/pdf")).count(), 1, "one contract email");
}

on_both_databases!(a_purchase_survives_a_sigkill_between_booking_and_payment);
