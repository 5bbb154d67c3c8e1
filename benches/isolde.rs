//! The problem suite of the Isolde paper (Barros et al., synthesis of histories that
//! separate isolation levels), solved by solder and printed beside the paper's figures.
//!
//! A problem is "positive and not negative" over Isolde's definitions: `RA_ax_b,CC_ax_b`
//! asks for a history that Biswas and Enea's Read Atomic allows and their Causal
//! Consistency forbids. The 46 problems are those of Isolde's
//! `experiments/benchmark/Problems.java`, in its four classes (sat-same, sat-diff,
//! unsat-same, unsat-diff framework), and the paper's figures are the `all` rows
//! (every optimization on) of `isolde-paper-medians.csv`: outcome, median time and
//! median CEGIS candidates per problem and transaction count. Isolde's definition ids
//! map to the library's levels (`LEVELS`): `_ax_b` Biswas and Enea
//! (`isolation/biswas`), `_ax_c` Cerone et al. (`isolation/cerone`), `_tap_b` Plume's
//! patterns as Isolde encodes them (`isolation/plume`), `UpdateSer__b` the library's
//! `UpdateSer`, and `UpdateSer__c`, which the library lacks, `CeroneUpdateSer` of
//! `benches/isolde/space.als`. Two positive ids are two levels, each with its own
//! witness, as in Isolde (`IsoldeSpec`: one execution per existential formula).
//!
//! The search space is Isolde's (`benches/isolde/space.als`): exactly N transactions
//! besides the initial one (Isolde's `num_txn`; solder's `exactly N Txn` counts the same
//! way), exactly 5 objects and 5 values, no empty transactions, no blind writes. Each
//! problem at N transactions is the command
//! `run { isoldeSpace and P and not Q } for exactly N Txn, exactly 5 Obj, exactly 5 Val`,
//! written with the model's text to a file under the target directory.
//!
//! Model differences. solder's history model is Isolde's synthesis space except for the
//! session order (the reference's W8): Isolde allows any transitive session order inside
//! its fixed order of transaction atoms, with T0 first, so a transaction may follow two
//! transactions that are unordered with each other; the library requires sessions to be
//! disjoint chains, as the papers define them. solder's space is therefore a subset of
//! Isolde's: every UNSAT of the paper must be UNSAT here, and a SAT of the paper could
//! only become UNSAT here if every history of the problem needed a session order that is
//! not a union of chains. Blind writes and empty transactions (W7, W6), which the library
//! allows, are excluded by `isoldeSpace` as Isolde excludes them (with blind writes a
//! SAT problem could have a witness at fewer transactions, and an UNSAT one could become
//! SAT: Isolde's customPSI, for one, equals PSI only without them). The library's read
//! order `ro` is free: no level here reads it. On 3-7 transactions every answer agrees
//! with the paper where it has one (`cargo bench --bench isolde -- --txns 3-7`, about a
//! minute).
//!
//! Each (problem, N, ablation) runs in a child process (this program with `--child`, see
//! `common::run_child`) with a time limit. Rows print as they finish; then the
//! disagreements with the paper, the slowest problems, totals per N and, with several
//! ablations, a table of them side by side; a CSV goes to `target/isolde-bench.csv`. A row
//! is marked `!` when solder's SAT/UNSAT differs from the paper's, and `?` when the paper
//! answered and solder did not (timeout, error). After a timeout at N, the same problem
//! and ablation are skipped at larger N (`--no-skip` runs them anyway). A `!` or an error
//! fails the bench at the end, after the table and the CSV.
//!
//! Run with `cargo bench --bench isolde [-- [FILTER...] [OPTIONS]]`. FILTER: a substring of
//! the problem's id `positive,negative` as the paper writes it (`RA_tap_b`, `SI_ax_c,`,
//! `UpdateSer__c`); several select the problems that match any. Options, each also an
//! environment variable (the option wins):
//!
//! - `--txns 3-5` / `ISOLDE_TXNS`: transaction counts, a range `A-B` or a list `3,5`
//!   (default 3-5);
//! - `--timeout SECS` / `ISOLDE_TIMEOUT`: time limit per problem (default 60);
//! - `--ablation A,B` / `ISOLDE_ABLATIONS`: the configurations to run, each in its own rows
//!   (the `ablation` column): `default`, `no-instantiate`, `no-terms`, `no-escalate`, `no-incremental`, `naive`,
//!   `no-symmetry`, `no-fix-order` (the CEGIS switches), `no-verify`, `varisat`, `cadical`,
//!   a combination `no-instantiate+no-fix-order`, or `all` (default and each CEGIS switch
//!   off); default `default`;
//! - `--csv PATH` / `ISOLDE_CSV`: where the CSV goes (default `target/isolde-bench.csv`);
//! - `--paper PATH` / `ISOLDE_PAPER`: the paper's medians (default
//!   `../shared/bench/isolde-paper-medians.csv` beside the repository);
//! - `--no-skip` / `ISOLDE_NO_SKIP=1`: run larger N after a timeout.
//!
//! Times: `ms` is translation and solving (what Isolde's total measures: synthesis and
//! checking); `wall` adds building the problem and the re-check of an instance by the
//! evaluator (`session::verify`), which Isolde does not do. Both exclude loading the
//! model and starting the child.

