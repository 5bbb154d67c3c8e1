//! The REPL's own commands (`next`, `show`, `eval`, ...): their names, help texts and
//! what each does with the session. Everything else typed is Alloy.

use std::path::PathBuf;
use std::time::Duration;

use crate::diagnostic::did_you_mean;
use crate::render;
use crate::solve::BackendKind;
use crate::syntax::ReplItem;
use crate::syntax::ast::{Paragraph, SigParent};

use super::definitions::normalize;
use super::session::{Flow, Session, plural};

/// One REPL command: its name, arguments and one-line description.
pub struct CommandInfo {
    pub name: &'static str,
    pub args: &'static str,
    pub summary: &'static str,
    /// Longer help with an example.
    pub details: &'static str,
}

/// Every command, in the order `help` lists them. `open` is Alloy's own paragraph; it is
/// listed so that it can be found.
pub const COMMANDS: &[CommandInfo] = &[
    CommandInfo {
        name: "open",
        args: "MODULE",
        summary: "open a library module",
        details: "Opens a bundled module (isolation and its parts isolation/histories, isolation/biswas, isolation/cerone, isolation/plume, isolation/adya, isolation/crooks; util/ordering, util/graph, util/relation, util/boolean, util/integer) or a file next to the session, like `open` in a model.\nExamples: open isolation; open util/ordering[Node] as ord",
    },
    CommandInfo {
        name: "load",
        args: "FILE",
        summary: "add a model file's definitions and commands to the session",
        details: "The file's sigs, preds, funs, facts and asserts join the session (replacing those with the same names); its commands are kept, and a labelled one runs with `run LABEL`.\nExample: load examples/family.als",
    },
    CommandInfo {
        name: "reload",
        args: "",
        summary: "read every loaded file again",
        details: "Replays the session: the loaded files as they are now on disk, and what was typed after them.",
    },
    CommandInfo {
        name: "next",
        args: "[state|config|trace|fork]",
        summary: "another instance of the last command (or, on a trace, the next state or another trace)",
        details: "Looks for an instance different from all found so far for the last `run` or `check` (for a higher-order problem, another distinct solution, not merely another witness).\nOn a trace (a temporal command's instance): `next state` shows the state after the current one (going round the loop); `next config` looks for other values of the static sigs and fields; `next trace` for another trace of the same length with the same static values; `next fork` for one that agrees up to the current state and differs in the next, as Alloy 6's visualizer's New Config, New Trace and New Fork.",
    },
    CommandInfo {
        name: "state",
        args: "N",
        summary: "show state N of the current trace and make it the current state",
        details: "The current state is what `eval` reads without `at` and where `next fork` branches off; `prev` moves back one.\nExample: state 2",
    },
    CommandInfo {
        name: "prev",
        args: "",
        summary: "show the state before the current one of the trace",
        details: "Moves back one state of the current trace (`next state` moves on).",
    },
    CommandInfo {
        name: "show",
        args: "[tables|json|xml|dot|history]",
        summary: "show the current instance (as a history or as tables by default)",
        details: "Without an argument: the history view for models of histories, else tables. tables: one table per sig, field and witness; json: the instance as JSON; xml: Alloy's instance XML (for Alloy's visualizer or Sterling); dot: a Graphviz digraph (atoms as nodes, binary fields as edges); history: transactions by session with their reads and writes, then the witnesses (models that open isolation/histories).",
    },
    CommandInfo {
        name: "eval",
        args: "[at STATE] EXPR",
        summary: "evaluate an expression or formula on the current instance (a trace's state: `at 2`)",
        details: "Atoms (`Node$0`) and witnesses (`$show_n`) can be named, as in Alloy's evaluator, and witnesses also as the history view prints them (`co`). For a model of histories the view's names work too, and answers are printed in them: objects `x`, `y`, and values `x$1` (the `1` of `w(x,1)`: a value is named with its object).\nOn a trace (a temporal command's instance) it evaluates in the first state, or in the state `at N` names; temporal operators and primes read the trace itself.\nExamples: eval Node$0.next    eval all n: Node | n !in n.^next    eval T1.reads[x]    eval T0 -> T1 in co    eval at 2 Lamp.status'",
    },
    CommandInfo {
        name: "defs",
        args: "",
        summary: "list the session's sigs, preds, funs, asserts, facts and commands",
        details: "Each with its signature; opened modules with the names they bring.",
    },
    CommandInfo {
        name: "pending",
        args: "[clear]",
        summary: "list the definitions that wait for names not defined yet, or drop them",
        details: "A definition may use names defined later (a model pasted in any order loads like a file): until they are defined it is pending, outside the session. Once the whole session checks with it, it joins, in the order it was typed. A command (`run`, `check`) runs on the session without what still waits: those inputs are reported with their errors and dropped, as at the end of a script.\nclear: drop every pending input now.",
    },
    CommandInfo {
        name: "scope",
        args: "[N]",
        summary: "show or set the default scope of commands without `for`",
        details: "Alloy's default is 3.\nExample: scope 5",
    },
    CommandInfo {
        name: "set",
        args: "[OPTION VALUE]",
        summary: "show or change an option (symmetry, verify, timeout, solver, CEGIS switches)",
        details: "symmetry N      length of symmetry-breaking predicates (0: none)\nverify on|off   re-check every instance with the independent evaluator\ntimeout SECS    give up on a solve after this long (0: never)\nsolver NAME     varisat or cadical, for every SAT problem\nfix_order on|off  fix util/ordering and commit orders to atom order\ninstantiate on|off  CEGIS: instantiate universal relations with the witnesses\nterms on|off    CEGIS: refute candidates with terms over their relations\nescalate on|off  CEGIS: move slow verifiers from varisat to CaDiCaL\nincremental on|off  CEGIS: keep one candidate solver and translate verifiers once\nnaive on|off    CEGIS: block failed candidates instead of learning\ncandidate_solver NAME  CEGIS: backend of the candidate problem\nverifier_solver NAME   CEGIS: backend of the verifier problems\ncount_injections on|off  compare total injective maps by counting\nrecheck_orders on|off  re-check quantifiers over orders by enumerating orders only\nrecheck_saturate on|off  saturate those orders' guards before enumerating them\nint_ladders on|off  compare integers of sets through the order encoding\nchild_blocks on|off  give scoped children of a sig atoms of their own when they fit\nascii on|off    draw tables with ASCII characters only\noverflow wrap|prevent  integers wrap around (Alloy's default), or instances that overflow are left out",
    },
    CommandInfo {
        name: "stats",
        args: "",
        summary: "sizes and times of the last solve",
        details: "Variables, clauses, translation and solving time, SAT calls.",
    },
    CommandInfo {
        name: "minimize",
        args: "",
        summary: "shrink the last instance: lower each sig's scope while still satisfiable",
        details: "Lowers the scope of each top-level sig in turn, as long as the command still has an instance, and shows the smallest instance found with its scope.",
    },
    CommandInfo {
        name: "core",
        args: "",
        summary: "after \"no instance\": a minimal set of constraints that already has none",
        details: "Names the facts, field declarations and the command's conjuncts (with parameterless preds opened into theirs) that are unsatisfiable together, each at its place in the source; removing any one of them leaves an instance.",
    },
    CommandInfo {
        name: "classify",
        args: "[FILE] [levels A,B,...]",
        summary: "which isolation levels a history satisfies, with witnesses and minimal reasons",
        details: "Without FILE: the current instance (of a model over the isolation library), or the violation `programs` printed last if that came after it. FILE is a history in the history view's notation, JSON or Jepsen/Elle EDN (see the README). Prints every level of the library by framework, ✓ with its witness or ✗ with a minimal violating sub-history.\nExamples: classify history.txt; classify levels RA,CeroneSI",
    },
    CommandInfo {
        name: "compare",
        args: "[LEVELS...] [scope N] [all]",
        summary: "which isolation levels imply which, up to a scope (default 3)",
        details: "Decides `A and not B` for every ordered pair, prints the implication matrix with separating histories, the levels equivalent within the scope and the Hasse diagram. Without levels: one representative per framework of each level; `all`: every level. Verdicts are cached.\nExamples: compare RA CC SI CeroneRA CeroneCC CeroneSI scope 4; compare all",
    },
    CommandInfo {
        name: "programs",
        args: "FILE [level L,...] [cycle K] [complete] [records N] [history]",
        summary: "can an application's SQL programs run non-serializably under a consistency model?",
        details: "FILE is a program file: tables, programs of SQL statements and `expect` lines (see the README, \"Programs under weak isolation\"); a relative path is read from the current directory. Without `level`: the file's `expect` lines, each ✓ or ✗ with its report. level L,...: RA, RC, CC, PC, PSI, SI, SER or a `level` the file defines; each prints a violation (a dependency cycle, edge by edge, in the programs' statements) or that there is none up to the bound.\ncycle K     longest dependency cycle searched, in transaction instances (default 4, at least 2)\ncomplete    when no cycle is found, also try to show that none exists at any length\nrecords N   records per table and values per domain (default: K)\nabstract    rows abstracted (as --abstract-rows): every cycle of length ≤ K, possibly ones the programs cannot produce\nno-dangerous with complete under SI or SER: search every chordless path, not only those starting with two anti-dependencies between concurrent instances (as --no-dangerous-structures)\nsessions    instances run in client sessions (as --sessions): each sees its session's earlier ones, and a serial order keeps every session's order\nhistory     with one level: print only a violation's execution, as a history `classify FILE` reads\nThe session's options apply; `set timeout` bounds each level.\nExamples: programs examples/programs/smallbank.prog level SI cycle 3; programs examples/programs/courseware.prog",
    },
    CommandInfo {
        name: "save",
        args: "FILE",
        summary: "write the session as a model file, or the current instance (FILE.xml, .json, .dot)",
        details: "FILE.als (or any other name): the session's definitions and commands; the file loads with `solder run FILE` (commands that no longer check are left out).\nFILE.xml: the current instance as Alloy's instance XML, which Alloy's visualizer (File > Open) and Sterling open; FILE.json and FILE.dot: what `show json` and `show dot` print.\nExample: save counterexample.xml",
    },
    CommandInfo {
        name: "help",
        args: "[COMMAND]",
        summary: "list the commands, or explain one",
        details: "",
    },
    CommandInfo {
        name: "quit",
        args: "",
        summary: "leave the REPL (also `exit`, or Ctrl-D)",
        details: "",
    },
];

