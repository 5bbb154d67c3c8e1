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
//! `expect`. Each command runs in a child process (this program run again with `--child`,
//! `common::run_child`) with a time limit, so that a slow one cannot hang the bench: at
//! the limit the solver's stop flag is raised, and a child that has not returned a few
//! seconds later (varisat cannot stop mid-search, the evaluator does not look at the
//! flag) is killed. Prints one
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
//! that encoding); and options of the solve (`common::options`): `--naive`,
//! `--no-instantiate`, `--no-terms`, `--no-escalate`, `--no-incremental`, `--no-verify`, `--symmetry=N`,
//! `--no-fix-order`, `--varisat` / `--cadical` (every SAT problem on that backend),
//! `--cadical-verifiers` (only the CEGIS verifiers). Other arguments starting with `-`
//! (such as the `--bench` that cargo passes) are ignored.

mod common;

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::time::Duration;

use common::Outcome;
use solder::diagnostic::SourceMap;
use solder::session::load_file;

/// The default time limit of one command.
const DEFAULT_TIMEOUT_SECS: f64 = 300.0;

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
    recheck_ms: Option<f64>,
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
        common::child_main(&all[1..]);
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
                let report = common::run_child(file, i, args.timeout, &args.flags);
                let row = Row {
                    key: key.clone(),
                    encoding: *encoding,
                    expect: cmd.expect,
                    outcome: report.outcome,
                    ms: report.ms,
                    solve_ms: report.solve_ms,
                    recheck_ms: report.recheck_ms,
                    candidates: report.candidates,
                    counterexamples: report.counterexamples,
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

    let rechecks: Vec<common::RecheckRow> = rows
        .iter()
        .filter_map(|r| {
            let name = format!("{} ({})", r.key, r.encoding.short());
            Some((name, r.solve_ms?, r.recheck_ms?))
        })
        .collect();
    common::print_recheck_summary(&rechecks, 0.1, 10.0);

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
