//! Temporal (Alloy 6) problems, solder beside the real Alloy 6: ten commands of
//! `examples/temporal` ([`COMMANDS`]: runs and checks, sat and unsat, safety and
//! liveness, with and without fairness), each at 10, 20 and 40 steps.
//!
//! For each (command, steps) the bench writes, into a directory under the target
//! directory, a copy of the example whose command has that trace length: the `steps`
//! part of its scope replaced (`for 3 but 8 steps` becomes `for 3 but 40 steps`) or
//! added, the rest of the scope kept. solder solves it in a child process (this program
//! run again with `--child`; `common::spawn_child`) under a time limit: its time is the
//! wall time of loading the file and `CommandRun::start` (building the problem, then
//! translating and solving one unrolled problem per trace length from the shortest, as
//! Alloy 6 does, and re-checking an instance with the evaluator), the best of 3 runs for
//! those under a second. At the limit the solver's stop flag is raised, and a child still
//! running a few seconds later is killed; after a timeout the command's larger step
//! counts are skipped.
//!
//! Alloy's figures come from `benches/temporal/alloy6.json`: per (file, label, steps)
//! its verdict, the milliseconds spent in `TranslateAlloyToKodkod.execute_command`
//! (translation and solving, on Alloy's solving thread; parsing and JVM start excluded)
//! and the wall time of the whole `solve` process (JVM start, parsing, the one command),
//! each the minimum of 3 runs, under a header naming the machine, the date, the Alloy
//! commit, the SAT solver (SAT4J) and the JVM. Each run is a fresh JVM, as from the
//! command line; for commands Alloy solves in under 5 s the file also has `warm_ms`, the
//! fastest of the 2nd to 5th solve of the command in one JVM (`--repeat 5`), as in an
//! Alloy GUI that has been running for a while. With `ALLOY6_SOLVE` set to the `solve`
//! script of an Alloy 6 build (`/work/alloy-build/solve`: the bench uses its `--time`,
//! `--command LABEL` and `--repeat N`) Alloy is measured live instead, and
//! `--write-alloy6 PATH` writes what was measured in the data file's format
//! (`--alloy-only` skips solder: the data file was made with
//! `--alloy-only --wait-idle 0.5`, and its entries that another build had disturbed
//! again with `--wait-idle 0.3`).
//!
//! Prints one row per (command, steps) as it finishes: both verdicts, solder's time,
//! Alloy's solving time and process time, Alloy/solder (Alloy's solving time over
//! solder's time, which includes loading the model: above 1, solder was faster) and
//! Alloy's warm time; then the geometric mean of the ratio per step count and overall
//! (also with Alloy's process time, and with its warm time where there is one), and the
//! target (solder at least as fast as Alloy in geometric mean at every step count; met or
//! not, it does not fail the bench). A verdict that differs from Alloy's (marked `!`) or
//! an error fails the bench at the end; a timeout on either side is listed but does not.
//! `--stats` adds a table of solder's phases: load, building the command, the unrolling,
//! translation and solving summed over every trace length (in a second pass over the
//! lengths, outside the timed run), the re-check, and the last length's size.
//!
//! Run with `cargo bench --bench temporal [-- [FILTER] [FLAGS]]`: FILTER is a substring of
//! `file:label`. FLAGS: `--timeout SECS` (solder's limit per command, default 120),
//! `--steps 10,20,40`, `--stats`; for live Alloy `--alloy-timeout SECS` (default 300),
//! `--alloy-runs N` (default 3), `--wait-idle CPUS` (before each Alloy measurement, wait
//! up to 3 minutes until other processes keep fewer than CPUS busy), `--alloy-only`,
//! `--write-alloy6 PATH`; and options of the solve (`common::options`), such as
//! `--cadical` or `--symmetry=N`. Other arguments starting with `-` (such as the `--bench`
//! that cargo passes) are ignored.

mod common;

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use solder::check::command::BuildOptions;
use solder::diagnostic::SourceMap;
use solder::logic::temporal::unroll;
use solder::session::{CommandRun, load_file};
use solder::solve::{Outcome, Solver};

/// The commands, as `file:label` (the file in `examples/temporal` without `.als`).
const COMMANDS: [&str; 10] = [
    // run, sat: the puzzle's solution, a reachability question (8 states; 4 one sigs)
    "rivercrossing:solved",
    // run, sat: a leader is elected in a ring of three (util/ordering)
    "ringleader:elected",
    // check, sat: the hotel's classic intruder (Card, Room, Guest, Desk; util/ordering)
    "hotelcards:noIntruder",
    // check, sat: a seeded deadlock of the philosophers (Fork, Sage)
    "philosophers:noDeadlock",
    // check, sat: liveness without fairness (the token may stop moving)
    "tokenring:everybodyGetsIt",
    // check, unsat: safety, mutual exclusion (Loc, Proc, Turn)
    "peterson:mutex",
    // check, unsat: safety, two-phase commit (Phase, Manager, Coordinator)
    "twophase:agreement",
    // check, unsat: safety, trains and barrier (Zone, Position, Train, Barrier)
    "levelcrossing:safe",
    // check, unsat: liveness under fairness, a quantified fairness premise (Peer)
    "gossip:spreadsFairly",
    // check, unsat: liveness under fairness (Node)
    "tokenring:everybodyGetsItFairly",
];

