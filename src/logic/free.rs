//! Free variables of core-logic terms, cached per node.

use std::collections::BTreeSet;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::{Decl, Expr, ExprKind, Formula, FormulaKind, IntExpr, IntExprKind, VarId};

/// The free variables of expressions, remembered by node address: the caller keeps the
/// nodes alive while it uses the cache (addresses of dropped nodes may be reused).
#[derive(Default)]
pub struct FreeVars {
    cache: FxHashMap<usize, Arc<BTreeSet<VarId>>>,
}

impl FreeVars {
    /// The variables `e` refers to without binding them.
    pub fn expr(&mut self, e: &Expr) -> Arc<BTreeSet<VarId>> {
        crate::stack::guard(|| self.expr_unguarded(e))
    }

    fn expr_unguarded(&mut self, e: &Expr) -> Arc<BTreeSet<VarId>> {
        if let Some(f) = self.cache.get(&e.node_id()) {
            return f.clone();
        }
        let mut out = BTreeSet::new();
        match e.kind() {
            ExprKind::Var(v) => {
                out.insert(*v);
            }
            // Binders: their own variables are not free.
            ExprKind::Comprehension(decls, body) => self.binder(decls, body, &mut out),
            ExprKind::IntAtom(i) => self.int(i, &mut out),
            _ => {
                let mut formulas = Vec::new();
                let mut exprs = Vec::new();
                e.subterms(&mut formulas, &mut exprs);
                for f in &formulas {
                    self.formula(f, &mut out);
                }
                for x in &exprs {
                    out.extend(self.expr(x).iter());
                }
            }
        }
        let out = Arc::new(out);
        self.cache.insert(e.node_id(), out.clone());
        out
    }

    /// Adds the variables `f` refers to without binding them to `out`.
    pub fn formula(&mut self, f: &Formula, out: &mut BTreeSet<VarId>) {
        crate::stack::guard(|| self.formula_unguarded(f, out))
    }

    fn formula_unguarded(&mut self, f: &Formula, out: &mut BTreeSet<VarId>) {
        use FormulaKind::*;
        match f.kind() {
            Const(_) => {}
            And(fs) | Or(fs) => fs.iter().for_each(|g| self.formula(g, out)),
            Not(g) => self.formula(g, out),
            Implies(a, b) | Iff(a, b) => {
                self.formula(a, out);
                self.formula(b, out);
            }
            Subset(a, b) | Equal(a, b) | StrictOrder { rel: a, elems: b } => {
                out.extend(self.expr(a).iter());
                out.extend(self.expr(b).iter());
            }
            Mult(_, a) | Cardinality(_, a, _) => out.extend(self.expr(a).iter()),
            TotalOrder { elems, first, next } => {
                for e in [elems, first, next] {
                    out.extend(self.expr(e).iter());
                }
            }
            Quant(_, decls, body) => self.binder(decls, body, out),
            IntCompare(_, a, b) => {
                self.int(a, out);
                self.int(b, out);
            }
            Overflows(i) => self.int(i, out),
            Temporal(_, g) => self.formula(g, out),
            TemporalBinary(_, a, b) => {
                self.formula(a, out);
                self.formula(b, out);
            }
        }
    }

    fn int(&mut self, i: &IntExpr, out: &mut BTreeSet<VarId>) {
        crate::stack::guard(|| self.int_unguarded(i, out))
    }

    fn int_unguarded(&mut self, i: &IntExpr, out: &mut BTreeSet<VarId>) {
        use IntExprKind::*;
        match i.kind() {
            Const(_) => {}
            Card(e) | SumAtoms(e) => out.extend(self.expr(e).iter()),
            Binary(_, a, b) => {
                self.int(a, out);
                self.int(b, out);
            }
            IfThenElse(c, a, b) => {
                self.formula(c, out);
                self.int(a, out);
                self.int(b, out);
            }
            Sum(decls, body) => {
                let mut inner = BTreeSet::new();
                self.int(body, &mut inner);
                for d in decls.iter().rev() {
                    inner.remove(&d.var);
                    inner.extend(self.expr(&d.bound).iter());
                }
                out.extend(inner);
            }
        }
    }

    /// Free variables of `decls | body`: each bound may use the variables declared before it.
    fn binder(&mut self, decls: &[Decl], body: &Formula, out: &mut BTreeSet<VarId>) {
        let mut inner = BTreeSet::new();
        self.formula(body, &mut inner);
        for d in decls.iter().rev() {
            inner.remove(&d.var);
            inner.extend(self.expr(&d.bound).iter());
        }
        out.extend(inner);
    }
}
