//! `solder programs --level mysql-rr`: MySQL's (InnoDB's) Repeatable Read. Plain
//! SELECTs read one snapshot; UPDATE, DELETE and INSERT read the newest committed
//! versions; a row the transaction changed is read afterwards in its own version, made
//! from the newest; no first updater wins. So it admits the lost update that
//! `postgres-rr` forbids, forbids the non-repeatable read that `postgres-rc` admits, and
//! admits a non-repeatable read of a row after the transaction updated another column of
//! it, which no snapshot level admits. Every violation here is read back by the
//! independent replay (`check_level` refuses a witness it cannot read back), and the
//! random programs are compared with the brute-force referee in `programs_differential`.

use crate::common::binary::solder;
use crate::programs::load;
use crate::programs_rc::check;

use solder::apps::programs::{self, Outcome};

/// A read, then a write computed from it (not from the row).
const LOST_UPDATE: &str = "
table Acct (id: Id key, bal: int)
program Deposit(a: Id, v: int) {
  x := SELECT bal FROM Acct WHERE id = a;
  UPDATE Acct SET bal = x.bal + v WHERE id = a;
}
";

/// The same deposit computed by the UPDATE from the row it locks, and a reader of the
/// balance that reads it twice.
const INCREMENT: &str = "
table Acct (id: Id key, bal: int)
program Deposit(a: Id, v: int) {
  UPDATE Acct SET bal = bal + v WHERE id = a;
}
program Report(a: Id) {
  x := SELECT bal FROM Acct WHERE id = a;
  y := SELECT bal FROM Acct WHERE id = a;
}
";

/// A transaction reads a column, updates another column of the same row, then reads the
/// first column again: after its UPDATE it sees the row's newest version.
const OWN_ROW: &str = "
table Item (id: Id key, price: int, hits: int)
program Reprice(i: Id, v: int) {
  UPDATE Item SET price = price + v WHERE id = i;
}
program View(i: Id) {
  before := SELECT price FROM Item WHERE id = i;
  UPDATE Item SET hits = hits + 1 WHERE id = i;
  after := SELECT price FROM Item WHERE id = i;
}
";

fn verdict(text: &str, level: &str) -> bool {
    let app = load(text);
    match check(&app, level, 3, false) {
        Outcome::Violation(_) => true,
        Outcome::NoCycle(_) => false,
        Outcome::Timeout => panic!("no time limit"),
    }
}

#[test]
fn mysql_rr_admits_the_lost_update_that_first_updater_wins_forbids() {
    assert!(verdict(LOST_UPDATE, "mysql-rr"));
    assert!(!verdict(LOST_UPDATE, "postgres-rr"));
    assert!(!verdict(LOST_UPDATE, "SI"));
    // Computed by the UPDATE from the row it locks, the deposit loses nothing, and the
    // report reads one snapshot twice.
    assert!(!verdict(INCREMENT, "mysql-rr"));
    assert!(verdict(INCREMENT, "postgres-rc"));
}

#[test]
fn mysql_rr_reads_a_row_it_changed_at_the_newest_version() {
    let app = load(OWN_ROW);
    let v = match check(&app, "mysql-rr", 2, false) {
        Outcome::Violation(v) => v,
        other => panic!("expected a violation, got {other:?}"),
    };
    // View's second SELECT reads Reprice's price, its first the initial one.
    let versions = programs::explain::Versions::new(&v.instances, &v.vis);
    let view = v
        .instances
        .iter()
        .position(|i| i.program == "View")
        .unwrap();
    let reads: Vec<usize> = v.instances[view]
        .steps
        .iter()
        .filter(|s| s.writes.is_empty())
        .flat_map(|s| {
            s.reads
                .iter()
                .map(|l| versions.read(view, s.stmt, l))
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(reads, vec![0, 1], "{v:#?}");
    crate::programs::schedule_runs_the_execution(&v, &app, true);
    // Under snapshot isolation, per column or per row, the two reads agree.
    assert!(!verdict(OWN_ROW, "SI"));
    assert!(!verdict(OWN_ROW, "postgres-rr"));
}

#[test]
fn mysql_rr_violations_say_how_the_transactions_start_and_refuse_the_postgres_replay() {
    let dir = std::env::temp_dir().join(format!("solder-mysql-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("lost.prog");
    std::fs::write(&file, LOST_UPDATE).unwrap();
    let path = file.to_str().unwrap();
    let (code, out, err) = solder(&["programs", path, "--level", "mysql-rr"]);
    assert_eq!(code, 1, "a violation: {out}{err}");
    assert!(
        out.contains("BEGIN is START TRANSACTION WITH CONSISTENT SNAPSHOT"),
        "{out}"
    );
    // Its first statement reads: no note on how the snapshot is taken.
    assert!(!out.contains("note:"), "{out}");
    let booking = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/programs/booking.prog"
    );
    let (code, out, err) = solder(&["programs", booking, "--level", "mysql-rr"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("writes before its first SELECT")
            && out.contains("may need WITH CONSISTENT SNAPSHOT"),
        "{out}"
    );
    let (code, _, err) = solder(&["programs", path, "--level", "mysql-rr", "--emit-sql"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("PostgreSQL does not run"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
