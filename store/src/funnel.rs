//! What the checkout funnel reads (`coverline report funnel`, the funnel counters): the pages each
//! visitor or member viewed, and the payments recorded. Which page is which step is the API's
//! funnel definition; the store only lists the pages.

use anyhow::Context;
use sqlx::Row;

use crate::Store;

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

/// One pageview as stored, in the order the viewer sent them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPageview {
    pub event_id: String,
    pub page_path: String,
}

fn first_pageviews(rows: &[sqlx::any::AnyRow]) -> Vec<FirstPageview> {
    rows.iter().map(|r| FirstPageview { viewer: r.get(0), page_path: r.get(1), first_at: r.get(2) }).collect()
}

fn pageviews(rows: &[sqlx::any::AnyRow]) -> Vec<StoredPageview> {
    rows.iter().map(|r| StoredPageview { event_id: r.get(0), page_path: r.get(1) }).collect()
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

    /// A member's pageviews at an institution, oldest first.
    pub async fn member_pageviews(&self, institution_id: &str, user_id: &str) -> anyhow::Result<Vec<StoredPageview>> {
        let rows = sqlx::query(
            "SELECT event_id, page_path FROM analytics_events \
             WHERE user_id = $1 AND institution_id = $2 AND hit_type = 'pageview' AND page_path IS NOT NULL \
             ORDER BY created_at, event_id",
        )
        .bind(user_id)
        .bind(institution_id)
        .fetch_all(&self.pool)
        .await
        .context("listing a member's pageviews")?;
        Ok(pageviews(&rows))
    }

    /// The pageviews a tab (its analytics id) sent without a user at an institution, oldest first.
    pub async fn visitor_pageviews(&self, institution_id: &str, client_id: &str) -> anyhow::Result<Vec<StoredPageview>> {
        let rows = sqlx::query(
            "SELECT event_id, page_path FROM anonymous_pageviews \
             WHERE client_id = $1 AND institution_id = $2 AND page_path IS NOT NULL ORDER BY created_at, event_id",
        )
        .bind(client_id)
        .bind(institution_id)
        .fetch_all(&self.pool)
        .await
        .context("listing a visitor's pageviews")?;
        Ok(pageviews(&rows))
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
