//! Time limits and signals for the batch commands (`run`, `check`, `test`); part of the
//! `solder` binary, not the library.
//!
//! Each long step (solving a command, the next instance, shrinking) runs on a worker
//! thread while the main thread watches the clock and the signal flags. When the
//! `--timeout` of the command passes, or SIGINT/SIGTERM arrives, the solver's stop flag is
//! raised; CaDiCaL and the CEGIS loop notice it at once and the step returns
//! `Interrupted` with its statistics so far. If the step has not returned a second later
//! (varisat cannot stop mid-search; translation does not look at the flag), the caller's
//! `give_up` prints what it knows and ends the process.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long a step may go on after being asked to stop.
const GRACE: Duration = Duration::from_secs(1);
const POLL: Duration = Duration::from_millis(10);
/// Steps shorter than this show no progress line.
const QUIET: Duration = Duration::from_secs(1);
const REDRAW: Duration = Duration::from_millis(100);

/// Why a step was asked to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    Timeout,
    Interrupt,
    Terminate,
}

impl StopReason {
    /// The JSON `outcome` and the word in text output.
    pub fn outcome(self) -> &'static str {
        match self {
            StopReason::Timeout => "timeout",
            StopReason::Interrupt | StopReason::Terminate => "interrupted",
        }
    }
}

pub struct Control {
    /// The solver's stop flag (given to every solve through `SolveOptions::stop`).
    pub stop: Arc<AtomicBool>,
    sigint: Arc<AtomicBool>,
    sigterm: Arc<AtomicBool>,
    timeout: Option<Duration>,
    /// The solver's live counts (given through `SolveOptions::progress`), shown on a
    /// progress line when standard error is a terminal; `None` in pipes.
    pub progress: Option<Arc<crate::solve::Progress>>,
}

impl Control {
    /// Registers SIGINT and SIGTERM; `timeout` limits each command.
    pub fn new(timeout: Option<Duration>) -> Control {
        let sigint = Arc::new(AtomicBool::new(false));
        let sigterm = Arc::new(AtomicBool::new(false));
        // If registration fails the signals keep their default action (the process ends),
        // which is the behaviour without this module.
        let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, sigint.clone());
        let _ = signal_hook::flag::register(signal_hook::consts::SIGTERM, sigterm.clone());
        Control {
            stop: Arc::new(AtomicBool::new(false)),
            sigint,
            sigterm,
            timeout,
            progress: std::io::IsTerminal::is_terminal(&std::io::stderr())
                .then(|| Arc::new(crate::solve::Progress::default())),
        }
    }

    /// Redraw the progress line: elapsed time, and CEGIS's counts once it has any.
    fn show_progress(&self, progress: &crate::solve::Progress, started: Instant) {
        let candidates = progress.candidates.load(Ordering::Relaxed);
        let counterexamples = progress.counterexamples.load(Ordering::Relaxed);
        let cegis = if candidates > 0 {
            format!(", {candidates} candidates, {counterexamples} counterexamples")
        } else {
            String::new()
        };
        eprint!(
            "\r\x1b[2K  solving… {:.1} s{cegis} (Ctrl-C stops)",
            started.elapsed().as_secs_f64()
        );
    }

    /// A signal that arrived (they end the whole batch, not only one command).
    pub fn signal(&self) -> Option<StopReason> {
        if self.sigterm.load(Ordering::SeqCst) {
            Some(StopReason::Terminate)
        } else if self.sigint.load(Ordering::SeqCst) {
            Some(StopReason::Interrupt)
        } else {
            None
        }
    }

    /// Runs `work` on a worker thread. `started` is when the command began (its time
    /// limit counts from there). Returns the result and why the solver was asked to stop,
    /// if it was. When the step does not return within a second of being asked (or a
    /// signal came before it began), `give_up` reports what is known and returns the exit
    /// code, and the process ends.
    pub fn guard<T: Send>(
        &self,
        started: Instant,
        work: impl FnOnce() -> T + Send,
        give_up: impl FnOnce(StopReason) -> u8,
    ) -> (T, Option<StopReason>) {
        if let Some(reason) = self.signal() {
            std::process::exit(give_up(reason).into());
        }
        self.stop.store(false, Ordering::SeqCst);
        if let Some(p) = &self.progress {
            p.candidates.store(0, Ordering::Relaxed);
            p.counterexamples.store(0, Ordering::Relaxed);
        }
        let step_started = Instant::now();
        let mut drawn: Option<Instant> = None;
        let mut echo_off: Option<EchoOff> = None;
        std::thread::scope(|s| {
            let handle = s.spawn(work);
            let mut asked: Option<(StopReason, Instant)> = None;
            loop {
                if let Some(p) = &self.progress
                    && step_started.elapsed() >= QUIET
                    && drawn.is_none_or(|t| t.elapsed() >= REDRAW)
                    && !handle.is_finished()
                {
                    if drawn.is_none() {
                        echo_off = EchoOff::on_terminal();
                    }
                    self.show_progress(p, started);
                    drawn = Some(Instant::now());
                }
                if handle.is_finished() {
                    if drawn.is_some() {
                        eprint!("\r\x1b[2K");
                    }
                    drop(echo_off.take());
                    let result = match handle.join() {
                        Ok(r) => r,
                        Err(panic) => std::panic::resume_unwind(panic),
                    };
                    return (result, asked.map(|(r, _)| r));
                }
                match asked {
                    None => {
                        let reason = self.signal().or_else(|| {
                            self.timeout
                                .filter(|t| started.elapsed() >= *t)
                                .map(|_| StopReason::Timeout)
                        });
                        if let Some(reason) = reason {
                            self.stop.store(true, Ordering::SeqCst);
                            asked = Some((reason, Instant::now()));
                        }
                    }
                    Some((reason, since)) => {
                        // A signal after a timeout still ends the batch.
                        let reason = self.signal().unwrap_or(reason);
                        if since.elapsed() > GRACE {
                            if drawn.is_some() {
                                eprint!("\r\x1b[2K");
                            }
                            drop(echo_off.take());
                            // The worker thread ends with the process.
                            std::process::exit(give_up(reason).into());
                        }
                        asked = Some((reason, since));
                    }
                }
                std::thread::sleep(POLL);
            }
        })
    }
}

