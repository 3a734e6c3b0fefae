//! The checkout funnel: its steps in order, which page of the web app stands for each, and the
//! Prometheus counters of the members reaching them (`coverline report funnel`, crate::services::funnel_report, prints the same
//! numbers from the stored events).
//!
//! Whom a step counts: the splash counts visitors, by the tab's analytics id (`clientId`), from the
//! pageviews sent before a user exists; the car pages to the payment page count members, by user
//! id, from their pageviews; `purchased` counts contracts paid, from the payments recorded. A
//! purchase is the payment the workflow recorded after the gateway verified the charge, not the
//! confirmation page's pageview: a tab closed after paying never sends that one, and a reload or a
//! hand-made call sends it again without paying.
//!
//! A member reaches a step once they view its page or any later step's: a member whose email was
//! verified before skips verify email, a continue link opens at the review, and the car-details
//! form asks mileage, miles per year and years to own at once. So each step's count is at most the
//! one before, and who left at a step is its count minus the next one's.

use std::sync::LazyLock;

use coverline_domain::steps;
use coverline_store::{Store, Viewer};
use prometheus::{IntCounterVec, Opts, register_int_counter_vec};
use serde::Serialize;

/// A step of the checkout funnel, in the order members go through them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FunnelStep {
    /// The splash (email and state of residence), before a user exists.
    Splash,
    /// Choosing how to find the car, and the VIN or description look-up.
    Vehicle,
    Mileage,
    MilesPerYear,
    /// Years to own, or the car-details form (mileage, miles per year and years to own at once).
    YearsToOwn,
    /// The coverage selection.
    Coverage,
    PersonalDetails,
    /// Sending the verification email and entering its code.
    VerifyEmail,
    /// Review and book.
    Review,
    /// The card page.
    Payment,
    /// A contract paid (a payment recorded).
    Purchased,
}

impl FunnelStep {
    /// Every step, in order.
    pub const ALL: [FunnelStep; 11] = [
        FunnelStep::Splash,
        FunnelStep::Vehicle,
        FunnelStep::Mileage,
        FunnelStep::MilesPerYear,
        FunnelStep::YearsToOwn,
        FunnelStep::Coverage,
        FunnelStep::PersonalDetails,
        FunnelStep::VerifyEmail,
        FunnelStep::Review,
        FunnelStep::Payment,
        FunnelStep::Purchased,
    ];

    /// The steps a member's pageviews count, in order.
    pub const MEMBER_PAGES: [FunnelStep; 9] = [
        FunnelStep::Vehicle,
        FunnelStep::Mileage,
        FunnelStep::MilesPerYear,
        FunnelStep::YearsToOwn,
        FunnelStep::Coverage,
        FunnelStep::PersonalDetails,
        FunnelStep::VerifyEmail,
        FunnelStep::Review,
        FunnelStep::Payment,
    ];

    /// Its name in reports and in the metrics' `step` label.
    pub fn as_str(self) -> &'static str {
        match self {
            FunnelStep::Splash => "splash",
            FunnelStep::Vehicle => "vehicle",
            FunnelStep::Mileage => "mileage",
            FunnelStep::MilesPerYear => "miles_per_year",
            FunnelStep::YearsToOwn => "years_to_own",
            FunnelStep::Coverage => "coverage",
            FunnelStep::PersonalDetails => "personal_details",
            FunnelStep::VerifyEmail => "verify_email",
            FunnelStep::Review => "review",
            FunnelStep::Payment => "payment",
            FunnelStep::Purchased => "purchased",
        }
    }

    /// The step a route of the web app (under `/{institutionId}/`) stands for, from its row in
    /// domain/steps.json; none for the other pages (errors, contact, confirmation, footer pages).
    fn of_route(route: &str) -> Option<FunnelStep> {
        let funnel = steps::of(steps::of_route(route)?).funnel?;
        Self::ALL.into_iter().find(|step| step.as_str() == funnel)
    }

    /// The step a pageview's path (`/summit-cu/user/car/mileage`, as the web sends it) shows at
    /// `institution_id`; none for a page of another institution or no step.
    fn of_page(institution_id: &str, page_path: &str) -> Option<FunnelStep> {
        let path = page_path.split(['?', '#']).next().unwrap_or_default();
        let route = path.strip_prefix('/')?.strip_prefix(institution_id)?.strip_prefix('/')?;
        Self::of_route(route.trim_end_matches('/'))
    }

    /// The step a member's pageview counts (a car page to the payment page).
    pub fn of_member_page(institution_id: &str, page_path: &str) -> Option<FunnelStep> {
        Self::of_page(institution_id, page_path).filter(|s| Self::MEMBER_PAGES.contains(s))
    }

    /// Whether a pageview sent without a user counts (the splash's).
    pub fn is_visitor_page(institution_id: &str, page_path: &str) -> bool {
        Self::of_page(institution_id, page_path) == Some(FunnelStep::Splash)
    }
}

