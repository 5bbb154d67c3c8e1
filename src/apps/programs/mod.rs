//! Applications' transactional programs under weak isolation (`solder programs`): can
//! the programs produce a non-serializable execution under a consistency model?
//!
//! A program file (`syntax`) declares tables, programs of SQL statements and
//! expectations; `model` checks it and writes a solder model over the library
//! `isolation/programs`; this module runs the three questions over that model and
//! `explain` reads a violation back in the program's own terms:
//!
//! 1. **Inductive check** (with `complete`, first): in every execution of three
//!    instances, dependency edges go forward in ar and stay after an instance once past
//!    it; then no cycle exists at any length, and nothing else runs.
//! 2. **Bounded search**: an execution of 2, 3, … K instances whose dependency graph
//!    has a cycle (instances beyond the cycle's never remove its edges, so this finds
//!    every cycle of length ≤ K, and the first found is a shortest one).
//! 3. **Chordless paths** (with `complete`, when the inductive check fails): no
//!    execution of K + 1 instances has a chordless dependency path through all of them;
//!    with 2. that excludes cycles of every length. Under SI and SER the path must also
//!    start with two anti-dependencies between concurrent instances, because every
//!    cycle under SI has such a pair (`dangerousStart`; `Query::dangerous_structures`).
//!
//! Every bound is also a bound on records per table and values per domain (`records`).

pub mod explain;
pub mod model;
pub mod postgres;
pub mod references;
pub mod syntax;
pub mod view;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::check::{self, Checked, RootSource};
use crate::diagnostic::{Diagnostic, Errors, Note, SourceMap, Span};
use crate::session::{CommandRun, RunOptions};

pub use model::AppModel;

/// Whether a level's pred takes a snapshot per statement (`snap` beside vis and ar):
/// Read Committed, generic or PostgreSQL's, and MySQL's Repeatable Read, whose locking
/// statements read newer versions than its snapshot.
pub fn statement_snapshots(pred: &str) -> bool {
    matches!(pred, "ExecRC" | "ExecPostgresRC" | "ExecMySQLRR")
}

/// Read and check a program file.
pub fn load(sources: &mut SourceMap, name: &str, text: &str) -> Result<AppModel, Errors> {
    let file = sources.add(name, None, text);
    let app = syntax::parse(text, file).map_err(Errors)?;
    let (app, text) = references::with_reference_checks(app, text, file).map_err(Errors)?;
    model::build(&app, &text, file)
}

/// The pred a `--level` names: a library model (`PSI` is `ExecPSI`), or any pred of
/// the application's file.
pub fn level_pred(app: &AppModel, level: &str) -> Result<String, Errors> {
    if let Some(l) = model::LEVELS.iter().find(|l| l.eq_ignore_ascii_case(level)) {
        return Ok(format!("Exec{l}"));
    }
    if let Some((_, pred)) = model::ENGINE_LEVELS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(level))
    {
        return Ok(pred.to_string());
    }
    if let Some(name) = level.strip_prefix("Exec")
        && model::LEVELS.contains(&name)
    {
        return Ok(level.to_string());
    }
    if app.user_levels.iter().any(|l| l == level) {
        return Ok(level.to_string());
    }
    let mut known: Vec<String> = model::LEVELS.iter().map(|s| s.to_string()).collect();
    known.extend(model::ENGINE_LEVELS.iter().map(|(n, _)| n.to_string()));
    known.extend(app.user_levels.iter().cloned());
    let mut d = Diagnostic::global(format!(
        "unknown level `{level}`: the programs library has {}{}",
        known[..model::LEVELS.len() + model::ENGINE_LEVELS.len()].join(", "),
        if app.user_levels.is_empty() {
            String::new()
        } else {
            format!(", and the file defines {}", app.user_levels.join(", "))
        }
    ));
    if let Some(s) = crate::diagnostic::did_you_mean(level, known.iter().map(|s| s.as_str())) {
        d = d.with_help(format!("did you mean `{s}`?"));
    }
    Err(Errors::from(d))
}

