//! Prints translation and solving times for solder's own models under both SAT backends.
//! Run with `cargo bench --bench solve`. Times are the minimum of several runs.
//!
//! Models: `benches/models/*.als`, `examples/*.als`, the first-order commands of
//! `examples/isolation/*.als` (execution-level axioms over a commit order; the
//! higher-order ones are in `cargo bench --bench cegis`), and, when `../shared/corpus` is
//! present, the slowest-to-solve corpus models named below.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use solder::diagnostic::SourceMap;
use solder::session::{CommandRun, RunOptions, load_file};
use solder::solve::BackendKind;

const RUNS: usize = 3;

const CORPUS_MODELS: &[&str] = &[
    "alloy-expect/cases/alloytools/org_alloytools_alloy_extra_extra_models_examples_algorithms_opt_spantree-03-Closure.als",
    "alloy-expect/cases/alloytools/models_tests_test67b-01-TestConflict1_1.als",
    "alloy-expect/cases/alloytools/org_alloytools_alloy_extra_extra_models_examples_case_studies_com-05-Theorem4b.als",
    "alloy-expect/cases/alloytools/models_examples_toys_genealogy-01-Show.als",
    "alloy-expect/cases/alloytools/org_alloytools_alloy_extra_extra_models_examples_toys_numbering-02-AddNeverReduces.als",
    "alloy-expect/cases/alloytools/org_alloytools_alloy_extra_extra_models_examples_tutorial_farmer-02-NoQuantumObjects.als",
];

struct Timing {
    translate: Duration,
    solve: Duration,
    total: Duration,
    verdict: Option<u32>,
    clauses: usize,
    higher_order: bool,
}

fn measure(path: &Path, index: usize, backend: BackendKind) -> Option<Timing> {
    measure_with(path, index, backend, true)
}

fn measure_with(path: &Path, index: usize, backend: BackendKind, overlap: bool) -> Option<Timing> {
    let mut best: Option<Timing> = None;
    for _ in 0..RUNS {
        let mut sources = SourceMap::new();
        let checked = load_file(&mut sources, path).ok()?;
        let mut opts = RunOptions::default();
        opts.solve.backend = backend;
        opts.solve.overlap_singletons = overlap;
        opts.verify = false;
        let started = Instant::now();
        let run = CommandRun::start(&checked, index, &opts).ok()?;
        let total = started.elapsed();
        let s = run.stats();
        let t = Timing {
            translate: s.translate_time,
            solve: s.solve_time,
            total,
            verdict: run.found(),
            clauses: s.clauses,
            higher_order: s.higher_order,
        };
        // One run is enough for the slow ones (and stops CEGIS problems early).
        let slow = total > Duration::from_secs(1) || t.higher_order;
        if best.as_ref().is_none_or(|b| t.total < b.total) {
            best = Some(t);
        }
        if slow {
            break;
        }
    }
    best
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = common::als_files(&root.join("benches/models"));
    files.extend(common::als_files(&root.join("examples")));
    files.extend(common::als_files(&root.join("examples/isolation")));
    let corpus = root.join("../shared/corpus");
    for m in CORPUS_MODELS {
        let p = corpus.join(m);
        if p.is_file() {
            files.push(p);
        }
    }
    println!(
        "{:<58} {:>8} {:>9} | {:>9} {:>9} {:>9} | {:>9} {:>9} {:>9}",
        "command",
        "clauses",
        "verdict",
        "cad.tr",
        "cad.sat",
        "cad.all",
        "var.tr",
        "var.sat",
        "var.all"
    );
    let mut totals = [Duration::ZERO; 2];
    let mut translate_max = (Duration::ZERO, String::new());
    for file in &files {
        let mut sources = SourceMap::new();
        let Ok(checked) = load_file(&mut sources, file) else {
            println!("{}: does not load", file.display());
            continue;
        };
        for (i, cmd) in checked.model.commands.iter().enumerate() {
            let name = format!(
                "{}:{}",
                file.file_stem().unwrap_or_default().to_string_lossy(),
                cmd.label
            );
            let name: String = name
                .chars()
                .rev()
                .take(58)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            let c = measure(file, i, BackendKind::Cadical);
            if c.as_ref().is_some_and(|c| c.higher_order) {
                continue;
            }
            let v = measure(file, i, BackendKind::Varisat);
            let (Some(c), Some(v)) = (c, v) else {
                println!("{name:<58} (fails)");
                continue;
            };
            assert_eq!(c.verdict, v.verdict, "{name}: the backends disagree");
            totals[0] += c.total;
            totals[1] += v.total;
            if c.translate > translate_max.0 {
                translate_max = (c.translate, name.clone());
            }
            println!(
                "{name:<58} {:>8} {:>9} | {:>9} {:>9} {:>9} | {:>9} {:>9} {:>9}",
                c.clauses,
                match c.verdict {
                    Some(1) => "sat",
                    Some(0) => "unsat",
                    _ => "?",
                },
                ms(c.translate),
                ms(c.solve),
                ms(c.total),
                ms(v.translate),
                ms(v.solve),
                ms(v.total)
            );
        }
    }
    println!(
        "\ntotal (ms, translation + solving + checking): cadical {}, varisat {}",
        ms(totals[0]),
        ms(totals[1])
    );
    println!(
        "slowest translation: {} ms ({})",
        ms(translate_max.0),
        translate_max.1
    );
    overlap_table(&common::als_files(&root.join("benches/models")));
}

/// The singleton-overlap switch (`--no-singleton-overlap`) on solder's bench models.
fn overlap_table(files: &[std::path::PathBuf]) {
    println!(
        "\n{:<40} | {:>10} {:>10} | {:>10} {:>10}",
        "singleton overlap (ms, solving)", "cad.on", "cad.off", "var.on", "var.off"
    );
    for file in files {
        let mut sources = SourceMap::new();
        let Ok(checked) = load_file(&mut sources, file) else {
            continue;
        };
        for (i, cmd) in checked.model.commands.iter().enumerate() {
            let name = format!(
                "{}:{}",
                file.file_stem().unwrap_or_default().to_string_lossy(),
                cmd.label
            );
            let mut cells = Vec::new();
            for backend in [BackendKind::Cadical, BackendKind::Varisat] {
                for overlap in [true, false] {
                    let t = measure_with(file, i, backend, overlap);
                    cells.push(t.map_or("fails".to_string(), |t| ms(t.solve)));
                }
            }
            println!(
                "{name:<40} | {:>10} {:>10} | {:>10} {:>10}",
                cells[0], cells[1], cells[2], cells[3]
            );
        }
    }
}
