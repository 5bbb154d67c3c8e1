//! The graph and synthesis benchmarks of the Alloy* paper in two encodings, side by side:
//!
//! - `benches/alloystar/*.als`: without integers (max clique, max cut, max independent
//!   set, min vertex cover, Hamiltonian paths, Turan's theorem), sizes compared by
//!   injections quantified as relations;
//! - `benches/alloystar/ints/*.als`: with integers, sizes compared with `#` as in Alloy*'s
//!   own models (the same graph problems with the same labels where the questions are the
//!   same, sweeps of 5-8 nodes for Turan and max cut, and the max-of-n synthesis).
//!
//! Every command runs once under the default options; its verdict must equal its
//! `expect`. Each command runs in a child process (this program run again with `--child`)
//! with a time limit, so that a slow one cannot hang the bench: at the limit the solver's
//! stop flag is raised, and a child that has not returned a few seconds later (varisat
//! cannot stop mid-search, the evaluator does not look at the flag) is killed. Prints one
//! row per command as it finishes: the wall time (including the re-check of instances by
//! the evaluator), the translation and solving time alone, CEGIS candidates and
//! counterexamples; then the totals per encoding; then a comparison table keyed by
//! `file:label` with both encodings in adjacent columns; then the targets. A
//! verdict other than the `expect` (marked `!`) or an error fails the bench at the end; a
//! timeout is listed but does not.
//!
//! Run with `cargo bench --bench alloystar [-- [FILTER] [FLAGS]]`: FILTER is a substring
//! of `file:label` (the file's name without `.als`, the same for both encodings).
//! FLAGS: `--timeout SECS` (per command, default 300), `--injection` or `--int` (only
//! that encoding); and options of the solve: `--naive`, `--no-instantiate`,
//! `--no-incremental`, `--no-verify`, `--varisat` / `--cadical` (every SAT problem on that
//! backend), `--cadical-verifiers` (only the CEGIS verifiers). Other arguments starting
//! with `-` (such as the `--bench` that cargo passes) are ignored.

mod common;

use std::collections::{BTreeSet, HashMap};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use solder::diagnostic::SourceMap;
use solder::session::{CommandRun, RunOptions, load_file};
use solder::solve::{BackendKind, Progress};

/// The default time limit of one command.
const DEFAULT_TIMEOUT_SECS: f64 = 300.0;
/// How long a child may go on after its time limit before it is killed.
const GRACE: Duration = Duration::from_secs(5);
const POLL: Duration = Duration::from_millis(10);

/// The targets for the `#` encoding (about Alloy*'s times): (file, label,
/// seconds). Turan at 8 nodes both as the guarded universal (`turan8`) and in Alloy*'s
/// existential phrasing (`turanSome8`).
const TARGETS: [(&str, &str, f64); 3] = [
    ("turan", "turan8", 10.0),
    ("turan", "turanSome8", 10.0),
    ("max_cut", "maxCut8", 2.0),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Encoding {
    /// Sizes compared by injections (`benches/alloystar`).
    Injection,
    /// Sizes compared with `#` (`benches/alloystar/ints`).
    Int,
}

impl Encoding {
    fn dir(self, root: &Path) -> PathBuf {
        match self {
            Encoding::Injection => root.join("benches/alloystar"),
            Encoding::Int => root.join("benches/alloystar/ints"),
        }
    }

    fn short(self) -> &'static str {
        match self {
            Encoding::Injection => "inj",
            Encoding::Int => "#",
        }
    }
}

fn verdict_word(found: Option<u32>) -> &'static str {
    match found {
        Some(1) => "sat",
        Some(0) => "unsat",
        Some(_) => "?",
        None => "interrupted",
    }
}

fn options(flags: &[String]) -> RunOptions {
    let mut opts = RunOptions::default();
    for flag in flags {
        match flag.as_str() {
            "--naive" => opts.solve.naive = true,
            "--no-instantiate" => opts.solve.instantiate = false,
            "--no-incremental" => opts.solve.incremental = false,
            "--no-verify" => opts.verify = false,
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
            _ => {}
        }
    }
    opts
}

/// The command line of the bench (not of a child).
struct Args {
    filter: Option<String>,
    /// Flags passed on to the children (options of the solve).
    flags: Vec<String>,
    timeout: Duration,
    encodings: Vec<Encoding>,
}