/// The question for one level.
#[derive(Clone, Debug)]
pub struct Query {
    /// The pred over (vis, ar).
    pub pred: String,
    /// The level as the user named it.
    pub level: String,
    /// Longest cycle (instances) searched.
    pub bound: usize,
    /// Records per table and values per domain [default: the bound, at least 2].
    pub records: Option<usize>,
    /// Also try to show that no cycle exists at any length.
    pub complete: bool,
    /// Rows as the abstraction sees them, not as each snapshot holds them: statements
    /// may select records deleted (or not yet inserted) in their snapshot, and MIN/MAX
    /// over a dynamic table any candidate. Off by default; see `model_with_commands`.
    pub abstract_rows: bool,
    /// Under SI and SER, ask the chordless-path check only for paths that start with two
    /// anti-dependencies between concurrent instances, as every cycle under SI has
    /// (`dangerousStart` in the library). On by default; off asks for every chordless
    /// path, which proves less and never more.
    pub dangerous_structures: bool,
    /// Give the abstraction the facts a queue's MIN and counter imply (`queueOrder`,
    /// `queueTurns` in the model; see `queue_facts`). On by default; off leaves them
    /// out, which proves less and never more.
    pub queue_facts: bool,
    /// Instances run in client sessions (`so`, chosen by the solver: chains inside ar):
    /// each sees its session's earlier instances, and `so` joins the dependency graph.
    pub sessions: bool,
}

impl Query {
    fn records(&self) -> usize {
        self.records.unwrap_or(self.bound.max(2))
    }

    /// Refuse bounds that mean nothing.
    fn validate(&self) -> Result<(), Errors> {
        if self.records == Some(0) {
            return Err(Errors::from(Diagnostic::global(
                "records per table must be at least 1",
            )));
        }
        if self.bound < 2 {
            return Err(Errors::from(Diagnostic::global(
                "the bound on instances must be at least 2 (a dependency cycle has two instances or more)",
            )));
        }
        Ok(())
    }

    /// A snapshot per statement (`snap` beside vis and ar).
    pub fn statement_snapshots(&self) -> bool {
        statement_snapshots(&self.pred)
    }

    /// Refuse what Read Committed does not model yet: FOREACH loops (each iteration
    /// would take a snapshot of its own) and keys taken from counters (whose facts
    /// assume one snapshot per instance). Both would drop executions, and with them
    /// violations, so they are refused rather than approximated.
    fn supported(&self, app: &AppModel) -> Result<(), Errors> {
        if !self.statement_snapshots() {
            return Ok(());
        }
        match read_committed_refusal(app) {
            None => Ok(()),
            Some((span, what)) => Err(Errors::from(
                Diagnostic::error(
                    span,
                    format!(
                        "checking {}: levels with a snapshot per statement (RC, postgres-rc, mysql-rr) are not supported yet for {what}",
                        self.level
                    ),
                )
                .with_label("here")
                .with_help(
                    "under RC every statement (and every FOREACH iteration) reads a snapshot of its own, and under mysql-rr \
                     every UPDATE, DELETE and INSERT reads the newest versions; the model gives a snapshot to each statement \
                     outside loops and does not yet track counters' versions per statement",
                ),
            )),
        }
    }

    /// Whether the chordless-path check asks for a dangerous start: the switch is on and
    /// the level is one of the library's that imply SI. A user's own level may be weaker,
    /// so it never gets the argument.
    pub fn dangerous_start(&self) -> bool {
        self.dangerous_structures
            && matches!(self.pred.as_str(), "ExecSI" | "ExecSER" | "ExecPostgresRR")
    }

    /// A level named after an engine (`postgres-rr`): the engine enforces keys, so an
    /// INSERT of a record that exists fails (`keysEnforced`, stated in the bounded
    /// search with exact rows only: it is not closed under sub-executions, which the
    /// abstraction and the completeness checks need; leaving it out there proves less).
    pub fn engine(&self) -> bool {
        model::ENGINE_LEVELS
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case(&self.level))
    }

    /// What the generated model's queue preds (`queueOrder`, `queueTurns`) add to the
    /// abstraction under this level: each holds in every execution of the programs
    /// under the library's levels that have write-conflict visibility (and, for
    /// `queueTurns`, prefix snapshots); a user's own level gets neither.
    fn queue_facts(&self) -> &'static str {
        if !self.queue_facts {
            return "";
        }
        match self.pred.as_str() {
            "ExecSI" | "ExecSER" | "ExecPostgresRR" => " and queueOrder[vis] and queueTurns[vis]",
            "ExecPSI" => " and queueOrder[vis]",
            _ => "",
        }
    }
}

/// What the command line (or the REPL) sets for every question, as [`Query`] names it.
#[derive(Clone, Debug)]
pub struct Settings {
    pub cycle: usize,
    pub records: Option<usize>,
    pub complete: bool,
    pub abstract_rows: bool,
    pub dangerous_structures: bool,
    pub queue_facts: bool,
    pub sessions: bool,
    /// The most primary variables a command may have (`--max-vars`): larger queries
    /// are refused before anything is built.
    pub max_vars: u64,
}

/// The most ground instances of the dependency formulas a command may have. Each
/// becomes a few circuit gates of tens of bytes, so this refuses bounds whose
/// translation alone would need tens of gigabytes (`--cycle 150` with 300 records per
/// table); what passes may still take long, which `--timeout` bounds.
pub const MAX_GROUND: u128 = 1_000_000_000;

