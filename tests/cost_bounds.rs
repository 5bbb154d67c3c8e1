//! Cost bounds that hold for any input: checking a model takes time polynomial in its
//! size, nested quantifiers over relations are refused before they are allocated, and
//! loading is about linear in the number of sigs and fields.
//!
//! Each test runs a shape that used to blow up (exponential time, memory or stack) at a
//! size where today it takes milliseconds, under a deadline far above that, so that a
//! regression fails the test instead of hanging the suite.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use solder::check::{self, Checked, RootSource};
use solder::diagnostic::{Errors, Severity, SourceMap};
use solder::session::{CommandRun, RunOptions};

/// Far above what each shape takes now (milliseconds), far below what it took before.
const DEADLINE: Duration = Duration::from_secs(20);

/// `f()` on a thread of its own, which must answer before `DEADLINE`. A thread that
/// misses it is left behind (it cannot be stopped), and the test fails. The stack is
/// the size of a main thread's, where the CLI checks models.
fn within_deadline<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = mpsc::channel();
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || {
            let _ = send.send(f());
        })
        .expect("a thread");
    let start = Instant::now();
    match receive.recv_timeout(DEADLINE) {
        Ok(v) => v,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            panic!("{what}: no answer after {:?}", start.elapsed())
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what}: the thread panicked"),
    }
}

/// Load a model from text: the checked model, or the rendered errors.
fn load(text: &str) -> (SourceMap, Result<Checked, Errors>) {
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "cost.als".into(),
            text: text.into(),
            dir: None,
        },
    );
    (sources, checked)
}

/// (message, text under the span) of each warning, after checking within the deadline.
fn warnings_within_deadline(what: &str, text: String) -> Vec<(String, String)> {
    within_deadline(what, move || {
        let (sources, checked) = load(&text);
        let checked = checked.unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
        checked
            .model
            .warnings
            .iter()
            .map(|w| {
                assert_eq!(w.severity, Severity::Warning);
                (
                    w.message.clone(),
                    sources.snippet(w.span.expect("a span")).to_string(),
                )
            })
            .collect()
    })
}

const EMPTY_JOIN: &str = "this join is always empty";

/// `B.f.f.….f` where `B` meets no `f`: each join's left side was elaborated again for
/// the warning, doubling the work per join (16 joins 2.4 s, 24 over a minute).
#[test]
fn a_chain_of_always_empty_joins_is_checked_once() {
    let joins = 60;
    for (what, body) in [
        ("dots", format!("B{}", ".f".repeat(joins))),
        (
            "parentheses",
            format!("{}B{}", "(".repeat(joins), ".f)".repeat(joins)),
        ),
        (
            "boxes",
            format!("{}B{}", "f[".repeat(joins), "]".repeat(joins)),
        ),
    ] {
        let model = format!("sig A {{ f: set A }} sig B {{}}\nfact {{ some {body} }}\n");
        let found = warnings_within_deadline(what, model);
        if what == "boxes" {
            // `f[x]` is a call, which Alloy does not warn about.
            assert!(found.is_empty(), "{what}: {found:?}");
            continue;
        }
        // Only the first join warns: the later ones have an always-empty left side.
        assert_eq!(found.len(), 1, "{what}: {found:?}");
        assert!(found[0].0.contains(EMPTY_JOIN), "{what}: {found:?}");
        assert!(
            found[0].1.trim_end_matches(')').ends_with("B.f"),
            "{what}: {found:?}"
        );
    }
}

/// The same chain through a fun and through a macro: their arguments were elaborated
/// again for the warning too.
#[test]
fn always_empty_joins_through_funs_and_macros_are_checked_once() {
    let joins = 60;
    for (what, decl) in [
        ("fun", "fun g[x: univ]: univ { x.f }"),
        ("macro", "let g[x] = x.f"),
    ] {
        let model = format!(
            "sig A {{ f: set A }} sig B {{}}\n{decl}\nfact {{ some B{} }}\n",
            ".g".repeat(joins)
        );
        let found = warnings_within_deadline(what, model);
        assert!(
            found.iter().any(|(m, _)| m.contains(EMPTY_JOIN)),
            "{what}: {found:?}"
        );
    }
}