/// The REPL command a word names (`open` is Alloy's and is handled as a paragraph).
pub fn lookup(word: &str) -> Option<&'static CommandInfo> {
    let word = if word == "exit" { "quit" } else { word };
    COMMANDS.iter().find(|c| c.name == word && c.name != "open")
}

/// Run a command. `text` is the whole input; its arguments start at `arg_offset`.
pub fn execute(session: &mut Session, cmd: &CommandInfo, text: &str, arg_offset: usize) -> Flow {
    let arg = text[arg_offset..].trim();
    let no_args = |session: &mut Session| {
        if arg.is_empty() {
            true
        } else {
            session.error(format!("`{}` takes no arguments", cmd.name));
            false
        }
    };
    match cmd.name {
        "quit" => return Flow::Quit,
        "help" => help(session, arg),
        "load" => {
            if let Some(p) = path_arg(session, cmd, arg) {
                session.load(&p)
            }
        }
        "reload" => {
            if no_args(session) {
                session.reload()
            }
        }
        "save" => {
            if let Some(p) = path_arg(session, cmd, arg) {
                let ext = p
                    .extension()
                    .map(|e| e.to_string_lossy().to_ascii_lowercase());
                match ext.as_deref() {
                    Some(view @ ("xml" | "json" | "dot")) => save_instance(session, &p, view),
                    _ => session.save(&p),
                }
            }
        }
        "next" => match arg {
            "" => session.next(),
            "state" => session.move_to_state(Err(1)),
            "config" => session.alternative(crate::session::Alternative::Config),
            "trace" => session.alternative(crate::session::Alternative::Trace),
            "fork" => session.alternative(crate::session::Alternative::Fork),
            other => session.error(format!(
                "`next` takes nothing, `state`, `config`, `trace` or `fork`, not `{other}`"
            )),
        },
        "state" => match arg.parse::<usize>() {
            Ok(n) => session.move_to_state(Ok(n)),
            Err(_) => session.error("usage: state N (a state number of the current trace)"),
        },
        "prev" => {
            if no_args(session) {
                session.move_to_state(Err(-1))
            }
        }
        "show" => show(session, arg),
        "eval" => super::eval::eval(session, text, arg_offset),
        "defs" => {
            if no_args(session) {
                defs(session)
            }
        }
        "pending" => session.pending_command(arg),
        "scope" => scope(session, arg),
        "set" => set(session, arg),
        "stats" => {
            if no_args(session) {
                stats(session)
            }
        }
        "minimize" => {
            if no_args(session) {
                super::minimize::minimize(session)
            }
        }
        "core" => {
            if no_args(session) {
                super::core::core(session)
            }
        }
        "classify" => super::isolation::classify(session, arg),
        "compare" => super::isolation::compare(session, arg),
        "programs" => super::programs::programs(session, arg),
        _ => session.error(format!("`{}` is not implemented", cmd.name)),
    }
    Flow::Continue
}

