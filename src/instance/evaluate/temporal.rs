//! Temporal connectives and primes on a lasso trace, straight from their meaning over
//! the infinite trace the lasso stands for.
//!
//! The trace is laid out as positions `0..N`: the states as given, then the loop
//! (`loop_to..n`) repeated `past depth + 1` more times, and the last position's successor
//! one lap back. A past formula of nesting depth `d` has the same value in every lap from
//! the `d`-th on, so on these positions past operators read exactly the finite prefix that
//! precedes them, and future operators wrap around a lap that behaves like every later
//! one. This layout is the evaluator's own: it shares nothing with the unrolling that the
//! solver uses (`logic::temporal`).

use super::{EvalError, Evaluator};
use crate::instance::{Instance, Trace};
use crate::logic::{Expr, Formula, FormulaKind, TemporalBinOp, TemporalOp};

/// Where the evaluator is in a trace.
#[derive(Clone, Copy)]
pub(super) struct TracePosition<'a> {
    pub states: &'a [Instance],
    pub loop_to: usize,
    /// Positions laid out (see the module comment).
    pub len: usize,
    /// The current one.
    pub pos: usize,
}

impl TracePosition<'_> {
    pub(super) fn new(trace: &Trace, past_depth: usize) -> TracePosition<'_> {
        let n = trace.states.len();
        let lap = n - trace.loop_to;
        TracePosition {
            states: &trace.states,
            loop_to: trace.loop_to,
            len: n + (past_depth + 1) * lap,
            pos: 0,
        }
    }

    fn lap(&self) -> usize {
        self.states.len() - self.loop_to
    }

    pub(super) fn state_of(&self, p: usize) -> usize {
        let n = self.states.len();
        if p < n {
            p
        } else {
            self.loop_to + (p - self.loop_to) % self.lap()
        }
    }

    fn next(&self, p: usize) -> usize {
        if p + 1 < self.len {
            p + 1
        } else {
            self.len - self.lap()
        }
    }
}

/// The deepest nesting of past connectives in `f`.
pub(super) fn past_depth(f: &Formula) -> usize {
    let mut formulas = vec![(f.clone(), 0usize)];
    let mut exprs: Vec<(Expr, usize)> = Vec::new();
    let mut deepest = 0;
    let mut seen = std::collections::HashSet::new();
    loop {
        if let Some((g, depth)) = formulas.pop() {
            if !seen.insert((g.node_id(), depth)) {
                continue;
            }
            let (inner, past) = match g.kind() {
                FormulaKind::Temporal(op, a) => (vec![a.clone()], op.is_past()),
                FormulaKind::TemporalBinary(op, a, b) => (vec![a.clone(), b.clone()], op.is_past()),
                _ => {
                    let (mut fs, mut es) = (Vec::new(), Vec::new());
                    g.subterms(&mut fs, &mut es);
                    formulas.extend(fs.into_iter().map(|x| (x, depth)));
                    exprs.extend(es.into_iter().map(|x| (x, depth)));
                    continue;
                }
            };
            let depth = depth + usize::from(past);
            deepest = deepest.max(depth);
            formulas.extend(inner.into_iter().map(|x| (x, depth)));
        } else if let Some((e, depth)) = exprs.pop() {
            let (mut fs, mut es) = (Vec::new(), Vec::new());
            e.subterms(&mut fs, &mut es);
            formulas.extend(fs.into_iter().map(|x| (x, depth)));
            exprs.extend(es.into_iter().map(|x| (x, depth)));
        } else {
            return deepest;
        }
    }
}

