//! Integer expressions to bit vectors, and comparisons through ladders (the order
//! encoding) where a set provably holds at most one integer.

use super::Translator;

use crate::logic::{Expr, ExprKind, IntAtoms, IntCmp, IntExpr, IntExprKind, IntOp, SolveError};
use crate::translate::bitvec::BitVec;
use crate::translate::circuit::{Bit, Gate};
use crate::translate::ladder::Ladder;
use crate::translate::matrix::Matrix;

impl Translator {
    fn bitwidth(&self) -> Result<u32, SolveError> {
        self.bounds.universe.bitwidth().ok_or_else(|| {
            SolveError::TooLarge("an integer expression in a universe without integers".into())
        })
    }

    pub(super) fn tr_int(&mut self, i: &IntExpr) -> Result<BitVec, SolveError> {
        let key = self.cache_key(i.node_id(), matches!(i.kind(), IntExprKind::Const(_)));
        if let Some(key) = &key
            && let Some(v) = self.int_cache.get(key)
        {
            self.cache_hits += 1;
            return Ok(v.clone());
        }
        let v = self.tr_int_uncached(i)?;
        self.check()?;
        if let Some(key) = key {
            self.int_cache.insert(key, v.clone());
        }
        Ok(v)
    }

    fn tr_int_uncached(&mut self, i: &IntExpr) -> Result<BitVec, SolveError> {
        crate::stack::guard(|| self.tr_int_uncached_unguarded(i))
    }

    fn tr_int_uncached_unguarded(&mut self, i: &IntExpr) -> Result<BitVec, SolveError> {
        let bw = self.bitwidth()?;
        use IntExprKind::*;
        Ok(match i.kind() {
            Const(v) => BitVec::constant(*v, bw),
            Card(e) => {
                let m = self.tr_expr(e)?;
                BitVec::count(&m.bits(), bw, &mut self.circuit)
            }
            SumAtoms(e) if at_most_one_int(e) => {
                // At most one atom (`Int[i]`, `none`, a choice between such): its value,
                // or 0, and no addition that could overflow. The general case below would
                // compare and add all 2^bitwidth integers for the same result.
                self.single_int(e, bw)?
            }
            SumAtoms(e) => {
                // Kodkod's order: every integer in ascending order (absent ones are 0),
                // added by halves; the overflow flag depends on that order
                // (`instance::ints::sum_of_set`).
                let m = self.tr_expr(e)?;
                let Some(ints) = self.bounds.universe.ints() else {
                    return Ok(BitVec::constant(0, bw));
                };
                let leaves: Vec<BitVec> = (0..ints.count())
                    .map(|k| {
                        let member = m.get((ints.first + k) as u64);
                        let value = BitVec::constant(ints.min() + k as i64, bw);
                        BitVec {
                            bits: value
                                .bits
                                .iter()
                                .map(|&b| if b == Bit::TRUE { member } else { Bit::FALSE })
                                .collect(),
                            overflow: Bit::FALSE,
                        }
                    })
                    .collect();
                self.sum_by_halves(&leaves, bw)
            }
            Binary(op, a, b) => {
                let a = self.tr_int(a)?;
                let b = self.tr_int(b)?;
                BitVec::apply(*op, &a, &b, bw, &mut self.circuit)
            }
            IfThenElse(cond, a, b) => {
                let cond = self.non_positive(|t| t.tr_formula(cond))?;
                let a = self.tr_int(a)?;
                let b = self.tr_int(b)?;
                BitVec::ite(cond, &a, &b, &mut self.circuit)
            }
            Sum(decls, body) => {
                let mut terms = Vec::new();
                // One term per grounding: the body's value where the atoms are in bounds.
                self.for_each_grounding(decls, 0, 0, Bit::TRUE, &mut |t, _, guard| {
                    let value = t.non_positive(|t| t.tr_int(body))?;
                    terms.push((guard, value));
                    Ok(())
                })?;
                BitVec::sum(&terms, bw, &mut self.circuit)
            }
        })
    }

    /// `a cmp b` through [`Ladder`]s, when each side is a constant or `int[e]` of a set
    /// `e` that provably holds at most one integer; `None` otherwise (adders then).
    pub(super) fn compare_by_ladders(
        &mut self,
        cmp: IntCmp,
        a: &IntExpr,
        b: &IntExpr,
    ) -> Result<Option<Bit>, SolveError> {
        let Some(la) = self.ladder(a)? else {
            return Ok(None);
        };
        let Some(lb) = self.ladder(b)? else {
            return Ok(None);
        };
        self.ladder_comparisons += 1;
        Ok(Some(Ladder::compare(cmp, &la, &lb, &mut self.circuit)))
    }