/// A chain of joins with a field declared in two sigs kept every combination of
/// meanings the context might still choose: 2^n of them (18 joins took 150 MB, and the
/// error said "131072 possible meanings"). Alike meanings are now kept only a few at a
/// time; the name stays ambiguous.
#[test]
fn a_chain_of_overloaded_joins_stays_small_and_ambiguous() {
    let count = |message: &str| -> usize {
        let tail = message.split("it has ").nth(1).expect("a count");
        tail.split(' ').next().unwrap().parse().expect("a number")
    };
    let joins = 14;
    let model = format!(
        "sig A {{ f: set A + B }} sig B {{ f: set A + B }}\nfact {{ some (A + B){} }}\n",
        ".f".repeat(joins)
    );
    let (sources, checked) = load(&model);
    let message = sources.render(&checked.expect_err("ambiguous").0, false);
    assert!(message.contains("this name is ambiguous"), "{message}");
    assert!(count(&message) <= 16, "{message}");
    let joins = 60;
    let model = format!(
        "sig A {{ f: set A + B }} sig B {{ f: set A + B }}\nfact {{ some (A + B){} }}\n",
        ".f".repeat(joins)
    );
    let message = within_deadline("overloaded chain", move || {
        let (sources, checked) = load(&model);
        match checked {
            Ok(_) => panic!("an ambiguous name was accepted"),
            Err(e) => sources.render(&e.0, false),
        }
    });
    assert!(message.contains("this name is ambiguous"), "{message}");
    // With a sig to settle each join it is fine, and solves.
    let model = format!(
        "sig A {{ f: set A + B }} sig B {{ f: set A + B }}\nrun {{ some (A + B){} }} for 2\n",
        ".(A <: f)".repeat(joins)
    );
    let found = within_deadline("settled chain", move || {
        let (sources, checked) = load(&model);
        let checked = checked.unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
        CommandRun::start(&checked, 0, &RunOptions::default())
            .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)))
            .found()
    });
    assert_eq!(found, Some(1));
}

/// Load, build and solve the first command, returning what it found and the time each
/// step took (printed with `--nocapture`).
fn load_build_solve(what: &str, text: String) -> Option<u32> {
    let what = what.to_string();
    within_deadline(&what.clone(), move || {
        let start = Instant::now();
        let (sources, checked) = load(&text);
        let checked = checked.unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
        let loaded = start.elapsed();
        let built = Instant::now();
        checked
            .build_command(0)
            .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
        let built = built.elapsed();
        let solved = Instant::now();
        let run = CommandRun::start(&checked, 0, &RunOptions::default())
            .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
        eprintln!(
            "{what}: load {loaded:?}, build {built:?}, build and solve {:?}",
            solved.elapsed()
        );
        run.found()
    })
}

/// Loading, building and solving `sigs` top-level sigs: the loader compared each new
/// sig's name with every earlier one, the bounds builder scanned every relation for
/// each sig (20,000 sigs: 2.9 s, 40,000: 26 s).
#[test]
fn twenty_thousand_sigs_load_in_linear_time() {
    let sigs = 20_000;
    let text: String = (0..sigs).map(|i| format!("sig S{i} {{}}\n")).collect();
    let start = Instant::now();
    let found = load_build_solve("20,000 sigs", text + "run {} for 1\n");
    assert_eq!(found, Some(1));
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}

/// Each sig with a field: every field's constraints joined with a fresh `univ`, which
/// translation and the re-check built anew over all atoms, and the presentation looked
/// each field up among all of them (10,000: 14.8 s and 490 MB).
#[test]
fn twenty_thousand_sigs_with_a_field_each_load_in_linear_time() {
    let sigs = 20_000;
    let text: String = (0..sigs)
        .map(|i| format!("sig S{i} {{ f{i}: set S{i} }}\n"))
        .collect();
    let found = load_build_solve("20,000 sigs with fields", text + "run {} for 1\n");
    assert_eq!(found, Some(1));
}

/// 20,000 `one sig`s under one abstract sig: the parent's value was a union 20,000
/// deep, whose passes overflowed the stack; now a balanced union.
#[test]
fn many_children_of_one_sig_make_a_shallow_union() {
    let children = 20_000;
    let text: String = (0..children)
        .map(|i| format!("one sig S{i} extends A {{}}\n"))
        .collect();
    let found = load_build_solve(
        "20,000 one sigs",
        format!("abstract sig A {{}}\n{text}run {{ #A = {children} }} for 1\n"),
    );
    assert_eq!(found, Some(1));
}

