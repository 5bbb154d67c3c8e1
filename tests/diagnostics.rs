//! Bad input: each kind of mistake gets a clear message that points at the right source
//! text, and nothing panics. Errors that only a command reveals (scopes, unsupported
//! constructs, higher-order quantifiers) are found by solving the first command.

use std::path::PathBuf;

use solder::check::{self, RootSource};
use solder::diagnostic::{Diagnostic, SourceMap};
use solder::session::{CommandRun, RunOptions};

struct Found {
    message: String,
    /// The source text under the primary span.
    snippet: String,
    help: Option<String>,
    rendered: String,
}

fn first_error_in(text: &str, dir: Option<PathBuf>) -> Found {
    let mut sources = SourceMap::new();
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let checked = check::load(
            &mut sources,
            RootSource::Text {
                name: "input.als".into(),
                text: text.into(),
                dir,
            },
        )?;
        CommandRun::start(&checked, 0, &RunOptions::default()).map(|_| ())
    }));
    let errors = match result {
        Err(_) => panic!("panicked on:\n{text}"),
        Ok(Ok(())) => panic!("no error for:\n{text}"),
        Ok(Err(e)) => e.0,
    };
    let d: &Diagnostic = &errors[0];
    Found {
        message: d.message.clone(),
        snippet: d
            .span
            .map(|s| sources.snippet(s).to_string())
            .unwrap_or_default(),
        help: d.help.clone(),
        rendered: sources.render(&errors, false),
    }
}

fn first_error(text: &str) -> Found {
    first_error_in(text, None)
}

/// Asserts the message contains `msg` and the span covers exactly `snippet`.
fn expect(text: &str, msg: &str, snippet: &str) -> Found {
    let f = first_error(text);
    assert!(
        f.message.contains(msg),
        "message `{}` lacks `{msg}` for:\n{text}",
        f.message
    );
    assert_eq!(f.snippet, snippet, "span of `{}` for:\n{text}", f.message);
    assert!(
        f.rendered.contains("input.als"),
        "rendered diagnostic names the file:\n{}",
        f.rendered
    );
    f
}

#[test]
fn syntax_error_lists_what_was_expected() {
    let f = expect("sig A { f: set A\nrun {}", "syntax error", "run");
    assert!(f.message.contains("expected"), "{}", f.message);
}

#[test]
fn unexpected_end_of_input() {
    let f = first_error("sig A {} run { some A ");
    assert!(f.message.contains("end of input"), "{}", f.message);
}

#[test]
fn unknown_name_suggests_a_close_one() {
    let f = expect("sig Node {}\nrun { some Nod }", "cannot find `Nod`", "Nod");
    assert_eq!(f.help.as_deref(), Some("did you mean `Node`?"));
}

#[test]
fn join_of_two_sets_is_an_arity_error() {
    expect(
        "sig A {}\nrun { some A.A }",
        "cannot be a legal relational join",
        "A.A",
    );
}

#[test]
fn domain_restriction_needs_a_set() {
    expect(
        "sig A { f: set A }\nrun { some f <: f }",
        "left side of `<:` must be a set",
        "f",
    );
}

#[test]
fn union_of_different_arities() {
    expect(
        "sig A { f: set A }\nrun { some A + f }",
        "`+` needs both sides to have the same arity",
        "A + f",
    );
}

#[test]
fn subset_of_different_arity() {
    expect(
        "sig A { f: set A }\nrun { A in f }",
        "`in` needs both sides to have the same arity",
        "A in f",
    );
}

#[test]
fn closure_needs_a_binary_relation() {
    expect(
        "sig A {}\nrun { some ^A }",
        "`^` needs a binary relation",
        "^A",
    );
}

#[test]
fn wrong_number_of_arguments() {
    let f = expect(
        "sig A {}\npred p[x, y: A] {}\nrun { p[A] }",
        "takes 2 arguments but is given 1",
        "p[A]",
    );
    assert!(f.help.unwrap().contains("p[x, y]"));
}

