//! Formulas to circuit literals, with the order predicates.

use super::Translator;
use super::int::is_set_sum;

use crate::logic::{Formula, FormulaKind, MultTest, SolveError};
use crate::translate::bitvec::BitVec;
use crate::translate::circuit::Bit;
use crate::translate::matrix::Matrix;

impl Translator {
    pub(super) fn tr_formula(&mut self, f: &Formula) -> Result<Bit, SolveError> {
        let key = self.cache_key(f.node_id(), matches!(f.kind(), FormulaKind::Const(_)));
        if let Some(key) = &key
            && let Some(&bit) = self.formula_cache.get(key)
        {
            self.cache_hits += 1;
            return Ok(bit);
        }
        let bit = self.tr_formula_uncached(f)?;
        if let Some(key) = key {
            self.formula_cache.insert(key, bit);
        }
        Ok(bit)
    }

    fn tr_formula_uncached(&mut self, f: &Formula) -> Result<Bit, SolveError> {
        crate::stack::guard(|| self.tr_formula_uncached_unguarded(f))
    }

    fn tr_formula_uncached_unguarded(&mut self, f: &Formula) -> Result<Bit, SolveError> {
        use FormulaKind::*;
        Ok(match f.kind() {
            Const(b) => Bit::from_bool(*b),
            And(fs) => {
                let mut bits = Vec::with_capacity(fs.len());
                for g in fs {
                    let bit = self.tr_formula(g)?;
                    if bit == Bit::FALSE {
                        return Ok(Bit::FALSE);
                    }
                    bits.push(bit);
                }
                self.circuit.and(&bits)
            }
            Or(fs) => {
                let mut bits = Vec::with_capacity(fs.len());
                for g in fs {
                    let bit = self.tr_formula(g)?;
                    if bit == Bit::TRUE {
                        return Ok(Bit::TRUE);
                    }
                    bits.push(bit);
                }
                self.circuit.or(&bits)
            }
            Not(g) => !self.non_positive(|t| t.tr_formula(g))?,
            Implies(a, b) => {
                let a = self.non_positive(|t| t.tr_formula(a))?;
                if a == Bit::FALSE {
                    return Ok(Bit::TRUE);
                }
                let b = self.tr_formula(b)?;
                self.circuit.implies(a, b)
            }
            Iff(a, b) => {
                let a = self.non_positive(|t| t.tr_formula(a))?;
                let b = self.non_positive(|t| t.tr_formula(b))?;
                self.circuit.iff(a, b)
            }
            Subset(a, b) => {
                let a = self.tr_expr(a)?;
                if a.is_empty() {
                    return Ok(Bit::TRUE);
                }
                let b = self.tr_expr(b)?;
                a.subset(&b, &mut self.circuit)
            }
            Equal(a, b) => {
                let a = self.tr_expr(a)?;
                let b = self.tr_expr(b)?;
                a.equal(&b, &mut self.circuit)
            }
            Mult(m, e) => {
                let e = self.tr_expr(e)?;
                let c = &mut self.circuit;
                match m {
                    MultTest::Some => e.some(c),
                    MultTest::No => e.no(c),
                    MultTest::Lone => e.lone(c),
                    MultTest::One => e.one(c),
                }
            }
            Cardinality(cmp, e, k) => {
                let e = self.tr_expr(e)?;
                e.cardinality(*cmp, *k, &mut self.circuit)
            }
            Quant(q, decls, body) => self.quant(*q, decls, 0, body)?,
            TotalOrder { elems, first, next } => {
                let elems = self.tr_expr(elems)?;
                let first = self.tr_expr(first)?;
                let next = self.tr_expr(next)?;
                self.total_order(&elems, &first, &next)
            }
            StrictOrder { rel, elems } => {
                let rel = self.tr_expr(rel)?;
                let elems = self.tr_expr(elems)?;
                self.strict_order(&rel, &elems)
            }
            IntCompare(cmp, a, b) => {
                let ordered = if self.int_ladders && (is_set_sum(a) || is_set_sum(b)) {
                    self.compare_by_ladders(*cmp, a, b)?
                } else {
                    None
                };
                match ordered {
                    Some(bit) => bit,
                    None => {
                        let a = self.tr_int(a)?;
                        let b = self.tr_int(b)?;
                        BitVec::compare(*cmp, &a, &b, &mut self.circuit)
                    }
                }
            }
            Overflows(i) => self.tr_int(i)?.overflow,
            Temporal(..) | TemporalBinary(..) => {
                unreachable!("temporal formulas are unrolled (logic::temporal) before translation")
            }
        })
    }

    /// `rel` is a strict total order on `elems`: within `elems -> elems`, irreflexive,
    /// transitive, and any two distinct elements related one way or the other.
    fn strict_order(&mut self, rel: &Matrix, elems: &Matrix) -> Bit {
        let n = self.universe as u64;
        let c = &mut self.circuit;
        let square = elems.product(elems, c);
        let mut parts = vec![rel.subset(&square, c)];
        for a in 0..n {
            parts.push(!rel.get(a * n + a));
        }
        let twice = rel.join(rel, c);
        parts.push(twice.subset(rel, c));
        let members: Vec<(u64, Bit)> = elems.cells().to_vec();
        for (i, &(a, in_a)) in members.iter().enumerate() {
            for &(b, in_b) in &members[i + 1..] {
                let both = c.and2(in_a, in_b);
                let related = c.or2(rel.get(a * n + b), rel.get(b * n + a));
                parts.push(c.implies(both, related));
            }
        }
        c.and(&parts)
    }

    /// `next` is the successor relation of a strict total order on `elems` starting at
    /// `first`: one first, first in elems, next in elems->elems, at most one successor and
    /// one predecessor each, no predecessor of first, every element reachable from first,
    /// and no cycle.
    fn total_order(&mut self, elems: &Matrix, first: &Matrix, next: &Matrix) -> Bit {
        let n = self.universe as u64;
        let c = &mut self.circuit;
        let mut parts = vec![first.one(c), first.subset(elems, c)];
        let square = elems.product(elems, c);
        parts.push(next.subset(&square, c));
        let mut successors: Vec<Vec<Bit>> = vec![Vec::new(); self.universe];
        let mut predecessors: Vec<Vec<Bit>> = vec![Vec::new(); self.universe];
        for &(index, bit) in next.cells() {
            successors[(index / n) as usize].push(bit);
            predecessors[(index % n) as usize].push(bit);
            // No predecessor of first.
            let first_has_pred = c.and2(first.get(index % n), bit);
            parts.push(!first_has_pred);
        }
        for group in successors.iter().chain(&predecessors) {
            if group.len() > 1 {
                parts.push(c.at_most(group, 1));
            }
        }
        let closure = next.closure(c);
        let beyond = first.join(&closure, c);
        let reachable = first.union(&beyond, c);
        parts.push(elems.subset(&reachable, c));
        for a in 0..n {
            parts.push(!closure.get(a * n + a));
        }
        c.and(&parts)
    }
}