fn path_arg(session: &mut Session, cmd: &CommandInfo, arg: &str) -> Option<PathBuf> {
    // Quotes are optional, for names with spaces.
    let arg = arg
        .strip_prefix('"')
        .and_then(|a| a.strip_suffix('"'))
        .unwrap_or(arg);
    if arg.is_empty() {
        session.error(format!("usage: {} {}", cmd.name, cmd.args));
        return None;
    }
    Some(PathBuf::from(arg))
}

fn help(session: &mut Session, arg: &str) {
    if !arg.is_empty() {
        let word = if arg == "exit" { "quit" } else { arg };
        match COMMANDS.iter().find(|c| c.name == word) {
            Some(c) => {
                let mut text = format!("{} {}\n  {}", c.name, c.args, c.summary);
                for line in c.details.lines() {
                    text.push_str("\n  ");
                    text.push_str(line);
                }
                session.say(text);
            }
            None => {
                let mut msg = format!("no command `{arg}`");
                if let Some(s) = did_you_mean(arg, COMMANDS.iter().map(|c| c.name)) {
                    msg.push_str(&format!("; did you mean `{s}`?"));
                }
                session.error(msg);
            }
        }
        return;
    }
    let mut text = String::from(
        "Type Alloy paragraphs (sig, pred, fun, fact, assert, let, open) to extend the session;\n\
         a definition with a name already defined replaces the old one, and one that uses names\n\
         not defined yet waits for them (`pending`). Commands run at once, with or without\n\
         braces: run { some Node } for 4 / run acyclic and not connected.\n\
         Input continues over several lines while brackets are open.\n\nCommands:\n",
    );
    let usage = |c: &CommandInfo| {
        if c.args.is_empty() {
            c.name.to_string()
        } else {
            format!("{} {}", c.name, c.args)
        }
    };
    // A usage longer than this has its summary on the next line, so that one long
    // usage does not push every summary to the right.
    const USAGE_COLUMN: usize = 40;
    let width = COMMANDS
        .iter()
        .map(|c| usage(c).chars().count())
        .filter(|n| *n <= USAGE_COLUMN)
        .max()
        .unwrap_or(0);
    for c in COMMANDS {
        let usage = usage(c);
        if usage.chars().count() > width {
            text.push_str(&format!("  {usage}\n  {:width$}  {}\n", "", c.summary));
        } else {
            text.push_str(&format!("  {usage:width$}  {}\n", c.summary));
        }
    }
    text.push_str(
        "\n`help COMMAND` explains one. Tab completes commands and names; Ctrl-C cancels a solve.",
    );
    session.say(text);
}