#[test]
fn parentheses_do_not_call() {
    let f = first_error("sig A {}\npred p[x: A] {}\nrun { p(A) }");
    assert!(
        f.message.contains("( ) when you should have used [ ]"),
        "{}",
        f.message
    );
}

#[test]
fn duplicate_sig() {
    expect("sig A {}\nsig A {}\nrun {}", "already a sig named `A`", "A");
}

#[test]
fn duplicate_field() {
    expect(
        "sig A { f: set A, f: lone A }\nrun {}",
        "already has a field named `f`",
        "f",
    );
}

#[test]
fn ambiguous_name() {
    let f = expect(
        "sig A { f: set A }\nsig B { f: set B }\nrun { some f }",
        "ambiguous",
        "f",
    );
    assert!(f.help.is_some());
}

#[test]
fn recursion_is_reported() {
    expect(
        "sig A {}\npred p[x: A] { p[x] }\nrun { some x: A | p[x] }",
        "calls itself",
        "p[x]",
    );
}

#[test]
fn open_cycle_is_reported() {
    let dir = std::env::temp_dir().join(format!("solder-diag-cycle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.als"), "module a\nopen b\nsig A {}\n").unwrap();
    std::fs::write(dir.join("b.als"), "module b\nopen a\nsig B {}\n").unwrap();
    let f = first_error_in("open a\nrun {}", Some(dir));
    assert!(f.message.contains("cycle"), "{}", f.message);
    assert_eq!(f.snippet, "open a");
}

#[test]
fn missing_module() {
    let f = expect(
        "open util/orderin[A]\nsig A {}\nrun {}",
        "cannot find module `util/orderin`",
        "open util/orderin[A]",
    );
    assert_eq!(f.help.as_deref(), Some("did you mean `util/ordering`?"));
}

#[test]
fn wrong_number_of_module_arguments() {
    expect(
        "open util/ordering\nsig A {}\nrun {}",
        "takes 1 parameter, but 0 were given",
        "open util/ordering",
    );
}

#[test]
fn impossible_scope_for_a_one_sig() {
    expect(
        "one sig A {}\nrun {} for 2 A",
        "a `one` sig must have scope 1",
        "2 A",
    );
}

#[test]
fn scope_on_a_subset_sig() {
    expect(
        "sig A {}\nsig B in A {}\nrun {} for 2 B",
        "subset sig",
        "2 B",
    );
}

#[test]
fn sig_without_a_scope() {
    let f = expect(
        "sig A {}\nsig B {}\nrun {} for 2 A",
        "you must give the sig `B` a scope",
        "run {} for 2 A",
    );
    assert!(f.rendered.contains("declared here"));
}

#[test]
fn scope_given_twice() {
    expect(
        "sig A {}\nrun {} for 2 A, 3 A",
        "given a scope twice",
        "3 A",
    );
}

#[test]
fn unknown_sig_in_a_scope() {
    let f = expect(
        "sig Apple {}\nrun {} for 2 Aple",
        "no sig named `Aple`",
        "Aple",
    );
    assert_eq!(f.help.as_deref(), Some("did you mean `Apple`?"));
}

#[test]
fn seq_is_a_multiplicity_not_a_formula() {
    expect(
        "sig A { s: seq A }\nrun { seq A } for 3",
        "`seq` is a multiplicity",
        "seq A",
    );
}

#[test]
fn a_sequence_longer_than_the_integers_is_refused_at_its_scope() {
    let f = expect(
        "sig A { s: seq A }\nrun { some s } for 3 but 8 seq",
        "a sequence cannot be longer than 7",
        "8 seq",
    );
    assert_eq!(f.help.as_deref(), Some("raise the bitwidth, e.g. `5 Int`"));
    expect(
        "sig A { s: seq A }\nrun { some s } for 3 but 2 Int, 2 seq",
        "with a bitwidth of 2, a sequence cannot be longer than 1",
        "2 seq",
    );
}

