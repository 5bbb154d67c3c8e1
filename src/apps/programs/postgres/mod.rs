//! A violation replayed on a real PostgreSQL — the proof that the execution is one the
//! engine runs. The witness's schedule (`view::events`) is sent statement by
//! statement, one `psql` session per instance, at the PostgreSQL level that implements
//! the solder level (RC → READ COMMITTED, SI → REPEATABLE READ). Before each statement
//! its session asks which transaction wrote each version the statement is about to
//! read (`sql`'s bookkeeping columns), and an UPDATE returns the versions it
//! overwrote. The anomaly is reproduced when every transaction commits, every
//! statement read the version the witness says, and the history observed — built from
//! what the server returned, not from the witness — is not serializable by the judge
//! the caller gives (the command line's is `classify`, an app beside this one).
//! The same schedule is then run at SERIALIZABLE, where PostgreSQL must abort one or
//! (for Read Committed's anomalies, which one snapshot per transaction avoids) produce
//! a serializable history.
//!
//! A statement waiting for a row lock is detected on a separate monitoring session
//! (`pg_stat_activity`), never by a timeout, so a slow machine replays the same way.

pub mod psql;
mod report;
mod sql;

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use super::explain::{Loc, Versions, Violation};
use super::model::AppModel;
use super::view::{events, loc_name};

pub use psql::Server;
pub use report::{replay_json, replay_text};
pub use sql::Isolation;
use sql::{Changes, Script, What};

/// How long a request may take before the replay gives up (a statement that waits for
/// a lock is not counted: it is seen waiting and the schedule goes on).
const ANSWER_LIMIT: Duration = Duration::from_secs(60);

/// What the server did with one run of the schedule.
#[derive(Clone, Debug)]
pub struct Run {
    pub isolation: Isolation,
    /// Per instance: committed.
    pub committed: Vec<bool>,
    /// (instance, the server's message) for every error.
    pub errors: Vec<(usize, String)>,
    /// Where what a statement read or changed differs from the witness.
    pub differences: Vec<String>,
    /// The history observed, in `classify`'s notation (values: the writing instance's
    /// number, 0 the initial version); empty when not observed.
    pub history: Vec<String>,
    /// `classify`'s SER verdict on `history`: Some(false) not serializable.
    pub serializable: Option<bool>,
}

/// The replay at the level's isolation, then at SERIALIZABLE.
#[derive(Clone, Debug)]
pub struct Replay {
    pub version: String,
    pub at_level: Run,
    pub at_serializable: Run,
}

impl Replay {
    /// The anomaly happened on the server: all committed, every read as the witness
    /// says, and the observed history not serializable.
    pub fn reproduced(&self) -> bool {
        let r = &self.at_level;
        r.committed.iter().all(|&c| c)
            && r.differences.is_empty()
            && r.errors.is_empty()
            && r.serializable == Some(false)
    }

    /// SERIALIZABLE prevented it: some transaction aborted, or all committed and what
    /// they read is serializable (one snapshot per transaction prevents Read
    /// Committed's anomalies without an abort).
    pub fn prevented_by_serializable(&self) -> bool {
        let r = &self.at_serializable;
        r.committed.iter().any(|&c| !c) || r.serializable == Some(true)
    }
}

/// The SQL a person can run by hand: set-up, then the schedule, each request tagged
/// with its session.
pub fn emit_sql(app: &AppModel, v: &Violation, isolation: Isolation) -> Result<String, String> {
    let script = sql::script(app, v, &events(v)?, isolation, false)?;
    let mut out = String::from(
        "-- Set-up: the schema and the witness's initial rows (columns ending in __w and __p\n-- record which transaction wrote each version).\n",
    );
    for s in &script.setup {
        out.push_str(s);
        out.push('\n');
    }
    out.push_str("\n-- The schedule: run each line in the session it names, in this order.\n");
    for r in &script.requests {
        out.push_str(&format!("-- {}\n{}\n", v.instances[r.instance].name, r.sql));
    }
    Ok(out)
}

/// Whether a history in `classify`'s notation is serializable (`None`: undecided).
pub type Judge<'a> = &'a dyn Fn(&[String]) -> Option<bool>;

/// Replay `v` (found under `pred`) on the server; `judge` decides whether the observed
/// histories are serializable.
pub fn replay(
    app: &AppModel,
    v: &Violation,
    pred: &str,
    server: &Server,
    judge: Judge,
) -> Result<Replay, String> {
    let isolation = Isolation::for_pred(pred).ok_or_else(|| {
        let level = if pred == "ExecMySQLRR" {
            "mysql-rr"
        } else {
            pred.trim_start_matches("Exec")
        };
        format!(
            "{}: the replay runs RC and postgres-rc (READ COMMITTED), SI and postgres-rr (REPEATABLE READ) violations",
            Isolation::missing(pred, level)
        )
    })?;
    let order = events(v)?;
    let at_level = run_once(
        app,
        v,
        &sql::script(app, v, &order, isolation, true)?,
        server,
        isolation,
        judge,
    )?;
    let at_serializable = run_once(
        app,
        v,
        &sql::script(app, v, &order, Isolation::Serializable, true)?,
        server,
        Isolation::Serializable,
        judge,
    )?;
    Ok(Replay {
        version: server_version(server).unwrap_or_default(),
        at_level,
        at_serializable,
    })
}

