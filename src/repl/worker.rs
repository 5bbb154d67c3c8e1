//! Solving off the prompt's thread, so that Ctrl-C and timeouts can end a solve at once.
//!
//! Every solve runs on a fresh worker thread with its own stop flag. On Ctrl-C (or when the
//! timeout passes) the prompt raises that flag — CaDiCaL honours it mid-search — and waits
//! a moment for the worker to return; a worker that does not (varisat cannot be stopped
//! inside one SAT call) is abandoned: it finishes in the background and its answer is
//! dropped. The session never hands a worker anything it still needs.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How often the prompt thread looks at the interrupt flag and refreshes the progress line.
const POLL: Duration = Duration::from_millis(50);
/// How long a stopped worker gets to return before it is abandoned.
const GRACE: Duration = Duration::from_millis(300);
/// Solves shorter than this show no progress line.
const PROGRESS_AFTER: Duration = Duration::from_millis(400);
/// Translation recurses over expressions; give the worker the room the main thread has
/// and more (the stack is reserved, not committed).
const WORKER_STACK_BYTES: usize = 256 << 20;

/// How a job ended.
pub enum JobEnd<T> {
    Done(T, Duration),
    /// The user pressed Ctrl-C. The value is what the stopped job returned (a solve's
    /// partial statistics), if it returned within the grace period.
    Cancelled(Stopped, Option<T>),
    TimedOut(Stopped, Option<T>),
    /// The worker could not start or stopped without an answer (a bug).
    Failed(String),
}

impl<T> JobEnd<T> {
    /// How long a stopped job ran.
    pub fn stopped_after(&self) -> Duration {
        match self {
            JobEnd::Cancelled(s, _) | JobEnd::TimedOut(s, _) => s.after,
            JobEnd::Done(_, d) => *d,
            JobEnd::Failed(_) => Duration::ZERO,
        }
    }

    /// What a stopped job returned when it was asked to stop.
    pub fn into_stopped_value(self) -> Option<T> {
        match self {
            JobEnd::Cancelled(_, value) | JobEnd::TimedOut(_, value) => value,
            _ => None,
        }
    }
}

/// How a stopped job ended.
#[derive(Clone, Copy, Debug)]
pub struct Stopped {
    /// From the start of the job to the prompt's return.
    pub after: Duration,
    /// The worker did not return in time and was left to finish in the background.
    pub abandoned: bool,
}

/// Runs jobs on worker threads and watches for Ctrl-C and the timeout meanwhile.
pub struct Worker {
    /// Raised by the SIGINT handler (interactive mode) or by a library caller.
    pub interrupt: Arc<AtomicBool>,
    /// Show elapsed time on stderr while a job runs (interactive mode only).
    pub progress: bool,
    pub timeout: Option<Duration>,
}

impl Worker {
    pub fn new(progress: bool) -> Worker {
        Worker {
            interrupt: Arc::new(AtomicBool::new(false)),
            progress,
            timeout: None,
        }
    }

