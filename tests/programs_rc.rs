//! `solder programs` under Read Committed: every statement reads its own snapshot (the
//! instances committed when it starts), so read skew and non-repeatable reads appear
//! under RC and not under Snapshot Isolation; the witness's histories are read
//! committed by Biswas and Enea's definition and not serializable; what RC does not
//! model yet is refused with a span; absence under RC is bounded and says so.

use crate::common::binary::solder;

use crate::programs::{load, query};
use solder::apps::programs::explain::{EdgeKind, Violation};

use solder::apps::programs::{self, Completeness, Outcome};
use solder::diagnostic::SourceMap;
use solder::session::RunOptions;

pub fn check(app: &programs::AppModel, level: &str, bound: usize, complete: bool) -> Outcome {
    programs::check_level(
        app,
        &query(app, level, bound, complete),
        &RunOptions::default(),
        None,
    )
    .unwrap_or_else(|e| panic!("{level}: {:?}", e.0))
    .outcome
}

/// Two rows (of two tables, so never one location) written together by blind writes
/// (no lost update is possible), read by another program in two statements.
const READ_SKEW: &str = "
table Saving (id: Acct key, bal: int)
table Checking (id: Acct key, bal: int)
program Reset(a: Acct, v: int) {
  UPDATE Saving SET bal = v WHERE id = a;
  UPDATE Checking SET bal = v WHERE id = a;
}
program Audit(a: Acct) {
  x := SELECT bal FROM Saving WHERE id = a;
  y := SELECT bal FROM Checking WHERE id = a;
}
";

/// One row read twice by one transaction while another overwrites it.
const NON_REPEATABLE: &str = "
table Account (id: Acct key, bal: int)
program Write(a: Acct, v: int) {
  UPDATE Account SET bal = v WHERE id = a;
}
program Report(a: Acct) {
  first := SELECT bal FROM Account WHERE id = a;
  again := SELECT bal FROM Account WHERE id = a;
}
";

fn violation(outcome: Outcome, what: &str) -> Violation {
    match outcome {
        Outcome::Violation(v) => v,
        other => panic!("{what}: expected a violation under RC, got {other:?}"),
    }
}

/// The reader's statements read different snapshots, and the cycle runs through the
/// reader: an rw edge out of its earlier statement, a wr edge into its later one.
fn reader_sees_two_states(v: &Violation, reader: &str) {
    let (i, inst) = v
        .instances
        .iter()
        .enumerate()
        .find(|(_, inst)| inst.program == reader)
        .unwrap_or_else(|| panic!("no {reader} in the witness: {v:?}"));
    let snapshots: Vec<&Vec<usize>> = inst
        .steps
        .iter()
        .map(|s| s.sees.as_ref().expect("RC steps have snapshots"))
        .collect();
    assert_eq!(snapshots.len(), 2, "{v:?}");
    assert!(
        snapshots[0].len() < snapshots[1].len(),
        "the second statement sees more: {snapshots:?}"
    );
    let (first, second) = (inst.steps[0].stmt, inst.steps[1].stmt);
    assert!(
        v.cycle
            .iter()
            .any(|e| e.kind == EdgeKind::Rw && e.from == i && e.from_stmt == first),
        "{:?}",
        v.cycle
    );
    assert!(
        v.cycle
            .iter()
            .any(|e| e.kind == EdgeKind::Wr && e.to == i && e.to_stmt == second),
        "{:?}",
        v.cycle
    );
}

/// The witness as a history (`--emit-history`), decided by the isolation library:
/// Biswas and Enea's Read Committed allows it, serializability does not.
fn history_is_read_committed_not_serializable(v: &Violation) {
    use solder::apps::isolation::classify::{ClassifyOptions, Verdict, classify};
    use solder::apps::isolation::parse::{Format, parse_history};
    let text = programs::view::history_lines(v).join("\n");
    let mut sources = SourceMap::new();
    let id = sources.add("history", None, text.clone());
    let h = parse_history(id, &text, Format::Notation)
        .unwrap_or_else(|e| panic!("{}\n{text}", sources.render(&e.0, false)));
    let opts = ClassifyOptions {
        reasons: false,
        ..ClassifyOptions::default()
    };
    for r in classify(&h, &["RC", "SER", "CeroneSER"], &opts).unwrap() {
        let holds = match r.verdict {
            Verdict::Holds(_) => true,
            Verdict::Fails(_) => false,
            other => panic!("{} is {other:?}", r.level),
        };
        assert_eq!(holds, r.level == "RC", "{}:\n{text}", r.level);
    }
}