/// 2,000 children sharing their parent's atoms: disjointness pair by pair was two
/// million formulas (26 s, 1.6 GB); by halves it is 2,000. The two statements agree.
#[test]
fn many_children_sharing_atoms_are_disjoint_by_halves() {
    let children = 2_000;
    let text: String = (0..children)
        .map(|i| format!("sig S{i} extends A {{}}\n"))
        .collect();
    let found = load_build_solve(
        "2,000 children sharing atoms",
        format!("sig A {{}}\n{text}run {{ some S0 and some S1999 }} for 2\n"),
    );
    assert_eq!(found, Some(1));
    // Past the pairwise limit, any two children sharing an atom are still disjoint:
    // with two atoms, three non-empty children cannot be.
    let sibs = 100;
    let text: String = (0..sibs)
        .map(|i| format!("sig S{i} extends A {{}}\n"))
        .collect();
    for (body, expect) in [
        ("some S0 and some S50", Some(1)),
        ("some S0 and some S50 and some S99", Some(0)),
        ("some S3 & S97", Some(0)),
        ("#(A - S0 - S1) = 2", Some(1)),
        ("#A = 2 and some S10 and no A - S10 - S20", Some(1)),
    ] {
        let found = load_build_solve(body, format!("sig A {{}}\n{text}run {{ {body} }} for 2\n"));
        assert_eq!(found, expect, "{body}");
    }
}

/// Each error message of a model that does not load, as (message, text under the span).
fn load_errors(text: &str) -> Vec<(String, String)> {
    let (sources, checked) = load(text);
    match checked {
        Ok(_) => Vec::new(),
        Err(e) => {
            e.0.iter()
                .map(|d| {
                    let span = d.span.expect("a span");
                    (d.message.clone(), sources.snippet(span).to_string())
                })
                .collect()
        }
    }
}

/// The loader's rules, now kept through a name index per module and a linear cycle
/// search instead of scans: which declarations clash, which field names may repeat,
/// which sigs are their own ancestors.
#[test]
fn the_loader_keeps_its_rules_with_indexes() {
    let clash = |text: &str, message: &str, snippet: &str| {
        let errors = load_errors(text);
        assert!(
            errors
                .iter()
                .any(|(m, s)| m.contains(message) && s == snippet),
            "{text}: {errors:?}"
        );
    };
    let fine = |text: &str| {
        let errors = load_errors(text);
        assert!(errors.is_empty(), "{text}: {errors:?}");
    };
    clash("sig A {} sig B {} sig A {}", "already a sig named `A`", "A");
    clash(
        "let m[x] = x let n[x] = x let m[y] = y",
        "already a macro named `m`",
        "m",
    );
    clash(
        "sig A {} assert a { some A } assert b { no A } assert a { lone A }",
        "already an assertion named `a`",
        "a",
    );
    clash(
        "sig A {} pred p[x: A] {} pred q[x: A] {} pred p[y: A] {}",
        "declared twice in this module",
        "p",
    );
    clash(
        "sig A { f: set A, g: set A, f: lone A }",
        "already has a field named `f`",
        "f",
    );
    // Field names repeat only where the sigs' atoms cannot overlap.
    let overlap = "already used by an overlapping sig";
    fine("sig A { f: set A } sig B { f: set B } sig C extends A { g: set C }");
    clash(
        "sig A { f: set A } sig B extends A { f: set B }",
        overlap,
        "f",
    );
    clash(
        "sig A {} sig B in A { f: set A } sig C extends A { f: set A }",
        overlap,
        "f",
    );
    clash(
        "sig A {} sig B {} sig C in A + B { f: set A } sig D extends B { f: set B }",
        overlap,
        "f",
    );
    clash(
        "sig A {} sig B { f: set B } sig C in univ { f: set A }",
        overlap,
        "f",
    );
    fine("sig A {} sig B {} sig C in A { f: set A } sig D extends B { f: set B }");
    // Cycles, also through subset sigs; a sig leading into a cycle is not on it.
    let ancestor = "its own ancestor";
    clash("sig A extends B {} sig B extends A {}", ancestor, "A");
    clash("sig A extends B {} sig B extends A {}", ancestor, "B");
    clash("sig A in A {}", ancestor, "A");
    clash("sig A {} sig B in A + C {} sig C in B {}", ancestor, "C");
    let errors = load_errors("sig A {} sig B in A + C {} sig C in B {} sig D in C {}");
    assert!(
        errors
            .iter()
            .all(|(m, s)| !m.contains(ancestor) || s != "D"),
        "{errors:?}"
    );
}