mod common;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use common::{ChildReport, Outcome};
use solder::diagnostic::SourceMap;
use solder::session::load_file;

const DEFAULT_TXNS: [usize; 3] = [3, 4, 5];
const DEFAULT_TIMEOUT_SECS: f64 = 60.0;
/// Isolde's benchmark scope besides transactions (`num_keys`, `num_values`; the values
/// include the initial one).
const OBJECTS: usize = 5;
const VALUES: usize = 5;

/// Isolde's definition ids (`Problems.DefinitionId`: level, style, framework) and the
/// levels of solder's library (and of `benches/isolde/space.als`) that state them.
const LEVELS: [(&str, &str); 14] = [
    ("RA_ax_b", "RA"),
    ("CC_ax_b", "CC"),
    ("PC_ax_b", "PC"),
    ("SI_ax_b", "SI"),
    ("Ser_ax_b", "SER"),
    ("UpdateSer__b", "UpdateSer"),
    ("RA_ax_c", "CeroneRA"),
    ("CC_ax_c", "CeroneCC"),
    ("PC_ax_c", "CeronePC"),
    ("SI_ax_c", "CeroneSI"),
    ("Ser_ax_c", "CeroneSER"),
    ("UpdateSer__c", "CeroneUpdateSer"),
    ("RA_tap_b", "TapRA"),
    // Isolde's Plume Causal (patterns k, l, m, n)
    ("CC_tap_b", "TapCC"),
];

fn level(id: &str) -> &'static str {
    LEVELS
        .iter()
        .find(|(i, _)| *i == id)
        .unwrap_or_else(|| panic!("no level for Isolde's `{id}`"))
        .1
}

/// The ablations: name, flags of the child (`common::options`), and whether `all` runs
/// it.
const ABLATIONS: [(&str, &[&str], bool); 11] = [
    ("default", &[], true),
    ("no-instantiate", &["--no-instantiate"], true),
    ("no-terms", &["--no-terms"], true),
    ("no-escalate", &["--no-escalate"], true),
    ("no-incremental", &["--no-incremental"], true),
    ("naive", &["--naive"], true),
    ("no-symmetry", &["--symmetry=0"], true),
    ("no-fix-order", &["--no-fix-order"], true),
    ("no-verify", &["--no-verify"], false),
    ("varisat", &["--varisat"], false),
    ("cadical", &["--cadical"], false),
];

/// One configuration of the solve.
#[derive(Clone, Debug)]
struct Ablation {
    name: String,
    flags: Vec<String>,
}

fn ablation(name: &str) -> Ablation {
    let mut flags = Vec::new();
    for part in name.split('+') {
        let (_, f, _) = ABLATIONS
            .iter()
            .find(|(n, _, _)| *n == part)
            .unwrap_or_else(|| {
                panic!(
                    "unknown ablation `{part}` (known: {}, all)",
                    ABLATIONS.map(|a| a.0).join(", ")
                )
            });
        flags.extend(f.iter().map(|s| s.to_string()));
    }
    Ablation {
        name: name.to_string(),
        flags,
    }
}

