//! Shared by the benchmarks.

use std::path::{Path, PathBuf};

/// The `.als` files directly in `dir`, sorted (none if it cannot be read).
pub fn als_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "als"));
    files.sort();
    files
}
