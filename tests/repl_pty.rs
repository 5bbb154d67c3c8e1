//! The real REPL in a pseudo-terminal, as a person uses it: tab completion, multi-line
//! input, type-ahead, Ctrl-C at the prompt and during a solve, Ctrl-D; and the batch
//! CLI's progress line, which only a terminal gets.

use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[path = "common/pty.rs"]
mod pty;

use pty::Pty;

/// The tests share two cores with the solver threads they start: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const PROMPT: &str = "solder> ";

/// A pigeonhole problem (16 pigeons, 15 holes) without symmetry breaking: no SAT solver
/// refutes it in less than minutes.
const PIGEONS: &[&str] = &[
    "sig Hole {}",
    "sig Pigeon { hole: one Hole }",
    "fact { all h: Hole | lone hole.h }",
    "set symmetry 0",
];
const HARD_RUN: &str = "run {} for exactly 16 Pigeon, exactly 15 Hole";

fn start() -> Pty {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_solder"));
    cmd.env("SOLDER_HISTORY", "").env("TERM", "xterm");
    let mut p =
        Pty::spawn(cmd, Duration::from_secs(20)).expect("the REPL starts in a pseudo-terminal");
    p.exp_string("`help` lists the rest").expect("greeting");
    next_prompt(&mut p).expect("first prompt");
    p
}

/// Wait for a new prompt, on a line of its own (the editor redraws the line being edited
/// after a bare carriage return, so those do not count); returns what came before it.
fn next_prompt(p: &mut Pty) -> Result<String, String> {
    p.expect_with("a prompt on a line of its own", |text| {
        text.match_indices(PROMPT).find_map(|(i, _)| {
            let line_start = text[..i].trim_end_matches('\r');
            line_start.ends_with('\n').then_some((i, i + PROMPT.len()))
        })
    })
}

/// Type a line and wait for the next prompt; returns what was printed before it.
fn line(p: &mut Pty, text: &str) -> String {
    p.send_line(text).unwrap();
    next_prompt(p).unwrap_or_else(|e| panic!("after `{text}`: {e}"))
}

fn quit(mut p: Pty) {
    p.send_control('d').unwrap();
    p.exp_eof().expect("Ctrl-D ends the session");
    let status = p.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{status:?}");
}

#[test]
fn tab_completes_a_pred_name() {
    let _guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut p = start();
    line(&mut p, "sig Node { edge: set Node }");
    line(
        &mut p,
        "pred acyclicGraph { some Node and no n: Node | n in n.^edge }",
    );
    // `acyc` alone names nothing: only the completed name runs.
    p.send("run acyc").unwrap();
    p.send("\t").unwrap();
    p.exp_string("acyclicGraph").expect("the name is completed");
    let out = line(&mut p, " for 2");
    assert!(out.contains("instance found"), "{out}");
    assert!(!out.contains("Error"), "{out}");
    quit(p);
}

#[test]
fn input_continues_while_braces_are_open() {
    let _guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut p = start();
    line(&mut p, "sig Node { edge: set Node }");
    // Each line alone would be a syntax error; together they are one pred.
    p.send_line("pred twoLinked {").unwrap();
    p.send_line("  some disj a, b: Node | b in a.edge").unwrap();
    let out = line(&mut p, "}");
    assert!(!out.contains("Error"), "{out}");
    let out = line(&mut p, "run twoLinked for 2");
    assert!(out.contains("instance found"), "{out}");
    assert!(out.contains("Node$1"), "{out}");
    quit(p);
}

/// Lines that arrive in one write (a paste without bracketed paste, `expect`, `tmux
/// send-keys`) all run, in order.
#[test]
fn type_ahead_lines_all_run() {
    let _guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut p = start();
    p.send("sig Node { edge: set Node }\npred loop { some n: Node | n in n.edge }\nrun loop for 1\neval Node.edge\n")
        .unwrap();
    let out = p.exp_string("instance found").expect("the third line runs");
    assert!(!out.contains("Error"), "{out}");
    // The fourth line is read after the solve.
    next_prompt(&mut p).unwrap();
    let out = next_prompt(&mut p).unwrap();
    assert!(out.contains("Node$0"), "the fourth line runs: {out}");
    assert!(!out.contains("rror"), "{out}");
    quit(p);
}

#[test]
fn ctrl_c_at_the_prompt_clears_the_line() {
    let _guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut p = start();
    line(&mut p, "sig Node {}");
    p.send("run { no Node").unwrap();
    p.exp_string("no Node").unwrap();
    p.send_control('c').unwrap();
    next_prompt(&mut p).expect("a fresh prompt");
    let out = line(&mut p, "run { some Node } for 1");
    assert!(out.contains("instance found"), "{out}");
    assert!(!out.contains("Error"), "{out}");
    quit(p);
}