/// Many sigs with fields of one name: the rule above compared every pair of fields
/// (5,000: 3 s; 20,000: 52 s and 1.7 GB); now only those under one top-level sig.
#[test]
fn many_fields_of_one_name_load_in_linear_time() {
    let sigs = 20_000;
    let text: String = (0..sigs)
        .map(|i| format!("sig S{i} {{ f: set S{i} }}\n"))
        .collect();
    let found = load_build_solve("20,000 fields named f", text + "run {} for 1\n");
    assert_eq!(found, Some(1));
}

/// `run` a model's first command with a limit on primary variables: what it found, or
/// the rendered refusal.
fn run_with_max_vars(text: String, max_vars: u64) -> Result<Option<u32>, String> {
    within_deadline("run", move || {
        let (sources, checked) = load(&text);
        let checked = checked.unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
        let opts = RunOptions {
            max_vars,
            ..RunOptions::default()
        };
        CommandRun::start(&checked, 0, &opts)
            .map(|run| run.found())
            .map_err(|e| {
                assert!(e.0.iter().all(|d| d.span.is_some()), "a span");
                sources.render(&e.0, false)
            })
    })
}

/// Nested quantifiers over relations, used or not: each level's verifier holds the
/// relations of the levels around it, so 200 nested `all r: univ -> univ` took 19 s and
/// 1.2 GB, 400 ran out of 4 GB, and `--max-vars` did not count them. They are refused
/// now before anything is allocated, as too many primary variables are.
#[test]
fn nested_quantifiers_over_relations_are_refused_like_too_many_variables() {
    let default = solder::check::command::DEFAULT_MAX_VARS;
    for (what, body) in [
        ("unused", "some A"),
        ("the outermost used", "some A and some r0"),
    ] {
        let nest: String = (0..400)
            .map(|i| format!("all r{i}: univ -> univ | "))
            .collect();
        let refusal = run_with_max_vars(format!("sig A {{}}\nrun {{ {nest}{body} }}\n"), default)
            .expect_err(what);
        assert!(refusal.contains("too large to solve"), "{what}: {refusal}");
        assert!(
            refusal.contains("over the limit of 2,000,000"),
            "{what}: {refusal}"
        );
        assert!(refusal.contains("--max-vars"), "{what}: {refusal}");
    }
    // The same limit as `--max-vars`: two nested quantifiers over 361 tuples (3 atoms
    // and 16 integers, squared) need 361 + 722, and the model's `A` 3 more.
    let two = "sig A {}\nrun { all r: univ -> univ | all s: univ -> univ | some r + s }\n";
    let refusal = run_with_max_vars(two.into(), 1_085).expect_err("over the limit");
    assert!(
        refusal.contains("at least 1,086 primary variables"),
        "{refusal}"
    );
    assert_eq!(run_with_max_vars(two.into(), 1_086), Ok(Some(0)));
    // Existentials that skolemization makes relations cost their tuples once each.
    let nest: String = (0..400)
        .map(|i| format!("some r{i}: univ -> univ | "))
        .collect();
    let found = run_with_max_vars(format!("sig A {{}}\nrun {{ {nest}some A }}\n"), default);
    assert_eq!(found, Ok(Some(1)));
}

/// A fun that uses its argument twice, applied to itself: inlining shares the argument's
/// node, so the formula is a graph of 30 levels whose tree has 2^30 leaves. Normalizing
/// a quantifier over relations and harvesting candidate terms walked the tree (over a
/// minute); each node is now visited once per polarity.
#[test]
fn shared_nodes_under_a_quantifier_over_relations_are_walked_once() {
    let mut e = "A.r".to_string();
    for _ in 0..30 {
        e = format!("g[{e}]");
    }
    let text = format!(
        "sig A {{ f: set A }}\nfun g[x: set A]: set A {{ x.f + x.~f }}\n\
         run {{ all r: A -> A | some {e} implies some A }} for 3\n\
         run {{ some r: A -> A | no {e} and some r }} for 3\n"
    );
    assert!(load_build_solve("30 nested shared funs", text).is_some());
}
