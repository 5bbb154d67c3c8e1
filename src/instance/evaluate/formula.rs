//! Formulas: connectives, comparisons and multiplicity tests, with subset tests that
//! avoid building their left side.

use super::expr::Operand;
use super::operators::{is_strict_total_order, is_total_order, successor_lists};
use super::{EvalError, Evaluator};
use crate::instance::ints;
use crate::logic::{Atom, CardCmp, Expr, ExprKind, Formula, FormulaKind, MultTest};

impl Evaluator<'_> {
    pub(super) fn formula(&mut self, f: &Formula) -> Result<bool, EvalError> {
        crate::stack::guard(|| self.formula_unguarded(f))
    }

    fn formula_unguarded(&mut self, f: &Formula) -> Result<bool, EvalError> {
        use FormulaKind::*;
        Ok(match f.kind() {
            Const(b) => *b,
            And(fs) => {
                for g in fs {
                    if !self.formula(g)? {
                        return Ok(false);
                    }
                }
                true
            }
            Or(fs) => {
                for g in fs {
                    if self.formula(g)? {
                        return Ok(true);
                    }
                }
                false
            }
            Not(g) => !self.formula(g)?,
            Temporal(op, g) => self.temporal(*op, g)?,
            TemporalBinary(op, a, b) => self.temporal_binary(*op, a, b)?,
            Implies(a, b) => !self.formula(a)? || self.formula(b)?,
            Iff(a, b) => self.formula(a)? == self.formula(b)?,
            Subset(a, b) => {
                if let ExprKind::Join(l, r) = a.kind()
                    && let Some(holds) = self.join_within(l, r, b)?
                {
                    return Ok(holds);
                }
                if let ExprKind::Product(l, r) = a.kind()
                    && let Some(holds) = self.pair_within(l, r, b)?
                {
                    return Ok(holds);
                }
                // `t -> s in r` inside a quantifier: read `r` in place, not copied.
                let va = self.expr(a)?;
                let vb = self.value_ref(b)?;
                if va.arity() != vb.arity() {
                    return Err(EvalError::new(format!(
                        "operands of `in` have arities {} and {}: `{a}`, `{b}`",
                        va.arity(),
                        vb.arity()
                    )));
                }
                va.is_subset(&vb)
            }
            Equal(a, b) => {
                let (a, b) = self.same_arity_pair(a, b, "=")?;
                a == b
            }
            Mult(m, e) => {
                let n = self.value_ref(e)?.len();
                match m {
                    MultTest::Some => n >= 1,
                    MultTest::No => n == 0,
                    MultTest::Lone => n <= 1,
                    MultTest::One => n == 1,
                }
            }
            Cardinality(cmp, e, k) => {
                let n = self.expr(e)?.len();
                match cmp {
                    CardCmp::AtMost => n <= *k,
                    CardCmp::AtLeast => n >= *k,
                    CardCmp::Exactly => n == *k,
                }
            }
            Quant(q, decls, body) => {
                let mark = self.env.len();
                let result = self.quantifier(*q, decls, body);
                self.env.truncate(mark);
                result?
            }
            TotalOrder { elems, first, next } => {
                let elems = self.unary(elems, "totalOrder")?;
                let first = self.unary(first, "totalOrder")?;
                let next = self.binary(next, "totalOrder")?;
                is_total_order(&elems, &first, &next)
            }
            StrictOrder { rel, elems } => {
                let rel = self.binary(rel, "strictTotalOrder")?;
                let elems = self.unary(elems, "strictTotalOrder")?;
                is_strict_total_order(&rel, &elems)
            }
            IntCompare(cmp, a, b) => {
                let (a, _) = self.int(a)?;
                let (b, _) = self.int(b)?;
                ints::compare(*cmp, a, b)
            }
            Overflows(i) => self.int(i)?.1,
        })
    }

    /// `l.r in c` for binary relations, without building `l.r` (a commit order joined
    /// with a visibility has n^3 pairs to insert): each row of `c` becomes a bit set, and
    /// every two-step path is looked up in it. `None` when the operands are not binary.
    fn join_within(&mut self, l: &Expr, r: &Expr, c: &Expr) -> Result<Option<bool>, EvalError> {
        if l.arity() != 2 || r.arity() != 2 || c.arity() != 2 {
            return Ok(Option::None);
        }
        let (lo, ro, co) = (self.operand(l)?, self.operand(r)?, self.operand(c)?);
        // Evaluating a later operand may have cleared the memo an earlier one is in.
        let kept = |o: &Operand| !matches!(o, Operand::Memo(key) if !self.memo.contains_key(key));
        if !(kept(&lo) && kept(&ro) && kept(&co)) {
            return Ok(Option::None);
        }
        let (lv, rv, cv) = (
            self.operand_value(l, &lo),
            self.operand_value(r, &ro),
            self.operand_value(c, &co),
        );
        if lv.arity() != 2 || rv.arity() != 2 || cv.arity() != 2 {
            return Ok(Option::None);
        }
        let successors = successor_lists(rv);
        let words = self.instance.universe.len().div_ceil(64);
        let mut row = vec![0u64; words];
        let mut row_of = Option::None;
        for t in lv {
            let Some(next) = successors.get(&t[1]) else {
                continue;
            };
            if row_of != Some(t[0]) {
                row.iter_mut().for_each(|w| *w = 0);
                for u in cv.starting_with(t[0]) {
                    let z = u[1] as usize;
                    if z / 64 >= words {
                        return Ok(Option::None);
                    }
                    row[z / 64] |= 1 << (z % 64);
                }
                row_of = Some(t[0]);
            }
            let outside = |z: &Atom| {
                let z = *z as usize;
                z / 64 >= words || row[z / 64] >> (z % 64) & 1 == 0
            };
            if next.iter().any(outside) {
                return Ok(Some(false));
            }
        }
        Ok(Some(true))
    }

    /// `x -> y in c` where `x` and `y` are single tuples (quantified variables, mostly):
    /// one lookup, without building the product. `None` otherwise.
    fn pair_within(&mut self, x: &Expr, y: &Expr, c: &Expr) -> Result<Option<bool>, EvalError> {
        let pair = match (self.in_place(x), self.in_place(y)) {
            (Some(vx), Some(vy)) if vx.len() == 1 && vy.len() == 1 => {
                let mut pair = vx.iter().next().expect("one tuple").to_vec();
                pair.extend_from_slice(vy.iter().next().expect("one tuple"));
                pair
            }
            _ => return Ok(Option::None),
        };
        let vc = self.value_ref(c)?;
        if vc.arity() != pair.len() {
            return Ok(Option::None);
        }
        Ok(Some(vc.contains(&pair)))
    }
}
