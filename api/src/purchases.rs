//! The API's side of the purchase workflow: start it (idempotently), signal it, and wait —
//! always bounded — for what the database (the read model) says it did.

use std::time::Duration;

use coverline_activities::purchase::VerifiedPayment;
use coverline_workflows::purchase::{PurchaseInput, PurchaseWorkflow};
use coverline_workflows::purchase_workflow_id;
use temporalio_client::errors::WorkflowStartError;
use temporalio_client::{WorkflowIdConflictPolicy, WorkflowIdReusePolicy, WorkflowSignalOptions, WorkflowStartOptions};

use crate::app::AppState;

/// Starts the purchase workflow of a policy; a workflow already running or finished for the
/// same quote is left as it is (one purchase per quote).
pub async fn start(state: &AppState, quote_id: &str, policy_id: &str) -> anyhow::Result<()> {
    let id = purchase_workflow_id(quote_id);
    let input = PurchaseInput {
        policy_id: policy_id.to_string(),
        booking_timeout_secs: state.config.booking_timeout.as_secs(),
        booking_attempt_timeout_secs: state.config.booking_attempt_timeout.as_secs(),
        payment_deadline_secs: state.config.payment_deadline.as_secs(),
    };
    let options = WorkflowStartOptions::new(state.config.task_queue.clone(), id.clone())
        .id_reuse_policy(WorkflowIdReusePolicy::RejectDuplicate)
        .id_conflict_policy(WorkflowIdConflictPolicy::UseExisting)
        .build();
    match tokio::time::timeout(Duration::from_secs(10), state.temporal.start_workflow(PurchaseWorkflow::run, input, options)).await {
        Ok(Ok(_)) | Ok(Err(WorkflowStartError::AlreadyStarted { .. })) => Ok(()),
        Ok(Err(e)) => Err(anyhow::Error::new(e).context(format!("starting workflow {id}"))),
        Err(_) => anyhow::bail!("Temporal did not answer starting {id}"),
    }
}

/// Asks the workflow of a quote to book again.
pub async fn retry_booking(state: &AppState, quote_id: &str, why: &str) -> anyhow::Result<()> {
    let id = purchase_workflow_id(quote_id);
    let handle = state.temporal.get_workflow_handle::<PurchaseWorkflow>(id.clone());
    tokio::time::timeout(Duration::from_secs(10), handle.signal(PurchaseWorkflow::retry_booking, why.to_string(), WorkflowSignalOptions::default()))
        .await
        .map_err(|_| anyhow::anyhow!("Temporal did not answer signalling {id}"))??;
    Ok(())
}

/// Hands a verified payment to the workflow of a quote (the workflow ignores a second one).
pub async fn payment_verified(state: &AppState, quote_id: &str, payment: VerifiedPayment) -> anyhow::Result<()> {
    let id = purchase_workflow_id(quote_id);
    let handle = state.temporal.get_workflow_handle::<PurchaseWorkflow>(id.clone());
    tokio::time::timeout(Duration::from_secs(10), handle.signal(PurchaseWorkflow::payment_verified, payment, WorkflowSignalOptions::default()))
        .await
        .map_err(|_| anyhow::anyhow!("Temporal did not answer signalling {id}"))??;
    Ok(())
}

/// Polls the policy's status until `done` says so or `limit` passes; returns the last status seen.
pub async fn wait_for_status(state: &AppState, policy_id: &str, limit: Duration, done: impl Fn(&str) -> bool) -> anyhow::Result<String> {
    let until = tokio::time::Instant::now() + limit;
    loop {
        let policy = state.store.policy(policy_id).await?.ok_or_else(|| anyhow::anyhow!("policy {policy_id} vanished"))?;
        if done(&policy.status) || tokio::time::Instant::now() >= until {
            return Ok(policy.status);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
