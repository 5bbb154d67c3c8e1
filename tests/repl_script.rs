//! The REPL driven by scripts on standard input (`solder < session.txt`): every command,
//! errors in the middle of a session, and what the session keeps.

use std::io::Write;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Run `solder ARGS` with `script` on standard input; (exit code, stdout, stderr).
fn solder(args: &[&str], script: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_solder"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("SOLDER_HISTORY", "")
        // `compare` caches verdicts; keep the tests' out of the user's cache.
        .env(
            "SOLDER_CACHE_DIR",
            std::env::temp_dir().join(format!("solder-repl-cache-{}", std::process::id())),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("solder starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn repl(script: &str) -> (i32, String, String) {
    solder(&[], script)
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("solder-repl-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const GRAPH: &str = "sig Node { edge: set Node }\n\
                     pred cyclic { some n: Node | n in n.^edge }\n\
                     pred selfLoop { some n: Node | n in n.edge }\n";

#[test]
fn a_clean_session_exits_zero_and_prints_plainly() {
    let (code, out, err) = repl(&format!("{GRAPH}run cyclic for 2\n"));
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(err.is_empty(), "{err}");
    assert!(out.starts_with("instance found — "), "{out}");
    assert!(out.contains("│ Node$0"), "{out}");
    // Script mode: no prompt, no progress line, no colours.
    assert!(!out.contains("solder>") && !out.contains('\x1b'), "{out:?}");
}

#[test]
fn unbraced_and_braced_commands_run_and_say_their_verdict() {
    let (code, out, err) = repl(&format!(
        "{GRAPH}run cyclic and not selfLoop for 2\n\
         run {{ cyclic and not selfLoop }} for 1\n\
         check {{ no n: Node | n in n.edge }} for 2\n\
         check {{ Node.edge in Node }} for 3\n"
    ));
    assert_eq!(code, 0, "{err}");
    let verdicts: Vec<&str> = out.lines().filter(|l| l.contains(" — ")).collect();
    assert_eq!(verdicts.len(), 4, "{out}");
    assert!(verdicts[0].starts_with("instance found"), "{out}");
    assert!(
        verdicts[1].starts_with("no instance found within scope (1 Node)"),
        "{out}"
    );
    assert!(verdicts[2].starts_with("counterexample found"), "{out}");
    assert!(
        verdicts[3].starts_with("no counterexample found within scope (3 Node)"),
        "{out}"
    );
}

#[test]
fn errors_in_the_middle_leave_the_session_working() {
    let script = format!(
        "{GRAPH}\
         sig 3 {{}}\n\
         run {{ some Nod }}\n\
         pred broken {{ some edges }}\n\
         load /no/such/file.als\n\
         open nosuch/lib\n\
         run cyclic for 2\n\
         defs\n"
    );
    let (code, out, err) = repl(&script);
    assert_eq!(code, 2, "errors make the exit code 2");
    // The syntax error, with its source line.
    assert!(err.contains("syntax error"), "{err}");
    assert!(err.contains("<repl:4>"), "{err}");
    // The unknown names, with suggestions.
    assert!(err.contains("cannot find `Nod`"), "{err}");
    assert!(err.contains("did you mean `Node`?"), "{err}");
    assert!(err.contains("cannot find `edges`"), "{err}");
    assert!(err.contains("cannot read `/no/such/file.als`"), "{err}");
    assert!(err.contains("cannot find module `nosuch/lib`"), "{err}");
    // The run afterwards works, and the failed pred was not added.
    assert!(out.contains("instance found"), "{out}");
    assert!(out.contains("pred cyclic"), "{out}");
    assert!(!out.contains("broken"), "{out}");
}

#[test]
fn redefinitions_replace_and_say_so() {
    let (_, out, err) = repl(
        "sig A {}\n\
         sig B {}\n\
         pred p { some A }\n\
         pred p { some B and no A }\n\
         fun f: set A { A }\n\
         fun f: set B { B }\n\
         assert a { some A }\n\
         assert a { no A }\n\
         sig A { r: set B }\n\
         run p for 2\n\
         defs\n",
    );
    assert!(err.is_empty(), "{err}");
    for note in [
        "redefined pred `p`",
        "redefined fun `f`",
        "redefined assert `a`",
        "redefined sig `A`",
    ] {
        assert!(out.contains(note), "{note}:\n{out}");
    }
    // The new p holds: some B, no A.
    assert!(out.contains("A: (empty)"), "{out}");
    assert!(out.contains("│ B$0"), "{out}");
    // One definition of each name is left.
    assert_eq!(out.matches("pred p").count(), 1, "{out}");
    assert!(out.contains("sig A { r: set B }"), "{out}");
}

#[test]
fn a_sig_declared_with_others_keeps_them_when_one_is_redefined() {
    let dir = temp_dir("multi");
    let file = dir.join("multi.als");
    let (_, out, err) = repl(&format!(
        "sig A, B {{}}\n\
         sig A {{ f: set B }}\n\
         run {{ some A.f }} for 2\n\
         save {}\n",
        file.display()
    ));
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("redefined sig `A`"), "{out}");
    assert!(out.contains("instance found"), "{out}");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("sig B {}"), "{saved}");
    assert!(saved.contains("sig A { f: set B }"), "{saved}");
}

#[test]
fn next_enumerates_until_there_are_no_more() {
    // One node: its edge set is empty or the self-loop.
    let (code, out, err) = repl(&format!(
        "{GRAPH}run {{ one Node }} for 1\nnext\nnext\nnext\n"
    ));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("instance found"), "{out}");
    assert!(out.contains("instance 2 found"), "{out}");
    assert_eq!(
        out.matches("no more instances (2 in all)").count(),
        2,
        "{out}"
    );
    assert!(!out.contains("instance 3"), "{out}");
}

#[test]
fn next_before_any_run_is_an_error() {
    let (code, _, err) = repl("next\n");
    assert_eq!(code, 2);
    assert!(err.contains("no command has run yet"), "{err}");
}

#[test]
fn eval_names_atoms_and_witnesses() {
    let (code, out, err) = repl(&format!(
        "{GRAPH}run {{ some n: Node | n in n.edge }} for exactly 1 Node\n\
         eval Node$0.edge\n\
         eval $n = Node$0\n\
         eval Node$0 in Node$0.^edge\n\
         eval no Node\n\
         eval Node - Node\n\
         eval {{ m: Node | m in m.edge }}\n"
    ));
    assert_eq!(code, 0, "{err}");
    let after_run: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("│ $n"))
        .skip(3)
        .collect();
    let rest = after_run.join("\n");
    assert!(rest.contains("│ Node$0 │"), "{rest}");
    assert_eq!(
        after_run.iter().filter(|l| **l == "true").count(),
        2,
        "{rest}"
    );
    assert!(after_run.contains(&"false"), "{rest}");
    assert!(after_run.contains(&"{}"), "{rest}");
}

