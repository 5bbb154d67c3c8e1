//! How far `solder programs` gets: every application of `examples/programs/*.prog`
//! (found when the bench runs), every library level, and growing cycle bounds K, with
//! the completeness checks on (`programs::check_level` with `complete = true`, as
//! `solder programs FILE --level L --cycle K --complete` runs it).
//!
//! One row per (application, level, K): the outcome (`violation (cycle n)`; `none`; `none-
//! complete (inductive|chordless)`; `timeout (STEP)` with the step that ran out:
//! `inductive`, `bounded`, `chordless`, or `killed`), then the time of the bounded search
//! (the searches at 2 … K instances), of the completeness checks (the inductive check
//! plus the chordless paths, and with exact rows the abstract bounded search they need), and in total (model loading and reading a violation back
//! included); `-` for a step that did not run. `check_level` runs the inductive check
//! first: when it holds the bounded search is skipped, and when it fails its time shows
//! on violation rows too. A step that ran out of time is charged the rest of the total.
//!
//! K stops growing for an (application, level) at a violation (a larger K finds the
//! same shortest cycle), a timeout or an error. At the end, per application and level:
//! the largest K whose checks all finished within the time limit, why K stopped, and
//! what the file's `expect` lines say for the level (`✓` confirmed by the rows, `✗`
//! contradicted).
//!
//! Each check runs in a child process (this bench's own executable with `--child`): the
//! time limit raises the solver's stop flag, which translation does not look at, so a
//! child still running [`GRACE`] after its limit is killed and counts as a timeout.
//!
//! Run with `cargo bench --bench programs [-- OPTIONS]`:
//!
//! - `--bounds 2,3,4`: the cycle bounds K (default 2,3,4,5,6);
//! - `--levels SI,SER`: the levels (default RA, CC, PC, PSI, SI, SER; a `level` of a
//!   file works too, for the files that define it);
//! - `--apps smallbank,courseware`: applications by file stem (default every
//!   `examples/programs/*.prog`);
//! - `--timeout SECS`: per check, that is per (application, level, K) (default 60);
//! - `--csv PATH`: where the CSV goes (default `target/programs-bench.csv`);
//! - `--quick`: K = 2, 3 and a 10 s limit (explicit `--bounds`/`--timeout` win), a smoke
//!   test;
//! - `--in-process`: run the checks in this process (no kill after the limit).
//!
//! The bench fails (exit 1) when a file does not load or a check ends in an error (such
//! as a violation that the independent reading of `explain` rejects).

mod common;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use solder::apps::programs::syntax::Expect;
use solder::apps::programs::{self, AppModel, Completeness, Outcome, Query};
use solder::diagnostic::SourceMap;
use solder::session::RunOptions;

const LEVELS: [&str; 6] = ["RA", "CC", "PC", "PSI", "SI", "SER"];
const BOUNDS: [usize; 5] = [2, 3, 4, 5, 6];
const TIMEOUT_SECS: f64 = 60.0;
const QUICK_BOUNDS: [usize; 2] = [2, 3];
const QUICK_TIMEOUT_SECS: f64 = 10.0;
/// How long a child may go on after its time limit before it is killed.
const GRACE: Duration = Duration::from_secs(10);

/// What one check ended with.
#[derive(Clone, Debug, PartialEq)]
enum Verdict {
    /// A dependency cycle through this many instances.
    Violation(usize),
    /// No cycle up to K; whether that holds at every length (`Unknown`: not shown).
    None(Completeness),
    /// A step ran out of time: `inductive`, `bounded`, `chordless`, or `killed` (the
    /// child did not return within the grace period).
    Timeout(&'static str),
    Error(String),
}

const STEPS: [&str; 4] = ["inductive", "bounded", "chordless", "killed"];

impl Verdict {
    fn word(&self) -> String {
        match self {
            Verdict::Violation(n) => format!("violation (cycle {n})"),
            Verdict::None(Completeness::Inductive) => "none-complete (inductive)".into(),
            Verdict::None(Completeness::Chordless) => "none-complete (chordless)".into(),
            Verdict::None(_) => "none".into(),
            Verdict::Timeout(step) => format!("timeout ({step})"),
            Verdict::Error(_) => "error".into(),
        }
    }

    fn completeness(&self) -> &'static str {
        match self {
            Verdict::None(Completeness::Inductive) => "inductive",
            Verdict::None(Completeness::Chordless) => "chordless",
            Verdict::None(_) => "unknown",
            _ => "",
        }
    }
}