#[test]
fn read_skew_appears_under_read_committed_only() {
    let app = load(READ_SKEW);
    let v = violation(check(&app, "RC", 2, false), "read skew");
    reader_sees_two_states(&v, "Audit");
    history_is_read_committed_not_serializable(&v);
    crate::programs::schedule_runs_the_execution(&v, &app, false);
    // One snapshot per transaction: no cycle through 3 instances under RA, none at
    // any length under SI.
    assert!(matches!(check(&app, "RA", 3, false), Outcome::NoCycle(_)));
    match check(&app, "SI", 3, true) {
        Outcome::NoCycle(c) => assert!(c.shown(), "{c:?}"),
        other => panic!("SI: {other:?}"),
    }
}

#[test]
fn non_repeatable_reads_appear_under_read_committed_only() {
    let app = load(NON_REPEATABLE);
    let v = violation(check(&app, "RC", 2, false), "non-repeatable read");
    reader_sees_two_states(&v, "Report");
    crate::programs::schedule_runs_the_execution(&v, &app, false);
    // The two reads of one row return two versions; the history says both (the
    // isolation library's histories, one read per object and transaction, cannot).
    let report = v
        .instances
        .iter()
        .position(|i| i.program == "Report")
        .unwrap();
    let line = &programs::view::history_lines(&v)[report];
    assert_eq!(line.matches("r(").count(), 2, "{line}");
    match check(&app, "SI", 3, true) {
        Outcome::NoCycle(c) => assert!(c.shown(), "{c:?}"),
        other => panic!("SI: {other:?}"),
    }
}

#[test]
fn the_command_line_shows_each_statements_snapshot() {
    let dir = std::env::temp_dir().join(format!("solder-rc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("skew.prog");
    std::fs::write(&file, READ_SKEW).unwrap();
    let path = file.to_str().unwrap();
    let (code, out, err) = solder(&["programs", path, "--level", "RC", "--cycle", "2"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("RC: violation"), "{out}");
    assert!(out.contains("snapshot: no other instance"), "{out}");
    assert!(out.contains("snapshot: T"), "{out}");
    let (code, out, err) = solder(&["programs", path, "--level", "RC", "--cycle", "2", "--json"]);
    assert_eq!(code, 1, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let steps = json[0]["instances"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|i| i["statements"].as_array().cloned().unwrap_or_default())
        .collect::<Vec<_>>();
    assert!(!steps.is_empty(), "{out}");
    assert!(steps.iter().all(|s| s["snapshot"].is_array()), "{out}");
    // Absence under RC is bounded: asked for every length, the answer is unknown.
    let (code, out, err) = solder(&[
        "programs",
        path,
        "--level",
        "SER,RC",
        "--cycle",
        "2",
        "--complete",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    let reader_only = dir.join("reader.prog");
    std::fs::write(
        &reader_only,
        "table Account (id: Acct key, bal: int)\n\
         program Audit(a: Acct) { x := SELECT bal FROM Account WHERE id = a; }\n\
         expect RC no violation;\n",
    )
    .unwrap();
    let (code, out, err) = solder(&["programs", reader_only.to_str().unwrap()]);
    assert_eq!(code, 3, "{out}{err}");
    assert!(
        out.contains("Read Committed has no completeness check"),
        "{out}"
    );
    let app = load(&std::fs::read_to_string(&reader_only).unwrap());
    assert!(matches!(
        check(&app, "RC", 3, true),
        Outcome::NoCycle(Completeness::NotForLevel)
    ));
}

#[test]
fn read_committed_refuses_what_it_does_not_model_with_a_span() {
    let looped = "
table Account (id: Acct key, grp: Grp, bal: int)
program Bump(g: Grp) {
  rows := SELECT id FROM Account WHERE grp = g;
  FOREACH r IN rows {
    UPDATE Account SET bal = bal + 1 WHERE id = r.id;
  }
}
";
    let app = load(looped);
    let err = programs::check_level(
        &app,
        &query(&app, "RC", 2, false),
        &RunOptions::default(),
        None,
    )
    .expect_err("RC with FOREACH is refused");
    let d = &err.0[0];
    assert!(d.message.contains("not supported yet"), "{}", d.message);
    assert!(d.message.contains("FOREACH"), "{}", d.message);
    assert!(d.span.is_some(), "{d:?}");
    // Other levels still check it.
    check(&app, "SI", 2, false);
    let dir = std::env::temp_dir().join(format!("solder-rc-loop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("loop.prog");
    std::fs::write(&file, looped).unwrap();
    let (code, _, err) = solder(&["programs", file.to_str().unwrap(), "--level", "RC"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not supported yet"), "{err}");
    assert!(err.contains("loop.prog"), "{err}");
}
