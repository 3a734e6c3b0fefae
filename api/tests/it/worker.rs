//! Scale-out: `coverline serve` with `COVERLINE_WORKER=off` and a separate `coverline worker`
//! process run a purchase together. The worker serves Prometheus metrics of its own, and its JSON
//! log lines about the purchase each carry the purchase's workflow id.
//!
//! SQLite only, on purpose: what this tests (the process split, the worker's metrics listener and
//! its JSON log lines) does not depend on the database. The worker runs the same activities, with
//! the same store queries, as the in-process worker of every other scenario, and those run on both
//! engines (`api::purchase_end_to_end` is this purchase on Postgres). SQLite is also the harder
//! case for two processes sharing one database (one file, one writer at a time).

use std::time::Duration;

use crate::support::process::{coverline, free_port, wait_up};
use crate::support::{Db, TestApp, fresh_database, pay, random_suffix, ready_to_book, smtp::Inbox, wait_for_policy_status};
use reqwest::Method;
use serde_json::Value;

#[tokio::test(flavor = "multi_thread")]
async fn a_separate_worker_runs_the_purchase_with_metrics_and_json_logs() {
    let temporal = std::env::var("TEMPORAL_ADDRESS").expect("TEMPORAL_ADDRESS");
    let mail = Inbox::start().await;
    let database_url = fresh_database(Db::Sqlite).await;
    let (app_port, sandbox_port, metrics_port) = (free_port(), free_port(), free_port());
    let task_queue = format!("worker-{}", random_suffix());
    let url = format!("http://127.0.0.1:{app_port}");
    let sandbox_url = format!("http://127.0.0.1:{sandbox_port}");
    let env = vec![
        ("COVERLINE_ADDR", format!("127.0.0.1:{app_port}")),
        ("COVERLINE_PUBLIC_URL", url.clone()),
        ("COVERLINE_SANDBOX_ADDR", format!("127.0.0.1:{sandbox_port}")),
        ("COVERLINE_SANDBOX_STATE", std::env::temp_dir().join(format!("coverline-sandbox-{}.json", random_suffix())).display().to_string()),
        ("COVERLINE_GATEWAY_URL", sandbox_url.clone()),
        ("COVERLINE_PROVIDER_URL", sandbox_url.clone()),
        ("DATABASE_URL", database_url.clone()),
        ("TEMPORAL_ADDRESS", temporal),
        ("COVERLINE_TASK_QUEUE", task_queue.clone()),
        ("COVERLINE_SMTP_URL", format!("smtp://127.0.0.1:{}", mail.port)),
        ("COVERLINE_LOG_FORMAT", "json".into()),
        ("RUST_LOG", "info,temporalio=warn,sqlx=warn".into()),
        ("COVERLINE_METRICS_ADDR", format!("127.0.0.1:{metrics_port}")),
    ];
    let mut serve_env: Vec<_> = env.iter().filter(|(k, _)| *k != "COVERLINE_METRICS_ADDR").cloned().collect();
    serve_env.push(("COVERLINE_WORKER", "off".into()));
    serve_env.push(("COVERLINE_METRICS_ADDR", format!("127.0.0.1:{}", free_port())));
    let log_path = std::env::temp_dir().join(format!("coverline-worker-{}.log", random_suffix()));
    let _serve = coverline(&["serve"], &serve_env, None);
    let app = TestApp::external(url.clone(), sandbox_url.clone(), mail.clone(), database_url.clone());
    wait_up(&app.http, &format!("{url}/api/health")).await;
    let _worker = coverline(&["worker"], &env, Some(std::fs::File::create(&log_path).unwrap()));
    wait_up(&app.http, &format!("http://127.0.0.1:{metrics_port}/metrics")).await;

    let (m, booking) = ready_to_book(&app).await;
    let (s, booked) = app.call(Method::POST, &TestApp::user_path(&m, "/policy"), Some(&m.token), Some(booking.clone())).await;
    assert_eq!(s, 200, "the separate worker booked: {booked}");
    let policy_id = booked["policy"]["policyId"].as_str().unwrap().to_string();
    let (s, verified) = pay(&app, &m, &policy_id, "4242424242424242").await;
    assert_eq!(s, 200, "{verified}");
    assert_eq!(wait_for_policy_status(&app, &m, &policy_id, "fulfilled").await, "fulfilled");

    let metrics = app.http.get(format!("http://127.0.0.1:{metrics_port}/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(metrics.contains("coverline_activity_runs_total{activity=\"send_purchase_email\",result=\"ok\"} 2"), "{metrics}");
    assert!(metrics.contains("coverline_purchase_outcomes_total{outcome=\"fulfilled\"} 1"), "{metrics}");

    let workflow_id = coverline_workflows::checkout_workflow_id(&m.user_id);
    // The worker writes its log in the background: read it once it holds the booking's line, whole.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let (log, lines) = loop {
        let log = std::fs::read_to_string(&log_path).unwrap();
        let lines: Vec<Value> = log.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
        let booking_logged = lines.iter().any(|l| {
            l["span"]["name"] == "activity"
                && l["span"]["workflow_id"] == workflow_id.as_str()
                && l["fields"]["message"] == "booking contract"
        });
        if (booking_logged && log.ends_with('\n')) || std::time::Instant::now() >= deadline {
            break (log, lines);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(!lines.is_empty() && lines.len() == log.lines().count(), "every line is JSON:\n{log}");
    let activity_lines: Vec<&Value> = lines.iter().filter(|l| l["span"]["name"] == "activity").collect();
    assert!(!activity_lines.is_empty(), "the worker logged the purchase's activities:\n{log}");
    // Each names its workflow: the member's checkout, or the retention job `serve` started.
    let retention = coverline_workflows::retention::retention_workflow_id(&task_queue);
    for line in &activity_lines {
        let id = line["span"]["workflow_id"].as_str().unwrap_or_default();
        assert!(id == workflow_id || id == retention, "{line}");
    }
    assert!(activity_lines.iter().any(|l| l["span"]["workflow_id"] == workflow_id.as_str()), "{log}");
    assert!(activity_lines.iter().any(|l| l["fields"]["message"] == "booking contract"), "{log}");
    let _ = std::fs::remove_file(&log_path);
}
