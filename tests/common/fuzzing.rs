//! What the fuzzers share: the mutator and its dictionaries, the seed files, and one
//! case of each front end run with the crash oracle that does not need a process of its
//! own (a panic, an error without a span, an internal error, the two SAT backends
//! disagreeing). `tests/fuzz.rs` runs slices of these inside the test suite;
//! `tests/fuzz_target.rs` runs them in worker processes, which adds signals, hangs and
//! memory to the oracle.

use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::random_problem::Rng;
use solder::check::{self, RootSource};
use solder::diagnostic::{Diagnostic, Severity, SourceMap};
use solder::session::{CommandRun, RunOptions};
use solder::solve::{BackendKind, Outcome};

pub const MAX_VARS: u64 = 20_000;
pub const SOLVE_LIMIT: Duration = Duration::from_secs(2);
/// Only solves this quick under CaDiCaL are repeated under varisat, which cannot be
/// stopped inside a SAT call.
pub const COMPARE_BELOW: Duration = Duration::from_millis(300);
pub const COMMANDS_PER_CASE: usize = 3;
/// No further command of a case is started after this long.
pub const CASE_BUDGET: Duration = Duration::from_millis(1500);
/// A case that takes longer than this hangs (the process fuzzer's oracle): every case
/// is bounded well below it by `CASE_BUDGET` and `SOLVE_LIMIT`.
#[allow(dead_code)] // read by the process fuzzer only
pub const CASE_LIMIT: Duration = Duration::from_secs(5);

/// How far the cases got, for the summary line.
pub struct Reach {
    pub checked: AtomicUsize,
    pub solved: AtomicUsize,
    pub sat: AtomicUsize,
    pub compared: AtomicUsize,
    pub programs_loaded: AtomicUsize,
    pub programs_violations: AtomicUsize,
    pub histories_parsed: AtomicUsize,
    pub repl_scripts: AtomicUsize,
}

pub static REACH: Reach = Reach {
    checked: AtomicUsize::new(0),
    solved: AtomicUsize::new(0),
    sat: AtomicUsize::new(0),
    compared: AtomicUsize::new(0),
    programs_loaded: AtomicUsize::new(0),
    programs_violations: AtomicUsize::new(0),
    histories_parsed: AtomicUsize::new(0),
    repl_scripts: AtomicUsize::new(0),
};

/// Keywords, operators and odd literals the mutator inserts.
pub const DICTIONARY: &[&str] = &[
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
    // Alloy 6's time: var sigs and fields, primes, connectives, steps scopes
    "var ",
    "always ",
    "eventually ",
    "after ",
    "before ",
    "once ",
    "historically ",
    " until ",
    " releases ",
    " since ",
    " triggered ",
    "'",
    " ; ",
    " steps",
    "1..3 steps",
    "exactly 2 steps",
    // histories: list-append, Jepsen's outcomes, recorded orders
    ":append ",
    "[]",
    ":info",
    ":fail",
    "order x: ",
    "\n",
    "//",
    "/*",
    "*/",
    "\u{e9}",
    "\u{1F600}",
    "\u{0}",
];

pub fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$' || c == '\''))
        .filter(|w| !w.is_empty())
        .collect()
}

