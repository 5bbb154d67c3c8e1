//! How a command's instance is shown: the sigs' and fields' views (library sigs by
//! their short names, private internals hidden) and the shape of Alloy's instance XML.

use std::collections::HashMap;

use crate::check::elaborate::Elaborator;
use crate::check::layout::Layout;
use crate::check::model::*;
use crate::check::presentation::{FieldView, Presentation, SigView, XmlShape, XmlSig};

/// How a sig is shown: library sigs by their own name (`Txn`, not
/// `isolation/histories/Txn`) unless another sig has that name or they are private
/// internals (util/ordering's `Ord`); the model's own sigs as declared.
fn display_labels(model: &Model) -> Vec<String> {
    let last = |l: &str| l.rsplit('/').next().unwrap_or(l).to_string();
    let mut count: HashMap<String, usize> = HashMap::new();
    for sig in &model.sigs {
        *count.entry(last(&sig.label)).or_default() += 1;
    }
    model
        .sigs
        .iter()
        .map(|sig| {
            let short = last(&sig.label);
            if sig.label.contains('/') && !sig.private && count[&short] == 1 {
                short
            } else {
                sig.label.clone()
            }
        })
        .collect()
}

pub(super) fn presentation(model: &Model, layout: &Layout, elab: &Elaborator) -> Presentation {
    let display = display_labels(model);
    let mut sigs = Vec::new();
    let hidden = |s: SigId| {
        let sig = model.sig(s);
        sig.private && model.module(sig.module).is_stdlib
    };
    fn walk(
        model: &Model,
        layout: &Layout,
        s: SigId,
        out: &mut Vec<(SigId, SigView)>,
        hidden: &dyn Fn(SigId) -> bool,
        display: &[String],
    ) {
        for c in &model.sig(s).children {
            walk(model, layout, *c, out, hidden, display);
        }
        out.push((
            s,
            SigView {
                label: display[s.index()].clone(),
                value: layout.sig_value[s.index()].clone(),
                names_atoms: true,
                hidden: hidden(s),
            },
        ));
    }
    for s in model.top_sigs().collect::<Vec<_>>() {
        walk(model, layout, s, &mut sigs, &hidden, &display);
    }
    for (i, sig) in model.sigs.iter().enumerate() {
        if matches!(sig.kind, SigKind::Subset { .. }) {
            sigs.push((
                SigId(i as u32),
                SigView {
                    label: display[i].clone(),
                    value: layout.sig_value[i].clone(),
                    names_atoms: false,
                    hidden: hidden(SigId(i as u32)),
                },
            ));
        }
    }
    let mut fields = Vec::new();
    let mut shown_fields = Vec::new();
    for (f, field) in model.fields.iter().enumerate() {
        let Ok(value) = elab.field_expr(FieldId(f as u32)) else {
            continue;
        };
        shown_fields.push(field);
        fields.push(FieldView {
            sig: display[field.sig.index()].clone(),
            name: field.name.clone(),
            value,
            hidden: field.private
                && model.module(model.sig(field.sig).module).is_stdlib
                && field.name != "Next",
        });
    }
    let label_of = |s: SigId| -> String {
        match s {
            UNIV => "univ".to_string(),
            _ => display[s.index()].clone(),
        }
    };
    let xml_sigs = sigs
        .iter()
        .map(|(id, _)| {
            let sig = model.sig(*id);
            let mut attrs = Vec::new();
            if sig.is_abstract {
                attrs.push("abstract");
            }
            match sig.mult {
                Some(SigMult::One) => attrs.push("one"),
                Some(SigMult::Lone) => attrs.push("lone"),
                Some(SigMult::Some) => attrs.push("some"),
                None => {}
            }
            if sig.private {
                attrs.push("private");
            }
            if sig.enum_values.is_some() {
                attrs.push("enum");
            }
            if model.is_meta(*id) {
                attrs.push("meta");
            }
            if sig.is_var() {
                attrs.push("var");
            }
            let (parent, subset_of) = match &sig.kind {
                SigKind::Top | SigKind::Builtin(_) => (Some("univ".to_string()), Vec::new()),
                SigKind::Extends(p) => (Some(label_of(*p)), Vec::new()),
                SigKind::Subset { parents, .. } => {
                    (None, parents.iter().map(|p| label_of(*p)).collect())
                }
            };
            XmlSig {
                alloy_label: if sig.label.contains('/') {
                    sig.label.clone()
                } else {
                    format!("this/{}", sig.label)
                },
                parent,
                subset_of,
                attrs,
            }
        })
        .collect();
    let sigs: Vec<SigView> = sigs.into_iter().map(|(_, v)| v).collect();
    let field_types = shown_fields
        .iter()
        .map(|f| {
            f.ty.products
                .iter()
                .map(|prod| prod.iter().map(|s| label_of(*s)).collect())
                .collect()
        })
        .collect();
    Presentation {
        sigs,
        fields,
        named_atoms: Vec::new(),
        xml: XmlShape {
            sigs: xml_sigs,
            var_fields: shown_fields.iter().map(|f| f.decl.var.is_some()).collect(),
            field_types,
            bitwidth: 0,
            maxseq: 0,
            strings: Vec::new(),
        },
    }
}
