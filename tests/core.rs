//! Unsat cores (`--core`, `core`): on every "no instance" command of the examples, under
//! both methods (failed assumptions on one translation, and deletion over whole solves),
//! the core is unsatisfiable on its own (checked with the other SAT backend) and every
//! member is needed: without it there is an instance, which the independent evaluator
//! confirms.

use std::path::{Path, PathBuf};
use std::process::Command;

use solder::check::core_parts::core_parts;
use solder::check::{self, Checked, RootSource};
use solder::diagnostic::SourceMap;
use solder::instance::Trace;
use solder::instance::evaluate::eval_formula;
use solder::instance::evaluate::eval_formula_on_trace;
use solder::logic::skolem::skolemize_shared;
use solder::logic::temporal::unroll;
use solder::logic::{Formula, Problem};
use solder::session::{CoreAnswer, RunOptions, unsat_core};
use solder::solve::core::{CoreOutcome, unsat_core as core_of};
use solder::solve::{BackendKind, Outcome, SolveOptions, Solver};

fn load(path: &Path) -> Checked {
    let mut sources = SourceMap::new();
    check::load(&mut sources, RootSource::File(path.to_path_buf()))
        .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)))
}

/// The background with the chosen parts of command `index`, the witnesses that several
/// parts share made relations first (as the core search does); `var` as for `core_parts`.
fn subset_problem(
    checked: &Checked,
    index: usize,
    keep: &[usize],
    command: &solder::check::CommandProblem,
    var: &[solder::logic::RelId],
) -> Problem {
    let split = core_parts(&checked.model, &checked.layout, index, var).expect("splits");
    let formulas: Vec<Formula> = split.parts.iter().map(|p| p.formula.clone()).collect();
    let (bounds, witness, parts) = skolemize_shared(
        &command.problem.bounds,
        &split.shared_decls(),
        &formulas,
        &command.skolem_prefix,
    );
    let formula = Formula::and(
        split
            .background
            .iter()
            .cloned()
            .chain(witness)
            .chain(keep.iter().map(|&i| parts[i].clone())),
    );
    Problem { bounds, formula }
}

/// Solve background ∧ the chosen parts; `Some(true)` with an instance the evaluator
/// accepts, `Some(false)` unsatisfiable, `None` when the evaluator cannot decide (too
/// large to enumerate: the instance is then not counted as checked).
fn solve_subset(
    checked: &Checked,
    index: usize,
    keep: &[usize],
    backend: BackendKind,
) -> (bool, bool) {
    let command = checked.build_command(index).expect("builds");
    let problem = subset_problem(checked, index, keep, &command, &[]);
    let opts = SolveOptions {
        backend,
        candidate_backend: Some(backend),
        verifier_backend: Some(backend),
        skolem_prefix: command.skolem_prefix.clone(),
        ..SolveOptions::default()
    };
    let mut solver = Solver::new(&problem, &opts).expect("solves");
    match solver.next().expect("answers") {
        Outcome::Sat(inst) => {
            let checked_by_evaluator = match eval_formula(&inst, &problem.formula) {
                Ok(holds) => {
                    assert!(holds, "the evaluator rejects an instance of a core subset");
                    true
                }
                Err(e) => {
                    assert!(e.message.contains("too large"), "{}", e.message);
                    false
                }
            };
            (true, checked_by_evaluator)
        }
        Outcome::Unsat => (false, false),
        Outcome::Interrupted => panic!("interrupted"),
    }
}

/// The example files whose "no instance" commands are quick enough to take apart.
fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "als"))
        .collect();
    files.push(root.join("higher-order/kernel.als"));
    files.push(root.join("higher-order/cliques.als"));
    files.sort();
    files
}

