//! Alloy's "prevent overflows" (`--no-overflow`): instances in which an arithmetic result
//! overflows are excluded, by guarding every atomic formula that reads an overflowing
//! integer.
//!
//! The meaning is Kodkod's (Milicevic and Jackson, *Preventing arithmetic overflows in
//! Alloy*): an atomic formula (`<`, `=`, `in`, `some`, ...) whose operand overflowed is
//! false where it occurs under an even number of negations and true under an odd number,
//! so that neither it nor its negation can hold. The exception is an overflow caused by a
//! variable of a universal quantifier over `Int` (the innermost such variable the operand
//! mentions): then the formula is vacuously satisfied instead, so that
//! `all x: Int | x.plus[1] > x` holds. A quantifier's kind is read through the negations
//! above it (`not all` is `some`). As in Kodkod, only `not` counts as a negation: the
//! premise of an implication does not.
//!
//! The body of a comprehension or a `sum` starts afresh, with no negation counted above
//! it (Kodkod binds their variables in a fresh, un-negated environment).
//!
//! The pass runs on the elaborated formula, before skolemization and normal forms, which
//! would otherwise change the negations it counts.

use std::collections::{BTreeSet, HashMap};

use super::ast::{
    Decl, Expr, ExprKind, Formula, FormulaKind, IntExpr, IntExprKind, Quantifier, VarId,
};

/// Guards every atomic formula of `f` that reads an integer; `ints` is the relation of all
/// integers (quantifiers bounded by exactly it are the `Int` quantifiers).
pub fn prevent_overflow(f: &Formula, ints: &Expr) -> Formula {
    let mut pass = Pass {
        ints: ints.clone(),
        binders: Vec::new(),
    };
    pass.formula(f, false)
}

struct Binder {
    var: VarId,
    over_ints: bool,
    /// Universal once the negations above it are taken into account.
    universal: bool,
}

struct Pass {
    ints: Expr,
    binders: Vec<Binder>,
}

impl Pass {
    fn push_decls(&mut self, decls: &[Decl], universal: bool) {
        for d in decls {
            self.binders.push(Binder {
                var: d.var,
                over_ints: d.bound == self.ints,
                universal,
            });
        }
    }

    fn pop_decls(&mut self, decls: &[Decl]) {
        let len = self.binders.len() - decls.len();
        self.binders.truncate(len);
    }

    fn formula(&mut self, f: &Formula, negated: bool) -> Formula {
        crate::stack::guard(|| self.formula_unguarded(f, negated))
    }

    fn formula_unguarded(&mut self, f: &Formula, negated: bool) -> Formula {
        use FormulaKind::*;
        match f.kind() {
            Const(_) | TotalOrder { .. } | StrictOrder { .. } | Overflows(_) => f.clone(),
            And(fs) => Formula::and(
                fs.iter()
                    .map(|g| self.formula(g, negated))
                    .collect::<Vec<_>>(),
            ),
            Or(fs) => Formula::or(
                fs.iter()
                    .map(|g| self.formula(g, negated))
                    .collect::<Vec<_>>(),
            ),
            Not(g) => self.formula(g, !negated).not(),
            Implies(a, b) => self.formula(a, negated).implies(self.formula(b, negated)),
            Iff(a, b) => self.formula(a, negated).iff(self.formula(b, negated)),
            Temporal(op, g) => Formula::temporal(*op, self.formula(g, negated)),
            TemporalBinary(op, a, b) => {
                Formula::temporal_binary(*op, self.formula(a, negated), self.formula(b, negated))
            }
            Quant(q, decls, body) => {
                let universal = (*q == Quantifier::All) != negated;
                let bounds = self.decls(decls, negated);
                self.push_decls(decls, universal);
                let body = self.formula(body, negated);
                self.pop_decls(decls);
                Formula::quant(*q, bounds, body)
            }
            // The guards read the rewritten operands: a condition inside an operand is
            // itself guarded (`rem[1, (9 > 0 => 0 else 1)]`).
            Subset(a, b) | Equal(a, b) => {
                let (na, nb) = (self.expr(a, negated), self.expr(b, negated));
                let atom = if matches!(f.kind(), Subset(..)) {
                    Formula::subset(na.clone(), nb.clone())
                } else {
                    Formula::equal(na.clone(), nb.clone())
                };
                self.guard(atom, &[Operand::Expr(&na), Operand::Expr(&nb)], negated)
            }
            Mult(m, e) => {
                let ne = self.expr(e, negated);
                let atom = Formula::mult(*m, ne.clone());
                self.guard(atom, &[Operand::Expr(&ne)], negated)
            }
            Cardinality(c, e, k) => {
                let ne = self.expr(e, negated);
                let atom = Formula::cardinality(*c, ne.clone(), *k);
                self.guard(atom, &[Operand::Expr(&ne)], negated)
            }
            IntCompare(c, a, b) => {
                let (na, nb) = (self.int(a, negated), self.int(b, negated));
                let atom = na.compare(*c, &nb);
                self.guard(atom, &[Operand::Int(&na), Operand::Int(&nb)], negated)
            }
        }
    }

