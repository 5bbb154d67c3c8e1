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
/// misses it is left behind (it cannot be stopped), and the test fails.
fn within_deadline<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = mpsc::channel();
    std::thread::Builder::new()
        .stack_size(64 << 20)
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
