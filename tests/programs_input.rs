//! Bad program files and bad bounds for `solder programs`: each a diagnostic with a span
//! (or, for the command line, a message) and exit code 2, never a panic nor an internal
//! error; time limits honoured in every step; the exit codes.

use std::time::{Duration, Instant};

use crate::common::binary::solder;

use solder::apps::programs::{self, Outcome, Query};
use solder::diagnostic::SourceMap;
use solder::session::RunOptions;

fn errors(text: &str) -> String {
    let mut sources = SourceMap::new();
    match programs::load(&mut sources, "bad.prog", text) {
        Ok(_) => panic!("loads, but should not:\n{text}"),
        Err(e) => {
            assert!(
                e.0.iter().all(|d| d.span.is_some()),
                "a diagnostic without a span: {:?}",
                e.0
            );
            let rendered = sources.render(&e.0, false);
            assert!(!rendered.contains("internal error"), "{rendered}");
            rendered
        }
    }
}

fn load(text: &str) -> programs::AppModel {
    let mut sources = SourceMap::new();
    match programs::load(&mut sources, "good.prog", text) {
        Ok(app) => app,
        Err(e) => panic!("does not load:\n{}", sources.render(&e.0, false)),
    }
}

const T: &str = "table T (id: K key, g: G, v: int)\n";

#[test]
fn bad_program_files_say_what_and_where() {
    let cases: &[(&str, &str)] = &[
        // Used to panic (exit 101) on an empty body.
        ("level EC { }", "level `EC` has an empty body"),
        (
            "level EC {\n  -- nothing yet\n}",
            "level `EC` has an empty body",
        ),
        ("level EC {}", "level `EC` has an empty body"),
        // Accepted silently before, with meaningless witnesses.
        (
            "program P(k: K) { SELECT v FROM T WHERE id = 1; }",
            "compares a value of domain `K` with a number",
        ),
        (
            "program P(k: K, g: G) { SELECT v FROM T WHERE id = g; }",
            "compares a value of domain `K` with a value of domain `G`",
        ),
        (
            "program P(k: K) { x := SELECT g FROM T WHERE id = k; IF x.g = k { DELETE FROM T WHERE id = k; } }",
            "compares a value of domain `G` with a value of domain `K`",
        ),
        (
            "program P(k: K) { INSERT INTO T VALUES (id = k, v = 'many'); }",
            "a string stored in `v`, which holds a number",
        ),
        (
            "program P(k: K) { UPDATE T SET v = k WHERE id = k; }",
            "a value of domain `K` stored in `v`, which holds a number",
        ),
        (
            "program P(k: K) { UPDATE T SET v = v + k WHERE id = k; }",
            "arithmetic on a value of domain `K`",
        ),
        ("program P(k: integer) { }", "unknown type `integer`"),
        (
            "program P(k: K) { SELECT MEDIAN(v) FROM T WHERE id = k; }",
            "unknown aggregate `MEDIAN`",
        ),
        ("program P(k: K) { SELECT SUM(g) FROM T; }", "SUM of `g`"),
        (
            "table U (id: K, v: int)\nprogram P(k: K) { SELECT v FROM U WHERE id = k; }",
            "table `U` has no key",
        ),
        // A FOREACH whose iterations would see one another's inserts.
        (
            "program P(k: K) { s := SELECT id FROM T; FOREACH r IN s { INSERT INTO T VALUES (id = k); SELECT v FROM T WHERE id = r.id; } }",
            "is changed by an INSERT or DELETE and touched by another statement",
        ),
        (
            "program P(k: K) { s := SELECT id FROM T; FOREACH r IN s { IF r = k { } } }",
            "`r` is a record, not a value",
        ),
    ];
    for (text, message) in cases {
        let text = format!("{T}{text}\nprogram Q(k: K) {{ SELECT v FROM T WHERE id = k; }}");
        let rendered = errors(&text);
        assert!(
            rendered.contains(message),
            "expected `{message}` for\n{text}\ngot\n{rendered}"
        );
    }
}

