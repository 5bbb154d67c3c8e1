//! Shared by the benchmarks: model files, and running one command in a child process
//! with a time limit (`benches/alloystar.rs`, `benches/isolde.rs`).
//!
//! The child protocol: a bench whose `main` sees `--child` as its first argument calls
//! [`child_main`] with the rest (`FILE INDEX TIMEOUT_SECS FLAGS...`). The child solves
//! command `INDEX` of `FILE` (translation, solving and the re-check of an instance by the
//! evaluator, as `CommandRun::start` does) and reports on standard output, one line per
//! event: `progress CAND CEX` when the limit passes (in case the parent has to kill it),
//! then `done VERDICT MS SOLVE_MS CAND CEX`. At the limit the solver's stop flag is
//! raised; [`run_child`] kills a child that has not returned [`GRACE`] later (varisat
//! cannot stop mid-search, the evaluator does not look at the flag).

// Each bench uses a part of this module.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use solder::diagnostic::SourceMap;
use solder::session::{CommandRun, RunOptions, load_file};
use solder::solve::{BackendKind, Progress};

/// The `.als` files directly in `dir`, sorted (none if it cannot be read).
pub fn als_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "als"));
    files.sort();
    files
}

/// How long a child may go on after its time limit before it is killed.
pub const GRACE: Duration = Duration::from_secs(5);
const POLL: Duration = Duration::from_millis(10);

/// The options of a solve, from flags in the command line's spelling (each one word, so
/// that a bench can pass them through its own arguments):
///
/// - `--naive`, `--no-instantiate`, `--no-terms`, `--no-escalate`, `--no-incremental`: the
///   CEGIS switches; `--no-count-injections`; `--no-recheck-orders`; `--no-recheck-saturate`; `--no-int-ladders`;
/// - `--symmetry=N` (`--no-symmetry` is `--symmetry=0`), `--no-fix-order`,
///   `--no-singleton-overlap`, `--no-tight-bounds`, `--no-child-blocks`, `--no-verify`;
/// - `--varisat` / `--cadical` (every SAT problem on that backend), `--cadical-verifiers`
///   (only the CEGIS verifiers).
///
/// Other words are ignored (such as the `--bench` that cargo passes).
pub fn options(flags: &[String]) -> RunOptions {
    let mut opts = RunOptions::default();
    for flag in flags {
        match flag.as_str() {
            "--naive" => opts.solve.naive = true,
            "--no-instantiate" => opts.solve.instantiate = false,
            "--no-terms" => opts.solve.terms = false,
            "--no-count-injections" => opts.solve.count_injections = false,
            "--no-recheck-orders" => opts.solve.recheck_orders = false,
            "--no-recheck-saturate" => opts.solve.recheck_saturate = false,
            "--no-int-ladders" => opts.solve.int_ladders = false,
            "--no-escalate" => opts.solve.escalate = false,
            "--no-incremental" => opts.solve.incremental = false,
            "--no-verify" => opts.verify = false,
            "--no-symmetry" => opts.solve.symmetry = 0,
            "--no-fix-order" => opts.solve.fix_orders = false,
            "--no-singleton-overlap" => opts.solve.overlap_singletons = false,
            "--no-tight-bounds" => opts.tight_field_bounds = false,
            "--no-child-blocks" => opts.child_blocks = false,
            "--varisat" | "--cadical" => {
                let kind = if flag == "--varisat" {
                    BackendKind::Varisat
                } else {
                    BackendKind::Cadical
                };
                opts.solve.backend = kind;
                opts.solve.candidate_backend = Some(kind);
                opts.solve.verifier_backend = Some(kind);
            }
            "--cadical-verifiers" => opts.solve.verifier_backend = Some(BackendKind::Cadical),
            other => {
                if let Some(n) = other.strip_prefix("--symmetry=") {
                    opts.solve.symmetry = n
                        .parse()
                        .unwrap_or_else(|_| panic!("--symmetry= wants a number, got `{n}`"));
                }
            }
        }
    }
    opts
}

/// How a command ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// 1 (sat) or 0 (unsat), Alloy's `expect` values.
    Found(u32),
    /// The time limit passed (the solver stopped, or the child was killed).
    Timeout,
    /// The command could not be solved (the child printed why) or the child failed.
    Error,
}

fn verdict_word(found: Option<u32>) -> &'static str {
    match found {
        Some(1) => "sat",
        Some(0) => "unsat",
        Some(_) => "?",
        None => "interrupted",
    }
}

