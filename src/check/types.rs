//! Alloy's relation types: a union of products of prim sigs (top-level and `extends` sigs,
//! plus `univ`). They decide overloading and implicit-`this` candidates and catch arity
//! errors; an empty type is not an error (Alloy only warns), so types never block solving
//! of a well-formed model.

use super::model::{INT, Model, NONE, SEQ_INT, SigId, SigKind, UNIV};

// The type itself is part of the model's data (fields carry one).
pub use super::model::Type;

/// The intersection of two prim sigs: the lower one if one descends from the other.
pub fn meet(m: &Model, a: SigId, b: SigId) -> Option<SigId> {
    if a == NONE || b == NONE {
        return None;
    }
    if a == UNIV {
        return Some(b);
    }
    if b == UNIV || m.descends(a, b) {
        return Some(a);
    }
    if m.descends(b, a) {
        return Some(b);
    }
    None
}

pub fn intersect(m: &Model, a: &Type, b: &Type) -> Type {
    let mut t = Type::empty(a.arity);
    for p in &a.products {
        'q: for q in &b.products {
            let mut r = Vec::with_capacity(p.len());
            for (x, y) in p.iter().zip(q) {
                match meet(m, *x, *y) {
                    Some(z) => r.push(z),
                    None => continue 'q,
                }
            }
            t.push(r);
        }
    }
    t
}

/// Do the two types share any product (column-wise meeting sigs)?
pub fn overlaps(m: &Model, a: &Type, b: &Type) -> bool {
    a.arity == b.arity && !intersect(m, a, b).is_empty()
}

/// The type of `a.b`. The caller checks arities (the result arity must be at least 1).
pub fn join(m: &Model, a: &Type, b: &Type) -> Type {
    let arity = (a.arity + b.arity).saturating_sub(2);
    let mut t = Type::empty(arity);
    for p in &a.products {
        for q in &b.products {
            if meet(m, p[p.len() - 1], q[0]).is_some() {
                t.push(p[..p.len() - 1].iter().chain(&q[1..]).copied().collect());
            }
        }
    }
    t
}

/// `s <: r`: restrict the first column.
pub fn domain_restrict(m: &Model, s: &Type, r: &Type) -> Type {
    let mut t = Type::empty(r.arity);
    for p in &r.products {
        for q in &s.products {
            if let Some(z) = meet(m, p[0], q[0]) {
                let mut n = p.clone();
                n[0] = z;
                t.push(n);
            }
        }
    }
    t
}

/// `r :> s`: restrict the last column.
pub fn range_restrict(m: &Model, r: &Type, s: &Type) -> Type {
    let mut t = Type::empty(r.arity);
    for p in &r.products {
        for q in &s.products {
            if let Some(z) = meet(m, p[p.len() - 1], q[0]) {
                let mut n = p.clone();
                let last = n.len() - 1;
                n[last] = z;
                t.push(n);
            }
        }
    }
    t
}

/// `^r`: the union of r, r.r, r.r.r, ... (a fixed point over finitely many products).
pub fn closure(m: &Model, r: &Type) -> Type {
    let mut t = r.clone();
    loop {
        let next = t.union(&join(m, &t, r));
        if next.products.len() == t.products.len() {
            return t;
        }
        t = next;
    }
}

/// `{A->A, B->B}` for the sigs in any column of a binary type (the identity part of `*r`).
pub fn diagonal(t: &Type) -> Type {
    let mut out = Type::empty(2);
    for p in &t.products {
        for s in p {
            out.push(vec![*s, *s]);
        }
    }
    out
}

/// The type a sig's atoms have: the sig itself for prim sigs, the union of the parents'
/// types for subset sigs.
pub fn sig_type(m: &Model, s: SigId) -> Type {
    match &m.sig(s).kind {
        SigKind::Subset { parents, .. } => {
            let mut t = Type::empty(1);
            for p in parents {
                t = t.union(&sig_type(m, *p));
            }
            t
        }
        // `seq/Int` holds integers: it has their type, as in Alloy.
        _ if s == SEQ_INT => Type::of_sig(INT),
        _ => Type::of_sig(s),
    }
}

/// A readable rendering for messages: `{Node->Node}` or `{A->B, C->D}`.
pub fn show(m: &Model, t: &Type) -> String {
    if t.is_empty() {
        return if t.arity == 1 {
            "{none}".to_string()
        } else {
            format!("{{none (arity {})}}", t.arity)
        };
    }
    let parts: Vec<String> = t
        .products
        .iter()
        .map(|p| {
            p.iter()
                .map(|s| m.sig(*s).label.clone())
                .collect::<Vec<_>>()
                .join("->")
        })
        .collect();
    format!("{{{}}}", parts.join(", "))
}
