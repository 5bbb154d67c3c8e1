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

/// The shortest lasso of the infinite trace that `states` followed by `states[loop_to..]`
/// forever describes: the loop cut to its period, then the prefix shortened while its
/// last state equals the loop's last. Two lassos describe one trace exactly when these
/// are equal.
fn canonical<S: PartialEq + Clone>(states: &[S], loop_to: usize) -> (Vec<S>, usize) {
    let body = &states[loop_to..];
    let period = (1..=body.len())
        .find(|p| body.len().is_multiple_of(*p) && (*p..body.len()).all(|i| body[i] == body[i - p]))
        .expect("the whole loop is a period");
    let mut start = loop_to;
    while start > 0 && states[start - 1] == states[start - 1 + period] {
        start -= 1;
    }
    (states[..start + period].to_vec(), start)
}

#[test]
fn canonical_lassos_identify_equal_traces() {
    // a b (b b)* = a (b)*; (a b a b) loop from 0 = (a b)*; a (b a)* = (a b)*.
    assert_eq!(canonical(&["a", "b", "b", "b"], 2), (vec!["a", "b"], 1));
    assert_eq!(canonical(&["a", "b", "a", "b"], 0), (vec!["a", "b"], 0));
    assert_eq!(canonical(&["a", "b", "a"], 1), (vec!["a", "b"], 0));
    assert_eq!(canonical(&["a", "b", "c"], 1), (vec!["a", "b", "c"], 1));
}

/// Alloy 6's count of a temporal command (`A4Solution.next()` until none is left, in the
/// manifest) is the number of distinct infinite traces, representable in at most
/// `max_steps` states, of the first solution's static configuration (the README of
/// `tests/temporal-golden` says how this was established). It is a property of the
/// command alone where that configuration has no choice (every static relation's bounds
/// fix it), no witness is fixed with it (no quantifier or pred parameter) and traces
/// start from one state (`min_steps` = 1). There it is compared with solder's: every
/// lasso of `max_steps` states enumerated (every shorter lasso is also one of that
/// length), each cut to its shortest form, the distinct forms counted.
#[test]
fn trace_counts_match_alloys_where_the_command_fixes_them() {
    use solder::logic::temporal::unroll;
    use solder::solve::{Outcome, SolveOptions, Solver};
    use std::collections::HashSet;

    const MAX_LASSOS: usize = 20_000;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/temporal-golden");
    let (mut compared, mut total) = (0, 0);
    let mut problems = Vec::new();
    for v in manifest(&dir) {
        let Some(count) = v["count"].as_u64() else {
            continue;
        };
        let features: Vec<&str> = v["features"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_str().unwrap())
            .collect();
        if v["min_steps"].as_u64() != Some(1)
            || features
                .iter()
                .any(|f| f.contains("quantifier") || *f == "pred_param")
        {
            continue;
        }
        let name = v["file"].as_str().unwrap();
        let mut sources = SourceMap::new();
        let checked = check::load(&mut sources, RootSource::File(dir.join(name))).unwrap();
        let index = checked.model.commands.len() - 1;
        let command = checked.build_command(index).unwrap();
        let Some(temporal) = &command.temporal else {
            continue;
        };
        let bounds = &command.problem.bounds;
        let free_configuration =
            bounds.relations.iter().enumerate().any(|(k, r)| {
                !temporal.var.iter().any(|v| v.0 as usize == k) && r.lower != r.upper
            });
        if free_configuration {
            continue;
        }
        total += 1;
        let unrolled = unroll(&command.problem, &temporal.var, temporal.max_steps);
        let opts = SolveOptions {
            symmetry: 0,
            skolem_prefix: command.skolem_prefix.clone(),
            ..SolveOptions::default()
        };
        let mut solver = Solver::new(&unrolled.problem, &opts).unwrap();
        let mut traces = HashSet::new();
        let mut lassos = 0;
        while lassos <= MAX_LASSOS {
            match solver.next().unwrap() {
                Outcome::Sat(inst) => {
                    lassos += 1;
                    let (states, loop_to) = unrolled.split(&inst.values);
                    let var_states: Vec<Vec<_>> = states
                        .iter()
                        .map(|s| {
                            temporal
                                .var
                                .iter()
                                .map(|r| s[r.0 as usize].clone())
                                .collect()
                        })
                        .collect();
                    traces.insert(canonical(&var_states, loop_to));
                }
                Outcome::Unsat => break,
                Outcome::Interrupted => panic!("interrupted"),
            }
        }
        if lassos > MAX_LASSOS {
            continue;
        }
        compared += 1;
        if traces.len() as u64 != count {
            problems.push(format!(
                "{name}: Alloy counts {count} traces, solder {}",
                traces.len()
            ));
        }
    }
    println!("trace counts compared on {compared} of {total} models whose command fixes them");
    assert!(
        problems.is_empty(),
        "{} count(s) differ from Alloy 6's:\n{}",
        problems.len(),
        problems.join("\n")
    );
    // Few generated models leave the configuration no choice; recording Alloy's first
    // configuration in the manifest would let every count be compared.
    assert!(compared >= 3, "only {compared} counts compared");
}
