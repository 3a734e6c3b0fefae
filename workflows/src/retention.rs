//! The retention workflow: one per task queue (`retention-<taskQueue>`), started by `coverline
//! serve` if it is not running. Every `every_secs` it erases the personal data of checkouts
//! abandoned for longer than the retention period (the activity reads the period from its
//! worker's configuration, so a change applies at the next run), batch after batch until none is
//! left, then sleeps and continues as new: its history stays a few events long, whatever its age.
//!
//! ```text
//! erase_abandoned ──(a full batch)──▶ erase_abandoned ... ──▶ timer(every) ──▶ continue as new
//! ```

use std::time::Duration;

use coverline_activities::retention::RetentionActivities;
use serde::{Deserialize, Serialize};
use temporalio_macros::{workflow, workflow_methods};
use temporalio_sdk::{ActivityOptions, WorkflowContext, WorkflowContextView, WorkflowResult};

/// The retention workflow's id on a task queue.
pub fn retention_workflow_id(task_queue: &str) -> String {
    format!("retention-{task_queue}")
}

/// How often the retention workflow runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RetentionInput {
    pub every_secs: u64,
}

/// Batches erased in one run at most (then the timer: the rest waits for the next run).
const BATCHES_PER_RUN: u32 = 50;

#[workflow]
pub struct RetentionWorkflow {
    input: RetentionInput,
}

#[workflow_methods]
impl RetentionWorkflow {
    #[init]
    pub fn new(_ctx: &WorkflowContextView, input: RetentionInput) -> Self {
        Self { input }
    }

    #[run]
    pub async fn run(ctx: &mut WorkflowContext<Self>) -> WorkflowResult<()> {
        let input = ctx.state(|s| s.input.clone());
        let options = ActivityOptions::with_start_to_close_timeout(Duration::from_secs(300))
            .retry_policy(crate::backoff(Duration::from_secs(600)))
            .build();
        for _ in 0..BATCHES_PER_RUN {
            let erased = ctx.execute_activity(RetentionActivities::erase_abandoned, (), options.clone()).await?;
            if !erased.more {
                break;
            }
        }
        ctx.timer(Duration::from_secs(input.every_secs.max(60))).await;
        ctx.continue_as_new(input, Default::default())?;
        Ok(())
    }
}