#[test]
fn eval_ignores_surrounding_whitespace() {
    let (code, out, err) = repl(&format!(
        "{GRAPH}run {{ some Node }} for exactly 1 Node\n  eval   Node \t \n"
    ));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("│ Node$0 │").count(), 2, "{out}");
}

#[test]
fn eval_errors_point_into_the_typed_text() {
    let (_, out, err) = repl(&format!(
        "eval Node\n\
         {GRAPH}run cyclic for 2\n\
         eval Node.nosuch\n\
         eval Node +\n\
         sig Extra {{}}\n\
         eval Node\n"
    ));
    assert!(err.contains("no instance to evaluate on"), "{err}");
    assert!(err.contains("cannot find `nosuch`"), "{err}");
    assert!(err.contains(" 1 │ eval Node.nosuch"), "{err}");
    assert!(err.contains("expected an expression"), "{err}");
    assert!(err.contains("the sigs or fields changed"), "{err}");
    assert!(out.contains("instance found"), "{out}");
}

#[test]
fn show_has_tables_json_dot_and_history_only_for_histories() {
    let (code, out, err) = repl(&format!(
        "{GRAPH}run {{ some n: Node | n in n.edge }} for exactly 1 Node\n\
         show json\n\
         show dot\n\
         show history\n\
         show\n\
         show bogus\n"
    ));
    assert_eq!(code, 2, "show bogus is an error");
    assert!(err.contains("no view `bogus`"), "{err}");
    let json_start = out.find("{\n").expect("JSON output");
    let json_end = out[json_start..].find("\n}\n").unwrap() + json_start + 2;
    let value: serde_json::Value = serde_json::from_str(&out[json_start..json_end]).unwrap();
    assert!(value.to_string().contains("Node$0"), "{value}");
    assert!(out.contains("digraph instance {"), "{out}");
    assert!(
        out.contains("\"Node$0\" -> \"Node$0\" [label=\"edge\"];"),
        "{out}"
    );
    assert!(
        err.contains("no history view: the model does not open isolation/histories"),
        "{err}"
    );
    // `show` alone repeats the tables.
    assert_eq!(out.matches("┆ edge").count(), 2, "{out}");
}

#[test]
fn show_without_an_instance_is_an_error() {
    let (_, _, err) = repl("show\n");
    assert!(err.contains("no instance to show"), "{err}");
}

#[test]
fn minimize_lowers_each_sig_while_satisfiable() {
    let (code, out, err) = repl(&format!(
        "{GRAPH}sig Other {{}}\n\
         run {{ some n: Node | n in n.edge }} for exactly 3 Node, exactly 2 Other\n\
         minimize\n\
         stats\n\
         minimize\n"
    ));
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "smallest instance found within scope (exactly 1 Node, exactly 0 Other), down from (exactly 3 Node, exactly 2 Other)"
        ),
        "{out}"
    );
    // The minimized run is the current one.
    assert!(out.contains("exactly 1 Node, exactly 0 Other"), "{out}");
    assert!(
        out.contains(
            "already minimal: no sig can have fewer atoms than in this instance (1 Node, 0 Other)"
        ),
        "{out}"
    );
}

#[test]
fn minimize_needs_an_instance() {
    let (_, _, err) = repl(&format!(
        "{GRAPH}minimize\nrun {{ no Node and some edge }}\nminimize\n"
    ));
    assert!(err.contains("nothing to minimize"), "{err}");
    assert_eq!(err.matches("nothing to minimize").count(), 2, "{err}");
}

#[test]
fn save_writes_a_model_that_solder_runs() {
    let dir = temp_dir("save");
    let file = dir.join("session.als");
    let (code, out, err) = repl(&format!(
        "{GRAPH}open util/ordering[Node] as ord\n\
         scope 2\n\
         run cyclic\n\
         run selfLoop and not cyclic\n\
         pred gone {{ some Node }}\n\
         run gone for 1\n\
         pred gone {{ some Node and no edge }}\n\
         check {{ all n: Node | n in n.edge }} for 2\n\
         save {}\n",
        file.display()
    ));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("saved 5 definitions and 4 commands"), "{out}");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("open util/ordering[Node] as ord"), "{saved}");
    // The default scope is written out; the unbraced formula gets braces.
    assert!(saved.contains("run cyclic for 2"), "{saved}");
    assert!(
        saved.contains("run { selfLoop and not cyclic } for 2"),
        "{saved}"
    );
    assert_eq!(saved.matches("pred gone").count(), 1, "{saved}");
    let (code, out, err) = solder(&["run", file.to_str().unwrap()], "");
    // The saved check has a counterexample: exit code 1.
    assert_eq!(code, 1, "{out}\n{err}");
    assert_eq!(out.matches("  instance found").count(), 2, "{out}");
    assert_eq!(out.matches("  no instance found").count(), 1, "{out}");
    assert_eq!(out.matches("  counterexample found").count(), 1, "{out}");
}

