//! `values D = alice, bob;`: violations show a domain's values by the names the file
//! gives (and `int` values by the numbers it lists), in the instances, the history and
//! the SQL of the replay; an ordered domain's names follow its order. Display only: the
//! verdicts are those of the same file without the line. Bad lines get spanned
//! diagnostics.

use crate::common::binary::solder;
use crate::programs::{SMALL_BANK as BANK, load};
use crate::programs_rc::check;

use solder::apps::programs::{self, Outcome};
use solder::diagnostic::SourceMap;

const NAMES: &str = "values Cust = alice, bob, carol;\nvalues int = 100, 250;\n";

fn violation(text: &str, level: &str) -> programs::explain::Violation {
    match check(&load(text), level, 3, false) {
        Outcome::Violation(v) => v,
        other => panic!("expected a violation under {level}, got {other:?}"),
    }
}

#[test]
fn a_violation_shows_the_names_the_file_gives() {
    let text = format!("{BANK}{NAMES}");
    let v = violation(&text, "SI");
    // Every instance works on one customer, the first name; the deposits are numbers
    // from the list.
    for inst in &v.instances {
        for (p, value) in &inst.params {
            match p.as_str() {
                "c" => assert_eq!(value, "alice", "{inst:?}"),
                "v" => assert!(value == "100" || value == "250", "{inst:?}"),
                other => panic!("parameter {other}"),
            }
        }
    }
    let history = programs::view::history_lines(&v).join("\n");
    assert!(history.contains("Saving[custid=alice].bal"), "{history}");
    assert!(!history.contains('$'), "{history}");
    // The replay's SQL stores the same names.
    let app = load(&text);
    let script =
        programs::postgres::emit_sql(&app, &v, programs::postgres::Isolation::RepeatableRead)
            .unwrap();
    assert!(script.contains("'alice'"), "{script}");
    // Display only: each level's verdict is the file's without the names.
    for level in ["RA", "PSI", "SI", "postgres-rr", "SER", "RC", "mysql-rr"] {
        let named = matches!(check(&load(&text), level, 3, false), Outcome::Violation(_));
        let plain = matches!(check(&load(BANK), level, 3, false), Outcome::Violation(_));
        assert_eq!(named, plain, "{level}");
    }
}

/// An ordered domain (MIN and MAX compare its values) takes the names least first.
#[test]
fn an_ordered_domain_takes_its_names_in_order() {
    let text = "
table Queue (id: Pos key, item: int)
program Take(p: Pos) {
  first := SELECT MIN(id) FROM Queue;
  DELETE FROM Queue WHERE id = first.id;
}
program Put(p: Pos, x: int) {
  INSERT INTO Queue VALUES (id = p, item = x);
}
values Pos = one, two, three, four;
";
    let v = violation(text, "CC");
    let order = ["one", "two", "three", "four"];
    assert!(!v.ranks.is_empty(), "{v:#?}");
    for (name, rank) in &v.ranks {
        assert_eq!(
            order.iter().position(|o| o == name),
            Some(*rank),
            "{name} has rank {rank}: {:?}",
            v.ranks
        );
    }
}

fn errors(text: &str) -> String {
    let mut sources = SourceMap::new();
    match programs::load(&mut sources, "bad.prog", text) {
        Ok(_) => panic!("loads, but should not:\n{text}"),
        Err(e) => {
            assert!(e.0.iter().all(|d| d.span.is_some()), "{:?}", e.0);
            sources.render(&e.0, false)
        }
    }
}

#[test]
fn bad_values_lines_get_spanned_diagnostics() {
    let e = errors(&format!("{BANK}values Cus = alice;\n"));
    assert!(
        e.contains("no column or parameter has the domain `Cus`"),
        "{e}"
    );
    assert!(e.contains("did you mean `Cust`?"), "{e}");
    let e = errors(&format!("{BANK}values Cust = alice;\nvalues Cust = bob;\n"));
    assert!(e.contains("the values of `Cust` are named twice"), "{e}");
    let e = errors(&format!("{BANK}values Cust = alice, bob, alice;\n"));
    assert!(e.contains("`alice` names two values"), "{e}");
    let e = errors(&format!("{BANK}values int = 100, lots;\n"));
    assert!(e.contains("`lots` is not a number"), "{e}");
    // Through the binary: exit 2 and the span.
    let dir = std::env::temp_dir().join(format!("solder-values-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.prog");
    std::fs::write(&file, format!("{BANK}values Cust = alice, alice;\n")).unwrap();
    let (code, _, err) = solder(&["programs", file.to_str().unwrap(), "--level", "SI"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("names two values") && err.contains("bad.prog:"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