/// The core of command `index` by one method (temporal commands over lassos of their
/// longest length), and a line that names it for messages.
fn find_core(
    checked: &Checked,
    file: &Path,
    index: usize,
    command: &solder::check::CommandProblem,
    assumptions: bool,
) -> (Vec<usize>, String) {
    let var = command.temporal.as_ref().map_or(&[][..], |t| &t.var[..]);
    let unroll = command.temporal.as_ref().map(|t| (&t.var[..], t.max_steps));
    let split = core_parts(&checked.model, &checked.layout, index, var).expect("splits");
    let formulas: Vec<Formula> = split.parts.iter().map(|p| p.formula.clone()).collect();
    let opts = SolveOptions {
        skolem_prefix: command.skolem_prefix.clone(),
        ..SolveOptions::default()
    };
    let label = &checked.model.commands[index].label;
    let outcome = core_of(
        &command.problem.bounds,
        &split.background,
        &split.shared_decls(),
        &formulas,
        &opts,
        assumptions,
        unroll,
    )
    .expect("a core");
    let CoreOutcome::Core(core) = outcome else {
        panic!("{} {label}: {outcome:?}", file.display())
    };
    let at = format!(
        "{} {label} (assumptions {assumptions}): core {core:?} of {} parts",
        file.display(),
        formulas.len()
    );
    (core, at)
}

#[test]
fn cores_of_the_examples_are_unsat_and_minimal() {
    let (mut commands, mut members, mut evaluated) = (0, 0, 0);
    for file in cases() {
        let checked = load(&file);
        for (index, cmd) in checked.model.commands.iter().enumerate() {
            if cmd.expect != Some(0) {
                continue;
            }
            let command = checked.build_command(index).expect("builds");
            // Temporal commands: `cores_of_temporal_commands_are_unsat_and_minimal`.
            if command.temporal.is_some() {
                continue;
            }
            let mut found = Vec::new();
            for assumptions in [true, false] {
                let (core, at) = find_core(&checked, &file, index, &command, assumptions);
                // Unsatisfiable on its own, by the other backend.
                assert!(
                    !solve_subset(&checked, index, &core, BackendKind::Varisat).0,
                    "{at}: the core has an instance"
                );
                // Every member is needed.
                for &m in &core {
                    let without: Vec<usize> = core.iter().copied().filter(|&j| j != m).collect();
                    let (sat, by_evaluator) =
                        solve_subset(&checked, index, &without, BackendKind::Cadical);
                    assert!(sat, "{at}: part {m} is not needed");
                    evaluated += usize::from(by_evaluator);
                    members += 1;
                }
                found.push(core);
            }
            commands += 1;
            println!("{} {}: cores {:?}", file.display(), cmd.label, found);
        }
    }
    println!(
        "{commands} commands, {members} core members checked ({evaluated} instances re-checked by the evaluator)"
    );
    assert!(commands >= 20, "too few commands: {commands}");
    assert!(
        evaluated * 10 >= members * 9,
        "too few instances re-checked"
    );
}

#[test]
fn a_command_with_an_instance_has_no_core() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/family.als");
    let checked = load(&file);
    let index = checked
        .model
        .commands
        .iter()
        .position(|c| c.expect == Some(1))
        .expect("a command with an instance");
    for assumptions in [true, false] {
        let answer = unsat_core(&checked, index, &RunOptions::default(), assumptions).unwrap();
        assert!(matches!(answer, CoreAnswer::Satisfiable));
    }
}

