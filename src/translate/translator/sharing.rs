//! Free variables and sharing: which nodes are reached more than once or do not depend
//! on every variable in scope, and the cache keys of their translations.

use std::sync::Arc;

use super::int::is_set_sum;
use super::{CacheKey, NodeInfo, Translator};

use crate::logic::{Decl, Expr, ExprKind, Formula, FormulaKind, IntExpr, IntExprKind, VarId};

impl Translator {
    fn seen(&mut self, id: usize) -> Option<Arc<[VarId]>> {
        let info = self.info.get_mut(&id)?;
        info.shared = true;
        Some(info.free.clone())
    }

    fn record(&mut self, id: usize, mut vars: Vec<VarId>, binders: &[Decl]) -> Arc<[VarId]> {
        vars.sort_unstable();
        vars.dedup();
        let free: Arc<[VarId]> = if vars.is_empty() {
            self.empty_vars.clone()
        } else {
            vars.into()
        };
        let key_vars = if binders.is_empty() {
            free.clone()
        } else {
            let mut all: Vec<VarId> = free
                .iter()
                .copied()
                .chain(binders.iter().map(|d| d.var))
                .collect();
            all.sort_unstable();
            all.dedup();
            all.into()
        };
        self.info.insert(
            id,
            NodeInfo {
                free: free.clone(),
                key_vars,
                shared: false,
            },
        );
        free
    }

    /// Free variables of declarations evaluated left to right, plus those of `body`
    /// (given) minus the declared ones.
    fn decls_free(&mut self, decls: &[Decl], body_free: &[VarId]) -> Vec<VarId> {
        let mut vars = Vec::new();
        for (i, d) in decls.iter().enumerate() {
            let bound = self.analyze_expr(&d.bound);
            vars.extend(
                bound
                    .iter()
                    .filter(|v| !decls[..i].iter().any(|d| d.var == **v)),
            );
        }
        vars.extend(
            body_free
                .iter()
                .filter(|v| !decls.iter().any(|d| d.var == **v)),
        );
        vars
    }
    pub(super) fn analyze_formula(&mut self, f: &Formula) -> Arc<[VarId]> {
        crate::stack::guard(|| self.analyze_formula_unguarded(f))
    }

    fn analyze_formula_unguarded(&mut self, f: &Formula) -> Arc<[VarId]> {
        if let Some(free) = self.seen(f.node_id()) {
            return free;
        }
        use FormulaKind::*;
        let vars: Vec<VarId> = match f.kind() {
            Const(_) => Vec::new(),
            And(fs) | Or(fs) => fs
                .iter()
                .flat_map(|g| self.analyze_formula(g).to_vec())
                .collect(),
            Not(g) => self.analyze_formula(g).to_vec(),
            Implies(a, b) | Iff(a, b) => {
                let mut v = self.analyze_formula(a).to_vec();
                v.extend_from_slice(&self.analyze_formula(b));
                v
            }
            Subset(a, b) | Equal(a, b) => {
                let mut v = self.analyze_expr(a).to_vec();
                v.extend_from_slice(&self.analyze_expr(b));
                v
            }
            Mult(_, e) | Cardinality(_, e, _) => self.analyze_expr(e).to_vec(),
            Quant(_, decls, body) => {
                let body_free = self.analyze_formula(body);
                self.decls_free(decls, &body_free)
            }
            TotalOrder { elems, first, next } => {
                let mut v = self.analyze_expr(elems).to_vec();
                v.extend_from_slice(&self.analyze_expr(first));
                v.extend_from_slice(&self.analyze_expr(next));
                v
            }
            StrictOrder { rel, elems } => {
                let mut v = self.analyze_expr(rel).to_vec();
                v.extend_from_slice(&self.analyze_expr(elems));
                v
            }
            IntCompare(_, a, b) => {
                self.set_comparisons |= is_set_sum(a) || is_set_sum(b);
                let mut v = self.analyze_int(a).to_vec();
                v.extend_from_slice(&self.analyze_int(b));
                v
            }
            Overflows(i) => self.analyze_int(i).to_vec(),
            Temporal(_, g) => self.analyze_formula(g).to_vec(),
            TemporalBinary(_, a, b) => {
                let mut v = self.analyze_formula(a).to_vec();
                v.extend_from_slice(&self.analyze_formula(b));
                v
            }
        };
        let binders = match f.kind() {
            Quant(_, decls, _) => decls.as_slice(),
            _ => &[],
        };
        self.record(f.node_id(), vars, binders)
    }
    pub(super) fn analyze_expr(&mut self, e: &Expr) -> Arc<[VarId]> {
        crate::stack::guard(|| self.analyze_expr_unguarded(e))
    }