fn parse_args(args: &[String]) -> Args {
    let mut parsed = Args {
        filter: None,
        flags: Vec::new(),
        timeout: Duration::from_secs_f64(DEFAULT_TIMEOUT_SECS),
        encodings: vec![Encoding::Injection, Encoding::Int],
    };
    let seconds = |s: &str| -> Duration {
        let secs: f64 = s
            .parse()
            .unwrap_or_else(|_| panic!("--timeout wants seconds, got `{s}`"));
        Duration::from_secs_f64(secs)
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if arg == "--timeout" {
            parsed.timeout = seconds(it.next().expect("--timeout wants seconds"));
        } else if let Some(s) = arg.strip_prefix("--timeout=") {
            parsed.timeout = seconds(s);
        } else if arg == "--injection" {
            parsed.encodings = vec![Encoding::Injection];
        } else if arg == "--int" {
            parsed.encodings = vec![Encoding::Int];
        } else if arg.starts_with('-') {
            parsed.flags.push(arg.clone());
        } else if parsed.filter.is_none() {
            parsed.filter = Some(arg.clone());
        }
    }
    parsed
}

/// How a command ended.
#[derive(Clone, Debug)]
enum Outcome {
    /// 1 (sat) or 0 (unsat), Alloy's `expect` values.
    Found(u32),
    /// The time limit passed (the solver stopped, or the child was killed).
    Timeout,
    /// The command could not be solved (the child printed why) or the child failed.
    Error,
}

impl Outcome {
    fn word(&self) -> &'static str {
        match self {
            Outcome::Found(f) => verdict_word(Some(*f)),
            Outcome::Timeout => "timeout",
            Outcome::Error => "error",
        }
    }
}

/// One command under one encoding.
#[derive(Clone, Debug)]
struct Row {
    /// `file:label`, the same for both encodings.
    key: String,
    encoding: Encoding,
    expect: Option<u32>,
    outcome: Outcome,
    ms: f64,
    /// Translation and solving; `None` when the child was killed.
    solve_ms: Option<f64>,
    candidates: Option<usize>,
    counterexamples: Option<usize>,
}

impl Row {
    /// The outcome is not the `expect` (a timeout is not counted as a wrong verdict).
    fn wrong(&self) -> bool {
        match self.outcome {
            Outcome::Found(f) => self.expect.is_some_and(|e| e != f),
            Outcome::Error => true,
            Outcome::Timeout => false,
        }
    }
}

fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or("-".to_string(), |v| v.to_string())
}

/// Child mode: solve command `index` of `file` with a time limit and report on standard
/// output, one line per event: `progress CAND CEX` when the limit passes (in case the
/// parent has to kill this process), then `done VERDICT MS SOLVE_MS CAND CEX`.
fn child(args: &[String]) {
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
    let verdict = if stop.load(Ordering::SeqCst) && run.found().is_none() {
        "timeout"
    } else {
        verdict_word(run.found())
    };
    {
        let mut out = out.lock().unwrap();
        let _ = writeln!(
            out,
            "done {verdict} {ms:.3} {solve_ms:.3} {} {}",
            stats.candidates, stats.counterexamples
        );
        let _ = out.flush();
    }
    let _ = watcher.join();
}

/// Run command `index` of `file` in a child process and read its report.
fn run_child(
    file: &Path,
    index: usize,
    args: &Args,
) -> (Outcome, f64, Option<f64>, [Option<usize>; 2]) {
    let exe = std::env::current_exe().expect("the bench's own executable");
    let mut child = Command::new(exe)
        .arg("--child")
        .arg(file)
        .arg(index.to_string())
        .arg(args.timeout.as_secs_f64().to_string())
        .args(&args.flags)
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
        if started.elapsed() > args.timeout + GRACE {
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
    let mut counts = [None, None];
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["progress", cand, cex] => {
                counts = [cand.parse().ok(), cex.parse().ok()];
            }
            ["done", verdict, ms, solve_ms, cand, cex] => {
                let outcome = match *verdict {
                    "sat" => Outcome::Found(1),
                    "unsat" => Outcome::Found(0),
                    "timeout" | "interrupted" => Outcome::Timeout,
                    _ => Outcome::Error,
                };
                return (
                    outcome,
                    ms.parse().unwrap_or(elapsed_ms),
                    solve_ms.parse().ok(),
                    [cand.parse().ok(), cex.parse().ok()],
                );
            }
            _ => {}
        }
    }
    if killed {
        (Outcome::Timeout, elapsed_ms, None, counts)
    } else {
        if !status.success() {
            eprintln!("child for {} #{index} failed: {status}", file.display());
        }
        (Outcome::Error, elapsed_ms, None, counts)
    }
}