/// One check's figures, in milliseconds (`None`: the step did not run).
#[derive(Clone, Debug)]
struct Check {
    verdict: Verdict,
    /// The searches at 2 … K instances.
    bounded_ms: Option<f64>,
    /// The completeness checks: the inductive check, the chordless paths, and the time
    /// of the one that ran out, if one did.
    inductive_ms: Option<f64>,
    chordless_ms: Option<f64>,
    /// The whole `check_level`: loading the model, each step, reading a violation back.
    total_ms: f64,
}

impl Check {
    fn error(message: String, total_ms: f64) -> Check {
        Check {
            verdict: Verdict::Error(message),
            bounded_ms: None,
            inductive_ms: None,
            chordless_ms: None,
            total_ms,
        }
    }

    fn complete_ms(&self) -> Option<f64> {
        match (self.inductive_ms, self.chordless_ms) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(0.0) + b.unwrap_or(0.0)),
        }
    }

    /// Whether every check of the row finished within the limit.
    fn finished(&self) -> bool {
        matches!(self.verdict, Verdict::Violation(_) | Verdict::None(_))
    }

    /// One line for the parent: tab-separated, `-` for none.
    fn to_line(&self) -> String {
        let ms = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.3}"));
        let (kind, detail) = match &self.verdict {
            Verdict::Violation(n) => ("violation", n.to_string()),
            Verdict::None(_) => ("none", self.verdict.completeness().to_string()),
            Verdict::Timeout(step) => ("timeout", step.to_string()),
            Verdict::Error(m) => ("error", m.replace(['\t', '\n'], " ")),
        };
        format!(
            "done\t{kind}\t{detail}\t{}\t{}\t{}\t{:.3}",
            ms(self.bounded_ms),
            ms(self.inductive_ms),
            ms(self.chordless_ms),
            self.total_ms
        )
    }

    fn from_line(line: &str) -> Option<Check> {
        let f: Vec<&str> = line.split('\t').collect();
        let ["done", kind, detail, bounded, inductive, chordless, total] = f.as_slice() else {
            return None;
        };
        let ms = |s: &str| s.parse::<f64>().ok();
        let verdict = match *kind {
            "violation" => Verdict::Violation(detail.parse().ok()?),
            "none" => Verdict::None(match *detail {
                "inductive" => Completeness::Inductive,
                "chordless" => Completeness::Chordless,
                _ => Completeness::Unknown,
            }),
            "timeout" => Verdict::Timeout(STEPS.iter().find(|s| *s == detail)?),
            _ => Verdict::Error(detail.to_string()),
        };
        Some(Check {
            verdict,
            bounded_ms: ms(bounded),
            inductive_ms: ms(inductive),
            chordless_ms: ms(chordless),
            total_ms: ms(total)?,
        })
    }
}

fn load(path: &Path) -> Result<AppModel, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut sources = SourceMap::new();
    programs::load(&mut sources, &path.display().to_string(), &text)
        .map_err(|e| sources.render(&e.0, false))
}

/// One check in this process.
fn check(app: &AppModel, level: &str, bound: usize, timeout: Duration) -> Check {
    let started = Instant::now();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let pred = match programs::level_pred(app, level) {
        Ok(p) => p,
        Err(e) => return Check::error(SourceMap::new().render(&e.0, false), 0.0),
    };
    let query = Query {
        pred,
        level: level.to_string(),
        bound,
        records: None,
        complete: true,
        abstract_rows: false,
        dangerous_structures: true,
        queue_facts: true,
        sessions: false,
    };
    let report = match programs::check_level(app, &query, &RunOptions::default(), Some(timeout)) {
        Ok(r) => r,
        Err(e) => {
            let m = SourceMap::new().render(&e.0, false);
            return Check::error(m, ms(started.elapsed()));
        }
    };
    let total_ms = ms(started.elapsed());
    let step = |name: &str| {
        report
            .times
            .iter()
            .find(|(s, _)| *s == name)
            .map(|(_, d)| ms(*d))
    };
    let mut c = Check {
        verdict: Verdict::Error(String::new()),
        bounded_ms: step("bounded search"),
        inductive_ms: step("inductive check"),
        // The abstract bounded search (exact rows) belongs to the chordless argument.
        chordless_ms: match (step("abstract bounded search"), step("chordless paths")) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(0.0) + b.unwrap_or(0.0)),
        },
        total_ms,
    };
    // The step that ran out of time is not in `times`; it had the rest of the limit.
    // `check_level` runs the inductive check first, then the bounded search (unless the
    // inductive check holds), then the chordless paths (unless a violation was found).
    let rest = (total_ms
        - c.bounded_ms.unwrap_or(0.0)
        - c.inductive_ms.unwrap_or(0.0)
        - c.chordless_ms.unwrap_or(0.0))
    .max(0.0);
    c.verdict = match &report.outcome {
        Outcome::Violation(v) => Verdict::Violation(v.cycle.len()),
        Outcome::NoCycle(Completeness::Timeout) => {
            c.chordless_ms = Some(rest);
            Verdict::Timeout("chordless")
        }
        Outcome::NoCycle(comp) => Verdict::None(comp.clone()),
        Outcome::Timeout if c.inductive_ms.is_none() => {
            c.inductive_ms = Some(rest);
            Verdict::Timeout("inductive")
        }
        Outcome::Timeout => {
            c.bounded_ms = Some(rest);
            Verdict::Timeout("bounded")
        }
    };
    c
}

