//! An instance as JSON: `{"Node": [["Node$0"], …], "Node<:next": [["Node$0", "Node$1"]], …}`.

use serde_json::{Map, Value};

use super::Presentation;
use super::atoms::{named_tuples, value_or_empty};
use super::names::atom_names;
use crate::instance::Instance;
use crate::logic::TupleSet;

/// An object mapping each sig label, each field as `Sig<:field`, and each skolem name to an
/// array of tuples (in name order), each tuple an array of atom names. Hidden sigs and fields are included
/// (Alloy's own text output lists them too); a key that repeats gets `'` appended.
pub fn instance_json(p: &Presentation, inst: &Instance, skolems: &[(String, TupleSet)]) -> Value {
    let names = atom_names(p, inst);
    let mut object = Map::new();
    let mut insert = |key: String, value: &TupleSet| {
        let mut key = key;
        while object.contains_key(&key) {
            key.push('\'');
        }
        object.insert(key, tuples_json(value, &names));
    };
    for sig in &p.sigs {
        insert(sig.label.clone(), &value_or_empty(inst, &sig.value));
    }
    for field in &p.fields {
        let key = format!("{}<:{}", field.sig, field.name);
        insert(key, &value_or_empty(inst, &field.value));
    }
    for (name, value) in skolems {
        insert(name.clone(), value);
    }
    Value::Object(object)
}

/// The instance in order, for tools: the universe (atom names in universe order), the sigs
/// in Alloy's print order (children before parents, subset sigs last) with their parent
/// and atoms, the fields in declaration order, and the skolems.
pub fn instance_detail_json(
    p: &Presentation,
    inst: &Instance,
    skolems: &[(String, TupleSet)],
) -> Value {
    let names = atom_names(p, inst);
    let sigs: Vec<Value> = p
        .sigs
        .iter()
        .enumerate()
        .map(|(i, sig)| {
            let shape = p.xml.sigs.get(i);
            let value = value_or_empty(inst, &sig.value);
            serde_json::json!({
                "label": sig.label,
                "parent": shape.and_then(|s| s.parent.clone()),
                "subset_of": shape.map(|s| s.subset_of.clone()).unwrap_or_default(),
                "atoms": named_tuples(&value, &names).into_iter().filter_map(|t| t.into_iter().next()).collect::<Vec<_>>(),
                "hidden": sig.hidden,
            })
        })
        .collect();
    let fields: Vec<Value> = p
        .fields
        .iter()
        .map(|f| {
            serde_json::json!({
                "sig": f.sig,
                "name": f.name,
                "tuples": tuples_json(&value_or_empty(inst, &f.value), &names),
                "hidden": f.hidden,
            })
        })
        .collect();
    let skolems: Vec<Value> = skolems
        .iter()
        .map(|(name, value)| serde_json::json!({ "name": name, "tuples": tuples_json(value, &names) }))
        .collect();
    serde_json::json!({
        "universe": names,
        "sigs": sigs,
        "fields": fields,
        "skolems": skolems,
    })
}

fn tuples_json(value: &TupleSet, names: &[String]) -> Value {
    Value::Array(
        named_tuples(value, names)
            .into_iter()
            .map(|row| Value::Array(row.into_iter().map(Value::String).collect()))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Expr, RelId, Universe};
    use crate::render::{FieldView, SigView};
    use serde_json::json;

    #[test]
    fn maps_sigs_fields_and_skolems_to_named_tuples() {
        let p = Presentation {
            sigs: vec![
                SigView {
                    label: "A".into(),
                    value: Expr::rel(RelId(0), 1),
                    names_atoms: true,
                    hidden: false,
                },
                SigView {
                    label: "B".into(),
                    value: Expr::rel(RelId(1), 1),
                    names_atoms: true,
                    hidden: true,
                },
            ],
            fields: vec![FieldView {
                sig: "A".into(),
                name: "f".into(),
                value: Expr::rel(RelId(2), 2),
                hidden: false,
            }],
            ..Default::default()
        };
        let inst = Instance {
            universe: Universe::new(vec!["x".into(), "y".into(), "z".into()]),
            values: vec![
                TupleSet::of_atoms([0, 2]),
                TupleSet::of_atoms([1]),
                TupleSet::from_tuples(2, [vec![0, 1], vec![2, 1]]),
            ],
        };
        let skolems = vec![
            ("$run_a".to_string(), TupleSet::of_atoms([2])),
            ("A".to_string(), TupleSet::empty(1)),
        ];
        assert_eq!(
            instance_json(&p, &inst, &skolems),
            json!({
                "A": [["A$0"], ["A$1"]],
                "B": [["B$0"]],
                "A<:f": [["A$0", "B$0"], ["A$1", "B$0"]],
                "$run_a": [["A$1"]],
                "A'": [],
            })
        );
    }
}
