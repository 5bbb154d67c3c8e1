//! FOREACH over the rows a SELECT returned acts on every one of them, and the read-back
//! (`programs::explain`) refuses a witness whose statements do anything else.

use solder::apps::programs::{self, Outcome, Query};
use solder::check::{self, RootSource};
use solder::diagnostic::SourceMap;
use solder::session::{CommandRun, RunOptions};

fn load(text: &str) -> programs::AppModel {
    let mut sources = SourceMap::new();
    match programs::load(&mut sources, "loops.prog", text) {
        Ok(app) => app,
        Err(e) => panic!("does not load:\n{}", sources.render(&e.0, false)),
    }
}

fn query(app: &programs::AppModel, level: &str, bound: usize) -> Query {
    Query {
        pred: programs::level_pred(app, level).expect("a known level"),
        level: level.into(),
        bound,
        records: None,
        complete: false,
        abstract_rows: false,
        dangerous_structures: true,
        queue_facts: true,
        sessions: false,
    }
}

fn violation(app: &programs::AppModel, level: &str, bound: usize) -> bool {
    let report =
        programs::check_level(app, &query(app, level, bound), &RunOptions::default(), None)
            .unwrap_or_else(|e| panic!("{level}: {:?}", e.0));
    match report.outcome {
        Outcome::Violation(_) => true,
        Outcome::NoCycle(_) => false,
        Outcome::Timeout => panic!("no time limit was set"),
    }
}

/// The original wrong verdict: a program selects the two rows of a group, loops over
/// them and updates each. Two instances on one group then both write both rows, so PSI
/// and SI make one see the other, and no cycle exists; the old model let each loop body
/// update any subset of the rows (one row each: a write skew), and reported it.
const BUMP_GROUP: &str = "
table Item (id: ItemId key, grp: Grp, qty: int)

program Bump(g: Grp) {
  s := SELECT id, qty FROM Item WHERE grp = g;
  FOREACH r IN s {
    UPDATE Item SET qty = qty + 1 WHERE id = r.id;
  }
}
";

#[test]
fn a_loop_over_selected_rows_updates_every_one() {
    let app = load(BUMP_GROUP);
    for level in ["PSI", "SI", "SER"] {
        assert!(
            !violation(&app, level, 3),
            "{level}: a violation the programs cannot produce"
        );
    }
    // Weaker levels let the two read-modify-writes miss each other: a lost update.
    for level in ["RA", "CC", "PC"] {
        assert!(violation(&app, level, 2), "{level}");
    }
    // The generated model says it: the loop's UPDATE selects, per iteration, exactly
    // the record of that iteration's row.
    assert!(
        app.text
            .contains("l1.(t.Bump__2__it) = { r: Item | r.id = (l1).id }"),
        "{}",
        app.text
    );
}

/// An IF inside FOREACH goes its own way in each iteration: the loop below updates the
/// rows of the group whose flag is set, and only those.
#[test]
fn an_if_inside_a_loop_decides_per_iteration() {
    let app = load(
        "
table Item (id: ItemId key, grp: Grp, hot: Flag, qty: int)

program BumpHot(g: Grp, f: Flag) {
  s := SELECT id FROM Item WHERE grp = g;
  FOREACH r IN s {
    IF r.hot = f {
      UPDATE Item SET qty = qty + 1 WHERE id = r.id;
    }
  }
}

program Audit(g: Grp) {
  SELECT qty FROM Item WHERE grp = g;
}
",
    );
    // Two BumpHots with different flags update disjoint rows of one group: a long
    // fork with two Audits under PSI, none under SI.
    assert!(violation(&app, "PSI", 4));
    assert!(!violation(&app, "SI", 4));
}

/// Solve a generated model whose text `edit` changed, and read its first violation back.
pub fn read_back_of_edited_model(
    app: &programs::AppModel,
    level: &str,
    bound: usize,
    edit: impl Fn(&str) -> String,
) -> Result<(), String> {
    let q = query(app, level, bound);
    let text = edit(&programs::model_with_commands(app, &q));
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "edited.als".into(),
            text,
            dir: None,
        },
    )
    .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
    for index in 0..bound - 1 {
        let run = CommandRun::start(&checked, index, &RunOptions::default()).unwrap();
        if run.instance().is_some() {
            return programs::explain::read(app, &run, &q.pred, true, false)
                .map(|_| ())
                .map_err(|e| format!("{:?}", e.0));
        }
    }
    panic!("the edited model has no cycle either");
}

#[test]
fn the_read_back_refuses_a_loop_that_skips_rows() {
    let app = load(BUMP_GROUP);
    // The old semantics: the loop's UPDATE selects any subset of its candidates.
    let old = |text: &str| {
        text.replace(
            "(all l1: Bump__1.(t.sel) | l1.(t.Bump__2__it) = { r: Item | r.id = (l1).id })",
            "(all l1: Bump__1.(t.sel) | l1.(t.Bump__2__it) in { r: Item | r.id = (l1).id })",
        )
    };
    assert_ne!(old(&app.text), app.text, "the edit does not apply");
    let err = read_back_of_edited_model(&app, "SI", 2, old).expect_err("a wrong witness");
    assert!(err.contains("internal error"), "{err}");
    assert!(err.contains("Bump [2]"), "{err}");
    assert!(err.contains("at least"), "{err}");
}

#[test]
fn the_read_back_refuses_a_branch_the_condition_forbids() {
    let app = load(
        "
table T (id: K key, a: int, b: int)
program P(k: K, j: K) {
  x := SELECT a, b FROM T WHERE id = k;
  IF k = j {
    UPDATE T SET a = a + 1 WHERE id = k;
  } ELSE {
    UPDATE T SET b = b + 1 WHERE id = k;
  }
}
",
    );
    // The edit forces the first branch where its condition is false.
    let edit = |text: &str| {
        text.replace(
            "((t in P__if1 => t.k = t.j) and (not (t in P__if1) => (not t.k = t.j)))",
            "(t in P__if1 and not t.k = t.j)",
        )
    };
    assert_ne!(
        edit(&app.text),
        app.text,
        "the edit does not apply:\n{}",
        app.text
    );
    let err = read_back_of_edited_model(&app, "RA", 2, edit).expect_err("a wrong witness");
    assert!(err.contains("internal error"), "{err}");
    assert!(err.contains("first branch"), "{err}");
}