fn print_header() {
    println!(
        "{:<40} {:>3} {:>6} {:>11} {:>10} {:>10} {:>6} {:>6}",
        "file:command", "enc", "expect", "verdict", "ms", "solve ms", "cand", "cex"
    );
}

fn print_row(row: &Row) {
    let expect = row.expect.map_or("-".to_string(), |e| e.to_string());
    let mark = if row.wrong() { "!" } else { "" };
    println!(
        "{:<40} {:>3} {expect:>6} {:>11} {:>10.1} {:>10} {:>6} {:>6}",
        row.key,
        row.encoding.short(),
        format!("{}{mark}", row.outcome.word()),
        row.ms,
        row.solve_ms.map_or("-".to_string(), |s| format!("{s:.1}")),
        opt(row.candidates),
        opt(row.counterexamples),
    );
}

/// The keys of one file in the order of the comparison table: the injection file's
/// commands, with each command only the `#` file has placed after the one before it there.
fn merged_keys(injection: &[String], int: &[String]) -> Vec<String> {
    let mut keys: Vec<String> = injection.to_vec();
    let mut after: Option<usize> = None;
    for key in int {
        match keys.iter().position(|k| k == key) {
            Some(i) => after = Some(i),
            None => {
                let at = after.map_or(keys.len(), |i| i + 1);
                keys.insert(at, key.clone());
                after = Some(at);
            }
        }
    }
    keys
}

