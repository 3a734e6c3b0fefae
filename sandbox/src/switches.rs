//! The gateway's test switches, like the provider's: `POST` (or `PUT`) and `GET
//! /_sandbox/gateway/behaviour`, merchant bearer. They act on the merchant API only, the
//! server-to-server calls Coverline makes (`POST /v1/sign`, `POST /v1/verify`,
//! `GET /v1/requests/{id}`, `GET /v1/charges`, `POST /v1/refunds`), never on the widget or the
//! card charge. Not persisted: a restart clears them.
//!
//! ```json
//! { "delayMs": 0, "failNextWith": 503, "failTimes": 3, "dropNext": 1, "only": "refunds" }
//! ```
//!
//! - `delayMs`: every matching call is answered this late (whatever it did is already done).
//! - `failNextWith` (400-599) and `failTimes` (default 1): the next `failTimes` matching calls
//!   are answered with that status and the gateway's error envelope, doing nothing.
//! - `dropNext`: the next `dropNext` matching calls get no answer at all: the request is read,
//!   nothing is written back, and the server closes the TCP connection (a FIN; the client sees
//!   the connection closed before a response, as when a gateway crashes mid-request). Drops are
//!   used before failures: `{"failNextWith": 503, "failTimes": 2, "dropNext": 1}` drops the next
//!   call, then fails two.
//! - `only`: `sign`, `verify`, `requests`, `charges` or `refunds` limits every switch to that
//!   operation; the other calls are served normally and use up nothing.
//!
//! `GET` answers the switches as they are now (the counts left). Posting `{}` turns them all off.

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use axum::routing::post;
use axum::{Router, middleware};
use serde::{Deserialize, Serialize};

use crate::gateway::{MSG_UNAUTHORIZED, fail};
use crate::{Shared, auth};

const MSG_FORCED: &str = "The gateway is unavailable (failure forced by the sandbox behaviour switch).";
/// The largest request body read before a dropped connection is closed.
const MAX_DRAINED_BODY: usize = 1 << 20;

/// A merchant API operation, as `only` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Operation {
    Sign,
    Verify,
    Requests,
    Charges,
    Refunds,
}

impl Operation {
    /// The operation a merchant API path belongs to.
    fn of(path: &str) -> Option<Self> {
        match path {
            "/v1/sign" => Some(Self::Sign),
            "/v1/verify" => Some(Self::Verify),
            "/v1/charges" => Some(Self::Charges),
            "/v1/refunds" => Some(Self::Refunds),
            p if p.starts_with("/v1/requests/") => Some(Self::Requests),
            _ => None,
        }
    }
}

/// The gateway's switches (see the module docs).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GatewayBehaviour {
    #[serde(default)]
    pub delay_ms: u64,
    #[serde(default)]
    pub fail_next_with: Option<u16>,
    /// How many calls `failNextWith` answers; 1 when absent. Counts down; at 0 the failure is off.
    #[serde(default)]
    pub fail_times: Option<u32>,
    /// How many calls are dropped; counts down.
    #[serde(default)]
    pub drop_next: u32,
    #[serde(default)]
    pub only: Option<Operation>,
}

/// What a call gets from the switches.
enum Action {
    Serve,
    Fail(StatusCode),
    Drop,
}

impl GatewayBehaviour {
    /// Decides what the next call to `operation` gets, using up a drop or a failure.
    fn take(&mut self, operation: Operation) -> Option<(Action, u64)> {
        if self.only.is_some_and(|only| only != operation) {
            return None;
        }
        let action = if self.drop_next > 0 {
            self.drop_next -= 1;
            Action::Drop
        } else if let Some(status) = self.fail_next_with {
            let left = self.fail_times.unwrap_or(1).saturating_sub(1);
            if left == 0 {
                self.fail_next_with = None;
                self.fail_times = None;
            } else {
                self.fail_times = Some(left);
            }
            StatusCode::from_u16(status).map_or(Action::Serve, Action::Fail)
        } else {
            Action::Serve
        };
        Some((action, self.delay_ms))
    }