fn server_version(server: &Server) -> Result<String, String> {
    let mut s = psql::Session::start(server)?;
    let m = s.send("SELECT '@v', current_setting('server_version');")?;
    let out = s.wait(m, ANSWER_LIMIT)?.unwrap_or_default();
    s.finish();
    Ok(out
        .iter()
        .find_map(|l| l.strip_prefix("@v|"))
        .unwrap_or("")
        .to_string())
}

/// Run the requests in a fresh schema; what came back.
fn run_once(
    app: &AppModel,
    v: &Violation,
    script: &Script,
    server: &Server,
    isolation: Isolation,
    judge: Judge,
) -> Result<Run, String> {
    let schema = fresh_schema();
    let mut admin = psql::Session::start(server)?;
    let setup = format!(
        "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}; SET search_path TO {schema};\n{}",
        script.setup.join("\n")
    );
    let m = admin.send(&setup)?;
    let out = admin
        .wait(m, ANSWER_LIMIT)?
        .ok_or("the set-up did not finish within 60 s")?;
    if let Some(e) = out.iter().find(|l| l.contains("ERROR:")) {
        admin.finish();
        return Err(format!("the set-up failed on the server: {e}"));
    }
    let result = drive(v, script, server, &schema, &mut admin)
        .map(|answers| read_run(app, v, script, &answers, isolation, judge));
    let m = admin.send(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE;"));
    if let Ok(m) = m {
        let _ = admin.wait(m, ANSWER_LIMIT);
    }
    admin.finish();
    result
}

/// A schema no other replay uses: this process, a counter, and a random part (several
/// machines may share one server).
fn fresh_schema() -> String {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_usize(COUNT.fetch_add(1, Ordering::Relaxed));
    format!(
        "solder_{}_{}",
        std::process::id(),
        h.finish() % 1_000_000_000
    )
}

/// Send the requests in order; a session waiting for a lock is passed over until the
/// lock is released (its later requests queue behind in `psql`). What the server
/// answered, by request.
fn drive(
    v: &Violation,
    script: &Script,
    server: &Server,
    schema: &str,
    monitor: &mut psql::Session,
) -> Result<BTreeMap<usize, Vec<String>>, String> {
    let n = v.instances.len();
    let mut sessions = Vec::new();
    for _ in 0..n {
        let mut s = psql::Session::start(server)?;
        let m = s.send(&format!(
            "SET search_path TO {schema}; SET lock_timeout = '30s'; SET statement_timeout = '60s';"
        ))?;
        s.wait(m, ANSWER_LIMIT)?
            .ok_or("a session did not start within 60 s")?;
        sessions.push(s);
    }
    // (request index, marker) per session, answered or not.
    let mut sent: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    let mut answers: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (k, r) in script.requests.iter().enumerate() {
        let s = &mut sessions[r.instance];
        let m = s.send(&r.sql)?;
        sent[r.instance].push((k, m));
        settle(&mut sessions, monitor, &mut sent, &mut answers)?;
    }
    let end = Instant::now() + ANSWER_LIMIT;
    while sent.iter().any(|s| !s.is_empty()) {
        collect(&mut sessions, &mut sent, &mut answers)?;
        if Instant::now() > end {
            return Err("PostgreSQL did not finish the schedule within 60 s".into());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    for s in sessions {
        s.finish();
    }
    Ok(answers)
}

/// Take in every answer that has arrived.
fn collect(
    sessions: &mut [psql::Session],
    sent: &mut [Vec<(usize, usize)>],
    answers: &mut BTreeMap<usize, Vec<String>>,
) -> Result<(), String> {
    for (i, s) in sessions.iter_mut().enumerate() {
        s.idle()?;
        let mut left = Vec::new();
        for &(k, m) in &sent[i] {
            match s.wait(m, Duration::ZERO)? {
                Some(out) => {
                    answers.insert(k, out);
                }
                None => left.push((k, m)),
            }
        }
        sent[i] = left;
    }
    Ok(())
}

/// Wait until every session has answered everything sent or waits for a lock.
fn settle(
    sessions: &mut [psql::Session],
    monitor: &mut psql::Session,
    sent: &mut [Vec<(usize, usize)>],
    answers: &mut BTreeMap<usize, Vec<String>>,
) -> Result<(), String> {
    let end = Instant::now() + ANSWER_LIMIT;
    loop {
        collect(sessions, sent, answers)?;
        let mut busy = false;
        for (i, s) in sessions.iter().enumerate() {
            if !sent[i].is_empty() && !psql::waits_for_lock(monitor, s.backend)? {
                busy = true;
            }
        }
        if !busy {
            return Ok(());
        }
        if Instant::now() > end {
            return Err("PostgreSQL did not answer a statement within 60 s".into());
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The error lines of an answer.
fn errors(out: &[String]) -> impl Iterator<Item = &str> {
    out.iter()
        .filter_map(|l| l.find("ERROR:").map(|k| l[k + 6..].trim()))
}

/// The instance a writer tag names (`init`: none).
fn writer(v: &Violation, tag: &str) -> Option<Option<usize>> {
    if tag == "init" {
        return Some(None);
    }
    v.instances.iter().position(|t| t.name == tag).map(Some)
}

fn writer_name(v: &Violation, w: Option<usize>) -> String {
    w.map_or_else(
        || "the initial version".into(),
        |i| v.instances[i].name.clone(),
    )
}

/// Locations with their writers (`None`: the initial version).
type Observed = Vec<(Loc, Option<usize>)>;

/// What the answers say, against the witness.
fn read_run(
    app: &AppModel,
    v: &Violation,
    script: &Script,
    answers: &BTreeMap<usize, Vec<String>>,
    isolation: Isolation,
    judge: Judge,
) -> Run {
    let n = v.instances.len();
    let versions = Versions::new(&v.instances, &v.vis);
    let mut committed = vec![false; n];
    let mut errs = Vec::new();
    let mut differences = Vec::new();
    // Per instance: its operations as observed, in order.
    let mut ops: Vec<Vec<(bool, Loc, usize)>> = vec![Vec::new(); n];
    // (instance, step) -> (location, its writer) as the step's session saw them.
    let mut observed: BTreeMap<(usize, usize), Observed> = BTreeMap::new();
    let mut observing = false;
    for (k, r) in script.requests.iter().enumerate() {
        let out = answers.get(&k).cloned().unwrap_or_default();
        let i = r.instance;
        for e in errors(&out) {
            errs.push((i, e.to_string()));
        }
        let name = &v.instances[i].name;
        match &r.what {
            What::Begin => {}
            What::Commit => committed[i] = out.iter().any(|l| l == "COMMIT"),
            What::Observe { step, locs } => {
                observing = true;
                let mut seen = Vec::new();
                for l in out.iter().filter_map(|l| l.strip_prefix("@r|")) {
                    let mut parts = l.splitn(2, '|');
                    let (Some(idx), Some(tag)) = (parts.next(), parts.next()) else {
                        continue;
                    };
                    let Some(loc) = idx.parse::<usize>().ok().and_then(|x| locs.get(x)) else {
                        continue;
                    };
                    match writer(v, tag) {
                        Some(w) => seen.push((loc.clone(), w)),
                        None if tag.is_empty() => differences.push(format!(
                            "{name} read {}, whose row does not exist on PostgreSQL",
                            loc_name(v, loc)
                        )),
                        None => differences.push(format!(
                            "{name} read {} written by `{tag}`, which is no transaction of the schedule",
                            loc_name(v, loc)
                        )),
                    }
                }
                observed.insert((i, *step), seen);
            }
            What::Selects { step, table } => {
                let s = &v.instances[i].steps[*step];
                let info = &app.stmts[s.stmt];
                let nkeys = app
                    .tables
                    .iter()
                    .find(|t| &t.name == table)
                    .map_or(0, |t| t.columns.iter().filter(|c| c.key).count());
                let selected: BTreeSet<u32> = out
                    .iter()
                    .filter_map(|l| l.strip_prefix("@s|"))
                    .filter_map(|l| {
                        let fields: Vec<&str> = l.split('|').collect();
                        let key = fields[..nkeys.min(fields.len())].join("|");
                        script.keys.get(table).and_then(|m| m.get(&key)).copied()
                    })
                    .collect();
                let expected: BTreeSet<u32> = s.selected.iter().copied().collect();
                if selected != expected && errors(&out).next().is_none() {
                    differences.push(format!(
                        "{name} [{}] selects {} on PostgreSQL, {} in the witness",
                        info.number,
                        shown(v, &selected),
                        shown(v, &expected)
                    ));
                }
            }
            What::Statement { step, changes } => {
                let s = &v.instances[i].steps[*step];
                let info = &app.stmts[s.stmt];
                let tag = format!("{name} [{}]", info.number);
                let mut reads: BTreeMap<Loc, Option<usize>> = observed
                    .remove(&(i, *step))
                    .unwrap_or_default()
                    .into_iter()
                    .collect();
                // What the statement changed, by record, with what it overwrote.
                let mut changed: BTreeSet<u32> = BTreeSet::new();
                let table = match changes {
                    Changes::None => None,
                    Changes::Update { table, .. }
                    | Changes::Insert { table }
                    | Changes::Delete { table } => Some(table),
                };
                for l in out.iter().filter_map(|l| l.strip_prefix("@u|")) {
                    let fields: Vec<&str> = l.split('|').collect();
                    let Some(table) = table else { continue };
                    let nkeys = app
                        .tables
                        .iter()
                        .find(|t| &t.name == table)
                        .map_or(0, |t| t.columns.iter().filter(|c| c.key).count());
                    let key = fields[..nkeys.min(fields.len())].join("|");
                    let Some(&record) = script.keys.get(table).and_then(|m| m.get(&key)) else {
                        differences.push(format!(
                            "{tag} changed the row {table}[{key}], which the witness does not have"
                        ));
                        continue;
                    };
                    changed.insert(record);
                    let prev = &fields[nkeys.min(fields.len())..];
                    let cols: Vec<String> = match changes {
                        Changes::Update { columns, .. } => columns.clone(),
                        Changes::Delete { .. } => vec!["alive".into()],
                        _ => Vec::new(),
                    };
                    for (c, p) in cols.iter().zip(prev) {
                        let Some(loc) = s
                            .reads
                            .iter()
                            .chain(&s.own_reads)
                            .find(|l| l.0 == record && loc_is(app, table, &l.1, c))
                        else {
                            continue;
                        };
                        if let Some(w) = writer(v, p) {
                            reads.insert(loc.clone(), w);
                        }
                    }
                }
                let written: BTreeSet<u32> = s.writes.iter().map(|l| l.0).collect();
                if table.is_some()
                    && changed != written
                    && out.iter().all(|l| !l.contains("ERROR:"))
                {
                    differences.push(format!(
                        "{tag} changed {} on PostgreSQL, {} in the witness",
                        shown(v, &changed),
                        shown(v, &written)
                    ));
                }
                if observing || !matches!(changes, Changes::None) {
                    for l in &s.reads {
                        let expected = versions.source(i, s.stmt, l).map(|(_, (w, _))| w);
                        match reads.get(l) {
                            Some(&got) if got != expected => differences.push(format!(
                                "{tag} read {} from {} on PostgreSQL, from {} in the witness",
                                loc_name(v, l),
                                writer_name(v, got),
                                writer_name(v, expected)
                            )),
                            _ => {}
                        }
                    }
                }
                for l in s.reads.iter().chain(&s.own_reads) {
                    let w = reads.get(l).copied().flatten().map_or(0, |w| w + 1);
                    ops[i].push((false, l.clone(), w));
                }
                for l in s.writes.iter().filter(|l| changed.contains(&l.0)) {
                    ops[i].push((true, l.clone(), i + 1));
                }
            }
        }
    }
    let history = if observing {
        history_lines(v, &ops, &committed)
    } else {
        Vec::new()
    };
    let serializable = if history.is_empty() {
        None
    } else {
        judge(&history)
    };
    Run {
        isolation,
        committed,
        errors: errs,
        differences,
        history,
        serializable,
    }
}

/// Records as the report names them: `{Saving[custid=Cust$1], …}`.
fn shown(v: &Violation, rs: &BTreeSet<u32>) -> String {
    let names: Vec<String> = rs
        .iter()
        .map(|r| v.records.get(r).cloned().unwrap_or_default())
        .collect();
    format!("{{{}}}", names.join(", "))
}

/// Whether location field `field` of `table` is column `col` (`alive`: existence).
fn loc_is(app: &AppModel, table: &str, field: &str, col: &str) -> bool {
    sql::loc_column(app, table, field).as_deref() == Some(col)
}

/// The observed history of the committed instances, as `classify` reads it: reads of a
/// location the instance wrote before are its own and left out, as are repeated reads
/// of one version.
fn history_lines(
    v: &Violation,
    ops: &[Vec<(bool, Loc, usize)>],
    committed: &[bool],
) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, inst) in v.instances.iter().enumerate() {
        if !committed[i] {
            continue;
        }
        let mut written = BTreeSet::new();
        let mut read = BTreeSet::new();
        let mut shown = Vec::new();
        for (w, l, value) in &ops[i] {
            if *w {
                if written.insert(l) {
                    shown.push(format!("w({},{value})", loc_name(v, l)));
                }
            } else if !written.contains(l) && read.insert((l, *value)) {
                shown.push(format!("r({},{value})", loc_name(v, l)));
            }
        }
        lines.push(format!("{}: {}", inst.name, shown.join(" ")));
    }
    lines
}
