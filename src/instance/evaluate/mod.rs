//! The independent evaluator: computes core-logic expressions and formulas on a concrete
//! [`Instance`] straight from their set semantics.
//!
//! This is the referee that re-checks every answer of the solver, so it deliberately shares
//! nothing with the translator and stays naive: every operator is computed over explicit
//! [`TupleSet`]s, quantifiers enumerate their range. Malformed input (an unbound variable, a
//! relation id out of range, mismatched arities, an enumeration that is too large) is an
//! [`EvalError`], never a panic.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::{Instance, Trace};
use crate::logic::free::FreeVars;
use crate::logic::injections::SizeComparison;
use crate::logic::{Expr, Formula, IntExpr, TupleSet, VarId};

mod expr;
mod formula;
mod int;
mod operators;
mod orders;
mod quantifier;
mod temporal;
#[cfg(test)]
mod tests;

/// How many values, over all quantifiers over relations of one evaluation, may be tried:
/// nested quantifiers multiply, so each one's limit alone does not bound the work.
const SUBSET_BUDGET: u64 = 1 << 16;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    pub message: String,
}

impl EvalError {
    fn new(message: impl Into<String>) -> EvalError {
        EvalError {
            message: message.into(),
        }
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EvalError {}

/// Values of variables. A later binding of the same variable shadows an earlier one.
#[derive(Clone, Debug, Default)]
pub struct Env {
    /// Each binding with a number no other binding of this environment had, so that a
    /// value computed under it can be remembered (`Evaluator::memo_key`).
    bindings: Vec<(VarId, TupleSet, u64)>,
    serials: u64,
}

impl Env {
    pub fn new() -> Env {
        Env::default()
    }

    pub fn bind(&mut self, var: VarId, value: TupleSet) {
        self.serials += 1;
        self.bindings.push((var, value, self.serials));
    }

    pub fn get(&self, var: VarId) -> Option<&TupleSet> {
        self.binding(var).map(|b| &b.1)
    }

    fn binding(&self, var: VarId) -> Option<&(VarId, TupleSet, u64)> {
        self.bindings.iter().rev().find(|b| b.0 == var)
    }

    /// Drops the bindings made after the environment had `len` of them (quantifier scopes).
    fn truncate(&mut self, len: usize) {
        self.bindings.truncate(len);
    }

    fn len(&self) -> usize {
        self.bindings.len()
    }
}

pub fn eval_expr(instance: &Instance, e: &Expr) -> Result<TupleSet, EvalError> {
    eval_expr_in(instance, &Env::new(), e)
}

/// The value of an integer expression (wrapped to the universe's bitwidth) and whether
/// computing it overflowed.
pub fn eval_int(instance: &Instance, i: &IntExpr) -> Result<(i64, bool), EvalError> {
    Evaluator::new(instance, Env::new()).int(i)
}

pub fn eval_formula(instance: &Instance, f: &Formula) -> Result<bool, EvalError> {
    eval_formula_in(instance, &Env::new(), f)
}

/// Same as [`eval_formula`], trying the given value first for each hinted quantified
/// variable (a quantifier over relations too large to enumerate is still decided when its
/// hint is a witness: a value that makes `some` true or `all` false), and trying at most
/// `budget` values of quantifiers over relations in all. A quantifier whose range is
/// larger than the budget left is not started: enumerating part of it decides nothing
/// unless the formula is false there, and the caller has a cheaper check (a SAT call).
/// `search` says how (see [`Search`]).
///
/// With an `oracle`, a quantifier too large to enumerate is handed to it instead, closed
/// over the values of the variables bound around it (`Evaluator::ask_oracle`): the
/// caller's SAT check of that part alone, rather than of the whole formula. An oracle
/// that answers `None`, or more than [`MAX_ORACLE_CALLS`] such quantifiers, give the
/// "too large" error as without one.
pub fn eval_formula_hinted<'a>(
    instance: &'a Instance,
    f: &Formula,
    hints: HashMap<VarId, TupleSet>,
    search: Search,
    oracle: Option<Oracle<'a>>,
) -> Result<bool, EvalError> {
    let mut ev = Evaluator::new(instance, Env::new());
    ev.oracle = oracle;
    ev.hints = hints;
    ev.budget = search.budget;
    ev.order_budget = search.budget / ORDER_COST;
    ev.whole_ranges_only = true;
    ev.count_injections = search.count_injections;
    ev.orders_only = search.orders_only;
    ev.saturate_orders = search.saturate_orders;
    ev.formula(f)
}

/// How [`eval_formula_hinted`] searches quantifiers over relations.
#[derive(Clone, Copy, Debug)]
pub struct Search {
    /// Most values it tries in all.
    pub budget: u64,
    /// Decide quantifiers over total injective maps by counting
    /// ([`crate::logic::injections`]), building and checking the map when one exists.
    pub count_injections: bool,
    /// A quantifier guarded by a strict total order enumerates only the orders its guards
    /// allow.
    pub orders_only: bool,
    /// Those guards are saturated first (`Evaluator::saturate`).
    pub saturate_orders: bool,
}

impl Search {
    /// Every shortcut on, within `budget` values.
    pub fn within(budget: u64) -> Search {
        Search {
            budget,
            count_injections: true,
            orders_only: true,
            saturate_orders: true,
        }
    }
}

/// What one order costs of [`eval_formula_hinted`]'s budget when a quantifier
/// enumerates orders: its body is a level's axioms over the whole history, not a test of
/// one small relation. Measured on the Isolde suite (PC and not SI, 5–6 transactions):
/// about 40 µs per order against 1.3–1.6 ms for the SAT check that replaces them (0.4
/// against 6 ms before expressions over atoms were remembered across orders and the
/// check narrowed to the open pairs), so 16 orders at the default budget of 256 values.
/// Either way the answer is exact; only its cost moves.
const ORDER_COST: u64 = 16;

/// Whether a closed formula holds on the instance (`None`: it cannot tell).
pub type Oracle<'a> = Box<dyn FnMut(&Formula) -> Option<bool> + 'a>;

/// Most quantifiers one evaluation hands to its oracle: each is a SAT check of its own,
/// and past a few the caller's one check of the whole formula is cheaper.
pub const MAX_ORACLE_CALLS: usize = 4;

/// Same as [`eval_formula`], deciding every quantifier over a total injective map by
/// counting (for tests that compare it with the search).
pub fn eval_formula_counting(instance: &Instance, f: &Formula) -> Result<bool, EvalError> {
    let mut ev = Evaluator::new(instance, Env::new());
    ev.count_injections = true;
    ev.formula(f)
}

/// Whether `f` holds in the first state of `trace`, with the temporal connectives read on
/// the infinite trace the lasso stands for. Quantifiers over relations get the default
/// budget; past it, an error says the formula is too large to check.
pub fn eval_formula_on_trace(trace: &Trace, f: &Formula) -> Result<bool, EvalError> {
    eval_formula_on_trace_at(trace, 0, &Env::new(), f)
}

/// Whether `f` holds at state `state` of `trace` (its first visit), some variables bound.
pub fn eval_formula_on_trace_at(
    trace: &Trace,
    state: usize,
    env: &Env,
    f: &Formula,
) -> Result<bool, EvalError> {
    let (mut ev, start) = on_trace(trace, state, env, temporal::past_depth(f))?;
    ev.at(start, |ev| ev.formula(f))
}

/// The value of `e` at state `state` of `trace` (its first visit).
pub fn eval_expr_on_trace_at(
    trace: &Trace,
    state: usize,
    env: &Env,
    e: &Expr,
) -> Result<TupleSet, EvalError> {
    let depth = temporal::past_depth(&e.clone().some());
    let (mut ev, start) = on_trace(trace, state, env, depth)?;
    ev.at(start, |ev| ev.expr(e))
}

fn on_trace<'a>(
    trace: &'a Trace,
    state: usize,
    env: &Env,
    past_depth: usize,
) -> Result<(Evaluator<'a>, usize), EvalError> {
    if trace.states.is_empty() || trace.loop_to >= trace.states.len() {
        return Err(EvalError::new("a trace needs a state and a loop into it"));
    }
    if state >= trace.states.len() {
        return Err(EvalError::new(format!(
            "the trace has {} states; there is no state {state}",
            trace.states.len()
        )));
    }
    let mut ev = Evaluator::new(&trace.states[0], env.clone());
    ev.trace = Some(temporal::TracePosition::new(trace, past_depth));
    Ok((ev, state))
}