    /// `atom` guarded by its operands' overflow, per Kodkod's rule (module docs).
    fn guard(&self, atom: Formula, operands: &[Operand], negated: bool) -> Formula {
        let mut excused = Vec::new();
        let mut excluded = Vec::new();
        for op in operands {
            let mut ints = Vec::new();
            match op {
                Operand::Expr(e) => ints_in_expr(e, &mut ints),
                Operand::Int(i) => {
                    ints.push((*i).clone());
                    ints_below_int(i, &mut ints);
                }
            }
            if ints.is_empty() {
                continue;
            }
            let mut vars = BTreeSet::new();
            for i in &ints {
                free_vars_int(i, &mut vars);
            }
            let overflow = Formula::or(ints.iter().map(IntExpr::overflows).collect::<Vec<_>>());
            // The innermost `Int` quantifier whose variable the operand mentions.
            let universal = self
                .binders
                .iter()
                .rev()
                .find(|b| b.over_ints && vars.contains(&b.var))
                .is_some_and(|b| b.universal);
            if universal != negated {
                excused.push(overflow);
            } else {
                excluded.push(overflow);
            }
        }
        if excused.is_empty() && excluded.is_empty() {
            return atom;
        }
        let excluded = Formula::or(excluded).not();
        Formula::or(std::iter::once(atom).chain(excused)).and2(excluded)
    }

    fn decls(&mut self, decls: &[Decl], negated: bool) -> Vec<Decl> {
        decls
            .iter()
            .map(|d| Decl {
                bound: self.expr(&d.bound, negated),
                ..d.clone()
            })
            .collect()
    }

    /// Rewrites the formulas nested in an expression (comprehension bodies, conditions).
    fn expr(&mut self, e: &Expr, negated: bool) -> Expr {
        crate::stack::guard(|| self.expr_unguarded(e, negated))
    }

    fn expr_unguarded(&mut self, e: &Expr, negated: bool) -> Expr {
        use ExprKind::*;
        match e.kind() {
            Rel(_) | Var(_) | Const(_) | Univ | Iden | None => e.clone(),
            Union(a, b) => Expr::union(self.expr(a, negated), self.expr(b, negated)),
            Intersection(a, b) => Expr::intersection(self.expr(a, negated), self.expr(b, negated)),
            Difference(a, b) => Expr::difference(self.expr(a, negated), self.expr(b, negated)),
            Override(a, b) => Expr::override_(self.expr(a, negated), self.expr(b, negated)),
            Join(a, b) => Expr::join(self.expr(a, negated), self.expr(b, negated)),
            Product(a, b) => Expr::product(self.expr(a, negated), self.expr(b, negated)),
            DomainRestrict(a, b) => {
                Expr::domain_restrict(self.expr(a, negated), self.expr(b, negated))
            }
            RangeRestrict(a, b) => {
                Expr::range_restrict(self.expr(a, negated), self.expr(b, negated))
            }
            Transpose(a) => Expr::transpose(self.expr(a, negated)),
            Closure(a) => Expr::closure(self.expr(a, negated)),
            ReflexiveClosure(a) => Expr::reflexive_closure(self.expr(a, negated)),
            Prime(a) => Expr::prime(self.expr(a, negated)),
            IfThenElse(c, a, b) => Expr::if_then_else(
                self.formula(c, negated),
                self.expr(a, negated),
                self.expr(b, negated),
            ),
            Comprehension(decls, body) => {
                let bounds = self.decls(decls, negated);
                // Comprehension variables are neither universal nor existential, and, as
                // in Kodkod, their body is read afresh: no negation counts above it.
                self.push_decls(decls, false);
                let body = self.formula(body, false);
                self.pop_decls(decls);
                Expr::comprehension(bounds, body)
            }
            // Kodkod's `Int[i]` holds no atom when `i` overflowed.
            IntAtom(i) => {
                let i = self.int(i, negated);
                Expr::if_then_else(i.overflows(), Expr::none(1), i.atom())
            }
        }
    }