    /// Run `job` on a worker thread. `stop` is the flag the job's solver watches; it is
    /// raised on Ctrl-C or timeout. `what` names the job on the progress line.
    pub fn run<T, F>(&self, what: &str, stop: Arc<AtomicBool>, job: F) -> JobEnd<T>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        // A Ctrl-C pressed before this job started is not meant for it.
        self.interrupt.store(false, Ordering::SeqCst);
        let started = Instant::now();
        let (tx, rx) = mpsc::channel();
        let spawned = thread::Builder::new()
            .name("solder-solve".into())
            .stack_size(WORKER_STACK_BYTES)
            .spawn(move || {
                let value = job();
                // The receiver is gone when the job was abandoned; nobody wants the answer.
                let _ = tx.send(value);
            });
        if let Err(e) = spawned {
            return JobEnd::Failed(format!("cannot start a solver thread: {e}"));
        }
        let mut progress = Progress::new(self.progress, what);
        let _quiet = QuietKeys::new(self.progress);
        loop {
            match rx.recv_timeout(POLL) {
                Ok(value) => {
                    progress.clear();
                    return JobEnd::Done(value, started.elapsed());
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    progress.clear();
                    return JobEnd::Failed("the solver stopped without an answer".into());
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            let elapsed = started.elapsed();
            let cancelled = self.interrupt.swap(false, Ordering::SeqCst);
            let timed_out = self.timeout.is_some_and(|t| elapsed >= t);
            if cancelled || timed_out {
                stop.store(true, Ordering::SeqCst);
                // What comes back now is an interrupted answer: the caller may show how
                // far it got, not take it for a verdict.
                let value = rx.recv_timeout(GRACE).ok();
                progress.clear();
                let stopped = Stopped {
                    after: started.elapsed(),
                    abandoned: value.is_none(),
                };
                return if cancelled {
                    JobEnd::Cancelled(stopped, value)
                } else {
                    JobEnd::TimedOut(stopped, value)
                };
            }
            progress.show(elapsed);
        }
    }
}

/// While a job runs at the terminal, keys are not echoed: an echoed Enter would move the
/// cursor off the progress line, which then stays behind as a stale `solving…` line.
/// What is typed stays in the terminal's input buffer, and the line editor shows it at
/// the next prompt.
struct QuietKeys {
    #[cfg(unix)]
    saved: Option<nix::sys::termios::Termios>,
}

impl QuietKeys {
    fn new(enabled: bool) -> QuietKeys {
        #[cfg(unix)]
        {
            use nix::sys::termios::{LocalFlags, SetArg, tcgetattr, tcsetattr};
            use std::io::IsTerminal;
            let stdin = std::io::stdin();
            let saved = (enabled && stdin.is_terminal())
                .then(|| tcgetattr(&stdin).ok())
                .flatten()
                .filter(|saved| {
                    let mut quiet = saved.clone();
                    quiet.local_flags.remove(LocalFlags::ECHO);
                    tcsetattr(&stdin, SetArg::TCSANOW, &quiet).is_ok()
                });
            QuietKeys { saved }
        }
        #[cfg(not(unix))]
        {
            let _ = enabled;
            QuietKeys {}
        }
    }
}

impl Drop for QuietKeys {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(saved) = &self.saved {
            let _ = nix::sys::termios::tcsetattr(
                std::io::stdin(),
                nix::sys::termios::SetArg::TCSANOW,
                saved,
            );
        }
    }
}

/// The `solving… 2.4 s` line on stderr, redrawn in place.
struct Progress<'a> {
    enabled: bool,
    what: &'a str,
    shown: bool,
}

impl<'a> Progress<'a> {
    fn new(enabled: bool, what: &'a str) -> Progress<'a> {
        Progress {
            enabled,
            what,
            shown: false,
        }
    }

    fn show(&mut self, elapsed: Duration) {
        if !self.enabled || elapsed < PROGRESS_AFTER {
            return;
        }
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r\x1b[2K{}… {:.1} s (Ctrl-C cancels)",
            self.what,
            elapsed.as_secs_f64()
        );
        let _ = err.flush();
        self.shown = true;
    }

    fn clear(&mut self) {
        if self.shown {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
            self.shown = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_job_returns_its_value() {
        let w = Worker::new(false);
        let stop = Arc::new(AtomicBool::new(false));
        match w.run("test", stop, || 6 * 7) {
            JobEnd::Done(v, _) => assert_eq!(v, 42),
            _ => panic!("the job should finish"),
        }
    }

    #[test]
    fn an_interrupt_abandons_a_job_that_ignores_its_stop_flag() {
        let w = Worker::new(false);
        let stop = Arc::new(AtomicBool::new(false));
        let interrupt = w.interrupt.clone();
        // Raise the interrupt once the job is running (the worker clears stale ones).
        let raiser = thread::spawn(move || {
            thread::sleep(Duration::from_millis(150));
            interrupt.store(true, Ordering::SeqCst);
        });
        let started = Instant::now();
        let end = w.run("test", stop.clone(), || {
            thread::sleep(Duration::from_secs(30));
            1
        });
        raiser.join().unwrap();
        assert!(matches!(end, JobEnd::Cancelled(s, None) if s.abandoned));
        assert!(stop.load(Ordering::SeqCst), "the stop flag is raised");
        assert!(started.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn the_timeout_stops_a_job() {
        let mut w = Worker::new(false);
        w.timeout = Some(Duration::from_millis(100));
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let end = w.run("test", stop, move || {
            // A cooperative job: returns soon after its stop flag is raised.
            while !flag.load(Ordering::SeqCst) {
                thread::sleep(Duration::from_millis(5));
            }
            0
        });
        // The stopped job's own answer comes back (a solve's partial statistics).
        assert!(
            matches!(end, JobEnd::TimedOut(s, Some(0)) if s.after >= Duration::from_millis(100) && !s.abandoned)
        );
    }
}
