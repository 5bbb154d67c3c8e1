//! Normal forms for solving quantifiers over relations.
//!
//! CEGIS needs every higher-order quantifier in a place where its polarity is known:
//! [`nnf`] pushes negations down to the atoms (through `&&`, `||`, `=>`, quantifiers, and
//! `<=>` where one side has a higher-order quantifier), so that afterwards every quantifier
//! occurs positively and `all` means "for all" and `some` means "there is".

use super::ast::{
    DeclMult, Expr, ExprKind, Formula, FormulaKind, IntExpr, IntExprKind, Quantifier,
};

/// Does the formula contain a quantifier over relations (or sets)?
pub fn has_higher_order(f: &Formula) -> bool {
    crate::stack::guard(|| has_higher_order_unguarded(f))
}

fn has_higher_order_unguarded(f: &Formula) -> bool {
    match f.kind() {
        FormulaKind::Const(_) => false,
        FormulaKind::And(fs) | FormulaKind::Or(fs) => fs.iter().any(has_higher_order),
        FormulaKind::Not(g) => has_higher_order(g),
        FormulaKind::Implies(a, b) | FormulaKind::Iff(a, b) => {
            has_higher_order(a) || has_higher_order(b)
        }
        FormulaKind::Subset(a, b) | FormulaKind::Equal(a, b) => {
            expr_has_higher_order(a) || expr_has_higher_order(b)
        }
        FormulaKind::Mult(_, e) | FormulaKind::Cardinality(_, e, _) => expr_has_higher_order(e),
        FormulaKind::Quant(_, decls, body) => {
            decls
                .iter()
                .any(|d| !d.is_first_order() || expr_has_higher_order(&d.bound))
                || has_higher_order(body)
        }
        FormulaKind::TotalOrder { elems, first, next } => {
            expr_has_higher_order(elems)
                || expr_has_higher_order(first)
                || expr_has_higher_order(next)
        }
        FormulaKind::StrictOrder { rel, elems } => {
            expr_has_higher_order(rel) || expr_has_higher_order(elems)
        }
        FormulaKind::IntCompare(_, a, b) => int_has_higher_order(a) || int_has_higher_order(b),
        FormulaKind::Overflows(i) => int_has_higher_order(i),
    }
}

fn int_has_higher_order(i: &IntExpr) -> bool {
    crate::stack::guard(|| int_has_higher_order_unguarded(i))
}

fn int_has_higher_order_unguarded(i: &IntExpr) -> bool {
    match i.kind() {
        IntExprKind::Const(_) => false,
        IntExprKind::Card(e) | IntExprKind::SumAtoms(e) => expr_has_higher_order(e),
        IntExprKind::Binary(_, a, b) => int_has_higher_order(a) || int_has_higher_order(b),
        IntExprKind::IfThenElse(c, a, b) => {
            has_higher_order(c) || int_has_higher_order(a) || int_has_higher_order(b)
        }
        IntExprKind::Sum(decls, body) => {
            decls
                .iter()
                .any(|d| d.mult != DeclMult::One || expr_has_higher_order(&d.bound))
                || int_has_higher_order(body)
        }
    }
}

/// Whether `e` quantifies over relations anywhere (in a comprehension's body, say).
pub(crate) fn expr_has_higher_order(e: &Expr) -> bool {
    crate::stack::guard(|| expr_has_higher_order_unguarded(e))
}

fn expr_has_higher_order_unguarded(e: &Expr) -> bool {
    match e.kind() {
        ExprKind::Rel(_)
        | ExprKind::Var(_)
        | ExprKind::Const(_)
        | ExprKind::Univ
        | ExprKind::Iden
        | ExprKind::None => false,
        ExprKind::Union(a, b)
        | ExprKind::Intersection(a, b)
        | ExprKind::Difference(a, b)
        | ExprKind::Override(a, b)
        | ExprKind::Join(a, b)
        | ExprKind::Product(a, b)
        | ExprKind::DomainRestrict(a, b)
        | ExprKind::RangeRestrict(a, b) => expr_has_higher_order(a) || expr_has_higher_order(b),
        ExprKind::Transpose(a) | ExprKind::Closure(a) | ExprKind::ReflexiveClosure(a) => {
            expr_has_higher_order(a)
        }
        ExprKind::IfThenElse(c, a, b) => {
            has_higher_order(c) || expr_has_higher_order(a) || expr_has_higher_order(b)
        }
        ExprKind::Comprehension(decls, body) => {
            decls
                .iter()
                .any(|d| d.mult != DeclMult::One || expr_has_higher_order(&d.bound))
                || has_higher_order(body)
        }
        ExprKind::IntAtom(i) => int_has_higher_order(i),
    }
}

