//! The API's side of the checkout workflow: start it, record steps and ask it things with
//! Updates (each bounded in time), and read it with a query or, when Temporal cannot answer at
//! once, from the read model the API keeps of the workflow's answers.

use coverline_domain::ErrorCode;
use std::time::Duration;

use anyhow::Context;
use axum::http::StatusCode;
use coverline_domain::checkout::{Answers, Facts, Step};
use coverline_domain::institution::Institution;
use coverline_domain::lifecycle::PurchaseStatus;
use coverline_store::{CheckoutRecord, UserRecord};
use coverline_workflows::checkout::{
    AdvanceInput, BookInput, ChargeReport, ChargeVerdict, CheckoutInput, CheckoutView, CheckoutWorkflow, CodeSent, INSTITUTION_ATTRIBUTE,
    PaymentRequestOutcome, Refused, SendCodeInput, Timings,
};
use coverline_workflows::checkout_workflow_id;
use temporalio_client::errors::{WorkflowQueryError, WorkflowStartError, WorkflowUpdateError, WorkflowUpdateWithStartError};
use temporalio_client::{
    RpcOptions, WorkflowIdConflictPolicy, WorkflowIdReusePolicy, WorkflowQueryOptions, WorkflowStartOptions, WorkflowUpdateWithStartOptions,
};
use temporalio_common::search_attributes::SearchAttributes;

use crate::http::app::AppState;
use crate::http::error::{ApiError, ApiResult};

/// How long a step's Update may take before the API answers from what it knows.
const STEP_LIMIT: Duration = Duration::from_secs(10);
/// How long a code send may take (the email goes out inside it).
const SEND_LIMIT: Duration = Duration::from_secs(30);
/// How long a payment request or a charge report may take (the gateway is asked inside it).
const PAYMENT_LIMIT: Duration = Duration::from_secs(30);
/// How long a read of the workflow may take before the read model answers.
const QUERY_LIMIT: Duration = Duration::from_secs(2);
/// A checkout's workflow task that takes longer was lost with its worker and is handed to another
/// (Temporal's default is 10 s; a checkout's tasks take milliseconds, and a member waits on them).
const TASK_TIMEOUT: Duration = Duration::from_secs(5);

/// The workflow's timings from the configuration.
pub fn timings(state: &AppState) -> Timings {
    let c = &state.config;
    Timings {
        booking_timeout_secs: c.booking_timeout.as_secs(),
        booking_attempt_timeout_secs: c.booking_attempt_timeout.as_secs(),
        payment_deadline_secs: c.payment_deadline.as_secs(),
        payment_check_secs: c.payment_check.as_secs(),
        reminder_after_secs: c.reminder_after.as_secs(),
        idle_close_secs: c.checkout_idle_close.as_secs(),
        settle_secs: c.checkout_settle.as_secs(),
        code_resend_secs: c.code_resend.as_secs(),
    }
}

fn input(state: &AppState, user: &UserRecord) -> CheckoutInput {
    CheckoutInput { user_id: user.user_id.clone(), institution_id: user.institution_id.clone(), timings: timings(state) }
}

fn search_attributes(user: &UserRecord) -> SearchAttributes {
    SearchAttributes::new([INSTITUTION_ATTRIBUTE.value_set(user.institution_id.clone())])
}

/// Starts the member's checkout (once: a checkout already running is left as it is).
pub async fn start(state: &AppState, user: &UserRecord) -> anyhow::Result<()> {
    let id = checkout_workflow_id(&user.user_id);
    let options = WorkflowStartOptions::new(state.config.task_queue.clone(), id.clone())
        .id_reuse_policy(WorkflowIdReusePolicy::RejectDuplicate)
        .id_conflict_policy(WorkflowIdConflictPolicy::UseExisting)
        .search_attributes(search_attributes(user))
        .task_timeout(TASK_TIMEOUT)
        .build();
    match tokio::time::timeout(STEP_LIMIT, state.temporal.start_workflow(CheckoutWorkflow::run, input(state, user), options)).await {
        Ok(Ok(_)) | Ok(Err(WorkflowStartError::AlreadyStarted { .. })) => Ok(()),
        Ok(Err(e)) => Err(anyhow::Error::new(e).context(format!("starting workflow {id}"))),
        Err(_) => anyhow::bail!("Temporal did not answer starting {id}"),
    }
}

