//! Strings as Alloy has them: `String` holds one atom per string literal the command
//! reaches (its facts, declarations, body and the calls it makes), and literals compare
//! only by equality. Verdicts checked against Alloy 6 (built from source).

use solder::check::{self, RootSource};
use solder::diagnostic::SourceMap;
use solder::session::{CommandRun, RunOptions};

fn check_expectations(text: &str) {
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "strings.als".into(),
            text: text.into(),
            dir: None,
        },
    )
    .unwrap_or_else(|e| panic!("{}", sources.render(&e.0, false)));
    for (i, cmd) in checked.model.commands.iter().enumerate() {
        let run = CommandRun::start(&checked, i, &RunOptions::default())
            .unwrap_or_else(|e| panic!("command {}: {:?}", cmd.label, e.0[0].message));
        assert_eq!(run.found(), cmd.expect, "command {} ({})", i + 1, cmd.label);
    }
}

#[test]
fn string_has_the_literals_the_command_reaches() {
    check_expectations(
        r#"sig Person { name: String }
           fact { all disj p, q: Person | p.name != q.name }
           -- only "alice" is a String here, so two people cannot have distinct names
           run { #Person = 2 and some p: Person | p.name = "alice" } for 3 expect 0
           run { #Person = 2 and Person.name = "alice" + "bob" } for 3 expect 1
           run { #Person = 3 and Person.name in "alice" + "bob" } for 3 expect 0
           -- no literal: String is empty, so no Person can exist
           check { #String = 0 and no Person } expect 0
           pred named[p: Person] { p.name = "carol" }
           -- literals in called preds count
           run { some p: Person | named[p] } expect 1
           check { "a" != "b" and "a" = "a" and #("a" + "a") = 1 } expect 0"#,
    );
}

#[test]
fn exactly_n_strings_adds_fresh_ones_up_to_n() {
    // Verdicts of Alloy 6 on the same commands.
    check_expectations(
        r#"sig A { name: String }
           run { #String = 3 } for 3 but exactly 3 String expect 1
           run { #String = 1 and A.name = "x" } for 3 but exactly 3 String expect 0
           -- more literals than the scope: the literals win
           run { #String = 2 and A.name = "x" + "y" } for 3 but exactly 1 String expect 1
           -- the fresh strings differ from the literals
           run { #String = 3 and some A.name - "x" - "y" } for 3 but exactly 3 String expect 1
           run { #A = 3 and #A.name = 3 } for 3 but exactly 3 String expect 1
           run { #String = 2 } for 3 but exactly 0 String expect 0"#,
    );
}

#[test]
fn a_string_scope_must_be_exact() {
    let mut sources = SourceMap::new();
    let checked = check::load(
        &mut sources,
        RootSource::Text {
            name: "strings.als".into(),
            text: "sig A { name: String }\nrun {} for 3 but 3 String".into(),
            dir: None,
        },
    )
    .expect("loads");
    let err = CommandRun::start(&checked, 0, &RunOptions::default())
        .err()
        .expect("refused");
    assert_eq!(err.0[0].message, "`String` must have an exact scope");
    let span = err.0[0].span.expect("spanned");
    assert_eq!(
        &"sig A { name: String }\nrun {} for 3 but 3 String"[span.range()],
        "3 String"
    );
}