/// Start the hard solve, wait until it is under way, press Ctrl-C; returns how long the
/// REPL took to say it stopped.
fn cancel_hard_solve(p: &mut Pty, solver: &str) -> Duration {
    for l in PIGEONS {
        line(p, l);
    }
    line(p, &format!("set solver {solver}"));
    p.send_line(HARD_RUN).unwrap();
    // The progress line appears once the solve has run a while.
    p.exp_string("Ctrl-C cancels")
        .expect("progress while solving");
    let pressed = Instant::now();
    p.send_control('c').unwrap();
    p.exp_string("interrupted after")
        .expect("the solve is cancelled");
    let took = pressed.elapsed();
    next_prompt(p).expect("back at the prompt");
    took
}

/// After a cancelled solve the session still has its definitions and runs commands.
fn session_goes_on(p: &mut Pty) {
    let out = line(p, "run { some Pigeon } for 2");
    assert!(out.contains("instance found"), "{out}");
    assert!(out.contains("Pigeon$0"), "{out}");
}

#[test]
fn ctrl_c_cancels_a_cadical_solve() {
    let _guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut p = start();
    let took = cancel_hard_solve(&mut p, "cadical");
    // CaDiCaL stops mid-search; the REPL promises the prompt back within a second.
    assert!(took < Duration::from_secs(1), "took {took:?}");
    session_goes_on(&mut p);
    quit(p);
}

#[test]
fn ctrl_c_abandons_a_varisat_solve() {
    let _guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut p = start();
    // varisat cannot be stopped inside a SAT call: its worker is abandoned.
    let took = cancel_hard_solve(&mut p, "varisat");
    assert!(took < Duration::from_secs(1), "took {took:?}");
    session_goes_on(&mut p);
    quit(p);
}

/// Enter pressed during a solve is not echoed, so the progress line stays one line;
/// before, each Enter left a stale `solving…` line on the screen.
#[test]
fn enter_during_a_solve_leaves_no_stale_progress_line() {
    let _guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut p = start();
    for l in PIGEONS {
        line(&mut p, l);
    }
    line(&mut p, "set solver cadical");
    p.send_line(HARD_RUN).unwrap();
    let solving = enter_then_cancel(&mut p);
    assert!(!solving.contains("Error"), "{solving}");
    next_prompt(&mut p).expect("back at the prompt");
    quit(p);
}

/// With a solve under way: press Enter, let the progress line be redrawn, press Ctrl-C.
/// Returns what was shown from the Enter on, after checking that it has no line break:
/// an echoed Enter ends the progress line, and the redraw then starts a new one below.
fn enter_then_cancel(p: &mut Pty) -> String {
    p.exp_string("(Ctrl-C cancels)").expect("progress");
    p.send("\r").unwrap();
    let mut solving = p
        .exp_string("(Ctrl-C cancels)")
        .expect("progress after Enter");
    solving += &p.exp_string("(Ctrl-C cancels)").expect("and again");
    p.send_control('c').unwrap();
    solving += &p.exp_string("interrupted after").expect("cancelled");
    assert!(
        !solving.contains('\n'),
        "a stale progress line: {solving:?}"
    );
    solving
}

/// The walk-through a new user takes: paste a model of histories whose paragraphs use
/// names defined further down, solve, walk the instances, classify the current one, ask
/// `eval` in the names the history printed, then stop a long solve with Ctrl-C (pressing
/// Enter while it runs) and carry on.
#[test]
fn paste_solve_walk_classify_eval_and_cancel() {
    let _guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut p = start();
    // One write, as a paste: `Audit` uses `Auditor` and the library's `Txn` before either
    // is there.
    p.send(
        "sig Audit { seen: set Txn, by: one Auditor }\n\
         fact { all a: Audit | some a.seen }\n\
         sig Auditor {}\n\
         open isolation\n",
    )
    .unwrap();
    let pasted = p
        .exp_string("now defined, no longer pending")
        .expect("the pending paragraphs join once isolation is open");
    assert!(
        pasted.contains("pending: waits for `Auditor`, `Txn`"),
        "{pasted}"
    );
    assert!(!pasted.contains("Error"), "{pasted}");
    next_prompt(&mut p).unwrap();
    let out = line(&mut p, "run { RA and not CC and some Audit } for 3");
    assert!(out.contains("instance found"), "{out}");
    assert!(out.contains("session 1: "), "shown as a history: {out}");
    assert!(out.contains("┆ seen"), "{out}");
    let out = line(&mut p, "next");
    assert!(out.contains("instance 2 found"), "{out}");
    let out = line(&mut p, "classify levels RA,CC");
    assert!(out.contains("┆ RA    ┆ ✓ ┆ co: T0 <"), "{out}");
    assert!(out.contains("┆ CC    ┆ ✗ ┆ violated by"), "{out}");
    assert!(!out.contains("rror"), "{out}");
    // The history's names: objects `x`, the initial value of x `x$0`, the witness `co`.
    let out = line(&mut p, "eval T0.writes");
    assert!(out.contains("│ x ┆ x$0 │"), "{out}");
    assert!(!out.contains("Obj$"), "{out}");
    let out = line(&mut p, "eval x$0 in T0.writes[x] and T0 -> T1 in co");
    assert!(out.contains("true"), "{out}");
    // A solve no solver finishes; Enter while it runs, then Ctrl-C.
    for l in PIGEONS {
        line(&mut p, l);
    }
    line(&mut p, "set solver cadical");
    p.send_line("run {} for 1 but exactly 16 Pigeon, exactly 15 Hole")
        .unwrap();
    enter_then_cancel(&mut p);
    let out = next_prompt(&mut p).unwrap();
    assert!(out.contains("so far: "), "partial statistics: {out}");
    assert!(out.contains("primary variables"), "{out}");
    // (Ctrl-C makes the terminal discard what was typed ahead, that Enter included.)
    let out = line(&mut p, "stats");
    assert!(
        out.contains("primary variables") && out.contains("stopped in"),
        "{out}"
    );
    assert!(!out.contains("no solve yet"), "{out}");
    let out = line(&mut p, "run { some Pigeon and some Audit } for 2");
    assert!(out.contains("instance found"), "the session goes on: {out}");
    quit(p);
}