#[test]
fn a_reserved_word_as_a_name_says_it_is_reserved() {
    for (text, word) in [
        ("table Order (from: K key, v: int)", "from"),
        ("table T (id: K key, key: int)", "key"),
        ("table T (id: K key)\nprogram Select(k: K) { }", "Select"),
        ("table T (id: K key)\nprogram P(values: K) { }", "values"),
    ] {
        let rendered = errors(text);
        assert!(
            rendered.contains(&format!("`{word}` is a reserved word")),
            "{text}\n{rendered}"
        );
    }
}

/// Natural SmallBank names the customer `custid` in every table. A column name that two
/// tables share, used as `x.col` and set by an INSERT, used to stop with "generated
/// model does not load".
#[test]
fn a_column_name_shared_by_tables_is_fine() {
    let app = load(
        "
table Account (custid: Cust key, name: str)
table Saving (custid: Cust key, bal: int)
table Checking (custid: Cust key, bal: int)
program Open(c: Cust, n: str) {
  INSERT INTO Account VALUES (custid = c, name = n);
  INSERT INTO Saving VALUES (custid = c, bal = 0);
}
program Move(n: str) {
  a := SELECT custid FROM Account WHERE name = n;
  s := SELECT bal FROM Saving WHERE custid = a.custid;
  UPDATE Checking SET bal = bal + 1 WHERE custid = a.custid;
}
",
    );
    for level in ["SER", "SI", "CC"] {
        assert_eq!(violated(&app, level, 3), level == "CC", "{level}");
    }
}

/// Whether the bounded search finds a violation of `level` within `bound` instances.
fn violated(app: &programs::AppModel, level: &str, bound: usize) -> bool {
    let q = Query {
        pred: programs::level_pred(app, level).unwrap(),
        level: level.into(),
        bound,
        records: None,
        complete: false,
        abstract_rows: false,
        dangerous_structures: true,
        queue_facts: true,
        sessions: false,
    };
    let report = programs::check_level(app, &q, &RunOptions::default(), None)
        .unwrap_or_else(|e| panic!("{level}: {:?}", e.0));
    matches!(report.outcome, Outcome::Violation(_))
}

/// Found by the fuzz target: a key column named `a` met the key fact's own `a`.
#[test]
fn names_the_model_uses_for_its_variables_are_fine_as_columns_and_parameters() {
    let app = load(
        "
table Acct (a: Cust key, b: int, c: int)
program Move(t1: Cust, wr: int) {
  x := SELECT b FROM Acct WHERE a = t1;
  UPDATE Acct SET c = c + wr WHERE a = t1;
}
program Peek(path: Cust) {
  y := SELECT c FROM Acct WHERE a = path;
  UPDATE Acct SET b = b + 1 WHERE a = path;
}
",
    );
    // Write skew: each reads the column the other writes.
    for level in ["SER", "SI", "PSI"] {
        assert_eq!(violated(&app, level, 2), level != "SER", "{level}");
    }
}

