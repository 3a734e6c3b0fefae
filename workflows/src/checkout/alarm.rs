//! A workflow timer that may be off, kept across turns of the checkout's loop: it is started once
//! and fires once, instead of a timer started and cancelled on every wake-up.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use futures::future::FusedFuture;
use temporalio_sdk::{CancellableFuture, WorkflowContext};

type Timer<'a> = Pin<Box<dyn CancellableFuture<Output = temporalio_sdk::TimerResult> + 'a>>;

/// A timer, or nothing (never fires).
#[derive(Default)]
pub struct Alarm<'a>(Option<Timer<'a>>);

impl<'a> Alarm<'a> {
    /// An alarm that fires after `after` of workflow time.
    pub fn after<W>(ctx: &'a WorkflowContext<W>, after: Duration) -> Self {
        Self(Some(Box::pin(ctx.timer(after.max(Duration::from_secs(1))))))
    }

    /// Whether the alarm is set.
    pub fn is_set(&self) -> bool {
        self.0.is_some()
    }

    /// Turns the alarm off, cancelling its timer.
    pub fn clear(&mut self) {
        if let Some(timer) = self.0.take() {
            timer.cancel();
        }
    }
}

impl Future for Alarm<'_> {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        match self.0.as_mut() {
            Some(timer) => match timer.as_mut().poll(cx) {
                Poll::Ready(_) => {
                    self.0 = None;
                    Poll::Ready(())
                }
                Poll::Pending => Poll::Pending,
            },
            None => Poll::Pending,
        }
    }
}

impl FusedFuture for Alarm<'_> {
    fn is_terminated(&self) -> bool {
        false
    }
}