impl Outcome {
    pub fn word(&self) -> &'static str {
        match self {
            Outcome::Found(f) => verdict_word(Some(*f)),
            Outcome::Timeout => "timeout",
            Outcome::Error => "error",
        }
    }
}

/// What a child reported about its command.
#[derive(Clone, Debug)]
pub struct ChildReport {
    pub outcome: Outcome,
    /// The whole command (building, solving, re-checking an instance), as the child
    /// measured it; the parent's clock when the child was killed or failed.
    pub ms: f64,
    /// Translation and solving; `None` when the child was killed or failed.
    pub solve_ms: Option<f64>,
    /// Re-checking the instance with the evaluator (zero for "no instance"); `None`
    /// when the child was killed or failed.
    pub recheck_ms: Option<f64>,
    /// CEGIS candidates and counterexamples (so far, when the limit passed).
    pub candidates: Option<usize>,
    pub counterexamples: Option<usize>,
}

/// Child mode (see the module doc): `args` are `FILE INDEX TIMEOUT_SECS FLAGS...`.
pub fn child_main(args: &[String]) {
    let file = PathBuf::from(&args[0]);
    let index: usize = args[1].parse().expect("command index");
    let timeout = Duration::from_secs_f64(args[2].parse().expect("timeout seconds"));
    let flags = &args[3..];
    let mut opts = options(flags);
    let stop = Arc::new(AtomicBool::new(false));
    let progress = Arc::new(Progress::default());
    opts.solve.stop = Some(stop.clone());
    opts.solve.progress = Some(progress.clone());
    let out = Arc::new(Mutex::new(std::io::stdout()));
    let mut sources = SourceMap::new();
    let checked = match load_file(&mut sources, &file) {
        Ok(checked) => checked,
        Err(errors) => {
            eprintln!("{}", sources.render(&errors.0, false));
            std::process::exit(2);
        }
    };
    let finished = Arc::new(AtomicBool::new(false));
    let watcher = {
        let (stop, progress, out, finished) = (
            stop.clone(),
            progress.clone(),
            out.clone(),
            finished.clone(),
        );
        std::thread::spawn(move || {
            let started = Instant::now();
            while started.elapsed() < timeout {
                if finished.load(Ordering::SeqCst) {
                    return;
                }
                std::thread::sleep(POLL);
            }
            stop.store(true, Ordering::SeqCst);
            let mut out = out.lock().unwrap();
            let _ = writeln!(
                out,
                "progress {} {}",
                progress.candidates.load(Ordering::Relaxed),
                progress.counterexamples.load(Ordering::Relaxed)
            );
            let _ = out.flush();
        })
    };
    let started = Instant::now();
    let run = CommandRun::start(&checked, index, &opts);
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    finished.store(true, Ordering::SeqCst);
    let run = match run {
        Ok(run) => run,
        Err(errors) => {
            eprintln!("{}", sources.render(&errors.0, false));
            std::process::exit(2);
        }
    };
    let stats = run.stats();
    let solve_ms = (stats.translate_time + stats.solve_time).as_secs_f64() * 1000.0;
    let recheck_ms = run.recheck.as_secs_f64() * 1000.0;
    let verdict = if stop.load(Ordering::SeqCst) && run.found().is_none() {
        "timeout"
    } else {
        verdict_word(run.found())
    };
    {
        let mut out = out.lock().unwrap();
        let _ = writeln!(
            out,
            "done {verdict} {ms:.3} {solve_ms:.3} {recheck_ms:.3} {} {}",
            stats.candidates, stats.counterexamples
        );
        let _ = out.flush();
    }
    let _ = watcher.join();
}

/// What a child process printed, how it ended and how long it ran.
pub struct ChildOutput {
    pub text: String,
    pub status: std::process::ExitStatus,
    /// It was still running `grace` after its limit and was killed.
    pub killed: bool,
    pub elapsed_ms: f64,
}

/// Run this bench's own executable with `--child` and `args`, and kill it if it has not
/// ended `grace` after `timeout`.
pub fn spawn_child(args: &[String], timeout: Duration, grace: Duration) -> ChildOutput {
    let exe = std::env::current_exe().expect("the bench's own executable");
    let mut child = Command::new(exe)
        .arg("--child")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start a child process");
    let started = Instant::now();
    let mut killed = false;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the child") {
            break status;
        }
        if started.elapsed() > timeout + grace {
            // The child we started, by its handle.
            let _ = child.kill();
            killed = true;
            break child.wait().expect("wait for the killed child");
        }
        std::thread::sleep(POLL);
    };
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut text = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        let _ = stdout.read_to_string(&mut text);
    }
    ChildOutput {
        text,
        status,
        killed,
        elapsed_ms,
    }
}