/// The size of a query's largest command, estimated from the program file before
/// anything is built: its primary variables (tuples a relation may or may not hold, as
/// `--max-vars` counts them) and the ground instances of the dependency formulas (each
/// read's source among the writers its reader sees: instances³ × records × columns),
/// which translation time and memory grow with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub variables: u128,
    pub ground: u128,
}

impl Query {
    /// See [`Size`].
    pub fn size(&self, app: &AppModel) -> Size {
        // The chordless-path check has one instance more than the bound.
        let k = self.bound as u128 + 1;
        let n = self.records() as u128;
        let rec = records_in_scope(app, self.records()) as u128;
        let fields = 1 + app
            .tables
            .iter()
            .map(|t| t.columns.iter().filter(|c| c.mutable).count() as u128)
            .sum::<u128>();
        let pow = |d: usize| n.saturating_pow(d as u32);
        // vis, ar and the completeness checks' wr, ww, rw, path.
        let mut variables = 6 * k * k + rec;
        for s in &app.stmts {
            // ran, sel, cand, and the per-iteration selections.
            variables += k * (1 + 2 * n + pow(s.depth + 1) * s.depth.min(1) as u128);
        }
        for f in &app.flags {
            variables += k * pow(f.depth);
        }
        for p in &app.programs {
            variables += k * n * p.params.len() as u128;
        }
        for t in &app.tables {
            variables += t.scope(self.records()) as u128
                * n
                * t.columns.iter().filter(|c| !c.mutable).count() as u128;
        }
        variables += k * rec + (app.domains.len() as u128 + 1) * n * n;
        // Read Committed's snapshot per statement and the sessions' order (`own` is
        // bounded to the few locations a program may read after writing them).
        if self.statement_snapshots() {
            variables += k * k * app.stmts.len() as u128;
        }
        if self.sessions {
            variables += k * k;
        }
        Size {
            variables,
            ground: k
                .saturating_pow(3)
                .saturating_mul(rec)
                .saturating_mul(fields),
        }
    }

    /// Refuse a query too large to search, saying how large it is.
    pub fn check_size(&self, app: &AppModel, max_vars: u64) -> Result<(), Errors> {
        let size = self.size(app);
        let what = if size.variables > max_vars as u128 {
            format!(
                "about {} primary variables (the limit, --max-vars, is {max_vars})",
                size.variables
            )
        } else if size.ground > MAX_GROUND {
            format!(
                "about {:.1e} ground instances of the dependency formulas to translate (the limit is {MAX_GROUND:.0e})",
                size.ground as f64
            )
        } else {
            return Ok(());
        };
        Err(Errors::from(
            Diagnostic::global(format!(
                "checking {}: executions of {} instances with {} records per table are too large to search: {what}",
                self.level,
                self.bound,
                self.records()
            ))
            .with_help(
                "lower --cycle (instances per execution; `cycle` in the REPL) or --records (`records`); the cost grows with the cube of --cycle",
            ),
        ))
    }
}

/// The questions a command asks: one per level in `levels` (each with the settings'
/// `cycle`, `records` and `complete`), or, when `levels` is empty, one per `expect` line
/// of the file, with the line's own bound and completeness when it claims no violation
/// at every length. An unknown level in an `expect` line is pointed at in the file.
pub fn queries(
    app: &AppModel,
    levels: &[String],
    settings: &Settings,
) -> Result<Vec<(Query, Option<syntax::Expect>)>, Errors> {
    let Settings {
        cycle,
        records,
        complete,
        abstract_rows,
        dangerous_structures,
        queue_facts,
        sessions,
        max_vars,
    } = settings.clone();
    let checked = |qs: Vec<(Query, Option<syntax::Expect>)>| {
        for (q, _) in &qs {
            q.validate()?;
            q.supported(app)?;
            q.check_size(app, max_vars)?;
        }
        Ok(qs)
    };
    if levels.is_empty() {
        if app.expects.is_empty() {
            return Err(Errors::from(
                Diagnostic::global("the program file has no `expect` lines")
                    .with_help("name the levels to check (RA, RC, CC, PC, PSI, SI, SER)"),
            ));
        }
        return app
            .expects
            .iter()
            .map(|e| {
                let pred = level_pred(app, &e.level.text).map_err(|errs| {
                    Errors(
                        errs.0
                            .into_iter()
                            .map(|d| Diagnostic {
                                span: Some(e.level.span),
                                ..d
                            })
                            .collect(),
                    )
                })?;
                let query = Query {
                    pred,
                    level: e.level.text.clone(),
                    bound: e.bound.unwrap_or(cycle),
                    records,
                    complete: !e.violation && e.bound.is_none(),
                    abstract_rows,
                    dangerous_structures,
                    queue_facts,
                    sessions,
                };
                Ok((query, Some(e.clone())))
            })
            .collect::<Result<Vec<_>, Errors>>()
            .and_then(checked);
    }
    let all;
    let levels = if let [one] = levels
        && one.eq_ignore_ascii_case("all")
    {
        all = all_levels(app);
        &all
    } else {
        levels
    };
    let every = levels.len() > 1 && levels.iter().any(|l| l.eq_ignore_ascii_case("all"));
    if every {
        return Err(Errors::from(Diagnostic::global(
            "`all` stands for every level: name it alone",
        )));
    }
    levels
        .iter()
        .map(|level| {
            let query = Query {
                pred: level_pred(app, level)?,
                level: level.clone(),
                bound: cycle,
                records,
                complete,
                abstract_rows,
                dangerous_structures,
                queue_facts,
                sessions,
            };
            Ok((query, None))
        })
        .collect::<Result<Vec<_>, Errors>>()
        .and_then(checked)
}

