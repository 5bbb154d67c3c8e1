//! Violations replayed on a real PostgreSQL (`solder programs --replay`), started per
//! test on a private data directory (`common::postgres`). A reproduced anomaly is
//! checked again here, independently of the tool: the history the server produced
//! (as the replay reports it) must not be serializable by the brute-force referee of
//! `common::isolation_brute`. Without PostgreSQL these tests say so and pass, unless
//! `SOLDER_REQUIRE_POSTGRES=1` (CI).

use std::collections::BTreeMap;

use crate::common::binary::solder;
use crate::common::isolation_brute;
use crate::common::isolation_history::History;
use crate::common::postgres::Postgres;

/// Whether the observed history is not serializable by the referee: a transaction
/// that reads two versions of one object (a non-repeatable read) is not, whatever the
/// rest; otherwise the referee's SER decides.
fn not_serializable(lines: &str) -> bool {
    let twice = lines.lines().any(|l| {
        let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
        l.split_whitespace()
            .filter_map(|op| op.strip_prefix("r(")?.strip_suffix(')')?.rsplit_once(','))
            .any(|(loc, v)| *seen.entry(loc).or_insert(v) != v)
    });
    twice || !isolation_brute::satisfies(&observed(lines), "SER")
}

/// The observed history's lines (`T1: r(loc,0) w(loc,1)`, values the writer's number)
/// as the referee's history: one object per location (a second read of an object is
/// left out: see `not_serializable`).
fn observed(lines: &str) -> History {
    let txns: Vec<(&str, &str)> = lines.lines().filter_map(|l| l.split_once(": ")).collect();
    let mut objects: BTreeMap<String, usize> = BTreeMap::new();
    let mut ops = Vec::new();
    for (t, (_, body)) in txns.iter().enumerate() {
        for op in body.split_whitespace() {
            let (kind, rest) = op.split_at(1);
            let inner = rest.trim_start_matches('(').trim_end_matches(')');
            let (loc, value) = inner.rsplit_once(',').expect("op(loc,value)");
            let n = objects.len();
            let x = *objects.entry(loc.to_string()).or_insert(n);
            ops.push((
                t + 1,
                kind == "w",
                x,
                value.parse::<u32>().expect("a number"),
            ));
        }
    }
    let mut h = History::empty(txns.len() + 1, objects.len().max(1));
    for (t, write, x, v) in ops {
        if write {
            h.writes[t][x] = Some(v);
        } else if h.reads[t][x].is_none() && h.writes[t][x].is_none() {
            h.reads[t][x] = Some(v);
            h.read_order[t].push(x);
        }
    }
    h
}

fn replay_json(pg: &Postgres, file: &str, level: &str) -> (i32, serde_json::Value) {
    let (code, report, _) = try_replay(pg, file, level);
    (code, report.expect("a report"))
}

/// The report of `level` on `file` with its replay; `None` when the level refuses the
/// file (exit 2), with the diagnostic.
fn try_replay(pg: &Postgres, file: &str, level: &str) -> (i32, Option<serde_json::Value>, String) {
    let (code, out, err) = solder(&[
        "programs",
        file,
        "--level",
        level,
        "--replay",
        &pg.conninfo,
        "--psql",
        &pg.psql,
        "--json",
    ]);
    if code == 2 {
        return (code, None, err);
    }
    let v: serde_json::Value =
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    (code, Some(v[0].clone()), err)
}

#[test]
fn smallbank_read_only_anomaly_reproduces_on_postgres() {
    let Some(pg) = Postgres::start() else { return };
    let (code, report) = replay_json(&pg, "examples/programs/smallbank.prog", "SI");
    let replay = &report["replay"];
    assert_eq!(replay["reproduced"], true, "{report:#}");
    assert_eq!(code, 1, "a violation confirmed exits 1");
    let history = replay["at_level"]["history"].as_str().unwrap();
    let h = observed(history);
    assert!(
        isolation_brute::satisfies(&h, "SI"),
        "PostgreSQL's REPEATABLE READ produced a history that is not SI:\n{history}"
    );
    assert!(
        not_serializable(history),
        "the referee finds the observed history serializable:\n{history}"
    );
    assert_eq!(replay["prevented_by_serializable"], true, "{report:#}");
    assert!(
        replay["at_serializable"]["errors"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["message"]
                .as_str()
                .unwrap()
                .contains("could not serialize")),
        "{report:#}"
    );
}

/// Two deposits to one account: under the generic Read Committed they may both read
/// the initial balance (a lost update), but PostgreSQL's UPDATE waits for the first
/// deposit's row lock and reads its version: the replay must say it did not happen,
/// and the postgres-rc level must find no violation.
const DEPOSITS: &str = "
table Account (id: Acct key, bal: int)
program Deposit(a: Acct, v: int) {
  UPDATE Account SET bal = bal + v WHERE id = a;
}
";