#[test]
fn save_to_an_unwritable_place_is_an_error() {
    let (code, _, err) = repl("sig A {}\nsave /no/such/dir/x.als\n");
    assert_eq!(code, 2);
    assert!(err.contains("cannot write `/no/such/dir/x.als`"), "{err}");
}

#[test]
fn load_adds_a_file_and_its_labelled_commands_run_by_label() {
    let (code, out, err) = repl(
        "load examples/graphs.als\n\
         run ring3\n\
         check treeHasOneRoot for 3 Node, 3 Edge\n\
         defs\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "loaded examples/graphs.als: 1 open, 2 sigs, 1 fun, 1 pred, 3 asserts, 6 commands"
        ),
        "{out}"
    );
    // ring3: run { ring[links] } for exactly 3 Node, 3 Edge expect 1
    let verdicts: Vec<&str> = out.lines().filter(|l| l.contains(" — ")).collect();
    assert!(verdicts[0].starts_with("instance found"), "{out}");
    assert!(
        verdicts[1].starts_with("no counterexample found within scope (3 Node, 3 Edge)"),
        "{out}"
    );
    assert!(out.contains("open util/graph[Node]  — graph/"), "{out}");
    assert!(out.contains("fun links: Node -> Node"), "{out}");
    assert!(
        out.contains("ring3: run { ring[links] } for exactly 3 Node, 3 Edge expect 1"),
        "{out}"
    );
}

