//! Shared by the tests that replay Alloy 6's verdicts on generated models
//! (`tests/int_golden.rs`, `tests/seq_golden.rs`): a directory holds `manifest.jsonl` (one
//! JSON object per model: `file`, and `wrap` / `prevent`, each `sat` or `unsat`, Alloy's
//! verdict with integers wrapping around and with "prevent overflows") and the models it
//! names, one command each. solder must give every model Alloy's verdict in both modes.

#![allow(dead_code)]

use super::manifest as manifest_file;

use manifest_file::manifest;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use solder::check::{self, RootSource};
use solder::diagnostic::SourceMap;
use solder::session::{CommandRun, RunOptions};

pub struct Case {
    pub file: PathBuf,
    pub wrap: bool,
    pub prevent: bool,
}

/// The cases of `dir/manifest.jsonl`, with files resolved against `dir`.
pub fn cases(dir: &Path) -> Vec<Case> {
    let sat = |v: &serde_json::Value, key: &str| match v[key].as_str() {
        Some("sat") => true,
        Some("unsat") => false,
        other => panic!("bad {key} in manifest: {other:?}"),
    };
    manifest(dir)
        .iter()
        .map(|v| Case {
            file: dir.join(v["file"].as_str().expect("file")),
            wrap: sat(v, "wrap"),
            prevent: sat(v, "prevent"),
        })
        .collect()
}

pub fn verdict(sat: bool) -> &'static str {
    if sat { "sat" } else { "unsat" }
}

/// solder's verdicts (wrap, prevent) for the model's only command, or why there are none.
pub fn solve(file: &Path) -> Result<(bool, bool), String> {
    let mut sources = SourceMap::new();
    let checked = check::load(&mut sources, RootSource::File(file.to_path_buf()))
        .map_err(|e| format!("does not load: {}", sources.render(&e.0, false)))?;
    if checked.model.commands.len() != 1 {
        return Err(format!(
            "{} commands, expected 1",
            checked.model.commands.len()
        ));
    }
    let mut out = [false; 2];
    for (slot, prevent_overflow) in [(0, false), (1, true)] {
        // Fields bounded by their declarations in one mode and by their types in the
        // other: both must give Alloy's verdicts (the optimization's on/off check).
        let opts = RunOptions {
            prevent_overflow,
            tight_field_bounds: !prevent_overflow,
            child_blocks: !prevent_overflow,
            ..RunOptions::default()
        };
        let run = CommandRun::start(&checked, 0, &opts).map_err(|e| {
            let msgs: Vec<_> = e.0.iter().map(|d| d.message.clone()).collect();
            format!("command refused: {}", msgs.join("; "))
        })?;
        out[slot] = match run.found() {
            Some(n) => n > 0,
            None => return Err("interrupted".into()),
        };
    }
    Ok((out[0], out[1]))
}

/// Runs solder on every case of `dir` (a few threads), and fails listing every model whose
/// verdict differs from Alloy's or that solder refuses. `known` lists differences that are
/// accepted, each as the exact problem line and the reason; a listed difference that no
/// longer shows up fails too, so the list cannot go stale. `min_cases` guards against a
/// truncated manifest.
pub fn check_against_alloy(dir: &Path, min_cases: usize, known: &[(&str, &str)]) {
    let cases = cases(dir);
    assert!(cases.len() >= min_cases, "only {} cases", cases.len());
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let problems = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    let name = case
                        .file
                        .file_name()
                        .unwrap()
                        .to_string_lossy()
                        .into_owned();
                    let got = catch_unwind(AssertUnwindSafe(|| solve(&case.file)))
                        .unwrap_or_else(|_| Err("panicked".into()));
                    let mut bad = Vec::new();
                    match got {
                        Err(why) => bad.push(format!("{name}: {why}")),
                        Ok((wrap, prevent)) => {
                            for (mode, alloy, ours) in [
                                ("wrap", case.wrap, wrap),
                                ("prevent", case.prevent, prevent),
                            ] {
                                if alloy != ours {
                                    bad.push(format!(
                                        "{name} ({mode}): Alloy {}, solder {}",
                                        verdict(alloy),
                                        verdict(ours)
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
    eprintln!(
        "{} models × 2 modes in {:.1} s",
        cases.len(),
        started.elapsed().as_secs_f64()
    );
    for (k, why) in known {
        assert!(
            problems.iter().any(|p| p == k),
            "listed as a known difference but no longer differs: {k} ({why})"
        );
    }
    problems.retain(|p| !known.iter().any(|(k, _)| p == k));
    let rel = dir
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(dir)
        .display();
    assert!(
        problems.is_empty(),
        "{} disagreement(s) with Alloy 6 ({rel}/):\n{}",
        problems.len(),
        problems.join("\n")
    );
}