#[test]
fn sequence_functions_check_their_arguments() {
    expect(
        "sig A { s: seq A }\nrun { some s.first.first } for 3",
        "has arity 2, but this argument has arity 3",
        "s",
    );
    expect(
        "sig A { s: seq seq A }\nrun { some s } for 3",
        "a multiplicity cannot follow another",
        "seq A",
    );
}

#[test]
fn integer_where_a_formula_belongs() {
    expect(
        "sig A {}\nrun { #A }",
        "expected a formula, but this is an integer",
        "#A",
    );
}

#[test]
fn this_outside_a_sig() {
    expect(
        "sig A {}\nrun { some this }",
        "`this` is only defined",
        "this",
    );
}

#[test]
fn expression_where_a_formula_belongs() {
    expect("sig A {}\nrun { A }", "expected a formula", "A");
}

#[test]
fn formula_where_an_expression_belongs() {
    expect(
        "sig A {}\nrun { some (some A) }",
        "expected an expression",
        "(some A)",
    );
}

#[test]
fn temporal_forms_not_solved_yet_are_refused() {
    let f = first_error("sig A {}\nvar sig B = A {}\nrun {}");
    assert!(f.message.contains("not supported yet"), "{}", f.message);
    assert_eq!(f.snippet, "var");
    let f = first_error("var sig A {}\nrun {} for 3 but 1.. steps");
    assert!(f.message.contains("unbounded `steps`"), "{}", f.message);
    assert_eq!(f.snippet, "1.. steps");
}

#[test]
fn extending_a_subset_sig() {
    expect(
        "sig A {}\nsig B in A {}\nsig C extends B {}\nrun {}",
        "cannot extend the subset sig",
        "B",
    );
}

#[test]
fn cyclic_hierarchy() {
    expect(
        "sig A extends B {}\nsig B extends A {}\nrun {}",
        "its own ancestor",
        "A",
    );
}

#[test]
fn unknown_command_target() {
    let f = expect(
        "sig A {}\npred show {}\nrun sho",
        "no pred or fun named `sho`",
        "sho",
    );
    assert_eq!(f.help.as_deref(), Some("did you mean `show`?"));
}

#[test]
fn malformed_number() {
    let f = first_error("sig A {}\nrun {} for 1_000");
    assert!(f.snippet.starts_with("1_000"), "{}", f.snippet);
}

#[test]
fn quantifier_over_relations_inside_an_expression() {
    expect(
        "sig A {}\nrun { some ((some s: set A | s = A) => A else none) }",
        "ranges over relations in a place solder cannot solve",
        "s",
    );
}

#[test]
fn multiplicity_outside_a_declaration() {
    expect(
        "sig A {}\nrun { some x: A | x = set A }",
        "multiplicity",
        "set A",
    );
}

#[test]
fn bad_input_never_panics() {
    // Mangled versions of a valid model: every prefix must give Ok or a diagnostic.
    let model =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/family.als"))
            .unwrap();
    let mut cut = 0;
    while cut < model.len() {
        if model.is_char_boundary(cut) {
            let text = &model[..cut];
            let r = std::panic::catch_unwind(|| {
                let mut sources = SourceMap::new();
                if let Ok(c) = check::load(
                    &mut sources,
                    RootSource::Text {
                        name: "cut.als".into(),
                        text: text.into(),
                        dir: None,
                    },
                ) {
                    for i in 0..c.model.commands.len() {
                        let _ = CommandRun::start(&c, i, &RunOptions::default());
                    }
                }
            });
            assert!(r.is_ok(), "panicked on a prefix of {cut} bytes");
        }
        cut += 17;
    }
}

/// All the errors of a model, rendered as the CLI renders them.
fn all_errors_rendered(text: &str, dir: Option<PathBuf>) -> (usize, String) {
    let mut sources = SourceMap::new();
    let result = check::load(
        &mut sources,
        RootSource::Text {
            name: "input.als".into(),
            text: text.into(),
            dir,
        },
    );
    let errors = match result {
        Ok(_) => panic!("no error for the model"),
        Err(e) => e.0,
    };
    let rendered = sources.render(&errors, false);
    (errors.len(), rendered)
}