/// Why the checkout did not answer an Update.
#[derive(Debug)]
pub enum CheckoutError {
    /// The workflow refused (a step out of order, a limit, a voided contract, ...).
    Refused(Refused),
    /// Temporal could not take the Update now (restarting, or the checkout's last workflow task
    /// died with its worker and is being retried): nothing was recorded; the caller may retry.
    Unavailable,
    /// It did not answer in time.
    NoAnswer,
    /// The checkout has closed: nothing more can be recorded.
    Closed,
    Other(anyhow::Error),
}

impl CheckoutError {
    /// The member's answer: the refusal's code and message, else a generic one.
    pub fn into_api(self) -> ApiError {
        match self {
            Self::Refused(r) => refused(&r),
            Self::NoAnswer | Self::Unavailable => {
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::CheckoutBusy, coverline_domain::product::messages::STEP_NOT_SAVED)
            }
            Self::Closed => {
                ApiError::new(StatusCode::CONFLICT, ErrorCode::CheckoutClosed, coverline_domain::product::messages::PURCHASE_CLOSED)
            }
            Self::Other(e) => ApiError::internal(e),
        }
    }
}

/// A refusal as the API answers it.
pub fn refused(r: &Refused) -> ApiError {
    let status = match r.code {
        ErrorCode::RateLimited => StatusCode::TOO_MANY_REQUESTS,
        ErrorCode::EmailFailed => StatusCode::BAD_GATEWAY,
        ErrorCode::EmailNotVerified => StatusCode::FORBIDDEN,
        ErrorCode::NotFound => StatusCode::NOT_FOUND,
        ErrorCode::Validation => StatusCode::BAD_REQUEST,
        _ => StatusCode::CONFLICT,
    };
    ApiError { field: r.field.clone().map(Into::into), ..ApiError::new(status, r.code, r.message.clone()) }
}

fn failure_text(failure: &temporalio_common::protos::temporal::api::failure::v1::Failure) -> String {
    let mut text = failure.message.clone();
    let mut cause = failure.cause.as_deref();
    while let Some(c) = cause {
        text.push('\n');
        text.push_str(&c.message);
        cause = c.cause.as_deref();
    }
    text
}

/// Whether a gRPC status from Temporal is passing: the server is restarting or overloaded, or the
/// workflow's last task failed with a killed worker and is being retried ("Workflow Task in failed
/// state"). Nothing was recorded; trying again shortly is right.
fn transient(status: &temporalio_client::tonic::Status) -> bool {
    use temporalio_client::tonic::Code;
    matches!(
        status.code(),
        Code::Unavailable | Code::DeadlineExceeded | Code::FailedPrecondition | Code::ResourceExhausted | Code::Aborted | Code::Cancelled
    )
}

/// Whether a gRPC status says the checkout is closed: Temporal answers an Update to a completed
/// workflow NotFound ("workflow execution already completed").
fn closed(status: &temporalio_client::tonic::Status) -> bool {
    status.code() == temporalio_client::tonic::Code::NotFound
}

/// What an Update's error means: a refusal is a typed failure ([`Refused::from_failure`]), a
/// closed checkout a NotFound status; anything else is the API's own trouble.
fn update_error(e: WorkflowUpdateError) -> CheckoutError {
    match e {
        WorkflowUpdateError::Failed(failure) => match Refused::from_failure(&failure) {
            Some(r) => CheckoutError::Refused(r),
            None => CheckoutError::Other(anyhow::anyhow!("checkout update failed: {}", failure_text(&failure))),
        },
        WorkflowUpdateError::NotFound(_) => CheckoutError::Closed,
        WorkflowUpdateError::Rpc(status) if closed(&status) => CheckoutError::Closed,
        WorkflowUpdateError::Rpc(status) if transient(&status) => CheckoutError::Unavailable,
        other => CheckoutError::Other(anyhow::Error::new(other)),
    }
}