fn ablations(list: &str) -> Vec<Ablation> {
    let mut out = Vec::new();
    for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if name == "all" {
            out.extend(ABLATIONS.iter().filter(|a| a.2).map(|a| ablation(a.0)));
        } else {
            out.push(ablation(name));
        }
    }
    assert!(!out.is_empty(), "no ablation to run in `{list}`");
    out
}

/// The classes of `Problems.java`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    SatSame,
    SatDiff,
    UnsatSame,
    UnsatDiff,
}

impl Class {
    fn name(self) -> &'static str {
        match self {
            Class::SatSame => "sat-same",
            Class::SatDiff => "sat-diff",
            Class::UnsatSame => "unsat-same",
            Class::UnsatDiff => "unsat-diff",
        }
    }
}

/// "The positive levels and not the negative one."
#[derive(Clone, Debug)]
struct Problem {
    positive: Vec<String>,
    negative: String,
    class: Class,
}

impl Problem {
    /// As the paper's CSV writes it: `SI_ax_b UpdateSer__b,Ser_ax_b`.
    fn key(&self) -> String {
        format!("{},{}", self.positive.join(" "), self.negative)
    }

    /// The command's formula.
    fn formula(&self) -> String {
        let mut f = String::from("isoldeSpace");
        for p in &self.positive {
            let _ = write!(f, " and {}", level(p));
        }
        let _ = write!(f, " and not {}", level(&self.negative));
        f
    }
}

/// Isolde's problems, in the order of `Problems.java` (`satSameFramework`,
/// `satDiffFramework`, `unsatSameFramework`, `unsatDiffFramework`).
fn problems() -> Vec<Problem> {
    let edges = [("RA", "CC"), ("CC", "PC"), ("PC", "SI"), ("SI", "Ser")];
    let mut out = Vec::new();
    let mut add = |pos: &[String], neg: String, class| {
        out.push(Problem {
            positive: pos.to_vec(),
            negative: neg,
            class,
        })
    };
    let ax = |level: &str, fw: &str| format!("{level}_ax_{fw}");
    for (pos, neg) in edges {
        for fw in ["b", "c"] {
            add(&[ax(pos, fw)], ax(neg, fw), Class::SatSame);
        }
    }
    for fw in ["b", "c"] {
        add(
            &[ax("SI", fw), format!("UpdateSer__{fw}")],
            ax("Ser", fw),
            Class::SatSame,
        );
    }
    add(&["RA_tap_b".into()], ax("RA", "b"), Class::SatSame);
    for (pos, neg) in edges {
        add(&[ax(pos, "b")], ax(neg, "c"), Class::SatDiff);
        add(&[ax(pos, "c")], ax(neg, "b"), Class::SatDiff);
    }
    // Isolde's Framework enum order: CERONE, BISWAS
    for si in ["c", "b"] {
        for us in ["c", "b"] {
            for ser in ["c", "b"] {
                if si != us || us != ser {
                    add(
                        &[ax("SI", si), format!("UpdateSer__{us}")],
                        ax("Ser", ser),
                        Class::SatDiff,
                    );
                }
            }
        }
    }
    for (pos, neg) in edges {
        for fw in ["b", "c"] {
            add(&[ax(neg, fw)], ax(pos, fw), Class::UnsatSame);
        }
    }
    add(&[ax("RA", "b")], "RA_tap_b".into(), Class::UnsatSame);
    add(&[ax("CC", "b")], "CC_tap_b".into(), Class::UnsatSame);
    add(&["CC_tap_b".into()], ax("CC", "b"), Class::UnsatSame);
    for level in ["RA", "CC", "PC", "SI", "Ser"] {
        add(&[ax(level, "b")], ax(level, "c"), Class::UnsatDiff);
        add(&[ax(level, "c")], ax(level, "b"), Class::UnsatDiff);
    }
    out
}

/// The paper's figures for one problem at one transaction count.
#[derive(Clone, Debug)]
struct Paper {
    /// SAT, UNSAT, TIMEOUT or CRASH.
    outcome: String,
    median_ms: Option<f64>,
    /// -1 in the CSV (no figure) becomes `None`.
    candidates: Option<i64>,
}