/// The terminal's echo, off while a progress line is shown: a key pressed during a solve
/// (Enter, say) would otherwise move the cursor off the line that `\r` redraws and leave
/// a stale `solving…` line behind. Restored when dropped. What was typed stays queued for
/// whatever reads the terminal next, as without this.
struct EchoOff {
    saved: nix::sys::termios::Termios,
}

impl EchoOff {
    /// `None` when standard input is not a terminal (nothing is echoed then).
    fn on_terminal() -> Option<EchoOff> {
        use nix::sys::termios::{LocalFlags, SetArg, tcgetattr, tcsetattr};
        let stdin = std::io::stdin();
        if !std::io::IsTerminal::is_terminal(&stdin) {
            return None;
        }
        let saved = tcgetattr(&stdin).ok()?;
        let mut quiet = saved.clone();
        quiet.local_flags.remove(LocalFlags::ECHO);
        tcsetattr(&stdin, SetArg::TCSANOW, &quiet).ok()?;
        Some(EchoOff { saved })
    }
}

impl Drop for EchoOff {
    fn drop(&mut self) {
        use nix::sys::termios::{SetArg, tcsetattr};
        let _ = tcsetattr(std::io::stdin(), SetArg::TCSANOW, &self.saved);
    }
}

/// Exit codes of `run`, `check` and `test` (documented in the README).
pub mod exit {
    /// Every command answered as expected: no check found a counterexample, every test
    /// passed.
    pub const OK: u8 = 0;
    /// A `check` found a counterexample, or a `test` did not get its `expect`.
    pub const COUNTEREXAMPLE: u8 = 1;
    /// The model, a command or the command line could not be used (a diagnostic says
    /// why); clap's usage errors use the same code.
    pub const ERROR: u8 = 2;
    /// A command reached its `--timeout`, or SIGINT/SIGTERM stopped the run.
    pub const STOPPED: u8 = 3;
}
