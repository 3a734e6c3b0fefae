//! GET /institution/global-settings (spec section 7; issue 15, A8): the settings shared by every
//! institution, cacheable, and a path that no institution id can shadow.

use crate::support::{Db, Options, on_both_databases, spawn_app};
use coverline_domain::product::{limits, timings};
use reqwest::Method;

async fn global_settings_are_served_beside_the_institutions(db: Db) {
    let app = spawn_app(Options::on(db)).await;
    let res = app.http.get(app.api("/institution/global-settings")).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers()["cache-control"], "public, max-age=300");
    let settings: serde_json::Value = res.json().await.unwrap();
    assert_eq!(settings["paymentWidget"], serde_json::json!({ "mode": "selection", "integrationId": "DICE", "experience": "NAO_CC_ONLY" }));
    assert_eq!(settings["timings"]["idleTimeoutMs"].as_u64(), Some(timings::IDLE_TIMEOUT_MS));
    assert_eq!(settings["timings"]["idleCheckMs"].as_u64(), Some(timings::IDLE_CHECK_MS));
    assert_eq!(settings["timings"]["sessionIdleTimeoutSecs"].as_u64(), Some(900));
    assert_eq!(settings["limits"]["maxRates"].as_u64(), Some(limits::MAX_RATES as u64));
    assert_eq!(settings["termsOfServicePath"], "/terms-of-service.pdf");
    assert_eq!(settings["appVersion"], env!("CARGO_PKG_VERSION"));
    let text = settings.to_string().to_lowercase();
    for secret in ["key", "secret", "password", "token", "contactemail"] {
        assert!(!text.contains(secret), "no {secret} in the global settings: {settings}");
    }

    // The institution route still answers beside it, and an unknown id is still unknown.
    let (s, b) = app.call(Method::GET, "/institution/summit-cu", None, None).await;
    assert_eq!((s, b["institutionId"].as_str()), (200, Some("summit-cu")));
    let (s, _) = app.call(Method::GET, "/institution/global-setting", None, None).await;
    assert_eq!(s, 404);
}

on_both_databases!(global_settings_are_served_beside_the_institutions);