fn file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("solder-programs-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn bad_files_exit_with_code_2_and_no_panic() {
    let empty = file(
        "empty-level.prog",
        "table T (id: K key, v: int)\nprogram P(k: K) { UPDATE T SET v = v + 1 WHERE id = k; }\nlevel EC { -- todo\n}\n",
    );
    let (code, _, err) = solder(&["programs", empty.to_str().unwrap(), "--level", "EC"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("empty body"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let reserved = file("reserved.prog", "table T (id: K key, select: int)\n");
    let (code, _, err) = solder(&["programs", reserved.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("`select` is a reserved word"), "{err}");
}

/// `--cycle 4294967296` grew to 21.7 GB, and `--cycle 1000` took 42 s to refuse: both
/// are refused at once now, with an estimate of the size.
#[test]
fn huge_bounds_are_refused_up_front_with_an_estimate() {
    for args in [
        &["--cycle", "4294967296", "--timeout", "60"][..],
        &["--cycle", "1000"],
        &["--cycle", "3", "--records", "100000"],
        &["--cycle", "1000", "--emit-model"],
    ] {
        let started = Instant::now();
        let mut all = vec![
            "programs",
            "examples/programs/smallbank.prog",
            "--level",
            "SI",
        ];
        all.extend(args);
        let (code, out, err) = solder(&all);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains("too large to search: about"), "{err}");
        assert!(err.contains("variables"), "{err}");
        assert!(err.contains("lower --cycle"), "{err}");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{args:?} took {:?}",
            started.elapsed()
        );
    }
    // The same in the library, for the REPL and other callers.
    let app = load(
        "table T (id: K key, v: int)\nprogram P(k: K) { UPDATE T SET v = v + 1 WHERE id = k; }",
    );
    let q = Query {
        pred: "ExecSI".into(),
        level: "SI".into(),
        bound: 5000,
        records: None,
        complete: false,
        abstract_rows: false,
        dangerous_structures: true,
        queue_facts: true,
        sessions: false,
    };
    let err = programs::check_level(&app, &q, &RunOptions::default(), None).unwrap_err();
    assert!(format!("{:?}", err.0).contains("too large"), "{:?}", err.0);
}

/// A check whose translation alone takes far longer than its time limit (TPC-C with two
/// hundred records per table) stops within a second of the limit, as a timeout (exit 3).
#[test]
fn the_time_limit_holds_in_every_step() {
    let started = Instant::now();
    let (code, out, err) = solder(&[
        "programs",
        "examples/programs/tpcc.prog",
        "--level",
        "SI",
        "--cycle",
        "2",
        "--records",
        "200",
        "--timeout",
        "1",
    ]);
    let took = started.elapsed();
    assert_eq!(code, 3, "{out}{err}");
    assert!(
        out.contains("undecided — the time limit was reached"),
        "{out}"
    );
    assert!(took < Duration::from_secs(4), "took {took:?}");
}

#[test]
fn help_says_what_the_bounds_and_exit_codes_mean() {
    let (code, out, _) = solder(&["programs", "--help"]);
    assert_eq!(code, 0);
    assert_eq!(out.matches("--timeout <SECS>").count(), 1, "{out}");
    assert!(out.contains("Give up on each level"), "{out}");
    assert!(out.contains("Transaction instances per execution"), "{out}");
    for line in [
        "0  serializable",
        "1  a violation found",
        "2  a diagnostic",
        "3  unknown",
    ] {
        assert!(out.contains(line), "{line}:\n{out}");
    }
}

/// 0 serializable, 1 violation, 3 unknown; an `expect … no violation` that the checks
/// cannot show at every length is unknown, not a violation.
#[test]
fn exit_codes_say_serializable_violation_or_unknown() {
    let smallbank = "examples/programs/smallbank.prog";
    let run = |args: &[&str]| {
        let mut all = vec!["programs"];
        all.extend(args);
        let (code, out, err) = solder(&all);
        (code, format!("{out}{err}"))
    };
    let (code, out) = run(&[smallbank, "--level", "SER", "--cycle", "2"]);
    assert_eq!(code, 0, "{out}");
    let (code, out) = run(&[smallbank, "--level", "SER,SI", "--cycle", "3"]);
    assert_eq!(code, 1, "{out}");
    // No cycle through 2 instances under SI, but every length was asked and not shown.
    let (code, out) = run(&[smallbank, "--level", "SI", "--cycle", "2", "--complete"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("not shown complete"), "{out}");
    let unproven = file(
        "unproven.prog",
        &format!(
            "{}\nexpect SI no violation;\n",
            std::fs::read_to_string(smallbank)
                .unwrap()
                .lines()
                .filter(|l| !l.starts_with("expect"))
                .collect::<Vec<_>>()
                .join("\n")
        ),
    );
    // SI has a violation through 3 instances: with `--cycle 2` the expectation is
    // neither met nor contradicted.
    let (code, out) = run(&[unproven.to_str().unwrap(), "--cycle", "2"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("? undecided"), "{out}");
    let (code, out) = run(&[unproven.to_str().unwrap(), "--cycle", "3"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("expectation not met"), "{out}");
}
