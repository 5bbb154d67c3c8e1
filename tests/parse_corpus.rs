//! Parse the corpus of real Alloy models (`../shared/corpus`): every case not flagged as
//! Alloy-4-only syntax must parse, and no input (truncated or mutated) may panic.

use crate::common::manifest as manifest_file;

use manifest_file::manifest;
use std::path::{Path, PathBuf};

use solder::diagnostic::FileId;
use solder::syntax::parse_module;

fn corpus_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if dir.join("manifest.jsonl").is_file() {
        Some(dir)
    } else {
        println!("corpus not found at {}, skipping", dir.display());
        None
    }
}

struct Case {
    file: PathBuf,
    alloy4_only: bool,
}

fn cases(dir: &Path) -> Vec<Case> {
    manifest(dir)
        .iter()
        .map(|v| Case {
            file: dir.join(v["file"].as_str().expect("file field")),
            alloy4_only: v["alloy4_only_syntax"]
                .as_bool()
                .expect("alloy4_only_syntax field"),
        })
        .collect()
}

/// Every `.als` file under the corpus, whether or not the manifest lists it.
fn all_als_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            all_als_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "als") {
            out.push(path);
        }
    }
}

#[test]
fn corpus_models_parse() {
    let Some(dir) = corpus_dir() else { return };
    let cases = cases(&dir);
    assert!(!cases.is_empty(), "the manifest lists no cases");
    let mut failures = Vec::new();
    let mut parsed = 0;
    for case in &cases {
        let text = std::fs::read_to_string(&case.file).expect("read case");
        match parse_module(&text, FileId(0)) {
            Ok(_) => parsed += 1,
            Err(errors) if !case.alloy4_only => {
                let first = &errors[0];
                let at = first.span.map_or(0, |s| s.start as usize);
                let line = text[..at.min(text.len())].matches('\n').count() + 1;
                failures.push(format!(
                    "{}:{line}: {}",
                    case.file.strip_prefix(&dir).unwrap_or(&case.file).display(),
                    first.message
                ));
            }
            Err(_) => {}
        }
    }
    println!("parsed {parsed} of {} corpus cases", cases.len());
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(
        failures.is_empty(),
        "{} corpus cases failed to parse",
        failures.len()
    );
}

/// A tiny deterministic generator, so the mutations are the same on every run.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn truncated_and_mutated_inputs_do_not_panic() {
    let Some(dir) = corpus_dir() else { return };
    let mut files = Vec::new();
    all_als_files(&dir, &mut files);
    // A spread-out sample keeps the test quick while covering both corpus families.
    let sample: Vec<&PathBuf> = files.iter().step_by(20).collect();
    assert!(!sample.is_empty());
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let alphabet: &[u8] = b"{}[]()|:,.-!=<>+&#~^*@/\"'x0 \n";
    let mut runs = 0;
    for path in sample {
        let text = std::fs::read_to_string(path).expect("read corpus file");
        let bytes = text.as_bytes();
        let mut inputs: Vec<Vec<u8>> = (0..bytes.len())
            .step_by(7)
            .map(|cut| bytes[..cut].to_vec())
            .collect();
        for _ in 0..30 {
            let mut mutated = bytes.to_vec();
            for _ in 0..3 {
                if mutated.is_empty() {
                    break;
                }
                let at = (rng.next() % mutated.len() as u64) as usize;
                match rng.next() % 3 {
                    0 => {
                        mutated.remove(at);
                    }
                    1 => {
                        mutated.insert(at, alphabet[(rng.next() % alphabet.len() as u64) as usize])
                    }
                    _ => mutated[at] = alphabet[(rng.next() % alphabet.len() as u64) as usize],
                }
            }
            inputs.push(mutated);
        }
        for input in inputs {
            let text = String::from_utf8_lossy(&input);
            if let Err(errors) = parse_module(&text, FileId(0)) {
                assert!(
                    !errors.is_empty(),
                    "an Err must carry at least one diagnostic"
                );
                for e in &errors {
                    assert!(
                        !e.message.starts_with("internal error"),
                        "the parser crashed on a variant of {}",
                        path.display()
                    );
                    if let Some(span) = e.span {
                        assert!(span.start <= span.end && span.end as usize <= text.len());
                    }
                }
            }
            runs += 1;
        }
    }
    println!("{runs} truncated or mutated inputs parsed without panicking");
}
