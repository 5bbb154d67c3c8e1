//! The higher-order examples (`examples/higher-order/`) under every combination of the
//! CEGIS switches and both SAT backends; the naive baseline too, where it finishes within
//! a time limit (it is exponential by design) — and it must never give a wrong verdict.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use solder::diagnostic::SourceMap;
use solder::session::{CommandRun, RunOptions, load_file};
use solder::solve::{BackendKind, Outcome};

/// The examples, plus the regression models in `tests/models/`.
fn files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut v: Vec<PathBuf> = ["examples/higher-order", "tests/models"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "als"))
        .collect();
    v.sort();
    v
}

fn configurations() -> Vec<(String, RunOptions)> {
    // The defaults: CaDiCaL candidates, varisat verifiers.
    let mut defaults = RunOptions::default();
    defaults.solve.check_lemmas = true;
    let mut no_terms = defaults.clone();
    no_terms.solve.terms = false;
    let mut no_counting = defaults.clone();
    no_counting.solve.count_injections = false;
    let mut out = vec![
        ("defaults".to_string(), defaults),
        ("terms=false".to_string(), no_terms),
        ("count_injections=false".to_string(), no_counting),
    ];
    for instantiate in [true, false] {
        for fix_orders in [true, false] {
            for incremental in [true, false] {
                // Each backend alone, and the default mixed pair (which once hid a bug).
                let pairs = [
                    (BackendKind::Varisat, BackendKind::Varisat),
                    (BackendKind::Cadical, BackendKind::Cadical),
                    (BackendKind::Cadical, BackendKind::Varisat),
                ];
                for (candidate, verifier) in pairs {
                    let mut o = RunOptions::default();
                    o.solve.instantiate = instantiate;
                    // Term instantiation goes with witness instantiation here (both on,
                    // both off); `terms=false` above varies it alone.
                    o.solve.terms = instantiate;
                    o.solve.fix_orders = fix_orders;
                    o.solve.incremental = incremental;
                    o.solve.backend = candidate;
                    o.solve.candidate_backend = Some(candidate);
                    o.solve.verifier_backend = Some(verifier);
                    o.solve.check_lemmas = true;
                    out.push((
                        format!("instantiate={instantiate} fix_order={fix_orders} incremental={incremental} {candidate:?}/{verifier:?}"),
                        o,
                    ));
                }
            }
        }
    }
    out
}

#[test]
fn higher_order_examples_pass_under_every_switch() {
    let mut failures = Vec::new();
    let mut commands = 0;
    for file in files() {
        let mut sources = SourceMap::new();
        let checked = load_file(&mut sources, &file)
            .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
        for (i, cmd) in checked.model.commands.iter().enumerate() {
            let expect = cmd.expect.expect("every example command has an expect");
            commands += 1;
            for (name, opts) in configurations() {
                // A failed internal check panics; report it with the configuration.
                let started = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    CommandRun::start(&checked, i, &opts)
                }));
                let Ok(started) = started else {
                    failures.push(format!(
                        "{} {} [{name}]: panicked",
                        file.display(),
                        cmd.label
                    ));
                    continue;
                };
                match started {
                    Ok(run) if run.found() == Some(expect) => {}
                    Ok(run) => failures.push(format!(
                        "{} {} [{name}]: got {:?}",
                        file.display(),
                        cmd.label,
                        run.found()
                    )),
                    Err(e) => failures.push(format!(
                        "{} {} [{name}]: {}",
                        file.display(),
                        cmd.label,
                        sources.render(&e.0, false)
                    )),
                }
            }
        }
    }
    println!(
        "{commands} higher-order commands, {} configurations each",
        configurations().len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_naive_baseline_is_never_wrong() {
    let (mut finished, mut timed_out) = (0, 0);
    for file in files() {
        let mut sources = SourceMap::new();
        let checked = load_file(&mut sources, &file).unwrap();
        for (i, cmd) in checked.model.commands.iter().enumerate() {
            let stop = Arc::new(AtomicBool::new(false));
            let mut opts = RunOptions::default();
            opts.solve.naive = true;
            opts.solve.backend = BackendKind::Cadical;
            opts.solve.stop = Some(stop.clone());
            let timer = {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    std::thread::sleep(Duration::from_secs(3));
                    stop.store(true, Ordering::Relaxed);
                })
            };
            let run = CommandRun::start(&checked, i, &opts).unwrap();
            drop(timer);
            if matches!(run.outcome, Outcome::Interrupted) {
                timed_out += 1;
            } else {
                finished += 1;
                assert_eq!(run.found(), cmd.expect, "{} {}", file.display(), cmd.label);
            }
        }
    }
    println!("naive baseline: {finished} commands finished, {timed_out} stopped after 3 s");
    assert!(finished > timed_out);
}
