//! Alloy instance XML (`--xml`), read back with a real XML parser and checked against the
//! instance: every sig's atoms (its own and its descendants'), every field's tuples, every
//! skolem's; IDs and parent IDs consistent, types naming existing sigs.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use solder::check::{self, RootSource};
use solder::diagnostic::SourceMap;
use solder::render::json::instance_json;
use solder::render::xml::{XmlSource, instance_xml};
use solder::session::{CommandRun, RunOptions};

type Tuples = BTreeSet<Vec<String>>;

fn tuples_of(node: roxmltree::Node) -> Tuples {
    node.children()
        .filter(|c| c.has_tag_name("tuple"))
        .map(|t| {
            t.children()
                .filter(|a| a.has_tag_name("atom"))
                .map(|a| a.attribute("label").unwrap().to_string())
                .collect()
        })
        .collect()
}

/// Checks the first command of `path` that expects an instance.
fn check_file(path: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = SourceMap::new();
    let checked = check::load(&mut sources, RootSource::File(root.join(path))).unwrap();
    let command = checked
        .model
        .commands
        .iter()
        .position(|c| c.expect == Some(1))
        .expect("a command with an instance");
    let run = CommandRun::start(&checked, command, &RunOptions::default()).unwrap();
    let inst = run.instance().expect("an instance");
    let p = &run.command.presentation;
    let skolems = run.skolems();
    let xml = instance_xml(
        p,
        inst,
        &skolems,
        &XmlSource {
            command: "run <it> & \"that\"",
            filename: path,
        },
    );
    let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{path}: {e}\n{xml}"));
    let instance = doc
        .descendants()
        .find(|n| n.has_tag_name("instance"))
        .expect("an instance element");
    assert_eq!(instance.attribute("command"), Some("run <it> & \"that\""));
    // Sigs: ID -> (label, parent ID, own atoms).
    let mut sigs: BTreeMap<String, (String, Option<String>, BTreeSet<String>)> = BTreeMap::new();
    for s in instance.children().filter(|n| n.has_tag_name("sig")) {
        let atoms = s
            .children()
            .filter(|a| a.has_tag_name("atom"))
            .map(|a| a.attribute("label").unwrap().to_string())
            .collect();
        let id = s.attribute("ID").unwrap().to_string();
        assert!(
            sigs.insert(
                id.clone(),
                (
                    s.attribute("label").unwrap().to_string(),
                    s.attribute("parentID").map(str::to_string),
                    atoms
                )
            )
            .is_none(),
            "{path}: sig ID {id} twice"
        );
    }
    for (id, (label, parent, _)) in &sigs {
        if let Some(parent) = parent {
            assert!(
                sigs.contains_key(parent),
                "{path}: {label} ({id}) has no parent {parent}"
            );
        }
    }
    // A sig's atoms: its own and those of its descendants.
    let all_atoms = |id: &str| -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        let mut stack = vec![id.to_string()];
        while let Some(s) = stack.pop() {
            out.extend(sigs[&s].2.iter().cloned());
            for (child, (_, parent, _)) in &sigs {
                if parent.as_deref() == Some(s.as_str()) {
                    stack.push(child.clone());
                }
            }
        }
        out
    };
    let expected = instance_json(p, inst, &skolems);
    let expected = expected.as_object().unwrap();
    let mut checked_relations = 0;
    for (i, view) in p.sigs.iter().enumerate() {
        // Alloy's label: `this/A` for the model's sigs, the module path for the library's.
        let label = p.xml.sigs[i].alloy_label.clone();
        assert!(label.contains('/'), "{label}");
        let (id, _) = sigs
            .iter()
            .find(|(_, (l, _, _))| *l == label)
            .unwrap_or_else(|| panic!("{path}: no sig {label}"));
        let want: BTreeSet<String> = expected[&view.label]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t[0].as_str().unwrap().to_string())
            .collect();
        let is_subset = sigs[id].1.is_none();
        let got = if is_subset {
            sigs[id].2.clone()
        } else {
            all_atoms(id)
        };
        assert_eq!(got, want, "{path}: atoms of {label}");
        checked_relations += 1;
    }
    let fields: Vec<roxmltree::Node> = instance
        .children()
        .filter(|n| n.has_tag_name("field"))
        .collect();
    assert_eq!(fields.len(), p.fields.len(), "{path}");
    for (view, node) in p.fields.iter().zip(&fields) {
        assert_eq!(node.attribute("label"), Some(view.name.as_str()));
        let parent = node.attribute("parentID").unwrap();
        let parent_label = &sigs[parent].0;
        assert!(
            parent_label.ends_with(&view.sig),
            "{path}: {parent_label} vs {}",
            view.sig
        );
        let want: Tuples =
            serde_json::from_value(expected[&format!("{}<:{}", view.sig, view.name)].clone())
                .unwrap();
        assert_eq!(tuples_of(*node), want, "{path}: {}", view.name);
        for ty in node.descendants().filter(|n| n.has_tag_name("type")) {
            assert!(
                sigs.contains_key(ty.attribute("ID").unwrap()),
                "{path}: type of {}",
                view.name
            );
        }
        checked_relations += 1;
    }
    let xml_skolems: Vec<roxmltree::Node> = instance
        .children()
        .filter(|n| n.has_tag_name("skolem"))
        .collect();
    assert_eq!(xml_skolems.len(), skolems.len(), "{path}");
    for ((name, _), node) in skolems.iter().zip(&xml_skolems) {
        assert_eq!(node.attribute("label"), Some(name.as_str()));
        let want: Tuples = serde_json::from_value(expected[name].clone()).unwrap();
        assert_eq!(tuples_of(*node), want, "{path}: {name}");
        checked_relations += 1;
    }
    checked_relations
}

#[test]
fn instance_xml_reads_back_as_the_instance() {
    let mut relations = 0;
    // Abstract sigs and subsigs, a subset sig, util/ordering, a higher-order witness,
    // and a model of histories (library sigs with module paths).
    for path in [
        "examples/family.als",
        "examples/filesystem.als",
        "examples/elevator.als",
        "examples/higher-order/kernel.als",
        "examples/isolation/plume.als",
    ] {
        relations += check_file(path);
    }
    assert!(relations > 30, "{relations}");
}

#[test]
fn cli_writes_xml_to_a_file_and_says_when_there_is_none() {
    let dir = std::env::temp_dir().join(format!("solder-xml-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("out.xml");
    let out = Command::new(env!("CARGO_BIN_EXE_solder"))
        .args(["run", "examples/family.als", "-c", "2", "--xml", "-o"])
        .arg(&target)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&target).unwrap();
    roxmltree::Document::parse(&text).unwrap();
    assert!(text.contains("<sig label=\"this/Man\""), "{text}");
    // A command without an instance has no XML.
    let out = Command::new(env!("CARGO_BIN_EXE_solder"))
        .args(["run", "examples/family.als", "-c", "1", "--xml"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("(no XML)"));
}