    fn analyze_expr_unguarded(&mut self, e: &Expr) -> Arc<[VarId]> {
        if let Some(free) = self.seen(e.node_id()) {
            return free;
        }
        use ExprKind::*;
        let vars: Vec<VarId> = match e.kind() {
            Rel(_) | Const(_) | Univ | Iden | None => Vec::new(),
            Var(v) => vec![*v],
            Union(a, b)
            | Intersection(a, b)
            | Difference(a, b)
            | Override(a, b)
            | Join(a, b)
            | Product(a, b)
            | DomainRestrict(a, b)
            | RangeRestrict(a, b) => {
                let mut v = self.analyze_expr(a).to_vec();
                v.extend_from_slice(&self.analyze_expr(b));
                v
            }
            Transpose(a) | Closure(a) | ReflexiveClosure(a) | Prime(a) => {
                self.analyze_expr(a).to_vec()
            }
            IfThenElse(c, a, b) => {
                let mut v = self.analyze_formula(c).to_vec();
                v.extend_from_slice(&self.analyze_expr(a));
                v.extend_from_slice(&self.analyze_expr(b));
                v
            }
            Comprehension(decls, body) => {
                let body_free = self.analyze_formula(body);
                self.decls_free(decls, &body_free)
            }
            IntAtom(i) => self.analyze_int(i).to_vec(),
        };
        // Comprehension variables are always grounded here, never bound from outside.
        self.record(e.node_id(), vars, &[])
    }

    fn analyze_int(&mut self, i: &IntExpr) -> Arc<[VarId]> {
        crate::stack::guard(|| self.analyze_int_unguarded(i))
    }

    fn analyze_int_unguarded(&mut self, i: &IntExpr) -> Arc<[VarId]> {
        if let Some(free) = self.seen(i.node_id()) {
            return free;
        }
        use IntExprKind::*;
        let vars: Vec<VarId> = match i.kind() {
            Const(_) => Vec::new(),
            Card(e) | SumAtoms(e) => self.analyze_expr(e).to_vec(),
            Binary(_, a, b) => {
                let mut v = self.analyze_int(a).to_vec();
                v.extend_from_slice(&self.analyze_int(b));
                v
            }
            IfThenElse(c, a, b) => {
                let mut v = self.analyze_formula(c).to_vec();
                v.extend_from_slice(&self.analyze_int(a));
                v.extend_from_slice(&self.analyze_int(b));
                v
            }
            Sum(decls, body) => {
                let body_free = self.analyze_int(body);
                self.decls_free(decls, &body_free)
            }
        };
        // `sum` variables are always grounded here, never bound from outside.
        self.record(i.node_id(), vars, &[])
    }

    /// The cache key of a node under the current bindings, if the node is worth caching.
    pub(super) fn cache_key(&self, id: usize, leaf: bool) -> Option<CacheKey> {
        let info = self.info.get(&id)?;
        if leaf || !(info.shared || info.free.len() < self.env.len()) {
            return None;
        }
        let values = info
            .key_vars
            .iter()
            .map(|v| self.env.get(v).map_or(u32::MAX, |b| b.value))
            .collect();
        Some((id, values))
    }
}
