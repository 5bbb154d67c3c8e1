//! The command line as users see it: verdicts, exit codes, JSON, enumeration.

use std::path::Path;
use std::process::Command;

fn solder(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_solder"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn write_temp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("solder-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn test_command_passes_on_the_examples() {
    let mut files: Vec<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "als"))
            .map(|p| p.display().to_string())
            .collect();
    files.sort();
    let mut args = vec!["test"];
    args.extend(files.iter().map(|s| s.as_str()));
    let (code, out, err) = solder(&args);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains(" passed, 0 failed, 0 errors"), "{out}");
    assert!(
        out.lines().filter(|l| l.starts_with("PASS")).count() >= 50,
        "{out}"
    );
}

#[test]
fn test_command_fails_on_a_wrong_expectation() {
    let p = write_temp(
        "wrong.als",
        "sig A {}\nrun { some A } expect 0\nrun { no A } expect 1\n",
    );
    let (code, out, _) = solder(&["test", p.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL"), "{out}");
    assert!(out.contains("1 passed, 1 failed"), "{out}");
}

#[test]
fn run_prints_verdict_and_instance() {
    let p = write_temp(
        "run.als",
        "sig Node { edge: set Node }\nrun loop { some n: Node | n in n.edge } for 2\n",
    );
    let (code, out, err) = solder(&["run", p.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("instance found"), "{out}");
    assert!(out.contains("Node$0"), "{out}");
    assert!(
        out.contains("$loop_n"),
        "the skolem witness is shown: {out}"
    );
}

#[test]
fn check_reports_counterexamples_and_validity() {
    let p = write_temp(
        "check.als",
        "sig Node { edge: set Node }\nassert acyclic { no n: Node | n in n.^edge }\ncheck acyclic for 3\nassert trivial { all n: Node | n in Node }\ncheck trivial for 3\n",
    );
    let (code, out, _) = solder(&["check", p.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("counterexample found"), "{out}");
    assert!(
        out.contains("no counterexample found within the scope"),
        "{out}"
    );
}

#[test]
fn json_output_is_one_object_per_command() {
    let p = write_temp(
        "json.als",
        "sig A { f: lone A }\nrun { some f } for 2\ncheck { no A } for 2\n",
    );
    let (code, out, _) = solder(&["run", "--json", p.to_str().unwrap()]);
    assert_eq!(code, 0);
    let objs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(objs.len(), 2);
    assert_eq!(objs[0]["outcome"], "sat");
    assert!(
        objs[0]["instance"]["A<:f"]
            .as_array()
            .is_some_and(|a| !a.is_empty()),
        "{out}"
    );
    assert!(objs[0]["stats"]["clauses"].as_u64().is_some());
    // For `check`, sat means a counterexample exists.
    assert_eq!(objs[1]["outcome"], "sat");
}

#[test]
fn count_enumerates_distinct_instances() {
    // Two atoms, a set relation over them, and symmetry off: exactly 4 subsets.
    let p = write_temp(
        "count.als",
        "one sig S { xs: set T }\nsig T {}\nrun {} for exactly 2 T\n",
    );
    let (code, out, _) = solder(&[
        "run",
        "--all",
        "--symmetry",
        "0",
        "--json",
        p.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let objs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let sat = objs.iter().filter(|o| o["outcome"] == "sat").count();
    assert_eq!(sat, 4, "{out}");
    let mut seen: Vec<String> = objs
        .iter()
        .map(|o| o["instance"]["S<:xs"].to_string())
        .collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 4, "instances are distinct: {out}");
}

#[test]
fn errors_exit_with_one_and_point_at_the_source() {
    let p = write_temp("bad.als", "sig A {}\nrun { some B }\n");
    let (code, out, err) = solder(&["run", p.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(err.contains("cannot find `B`"), "{err}");
    assert!(err.contains("bad.als:2:12"), "{err}");
    let (code, _, err) = solder(&["run", "/nonexistent/model.als"]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn both_solvers_and_options_are_selectable() {
    for args in [
        ["--solver", "varisat"],
        ["--solver", "cadical"],
        ["--symmetry", "0"],
    ] {
        let mut a = vec!["test", "examples/family.als"];
        a.extend(args);
        let (code, out, err) = solder(&a);
        assert_eq!(code, 0, "{args:?}: {out}{err}");
    }
}