/// The `all` rows of the paper's CSV.
#[derive(Default)]
struct PaperFigures {
    /// By (problem key, transactions).
    rows: HashMap<(String, usize), Paper>,
    /// Every problem key the file has, for the check that each is a problem here.
    problems: Vec<String>,
}

fn read_paper(path: &Path) -> Option<PaperFigures> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next()?.split(',').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("{}: no column `{name}`", path.display()))
    };
    let (imp, pos, neg, txn, keys, vals, outcome, ms, cand) = (
        col("implementation"),
        col("positive"),
        col("negative"),
        col("num_txn"),
        col("num_keys"),
        col("num_values"),
        col("outcome"),
        col("median_total_ms"),
        col("median_candidates"),
    );
    let mut map = HashMap::new();
    let mut problem_keys = Vec::new();
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split(',').collect();
        if f[imp] != "all" {
            continue;
        }
        assert!(
            f[keys] == OBJECTS.to_string() && f[vals] == VALUES.to_string(),
            "{}: a row with another scope: {line}",
            path.display()
        );
        let key = format!("{},{}", f[pos], f[neg]);
        if !problem_keys.contains(&key) {
            problem_keys.push(key.clone());
        }
        let n: usize = f[txn].parse().expect("num_txn");
        map.insert(
            (key, n),
            Paper {
                outcome: f[outcome].to_string(),
                median_ms: f[ms].parse().ok(),
                candidates: f[cand].parse().ok().filter(|c: &i64| *c >= 0),
            },
        );
    }
    Some(PaperFigures {
        rows: map,
        problems: problem_keys,
    })
}

/// The bench's configuration, from arguments and environment variables.
struct Config {
    filters: Vec<String>,
    txns: Vec<usize>,
    timeout: Duration,
    ablations: Vec<Ablation>,
    csv: PathBuf,
    paper: PathBuf,
    skip_after_timeout: bool,
}

fn parse_txns(s: &str) -> Vec<usize> {
    let num = |t: &str| -> usize {
        t.trim()
            .parse()
            .unwrap_or_else(|_| panic!("transaction counts: `{s}` (e.g. 3-5 or 3,5)"))
    };
    let mut out = Vec::new();
    for part in s.split(',').filter(|p| !p.trim().is_empty()) {
        match part.split_once('-') {
            Some((a, b)) => out.extend(num(a)..=num(b)),
            None => out.push(num(part)),
        }
    }
    out.sort_unstable();
    out.dedup();
    assert!(!out.is_empty(), "no transaction count in `{s}`");
    out
}

fn parse_secs(s: &str) -> Duration {
    let secs: f64 = s
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("the time limit wants seconds, got `{s}`"));
    Duration::from_secs_f64(secs)
}

fn config(args: &[String], root: &Path, target: &Path) -> Config {
    let env = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
    let mut cfg = Config {
        filters: env("ISOLDE_FILTER").into_iter().collect(),
        txns: env("ISOLDE_TXNS").map_or(DEFAULT_TXNS.to_vec(), |s| parse_txns(&s)),
        timeout: env("ISOLDE_TIMEOUT").map_or(Duration::from_secs_f64(DEFAULT_TIMEOUT_SECS), |s| {
            parse_secs(&s)
        }),
        ablations: ablations(&env("ISOLDE_ABLATIONS").unwrap_or("default".into())),
        csv: env("ISOLDE_CSV").map_or(target.join("isolde-bench.csv"), PathBuf::from),
        paper: env("ISOLDE_PAPER").map_or(
            root.join("../shared/bench/isolde-paper-medians.csv"),
            PathBuf::from,
        ),
        skip_after_timeout: env("ISOLDE_NO_SKIP").is_none_or(|v| v == "0"),
    };
    let mut cli_filters = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .unwrap_or_else(|| panic!("{name} wants a value"))
        };
        match name {
            "--txns" => cfg.txns = parse_txns(&value()),
            "--timeout" => cfg.timeout = parse_secs(&value()),
            "--ablation" | "--ablations" => cfg.ablations = ablations(&value()),
            "--csv" => cfg.csv = PathBuf::from(value()),
            "--paper" => cfg.paper = PathBuf::from(value()),
            "--no-skip" => cfg.skip_after_timeout = false,
            // other options (cargo's `--bench`) are not ours
            _ if arg.starts_with('-') => {}
            _ => cli_filters.push(arg.clone()),
        }
    }
    if !cli_filters.is_empty() {
        cfg.filters = cli_filters;
    }
    cfg
}