    fn int(&mut self, i: &IntExpr, negated: bool) -> IntExpr {
        crate::stack::guard(|| self.int_unguarded(i, negated))
    }

    fn int_unguarded(&mut self, i: &IntExpr, negated: bool) -> IntExpr {
        use IntExprKind::*;
        match i.kind() {
            Const(_) => i.clone(),
            Card(e) => IntExpr::card(self.expr(e, negated)),
            SumAtoms(e) => IntExpr::sum_atoms(self.expr(e, negated)),
            Binary(op, a, b) => IntExpr::binary(*op, self.int(a, negated), self.int(b, negated)),
            IfThenElse(c, a, b) => IntExpr::ite(
                self.formula(c, negated),
                self.int(a, negated),
                self.int(b, negated),
            ),
            Sum(decls, body) => {
                let bounds = self.decls(decls, negated);
                self.push_decls(decls, false);
                let body = self.int(body, false);
                self.pop_decls(decls);
                IntExpr::sum(bounds, body)
            }
        }
    }
}

enum Operand<'a> {
    Expr(&'a Expr),
    Int(&'a IntExpr),
}

/// The integer expressions an expression reads through its operators (not through the
/// formulas nested in it, which are guarded on their own).
fn ints_in_expr(e: &Expr, out: &mut Vec<IntExpr>) {
    crate::stack::guard(|| ints_in_expr_unguarded(e, out))
}

fn ints_in_expr_unguarded(e: &Expr, out: &mut Vec<IntExpr>) {
    use ExprKind::*;
    match e.kind() {
        Rel(_) | Var(_) | Const(_) | Univ | Iden | None | Comprehension(..) => {}
        Union(a, b)
        | Intersection(a, b)
        | Difference(a, b)
        | Override(a, b)
        | Join(a, b)
        | Product(a, b)
        | DomainRestrict(a, b)
        | RangeRestrict(a, b)
        | IfThenElse(_, a, b) => {
            ints_in_expr(a, out);
            ints_in_expr(b, out);
        }
        Transpose(a) | Closure(a) | ReflexiveClosure(a) | Prime(a) => ints_in_expr(a, out),
        IntAtom(i) => {
            out.push(i.clone());
            ints_below_int(i, out);
        }
    }
}

/// Integer expressions read by the relational operands of `#` in `i` (an integer's own
/// overflow flag covers its integer operands, not these). As in Kodkod, `#e` keeps the
/// overflow of the integers inside `e` but `int[e]` does not: it adds up `e`'s atoms
/// afresh (`int[Int[j]]` is `j` itself: `IntExpr::sum_atoms` builds it so).
fn ints_below_int(i: &IntExpr, out: &mut Vec<IntExpr>) {
    crate::stack::guard(|| ints_below_int_unguarded(i, out))
}

fn ints_below_int_unguarded(i: &IntExpr, out: &mut Vec<IntExpr>) {
    use IntExprKind::*;
    match i.kind() {
        Const(_) | Sum(..) | SumAtoms(_) => {}
        Card(e) => ints_in_expr(e, out),
        Binary(_, a, b) | IfThenElse(_, a, b) => {
            ints_below_int(a, out);
            ints_below_int(b, out);
        }
    }
}

fn free_vars_int(i: &IntExpr, out: &mut BTreeSet<VarId>) {
    let mut formulas = Vec::new();
    let mut exprs = Vec::new();
    i.subterms(&mut formulas, &mut exprs);
    let mut seen: HashMap<usize, ()> = HashMap::new();
    while let Some(e) = exprs.pop() {
        if seen.insert(e.node_id(), ()).is_some() {
            continue;
        }
        match e.kind() {
            ExprKind::Var(v) => {
                out.insert(*v);
            }
            ExprKind::Union(a, b)
            | ExprKind::Intersection(a, b)
            | ExprKind::Difference(a, b)
            | ExprKind::Override(a, b)
            | ExprKind::Join(a, b)
            | ExprKind::Product(a, b)
            | ExprKind::DomainRestrict(a, b)
            | ExprKind::RangeRestrict(a, b)
            | ExprKind::IfThenElse(_, a, b) => exprs.extend([a.clone(), b.clone()]),
            ExprKind::Transpose(a) | ExprKind::Closure(a) | ExprKind::ReflexiveClosure(a) => {
                exprs.push(a.clone())
            }
            ExprKind::IntAtom(j) => j.subterms(&mut formulas, &mut exprs),
            _ => {}
        }
    }
}