/// Run command `index` of `file` in a child process (this bench's own executable with
/// `--child`) under `timeout` and `flags` (see [`options`]), and read its report.
pub fn run_child(file: &Path, index: usize, timeout: Duration, flags: &[String]) -> ChildReport {
    let mut args = vec![
        file.display().to_string(),
        index.to_string(),
        timeout.as_secs_f64().to_string(),
    ];
    args.extend(flags.iter().cloned());
    let ChildOutput {
        text,
        status,
        killed,
        elapsed_ms,
    } = spawn_child(&args, timeout, GRACE);
    let mut counts = [None, None];
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["progress", cand, cex] => {
                counts = [cand.parse().ok(), cex.parse().ok()];
            }
            ["done", verdict, ms, solve_ms, recheck_ms, cand, cex] => {
                let outcome = match *verdict {
                    "sat" => Outcome::Found(1),
                    "unsat" => Outcome::Found(0),
                    "timeout" | "interrupted" => Outcome::Timeout,
                    _ => Outcome::Error,
                };
                return ChildReport {
                    outcome,
                    ms: ms.parse().unwrap_or(elapsed_ms),
                    solve_ms: solve_ms.parse().ok(),
                    recheck_ms: recheck_ms.parse().ok(),
                    candidates: cand.parse().ok(),
                    counterexamples: cex.parse().ok(),
                };
            }
            _ => {}
        }
    }
    let outcome = if killed {
        Outcome::Timeout
    } else {
        if !status.success() {
            eprintln!("child for {} #{index} failed: {status}", file.display());
        }
        Outcome::Error
    };
    ChildReport {
        outcome,
        ms: elapsed_ms,
        solve_ms: None,
        recheck_ms: None,
        candidates: counts[0],
        counterexamples: counts[1],
    }
}

/// A command's name, its translation and solving time, and its re-check time (ms).
pub type RecheckRow = (String, f64, f64);

/// The evaluator's re-check against translation and solving, over the commands that
/// found an instance (`(name, solve ms, re-check ms)`): the total, then every command
/// whose share exceeds `limit` (a fraction of solving) and at least the five largest
/// shares. Commands solved in under `floor_ms` are listed apart: there a fixed cost of a
/// millisecond dominates any ratio.
pub fn print_recheck_summary(rows: &[RecheckRow], limit: f64, floor_ms: f64) {
    let checked: Vec<&RecheckRow> = rows.iter().filter(|r| r.2 > 0.0).collect();
    if checked.is_empty() {
        return;
    }
    let solve: f64 = checked.iter().map(|r| r.1).sum();
    let recheck: f64 = checked.iter().map(|r| r.2).sum();
    println!();
    println!(
        "re-check of {} instance(s): {recheck:.1} ms against {solve:.1} ms of translation and \
         solving ({:.1}%)",
        checked.len(),
        100.0 * recheck / solve.max(0.001)
    );
    let share = |r: &RecheckRow| r.2 / r.1.max(0.001);
    let (big, small): (Vec<&RecheckRow>, Vec<&RecheckRow>) =
        checked.iter().partition(|r| r.1 >= floor_ms);
    let over: Vec<_> = big.iter().filter(|r| share(r) > limit).collect();
    println!(
        "  solved in {floor_ms} ms or more: {} of {} above {:.0}% of solving",
        over.len(),
        big.len(),
        100.0 * limit
    );
    let mut worst: Vec<_> = big.clone();
    worst.sort_by(|a, b| share(b).total_cmp(&share(a)));
    // Every command above the limit, and at least the five largest shares.
    for r in worst.iter().take(over.len().max(5)) {
        println!(
            "    {:<40} re-check {:>9.1} ms, solving {:>9.1} ms ({:.1}%)",
            r.0,
            r.2,
            r.1,
            100.0 * share(r)
        );
    }
    if !small.is_empty() {
        let most = small.iter().map(|r| r.2).fold(0.0, f64::max);
        println!(
            "  solved in under {floor_ms} ms: {} command(s), re-check at most {most:.2} ms",
            small.len()
        );
    }
}
