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
    // Alloy's "This variable is unused", for quantifiers, `sum` and `let`.
    one_warning("fact { all x: A | some A }", "`x` is unused", "x");
    one_warning("fact { some x, y: A | x in A }", "`y` is unused", "y");
    one_warning("fact { (sum x: A | 1) > 0 }", "`x` is unused", "x");
    one_warning("fact { let q = A | some A }", "`q` is unused", "q");
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
        // A variable used only in a later bound is used; comprehension variables are not
        // checked (nor are they in Alloy).
        "fact { all x: A, y: x.f | some y }",
        "fact { some { x: A | some A } }",
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
fn no_warning_on_the_examples_or_the_library() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    als_files(&root.join("examples"), &mut files);
    let mut loaded = 0;
    let mut noisy = Vec::new();
    for file in &files {
        let mut sources = SourceMap::new();
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
    // The examples open every library module.
    assert!(loaded >= 25, "only {loaded} models loaded");
    assert!(noisy.is_empty(), "{}", noisy.join("\n"));
}

/// The corpus's models against the warnings Alloy 6 gives them (recorded in
/// `tests/models/alloy6-warnings.json` by running Alloy 6, built from source, on each):
/// solder warns only on lines where Alloy warns too. Skipped without `../shared/corpus`.
#[test]
fn warnings_on_the_corpus_are_warnings_alloy_gives() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("../shared/corpus");
    if !corpus.exists() {
        eprintln!("corpus not found at {}, skipping", corpus.display());
        return;
    }
    let recorded: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("tests/models/alloy6-warnings.json")).unwrap(),
    )
    .unwrap();
    let (mut compared, mut alloy_lines, mut shared_lines) = (0, 0, 0);
    let mut extra = Vec::new();
    for (file, entry) in recorded.as_object().unwrap() {
        if entry["error"].as_bool().unwrap_or(true) {
            continue;
        }
        let alloy: std::collections::BTreeSet<u64> = entry["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w[0].as_u64().unwrap())
            .collect();
        let mut sources = SourceMap::new();
        let Ok(checked) = check::load(&mut sources, RootSource::File(corpus.join(file))) else {
            continue;
        };
        compared += 1;
        let ours: std::collections::BTreeSet<u64> = checked
            .model
            .warnings
            .iter()
            .map(|w| {
                let span = w.span.unwrap();
                sources.line_col(span.file, span.start).0 as u64
            })
            .collect();
        alloy_lines += alloy.len();
        shared_lines += ours.intersection(&alloy).count();
        for line in ours.difference(&alloy) {
            extra.push(format!("{file}:{line}"));
        }
    }
    println!(
        "{compared} corpus models: solder warns on {shared_lines} of the {alloy_lines} lines Alloy 6 warns on, and nowhere else"
    );
    assert!(compared > 300, "only {compared} models compared");
    assert!(
        extra.is_empty(),
        "solder warns where Alloy 6 does not: {extra:?}"
    );
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