    fn is_off(&self) -> bool {
        self.delay_ms == 0 && self.fail_next_with.is_none() && self.drop_next == 0
    }
}

pub fn routes() -> Router<Shared> {
    Router::new().route("/_sandbox/gateway/behaviour", post(set_behaviour).put(set_behaviour).get(get_behaviour))
}

/// Applies the switches to a merchant API call (a `route_layer` on the merchant routes).
pub async fn apply(State(sandbox): State<Shared>, request: Request, next: Next) -> Response {
    let Some(operation) = Operation::of(request.uri().path()) else {
        return next.run(request).await;
    };
    let taken = {
        let mut switches = sandbox.gateway_behaviour.lock().unwrap_or_else(|p| p.into_inner());
        if switches.is_off() { None } else { switches.take(operation) }
    };
    let Some((action, delay_ms)) = taken else {
        return next.run(request).await;
    };
    let response = match action {
        Action::Serve => next.run(request).await,
        Action::Fail(status) => {
            tracing::info!(?operation, %status, "gateway failing a merchant call on request");
            fail(status, MSG_FORCED)
        }
        Action::Drop => {
            tracing::info!(?operation, "gateway dropping a merchant call's connection on request");
            // Read the whole request first, so the close is a plain FIN rather than a reset.
            let _ = axum::body::to_bytes(request.into_body(), MAX_DRAINED_BODY).await;
            dropped()
        }
    };
    if delay_ms > 0 {
        tokio::time::sleep(Duration::from_millis(delay_ms)).await;
    }
    response
}

/// A response whose body fails before its first byte: hyper then abandons the connection without
/// writing anything (the status line is only buffered until the body's first frame), and closes
/// the socket.
fn dropped() -> Response {
    let body = futures::stream::once(async { Err::<Bytes, _>(std::io::Error::other("connection dropped by the sandbox switch")) });
    Response::new(Body::from_stream(body))
}

async fn set_behaviour(State(sandbox): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.merchant_key) {
        return fail(StatusCode::UNAUTHORIZED, MSG_UNAUTHORIZED);
    }
    let behaviour: GatewayBehaviour = match serde_json::from_slice(&body) {
        Ok(b) => b,
        Err(e) => return fail(StatusCode::UNPROCESSABLE_ENTITY, &format!("Malformed behaviour: {e}")),
    };
    if behaviour.fail_next_with.is_some_and(|s| !(400..=599).contains(&s)) {
        return fail(StatusCode::UNPROCESSABLE_ENTITY, "failNextWith must be an HTTP error status (400-599).");
    }
    if behaviour.fail_times == Some(0) || (behaviour.fail_times.is_some() && behaviour.fail_next_with.is_none()) {
        return fail(StatusCode::UNPROCESSABLE_ENTITY, "failTimes must be positive and go with failNextWith.");
    }
    tracing::info!(?behaviour, "gateway behaviour changed");
    *sandbox.gateway_behaviour.lock().unwrap_or_else(|p| p.into_inner()) = behaviour.clone();
    crate::gateway::ok(behaviour)
}

async fn get_behaviour(State(sandbox): State<Shared>, headers: HeaderMap) -> Response {
    if !auth::bearer_ok(&headers, &sandbox.config.merchant_key) {
        return fail(StatusCode::UNAUTHORIZED, MSG_UNAUTHORIZED);
    }
    let behaviour = sandbox.gateway_behaviour.lock().unwrap_or_else(|p| p.into_inner()).clone();
    crate::gateway::ok(behaviour)
}

/// The merchant routes with the switches applied.
pub fn layered(merchant: Router<Shared>, shared: &Shared) -> Router<Shared> {
    merchant.route_layer(middleware::from_fn_with_state(shared.clone(), apply))
}
