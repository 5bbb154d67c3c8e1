//! Alloy's type-relevance warnings: expressions that their types make always empty, and
//! tests that their types decide. Each kind fires at its span; none fires on the bundled
//! examples, the library, or Alloy's own test models in `../shared/corpus/alloy-expect`;
//! `--deny-warnings` turns them into errors.

use std::path::{Path, PathBuf};
use std::process::Command;

use solder::check::{self, RootSource};
use solder::diagnostic::{Severity, SourceMap};

/// (message, text under the span) of every warning of a model.
fn warnings(text: &str) -> Vec<(String, String)> {
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "w.als".into(),
            text: text.into(),
            dir: None,
        },
    )
    .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
    checked
        .model
        .warnings
        .iter()
        .map(|w| {
            assert_eq!(w.severity, Severity::Warning);
            let span = w.span.expect("a warning has a span");
            (w.message.clone(), sources.snippet(span).to_string())
        })
        .collect()
}

const SIGS: &str = "sig A { f: set A } sig B { g: set B } sig C extends A {}\n";

fn one_warning(body: &str, message: &str, snippet: &str) {
    let found = warnings(&format!("{SIGS}{body}"));
    assert_eq!(found.len(), 1, "{body}: {found:?}");
    assert!(found[0].0.contains(message), "{body}: {found:?}");
    assert_eq!(found[0].1, snippet, "{body}");
}

#[test]
fn each_kind_of_warning_fires_at_its_span() {
    one_warning("fact { no A & B }", "`&` is always empty", "A & B");
    one_warning("fact { some A - B }", "`-` removes nothing", "A - B");
    one_warning(
        "fact { all b: B | some b.f }",
        "this join is always empty",
        "b.f",
    );
    one_warning(
        "fact { some (B -> B).f }",
        "this join is always empty",
        "(B -> B).f",
    );
    one_warning("fact { A in B }", "subset test holds only when", "A in B");
    one_warning(
        "pred p[x: B] { x = A }",
        "compares sides whose types",
        "x = A",
    );
}

#[test]
fn types_that_meet_give_no_warning() {
    for body in [
        "fact { no A & C }",
        "fact { some A - C }",
        "fact { all c: C | some c.f }",
        "fact { C in A }",
        "fact { A = C }",
        "fact { no none & A }",
        "fact { A.f in univ }",
        // Inside a call the argument types are the caller's: Alloy checks the pred once.
        "pred p[x: univ] { some x.f } fact { p[B] }",
    ] {
        let found = warnings(&format!("{SIGS}{body}"));
        assert!(found.is_empty(), "{body}: {found:?}");
    }
}

fn als_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            als_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "als") {
            out.push(p);
        }
    }
}

#[test]
fn no_warning_on_examples_library_or_alloys_own_models() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    als_files(&root.join("examples"), &mut files);
    als_files(&root.join("../shared/corpus/alloy-expect"), &mut files);
    let mut loaded = 0;
    let mut noisy = Vec::new();
    for file in &files {
        let mut sources = SourceMap::new();
        // Models solder cannot load (integers, sequences) are another test's business.
        let Ok(checked) = check::load(&mut sources, RootSource::File(file.clone())) else {
            continue;
        };
        loaded += 1;
        if !checked.model.warnings.is_empty() {
            noisy.push(format!(
                "{}:\n{}",
                file.display(),
                sources.render(&checked.model.warnings, false)
            ));
        }
    }
    // The examples (which open every library module) alone are 30 models; the corpus is
    // there when `../shared` is (not on every CI machine).
    assert!(loaded >= 25, "only {loaded} models loaded");
    assert!(noisy.is_empty(), "{}", noisy.join("\n"));
}

#[test]
fn deny_warnings_makes_them_errors() {
    let dir = std::env::temp_dir().join(format!("solder-warn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("w.als");
    std::fs::write(
        &file,
        format!("{SIGS}fact {{ no A & B }}\nrun {{}} for 2\n"),
    )
    .unwrap();
    let run = |deny: bool| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_solder"));
        cmd.args(["run", file.to_str().unwrap()]);
        if deny {
            cmd.arg("--deny-warnings");
        }
        cmd.output().unwrap()
    };
    let plain = run(false);
    assert!(plain.status.success());
    assert!(String::from_utf8_lossy(&plain.stderr).contains("Warning: `&` is always empty"));
    let denied = run(true);
    assert!(!denied.status.success());
    let err = String::from_utf8_lossy(&denied.stderr);
    assert!(err.contains("Error: `&` is always empty"), "{err}");
    assert!(!String::from_utf8_lossy(&denied.stdout).contains("instance"));
}