/// On a terminal, a long batch solve shows a progress line on standard error with CEGIS's
/// counts; it is cleared when the step ends. (In pipes there is none: `tests/cli.rs`.)
#[test]
fn a_long_batch_solve_shows_progress_on_a_terminal() {
    let _guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_solder"));
    cmd.args([
        "run",
        "examples/isolation/frameworks.als",
        "-c",
        "adyaNotPSI",
        // Seconds without term instantiation: long enough for the progress line (1 s).
        "--no-terms",
        "--timeout",
        "60",
    ])
    .current_dir(env!("CARGO_MANIFEST_DIR"))
    .env("TERM", "xterm");
    let mut p = Pty::spawn(cmd, Duration::from_secs(20)).expect("starts");
    p.exp_string("solving… ").expect("a progress line");
    p.exp_string(" candidates, ").expect("CEGIS's counts");
    p.exp_string("no instance found").expect("the verdict");
    p.exp_eof().expect("ends");
    assert_eq!(p.wait().unwrap().code(), Some(0));
}

/// Enter pressed during a long batch solve is not echoed either: the progress line is
/// redrawn in place, with no stale `solving…` line above it; SIGINT (Ctrl-C) then stops
/// the run with exit code 3, and the terminal echoes again afterwards.
#[test]
fn enter_during_a_batch_solve_leaves_no_stale_progress_line() {
    let _guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!("solder-pty-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let model = dir.join("pigeons.als");
    let text = format!("{}\n{HARD_RUN}\n", PIGEONS[..3].join("\n"));
    std::fs::write(&model, text).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_solder"));
    cmd.arg("run")
        .arg(&model)
        .args(["--symmetry", "0", "--solver", "cadical"])
        .env("TERM", "xterm");
    let mut p = Pty::spawn(cmd, Duration::from_secs(20)).expect("starts");
    p.exp_string("(Ctrl-C stops)").expect("a progress line");
    p.send("\r").unwrap();
    let mut solving = p
        .exp_string("(Ctrl-C stops)")
        .expect("progress after Enter");
    solving += &p.exp_string("(Ctrl-C stops)").expect("and again");
    assert!(
        !solving.contains('\n'),
        "a stale progress line: {solving:?}"
    );
    assert!(!p.echoes(), "echo is off while the progress line is shown");
    p.send_control('c').unwrap();
    p.exp_string("interrupted").expect("stopped");
    p.exp_eof().expect("ends");
    assert!(p.echoes(), "the terminal echoes again");
    assert_eq!(p.wait().unwrap().code(), Some(3));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Diagnostics are coloured on a terminal, unless NO_COLOR is set or `--color never`;
/// `--color always` colours them in a pipe too.
#[test]
fn colour_follows_the_terminal_no_color_and_the_flag() {
    let _guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!("solder-color-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.als");
    std::fs::write(&file, "sig A {}\nrun { some B }\n").unwrap();
    let on_terminal = |no_color: bool, flag: Option<&str>| -> String {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_solder"));
        cmd.args(["run", file.to_str().unwrap()])
            .env("TERM", "xterm");
        if let Some(f) = flag {
            cmd.args(["--color", f]);
        }
        if no_color {
            cmd.env("NO_COLOR", "1");
        } else {
            cmd.env_remove("NO_COLOR");
        }
        let mut p = Pty::spawn_with(cmd, Duration::from_secs(20), false).unwrap();
        let out = p.exp_eof().unwrap();
        assert_eq!(p.wait().unwrap().code(), Some(2), "{out}");
        assert!(out.contains("cannot find `B`"), "{out}");
        out
    };
    assert!(
        on_terminal(false, None).contains('\u{1b}'),
        "colour on a terminal"
    );
    assert!(!on_terminal(true, None).contains('\u{1b}'), "NO_COLOR");
    assert!(
        !on_terminal(false, Some("never")).contains('\u{1b}'),
        "--color never"
    );
    assert!(
        on_terminal(true, Some("always")).contains('\u{1b}'),
        "--color always"
    );
    let piped = Command::new(env!("CARGO_BIN_EXE_solder"))
        .args(["run", file.to_str().unwrap(), "--color", "always"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&piped.stderr).contains('\u{1b}'));
}
