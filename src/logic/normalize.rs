//! Normal forms for solving quantifiers over relations.
//!
//! CEGIS needs every higher-order quantifier in a place where its polarity is known:
//! [`nnf`] pushes negations down to the atoms (through `&&`, `||`, `=>`, quantifiers, and
//! `<=>` where one side has a higher-order quantifier), so that afterwards every quantifier
//! occurs positively and `all` means "for all" and `some` means "there is".

use std::collections::HashMap;

use super::ast::{
    DeclMult, Expr, ExprKind, Formula, FormulaKind, IntExpr, IntExprKind, Quantifier,
};

/// Does the formula contain a quantifier over relations (or sets)?
pub fn has_higher_order(f: &Formula) -> bool {
    HigherOrder::default().formula(f)
}

/// Whether `e` quantifies over relations anywhere (in a comprehension's body, say).
pub(crate) fn expr_has_higher_order(e: &Expr) -> bool {
    HigherOrder::default().expr(e)
}

/// The answers for nodes seen so far: inlined preds and funs share nodes, and a formula
/// is a graph whose tree can be exponentially larger (`g[g[g[A]]]` with `g[x]` using `x`
/// twice), so each node is looked at once.
#[derive(Default)]
struct HigherOrder {
    /// By node address (the nodes outlive the walk, so addresses stay unique).
    seen: HashMap<usize, bool>,
}

impl HigherOrder {
    fn formula(&mut self, f: &Formula) -> bool {
        crate::stack::guard(|| self.formula_unguarded(f))
    }

    fn formula_unguarded(&mut self, f: &Formula) -> bool {
        if let Some(&known) = self.seen.get(&f.node_id()) {
            return known;
        }
        let found = match f.kind() {
            FormulaKind::Const(_) => false,
            FormulaKind::And(fs) | FormulaKind::Or(fs) => fs.iter().any(|g| self.formula(g)),
            FormulaKind::Not(g) => self.formula(g),
            FormulaKind::Implies(a, b) | FormulaKind::Iff(a, b) => {
                self.formula(a) || self.formula(b)
            }
            FormulaKind::Subset(a, b) | FormulaKind::Equal(a, b) => self.expr(a) || self.expr(b),
            FormulaKind::Mult(_, e) | FormulaKind::Cardinality(_, e, _) => self.expr(e),
            FormulaKind::Quant(_, decls, body) => {
                decls
                    .iter()
                    .any(|d| !d.is_first_order() || self.expr(&d.bound))
                    || self.formula(body)
            }
            FormulaKind::TotalOrder { elems, first, next } => {
                self.expr(elems) || self.expr(first) || self.expr(next)
            }
            FormulaKind::StrictOrder { rel, elems } => self.expr(rel) || self.expr(elems),
            FormulaKind::IntCompare(_, a, b) => self.int(a) || self.int(b),
            FormulaKind::Overflows(i) => self.int(i),
            FormulaKind::Temporal(_, g) => self.formula(g),
            FormulaKind::TemporalBinary(_, a, b) => self.formula(a) || self.formula(b),
        };
        self.seen.insert(f.node_id(), found);
        found
    }

    fn int(&mut self, i: &IntExpr) -> bool {
        crate::stack::guard(|| self.int_unguarded(i))
    }

    fn int_unguarded(&mut self, i: &IntExpr) -> bool {
        if let Some(&known) = self.seen.get(&i.node_id()) {
            return known;
        }
        let found = match i.kind() {
            IntExprKind::Const(_) => false,
            IntExprKind::Card(e) | IntExprKind::SumAtoms(e) => self.expr(e),
            IntExprKind::Binary(_, a, b) => self.int(a) || self.int(b),
            IntExprKind::IfThenElse(c, a, b) => self.formula(c) || self.int(a) || self.int(b),
            IntExprKind::Sum(decls, body) => {
                decls
                    .iter()
                    .any(|d| d.mult != DeclMult::One || self.expr(&d.bound))
                    || self.int(body)
            }
        };
        self.seen.insert(i.node_id(), found);
        found
    }