/// One problem at one transaction count under one ablation.
struct Row {
    problem: usize,
    txns: usize,
    ablation: usize,
    /// `None`: skipped (it timed out at fewer transactions).
    report: Option<ChildReport>,
    paper: Option<Paper>,
}

/// How a row compares with the paper.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Agreement {
    /// The paper has no SAT/UNSAT for it.
    NoFigure,
    Agrees,
    /// SAT against UNSAT.
    Differs,
    /// The paper answered, solder did not (timeout, error, skipped).
    NoAnswer,
}

impl Row {
    fn outcome_word(&self) -> &'static str {
        match &self.report {
            None => "skipped",
            Some(r) => match r.outcome {
                Outcome::Found(1) => "SAT",
                Outcome::Found(0) => "UNSAT",
                Outcome::Found(_) => "?",
                Outcome::Timeout => "TIMEOUT",
                Outcome::Error => "ERROR",
            },
        }
    }

    fn agreement(&self) -> Agreement {
        let Some(paper) = &self.paper else {
            return Agreement::NoFigure;
        };
        if paper.outcome != "SAT" && paper.outcome != "UNSAT" {
            return Agreement::NoFigure;
        }
        match self.report.as_ref().map(|r| &r.outcome) {
            Some(Outcome::Found(_)) if self.outcome_word() == paper.outcome => Agreement::Agrees,
            Some(Outcome::Found(_)) => Agreement::Differs,
            _ => Agreement::NoAnswer,
        }
    }

    fn mark(&self) -> &'static str {
        match self.agreement() {
            Agreement::Differs => "!",
            Agreement::NoAnswer => "?",
            _ => "",
        }
    }

    fn is_error(&self) -> bool {
        self.report
            .as_ref()
            .is_some_and(|r| r.outcome == Outcome::Error)
    }
}

fn ms_cell(ms: Option<f64>) -> String {
    match ms {
        None => "-".to_string(),
        Some(ms) if ms >= 100.0 => format!("{ms:.0}"),
        Some(ms) => format!("{ms:.1}"),
    }
}

fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or("-".to_string(), |v| v.to_string())
}

const PROBLEM_WIDTH: usize = 34;

fn print_header(with_ablation: bool) {
    let abl = if with_ablation {
        format!(" {:<14}", "ablation")
    } else {
        String::new()
    };
    println!(
        "{:<PROBLEM_WIDTH$} {:>2}{abl} {:>8} {:>8} {:>1} {:>9} {:>9} {:>9} {:>6} {:>6} {:>6}",
        "problem (positive,negative)",
        "n",
        "solder",
        "paper",
        "",
        "ms",
        "wall",
        "paper ms",
        "cand",
        "p.cand",
        "cex"
    );
}

fn print_row(row: &Row, problems: &[Problem], ablations: &[Ablation], with_ablation: bool) {
    let abl = if with_ablation {
        format!(" {:<14}", ablations[row.ablation].name)
    } else {
        String::new()
    };
    let r = row.report.as_ref();
    let p = row.paper.as_ref();
    println!(
        "{:<PROBLEM_WIDTH$} {:>2}{abl} {:>8} {:>8} {:>1} {:>9} {:>9} {:>9} {:>6} {:>6} {:>6}",
        problems[row.problem].key(),
        row.txns,
        row.outcome_word(),
        p.map_or("-", |p| p.outcome.as_str()),
        row.mark(),
        ms_cell(r.and_then(|r| r.solve_ms)),
        ms_cell(r.map(|r| r.ms)),
        ms_cell(p.and_then(|p| p.median_ms)),
        opt(r.and_then(|r| r.candidates)),
        opt(p.and_then(|p| p.candidates)),
        opt(r.and_then(|r| r.counterexamples)),
    );
}