/// What of the file the levels with a snapshot per statement (Read Committed, MySQL's
/// Repeatable Read) do not model yet, and where: a statement inside FOREACH, or a key
/// taken from a counter.
fn read_committed_refusal(app: &AppModel) -> Option<(Span, &'static str)> {
    if let Some(s) = app.stmts.iter().find(|s| s.depth > 0) {
        return Some((s.span, "a statement inside FOREACH"));
    }
    app.counter_inserts.first().and_then(|ci| {
        app.stmts
            .iter()
            .find(|s| s.atom == ci.insert)
            .map(|s| (s.span, "a key taken from a counter"))
    })
}

/// The levels `--level all` checks: the library's, the engines', then the file's own,
/// leaving out those that do not support the file (a snapshot per statement and
/// FOREACH).
pub fn all_levels(app: &AppModel) -> Vec<String> {
    model::LEVELS
        .iter()
        .map(|l| l.to_string())
        .chain(model::ENGINE_LEVELS.iter().map(|(n, _)| n.to_string()))
        .chain(app.user_levels.iter().cloned())
        .filter(|level| {
            level_pred(app, level).is_ok_and(|pred| {
                !statement_snapshots(&pred) || read_committed_refusal(app).is_none()
            })
        })
        .collect()
}

/// How bounded absence extends (or not) to every length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completeness {
    /// Not asked.
    NotAsked,
    /// The inductive check holds: no cycle at all.
    Inductive,
    /// No chordless path through K + 1 instances: no cycle at all.
    Chordless,
    /// Neither check succeeds (the over-approximation admits a chordless path).
    Unknown,
    /// The inductive check fails, and with rows abstracted a cycle of length ≤ K exists,
    /// so the chordless-path argument cannot start.
    AbstractCycle,
    /// A check ran out of time.
    Timeout,
    /// The question has no completeness check (Read Committed: its snapshots are per
    /// statement, the checks' abstraction per instance; sessions: the abstraction has
    /// none).
    NotForLevel,
}

#[derive(Clone, Debug)]
pub enum Outcome {
    Violation(explain::Violation),
    NoCycle(Completeness),
    Timeout,
}

#[derive(Clone, Debug)]
pub struct Report {
    pub query: Query,
    pub outcome: Outcome,
    /// (step, time) for the bounded search and each completeness check run.
    pub times: Vec<(&'static str, Duration)>,
    /// The caller's stop flag (SIGINT, SIGTERM) was raised: a `Timeout` outcome was an
    /// interruption, not the time limit.
    pub interrupted: bool,
}

impl Completeness {
    /// No cycle exists at any length.
    pub fn shown(&self) -> bool {
        matches!(self, Completeness::Inductive | Completeness::Chordless)
    }
}

/// What a check answered, as the exit code says it: 0, 1 or 3 ([`exit_code`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// No violation (up to the bound, and at every length when that was asked), or the
    /// expectation met.
    Holds,
    /// A violation, or the expectation contradicted.
    Refuted,
    /// Neither: the time limit, or no violation up to the bound where every length was
    /// asked (by `--complete` or an `expect … no violation` without a bound) or a
    /// violation was expected.
    Unknown,
}

/// The exit code of several answers: 1 when one is refuted, else 3 when one is
/// unknown, else 0.
pub fn exit_code(answers: &[Answer]) -> u8 {
    if answers.contains(&Answer::Refuted) {
        1
    } else if answers.contains(&Answer::Unknown) {
        3
    } else {
        0
    }
}

