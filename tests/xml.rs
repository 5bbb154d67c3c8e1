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

/// An instance's XML with what it must say: the JSON view of the same instance, each sig's
/// Alloy label beside its JSON key, and the field and skolem keys in XML order.
struct Written {
    xml: String,
    expected: serde_json::Value,
    sig_labels: Vec<(String, String)>,
    field_keys: Vec<(String, String)>,
    skolem_names: Vec<String>,
}

/// Checks the first command of `path` that expects an instance.
fn check_file(path: &str) -> usize {
    check_written(path, &write_first_instance(path))
}

fn write_first_instance(path: &str) -> Written {
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
    Written {
        xml,
        expected: instance_json(p, inst, &skolems),
        sig_labels: p
            .sigs
            .iter()
            .enumerate()
            .map(|(i, view)| (p.xml.sigs[i].alloy_label.clone(), view.label.clone()))
            .collect(),
        field_keys: p
            .fields
            .iter()
            .map(|f| (f.name.clone(), format!("{}<:{}", f.sig, f.name)))
            .collect(),
        skolem_names: skolems.iter().map(|(name, _)| name.clone()).collect(),
    }
}

fn check_written(path: &str, written: &Written) -> usize {
    let xml = &written.xml;
    let doc = roxmltree::Document::parse(xml).unwrap_or_else(|e| panic!("{path}: {e}\n{xml}"));
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
    let expected = written.expected.as_object().unwrap();
    let mut checked_relations = 0;
    for (label, key) in &written.sig_labels {
        // Alloy's label: `this/A` for the model's sigs, the module path for the library's.
        assert!(label.contains('/'), "{label}");
        let (id, _) = sigs
            .iter()
            .find(|(_, (l, _, _))| l == label)
            .unwrap_or_else(|| panic!("{path}: no sig {label}"));
        let want: BTreeSet<String> = expected[key]
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
    assert_eq!(fields.len(), written.field_keys.len(), "{path}");
    for ((name, key), node) in written.field_keys.iter().zip(&fields) {
        assert_eq!(node.attribute("label"), Some(name.as_str()));
        let parent = node.attribute("parentID").unwrap();
        let parent_label = &sigs[parent].0;
        let owner = key.split("<:").next().unwrap();
        assert!(
            parent_label.ends_with(owner),
            "{path}: {parent_label} vs {owner}"
        );
        let want: Tuples = serde_json::from_value(expected[key].clone()).unwrap();
        assert_eq!(tuples_of(*node), want, "{path}: {name}");
        for ty in node.descendants().filter(|n| n.has_tag_name("type")) {
            assert!(
                sigs.contains_key(ty.attribute("ID").unwrap()),
                "{path}: type of {name}"
            );
        }
        checked_relations += 1;
    }
    let xml_skolems: Vec<roxmltree::Node> = instance
        .children()
        .filter(|n| n.has_tag_name("skolem"))
        .collect();
    assert_eq!(xml_skolems.len(), written.skolem_names.len(), "{path}");
    for (name, node) in written.skolem_names.iter().zip(&xml_skolems) {
        assert_eq!(node.attribute("label"), Some(name.as_str()));
        let want: Tuples = serde_json::from_value(expected[name].clone()).unwrap();
        assert_eq!(tuples_of(*node), want, "{path}: {name}");
        checked_relations += 1;
    }
    checked_relations
}

/// Abstract sigs and subsigs, a subset sig, util/ordering, a higher-order witness, a model
/// of histories (library sigs with module paths), strings and sequences.
const XML_EXAMPLES: [&str; 7] = [
    "examples/family.als",
    "examples/filesystem.als",
    "examples/elevator.als",
    "examples/higher-order/kernel.als",
    "examples/isolation/plume.als",
    "examples/strings.als",
    "examples/sequences.als",
];

#[test]
fn instance_xml_reads_back_as_the_instance() {
    let mut relations = 0;
    for path in XML_EXAMPLES {
        relations += check_file(path);
    }
    assert!(relations > 30, "{relations}");
}

/// Sterling (and the web tools built on it) read instance XML with `alloy-ts`, which is
/// stricter than a plain XML parser: it links sigs to parents by ID, finds every tuple's
/// atoms through the declared types and rebuilds `Int` from the bitwidth. Runs
/// `tests/sterling/read-instance.cjs` under Node; without Node the test says it is skipped,
/// unless `SOLDER_REQUIRE_NODE` is set (`.ci/run` sets it).
#[test]
fn instance_xml_is_read_by_sterlings_parser() {
    let Some(dir) = sterling_reader() else {
        return;
    };
    let tmp = std::env::temp_dir().join(format!("solder-sterling-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut relations = 0;
    for path in XML_EXAMPLES {
        let written = write_first_instance(path);
        let file = tmp.join("instance.xml");
        std::fs::write(&file, &written.xml).unwrap();
        let read = read_with_alloy_ts(&dir, &file, path);
        let expected = written.expected.as_object().unwrap();
        for (label, key) in &written.sig_labels {
            let got: BTreeSet<String> = serde_json::from_value(read["sigs"][label].clone())
                .unwrap_or_else(|_| panic!("{path}: alloy-ts has no sig {label}"));
            let want: BTreeSet<String> = expected[key]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t[0].as_str().unwrap().to_string())
                .collect();
            assert_eq!(got, want, "{path}: atoms of {label}");
            relations += 1;
        }
        let named = |list: &serde_json::Value| -> Vec<(String, Tuples)> {
            serde_json::from_value(list.clone()).unwrap()
        };
        let fields = named(&read["fields"]);
        assert_eq!(fields.len(), written.field_keys.len(), "{path}");
        for ((name, key), (got_name, got)) in written.field_keys.iter().zip(&fields) {
            assert_eq!(name, got_name, "{path}");
            let want: Tuples = serde_json::from_value(expected[key].clone()).unwrap();
            assert_eq!(*got, want, "{path}: {name}");
            relations += 1;
        }
        let skolems = named(&read["skolems"]);
        assert_eq!(skolems.len(), written.skolem_names.len(), "{path}");
        for (name, (got_name, got)) in written.skolem_names.iter().zip(&skolems) {
            assert_eq!(name, got_name, "{path}");
            let want: Tuples = serde_json::from_value(expected[name].clone()).unwrap();
            assert_eq!(*got, want, "{path}: {name}");
            relations += 1;
        }
    }
    std::fs::remove_dir_all(&tmp).ok();
    assert!(relations > 30, "{relations}");
}

/// `tests/sterling` with alloy-ts installed, or `None` (the test is skipped) without Node.
fn sterling_reader() -> Option<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sterling");
    let have = |tool: &str| {
        Command::new(tool)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !have("node") || !have("npm") {
        assert!(
            std::env::var_os("SOLDER_REQUIRE_NODE").is_none(),
            "node and npm are required when SOLDER_REQUIRE_NODE is set"
        );
        eprintln!("skipped: Sterling's parser needs node and npm on the PATH");
        return None;
    }
    if !dir.join("node_modules/alloy-ts").exists() {
        let out = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund", "--silent"])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "npm ci in tests/sterling: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Some(dir)
}

/// What alloy-ts understood of an XML file (`read-instance.cjs`); fails the test, naming
/// `what` and showing the file, when it rejects it.
fn read_with_alloy_ts(dir: &Path, file: &Path, what: &str) -> serde_json::Value {
    let out = Command::new("node")
        .arg(dir.join("read-instance.cjs"))
        .arg(file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{what}: alloy-ts rejected the XML: {}\n{}",
        String::from_utf8_lossy(&out.stderr),
        std::fs::read_to_string(file).unwrap_or_default()
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A trace's XML (Alloy 6 writes one `<instance>` per state): each state, read alone by
/// alloy-ts, holds what the JSON view says that state holds.
#[test]
fn trace_xml_states_are_read_by_sterlings_parser() {
    let Some(dir) = sterling_reader() else {
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let solder = |format: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_solder"))
            .args(["run", format, "examples/lamp.als", "-c", "breaksDown"])
            .current_dir(root)
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let xml = solder("--xml");
    let json: serde_json::Value = serde_json::from_str(solder("--json").trim()).unwrap();
    let states = json["trace"]["states"].as_array().unwrap();
    let instances: Vec<&str> = xml
        .split("<instance ")
        .skip(1)
        .map(|rest| rest.split("</instance>").next().unwrap())
        .collect();
    assert_eq!(instances.len(), states.len(), "{xml}");
    assert!(states.len() >= 3);
    let tmp = std::env::temp_dir().join(format!("solder-sterling-trace-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for (i, (instance, state)) in instances.iter().zip(states).enumerate() {
        let file = tmp.join(format!("state{i}.xml"));
        let doc =
            format!("<alloy builddate=\"solder\">\n<instance {instance}</instance>\n</alloy>\n");
        std::fs::write(&file, &doc).unwrap();
        let read = read_with_alloy_ts(&dir, &file, &format!("state {i}"));
        let fields: Vec<(String, Tuples)> = serde_json::from_value(read["fields"].clone()).unwrap();
        let want: Tuples = serde_json::from_value(state["Lamp<:status"].clone()).unwrap();
        assert_eq!(fields, vec![("status".to_string(), want)], "state {i}");
        let lamps: BTreeSet<String> =
            serde_json::from_value(read["sigs"]["this/Lamp"].clone()).unwrap();
        assert_eq!(lamps, BTreeSet::from(["Lamp$0".to_string()]), "state {i}");
    }
    std::fs::remove_dir_all(&tmp).ok();
}

/// Alloy's own reader (what its visualizer's File → Open uses), when an Alloy 6 command
/// line is at hand: `SOLDER_ALLOY` names a program taking `readxml --viz MODEL XML` that
/// exits non-zero when Alloy rejects the file (the wrapper used here was built from
/// Alloy's sources; see the note of issue 13). Without it the test says it is skipped.
#[test]
fn instance_xml_is_read_by_alloy_when_alloy_is_at_hand() {
    let Some(alloy) = std::env::var_os("SOLDER_ALLOY") else {
        eprintln!("skipped: set SOLDER_ALLOY to an Alloy `readxml` command to run this");
        return;
    };
    let tmp = std::env::temp_dir().join(format!("solder-alloy-xml-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let empty = tmp.join("empty.als");
    std::fs::write(&empty, "").unwrap();
    for path in [
        "examples/family.als",
        "examples/filesystem.als",
        "examples/integers.als",
        "examples/strings.als",
        "examples/sequences.als",
        "examples/higher-order/kernel.als",
        "examples/isolation/plume.als",
        "examples/isolation/fekete.als",
    ] {
        let written = write_first_instance(path);
        let file = tmp.join("instance.xml");
        std::fs::write(&file, &written.xml).unwrap();
        let out = Command::new(&alloy)
            .args(["readxml", "--viz"])
            .arg(&empty)
            .arg(&file)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{path}: Alloy rejected the XML: {text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // Every field's tuples come back.
        for (name, _) in &written.field_keys {
            assert!(
                text.contains(&format!("<:{name} = ")),
                "{path}: no field {name} in\n{text}"
            );
        }
    }
    std::fs::remove_dir_all(&tmp).ok();
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
