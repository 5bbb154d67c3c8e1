//! The isolation examples (`examples/isolation/*.als`): every command has an `expect` and
//! must meet it with the default options and without term instantiation, with every
//! instance verified; the smaller files also under the other SAT backend and without
//! symmetry breaking. (The framework
//! equivalences take minutes under varisat; `cargo bench --bench cegis` times them under
//! every backend combination.)
//!
//! Commands that put an isolation level under `not` are solved by CEGIS; the examples mark
//! them with a "needs CEGIS" comment, and a test keeps the marks exact.
//!
//! It also renders solved instances with the history view, end to end, and checks that
//! shrinking `TapRA and not RA` gives the Isolde paper's two-transaction witness.

use std::path::{Path, PathBuf};

use solder::check::Checked;
use solder::diagnostic::SourceMap;
use solder::render::history::render_history;
use solder::session::{CommandRun, RunOptions, load_file};
use solder::solve::BackendKind;
use solder::solve::Outcome;

fn example_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/isolation")
}

fn example_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(example_dir())
        .expect("examples/isolation/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "als"))
        .collect();
    files.sort();
    files
}

fn load(sources: &mut SourceMap, file: &Path) -> Checked {
    load_file(sources, file).unwrap_or_else(|e| {
        panic!(
            "{} does not load:\n{}",
            file.display(),
            sources.render(&e.0, false)
        )
    })
}

/// Whether the comment block nearest above the command starting at byte `start` says the
/// command needs CEGIS. Lines of other commands in between are skipped (a comment may
/// cover a group of commands); a blank line ends the search.
fn marked_as_needing_cegis(text: &str, start: usize) -> bool {
    // the text before the command's line
    let before = &text[..text[..start].rfind('\n').unwrap_or(0)];
    let mut in_comment = false;
    for line in before.lines().rev() {
        let line = line.trim();
        if line.is_empty() {
            return false;
        }
        if line.starts_with("--") {
            if line.contains("need CEGIS") || line.contains("needs CEGIS") {
                return true;
            }
            in_comment = true;
        } else if in_comment {
            return false; // the block ended without the mark
        }
    }
    false
}

/// Files whose commands also run under the other configurations (the rest take minutes
/// under varisat).
fn small_file(file: &Path) -> bool {
    let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.starts_with("history-")
        || ["anomalies.als", "fekete.als", "lost-update.als"].contains(&name)
}

