//! Alloy's declaration-level constraints, one test per rule (the audit of issue 9).
//!
//! Each rule is stated by commands whose verdict (`expect`) follows from Alloy's
//! semantics, and where it is small enough to count by hand, by the number of instances up
//! to renaming of atoms, which a dropped constraint changes. ARCHITECTURE.md lists the
//! rules ("Declaration rules") with these tests.

use crate::common::iso_count;

use std::collections::BTreeMap;
use std::path::Path;

use solder::check::{self, Checked, RootSource};
use solder::diagnostic::SourceMap;
use solder::render::json::instance_json;
use solder::session::{CommandRun, RunOptions};
use solder::solve::Outcome;

fn load(text: &str) -> Checked {
    let mut sources = SourceMap::new();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/models");
    check::load(
        &mut sources,
        RootSource::Text {
            name: "declarations.als".into(),
            text: text.into(),
            dir: Some(dir),
        },
    )
    .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)))
}

/// Every command of the model meets its `expect` (instances are re-checked by the
/// independent evaluator, as `RunOptions::default()` does).
fn check_expectations(text: &str) {
    let checked = load(text);
    for (i, cmd) in checked.model.commands.iter().enumerate() {
        let run = CommandRun::start(&checked, i, &RunOptions::default())
            .unwrap_or_else(|e| panic!("command {}: {:?}", cmd.label, e.0[0].message));
        assert_eq!(run.found(), cmd.expect, "command {} ({})", i + 1, cmd.label);
    }
}

/// The number of instances of the model's first command up to renaming of atoms, over
/// its own sigs and fields, enumerating all of them with symmetry breaking off.
fn classes(text: &str) -> usize {
    let checked = load(text);
    let mut opts = RunOptions::default();
    opts.solve.symmetry = 0;
    let mut run = CommandRun::start(&checked, 0, &opts).expect("runs");
    let mut instances = Vec::new();
    while let Outcome::Sat(inst) = &run.outcome {
        let json = instance_json(&run.command.presentation, inst, &[]);
        let named: BTreeMap<String, Vec<Vec<String>>> = json
            .as_object()
            .unwrap()
            .iter()
            .filter(|(k, _)| !k.starts_with('$') && !k.contains('/'))
            .map(|(k, v)| (k.clone(), serde_json::from_value(v.clone()).unwrap()))
            .collect();
        instances.push(named);
        run.advance().expect("advances");
    }
    iso_count::count_classes(&instances).expect("small instances")
}

#[test]
fn multiplicities_of_top_level_sigs() {
    check_expectations(
        "one sig O {} lone sig L {} some sig S {}
         run { no O } for 3 expect 0
         run { some disj a, b: O | a != b } for 3 expect 0
         run { some disj a, b: L | a != b } for 3 expect 0
         run { no L } for 3 expect 1
         run { no S } for 3 expect 0
         run { some disj a, b: S | a != b } for 3 expect 1",
    );
}

#[test]
fn multiplicities_of_extending_sigs() {
    check_expectations(
        "abstract sig A {}
         one sig A1 extends A {} lone sig A2 extends A {} some sig A3 extends A {}
         sig A4 extends A {}
         run { no A1 } for 3 expect 0
         run { some disj a, b: A2 | a != b } for 4 expect 0
         run { no A3 } for 3 expect 0
         run { some A2 and some A4 } for 3 expect 0
         run { some A2 and some A4 } for 4 expect 1",
    );
}

#[test]
fn multiplicities_of_in_subset_sigs() {
    check_expectations(
        "sig W {} one sig I1 in W {} lone sig I2 in W {} some sig I3 in W {}
         run { no I1 } for 3 expect 0
         run { some disj a, b: I1 | a != b } for 3 expect 0
         run { some disj a, b: I2 | a != b } for 3 expect 0
         run { no I2 } for 3 expect 1
         run { no I3 } for 3 expect 0
         run { some disj a, b: I3 | a != b } for 3 expect 1",
    );
    // Several names in one declaration each get the multiplicity.
    check_expectations(
        "sig Workstation {} one sig begin, end in Workstation {}
         run { no begin } expect 0
         run { no end } expect 0
         run { begin = end } expect 1",
    );
    // W has one or two atoms and b is one of them: two shapes (a raw count is 3).
    assert_eq!(classes("sig W {} one sig b in W {} run {} for 2"), 2);
    // (W may be empty when b is `lone`: 1 + 2 + 2.)
    assert_eq!(classes("sig W {} lone sig b in W {} run {} for 2"), 5);
    assert_eq!(classes("sig W {} some sig b in W {} run {} for 2"), 3);
}