const DEFAULT_STEPS: [u32; 3] = [10, 20, 40];
const DEFAULT_TIMEOUT_SECS: f64 = 120.0;
/// Alloy's limit when it is measured live (that of the data file).
const DEFAULT_ALLOY_TIMEOUT_SECS: f64 = 300.0;
/// Alloy's commands whose cold solving time is under this are also timed on a warm JVM.
const WARM_BELOW_MS: f64 = 5000.0;
/// Solves in the one JVM that gives the warm time (the first is not counted).
const WARM_REPEATS: usize = 5;
/// solder's runs under this are repeated, and the best of [`REPEATS`] kept.
const REPEAT_BELOW_MS: f64 = 1000.0;
const REPEATS: usize = 3;
/// The most time `--wait-idle` waits for the other processes to quieten.
const IDLE_WAIT: Duration = Duration::from_secs(180);
/// The window over which `--wait-idle` measures how busy the CPUs are.
const IDLE_WINDOW: Duration = Duration::from_secs(2);

// ---------------------------------------------------------------------------------------
// Alloy's figures (benches/temporal/alloy6.json)

#[derive(Clone, Debug, Serialize, Deserialize)]
struct AlloyData {
    machine: Machine,
    date: String,
    alloy: AlloyInfo,
    /// How the figures were taken.
    method: String,
    entries: Vec<AlloyEntry>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Machine {
    nproc: usize,
    cpu: String,
    /// `/proc/loadavg` (1, 5 and 15 minutes) before and after the measurements.
    load_average_before: String,
    load_average_after: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct AlloyInfo {
    commit: String,
    solver: String,
    jvm: String,
    jvm_options: String,
    driver: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct AlloyEntry {
    file: String,
    label: String,
    steps: u32,
    /// `sat`, `unsat` or `timeout`.
    verdict: String,
    /// Time in `TranslateAlloyToKodkod.execute_command` (minimum over the runs).
    execute_ms: Option<f64>,
    /// Wall time of the `solve` process (minimum over the runs).
    process_ms: Option<f64>,
    /// For commands under [`WARM_BELOW_MS`]: the command solved again and again in one
    /// JVM (`--repeat`), the fastest solve after the first.
    #[serde(default)]
    warm_ms: Option<f64>,
    /// Runs measured (0: skipped after a timeout at fewer steps).
    runs: usize,
    /// The 1-minute load average when the first run started.
    load_average: f64,
    /// CPUs kept busy by other processes (from `/proc/stat`, over 2 s) just before the
    /// first run, when it was measured (`--wait-idle`).
    #[serde(default)]
    busy_cpus: Option<f64>,
}

impl AlloyEntry {
    /// An entry with nothing measured yet (a timeout until a run says otherwise).
    fn unmeasured(file: &str, label: &str, steps: u32, busy_cpus: Option<f64>) -> AlloyEntry {
        AlloyEntry {
            file: file.to_string(),
            label: label.to_string(),
            steps,
            verdict: "timeout".to_string(),
            execute_ms: None,
            process_ms: None,
            warm_ms: None,
            runs: 0,
            load_average: load_average_1(),
            busy_cpus,
        }
    }

    fn key(&self) -> (String, String, u32) {
        (self.file.clone(), self.label.clone(), self.steps)
    }
}

fn data_path(root: &Path) -> PathBuf {
    root.join("benches/temporal/alloy6.json")
}

fn read_data(path: &Path) -> Result<AlloyData, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

fn load_average_1() -> f64 {
    load_average()
        .split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or(0.0)
}

/// How many CPUs were busy over `window` (from `/proc/stat`), while this bench waits.
fn busy_cpus(window: Duration) -> Option<f64> {
    let sample = || -> Option<(u64, u64)> {
        let text = std::fs::read_to_string("/proc/stat").ok()?;
        let line = text.lines().find(|l| l.starts_with("cpu "))?;
        let v: Vec<u64> = line
            .split_whitespace()
            .skip(1)
            .filter_map(|w| w.parse().ok())
            .collect();
        // user nice system idle iowait irq softirq steal
        let idle = v.get(3)? + v.get(4).copied().unwrap_or(0);
        let total: u64 = v.iter().take(8).sum();
        Some((total, idle))
    };
    let (t0, i0) = sample()?;
    std::thread::sleep(window);
    let (t1, i1) = sample()?;
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    let total = (t1 - t0).max(1) as f64;
    Some(cpus * (total - (i1 - i0) as f64) / total)
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}

fn command_output(program: &str, args: &[&str]) -> String {
    Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map(|o| {
            let mut text = String::from_utf8_lossy(&o.stdout).into_owned();
            text.push_str(&String::from_utf8_lossy(&o.stderr));
            text
        })
        .unwrap_or_default()
}

/// The header of a data file measured now with the `solve` script `solve`.
fn header(solve: &Path, before: String) -> (Machine, String, AlloyInfo) {
    let dir = solve.parent().unwrap_or(Path::new("."));
    let commit = std::fs::read_to_string(dir.join("src/COMMIT"))
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "0fa93b2c".to_string());
    let sat4j = std::fs::read_dir(dir.join("lib"))
        .ok()
        .and_then(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .find(|n| n.starts_with("org.ow2.sat4j.core-"))
        })
        .map(|n| {
            let version = n
                .trim_start_matches("org.ow2.sat4j.core-")
                .trim_end_matches(".jar");
            format!("SAT4J {version} (SATFactory.DEFAULT, default A4Options)")
        })
        .unwrap_or_else(|| "SAT4J (SATFactory.DEFAULT, default A4Options)".to_string());
    let jvm = command_output("java", &["-version"])
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(2)
        .collect::<Vec<_>>()
        .join("; ");
    let jvm_options = std::env::var("SOLVE_JAVA_OPTS").unwrap_or_else(|_| {
        "the solve script's default: -XX:+UseSerialGC -XX:TieredStopAtLevel=1, CDS archive"
            .to_string()
    });
    let machine = Machine {
        nproc: std::thread::available_parallelism().map_or(0, |n| n.get()),
        cpu: cpu_model(),
        load_average_before: before,
        load_average_after: String::new(),
    };
    let date = command_output("date", &["-u", "+%Y-%m-%d"])
        .trim()
        .to_string();
    let info = AlloyInfo {
        commit,
        solver: sat4j,
        jvm,
        jvm_options,
        driver: format!("{} FILE --time --command LABEL", solve.display()),
    };
    (machine, date, info)
}

/// What one run of Alloy's `solve` gave.
enum AlloyRun {
    Done {
        sat: bool,
        /// One per solve (`--repeat`).
        execute_ms: Vec<f64>,
        process_ms: f64,
    },
    Timeout,
    Error(String),
}

/// Run Alloy's `solve` on command `label` of `file` (`repeat` times in one JVM),
/// killing it after `limit`.
fn alloy_once(solve: &Path, file: &Path, label: &str, repeat: usize, limit: Duration) -> AlloyRun {
    let started = Instant::now();
    let mut child = match Command::new(solve)
        .arg(file)
        .arg("--time")
        .arg("--command")
        .arg(label)
        .args(["--repeat", &repeat.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(e) => return AlloyRun::Error(format!("cannot start {}: {e}", solve.display())),
    };
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for Alloy") {
            break status;
        }
        if started.elapsed() > limit {
            // The process we started (the script execs java), by its handle.
            let _ = child.kill();
            let _ = child.wait();
            return AlloyRun::Timeout;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let process_ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut out = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        let _ = stdout.read_to_string(&mut out);
    }
    let mut err = String::new();
    if let Some(mut stderr) = child.stderr.take() {
        let _ = stderr.read_to_string(&mut err);
    }
    let mut verdicts = Vec::new();
    let mut execute_ms = Vec::new();
    for line in out.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        if let [l, verdict, ms] = cols.as_slice()
            && *l == label
            && let Ok(ms) = ms.parse::<f64>()
        {
            verdicts.push(*verdict == "sat");
            execute_ms.push(ms);
        }
    }
    if status.success() && execute_ms.len() == repeat {
        if verdicts.iter().any(|v| *v != verdicts[0]) {
            return AlloyRun::Error(format!("Alloy's verdicts differ: {verdicts:?}"));
        }
        return AlloyRun::Done {
            sat: verdicts[0],
            execute_ms,
            process_ms,
        };
    }
    AlloyRun::Error(format!(
        "Alloy ({status}) printed no time for `{label}`: {} {}",
        out.trim(),
        err.trim()
    ))
}