fn show(session: &mut Session, arg: &str) {
    let view = if arg.is_empty() { "auto" } else { arg };
    const VIEWS: [&str; 5] = ["tables", "json", "xml", "dot", "history"];
    if view != "auto" && !VIEWS.contains(&view) {
        let mut msg = format!("no view `{view}`: choose tables, json, xml, dot or history");
        if let Some(s) = did_you_mean(view, VIEWS) {
            msg.push_str(&format!(" (did you mean `{s}`?)"));
        }
        session.error(msg);
        return;
    }
    let Some(text) = instance_text(session, view, "show") else {
        return;
    };
    if text.trim().is_empty() {
        session.say("(the instance is empty)");
    } else {
        session.say(text);
    }
}

/// The current instance in one of `show`'s views, or `None` after saying why there is none.
fn instance_text(session: &mut Session, view: &str, verb: &str) -> Option<String> {
    let Some(last) = &session.last else {
        session.error_with_help(format!("no instance to {verb}"), "run a command first");
        return None;
    };
    let Some(inst) = last.run.instance() else {
        session.error("the last command has no current instance");
        return None;
    };
    let p = &last.run.command.presentation;
    let skolems = last.run.skolems();
    if let Some(trace) = &last.run.trace {
        let text = match view {
            "json" => serde_json::to_string_pretty(&serde_json::json!({
                "loop_to": trace.loop_to,
                "states": trace
                    .states
                    .iter()
                    .map(|s| render::json::instance_json(p, s, &skolems))
                    .collect::<Vec<_>>(),
            }))
            .unwrap_or_else(|e| format!("cannot render JSON: {e}")),
            "dot" => render::dot::trace_dot(p, trace, &skolems),
            "xml" => render::xml::trace_xml(
                p,
                trace,
                &skolems,
                &render::xml::XmlSource {
                    command: &last.command.text,
                    filename: "<repl>",
                },
                last.run.steps(),
            ),
            "tables" => render::trace::render_trace(p, trace, &skolems, render::View::Tables),
            _ => render::trace::render_trace(p, trace, &skolems, render::View::Auto),
        };
        return Some(text);
    }
    let text = match view {
        "json" => serde_json::to_string_pretty(&render::json::instance_json(p, inst, &skolems))
            .unwrap_or_else(|e| format!("cannot render JSON: {e}")),
        "dot" => render::dot::instance_dot(p, inst, &skolems),
        "xml" => render::xml::instance_xml(
            p,
            inst,
            &skolems,
            &render::xml::XmlSource {
                command: &last.command.text,
                filename: "<repl>",
            },
        ),
        "history" => match render::history::render_history(p, inst, &skolems) {
            Some(text) => text,
            None => {
                session.error_with_help(
                    "no history view: the model does not open isolation/histories",
                    "`open isolation` loads the history model; `show tables` shows any instance",
                );
                return None;
            }
        },
        "tables" => render::table::render_tables(p, inst, &skolems),
        _ => render::render_instance(p, inst, &skolems, render::View::Auto).unwrap_or_default(),
    };
    Some(text)
}

