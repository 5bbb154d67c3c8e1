//! The `manifest.jsonl` of a directory of test models: one JSON object per line, naming a
//! model file (relative to the directory) and what is expected of it.

use std::path::Path;

/// The manifest's objects, blank lines skipped.
pub fn manifest(dir: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(dir.join("manifest.jsonl"))
        .unwrap_or_else(|e| panic!("{}/manifest.jsonl: {e}", dir.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| serde_json::from_str(line).expect("manifest line is JSON"))
        .collect()
}