/// Negation normal form: negations only on atoms (subset, equality, multiplicity,
/// cardinality, total-order tests and quantifier-free connectives). Subformulas without
/// higher-order quantifiers are left as they are, so that first-order structure (and the
/// translator's sharing) is untouched.
pub fn nnf(f: &Formula) -> Formula {
    to_nnf(f, true)
}

fn to_nnf(f: &Formula, positive: bool) -> Formula {
    crate::stack::guard(|| to_nnf_unguarded(f, positive))
}

fn to_nnf_unguarded(f: &Formula, positive: bool) -> Formula {
    if !has_higher_order(f) {
        return if positive { f.clone() } else { f.clone().not() };
    }
    match f.kind() {
        FormulaKind::And(fs) => {
            let parts = fs.iter().map(|g| to_nnf(g, positive));
            if positive {
                Formula::and(parts)
            } else {
                Formula::or(parts)
            }
        }
        FormulaKind::Or(fs) => {
            let parts = fs.iter().map(|g| to_nnf(g, positive));
            if positive {
                Formula::or(parts)
            } else {
                Formula::and(parts)
            }
        }
        FormulaKind::Not(g) => to_nnf(g, !positive),
        FormulaKind::Implies(a, b) => {
            // a => b  is  !a || b
            if positive {
                Formula::or([to_nnf(a, false), to_nnf(b, true)])
            } else {
                Formula::and([to_nnf(a, true), to_nnf(b, false)])
            }
        }
        FormulaKind::Iff(a, b) => {
            // a <=> b  is  (a && b) || (!a && !b);  its negation  (a && !b) || (!a && b)
            let (pa, na, pb, nb) = (
                to_nnf(a, true),
                to_nnf(a, false),
                to_nnf(b, true),
                to_nnf(b, false),
            );
            if positive {
                Formula::or([Formula::and([pa, pb]), Formula::and([na, nb])])
            } else {
                Formula::or([Formula::and([pa, nb]), Formula::and([na, pb])])
            }
        }
        FormulaKind::Quant(q, decls, body) => {
            let q = match (q, positive) {
                (q, true) => *q,
                (Quantifier::All, false) => Quantifier::Some,
                (Quantifier::Some, false) => Quantifier::All,
            };
            Formula::quant(q, decls.clone(), to_nnf(body, positive))
        }
        // Atoms that hide a higher-order quantifier inside an expression keep it there;
        // the translator reports it if it is ever reached.
        _ => {
            if positive {
                f.clone()
            } else {
                f.clone().not()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Decl, RelId, VarId};

    fn set_decl(v: u32) -> Decl {
        Decl {
            var: VarId(v),
            name: format!("s{v}"),
            mult: DeclMult::Set,
            bound: Expr::rel(RelId(0), 1),
        }
    }

    #[test]
    fn negations_move_through_higher_order_quantifiers() {
        let d = set_decl(1);
        let body = d.var_expr().some();
        let f = Formula::forall(vec![d.clone()], body.clone()).not();
        let n = nnf(&f);
        match n.kind() {
            FormulaKind::Quant(Quantifier::Some, _, b) => assert_eq!(b, &body.not()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn first_order_parts_are_untouched() {
        let a = Expr::rel(RelId(0), 1);
        let f = a.some().implies(a.no());
        assert_eq!(nnf(&f), f);
        assert!(!has_higher_order(&f));
    }

    #[test]
    fn equivalences_with_higher_order_sides_are_expanded() {
        let d = set_decl(1);
        let a = Expr::rel(RelId(0), 1).some();
        let q = Formula::exists(vec![d.clone()], d.var_expr().some());
        let n = nnf(&a.clone().iff(q).not());
        assert!(matches!(n.kind(), FormulaKind::Or(_)));
        // Every quantifier now occurs positively: no negation above one.
        fn negated_quantifier(f: &Formula) -> bool {
            match f.kind() {
                FormulaKind::Not(g) => has_higher_order(g),
                FormulaKind::And(fs) | FormulaKind::Or(fs) => fs.iter().any(negated_quantifier),
                FormulaKind::Quant(_, _, b) => negated_quantifier(b),
                _ => false,
            }
        }
        assert!(!negated_quantifier(&n));
    }
}