#[test]
fn multiplicities_of_union_subset_sigs() {
    check_expectations(
        "sig W {} sig V {} one sig U in W + V {}
         run { no U } for 3 expect 0
         run { U in V } for 3 expect 1
         run { some disj a, b: U | a != b } for 3 expect 0",
    );
    check_expectations(
        "sig W {} sig V {} lone sig E = W + V {}
         run { some W and some V } for 3 expect 0
         run { one V and no W } for 3 expect 1",
    );
    check_expectations(
        "sig W {} some sig E = W {}
         run { no E } for 3 expect 0
         run { no W } for 3 expect 0",
    );
}

#[test]
fn abstract_sigs_with_and_without_children() {
    check_expectations(
        "abstract sig Alone {}
         run { some Alone } for 3 expect 1
         abstract sig P {} sig C extends P {}
         run { some p: P | p not in C } for 3 expect 0
         sig Q {} sig D extends Q {}
         run { some q: Q | q not in D } for 3 expect 1",
    );
}

#[test]
fn field_multiplicities() {
    check_expectations(
        "sig A { one1: B, one2: one B, l: lone B, s: some B, st: set B } sig B {}
         run { some a: A | no a.one1 } for 3 expect 0
         run { some a: A | not lone a.one1 } for 3 expect 0
         run { some a: A | no a.one2 } for 3 expect 0
         run { some a: A | not lone a.l } for 3 expect 0
         run { some a: A | no a.l } for 3 expect 1
         run { some a: A | no a.s } for 3 expect 0
         run { some a: A | no a.st } for 3 expect 1
         run { some b: B | some b.(A <: st) } for 3 expect 0",
    );
}

#[test]
fn arrow_multiplicities() {
    check_expectations(
        "sig A { r: B one -> lone C, t: B -> some C, u: B some -> C, v: B lone -> one C }
         sig B {} sig C {}
         run { some a: A, c: C | not one a.r.c } for 3 expect 0
         run { some a: A, b: B | not lone b.(a.r) } for 3 expect 0
         run { some a: A, b: B | no b.(a.t) } for 3 expect 0
         run { some a: A, c: C | no (a.u).c } for 3 expect 0
         run { some a: A, b: B | not one b.(a.v) } for 3 expect 0
         run { some a: A, c: C | not lone (a.v).c } for 3 expect 0
         -- r makes C no larger than B and v makes B no larger than C: r is a bijection.
         run { some a: A, b: B | no b.(a.r) } for 3 expect 0
         run { some a: A, b: B | no b.(a.t) } for 3 expect 0
         run { some A and some B } for 3 expect 1",
    );
}

#[test]
fn disj_over_several_fields() {
    check_expectations(
        "sig Node {} sig State { disj waiting, active, contending, elected: set Node }
         run { some s: State | some s.waiting & s.active } expect 0
         run { some s: State | some s.active & s.elected } expect 0
         run { some s, t: State | some s.waiting & t.active } expect 1",
    );
    // One S, one N: f and g are subsets of {n}, disjoint: 3 instances (4 without disj).
    assert_eq!(
        classes("one sig S { disj f, g: set N } one sig N {} run {}"),
        3
    );
    // A single name constrains nothing.
    assert_eq!(
        classes("one sig S { disj f: set N } one sig N {} run {}"),
        2
    );
}

#[test]
fn disj_bound_of_a_field() {
    check_expectations(
        "sig N {} sig S { f: disj set N }
         run { some disj s, t: S | some s.f & t.f } expect 0
         run { some s: S | some s.f } expect 1",
    );
}

#[test]
fn disj_in_quantifiers() {
    check_expectations(
        "sig N {}
         run { some disj a, b: N | a = b } for 3 expect 0
         run { some disj a, b: N | a != b } for 3 expect 1
         run { some disj a, b, c: N | a = c } for 3 expect 0
         run { some disj x, y: set N | some x & y } for 3 expect 0
         run { some disj x, y: set N | some x and some y } for 3 expect 1
         run { all disj a, b: N | a != b } for 3 expect 1",
    );
}

#[test]
fn disj_in_pred_parameters() {
    // `run p` quantifies the parameters with their declarations, `disj` included; a call
    // substitutes its arguments and does not check them (as in Alloy).
    check_expectations(
        "sig N {}
         pred same[disj x, y: N] { x = y }
         run same for 3 expect 0
         pred overlap[disj x, y: set N] { some x & y }
         run overlap for 3 expect 0
         run { some a: N | same[a, a] } for 3 expect 1",
    );
}

