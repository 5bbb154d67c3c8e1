//! Quantifiers and other binders: enumerating a declaration's range under the budget,
//! hints, counting injective maps, and handing what is too large to the oracle.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use super::orders::Orders;
use super::{EvalError, Evaluator, MAX_ORACLE_CALLS};
use crate::logic::injections::{SizeComparison, size_comparison};
use crate::logic::skolem::replace_terms;
use crate::logic::{Decl, DeclMult, Expr, Formula, Quantifier, Tuple, TupleSet, VarId};

/// Quantifiers over relations enumerate subsets; beyond this many the evaluator gives up.
const MAX_SUBSETS_LOG2: usize = 20;

impl Evaluator<'_> {
    /// Whether `body` holds for all / some bindings of `decls`, binding left to right.
    pub(super) fn quantifier(
        &mut self,
        q: Quantifier,
        decls: &[Decl],
        body: &Formula,
    ) -> Result<bool, EvalError> {
        let Some((decl, rest)) = decls.split_first() else {
            return self.formula(body);
        };
        if !self.mentioned_below(decl.var, rest, body) {
            // Nothing depends on the value: `all x: e | F` is `no e or F`, without trying
            // each value (nested unused variables would otherwise multiply).
            let inhabited = match decl.mult {
                DeclMult::Lone | DeclMult::Set => true,
                DeclMult::One | DeclMult::Some => !self.expr(&decl.bound)?.is_empty(),
            };
            if !inhabited {
                return Ok(q == Quantifier::All);
            }
            return self.quantifier(q, rest, body);
        }
        if let Some(hint) = self.hints.get(&decl.var).cloned()
            && self.in_range(decl, &hint)?
            && self.decides(q, decl, hint, rest, body)?
        {
            return Ok(q == Quantifier::Some);
        }
        if self.count_injections
            && rest.is_empty()
            && !decl.is_first_order()
            && let Some(answer) = self.by_counting(q, decl, body)?
        {
            return Ok(answer);
        }
        let orders = if self.orders_only && rest.is_empty() {
            match self.order_values(q, decl, body)? {
                Orders::Listed(orders) => Some(orders),
                Orders::TooMany {
                    count,
                    holds,
                    within,
                } => {
                    let narrowing = Some((holds, within));
                    return self.ask_oracle(q, decls, body, narrowing).ok_or_else(|| {
                        EvalError::new(format!(
                            "quantifier over {count} orders exceeds the evaluation budget \
                             (`{}`): too large",
                            decl.name
                        ))
                    });
                }
                Orders::NotAnOrder => None,
            }
        } else {
            None
        };
        if let Some(orders) = orders {
            let found = self.first_deciding(q, decl, orders, true, rest, body)?;
            return Ok(found == (q == Quantifier::Some));
        }
        let range = match self.decl_range(decl) {
            Err(e) if e.message.contains("too large") => {
                return self.ask_oracle(q, decls, body, None).ok_or(e);
            }
            other => other?,
        };
        let higher_order = !decl.is_first_order();
        if higher_order && self.whole_ranges_only && range.len() > self.budget {
            if let Some(answer) = self.ask_oracle(q, decls, body, None) {
                return Ok(answer);
            }
            return Err(EvalError::new(format!(
                "quantifier over {} values exceeds the evaluation budget (`{}`): too large",
                range.len(),
                decl.name
            )));
        }
        if higher_order {
            let values = (0..range.len()).map(|i| range.get(i));
            let found = self.first_deciding(q, decl, values, false, rest, body)?;
            return Ok(found == (q == Quantifier::Some));
        }
        for i in 0..range.len() {
            if self.decides(q, decl, range.get(i), rest, body)? {
                return Ok(q == Quantifier::Some);
            }
        }
        Ok(q == Quantifier::All)
    }

    /// Whether `var` is free in the bounds of `rest` or in `body`.
    fn mentioned_below(&mut self, var: VarId, rest: &[Decl], body: &Formula) -> bool {
        let mut free = BTreeSet::new();
        self.free.formula(body, &mut free);
        free.contains(&var) || rest.iter().any(|d| self.free.expr(&d.bound).contains(&var))
    }

    /// Whether one of `values` (each against the budget; with `check_range`, those
    /// outside the declaration's range skipped) decides `q decl, rest | body`. Counts
    /// as enumerating (`Evaluator::enumerating`) while it runs.
    fn first_deciding(
        &mut self,
        q: Quantifier,
        decl: &Decl,
        values: impl IntoIterator<Item = TupleSet>,
        check_range: bool,
        rest: &[Decl],
        body: &Formula,
    ) -> Result<bool, EvalError> {
        self.enumerating += 1;
        let mut found = Ok(false);
        for value in values {
            found = (|| {
                if check_range && !self.in_range(decl, &value)? {
                    return Ok(false);
                }
                self.spend_budget(decl)?;
                self.decides(q, decl, value, rest, body)
            })();
            if !matches!(found, Ok(false)) {
                break;
            }
        }
        self.enumerating -= 1;
        found
    }

    /// `q decls | body` decided by the oracle, if there is one and it answers: the formula
    /// is closed by binding each variable it refers to from outside, with `some v: set V |
    /// V in v and …` for its value V, which holds exactly when v = V.
    ///
    /// With a `narrowing` (H, W) of a quantifier over orders (`Orders::TooMany`), the
    /// oracle searches only the pairs an order may hold and does not already: `v`
    /// becomes `H + v'` with `v'` within W - H (for `set` only: a multiplicity would now
    /// apply to v').
    fn ask_oracle(
        &mut self,
        q: Quantifier,
        decls: &[Decl],
        body: &Formula,
        narrowing: Option<(TupleSet, TupleSet)>,
    ) -> Option<bool> {
        if self.oracle.is_none() || self.oracle_calls >= MAX_ORACLE_CALLS {
            return None;
        }
        self.oracle_calls += 1;
        let mut f = Formula::quant(q, decls.to_vec(), body.clone());
        // Read off the problem's own nodes: `free` caches by address, and the narrowed
        // nodes below die with this call (their addresses may be reused).
        let mut free = BTreeSet::new();
        self.free.formula(&f, &mut free);
        if let (Some((holds, within)), [decl]) = (narrowing, decls)
            && decl.mult == DeclMult::Set
        {
            let narrowed = Decl {
                bound: Expr::constant(within.difference(&holds)),
                ..decl.clone()
            };
            let var = Expr::var(decl.var, 2);
            let union = Expr::union(Expr::constant(holds), var.clone());
            let body = replace_terms(body, HashMap::from([(var, union)]));
            f = Formula::quant(q, vec![narrowed], body);
        }
        // The variables bound here become their values: constants, which the translation
        // folds (relations pinned by constraints would be unknowns to a CEGIS verifier).
        let mut values = HashMap::new();
        for var in free {
            let value = self.env.get(var)?.clone();
            values.insert(Expr::var(var, value.arity()), Expr::constant(value));
        }
        if !values.is_empty() {
            f = replace_terms(&f, values);
        }
        (self.oracle.as_mut()?)(&f)
    }

    /// One value of a quantifier over relations tried, against the budget.
    fn spend_budget(&mut self, decl: &Decl) -> Result<(), EvalError> {
        if self.budget == 0 {
            return Err(EvalError::new(format!(
                "quantifiers over relations nest too deeply to evaluate (`{}`): too large",
                decl.name
            )));
        }
        self.budget -= 1;
        Ok(())
    }

    /// `q decl | body` decided by comparing counts, if it reads as a quantifier over total
    /// injective maps whose side conditions hold here (`None`: it does not). When the
    /// counts allow a map, the map is built and the body checked on it, so a `some` that
    /// holds (an `all` that fails) is shown by a witness as usual.
    fn by_counting(
        &mut self,
        q: Quantifier,
        decl: &Decl,
        body: &Formula,
    ) -> Result<Option<bool>, EvalError> {
        let key = (q == Quantifier::All, body.node_id(), decl.var.0);
        let reading = self
            .size_readings
            .entry(key)
            .or_insert_with(|| size_comparison(q, decl, body).map(Arc::new))
            .clone();
        let Some(r) = reading else {
            return Ok(None);
        };
        for side in &r.side {
            if !self.formula(side)? {
                return Ok(None);
            }
        }
        let mut exists = true;
        for g in &r.rest {
            if !self.formula(g)? {
                exists = false;
                break;
            }
        }
        if exists {
            let smaller = self.expr(&r.smaller)?;
            let larger = self.expr(&r.larger)?;
            exists = if r.strict {
                smaller.len() < larger.len()
            } else {
                smaller.len() <= larger.len()
            };
            if exists {
                let map = SizeComparison::map(&smaller, &larger);
                let mark = self.env.len();
                self.env.bind(decl.var, map.clone());
                let shown = self
                    .in_range(decl, &map)
                    .and_then(|fits| Ok(fits && self.formula(body)? == (q == Quantifier::Some)));
                self.env.truncate(mark);
                if !shown? {
                    return Err(EvalError::new(format!(
                        "internal error: the map built for `{}` by counting does not satisfy it",
                        decl.name
                    )));
                }
            }
        }
        Ok(Some(exists == (q == Quantifier::Some)))
    }

    /// Whether binding `decl` to `value` settles the quantifier: `some` holds, or `all`
    /// fails.
    fn decides(
        &mut self,
        q: Quantifier,
        decl: &Decl,
        value: TupleSet,
        rest: &[Decl],
        body: &Formula,
    ) -> Result<bool, EvalError> {
        let mark = self.env.len();
        self.env.bind(decl.var, value);
        let holds = self.quantifier(q, rest, body);
        self.env.truncate(mark);
        Ok(holds? == (q == Quantifier::Some))
    }

    /// Calls `leaf` once per binding of the first-order `decls` (each variable to one
    /// tuple of its bound, in order), with the tuples bound so far concatenated in
    /// `prefix`. `what` names the binder in errors.
    pub(super) fn for_each_binding(
        &mut self,
        decls: &[Decl],
        what: &str,
        prefix: &mut Tuple,
        leaf: &mut dyn FnMut(&mut Self, &Tuple) -> Result<(), EvalError>,
    ) -> Result<(), EvalError> {
        let Some((decl, rest)) = decls.split_first() else {
            return leaf(self, prefix);
        };
        if decl.mult != DeclMult::One {
            return Err(EvalError::new(format!(
                "{what} variable `{}` must range over single tuples",
                decl.name
            )));
        }
        let bound = self.expr(&decl.bound)?;
        let mark = self.env.len();
        for tuple in bound.iter() {
            self.env
                .bind(decl.var, TupleSet::from_tuples(bound.arity(), [tuple]));
            let prefix_len = prefix.len();
            prefix.extend_from_slice(tuple);
            let result = self.for_each_binding(rest, what, prefix, leaf);
            prefix.truncate(prefix_len);
            self.env.truncate(mark);
            result?;
        }
        Ok(())
    }

    /// Whether a declared variable may take this value: within its bound, with its
    /// multiplicity.
    fn in_range(&mut self, decl: &Decl, value: &TupleSet) -> Result<bool, EvalError> {
        let bound = self.expr(&decl.bound)?;
        let n = value.len();
        let mult_ok = match decl.mult {
            DeclMult::One => n == 1,
            DeclMult::Lone => n <= 1,
            DeclMult::Some => n >= 1,
            DeclMult::Set => true,
        };
        Ok(value.arity() == bound.arity() && mult_ok && value.is_subset(&bound))
    }

    /// Every value a declared variable may take: the subsets of its bound's value allowed by
    /// its multiplicity (for `one`, the single tuples).
    pub(super) fn decl_range(&mut self, decl: &Decl) -> Result<DeclRange, EvalError> {
        let bound = self.expr(&decl.bound)?;
        let enumerates_subsets = matches!(decl.mult, DeclMult::Some | DeclMult::Set);
        if enumerates_subsets && bound.len() > MAX_SUBSETS_LOG2 {
            return Err(EvalError::new(format!(
                "quantifier over {} tuples is too large to evaluate (`{}`)",
                bound.len(),
                decl.name
            )));
        }
        Ok(DeclRange {
            tuples: bound,
            mult: decl.mult,
        })
    }
}