/// The bundled example's core says why Read Atomic implies TapRA: a strict total commit
/// order containing session order, reads-from and the forced edges.
#[test]
fn cli_core_explains_ra_implies_tap_ra() {
    let out = Command::new(env!("CARGO_BIN_EXE_solder"))
        .args([
            "run",
            "examples/isolation/plume.als",
            "-c",
            "raImpliesTapRA",
            "--core",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("core: these 4 constraints"), "{text}");
    for needed in [
        "strictTotalOrder",
        "so + WR in co",
        "forced[so + WR] in co",
        "not TapRA",
    ] {
        assert!(text.contains(needed), "missing {needed}: {text}");
    }
    assert!(!text.contains('\u{1b}'), "escape codes in a pipe: {text}");
}

#[test]
fn cli_core_as_json() {
    let dir = std::env::temp_dir().join(format!("solder-core-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("m.als");
    std::fs::write(
        &file,
        "sig Node { edge: set Node }\n\
         fact acyclic { no n: Node | n in n.^edge }\n\
         fact { some Node }\n\
         run { some n: Node | n in n.edge and some Node } for 3\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_solder"))
        .args(["run", file.to_str().unwrap(), "--core", "--json"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let core: serde_json::Value = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v.get("core").is_some())
        .unwrap_or_else(|| panic!("no core object: {text}"));
    let members = core["core"].as_array().unwrap();
    let texts: Vec<&str> = members
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        ["no n: Node | n in n.^edge", "n in n.edge"],
        "{text}"
    );
    assert_eq!(members[0]["line"], 2);
    assert_eq!(members[0]["what"], "fact `acyclic`");
}

/// Solve background ∧ the chosen parts of a temporal command over lassos of `steps`
/// states (every shorter lasso is one of that length too); an instance is read back as a
/// trace and must satisfy the temporal formula on the evaluator, which reads the
/// connectives on the trace itself and shares nothing with the unrolling.
fn solve_temporal_subset(
    checked: &Checked,
    index: usize,
    keep: &[usize],
    backend: BackendKind,
) -> bool {
    let command = checked.build_command(index).expect("builds");
    let temporal = command.temporal.as_ref().expect("a temporal command");
    let problem = subset_problem(checked, index, keep, &command, &temporal.var);
    let unrolled = unroll(&problem, &temporal.var, temporal.max_steps);
    let opts = SolveOptions {
        backend,
        candidate_backend: Some(backend),
        verifier_backend: Some(backend),
        skolem_prefix: command.skolem_prefix.clone(),
        ..SolveOptions::default()
    };
    let mut solver = Solver::new(&unrolled.problem, &opts).expect("solves");
    match solver.next().expect("answers") {
        Outcome::Sat(inst) => {
            let (values, loop_to) = unrolled.split(&inst.values);
            let states = values
                .into_iter()
                .map(|values| solder::instance::Instance {
                    values,
                    ..inst.clone()
                })
                .collect();
            let trace = Trace { states, loop_to };
            let holds = eval_formula_on_trace(&trace, &problem.formula).expect("evaluates");
            assert!(holds, "the evaluator rejects a trace of a core subset");
            true
        }
        Outcome::Unsat => false,
        Outcome::Interrupted => panic!("interrupted"),
    }
}

/// Cores of temporal commands (Alloy 6): found over lassos of the command's longest trace
/// length, with the structure, declarations and sig facts in every state; each core is
/// unsatisfiable on its own (the other backend) and every member is needed (the trace
/// without it passes the evaluator).
#[test]
fn cores_of_temporal_commands_are_unsat_and_minimal() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut files = vec![root.join("lamp.als")];
    for name in ["trashbin", "peterson", "hotelcards", "twophase"] {
        files.push(root.join(format!("temporal/{name}.als")));
    }
    let (mut commands, mut members) = (0, 0);
    for file in files {
        let checked = load(&file);
        for (index, cmd) in checked.model.commands.iter().enumerate() {
            let command = checked.build_command(index).expect("builds");
            if command.temporal.is_none() || cmd.expect != Some(0) {
                continue;
            }
            let started = std::time::Instant::now();
            for assumptions in [true, false] {
                let (core, at) = find_core(&checked, &file, index, &command, assumptions);
                assert!(
                    !solve_temporal_subset(&checked, index, &core, BackendKind::Varisat),
                    "{at}: the core has a trace"
                );
                for &m in &core {
                    let without: Vec<usize> = core.iter().copied().filter(|&j| j != m).collect();
                    assert!(
                        solve_temporal_subset(&checked, index, &without, BackendKind::Cadical),
                        "{at}: part {m} is not needed"
                    );
                    members += 1;
                }
            }
            commands += 1;
            println!("{} {}: {:?}", file.display(), cmd.label, started.elapsed());
        }
    }
    println!("{commands} temporal commands, {members} core members checked");
    assert!(commands >= 8, "too few temporal commands: {commands}");
}
