//! An instance as plain-text tables: one per visible sig (its atoms), one per visible field
//! (its tuples), one per skolem. Output is stable (no colours, widths independent of the
//! terminal) so that it can be snapshot-tested.

use super::Presentation;
use super::atoms::value_or_empty;
use super::grid::{block, field_block};
// The house style, where the apps and the REPL have always found it.
pub use super::grid::{ascii, set_ascii, styled_table};
use super::names::atom_names;
use crate::instance::Instance;
use crate::logic::TupleSet;

/// The tables of an instance, separated by blank lines, rows in name order. Each sig is followed by its fields
/// (Alloy's print order); fields of sigs not shown come after, then the skolems. An empty
/// relation is one line, `Title: (empty)`.
pub fn render_tables(p: &Presentation, inst: &Instance, skolems: &[(String, TupleSet)]) -> String {
    let names = atom_names(p, inst);
    let mut blocks = Vec::new();
    let mut field_shown = vec![false; p.fields.len()];
    for sig in &p.sigs {
        if !sig.hidden {
            let value = value_or_empty(inst, &sig.value);
            blocks.push(block(&sig.label, vec![sig.label.clone()], &value, &names));
        }
        for (i, field) in p.fields.iter().enumerate() {
            if field.sig == sig.label && !field.hidden && !field_shown[i] {
                field_shown[i] = true;
                blocks.push(field_block(field, inst, &names));
            }
        }
    }
    for (i, field) in p.fields.iter().enumerate() {
        if !field.hidden && !field_shown[i] {
            blocks.push(field_block(field, inst, &names));
        }
    }
    for (name, value) in skolems {
        let mut header = vec![name.clone()];
        header.resize(value.arity().max(1), String::new());
        blocks.push(block(name, header, value, &names));
    }
    let mut out = blocks.join("\n\n");
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Expr, RelId, Universe};
    use crate::render::{FieldView, SigView};

    /// sig Node { next: lone Node, edge: Node -> Node }, a hidden sig, a subset sig Red.
    fn example() -> (Presentation, Instance) {
        let sig = |label: &str, rel: u32, names_atoms: bool, hidden: bool| SigView {
            label: label.into(),
            value: Expr::rel(RelId(rel), 1),
            names_atoms,
            hidden,
        };
        let field = |name: &str, rel: u32, arity: usize, hidden: bool| FieldView {
            sig: "Node".into(),
            name: name.into(),
            value: Expr::rel(RelId(rel), arity),
            hidden,
        };
        let p = Presentation {
            sigs: vec![
                sig("Node", 0, true, false),
                sig("Secret", 4, true, true),
                sig("Red", 1, false, false),
            ],
            fields: vec![
                field("next", 2, 2, false),
                field("edge", 3, 3, false),
                field("mark", 5, 2, true),
            ],
            ..Default::default()
        };
        let inst = Instance {
            universe: Universe::new((0..4).map(|i| format!("x{i}")).collect()),
            values: vec![
                TupleSet::of_atoms([0, 1]),
                TupleSet::empty(1),
                TupleSet::from_tuples(2, [vec![1, 0]]),
                TupleSet::from_tuples(3, [vec![0, 1, 1], vec![1, 0, 1]]),
                TupleSet::of_atoms([3]),
                TupleSet::from_tuples(2, [vec![0, 0]]),
            ],
        };
        (p, inst)
    }

    #[test]
    fn renders_sigs_fields_and_skolems() {
        let (p, inst) = example();
        let skolems = vec![
            ("$show_n".to_string(), TupleSet::of_atoms([1])),
            ("$show_r".to_string(), TupleSet::empty(2)),
        ];
        let expected = "\
┌────────┐
│ Node   │
╞════════╡
│ Node$0 │
│ Node$1 │
└────────┘

┌────────┬────────┐
│ Node   ┆ next   │
╞════════╪════════╡
│ Node$0 ┆ Node$1 │
└────────┴────────┘

┌────────┬────────┬────────┐
│ Node   ┆ edge   ┆        │
╞════════╪════════╪════════╡
│ Node$0 ┆ Node$1 ┆ Node$0 │
│ Node$1 ┆ Node$0 ┆ Node$0 │
└────────┴────────┴────────┘

Red: (empty)

┌─────────┐
│ $show_n │
╞═════════╡
│ Node$0  │
└─────────┘

$show_r: (empty)
";
        assert_eq!(render_tables(&p, &inst, &skolems), expected);
    }

    #[test]
    fn nothing_to_show_is_empty_text() {
        let inst = Instance {
            universe: Universe::new(vec![]),
            values: vec![],
        };
        assert_eq!(render_tables(&Presentation::default(), &inst, &[]), "");
    }
}
