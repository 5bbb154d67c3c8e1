//! A mutation fuzzer over the whole pipeline: parse → check → build → solve at scope ≤ 2.
//!
//! Seeds are the bundled examples and the standard library; each case applies a few
//! random mutations (deleting, duplicating, splicing, swapping lines, inserting keywords
//! and operators, replacing words, odd bytes) and runs the result. A case fails when
//! - anything panics,
//! - an instance fails the independent evaluator's re-check (`internal error`),
//! - an error diagnostic about the input has no source span,
//! - or CaDiCaL and varisat (candidates and verifiers alike) disagree on a verdict.
//!
//! Guards: every command's scopes are clamped to 2 (a bitwidth to 4), problems above
//! 20,000 primary variables are refused by `--max-vars`, and a solve is stopped after
//! 2 s. Failing inputs are written to `target/fuzz-failures/`; every one found becomes a
//! file in `tests/fuzz-regressions/`, which runs first, unmutated.
//!
//! CI runs `FUZZ_CASES` (default 300) cases; for releases run many more, e.g.
//! `FUZZ_CASES=100000 FUZZ_SEED=7 cargo test --release --test suite fuzz:: -- --nocapture`.
//!
//! The same mutator runs over the program files of `solder programs`
//! (`examples/programs`, one mutation each, `FUZZ_PROGRAM_CASES`, default 300). A case fails when anything
//! panics, a load error has no span, or a file that loads cannot be checked at one level
//! with a cycle bound of 2 (the model the front end generated does not check, or the
//! violation does not explain itself and read back as a history).

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::Ordering;
use std::time::Instant;

use crate::common::fuzzing::*;
use crate::common::random_problem::Rng;

const DEFAULT_CASES: usize = 300;

/// Run `case(i)` for `i` in `0..cases` on both cores; the failures it reports, in no
/// particular order.
fn fuzz_in_parallel(cases: usize, case: impl Fn(usize) -> Option<String> + Sync) -> Vec<String> {
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    crate::common::parallel::parallel(cases, |i| {
        if let Some(failure) = case(i) {
            failures.lock().unwrap().push(failure);
        }
    });
    failures.into_inner().unwrap()
}

fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Inputs that once failed, run as they are.
#[test]
fn fuzz_regressions_pass() {
    let mut files = Vec::new();
    seed_files(&root().join("tests/fuzz-regressions"), &mut files);
    let mut failures = Vec::new();
    for file in &files {
        let text = String::from_utf8_lossy(&std::fs::read(file).unwrap()).into_owned();
        let history = match file.extension().and_then(|e| e.to_str()) {
            Some("txt") => Some(solder::apps::isolation::parse::Format::Notation),
            Some("json") => Some(solder::apps::isolation::parse::Format::Json),
            Some("edn") => Some(solder::apps::isolation::parse::Format::Edn),
            _ => None,
        };
        if let Some(format) = history {
            let input = text.clone();
            if let Err(why) = guarded_by(move || run_history_case(&input, format)) {
                failures.push(format!("{}: {why}", file.display()));
            }
        } else if file.extension().is_some_and(|e| e == "prog") {
            for level in PROGRAM_LEVELS {
                let input = text.clone();
                if let Err(why) = guarded_by(move || run_program_case(&input, level)) {
                    failures.push(format!("{} ({level}): {why}", file.display()));
                }
            }
        } else if let Err(why) = guarded(&text, &root().join("examples")) {
            failures.push(format!("{}: {why}", file.display()));
        }
    }
    println!("{} regression inputs", files.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn mutated_models_do_not_crash_or_disagree() {
    let cases: usize = env_number("FUZZ_CASES", DEFAULT_CASES);
    let base: u64 = env_number("FUZZ_SEED", 0);
    let mut files = Vec::new();
    seed_files(&root().join("examples"), &mut files);
    seed_files(&root().join("stdlib"), &mut files);
    files.retain(|f| f.extension().is_some_and(|e| e == "als"));
    let seeds: Vec<(PathBuf, String)> = files
        .iter()
        .map(|f| (f.clone(), std::fs::read_to_string(f).expect("a seed file")))
        .collect();
    assert!(seeds.len() >= 10, "too few seed files: {}", seeds.len());
    let texts: Vec<String> = seeds.iter().map(|(_, t)| t.clone()).collect();
    let started = Instant::now();
    let failures = fuzz_in_parallel(cases, |case| {
        let mut rng = Rng::new(base.wrapping_mul(1_000_003).wrapping_add(case as u64));
        let (file, seed) = &seeds[rng.below(seeds.len())];
        let text = mutate(&mut rng, seed, &texts, DICTIONARY, 4);
        // Opens resolve next to the seed file, as they would for it.
        let dir = file.parent().unwrap_or(Path::new("."));
        let why = guarded(&text, dir).err()?;
        let saved = save_failure(&format!("seed{base}-case{case}.als"), &text);
        Some(format!(
            "case {case} (from {}): {why}\n  input saved to {}",
            file.display(),
            saved.display()
        ))
    });
    println!(
        "fuzz: {cases} cases from {} seed files in {:.1} s: {} checked, {} commands solved \
         ({} sat), {} compared across backends; {} failures",
        seeds.len(),
        started.elapsed().as_secs_f64(),
        REACH.checked.load(Ordering::Relaxed),
        REACH.solved.load(Ordering::Relaxed),
        REACH.sat.load(Ordering::Relaxed),
        REACH.compared.load(Ordering::Relaxed),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn mutated_program_files_do_not_crash() {
    let cases: usize = env_number("FUZZ_PROGRAM_CASES", 300);
    let base: u64 = env_number("FUZZ_SEED", 0);
    let mut files = Vec::new();
    seed_files(&root().join("examples/programs"), &mut files);
    assert!(files.len() >= 4, "too few program files: {files:?}");
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("a seed file"))
        .collect();
    let started = Instant::now();
    let failures = fuzz_in_parallel(cases, |case| {
        let mut rng = Rng::new(base.wrapping_mul(999_983).wrapping_add(case as u64));
        let which = rng.below(files.len());
        let text = mutate(&mut rng, &texts[which], &texts, PROGRAM_DICTIONARY, 1);
        let level = *rng.pick(PROGRAM_LEVELS);
        let input = text.clone();
        let why = guarded_by(move || run_program_case(&input, level)).err()?;
        let saved = save_failure(&format!("seed{base}-case{case}.prog"), &text);
        Some(format!(
            "case {case} (from {}, {level}): {why}\n  input saved to {}",
            files[which].display(),
            saved.display()
        ))
    });
    println!(
        "program fuzz: {cases} cases in {:.1} s: {} loaded, {} violations; {} failures",
        started.elapsed().as_secs_f64(),
        REACH.programs_loaded.load(Ordering::Relaxed),
        REACH.programs_violations.load(Ordering::Relaxed),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Histories in `classify`'s three formats, mutated from the examples, and generated
/// ones: parsed, classified, saturation against the library's definitions.
#[test]
fn mutated_and_generated_histories_do_not_crash_or_disagree() {
    use solder::apps::isolation::parse::Format;
    let cases: usize = env_number("FUZZ_HISTORY_CASES", 120);
    let base: u64 = env_number("FUZZ_SEED", 0);
    let mut files = Vec::new();
    for entry in std::fs::read_dir(root().join("examples/histories")).unwrap() {
        let path = entry.unwrap().path();
        let format = match path.extension().and_then(|e| e.to_str()) {
            Some("txt") => Format::Notation,
            Some("json") => Format::Json,
            Some("edn") => Format::Edn,
            _ => continue,
        };
        files.push((std::fs::read_to_string(&path).unwrap(), format, path));
    }
    files.sort_by(|a, b| a.2.cmp(&b.2));
    let texts: Vec<String> = files.iter().map(|f| f.0.clone()).collect();
    let started = Instant::now();
    let failures = fuzz_in_parallel(cases, |case| {
        let mut rng = Rng::new(base.wrapping_mul(1_000_033).wrapping_add(case as u64));
        let (text, format, name) = if case % 3 == 0 {
            let mut hrng = crate::common::isolation_history::Rng::new(rng.next_u64());
            let h = crate::common::isolation_history::random_history(&mut hrng, 5, 3);
            (
                crate::common::isolation_history::notation(&h),
                Format::Notation,
                "generated".to_string(),
            )
        } else {
            let (seed, format, path) = &files[rng.below(files.len())];
            (
                mutate(&mut rng, seed, &texts, DICTIONARY, 3),
                *format,
                path.display().to_string(),
            )
        };
        let input = text.clone();
        let why = guarded_by(move || run_history_case(&input, format)).err()?;
        let saved = save_failure(&format!("seed{base}-history{case}.txt"), &text);
        Some(format!(
            "case {case} ({name}): {why}\n  input saved to {}",
            saved.display()
        ))
    });
    println!(
        "history fuzz: {cases} cases in {:.1} s: {} parsed; {} failures",
        started.elapsed().as_secs_f64(),
        REACH.histories_parsed.load(Ordering::Relaxed),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// REPL scripts: a small model's paragraphs in any order, then commands, mutated.
#[test]
fn mutated_repl_scripts_do_not_crash() {
    let cases: usize = env_number("FUZZ_REPL_CASES", 40);
    let base: u64 = env_number("FUZZ_SEED", 0);
    let model = std::fs::read_to_string(root().join("examples/family.als")).unwrap();
    let started = Instant::now();
    let failures = fuzz_in_parallel(cases, |case| {
        let mut rng = Rng::new(base.wrapping_mul(1_000_037).wrapping_add(case as u64));
        let mut script = model.clone();
        for _ in 0..1 + rng.below(6) {
            let command = *rng.pick(REPL_COMMANDS);
            script.push_str(command);
            script.push('\n');
        }
        let text = mutate(
            &mut rng,
            &script,
            std::slice::from_ref(&model),
            REPL_COMMANDS,
            2,
        );
        let input = text.clone();
        let why = guarded_by(move || run_repl_case(&input)).err()?;
        let saved = save_failure(&format!("seed{base}-repl{case}.txt"), &text);
        Some(format!(
            "case {case}: {why}\n  input saved to {}",
            saved.display()
        ))
    });
    println!(
        "REPL fuzz: {cases} scripts in {:.1} s: {} run; {} failures",
        started.elapsed().as_secs_f64(),
        REACH.repl_scripts.load(Ordering::Relaxed),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