/// The values of a quantified variable, produced one at a time so that large subset ranges
/// need no memory.
pub(super) struct DeclRange {
    tuples: TupleSet,
    mult: DeclMult,
}

impl DeclRange {
    pub(super) fn len(&self) -> u64 {
        let n = self.tuples.len() as u64;
        match self.mult {
            DeclMult::One => n,
            DeclMult::Lone => n + 1,
            DeclMult::Some => (1 << n) - 1,
            DeclMult::Set => 1 << n,
        }
    }

    /// The `i`th value, `i < len()`: for `lone` the empty set comes first; for `some` and
    /// `set` the bits of the index (plus one for `some`, skipping the empty set) choose
    /// tuples.
    pub(super) fn get(&self, i: u64) -> TupleSet {
        let single =
            |k: u64| TupleSet::from_tuples(self.tuples.arity(), [self.tuples.get(k as usize)]);
        match self.mult {
            DeclMult::One => single(i),
            DeclMult::Lone if i == 0 => TupleSet::empty(self.tuples.arity()),
            DeclMult::Lone => single(i - 1),
            DeclMult::Some => self.subset(i + 1),
            DeclMult::Set => self.subset(i),
        }
    }

    fn subset(&self, mask: u64) -> TupleSet {
        // In order, as the bound's tuples are.
        let chosen = self
            .tuples
            .iter()
            .enumerate()
            .filter(|(k, _)| mask & (1 << k) != 0)
            .flat_map(|(_, t)| t.iter().copied());
        TupleSet::from_flat(self.tuples.arity(), chosen.collect())
    }
}