impl<'a> Evaluator<'a> {
    fn trace(&self) -> Result<TracePosition<'a>, EvalError> {
        self.trace
            .ok_or_else(|| EvalError::new("a temporal formula needs a trace to be evaluated on"))
    }

    /// Runs `f` at position `p` of the trace, then comes back.
    pub(super) fn at<T>(
        &mut self,
        p: usize,
        f: impl FnOnce(&mut Self) -> Result<T, EvalError>,
    ) -> Result<T, EvalError> {
        let mut trace = self.trace()?;
        let (old_pos, old_instance) = (trace.pos, self.instance);
        let moved = trace.state_of(p) != trace.state_of(old_pos);
        trace.pos = p;
        self.trace = Some(trace);
        self.instance = &trace.states[trace.state_of(p)];
        if moved {
            self.forget_values();
        }
        let result = f(self);
        trace.pos = old_pos;
        self.trace = Some(trace);
        self.instance = old_instance;
        if moved {
            self.forget_values();
        }
        result
    }

    /// Values remembered by node are those of one state.
    fn forget_values(&mut self) {
        self.memo.clear();
        self.by_last_atom.clear();
    }

    fn holds_at(&mut self, p: usize, f: &Formula) -> Result<bool, EvalError> {
        self.at(p, |ev| ev.formula(f))
    }

    pub(super) fn prime(&mut self, e: &Expr) -> Result<crate::logic::TupleSet, EvalError> {
        let trace = self.trace()?;
        let next = trace.next(trace.pos);
        self.at(next, |ev| ev.expr(e))
    }

    /// The positions from `p` on, each once, in the order the trace visits them.
    fn future(trace: &TracePosition<'_>, p: usize) -> Vec<usize> {
        let mut out = vec![p];
        let mut seen = vec![false; trace.len];
        seen[p] = true;
        let mut q = trace.next(p);
        while !seen[q] {
            seen[q] = true;
            out.push(q);
            q = trace.next(q);
        }
        out
    }

    pub(super) fn temporal(&mut self, op: TemporalOp, f: &Formula) -> Result<bool, EvalError> {
        let trace = self.trace()?;
        let p = trace.pos;
        match op {
            TemporalOp::After => self.holds_at(trace.next(p), f),
            TemporalOp::Before => match p {
                0 => Ok(false),
                _ => self.holds_at(p - 1, f),
            },
            TemporalOp::Always => {
                for q in Self::future(&trace, p) {
                    if !self.holds_at(q, f)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            TemporalOp::Eventually => {
                for q in Self::future(&trace, p) {
                    if self.holds_at(q, f)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            TemporalOp::Historically => {
                for q in 0..=p {
                    if !self.holds_at(q, f)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            TemporalOp::Once => {
                for q in 0..=p {
                    if self.holds_at(q, f)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
        }
    }

    pub(super) fn temporal_binary(
        &mut self,
        op: TemporalBinOp,
        a: &Formula,
        b: &Formula,
    ) -> Result<bool, EvalError> {
        let trace = self.trace()?;
        let p = trace.pos;
        match op {
            // Some later position has `b`, and every one before it `a`.
            TemporalBinOp::Until => {
                for q in Self::future(&trace, p) {
                    if self.holds_at(q, b)? {
                        return Ok(true);
                    }
                    if !self.holds_at(q, a)? {
                        return Ok(false);
                    }
                }
                Ok(false)
            }
            // `b` holds up to and including the first position with `a`, or forever.
            TemporalBinOp::Releases => {
                for q in Self::future(&trace, p) {
                    if !self.holds_at(q, b)? {
                        return Ok(false);
                    }
                    if self.holds_at(q, a)? {
                        return Ok(true);
                    }
                }
                Ok(true)
            }
            // Some earlier position has `b`, and every one after it (up to now) `a`.
            TemporalBinOp::Since => {
                for q in (0..=p).rev() {
                    if self.holds_at(q, b)? {
                        return Ok(true);
                    }
                    if !self.holds_at(q, a)? {
                        return Ok(false);
                    }
                }
                Ok(false)
            }
            // `b` holds back to and including the last position with `a`, or always.
            TemporalBinOp::Triggered => {
                for q in (0..=p).rev() {
                    if !self.holds_at(q, b)? {
                        return Ok(false);
                    }
                    if self.holds_at(q, a)? {
                        return Ok(true);
                    }
                }
                Ok(true)
            }
        }
    }
}