fn cell(row: Option<&Row>) -> String {
    match row {
        None => format!("{:>9} {:>10} {:>5} {:>5}", "", "-", "", ""),
        Some(r) => format!(
            "{:>9} {:>10.1} {:>5} {:>5}",
            format!("{}{}", r.outcome.word(), if r.wrong() { "!" } else { "" }),
            r.ms,
            opt(r.candidates),
            opt(r.counterexamples)
        ),
    }
}

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    if all.first().is_some_and(|a| a == "--child") {
        child(&all[1..]);
        return;
    }
    let args = parse_args(&all);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));

    // file stem -> (encoding -> path)
    let mut stems: BTreeSet<String> = BTreeSet::new();
    let mut paths: HashMap<(String, usize), PathBuf> = HashMap::new();
    for (e, encoding) in [Encoding::Injection, Encoding::Int].iter().enumerate() {
        if !args.encodings.contains(encoding) {
            continue;
        }
        let files = common::als_files(&encoding.dir(root));
        assert!(
            !files.is_empty(),
            "no models in {}",
            encoding.dir(root).display()
        );
        for file in files {
            let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
            stems.insert(stem.clone());
            paths.insert((stem, e), file);
        }
    }
    println!(
        "time limit {} s per command; enc: inj = sizes by injections (benches/alloystar), \
         # = sizes by `#` (benches/alloystar/ints)",
        args.timeout.as_secs_f64()
    );
    print_header();
    let mut rows: Vec<Row> = Vec::new();
    let mut failures: Vec<String> = Vec::new();
    // stem -> keys per encoding, in file order
    let mut order: Vec<(String, [Vec<String>; 2])> = Vec::new();
    for stem in &stems {
        let mut keys: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        for (e, encoding) in [Encoding::Injection, Encoding::Int].iter().enumerate() {
            let Some(file) = paths.get(&(stem.clone(), e)) else {
                continue;
            };
            let mut sources = SourceMap::new();
            let checked = match load_file(&mut sources, file) {
                Ok(checked) => checked,
                Err(errors) => {
                    println!(
                        "{}: does not load\n{}",
                        file.display(),
                        sources.render(&errors.0, false)
                    );
                    failures.push(format!("{}: does not load", file.display()));
                    continue;
                }
            };
            for (i, cmd) in checked.model.commands.iter().enumerate() {
                let key = format!("{stem}:{}", cmd.label);
                if args
                    .filter
                    .as_ref()
                    .is_some_and(|f| !key.contains(f.as_str()))
                {
                    continue;
                }
                let (outcome, ms, solve_ms, [candidates, counterexamples]) =
                    run_child(file, i, &args);
                let row = Row {
                    key: key.clone(),
                    encoding: *encoding,
                    expect: cmd.expect,
                    outcome,
                    ms,
                    solve_ms,
                    candidates,
                    counterexamples,
                };
                print_row(&row);
                if row.wrong() {
                    failures.push(format!(
                        "{} ({}): expected {}, got {}",
                        row.key,
                        encoding.short(),
                        opt(row.expect),
                        row.outcome.word()
                    ));
                }
                keys[e].push(key);
                rows.push(row);
            }
        }
        order.push((stem.clone(), keys));
    }

    // totals per encoding
    for encoding in [Encoding::Injection, Encoding::Int] {
        let mine: Vec<&Row> = rows.iter().filter(|r| r.encoding == encoding).collect();
        if mine.is_empty() {
            continue;
        }
        let timeouts = mine
            .iter()
            .filter(|r| matches!(r.outcome, Outcome::Timeout))
            .count();
        println!(
            "{:<40} {:>3} {:>6} {:>11} {:>10.1} {:>10.1} {:>6} {:>6}",
            format!("total ({} commands)", mine.len()),
            encoding.short(),
            "",
            format!("{timeouts} timeout"),
            mine.iter().fold(0.0, |t, r| t + r.ms),
            mine.iter()
                .filter_map(|r| r.solve_ms)
                .fold(0.0, |t, s| t + s),
            mine.iter().filter_map(|r| r.candidates).sum::<usize>(),
            mine.iter().filter_map(|r| r.counterexamples).sum::<usize>(),
        );
    }

    // the comparison table
    println!();
    println!(
        "{:<40} | {:>9} {:>10} {:>5} {:>5} | {:>9} {:>10} {:>5} {:>5} | {:>7}",
        "file:command", "inj", "ms", "cand", "cex", "#", "ms", "cand", "cex", "inj/#"
    );
    let find = |key: &str, encoding: Encoding| {
        rows.iter().find(|r| r.key == key && r.encoding == encoding)
    };
    for (_, [injection, int]) in &order {
        for key in merged_keys(injection, int) {
            let (a, b) = (find(&key, Encoding::Injection), find(&key, Encoding::Int));
            let ratio = match (a, b) {
                (Some(a), Some(b))
                    if matches!(a.outcome, Outcome::Found(_))
                        && matches!(b.outcome, Outcome::Found(_)) =>
                {
                    format!("{:.1}", a.ms / b.ms.max(0.001))
                }
                (Some(a), Some(b))
                    if matches!(a.outcome, Outcome::Timeout)
                        && matches!(b.outcome, Outcome::Found(_)) =>
                {
                    format!(">{:.0}", a.ms / b.ms.max(0.001))
                }
                _ => "-".to_string(),
            };
            println!("{key:<40} | {} | {} | {ratio:>7}", cell(a), cell(b));
        }
    }

    // the targets
    let mut first = true;
    for (stem, label, secs) in TARGETS {
        let key = format!("{stem}:{label}");
        if let Some(r) = find(&key, Encoding::Int) {
            if first {
                println!();
                first = false;
            }
            let met = matches!(r.outcome, Outcome::Found(_)) && !r.wrong() && r.ms <= secs * 1000.0;
            println!(
                "target {key} (#): {:.2} s, {} (target about {secs} s): {}",
                r.ms / 1000.0,
                r.outcome.word(),
                if met { "met" } else { "NOT met" }
            );
        }
    }

    let timeouts: Vec<String> = rows
        .iter()
        .filter(|r| matches!(r.outcome, Outcome::Timeout))
        .map(|r| format!("{} ({})", r.key, r.encoding.short()))
        .collect();
    if !timeouts.is_empty() {
        println!("\ntimed out: {}", timeouts.join(", "));
    }
    assert!(
        failures.is_empty(),
        "verdicts differ from `expect`:\n  {}",
        failures.join("\n  ")
    );
}