#[test]
fn a_flood_of_errors_is_cut_short_and_long_lines_are_windowed() {
    // 5,000 repeated qualifiers on one 45 KB line.
    let text = format!("{}sig A {{}}\nrun {{}}\n", "abstract ".repeat(5000));
    let started = std::time::Instant::now();
    let (count, rendered) = all_errors_rendered(&text, None);
    assert!(count > 1000, "every repetition is an error: {count}");
    assert!(started.elapsed().as_secs() < 5);
    assert_eq!(
        rendered.matches("Error: ").count(),
        solder::diagnostic::MAX_SHOWN,
        "{rendered}"
    );
    assert!(
        rendered.contains(&format!(
            "… and {} more errors not shown",
            count - solder::diagnostic::MAX_SHOWN
        )),
        "{rendered}"
    );
    // Each error shows a window of its line, with the real line and column.
    assert!(rendered.len() < 20_000, "{} bytes", rendered.len());
    assert!(rendered.contains("--> input.als:1:10"), "{rendered}");
    assert!(rendered.contains("--> input.als:1:19"), "{rendered}");
    assert!(
        rendered.lines().all(|l| l.chars().count() < 300),
        "{rendered}"
    );
}

#[test]
fn deep_open_chains_are_an_error_not_a_stack_overflow() {
    let dir = std::env::temp_dir().join(format!("solder-open-chain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let n = 4200;
    for i in 0..n {
        let next = if i + 1 < n {
            format!("open m{}\n", i + 1)
        } else {
            String::new()
        };
        std::fs::write(
            dir.join(format!("m{i}.als")),
            format!("module m{i}\n{next}sig S{i} {{}}\n"),
        )
        .unwrap();
    }
    // On a thread with the usual 8 MB main-thread stack, which a 4,200-deep chain overflowed.
    let d = dir.clone();
    let (count, rendered) = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || all_errors_rendered("open m0\nrun {} for 1\n", Some(d)))
        .unwrap()
        .join()
        .expect("no stack overflow");
    assert_eq!(count, 1, "{rendered}");
    assert!(
        rendered.contains("modules are opened too deeply"),
        "{rendered}"
    );
    assert!(
        rendered.contains("open m499"),
        "points at the open: {rendered}"
    );
    // A chain within the limit loads.
    std::fs::write(dir.join("m100.als"), "module m100\nsig S100 {}\n").unwrap();
    let mut sources = SourceMap::new();
    let loaded = check::load(
        &mut sources,
        RootSource::Text {
            name: "input.als".into(),
            text: "open m0\nrun {} for 1\n".into(),
            dir: Some(dir.clone()),
        },
    );
    assert!(loaded.is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_byte_order_mark_is_skipped_and_bad_utf8_is_located() {
    let dir = std::env::temp_dir().join(format!("solder-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bom = dir.join("bom.als");
    std::fs::write(&bom, b"\xEF\xBB\xBFsig A {}\nrun { some A }\n").unwrap();
    let mut sources = SourceMap::new();
    let checked = solder::session::load_file(&mut sources, &bom).expect("a BOM is skipped");
    assert!(CommandRun::start(&checked, 0, &RunOptions::default()).is_ok());
    let bad = dir.join("latin1.als");
    std::fs::write(&bad, b"sig A {}\n-- caf\xE9\nrun {}\n").unwrap();
    let Err(err) = solder::session::load_file(&mut sources, &bad) else {
        panic!("a file that is not UTF-8 is refused");
    };
    let message = &err.0[0].message;
    assert!(message.contains("not UTF-8"), "{message}");
    assert!(
        message.contains("byte 15 (line 2, column 7) is 0xE9"),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_multiplicity_twice_is_an_error() {
    expect(
        "sig A { r: some some A }\nrun {}\n",
        "a multiplicity cannot follow another",
        "some A",
    );
    expect(
        "sig A {}\nrun { all x: one lone A | some x }\n",
        "a multiplicity cannot follow another",
        "lone A",
    );
}

#[test]
fn unknown_commands_suggest_the_users_own_names_first() {
    // The library's `first` is closer to `firstt` than `myFirst`, but the user meant theirs.
    let f = expect(
        "open util/ordering[A]\nsig A {}\npred myFirst { some A }\nrun firstt\n",
        "there is no pred or fun named `firstt`",
        "firstt",
    );
    assert_eq!(f.help.as_deref(), Some("did you mean `myFirst`?"));
    // With nothing of their own close, the library's name is offered.
    let f = expect(
        "open util/ordering[A]\nsig A {}\nrun nextt\n",
        "there is no pred or fun named `nextt`",
        "nextt",
    );
    assert_eq!(f.help.as_deref(), Some("did you mean `next`?"));
}

#[test]
fn duplicate_preds_are_reported_where_declared_with_both_spans() {
    let f = expect(
        "sig A {}\npred p[x: A] { some x }\npred p[y: A] { no y }\nrun { some a: A | p[a] }\n",
        "`p` is declared twice in this module with the same parameters",
        "p",
    );
    assert!(f.rendered.contains("3 │ pred p[y: A]"), "{}", f.rendered);
    assert!(f.rendered.contains("2 │ pred p[x: A]"), "{}", f.rendered);
    assert!(
        f.rendered.contains("the pred declared first"),
        "{}",
        f.rendered
    );
    // Overloads whose parameters differ stay legal.
    let mut sources = SourceMap::new();
    let loaded = check::load(
        &mut sources,
        RootSource::Text {
            name: "input.als".into(),
            text:
                "sig A {}\nsig B {}\npred p[x: A] {}\npred p[x: B] {}\nrun { some a: A | p[a] }\n"
                    .into(),
            dir: None,
        },
    );
    assert!(loaded.is_ok());
}

#[test]
fn calls_with_too_many_arguments_say_how_many_are_taken() {
    let f = expect(
        "sig A {}\nfun f[x: A]: A { x }\nrun { some f[A, A] }\n",
        "`f` takes 1 argument but is given 2",
        "f[A, A]",
    );
    assert!(
        f.help
            .as_deref()
            .is_some_and(|h| h.contains("call it as `f[x]`"))
    );
    expect(
        "sig A {}\npred g[x: A] { some x }\nrun { g[A, A] }\n",
        "`g` takes 1 argument but is given 2",
        "g[A, A]",
    );
    // A further argument that joins is Alloy's `f[a][b]`, not an error.
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "input.als".into(),
            text: "sig A { r: set A }\nfun f[x: A]: A -> A { x -> A }\nrun { some a: A | some f[a, a] }\n"
                .into(),
            dir: None,
        },
    )
    .expect("loads");
    assert!(CommandRun::start(&checked, 0, &RunOptions::default()).is_ok());
}

#[test]
fn a_modules_parameters_are_not_names_for_its_opener() {
    // Alloy 6: "The name "elem" cannot be found."
    expect(
        "open util/ordering[A]\nsig A {}\nrun { some elem }",
        "cannot find `elem`",
        "elem",
    );
}

/// Alloy 6 refuses this too ("You must specify a scope for sig this/field$"): the
/// meta-model's `field$` has no children here and `for 2 A` gives no overall scope. The
/// note says where the sig comes from, since no line of the model declares it.
#[test]
fn an_unscoped_meta_sig_says_where_it_comes_from() {
    let f = expect(
        "sig A {}\nsig B extends A {}\nrun { some B$ } for 2 A",
        "you must give the sig `field$` a scope",
        "run { some B$ } for 2 A",
    );
    assert!(
        f.rendered
            .contains("meta-model is added because the model names"),
        "{}",
        f.rendered
    );
    assert!(!f.rendered.contains("declared here"), "{}", f.rendered);
}
