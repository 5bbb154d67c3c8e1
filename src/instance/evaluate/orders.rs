//! Quantifiers over strict total orders: only the orders their guards allow are
//! enumerated (saturating the guards first), counted by linear extensions.

use super::{EvalError, Evaluator};
use crate::logic::injections::{conjuncts_of, negated_conjuncts};
use crate::logic::monotone::expr_follows;
use crate::logic::{Atom, Decl, Expr, ExprKind, Formula, FormulaKind, Quantifier, TupleSet, VarId};

/// The orders a quantifier over a binary relation needs tried (`Evaluator::order_values`).
pub(super) enum Orders {
    /// Its body does not say the relation is a strict total order.
    NotAnOrder,
    /// Every order that can settle it.
    Listed(Vec<TupleSet>),
    /// More than the budget allows; every one of them `holds` these pairs and lies
    /// `within` those.
    TooMany {
        count: u64,
        holds: TupleSet,
        within: TupleSet,
    },
}

impl Evaluator<'_> {
    /// The values of `decl` that can settle `q decl | body`, when the body matters only
    /// where the variable is a strict total order over some `elems` (a guard
    /// `strictTotalOrder[v, elems]`, see `guards`): those orders, and of them only the
    /// ones containing every `x` of a guard `x in v` (`x` and `elems` without `v`). A
    /// commit order over 6 transactions is then one of at most 720 values, not one of
    /// 2^36 relations. Exact: every other value makes a guard false, so the body true
    /// under `all` and false under `some`. `None` when the body has no such guard.
    pub(super) fn order_values(
        &mut self,
        q: Quantifier,
        decl: &Decl,
        body: &Formula,
    ) -> Result<Orders, EvalError> {
        if decl.bound.arity() != 2 {
            return Ok(Orders::NotAnOrder);
        }
        let mut guards = Vec::new();
        match q {
            Quantifier::Some => conjuncts_of(body, &mut guards),
            Quantifier::All => negated_conjuncts(body, &mut guards),
        }
        let is_var = |e: &Expr| matches!(e.kind(), ExprKind::Var(v) if *v == decl.var);
        let mut elems = Option::None;
        let mut required = Vec::new();
        let mut grows = Vec::new();
        for g in guards {
            match g.kind() {
                FormulaKind::StrictOrder { rel, elems: e }
                    if is_var(rel) && !self.free.expr(e).contains(&decl.var) =>
                {
                    elems.get_or_insert(e.clone());
                }
                FormulaKind::Subset(x, v)
                    if is_var(v) && x.arity() == 2 && !self.free.expr(x).contains(&decl.var) =>
                {
                    required.push(x.clone());
                }
                FormulaKind::Subset(x, v)
                    if self.saturate_orders
                        && is_var(v)
                        && x.arity() == 2
                        && expr_follows(x, decl.var, true, &mut self.free) =>
                {
                    grows.push(x.clone());
                }
                _ => {}
            }
        }
        let Some(elems) = elems else {
            return Ok(Orders::NotAnOrder);
        };
        let elems: Vec<Atom> = self
            .unary(&elems, "strictTotalOrder")?
            .iter()
            .map(|t| t[0])
            .collect();
        if elems.len() > MAX_ORDERED_ELEMS {
            return Ok(Orders::NotAnOrder);
        }
        let index = |a: Atom| elems.iter().position(|&e| e == a);
        // Bit j of `before[i]`: the order must put elems[j] before elems[i].
        let mut before = vec![0u32; elems.len()];
        for x in &required {
            for t in self.expr(x)?.iter() {
                match (index(t[0]), index(t[1])) {
                    (Some(i), Some(j)) if i != j => before[j] |= 1 << i,
                    // A pair no strict total order over `elems` holds.
                    _ => return Ok(Orders::Listed(Vec::new())),
                }
            }
        }
        if !grows.is_empty() && !self.saturate(decl.var, &elems, &grows, &mut before)? {
            return Ok(Orders::Listed(Vec::new()));
        }
        close_transitively(&mut before);
        let count = linear_extensions(&before);
        if count > self.budget.min(self.order_budget) {
            let mut within = Vec::new();
            for (i, &a) in elems.iter().enumerate() {
                for (j, &b) in elems.iter().enumerate() {
                    if i != j && before[i] & (1 << j) == 0 {
                        within.extend_from_slice(&[a, b]);
                    }
                }
            }
            // Of the declaration's range only: an order over `elems` may reach outside it.
            let bound = self.expr(&decl.bound)?;
            let holds = required_pairs(elems.as_slice(), &before);
            if !holds.is_subset(&bound) {
                return Ok(Orders::Listed(Vec::new()));
            }
            return Ok(Orders::TooMany {
                count,
                holds,
                within: TupleSet::from_flat(2, within).intersection(&bound),
            });
        }
        let mut orders = Vec::with_capacity(count as usize);
        let mut sequence = Vec::with_capacity(elems.len());
        each_linear_extension(&before, 0, &mut sequence, &mut |seq| {
            let mut pairs = Vec::with_capacity(seq.len() * seq.len());
            for (k, &i) in seq.iter().enumerate() {
                for &j in &seq[k + 1..] {
                    pairs.extend_from_slice(&[elems[i], elems[j]]);
                }
            }
            orders.push(TupleSet::from_flat(2, pairs));
        });
        Ok(Orders::Listed(orders))
    }

    /// Adds to `before` (see `order_values`) what the guards `x in v` with `x` growing
    /// with `v` force, until nothing changes: every order holding `before` holds its
    /// transitive closure R, and then `x[R] in x[v] in v`. False when no strict total
    /// order over `elems` is left.
    fn saturate(
        &mut self,
        var: VarId,
        elems: &[Atom],
        grows: &[Expr],
        before: &mut [u32],
    ) -> Result<bool, EvalError> {
        let n = elems.len();
        loop {
            close_transitively(before);
            if (0..n).any(|i| before[i] & (1 << i) != 0) {
                return Ok(false);
            }
            let mark = self.env.len();
            self.env.bind(var, required_pairs(elems, before));
            let mut forced = Vec::new();
            let mut failed = false;
            for x in grows {
                match self.expr(x) {
                    Ok(v) => forced.push(v),
                    // Saturating only narrows the enumeration; what it cannot evaluate,
                    // the enumeration will.
                    Err(_) => failed = true,
                }
            }
            self.env.truncate(mark);
            if failed {
                return Ok(true);
            }
            let mut changed = false;
            for t in forced.iter().flat_map(|v| v.iter()) {
                let i = elems.iter().position(|&e| e == t[0]);
                let j = elems.iter().position(|&e| e == t[1]);
                match (i, j) {
                    (Some(i), Some(j)) if i != j => {
                        if before[j] & (1 << i) == 0 {
                            before[j] |= 1 << i;
                            changed = true;
                        }
                    }
                    _ => return Ok(false),
                }
            }
            if !changed {
                return Ok(true);
            }
        }
    }
}