#[test]
fn a_lost_update_that_postgres_prevents_is_not_reproduced() {
    let Some(pg) = Postgres::start() else { return };
    let dir = std::env::temp_dir().join(format!("solder-deposits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("deposits.prog");
    std::fs::write(&file, DEPOSITS).unwrap();
    let (code, report) = replay_json(&pg, file.to_str().unwrap(), "RC");
    let replay = &report["replay"];
    assert_eq!(replay["reproduced"], false, "{report:#}");
    assert_eq!(code, 3, "an unconfirmed violation exits 3");
    let differences = replay["at_level"]["differences"].as_array().unwrap();
    assert!(
        differences.iter().any(|d| d
            .as_str()
            .unwrap()
            .contains("on PostgreSQL, from the initial version in the witness")),
        "{report:#}"
    );
    let history = replay["at_level"]["history"].as_str().unwrap();
    assert!(
        isolation_brute::satisfies(&observed(history), "SER"),
        "what PostgreSQL did is serializable:\n{history}"
    );
    let (code, _, err) = solder(&["programs", file.to_str().unwrap(), "--level", "postgres-rc"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "postgres-rc finds no lost update: {err}");
}

#[test]
fn emit_sql_writes_the_schema_rows_and_schedule() {
    let (code, out, err) = solder(&[
        "programs",
        "examples/programs/smallbank.prog",
        "--level",
        "SI",
        "--emit-sql",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("CREATE TABLE \"Saving\""), "{out}");
    assert!(
        out.contains("BEGIN ISOLATION LEVEL REPEATABLE READ;"),
        "{out}"
    );
    let commits = out.lines().filter(|l| *l == "COMMIT;").count();
    assert_eq!(commits, 3, "one COMMIT per instance:\n{out}");
}

#[test]
fn replay_and_emit_sql_refuse_what_postgres_cannot_run() {
    let (code, _, err) = solder(&[
        "programs",
        "examples/programs/courseware.prog",
        "--level",
        "PSI",
        "--emit-sql",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no isolation level for PSI"), "{err}");
    let (code, _, err) = solder(&[
        "programs",
        "examples/programs/smallbank.prog",
        "--level",
        "SI",
        "--replay",
        "host=/nonexistent port=1",
        "--psql",
        "/nonexistent/psql",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot run `/nonexistent/psql`"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// Every violation the examples have under a PostgreSQL level happens on PostgreSQL.
#[test]
fn every_example_violation_under_postgres_levels_replays() {
    let Some(pg) = Postgres::start() else { return };
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/programs");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "prog"))
        .collect();
    files.sort();
    let (mut violations, mut reproduced) = (0, 0);
    let mut failures = Vec::new();
    for file in &files {
        for level in ["postgres-rr", "postgres-rc"] {
            let (_, report, err) = try_replay(&pg, file.to_str().unwrap(), level);
            let Some(report) = report else {
                // Read Committed refuses FOREACH and keys from counters.
                assert!(
                    err.contains("not supported yet"),
                    "{}: {err}",
                    file.display()
                );
                continue;
            };
            if report["outcome"] != "violation" {
                continue;
            }
            violations += 1;
            let replay = &report["replay"];
            let history = replay["at_level"]["history"].as_str().unwrap_or("");
            if replay["reproduced"] == true
                && not_serializable(history)
                && replay["prevented_by_serializable"] == true
            {
                reproduced += 1;
            } else {
                failures.push(format!("{} at {level}: {replay:#}", file.display()));
            }
        }
    }
    eprintln!("{reproduced} of {violations} example violations under PostgreSQL levels reproduce");
    assert!(
        violations > 0,
        "no example has a violation under a PostgreSQL level"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Random program sets (those the replay translates: no FOREACH). Their conditions are
/// abstract (`<` between two values may go either way; mutable columns have no values),
/// so on a real database a statement may select other rows than the witness's, and the
/// replay says so ("selects {…} on PostgreSQL, {…} in the witness"). Where every
/// statement selected the rows the witness says, the rest is the engine's: every
/// transaction must commit and every read must see the witness's version, or the
/// level admits an execution PostgreSQL does not run. Slow (a server round trip per
/// statement): `cargo test --release --test suite -- --ignored random_violations`.
#[test]
#[ignore]
fn random_violations_under_postgres_levels_replay() {
    random_violations(300, 0x9e37);
}

/// A slice of the same in every run.
#[test]
fn some_random_violations_under_postgres_levels_replay() {
    random_violations(16, 0x9e37);
}

fn random_violations(count: u64, seed: u64) {
    let Some(pg) = Postgres::start() else { return };
    let dir = std::env::temp_dir().join(format!(
        "solder-random-pg-{}-{seed}-{count}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut violations, mut reproduced, mut other_rows) = (0, 0, 0);
    let mut failures = Vec::new();
    for i in 0..count {
        let set = crate::common::programs_brute::random_set(seed + i);
        let text = set.text();
        if text.contains("FOREACH") {
            continue;
        }
        let file = dir.join(format!("set{i}.prog"));
        std::fs::write(&file, &text).unwrap();
        for level in ["postgres-rr", "postgres-rc"] {
            let (_, report, err) = try_replay(&pg, file.to_str().unwrap(), level);
            let Some(report) = report else {
                assert!(err.contains("not supported yet"), "set {i}: {err}");
                continue;
            };
            if report["outcome"] != "violation" {
                continue;
            }
            violations += 1;
            let replay = &report["replay"];
            let history = replay["at_level"]["history"].as_str().unwrap_or("");
            let rows_differ = replay["at_level"]["differences"]
                .as_array()
                .unwrap()
                .iter()
                .any(|d| {
                    let d = d.as_str().unwrap();
                    d.contains(" changed ")
                        || d.contains(" selects ")
                        || d.contains("does not exist")
                });
            if replay["reproduced"] == true && not_serializable(history) {
                reproduced += 1;
            } else if rows_differ {
                other_rows += 1;
            } else {
                failures.push(format!("set {i} at {level}:\n{text}\n{replay:#}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "{violations} random violations under PostgreSQL levels: {reproduced} reproduce, \
         {other_rows} select other rows on PostgreSQL (abstract conditions), {} fail",
        failures.len()
    );
    assert!(violations > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