/// `--child FILE LEVEL K TIMEOUT_SECS`: one check, reported on one line.
fn child_main(args: &[String]) {
    let [file, level, bound, timeout] = args else {
        panic!("--child FILE LEVEL K TIMEOUT_SECS");
    };
    let bound: usize = bound.parse().expect("K");
    let timeout = Duration::from_secs_f64(timeout.parse().expect("TIMEOUT_SECS"));
    let c = match load(Path::new(file)) {
        Ok(app) => check(&app, level, bound, timeout),
        Err(m) => Check::error(m, 0.0),
    };
    println!("{}", c.to_line());
}

/// One check in a child process, killed `GRACE` after the limit.
fn check_in_child(file: &Path, level: &str, bound: usize, timeout: Duration) -> Check {
    let args = [
        file.display().to_string(),
        level.to_string(),
        bound.to_string(),
        timeout.as_secs_f64().to_string(),
    ];
    let common::ChildOutput {
        text,
        status,
        killed,
        elapsed_ms,
    } = common::spawn_child(&args, timeout, GRACE);
    if let Some(c) = text.lines().find_map(Check::from_line) {
        return c;
    }
    if killed {
        let mut c = Check::error(String::new(), elapsed_ms);
        c.verdict = Verdict::Timeout("killed");
        c
    } else {
        Check::error(
            format!("the child process ended without a report ({status})"),
            elapsed_ms,
        )
    }
}

struct Row {
    app: String,
    level: String,
    bound: usize,
    check: Check,
}

struct Config {
    bounds: Vec<usize>,
    levels: Vec<String>,
    apps: Option<Vec<String>>,
    timeout: Duration,
    csv: PathBuf,
    in_process: bool,
}

fn list(value: &str) -> Vec<String> {
    value
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

fn config(args: &[String], target: &Path) -> Config {
    let (mut bounds, mut timeout, mut quick) = (None, None, false);
    let mut cfg = Config {
        bounds: Vec::new(),
        levels: LEVELS.iter().map(|s| s.to_string()).collect(),
        apps: None,
        timeout: Duration::ZERO,
        csv: target.join("programs-bench.csv"),
        in_process: false,
    };
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let mut value = || {
            i += 1;
            args.get(i)
                .cloned()
                .unwrap_or_else(|| panic!("{flag} wants a value"))
        };
        match flag {
            "--bounds" => {
                let v: Vec<usize> = list(&value())
                    .iter()
                    .map(|s| s.parse().expect("--bounds 2,3,4"))
                    .collect();
                assert!(v.iter().all(|&k| k >= 2), "cycle bounds are at least 2");
                bounds = Some(v);
            }
            "--levels" => cfg.levels = list(&value()),
            "--apps" => cfg.apps = Some(list(&value())),
            "--timeout" => timeout = Some(value().parse::<f64>().expect("--timeout SECS")),
            "--csv" => cfg.csv = PathBuf::from(value()),
            "--quick" => quick = true,
            "--in-process" => cfg.in_process = true,
            "--bench" => {}
            other => panic!(
                "unknown option {other} (--bounds, --levels, --apps, --timeout, --csv, --quick, --in-process)"
            ),
        }
        i += 1;
    }
    let mut bounds = bounds.unwrap_or_else(|| {
        if quick {
            QUICK_BOUNDS.to_vec()
        } else {
            BOUNDS.to_vec()
        }
    });
    bounds.sort_unstable();
    bounds.dedup();
    cfg.bounds = bounds;
    let secs = timeout.unwrap_or(if quick {
        QUICK_TIMEOUT_SECS
    } else {
        TIMEOUT_SECS
    });
    cfg.timeout = Duration::from_secs_f64(secs);
    cfg
}