fn save_instance(session: &mut Session, path: &std::path::Path, view: &str) {
    let Some(text) = instance_text(session, view, "save") else {
        return;
    };
    match std::fs::write(path, text) {
        Ok(()) => session.say(format!("instance written to {}", path.display())),
        Err(e) => session.error(format!("cannot write `{}`: {e}", path.display())),
    }
}

fn scope(session: &mut Session, arg: &str) {
    if arg.is_empty() {
        session.say(format!(
            "default scope: {} (for commands without `for`)",
            session.settings.default_scope
        ));
        return;
    }
    match arg.parse::<u32>() {
        Ok(n) => {
            session.settings.default_scope = n;
            session.say(format!("default scope set to {n}"));
        }
        Err(_) => session.error(format!("`scope` takes a number of atoms, not `{arg}`")),
    }
}

const OPTIONS: [&str; 22] = [
    "symmetry",
    "verify",
    "timeout",
    "solver",
    "fix_order",
    "instantiate",
    "terms",
    "escalate",
    "incremental",
    "naive",
    "candidate_solver",
    "verifier_solver",
    "singleton_overlap",
    "lazy_orders",
    "count_injections",
    "recheck_orders",
    "recheck_saturate",
    "int_ladders",
    "child_blocks",
    "max_vars",
    "ascii",
    "overflow",
];

/// The option names `set` accepts (for completion).
pub fn option_names() -> &'static [&'static str] {
    &OPTIONS
}

