//! Deep input through every entry point: chains and nestings of every operator and form,
//! up to the nesting limit (which must load, solve or be refused with a diagnostic, on a
//! thread with a small stack) and just past it (which must be refused with the nesting
//! diagnostic and its span).
//!
//! The library runs on a 1 MiB thread: recursive passes must not depend on a big stack
//! (`src/stack.rs`). The binary is run the three ways a user can: a file, standard input
//! (`run -`) and a REPL script.

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use solder::check::{self, RootSource};
use solder::diagnostic::{Severity, SourceMap};
use solder::session::{CommandRun, RunOptions};

const HEADER: &str = "sig A { f: set A, g: A -> A, i: Int }\n";

/// A form of depth `n`: the model text. Forms are chains of a binary operator, towers of
/// a prefix operator or a binder, brackets, and chains of declarations.
fn form(name: &str, n: usize) -> String {
    let rep = |s: &str| s.repeat(n);
    let joined = |item: &str, sep: &str| vec![item; n.max(1)].join(sep);
    let run = |body: String| format!("{HEADER}run {{ {body} }}\n");
    match name {
        "join" => run(format!("some A{}", rep(".f"))),
        "box" => run(format!("some {}A{}", rep("f["), rep("]"))),
        "union" => run(format!("some {}", joined("A", " + "))),
        "difference" => run(format!("some {}", joined("A", " - "))),
        "intersection" => run(format!("some {}", joined("A", " & "))),
        "override" => run(format!("some {}", joined("g", " ++ "))),
        "transpose" => run(format!("some {}g", rep("~"))),
        "closure" => run(format!("some {}g", rep("^"))),
        "reflexive closure" => run(format!("some {}g", rep("*"))),
        "parentheses" => run(format!("some {}A{}", rep("("), rep(")"))),
        "domain restriction" => run(format!("some {}g", rep("A <: "))),
        "range restriction" => run(format!("some g{}", rep(" :> A"))),
        "and" => run(joined("some A", " and ")),
        "or" => run(joined("some A", " or ")),
        "&&" => run(joined("some A", " && ")),
        "iff" => run(joined("some A", " iff ")),
        "implies" => run(joined("some A", " implies ")),
        "=> chain" => run(format!("{}some A", rep("some A => "))),
        "=> else" => run(format!("{}some A", rep("some A => some A else "))),
        "not" => run(format!("{}some A", rep("not "))),
        "!" => run(format!("{}some A", rep("!"))),
        "blocks" => run(format!("{}some A{}", rep("{"), rep("}"))),
        "if-then-else expression" => {
            run(format!("some {}A{}", rep("(some A => "), rep(" else A)")))
        }
        "plus[]" => run(format!("{}1{} > 0", rep("plus["), rep(", 1]"))),
        "integer +" => run(format!("{} > 0", joined("1", " + "))),
        ".plus[]" => run(format!("1{} > 0", rep(".plus[1]"))),
        "#" => run(format!("#{}A > 0", rep("~~"))),
        "all" => run((0..n)
            .map(|k| format!("all x{k}: A | "))
            .collect::<String>()
            + "some A"),
        "some" => run((0..n)
            .map(|k| format!("some x{k}: A | "))
            .collect::<String>()
            + "some A"),
        "all over relations" => run((0..n)
            .map(|k| format!("all r{k}: A -> A | "))
            .collect::<String>()
            + "some A"),
        "let" => run((0..n)
            .map(|k| format!("let x{k} = A | "))
            .collect::<String>()
            + "some A"),
        "let chain" => run(format!(
            "let x0 = A | {}some x{n}",
            (0..n)
                .map(|k| format!("let x{} = x{k}.f | ", k + 1))
                .collect::<String>()
        )),
        "comprehension" => run(format!("some {}A{}", rep("{x: A | x in "), rep("}"))),
        "sum" => run(format!(
            "{}1{} > 0",
            (0..n)
                .map(|k| format!("(sum x{k}: A | "))
                .collect::<String>(),
            rep(")")
        )),
        "pred calls" => format!(
            "{HEADER}{}pred p{n} {{ some A }}\nrun p0\n",
            (0..n)
                .map(|k| format!("pred p{k} {{ p{} }}\n", k + 1))
                .collect::<String>()
        ),
        "fun calls" => format!(
            "{HEADER}{}fun f{n}: set A {{ A }}\nrun {{ some f0 }}\n",
            (0..n)
                .map(|k| format!("fun f{k}: set A {{ f{}.f }}\n", k + 1))
                .collect::<String>()
        ),
        "extends chain" => format!(
            "sig A0 {{}}\n{}run {{}} for 2\n",
            (0..n)
                .map(|k| format!("sig A{} extends A{k} {{}}\n", k + 1))
                .collect::<String>()
        ),
        "in chain" => format!(
            "sig A0 {{}}\n{}run {{}} for 2\n",
            (0..n)
                .map(|k| format!("sig A{} in A{k} {{}}\n", k + 1))
                .collect::<String>()
        ),
        "one sig children" => format!(
            "abstract sig A {{}}\n{}run {{}}\n",
            (0..n)
                .map(|k| format!("one sig S{k} extends A {{}}\n"))
                .collect::<String>()
        ),
        other => panic!("no form {other}"),
    }
}

