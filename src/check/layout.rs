//! Which relations stand for sigs and fields, and each sig's value in terms of them.
//!
//! As in Alloy's translation, a sig with `extends` children is not a relation of its own:
//! it is the union of its children, plus a *remainder* relation for atoms in no child
//! unless the sig is abstract. Leaves and `in` subset sigs are relations; `=` subset sigs
//! are the union of their parents. Fields are relations numbered after the sig relations.

use crate::logic::{Expr, RelId, RelationKind};

use super::model::*;

#[derive(Clone, Debug)]
pub enum RelOwner {
    /// A leaf prim sig or an `in` subset sig.
    Sig(SigId),
    /// The atoms of a non-abstract parent sig that are in none of its children.
    Remainder(SigId),
    Field(FieldId),
    /// The integers of the bitwidth: always in Alloy's `univ`, fixed by the bounds.
    Ints,
    /// Alloy's `fun/next`: each integer with its successor, fixed by the bounds.
    IntNext,
    /// One atom per string literal of the model (Alloy's `String`), fixed by the bounds.
    Strings,
    /// Alloy's `seq/Int`: the sequence indices `0..maxseq-1`, fixed by the bounds.
    SeqIndices,
}

#[derive(Clone, Debug)]
pub struct RelSpec {
    pub name: String,
    pub kind: RelationKind,
    pub owner: RelOwner,
}

#[derive(Clone, Debug)]
pub struct Layout {
    /// Relations of sigs, in `RelId` order; field relations follow at `field_base`.
    pub sig_rels: Vec<RelSpec>,
    /// Each sig's value.
    pub sig_value: Vec<Expr>,
    /// The successor relation on the integers (`fun/next`).
    pub int_next: Expr,
    /// The model's string literals, each an atom of `String` (in this order).
    pub strings: Vec<String>,
    /// Alloy's `univ`: the union of the top-level sigs and the integers.
    pub univ: Expr,
    pub field_base: u32,
    /// Each sig's own relation (leaves and `in` subset sigs), by `SigId`.
    pub sig_rel: Vec<Option<RelId>>,
    /// Each non-abstract parent sig's remainder relation, by `SigId`.
    pub remainder_rel: Vec<Option<RelId>>,
}