fn set(session: &mut Session, arg: &str) {
    let mut words = arg.split_whitespace();
    let (Some(option), value) = (words.next(), words.next()) else {
        session.say(settings_text(session));
        return;
    };
    if words.next().is_some() {
        session.error("usage: set OPTION VALUE");
        return;
    }
    let option = if option == "fix-order" {
        "fix_order"
    } else {
        option
    };
    let Some(value) = value else {
        if OPTIONS.contains(&option) {
            let line = settings_text(session)
                .lines()
                .find(|l| l.trim_start().starts_with(option))
                .unwrap_or("")
                .trim()
                .to_string();
            session.say(line);
        } else {
            unknown_option(session, option);
        }
        return;
    };
    let s = &mut session.settings;
    let result: Result<(), String> = match option {
        "symmetry" => value
            .parse::<usize>()
            .map(|n| s.run.solve.symmetry = n)
            .map_err(|_| format!("`symmetry` takes a number (0 disables it), not `{value}`")),
        "verify" => on_off(value).map(|b| s.run.verify = b),
        "fix_order" => on_off(value).map(|b| s.run.solve.fix_orders = b),
        "timeout" => match value.trim_end_matches('s').parse::<f64>() {
            Ok(t) if (0.0..1e9).contains(&t) => {
                s.timeout = (t > 0.0).then(|| Duration::from_secs_f64(t));
                Ok(())
            }
            _ => Err(format!(
                "`timeout` takes seconds (0 waits as long as it takes), not `{value}`"
            )),
        },
        "instantiate" => on_off(value).map(|b| s.run.solve.instantiate = b),
        "terms" => on_off(value).map(|b| s.run.solve.terms = b),
        "escalate" => on_off(value).map(|b| s.run.solve.escalate = b),
        "incremental" => on_off(value).map(|b| s.run.solve.incremental = b),
        "naive" => on_off(value).map(|b| s.run.solve.naive = b),
        "singleton_overlap" => on_off(value).map(|b| s.run.solve.overlap_singletons = b),
        "lazy_orders" => on_off(value).map(|b| s.run.solve.lazy_orders = b),
        "count_injections" => on_off(value).map(|b| s.run.solve.count_injections = b),
        "recheck_orders" => on_off(value).map(|b| s.run.solve.recheck_orders = b),
        "recheck_saturate" => on_off(value).map(|b| s.run.solve.recheck_saturate = b),
        "int_ladders" => on_off(value).map(|b| s.run.solve.int_ladders = b),
        "child_blocks" => on_off(value).map(|b| s.run.child_blocks = b),
        "max_vars" => match value.replace(['_', ','], "").parse::<u64>() {
            Ok(n) if n > 0 => {
                s.run.max_vars = n;
                Ok(())
            }
            _ => Err(format!(
                "`max_vars` takes a positive number of primary variables, not `{value}`"
            )),
        },
        // One backend for everything, as `--solver` does.
        "solver" => backend(value).map(|b| {
            s.run.solve.backend = b;
            s.run.solve.candidate_backend = Some(b);
            s.run.solve.verifier_backend = Some(b);
        }),
        "ascii" => on_off(value).map(crate::render::table::set_ascii),
        "overflow" => match value {
            "wrap" | "prevent" => {
                s.run.prevent_overflow = value == "prevent";
                Ok(())
            }
            _ => Err(format!(
                "`overflow` is `wrap` (results wrap around, Alloy's default) or `prevent` (instances that overflow are left out), not `{value}`"
            )),
        },
        "candidate_solver" => backend(value).map(|b| s.run.solve.candidate_backend = Some(b)),
        "verifier_solver" => backend(value).map(|b| s.run.solve.verifier_backend = Some(b)),
        _ => {
            unknown_option(session, option);
            return;
        }
    };
    match result {
        Ok(()) => {
            let line = settings_text(session)
                .lines()
                .find(|l| l.trim_start().starts_with(option))
                .unwrap_or("")
                .trim()
                .to_string();
            session.say(line);
        }
        Err(msg) => session.error(msg),
    }
}

fn unknown_option(session: &mut Session, option: &str) {
    let mut msg = format!("no option `{option}` (options: {})", OPTIONS.join(", "));
    if let Some(s) = did_you_mean(option, OPTIONS) {
        msg.push_str(&format!("; did you mean `{s}`?"));
    }
    session.error(msg);
}

fn backend(value: &str) -> Result<BackendKind, String> {
    match value {
        "varisat" => Ok(BackendKind::Varisat),
        "cadical" => Ok(BackendKind::Cadical),
        _ => Err(format!(
            "the solver is `varisat` or `cadical`, not `{value}`"
        )),
    }
}

fn backend_name(b: BackendKind) -> &'static str {
    match b {
        BackendKind::Varisat => "varisat",
        BackendKind::Cadical => "cadical",
        BackendKind::CadicalStable => "cadical (sat configuration)",
    }
}

fn on_off(value: &str) -> Result<bool, String> {
    match value {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(format!("expected `on` or `off`, not `{value}`")),
    }
}