/// The `.prog` files directly in `dir`, sorted.
fn prog_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "prog"));
    files.sort();
    files
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

fn secs(ms: Option<f64>) -> String {
    ms.map_or("-".to_string(), |ms| format!("{:.2}", ms / 1000.0))
}

fn csv_field(v: &str) -> String {
    if v.contains([',', '"', '\n']) {
        format!("\"{}\"", v.replace('"', "\"\""))
    } else {
        v.to_string()
    }
}

fn write_csv(path: &Path, rows: &[Row], timeout: Duration) {
    // detail: the cycle's length, the completeness (inductive, chordless, unknown), the
    // step that ran out of time, or the error.
    let mut out = String::from(
        "app,level,k,outcome,detail,bounded_s,inductive_s,chordless_s,complete_s,total_s,\
         timeout_s\n",
    );
    let s = |v: Option<f64>| v.map_or(String::new(), |v| format!("{:.4}", v / 1000.0));
    for row in rows {
        let c = &row.check;
        let (outcome, detail) = match &c.verdict {
            Verdict::Violation(n) => ("violation", n.to_string()),
            Verdict::None(_) => ("none", c.verdict.completeness().to_string()),
            Verdict::Timeout(step) => ("timeout", step.to_string()),
            Verdict::Error(m) => ("error", m.trim().to_string()),
        };
        let fields = [
            row.app.clone(),
            row.level.clone(),
            row.bound.to_string(),
            outcome.to_string(),
            detail,
            s(c.bounded_ms),
            s(c.inductive_ms),
            s(c.chordless_ms),
            s(c.complete_ms()),
            s(Some(c.total_ms)),
            timeout.as_secs_f64().to_string(),
        ];
        let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Err(e) = std::fs::write(path, out) {
        eprintln!("cannot write {}: {e}", path.display());
    }
}

/// What a file's `expect` lines claim for a level, and whether the rows contradict or
/// confirm it: `✓` confirmed, `✗` contradicted, nothing when the rows do not decide.
fn expectation(expects: &[Expect], level: &str, rows: &[&Row]) -> String {
    let mut out = Vec::new();
    for e in expects
        .iter()
        .filter(|e| e.level.text.eq_ignore_ascii_case(level))
    {
        let claim = match (e.violation, e.bound) {
            (true, _) => "violation".to_string(),
            (false, Some(k)) => format!("none up to {k}"),
            (false, None) => "none".to_string(),
        };
        let found = rows.iter().find_map(|r| match r.check.verdict {
            Verdict::Violation(n) => Some(n),
            _ => None,
        });
        let complete = rows.iter().any(|r| {
            matches!(
                r.check.verdict,
                Verdict::None(Completeness::Inductive | Completeness::Chordless)
            )
        });
        let none_up_to = rows
            .iter()
            .filter(|r| matches!(r.check.verdict, Verdict::None(_)))
            .map(|r| r.bound)
            .max();
        let mark = match (e.violation, e.bound, found) {
            (true, _, Some(_)) => " ✓",
            (true, _, None) if complete => " ✗",
            (false, Some(k), Some(n)) if n <= k => " ✗",
            (false, None, Some(_)) => " ✗",
            (false, Some(k), None) if complete || none_up_to.is_some_and(|b| b >= k) => " ✓",
            (false, None, None) if complete => " ✓",
            _ => "",
        };
        out.push(format!("{claim}{mark}"));
    }
    out.join("; ")
}

/// Per (application, level): the largest K whose checks all finished, why K stopped,
/// and the file's expectation.
fn summary(rows: &[Row], apps: &[(String, Vec<Expect>)], levels: &[String], last: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<16} {:<6} {:>9}  {:<58} the file expects",
        "app", "level", "largest K", "why it stops"
    );
    for (app, expects) in apps {
        for level in levels {
            let mine: Vec<&Row> = rows
                .iter()
                .filter(|r| &r.app == app && &r.level == level)
                .collect();
            let Some(end) = mine.last() else {
                continue;
            };
            let best = mine
                .iter()
                .filter(|r| r.check.finished())
                .map(|r| r.bound)
                .max();
            let v = &end.check.verdict;
            let why = match v {
                Verdict::Error(m) => format!(
                    "error at K = {}: {}",
                    end.bound,
                    m.lines().next().unwrap_or("")
                ),
                Verdict::None(_) if end.bound == last => {
                    format!(
                        "{} through K = {last} ({:.2} s at K = {last})",
                        v.word(),
                        end.check.total_ms / 1000.0
                    )
                }
                _ => format!("{} at K = {}", v.word(), end.bound),
            };
            let _ = writeln!(
                out,
                "{:<16} {:<6} {:>9}  {why:<58} {}",
                app,
                level,
                best.map_or("-".to_string(), |k| k.to_string()),
                expectation(expects, level, &mine)
            );
        }
    }
    out
}

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    if all.first().is_some_and(|a| a == "--child") {
        child_main(&all[1..]);
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let target = tmp.parent().unwrap_or(tmp);
    let cfg = config(&all, target);
    let mut files = prog_files(&root.join("examples/programs"));
    if let Some(apps) = &cfg.apps {
        files.retain(|f| apps.contains(&stem(f)));
        for a in apps {
            if !files.iter().any(|f| &stem(f) == a) {
                eprintln!("no examples/programs/{a}.prog");
            }
        }
    }
    println!(
        "{} application(s), levels {}, K in {:?}, {} s per check{}",
        files.len(),
        cfg.levels.join(","),
        cfg.bounds,
        cfg.timeout.as_secs_f64(),
        if cfg.in_process { ", in process" } else { "" }
    );
    println!(
        "{:<16} {:<6} {:>2}  {:<27} {:>9} {:>9} {:>9}",
        "app", "level", "K", "outcome", "bounded", "complete", "total"
    );
    let started = Instant::now();
    let mut rows: Vec<Row> = Vec::new();
    let mut failures: Vec<String> = Vec::new();
    let mut apps = Vec::new();
    for file in &files {
        let name = stem(file);
        let app = match load(file) {
            Ok(app) => app,
            Err(m) => {
                println!("{name:<16} does not load:\n{m}");
                failures.push(format!("{name}: does not load"));
                continue;
            }
        };
        apps.push((name.clone(), app.expects.clone()));
        for level in &cfg.levels {
            if programs::level_pred(&app, level).is_err() {
                // A `level` of another file.
                continue;
            }
            for &bound in &cfg.bounds {
                let c = if cfg.in_process {
                    check(&app, level, bound, cfg.timeout)
                } else {
                    check_in_child(file, level, bound, cfg.timeout)
                };
                println!(
                    "{:<16} {:<6} {:>2}  {:<27} {:>9} {:>9} {:>9}",
                    name,
                    level,
                    bound,
                    c.verdict.word(),
                    secs(c.bounded_ms),
                    secs(c.complete_ms()),
                    secs(Some(c.total_ms))
                );
                if let Verdict::Error(m) = &c.verdict {
                    println!("    {}", m.trim_end().replace('\n', "\n    "));
                    failures.push(format!("{name} {level} K = {bound}: error"));
                }
                // A violation (a larger K finds the same shortest cycle), a timeout or an
                // error ends this (application, level).
                let stop = !matches!(c.verdict, Verdict::None(_));
                rows.push(Row {
                    app: name.clone(),
                    level: level.clone(),
                    bound,
                    check: c,
                });
                if stop {
                    break;
                }
            }
        }
    }
    for level in &cfg.levels {
        if !rows.iter().any(|r| &r.level == level) && !apps.is_empty() {
            eprintln!("level {level}: neither the library nor these applications define it");
        }
    }
    write_csv(&cfg.csv, &rows, cfg.timeout);
    println!(
        "\nHow far the cycle bound goes within {} s per check:",
        cfg.timeout.as_secs_f64()
    );
    let last = cfg.bounds.last().copied().unwrap_or(0);
    print!("{}", summary(&rows, &apps, &cfg.levels, last));
    println!(
        "\n{} checks in {:.1} s; CSV: {}",
        rows.len(),
        started.elapsed().as_secs_f64(),
        cfg.csv.display()
    );
    if !failures.is_empty() {
        eprintln!("\nfailures:\n  {}", failures.join("\n  "));
        std::process::exit(1);
    }
}