impl Layout {
    pub fn new(model: &Model) -> Layout {
        let mut sig_rels = Vec::new();
        let mut values: Vec<Option<Expr>> = vec![None; model.sigs.len()];
        // Prim sigs bottom-up: children before parents.
        fn prim_value(
            model: &Model,
            s: SigId,
            rels: &mut Vec<RelSpec>,
            values: &mut Vec<Option<Expr>>,
        ) -> Expr {
            if let Some(v) = &values[s.index()] {
                return v.clone();
            }
            let sig = model.sig(s);
            let v = if sig.children.is_empty() {
                rels.push(RelSpec {
                    name: sig.label.clone(),
                    kind: RelationKind::Sig,
                    owner: RelOwner::Sig(s),
                });
                Expr::rel(RelId(rels.len() as u32 - 1), 1)
            } else {
                let mut parts = Vec::new();
                if !sig.is_abstract {
                    rels.push(RelSpec {
                        name: format!("{}/remainder", sig.label),
                        kind: RelationKind::Sig,
                        owner: RelOwner::Remainder(s),
                    });
                    parts.push(Expr::rel(RelId(rels.len() as u32 - 1), 1));
                }
                for c in &sig.children {
                    parts.push(prim_value(model, *c, rels, values));
                }
                union_all(parts, 1)
            };
            values[s.index()] = Some(v.clone());
            v
        }
        for s in model.top_sigs().collect::<Vec<_>>() {
            prim_value(model, s, &mut sig_rels, &mut values);
        }
        fn subset_value(
            model: &Model,
            s: SigId,
            rels: &mut Vec<RelSpec>,
            values: &mut Vec<Option<Expr>>,
            depth: usize,
        ) -> Expr {
            if let Some(v) = &values[s.index()] {
                return v.clone();
            }
            let v = match &model.sig(s).kind {
                SigKind::Subset {
                    parents,
                    equal: true,
                } if depth < 64 => {
                    let parts = parents
                        .iter()
                        .map(|p| subset_value(model, *p, rels, values, depth + 1))
                        .collect();
                    union_all(parts, 1)
                }
                _ => {
                    rels.push(RelSpec {
                        name: model.sig(s).label.clone(),
                        kind: RelationKind::Sig,
                        owner: RelOwner::Sig(s),
                    });
                    Expr::rel(RelId(rels.len() as u32 - 1), 1)
                }
            };
            values[s.index()] = Some(v.clone());
            v
        }
        for i in BUILTIN_COUNT as usize..model.sigs.len() {
            if matches!(model.sigs[i].kind, SigKind::Subset { .. }) {
                subset_value(model, SigId(i as u32), &mut sig_rels, &mut values, 0);
            }
        }
        let mut tops: Vec<Expr> = model
            .top_sigs()
            .map(|s| values[s.index()].clone().expect("top-level sig value"))
            .collect();
        // Relations the bounds fix (the integers, strings, sequence indices, successor).
        let mut fixed = |name: &str, owner: RelOwner, arity: usize| {
            sig_rels.push(RelSpec {
                name: name.into(),
                kind: RelationKind::Internal,
                owner,
            });
            Expr::rel(RelId(sig_rels.len() as u32 - 1), arity)
        };
        let ints = fixed("Int", RelOwner::Ints, 1);
        let strings_rel = fixed("String", RelOwner::Strings, 1);
        let seq_indices = fixed("seq/Int", RelOwner::SeqIndices, 1);
        let int_next = fixed("Int/next", RelOwner::IntNext, 2);
        tops.push(ints.clone());
        tops.push(strings_rel.clone());
        let univ = union_all(tops, 1);
        values[UNIV.index()] = Some(univ.clone());
        values[INT.index()] = Some(ints);
        values[STRING.index()] = Some(strings_rel);
        values[SEQ_INT.index()] = Some(seq_indices);
        values[NONE.index()] = Some(Expr::none(1));
        let mut strings = Vec::new();
        for m in &model.modules {
            crate::syntax::ast::string_literals(&m.ast, &mut strings);
        }
        let sig_value = values
            .into_iter()
            .map(|v| v.unwrap_or_else(|| Expr::none(1)))
            .collect();
        let mut sig_rel = vec![None; model.sigs.len()];
        let mut remainder_rel = vec![None; model.sigs.len()];
        for (i, spec) in sig_rels.iter().enumerate() {
            match spec.owner {
                RelOwner::Sig(s) => sig_rel[s.index()] = Some(RelId(i as u32)),
                RelOwner::Remainder(s) => remainder_rel[s.index()] = Some(RelId(i as u32)),
                _ => {}
            }
        }
        Layout {
            field_base: sig_rels.len() as u32,
            sig_rels,
            sig_value,
            int_next,
            strings,
            univ,
            sig_rel,
            remainder_rel,
        }
    }

    pub fn field_rel(&self, f: FieldId) -> RelId {
        RelId(self.field_base + f.0)
    }
}

/// The union of expressions (the empty union is `none` of the given arity), as a
/// balanced tree: a sig with 10,000 children is a union of depth 14, not 10,000, which
/// every recursive pass over it would have to descend.
pub fn union_all(mut parts: Vec<Expr>, arity: usize) -> Expr {
    if parts.is_empty() {
        return Expr::none(arity);
    }
    // Pair neighbours level by level, keeping the order of the parts.
    while parts.len() > 1 {
        let mut next = Vec::with_capacity(parts.len().div_ceil(2));
        let mut it = parts.into_iter();
        while let Some(a) = it.next() {
            next.push(match it.next() {
                Some(b) => Expr::union(a, b),
                None => a,
            });
        }
        parts = next;
    }
    parts.pop().expect("one part left")
}
