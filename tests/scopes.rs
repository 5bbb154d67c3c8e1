//! Alloy's scope rules, observed through what can and cannot be found.

use solder::check::{self, RootSource};
use solder::diagnostic::SourceMap;
use solder::session::{CommandRun, RunOptions};

/// Every command of the model must meet its `expect`.
fn check_expectations(text: &str) {
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "scopes.als".into(),
            text: text.into(),
            dir: None,
        },
    )
    .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
    for (i, cmd) in checked.model.commands.iter().enumerate() {
        let run = CommandRun::start(&checked, i, &RunOptions::default())
            .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
        assert_eq!(run.found(), cmd.expect, "command {} ({})", i + 1, cmd.label);
    }
}

#[test]
fn default_overall_and_but_scopes() {
    check_expectations(
        "sig A {} sig B {}
         run { some disj a1, a2, a3: A | no none } expect 1
         run { some disj a1, a2, a3, a4: A | no none } expect 0
         run { some disj a1, a2, a3, a4: A | no none } for 4 expect 1
         run { some disj b1, b2: B | no none } for 4 but 1 B expect 0
         run { some disj a1, a2: A | no none } for 1 A, 1 B expect 0",
    );
}

#[test]
fn abstract_and_child_scopes() {
    check_expectations(
        "abstract sig P {} sig Q, R extends P {}
         -- an unscoped child gets its parent's scope; siblings share it
         run { some disj q1, q2, q3: Q | no none } for 3 expect 1
         run { some disj q1, q2: Q, r: R | no none } for 2 expect 0
         -- an abstract parent's scope is the sum of its scoped children
         run { some disj p1, p2, p3: P | no none } for 2 Q, 1 R expect 1
         run { some disj p1, p2, p3, p4: P | no none } for 2 Q, 1 R expect 0",
    );
}

#[test]
fn exact_scopes_and_scope_raising() {
    check_expectations(
        "sig A {} one sig A1, A2, A3, A4 extends A {}
         -- four one-sigs raise A's default scope of 3 to 4
         run { some A4 } expect 1
         run { some a: A - (A1 + A2 + A3 + A4) | no none } for 5 expect 1
         run { some a: A - (A1 + A2 + A3 + A4) | no none } for exactly 4 A expect 0
         run { some A1 } for exactly 5 A expect 1",
    );
}

#[test]
fn a_sig_outside_its_parents_scope() {
    // The isolation library's convention: `for 5` is five transactions besides T0.
    check_expectations(
        "sig Txn {} one sig T0 extends Txn {} fact { pred/outsideScope[T0] }
         run { some disj a, b, c, d, e: Txn - T0 | no none } for 5 expect 1
         run { some disj a, b, c, d, e, f: Txn - T0 | no none } for 5 expect 0
         run { some disj a, b, c: Txn - T0 | no none } for exactly 3 Txn expect 1
         run { some disj a, b, c, d: Txn - T0 | no none } for exactly 3 Txn expect 0",
    );
}