impl Report {
    /// Whether the outcome meets an expectation: `Some(true)` when it does (a violation;
    /// none up to the bound; none at any length), `Some(false)` when it contradicts it
    /// (a violation found, or none at any length where one was expected), `None` when
    /// it does neither (no violation up to the bound, but every length not shown, or
    /// the time limit).
    pub fn meets(&self, expect: &syntax::Expect) -> Option<bool> {
        match (&self.outcome, expect.violation) {
            (Outcome::Timeout, _) => None,
            (Outcome::Violation(_), v) => Some(v),
            (Outcome::NoCycle(c), true) => c.shown().then_some(false),
            (Outcome::NoCycle(_), false) if expect.bound.is_some() => Some(true),
            (Outcome::NoCycle(c), false) => c.shown().then_some(true),
        }
    }

    /// The answer for the exit code, against the expectation when there is one.
    pub fn answer(&self, expect: Option<&syntax::Expect>) -> Answer {
        if let Some(e) = expect {
            return match self.meets(e) {
                Some(true) => Answer::Holds,
                Some(false) => Answer::Refuted,
                None => Answer::Unknown,
            };
        }
        match &self.outcome {
            Outcome::Violation(_) => Answer::Refuted,
            Outcome::Timeout => Answer::Unknown,
            Outcome::NoCycle(c) if self.query.complete && !c.shown() => Answer::Unknown,
            Outcome::NoCycle(_) => Answer::Holds,
        }
    }
}

/// The model text with the query's commands: `cycle2` … `cycleK` (the bounded search,
/// one per length so that the violation reported is a shortest one), then the
/// inductive check, then the chordless-path check, then (with exact rows)
/// `abstractCycle2` … `abstractCycleK`.
///
/// Exact rows (`seen`) make what a statement selects depend on which instances it sees,
/// so dropping instances from an execution can change the rest's behaviour: the bounded
/// search then covers executions of up to K instances (from any initial database), not
/// every cycle of length ≤ K inside larger executions. The completeness checks stay on
/// the abstraction, which is closed under sub-executions; the chordless-path argument
/// needs the abstract bounded search too, hence `abstractCycle…`.
/// Records in a search with `n` values per sort: the tables' scopes together (at least
/// `n`, for a file whose tables are all unused).
fn records_in_scope(app: &AppModel, n: usize) -> usize {
    app.tables.iter().map(|t| t.scope(n)).sum::<usize>().max(n)
}