#[test]
fn enum_members_and_order() {
    check_expectations(
        "enum E { E0, E1, E2 }
         run { E0.next = E1 and E1.next = E2 and first = E0 and last = E2 } expect 1
         run { E1.next = E0 } expect 0
         run { some e: E | e not in E0 + E1 + E2 } expect 0
         run { some E0 & E1 } expect 0",
    );
    assert_eq!(classes("enum E { E0, E1, E2 } run {}"), 1);
}

#[test]
fn exactly_and_but_scopes_on_subsigs() {
    check_expectations(
        "sig A {} sig B extends A {} sig C extends A {}
         run { no B } for 3 but exactly 2 B expect 0
         run { some disj x, y, z: B | x != y } for 3 but exactly 2 B expect 0
         run { some disj x, y: C | x != y } for 3 but 1 C expect 0
         run { some disj x, y: A | x != y } for 1 but exactly 2 B expect 1",
    );
}

/// Found by `tests/source_differential.rs`: exact subsigs may raise a `one`/`lone` sig's
/// scope past 1, but its multiplicity still holds, as Alloy adds it as a formula.
#[test]
fn a_raised_scope_keeps_the_sig_multiplicity() {
    check_expectations(
        "one sig O {} sig P extends O {}
         lone sig L {} sig M extends L {}
         run { some P } for 3 but exactly 2 P expect 0
         run { some M } for 3 but exactly 2 M expect 0
         run { some P } for 3 but exactly 1 P expect 1
         run { one M } for 3 but exactly 1 M expect 1",
    );
}

/// Found by `tests/source_differential.rs`: Alloy gives the one unscoped child of an
/// abstract sig what the scoped siblings leave (abstract scopes are derived before
/// parent scopes), not the parent's whole scope.
#[test]
fn the_unscoped_child_of_an_abstract_sig_gets_the_rest() {
    check_expectations(
        "abstract sig A {} sig B extends A {} sig C extends A {}
         run { no B and some disj x, y: C | x != y } for 2 but 1 B expect 0
         run { no B and some C } for 2 but 1 B expect 1
         run { some disj x, y: C | x != y } for 3 but 1 B expect 1
         run { some disj x, y, z: C | x != y } for 3 but 1 B expect 0",
    );
    // A non-abstract parent gives every unscoped child its own scope.
    check_expectations(
        "sig A {} sig B extends A {} sig C extends A {}
         run { no B and some disj x, y: C | x != y } for 2 but 1 B expect 1",
    );
}

#[test]
fn one_sigs_and_facts_of_opened_modules() {
    check_expectations(
        "open modules/decl_lib
         run { no Root } for 3 expect 0
         run { some disj a, b: Root | a != b } for 3 expect 0
         run { some disj a, b: Maybe | a != b } for 3 expect 0
         run { no Item } for 3 expect 1",
    );
}

#[test]
fn private_names_stay_in_their_module() {
    let mut sources = SourceMap::new();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/models");
    let loaded = check::load(
        &mut sources,
        RootSource::Text {
            name: "private.als".into(),
            text: "open modules/decl_lib run { some secret } for 3".into(),
            dir: Some(dir),
        },
    );
    let errors = loaded.expect_err("a private field is not visible outside its module");
    assert!(
        errors.0[0].message.contains("secret"),
        "{}",
        errors.0[0].message
    );
}

#[test]
fn sig_facts_over_inherited_fields_and_at() {
    check_expectations(
        "sig A { f: set A } sig B extends A {} { some f }
         run { some b: B | no b.f } for 3 expect 0
         run { some B and some (A - B) and no (A - B).f } for 3 expect 1
         sig C { g: set C } { all x: this.@g | x != this }
         run { some c: C | c in c.g } for 3 expect 0
         sig D { h: set D } { some @h }
         run { some D and no h } for 3 expect 0
         run { some D and one h } for 3 expect 1",
    );
}

#[test]
fn calls_accept_arguments_outside_the_parameter_type() {
    // A parameter's bound is a type, not a constraint at the call site: Alloy finds an
    // instance; solder warns that the argument can never be a `p`.
    let text = "enum E { E0, E1 } fun fn[p: E0]: set E { p } run { some fn[E1] } for 2 expect 1";
    check_expectations(text);
    let checked = load(text);
    assert!(
        checked
            .model
            .warnings
            .iter()
            .any(|w| w.message.contains("can never be a `p` of `fn`")),
        "{:?}",
        checked.model.warnings
    );
}

