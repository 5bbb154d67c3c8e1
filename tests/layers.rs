//! The crate's layers, read from its imports: a room (a folder of `src/`, or an app under
//! `src/apps/`) may use only rooms on lower floors, and no files import each other in a
//! circle. ARCHITECTURE.md draws the same floors; a new room must be given one here.
//!
//! Imports are read from the source text: `use crate::…` trees and `crate::…`/`super::…`
//! paths anywhere outside `#[cfg(test)]` modules and comments (tests may reach up, to
//! check a lower room through a higher one).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Floors, lowest first. A room uses only rooms on floors below its own.
const FLOORS: &[&[&str]] = &[
    &["stack", "diagnostic"],
    &["logic", "sat", "syntax"],
    &["instance"],
    &["check", "translate"],
    &["solve"],
    &["session"],
    &["render"],
    &["apps", "apps/isolation", "apps/programs"],
    &["repl"],
    &["cli"],
];

/// A module's path from the crate root (`["render", "names"]`), `[]` for `lib.rs`.
type ModPath = Vec<String>;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn module_path(src: &Path, file: &Path) -> ModPath {
    let rel = file
        .strip_prefix(src)
        .expect("under src/")
        .with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The room a module belongs to: its top folder, or `apps/<app>`.
fn room(m: &ModPath) -> String {
    match m.as_slice() {
        [apps, app, ..] if apps == "apps" => format!("apps/{app}"),
        [top, ..] => top.clone(),
        [] => "lib".into(),
    }
}

/// The text without line comments and without `#[cfg(test)]` modules.
fn code_of(text: &str) -> String {
    let mut text = text.to_string();
    while let Some(i) = text.find("#[cfg(test)]\nmod ") {
        let rest = &text[i..];
        let open = rest.find('{').expect("a test module has a body");
        let mut depth = 0usize;
        let mut end = rest.len();
        for (k, c) in rest[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        text = format!("{}{}", &text[..i], &rest[end..]);
    }
    text.lines()
        .map(|l| match l.find("//") {
            // Not inside a string: good enough for import lines and paths.
            Some(i) if !l[..i].contains('"') => &l[..i],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a `use` tree names: `crate::{a, b::{c, d}}` gives `crate::a`,
/// `crate::b::c` and `crate::b::d`.
fn expand_use(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        let inner = &tree[open + 1..tree.rfind('}').expect("a closing brace")];
        let mut depth = 0;
        let mut start = 0;
        let mut base = prefix.to_vec();
        base.extend(head);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_use(&inner[start..i], &base, out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand_use(&inner[start..], &base, out);
    } else if !tree.is_empty() {
        let tree = tree.split(" as ").next().unwrap_or(tree);
        let mut path = prefix.to_vec();
        path.extend(
            tree.split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from),
        );
        out.push(path);
    }
}

/// The module a path leads into (its longest prefix that is a module), for paths that
/// start with `crate`, `super` or `self`.
fn resolve(current: &ModPath, path: &[String], modules: &BTreeSet<ModPath>) -> Option<ModPath> {
    let (mut base, rest): (ModPath, &[String]) = match path.first().map(String::as_str) {
        Some("crate") => (Vec::new(), &path[1..]),
        Some("self") => (current.clone(), &path[1..]),
        Some("super") => {
            let mut base = current.clone();
            let mut rest = path;
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
            (base, rest)
        }
        _ => return None,
    };
    let mut best = modules.contains(&base).then(|| base.clone());
    for segment in rest {
        base.push(segment.clone());
        if modules.contains(&base) {
            best = Some(base.clone());
        } else {
            break;
        }
    }
    best
}

/// Every module's imports of other modules.
fn import_graph() -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.retain(|f| !f.ends_with("main.rs"));
    let modules: BTreeSet<ModPath> = files.iter().map(|f| module_path(&src, f)).collect();
    let mut graph = BTreeMap::new();
    for file in &files {
        let current = module_path(&src, file);
        let text = std::fs::read_to_string(file).expect("a readable source file");
        let code = code_of(&text);
        let mut paths = Vec::new();
        let mut rest = code.as_str();
        while let Some(i) = rest.find("use ") {
            let before = rest[..i].chars().last();
            let after = &rest[i + 4..];
            rest = after;
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let tree = &after[..after.find(';').unwrap_or(after.len())];
            if ["crate", "super", "self"]
                .iter()
                .any(|p| tree.trim_start().starts_with(p))
            {
                expand_use(tree, &[], &mut paths);
            }
        }
        for start in ["crate::", "super::"] {
            for (i, _) in code.match_indices(start) {
                let before = code[..i].chars().last();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let path: Vec<String> = code[i..]
                    .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .next()
                    .unwrap_or("")
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect();
                paths.push(path);
            }
        }
        let targets: BTreeSet<ModPath> = paths
            .iter()
            .filter_map(|p| resolve(&current, p, &modules))
            .filter(|t| *t != current)
            .collect();
        graph.insert(current, targets);
    }
    graph
}

fn floor_of(room: &str) -> Option<usize> {
    FLOORS.iter().position(|f| f.contains(&room))
}

fn show(m: &ModPath) -> String {
    if m.is_empty() {
        "lib".into()
    } else {
        m.join("/")
    }
}

#[test]
fn every_room_imports_only_from_the_floors_below() {
    let graph = import_graph();
    let mut problems = Vec::new();
    for (from, targets) in &graph {
        let from_room = room(from);
        if from_room == "lib" {
            continue;
        }
        let Some(from_floor) = floor_of(&from_room) else {
            problems.push(format!(
                "room `{from_room}` has no floor in tests/layers.rs (give it one, and draw it in ARCHITECTURE.md)"
            ));
            continue;
        };
        for to in targets {
            let to_room = room(to);
            if to_room == from_room || to_room == "lib" {
                continue;
            }
            match floor_of(&to_room) {
                Some(f) if f < from_floor => {}
                Some(_) => problems.push(format!(
                    "{} imports {} (room `{to_room}` is not below `{from_room}`)",
                    show(from),
                    show(to)
                )),
                None => {}
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Strongly connected components of more than one module (Tarjan's algorithm).
fn cycles(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    struct State<'a> {
        graph: &'a BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<&'a ModPath, usize>,
        low: BTreeMap<&'a ModPath, usize>,
        stack: Vec<&'a ModPath>,
        on_stack: BTreeSet<&'a ModPath>,
        found: Vec<Vec<ModPath>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a ModPath) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        if let Some(targets) = s.graph.get(v) {
            for w in targets {
                let Some((w, _)) = s.graph.get_key_value(w) else {
                    continue;
                };
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let low = s.low[v].min(s.low[w]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w) {
                    let low = s.low[v].min(s.index[w]);
                    s.low.insert(v, low);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.clone());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.found
}

/// A module and the folder module that declares it may use each other (a folder's
/// `mod.rs` re-exports its files' types, and the files use what it defines); any other
/// circle of files is a tangle.
#[test]
fn no_files_import_each_other_in_a_circle() {
    let graph = import_graph();
    let without_parents: BTreeMap<ModPath, BTreeSet<ModPath>> = graph
        .iter()
        .map(|(from, targets)| {
            let kept = targets
                .iter()
                .filter(|t| !(t.len() < from.len() && from.starts_with(t)))
                .cloned()
                .collect();
            (from.clone(), kept)
        })
        .collect();
    let found: Vec<String> = cycles(&without_parents)
        .iter()
        .map(|c| c.iter().map(show).collect::<Vec<_>>().join(", "))
        .collect();
    assert!(found.is_empty(), "files in a circle:\n{}", found.join("\n"));
}

/// The reader of imports itself: a use tree expands to every path it names, and the
/// rules catch an upward import and a circle made up for the purpose.
#[test]
fn the_import_reader_sees_trees_paths_and_circles() {
    let mut paths = Vec::new();
    expand_use(
        "crate::{check::{self, Checked}, render as r, apps::isolation::history::History}",
        &[],
        &mut paths,
    );
    let shown: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        shown,
        [
            "crate::check::self",
            "crate::check::Checked",
            "crate::render",
            "crate::apps::isolation::history::History"
        ]
    );
    let m = |s: &str| -> ModPath { s.split('/').map(String::from).collect() };
    let modules: BTreeSet<ModPath> = [m("check"), m("check/model"), m("render")].into();
    assert_eq!(
        resolve(
            &m("check/model"),
            &["super".into(), "model".into(), "Type".into()],
            &modules
        ),
        Some(m("check/model"))
    );
    assert_eq!(
        resolve(
            &m("check/model"),
            &["crate".into(), "render".into()],
            &modules
        ),
        Some(m("render"))
    );
    assert!(floor_of("render") > floor_of("check"));
    let graph: BTreeMap<ModPath, BTreeSet<ModPath>> = [
        (m("a/x"), [m("a/y")].into()),
        (m("a/y"), [m("a/x")].into()),
        (m("b"), [m("a/x")].into()),
    ]
    .into();
    assert_eq!(cycles(&graph), vec![vec![m("a/x"), m("a/y")]]);
    let code = code_of(
        "use crate::a;\n// use crate::b;\n#[cfg(test)]\nmod tests {\n    use crate::c;\n}\n",
    );
    assert!(code.contains("crate::a") && !code.contains("crate::b") && !code.contains("crate::c"));
}
