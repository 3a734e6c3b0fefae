//! Replays recorded histories of real purchases against the current workflow code. A change
//! that would break purchases already running (nondeterminism) fails here. Refresh the fixture
//! with `COVERLINE_RECORD_HISTORY=workflows/tests/fixtures make test` only when a change is
//! deliberately incompatible (and versioned).

use temporalio_client::WorkflowHistory;
use temporalio_sdk::workflow_replayer::{WorkflowReplayer, WorkflowReplayerOptions};
use coverline_workflows::purchase::PurchaseWorkflow;

fn fixture(name: &str) -> WorkflowHistory {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name);
    WorkflowHistory::from_json(&std::fs::read(&path).expect("fixture")).expect("history JSON")
}

#[tokio::test]
async fn a_fulfilled_purchase_replays_on_the_current_code() {
    let history = fixture("purchase-fulfilled.json");
    let replayer = WorkflowReplayer::new(WorkflowReplayerOptions::new().register_workflow::<PurchaseWorkflow>().unwrap().build()).unwrap();
    replayer.replay_workflow(history).await.expect("the recorded purchase replays deterministically");
}