/// A char boundary at or before `i`.
pub fn floor(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Apply 1 to `rounds` random mutations.
pub fn mutate(
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
                // (A text with no words left: nothing to replace.)
                if let Some(&w) = ws.get(rng.below(ws.len().max(1))) {
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
pub const PROGRAM_DICTIONARY: &[&str] = &[
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

pub fn seed_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            seed_files(&path, out);
        } else if path.extension().is_some_and(|e| {
            ["als", "prog", "txt", "json", "edn"]
                .iter()
                .any(|x| e == *x)
        }) {
            out.push(path);
        }
    }
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Scopes at most 2 (bitwidths at most 4), so that every case is small.
pub fn clamp_scopes(checked: &mut check::Checked) {
    for cmd in &mut checked.model.commands {
        let scope = cmd.scope.get_or_insert_with(|| solder::syntax::ast::Scope {
            overall: None,
            types: Vec::new(),
            steps: None,
            span: cmd.span,
        });
        let no_sig_scope = scope.types.iter().all(|t| is_int_scope(&t.target.joined()));
        match &mut scope.overall {
            Some((n, _)) => *n = (*n).min(2),
            None if no_sig_scope => scope.overall = Some((2, cmd.span)),
            None => {}
        }
        if let Some(steps) = &mut scope.steps {
            steps.min = steps.min.min(3);
            steps.max = Some(steps.max.map_or(3, |m| m.clamp(steps.min, 3)));
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

pub fn is_int_scope(name: &str) -> bool {
    matches!(name, "Int" | "int" | "seq")
}

/// Errors that rejected an input: fine, unless one is a problem.
pub fn judge_load_errors(sources: &SourceMap, diags: &[Diagnostic]) -> Result<(), String> {
    // Rendering must not panic either (spans past the end, odd characters).
    let _ = sources.render(diags, false);
    match problem_with(diags) {
        Some(p) => Err(p),
        None => Ok(()),
    }
}

/// A problem found in one case.
pub fn problem_with(diags: &[Diagnostic]) -> Option<String> {
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

pub enum Verdict {
    Sat,
    Unsat,
    /// Stopped, refused or rejected: nothing to compare.
    None,
}

/// Solve command `index` with `backend` under a time limit.
pub fn solve(
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
    let watchdog = raise_after(SOLVE_LIMIT, stop);
    let started = Instant::now();
    let result = CommandRun::start(checked, index, &opts);
    let took = started.elapsed();
    watchdog.finish();
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

/// A thread that raises `flag` once `limit` has passed, and keeps raising it (a session
/// clears it after each stopped command) until finished.
pub struct Watchdog {
    finished: std::sync::mpsc::Sender<()>,
    thread: std::thread::JoinHandle<()>,
}

pub fn raise_after(limit: Duration, flag: Arc<AtomicBool>) -> Watchdog {
    let (finished, wait) = std::sync::mpsc::channel::<()>();
    let thread = std::thread::spawn(move || {
        // Woken at once by `finish` (a sleeping poll would add its period to every case).
        let mut wait_for = limit;
        while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(wait_for) {
            flag.store(true, Ordering::SeqCst);
            wait_for = Duration::from_millis(10);
        }
    });
    Watchdog { finished, thread }
}

impl Watchdog {
    pub fn finish(self) {
        let _ = self.finished.send(());
        self.thread.join().expect("the watchdog ends");
    }
}

/// Run one input through the pipeline; `Err` describes a failure.
pub fn run_case(text: &str, dir: &Path) -> Result<(), String> {
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
    let started = Instant::now();
    for index in 0..checked.model.commands.len().min(COMMANDS_PER_CASE) {
        // A case stays well inside the process fuzzer's hang limit (`CASE_LIMIT`).
        if started.elapsed() > CASE_BUDGET {
            break;
        }
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
pub fn guarded(text: &str, dir: &Path) -> Result<(), String> {
    let text = text.to_string();
    let dir = dir.to_path_buf();
    guarded_by(move || run_case(&text, &dir))
}

pub fn guarded_by(
    case: impl FnOnce() -> Result<(), String> + Send + 'static,
) -> Result<(), String> {
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

pub fn save_failure(name: &str, text: &str) -> PathBuf {
    let dir = root().join("target/fuzz-failures");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(name);
    let _ = std::fs::write(&path, text);
    path
}

/// One mutated program file: load it and, when it loads, check one level at bound 2.
pub fn run_program_case(text: &str, level: &str) -> Result<(), String> {
    use solder::apps::isolation::parse::{Format, parse_history};
    use solder::apps::programs::{self, Outcome as ProgramOutcome, Query};
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
        sessions: false,
    };
    let opts = RunOptions {
        max_vars: MAX_VARS,
        ..RunOptions::default()
    };
    let report = match programs::check_level(&app, &query, &opts, Some(SOLVE_LIMIT)) {
        Ok(report) => report,
        // A refusal of a size above `MAX_VARS` is an answer, not a failure; so is RC's
        // refusal of what it does not model, when it points at the statement.
        Err(e) if e.0.iter().all(|d| d.message.contains("too large")) => return Ok(()),
        Err(e)
            if e.0
                .iter()
                .all(|d| d.message.contains("not supported yet") && d.span.is_some()) =>
        {
            return Ok(());
        }
        Err(e) => {
            return Err(format!(
                "the file loads, but {level} at bound 2 fails: {}",
                sources.render(&e.0, false)
            ));
        }
    };
    let _ = solder::apps::programs::view::report_text(&report, &app);
    if let ProgramOutcome::Violation(v) = &report.outcome {
        REACH.programs_violations.fetch_add(1, Ordering::Relaxed);
        let history = solder::apps::programs::view::history_lines(v).join("\n");
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
pub const PROGRAM_LEVELS: &[&str] = &["SER", "SI", "PSI", "CC", "PC", "RA", "RC"];

/// Levels a history case is classified at: the saturation and native levels, each
/// framework's strongest, and one of Adya's and Plume's.
pub const HISTORY_LEVELS: &[&str] = &[
    "RC",
    "RA",
    "CC",
    "SI",
    "SER",
    "UpdateSer",
    "CeroneSI",
    "AdyaSI",
    "TapRA",
];

/// One history (any of `classify`'s formats): parse it and, when it parses, classify it
/// at `HISTORY_LEVELS`. RC, RA and CC (saturation) and SER and UpdateSer (native) are
/// decided both that way and through the library's definitions, which must agree.
pub fn run_history_case(
    text: &str,
    format: solder::apps::isolation::parse::Format,
) -> Result<(), String> {
    use solder::apps::isolation::classify::{ClassifyOptions, Verdict, classify};
    let mut sources = SourceMap::new();
    let file = sources.add("fuzz-history", None, text.to_string());
    let h = match solder::apps::isolation::parse::parse_history(file, text, format) {
        Ok(h) => h,
        Err(e) => return judge_load_errors(&sources, &e.0),
    };
    REACH.histories_parsed.fetch_add(1, Ordering::Relaxed);
    let opts = |fast: bool| ClassifyOptions {
        run: RunOptions {
            max_vars: MAX_VARS,
            ..RunOptions::default()
        },
        reasons: true,
        // Eight levels and their reasons on two threads, inside `CASE_LIMIT`.
        timeout: Some(Duration::from_millis(400)),
        saturation: fast,
        native: fast,
        generic_limit: Some(12),
    };
    let classified = |levels: &[&str], fast: bool| {
        classify(&h, levels, &opts(fast)).map_err(|e| match problem_with(&e.0) {
            Some(p) => p,
            None => format!(
                "classify refused a history that parsed: {:?}",
                e.0[0].message
            ),
        })
    };
    let results = classified(HISTORY_LEVELS, true)?;
    let _ = solder::apps::isolation::view::classify_text(&results);
    let _ = solder::apps::isolation::view::classify_json(&results);
    if let Some(r) = results
        .iter()
        .find(|r| matches!(&r.verdict, Verdict::Unsolved(m) if m.contains("internal error")))
    {
        return Err(format!("{}: {:?}", r.level, r.verdict));
    }
    let fast = ["RC", "RA", "CC", "SER", "UpdateSer"];
    let generic = classified(&fast, false)?;
    for (s, g) in results
        .iter()
        .filter(|r| fast.contains(&r.level.as_str()))
        .zip(&generic)
    {
        let holds = |v: &Verdict| match v {
            Verdict::Holds(_) => Some(true),
            Verdict::Fails(_) => Some(false),
            _ => None,
        };
        if let (Some(a), Some(b)) = (holds(&s.verdict), holds(&g.verdict))
            && a != b
        {
            return Err(format!(
                "{}: saturation or the native check says {a}, the library's definition {b}",
                s.level
            ));
        }
    }
    Ok(())
}

/// REPL inputs the script generator draws from (models come from the seeds).
pub const REPL_COMMANDS: &[&str] = &[
    "run",
    "run {}",
    "run { some univ } for 2",
    "check",
    "next",
    "show",
    "show tables",
    "show json",
    "show xml",
    "show dot",
    "show history",
    "eval univ",
    "eval #univ",
    "eval iden",
    "eval some univ",
    "eval co",
    "eval x",
    "eval T1.reads",
    "defs",
    "scope 2",
    "scope 0",
    "set",
    "set symmetry 0",
    "set verify off",
    "set solver varisat",
    "stats",
    "minimize",
    "core",
    "classify",
    "classify levels RA,SER",
    "classify examples/histories/write-skew.txt",
    "compare RA CC scope 2",
    "programs examples/programs/courseware.prog cycle 2 level SER",
    "open isolation",
    "open util/ordering[A]",
    "help",
    "help eval",
    "reload",
    "run TapRA and not RA for 2",
];

/// One REPL script: every input through the session's command parser and the library
/// behind it. A session-wide stop is raised 3 s in (as Ctrl-C would), so that the case
/// ends in time; lines that write files or raise the limits are left out.
pub fn run_repl_case(script: &str) -> Result<(), String> {
    use solder::repl::{Io, Session};
    #[derive(Clone, Default)]
    struct Captured(Arc<std::sync::Mutex<Vec<u8>>>);
    impl std::io::Write for Captured {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let script: String = script
        .lines()
        .filter(|l| {
            let l = l.trim_start();
            !(l.starts_with("save")
                || l.starts_with("set timeout")
                || l.starts_with("set max_vars"))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let err = Captured::default();
    let io = Io {
        out: Box::new(std::io::sink()),
        err: Box::new(err.clone()),
        color: false,
    };
    let mut session = Session::new(
        io,
        RunOptions {
            max_vars: MAX_VARS,
            ..RunOptions::default()
        },
        false,
    );
    session.handle("set timeout 2\n");
    let watchdog = raise_after(Duration::from_secs(3), session.interrupt_flag());
    solder::repl::script::run_script(&mut session, script.as_bytes());
    watchdog.finish();
    REACH.repl_scripts.fetch_add(1, Ordering::Relaxed);
    let err = String::from_utf8_lossy(&err.0.lock().unwrap()).into_owned();
    match err.find("internal error") {
        Some(at) => Err(err[at..].chars().take(600).collect()),
        None => Ok(()),
    }
}