const FORMS: &[&str] = &[
    "join",
    "box",
    "union",
    "difference",
    "intersection",
    "override",
    "transpose",
    "closure",
    "reflexive closure",
    "parentheses",
    "domain restriction",
    "range restriction",
    "and",
    "or",
    "&&",
    "iff",
    "implies",
    "=> chain",
    "=> else",
    "not",
    "!",
    "blocks",
    "if-then-else expression",
    "plus[]",
    "integer +",
    ".plus[]",
    "#",
    "all",
    "some",
    "all over relations",
    "let",
    "let chain",
    "comprehension",
    "sum",
    "pred calls",
    "fun calls",
    "extends chain",
    "in chain",
    "one sig children",
];

/// Forms with no nesting limit of their own (declarations side by side, or chains the
/// checker does not nest): they are run at this size and must simply work.
const FLAT_SIZE: usize = 2048;

enum Loaded {
    Ok(Box<check::Checked>),
    /// Refused for its depth: the message and whether it has a span.
    TooDeep {
        spanned: bool,
    },
    /// Refused for another reason (fine, if it has a span).
    Refused {
        message: String,
        spanned: bool,
    },
}

fn load(text: &str) -> Loaded {
    let mut sources = SourceMap::new();
    let result = check::load(
        &mut sources,
        RootSource::Text {
            name: "deep.als".into(),
            text: text.into(),
            dir: None,
        },
    );
    match result {
        Ok(c) => Loaded::Ok(Box::new(c)),
        Err(e) => {
            // Rendering walks the spans too; it must not fail on deep input either.
            let _ = sources.render(&e.0, false);
            let d =
                e.0.iter()
                    .find(|d| d.severity == Severity::Error)
                    .expect("an error among the diagnostics");
            if d.message.contains("nested too deeply") {
                Loaded::TooDeep {
                    spanned: d.span.is_some(),
                }
            } else {
                Loaded::Refused {
                    message: d.message.clone(),
                    spanned: d.span.is_some(),
                }
            }
        }
    }
}

/// Solves every command with a time limit and a small variable budget. Fails on an
/// internal error (a wrong answer or a crash caught as a diagnostic).
fn solve_all(checked: &check::Checked) -> Result<(), String> {
    for index in 0..checked.model.commands.len() {
        let stop = Arc::new(AtomicBool::new(false));
        let mut opts = RunOptions {
            max_vars: 20_000,
            ..RunOptions::default()
        };
        opts.solve.stop = Some(stop.clone());
        let done = Arc::new(AtomicBool::new(false));
        let watchdog = {
            let (stop, done) = (stop.clone(), done.clone());
            std::thread::spawn(move || {
                let started = Instant::now();
                while !done.load(Ordering::SeqCst) && started.elapsed() < Duration::from_secs(5) {
                    std::thread::sleep(Duration::from_millis(5));
                }
                stop.store(true, Ordering::SeqCst);
            })
        };
        let result = CommandRun::start(checked, index, &opts);
        done.store(true, Ordering::SeqCst);
        watchdog.join().unwrap();
        if let Err(e) = result
            && let Some(d) = e.0.iter().find(|d| {
                d.message.starts_with("internal error")
                    || (d.severity == Severity::Error && d.span.is_none())
            })
        {
            return Err(d.message.clone());
        }
    }
    Ok(())
}

