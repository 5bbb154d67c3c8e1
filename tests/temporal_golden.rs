//! An independent oracle for Alloy 6's temporal logic: `tests/temporal-golden/` holds
//! generated temporal models (`var` sigs and fields, primes, every future and past
//! connective, `steps` scopes, lassos that loop back to later states), each with the
//! verdict of real Alloy 6 and, when it finds a trace, the trace's length. See
//! `tests/temporal-golden/README.md`; no verdict there comes from solder.
//!
//! Alloy tries trace lengths from the shortest, as solder does, so a first trace must have
//! Alloy's length: the shortest lasso that satisfies the command. Each model is solved
//! twice, with every optimization on and with symmetry breaking and tight bounds off (the
//! off switches must agree). Every trace is re-checked by the evaluator, which reads the
//! temporal connectives on the trace itself (`session::verify_trace`).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common::manifest::manifest;
use solder::check::{self, RootSource};
use solder::diagnostic::SourceMap;
use solder::session::{CommandRun, RunOptions};

struct Case {
    name: String,
    sat: bool,
    /// States of Alloy's first trace.
    length: Option<usize>,
}

/// (found, length of the first trace) under each of the two option sets.
fn solve(file: &Path) -> Result<Vec<(bool, Option<usize>)>, String> {
    let mut sources = SourceMap::new();
    let checked = check::load(&mut sources, RootSource::File(file.to_path_buf()))
        .map_err(|e| format!("does not load: {}", sources.render(&e.0, false)))?;
    let mut out = Vec::new();
    for plain in [false, true] {
        let mut opts = RunOptions {
            tight_field_bounds: !plain,
            ..RunOptions::default()
        };
        if plain {
            opts.solve.symmetry = 0;
        }
        let index = checked
            .model
            .commands
            .len()
            .checked_sub(1)
            .ok_or("no command")?;
        let run = CommandRun::start(&checked, index, &opts).map_err(|e| {
            let msgs: Vec<_> = e.0.iter().map(|d| d.message.clone()).collect();
            format!("command refused: {}", msgs.join("; "))
        })?;
        let found = run.found().ok_or("interrupted")? > 0;
        if found != run.trace.is_some() {
            return Err("an instance without a trace, or a trace without an instance".into());
        }
        out.push((found, run.trace.as_ref().map(|t| t.states.len())));
    }
    Ok(out)
}

#[test]
fn temporal_verdicts_and_trace_lengths_match_alloy() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/temporal-golden");
    let cases: Vec<Case> = manifest(&dir)
        .iter()
        .map(|v| Case {
            name: v["file"].as_str().expect("file").to_string(),
            sat: v["verdict"].as_str() == Some("sat"),
            length: v["trace_length"].as_u64().map(|n| n as usize),
        })
        .collect();
    assert!(cases.len() >= 590, "only {} cases", cases.len());
    let next = AtomicUsize::new(0);
    let problems = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    let got = catch_unwind(AssertUnwindSafe(|| solve(&dir.join(&case.name))))
                        .unwrap_or_else(|_| Err("panicked".into()));
                    let mut bad = Vec::new();
                    match got {
                        Err(why) => bad.push(format!("{}: {why}", case.name)),
                        Ok(answers) => {
                            for (mode, (found, length)) in ["default", "plain"].iter().zip(answers)
                            {
                                if found != case.sat {
                                    bad.push(format!(
                                        "{} ({mode}): Alloy {}, solder {}",
                                        case.name,
                                        if case.sat { "sat" } else { "unsat" },
                                        if found { "sat" } else { "unsat" }
                                    ));
                                } else if length != case.length {
                                    bad.push(format!(
                                        "{} ({mode}): Alloy's first trace has {:?} states, solder's {:?}",
                                        case.name, case.length, length
                                    ));
                                }
                            }
                        }
                    }
                    problems.lock().unwrap().extend(bad);
                }
            });
        }
    });
    let mut problems = problems.into_inner().unwrap();
    problems.sort();
    assert!(
        problems.is_empty(),
        "{} disagreement(s) with Alloy 6 (tests/temporal-golden/):\n{}",
        problems.len(),
        problems.join("\n")
    );
}
