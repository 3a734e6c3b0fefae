//! Starting a purchase's cancellation workflow and waiting for its outcome: shared by the member's
//! call (find-your-contract) and `coverline support cancel`.

use std::time::Duration;

use anyhow::Context;
use coverline_activities::cancellation::CancelledBy;
use coverline_workflows::cancellation::{CancellationInput, CancellationOutcome, CancellationWorkflow, cancellation_workflow_id};
use temporalio_client::errors::WorkflowStartError;
use temporalio_client::{Client, WorkflowIdConflictPolicy, WorkflowIdReusePolicy, WorkflowStartOptions};

/// Asks to cancel `policy_id` (once: a second request joins the first, running or finished) and
/// waits up to `wait` for the outcome; `None` when it is still under way (the provider or the
/// gateway is slow: the workflow keeps trying).
pub async fn request(
    temporal: &Client,
    task_queue: &str,
    policy_id: &str,
    by: CancelledBy,
    requested_at: i64,
    odometer_now: Option<u32>,
    wait: Duration,
) -> anyhow::Result<Option<CancellationOutcome>> {
    let id = cancellation_workflow_id(policy_id);
    let options = WorkflowStartOptions::new(task_queue.to_string(), id.clone())
        .id_reuse_policy(WorkflowIdReusePolicy::RejectDuplicate)
        .id_conflict_policy(WorkflowIdConflictPolicy::UseExisting)
        .build();
    let input = CancellationInput { policy_id: policy_id.to_string(), by, requested_at, odometer_now };
    match tokio::time::timeout(Duration::from_secs(10), temporal.start_workflow(CancellationWorkflow::run, input, options)).await {
        Ok(Ok(_)) | Ok(Err(WorkflowStartError::AlreadyStarted { .. })) => {}
        Ok(Err(e)) => return Err(anyhow::Error::new(e).context(format!("starting workflow {id}"))),
        Err(_) => anyhow::bail!("Temporal did not answer starting {id}"),
    }
    let handle = temporal.get_workflow_handle::<CancellationWorkflow>(id.clone());
    match tokio::time::timeout(wait, handle.get_result(Default::default())).await {
        Ok(result) => Ok(Some(result.with_context(|| format!("the outcome of {id}"))?)),
        Err(_) => Ok(None),
    }
}
