//! A mutation fuzzer over the whole pipeline: parse → check → build → solve at scope ≤ 2.
//!
//! Seeds are the bundled examples and the standard library; each case applies a few
//! random mutations (deleting, duplicating, splicing, swapping lines, inserting keywords
//! and operators, replacing words, odd bytes) and runs the result. A case fails when
//! - anything panics,
//! - an instance fails the independent evaluator's re-check (`internal error`),
//! - an error diagnostic about the input has no source span,
//! - or CaDiCaL and varisat (candidates and verifiers alike) disagree on a verdict.
//!
//! Guards: every command's scopes are clamped to 2 (a bitwidth to 4), problems above
//! 20,000 primary variables are refused by `--max-vars`, and a solve is stopped after
//! 2 s. Failing inputs are written to `target/fuzz-failures/`; every one found becomes a
//! file in `tests/fuzz-regressions/`, which runs first, unmutated.
//!
//! CI runs `FUZZ_CASES` (default 300) cases; for releases run many more, e.g.
//! `FUZZ_CASES=100000 FUZZ_SEED=7 cargo test --release --test suite fuzz:: -- --nocapture`.
//!
//! The same mutator runs over the program files of `solder programs`
//! (`examples/programs`, one mutation each, `FUZZ_PROGRAM_CASES`, default 300). A case fails when anything
//! panics, a load error has no span, or a file that loads cannot be checked at one level
//! with a cycle bound of 2 (the model the front end generated does not check, or the
//! violation does not explain itself and read back as a history).

use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::random_problem;

use random_problem::Rng;
use solder::check::{self, RootSource};
use solder::diagnostic::{Diagnostic, Severity, SourceMap};
use solder::session::{CommandRun, RunOptions};
use solder::solve::{BackendKind, Outcome};

const DEFAULT_CASES: usize = 300;
const MAX_VARS: u64 = 20_000;
const SOLVE_LIMIT: Duration = Duration::from_secs(2);
/// Only solves this quick under CaDiCaL are repeated under varisat, which cannot be
/// stopped inside a SAT call.
const COMPARE_BELOW: Duration = Duration::from_millis(300);
const COMMANDS_PER_CASE: usize = 3;

/// How far the cases got, for the summary line.
struct Reach {
    checked: AtomicUsize,
    solved: AtomicUsize,
    sat: AtomicUsize,
    compared: AtomicUsize,
    programs_loaded: AtomicUsize,
    programs_violations: AtomicUsize,
}

static REACH: Reach = Reach {
    checked: AtomicUsize::new(0),
    solved: AtomicUsize::new(0),
    sat: AtomicUsize::new(0),
    compared: AtomicUsize::new(0),
    programs_loaded: AtomicUsize::new(0),
    programs_violations: AtomicUsize::new(0),
};

/// Keywords, operators and odd literals the mutator inserts.
const DICTIONARY: &[&str] = &[
    "sig ",
    "abstract ",
    "one ",
    "lone ",
    "some ",
    "all ",
    "no ",
    "set ",
    "seq ",
    "extends ",
    " in ",
    "=",
    "!=",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    "|",
    "->",
    ".",
    "~",
    "^",
    "*",
    "+",
    "-",
    "&",
    "++",
    "<:",
    ":>",
    "=>",
    "<=>",
    "!",
    "not ",
    " and ",
    " or ",
    "let ",
    "disj ",
    "fact ",
    "pred ",
    "fun ",
    "assert ",
    "run ",
    "check ",
    " for ",
    " but ",
    "exactly ",
    " expect ",
    "open ",
    "module ",
    " as ",
    "private ",
    "enum ",
    "iden",
    "univ",
    "none",
    "Int",
    "int",
    "#",
    "0",
    "1",
    "2",
    "-1",
    "4294967296",
    "99999999999999999999",
    "\"s\"",
    "@",
    "this",
    ",",
    ":",
    "/",
    "sum ",
    " else ",
    "implies ",
    "iff ",
    "<",
    ">",
    "=<",
    ">=",
    "plus[",
    "util/ordering[",
    "\n",
    "//",
    "/*",
    "*/",
    "\u{e9}",
    "\u{1F600}",
    "\u{0}",
];

fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$' || c == '\''))
        .filter(|w| !w.is_empty())
        .collect()
}

/// A char boundary at or before `i`.
fn floor(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Apply 1 to `rounds` random mutations.
fn mutate(
    rng: &mut Rng,
    seed: &str,
    seeds: &[String],
    dictionary: &[&str],
    rounds: usize,
) -> String {
    let mut text = seed.to_string();
    for _ in 0..1 + rng.below(rounds) {
        let len = text.len();
        let at = floor(&text, rng.below(len + 1));
        match rng.below(9) {
            0 => {
                let end = floor(&text, at + 1 + rng.below(24));
                text.replace_range(at..end, "");
            }
            1 => {
                let end = floor(&text, at + 1 + rng.below(60));
                let chunk = text[at..end].to_string();
                text.insert_str(end, &chunk);
            }
            2 | 3 => {
                let token = if rng.below(2) == 0 {
                    rng.pick(dictionary).to_string()
                } else {
                    let ws = words(seed);
                    if ws.is_empty() {
                        "A".to_string()
                    } else {
                        format!(" {} ", rng.pick(&ws))
                    }
                };
                text.insert_str(at, &token);
            }
            4 => {
                // Replace one word by another of the file's words or a keyword.
                let ws = words(&text);
                if let Some(&w) = ws.get(rng.below(ws.len())) {
                    let replacement = if rng.below(2) == 0 {
                        rng.pick(&ws).to_string()
                    } else {
                        rng.pick(dictionary).trim().to_string()
                    };
                    if let Some(pos) = text.find(w) {
                        text.replace_range(pos..pos + w.len(), &replacement);
                    }
                }
            }
            5 => {
                let mut lines: Vec<&str> = text.lines().collect();
                if lines.len() > 1 {
                    let (a, b) = (rng.below(lines.len()), rng.below(lines.len()));
                    lines.swap(a, b);
                }
                text = lines.join("\n");
            }
            6 => {
                let other = rng.pick(seeds);
                let from = floor(other, rng.below(other.len() + 1));
                let to = floor(other, from + rng.below(200));
                text.insert_str(at, &other[from..to]);
            }
            7 => text.truncate(at),
            _ => {
                // Repeat a bracket or operator many times (depth, length).
                let token = *rng.pick(&["(", "{", "[", "~", "!", "some ", "a.", "-"]);
                text.insert_str(at, &token.repeat(1 + rng.below(1500)));
            }
        }
    }
    text
}

/// Keywords and operators of program files the mutator inserts.
const PROGRAM_DICTIONARY: &[&str] = &[
    "table ",
    "program ",
    "level ",
    "expect ",
    "SELECT ",
    "FROM ",
    "WHERE ",
    "UPDATE ",
    "SET ",
    "INSERT INTO ",
    "VALUES ",
    "DELETE FROM ",
    "IF ",
    "ELSE ",
    "FOREACH ",
    " IN ",
    "MAX(",
    "MIN(",
    "COUNT(*)",
    "SUM(",
    " AND ",
    " OR ",
    "NOT ",
    " key",
    ": int",
    ":=",
    "=",
    "<",
    "+",
    "-",
    ",",
    ";",
    ".",
    "(",
    ")",
    "{",
    "}",
    "0",
    "x",
    "--",
    "\n",
    "\u{e9}",
    "\u{0}",
];

fn seed_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            seed_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "als" || e == "prog") {
            out.push(path);
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Scopes at most 2 (bitwidths at most 4), so that every case is small.
fn clamp_scopes(checked: &mut check::Checked) {
    for cmd in &mut checked.model.commands {
        let scope = cmd.scope.get_or_insert_with(|| solder::syntax::ast::Scope {
            overall: None,
            types: Vec::new(),
            span: cmd.span,
        });
        let no_sig_scope = scope.types.iter().all(|t| is_int_scope(&t.target.joined()));
        match &mut scope.overall {
            Some((n, _)) => *n = (*n).min(2),
            None if no_sig_scope => scope.overall = Some((2, cmd.span)),
            None => {}
        }
        for t in &mut scope.types {
            let cap = if is_int_scope(&t.target.joined()) {
                4
            } else {
                2
            };
            t.count = t.count.min(cap);
        }
    }
}

fn is_int_scope(name: &str) -> bool {
    matches!(name, "Int" | "int" | "seq")
}

/// Errors that rejected an input: fine, unless one is a problem.
fn judge_load_errors(sources: &SourceMap, diags: &[Diagnostic]) -> Result<(), String> {
    // Rendering must not panic either (spans past the end, odd characters).
    let _ = sources.render(diags, false);
    match problem_with(diags) {
        Some(p) => Err(p),
        None => Ok(()),
    }
}

/// Run `case(i)` for `i` in `0..cases` on both cores; the failures it reports, in no
/// particular order.
fn fuzz_in_parallel(cases: usize, case: impl Fn(usize) -> Option<String> + Sync) -> Vec<String> {
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    crate::common::parallel::parallel(cases, |i| {
        if let Some(failure) = case(i) {
            failures.lock().unwrap().push(failure);
        }
    });
    failures.into_inner().unwrap()
}

fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// A problem found in one case.
fn problem_with(diags: &[Diagnostic]) -> Option<String> {
    diags.iter().find_map(|d| {
        if d.message.starts_with("internal error") {
            return Some(format!(
                "{} ({})",
                d.message,
                d.label.as_deref().unwrap_or("")
            ));
        }
        (d.severity == Severity::Error && d.span.is_none())
            .then(|| format!("an error without a source span: {}", d.message))
    })
}

enum Verdict {
    Sat,
    Unsat,
    /// Stopped, refused or rejected: nothing to compare.
    None,
}

/// Solve command `index` with `backend` under a time limit.
fn solve(
    checked: &check::Checked,
    index: usize,
    backend: BackendKind,
) -> Result<(Verdict, Duration), String> {
    let stop = Arc::new(AtomicBool::new(false));
    let mut opts = RunOptions {
        max_vars: MAX_VARS,
        ..RunOptions::default()
    };
    opts.solve.backend = backend;
    opts.solve.candidate_backend = Some(backend);
    opts.solve.verifier_backend = Some(backend);
    opts.solve.stop = Some(stop.clone());
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let (stop, done) = (stop.clone(), done.clone());
        std::thread::spawn(move || {
            let started = Instant::now();
            while !done.load(Ordering::SeqCst) && started.elapsed() < SOLVE_LIMIT {
                std::thread::sleep(Duration::from_millis(10));
            }
            stop.store(true, Ordering::SeqCst);
        })
    };
    let started = Instant::now();
    let result = CommandRun::start(checked, index, &opts);
    let took = started.elapsed();
    done.store(true, Ordering::SeqCst);
    watchdog.join().expect("the watchdog ends");
    match result {
        Ok(run) => Ok((
            match run.outcome {
                Outcome::Sat(_) => Verdict::Sat,
                Outcome::Unsat => Verdict::Unsat,
                Outcome::Interrupted => Verdict::None,
            },
            took,
        )),
        Err(e) => match problem_with(&e.0) {
            Some(p) => Err(p),
            None => Ok((Verdict::None, took)),
        },
    }
}