#[test]
fn isolation_examples_meet_their_expectations() {
    let files = example_files();
    assert!(files.len() >= 8, "expected the isolation examples");
    let mut passed = 0;
    let mut failures = Vec::new();
    for file in &files {
        let mut sources = SourceMap::new();
        let checked = load(&mut sources, file);
        for (i, cmd) in checked.model.commands.iter().enumerate() {
            let name = format!("{} {}", file.display(), cmd.label);
            let Some(expect) = cmd.expect else {
                failures.push(format!("{name}: no `expect`"));
                continue;
            };
            let configs: &[(&str, Option<BackendKind>, usize, bool)] = if small_file(file) {
                &[
                    ("default", None, 20, true),
                    ("no terms", None, 20, false),
                    ("varisat", Some(BackendKind::Varisat), 20, true),
                    ("cadical", Some(BackendKind::Cadical), 20, true),
                    ("symmetry 0, re-check unsaturated", None, 0, true),
                    ("re-check every relation", None, 20, true),
                ]
            } else {
                &[("default", None, 20, true), ("no terms", None, 20, false)]
            };
            for &(config, backend, symmetry, terms) in configs {
                let mut opts = RunOptions::default();
                opts.solve.terms = terms;
                if let Some(backend) = backend {
                    opts.solve.backend = backend;
                    opts.solve.candidate_backend = Some(backend);
                    opts.solve.verifier_backend = Some(backend);
                }
                opts.solve.symmetry = symmetry;
                opts.solve.check_lemmas = true;
                // The re-check's enumeration of orders only, off: same verdicts, and
                // every instance still passes the re-check.
                opts.solve.recheck_orders = config != "re-check every relation";
                // And without saturating the orders' guards.
                opts.solve.recheck_saturate = !config.ends_with("unsaturated");
                match CommandRun::start(&checked, i, &opts) {
                    Ok(run) if run.found() == Some(expect) => passed += 1,
                    Ok(run) => failures.push(format!(
                        "{name} [{config}]: expect {expect}, got {:?}",
                        run.found()
                    )),
                    Err(e) => failures.push(format!(
                        "{name} [{config}]: {}",
                        sources.render(&e.0, false)
                    )),
                }
            }
        }
    }
    println!("{passed} runs passed");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The marks say exactly which commands need CEGIS: a command needs it when some
/// isolation level (a pred whose body starts with a higher-order `some`) appears under
/// `not`. This is checked on the text, independently of the solver, so that the marks
/// remain right once CEGIS lands.
#[test]
fn cegis_marks_are_exact() {
    let levels = library_levels();
    for file in example_files() {
        let text = std::fs::read_to_string(&file).expect("readable example");
        let mut sources = SourceMap::new();
        let checked = load(&mut sources, &file);
        for cmd in &checked.model.commands {
            let span = cmd.span.range();
            let command_text = &text[span.clone()];
            let negates_a_level = command_text.split("not ").skip(1).any(|after| {
                let word: String = after
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                levels.contains(&word)
            });
            let marked = marked_as_needing_cegis(&text, span.start);
            assert_eq!(
                marked,
                negates_a_level,
                "{} {}: marked as needing CEGIS: {marked}, puts a level under `not`: {negates_a_level}",
                file.display(),
                cmd.label
            );
        }
    }
}

/// Names of the library's history-level preds (`pred L { some w: ... | ... }`).
fn library_levels() -> Vec<String> {
    let stdlib = Path::new(env!("CARGO_MANIFEST_DIR")).join("stdlib/isolation");
    let mut levels = Vec::new();
    for entry in std::fs::read_dir(stdlib).expect("stdlib/isolation") {
        let text = std::fs::read_to_string(entry.expect("entry").path()).expect("module");
        let mut lines = text.lines().peekable();
        while let Some(line) = lines.next() {
            let Some(rest) = line.strip_prefix("pred ") else {
                continue;
            };
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let after_name = &rest[name.len()..];
            let body = if after_name.trim_start().starts_with('{') {
                let inline = after_name.trim_start()[1..].trim().to_string();
                if inline.is_empty() {
                    lines
                        .peek()
                        .map(|l| l.trim().to_string())
                        .unwrap_or_default()
                } else {
                    inline
                }
            } else {
                continue; // a pred with parameters: an axiom, not a level
            };
            if body.starts_with("some co:")
                || body.starts_with("some vo:")
                || body.starts_with("some vis, ar:")
            {
                levels.push(name);
            }
        }
    }
    assert!(levels.len() >= 30, "found only the levels {levels:?}");
    levels
}

#[test]
fn a_solved_history_renders_as_in_the_paper() {
    let file = example_dir().join("anomalies.als");
    let mut sources = SourceMap::new();
    let checked = load(&mut sources, &file);
    let index = checked
        .find_command("isoldeGapIsTapRA")
        .expect("the command isoldeGapIsTapRA");
    let run = CommandRun::start(&checked, index, &RunOptions::default())
        .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
    let instance = run.instance().expect("an instance");
    let view = render_history(&run.command.presentation, instance, &run.skolems())
        .expect("the model opens the history module");
    // The shape of the witness is fixed; the skolems of the shape's `some` come after
    // the commit order, whose name is the command's.
    let lines: Vec<&str> = view.lines().collect();
    assert_eq!(
        lines[..4],
        [
            "T0: w(x,0)",
            "session 1: T1 → T2",
            "  T1: r(x,0) w(x,1)",
            "  T2: r(x,0)",
        ],
        "{view}"
    );
    assert!(lines.contains(&"co: T0 < T1 < T2"), "{view}");
}

/// `run { TapRA and not RA } for 5`, shrunk as the CLI does for histories, gives the
/// Isolde paper's witness shape: one session, `T1` writes x, then `T2` reads the initial
/// value of x (with or without `T1` reading x first: the model allows blind writes).
#[test]
fn tap_ra_not_ra_shrinks_to_the_isolde_witness() {
    let file = example_dir().join("plume.als");
    let mut sources = SourceMap::new();
    let checked = load(&mut sources, &file);
    let index = checked.find_command("tapRAnotRA").expect("tapRAnotRA");
    for symmetry in [20, 0] {
        let mut opts = RunOptions::default();
        opts.solve.symmetry = symmetry;
        let mut run = CommandRun::start(&checked, index, &opts)
            .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
        assert!(
            matches!(run.outcome, Outcome::Sat(_)),
            "TapRA and not RA is SAT"
        );
        run.shrink()
            .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
        let instance = run.instance().expect("still an instance after shrinking");
        let view =
            render_history(&run.command.presentation, instance, &run.skolems()).expect("a history");
        let lines: Vec<&str> = view.lines().collect();
        assert_eq!(lines[..2], ["T0: w(x,0)", "session 1: T1 → T2"], "{view}");
        assert!(
            ["  T1: w(x,1)", "  T1: r(x,0) w(x,1)"].contains(&lines[2]),
            "{view}"
        );
        assert_eq!(lines[3], "  T2: r(x,0)", "{view}");
        assert_eq!(lines[4], "co: T0 < T1 < T2", "{view}");
        assert_eq!(lines.len(), 5, "{view}");
        // Nothing comes after a shrunk instance.
        assert!(run.advance().is_err());
    }
}
