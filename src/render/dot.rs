//! An instance as a Graphviz digraph (`--dot`, the REPL's `show dot`). Atoms are nodes
//! labelled by name (and by the subset sigs and unary witnesses that hold them), binary
//! fields and witnesses are labelled edges, and every other relation is listed in a note.
//! A binary relation that is a strict order (irreflexive and transitive, like `so` and
//! `co`) is drawn by its covering edges only: the transitive ones add nothing to read.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::instance::Instance;
use crate::instance::evaluate::eval_expr;
use crate::logic::{Atom, TupleSet};
use crate::render::Presentation;
use crate::render::atoms::{atom_name, named_tuples};
use crate::render::names::atom_names;

pub fn instance_dot(p: &Presentation, inst: &Instance, skolems: &[(String, TupleSet)]) -> String {
    let names = atom_names(p, inst);
    let value = |e| eval_expr(inst, e).unwrap_or_else(|_| TupleSet::empty(1));
    // Atom -> extra label lines (subset sigs, unary witnesses).
    let mut nodes: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for sig in p.sigs.iter().filter(|s| !s.hidden) {
        for t in value(&sig.value).iter() {
            let marks = nodes.entry(t[0]).or_default();
            if !sig.names_atoms {
                marks.push(sig.label.clone());
            }
        }
    }
    let mut edges = Vec::new();
    let mut notes = Vec::new();
    let mut reduced = Vec::new();
    let mut relation = |label: &str, ts: &TupleSet, dashed: bool| match ts.arity() {
        1 => {
            for t in ts.iter() {
                nodes.entry(t[0]).or_default().push(label.to_string());
            }
        }
        2 => {
            let pairs: Vec<(Atom, Atom)> = ts.iter().map(|t| (t[0], t[1])).collect();
            let shown = match covering_edges(&pairs) {
                Some(cover) if cover.len() < pairs.len() => {
                    reduced.push(label.to_string());
                    cover
                }
                _ => pairs,
            };
            for (a, b) in shown {
                nodes.entry(a).or_default();
                nodes.entry(b).or_default();
                edges.push((a, b, label.to_string(), dashed));
            }
        }
        _ => {
            let rows: Vec<String> = named_tuples(ts, &names)
                .into_iter()
                .map(|row| row.join("->"))
                .collect();
            let rows = if rows.is_empty() {
                "(empty)".to_string()
            } else {
                rows.join(", ")
            };
            notes.push(format!("{label}: {rows}"));
        }
    };
    for f in p.fields.iter().filter(|f| !f.hidden) {
        let ts = eval_expr(inst, &f.value).unwrap_or_else(|_| TupleSet::empty(f.value.arity()));
        relation(&f.name, &ts, false);
    }
    for (name, ts) in skolems {
        relation(name, ts, true);
    }
    if !reduced.is_empty() {
        notes.push(format!(
            "{}: strict orders, drawn by their covering edges",
            reduced.join(", ")
        ));
    }
    let mut out =
        String::from("digraph instance {\n  rankdir=LR;\n  node [shape=box, style=rounded];\n");
    for (atom, marks) in &nodes {
        let name = atom_name(&names, *atom);
        let mut label = name.clone();
        for m in marks {
            label.push('\n');
            label.push('(');
            label.push_str(m);
            label.push(')');
        }
        let _ = writeln!(out, "  {} [label={}];", quote(&name), quote(&label));
    }
    for (a, b, label, dashed) in &edges {
        let style = if *dashed { ", style=dashed" } else { "" };
        let _ = writeln!(
            out,
            "  {} -> {} [label={}{style}];",
            quote(&atom_name(&names, *a)),
            quote(&atom_name(&names, *b)),
            quote(label)
        );
    }
    if !notes.is_empty() {
        let _ = writeln!(
            out,
            "  relations [shape=note, label={}];",
            quote(&(notes.join("\n") + "\n"))
        );
    }
    out.push_str("}\n");
    out
}

