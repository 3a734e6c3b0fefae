//! Where a workflow execution's time went, from its history's event times (server clock).
//!
//! The history is reduced to the events that open and close work, then walked once:
//!
//! - **total**: `WorkflowExecutionStarted` → `WorkflowExecutionCompleted`.
//! - **waiting**: stretches when nothing is outstanding — no workflow task scheduled and not yet
//!   completed, no activity scheduled and not yet closed — so the workflow is only waiting for a
//!   signal (a purchase waits there for the member to pay). A running timer is waiting too. A wait
//!   starts when a workflow task completes with nothing else outstanding and ends when the next
//!   workflow task is scheduled (by the signal, the timer). The server records a task's commands
//!   (an activity scheduled) and an activity's follow-up task a few microseconds after the event
//!   that caused them: those gaps are not waits.
//! - **server work** = total − waiting, split into activity **run** time (the last attempt's
//!   `ActivityTaskStarted` → its close, as the worker ran it), activity **queue** time (scheduled →
//!   started: the task waiting for a worker, and a retried activity's earlier attempts) and
//!   **workflow task** time (scheduled → completed: the worker replaying and deciding, and the
//!   server recording it).
//!
//! Activities and workflow tasks of one workflow may overlap (a signal arrives while an activity
//! runs): each split sums its own spans, so the parts can add up to more than the server work.

use std::collections::HashMap;
use std::time::Duration;

use temporalio_common::protos::temporal::api::history::v1::{HistoryEvent, history_event::Attributes};

/// One event that opens or closes work, at its server time (nanoseconds since the Unix epoch).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub id: i64,
    pub at_nanos: i128,
    pub kind: Kind,
}

/// The events that matter here; `scheduled` is the id of the scheduling event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    WorkflowStarted,
    /// Completed, failed, timed out, terminated, canceled or continued-as-new.
    WorkflowClosed,
    WorkflowTaskScheduled,
    WorkflowTaskStarted {
        scheduled: i64,
    },
    /// Completed, failed or timed out.
    WorkflowTaskClosed {
        scheduled: i64,
    },
    ActivityScheduled {
        name: String,
    },
    ActivityStarted {
        scheduled: i64,
    },
    /// Completed, failed, timed out or canceled.
    ActivityClosed {
        scheduled: i64,
    },
}

/// The events of a fetched history that [`Spans::of`] reads; the others are dropped.
pub fn events(history: &[HistoryEvent]) -> Vec<Event> {
    history
        .iter()
        .filter_map(|e| {
            let at = e.event_time.as_ref()?;
            let kind = match e.attributes.as_ref()? {
                Attributes::WorkflowExecutionStartedEventAttributes(_) => Kind::WorkflowStarted,
                Attributes::WorkflowExecutionCompletedEventAttributes(_)
                | Attributes::WorkflowExecutionFailedEventAttributes(_)
                | Attributes::WorkflowExecutionTimedOutEventAttributes(_)
                | Attributes::WorkflowExecutionTerminatedEventAttributes(_)
                | Attributes::WorkflowExecutionCanceledEventAttributes(_)
                | Attributes::WorkflowExecutionContinuedAsNewEventAttributes(_) => Kind::WorkflowClosed,
                Attributes::WorkflowTaskScheduledEventAttributes(_) => Kind::WorkflowTaskScheduled,
                Attributes::WorkflowTaskStartedEventAttributes(a) => Kind::WorkflowTaskStarted { scheduled: a.scheduled_event_id },
                Attributes::WorkflowTaskCompletedEventAttributes(a) => Kind::WorkflowTaskClosed { scheduled: a.scheduled_event_id },
                Attributes::WorkflowTaskFailedEventAttributes(a) => Kind::WorkflowTaskClosed { scheduled: a.scheduled_event_id },
                Attributes::WorkflowTaskTimedOutEventAttributes(a) => Kind::WorkflowTaskClosed { scheduled: a.scheduled_event_id },
                Attributes::ActivityTaskScheduledEventAttributes(a) => {
                    Kind::ActivityScheduled { name: a.activity_type.as_ref().map(|t| t.name.clone()).unwrap_or_default() }
                }
                Attributes::ActivityTaskStartedEventAttributes(a) => Kind::ActivityStarted { scheduled: a.scheduled_event_id },
                Attributes::ActivityTaskCompletedEventAttributes(a) => Kind::ActivityClosed { scheduled: a.scheduled_event_id },
                Attributes::ActivityTaskFailedEventAttributes(a) => Kind::ActivityClosed { scheduled: a.scheduled_event_id },
                Attributes::ActivityTaskTimedOutEventAttributes(a) => Kind::ActivityClosed { scheduled: a.scheduled_event_id },
                Attributes::ActivityTaskCanceledEventAttributes(a) => Kind::ActivityClosed { scheduled: a.scheduled_event_id },
                _ => return None,
            };
            Some(Event { id: e.event_id, at_nanos: i128::from(at.seconds) * 1_000_000_000 + i128::from(at.nanos), kind })
        })
        .collect()
}