/// Same as [`eval_expr`], with some variables already bound.
pub fn eval_expr_in(instance: &Instance, env: &Env, e: &Expr) -> Result<TupleSet, EvalError> {
    Evaluator::new(instance, env.clone()).expr(e)
}

/// Same as [`eval_formula`], with some variables already bound.
pub fn eval_formula_in(instance: &Instance, env: &Env, f: &Formula) -> Result<bool, EvalError> {
    Evaluator::new(instance, env.clone()).formula(f)
}

/// The most values `Evaluator::memo` keeps before starting afresh (a search over
/// relations binds ever new values).
const MEMO_LIMIT: usize = 100_000;
/// The most variables an expression remembered in `Evaluator::memo` may have free (a
/// fixed-size key hashes and compares without touching the heap).
const MEMO_VARS: usize = 6;
/// An expression node and the serial numbers of the bindings of its free variables
/// (serials start at 1; unused slots are 0), or for a variable bound to one atom, the atom
/// with [`ATOM_TAG`] set.
type MemoKey = (usize, [u64; MEMO_VARS]);
const ATOM_TAG: u64 = 1 << 63;

struct Evaluator<'a> {
    instance: &'a Instance,
    env: Env,
    /// Values that quantifiers over relations may still try.
    budget: u64,
    /// The free variables of each expression node seen (the nodes outlive the evaluation).
    free: FreeVars,
    /// Values of compound expressions without free variables, or whose free variables
    /// are all relations (a witness `co`), by node and bindings: a derived relation used
    /// inside a quantifier is computed once, not once per binding of the quantifier.
    memo: FxHashMap<MemoKey, TupleSet>,
    /// A value to try first for some quantified variables (the solver's witnesses): only
    /// the order of the search changes, never its answer.
    hints: HashMap<VarId, TupleSet>,
    /// Refuse a quantifier over relations whose range exceeds the budget left.
    whole_ranges_only: bool,
    /// With `whole_ranges_only`, refuse a quantifier over orders that has more of them.
    order_budget: u64,
    /// Decides what is too large to enumerate (`eval_formula_hinted`), and how often it
    /// has been asked.
    oracle: Option<Oracle<'a>>,
    oracle_calls: usize,
    /// Relation values (by `in_place_key`) with each tuple's last atom moved first, for
    /// joins whose right side is small.
    by_last_atom: HashMap<(bool, u64), TupleSet>,
    /// Decide quantifiers over total injective maps by counting.
    count_injections: bool,
    /// Their readings by quantifier, body node and variable (`None`: not of that shape).
    size_readings: HashMap<(bool, usize, u32), Option<Arc<SizeComparison>>>,
    /// Enumerate only the strict total orders of a quantifier over a binary relation
    /// whose body matters only where the relation is one (`order_values`).
    orders_only: bool,
    /// Saturate what such a relation must contain before enumerating its orders
    /// (`Evaluator::saturate`).
    saturate_orders: bool,
    /// How many quantifiers over relations are enumerating values around the current
    /// point: there, expressions over atoms (`wset[t]`) are remembered too, since each
    /// value tried evaluates them again under the same atoms.
    enumerating: usize,
    /// The trace and position a temporal formula is evaluated at (`instance` is then
    /// that position's state).
    trace: Option<temporal::TracePosition<'a>>,
}

impl<'a> Evaluator<'a> {
    fn new(instance: &'a Instance, env: Env) -> Evaluator<'a> {
        Evaluator {
            instance,
            env,
            budget: SUBSET_BUDGET,
            free: FreeVars::default(),
            memo: FxHashMap::default(),
            hints: HashMap::new(),
            whole_ranges_only: false,
            order_budget: u64::MAX,
            oracle: None,
            oracle_calls: 0,
            by_last_atom: HashMap::new(),
            count_injections: false,
            size_readings: HashMap::new(),
            orders_only: true,
            saturate_orders: true,
            enumerating: 0,
            trace: None,
        }
    }
}