/// The steps a member has reached once they view `step`'s page: it and every member step before
/// it (a continue link, the car-details form or an email verified before skip some pages).
pub fn reached_with(step: FunnelStep) -> impl Iterator<Item = FunnelStep> {
    FunnelStep::MEMBER_PAGES.into_iter().filter(move |s| *s <= step)
}

/// Visitors (splash) and members (car pages to the payment page) who reached a step for the first
/// time, per institution and step. Bounded labels: the institutions times the steps.
pub static REACHED: LazyLock<IntCounterVec> = LazyLock::new(|| {
    register_int_counter_vec!(
        Opts::new("coverline_funnel_reached_total", "Visitors (splash) and members who reached a checkout step for the first time"),
        &["institution", "step"]
    )
    .expect("metric registers once")
});

/// Counts a member's pageview of `page_path` in [`REACHED`]: each step it reaches for the first
/// time. The store records the steps reached in one statement and returns the new ones, so a
/// reload, a step gone back to and pageviews racing each other (or stored within the same
/// millisecond) count each step once.
pub async fn count_member_pageview(store: &Store, institution_id: &str, user_id: &str, page_path: &str) -> anyhow::Result<()> {
    let Some(step) = FunnelStep::of_member_page(institution_id, page_path) else { return Ok(()) };
    let steps: Vec<&str> = reached_with(step).map(FunnelStep::as_str).collect();
    for reached in store.reach_funnel_steps(institution_id, Viewer::Member(user_id), &steps).await? {
        REACHED.with_label_values(&[institution_id, &reached]).inc();
    }
    Ok(())
}

/// Counts a pageview sent without a user in [`REACHED`]: the tab's first view of the splash.
pub async fn count_visitor_pageview(store: &Store, institution_id: &str, client_id: &str, page_path: &str) -> anyhow::Result<()> {
    if !FunnelStep::is_visitor_page(institution_id, page_path) {
        return Ok(());
    }
    let splash = FunnelStep::Splash.as_str();
    for reached in store.reach_funnel_steps(institution_id, Viewer::Visitor(client_id), &[splash]).await? {
        REACHED.with_label_values(&[institution_id, &reached]).inc();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_map_to_steps_of_their_institution_only() {
        let step = |path| FunnelStep::of_member_page("summit-cu", path);
        assert_eq!(step("/summit-cu/user/car/lookup/vin"), Some(FunnelStep::Vehicle));
        assert_eq!(step("/summit-cu/user/car/details/"), Some(FunnelStep::YearsToOwn), "a trailing slash is the same page");
        assert_eq!(step("/summit-cu/user/verify-email/code-confirmation"), Some(FunnelStep::VerifyEmail));
        assert_eq!(step("/summit-cu/user/payment-details?x=1"), Some(FunnelStep::Payment));
        assert_eq!(step("/harborline-bank/user/car/mileage"), None, "another institution's page");
        assert_eq!(step("/summit-cu/user/no-rates"), None, "an error page is no step");
        assert_eq!(step("/summit-cu/user/confirmation"), None, "purchases come from payments");
        assert_eq!(step("/summit-cu/splash"), None, "the splash counts visitors, not members");
        assert_eq!(step("summit-cu/user/car/mileage"), None);
        assert!(FunnelStep::is_visitor_page("summit-cu", "/summit-cu/splash"));
        assert!(!FunnelStep::is_visitor_page("summit-cu", "/summit-cu/user/user-creation-error"));
    }

    #[test]
    fn a_step_reaches_the_skipped_ones_before_it() {
        use FunnelStep::*;
        let reached = |step| reached_with(step).collect::<Vec<_>>();
        assert_eq!(reached(Vehicle), [Vehicle]);
        assert_eq!(reached(Mileage), [Vehicle, Mileage], "a continue link at mileage reached the look-up too");
        assert_eq!(reached(YearsToOwn), [Vehicle, Mileage, MilesPerYear, YearsToOwn], "the car-details form");
        assert_eq!(reached(Review), [Vehicle, Mileage, MilesPerYear, YearsToOwn, Coverage, PersonalDetails, VerifyEmail, Review]);
    }

    #[test]
    fn steps_are_listed_in_order_with_distinct_names() {
        assert!(FunnelStep::ALL.windows(2).all(|w| w[0] < w[1]));
        let mut names: Vec<_> = FunnelStep::ALL.iter().map(|s| s.as_str()).collect();
        for (step, name) in FunnelStep::ALL.iter().zip(&names) {
            assert_eq!(serde_json::to_value(step).unwrap(), *name, "JSON and the metric label say the same");
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FunnelStep::ALL.len());
        assert!(FunnelStep::MEMBER_PAGES.iter().all(|s| FunnelStep::ALL.contains(s)));
    }
}
