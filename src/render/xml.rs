//! An instance as Alloy's instance XML, which Alloy's visualizer (File → Open) and
//! Sterling read: `<alloy><instance …>` with every sig (builtins included) and its atoms,
//! every field with its tuples and types, and the skolems.
//!
//! Sigs are written in the presentation's order, which is Alloy's (children before their
//! parent, subset sigs last); a sig lists the atoms that none of its children holds. Sigs
//! of the root module are labelled `this/A`, as Alloy does.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

use super::Presentation;
use super::atoms::{named_tuples, value_or_empty};
use super::names::atom_names;
use crate::instance::Instance;
use crate::logic::{Atom, TupleSet};

/// Where the instance came from, for the `<instance>` attributes.
pub struct XmlSource<'a> {
    pub command: &'a str,
    pub filename: &'a str,
}

/// Alloy's label for a sig label of the presentation.
fn alloy_label(label: &str) -> String {
    match label {
        "univ" | "Int" | "seq/Int" | "String" => label.to_string(),
        l if l.contains('/') => l.to_string(),
        l => format!("this/{l}"),
    }
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c if (c as u32) < 0x20 => {}
            c => out.push(c),
        }
    }
    out
}

pub fn instance_xml(
    p: &Presentation,
    inst: &Instance,
    skolems: &[(String, TupleSet)],
    source: &XmlSource,
) -> String {
    let names = atom_names(p, inst);
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut id = |label: &str| -> usize {
        let next = ids.len();
        *ids.entry(label.to_string()).or_insert(next)
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<alloy builddate=\"solder {}\">",
        env!("CARGO_PKG_VERSION")
    );
    let _ = writeln!(
        out,
        "<instance bitwidth=\"{}\" maxseq=\"{}\" mintrace=\"-1\" maxtrace=\"-1\" command=\"{}\" filename=\"{}\" tracelength=\"1\" looplength=\"1\">",
        p.xml.bitwidth,
        p.xml.maxseq,
        escape(source.command),
        escape(source.filename)
    );
    let builtin = |out: &mut String, label: &str, parent: Option<usize>, id: usize| {
        let parent = parent.map_or(String::new(), |p| format!(" parentID=\"{p}\""));
        let _ = writeln!(
            out,
            "\n<sig label=\"{label}\" ID=\"{id}\"{parent} builtin=\"yes\">\n</sig>"
        );
    };
    // Alloy's own numbering: seq/Int 0, Int 1, univ 2, String 3. Readers such
    // as Sterling's treat a parentID of 0 as "no parent", so univ must not be 0.
    let seq = id("seq/Int");
    let int = id("Int");
    let univ = id("univ");
    builtin(&mut out, "seq/Int", Some(int), seq);
    builtin(&mut out, "Int", Some(univ), int);
    let string = id("String");
    let _ = writeln!(
        out,
        "\n<sig label=\"String\" ID=\"{string}\" parentID=\"{univ}\" builtin=\"yes\">"
    );
    for a in &p.xml.strings {
        let _ = writeln!(
            out,
            "   <atom label=\"{}\"/>",
            escape(&super::names::atom_name(&names, *a))
        );
    }
    out.push_str("</sig>\n");
    // Atoms a sig's children hold are written with the children.
    let mut held_below: HashMap<String, BTreeSet<Atom>> = HashMap::new();
    for (i, sig) in p.sigs.iter().enumerate() {
        let shape = p.xml.sigs.get(i).cloned().unwrap_or_default();
        let value = value_or_empty(inst, &sig.value);
        let atoms: BTreeSet<Atom> = if value.arity() == 1 {
            value.atoms().into_iter().collect()
        } else {
            BTreeSet::new()
        };
        let own_id = id(&sig.label);
        let mut attrs = String::new();
        if let Some(parent) = &shape.parent {
            let _ = write!(attrs, " parentID=\"{}\"", id(parent));
        }
        for a in &shape.attrs {
            let _ = write!(attrs, " {a}=\"yes\"");
        }
        let label = if shape.alloy_label.is_empty() {
            alloy_label(&sig.label)
        } else {
            shape.alloy_label.clone()
        };
        let _ = writeln!(
            out,
            "\n<sig label=\"{}\" ID=\"{own_id}\"{attrs}>",
            escape(&label)
        );
        let below = held_below.remove(&sig.label).unwrap_or_default();
        for a in atoms.iter().filter(|a| !below.contains(a)) {
            let _ = writeln!(
                out,
                "   <atom label=\"{}\"/>",
                escape(&super::names::atom_name(&names, *a))
            );
        }
        for parent in &shape.subset_of {
            let _ = writeln!(out, "   <type ID=\"{}\"/>", id(parent));
        }
        out.push_str("</sig>\n");
        if let Some(parent) = &shape.parent {
            held_below
                .entry(parent.clone())
                .or_default()
                .extend(atoms.iter().copied());
        }
    }
    let _ = writeln!(
        out,
        "\n<sig label=\"univ\" ID=\"{univ}\" builtin=\"yes\">\n</sig>"
    );
    let tuples = |out: &mut String, value: &TupleSet| {
        for row in named_tuples(value, &names) {
            out.push_str("   <tuple>");
            for atom in row {
                let _ = write!(out, " <atom label=\"{}\"/>", escape(&atom));
            }
            out.push_str(" </tuple>\n");
        }
    };
    for (i, field) in p.fields.iter().enumerate() {
        let value = value_or_empty(inst, &field.value);
        let field_id = id(&format!("{}<:{}", field.sig, field.name));
        let private = if field.hidden { " private=\"yes\"" } else { "" };
        let var = if p.xml.var_fields.get(i).copied().unwrap_or(false) {
            " var=\"yes\""
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "\n<field label=\"{}\" ID=\"{field_id}\" parentID=\"{}\"{private}{var}>",
            escape(&field.name),
            id(&field.sig)
        );
        tuples(&mut out, &value);
        let types = p.xml.field_types.get(i).cloned().unwrap_or_default();
        let types = if types.is_empty() {
            vec![vec!["univ".to_string(); value.arity().max(1)]]
        } else {
            types
        };
        for product in types {
            out.push_str("   <types>");
            for label in product {
                let _ = write!(out, " <type ID=\"{}\"/>", id(&label));
            }
            out.push_str(" </types>\n");
        }
        out.push_str("</field>\n");
    }
    for (name, value) in skolems {
        let skolem_id = id(&format!("skolem {name}"));
        let _ = writeln!(
            out,
            "\n<skolem label=\"{}\" ID=\"{skolem_id}\">",
            escape(name)
        );
        tuples(&mut out, value);
        out.push_str("   <types>");
        for _ in 0..value.arity().max(1) {
            let _ = write!(out, " <type ID=\"{univ}\"/>");
        }
        out.push_str(" </types>\n</skolem>\n");
    }
    out.push_str("\n</instance>\n\n</alloy>\n");
    out
}