/// Runs `f` on a thread with a 1 MiB stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .expect("no panic")
}

/// The largest size of `form` that loads without being refused for depth (`None`: no
/// limit up to `FLAT_SIZE`), found by bisection.
fn deepest_accepted(form_name: &str) -> Option<usize> {
    let too_deep = |n: usize| matches!(load(&form(form_name, n)), Loaded::TooDeep { .. });
    assert!(!too_deep(1), "{form_name} at depth 1 is refused");
    // Double until refused, then bisect: deep loads are the slow ones.
    let mut ok = 1usize;
    let mut bad = loop {
        let next = (ok * 2).min(FLAT_SIZE);
        if too_deep(next) {
            break next;
        }
        if next == FLAT_SIZE {
            return None;
        }
        ok = next;
    };
    while bad - ok > 1 {
        let mid = (ok + bad) / 2;
        if too_deep(mid) {
            bad = mid;
        } else {
            ok = mid;
        }
    }
    Some(ok)
}

#[test]
fn every_form_up_to_the_limit_works_and_past_it_is_refused() {
    let mut report = Vec::new();
    for &name in FORMS {
        let started = Instant::now();
        let (size, limited) = match on_small_stack(move || deepest_accepted(name)) {
            Some(n) => (n, true),
            None => (FLAT_SIZE, false),
        };
        let bisected = started.elapsed();
        let text = form(name, size);
        let outcome = on_small_stack(move || match load(&text) {
            Loaded::Ok(checked) => solve_all(&checked),
            Loaded::TooDeep { .. } => Err("refused for depth at the accepted size".into()),
            Loaded::Refused { message, spanned } if spanned => {
                let _ = message;
                Ok(())
            }
            Loaded::Refused { message, .. } => Err(format!("an error without a span: {message}")),
        });
        if let Err(e) = outcome {
            panic!("{name} at size {size}: {e}");
        }
        if limited {
            let past = form(name, size + 1);
            match on_small_stack(move || load(&past)) {
                Loaded::TooDeep { spanned: true } => {}
                Loaded::TooDeep { spanned: false } => {
                    panic!("{name} past the limit: the diagnostic has no span")
                }
                _ => panic!("{name} past the limit: not refused for depth"),
            }
        }
        report.push(format!(
            "{name}: {} ({:.2} s bisecting, {:.2} s in all)",
            if limited {
                size.to_string()
            } else {
                format!("no limit up to {size}")
            },
            bisected.as_secs_f64(),
            started.elapsed().as_secs_f64()
        ));
    }
    println!("{}", report.join("\n"));
}

/// The deepest join chain, `and` chain and `plus[]` nesting through the binary: a file,
/// standard input, and a REPL script. None may die by a signal.
#[test]
fn deep_input_through_every_entry_point_of_the_binary() {
    for name in ["join", "and", "plus[]", "union", "all over relations"] {
        let size = deepest_accepted(name).unwrap_or(FLAT_SIZE);
        let text = form(name, size);
        let dir = std::env::temp_dir().join(format!("solder-nesting-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("deep.als");
        std::fs::write(&file, &text).unwrap();
        let runs: [(&str, Vec<&str>, Option<String>); 3] = [
            ("file", vec!["run", file.to_str().unwrap()], None),
            ("stdin", vec!["run", "-"], Some(text.clone())),
            ("repl script", vec!["repl"], Some(text.clone())),
        ];
        for (how, args, input) in runs {
            let mut child = Command::new(env!("CARGO_BIN_EXE_solder"))
                .args(&args)
                .args(["--timeout", "10"].iter().filter(|_| how != "repl script"))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            {
                let mut stdin = child.stdin.take().unwrap();
                if let Some(input) = &input {
                    stdin.write_all(input.as_bytes()).unwrap();
                }
            }
            let out = child.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(
                out.status.code().is_some(),
                "{name} at {size} through {how}: died by a signal\n{}",
                &stderr[..stderr.len().min(2000)]
            );
            assert!(
                !stderr.contains("overflow") && !stderr.contains("panicked"),
                "{name} at {size} through {how}:\n{}",
                &stderr[..stderr.len().min(2000)]
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
