//! Replays recorded histories of real checkouts and cancellations against the current workflow
//! code. A change that would break workflows already running (nondeterminism) fails here. Every
//! `checkout-*.json` and `cancellation-*.json` in `tests/fixtures` is replayed; record them with
//! `COVERLINE_RECORD_HISTORY=workflows/tests/fixtures cargo test -p coverline-api --test it` (see
//! those tests) and keep the old ones: a change must replay them all, or be versioned with a patch.

use coverline_workflows::cancellation::CancellationWorkflow;
use coverline_workflows::checkout::CheckoutWorkflow;
use temporalio_client::WorkflowHistory;
use temporalio_sdk::workflow_replayer::{WorkflowReplayer, WorkflowReplayerOptions};

/// Replays every `<prefix>-*.json` fixture (at least `at_least` of them) on a replayer from `options`.
async fn replay_fixtures(prefix: &str, at_least: usize, options: impl Fn() -> WorkflowReplayerOptions) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut fixtures: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with(&format!("{prefix}-")) && n.ends_with(".json")))
        .collect();
    fixtures.sort();
    assert!(fixtures.len() >= at_least, "recorded {prefix} histories to replay in {}", dir.display());
    for path in fixtures {
        let history = WorkflowHistory::from_json(&std::fs::read(&path).expect("fixture")).expect("history JSON");
        let replayer = WorkflowReplayer::new(options()).unwrap();
        replayer.replay_workflow(history).await.unwrap_or_else(|e| panic!("{} replays deterministically: {e:?}", path.display()));
    }
}

#[tokio::test]
async fn recorded_checkouts_replay_on_the_current_code() {
    replay_fixtures("checkout", 3, || WorkflowReplayerOptions::new().register_workflow::<CheckoutWorkflow>().unwrap().build()).await;
}

#[tokio::test]
async fn recorded_cancellations_replay_on_the_current_code() {
    // Before the state rules (no patch marker): refunded within the flat 30 days, and requested
    // after them. Under them (the `cancellation-state-rules` marker): a free look refunded to the
    // card, and a pro rata refund owed by check.
    replay_fixtures("cancellation", 4, || WorkflowReplayerOptions::new().register_workflow::<CancellationWorkflow>().unwrap().build())
        .await;
}
