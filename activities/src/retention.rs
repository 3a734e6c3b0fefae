//! The retention activity (`RetentionWorkflow`): erases the personal data of members whose
//! checkout was abandoned for longer than the retention period and whom no contract obliges us to
//! keep (GLBA Safeguards Rule, 16 CFR 314.4(c)(6): dispose of customer information no later than
//! two years after it was last used, unless it is still needed). What it erases and keeps:
//! `coverline_store`'s erasure module. Counts go to the workflow; no member's data does.

use std::sync::Arc;
use std::time::Duration;

use coverline_store::Store;
use serde::{Deserialize, Serialize};
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};

/// Members erased per run of the activity (the workflow runs it again at once while it is full).
pub const ERASE_BATCH: i64 = 200;

/// What a run erased.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Erased {
    pub members: u32,
    /// A full batch: more may be waiting.
    pub more: bool,
}

/// The retention activity: the database and the retention period (`COVERLINE_RETENTION_DAYS`).
pub struct RetentionActivities {
    pub store: Store,
    pub keep: Duration,
}

#[activities]
impl RetentionActivities {
    /// Erases a batch of members abandoned for longer than the retention period, as of now.
    #[activity(name = "erase_abandoned")]
    pub async fn erase_abandoned(self: Arc<Self>, ctx: ActivityContext, _input: ()) -> Result<Erased, ActivityError> {
        crate::metrics::observe(&ctx, "erase_abandoned", async {
            let now = coverline_store::now();
            let before = now - self.keep.as_secs() as i64;
            let members = self.store.abandoned_members(before, ERASE_BATCH).await?;
            for user_id in &members {
                // Checked again one by one: a member may have bought since the list was read.
                if self.store.must_keep_member(user_id).await?.is_none() {
                    self.store.erase_member(user_id, now).await?;
                }
            }
            tracing::info!(erased = members.len(), "retention: personal data of abandoned checkouts erased");
            Ok::<_, anyhow::Error>(Erased { members: members.len() as u32, more: members.len() as i64 == ERASE_BATCH })
        })
        .await
        .map_err(ActivityError::from)
    }
}