/// The smaller of a minimum so far and a new time.
fn min(old: Option<f64>, new: f64) -> Option<f64> {
    Some(old.map_or(new, |o| o.min(new)))
}

/// Milliseconds to the microsecond, for the data file.
fn round(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

/// Measure Alloy `runs` times (not again after a timeout) and keep the minimum times.
fn alloy_measure(
    solve: &Path,
    file: &Path,
    stem: &str,
    label: &str,
    steps: u32,
    args: &Args,
) -> Result<AlloyEntry, String> {
    let mut busy = None;
    if let Some(max) = args.wait_idle {
        let waited = Instant::now();
        loop {
            busy = busy_cpus(IDLE_WINDOW).map(|b| (b * 100.0).round() / 100.0);
            if busy.is_none_or(|b| b < max) || waited.elapsed() > IDLE_WAIT {
                break;
            }
        }
    }
    let mut entry = AlloyEntry::unmeasured(stem, label, steps, busy);
    let mut verdicts: Vec<bool> = Vec::new();
    for _ in 0..args.alloy_runs.max(1) {
        entry.runs += 1;
        match alloy_once(solve, file, label, 1, args.alloy_timeout) {
            AlloyRun::Done {
                sat,
                execute_ms,
                process_ms,
            } => {
                verdicts.push(sat);
                entry.execute_ms = min(entry.execute_ms, execute_ms[0]);
                entry.process_ms = min(entry.process_ms, process_ms);
            }
            AlloyRun::Timeout => {
                if verdicts.is_empty() {
                    return Ok(entry);
                }
                break;
            }
            AlloyRun::Error(e) => return Err(e),
        }
    }
    if verdicts.iter().any(|v| *v != verdicts[0]) {
        return Err(format!(
            "Alloy's verdicts differ between runs: {verdicts:?}"
        ));
    }
    entry.verdict = if verdicts[0] { "sat" } else { "unsat" }.to_string();
    if entry.execute_ms.is_some_and(|ms| ms < WARM_BELOW_MS) {
        match alloy_once(solve, file, label, WARM_REPEATS, args.alloy_timeout) {
            AlloyRun::Done {
                sat, execute_ms, ..
            } if sat == verdicts[0] => {
                entry.warm_ms = execute_ms[1..].iter().copied().reduce(f64::min).map(round);
            }
            AlloyRun::Done { .. } => return Err("Alloy's verdict differs on a warm JVM".into()),
            AlloyRun::Timeout => {}
            AlloyRun::Error(e) => return Err(e),
        }
    }
    entry.execute_ms = entry.execute_ms.map(round);
    entry.process_ms = entry.process_ms.map(round);
    Ok(entry)
}

// ---------------------------------------------------------------------------------------
// solder, in a child process

/// Print a child's errors and end it.
fn fail(sources: &SourceMap, errors: &solder::diagnostic::Errors) -> ! {
    eprintln!("{}", sources.render(&errors.0, false));
    std::process::exit(2);
}

/// Child mode: `args` are `FILE LABEL TIMEOUT_SECS FLAGS...`. Loads `FILE`, solves the
/// command labelled `LABEL` and prints `done key=value...` (see [`SolderRun`]); with
/// `--stats` among the flags, then `phases key=value...` from a second, untimed pass over
/// the trace lengths.
fn child_main(args: &[String]) {
    let file = PathBuf::from(&args[0]);
    let label = &args[1];
    let timeout = Duration::from_secs_f64(args[2].parse().expect("timeout seconds"));
    let flags = &args[3..];
    let mut opts = common::options(flags);
    let stop = Arc::new(AtomicBool::new(false));
    opts.solve.stop = Some(stop.clone());
    let finished = Arc::new(AtomicBool::new(false));
    let watcher = {
        let (stop, finished) = (stop.clone(), finished.clone());
        std::thread::spawn(move || {
            let started = Instant::now();
            while started.elapsed() < timeout {
                if finished.load(Ordering::SeqCst) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            stop.store(true, Ordering::SeqCst);
        })
    };
    let started = Instant::now();
    let mut sources = SourceMap::new();
    let checked = load_file(&mut sources, &file).unwrap_or_else(|e| fail(&sources, &e));
    let load = started.elapsed();
    let Some(index) = checked
        .model
        .commands
        .iter()
        .position(|c| c.label == *label)
    else {
        eprintln!("{}: no command labelled `{label}`", file.display());
        std::process::exit(2);
    };
    let run = CommandRun::start(&checked, index, &opts).unwrap_or_else(|e| fail(&sources, &e));
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    finished.store(true, Ordering::SeqCst);
    let _ = watcher.join();

    let verdict = match run.found() {
        Some(1) => "sat",
        Some(_) => "unsat",
        None if stop.load(Ordering::SeqCst) => "timeout",
        None => "interrupted",
    };
    let stats = run.stats();
    let (min_steps, max_steps) = run.steps();
    let states = run.trace.as_ref().map_or(0, |t| t.states.len());
    let msf = |d: Duration| d.as_secs_f64() * 1000.0;
    let mut out = std::io::stdout();
    let _ = writeln!(
        out,
        "done verdict={verdict} ms={ms:.3} load_ms={:.3} build_ms={:.3} recheck_ms={:.3} \
         last_translate_ms={:.3} last_solve_ms={:.3} primary={} aux={} clauses={} \
         states={states} min_steps={min_steps} max_steps={max_steps}",
        msf(load),
        msf(run.build),
        msf(run.recheck),
        msf(stats.translate_time),
        msf(stats.solve_time),
        stats.primary_vars,
        stats.aux_vars,
        stats.clauses,
    );
    let _ = out.flush();
    if flags.iter().any(|f| f == "--stats") && verdict != "timeout" {
        // The same lengths again, each phase timed apart (what `CommandRun::start`
        // does, outside the timed run).
        let build = BuildOptions {
            max_vars: opts.max_vars,
            tight_field_bounds: opts.tight_field_bounds,
            child_blocks: opts.child_blocks,
        };
        let command = checked
            .build_command_with(index, &build)
            .unwrap_or_else(|e| fail(&sources, &e));
        let Some(t) = command.temporal.clone() else {
            return;
        };
        let mut solve_opts = opts.solve.clone();
        solve_opts.skolem_prefix = command.skolem_prefix.clone();
        solve_opts.stop = None;
        let (mut unrolling, mut translating, mut solving) =
            (Duration::ZERO, Duration::ZERO, Duration::ZERO);
        let mut lengths = 0;
        for steps in t.min_steps..=t.max_steps {
            lengths += 1;
            let at = Instant::now();
            let unrolled = unroll(&command.problem, &t.var, steps);
            unrolling += at.elapsed();
            let at = Instant::now();
            let Ok(mut solver) = Solver::new(&unrolled.problem, &solve_opts) else {
                return;
            };
            translating += at.elapsed();
            let at = Instant::now();
            let outcome = solver.next();
            solving += at.elapsed();
            if !matches!(outcome, Ok(Outcome::Unsat)) {
                break;
            }
        }
        let _ = writeln!(
            out,
            "phases lengths={lengths} unroll_ms={:.3} translate_ms={:.3} solve_ms={:.3}",
            msf(unrolling),
            msf(translating),
            msf(solving)
        );
        let _ = out.flush();
    }
}

/// What a child reported (the `done` line, and the `phases` line with `--stats`).
#[derive(Clone, Debug, Default)]
struct SolderRun {
    /// `sat`, `unsat`, `timeout` or `error`.
    verdict: String,
    ms: f64,
    fields: BTreeMap<String, String>,
}

impl SolderRun {
    fn get(&self, key: &str) -> Option<f64> {
        self.fields.get(key).and_then(|v| v.parse().ok())
    }

    fn finished(&self) -> bool {
        self.verdict == "sat" || self.verdict == "unsat"
    }
}

fn solder_once(file: &Path, label: &str, args: &Args) -> SolderRun {
    let mut child_args = vec![
        file.display().to_string(),
        label.to_string(),
        args.timeout.as_secs_f64().to_string(),
    ];
    child_args.extend(args.flags.iter().cloned());
    let out = common::spawn_child(&child_args, args.timeout, common::GRACE);
    let mut run = SolderRun {
        verdict: if out.killed { "timeout" } else { "error" }.to_string(),
        ms: out.elapsed_ms,
        fields: BTreeMap::new(),
    };
    for line in out.text.lines() {
        let mut words = line.split_whitespace();
        let kind = words.next();
        if !matches!(kind, Some("done" | "phases")) {
            continue;
        }
        for word in words {
            if let Some((k, v)) = word.split_once('=') {
                run.fields.insert(k.to_string(), v.to_string());
            }
        }
    }
    if let Some(verdict) = run.fields.get("verdict") {
        run.verdict = match verdict.as_str() {
            "interrupted" => "timeout".to_string(),
            v => v.to_string(),
        };
        run.ms = run.get("ms").unwrap_or(out.elapsed_ms);
    } else if !out.killed {
        eprintln!(
            "child for {} `{label}` failed: {}",
            file.display(),
            out.status
        );
    }
    run
}

/// solder on one file: the best of [`REPEATS`] runs when the first takes under a second.
fn solder_measure(file: &Path, label: &str, args: &Args) -> SolderRun {
    let mut best = solder_once(file, label, args);
    if best.finished() && best.ms < REPEAT_BELOW_MS {
        for _ in 1..REPEATS {
            let again = solder_once(file, label, args);
            if again.finished() && again.ms < best.ms {
                best = again;
            }
        }
    }
    best
}

// ---------------------------------------------------------------------------------------
// The files

/// The text of `file` with the trace length of its command `label` set to `1..steps`:
/// the `steps` part of the scope replaced, or added to the scope (`for 3` becomes
/// `for 3 but N steps`, `for 3 but 2 A` becomes `for 3 but 2 A, N steps`; a command
/// without a scope gets `for 3 but N steps`, Alloy's default scope).
fn with_steps(file: &Path, label: &str, steps: u32) -> Result<String, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut sources = SourceMap::new();
    let checked = load_file(&mut sources, file).map_err(|e| sources.render(&e.0, false))?;
    let cmd = checked
        .model
        .commands
        .iter()
        .find(|c| c.label == label)
        .ok_or_else(|| format!("{}: no command labelled `{label}`", file.display()))?;
    let span = |s: solder::diagnostic::Span| (s.start as usize, s.end as usize);
    let (start, end, new) = match &cmd.scope {
        Some(scope) => match &scope.steps {
            Some(old) => {
                let (start, end) = span(old.span);
                (start, end, format!("{steps} steps"))
            }
            None => {
                let (_, end) = span(scope.span);
                let new = if scope.types.is_empty() {
                    format!(" but {steps} steps")
                } else {
                    format!(", {steps} steps")
                };
                (end, end, new)
            }
        },
        None => {
            let (start, end) = span(cmd.span);
            let body = text.get(start..end).unwrap_or_default();
            let at = match (cmd.expect, body.rfind("expect")) {
                (Some(_), Some(i)) => start + i,
                _ => end,
            };
            let new = if at == end {
                format!(" for 3 but {steps} steps")
            } else {
                format!("for 3 but {steps} steps ")
            };
            (at, at, new)
        }
    };
    let old = text
        .get(start..end)
        .ok_or_else(|| format!("{}: the scope's span is not in the file", file.display()))?;
    if start != end && !old.trim_end().ends_with("steps") {
        return Err(format!(
            "{}: `{label}`'s steps scope reads `{old}`, not `N steps`",
            file.display()
        ));
    }
    Ok(format!("{}{new}{}", &text[..start], &text[end..]))
}

// ---------------------------------------------------------------------------------------
// The bench

/// The command line of the bench (not of a child).
struct Args {
    filter: Option<String>,
    /// Flags passed on to the children (options of the solve, `--stats`).
    flags: Vec<String>,
    timeout: Duration,
    steps: Vec<u32>,
    stats: bool,
    alloy_timeout: Duration,
    alloy_runs: usize,
    wait_idle: Option<f64>,
    alloy_only: bool,
    write_alloy6: Option<PathBuf>,
}

fn parse_args(all: &[String]) -> Args {
    let mut args = Args {
        filter: None,
        flags: Vec::new(),
        timeout: Duration::from_secs_f64(DEFAULT_TIMEOUT_SECS),
        steps: DEFAULT_STEPS.to_vec(),
        stats: false,
        alloy_timeout: Duration::from_secs_f64(DEFAULT_ALLOY_TIMEOUT_SECS),
        alloy_runs: REPEATS,
        wait_idle: None,
        alloy_only: false,
        write_alloy6: None,
    };
    let seconds = |flag: &str, s: &str| -> Duration {
        let secs: f64 = s
            .parse()
            .unwrap_or_else(|_| panic!("{flag} wants seconds, got `{s}`"));
        Duration::from_secs_f64(secs)
    };
    let mut it = all.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |name: &str| -> String {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .unwrap_or_else(|| panic!("{name} wants a value"))
        };
        match flag {
            "--timeout" => args.timeout = seconds(flag, &value(flag)),
            "--alloy-timeout" => args.alloy_timeout = seconds(flag, &value(flag)),
            "--steps" => {
                args.steps = value(flag)
                    .split(',')
                    .map(|s| s.trim().parse().expect("--steps wants numbers: 10,20,40"))
                    .collect();
            }
            "--alloy-runs" => args.alloy_runs = value(flag).parse().expect("--alloy-runs N"),
            "--wait-idle" => {
                args.wait_idle = Some(value(flag).parse().expect("--wait-idle CPUS"));
            }
            "--write-alloy6" => args.write_alloy6 = Some(PathBuf::from(value(flag))),
            "--alloy-only" => args.alloy_only = true,
            "--stats" => {
                args.stats = true;
                args.flags.push(arg.clone());
            }
            _ if arg.starts_with('-') => args.flags.push(arg.clone()),
            _ if args.filter.is_none() => args.filter = Some(arg.clone()),
            _ => {}
        }
    }
    args
}