fn csv_field(v: &str) -> String {
    if v.contains([',', '"', '\n']) {
        format!("\"{}\"", v.replace('"', "\"\""))
    } else {
        v.to_string()
    }
}

fn write_csv(path: &Path, rows: &[Row], problems: &[Problem], ablations: &[Ablation]) {
    let mut out = String::from(
        "positive,negative,class,num_txn,num_keys,num_values,ablation,outcome,paper_outcome,\
         agreement,solve_ms,wall_ms,paper_median_ms,candidates,paper_candidates,\
         counterexamples,formula\n",
    );
    let num = |v: Option<f64>| v.map_or(String::new(), |v| format!("{v:.3}"));
    for row in rows {
        let problem = &problems[row.problem];
        let r = row.report.as_ref();
        let p = row.paper.as_ref();
        let agreement = match row.agreement() {
            Agreement::NoFigure => "",
            Agreement::Agrees => "agrees",
            Agreement::Differs => "differs",
            Agreement::NoAnswer => "no-answer",
        };
        let fields = [
            problem.positive.join(" "),
            problem.negative.clone(),
            problem.class.name().to_string(),
            row.txns.to_string(),
            OBJECTS.to_string(),
            VALUES.to_string(),
            ablations[row.ablation].name.clone(),
            row.outcome_word().to_string(),
            p.map_or(String::new(), |p| p.outcome.clone()),
            agreement.to_string(),
            num(r.and_then(|r| r.solve_ms)),
            num(r.map(|r| r.ms)),
            num(p.and_then(|p| p.median_ms)),
            r.and_then(|r| r.candidates)
                .map_or(String::new(), |c| c.to_string()),
            p.and_then(|p| p.candidates)
                .map_or(String::new(), |c| c.to_string()),
            r.and_then(|r| r.counterexamples)
                .map_or(String::new(), |c| c.to_string()),
            problem.formula(),
        ];
        let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    std::fs::write(path, out).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
}

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    if all.first().is_some_and(|a| a == "--child") {
        common::child_main(&all[1..]);
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let target = tmp.parent().unwrap_or(tmp);
    let cfg = config(&all, root, target);

    let problems = problems();
    assert_eq!(problems.len(), 46, "Isolde's suite has 46 problems");
    let paper = read_paper(&cfg.paper).unwrap_or_else(|| {
        println!(
            "(no paper figures: cannot read {}; set ISOLDE_PAPER)",
            cfg.paper.display()
        );
        PaperFigures::default()
    });
    let paper_keys = &paper.problems;
    let ours: HashSet<String> = problems.iter().map(Problem::key).collect();
    let unmapped: Vec<&String> = paper_keys.iter().filter(|k| !ours.contains(*k)).collect();
    if !unmapped.is_empty() {
        println!("paper problems with no solder command: {unmapped:?}");
    }
    let missing: Vec<String> = problems
        .iter()
        .map(Problem::key)
        .filter(|k| !paper_keys.is_empty() && !paper_keys.contains(k))
        .collect();
    if !missing.is_empty() {
        println!("problems the paper's CSV does not have: {missing:?}");
    }

    let selected: Vec<usize> = (0..problems.len())
        .filter(|&i| {
            cfg.filters.is_empty()
                || cfg
                    .filters
                    .iter()
                    .any(|f| problems[i].key().contains(f.as_str()))
        })
        .collect();
    assert!(!selected.is_empty(), "no problem matches {:?}", cfg.filters);

    // The model: the search space and the commands, in the order they run.
    let space_path = root.join("benches/isolde/space.als");
    let space = std::fs::read_to_string(&space_path)
        .unwrap_or_else(|e| panic!("read {}: {e}", space_path.display()));
    let mut model = space.clone();
    model.push_str("\n-- generated by benches/isolde.rs\n");
    let mut index: HashMap<(usize, usize), usize> = HashMap::new();
    for &n in &cfg.txns {
        for &p in &selected {
            let _ = writeln!(
                model,
                "run p{p:02}_t{n} {{ {} }} for exactly {n} Txn, exactly {OBJECTS} Obj, exactly {VALUES} Val",
                problems[p].formula()
            );
            index.insert((p, n), index.len());
        }
    }
    let model_path = tmp.join("isolde/problems.als");
    std::fs::create_dir_all(model_path.parent().unwrap()).expect("create the model's directory");
    std::fs::write(&model_path, &model).expect("write the model");
    let mut sources = SourceMap::new();
    if let Err(errors) = load_file(&mut sources, &model_path) {
        panic!(
            "{} does not load:\n{}",
            model_path.display(),
            sources.render(&errors.0, false)
        );
    }

    let with_ablation = cfg.ablations.len() > 1 || cfg.ablations[0].name != "default";
    println!(
        "Isolde's suite: {} problem(s) at {:?} transactions, exactly {OBJECTS} objects and \
         {VALUES} values, no blind writes, no empty transactions; time limit {} s; \
         ablation(s): {}",
        selected.len(),
        cfg.txns,
        cfg.timeout.as_secs_f64(),
        cfg.ablations
            .iter()
            .map(|a| a.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!(
        "ms: translation and solving; wall: also building and re-checking the answer; paper: \
         Isolde `all`, medians; ! SAT/UNSAT differs from the paper, ? no answer where the \
         paper has one"
    );
    print_header(with_ablation);
    let mut rows: Vec<Row> = Vec::new();
    let mut timed_out: HashSet<(usize, usize)> = HashSet::new();
    for &n in &cfg.txns {
        for &p in &selected {
            for (a, abl) in cfg.ablations.iter().enumerate() {
                let report = if cfg.skip_after_timeout && timed_out.contains(&(p, a)) {
                    None
                } else {
                    Some(common::run_child(
                        &model_path,
                        index[&(p, n)],
                        cfg.timeout,
                        &abl.flags,
                    ))
                };
                if report
                    .as_ref()
                    .is_some_and(|r| r.outcome == Outcome::Timeout)
                {
                    timed_out.insert((p, a));
                }
                let row = Row {
                    problem: p,
                    txns: n,
                    ablation: a,
                    report,
                    paper: paper.rows.get(&(problems[p].key(), n)).cloned(),
                };
                print_row(&row, &problems, &cfg.ablations, with_ablation);
                rows.push(row);
            }
        }
    }
    write_csv(&cfg.csv, &rows, &problems, &cfg.ablations);

    // Against the paper.
    let listed =
        |what: Agreement| -> Vec<&Row> { rows.iter().filter(|r| r.agreement() == what).collect() };
    let describe = |r: &Row| {
        format!(
            "{} at {} ({}): solder {}, paper {}",
            problems[r.problem].key(),
            r.txns,
            cfg.ablations[r.ablation].name,
            r.outcome_word(),
            r.paper.as_ref().map_or("-", |p| p.outcome.as_str())
        )
    };
    let differs = listed(Agreement::Differs);
    let no_answer = listed(Agreement::NoAnswer);
    println!();
    println!(
        "against the paper: {} agree, {} differ (!), {} without an answer (?), {} without a \
         SAT/UNSAT figure",
        listed(Agreement::Agrees).len(),
        differs.len(),
        no_answer.len(),
        listed(Agreement::NoFigure).len()
    );
    for r in &differs {
        println!("  ! {}", describe(r));
    }
    for r in &no_answer {
        println!("  ? {}", describe(r));
    }

    // Totals per transaction count and ablation.
    println!();
    println!(
        "{:>2} {:<14} {:>5} {:>5} {:>7} {:>7} {:>11} {:>11} {:>11} {:>8}",
        "n", "ablation", "sat", "unsat", "timeout", "other", "ms", "wall", "paper ms", "cand"
    );
    for &n in &cfg.txns {
        for (a, abl) in cfg.ablations.iter().enumerate() {
            let mine: Vec<&Row> = rows
                .iter()
                .filter(|r| r.txns == n && r.ablation == a)
                .collect();
            let count = |w: &str| mine.iter().filter(|r| r.outcome_word() == w).count();
            let sum = |f: &dyn Fn(&Row) -> Option<f64>| -> f64 {
                mine.iter().filter_map(|r| f(r)).fold(0.0, |t, v| t + v)
            };
            println!(
                "{n:>2} {:<14} {:>5} {:>5} {:>7} {:>7} {:>11.0} {:>11.0} {:>11.0} {:>8}",
                abl.name,
                count("SAT"),
                count("UNSAT"),
                count("TIMEOUT") + count("skipped"),
                count("ERROR"),
                sum(&|r| r.report.as_ref().and_then(|r| r.solve_ms)),
                sum(&|r| r.report.as_ref().map(|r| r.ms)),
                sum(&|r| r.paper.as_ref().and_then(|p| p.median_ms)),
                mine.iter()
                    .filter_map(|r| r.report.as_ref().and_then(|r| r.candidates))
                    .sum::<usize>(),
            );
        }
    }

    let rechecks: Vec<common::RecheckRow> = rows
        .iter()
        .filter_map(|r| {
            let rep = r.report.as_ref()?;
            let name = format!(
                "{} at {} ({})",
                problems[r.problem].key(),
                r.txns,
                cfg.ablations[r.ablation].name
            );
            Some((name, rep.solve_ms?, rep.recheck_ms?))
        })
        .collect();
    common::print_recheck_summary(&rechecks, 0.1, 10.0);

    // The slowest.
    let mut slow: Vec<&Row> = rows.iter().filter(|r| r.report.is_some()).collect();
    slow.sort_by(|a, b| {
        let ms = |r: &Row| r.report.as_ref().map_or(0.0, |r| r.ms);
        ms(b).total_cmp(&ms(a))
    });
    println!();
    println!("slowest (wall):");
    for r in slow.iter().take(10) {
        let rep = r.report.as_ref().unwrap();
        println!(
            "  {:>9} ms  {} at {} ({}): {}, paper {} ms, {} candidates",
            ms_cell(Some(rep.ms)),
            problems[r.problem].key(),
            r.txns,
            cfg.ablations[r.ablation].name,
            r.outcome_word(),
            ms_cell(r.paper.as_ref().and_then(|p| p.median_ms)),
            opt(rep.candidates)
        );
    }

    // Ablations side by side.
    if cfg.ablations.len() > 1 {
        println!();
        println!(
            "ablations side by side: wall ms (or the outcome when there is no answer), candidates"
        );
        let mut head = format!("{:<PROBLEM_WIDTH$} {:>2}", "problem", "n");
        for abl in &cfg.ablations {
            let _ = write!(head, " | {:>14} {:>5}", abl.name, "cand");
        }
        println!("{head}");
        let mut by_key: BTreeMap<(usize, usize), Vec<&Row>> = BTreeMap::new();
        for r in &rows {
            by_key.entry((r.txns, r.problem)).or_default().push(r);
        }
        for ((n, p), mine) in by_key {
            let mut line = format!("{:<PROBLEM_WIDTH$} {n:>2}", problems[p].key());
            for a in 0..cfg.ablations.len() {
                let cell = mine.iter().find(|r| r.ablation == a).map_or(
                    format!("{:>14} {:>5}", "-", ""),
                    |r| {
                        let rep = r.report.as_ref();
                        let time = match rep.map(|r| &r.outcome) {
                            Some(Outcome::Found(_)) => ms_cell(rep.map(|r| r.ms)),
                            _ => r.outcome_word().to_lowercase(),
                        };
                        format!(
                            "{:>14} {:>5}",
                            format!("{time}{}", r.mark()),
                            opt(rep.and_then(|r| r.candidates))
                        )
                    },
                );
                let _ = write!(line, " | {cell}");
            }
            println!("{line}");
        }
    }

    println!();
    println!("CSV: {}", cfg.csv.display());
    let errors: Vec<String> = rows.iter().filter(|r| r.is_error()).map(describe).collect();
    assert!(
        differs.is_empty() && errors.is_empty(),
        "outcomes differ from the paper's:\n  {}\nerrors:\n  {}",
        differs
            .iter()
            .map(|r| describe(r))
            .collect::<Vec<_>>()
            .join("\n  "),
        errors.join("\n  ")
    );
}