pub fn model_with_commands(app: &AppModel, q: &Query) -> String {
    use std::fmt::Write;
    let n = q.records();
    let rec = records_in_scope(app, n);
    let fields = 1 + app
        .tables
        .iter()
        .map(|t| t.columns.iter().filter(|c| c.mutable).count())
        .sum::<usize>();
    let tables: String = app
        .tables
        .iter()
        .map(|t| format!(", {} {}", t.scope(n), t.name))
        .collect();
    let scope = |inst: String| {
        format!(
            "for {n} but {inst} Inst, exactly {} Stmt, exactly {fields} Field, {rec} Rec{tables}",
            app.stmts.len()
        )
    };
    let (p, k, level) = (&q.pred, q.bound, &q.level);
    let mut out = app.text.clone();
    let _ = writeln!(
        out,
        "\n-- {level}: a dependency cycle through exactly k instances"
    );
    let cycles = |out: &mut String, name: &str, seen: &str| {
        for i in 2..=k {
            let _ = writeln!(
                out,
                "run {name}{i} {{ some vis, ar: Inst -> Inst | execution[vis, ar] and {p}[vis, ar]{seen} and cycle[vis, ar] }} {}",
                scope(format!("exactly {i}"))
            );
        }
    };
    if q.statement_snapshots() {
        // A snapshot per statement; no completeness checks (their abstraction has one
        // snapshot per instance), so the bounded search is all.
        let seen = match (q.abstract_rows, q.engine()) {
            (true, _) => "",
            (false, false) => " and seenAt[snap, ar, stmtOrder, LATEST]",
            (false, true) => {
                " and seenAt[snap, ar, stmtOrder, LATEST] and keysEnforced[ar, stmtOrder]"
            }
        };
        // The engines' UPDATE and DELETE read the rows they change at their newest
        // version, and so do later statements (`rdLatest`, `aliveAt`); the generic
        // level has no such statements.
        let (exec, latest) = match q.pred.as_str() {
            "ExecPostgresRC" | "ExecMySQLRR" => {
                let latest = "(writes.Field - Inserts)";
                (
                    format!("{}[vis, ar, snap, stmtOrder, {latest}]", q.pred),
                    latest,
                )
            }
            _ => ("ExecRC[vis, ar, snap, stmtOrder]".to_string(), "none"),
        };
        let seen = seen.replace("LATEST", latest);
        let (so, sessions, cycle) = if q.sessions {
            (
                ", so",
                " and sessionOrder[ar, so] and sessionSnapshots[snap, so]",
                format!("cycleAtSo[snap, ar, stmtOrder, so, {latest}]"),
            )
        } else {
            ("", "", format!("cycleAt[snap, ar, stmtOrder, {latest}]"))
        };
        for i in 2..=k {
            let _ = writeln!(
                out,
                "run cycle{i} {{ some vis, ar{so}: Inst -> Inst, snap: Inst -> Stmt -> Inst | execution[vis, ar]{sessions} and {exec}{seen} and {cycle} }} {}",
                scope(format!("exactly {i}"))
            );
        }
        return out;
    }
    if q.sessions {
        // Sessions: `so` beside vis and ar; no completeness checks (their abstraction
        // has no sessions), so the bounded search is all.
        let seen = match (q.abstract_rows, q.engine()) {
            (true, _) => "",
            (false, false) => " and seen[vis, ar]",
            (false, true) => " and seen[vis, ar] and keysEnforced[ar, stmtOrder]",
        };
        for i in 2..=k {
            let _ = writeln!(
                out,
                "run cycle{i} {{ some vis, ar, so: Inst -> Inst | execution[vis, ar] and sessionOrder[ar, so] and so in vis and {p}[vis, ar]{seen} and cycleSo[vis, ar, so] }} {}",
                scope(format!("exactly {i}"))
            );
        }
        return out;
    }
    let queues = q.queue_facts();
    let seen = match (q.abstract_rows, q.engine()) {
        (true, _) => queues,
        (false, false) => " and seen[vis, ar]",
        (false, true) => " and seen[vis, ar] and keysEnforced[ar, stmtOrder]",
    };
    cycles(&mut out, "cycle", seen);
    let _ = writeln!(
        out,
        "-- the inductive check fails: some dependency path from an instance leaves ar"
    );
    let _ = writeln!(
        out,
        "run notInductive {{ some vis, ar, wr, ww, rw: Inst -> Inst | execution[vis, ar] and {p}[vis, ar]{queues} and possibleDeps[vis, ar, wr, ww, rw] and not inductive[ar, wr, ww, rw, Inst] }} {}",
        scope("3".into())
    );
    let (start_note, start) = if q.dangerous_start() {
        (
            ", starting with two anti-dependencies between concurrent instances (under SI every cycle has them)",
            " and dangerousStart[vis, rw, path]",
        )
    } else {
        ("", "")
    };
    let _ = writeln!(
        out,
        "-- a chordless dependency path through {} instances{start_note}",
        k + 1
    );
    let _ = writeln!(
        out,
        "run chordless {{ some vis, ar, wr, ww, rw, path: Inst -> Inst | execution[vis, ar] and {p}[vis, ar]{queues} and possibleDeps[vis, ar, wr, ww, rw] and chordlessPath[wr, ww, rw, path]{start} }} {}",
        scope(format!("exactly {}", k + 1))
    );
    if !q.abstract_rows {
        let _ = writeln!(
            out,
            "-- {level} over the abstraction (rows need not be in the snapshot), for the chordless-path argument"
        );
        cycles(&mut out, "abstractCycle", queues);
    }
    out
}

/// The generated model's name in its source map.
const GENERATED: &str = "programs.als";

fn load_model(app: &AppModel, q: &Query) -> Result<Arc<Checked>, Errors> {
    let text = model_with_commands(app, q);
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: GENERATED.into(),
            text,
            dir: None,
        },
    )
    .map_err(|e| {
        // Errors in a user level's body point at the program file; any other is
        // solder's own bug, shown with the generated model.
        let in_body = |s: Option<Span>| {
            let s = s?;
            if sources.get(s.file).name != GENERATED {
                return None;
            }
            app.level_bodies.iter().find_map(|(range, body)| {
                let (start, end) = (s.start as usize, s.end as usize);
                (range.start <= start && end <= range.end).then(|| {
                    Span::new(
                        body.file,
                        body.start as usize + start - range.start,
                        body.start as usize + end - range.start,
                    )
                })
            })
        };
        let mapped: Option<Vec<Diagnostic>> =
            e.0.iter()
                .map(|d| {
                    let span = in_body(d.span)?;
                    let notes = d
                        .notes
                        .iter()
                        .filter_map(|n| {
                            Some(Note {
                                span: in_body(Some(n.span))?,
                                message: n.message.clone(),
                            })
                        })
                        .collect();
                    Some(Diagnostic {
                        span: Some(span),
                        notes,
                        ..d.clone()
                    })
                })
                .collect();
        match mapped {
            Some(diagnostics) => Errors(diagnostics),
            None => Errors::from(Diagnostic::global(format!(
                "internal error: the generated model does not load:\n{}",
                sources.render(&e.0, false)
            ))),
        }
    })?;
    Ok(Arc::new(checked))
}