    fn expr(&mut self, e: &Expr) -> bool {
        crate::stack::guard(|| self.expr_unguarded(e))
    }

    fn expr_unguarded(&mut self, e: &Expr) -> bool {
        if let Some(&known) = self.seen.get(&e.node_id()) {
            return known;
        }
        let found = match e.kind() {
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
            | ExprKind::RangeRestrict(a, b) => self.expr(a) || self.expr(b),
            ExprKind::Transpose(a)
            | ExprKind::Closure(a)
            | ExprKind::ReflexiveClosure(a)
            | ExprKind::Prime(a) => self.expr(a),
            ExprKind::IfThenElse(c, a, b) => self.formula(c) || self.expr(a) || self.expr(b),
            ExprKind::Comprehension(decls, body) => {
                decls
                    .iter()
                    .any(|d| d.mult != DeclMult::One || self.expr(&d.bound))
                    || self.formula(body)
            }
            ExprKind::IntAtom(i) => self.int(i),
        };
        self.seen.insert(e.node_id(), found);
        found
    }
}

/// Negation normal form: negations only on atoms (subset, equality, multiplicity,
/// cardinality, total-order tests and quantifier-free connectives). Subformulas without
/// higher-order quantifiers are left as they are, so that first-order structure (and the
/// translator's sharing) is untouched. A node met twice in one polarity is rewritten
/// once, and the result shared.
pub fn nnf(f: &Formula) -> Formula {
    Nnf::default().rewrite(f, true)
}

#[derive(Default)]
struct Nnf {
    higher_order: HigherOrder,
    done: HashMap<(usize, bool), Formula>,
}

impl Nnf {
    fn rewrite(&mut self, f: &Formula, positive: bool) -> Formula {
        let key = (f.node_id(), positive);
        if let Some(g) = self.done.get(&key) {
            return g.clone();
        }
        let g = crate::stack::guard(|| self.rewrite_uncached(f, positive));
        self.done.insert(key, g.clone());
        g
    }

    fn rewrite_uncached(&mut self, f: &Formula, positive: bool) -> Formula {
        if !self.higher_order.formula(f) {
            return if positive { f.clone() } else { f.clone().not() };
        }
        match f.kind() {
            FormulaKind::And(fs) => {
                let parts: Vec<Formula> = fs.iter().map(|g| self.rewrite(g, positive)).collect();
                if positive {
                    Formula::and(parts)
                } else {
                    Formula::or(parts)
                }
            }
            FormulaKind::Or(fs) => {
                let parts: Vec<Formula> = fs.iter().map(|g| self.rewrite(g, positive)).collect();
                if positive {
                    Formula::or(parts)
                } else {
                    Formula::and(parts)
                }
            }
            FormulaKind::Not(g) => self.rewrite(g, !positive),
            FormulaKind::Implies(a, b) => {
                // a => b  is  !a || b
                if positive {
                    Formula::or([self.rewrite(a, false), self.rewrite(b, true)])
                } else {
                    Formula::and([self.rewrite(a, true), self.rewrite(b, false)])
                }
            }
            FormulaKind::Iff(a, b) => {
                // a <=> b  is  (a && b) || (!a && !b);  its negation  (a && !b) || (!a && b)
                let (pa, na, pb, nb) = (
                    self.rewrite(a, true),
                    self.rewrite(a, false),
                    self.rewrite(b, true),
                    self.rewrite(b, false),
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
                Formula::quant(q, decls.clone(), self.rewrite(body, positive))
            }
            // Atoms that hide a higher-order quantifier inside an expression keep it
            // there; the translator reports it if it is ever reached.
            _ => {
                if positive {
                    f.clone()
                } else {
                    f.clone().not()
                }
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
