//! Integrity constraints and aborts in `solder programs`: `assume exists T` (a row for
//! every key, existing before any instance runs) — the materialized-row fix of a phantom
//! holds with it and fails without it, the search covers every combination of a
//! composite key, the read-back refuses a witness that lacks an assumed row —,
//! `ROLLBACK` (a run that reaches it is in no execution), `not null`, and `references`
//! (checked as the lookup and ROLLBACK written out by hand); mistakes are diagnostics.

use crate::common::binary::solder;
use crate::programs::query;
use crate::programs_loops::read_back_of_edited_model;
use crate::programs_rc::check as outcome;
use solder::apps::programs::{self, Completeness, Outcome};
use solder::diagnostic::SourceMap;

fn load(text: &str) -> programs::AppModel {
    let mut sources = SourceMap::new();
    match programs::load(&mut sources, "constraints.prog", text) {
        Ok(app) => app,
        Err(e) => panic!("does not load:\n{}", sources.render(&e.0, false)),
    }
}

fn booking() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/programs/booking.prog"
    );
    std::fs::read_to_string(path).unwrap()
}

fn without_assumptions(text: &str) -> String {
    let out: String = text
        .lines()
        .filter(|l| !l.starts_with("assume exists"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(out, text, "no `assume exists` line to drop");
    out
}

/// The booking example: with the room's row assumed, SI has no cycle at any length;
/// without it, SI's witness is the phantom, its UPDATE of the room selecting nothing.
#[test]
fn the_materialized_row_fix_holds_only_where_the_row_exists() {
    let app = load(&booking());
    for level in ["SI", "postgres-rr", "PSI"] {
        assert!(
            matches!(
                outcome(&app, level, 3, true),
                Outcome::NoCycle(Completeness::Inductive | Completeness::Chordless)
            ),
            "{level} with the room's row"
        );
    }
    let plain = load(&without_assumptions(&booking()));
    let Outcome::Violation(v) = outcome(&plain, "SI", 3, false) else {
        panic!("SI without the room's row has no violation")
    };
    let updates: Vec<&programs::explain::Step> = v
        .instances
        .iter()
        .flat_map(|i| &i.steps)
        .filter(|s| plain.stmts[s.stmt].number == 1)
        .collect();
    assert!(
        !updates.is_empty() && updates.iter().all(|s| s.selected.is_empty()),
        "the phantom needs the room's UPDATE to select no row: {updates:?}"
    );
}

/// A witness found with the assumption (RC's lost booking) starts from a database with
/// a room row for every room value the witness uses, each existing initially.
#[test]
fn a_witness_starts_with_every_assumed_row() {
    let app = load(&booking());
    let Outcome::Violation(v) = outcome(&app, "RC", 3, false) else {
        panic!("RC has a violation")
    };
    let rooms: Vec<&str> = v
        .instances
        .iter()
        .flat_map(|i| &i.params)
        .filter(|(p, _)| p == "r")
        .map(|(_, value)| value.as_str())
        .collect();
    assert!(!rooms.is_empty());
    for room in rooms {
        assert!(
            v.rows.iter().any(|row| row.table == "Room"
                && row.initially
                && row.values.iter().any(|(c, x)| c == "rid" && x == room)),
            "no row of Room for {room}: {:?}",
            v.rows
        );
    }
}

const SLOTS: &str = "
table Slot (room: RId key, day: Day key, taken: int)
table Booking (bid: BId key, room: RId, day: Day)

program Book(r: RId, d: Day, b: BId) {
  UPDATE Slot SET taken = taken + 1 WHERE room = r AND day = d;
  n := SELECT COUNT(*) FROM Booking WHERE room = r AND day = d;
  IF n = 0 {
    INSERT INTO Booking VALUES (bid = b, room = r, day = d);
  }
}

assume exists Slot;
";

/// A composite key: a row for every (room, day), so the search has records for every
/// combination (N² of them), and the fix holds as with one key column.
#[test]
fn a_composite_key_gets_a_row_for_every_combination() {
    let app = load(SLOTS);
    let q = query(&app, "SI", 3, false);
    let model = programs::model_with_commands(&app, &q);
    assert!(model.contains(", 9 Slot"), "{model}");
    assert!(
        model.contains("fact Slot__exists { (all k0: RId, k1: Day | some r: Slot | r.room = k0 and r.day = k1) }"),
        "{model}"
    );
    assert!(matches!(outcome(&app, "SI", 3, false), Outcome::NoCycle(_)));
    let plain = load(&without_assumptions(SLOTS));
    assert!(matches!(
        outcome(&plain, "SI", 3, false),
        Outcome::Violation(_)
    ));
}

/// A solver execution without an assumed row (the model's fact dropped) is refused by
/// the read-back as an internal error, never shown as a violation.
#[test]
fn the_read_back_refuses_a_database_without_an_assumed_row() {
    let app = load(&booking());
    let fact = "fact Room__exists { (all k0: RId | some r: Room | r.rid = k0) }";
    assert!(app.text.contains(fact), "{}", app.text);
    // Without the fact, SI finds the phantom with a room value and no room row.
    let err = read_back_of_edited_model(&app, "SI", 2, |text| text.replace(fact, ""))
        .expect_err("a witness without the room's row");
    assert!(err.contains("lacks a row of `Room`"), "{err}");
}

#[test]
fn mistakes_in_assumptions_are_diagnostics() {
    let base = "table Room (rid: RId key, n: int)\nprogram P(r: RId) { UPDATE Room SET n = n + 1 WHERE rid = r; }\n";
    let cases = [
        ("assume exists Rooms;", "unknown table `Rooms`"),
        ("assume exists;", "expected"),
        ("assume Room;", "expected"),
    ];
    for (line, message) in cases {
        let text = format!("{base}{line}\n");
        let dir = std::env::temp_dir().join(format!("solder-assume-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("bad.prog");
        std::fs::write(&file, &text).unwrap();
        let (code, _, err) = solder(&["programs", file.to_str().unwrap()]);
        assert_eq!(code, 2, "{line}: {err}");
        assert!(err.contains(message), "{line}: {err}");
        assert!(err.contains("bad.prog:"), "{line}: no span: {err}");
    }
    let mutable_key = "table Room (rid: RId key, n: int)\nprogram P(r: RId, s: RId) { UPDATE Room SET rid = s WHERE rid = r; }\nassume exists Room;\n";
    let mut sources = SourceMap::new();
    let err = programs::load(&mut sources, "k.prog", mutable_key).expect_err("a mutable key");
    let text = sources.render(&err.0, false);
    assert!(
        text.contains("needs fixed keys") && err.0.iter().all(|d| d.span.is_some()),
        "{text}"
    );
}

const WITHDRAW: &str = "
table Acct (id: A key, bal: int)
program Withdraw(a: A, b: A, v: int) {
  x := SELECT id FROM Acct WHERE id = a;
  IF x.id = a {
    UPDATE Acct SET bal = bal - v WHERE id = a;
  } ELSE {
    ROLLBACK;
  }
  y := SELECT bal FROM Acct WHERE id = b;
}
";

/// ROLLBACK: a run that reaches it is in no execution. Withdraw rolls back when its
/// account is missing (an exact condition), so an instance that commits has updated
/// its account and took the first branch; a solver execution through the ROLLBACK is
/// refused by the read-back.
#[test]
fn a_rolled_back_run_is_in_no_execution() {
    let app = load(WITHDRAW);
    let Outcome::Violation(v) = outcome(&app, "SI", 3, false) else {
        panic!("SI: the write skew through the second SELECT")
    };
    for inst in &v.instances {
        assert!(
            inst.steps.iter().any(|s| app.stmts[s.stmt].number == 2),
            "{} commits without its UPDATE: {:?}",
            inst.name,
            inst.steps
        );
        assert!(inst.branches.iter().all(|&(_, first)| first));
    }
    // The model states it (the ELSE branch is never taken); dropping that and asking for
    // an instance that takes the ELSE branch gives a witness the read-back refuses.
    let line = "(not not (t in Withdraw__if1))";
    assert!(app.text.contains(line), "{}", app.text);
    let err = read_back_of_edited_model(&app, "RA", 3, |text| {
        format!(
            "{}\nfact {{ some Withdraw - Withdraw__if1 }}\n",
            text.replace(line, "(no none)")
        )
    })
    .expect_err("a run through ROLLBACK");
    assert!(err.contains("reaches a ROLLBACK"), "{err}");
}

#[test]
fn statements_after_rollback_are_refused() {
    let text = "table T (id: K key, v: int)\nprogram P(k: K) {\n  IF k = k { ROLLBACK; UPDATE T SET v = 1 WHERE id = k; }\n}\n";
    let mut sources = SourceMap::new();
    let err = programs::load(&mut sources, "r.prog", text).expect_err("unreachable");
    let shown = sources.render(&err.0, false);
    assert!(
        shown.contains("after ROLLBACK never run") && err.0.iter().all(|d| d.span.is_some()),
        "{shown}"
    );
}

/// `not null`: an INSERT that leaves such a column (or a key) unset is refused; `key`
/// and `not null` come in either order; an UPDATE storing a local's column stores NULL
/// when the local is empty, so a committing instance has a record there.
#[test]
fn not_null_columns_refuse_null() {
    for (table, insert, message) in [
        (
            "table T (id: K key, name: str not null, v: int)",
            "INSERT INTO T VALUES (id = k, v = 1);",
            "does not set `name`, which is a `not null` column of `T`",
        ),
        (
            "table T (id: K not null key, v: int)",
            "INSERT INTO T VALUES (v = 1);",
            "does not set `id`, which is a key column of `T`",
        ),
    ] {
        let text = format!("{table}\nprogram P(k: K) {{ {insert} }}\n");
        let mut sources = SourceMap::new();
        let err = programs::load(&mut sources, "n.prog", &text).expect_err("an unset column");
        let shown = sources.render(&err.0, false);
        assert!(
            shown.contains(message) && err.0.iter().all(|d| d.span.is_some()),
            "{shown}"
        );
    }
    let app = load(
        "table Acct (id: A key, limit_: int, bal: int not null)
program Move(a: A, b: A) {
  x := SELECT limit_ FROM Acct WHERE id = b;
  SELECT bal FROM Acct WHERE id = a;
  UPDATE Acct SET bal = x.limit_ WHERE id = a;
}
",
    );
    let Outcome::Violation(v) = outcome(&app, "RA", 2, false) else {
        panic!("RA: a lost update")
    };
    for inst in &v.instances {
        let updated = inst
            .steps
            .iter()
            .any(|s| app.stmts[s.stmt].number == 3 && !s.selected.is_empty());
        let found = inst
            .steps
            .iter()
            .any(|s| app.stmts[s.stmt].number == 1 && !s.selected.is_empty());
        assert!(
            !updated || found,
            "{} stored NULL: {:?}",
            inst.name,
            inst.steps
        );
    }
}

/// Students enroll in open courses. With `references`, Enrollment's two columns name
/// the rows they need; written out, each INSERT is followed by the lookup and ROLLBACK
/// that `references` stands for (ROLLBACK and exact IFs over locals are what the random
/// differential compares with the referee).
fn enrollment(written_out: bool) -> String {
    let (refs, checks) = if written_out {
        (
            ("", ""),
            "
    a := SELECT sid FROM Student WHERE sid = s;
    IF a.sid = s { } ELSE { ROLLBACK; }
    b := SELECT cid FROM Course WHERE cid = x.cid;
    IF b.cid = x.cid { } ELSE { ROLLBACK; }",
        )
    } else {
        ((" REFERENCES Student", " references Course"), "")
    };
    format!(
        "
table Student (sid: SId key, name: str)
table Course (cid: CId key, open: bool)
table Enrollment (eid: EId key, student: SId{}, course: CId{})

program Register(s: SId, n: str) {{
  INSERT INTO Student VALUES (sid = s, name = n);
}}
program AddCourse(c: CId) {{
  INSERT INTO Course VALUES (cid = c, open = true);
}}
program Enroll(s: SId, c: CId, e: EId) {{
  x := SELECT open FROM Course WHERE cid = c;
  IF x.open = true {{
    INSERT INTO Enrollment VALUES (eid = e, student = s, course = x.cid);{checks}
  }}
}}
",
        refs.0, refs.1
    )
}

/// `references`: every INSERT that sets a referencing column is followed by the
/// engine's check, a lookup of the referenced row that rolls back when the snapshot
/// lacks it. The verdicts at every level are those of the checks written out by hand,
/// and a witness shows the lookups.
#[test]
fn a_reference_is_checked_as_the_written_out_lookup() {
    let with = load(&enrollment(false));
    let written = load(&enrollment(true));
    let mut violations = 0;
    for level in [
        "RA",
        "RC",
        "CC",
        "PC",
        "PSI",
        "SI",
        "SER",
        "postgres-rr",
        "postgres-rc",
    ] {
        let a = outcome(&with, level, 3, false);
        let b = outcome(&written, level, 3, false);
        assert_eq!(
            matches!(a, Outcome::Violation(_)),
            matches!(b, Outcome::Violation(_)),
            "{level}: {a:?} against {b:?}"
        );
        if let Outcome::Violation(v) = a {
            violations += 1;
            for inst in v.instances.iter().filter(|i| i.program == "Enroll") {
                let lookups: Vec<&str> = inst
                    .steps
                    .iter()
                    .map(|s| with.stmts[s.stmt].text.as_str())
                    .filter(|t| t.starts_with("__ref"))
                    .collect();
                let inserted = inst
                    .steps
                    .iter()
                    .any(|s| with.stmts[s.stmt].text.starts_with("INSERT"));
                assert!(!inserted || lookups.len() == 2, "{lookups:?}");
            }
        }
    }
    assert!(
        violations > 0 && violations < 9,
        "{violations} levels with a violation"
    );
}

#[test]
fn what_references_cannot_say_yet_is_a_diagnostic() {
    let base = "table P (id: K key, v: int)\ntable C (cid: K2 key, p: K references P, v: int)\n";
    let cases = [
        (
            format!(
                "{}program Drop(s: SId) {{ DELETE FROM Student WHERE sid = s; }}\n",
                enrollment(false)
            ),
            "deleting from it (the engine's check that no row still references the deleted one) is not supported yet",
        ),
        (
            format!("{base}program X(c: K2, k: K) {{ UPDATE C SET p = k WHERE cid = c; }}\n"),
            "updating it is not supported yet",
        ),
        (
            "table C (cid: K2 key, p: K references Q)\nprogram X(c: K2, k: K) { INSERT INTO C VALUES (cid = c, p = k); }\n".to_string(),
            "references an unknown table `Q`",
        ),
        (
            "table P (a: K key, b: K key)\ntable C (cid: K2 key, p: K references P)\nprogram X(c: K2, k: K) { INSERT INTO C VALUES (cid = c, p = k); }\n".to_string(),
            "`P` has 2 key columns",
        ),
        (
            "table P (id: K key)\ntable C (cid: K2 key, p: K2 references P)\nprogram X(c: K2) { INSERT INTO C VALUES (cid = c, p = c); }\n".to_string(),
            "whose key `id` has another type",
        ),
        (
            "table P (id: K key)\ntable C (cid: K2 key, p: K references P)\nprogram X(c: K2, id: K) { INSERT INTO C VALUES (cid = c, p = id); }\n".to_string(),
            "`id` is also a column of `P`",
        ),
    ];
    for (text, message) in cases {
        let mut sources = SourceMap::new();
        let err = programs::load(&mut sources, "fk.prog", &text).expect_err("refused");
        let shown = sources.render(&err.0, false);
        assert!(
            shown.contains(message) && err.0.iter().all(|d| d.span.is_some()),
            "{message}:\n{shown}"
        );
    }
}