/// How long a check may go on after its stop flag was raised before it is abandoned.
const GRACE: Duration = Duration::from_millis(500);

/// Run a command with an optional deadline; `None` when it ran out of time (or the
/// caller's stop flag was raised). The deadline raises the solver's stop flag, which
/// the SAT solvers and CEGIS check as they go (the steps that do not are covered by
/// [`check_level`]'s own watch).
fn solve(
    checked: &Checked,
    q: &Query,
    index: usize,
    opts: &RunOptions,
    deadline: Option<Instant>,
) -> Result<Option<CommandRun>, Errors> {
    let Some(deadline) = deadline else {
        let run = CommandRun::start(checked, index, opts).map_err(|e| in_query_terms(e, q))?;
        return Ok(run.found().map(|_| run));
    };
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Ok(None);
    }
    let mut opts = opts.clone();
    let outer = opts.solve.stop.clone();
    let stop = Arc::new(AtomicBool::new(false));
    opts.solve.stop = Some(stop.clone());
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let timer = std::thread::spawn(move || {
        let step = Duration::from_millis(20);
        let until = Instant::now() + left;
        loop {
            match finished.recv_timeout(step) {
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                _ => return,
            }
            if Instant::now() >= until || outer.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
            {
                stop.store(true, Ordering::Relaxed);
                return;
            }
        }
    });
    let run = CommandRun::start(checked, index, &opts);
    drop(done);
    let _ = timer.join();
    let run = run.map_err(|e| in_query_terms(e, q))?;
    Ok(run.found().map(|_| run))
}

/// An error of solving the generated model, said in the terms of the query that made it.
/// Its spans point into the generated model, which the user did not write (and whose
/// source map is gone), so it becomes an error about the query: the arguments chose the
/// model's size, and a size too large is fixed by lowering them.
fn in_query_terms(e: Errors, q: &Query) -> Errors {
    Errors(
        e.0.into_iter()
            .map(|d| {
                let help = if d.message.contains("too large") {
                    Some(format!(
                        "lower the cycle bound (now {}; `--cycle`, `cycle` in the REPL) or the \
                         records per table (now {}; `--records`, `records`)",
                        q.bound,
                        q.records()
                    ))
                } else {
                    d.help
                };
                Diagnostic {
                    message: format!("checking {}: {}", q.level, d.message),
                    span: None,
                    label: None,
                    notes: Vec::new(),
                    help,
                    ..d
                }
            })
            .collect(),
    )
}

/// Answer one query, within `timeout` (or until the caller's stop flag in `opts` is
/// raised) in every step. The solvers stop at the deadline by themselves; loading the
/// model and translating it do not look at the clock, so with a deadline or a stop flag
/// the check runs on a thread of its own, and when it has not answered [`GRACE`] after
/// the deadline it is abandoned (it ends by itself, or with the process) and the
/// answer is `Timeout`.
pub fn check_level(
    app: &AppModel,
    q: &Query,
    opts: &RunOptions,
    timeout: Option<Duration>,
) -> Result<Report, Errors> {
    q.validate()?;
    q.supported(app)?;
    q.check_size(app, opts.max_vars)?;
    let outer = opts.solve.stop.clone();
    if timeout.is_none() && outer.is_none() {
        return check_level_now(app, q, opts, None);
    }
    let interrupted = |mut report: Report| {
        report.interrupted = outer.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
        report
    };
    let deadline = timeout.map(|t| Instant::now() + t);
    let (send, answer) = std::sync::mpsc::channel();
    let (app2, q2, opts2) = (app.clone(), q.clone(), opts.clone());
    std::thread::spawn(move || {
        let _ = send.send(check_level_now(&app2, &q2, &opts2, deadline));
    });
    let mut late_since: Option<Instant> = None;
    loop {
        match answer.recv_timeout(Duration::from_millis(10)) {
            Ok(report) => return report.map(interrupted),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(Errors::from(Diagnostic::global(format!(
                    "internal error: checking {} stopped without an answer",
                    q.level
                ))));
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
        }
        let late = deadline.is_some_and(|d| Instant::now() >= d)
            || outer.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
        match late_since {
            None if late => late_since = Some(Instant::now()),
            Some(since) if since.elapsed() >= GRACE => {
                return Ok(interrupted(Report {
                    query: q.clone(),
                    outcome: Outcome::Timeout,
                    times: Vec::new(),
                    interrupted: false,
                }));
            }
            _ => {}
        }
    }
}