#[test]
fn a_call_whose_types_meet_wins_over_one_whose_types_do_not() {
    // `max` is util/ordering's (over Grade) and util/integer's (over Int): the argument
    // `Grade` picks ordering's, without a warning; `Grade.max[c.grades]` is
    // `c.grades.(max[Grade])`, the people with the top grade.
    let text = "open util/ordering[Grade]
         sig Person {} sig Grade {} sig Course { grades: Person -> Grade }
         run { some c: Course | no Grade.max[c.grades] and some c.grades } for 3 expect 1
         run { some c: Course | Grade.max[c.grades] != c.grades.last } for 3 expect 0";
    check_expectations(text);
    assert!(load(text).model.warnings.is_empty());
}

#[test]
fn an_opened_modules_parameter_does_not_clash_with_the_openers_names() {
    // Alloy 6 accepts this: `elem` is util/ordering's parameter, a name inside it only.
    check_expectations(
        "open util/ordering[A]\nsig A {}\nsig elem {}\nrun { some elem and some first } for 3 expect 1",
    );
}

/// `b.(a.disj)` is `disj[a, b]`, as `b.(a.f)` is `f[a, b]` (Alloy's box join read
/// backwards).
#[test]
fn disj_with_receivers_reads_as_alloy_reads_it() {
    check_expectations(
        "sig A { f: set A }
         check { all x, y: A | y.(x.disj) iff disj[x, y] } expect 0
         check { all x, y, z: A | z.(x.disj[y]) iff disj[x, y, z] } expect 0
         run { some x: A | x.(x.disj) } expect 0
         run { some x, y: A | x.f.(y.f.disj) and some x.f and some y.f } expect 1",
    );
}

/// Alloy finds an opened module by dropping the leading path segments that its name and
/// the opener's `module` name share: `examples/algorithms/ring` opening
/// `examples/algorithms/messaging` reads `messaging.als` beside itself (AlloyTools'
/// `ringlead.als`), and the folder the opener's name implies still counts.
#[test]
fn opens_resolve_against_the_openers_module_name() {
    let dir = std::env::temp_dir().join(format!("solder-open-paths-{}", std::process::id()));
    let flat = dir.join("flat");
    let tree = dir.join("tree/examples/algorithms");
    std::fs::create_dir_all(&flat).unwrap();
    std::fs::create_dir_all(&tree).unwrap();
    std::fs::create_dir_all(dir.join("tree/sub")).unwrap();
    let library = "module examples/algorithms/messaging\nsig Node {}\n";
    let opener = "module examples/algorithms/ring\nopen examples/algorithms/messaging as msg\n\
                  sig Ring extends msg/Node {}\nrun { some Ring } for 2 expect 1\n";
    std::fs::write(flat.join("messaging.als"), library).unwrap();
    std::fs::write(flat.join("ring.als"), opener).unwrap();
    std::fs::write(tree.join("messaging.als"), library).unwrap();
    std::fs::write(tree.join("ring.als"), opener).unwrap();
    // A module without a header opens `sub/lib` below its own folder.
    std::fs::write(
        dir.join("tree/sub/lib.als"),
        "module sub/lib\nsig Leaf {}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("tree/main.als"),
        "open sub/lib\nrun { some Leaf } for 1 expect 1\n",
    )
    .unwrap();
    for file in [
        flat.join("ring.als"),
        tree.join("ring.als"),
        dir.join("tree/main.als"),
    ] {
        let mut sources = SourceMap::new();
        let checked = solder::session::load_file(&mut sources, &file)
            .unwrap_or_else(|e| panic!("{}: {}", file.display(), e.0[0].message));
        let run = CommandRun::start(&checked, 0, &RunOptions::default()).unwrap();
        assert!(matches!(run.outcome, Outcome::Sat(_)), "{}", file.display());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Alloy's meta-model (`sig$`, `field$`, `A$`, `A$f`, `value`, `fields`, `subfields`,
/// `parent`, quantifiers over meta atoms unrolled per atom), on sigs of every kind, an
/// opened module's private sigs, an enum and `var` sigs and fields; every `expect` in the
/// file is Alloy 6's verdict.
#[test]
fn meta_model_agrees_with_alloy_6() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/models/meta.als");
    check_expectations(&std::fs::read_to_string(path).unwrap());
}

/// Without a `$` in a name the meta-model costs nothing: no meta sigs are declared.
#[test]
fn the_meta_model_is_added_only_when_named() {
    let plain = load("sig A { f: set A } run { some f } for 3");
    assert!(plain.model.meta.is_none());
    assert!(plain.model.sigs.iter().all(|s| !s.name.contains('$')));
    let named = load("sig A { f: set A } run { some A$f.value } for 3");
    let meta = named.model.meta.as_ref().expect("the meta-model");
    let children = |s: solder::check::model::SigId| named.model.sig(s).children.len();
    assert_eq!((children(meta.sig), children(meta.field)), (1, 1));
}