/// The covering edges of a strict order (no edge that a path of two others implies), or
/// `None` if the relation is not irreflexive and transitive.
fn covering_edges(pairs: &[(Atom, Atom)]) -> Option<Vec<(Atom, Atom)>> {
    let set: std::collections::BTreeSet<(Atom, Atom)> = pairs.iter().copied().collect();
    if pairs.iter().any(|(a, b)| a == b) {
        return None;
    }
    for &(a, b) in pairs {
        for &(c, d) in pairs {
            if b == c && !set.contains(&(a, d)) {
                return None;
            }
        }
    }
    Some(
        pairs
            .iter()
            .copied()
            .filter(|&(a, b)| {
                !pairs
                    .iter()
                    .any(|&(c, m)| c == a && m != b && set.contains(&(m, b)))
            })
            .collect(),
    )
}

/// A DOT string literal; newlines become left-justified line breaks.
fn quote(text: &str) -> String {
    let mut s = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\l"),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

/// A trace as one digraph per state, each named after its state (`state2`) and labelled
/// with where the last state loops back to.
pub fn trace_dot(
    p: &Presentation,
    trace: &crate::instance::Trace,
    skolems: &[(String, TupleSet)],
) -> String {
    let mut out = String::new();
    for (s, state) in trace.states.iter().enumerate() {
        let graph = instance_dot(p, state, skolems);
        let heading = super::trace::state_heading(trace, s);
        let graph = graph.replacen(
            "digraph instance {",
            &format!("digraph state{s} {{\n  label=\"{heading}\";\n  labelloc=t;"),
            1,
        );
        out.push_str(&graph);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn strict_orders_keep_only_their_covering_edges() {
        let chain = [(0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (2, 3)];
        assert_eq!(covering_edges(&chain), Some(vec![(0, 1), (1, 2), (2, 3)]));
        // A diamond: 0 < 1, 2 < 3.
        let diamond = [(0, 1), (0, 2), (1, 3), (2, 3), (0, 3)];
        assert_eq!(
            covering_edges(&diamond),
            Some(vec![(0, 1), (0, 2), (1, 3), (2, 3)])
        );
        // Not transitive, or reflexive: drawn as it is.
        assert_eq!(covering_edges(&[(0, 1), (1, 2)]), None);
        assert_eq!(covering_edges(&[(0, 0)]), None);
    }

    use super::*;
    use crate::logic::{Expr, RelId, Universe};
    use crate::render::{FieldView, SigView};

    #[test]
    fn binary_fields_are_edges_and_others_a_note() {
        let p = Presentation {
            sigs: vec![
                SigView {
                    label: "Node".into(),
                    value: Expr::rel(RelId(0), 1),
                    names_atoms: true,
                    hidden: false,
                },
                SigView {
                    label: "Red".into(),
                    value: Expr::rel(RelId(1), 1),
                    names_atoms: false,
                    hidden: false,
                },
            ],
            fields: vec![
                FieldView {
                    sig: "Node".into(),
                    name: "next".into(),
                    value: Expr::rel(RelId(2), 2),
                    hidden: false,
                },
                FieldView {
                    sig: "Node".into(),
                    name: "tri".into(),
                    value: Expr::rel(RelId(3), 3),
                    hidden: false,
                },
            ],
            ..Default::default()
        };
        let inst = Instance {
            universe: Universe::new(vec!["a".into(), "b".into()]),
            values: vec![
                TupleSet::of_atoms([0, 1]),
                TupleSet::of_atoms([1]),
                TupleSet::from_tuples(2, [vec![0, 1]]),
                TupleSet::from_tuples(3, [vec![0, 1, 0]]),
            ],
        };
        let dot = instance_dot(&p, &inst, &[("$w".into(), TupleSet::of_atoms([0]))]);
        assert!(dot.starts_with("digraph instance {"), "{dot}");
        assert!(
            dot.contains("\"Node$0\" [label=\"Node$0\\l($w)\"];"),
            "{dot}"
        );
        assert!(
            dot.contains("\"Node$1\" [label=\"Node$1\\l(Red)\"];"),
            "{dot}"
        );
        assert!(
            dot.contains("\"Node$0\" -> \"Node$1\" [label=\"next\"];"),
            "{dot}"
        );
        assert!(dot.contains("tri: Node$0->Node$1->Node$0"), "{dot}");
        assert!(dot.trim_end().ends_with('}'));
    }
}