/// What the checkout answered an Update within the caller's limit.
#[derive(Debug)]
pub enum Answer<T> {
    /// The Update completed.
    Done(T),
    /// The checkout accepted it (it is in the history and will complete, whatever happens to
    /// this process) but did not finish within the limit.
    Accepted,
}

/// Sends an Update to the member's checkout, starting the checkout if it does not exist yet.
/// `update_id` deduplicates a call the client retried (the same id is the same Update). Waits at
/// most [`STEP_LIMIT`] for the checkout to accept it, then until `limit` for its result.
async fn send_update<U>(
    state: &AppState,
    user: &UserRecord,
    update: impl Fn() -> U,
    arg: U::Input,
    update_id: Option<String>,
    limit: Duration,
) -> Result<Answer<U::Output>, CheckoutError>
where
    U: temporalio_common::UpdateDefinition<Workflow = <CheckoutWorkflow as temporalio_common::HasWorkflowDefinition>::Run>,
    U::Input: Send + Clone,
    U::Output: temporalio_common::data_converters::TemporalDeserializable + 'static,
{
    let started = tokio::time::Instant::now();
    let id = checkout_workflow_id(&user.user_id);
    let options = WorkflowUpdateWithStartOptions::new(state.config.task_queue.clone(), id, WorkflowIdConflictPolicy::UseExisting)
        .id_reuse_policy(WorkflowIdReusePolicy::RejectDuplicate)
        .search_attributes(search_attributes(user))
        .task_timeout(TASK_TIMEOUT)
        .maybe_update_id(update_id)
        .build();
    let accept_by = started + STEP_LIMIT.min(limit);
    // A passing refusal (see `transient`) is retried until the accept limit: the member's call
    // should not fail because a worker died a moment ago.
    let handle = loop {
        let accepting = state.temporal.start_update_with_start_workflow(
            CheckoutWorkflow::run,
            input(state, user),
            update(),
            arg.clone(),
            options.clone(),
        );
        let failure = match tokio::time::timeout_at(accept_by, accepting).await {
            Ok(Ok(handle)) => break handle,
            Ok(Err(WorkflowUpdateWithStartError::Start(WorkflowStartError::AlreadyStarted { .. }))) => return Err(CheckoutError::Closed),
            Ok(Err(WorkflowUpdateWithStartError::Update(e))) => update_error(e),
            Ok(Err(WorkflowUpdateWithStartError::Rpc(status) | WorkflowUpdateWithStartError::Start(WorkflowStartError::Rpc(status))))
                if transient(&status) =>
            {
                CheckoutError::Unavailable
            }
            Ok(Err(WorkflowUpdateWithStartError::Rpc(status))) if closed(&status) => CheckoutError::Closed,
            Ok(Err(e)) => CheckoutError::Other(anyhow::Error::new(e).context("checkout update")),
            Err(_) => return Err(CheckoutError::NoAnswer),
        };
        if !matches!(failure, CheckoutError::Unavailable) {
            return Err(failure);
        }
        if tokio::time::Instant::now() + Duration::from_millis(250) >= accept_by {
            return Err(CheckoutError::Unavailable);
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    let remaining = limit.saturating_sub(started.elapsed()).max(Duration::from_millis(100));
    match tokio::time::timeout(remaining, handle.get_result(RpcOptions::default())).await {
        Ok(Ok(output)) => Ok(Answer::Done(output)),
        Ok(Err(e)) => Err(update_error(e)),
        Err(_) => Ok(Answer::Accepted),
    }
}

/// [`send_update`] when only a finished answer will do.
async fn update<U>(
    state: &AppState,
    user: &UserRecord,
    update: impl Fn() -> U,
    arg: U::Input,
    update_id: Option<String>,
    limit: Duration,
) -> Result<U::Output, CheckoutError>
where
    U: temporalio_common::UpdateDefinition<Workflow = <CheckoutWorkflow as temporalio_common::HasWorkflowDefinition>::Run>,
    U::Input: Send + Clone,
    U::Output: temporalio_common::data_converters::TemporalDeserializable + 'static,
{
    match send_update(state, user, update, arg, update_id, limit).await? {
        Answer::Done(output) => Ok(output),
        Answer::Accepted => Err(CheckoutError::NoAnswer),
    }
}

/// The prefix of the vehicle references the checkout workflow holds (`veh_…`; a VIN never has `_`).
const VEHICLE_REF: &str = "veh_";

/// The answers as the checkout workflow holds them: no VIN goes to Temporal (it identifies a
/// person's car), so the vehicle's VIN is replaced by its reference (store: vehicle_refs).
async fn for_workflow(state: &AppState, user_id: &str, mut answers: Answers) -> anyhow::Result<Answers> {
    if let Some(vehicle) = answers.vehicle.as_mut().filter(|v| !v.vin.starts_with(VEHICLE_REF)) {
        vehicle.vin = state.store.vehicle_ref(user_id, &vehicle.vin, &crate::services::ids::new_id("veh")).await?;
    }
    Ok(answers)
}

/// The workflow's view with the VIN back in place of its reference (histories recorded before the
/// references hold the VIN itself, which passes as it is).
async fn from_workflow(state: &AppState, user_id: &str, mut view: CheckoutView) -> anyhow::Result<CheckoutView> {
    if let Some(vehicle) = view.checkout.answers.vehicle.as_mut().filter(|v| v.vin.starts_with(VEHICLE_REF)) {
        vehicle.vin = state.store.vin_of_ref(user_id, &vehicle.vin).await?.context("a vehicle reference without its VIN")?;
    }
    Ok(view)
}

/// Keeps the workflow's answer as the read model (a newer answer already kept wins).
pub async fn save(state: &AppState, user: &UserRecord, view: &CheckoutView) -> anyhow::Result<()> {
    state
        .store
        .save_checkout(&CheckoutRecord {
            user_id: user.user_id.clone(),
            institution_id: user.institution_id.clone(),
            step: view.checkout.step.as_str().to_string(),
            version: view.version as i64,
            checkout_json: serde_json::to_string(view)?,
            updated_at: 0,
        })
        .await
}

/// Records a completed step; the workflow's answer is kept as the read model.
pub async fn advance(
    state: &AppState,
    user: &UserRecord,
    to: Step,
    answers: Answers,
    facts: Facts,
    update_id: Option<String>,
) -> ApiResult<CheckoutView> {
    let answers = for_workflow(state, &user.user_id, answers).await?;
    let view = match update(state, user, || CheckoutWorkflow::advance, AdvanceInput { to, answers, facts }, update_id, STEP_LIMIT).await {
        Ok(view) => from_workflow(state, &user.user_id, view).await?,
        // A paid checkout closes a few days after the purchase settles (or sooner when configured):
        // a member who comes back to the thank-you page then still sees it, from the read model.
        Err(CheckoutError::Closed) if to == Step::Confirmation => match paid_view(state, &user.user_id).await? {
            Some(view) => return Ok(view),
            None => return Err(CheckoutError::Closed.into_api()),
        },
        Err(e) => return Err(e.into_api()),
    };
    save(state, user, &view).await?;
    Ok(view)
}

/// The last recorded view of a checkout whose contract is paid, at its confirmation step, with the
/// purchase as the store has it now (the read model is written when the member acts; the payment and
/// the contract arrive later, from the workflow).
async fn paid_view(state: &AppState, user_id: &str) -> anyhow::Result<Option<CheckoutView>> {
    let Some(record) = state.store.checkout(user_id).await? else { return Ok(None) };
    let mut view: CheckoutView = serde_json::from_str(&record.checkout_json)?;
    let Some(purchase) = view.purchase.as_mut() else { return Ok(None) };
    let Some(policy_id) = purchase.policy_id.as_deref() else { return Ok(None) };
    let Some(policy) = state.store.policy(policy_id).await? else { return Ok(None) };
    match policy.status {
        status @ (PurchaseStatus::Paid | PurchaseStatus::Fulfilled) => {
            purchase.status = status;
            purchase.contract_number = policy.contract_number;
        }
        _ => return Ok(None),
    }
    view.checkout.step = Step::Confirmation;
    Ok(Some(view))
}

/// Has the checkout email a verification code. Once the checkout accepted it the email goes out
/// at least once whatever happens to this process, so `Accepted` is as good as sent; a call
/// retried with the same `update_id` is the same send.
pub async fn send_code(state: &AppState, user: &UserRecord, update_id: Option<String>) -> Result<Answer<CodeSent>, CheckoutError> {
    send_update(state, user, || CheckoutWorkflow::send_code, SendCodeInput { now: state.clock.now() }, update_id, SEND_LIMIT).await
}

/// Books (or books again after a failed round) and answers the round's outcome.
pub async fn book(state: &AppState, user: &UserRecord, input: BookInput, update_id: Option<String>) -> Result<CheckoutView, CheckoutError> {
    let limit = state.config.booking_timeout + Duration::from_secs(15);
    let view = update(state, user, || CheckoutWorkflow::book, input, update_id, limit).await?;
    let view = from_workflow(state, &user.user_id, view).await.map_err(CheckoutError::Other)?;
    save(state, user, &view).await.map_err(CheckoutError::Other)?;
    Ok(view)
}

/// The request to pay with (reused while open; none for a paid contract).
pub async fn payment_request(state: &AppState, user: &UserRecord) -> Result<PaymentRequestOutcome, CheckoutError> {
    update(state, user, || CheckoutWorkflow::payment_request, (), None, PAYMENT_LIMIT).await
}

/// Reports a charge the gateway approved; the page and the webhook of one charge are one Update.
/// `Accepted`: the checkout holds the charge (it records it, or refunds it) but has not finished.
pub async fn report_charge(state: &AppState, user: &UserRecord, report: ChargeReport) -> Result<Answer<ChargeVerdict>, CheckoutError> {
    let update_id = format!("charge-{}", report.charge.tracking_number);
    send_update(state, user, || CheckoutWorkflow::report_charge, report, Some(update_id), PAYMENT_LIMIT).await
}

/// Waits (bounded) until the payment is recorded or the purchase voided.
pub async fn await_payment(state: &AppState, user: &UserRecord) -> Result<CheckoutView, CheckoutError> {
    let view = update(state, user, || CheckoutWorkflow::await_payment, (), None, PAYMENT_LIMIT).await?;
    from_workflow(state, &user.user_id, view).await.map_err(CheckoutError::Other)
}

/// The checkout as the workflow sees it now, or as last recorded when it cannot answer at once.
pub async fn view(state: &AppState, user_id: &str) -> anyhow::Result<Option<CheckoutView>> {
    let handle = state.temporal.get_workflow_handle::<CheckoutWorkflow>(checkout_workflow_id(user_id));
    match tokio::time::timeout(QUERY_LIMIT, handle.query(CheckoutWorkflow::current, (), WorkflowQueryOptions::default())).await {
        Ok(Ok(view)) => return Ok(Some(from_workflow(state, user_id, view).await?)),
        Ok(Err(WorkflowQueryError::NotFound(_))) => {}
        Ok(Err(e)) => tracing::warn!(error = %e, "checkout query failed; answering from the read model"),
        Err(_) => tracing::warn!("checkout query took too long; answering from the read model"),
    }
    let Some(record) = state.store.checkout(user_id).await? else { return Ok(None) };
    Ok(Some(serde_json::from_str(&record.checkout_json)?))
}

/// What the server knows of a member, for the checkout's gate.
pub async fn facts(
    state: &AppState,
    institution: &Institution,
    user: &UserRecord,
    state_of_residence: Option<&str>,
) -> anyhow::Result<Facts> {
    let code_sent = match state.store.verification_code(&user.user_id).await? {
        Some(code) => code.email == user.email,
        None => false,
    };
    Ok(Facts {
        residence_eligible: state_of_residence.is_some_and(|s| state.rating.eligible_states(institution).iter().any(|e| e == s)),
        details_given: user.first_name.is_some() && user.street.is_some(),
        is_member: user.is_member,
        email_verified: user.email_verified_at.is_some(),
        code_sent,
    })
}