/// One (command, steps).
struct Row {
    key: String,
    steps: u32,
    solder: Option<SolderRun>,
    alloy: Option<AlloyEntry>,
}

impl Row {
    fn solder_verdict(&self) -> &str {
        self.solder.as_ref().map_or("-", |s| s.verdict.as_str())
    }

    fn alloy_verdict(&self) -> &str {
        self.alloy.as_ref().map_or("-", |a| a.verdict.as_str())
    }

    /// Both answered, differently.
    fn disagrees(&self) -> bool {
        let (s, a) = (self.solder_verdict(), self.alloy_verdict());
        let known = |v: &str| v == "sat" || v == "unsat";
        known(s) && known(a) && s != a
    }

    fn solder_ms(&self) -> Option<f64> {
        self.solder.as_ref().filter(|s| s.finished()).map(|s| s.ms)
    }

    fn alloy_ms(&self) -> Option<f64> {
        self.alloy.as_ref().and_then(|a| a.execute_ms)
    }

    fn alloy_process_ms(&self) -> Option<f64> {
        self.alloy.as_ref().and_then(|a| a.process_ms)
    }

    fn alloy_warm_ms(&self) -> Option<f64> {
        self.alloy.as_ref().and_then(|a| a.warm_ms)
    }

    /// Alloy's best solving time: warm where it was measured, cold elsewhere.
    fn alloy_best_ms(&self) -> Option<f64> {
        let cold = self.alloy_ms()?;
        Some(self.alloy_warm_ms().map_or(cold, |w| w.min(cold)))
    }

