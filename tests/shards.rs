//! `--shard i/n` and `solder merge` as a cluster's array job uses them: the parts of one
//! run, given in any order, merge into what one run prints; parts of several runs make
//! one table each; what is not a whole run is refused with a diagnostic naming the file.

use crate::common::binary::solder;

use serde_json::Value;
use std::path::PathBuf;

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("solder-shards-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn at(dir: &std::path::Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// `solder ARGS… -o FILE` for each shard of `count`: the part files, checked to be written.
fn shards(args: &[&str], count: usize, dir: &std::path::Path, stem: &str) -> Vec<String> {
    (1..=count)
        .map(|i| {
            let part = at(dir, &format!("{stem}{i}.json"));
            let shard = format!("{i}/{count}");
            let mut all = args.to_vec();
            all.extend(["--shard", &shard, "-o", &part]);
            let (code, out, err) = solder(&all);
            assert_eq!(code, 0, "{all:?}: {err}");
            assert!(out.is_empty(), "{out}");
            assert!(
                err.contains(&format!("shard {shard} written to {part}")),
                "{err}"
            );
            part
        })
        .collect()
}

/// Each level of a classification as JSON: its name, `holds`, and the transactions of its
/// reason (empty without one).
fn verdicts(v: &Value) -> Vec<(String, Value, Value)> {
    v["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["level"].as_str().unwrap().to_string(),
                l["holds"].clone(),
                l["reason"]["transactions"].clone(),
            )
        })
        .collect()
}

/// The framework, level and verdict of each row of `classify`'s table.
fn rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| l.starts_with('│'))
        .map(|l| {
            l.split(['│', '┆'])
                .skip(1)
                .take(3)
                .map(|c| c.trim().to_string())
                .collect()
        })
        .filter(|r: &Vec<String>| r.iter().any(|c| !c.is_empty()))
        .collect()
}

