//! The language-level oracle: `../shared/alloy-golden/` holds generated Alloy models with
//! Alloy 6's verdict and the number of distinct instances up to renaming of atoms that
//! Alloy 6 enumerates with symmetry breaking off. Every model must get the same verdict,
//! and enumerating all instances (symmetry breaking off) must reach exactly as many
//! isomorphism classes: a dropped or invented declaration constraint changes the count.
//!
//! The models are generated data read in place; the test is skipped when they are absent.

use crate::common::iso_count;
use crate::common::manifest as manifest_file;

use manifest_file::manifest;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use iso_count::{NamedInstance, count_classes};
use solder::diagnostic::SourceMap;
use solder::render::json::instance_json;
use solder::session::{CommandRun, RunOptions, load_file};
use solder::solve::Outcome;

struct Case {
    id: String,
    file: PathBuf,
    expected: String,
    cap: usize,
    distinct: Option<usize>,
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/alloy-golden")
}

fn cases(dir: &Path) -> Vec<Case> {
    manifest(dir)
        .iter()
        .map(|v| Case {
            id: v["id"].as_str().expect("id").to_string(),
            file: dir.join(v["file"].as_str().expect("file")),
            expected: v["expected"].as_str().expect("expected").to_string(),
            cap: v["cap"].as_u64().expect("cap") as usize,
            distinct: v["alloy6_distinct"].as_u64().map(|n| n as usize),
        })
        .collect()
}

/// An instance as relation name → tuples of atom names, over the model's own sigs and
/// fields (skolem `$…` and library `…/…` relations dropped, as the oracle did).
fn named(run: &CommandRun) -> Option<NamedInstance> {
    let Outcome::Sat(inst) = &run.outcome else {
        return None;
    };
    let json = instance_json(&run.command.presentation, inst, &[]);
    let mut out = BTreeMap::new();
    for (key, tuples) in json.as_object().expect("an object") {
        if key.starts_with('$') || key.contains('/') {
            continue;
        }
        let rows = tuples
            .as_array()
            .expect("tuples")
            .iter()
            .map(|t| {
                t.as_array()
                    .expect("a tuple")
                    .iter()
                    .map(|a| a.as_str().expect("an atom").to_string())
                    .collect()
            })
            .collect();
        out.insert(key.clone(), rows);
    }
    Some(out)
}

enum Disagreement {
    Rejected(String),
    Verdict(String),
    Count(usize, usize),
}

/// Verdict and count with every switch that changes the encoding of the declarations'
/// constraints: singleton overlap and bounds narrowed by declarations, on and off, must
/// both agree with Alloy 6.
fn run_case(case: &Case) -> Result<(), (Disagreement, &'static str)> {
    for (on, label) in [
        (true, ""),
        (false, " (--no-singleton-overlap --no-tight-bounds)"),
    ] {
        run_case_with(case, on).map_err(|d| (d, label))?;
    }
    Ok(())
}

fn run_case_with(case: &Case, optimized: bool) -> Result<(), Disagreement> {
    let mut sources = SourceMap::new();
    let checked = load_file(&mut sources, &case.file)
        .map_err(|e| Disagreement::Rejected(e.0[0].message.clone()))?;
    let err = |e: solder::diagnostic::Errors| Disagreement::Rejected(e.0[0].message.clone());
    let mut opts = RunOptions::default();
    opts.solve.overlap_singletons = optimized;
    opts.tight_field_bounds = optimized;
    opts.child_blocks = optimized;
    let run = CommandRun::start(&checked, 0, &opts).map_err(err)?;
    let verdict = if matches!(run.outcome, Outcome::Sat(_)) {
        "sat"
    } else {
        "unsat"
    };
    if verdict != case.expected {
        return Err(Disagreement::Verdict(verdict.to_string()));
    }
    let Some(expected) = case.distinct else {
        return Ok(());
    };
    // Every instance, symmetry breaking off; the count is comparable below the cap only.
    opts.solve.symmetry = 0;
    let mut run = CommandRun::start(&checked, 0, &opts).map_err(err)?;
    let mut instances = Vec::new();
    while let Some(inst) = named(&run) {
        instances.push(inst);
        if instances.len() > case.cap {
            return Ok(());
        }
        run.advance().map_err(err)?;
    }
    let got = count_classes(&instances).expect("instances small enough to canonicalize");
    if got != expected {
        return Err(Disagreement::Count(got, expected));
    }
    Ok(())
}

#[test]
fn golden_models_match_alloy6_verdicts_and_counts() {
    let dir = golden_dir();
    if !dir.join("manifest.jsonl").is_file() {
        println!("alloy-golden not found at {}, skipping", dir.display());
        return;
    }
    let cases = cases(&dir);
    let started = Instant::now();
    let next = Mutex::new(0usize);
    let failures: Mutex<Vec<(usize, String)>> = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().unwrap();
                        *n += 1;
                        *n - 1
                    };
                    let Some(case) = cases.get(i) else { break };
                    let message = match std::panic::catch_unwind(|| run_case(case)) {
                        Ok(Ok(())) => continue,
                        Ok(Err((Disagreement::Rejected(m), _))) => format!("rejected: {m}"),
                        Ok(Err((Disagreement::Verdict(v), switch))) => {
                            format!("verdict {v}{switch}, Alloy 6 says {}", case.expected)
                        }
                        Ok(Err((Disagreement::Count(got, want), switch))) => {
                            format!("{got} isomorphism classes{switch}, Alloy 6 has {want}")
                        }
                        Err(_) => "panicked".to_string(),
                    };
                    failures
                        .lock()
                        .unwrap()
                        .push((i, format!("{}: {message}", case.id)));
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    failures.sort();
    println!(
        "alloy-golden: {} models, {} disagreements, {:.1} s",
        cases.len(),
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    for (_, f) in &failures {
        println!("  {f}");
    }
    assert!(
        failures.is_empty(),
        "{} of {} golden models disagree with Alloy 6",
        failures.len(),
        cases.len()
    );
}