/// A trace as Alloy 6 writes one: inside one `<alloy>`, an `<instance>` per state, each
/// with the steps scope (`mintrace`, `maxtrace`), the trace's length and its loop's length
/// (`looplength`: the last state is followed by state `tracelength - looplength`).
pub fn trace_xml(
    p: &Presentation,
    trace: &crate::instance::Trace,
    skolems: &[(String, TupleSet)],
    source: &XmlSource,
    steps: (usize, usize),
) -> String {
    let n = trace.states.len();
    let mut out = String::new();
    for (s, state) in trace.states.iter().enumerate() {
        let one = instance_xml(p, state, skolems, source);
        let (head, body) = one.split_once('\n').unwrap_or(("", &one));
        if s == 0 {
            out.push_str(head);
            out.push('\n');
        }
        let body = body.strip_suffix("\n</alloy>\n").unwrap_or(body);
        let body = body.replacen(
            "mintrace=\"-1\" maxtrace=\"-1\"",
            &format!("mintrace=\"{}\" maxtrace=\"{}\"", steps.0, steps.1),
            1,
        );
        let body = body.replacen(
            "tracelength=\"1\" looplength=\"1\"",
            &format!("tracelength=\"{n}\" looplength=\"{}\"", n - trace.loop_to),
            1,
        );
        out.push_str(&body);
        out.push('\n');
    }
    out.push_str("</alloy>\n");
    out
}