/// The most elements over which `Evaluator::order_values` enumerates orders (its sets of
/// placed elements are bit masks).
const MAX_ORDERED_ELEMS: usize = 16;

/// The pairs `before` requires of an order over `elems` (bit i of `before[j]`: elems[i]
/// precedes elems[j]).
fn required_pairs(elems: &[Atom], before: &[u32]) -> TupleSet {
    let mut pairs = Vec::new();
    for (j, &b) in before.iter().enumerate() {
        for (i, &a) in elems.iter().enumerate() {
            if b & (1 << i) != 0 {
                pairs.extend_from_slice(&[a, elems[j]]);
            }
        }
    }
    TupleSet::from_flat(2, pairs)
}

/// `before` (bit j of `before[i]`: j precedes i) closed under transitivity.
fn close_transitively(before: &mut [u32]) {
    for k in 0..before.len() {
        for i in 0..before.len() {
            if before[i] & (1 << k) != 0 {
                before[i] |= before[k];
            }
        }
    }
}

/// The number of sequences of all `before.len()` elements in which each element `i`
/// comes after the elements of the mask `before[i]`: a count per set of placed elements.
fn linear_extensions(before: &[u32]) -> u64 {
    let n = before.len();
    let mut ways = vec![0u64; 1 << n];
    ways[0] = 1;
    for placed in 0..(1usize << n) {
        let w = ways[placed];
        if w == 0 {
            continue;
        }
        for (i, &b) in before.iter().enumerate() {
            if placed >> i & 1 == 0 && b as usize & !placed == 0 {
                ways[placed | 1 << i] = ways[placed | 1 << i].saturating_add(w);
            }
        }
    }
    ways[(1 << n) - 1]
}

/// Calls `each` with every sequence counted by `linear_extensions`, as element indexes.
fn each_linear_extension(
    before: &[u32],
    placed: u32,
    sequence: &mut Vec<usize>,
    each: &mut dyn FnMut(&[usize]),
) {
    if sequence.len() == before.len() {
        return each(sequence);
    }
    for (i, &b) in before.iter().enumerate() {
        if placed >> i & 1 == 0 && b & !placed == 0 {
            sequence.push(i);
            each_linear_extension(before, placed | 1 << i, sequence, each);
            sequence.pop();
        }
    }
}
