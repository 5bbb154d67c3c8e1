//! Every bundled example, every command with an `expect`: the verdict must match under
//! both SAT backends and with each optimization switched off, and every instance must pass
//! the independent evaluator (verification is on).

use std::path::{Path, PathBuf};

use solder::diagnostic::SourceMap;
use solder::session::{CommandRun, RunOptions, load_file};
use solder::solve::BackendKind;

fn example_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("examples/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "als"))
        .collect();
    files.sort();
    files
}

fn configurations() -> Vec<(&'static str, RunOptions)> {
    let mut out = Vec::new();
    for (name, backend) in [
        ("cadical", BackendKind::Cadical),
        ("varisat", BackendKind::Varisat),
    ] {
        let mut o = RunOptions::default();
        o.solve.backend = backend;
        out.push((name, o));
    }
    let mut no_symmetry = RunOptions::default();
    no_symmetry.solve.symmetry = 0;
    out.push(("symmetry 0", no_symmetry));
    let mut no_fix = RunOptions::default();
    no_fix.solve.fix_orders = false;
    out.push(("no fixed orders", no_fix));
    out
}

#[test]
fn every_example_meets_its_expectations() {
    let files = example_files();
    assert!(files.len() >= 10, "expected at least ten example models");
    let mut commands = 0;
    let mut failures = Vec::new();
    for file in &files {
        let mut sources = SourceMap::new();
        let checked = match load_file(&mut sources, file) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!(
                    "{}: does not load:\n{}",
                    file.display(),
                    sources.render(&e.0, false)
                ));
                continue;
            }
        };
        for (i, cmd) in checked.model.commands.iter().enumerate() {
            let Some(expect) = cmd.expect else {
                failures.push(format!("{} {}: no `expect`", file.display(), cmd.label));
                continue;
            };
            commands += 1;
            for (config, opts) in configurations() {
                match CommandRun::start(&checked, i, &opts) {
                    Ok(run) if run.found() == Some(expect) => {}
                    Ok(run) => failures.push(format!(
                        "{} {} [{config}]: expect {expect}, got {:?}",
                        file.display(),
                        cmd.label,
                        run.found()
                    )),
                    Err(e) => failures.push(format!(
                        "{} {} [{config}]: {}",
                        file.display(),
                        cmd.label,
                        sources.render(&e.0, false)
                    )),
                }
            }
        }
    }
    println!("{} example files, {commands} commands", files.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