/// Run one input through the pipeline; `Err` describes a failure.
fn run_case(text: &str, dir: &Path) -> Result<(), String> {
    let mut sources = SourceMap::new();
    let loaded = check::load(
        &mut sources,
        RootSource::Text {
            name: "fuzz.als".into(),
            text: text.into(),
            dir: Some(dir.to_path_buf()),
        },
    );
    let mut checked = match loaded {
        Ok(c) => c,
        Err(e) => return judge_load_errors(&sources, &e.0),
    };
    REACH.checked.fetch_add(1, Ordering::Relaxed);
    clamp_scopes(&mut checked);
    for index in 0..checked.model.commands.len().min(COMMANDS_PER_CASE) {
        let (fast, took) = solve(&checked, index, BackendKind::Cadical)?;
        match fast {
            Verdict::Sat => {
                REACH.solved.fetch_add(1, Ordering::Relaxed);
                REACH.sat.fetch_add(1, Ordering::Relaxed);
            }
            Verdict::Unsat => {
                REACH.solved.fetch_add(1, Ordering::Relaxed);
            }
            Verdict::None => {}
        }
        if took > COMPARE_BELOW {
            continue;
        }
        REACH.compared.fetch_add(1, Ordering::Relaxed);
        let (other, _) = solve(&checked, index, BackendKind::Varisat)?;
        match (fast, other) {
            (Verdict::Sat, Verdict::Unsat) | (Verdict::Unsat, Verdict::Sat) => {
                return Err(format!(
                    "command {} ({}): CaDiCaL and varisat disagree",
                    index + 1,
                    checked.model.commands[index].label
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Run a case on a thread of its own, catching panics.
fn guarded(text: &str, dir: &Path) -> Result<(), String> {
    let text = text.to_string();
    let dir = dir.to_path_buf();
    guarded_by(move || run_case(&text, &dir))
}

fn guarded_by(case: impl FnOnce() -> Result<(), String> + Send + 'static) -> Result<(), String> {
    let handle = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || std::panic::catch_unwind(AssertUnwindSafe(case)))
        .expect("a thread");
    match handle.join() {
        Ok(Ok(result)) => result,
        Ok(Err(panic)) | Err(panic) => Err(format!(
            "panicked: {}",
            panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("(no message)")
        )),
    }
}

fn save_failure(name: &str, text: &str) -> PathBuf {
    let dir = root().join("target/fuzz-failures");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(name);
    let _ = std::fs::write(&path, text);
    path
}

/// Inputs that once failed, run as they are.
#[test]
fn fuzz_regressions_pass() {
    let mut files = Vec::new();
    seed_files(&root().join("tests/fuzz-regressions"), &mut files);
    let mut failures = Vec::new();
    for file in &files {
        let text = String::from_utf8_lossy(&std::fs::read(file).unwrap()).into_owned();
        if file.extension().is_some_and(|e| e == "prog") {
            for level in PROGRAM_LEVELS {
                let input = text.clone();
                if let Err(why) = guarded_by(move || run_program_case(&input, level)) {
                    failures.push(format!("{} ({level}): {why}", file.display()));
                }
            }
        } else if let Err(why) = guarded(&text, &root().join("examples")) {
            failures.push(format!("{}: {why}", file.display()));
        }
    }
    println!("{} regression inputs", files.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn mutated_models_do_not_crash_or_disagree() {
    let cases: usize = env_number("FUZZ_CASES", DEFAULT_CASES);
    let base: u64 = env_number("FUZZ_SEED", 0);
    let mut files = Vec::new();
    seed_files(&root().join("examples"), &mut files);
    seed_files(&root().join("stdlib"), &mut files);
    files.retain(|f| f.extension().is_some_and(|e| e == "als"));
    let seeds: Vec<(PathBuf, String)> = files
        .iter()
        .map(|f| (f.clone(), std::fs::read_to_string(f).expect("a seed file")))
        .collect();
    assert!(seeds.len() >= 10, "too few seed files: {}", seeds.len());
    let texts: Vec<String> = seeds.iter().map(|(_, t)| t.clone()).collect();
    let started = Instant::now();
    let failures = fuzz_in_parallel(cases, |case| {
        let mut rng = Rng::new(base.wrapping_mul(1_000_003).wrapping_add(case as u64));
        let (file, seed) = &seeds[rng.below(seeds.len())];
        let text = mutate(&mut rng, seed, &texts, DICTIONARY, 4);
        // Opens resolve next to the seed file, as they would for it.
        let dir = file.parent().unwrap_or(Path::new("."));
        let why = guarded(&text, dir).err()?;
        let saved = save_failure(&format!("seed{base}-case{case}.als"), &text);
        Some(format!(
            "case {case} (from {}): {why}\n  input saved to {}",
            file.display(),
            saved.display()
        ))
    });
    println!(
        "fuzz: {cases} cases from {} seed files in {:.1} s: {} checked, {} commands solved \
         ({} sat), {} compared across backends; {} failures",
        seeds.len(),
        started.elapsed().as_secs_f64(),
        REACH.checked.load(Ordering::Relaxed),
        REACH.solved.load(Ordering::Relaxed),
        REACH.sat.load(Ordering::Relaxed),
        REACH.compared.load(Ordering::Relaxed),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// One mutated program file: load it and, when it loads, check one level at bound 2.
fn run_program_case(text: &str, level: &str) -> Result<(), String> {
    use solder::isolation::parse::{Format, parse_history};
    use solder::programs::{self, Outcome as ProgramOutcome, Query};
    let mut sources = SourceMap::new();
    let app = match programs::load(&mut sources, "fuzz.prog", text) {
        Ok(app) => app,
        Err(e) => return judge_load_errors(&sources, &e.0),
    };
    REACH.programs_loaded.fetch_add(1, Ordering::Relaxed);
    let query = Query {
        pred: programs::level_pred(&app, level).map_err(|e| format!("{:?}", e.0))?,
        level: level.into(),
        bound: 2,
        records: None,
        complete: false,
        abstract_rows: false,
        dangerous_structures: true,
        queue_facts: true,
    };
    let opts = RunOptions {
        max_vars: MAX_VARS,
        ..RunOptions::default()
    };
    let report = match programs::check_level(&app, &query, &opts, Some(SOLVE_LIMIT)) {
        Ok(report) => report,
        // A refusal of a size above `MAX_VARS` is an answer, not a failure.
        Err(e) if e.0.iter().all(|d| d.message.contains("too large")) => return Ok(()),
        Err(e) => {
            return Err(format!(
                "the file loads, but {level} at bound 2 fails: {}",
                sources.render(&e.0, false)
            ));
        }
    };
    let _ = solder::render::programs::report_text(&report, &app);
    if let ProgramOutcome::Violation(v) = &report.outcome {
        REACH.programs_violations.fetch_add(1, Ordering::Relaxed);
        let history = solder::render::programs::history_lines(v).join("\n");
        let file = sources.add("history", None, history.clone());
        parse_history(file, &history, Format::Notation).map_err(|e| {
            format!(
                "the violation's history does not read back: {}\n{history}",
                sources.render(&e.0, false)
            )
        })?;
    }
    Ok(())
}

/// The levels a program case is checked at, one chosen per case.
const PROGRAM_LEVELS: &[&str] = &["SER", "SI", "PSI", "CC", "PC", "RA"];

#[test]
fn mutated_program_files_do_not_crash() {
    let cases: usize = env_number("FUZZ_PROGRAM_CASES", 300);
    let base: u64 = env_number("FUZZ_SEED", 0);
    let mut files = Vec::new();
    seed_files(&root().join("examples/programs"), &mut files);
    assert!(files.len() >= 4, "too few program files: {files:?}");
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("a seed file"))
        .collect();
    let started = Instant::now();
    let failures = fuzz_in_parallel(cases, |case| {
        let mut rng = Rng::new(base.wrapping_mul(999_983).wrapping_add(case as u64));
        let which = rng.below(files.len());
        let text = mutate(&mut rng, &texts[which], &texts, PROGRAM_DICTIONARY, 1);
        let level = *rng.pick(PROGRAM_LEVELS);
        let input = text.clone();
        let why = guarded_by(move || run_program_case(&input, level)).err()?;
        let saved = save_failure(&format!("seed{base}-case{case}.prog"), &text);
        Some(format!(
            "case {case} (from {}, {level}): {why}\n  input saved to {}",
            files[which].display(),
            saved.display()
        ))
    });
    println!(
        "program fuzz: {cases} cases in {:.1} s: {} loaded, {} violations; {} failures",
        started.elapsed().as_secs_f64(),
        REACH.programs_loaded.load(Ordering::Relaxed),
        REACH.programs_violations.load(Ordering::Relaxed),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
