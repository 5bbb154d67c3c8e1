//! Expressions to matrices.

use super::Translator;

use crate::logic::{Expr, ExprKind, SolveError};
use crate::translate::circuit::Bit;
use crate::translate::matrix::Matrix;

impl Translator {
    pub(super) fn tr_expr(&mut self, e: &Expr) -> Result<Matrix, SolveError> {
        use ExprKind::*;
        let leaf = matches!(e.kind(), Rel(_) | Var(_) | Const(_) | Univ | Iden | None);
        let key = self.cache_key(e.node_id(), leaf);
        if let Some(key) = &key
            && let Some(m) = self.expr_cache.get(key)
        {
            self.cache_hits += 1;
            return Ok(m.clone());
        }
        let m = self.tr_expr_uncached(e)?;
        if let Some(key) = key {
            self.expr_cache.insert(key, m.clone());
        }
        Ok(m)
    }

    fn tr_expr_uncached(&mut self, e: &Expr) -> Result<Matrix, SolveError> {
        crate::stack::guard(|| self.tr_expr_uncached_unguarded(e))
    }

    fn tr_expr_uncached_unguarded(&mut self, e: &Expr) -> Result<Matrix, SolveError> {
        use ExprKind::*;
        let n = self.universe;
        Ok(match e.kind() {
            Rel(r) => self.relations[r.0 as usize].clone(),
            Var(v) => match self.env.get(v) {
                Some(binding) => binding.matrix.clone(),
                Option::None => panic!("variable v{} is used outside its quantifier", v.0),
            },
            Const(ts) => Matrix::constant(ts, n),
            Univ => self.univ.clone(),
            Iden => self.iden.clone(),
            None => Matrix::empty(e.arity(), n),
            Union(a, b) => {
                let (a, b) = (self.tr_expr(a)?, self.tr_expr(b)?);
                a.union(&b, &mut self.circuit)
            }
            Intersection(a, b) => {
                let a = self.tr_expr(a)?;
                if a.is_empty() {
                    return Ok(a);
                }
                let b = self.tr_expr(b)?;
                a.intersection(&b, &mut self.circuit)
            }
            Difference(a, b) => {
                let a = self.tr_expr(a)?;
                if a.is_empty() {
                    return Ok(a);
                }
                let b = self.tr_expr(b)?;
                a.difference(&b, &mut self.circuit)
            }
            Override(a, b) => {
                let (a, b) = (self.tr_expr(a)?, self.tr_expr(b)?);
                a.override_(&b, &mut self.circuit)
            }
            Join(a, b) => {
                let a = self.tr_expr(a)?;
                if a.is_empty() {
                    return Ok(Matrix::empty(e.arity(), n));
                }
                let b = self.tr_expr(b)?;
                a.join(&b, &mut self.circuit)
            }
            Product(a, b) => {
                let a = self.tr_expr(a)?;
                if a.is_empty() {
                    return Ok(Matrix::empty(e.arity(), n));
                }
                let b = self.tr_expr(b)?;
                a.product(&b, &mut self.circuit)
            }
            Transpose(a) => self.tr_expr(a)?.transpose(),
            Prime(_) => {
                unreachable!("primed expressions are unrolled (logic::temporal) before translation")
            }
            Closure(a) => self.tr_expr(a)?.closure(&mut self.circuit),
            ReflexiveClosure(a) => self.tr_expr(a)?.reflexive_closure(&mut self.circuit),
            DomainRestrict(s, r) => {
                let (s, r) = (self.tr_expr(s)?, self.tr_expr(r)?);
                r.domain_restrict(&s, &mut self.circuit)
            }
            RangeRestrict(r, s) => {
                let (r, s) = (self.tr_expr(r)?, self.tr_expr(s)?);
                r.range_restrict(&s, &mut self.circuit)
            }
            IfThenElse(cond, a, b) => {
                let cond = self.non_positive(|t| t.tr_formula(cond))?;
                let a = if cond == Bit::FALSE {
                    Matrix::empty(e.arity(), n)
                } else {
                    self.tr_expr(a)?
                };
                let b = if cond == Bit::TRUE {
                    Matrix::empty(e.arity(), n)
                } else {
                    self.tr_expr(b)?
                };
                Matrix::ite(cond, &a, &b, &mut self.circuit)
            }
            Comprehension(decls, body) => {
                let mut cells = Vec::new();
                self.for_each_grounding(decls, 0, 0, Bit::TRUE, &mut |t, prefix, guard| {
                    let holds = t.non_positive(|t| t.tr_formula(body))?;
                    let bit = t.circuit.and2(guard, holds);
                    if bit != Bit::FALSE {
                        cells.push((prefix, bit));
                    }
                    Ok(())
                })?;
                Matrix::from_sorted(e.arity(), n, cells)
            }
            IntAtom(i) => self.int_atom(i)?,
        })
    }
}