fn settings_text(session: &Session) -> String {
    let s = &session.settings;
    let on = |b: bool| if b { "on" } else { "off" };
    format!(
        "symmetry {}\nverify {}\ntimeout {}\nsolver {}\nfix_order {}\ninstantiate {}\nterms {}\nescalate {}\nincremental {}\nnaive {}\ncandidate_solver {}\nverifier_solver {}\nsingleton_overlap {}\nlazy_orders {}\ncount_injections {}\nrecheck_orders {}\nrecheck_saturate {}\nint_ladders {}\nchild_blocks {}\nmax_vars {}\nascii {}\noverflow {}",
        s.run.solve.symmetry,
        on(s.run.verify),
        match s.timeout {
            None => "0 (none)".to_string(),
            Some(d) => format!("{} s", d.as_secs_f64()),
        },
        backend_name(s.run.solve.backend),
        on(s.run.solve.fix_orders),
        on(s.run.solve.instantiate),
        on(s.run.solve.terms),
        on(s.run.solve.escalate),
        on(s.run.solve.incremental),
        on(s.run.solve.naive),
        backend_name(s.run.solve.candidate_backend.unwrap_or(s.run.solve.backend)),
        backend_name(s.run.solve.verifier_backend.unwrap_or(s.run.solve.backend)),
        on(s.run.solve.overlap_singletons),
        on(s.run.solve.lazy_orders),
        on(s.run.solve.count_injections),
        on(s.run.solve.recheck_orders),
        on(s.run.solve.recheck_saturate),
        on(s.run.solve.int_ladders),
        on(s.run.child_blocks),
        s.run.max_vars,
        on(crate::render::table::ascii()),
        if s.run.prevent_overflow {
            "prevent"
        } else {
            "wrap"
        },
    )
}

fn stats(session: &mut Session) {
    let Some(last) = &session.last else {
        match session.no_stats.clone() {
            Some(why) => session.error(why),
            None => session.error_with_help("no solve yet", "run a command first"),
        }
        return;
    };
    let text = format!(
        "{}: {}",
        last.command.text.lines().next().unwrap_or(""),
        super::runs::stats_body(last)
    );
    session.say(text);
}

/// One line, at most `max` characters.
fn short(text: &str, max: usize) -> String {
    let one = normalize(text);
    if one.chars().count() > max {
        format!("{}…", one.chars().take(max - 1).collect::<String>())
    } else {
        one
    }
}

