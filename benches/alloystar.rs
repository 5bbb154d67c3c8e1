//! The graph benchmarks of the Alloy* paper (max clique, max cut, max independent set,
//! min vertex cover, Hamiltonian paths, Turan's theorem), written without integers in
//! `benches/alloystar/*.als`. Every command runs once under the default options; its
//! verdict must equal its `expect`. Prints one row per command: the wall time (including
//! the re-check of instances by the evaluator), the translation and solving time alone,
//! CEGIS candidates and counterexamples; then the totals.
//!
//! Run with `cargo bench --bench alloystar [-- [FILTER] [FLAGS]]`: FILTER is a substring
//! of `file:label`; FLAGS change the options: `--naive`, `--no-instantiate`,
//! `--no-incremental`, `--no-verify`, `--varisat` / `--cadical` (every SAT problem on that
//! backend), `--cadical-verifiers` (only the CEGIS verifiers). Other arguments starting
//! with `-` (such as the `--bench` that cargo passes) are ignored.

mod common;

use std::path::Path;
use std::time::Instant;

use solder::diagnostic::SourceMap;
use solder::session::{CommandRun, RunOptions, load_file};
use solder::solve::BackendKind;

fn verdict_word(found: Option<u32>) -> &'static str {
    match found {
        Some(1) => "sat",
        Some(0) => "unsat",
        Some(_) => "?",
        None => "interrupted",
    }
}

fn options(flags: &[String]) -> RunOptions {
    let mut opts = RunOptions::default();
    for flag in flags {
        match flag.as_str() {
            "--naive" => opts.solve.naive = true,
            "--no-instantiate" => opts.solve.instantiate = false,
            "--no-incremental" => opts.solve.incremental = false,
            "--no-verify" => opts.verify = false,
            "--varisat" | "--cadical" => {
                let kind = if flag == "--varisat" {
                    BackendKind::Varisat
                } else {
                    BackendKind::Cadical
                };
                opts.solve.backend = kind;
                opts.solve.candidate_backend = Some(kind);
                opts.solve.verifier_backend = Some(kind);
            }
            "--cadical-verifiers" => opts.solve.verifier_backend = Some(BackendKind::Cadical),
            _ => {}
        }
    }
    opts
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let filter = args.iter().find(|a| !a.starts_with('-')).cloned();
    let flags: Vec<String> = args
        .iter()
        .filter(|a| a.starts_with('-'))
        .cloned()
        .collect();
    let opts = options(&flags);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/alloystar");

    println!(
        "{:<40} {:>6} {:>11} {:>10} {:>10} {:>6} {:>6}",
        "file:command", "expect", "verdict", "ms", "solve ms", "cand", "cex"
    );
    let (mut total_ms, mut total_solve_ms) = (0f64, 0f64);
    let (mut total_cand, mut total_cex, mut commands) = (0usize, 0usize, 0usize);
    let mut failures: Vec<String> = Vec::new();
    let files = common::als_files(&dir);
    assert!(!files.is_empty(), "no models in {}", dir.display());
    for file in files {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        let mut sources = SourceMap::new();
        let checked = match load_file(&mut sources, &file) {
            Ok(checked) => checked,
            Err(errors) => {
                println!(
                    "{stem}: does not load\n{}",
                    sources.render(&errors.0, false)
                );
                failures.push(format!("{stem}: does not load"));
                continue;
            }
        };
        for (i, cmd) in checked.model.commands.iter().enumerate() {
            let name = format!("{stem}:{}", cmd.label);
            if filter.as_ref().is_some_and(|f| !name.contains(f.as_str())) {
                continue;
            }
            let expect = cmd.expect.map_or("-".to_string(), |e| e.to_string());
            let started = Instant::now();
            let run = match CommandRun::start(&checked, i, &opts) {
                Ok(run) => run,
                Err(errors) => {
                    println!("{name:<40} {expect:>6} {:>11}", "error");
                    println!("{}", sources.render(&errors.0, false));
                    failures.push(format!("{name}: error"));
                    continue;
                }
            };
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            let stats = run.stats();
            let solve_ms = (stats.translate_time + stats.solve_time).as_secs_f64() * 1000.0;
            println!(
                "{name:<40} {expect:>6} {:>11} {ms:>10.1} {solve_ms:>10.1} {:>6} {:>6}",
                verdict_word(run.found()),
                stats.candidates,
                stats.counterexamples
            );
            if cmd.expect.is_some() && run.found() != cmd.expect {
                failures.push(format!(
                    "{name}: expected {expect}, got {}",
                    verdict_word(run.found())
                ));
            }
            commands += 1;
            total_ms += ms;
            total_solve_ms += solve_ms;
            total_cand += stats.candidates;
            total_cex += stats.counterexamples;
        }
    }
    println!(
        "{:<40} {:>6} {:>11} {total_ms:>10.1} {total_solve_ms:>10.1} {total_cand:>6} {total_cex:>6}",
        format!("total ({commands} commands)"),
        "",
        ""
    );
    assert!(
        failures.is_empty(),
        "verdicts differ from `expect`:\n  {}",
        failures.join("\n  ")
    );
}