    /// Alloy's solving time over solder's time, when both finished.
    fn ratio(&self) -> Option<f64> {
        Some(self.alloy_ms()? / self.solder_ms()?.max(0.001))
    }

    fn ratio_text(&self, alloy_limit: f64, solder_limit: f64) -> String {
        if let Some(r) = self.ratio() {
            return format!("{r:.2}");
        }
        let timed_out = |v: &str| v == "timeout";
        match (self.solder_ms(), self.alloy_ms()) {
            (Some(s), None) if timed_out(self.alloy_verdict()) => {
                format!(">{:.0}", alloy_limit / s.max(0.001))
            }
            (None, Some(a)) if timed_out(self.solder_verdict()) => {
                format!("<{:.2}", a / solder_limit)
            }
            _ => "-".to_string(),
        }
    }
}

fn ms_text(ms: Option<f64>) -> String {
    ms.map_or("-".to_string(), |ms| format!("{ms:.1}"))
}

fn geo_mean(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    Some((values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp())
}

fn print_header() {
    println!(
        "{:<34} {:>5} {:>7} {:>7} {:>1} {:>10} {:>10} {:>10} {:>8} {:>9}",
        "model:label",
        "steps",
        "solder",
        "Alloy",
        "",
        "solder ms",
        "Alloy ms",
        "proc ms",
        "A/s",
        "warm ms"
    );
}

fn print_row(row: &Row, args: &Args) {
    let mark = if row.disagrees() { "!" } else { "" };
    println!(
        "{:<34} {:>5} {:>7} {:>7} {mark:>1} {:>10} {:>10} {:>10} {:>8} {:>9}",
        row.key,
        row.steps,
        row.solder_verdict(),
        row.alloy_verdict(),
        ms_text(row.solder_ms()),
        ms_text(row.alloy_ms()),
        ms_text(row.alloy_process_ms()),
        row.ratio_text(
            args.alloy_timeout.as_secs_f64() * 1000.0,
            args.timeout.as_secs_f64() * 1000.0
        ),
        ms_text(row.alloy_warm_ms()),
    );
}

fn print_stats(rows: &[Row]) {
    println!();
    println!(
        "solder's phases (ms; unroll, translate and solve summed over the trace lengths, \
         in an untimed second pass; vars and clauses of the last length)"
    );
    println!(
        "{:<34} {:>5} {:>4} {:>5} {:>9} {:>7} {:>7} {:>9} {:>9} {:>7} {:>6} {:>7} {:>7}",
        "model:label",
        "steps",
        "len",
        "tried",
        "total",
        "load",
        "build",
        "unroll",
        "translate",
        "solve",
        "check",
        "vars",
        "clauses"
    );
    for row in rows {
        let Some(s) = &row.solder else { continue };
        if !s.finished() {
            continue;
        }
        let f = |k: &str| ms_text(s.get(k));
        let n = |k: &str| s.fields.get(k).cloned().unwrap_or_else(|| "-".to_string());
        let vars = match (s.get("primary"), s.get("aux")) {
            (Some(p), Some(a)) => format!("{}", (p + a) as u64),
            _ => "-".to_string(),
        };
        println!(
            "{:<34} {:>5} {:>4} {:>5} {:>9.1} {:>7} {:>7} {:>9} {:>9} {:>7} {:>6} {:>7} {:>7}",
            row.key,
            row.steps,
            n("states"),
            n("lengths"),
            s.ms,
            f("load_ms"),
            f("build_ms"),
            f("unroll_ms"),
            f("translate_ms"),
            f("solve_ms"),
            f("recheck_ms"),
            vars,
            n("clauses"),
        );
    }
}

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    if all.first().is_some_and(|a| a == "--child") {
        child_main(&all[1..]);
        return;
    }
    let args = parse_args(&all);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let examples = root.join("examples/temporal");
    let tmp =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("temporal-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("create the directory of the bench's files");

    let live = std::env::var_os("ALLOY6_SOLVE").map(PathBuf::from);
    let data = if live.is_some() {
        None
    } else {
        match read_data(&data_path(root)) {
            Ok(data) => Some(data),
            Err(e) => {
                println!("(no Alloy figures: {e}; set ALLOY6_SOLVE to measure Alloy live)");
                None
            }
        }
    };
    assert!(
        args.write_alloy6.is_none() || live.is_some(),
        "--write-alloy6 measures Alloy live: set ALLOY6_SOLVE to its solve script"
    );
    let mut written = live.as_ref().map(|solve| {
        let (machine, date, alloy) = header(solve, load_average());
        AlloyData {
            machine,
            date,
            alloy,
            method: format!(
                "per (file, label, steps): the example with that command's steps scope set, \
                 solved alone by `solve FILE --time --command LABEL`, {} runs (not repeated \
                 after a timeout at {} s; larger steps skipped after one), minimum of each \
                 time; execute_ms is the time in TranslateAlloyToKodkod.execute_command, \
                 process_ms the wall time of the whole process (JVM start, parse, solve)",
                args.alloy_runs,
                args.alloy_timeout.as_secs_f64()
            ),
            entries: Vec::new(),
        }
    });
    let figures: BTreeMap<(String, String, u32), AlloyEntry> = data
        .as_ref()
        .map(|d| d.entries.iter().map(|e| (e.key(), e.clone())).collect())
        .unwrap_or_default();

    match (&live, &data) {
        (Some(solve), _) => println!("Alloy measured live: {}", solve.display()),
        (None, Some(d)) => println!(
            "Alloy from {} (measured {} on {} x {}, load {}; Alloy {}, {}, {})",
            data_path(root).display(),
            d.date,
            d.machine.nproc,
            d.machine.cpu,
            d.machine.load_average_before,
            &d.alloy.commit[..d.alloy.commit.len().min(8)],
            d.alloy.solver,
            d.alloy.jvm.split(';').next().unwrap_or_default(),
        ),
        (None, None) => {}
    }
    println!(
        "solder: load + translate + solve + re-check, best of {REPEATS} under {} s, limit {} s; \
         Alloy ms: execute_command (translate + solve), proc ms: the whole JVM process; \
         A/s = Alloy ms / solder ms; warm ms: execute_command on a warm JVM (Alloy ms under \
         {} s)",
        REPEAT_BELOW_MS / 1000.0,
        args.timeout.as_secs_f64(),
        WARM_BELOW_MS / 1000.0,
    );
    print_header();

    let mut rows: Vec<Row> = Vec::new();
    let mut failures: Vec<String> = Vec::new();
    for key in COMMANDS {
        if args
            .filter
            .as_ref()
            .is_some_and(|f| !key.contains(f.as_str()))
        {
            continue;
        }
        let (stem, label) = key.split_once(':').expect("file:label");
        let source = examples.join(format!("{stem}.als"));
        let (mut solder_out, mut alloy_out) = (false, false);
        for &steps in &args.steps {
            let file = tmp.join(format!("{stem}-{label}-{steps}.als"));
            let text = match with_steps(&source, label, steps) {
                Ok(text) => text,
                Err(e) => {
                    println!("{key}: {e}");
                    failures.push(format!("{key} at {steps} steps: {e}"));
                    continue;
                }
            };
            std::fs::write(&file, text).expect("write the bench's file");
            let solder = if args.alloy_only {
                None
            } else if solder_out {
                Some(SolderRun {
                    verdict: "timeout".to_string(),
                    ..SolderRun::default()
                })
            } else {
                let run = solder_measure(&file, label, &args);
                if run.finished() && run.get("max_steps") != Some(steps as f64) {
                    failures.push(format!(
                        "{key}: the file for {steps} steps has {:?} steps",
                        run.fields.get("max_steps")
                    ));
                }
                Some(run)
            };
            let alloy = match &live {
                Some(_) if alloy_out => Some(AlloyEntry::unmeasured(stem, label, steps, None)),
                Some(solve) => match alloy_measure(solve, &file, stem, label, steps, &args) {
                    Ok(entry) => Some(entry),
                    Err(e) => {
                        println!("{key} at {steps} steps: {e}");
                        failures.push(format!("{key} at {steps} steps: Alloy: {e}"));
                        None
                    }
                },
                None => figures
                    .get(&(stem.to_string(), label.to_string(), steps))
                    .cloned(),
            };
            let row = Row {
                key: key.to_string(),
                steps,
                solder,
                alloy,
            };
            solder_out |= row.solder_verdict() == "timeout";
            alloy_out |= live.is_some() && row.alloy_verdict() == "timeout";
            print_row(&row, &args);
            if row.disagrees() {
                failures.push(format!(
                    "{key} at {steps} steps: solder {}, Alloy {}",
                    row.solder_verdict(),
                    row.alloy_verdict()
                ));
            }
            if row.solder_verdict() == "error" {
                failures.push(format!("{key} at {steps} steps: solder failed"));
            }
            if let (Some(w), Some(a)) = (written.as_mut(), &row.alloy) {
                w.entries.push(a.clone());
            }
            rows.push(row);
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);

    // The geometric means of Alloy/solder.
    println!();
    let mut met = true;
    let mut any = false;
    let mut by_steps: Vec<(String, Vec<&Row>)> = args
        .steps
        .iter()
        .map(|s| {
            (
                format!("{s} steps"),
                rows.iter().filter(|r| r.steps == *s).collect(),
            )
        })
        .collect();
    by_steps.push(("overall".to_string(), rows.iter().collect()));
    let last = by_steps.len() - 1;
    for (i, (name, group)) in by_steps.iter().enumerate() {
        let ratios: Vec<f64> = group.iter().filter_map(|r| r.ratio()).collect();
        let versus = |alloy: fn(&Row) -> Option<f64>| -> Vec<f64> {
            group
                .iter()
                .filter_map(|r| Some(alloy(r)? / r.solder_ms()?.max(0.001)))
                .collect()
        };
        let process = versus(Row::alloy_process_ms);
        let best = versus(Row::alloy_best_ms);
        let Some(mean) = geo_mean(&ratios) else {
            continue;
        };
        any = true;
        let alloy_out = group
            .iter()
            .filter(|r| r.alloy_verdict() == "timeout" && r.solder_ms().is_some())
            .count();
        let solder_out = group
            .iter()
            .filter(|r| r.solder_verdict() == "timeout" && r.alloy_ms().is_some())
            .count();
        let mut note = String::new();
        if alloy_out > 0 {
            note += &format!(", {alloy_out} where only Alloy timed out left out");
        }
        if solder_out > 0 {
            note += &format!(", {solder_out} where only solder timed out left out");
        }
        println!(
            "geo-mean Alloy/solder, {name:<9}: {mean:>6.2} (solving thread), {:>6.2} (process), \
             {:>6.2} (warm JVM where measured) over {} command(s){note}",
            geo_mean(&process).unwrap_or(f64::NAN),
            geo_mean(&best).unwrap_or(f64::NAN),
            ratios.len(),
        );
        if i != last && (mean < 1.0 || solder_out > 0) {
            met = false;
        }
    }
    if any {
        println!(
            "target: solder at least as fast as Alloy's solving thread in geometric mean at \
             every step count: {}",
            if met { "met" } else { "NOT met" }
        );
    }
    let slower: Vec<String> = rows
        .iter()
        .filter(|r| r.ratio().is_some_and(|x| x < 1.0))
        .map(|r| format!("{} at {}", r.key, r.steps))
        .collect();
    if !slower.is_empty() {
        println!("solder slower than Alloy: {}", slower.join(", "));
    }

    if args.stats {
        print_stats(&rows);
    }

    if let (Some(path), Some(mut data)) = (&args.write_alloy6, written) {
        data.machine.load_average_after = load_average();
        let mut text = serde_json::to_string_pretty(&data).expect("serialize Alloy's figures");
        text.push('\n');
        std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        println!("\nwrote Alloy's figures to {}", path.display());
    }

    let timeouts: Vec<String> = rows
        .iter()
        .filter(|r| r.solder_verdict() == "timeout" || r.alloy_verdict() == "timeout")
        .map(|r| {
            let who = match (r.solder_verdict(), r.alloy_verdict()) {
                ("timeout", "timeout") => "both",
                ("timeout", _) => "solder",
                _ => "Alloy",
            };
            format!("{} at {} ({who})", r.key, r.steps)
        })
        .collect();
    if !timeouts.is_empty() {
        println!("\ntimed out: {}", timeouts.join(", "));
    }
    assert!(
        failures.is_empty(),
        "verdicts differ from Alloy's, or errors:\n  {}",
        failures.join("\n  ")
    );
}