fn defs(session: &mut Session) {
    let sources = &session.sources;
    let snippet = |s| short(sources.snippet(s), 100);
    let mut sections: Vec<(&str, Vec<String>)> = vec![
        ("opens", Vec::new()),
        ("sigs", Vec::new()),
        ("preds", Vec::new()),
        ("funs", Vec::new()),
        ("macros", Vec::new()),
        ("asserts", Vec::new()),
        ("facts", Vec::new()),
        ("commands", Vec::new()),
    ];
    let mut push = |section: &str, line: String| {
        if let Some((_, lines)) = sections.iter_mut().find(|(s, _)| *s == section) {
            lines.push(line);
        }
    };
    for d in session.state.defs() {
        match &*d.item {
            ReplItem::Open(o) => {
                let mut line = snippet(o.span);
                if let Some(names) = opened_names(session, o) {
                    line.push_str(&format!("  — {names}"));
                }
                push("opens", line);
            }
            ReplItem::Paragraph(p) => match p {
                Paragraph::Sig(s) => {
                    let mut line = String::new();
                    let q = &s.qualifiers;
                    for (present, word) in [
                        (q.private.is_some(), "private "),
                        (q.abstract_.is_some(), "abstract "),
                        (q.one.is_some(), "one "),
                        (q.lone.is_some(), "lone "),
                        (q.some.is_some(), "some "),
                    ] {
                        if present {
                            line.push_str(word);
                        }
                    }
                    line.push_str("sig ");
                    line.push_str(
                        &s.names
                            .iter()
                            .map(|n| n.name.as_str())
                            .collect::<Vec<_>>()
                            .join(", "),
                    );
                    match &s.parent {
                        Some(SigParent::Extends(q)) => {
                            line.push_str(&format!(" extends {}", q.joined()))
                        }
                        Some(SigParent::In(qs)) => line.push_str(&format!(
                            " in {}",
                            qs.iter()
                                .map(|q| q.joined())
                                .collect::<Vec<_>>()
                                .join(" + ")
                        )),
                        Some(SigParent::Equal(qs)) => line.push_str(&format!(
                            " = {}",
                            qs.iter()
                                .map(|q| q.joined())
                                .collect::<Vec<_>>()
                                .join(" + ")
                        )),
                        None => {}
                    }
                    let fields: Vec<String> = s.fields.iter().map(|f| snippet(f.span)).collect();
                    if fields.is_empty() {
                        line.push_str(" {}");
                    } else {
                        line.push_str(&format!(" {{ {} }}", fields.join(", ")));
                    }
                    push("sigs", line);
                }
                Paragraph::Enum(e) => push(
                    "sigs",
                    format!(
                        "enum {} {{ {} }}",
                        e.name.name,
                        e.values
                            .iter()
                            .map(|v| v.name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ),
                Paragraph::Pred(f) => {
                    let params: Vec<String> = f.params.iter().map(|p| snippet(p.span)).collect();
                    push(
                        "preds",
                        format!(
                            "pred {}{}{}",
                            f.receiver
                                .as_ref()
                                .map_or(String::new(), |r| format!("{}.", r.joined())),
                            f.name.name,
                            bracket(&params)
                        ),
                    );
                }
                Paragraph::Fun(f) => {
                    let params: Vec<String> = f.params.iter().map(|p| snippet(p.span)).collect();
                    push(
                        "funs",
                        format!(
                            "fun {}{}{}: {}",
                            f.receiver
                                .as_ref()
                                .map_or(String::new(), |r| format!("{}.", r.joined())),
                            f.name.name,
                            bracket(&params),
                            snippet(f.result.span)
                        ),
                    );
                }
                Paragraph::Macro(m) => {
                    let params: Vec<String> = m.params.iter().map(|p| p.name.clone()).collect();
                    push("macros", format!("let {}{}", m.name.name, bracket(&params)));
                }
                Paragraph::Assert(a) => push(
                    "asserts",
                    match &a.name {
                        Some(n) => format!("assert {}", n.name),
                        None => format!("assert {}", short(sources.snippet(a.body.span), 80)),
                    },
                ),
                Paragraph::Fact(f) => push(
                    "facts",
                    match &f.name {
                        Some(n) => format!(
                            "fact {} {}",
                            n.name,
                            short(sources.snippet(f.body.span), 70)
                        ),
                        None => format!("fact {}", short(sources.snippet(f.body.span), 80)),
                    },
                ),
                Paragraph::Command(_) => {}
            },
        }
    }
    for c in &session.state.commands {
        push("commands", short(&c.text, 100));
    }
    let mut text = String::new();
    for (title, lines) in &sections {
        if lines.is_empty() {
            continue;
        }
        text.push_str(title);
        text.push_str(":\n");
        for l in lines {
            text.push_str("  ");
            text.push_str(l);
            text.push('\n');
        }
    }
    let pending = session.pending_count();
    if text.is_empty() && pending == 0 {
        text = "the session is empty: type a `sig`, or `load FILE`".into();
    }
    if pending > 0 {
        text.push_str(&format!(
            "({pending} pending input{} not in the session yet: `pending` lists them)",
            plural(pending)
        ));
    }
    session.say(text);
}

fn bracket(params: &[String]) -> String {
    if params.is_empty() {
        String::new()
    } else {
        format!("[{}]", params.join(", "))
    }
}

/// The public preds and funs an `open` brings, as `alias/name`.
fn opened_names(session: &Session, open: &crate::syntax::ast::Open) -> Option<String> {
    let checked = session.checked.as_ref()?;
    let model = &checked.model;
    let edge = model
        .modules
        .first()?
        .opens
        .iter()
        .find(|e| e.span == open.span)?;
    let module = model.module(edge.module);
    let names: Vec<String> = module
        .funcs
        .iter()
        .map(|f| model.func(*f))
        .filter(|f| !f.private)
        .map(|f| format!("{}/{}", edge.alias, f.name))
        .collect();
    if names.is_empty() {
        return None;
    }
    const SHOWN: usize = 8;
    let mut text = names
        .iter()
        .take(SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > SHOWN {
        text.push_str(&format!(", … ({} in all)", names.len()));
    }
    Some(text)
}