#[test]
fn solder_file_and_solder_repl_file_load_first() {
    let (code, out, err) = solder(&["examples/graphs.als"], "run someDag for 3 Node, 2 Edge\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("loaded examples/graphs.als"), "{out}");
    assert!(out.contains("instance found"), "{out}");
    let (code, out, err) = solder(
        &[
            "repl",
            "examples/graphs.als",
            "--solver",
            "cadical",
            "--symmetry",
            "0",
        ],
        "set\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("solver cadical"), "{out}");
    assert!(out.contains("symmetry 0"), "{out}");
}

#[test]
fn a_bad_file_does_not_change_the_session() {
    let dir = temp_dir("badload");
    let bad = dir.join("bad.als");
    std::fs::write(&bad, "sig A {}\npred p { some B }\n").unwrap();
    let (code, out, err) = repl(&format!(
        "sig Keep {{}}\nload {}\ndefs\nrun {{ some Keep }} for 1\n",
        bad.display()
    ));
    assert_eq!(code, 2);
    assert!(err.contains("cannot find `B`"), "{err}");
    assert!(err.contains("bad.als"), "{err}");
    assert!(out.contains("sig Keep {}"), "{out}");
    assert!(!out.contains("sig A"), "{out}");
    assert!(out.contains("instance found"), "{out}");
}

#[test]
fn reload_reads_changed_files_and_keeps_later_typing() {
    let dir = temp_dir("reload");
    let model = dir.join("model.als");
    std::fs::write(&model, "sig A {}\npred p { some A }\n").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_solder"))
        .env("SOLDER_HISTORY", "")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    writeln!(
        stdin,
        "load {}\npred q {{ no A }}\nscope 1",
        model.display()
    )
    .unwrap();
    stdin.flush().unwrap();
    // Change the file only once the session has read it.
    let mut seen = String::new();
    while !seen.contains("default scope set to 1") {
        let mut line = String::new();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "{seen}");
        seen.push_str(&line);
    }
    assert!(seen.contains("loaded "), "{seen}");
    std::fs::write(&model, "sig A {}\nsig B {}\npred p { some B }\n").unwrap();
    writeln!(stdin, "reload\ndefs\nrun p").unwrap();
    drop(stdin);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(rest.contains("reloaded 1 file"), "{rest}");
    assert!(rest.contains("sig B {}"), "{rest}");
    assert!(
        rest.contains("pred q"),
        "typed definitions survive a reload:\n{rest}"
    );
    // The new p: some B.
    assert!(rest.contains("│ B$0"), "{rest}");
}

#[test]
fn reload_without_files_is_an_error() {
    let (code, _, err) = repl("reload\n");
    assert_eq!(code, 2);
    assert!(err.contains("nothing to reload"), "{err}");
}

#[test]
fn scope_sets_the_default_for_commands_without_for() {
    let (code, out, err) = repl(&format!(
        "{GRAPH}scope\n\
         scope 1\n\
         run {{ some disj a, b: Node | a != b }}\n\
         run {{ some disj a, b: Node | a != b }} for 2\n\
         scope many\n"
    ));
    assert_eq!(code, 2, "`scope many` is an error");
    assert!(out.contains("default scope: 3"), "{out}");
    assert!(out.contains("default scope set to 1"), "{out}");
    assert!(
        out.contains("no instance found within scope (1 Node)"),
        "{out}"
    );
    assert!(out.contains("instance found — "), "{out}");
    assert!(err.contains("`scope` takes a number"), "{err}");
}

#[test]
fn set_changes_and_shows_options() {
    let (code, out, err) = repl(
        "set\n\
         set symmetry 0\n\
         set verify off\n\
         set timeout 2.5\n\
         set solver varisat\n\
         set fix_order off\n\
         set instantiate off\n\
         set terms off\n\
         set escalate off\n\
         set incremental off\n\
         set naive on\n\
         set candidate_solver cadical\n\
         set singleton_overlap off\n\
         set lazy_orders off\n\
         set count_injections off\n\
         set recheck_orders off\n\
         set recheck_saturate off\n\
         set int_ladders off\n\
         set child_blocks off\n\
         set max_vars 1,000\n\
         set overflow prevent\n\
         set solver\n\
         set\n\
         set solver minisat\n\
         set symmetri 3\n\
         set verify maybe\n\
         set overflow sometimes\n",
    );
    assert_eq!(code, 2);
    let first: Vec<&str> = out.lines().take(22).collect();
    assert_eq!(
        first,
        [
            "symmetry 20",
            "verify on",
            "timeout 0 (none)",
            "solver cadical",
            "fix_order on",
            "instantiate on",
            "terms on",
            "escalate on",
            "incremental on",
            "naive off",
            "candidate_solver cadical",
            "verifier_solver varisat",
            "singleton_overlap on",
            "lazy_orders on",
            "count_injections on",
            "recheck_orders on",
            "recheck_saturate on",
            "int_ladders on",
            "child_blocks on",
            "max_vars 2000000",
            "ascii off",
            "overflow wrap",
        ]
    );
    let mut last: Vec<&str> = out.lines().rev().take(22).collect();
    last.reverse();
    assert_eq!(
        last,
        [
            "symmetry 0",
            "verify off",
            "timeout 2.5 s",
            "solver varisat",
            "fix_order off",
            "instantiate off",
            "terms off",
            "escalate off",
            "incremental off",
            "naive on",
            "candidate_solver cadical",
            "verifier_solver varisat",
            "singleton_overlap off",
            "lazy_orders off",
            "count_injections off",
            "recheck_orders off",
            "recheck_saturate off",
            "int_ladders off",
            "child_blocks off",
            "max_vars 1000",
            "ascii off",
            "overflow prevent",
        ]
    );
    assert!(
        err.contains("`varisat` or `cadical`, not `minisat`"),
        "{err}"
    );
    assert!(err.contains("did you mean `symmetry`?"), "{err}");
    assert!(err.contains("expected `on` or `off`, not `maybe`"), "{err}");
    assert!(err.contains("`overflow` is `wrap`"), "{err}");
}

#[test]
fn a_timeout_stops_a_long_solve_and_the_session_goes_on() {
    let (code, out, err) = repl(
        "sig Hole {}\n\
         sig Pigeon { hole: one Hole }\n\
         fact { all h: Hole | lone hole.h }\n\
         set symmetry 0\n\
         set timeout 0.3\n\
         set solver varisat\n\
         run {} for exactly 16 Pigeon, exactly 15 Hole\n\
         set solver cadical\n\
         run {} for exactly 16 Pigeon, exactly 15 Hole\n\
         set timeout 0\n\
         run { some Pigeon } for 2\n",
    );
    assert_eq!(code, 2, "{out}");
    assert_eq!(err.matches("timed out after").count(), 2, "{err}");
    // varisat's worker is left behind, CaDiCaL's stops.
    assert_eq!(
        err.matches("finishes in the background").count(),
        1,
        "{err}"
    );
    assert!(out.contains("instance found"), "{out}");
}

#[test]
fn stats_describe_the_last_solve() {
    let (_, out, err) = repl(&format!("stats\n{GRAPH}run cyclic for 2\nstats\n"));
    assert!(err.contains("no solve yet"), "{err}");
    assert!(
        out.contains("run cyclic for 2: ") && out.contains("primary variables"),
        "{out}"
    );
    assert!(out.contains("1 SAT call"), "{out}");
}

#[test]
fn help_lists_every_command_and_explains_one() {
    let (code, out, err) = repl("help\nhelp minimize\nhelp nosuch\n");
    assert_eq!(code, 2, "help nosuch is an error");
    for cmd in [
        "open MODULE",
        "load FILE",
        "reload",
        "next",
        "show [",
        "eval [at STATE] EXPR",
        "state N",
        "prev",
        "defs",
        "scope [N]",
        "set [OPTION VALUE]",
        "stats",
        "minimize",
        "programs FILE [level L,...]",
        "save FILE",
        "help [COMMAND]",
        "quit",
    ] {
        assert!(out.contains(&format!("  {cmd}")), "{cmd}:\n{out}");
    }
    assert!(
        out.contains("Lowers the scope of each top-level sig"),
        "{out}"
    );
    assert!(err.contains("no command `nosuch`"), "{err}");
}

/// The README's table of REPL commands names every command `help` lists and every option
/// `set` shows, so that a user reading it misses nothing the REPL has.
#[test]
fn the_readme_lists_every_repl_command_and_option() {
    let (_, out, _) = repl("set\nhelp\n");
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let section = readme
        .split("\n## The REPL\n")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("a REPL section");
    let commands: Vec<&str> = out
        .split("Commands:\n")
        .nth(1)
        .expect("help lists commands")
        .lines()
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(commands.len() >= 15, "{out}");
    // `set` prints one `option value` line each, before the help text.
    let options: Vec<&str> = out
        .lines()
        .take_while(|l| !l.starts_with("Type Alloy"))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(options.len() >= 15, "{out}");
    let rows: Vec<&str> = section.lines().filter(|l| l.starts_with('|')).collect();
    for c in &commands {
        let named = |r: &&str| r.contains(&format!("`{c}`")) || r.contains(&format!("`{c} "));
        assert!(
            rows.iter().any(named),
            "the README's REPL table lacks `{c}`"
        );
    }
    for o in &options {
        assert!(
            section.contains(&format!("`{o}`")),
            "the README's `set` row lacks `{o}`"
        );
    }
}

#[test]
fn quit_ends_the_script() {
    let (code, out, _) = repl("sig A {}\nquit\nrun { some A }\n");
    assert_eq!(code, 0);
    assert!(!out.contains("instance"), "{out}");
    let (_, out, _) = repl("exit\nhelp\n");
    assert!(out.is_empty(), "{out}");
}

#[test]
fn commands_with_arguments_they_do_not_take_are_errors() {
    let (code, _, err) = repl("next 3\nstats now\nload\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("`next` takes nothing, `state`, `config`, `trace` or `fork`, not `3`"),
        "{err}"
    );
    assert!(err.contains("`stats` takes no arguments"), "{err}");
    assert!(err.contains("usage: load FILE"), "{err}");
}

#[test]
fn input_continues_while_brackets_are_open() {
    let (code, out, err) = repl(
        "sig Node {\n  edge: set Node\n}\n\
         pred twoLinked {\n  some disj a, b: Node |\n    b in a.edge\n}\n\
         run twoLinked for 2\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("instance found"), "{out}");
}

#[test]
fn an_expression_typed_alone_suggests_eval() {
    let (_, _, err) = repl("sig Node {}\nNode + Node\n");
    assert!(err.contains("type `eval Node + Node`"), "{err}");
}

#[test]
fn labelled_commands_are_not_repl_commands() {
    // `show:` is a label here, not the REPL's `show`.
    let (code, out, err) = repl("sig A {}\nshow: run { some A } for 1\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("instance found"), "{out}");
}

#[test]
fn opening_a_library_module_works_and_a_wrong_one_suggests() {
    let (_, out, err) = repl(
        "sig Node {}\n\
         open util/ordering[Node] as ord\n\
         run { some ord/first } for 3\n\
         open util/orderng[Node]\n",
    );
    assert!(out.contains("instance found"), "{out}");
    assert!(err.contains("did you mean `util/ordering`?"), "{err}");
}

/// A model of histories shows its instances as histories, by default and on `show
/// history`; `show tables` still gives the tables.
#[test]
fn histories_show_as_histories() {
    let (code, out, err) = repl(
        "open isolation\n\
         run { TapRA and not RA } for exactly 2 Txn, 1 Obj, 2 Val\n\
         show history\n\
         show tables\n",
    );
    assert_eq!(code, 0, "{err}");
    // once after the run, once for `show history`
    assert_eq!(out.matches("session 1: T1 → T2").count(), 2, "{out}");
    assert_eq!(out.matches("  T2: r(x,0)").count(), 2, "{out}");
    assert!(out.contains("┆ reads"), "{out}");
}

#[test]
fn sigint_in_a_script_cancels_the_solve_and_the_script_goes_on() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_solder"))
        .env("SOLDER_HISTORY", "")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("solder starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            b"sig Hole {}\n\
              sig Pigeon { hole: one Hole }\n\
              fact { all h: Hole | lone hole.h }\n\
              set symmetry 0\n\
              run {} for exactly 16 Pigeon, exactly 15 Hole\n\
              run {} for 2\n",
        )
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(800));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(stdout.contains("interrupted"), "{stdout}\n{stderr}");
    // The line after the cancelled solve still ran.
    assert!(stdout.contains("instance found"), "{stdout}\n{stderr}");
}

#[test]
fn core_names_the_constraints_behind_no_instance() {
    let (code, out, err) = repl(&format!(
        "{GRAPH}fact acyclic {{ no n: Node | n in n.^edge }}\ncore\nrun selfLoop for 3\ncore\nrun {{ some Node }} for 2\ncore\n"
    ));
    // Before any run, and after a run with an instance, `core` has nothing to explain.
    assert!(err.contains("nothing to explain"), "{err}");
    assert!(err.contains("only \"no instance\" has a core"), "{err}");
    assert!(
        out.contains("core: these 2 constraints together have no instance"),
        "{out}"
    );
    assert!(out.contains("core 1/2: fact `acyclic`"), "{out}");
    assert!(out.contains("core 2/2: pred `selfLoop`"), "{out}");
    assert!(out.contains("n in n.edge"), "{out}");
    assert_ne!(code, 0, "errors in the script make the exit code non-zero");
}

#[test]
fn show_xml_prints_alloys_instance_xml() {
    let (code, out, err) = repl(&format!("{GRAPH}run selfLoop for 1\nshow xml\n"));
    assert_eq!(code, 0, "{err}");
    let start = out.find("<alloy").expect("XML in the output");
    let xml = &out[start..out.find("</alloy>").expect("the end") + "</alloy>".len()];
    assert!(xml.contains("<sig label=\"this/Node\""), "{xml}");
    assert!(
        xml.contains("<tuple> <atom label=\"Node$0\"/> <atom label=\"Node$0\"/> </tuple>"),
        "{xml}"
    );
}

#[test]
fn minimize_writes_library_sigs_by_their_short_names() {
    let (code, out, err) =
        repl("open isolation\nrun { TapRA and not RA } for 3\nminimize\nstats\n");
    assert_eq!(code, 0, "{err}");
    let stats = out
        .lines()
        .find(|l| l.contains("primary variables"))
        .expect("a stats line");
    assert!(stats.contains("Txn"), "{stats}");
    assert!(!stats.contains("isolation/"), "{stats}");
}

#[test]
fn save_writes_the_instance_in_the_format_its_extension_names() {
    let dir = temp_dir("save-instance");
    let (xml, json, dot) = (dir.join("i.xml"), dir.join("i.json"), dir.join("i.dot"));
    let (code, out, err) = repl(&format!(
        "save {}\n{GRAPH}run selfLoop for 1\nsave {}\nsave {}\nsave {}\n",
        xml.display(),
        xml.display(),
        json.display(),
        dot.display()
    ));
    // The first save comes before any instance: an error, and the session goes on.
    assert!(err.contains("no instance to save"), "{err}");
    assert_ne!(code, 0);
    assert_eq!(out.matches("instance written to").count(), 3, "{out}");
    let xml = std::fs::read_to_string(&xml).unwrap();
    assert!(
        xml.contains("<tuple> <atom label=\"Node$0\"/> <atom label=\"Node$0\"/> </tuple>"),
        "{xml}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(
        json["Node<:edge"],
        serde_json::json!([["Node$0", "Node$0"]])
    );
    let dot = std::fs::read_to_string(&dot).unwrap();
    assert!(dot.starts_with("digraph"), "{dot}");
    assert!(dot.contains("Node$0"), "{dot}");
}

#[test]
fn eval_computes_integers() {
    let (code, out, err) = repl(
        "open isolation\n\
         run { #Txn = 3 } for 3\n\
         eval #Txn\n\
         eval sum t: Txn | #t.writes\n\
         eval 7 fun/add 1\n\
         eval #Txn > 1\n\
         eval (sum t: Txn | #t.writes) = #writes\n",
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.iter().filter(|l| **l == "true").count(), 2, "{out}");
    assert!(lines.contains(&"3"), "{out}");
    assert!(
        lines.contains(&"-8 (overflowed: the exact result does not fit the bitwidth)"),
        "{out}"
    );
    assert!(lines.contains(&"true"), "{out}");
    // The sum of the writes is the number of write tuples of the instance.
    let sum_line = lines
        .iter()
        .position(|l| *l == "3")
        .map(|i| lines[i + 1])
        .unwrap();
    assert!(sum_line.parse::<i64>().is_ok(), "{out}");
}

#[test]
fn classify_and_compare_work_on_files_and_the_current_instance() {
    let (code, out, err) = repl(
        "classify examples/histories/long-fork.txt levels CeronePSI,CeronePC\n\
         classify no/such/file.txt\n\
         classify\n\
         open isolation\n\
         run { RA and not CC } for 3\n\
         classify levels RA,CC\n\
         classify levels Nope\n\
         compare RA CC scope 3\n\
         compare RA scope x\n",
    );
    assert_eq!(code, 2, "errors were reported: {err}");
    // The file: PSI holds with its witness, PC fails with the whole long fork.
    assert!(
        out.contains("│ Cerone et al. ┆ CeronePSI ┆ ✓ ┆ vis: T1 → T3; T2 → T4"),
        "{out}"
    );
    assert!(
        out.contains("A minimal violating sub-history of CeronePC:"),
        "{out}"
    );
    assert!(err.contains("cannot read `no/such/file.txt`"), "{err}");
    assert!(
        err.contains("there is no current instance to classify"),
        "{err}"
    );
    // The current instance separates RA from CC: classify agrees.
    assert!(
        out.contains("│ Biswas & Enea ┆ RA    ┆ ✓ ┆ co: T0 <"),
        "{out}"
    );
    assert!(
        out.contains("│ Biswas & Enea ┆ CC    ┆ ✗ ┆ violated by"),
        "{out}"
    );
    assert!(err.contains("unknown level `Nope`"), "{err}");
    assert!(out.contains("  CC → RA"), "{out}");
    assert!(err.contains("usage: compare"), "{err}");
}

#[test]
fn programs_checks_levels_and_expectations_and_bad_input_leaves_the_session_working() {
    let dir = temp_dir("programs");
    let bad = dir.join("bad.prog");
    std::fs::write(&bad, "table T (id: Id key);\nprogram P( { oops\n").unwrap();
    let (code, out, err) = repl(&format!(
        "programs examples/programs/smallbank.prog level SI cycle 3\n\
         classify levels SER,CeroneSI\n\
         programs examples/programs/smallbank.prog level SI cycle 3 history\n\
         programs examples/programs/courseware.prog\n\
         programs no/such/file.prog level SI\n\
         programs examples/programs/smallbank.prog level Nope\n\
         programs examples/programs/smallbank.prog level SI cycle 1\n\
         programs {}\n\
         sig A {{}}\n\
         run {{ some A }} for 1\n\
         classify\n",
        bad.display()
    ));
    assert_eq!(code, 2, "errors were reported: {err}");
    // A level: the violation, edge by edge.
    assert!(out.contains("SI: violation"), "{out}");
    assert!(out.contains("--rw-->"), "{out}");
    // `history`: the execution alone, unindented, as `classify` reads it.
    assert!(out.contains("\nT1: r(Saving[custid="), "{out}");
    // `classify` without a file reads the violation just printed: not serializable, and
    // snapshot isolation's witness exists.
    let row = |level: &str, verdict: &str| {
        out.lines().any(|l| {
            let cells: Vec<&str> = l.split(['│', '┆']).map(str::trim).collect();
            cells.get(2) == Some(&level) && cells.get(3) == Some(&verdict)
        })
    };
    assert!(row("SER", "✗") && row("CeroneSI", "✓"), "{out}");
    assert!(
        out.contains("A minimal violating sub-history of SER:"),
        "{out}"
    );
    // The expectations: one line each, as the file states them, and all met.
    let source = std::fs::read_to_string("examples/programs/courseware.prog").unwrap();
    let expects: Vec<&str> = source
        .lines()
        .filter_map(|l| l.trim().strip_prefix("expect "))
        .filter_map(|l| l.split(';').next())
        .map(str::trim)
        .collect();
    assert!(!expects.is_empty(), "courseware.prog has `expect` lines");
    for e in &expects {
        assert!(out.contains(&format!("\nexpect {e}: ✓\n")), "{e}:\n{out}");
    }
    assert!(
        !out.lines()
            .any(|l| l.starts_with("expect ") && l.contains("✗")),
        "{out}"
    );
    // Bad input: a diagnostic each, and the session goes on.
    assert!(err.contains("cannot read `no/such/file.prog`"), "{err}");
    assert!(err.contains("unknown level `Nope`"), "{err}");
    assert!(err.contains("K is at least 2"), "{err}");
    assert!(err.contains("syntax error"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.contains("instance found"), "{out}");
    // A command's instance then replaces the violation as what `classify` reads.
    assert!(
        err.contains("the current instance is not a history"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A model pasted in any order loads as a file does: a paragraph that uses a name defined
/// later waits for it. Before, `sig Person` was rejected for its `Pet`, with a suggestion
/// from the isolation library.
#[test]
fn a_pasted_model_with_forward_references_loads_like_a_file() {
    let model = "module people\n\
                 open isolation\n\
                 sig Person { pet: set Pet, friend: lone Person }\n\
                 pred happy[p: Person] { some p.pet and p.friend in Owner }\n\
                 fact { all p: Person | happy[p] or no p.friend }\n\
                 sig Owner in Person {}\n\
                 sig Pet { toy: lone Toy }\n\
                 sig Toy {}\n";
    let (code, out, err) = repl(&format!(
        "{model}run {{ some p: Person | happy[p] and some p.pet.toy }} for 2\nnext\n"
    ));
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("module people: left out"), "{out}");
    assert!(out.contains("pending: waits for `Pet`"), "{out}");
    assert!(out.contains("now defined, no longer pending"), "{out}");
    assert!(out.contains("instance found"), "{out}");
    assert!(out.contains("instance 2 found"), "{out}");
    // The same model as a file gives the same verdict.
    let dir = temp_dir("forward");
    let file = dir.join("m.als");
    std::fs::write(
        &file,
        format!("{model}run {{ some p: Person | happy[p] and some p.pet.toy }} for 2\n"),
    )
    .unwrap();
    let (code, out_file, err) = solder(&["run", file.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert!(out_file.contains("instance found"), "{out_file}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A name nothing defines still gets its error, with its span, when a command comes (or
/// the script ends), and the session is as it was without that input.
#[test]
fn a_name_nothing_defines_is_an_error_with_its_span_and_changes_nothing() {
    let (code, out, err) = repl(
        "open isolation\n\
         sig Ext {}\n\
         sig Person { pet: set Pett }\n\
         sig Pet {}\n\
         defs\n\
         run { some Person } for 2\n\
         run { some Exr } for 2\n\
         pred late { some Nothing }\n",
    );
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("cannot find `Pett`"), "{err}");
    assert!(err.contains(" 1 │ sig Person { pet: set Pett }"), "{err}");
    // The user's own names come first: `Pet`, not a library name.
    assert!(err.contains("did you mean `Pet`?"), "{err}");
    assert!(err.contains("dropped the pending sig Person"), "{err}");
    // The session never had `Person`: the command that uses it is an error too.
    assert!(err.contains("cannot find `Person`"), "{err}");
    assert!(
        out.contains("1 pending input not in the session yet"),
        "{out}"
    );
    assert!(!out.contains("instance found"), "{out}");
    // `Exr` is as near the user's `Ext` as the library's `EXT`: the user's wins.
    assert!(err.contains("did you mean `Ext`?"), "{err}");
    assert!(!err.contains("did you mean `EXT`?"), "{err}");
    // What still waits at the end of the script is reported too.
    assert!(err.contains("cannot find `Nothing`"), "{err}");
    assert!(err.contains("dropped the pending pred late"), "{err}");
}

/// `classify` reads the current instance of any model of histories; before, a model
/// with a sig of its own failed with "the history view does not read back".
#[test]
fn classify_reads_an_instance_of_a_model_with_sigs_of_its_own() {
    let (code, out, err) = repl(
        "open isolation\n\
         sig Extra { seen: set Txn }\n\
         run { RA and not CC and some seen } for 3\n\
         classify levels RA,CC\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("┆ seen"),
        "the model's own relations are shown: {out}"
    );
    assert!(
        out.contains("│ Biswas & Enea ┆ RA    ┆ ✓ ┆ co: T0 <"),
        "{out}"
    );
    assert!(
        out.contains("│ Biswas & Enea ┆ CC    ┆ ✗ ┆ violated by"),
        "{out}"
    );
}

/// `eval` reads the names the history view prints (objects `x`, values `x$1` for the `1`
/// of `w(x,1)`, witnesses `co`) besides Alloy's, and prints its answers in them.
#[test]
fn eval_speaks_the_history_views_names() {
    let (code, out, err) = repl(
        "open isolation\n\
         run { some t: Normal | some t.writes and some t.reads and CC } for 2 but 1 Obj\n\
         eval t.writes\n\
         eval t.reads[x]\n\
         eval x$0 = v0\n\
         eval co\n\
         eval Obj$0\n\
         eval T0 -> T1 in co\n",
    );
    assert_eq!(code, 0, "{err}");
    // The witness `t` is some transaction Tk; what the history says it reads and
    // writes: `Tk: r(x,R) w(x,W)`.
    let tk = out
        .lines()
        .find_map(|l| l.strip_prefix("t: "))
        .unwrap_or_else(|| panic!("the witness t: {out}"));
    let t1 = out
        .lines()
        .find_map(|l| l.trim().strip_prefix(&format!("{tk}: ")))
        .unwrap_or_else(|| panic!("a {tk} line: {out}"));
    let op = |kind: &str| -> String {
        let start = t1
            .find(&format!("{kind}(x,"))
            .unwrap_or_else(|| panic!("{t1}"))
            + 4;
        t1[start..].split(')').next().unwrap().to_string()
    };
    let (read, written) = (op("r"), op("w"));
    let evals = out
        .split_once("\nlegend: ")
        .and_then(|(_, rest)| rest.split_once('\n'))
        .map(|(_, evals)| evals)
        .unwrap_or_else(|| panic!("a legend line: {out}"));
    assert!(
        evals.contains(&format!("│ x ┆ x${written} │")),
        "{tk} writes x${written}:\n{out}"
    );
    assert!(evals.contains(&format!("│ x${read} │")), "{out}");
    assert!(
        evals.contains("│ T0 ┆ T1 │"),
        "`co` names the witness: {out}"
    );
    assert!(evals.contains("\n┌───┐\n│ x │\n└───┘"), "Obj$0 is x: {out}");
    assert_eq!(evals.lines().filter(|l| *l == "true").count(), 2, "{out}");
    assert!(!evals.contains("Obj$") && !evals.contains("Val$"), "{out}");
}

/// A stopped solve says how far it got, as batch `run` does, and `stats` shows it.
#[test]
fn a_stopped_solve_prints_its_statistics_so_far_and_stats_keeps_them() {
    let (code, out, err) = repl(
        "sig Hole {}\n\
         sig Pigeon { hole: one Hole }\n\
         fact { all h: Hole | lone hole.h }\n\
         set symmetry 0\n\
         set timeout 0.3\n\
         run {} for exactly 16 Pigeon, exactly 15 Hole\n\
         stats\n\
         core\n",
    );
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("timed out after"), "{err}");
    assert!(!err.contains("no solve yet"), "{err}");
    assert!(out.contains("so far: 240 primary variables"), "{out}");
    assert!(
        out.contains("run {} for exactly 16 Pigeon, exactly 15 Hole: 240 primary variables"),
        "{out}"
    );
    assert!(out.contains("stopped in "), "{out}");
    assert!(err.contains("the last command was stopped"), "{err}");
}

/// A loaded file is taken as the file says: its two preds `allowed` (one for users, one
/// for roles) are overloads, not a redefinition. Before, the second replaced the first
/// and `check writeImpliesRead` found no counterexample.
#[test]
fn a_loaded_file_keeps_its_overloaded_preds() {
    let (code, out, err) = repl(
        "load examples/access.als\n\
         check writeImpliesRead\n\
         check roleGrantsReachMembers\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("redefined"), "{out}");
    assert!(!err.contains("can never be"), "{err}");
    let verdicts: Vec<&str> = out.lines().filter(|l| l.contains(" — ")).collect();
    assert_eq!(verdicts.len(), 2, "{out}");
    assert!(verdicts[0].starts_with("counterexample found"), "{out}");
    assert!(verdicts[1].starts_with("no counterexample found"), "{out}");
}

#[test]
fn traces_print_every_state_and_eval_reads_them() {
    let (code, out, err) = repl(
        "load examples/lamp.als\nrun breaksDown\neval at 1 Lamp.status\neval Lamp.status'\n\
         eval eventually Lamp.status = Broken\neval at 2 always Lamp.status = Broken\n\
         eval at 0 always Lamp.status = Broken\neval at 7 Lamp\ncheck staysBroken\n",
    );
    assert_eq!(code, 2, "the state out of range is an error: {out}{err}");
    assert!(
        out.contains("trace: 3 states, then state 2 again (a loop of 1), forever"),
        "{out}"
    );
    assert!(
        out.contains("State 0") && out.contains("State 2 ⟲ then state 2"),
        "{out}"
    );
    // State 1 is On, and so is the state after the first.
    assert_eq!(
        out.matches("┌──────┐\n│ On$0 │\n└──────┘").count(),
        2,
        "{out}"
    );
    let answers: Vec<&str> = out
        .lines()
        .filter(|l| *l == "true" || *l == "false")
        .collect();
    assert_eq!(answers, ["true", "true", "false"], "{out}");
    assert!(
        err.contains("the trace has states 0 to 2; there is no state 7"),
        "{err}"
    );
    // The session goes on after the error.
    assert!(out.contains("no counterexample found"), "{out}");
}

#[test]
fn traces_can_be_walked_and_forked() {
    let (code, out, err) = repl(
        "var sig V {}\nrun { some V } for 1 but exactly 2 steps\nnext trace\nnext trace\n\
         next trace\nnext trace\nstate 1\nnext state\nprev\nprev\nnext fork\nnext config\n",
    );
    assert_eq!(code, 2, "`prev` at the first state is an error: {out}{err}");
    // Lassos of two states where V is non-empty first: V in state 1 or not, looping to
    // 0 or 1; `next trace` shows each once, then says there are no more.
    let found = out.matches("found —").count();
    assert_eq!(found, 5, "{out}");
    assert!(
        out.contains("no other trace of this length within the scope"),
        "{out}"
    );
    assert!(out.contains("State 1 ⟲ then state"), "{out}");
    assert!(err.contains("this is the first state"), "{err}");
    assert!(
        out.contains("no other configuration within the scope"),
        "{out}"
    );
}
