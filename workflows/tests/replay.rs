//! Replays recorded histories of real checkouts against the current workflow code. A change that
//! would break checkouts already running (nondeterminism) fails here. Every `checkout-*.json` in
//! `tests/fixtures` is replayed; record them with `COVERLINE_RECORD_HISTORY=workflows/tests/fixtures
//! cargo test -p coverline-api --test it` (see that test) and keep the old ones: a change
//! must replay them all, or be versioned with a patch.

use coverline_workflows::checkout::CheckoutWorkflow;
use temporalio_client::WorkflowHistory;
use temporalio_sdk::workflow_replayer::{WorkflowReplayer, WorkflowReplayerOptions};

#[tokio::test]
async fn recorded_checkouts_replay_on_the_current_code() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut fixtures: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("checkout-") && n.ends_with(".json")))
        .collect();
    fixtures.sort();
    assert!(fixtures.len() >= 3, "recorded checkouts to replay in {}", dir.display());
    for path in fixtures {
        let history = WorkflowHistory::from_json(&std::fs::read(&path).expect("fixture")).expect("history JSON");
        let replayer =
            WorkflowReplayer::new(WorkflowReplayerOptions::new().register_workflow::<CheckoutWorkflow>().unwrap().build()).unwrap();
        replayer.replay_workflow(history).await.unwrap_or_else(|e| panic!("{} replays deterministically: {e:?}", path.display()));
    }
}

#[tokio::test]
async fn recorded_cancellations_replay_on_the_current_code() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut fixtures: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("cancellation-") && n.ends_with(".json")))
        .collect();
    fixtures.sort();
    assert!(fixtures.len() >= 2, "recorded cancellations (refunded, requested) to replay in {}", dir.display());
    for path in fixtures {
        let history = WorkflowHistory::from_json(&std::fs::read(&path).expect("fixture")).expect("history JSON");
        let replayer = WorkflowReplayer::new(
            WorkflowReplayerOptions::new().register_workflow::<coverline_workflows::cancellation::CancellationWorkflow>().unwrap().build(),
        )
        .unwrap();
        replayer.replay_workflow(history).await.unwrap_or_else(|e| panic!("{} replays deterministically: {e:?}", path.display()));
    }
}
