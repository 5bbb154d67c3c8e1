//! Alloy's scope rules, observed through what can and cannot be found.

use crate::common::iso_count::{NamedInstance, count_classes};
use solder::check::{self, RootSource};
use solder::diagnostic::SourceMap;
use solder::render::json::instance_json;
use solder::session::{CommandRun, RunOptions};
use solder::solve::Outcome;

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

/// Every instance of the model's first command (symmetry breaking off), as named tuples,
/// and the command's primary variables, with scoped children in blocks of their own or
/// sharing their parent's atoms.
fn instances(text: &str, child_blocks: bool) -> (Vec<NamedInstance>, u64) {
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "blocks.als".into(),
            text: text.into(),
            dir: None,
        },
    )
    .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
    let mut opts = RunOptions {
        child_blocks,
        ..RunOptions::default()
    };
    opts.solve.symmetry = 0;
    let mut run = CommandRun::start(&checked, 0, &opts)
        .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
    let vars = run.stats().primary_vars as u64;
    let mut out = Vec::new();
    while let Outcome::Sat(inst) = &run.outcome {
        let json = instance_json(&run.command.presentation, inst, &[]);
        out.push(
            json.as_object()
                .expect("an object")
                .iter()
                .filter(|(k, _)| !k.starts_with('$') && !k.contains('/'))
                .map(|(k, v)| {
                    (
                        k.clone(),
                        serde_json::from_value(v.clone()).expect("tuples"),
                    )
                })
                .collect(),
        );
        run.advance()
            .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
    }
    (out, vars)
}

/// Scoped children that fit side by side in their parent get atoms of their own: fewer
/// variables, fewer labelled instances, the same instances up to renaming of atoms. Where
/// they do not fit (`for 3` gives each child the parent's 3), nothing changes.
#[test]
fn child_blocks_keep_every_instance_up_to_renaming() {
    let models = [
        // abstract parent, scopes that fill it exactly (the programs' tables)
        "abstract sig Rec {} sig W extends Rec { k: lone Key } sig D extends Rec { k2: set Key }
         sig Key {}
         fact { all disj a, b: W | a.k != b.k }
         run { some W and some D } for 2 but 4 Rec, 2 W, 2 D, 2 Key",
        // a parent with atoms of its own, larger than its children's scopes together
        "sig P { r: lone P } sig A, B extends P {} one sig C extends P {}
         run { some r and some A } for 4 but 1 A, 1 B",
        // a grandchild inside a scoped child, and an exact sibling
        "abstract sig P {} sig A extends P { f: lone P } sig A1 extends A {}
         sig B extends P {}
         run { some A1.f } for 4 but 4 P, 1 A, exactly 2 B",
        // children that do not fit: shared atoms either way
        "abstract sig P { g: lone P } sig A, B extends P {} run { some g } for 3",
    ];
    for (m, text) in models.iter().enumerate() {
        let (blocks, vars_blocks) = instances(text, true);
        let (shared, vars_shared) = instances(text, false);
        assert!(!blocks.is_empty(), "model {m} has instances");
        assert_eq!(
            count_classes(&blocks),
            count_classes(&shared),
            "model {m}: instances up to renaming, with blocks ({} labelled) and without ({})",
            blocks.len(),
            shared.len()
        );
        if m < 3 {
            assert!(
                vars_blocks < vars_shared && blocks.len() < shared.len(),
                "model {m}: blocks should remove variables ({vars_blocks} against \
                 {vars_shared}) and labelled instances ({} against {})",
                blocks.len(),
                shared.len()
            );
        } else {
            assert_eq!(
                (vars_blocks, blocks.len()),
                (vars_shared, shared.len()),
                "model {m}"
            );
        }
    }
}