    /// The ladder of a constant, or of `int[e]` for a set `e` of at most one integer.
    fn ladder(&mut self, i: &IntExpr) -> Result<Option<Ladder>, SolveError> {
        let bw = self.bitwidth()?;
        let Some(ints) = self.bounds.universe.ints() else {
            return Ok(None);
        };
        let count = ints.count() as usize;
        Ok(match i.kind() {
            IntExprKind::Const(v) => BitVec::constant(*v, bw)
                .value()
                .map(|v| Ladder::constant(v, ints.min(), count)),
            IntExprKind::SumAtoms(e) => {
                let m = self.tr_expr(e)?;
                let members = int_cells(&m, 0, ints);
                (self.at_most_one_known(&members, SPLIT_DEPTH) || self.lone_join(e)?)
                    .then(|| Ladder::of_members(&members, ints.min(), &mut self.circuit))
            }
            _ => None,
        })
    }

    /// `e` is `s.r` for a set `s` of at most one atom (a skolemized `some x: S`, a
    /// predicate's parameter) and every row of `r` that `s` may select has at most one
    /// integer: then so has `e`, whichever atom `s` holds.
    fn lone_join(&mut self, e: &Expr) -> Result<bool, SolveError> {
        let ExprKind::Join(s, r) = e.kind() else {
            return Ok(false);
        };
        if s.arity() != 1 || r.arity() != 2 {
            return Ok(false);
        }
        let Some(ints) = self.bounds.universe.ints() else {
            return Ok(false);
        };
        let selectors = self.tr_expr(s)?;
        if !self.at_most_one_known(&selectors.bits(), SPLIT_DEPTH) {
            return Ok(false);
        }
        let rows = self.tr_expr(r)?;
        for &(atom, _) in selectors.cells() {
            let row = int_cells(&rows, atom * self.universe as u64, ints);
            if !self.at_most_one_known(&row, SPLIT_DEPTH) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether at most one of `members` is true in every model of the asserted facts:
    /// the circuit folds it to a constant, or it is a fact, or, split on a condition that
    /// chooses between members (an if-then-else, or `c and x or not c and y`), both
    /// branches are (`depth` splits at most). `{i | c implies i in A else i in B}` has
    /// at most one member when `A` and `B` do.
    fn at_most_one_known(&mut self, members: &[Bit], depth: u32) -> bool {
        let lone = self.circuit.at_most(members, 1);
        if lone == Bit::TRUE || self.lone_by_facts(lone, members) {
            return true;
        }
        if depth == 0 {
            return false;
        }
        let Some(cond) = members.iter().find_map(|&m| self.choice(m)) else {
            return false;
        };
        let (then, els): (Vec<Bit>, Vec<Bit>) = members
            .iter()
            .map(|&m| self.cofactors(m, cond, COFACTOR_DEPTH))
            .unzip();
        self.at_most_one_known(&then, depth - 1) && self.at_most_one_known(&els, depth - 1)
    }

    /// The condition `m` chooses by, as a positive literal: `c` of an if-then-else, or a
    /// literal that occurs both ways among the conjuncts of `m`'s disjuncts.
    fn choice(&self, m: Bit) -> Option<Bit> {
        match self.circuit.gate(m) {
            Gate::Ite(c, _, _) => Some(c),
            Gate::And(parts) => {
                let mut seen: Vec<Bit> = Vec::new();
                for &p in parts {
                    if let Gate::And(inner) = self.circuit.gate(p) {
                        if let Some(&l) = inner.iter().find(|&&l| seen.contains(&!l)) {
                            return Some(l.positive());
                        }
                        seen.extend_from_slice(inner);
                    }
                }
                None
            }
            _ => None,
        }
    }

    /// The values of `m` where the positive literal `cond` is true and where it is false,
    /// read off `m`'s gates down to `depth` levels (below, a gate is its own cofactor:
    /// right, if less simplified).
    fn cofactors(&mut self, m: Bit, cond: Bit, depth: u32) -> (Bit, Bit) {
        if m.node() == cond.node() {
            return if m == cond {
                (Bit::TRUE, Bit::FALSE)
            } else {
                (Bit::FALSE, Bit::TRUE)
            };
        }
        let gate = m.positive();
        if depth == 0 || m.is_const() {
            return (m, m);
        }
        let (t, e) = match self.circuit.gate(gate) {
            Gate::Ite(c, t, e) if c == cond => (t, e),
            Gate::And(inputs) => {
                let inputs = inputs.to_vec();
                let mut sides = [Vec::new(), Vec::new()];
                for b in inputs {
                    let (t, e) = self.cofactors(b, cond, depth - 1);
                    sides[0].push(t);
                    sides[1].push(e);
                }
                let [t, e] = sides;
                (self.circuit.and(&t), self.circuit.and(&e))
            }
            _ => (gate, gate),
        };
        if m.is_negated() { (!t, !e) } else { (t, e) }
    }

    /// `int[e]` for an `e` of [`at_most_one_int`] shape.
    fn single_int(&mut self, e: &Expr, bw: u32) -> Result<BitVec, SolveError> {
        Ok(match e.kind() {
            ExprKind::IntAtom(i) => BitVec {
                bits: self.tr_int(i)?.bits,
                overflow: Bit::FALSE,
            },
            ExprKind::IfThenElse(c, a, b) => {
                let cond = self.non_positive(|t| t.tr_formula(c))?;
                let a = self.single_int(a, bw)?;
                let b = self.single_int(b, bw)?;
                BitVec::ite(cond, &a, &b, &mut self.circuit)
            }
            _ => BitVec::constant(0, bw),
        })
    }

    fn sum_by_halves(&mut self, leaves: &[BitVec], bw: u32) -> BitVec {
        match leaves {
            [] => BitVec::constant(0, bw),
            [one] => one.clone(),
            _ => {
                let mid = (leaves.len() - 1) / 2;
                let a = self.sum_by_halves(&leaves[..=mid], bw);
                let b = self.sum_by_halves(&leaves[mid + 1..], bw);
                BitVec::apply(IntOp::Plus, &a, &b, bw, &mut self.circuit)
            }
        }
    }

    /// `Int[i]`: for each `Int` atom, whether `i` has its value.
    pub(super) fn int_atom(&mut self, i: &IntExpr) -> Result<Matrix, SolveError> {
        let bw = self.bitwidth()?;
        let value = self.tr_int(i)?;
        let Some(ints) = self.bounds.universe.ints() else {
            return Ok(Matrix::empty(1, self.universe));
        };
        let mut cells = Vec::new();
        for offset in 0..ints.count() {
            let k = BitVec::constant(ints.min() + offset as i64, bw);
            let bit = BitVec::compare(IntCmp::Eq, &value, &k, &mut self.circuit);
            if bit != Bit::FALSE {
                cells.push(((ints.first + offset) as u64, bit));
            }
        }
        Ok(Matrix::from_sorted(1, self.universe, cells))
    }
}

/// Shannon splits [`Translator::at_most_one_known`] tries: enough for programs that
/// choose between values through a few nested if-then-elses.
const SPLIT_DEPTH: u32 = 4;

/// Gate levels [`Translator::cofactors`] looks through: `c and x or not c and y` is two.
const COFACTOR_DEPTH: u32 = 2;

/// The cells of `m` at `offset` plus each `Int` atom, in ascending value: the integers a
/// set holds (offset 0), or a row of a binary relation (offset `atom * universe`).
fn int_cells(m: &Matrix, offset: u64, ints: IntAtoms) -> Vec<Bit> {
    (0..ints.count() as u64)
        .map(|k| m.get(offset + ints.first as u64 + k))
        .collect()
}

/// `int[e]` of a general set `e`, where [`Translator::compare_by_ladders`] applies.
pub(super) fn is_set_sum(i: &IntExpr) -> bool {
    matches!(i.kind(), IntExprKind::SumAtoms(e) if !at_most_one_int(e))
}

/// `e` has at most one integer by its shape (`Int[i]`, `none`, a choice between such).
fn at_most_one_int(e: &Expr) -> bool {
    match e.kind() {
        ExprKind::IntAtom(_) | ExprKind::None => true,
        ExprKind::IfThenElse(_, a, b) => at_most_one_int(a) && at_most_one_int(b),
        _ => false,
    }
}