#[test]
fn classify_shards_merge_into_one_run() {
    let dir = scratch("classify");
    let history = "examples/histories/long-fork.txt";
    let (code, whole, err) = solder(&["classify", history, "--json"]);
    assert_eq!(code, 0, "{err}");
    let whole = json(&whole);
    let mut parts = shards(&["classify", history], 3, &dir, "part");
    // Without -o the part goes to standard output: the second of three holds every
    // third level from the second on.
    let (code, out, err) = solder(&["classify", history, "--shard", "2/3"]);
    assert_eq!(code, 0, "{err}");
    let part = json(&out);
    assert_eq!(part["shard"], "2/3");
    let all: Vec<&Value> = whole["levels"].as_array().unwrap().iter().collect();
    let mine: Vec<&Value> = part["results"].as_array().unwrap().iter().collect();
    assert_eq!(mine.len(), all.iter().skip(1).step_by(3).count());
    for (m, w) in mine.iter().zip(all.iter().skip(1).step_by(3)) {
        assert_eq!(m["level"], w["level"]);
    }
    parts.reverse();
    let mut args = vec!["merge", "--json"];
    args.extend(parts.iter().map(String::as_str));
    let (code, merged, err) = solder(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(verdicts(&json(&merged)), verdicts(&whole));
    let (code, text, err) = solder(
        &args[..1]
            .iter()
            .chain(&args[2..])
            .copied()
            .collect::<Vec<_>>(),
    );
    assert_eq!(code, 0, "{err}");
    let (_, one, _) = solder(&["classify", history]);
    assert!(rows(&one).len() > 20, "{one}");
    assert_eq!(rows(&text), rows(&one), "{text}");
    assert!(
        text.contains("A minimal violating sub-history of"),
        "{text}"
    );
}

#[test]
fn compare_shards_merge_into_one_run() {
    let dir = scratch("compare");
    let run = ["compare", "RA", "CC", "SER", "--scope", "2", "--no-cache"];
    let mut args = run.to_vec();
    args.push("--json");
    let (code, whole, err) = solder(&args);
    assert_eq!(code, 0, "{err}");
    let whole = json(&whole);
    let parts = shards(&run, 2, &dir, "pairs");
    let merge = |flag: &str| {
        let mut args = vec!["merge"];
        if !flag.is_empty() {
            args.push(flag);
        }
        args.extend(parts.iter().map(String::as_str));
        let (code, out, err) = solder(&args);
        assert_eq!(code, 0, "{err}");
        out
    };
    let merged = json(&merge("--json"));
    for key in [
        "scope",
        "levels",
        "implies",
        "classes",
        "hasse",
        "undecided",
    ] {
        assert_eq!(merged[key], whole[key], "{key}");
    }
    let separated = |v: &Value| {
        let mut pairs: Vec<(String, String)> = v["separations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["level"].to_string(), s["not"].to_string()))
            .collect();
        pairs.sort();
        pairs
    };
    assert_eq!(separated(&merged), separated(&whole));
    assert!(!separated(&merged).is_empty());
    // Each separating history of the merge does separate its pair.
    for (k, s) in merged["separations"].as_array().unwrap().iter().enumerate() {
        let file = at(&dir, &format!("separating{k}.txt"));
        std::fs::write(&file, s["history"].as_str().unwrap()).unwrap();
        let (a, b) = (s["level"].as_str().unwrap(), s["not"].as_str().unwrap());
        let levels = format!("{a},{b}");
        let (code, out, err) = solder(&["classify", &file, "--level", &levels, "--json"]);
        assert_eq!(code, 0, "{err}");
        let holds: Vec<Value> = json(&out)["levels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["holds"].clone())
            .collect();
        assert_eq!(
            holds,
            [Value::Bool(true), Value::Bool(false)],
            "{a} but not {b}"
        );
    }
    let mut dot = run.to_vec();
    dot.push("--dot");
    assert_eq!(merge("--dot"), solder(&dot).1);
    let csv = merge("--csv");
    assert_eq!(csv.lines().count(), 1 + 6, "{csv}");
    assert!(merge("").contains("Hasse diagram"));
}

#[test]
fn parts_of_several_histories_make_one_table_each() {
    let dir = scratch("several");
    let skew = "examples/histories/write-skew.txt";
    let fork = "examples/histories/long-fork.txt";
    let mut parts = shards(&["classify", skew, "--level", "RA,SER"], 2, &dir, "skew");
    parts.extend(shards(
        &["classify", fork, "--level", "RA,SER"],
        1,
        &dir,
        "fork",
    ));
    let mut args = vec!["merge"];
    args.extend(parts.iter().map(String::as_str));
    let (code, out, err) = solder(&args);
    assert_eq!(code, 0, "{err}");
    let skew_at = out.find(&format!("== {skew} ==")).expect(&out);
    let fork_at = out.find(&format!("== {fork} ==")).expect(&out);
    assert!(skew_at < fork_at, "{out}");
    args.insert(1, "--json");
    let (code, out, err) = solder(&args);
    assert_eq!(code, 0, "{err}");
    let runs = json(&out);
    let runs = runs.as_array().expect("a list of runs");
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[1]["input"], fork);
    // Write skew is read atomic and not serializable.
    let holds: Vec<&Value> = runs[0]["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| &l["holds"])
        .collect();
    assert_eq!(holds, [&Value::Bool(true), &Value::Bool(false)]);
}

#[test]
fn merge_refuses_what_is_not_one_whole_run() {
    let dir = scratch("refused");
    let skew = [
        "classify",
        "examples/histories/write-skew.txt",
        "--level",
        "RA,CC,SER",
    ];
    let halves = shards(&skew, 2, &dir, "half");
    let thirds = shards(&skew, 3, &dir, "third");
    let refused = |args: &[&str], says: &[&str]| {
        let mut all = vec!["merge", "--color", "never"];
        all.extend(args);
        let (code, out, err) = solder(&all);
        assert_eq!(code, 2, "{all:?}: {out}");
        for s in says {
            assert!(err.contains(s), "{all:?} should say `{s}`:\n{err}");
        }
        assert!(!err.contains("panicked"), "{err}");
    };
    refused(&[&halves[0]], &["shard 2/2 missing", "half1.json"]);
    refused(&[&halves[0], &halves[1], &halves[0]], &["given twice"]);
    refused(&[&halves[0], &halves[1], &thirds[2]], &["split one way"]);
    // A part edited to lose a level.
    let mut part = json(&std::fs::read_to_string(&halves[1]).unwrap());
    part["results"].as_array_mut().unwrap().clear();
    let edited = at(&dir, "edited.json");
    std::fs::write(&edited, serde_json::to_string_pretty(&part).unwrap()).unwrap();
    refused(
        &[&halves[0], &edited],
        &["should decide CC and decides no level", "edited.json:"],
    );
    // Files that are not parts.
    refused(
        &["examples/histories/write-skew.txt"],
        &["is not a part (not valid JSON", "write-skew.txt:1:"],
    );
    refused(
        &["examples/histories/causality.json"],
        &["is not a part written by `classify --shard`"],
    );
    refused(&["no/such/part.json"], &["cannot read `no/such/part.json`"]);
    // Parts of classify and compare together.
    let pairs = shards(
        &["compare", "RA", "CC", "--scope", "1", "--no-cache"],
        1,
        &dir,
        "pairs",
    );
    refused(
        &[&halves[0], &halves[1], &pairs[0]],
        &["cannot be merged: command"],
    );
    refused(
        &["--csv", &halves[0], &halves[1]],
        &["--csv prints one compare run"],
    );
    // The shard itself.
    for (args, says) in [
        (vec!["--shard", "0/2"], "is not a shard"),
        (vec!["--shard", "3/2"], "is not a shard"),
        (vec!["--shard", "1/2", "--json"], "cannot be used with"),
        (vec!["-o", "x.json"], "--shard"),
    ] {
        let mut all = skew.to_vec();
        all.extend(args);
        let (code, _, err) = solder(&all);
        assert_eq!(code, 2, "{all:?}");
        assert!(err.contains(says), "{all:?}: {err}");
    }
}

#[test]
fn a_level_its_shard_left_undecided_leaves_the_merge_undecided() {
    let dir = scratch("undecided");
    let part = at(&dir, "part.json");
    // SI goes through the library's definitions, which --max-txns 1 skips here.
    let (code, _, err) = solder(&[
        "classify",
        "examples/histories/write-skew.txt",
        "--level",
        "RA,SI",
        "--max-txns",
        "1",
        "--shard",
        "1/1",
        "-o",
        &part,
    ]);
    assert_eq!(code, 3, "{err}");
    let (code, out, err) = solder(&["merge", &part]);
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("skipped"), "{out}");
}
