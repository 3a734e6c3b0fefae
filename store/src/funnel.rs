//! What the checkout funnel reads and writes: the pages each visitor or member viewed and the
//! payments recorded (`coverline report funnel`), and the steps each has reached (the funnel
//! counters). Which page is which step is the API's funnel definition; the store only lists pages
//! and records step names.

use anyhow::Context;
use sqlx::Row;

use crate::{Store, now};

/// A page one visitor (a tab's analytics id) or member (a user id) viewed, with the first time
/// they viewed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirstPageview {
    /// The member's user id, or the tab's analytics id for a pageview without a user.
    pub viewer: String,
    pub page_path: String,
    /// Unix seconds of the viewer's first pageview of this page.
    pub first_at: i64,
}

/// Who reached a funnel step: a member (by user id) or a visitor (a tab's analytics id, before a
/// user exists).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer<'a> {
    Member(&'a str),
    Visitor(&'a str),
}

fn first_pageviews(rows: &[sqlx::any::AnyRow]) -> Vec<FirstPageview> {
    rows.iter().map(|r| FirstPageview { viewer: r.get(0), page_path: r.get(1), first_at: r.get(2) }).collect()
}

impl Store {
    /// Every page the members of an institution who sent a pageview since `since` have ever viewed
    /// there, each with its first time: whether a member first reached a step in the window depends
    /// on what they saw before it.
    pub async fn member_first_pageviews(&self, institution_id: &str, since: i64) -> anyhow::Result<Vec<FirstPageview>> {
        let rows = sqlx::query(
            "SELECT user_id, page_path, MIN(created_at) FROM analytics_events \
             WHERE institution_id = $1 AND hit_type = 'pageview' AND page_path IS NOT NULL AND user_id IN \
             (SELECT user_id FROM analytics_events WHERE institution_id = $1 AND hit_type = 'pageview' AND created_at >= $2) \
             GROUP BY user_id, page_path",
        )
        .bind(institution_id)
        .bind(since)
        .fetch_all(&self.pool)
        .await
        .context("listing members' first pageviews")?;
        Ok(first_pageviews(&rows))
    }

    /// Like [`Store::member_first_pageviews`] for the pageviews sent without a user, by the tab's
    /// analytics id (a pageview without one names no visitor and is left out).
    pub async fn visitor_first_pageviews(&self, institution_id: &str, since: i64) -> anyhow::Result<Vec<FirstPageview>> {
        let rows = sqlx::query(
            "SELECT client_id, page_path, MIN(created_at) FROM anonymous_pageviews \
             WHERE institution_id = $1 AND page_path IS NOT NULL AND client_id IN \
             (SELECT client_id FROM anonymous_pageviews WHERE institution_id = $1 AND created_at >= $2) \
             GROUP BY client_id, page_path",
        )
        .bind(institution_id)
        .bind(since)
        .fetch_all(&self.pool)
        .await
        .context("listing visitors' first pageviews")?;
        Ok(first_pageviews(&rows))
    }

    /// Records that `viewer` reached `steps` at an institution, and returns those of them reached
    /// for the first time. One statement (a multi-row insert that skips the steps already there and
    /// returns the others), so of any number of concurrent calls for the same step exactly one gets
    /// it back, on both databases, whatever order their pageviews were stored in.
    pub async fn reach_funnel_steps(&self, institution_id: &str, viewer: Viewer<'_>, steps: &[&str]) -> anyhow::Result<Vec<String>> {
        if steps.is_empty() {
            return Ok(Vec::new());
        }
        let (kind, id) = match viewer {
            Viewer::Member(user_id) => ("member", user_id),
            Viewer::Visitor(client_id) => ("visitor", client_id),
        };
        let values: Vec<String> = (0..steps.len()).map(|i| format!("($1, $2, $3, $4, ${})", i + 5)).collect();
        let sql = format!(
            "INSERT INTO funnel_reached (institution_id, viewer_kind, viewer, reached_at, step) VALUES {} \
             ON CONFLICT (institution_id, viewer_kind, viewer, step) DO NOTHING RETURNING step",
            values.join(", ")
        );
        let mut query = sqlx::query(&sql).bind(institution_id).bind(kind).bind(id).bind(now());
        for step in steps {
            query = query.bind(*step);
        }
        let rows = query.fetch_all(&self.writer).await.context("recording the funnel steps reached")?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Payments recorded since `since` for the institution's contracts (one per contract paid).
    pub async fn payments_since(&self, institution_id: &str, since: i64) -> anyhow::Result<i64> {
        let row = sqlx::query(
            "SELECT COUNT(*) FROM payments p JOIN policies o ON o.policy_id = p.policy_id WHERE o.institution_id = $1 AND p.paid_at >= $2",
        )
        .bind(institution_id)
        .bind(since)
        .fetch_one(&self.pool)
        .await
        .context("counting payments")?;
        Ok(row.get(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STEPS: [&str; 5] = ["vehicle", "mileage", "miles_per_year", "years_to_own", "coverage"];

    #[tokio::test]
    async fn fifty_concurrent_pageviews_reach_each_step_once() {
        for store in crate::test_stores("funnel").await {
            // 50 pageviews of one member at once, each reaching the steps up to one of five pages.
            let calls = (0..50).map(|i| {
                let store = store.clone();
                tokio::spawn(async move {
                    let upto = &STEPS[..=i % STEPS.len()];
                    store.reach_funnel_steps("cu", Viewer::Member("usr_1"), upto).await.unwrap()
                })
            });
            let mut firsts = Vec::new();
            for call in calls {
                firsts.extend(call.await.unwrap());
            }
            firsts.sort();
            let mut expected: Vec<String> = STEPS.iter().map(|s| s.to_string()).collect();
            expected.sort();
            assert_eq!(firsts, expected, "on {:?}: each step is new to exactly one pageview", store.backend());

            let again = store.reach_funnel_steps("cu", Viewer::Member("usr_1"), &STEPS).await.unwrap();
            assert!(again.is_empty(), "a reload reaches nothing new");
            let visitor = store.reach_funnel_steps("cu", Viewer::Visitor("usr_1"), &["vehicle"]).await.unwrap();
            assert_eq!(visitor, ["vehicle"], "a visitor is not the member of the same id");
            let elsewhere = store.reach_funnel_steps("other-cu", Viewer::Member("usr_1"), &["vehicle"]).await.unwrap();
            assert_eq!(elsewhere, ["vehicle"], "funnels are per institution");
            assert!(store.reach_funnel_steps("cu", Viewer::Member("usr_2"), &[]).await.unwrap().is_empty());
        }
    }
}
