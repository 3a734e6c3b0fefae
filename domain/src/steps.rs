//! Each step's facts, written once in `domain/steps.json` and read by the web too
//! (web/src/flow/steps.ts): its route, its screen's module, its funnel step, whether the checkout
//! records it, and its allowed-route gate (spec section 4). `build.rs` turns the file into
//! [`TABLE`]; a step without its row fails the build.
//!
//! The gate is written in milestones: what a member has reached. Each side finds them in its own
//! state (the server in the checkout's answers and facts and the purchase's status,
//! [`crate::checkout::Checkout::reached`]; the web in its flow's context), and the table says which
//! ones open each step. The cases in `domain/tests/gate-cases.json` run through both.

use crate::checkout::Step;

/// What a member has reached on the way to a contract, named as in `steps.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Milestone {
    /// A state of residence given (the splash).
    Residence,
    /// The institution sells in that state.
    Eligible,
    Vehicle,
    /// The odometer answered.
    Mileage,
    /// The car created.
    Car,
    /// A quote made for the car.
    Quoted,
    /// A coverage chosen from the quote.
    Rate,
    /// Personal details given, and a member of the institution.
    Member,
    /// Personal details given, and not a member.
    NonMember,
    /// The email verified with its code.
    Verified,
    /// A code emailed to the current address.
    CodeSent,
    /// The contract booked, not yet paid.
    Booked,
    BookingFailed,
    /// Paid (and perhaps fulfilled).
    Paid,
}

/// A step's screen in the web app.
#[derive(Debug)]
pub struct Screen {
    /// Its module, as Vite names it from `web/` (`src/features/car/vin-page.tsx`).
    pub module: &'static str,
    /// The module's named export that is the screen; none for its default export.
    pub export: Option<&'static str>,
    /// It draws with MUI's theme (every screen but the splash and the review).
    pub mui: bool,
}

/// The milestones that open a step.
#[derive(Debug)]
pub struct Gate {
    /// Every one reached.
    pub requires: &'static [Milestone],
    /// None reached.
    pub forbids: &'static [Milestone],
    /// Reached too when the member opens the step by URL (back, forward, a typed address).
    pub url_requires: &'static [Milestone],
}

impl Gate {
    /// Open for a member who has reached the milestones `reached` says.
    pub fn opens(&self, reached: impl Fn(Milestone) -> bool) -> bool {
        self.requires.iter().all(|&m| reached(m)) && !self.forbids.iter().any(|&m| reached(m))
    }
}

/// One row of `steps.json` (the fields the server reads).
#[derive(Debug)]
pub struct StepFacts {
    pub step: Step,
    /// Its route under `/{institutionId}/`.
    pub path: &'static str,
    pub screen: Screen,
    /// The funnel step its pageviews count (`FunnelStep::as_str`), if any.
    pub funnel: Option<&'static str>,
    /// The member's checkout records it (not the splash, not the user-creation error).
    pub recorded: bool,
    /// The member may open it by URL; error and contact pages are reached only by the flow.
    pub by_url: bool,
    pub gate: Gate,
}

include!(concat!(env!("OUT_DIR"), "/steps_table.rs"));

/// The step a route under `/{institutionId}/` shows (`user/car/mileage`), if any.
pub fn of_route(route: &str) -> Option<Step> {
    TABLE.iter().find(|row| row.path == route).map(|row| row.step)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_row_is_its_steps_and_each_route_one_steps() {
        for row in &TABLE {
            assert_eq!(of(row.step).step, row.step);
            assert_eq!(of_route(row.path), Some(row.step), "{}", row.path);
        }
        assert_eq!(of_route("user/car"), None);
    }
}