/// Where one workflow execution's time went (see the module documentation).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Spans {
    pub total: Duration,
    pub waiting: Duration,
    pub workflow_tasks: Duration,
    pub activity_queue: Duration,
    pub activity_run: Duration,
    /// Server work before the first wait (a purchase: start → booked), and after the last one
    /// (a purchase: paid → fulfilled). Without a wait, both are the whole server work.
    pub before_first_wait: Duration,
    pub after_last_wait: Duration,
    /// Each activity's run time (started → closed), by activity type, in history order.
    pub activity_runs: Vec<(String, Duration)>,
    /// Workflow tasks completed (or failed, timed out).
    pub workflow_task_count: usize,
}

impl Spans {
    /// The server work: total minus the waits.
    pub fn server_work(&self) -> Duration {
        self.total.saturating_sub(self.waiting)
    }

    /// Reads the spans of one closed execution; `None` when it has not started or not closed.
    pub fn of(events: &[Event]) -> Option<Self> {
        let start = events.iter().find(|e| e.kind == Kind::WorkflowStarted)?.at_nanos;
        let end = events.iter().find(|e| e.kind == Kind::WorkflowClosed)?.at_nanos;
        let nanos = |from: i128, to: i128| Duration::from_nanos(u64::try_from((to - from).max(0)).unwrap_or(u64::MAX));
        let mut spans = Self { total: nanos(start, end), ..Self::default() };

        let mut scheduled_at: HashMap<i64, i128> = HashMap::new();
        let mut activity_names: HashMap<i64, String> = HashMap::new();
        let mut activity_started: HashMap<i64, i128> = HashMap::new();
        let mut outstanding = 0usize;
        let mut idle_since: Option<i128> = None;
        let mut waits: Vec<(i128, i128)> = Vec::new();
        for e in events.iter().filter(|e| e.at_nanos >= start && e.at_nanos <= end) {
            match &e.kind {
                Kind::WorkflowTaskScheduled => {
                    if outstanding == 0
                        && let Some(since) = idle_since.take()
                        && e.at_nanos > since
                    {
                        waits.push((since, e.at_nanos));
                    }
                    scheduled_at.insert(e.id, e.at_nanos);
                    outstanding += 1;
                }
                Kind::ActivityScheduled { name } => {
                    idle_since = None;
                    activity_names.insert(e.id, name.clone());
                    scheduled_at.insert(e.id, e.at_nanos);
                    outstanding += 1;
                }
                Kind::ActivityStarted { scheduled } => {
                    if let Some(&at) = scheduled_at.get(scheduled) {
                        spans.activity_queue += nanos(at, e.at_nanos);
                    }
                    activity_started.insert(*scheduled, e.at_nanos);
                }
                Kind::WorkflowTaskClosed { scheduled } | Kind::ActivityClosed { scheduled } => {
                    let Some(at) = scheduled_at.remove(scheduled) else { continue };
                    if let Kind::WorkflowTaskClosed { .. } = e.kind {
                        spans.workflow_tasks += nanos(at, e.at_nanos);
                        spans.workflow_task_count += 1;
                    } else {
                        // An attempt that never started (timed out in the queue) ran for nothing.
                        let run = activity_started.remove(scheduled).map_or(Duration::ZERO, |s| nanos(s, e.at_nanos));
                        spans.activity_run += run;
                        spans.activity_runs.push((activity_names.remove(scheduled).unwrap_or_default(), run));
                    }
                    outstanding = outstanding.saturating_sub(1);
                    if outstanding == 0 && matches!(e.kind, Kind::WorkflowTaskClosed { .. }) {
                        idle_since = Some(e.at_nanos);
                    }
                }
                Kind::WorkflowTaskStarted { .. } | Kind::WorkflowStarted | Kind::WorkflowClosed => {}
            }
        }
        // The last workflow task completes the execution: no wait after it.
        spans.waiting = waits.iter().map(|&(a, b)| nanos(a, b)).sum();
        spans.before_first_wait = waits.first().map_or(spans.server_work(), |&(a, _)| nanos(start, a));
        spans.after_last_wait = waits.last().map_or(spans.server_work(), |&(_, b)| nanos(b, end));
        Some(spans)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: i128 = 1_000_000;

    fn at(ms: i128, id: i64, kind: Kind) -> Event {
        Event { id, at_nanos: 1_700_000_000_000 * MS + ms * MS, kind }
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// Start, one workflow task that schedules an activity, the activity, the closing task. The
    /// activity is recorded 1 ms after the task that scheduled it and the closing task 1 ms after
    /// the activity (the server's gaps are microseconds; they are not waits).
    fn one_activity() -> Vec<Event> {
        vec![
            at(0, 1, Kind::WorkflowStarted),
            at(0, 2, Kind::WorkflowTaskScheduled),
            at(2, 3, Kind::WorkflowTaskStarted { scheduled: 2 }),
            at(5, 4, Kind::WorkflowTaskClosed { scheduled: 2 }),
            at(6, 5, Kind::ActivityScheduled { name: "noop".into() }),
            at(7, 6, Kind::ActivityStarted { scheduled: 5 }),
            at(10, 7, Kind::ActivityClosed { scheduled: 5 }),
            at(11, 8, Kind::WorkflowTaskScheduled),
            at(12, 9, Kind::WorkflowTaskStarted { scheduled: 8 }),
            at(14, 10, Kind::WorkflowTaskClosed { scheduled: 8 }),
            at(14, 11, Kind::WorkflowClosed),
        ]
    }

    #[test]
    fn a_workflow_without_a_wait_is_all_server_work() {
        let s = Spans::of(&one_activity()).expect("closed");
        assert_eq!(s.total, ms(14));
        assert_eq!(s.waiting, Duration::ZERO);
        assert_eq!(s.server_work(), ms(14));
        assert_eq!(s.workflow_tasks, ms(5 + 3));
        assert_eq!(s.workflow_task_count, 2);
        assert_eq!(s.activity_queue, ms(1));
        assert_eq!(s.activity_run, ms(3));
        assert_eq!(s.activity_runs, vec![("noop".to_string(), ms(3))]);
        assert_eq!((s.before_first_wait, s.after_last_wait), (ms(14), ms(14)));
    }

    #[test]
    fn the_wait_for_a_signal_is_not_server_work() {
        // Booked at 14 (task completed, nothing scheduled but the deadline timer); the member
        // pays at 1014 (signal → workflow task); a second activity; completed at 1030.
        let mut events = one_activity();
        events.truncate(10);
        events.extend([
            at(1014, 11, Kind::WorkflowTaskScheduled),
            at(1015, 12, Kind::WorkflowTaskStarted { scheduled: 11 }),
            at(1018, 13, Kind::WorkflowTaskClosed { scheduled: 11 }),
            at(1019, 14, Kind::ActivityScheduled { name: "render_contract".into() }),
            at(1019, 15, Kind::ActivityStarted { scheduled: 14 }),
            at(1025, 16, Kind::ActivityClosed { scheduled: 14 }),
            at(1026, 17, Kind::WorkflowTaskScheduled),
            at(1027, 18, Kind::WorkflowTaskStarted { scheduled: 17 }),
            at(1030, 19, Kind::WorkflowTaskClosed { scheduled: 17 }),
            at(1030, 20, Kind::WorkflowClosed),
        ]);
        let s = Spans::of(&events).expect("closed");
        assert_eq!(s.total, ms(1030));
        assert_eq!(s.waiting, ms(1000));
        assert_eq!(s.server_work(), ms(30));
        assert_eq!(s.before_first_wait, ms(14));
        assert_eq!(s.after_last_wait, ms(16));
        assert_eq!(s.activity_run, ms(3 + 6));
        assert_eq!(s.activity_queue, ms(1));
        assert_eq!(s.activity_runs.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(), ["noop", "render_contract"]);
    }

    #[test]
    fn a_retried_activity_counts_only_its_last_attempt_as_run() {
        // Temporal records one started event per activity, the last attempt's: earlier attempts
        // and their backoff fall in the queue span (scheduled → last started).
        let events = vec![
            at(0, 1, Kind::WorkflowStarted),
            at(0, 2, Kind::WorkflowTaskScheduled),
            at(1, 3, Kind::WorkflowTaskStarted { scheduled: 2 }),
            at(2, 4, Kind::WorkflowTaskClosed { scheduled: 2 }),
            at(2, 5, Kind::ActivityScheduled { name: "book_contract".into() }),
            at(900, 6, Kind::ActivityStarted { scheduled: 5 }),
            at(910, 7, Kind::ActivityClosed { scheduled: 5 }),
            at(910, 8, Kind::WorkflowTaskScheduled),
            at(911, 9, Kind::WorkflowTaskStarted { scheduled: 8 }),
            at(912, 10, Kind::WorkflowTaskClosed { scheduled: 8 }),
            at(912, 11, Kind::WorkflowClosed),
        ];
        let s = Spans::of(&events).expect("closed");
        assert_eq!(s.waiting, Duration::ZERO);
        assert_eq!(s.activity_queue, ms(898));
        assert_eq!(s.activity_run, ms(10));
    }

    #[test]
    fn an_open_execution_has_no_spans() {
        let mut events = one_activity();
        events.pop();
        assert_eq!(Spans::of(&events), None);
    }
}
