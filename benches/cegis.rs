//! CEGIS figures for solder's higher-order models: every command of
//! `examples/higher-order/` and `examples/isolation/` that needs CEGIS, under the four
//! combinations of candidate and verifier backends, with candidates, counterexamples and
//! times. Run with `cargo bench --bench cegis [-- FILTER]` (FILTER: a substring of
//! `file:label`).

mod common;

use std::path::Path;
use std::time::Instant;

use solder::diagnostic::SourceMap;
use solder::session::{CommandRun, RunOptions, load_file};
use solder::solve::BackendKind;

fn main() {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = common::als_files(&root.join("examples/higher-order"));
    files.extend(common::als_files(&root.join("examples/isolation")));
    let combos = [
        ("var/var", BackendKind::Varisat, BackendKind::Varisat),
        ("var/cad", BackendKind::Varisat, BackendKind::Cadical),
        ("cad/var", BackendKind::Cadical, BackendKind::Varisat),
        ("cad/cad", BackendKind::Cadical, BackendKind::Cadical),
    ];
    println!(
        "{:<44} {:>9} | {}",
        "command (candidate/verifier)",
        "verdict",
        combos
            .map(|c| format!("{:>8} ms {:>5} cand", c.0, ""))
            .join(" | ")
    );
    let mut totals = [0f64; 4];
    let mut candidates = [0usize; 4];
    for file in &files {
        let mut sources = SourceMap::new();
        let Ok(checked) = load_file(&mut sources, file) else {
            continue;
        };
        for (i, cmd) in checked.model.commands.iter().enumerate() {
            let name = format!(
                "{}:{}",
                file.file_stem().unwrap().to_string_lossy(),
                cmd.label
            );
            if filter.as_ref().is_some_and(|f| !name.contains(f.as_str())) {
                continue;
            }
            let mut row = Vec::new();
            let mut verdict = None;
            let mut higher_order = true;
            for (k, (_, cand, ver)) in combos.iter().enumerate() {
                let mut opts = RunOptions {
                    verify: false,
                    ..RunOptions::default()
                };
                opts.solve.candidate_backend = Some(*cand);
                opts.solve.verifier_backend = Some(*ver);
                let start = Instant::now();
                let Ok(run) = CommandRun::start(&checked, i, &opts) else {
                    higher_order = false;
                    break;
                };
                let ms = start.elapsed().as_secs_f64() * 1000.0;
                if !run.stats().higher_order {
                    higher_order = false;
                    break;
                }
                if let Some(v) = verdict {
                    assert_eq!(v, run.found(), "{name}: backends disagree");
                }
                verdict = Some(run.found());
                totals[k] += ms;
                candidates[k] += run.stats().candidates;
                row.push(format!("{ms:>11.1} {:>10}", run.stats().candidates));
            }
            if !higher_order {
                continue;
            }
            let v = match verdict.flatten() {
                Some(1) => "sat",
                Some(0) => "unsat",
                _ => "?",
            };
            let short: String = name.chars().take(44).collect();
            println!("{short:<44} {v:>9} | {}", row.join(" | "));
        }
    }
    println!("\ntotals (ms / candidates):");
    for (k, c) in combos.iter().enumerate() {
        println!(
            "  {}: {:.0} ms, {} candidates",
            c.0, totals[k], candidates[k]
        );
    }
}
