//! Integers with Alloy's meaning, through the whole pipeline (parse, check, translate,
//! solve, re-check by the evaluator). Each command's `expect` follows from Alloy's
//! documented semantics (see `../shared/reference/alloy-language.md`, "Integers"); the
//! comment beside each says why.

use std::path::Path;

use solder::check::{self, Checked, RootSource};
use solder::diagnostic::{Severity, SourceMap};
use solder::session::{CommandRun, RunOptions};

fn load(text: &str) -> Result<Checked, String> {
    let mut sources = SourceMap::new();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/models");
    check::load(
        &mut sources,
        RootSource::Text {
            name: "integers.als".into(),
            text: text.into(),
            dir: Some(dir),
        },
    )
    .map_err(|e| sources.render(&e.0, false))
}

/// Every command meets its `expect`, with results wrapping (`prevent = false`) or with
/// overflows prevented.
fn check_expectations_with(text: &str, prevent: bool) {
    let checked = load(text).unwrap_or_else(|e| panic!("{e}"));
    let opts = RunOptions {
        prevent_overflow: prevent,
        ..RunOptions::default()
    };
    assert!(!checked.model.commands.is_empty());
    for (i, cmd) in checked.model.commands.iter().enumerate() {
        let run = CommandRun::start(&checked, i, &opts)
            .unwrap_or_else(|e| panic!("command {}: {:?}", cmd.label, e.0[0].message));
        assert_eq!(
            run.found(),
            cmd.expect,
            "command {} ({}), overflow {}",
            i + 1,
            cmd.label,
            if prevent { "prevented" } else { "wraps" }
        );
    }
}

fn check_expectations(text: &str) {
    check_expectations_with(text, false);
}

/// The first error's message and the text under its span.
fn error(text: &str) -> String {
    let mut sources = SourceMap::new();
    let result = check::load(
        &mut sources,
        RootSource::Text {
            name: "bad.als".into(),
            text: text.into(),
            dir: None,
        },
    );
    let errors = match result {
        Err(e) => e.0,
        Ok(checked) => {
            // Some errors surface when a command's problem is built.
            let mut found = Vec::new();
            for i in 0..checked.model.commands.len() {
                if let Err(e) = CommandRun::start(&checked, i, &RunOptions::default()) {
                    found.extend(e.0);
                }
            }
            found
        }
    };
    let first = errors
        .iter()
        .find(|d| d.severity == Severity::Error)
        .unwrap_or_else(|| panic!("no error for:\n{text}"));
    let span = first.span.expect("an error with a span");
    format!("{} @ {}", first.message, sources.snippet(span))
}

