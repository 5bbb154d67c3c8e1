//! Integer expressions, wrapped to the universe's bitwidth, with their overflow.

use super::{EvalError, Evaluator};
use crate::instance::ints;
use crate::logic::{IntExpr, IntExprKind};

impl Evaluator<'_> {
    fn bitwidth(&self, i: &IntExpr) -> Result<u32, EvalError> {
        self.instance.universe.bitwidth().ok_or_else(|| {
            EvalError::new(format!("`{i}` needs integers, but the universe has none"))
        })
    }

    /// The value of an integer expression (wrapped to the bitwidth) and whether computing
    /// it overflowed anywhere.
    pub(super) fn int(&mut self, i: &IntExpr) -> Result<(i64, bool), EvalError> {
        crate::stack::guard(|| self.int_unguarded(i))
    }

    fn int_unguarded(&mut self, i: &IntExpr) -> Result<(i64, bool), EvalError> {
        let bw = self.bitwidth(i)?;
        use IntExprKind::*;
        Ok(match i.kind() {
            Const(v) => (ints::wrap(*v as i128, bw), !ints::fits(*v as i128, bw)),
            Card(e) => {
                let n = self.expr(e)?.len() as i128;
                (ints::wrap(n, bw), !ints::fits(n, bw))
            }
            SumAtoms(e) => {
                let set = self.unary(e, "int")?;
                let universe = &self.instance.universe;
                let ints = universe
                    .ints()
                    .expect("a universe with a bitwidth has integers");
                let present: Vec<bool> = (0..ints.count())
                    .map(|k| set.contains(&[ints.first + k]))
                    .collect();
                ints::sum_of_set(&present, bw)
            }
            Binary(op, a, b) => {
                let (a, a_over) = self.int(a)?;
                let (b, b_over) = self.int(b)?;
                let (v, over) = ints::apply(*op, a, b, bw);
                (v, over || a_over || b_over)
            }
            IfThenElse(c, a, b) => {
                if self.formula(c)? {
                    self.int(a)?
                } else {
                    self.int(b)?
                }
            }
            Sum(decls, body) => {
                let mark = self.env.len();
                let mut total = 0i128;
                let mut over = false;
                // Exactly, unwrapped: the total's overflow is whether it fits.
                let result =
                    self.for_each_binding(decls, "`sum`", &mut Vec::new(), &mut |ev, _| {
                        let (v, o) = ev.int(body)?;
                        total += v as i128;
                        over |= o;
                        Ok(())
                    });
                self.env.truncate(mark);
                result?;
                (ints::wrap(total, bw), over || !ints::fits(total, bw))
            }
        })
    }
}