/// [`check_level`] on the calling thread, the solvers stopping at `deadline`.
fn check_level_now(
    app: &AppModel,
    q: &Query,
    opts: &RunOptions,
    deadline: Option<Instant>,
) -> Result<Report, Errors> {
    let checked = load_model(app, q)?;
    let mut times = Vec::new();
    // The inductive check (three instances) excludes cycles of every length, so when it
    // holds the bounded search has nothing left to find.
    let mut inductive_failed = false;
    if q.complete && !q.statement_snapshots() && !q.sessions {
        let started = Instant::now();
        let Some(run) = solve(&checked, q, q.bound - 1, opts, deadline)? else {
            return Ok(Report {
                query: q.clone(),
                outcome: Outcome::Timeout,
                times,
                interrupted: false,
            });
        };
        times.push(("inductive check", started.elapsed()));
        if run.instance().is_none() {
            return Ok(Report {
                query: q.clone(),
                outcome: Outcome::NoCycle(Completeness::Inductive),
                times,
                interrupted: false,
            });
        }
        inductive_failed = true;
    }
    // Shortest first: a cycle through i instances is found with exactly i of them.
    let started = Instant::now();
    for (index, _) in (2..=q.bound).enumerate() {
        let Some(run) = solve(&checked, q, index, opts, deadline)? else {
            return Ok(Report {
                query: q.clone(),
                outcome: Outcome::Timeout,
                times,
                interrupted: false,
            });
        };
        if run.instance().is_some() {
            times.push(("bounded search", started.elapsed()));
            let v = explain::read(app, &run, &q.pred, !q.abstract_rows, q.sessions)?;
            return Ok(Report {
                query: q.clone(),
                outcome: Outcome::Violation(v),
                times,
                interrupted: false,
            });
        }
    }
    times.push(("bounded search", started.elapsed()));
    let mut completeness = Completeness::NotAsked;
    if q.complete && (q.statement_snapshots() || q.sessions) {
        completeness = Completeness::NotForLevel;
    }
    if inductive_failed && !q.abstract_rows {
        // The chordless-path argument extends "no cycle of length ≤ K" to every length;
        // exact rows did not show that, so the abstraction must.
        let started = Instant::now();
        for index in q.bound + 1..2 * q.bound {
            let Some(run) = solve(&checked, q, index, opts, deadline)? else {
                times.push(("abstract bounded search", started.elapsed()));
                return Ok(Report {
                    query: q.clone(),
                    outcome: Outcome::NoCycle(Completeness::Timeout),
                    times,
                    interrupted: false,
                });
            };
            if run.instance().is_some() {
                times.push(("abstract bounded search", started.elapsed()));
                return Ok(Report {
                    query: q.clone(),
                    outcome: Outcome::NoCycle(Completeness::AbstractCycle),
                    times,
                    interrupted: false,
                });
            }
        }
        times.push(("abstract bounded search", started.elapsed()));
    }
    if inductive_failed {
        let started = Instant::now();
        completeness = match solve(&checked, q, q.bound, opts, deadline)? {
            None => Completeness::Timeout,
            Some(run) => {
                times.push(("chordless paths", started.elapsed()));
                if run.instance().is_none() {
                    Completeness::Chordless
                } else {
                    Completeness::Unknown
                }
            }
        };
    }
    Ok(Report {
        query: q.clone(),
        outcome: Outcome::NoCycle(completeness),
        times,
        interrupted: false,
    })
}

/// Answer several queries on `threads` worker threads. `each` receives the answers in
/// the queries' order, each as soon as it and every one before it are in, and says
/// whether to go on: once it says no, no further query is started (those running
/// finish) and nothing more is passed to it.
pub fn check_levels(
    app: &AppModel,
    queries: &[Query],
    opts: &RunOptions,
    timeout: Option<Duration>,
    threads: usize,
    mut each: impl FnMut(usize, Result<Report, Errors>) -> bool,
) {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let quit = AtomicBool::new(false);
    let (send, receive) = std::sync::mpsc::channel::<(usize, Result<Report, Errors>)>();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, queries.len().max(1)) {
            let send = send.clone();
            let (next, quit) = (&next, &quit);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= queries.len() || quit.load(Ordering::Relaxed) {
                        return;
                    }
                    if send
                        .send((i, check_level(app, &queries[i], opts, timeout)))
                        .is_err()
                    {
                        return;
                    }
                }
            });
        }
        drop(send);
        // Answers arrive in any order; they are passed on in the queries' order.
        let mut waiting = std::collections::BTreeMap::new();
        let mut due = 0;
        for (i, answer) in receive {
            waiting.insert(i, answer);
            while let Some(answer) = waiting.remove(&due) {
                due += 1;
                if !quit.load(Ordering::Relaxed) && !each(due - 1, answer) {
                    quit.store(true, Ordering::Relaxed);
                }
            }
        }
    });
}