#[test]
fn literals_counting_and_comparisons() {
    check_expectations(
        "sig A {}
         run { #A = 2 } for 3 expect 1
         run { #A > 3 } for 3 expect 0
         run { #A = 3 and #A >= 3 and #A =< 3 and not #A < 3 } for 3 expect 1
         -- 8 atoms: #A wraps to -8 at bitwidth 4, and so does the literal 8.
         run { #A = 8 } for 8 expect 1
         run { #A = 8 and #A < 0 } for 8 expect 1
         run { some x: Int | x > 6 } expect 1
         run { some x: Int | x > 7 } expect 0
         run { some x: Int | x = -8 } expect 1
         run { some x: Int | x = 15 } for 5 Int expect 1
         -- at bitwidth 4 the literal 15 wraps to -1
         run { some x: Int | x = 15 and x < 0 } for 4 Int expect 1
         run { some x: Int | x > 15 } for 5 Int expect 0
         check { all x: Int | x = x } expect 0
         check { all x: Int | x < 0 or x >= 0 } expect 0
         check { all x, y: Int | x < y or y < x or x = y } for 3 Int expect 0
         -- `!<` is `not <`.
         check { all x, y: Int | x !< y iff x >= y } for 3 Int expect 0
         -- `!=<` is `!` before `=<` (Alloy reads it so)
         check { all x, y: Int | x !=< y iff not x =< y } for 3 Int expect 0",
    );
}

#[test]
fn arithmetic_wraps_around() {
    check_expectations(
        "check { int[Int] = -8 } expect 0
         check { plus[7, 1] = -8 } expect 0
         check { 7.plus[1] = -8 } expect 0
         check { add[3, 4] = 7 and sub[3, 4] = -1 and minus[-8, 1] = 7 } expect 0
         check { mul[3, 3] = -7 and mul[-2, 3] = -6 } expect 0
         -- div rounds toward zero; rem has the sign of the dividend; x / 0 = -signum x.
         check { div[7, 2] = 3 and div[-7, 2] = -3 and rem[-7, 2] = -1 and rem[7, -2] = 1 } expect 0
         check { div[5, 0] = -1 and div[-5, 0] = 1 and div[0, 0] = 0 and rem[5, 0] = 5 } expect 0
         check { div[-8, -1] = -8 } expect 0
         check { negate[3] = -3 and signum[-5] = -1 and signum[0] = 0 } expect 0
         check { 1 << 2 = 4 and -8 >> 1 = -4 and -8 >>> 1 = 4 } expect 0
         check { all x, y: Int | plus[x, y] = plus[y, x] } for 3 Int expect 0
         check { all x, y: Int | minus[plus[x, y], y] = x } for 3 Int expect 0
         check { all x: Int | plus[x, 1] > x } expect 1",
    );
}

#[test]
fn plus_is_union_and_casts_follow_alloy() {
    check_expectations(
        "-- `+` on integers is the union of their atoms.
         check { 1 + 2 != 3 } expect 0
         check { #(1 + 2) = 2 and #(1 + 1) = 1 } expect 0
         -- A set of integers where an integer is expected is the sum of its atoms.
         check { int[1 + 2] = 3 and sum[1 + 2] = 3 and int[none] = 0 } expect 0
         check { Int[3] = 3 and #Int[3] = 1 } expect 0
         -- `i.Int` is `Int[i]` read backwards (the box join); on a relation it is a join.
         sig A { g: one Int }
         check { (#A).Int = Int[#A] and #((#A).Int) = 1 } expect 0
         check { g.Int = A and Int[#A] = (#A).Int } expect 0
         -- 16 integers: the count wraps to 0 at bitwidth 4, and so does the literal 16.
         check { #Int = 16 and #Int = 0 } expect 0
         check { #Int = 0 } for 5 Int expect 0",
    );
}

#[test]
fn int_fields_sums_and_util_integer() {
    check_expectations(
        "sig P { age: Int }
         fact { all p: P | p.age >= 0 }
         run { #P = 3 and (sum p: P | p.age) = 5 } for 3 expect 1
         run { some p: P | p.age = 7 and p.age.plus[1] = -8 } expect 1
         check { all p: P | p.age.next > p.age or p.age = max } expect 0
         check { all p: P | p.age >= min and p.age =< max } expect 0
         check { max = 7 and min = -8 and max[1 + 5] = 5 and min[1 + 5] = 1 } expect 0
         check { larger[2, 5] = 5 and smaller[2, 5] = 2 } expect 0
         check { all p: P | p.age in P.age } expect 0
         run { let n = #P | n = 2 } for 3 expect 1
         check { (sum p: P | 1) = #P } for 3 expect 0
         -- bitwidth 3 (-4..3): two ages of 3 sum to -2
         check { (sum p: P | p.age) >= 0 } for 2 but 3 Int expect 1",
    );
}

#[test]
fn integers_inside_higher_order_quantifiers() {
    check_expectations(
        "sig N { e: set N }
         -- a set of more than two nodes with no edges between them
         run { some s: set N | #s > 2 and no s.e & s } for 4 expect 1
         -- the largest independent set has at most 4 nodes at scope 4
         check { all s: set N | no s.e & s implies #s =< #N } for 4 expect 0
         run { some s: set N | #s = 2 and all c: set N | no c.e & c implies #c =< #s } for 3 expect 1",
    );
}

#[test]
fn overflow_prevention_excludes_overflowing_instances() {
    let text = "sig P { age: Int }
         fact { all p: P | p.age >= 0 }
         -- wraps: two ages of 5 sum to -6
         check total { (sum p: P | p.age) >= 0 } for 3 expect 1
         check succ { all x: Int | x.plus[1] > x } expect 1
         run sumAll { int[Int] = -8 } expect 1";
    check_expectations_with(text, false);
    let prevented = "sig P { age: Int }
         fact { all p: P | p.age >= 0 }
         check total { (sum p: P | p.age) >= 0 } for 3 expect 0
         check succ { all x: Int | x.plus[1] > x } expect 0
         -- `int[Int]` adds -8..7 by halves: the total, -8, fits, but 7 + 6 overflowed on
         -- the way (Alloy 6 agrees)
         run sumAll { int[Int] = -8 } expect 0";
    check_expectations_with(prevented, true);
}

#[test]
fn bad_integer_input_gets_a_spanned_error() {
    assert!(
        error("sig A { f: set A }\nrun { #A < A }").contains("an integer is expected"),
        "{}",
        error("sig A { f: set A }\nrun { #A < A }")
    );
    let e = error("sig A { f: set A }\nrun { plus[f, 1] = 2 }");
    assert!(e.contains("arity") && e.contains("@ f"), "{e}");
    let e = error("sig A { f: set A }\nrun { some a: A | a.f > 1 }");
    assert!(
        e.contains("an integer is expected") && e.contains("@ a.f"),
        "{e}"
    );
    let e = error("sig A {}\nrun { #(some A) = 1 }");
    assert!(e.contains("formula"), "{e}");
    let e = error("sig A {}\nrun { some A } for 9 Int");
    assert!(e.contains("bitwidth"), "{e}");
    let e = error("sig A {}\nrun { (sum x: set A | 1) = 1 }");
    assert!(e.contains("sum"), "{e}");
}

#[test]
fn util_integer_names_yield_to_the_models_own() {
    // util/integer (opened everywhere) also has `next`, `prev`, `max`, `min`: the
    // ordering's meaning is the one whose type fits.
    check_expectations(
        "open util/ordering[Grade]
         sig Grade {}
         sig P { g: lone Grade }
         check { all p: P | p.g in p.g.(prev + iden + next) } for 3 expect 0
         run { some p: P | p.g = max[Grade] } for 3 expect 1",
    );
    check_expectations(
        "enum X { A, B, C }
         enum Y { D, E, F }
         run { A = first } expect 1",
    );
}

#[test]
fn a_literal_outside_every_bitwidth_is_warned_about_at_its_span() {
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "w.als".into(),
            text: "sig A {}\nrun { #A = 9 }\nrun { #A = 20 } for 6 Int\n".into(),
            dir: None,
        },
    )
    .unwrap();
    // 9 fits the widest bitwidth (6) of the model's commands; 20 fits too. Only literals
    // that no command's bitwidth holds are reported.
    assert!(
        checked.model.warnings.is_empty(),
        "{:?}",
        checked.model.warnings
    );
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "w.als".into(),
            text: "sig A {}\nrun { #A = 9 }\n".into(),
            dir: None,
        },
    )
    .unwrap();
    let w = &checked.model.warnings;
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].message.contains("wraps around to -7"),
        "{}",
        w[0].message
    );
    assert_eq!(sources.snippet(w[0].span.unwrap()), "9");
}

#[test]
fn a_library_call_that_does_not_fit_is_reported_at_the_call() {
    let e = error("sig A {}\nrun { plus[A, 1] = 2 }");
    assert!(
        e.contains("the arguments of `plus` do not fit its definition")
            && e.contains("@ plus[A, 1]"),
        "{e}"
    );
}
