//! The independent evaluator: computes core-logic expressions and formulas on a concrete
//! [`Instance`] straight from their set semantics.
//!
//! This is the referee that re-checks every answer of the solver, so it deliberately shares
//! nothing with the translator and stays naive: every operator is computed over explicit
//! [`TupleSet`]s, quantifiers enumerate their range. Malformed input (an unbound variable, a
//! relation id out of range, mismatched arities, an enumeration that is too large) is an
//! [`EvalError`], never a panic.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::Instance;
use super::ints;
use crate::logic::free::FreeVars;
use crate::logic::injections::{SizeComparison, conjuncts_of, negated_conjuncts, size_comparison};
use crate::logic::monotone::expr_follows;
use crate::logic::skolem::replace_terms;
use crate::logic::{
    Atom, CardCmp, Decl, DeclMult, Expr, ExprKind, Formula, FormulaKind, IntExpr, IntExprKind,
    MultTest, Quantifier, Tuple, TupleSet, VarId,
};

/// Quantifiers over relations enumerate subsets; beyond this many the evaluator gives up.
const MAX_SUBSETS_LOG2: usize = 20;

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

/// The orders a quantifier over a binary relation needs tried (`Evaluator::order_values`).
enum Orders {
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
}

/// A join reads its left side backwards when the right side is this many times smaller.
const BACKWARD_JOIN_RATIO: usize = 8;
/// The most last-atom indexes `Evaluator::by_last_atom` keeps.
const INDEX_LIMIT: usize = 1024;

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
        }
    }

    fn expr(&mut self, e: &Expr) -> Result<TupleSet, EvalError> {
        // No well-formed expression has arity 0, and the operators below index tuples.
        if e.arity() == 0 {
            return Err(EvalError::new(format!("`{e}` has arity 0")));
        }
        let key = self.memo_key(e);
        if let Some(key) = &key
            && let Some(v) = self.memo.get(key)
        {
            return Ok(v.clone());
        }
        let value = self.expr_unchecked(e)?;
        if let Some(key) = key {
            if self.memo.len() >= MEMO_LIMIT {
                self.memo.clear();
            }
            self.memo.insert(key, value.clone());
        }
        // The node's declared arity is what every consumer relies on; a value of another
        // arity means the expression or the instance is malformed.
        if value.arity() != e.arity() {
            return Err(EvalError::new(format!(
                "`{e}` has arity {} but its value has arity {}",
                e.arity(),
                value.arity()
            )));
        }
        Ok(value)
    }

    fn expr_unchecked(&mut self, e: &Expr) -> Result<TupleSet, EvalError> {
        crate::stack::guard(|| self.expr_unchecked_unguarded(e))
    }

    fn expr_unchecked_unguarded(&mut self, e: &Expr) -> Result<TupleSet, EvalError> {
        use ExprKind::*;
        Ok(match e.kind() {
            Rel(r) => self
                .instance
                .values
                .get(r.0 as usize)
                .cloned()
                .ok_or_else(|| {
                    EvalError::new(format!(
                        "relation r{} is out of range: the instance has {} relations",
                        r.0,
                        self.instance.values.len()
                    ))
                })?,
            Var(v) => self
                .env
                .get(*v)
                .cloned()
                .ok_or_else(|| EvalError::new(format!("variable v{} is unbound", v.0)))?,
            Const(ts) => ts.clone(),
            Univ => TupleSet::of_atoms(self.atoms()),
            Iden => identity(self.atoms()),
            None => TupleSet::empty(e.arity()),
            Union(a, b) => {
                let (a, b) = self.same_arity_pair(a, b, "+")?;
                a.union(&b)
            }
            Intersection(a, b) => {
                let (a, b) = self.same_arity_pair(a, b, "&")?;
                a.intersection(&b)
            }
            Difference(a, b) => {
                let (a, b) = self.same_arity_pair(a, b, "-")?;
                a.difference(&b)
            }
            Override(a, b) => {
                let (a, b) = self.same_arity_pair(a, b, "++")?;
                override_(&a, &b)
            }
            Join(a, b) if self.in_place_key(a).is_some() => {
                // A relation or variable on the left is read in place too: `ar.ts` inside
                // a quantifier would otherwise copy all of `ar` for every binding. When the
                // right side is much smaller, the left is read backwards, through an index
                // by last atom kept per relation value.
                let key = self.in_place_key(a).expect("just seen");
                let right = self.operand(b)?;
                let right_len = self.operand_value(b, &right).len();
                let left_len = self.in_place(a).expect("bound").len();
                let backward = right_len * BACKWARD_JOIN_RATIO < left_len;
                if backward && !self.by_last_atom.contains_key(&key) {
                    // A search over relations binds ever new values: start afresh.
                    if self.by_last_atom.len() >= INDEX_LIMIT {
                        self.by_last_atom.clear();
                    }
                    let index = rotate_last_first(self.in_place(a).expect("bound"));
                    self.by_last_atom.insert(key, index);
                }
                let right = self.operand_value(b, &right);
                let left = self.in_place(a).expect("bound");
                check_join_arities(left, right, e)?;
                if backward {
                    backward_join(&self.by_last_atom[&key], right, left.arity())
                } else {
                    join(left, right)
                }
            }
            Join(a, b) => {
                let a = self.expr(a)?;
                // A relation or variable on the right is read in place: `x.f` inside a
                // quantifier would otherwise copy all of `f` for every `x`.
                let b = self.value_ref(b)?;
                check_join_arities(&a, &b, e)?;
                join(&a, &b)
            }
            Product(a, b) => product(&self.expr(a)?, &self.expr(b)?),
            Transpose(a) => transpose(&self.binary(a, "~")?),
            Closure(a) => closure(&self.binary(a, "^")?),
            ReflexiveClosure(a) => {
                let r = self.binary(a, "*")?;
                closure(&r).union(&identity(self.atoms()))
            }
            DomainRestrict(set, rel) => {
                let set = self.unary(set, "<:")?;
                let rel = self.expr(rel)?;
                filter(&rel, |t| set.contains(&t[..1]))
            }
            RangeRestrict(rel, set) => {
                let rel = self.expr(rel)?;
                let set = self.unary(set, ":>")?;
                filter(&rel, |t| set.contains(&t[t.len() - 1..]))
            }
            IfThenElse(c, a, b) => {
                if self.formula(c)? {
                    self.expr(a)?
                } else {
                    self.expr(b)?
                }
            }
            Comprehension(decls, body) => {
                let mut out = TupleSet::empty(e.arity());
                let mark = self.env.len();
                let mut prefix = Vec::new();
                let arity = out.arity();
                let result =
                    self.for_each_binding(decls, "comprehension", &mut prefix, &mut |ev, tuple| {
                        if ev.formula(body)? {
                            if tuple.len() != arity {
                                return Err(EvalError::new(
                                    "comprehension tuples do not match its arity".to_string(),
                                ));
                            }
                            out.insert(tuple.clone());
                        }
                        Ok(())
                    });
                self.env.truncate(mark);
                result?;
                out
            }
            IntAtom(i) => {
                let (value, _) = self.int(i)?;
                let atom = self.instance.universe.int_atom(value).ok_or_else(|| {
                    EvalError::new(format!("no `Int` atom holds {value} (in `{e}`)"))
                })?;
                TupleSet::of_atoms([atom])
            }
        })
    }

    fn bitwidth(&self, i: &IntExpr) -> Result<u32, EvalError> {
        self.instance.universe.bitwidth().ok_or_else(|| {
            EvalError::new(format!("`{i}` needs integers, but the universe has none"))
        })
    }

    /// The value of an integer expression (wrapped to the bitwidth) and whether computing
    /// it overflowed anywhere.
    fn int(&mut self, i: &IntExpr) -> Result<(i64, bool), EvalError> {
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

    fn formula(&mut self, f: &Formula) -> Result<bool, EvalError> {
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

    /// Whether `body` holds for all / some bindings of `decls`, binding left to right.
    fn quantifier(
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

    /// The values of `decl` that can settle `q decl | body`, when the body matters only
    /// where the variable is a strict total order over some `elems` (a guard
    /// `strictTotalOrder[v, elems]`, see `guards`): those orders, and of them only the
    /// ones containing every `x` of a guard `x in v` (`x` and `elems` without `v`). A
    /// commit order over 6 transactions is then one of at most 720 values, not one of
    /// 2^36 relations. Exact: every other value makes a guard false, so the body true
    /// under `all` and false under `some`. `None` when the body has no such guard.
    fn order_values(
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
    fn for_each_binding(
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
    fn decl_range(&mut self, decl: &Decl) -> Result<DeclRange, EvalError> {
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

    /// The value of `e` without copying it where it is stored: a relation, a bound
    /// variable, or a closed expression (computed once, then kept).
    fn value_ref(&mut self, e: &Expr) -> Result<Cow<'_, TupleSet>, EvalError> {
        Ok(match self.operand(e)? {
            Operand::Owned(v) => Cow::Owned(v),
            Operand::Memo(key) => Cow::Borrowed(&self.memo[&key]),
            Operand::InPlace => Cow::Borrowed(self.in_place(e).expect("seen by `operand`")),
        })
    }

    /// Where `e`'s value can be read without a copy, computing it first if it is a
    /// remembered expression; read it with `operand_value` before evaluating anything
    /// else (which may clear the memo).
    fn operand(&mut self, e: &Expr) -> Result<Operand, EvalError> {
        if let Some(key) = self.memo_key(e) {
            if !self.memo.contains_key(&key) {
                let value = self.expr(e)?;
                // `expr` may have cleared the memo to make room: keep this one anyway.
                self.memo.entry(key).or_insert(value);
            }
            return Ok(Operand::Memo(key));
        }
        if self.in_place(e).is_some() {
            return Ok(Operand::InPlace);
        }
        Ok(Operand::Owned(self.expr(e)?))
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

    fn operand_value<'s>(&'s self, e: &Expr, operand: &'s Operand) -> &'s TupleSet {
        match operand {
            Operand::InPlace => self.in_place(e).expect("seen by `operand`"),
            Operand::Memo(key) => &self.memo[key],
            Operand::Owned(v) => v,
        }
    }

    /// Where `e`'s value is remembered: compound expressions whose free variables are
    /// bound to relations (arity two or more; those bindings change seldom, unlike the
    /// atoms of first-order quantifiers), keyed by the bindings' serial numbers.
    fn memo_key(&mut self, e: &Expr) -> Option<MemoKey> {
        if matches!(
            e.kind(),
            ExprKind::Rel(_) | ExprKind::Var(_) | ExprKind::Const(_) | ExprKind::None
        ) {
            return Option::None;
        }
        let free = self.free.expr(e);
        // Decided before allocating: most expressions inside first-order quantifiers
        // have a variable bound to an atom.
        let mut serials = [0; MEMO_VARS];
        for (i, v) in free.iter().enumerate() {
            let (_, value, serial) = self.env.binding(*v)?;
            if i >= MEMO_VARS {
                return Option::None;
            }
            serials[i] = if value.arity() >= 2 {
                *serial
            } else if self.enumerating > 0 && value.len() == 1 {
                // By the atom, not the binding: the same atom bound under the next value
                // of the relation finds it. Serials stay below the tag bit.
                ATOM_TAG | value.iter().next().expect("one tuple")[0] as u64
            } else {
                return Option::None;
            };
        }
        Some((e.node_id(), serials))
    }

    /// Names the value `in_place` reads, for indexes kept beside it: a relation by its
    /// id, a variable by its binding's serial number.
    fn in_place_key(&self, e: &Expr) -> Option<(bool, u64)> {
        match e.kind() {
            ExprKind::Rel(r) if (r.0 as usize) < self.instance.values.len() => {
                Some((false, r.0 as u64))
            }
            ExprKind::Var(v) => self.env.binding(*v).map(|(_, _, serial)| (true, *serial)),
            _ => Option::None,
        }
    }

    /// The value of a relation or bound variable, without copying it.
    fn in_place(&self, e: &Expr) -> Option<&TupleSet> {
        match e.kind() {
            ExprKind::Rel(r) => self.instance.values.get(r.0 as usize),
            ExprKind::Var(v) => self.env.get(*v),
            _ => Option::None,
        }
    }

    fn same_arity_pair(
        &mut self,
        a: &Expr,
        b: &Expr,
        op: &str,
    ) -> Result<(TupleSet, TupleSet), EvalError> {
        let (va, vb) = (self.expr(a)?, self.expr(b)?);
        if va.arity() != vb.arity() {
            return Err(EvalError::new(format!(
                "operands of `{op}` have arities {} and {}: `{a}`, `{b}`",
                va.arity(),
                vb.arity()
            )));
        }
        Ok((va, vb))
    }

    fn unary(&mut self, e: &Expr, op: &str) -> Result<TupleSet, EvalError> {
        self.of_arity(e, 1, op)
    }

    fn binary(&mut self, e: &Expr, op: &str) -> Result<TupleSet, EvalError> {
        self.of_arity(e, 2, op)
    }

    fn of_arity(&mut self, e: &Expr, arity: usize, op: &str) -> Result<TupleSet, EvalError> {
        let value = self.expr(e)?;
        if value.arity() != arity {
            return Err(EvalError::new(format!(
                "`{op}` needs an expression of arity {arity}, but `{e}` has arity {}",
                value.arity()
            )));
        }
        Ok(value)
    }

    fn atoms(&self) -> impl Iterator<Item = Atom> + '_ {
        self.instance.universe.atoms()
    }
}

/// Where an operand's value is: see `Evaluator::operand`.
enum Operand {
    InPlace,
    Memo(MemoKey),
    Owned(TupleSet),
}

/// The values of a quantified variable, produced one at a time so that large subset ranges
/// need no memory.
struct DeclRange {
    tuples: TupleSet,
    mult: DeclMult,
}

impl DeclRange {
    fn len(&self) -> u64 {
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
    fn get(&self, i: u64) -> TupleSet {
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

/// The most elements over which `Evaluator::order_values` enumerates orders (its sets of
/// placed elements are bit masks).
const MAX_ORDERED_ELEMS: usize = 16;

/// The number of sequences of all `before.len()` elements in which each element `i`
/// comes after the elements of the mask `before[i]`: a count per set of placed elements.
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

fn identity(atoms: impl Iterator<Item = Atom>) -> TupleSet {
    TupleSet::from_flat(2, atoms.flat_map(|a| [a, a]).collect())
}

fn filter(rel: &TupleSet, keep: impl Fn(&[Atom]) -> bool) -> TupleSet {
    TupleSet::from_tuples(rel.arity(), rel.iter().filter(|t| keep(t)))
}

/// `a ++ b`: the tuples of `b`, and those of `a` whose first atom is not a first atom of `b`.
fn override_(a: &TupleSet, b: &TupleSet) -> TupleSet {
    let dom_b: BTreeSet<Atom> = b.iter().map(|t| t[0]).collect();
    b.union(&filter(a, |t| !dom_b.contains(&t[0])))
}

fn check_join_arities(a: &TupleSet, b: &TupleSet, e: &Expr) -> Result<(), EvalError> {
    if a.arity() == 0 || b.arity() == 0 || a.arity() + b.arity() < 3 {
        return Err(EvalError::new(format!(
            "cannot join arities {} and {} in `{e}`",
            a.arity(),
            b.arity()
        )));
    }
    Ok(())
}

/// Each tuple with its last atom moved to the front.
fn rotate_last_first(r: &TupleSet) -> TupleSet {
    let mut atoms = Vec::with_capacity(r.len() * r.arity());
    for t in r {
        atoms.push(t[t.len() - 1]);
        atoms.extend_from_slice(&t[..t.len() - 1]);
    }
    TupleSet::from_flat(r.arity(), atoms)
}

/// The join `a.b` given `a` rotated by `rotate_last_first`: for each tuple of `b`, the
/// tuples of `a` that end with its first atom. The same value as `join(a, b)`.
fn backward_join(a_rotated: &TupleSet, b: &TupleSet, a_arity: usize) -> TupleSet {
    let mut atoms = Vec::new();
    for u in b {
        for t in a_rotated.starting_with(u[0]) {
            atoms.extend_from_slice(&t[1..]);
            atoms.extend_from_slice(&u[1..]);
        }
    }
    TupleSet::from_flat(a_arity + b.arity() - 2, atoms)
}

/// Relational join: `t ++ u` without the matched atoms, for `t ∈ a`, `u ∈ b`, last of `t` =
/// first of `u`.
fn join(a: &TupleSet, b: &TupleSet) -> TupleSet {
    let mut atoms = Vec::new();
    for t in a {
        for u in b.starting_with(t[t.len() - 1]) {
            atoms.extend_from_slice(&t[..t.len() - 1]);
            atoms.extend_from_slice(&u[1..]);
        }
    }
    TupleSet::from_flat(a.arity() + b.arity() - 2, atoms)
}

/// `a -> b`: in order already, as both sides are.
fn product(a: &TupleSet, b: &TupleSet) -> TupleSet {
    let mut atoms = Vec::with_capacity(a.len() * b.len() * (a.arity() + b.arity()));
    for t in a {
        for u in b {
            atoms.extend_from_slice(t);
            atoms.extend_from_slice(u);
        }
    }
    TupleSet::from_flat(a.arity() + b.arity(), atoms)
}

fn transpose(r: &TupleSet) -> TupleSet {
    TupleSet::from_flat(2, r.iter().flat_map(|t| [t[1], t[0]]).collect())
}

/// Each first atom of a binary relation with the atoms it relates to.
fn successor_lists(r: &TupleSet) -> HashMap<Atom, Vec<Atom>> {
    let mut successors: HashMap<Atom, Vec<Atom>> = HashMap::new();
    for t in r {
        successors.entry(t[0]).or_default().push(t[1]);
    }
    successors
}

/// The least transitive relation containing `r`: the atoms reachable in one step or more
/// from each first atom, by a depth-first search over `r`'s successor lists. (Joining
/// until nothing changes costs a join of the whole closure per path length: seconds on a
/// commit order over 200 transactions.)
fn closure(r: &TupleSet) -> TupleSet {
    let successors = successor_lists(r);
    let mut out = Vec::new();
    let mut seen: HashSet<Atom> = HashSet::new();
    let mut stack = Vec::new();
    for (&source, first) in &successors {
        seen.clear();
        stack.extend_from_slice(first);
        while let Some(a) = stack.pop() {
            if seen.insert(a) {
                out.extend_from_slice(&[source, a]);
                if let Some(next) = successors.get(&a) {
                    stack.extend(next.iter().filter(|b| !seen.contains(b)));
                }
            }
        }
    }
    TupleSet::from_flat(2, out)
}

/// `first` is one atom of `elems`, and `next` is exactly the chain that starts at it and
/// visits every element of `elems` once.
/// `rel` lies within `elems × elems`, no element relates to itself, `rel` is transitive,
/// and any two distinct elements are related one way or the other.
fn is_strict_total_order(rel: &TupleSet, elems: &TupleSet) -> bool {
    let within = rel
        .iter()
        .all(|t| elems.contains(&[t[0]]) && elems.contains(&[t[1]]));
    let irreflexive = rel.iter().all(|t| t[0] != t[1]);
    // a -> b and b -> c imply a -> c: b's successors are among a's (one pass over each
    // pair's successor set, not over every pair of pairs).
    let mut successors: HashMap<Atom, BTreeSet<Atom>> = HashMap::new();
    for t in rel.iter() {
        successors.entry(t[0]).or_default().insert(t[1]);
    }
    let none = BTreeSet::new();
    let transitive = rel.iter().all(|ab| {
        let of_a = successors.get(&ab[0]).unwrap_or(&none);
        successors
            .get(&ab[1])
            .unwrap_or(&none)
            .iter()
            .all(|c| of_a.contains(c))
    });
    let total = elems.iter().all(|a| {
        elems
            .iter()
            .all(|b| a == b || rel.contains(&[a[0], b[0]]) || rel.contains(&[b[0], a[0]]))
    });
    within && irreflexive && transitive && total
}

fn is_total_order(elems: &TupleSet, first: &TupleSet, next: &TupleSet) -> bool {
    if elems.is_empty() || first.len() != 1 || !first.is_subset(elems) {
        return false;
    }
    let in_elems = |t: &[Atom]| elems.contains(&t[..1]) && elems.contains(&t[1..]);
    if !next.iter().all(in_elems) {
        return false;
    }
    // Walk the successor chain from `first`; it must not branch or revisit an atom.
    let mut current = first.iter().next().expect("one tuple")[0];
    let mut visited = BTreeSet::from([current]);
    loop {
        let successors: Vec<Atom> = next
            .iter()
            .filter(|t| t[0] == current)
            .map(|t| t[1])
            .collect();
        match successors.as_slice() {
            [] => break,
            [s] if visited.insert(*s) => current = *s,
            _ => return false,
        }
    }
    // The chain covers `elems`, and `next` holds nothing but its edges.
    visited.len() == elems.len() && next.len() == elems.len() - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{RelId, Universe};

    /// Universe {a0, a1, a2, a3}; r0 = {a0, a1} (unary), r1 = {a0->a1, a1->a2, a2->a2}
    /// (binary), r2 = {a1, a3} (unary), r3 = {a0->a1->a2, a3->a3->a0} (ternary).
    fn instance() -> Instance {
        Instance {
            universe: Universe::new((0..4).map(|i| format!("a{i}")).collect()),
            values: vec![
                set1(&[0, 1]),
                set2(&[(0, 1), (1, 2), (2, 2)]),
                set1(&[1, 3]),
                TupleSet::from_tuples(3, [vec![0, 1, 2], vec![3, 3, 0]]),
            ],
        }
    }

    fn set1(atoms: &[Atom]) -> TupleSet {
        TupleSet::of_atoms(atoms.iter().copied())
    }

    fn set2(pairs: &[(Atom, Atom)]) -> TupleSet {
        TupleSet::from_tuples(2, pairs.iter().map(|&(a, b)| vec![a, b]))
    }

    fn r(i: u32) -> Expr {
        let arity = instance().values[i as usize].arity();
        Expr::rel(RelId(i), arity)
    }

    fn ev(e: &Expr) -> TupleSet {
        eval_expr(&instance(), e).unwrap()
    }

    fn holds(f: &Formula) -> bool {
        eval_formula(&instance(), f).unwrap()
    }

    fn decl(var: u32, mult: DeclMult, bound: Expr) -> Decl {
        Decl {
            var: VarId(var),
            name: format!("x{var}"),
            mult,
            bound,
        }
    }

    fn var(v: u32, arity: usize) -> Expr {
        Expr::var(VarId(v), arity)
    }

    /// Reading the left side backwards (small right sides) gives the plain join.
    #[test]
    fn backward_join_is_join() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n) as Atom
        };
        for round in 0..300 {
            let (left_arity, right_arity) = [(2, 1), (2, 2), (3, 1), (1, 2), (3, 3)][round % 5];
            let tuple = |arity: usize, next: &mut dyn FnMut(u64) -> Atom| -> Tuple {
                (0..arity).map(|_| next(6)).collect()
            };
            let left = TupleSet::from_tuples(
                left_arity,
                (0..next(40))
                    .map(|_| tuple(left_arity, &mut next))
                    .collect::<Vec<_>>(),
            );
            let right = TupleSet::from_tuples(
                right_arity,
                (0..next(6))
                    .map(|_| tuple(right_arity, &mut next))
                    .collect::<Vec<_>>(),
            );
            assert_eq!(
                backward_join(&rotate_last_first(&left), &right, left_arity),
                join(&left, &right),
                "{left:?} . {right:?}"
            );
        }
    }

    #[test]
    fn leaves() {
        assert_eq!(ev(&r(1)), set2(&[(0, 1), (1, 2), (2, 2)]));
        assert_eq!(ev(&Expr::univ()), set1(&[0, 1, 2, 3]));
        assert_eq!(ev(&Expr::iden()), set2(&[(0, 0), (1, 1), (2, 2), (3, 3)]));
        assert_eq!(ev(&Expr::none(3)), TupleSet::empty(3));
        assert_eq!(ev(&Expr::constant(set2(&[(3, 0)]))), set2(&[(3, 0)]));
    }

    #[test]
    fn set_operators() {
        assert_eq!(ev(&Expr::union(r(0), r(2))), set1(&[0, 1, 3]));
        assert_eq!(ev(&Expr::intersection(r(0), r(2))), set1(&[1]));
        assert_eq!(ev(&Expr::difference(r(0), r(2))), set1(&[0]));
        assert_eq!(ev(&Expr::difference(r(2), r(0))), set1(&[3]));
    }

    #[test]
    fn override_replaces_rows_by_first_column() {
        // r1 ++ {a1->a0, a3->a3}: a1's row is replaced, a3's is added, a0 and a2 stay.
        let b = Expr::constant(set2(&[(1, 0), (3, 3)]));
        assert_eq!(
            ev(&Expr::override_(r(1), b)),
            set2(&[(0, 1), (1, 0), (2, 2), (3, 3)])
        );
        // Unary override is union.
        assert_eq!(ev(&Expr::override_(r(0), r(2))), set1(&[0, 1, 3]));
        // Override by an empty relation changes nothing.
        assert_eq!(ev(&Expr::override_(r(1), Expr::none(2))), ev(&r(1)));
    }

    #[test]
    fn join_of_each_arity_combination() {
        // r0.r1 = {a1, a2}
        assert_eq!(ev(&Expr::join(r(0), r(1))), set1(&[1, 2]));
        // r1.r2: rows of r1 ending in a1 or a3 -> {a0}
        assert_eq!(ev(&Expr::join(r(1), r(2))), set1(&[0]));
        // r1.r1 = {a0->a2, a1->a2, a2->a2}
        assert_eq!(ev(&Expr::join(r(1), r(1))), set2(&[(0, 2), (1, 2), (2, 2)]));
        // r3.r0: a0->a1->a2 ends in a2 (not in r0); a3->a3->a0 ends in a0 -> {a3->a3}
        assert_eq!(ev(&Expr::join(r(3), r(0))), set2(&[(3, 3)]));
        // r2.r3: a3 starts a3->a3->a0 -> {a3->a0}
        assert_eq!(ev(&Expr::join(r(2), r(3))), set2(&[(3, 0)]));
        // r1.r3: a2->a2 meets nothing starting with a2; none of r1 ends in a0 or a3
        assert_eq!(ev(&Expr::join(r(1), r(3))), TupleSet::empty(3));
    }

    #[test]
    fn product_and_transpose() {
        assert_eq!(
            ev(&Expr::product(r(0), r(2))),
            set2(&[(0, 1), (0, 3), (1, 1), (1, 3)])
        );
        assert_eq!(ev(&Expr::product(r(0), r(1))).len(), 6);
        assert_eq!(ev(&Expr::transpose(r(1))), set2(&[(1, 0), (2, 1), (2, 2)]));
    }

    #[test]
    fn closures() {
        let chain = Expr::constant(set2(&[(0, 1), (1, 2), (2, 3)]));
        assert_eq!(
            ev(&Expr::closure(chain.clone())),
            set2(&[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)])
        );
        assert_eq!(
            ev(&Expr::reflexive_closure(chain)),
            set2(&[
                (0, 0),
                (0, 1),
                (0, 2),
                (0, 3),
                (1, 1),
                (1, 2),
                (1, 3),
                (2, 2),
                (2, 3),
                (3, 3)
            ])
        );
        let cycle = Expr::constant(set2(&[(0, 1), (1, 0)]));
        assert_eq!(
            ev(&Expr::closure(cycle)),
            set2(&[(0, 0), (0, 1), (1, 0), (1, 1)])
        );
        assert_eq!(ev(&Expr::closure(Expr::none(2))), TupleSet::empty(2));
        assert_eq!(
            ev(&Expr::reflexive_closure(Expr::none(2))),
            ev(&Expr::iden())
        );
    }

    #[test]
    fn closure_is_the_join_fixpoint() {
        // The definition: add `c.r` to `c` until nothing changes.
        fn fixpoint(r: &TupleSet) -> TupleSet {
            let mut c = r.clone();
            loop {
                let next = c.union(&join(&c, r));
                if next == c {
                    return c;
                }
                c = next;
            }
        }
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..300 {
            let r = random_pairs(&mut state, 1 + round % 9, 10 + (round as u64 % 4) * 10);
            assert_eq!(closure(&r), fixpoint(&r), "^{r:?}");
        }
    }

    /// `q v: bound | body` with the orders-only enumeration on and off; on, also without
    /// saturating, and with every order over a budget of one handed to an oracle (the
    /// unbounded evaluator), which then sees the narrowed quantifier.
    fn with_and_without_orders(
        inst: &Instance,
        f: &Formula,
        oracle_calls: &std::cell::Cell<usize>,
    ) -> (Result<bool, EvalError>, bool) {
        let mut on = Evaluator::new(inst, Env::new());
        let mut off = Evaluator::new(inst, Env::new());
        off.orders_only = false;
        let expected = off
            .formula(f)
            .expect("enumerating every relation decides it");
        let mut plain = Evaluator::new(inst, Env::new());
        plain.saturate_orders = false;
        assert_eq!(
            plain.formula(f).expect("decided"),
            expected,
            "unsaturated: {f}"
        );
        let mut asks = Evaluator::new(inst, Env::new());
        asks.budget = 1;
        asks.whole_ranges_only = true;
        asks.oracle = Some(Box::new(|g: &Formula| {
            oracle_calls.set(oracle_calls.get() + 1);
            let mut off = Evaluator::new(inst, Env::new());
            off.orders_only = false;
            Some(off.formula(g).expect("the oracle's question is closed"))
        }));
        if let Ok(answer) = asks.formula(f) {
            assert_eq!(answer, expected, "through the oracle: {f}");
        }
        (on.formula(f), expected)
    }

    #[test]
    fn enumerating_only_orders_agrees_with_enumerating_every_relation() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let (a, e, r, s) = (
            Expr::rel(RelId(0), 1),
            Expr::rel(RelId(1), 2),
            Expr::rel(RelId(2), 2),
            Expr::rel(RelId(3), 1),
        );
        let v = var(9, 2);
        let (mut narrowed, mut holding) = (0, 0);
        let oracle_calls = std::cell::Cell::new(0);
        for round in 0..440u64 {
            let mut subset = |percent: u64| {
                let atoms = random_pairs(&mut state, 4, percent)
                    .iter()
                    .map(|t| t[0])
                    .collect::<Vec<_>>();
                TupleSet::of_atoms(atoms.into_iter().take(3))
            };
            let (av, sv) = (subset(40), subset(50));
            // E mostly ascending pairs within A, so that orders over A contain it; R
            // sometimes too.
            let ascending = |state: &mut u64, percent: u64, within: &TupleSet| {
                let all = random_pairs(state, 4, percent);
                let ascending = all.iter().filter(|t| {
                    t[0] < t[1] && within.contains(&t[..1]) && within.contains(&t[1..])
                });
                TupleSet::from_tuples(2, ascending)
            };
            let ev_ = if round % 3 == 0 {
                random_pairs(&mut state, 4, 20)
            } else {
                ascending(&mut state, 30, &av)
            };
            let rv = if round % 2 == 0 {
                random_pairs(&mut state, 4, 40)
            } else {
                ascending(&mut state, 40, &av)
            };
            let inst = Instance {
                universe: Universe::new((0..4).map(|i| format!("a{i}")).collect()),
                values: vec![av, ev_, rv, sv],
            };
            // The orders are over A or over S; the variable ranges over A -> A.
            let elems = if round % 5 == 4 { s.clone() } else { a.clone() };
            let order = Formula::strict_order(v.clone(), elems);
            let contains_e = Formula::subset(e.clone(), v.clone());
            let x = decl(20, DeclMult::One, a.clone());
            let y = decl(21, DeclMult::One, a.clone());
            let z = decl(22, DeclMult::One, a.clone());
            let extra = match round / 4 % 11 {
                // Guards `x in v` with x growing with v: saturated.
                7 => Formula::subset(Expr::join(v.clone(), e.clone()), v.clone()),
                8 => Formula::subset(
                    Expr::intersection(
                        Expr::join(Expr::transpose(r.clone()), Expr::closure(v.clone())),
                        e.clone(),
                    ),
                    v.clone(),
                ),
                9 => Formula::subset(
                    Expr::comprehension(
                        vec![x.clone(), y.clone()],
                        Formula::exists(
                            vec![z.clone()],
                            Formula::subset(Expr::product(var(20, 1), var(22, 1)), v.clone()).and2(
                                Formula::subset(Expr::product(var(22, 1), var(21, 1)), r.clone()),
                            ),
                        ),
                    ),
                    v.clone(),
                ),
                // Shrinks with v: not saturated.
                10 => Formula::subset(Expr::difference(r.clone(), v.clone()), v.clone()),
                0 => Formula::subset(Expr::join(v.clone(), v.clone()), e.clone()),
                1 => Expr::intersection(v.clone(), e.clone()).some(),
                2 => Expr::intersection(v.clone(), r.clone()).no(),
                3 => Formula::subset(Expr::join(e.clone(), v.clone()), r.clone()),
                4 => Formula::subset(v.clone(), Expr::union(r.clone(), e.clone())),
                5 => Formula::subset(Expr::join(a.clone(), v.clone()), s.clone()),
                // Of the shape of a guard, but not one here.
                _ => Formula::subset(r.clone(), v.clone()),
            };
            let mult = if round % 7 == 3 {
                DeclMult::Some
            } else {
                DeclMult::Set
            };
            let d = vec![decl(9, mult, Expr::product(a.clone(), a.clone()))];
            let f = match round % 4 {
                0 => Formula::exists(d, Formula::and([order, contains_e, extra])),
                1 => Formula::forall(d, Formula::and([order, contains_e, extra]).not()),
                2 => Formula::forall(d, order.not().or2(extra)),
                _ => Formula::forall(d, order.and2(contains_e).implies(extra)),
            };
            let (on, off) = with_and_without_orders(&inst, &f, &oracle_calls);
            assert_eq!(on.expect("decided"), off, "{f}");
            holding += off as usize;
            // The orders-only answer needs at most 3! values of the budget.
            let mut ev = Evaluator::new(&inst, Env::new());
            ev.budget = 6;
            ev.whole_ranges_only = true;
            narrowed += ev.formula(&f).is_ok() as usize;
        }
        assert!(holding > 60 && holding < 380, "{holding} of 440 hold");
        assert_eq!(narrowed, 440);
        assert!(
            oracle_calls.get() > 100,
            "{} oracle calls",
            oracle_calls.get()
        );
    }

    /// A variable `v` over `univ -> univ`, its declaration, and the guard that makes it
    /// a strict total order extending relation 0.
    fn extending_orders() -> (Expr, Vec<Decl>, Formula) {
        let v = var(9, 2);
        let d = vec![decl(
            9,
            DeclMult::Set,
            Expr::product(Expr::univ(), Expr::univ()),
        )];
        let guard = Formula::strict_order(v.clone(), Expr::univ())
            .and2(Formula::subset(Expr::rel(RelId(0), 2), v.clone()));
        (v, d, guard)
    }

    #[test]
    fn a_commit_order_over_seven_atoms_is_one_of_its_orders() {
        // Over `univ -> univ` (49 tuples) the evaluator cannot enumerate relations; the
        // orders of 7 atoms extending a chain 0 < 1 < ... < 5 are 7.
        let inst = Instance {
            universe: Universe::new((0..7).map(|i| format!("a{i}")).collect()),
            values: vec![set2(&[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)])],
        };
        let (v, d, guard) = extending_orders();
        // Some extension puts 6 first; none relates 5 to 0.
        let six_first = Formula::subset(set_expr(&[(6, 0)]), v.clone());
        let five_before_zero = Formula::subset(set_expr(&[(5, 0)]), v.clone());
        let mut ev = Evaluator::new(&inst, Env::new());
        ev.budget = 7;
        ev.whole_ranges_only = true;
        let some = Formula::exists(d.clone(), guard.clone().and2(six_first));
        assert!(ev.formula(&some).unwrap());
        let none = Formula::exists(d, guard.and2(five_before_zero));
        ev.budget = 7;
        assert!(!ev.formula(&none).unwrap());
        ev.budget = 7;
        ev.orders_only = false;
        assert!(ev.formula(&some).unwrap_err().message.contains("too large"));
    }

    #[test]
    fn guards_that_grow_with_the_order_narrow_its_orders() {
        // Orders of 3 atoms extending E = 0 < 1: 012, 021, 201. With `(v & E).F in v`
        // and F = 1 -> 2, each must also put 0 before 2: 012 and 021 only.
        let inst = Instance {
            universe: Universe::new((0..3).map(|i| format!("a{i}")).collect()),
            values: vec![set2(&[(0, 1)]), set2(&[(1, 2)])],
        };
        let (v, d, guard) = extending_orders();
        let v_and_e = Expr::intersection(v.clone(), Expr::rel(RelId(0), 2));
        let grows = Formula::subset(Expr::join(v_and_e, Expr::rel(RelId(1), 2)), v.clone());
        let two_last = Formula::subset(set_expr(&[(0, 2), (1, 2)]), v.clone());
        let f = Formula::exists(d, Formula::and([guard, grows, two_last.not()]));
        for saturate in [true, false] {
            let mut ev = Evaluator::new(&inst, Env::new());
            ev.budget = 2;
            ev.whole_ranges_only = true;
            ev.saturate_orders = saturate;
            match ev.formula(&f) {
                Ok(holds) => assert!(saturate && holds, "021 is the witness"),
                Err(e) => assert!(!saturate && e.message.contains("too large"), "{e}"),
            }
        }
    }

    #[test]
    fn the_recheck_hands_many_orders_to_the_sat_check() {
        // Orders of 7 atoms extending 0 < 1 < 2 < 3 < 4: 42, more than the 16 a budget
        // of 256 allows; extending 0 < ... < 5: 7.
        let order_of = |chain: &[(Atom, Atom)]| Instance {
            universe: Universe::new((0..7).map(|i| format!("a{i}")).collect()),
            values: vec![set2(chain)],
        };
        let (v, d, guard) = extending_orders();
        // Not a guard (a negation), so it does not narrow the orders.
        let zero_not_before_five = Formula::subset(set_expr(&[(0, 5)]), v.clone()).not();
        let f = Formula::exists(d, guard.and2(zero_not_before_five));
        let hinted = |inst: &Instance| {
            eval_formula_hinted(inst, &f, HashMap::new(), Search::within(256), None)
        };
        let short = order_of(&[(0, 1), (1, 2), (2, 3), (3, 4)]);
        assert!(hinted(&short).unwrap_err().message.contains("too large"));
        assert!(eval_formula(&short, &f).unwrap(), "unbounded, it decides");
        let long = order_of(&[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]);
        assert!(!hinted(&long).unwrap());
    }

    fn set_expr(pairs: &[(Atom, Atom)]) -> Expr {
        Expr::constant(set2(pairs))
    }

    /// A binary relation over atoms `0..atoms` holding each pair with `percent` chance.
    fn random_pairs(state: &mut u64, atoms: u32, percent: u64) -> TupleSet {
        let mut r = TupleSet::empty(2);
        for a in 0..atoms {
            for b in 0..atoms {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                if *state % 100 < percent {
                    r.insert(vec![a, b]);
                }
            }
        }
        r
    }

    #[test]
    fn join_within_agrees_with_the_join() {
        // `l.r in c` read row by row, against building `l.r`; with `c` near the join
        // (the join itself, or it with one pair removed) so that both answers occur.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let (mut held, mut failed) = (0, 0);
        for round in 0..400u32 {
            let l = random_pairs(&mut state, 4, 15 + (round as u64 % 5) * 15);
            let r = random_pairs(&mut state, 4, 15 + (round as u64 % 3) * 20);
            let mut c = join(&l, &r).union(&random_pairs(&mut state, 4, 10));
            let dropped = c
                .iter()
                .nth(round as usize % c.len().max(1))
                .map(<[Atom]>::to_vec);
            if let Some(t) = dropped.filter(|_| round % 2 == 0) {
                c.remove(&t);
            }
            let expected = join(&l, &r).is_subset(&c);
            let f = Formula::subset(
                Expr::join(Expr::constant(l.clone()), Expr::constant(r.clone())),
                Expr::constant(c.clone()),
            );
            assert_eq!(holds(&f), expected, "{l:?} . {r:?} in {c:?}");
            if expected { held += 1 } else { failed += 1 }
        }
        assert!(held > 50 && failed > 50, "{held} held, {failed} failed");
    }

    #[test]
    fn restrictions() {
        // r2 <: r1 = rows of r1 starting in {a1, a3}
        assert_eq!(ev(&Expr::domain_restrict(r(2), r(1))), set2(&[(1, 2)]));
        // r1 :> r0 = rows of r1 ending in {a0, a1}
        assert_eq!(ev(&Expr::range_restrict(r(1), r(0))), set2(&[(0, 1)]));
        // Ternary restrictions look at the first / last column only.
        assert_eq!(
            ev(&Expr::domain_restrict(r(2), r(3))),
            TupleSet::from_tuples(3, [vec![3, 3, 0]])
        );
        assert_eq!(
            ev(&Expr::range_restrict(r(3), r(0))),
            TupleSet::from_tuples(3, [vec![3, 3, 0]])
        );
        // On sets, restriction is intersection.
        assert_eq!(ev(&Expr::domain_restrict(r(0), r(2))), set1(&[1]));
    }

    #[test]
    fn if_then_else_picks_a_branch() {
        let pick = |c: Formula| ev(&Expr::if_then_else(c, r(0), r(2)));
        assert_eq!(pick(Formula::true_()), set1(&[0, 1]));
        assert_eq!(pick(r(0).some()), set1(&[0, 1]));
        assert_eq!(pick(r(0).no()), set1(&[1, 3]));
    }

    #[test]
    fn comprehension_binds_left_to_right() {
        // { x: univ, y: x.r1 | y != x } = r1 minus its loops
        let x = decl(0, DeclMult::One, Expr::univ());
        let y = decl(1, DeclMult::One, Expr::join(var(0, 1), r(1)));
        let body = var(1, 1).eq(&var(0, 1)).not();
        assert_eq!(
            ev(&Expr::comprehension(vec![x, y], body)),
            set2(&[(0, 1), (1, 2)])
        );
        // { x: r0 | x in r2 }
        let c = Expr::comprehension(vec![decl(2, DeclMult::One, r(0))], var(2, 1).in_(&r(2)));
        assert_eq!(ev(&c), set1(&[1]));
        // A binary `one` decl contributes two columns.
        let c = Expr::comprehension(
            vec![decl(3, DeclMult::One, r(1))],
            Expr::join(var(3, 2), r(0)).no(),
        );
        assert_eq!(ev(&c), set2(&[(1, 2), (2, 2)]));
    }

    #[test]
    fn connectives() {
        // Non-constant leaves, so that the constructors' simplifications keep the nodes.
        let t = || r(0).some();
        let f = || r(0).no();
        assert!(holds(&Formula::and([t(), t()])));
        assert!(!holds(&Formula::and([t(), f()])));
        assert!(!holds(&Formula::and([f(), t()])));
        assert!(holds(&Formula::or([f(), t()])));
        assert!(!holds(&Formula::or([f(), f()])));
        assert!(holds(&Formula::constant(true)));
        assert!(!holds(&Formula::constant(false)));
        assert!(!holds(&t().not()));
        assert!(holds(&f().not()));
        assert!(!holds(&t().implies(f())));
        assert!(holds(&f().implies(t())));
        assert!(holds(&f().implies(f())));
        assert!(holds(&t().implies(t())));
        assert!(holds(&t().iff(t())));
        assert!(holds(&f().iff(f())));
        assert!(!holds(&t().iff(f())));
        assert!(!holds(&f().iff(t())));
    }

    #[test]
    fn comparisons() {
        assert!(holds(&Expr::intersection(r(0), r(2)).in_(&r(0))));
        assert!(!holds(&r(0).in_(&r(2))));
        assert!(holds(&Expr::union(r(0), r(2)).eq(&Expr::union(r(2), r(0)))));
        assert!(!holds(&r(0).eq(&r(2))));
    }

    #[test]
    fn multiplicity_tests() {
        let one_atom = Expr::intersection(r(0), r(2));
        let empty = Expr::none(1);
        let two = r(0);
        let cases = [
            (MultTest::Some, [false, true, true]),
            (MultTest::No, [true, false, false]),
            (MultTest::Lone, [true, true, false]),
            (MultTest::One, [false, true, false]),
        ];
        for (m, expected) in cases {
            for (e, want) in [&empty, &one_atom, &two].into_iter().zip(expected) {
                assert_eq!(holds(&Formula::mult(m, e.clone())), want, "{m:?} {e}");
            }
        }
    }

    #[test]
    fn cardinality() {
        // #r1 = 3
        let card = |cmp, k| holds(&Formula::cardinality(cmp, r(1), k));
        assert!(card(CardCmp::Exactly, 3));
        assert!(!card(CardCmp::Exactly, 2));
        assert!(card(CardCmp::AtMost, 3));
        assert!(!card(CardCmp::AtMost, 2));
        assert!(card(CardCmp::AtLeast, 3));
        assert!(!card(CardCmp::AtLeast, 4));
        assert!(card(CardCmp::AtLeast, 0));
    }

    #[test]
    fn first_order_quantifiers() {
        // all x: r0 | some x.r1
        let f = Formula::forall(
            vec![decl(0, DeclMult::One, r(0))],
            Expr::join(var(0, 1), r(1)).some(),
        );
        assert!(holds(&f));
        // all x: univ | some x.r1 -- false for a3
        let f = Formula::forall(
            vec![decl(0, DeclMult::One, Expr::univ())],
            Expr::join(var(0, 1), r(1)).some(),
        );
        assert!(!holds(&f));
        // some x: univ, y: x.r1 | x = y  -- a2->a2
        let f = Formula::exists(
            vec![
                decl(0, DeclMult::One, Expr::univ()),
                decl(1, DeclMult::One, Expr::join(var(0, 1), r(1))),
            ],
            var(0, 1).eq(&var(1, 1)),
        );
        assert!(holds(&f));
        // some x: r0, y: x.r1 | x = y -- r0 = {a0, a1} has no loops
        let f = Formula::exists(
            vec![
                decl(0, DeclMult::One, r(0)),
                decl(1, DeclMult::One, Expr::join(var(0, 1), r(1))),
            ],
            var(0, 1).eq(&var(1, 1)),
        );
        assert!(!holds(&f));
        // Over an empty range: all is true, some is false.
        let empty = vec![decl(0, DeclMult::One, Expr::none(1))];
        assert!(holds(&Formula::forall(empty.clone(), Formula::false_())));
        assert!(!holds(&Formula::exists(empty, Formula::true_())));
    }

    /// Quantifiers over relations (`s: m r1`, r1 has three tuples) see exactly the subsets
    /// that the multiplicity allows.
    #[test]
    fn higher_order_quantifiers() {
        let bound = r(1); // three tuples
        let s = || var(9, 2);
        let q = |quant, mult, body: Formula| {
            holds(&Formula::quant(
                quant,
                vec![decl(9, mult, bound.clone())],
                body,
            ))
        };
        use Quantifier::{All, Some as Exists};
        // set: includes the empty set and the full bound.
        assert!(q(Exists, DeclMult::Set, s().no()));
        assert!(q(Exists, DeclMult::Set, s().eq(&bound)));
        assert!(q(All, DeclMult::Set, s().in_(&bound)));
        // some: never empty, but may be the whole bound.
        assert!(!q(Exists, DeclMult::Some, s().no()));
        assert!(q(All, DeclMult::Some, s().some()));
        assert!(q(Exists, DeclMult::Some, s().eq(&bound)));
        // lone: empty or one tuple.
        assert!(q(Exists, DeclMult::Lone, s().no()));
        assert!(q(All, DeclMult::Lone, s().lone()));
        assert!(!q(
            Exists,
            DeclMult::Lone,
            Formula::cardinality(CardCmp::Exactly, s(), 2)
        ));
        // one: exactly the single tuples.
        assert!(q(All, DeclMult::One, s().one()));
        assert!(q(
            Exists,
            DeclMult::One,
            s().eq(&Expr::constant(set2(&[(2, 2)])))
        ));
        // An existential over relations that needs a specific two-tuple subset.
        let wanted = Expr::constant(set2(&[(0, 1), (2, 2)]));
        assert!(q(Exists, DeclMult::Set, s().eq(&wanted)));
        assert!(!q(
            Exists,
            DeclMult::Set,
            s().eq(&Expr::constant(set2(&[(3, 3)])))
        ));
        // all s: set r1 | #s <= 2 is false (s = r1 itself).
        assert!(!q(
            All,
            DeclMult::Set,
            Formula::cardinality(CardCmp::AtMost, s(), 2)
        ));
        // A unary `set` decl: some s: set univ | s = r0 + r2
        let f = Formula::exists(
            vec![decl(8, DeclMult::Set, Expr::univ())],
            var(8, 1).eq(&Expr::union(r(0), r(2))),
        );
        assert!(holds(&f));
    }

    #[test]
    fn higher_order_range_sizes() {
        // The values a decl over r1 (three tuples) ranges over, with their sizes in
        // enumeration order; all distinct and within the bound.
        let inst = instance();
        let mut ev = Evaluator::new(&inst, Env::new());
        for (mult, expected_sizes) in [
            (DeclMult::One, vec![1, 1, 1]),
            (DeclMult::Lone, vec![0, 1, 1, 1]),
            (DeclMult::Some, vec![1, 1, 2, 1, 2, 2, 3]),
            (DeclMult::Set, vec![0, 1, 1, 2, 1, 2, 2, 3]),
        ] {
            let range = ev.decl_range(&decl(0, mult, r(1))).unwrap();
            let values: Vec<TupleSet> = (0..range.len()).map(|i| range.get(i)).collect();
            let sizes: Vec<usize> = values.iter().map(TupleSet::len).collect();
            assert_eq!(sizes, expected_sizes, "{mult:?}");
            let distinct: BTreeSet<&TupleSet> = values.iter().collect();
            assert_eq!(distinct.len(), values.len(), "{mult:?} repeats a value");
            assert!(
                values.iter().all(|v| v.is_subset(&inst.values[1])),
                "{mult:?}"
            );
        }
    }

    #[test]
    fn total_order() {
        let order = |elems: &[Atom], first: &[Atom], next: &[(Atom, Atom)]| {
            holds(&Formula::total_order(
                Expr::constant(set1(elems)),
                Expr::constant(set1(first)),
                Expr::constant(set2(next)),
            ))
        };
        assert!(order(&[0, 1, 2], &[0], &[(0, 1), (1, 2)]));
        assert!(order(&[0, 1, 2], &[2], &[(2, 0), (0, 1)]));
        assert!(order(&[3], &[3], &[]));
        // Wrong first, missing edge, extra edge, cycle, branch, edge outside elems.
        assert!(!order(&[0, 1, 2], &[1], &[(0, 1), (1, 2)]));
        assert!(!order(&[0, 1, 2], &[0], &[(0, 1)]));
        assert!(!order(&[0, 1, 2], &[0], &[(0, 1), (1, 2), (0, 2)]));
        assert!(!order(&[0, 1, 2], &[0], &[(0, 1), (1, 2), (2, 0)]));
        assert!(!order(&[0, 1, 2], &[0], &[(0, 1), (0, 2)]));
        assert!(!order(&[0, 1], &[0], &[(0, 1), (1, 3)]));
        // A chain plus a separate cycle has the right edge count but misses atoms.
        assert!(!order(&[0, 1, 2, 3], &[0], &[(0, 1), (2, 3), (3, 2)]));
        // First must be exactly one atom of elems; elems must not be empty.
        assert!(!order(&[0, 1], &[0, 1], &[(0, 1)]));
        assert!(!order(&[0, 1], &[], &[(0, 1)]));
        assert!(!order(&[0, 1], &[3], &[(0, 1)]));
        assert!(!order(&[], &[], &[]));
    }

    /// Over three atoms there are 3! = 6 pairs (first, next) making a total order, out of
    /// 3 * 2^9 candidates.
    #[test]
    fn total_orders_over_three_atoms_are_counted_exactly() {
        let elems = Expr::constant(set1(&[0, 1, 2]));
        let pairs: Vec<(Atom, Atom)> = (0..3).flat_map(|a| (0..3).map(move |b| (a, b))).collect();
        let mut count = 0;
        for first in 0..3 {
            for mask in 0..1u32 << pairs.len() {
                let next: Vec<(Atom, Atom)> = pairs
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, p)| *p)
                    .collect();
                let f = Formula::total_order(
                    elems.clone(),
                    Expr::constant(set1(&[first])),
                    Expr::constant(set2(&next)),
                );
                if holds(&f) {
                    count += 1;
                }
            }
        }
        assert_eq!(count, 6);
    }

    #[test]
    fn env_binds_and_shadows() {
        let mut env = Env::new();
        assert!(env.get(VarId(1)).is_none());
        env.bind(VarId(1), set1(&[0]));
        env.bind(VarId(1), set1(&[2]));
        assert_eq!(env.get(VarId(1)), Some(&set1(&[2])));
        let e = Expr::join(var(1, 1), r(1));
        assert_eq!(eval_expr_in(&instance(), &env, &e).unwrap(), set1(&[2]));
        assert!(eval_formula_in(&instance(), &env, &var(1, 1).one()).unwrap());
    }

    #[test]
    fn quantifier_scope_does_not_leak() {
        // (some x: r0 | true) and x.r1 = ... -- after the quantifier x is unbound again.
        let f = Formula::and([
            Formula::exists(vec![decl(0, DeclMult::One, r(0))], var(0, 1).some()),
            var(0, 1).some(),
        ]);
        let err = eval_formula(&instance(), &f).unwrap_err();
        assert!(err.message.contains("v0 is unbound"), "{err}");
    }

    #[test]
    fn errors_are_values() {
        let inst = instance();
        let err = eval_expr(&inst, &var(7, 1)).unwrap_err();
        assert_eq!(err.to_string(), "variable v7 is unbound");
        let err = eval_expr(&inst, &Expr::rel(RelId(9), 1)).unwrap_err();
        assert!(err.message.contains("r9 is out of range"), "{err}");
        // A relation referenced with the wrong arity.
        let err = eval_expr(&inst, &Expr::rel(RelId(0), 2)).unwrap_err();
        assert!(err.message.contains("arity"), "{err}");
        // A variable bound to a value of the wrong arity.
        let mut env = Env::new();
        env.bind(VarId(0), set2(&[(0, 1)]));
        assert!(eval_expr_in(&inst, &env, &var(0, 1)).is_err());
        // A comprehension over a `set` decl has no meaning.
        let c = Expr::comprehension(vec![decl(0, DeclMult::Set, r(0))], Formula::true_());
        assert!(eval_expr(&inst, &c).is_err());
        // Arity 0 has no meaning; operators on it must not index empty tuples.
        let zero = Expr::constant(TupleSet::from_tuples(0, [vec![]]));
        assert!(eval_expr(&inst, &Expr::domain_restrict(r(0), zero.clone())).is_err());
        assert!(eval_formula(&inst, &zero.some()).is_err());
    }

    #[test]
    fn hints_order_the_search_without_changing_its_answer() {
        const B: u64 = SUBSET_BUDGET;
        // 21 atoms: too many subsets to enumerate, but a hint that is a witness decides.
        let inst = Instance {
            universe: Universe::new((0..21).map(|i| format!("a{i}")).collect()),
            values: vec![],
        };
        let three = TupleSet::of_atoms([1, 4, 9]);
        let body = Formula::cardinality(CardCmp::Exactly, var(0, 1), 3);
        let some = Formula::exists(vec![decl(0, DeclMult::Set, Expr::univ())], body.clone());
        let all = Formula::forall(
            vec![decl(0, DeclMult::Set, Expr::univ())],
            body.clone().not(),
        );
        let hint = |v: TupleSet| HashMap::from([(VarId(0), v)]);
        assert!(
            eval_formula_hinted(&inst, &some, hint(three.clone()), Search::within(B), None)
                .unwrap()
        );
        assert!(
            !eval_formula_hinted(&inst, &all, hint(three.clone()), Search::within(B), None)
                .unwrap()
        );
        // A hint that is no witness leaves the search to do: still too large here.
        let two = TupleSet::of_atoms([1, 4]);
        assert!(
            eval_formula_hinted(&inst, &some, hint(two.clone()), Search::within(B), None).is_err()
        );
        // A hint outside the declaration (`one` takes single atoms) is not tried.
        let one = Formula::exists(vec![decl(0, DeclMult::One, Expr::univ())], body.clone());
        assert!(!eval_formula_hinted(&inst, &one, hint(three), Search::within(B), None).unwrap());
        // On a small universe, hinted or not, the answer is the same.
        let small = Instance {
            universe: Universe::new((0..5).map(|i| format!("a{i}")).collect()),
            values: vec![],
        };
        for f in [&some, &all, &one] {
            assert_eq!(
                eval_formula_hinted(&small, f, hint(two.clone()), Search::within(B), None).unwrap(),
                eval_formula(&small, f).unwrap()
            );
        }
        // A range larger than the budget is not started: 2^5 subsets against 31 values.
        assert!(
            eval_formula_hinted(&small, &all, hint(two.clone()), Search::within(31), None).is_err()
        );
        assert!(eval_formula_hinted(&small, &all, hint(two), Search::within(32), None).is_ok());
    }

    #[test]
    fn the_oracle_decides_what_is_too_large_closed_over_the_bindings_around_it() {
        // `all x: univ | Q s: set univ | x in s <=> #s = k`: the inner quantifier (32
        // subsets of 5 atoms) is over a budget of 8, so each binding of x asks the oracle.
        let inst = Instance {
            universe: Universe::new((0..5).map(|i| format!("a{i}")).collect()),
            values: vec![],
        };
        let s_decl = vec![decl(1, DeclMult::Set, Expr::univ())];
        let x_decl = vec![decl(0, DeclMult::One, Expr::univ())];
        for k in 0..6 {
            for q in [Quantifier::Some, Quantifier::All] {
                let body = var(0, 1).in_(&var(1, 1)).iff(Formula::cardinality(
                    CardCmp::Exactly,
                    var(1, 1),
                    k,
                ));
                let inner = Formula::quant(q, s_decl.clone(), body);
                let f = Formula::forall(x_decl.clone(), inner);
                let asked = std::cell::RefCell::new(Vec::new());
                // The oracle: the unbounded evaluator, on a formula that must be closed.
                let oracle: Oracle = Box::new(|g: &Formula| {
                    let mut free = BTreeSet::new();
                    FreeVars::default().formula(g, &mut free);
                    assert!(free.is_empty(), "the oracle's formula is closed: {g}");
                    asked.borrow_mut().push(g.to_string());
                    eval_formula(&inst, g).ok()
                });
                let with =
                    eval_formula_hinted(&inst, &f, HashMap::new(), Search::within(8), Some(oracle));
                let truth = eval_formula(&inst, &f).unwrap();
                let calls = asked.borrow().len();
                assert!((1..=MAX_ORACLE_CALLS).contains(&calls), "{calls} calls");
                match with {
                    Ok(answer) => assert_eq!(answer, truth, "{f}"),
                    // Past the calls allowed: the caller's whole check, as without one.
                    Err(e) => {
                        assert_eq!(calls, MAX_ORACLE_CALLS, "{f}: {e}");
                        assert!(e.message.contains("too large"));
                    }
                }
                let without =
                    eval_formula_hinted(&inst, &f, HashMap::new(), Search::within(8), None);
                assert!(without.unwrap_err().message.contains("too large"));
            }
        }
        // An oracle that cannot tell leaves the error.
        let f = Formula::exists(
            vec![decl(1, DeclMult::Set, Expr::univ())],
            var(1, 1).in_(&Expr::univ()),
        );
        let unsure: Oracle = Box::new(|_| None);
        assert!(
            eval_formula_hinted(&inst, &f, HashMap::new(), Search::within(8), Some(unsure))
                .is_err()
        );
    }

    #[test]
    fn large_higher_order_quantifier_is_an_error() {
        // 21 atoms: `some s: set univ` would need 2^21 subsets.
        let inst = Instance {
            universe: Universe::new((0..21).map(|i| format!("a{i}")).collect()),
            values: vec![],
        };
        // (The body mentions `s`: an unused variable is never enumerated.)
        let mentions_s = var(0, 1).in_(&Expr::univ());
        let f = Formula::exists(
            vec![decl(0, DeclMult::Set, Expr::univ())],
            mentions_s.clone(),
        );
        let err = eval_formula(&inst, &f).unwrap_err();
        assert!(
            err.message
                .starts_with("quantifier over 21 tuples is too large to evaluate"),
            "{err}"
        );
        // `one` and `lone` do not enumerate subsets, so they stay cheap.
        let f = Formula::exists(vec![decl(0, DeclMult::Lone, Expr::univ())], var(0, 1).no());
        assert!(eval_formula(&inst, &f).unwrap());
        // Exactly 2^20 subsets is still allowed.
        let inst20 = Instance {
            universe: Universe::new((0..20).map(|i| format!("a{i}")).collect()),
            values: vec![],
        };
        let f = Formula::exists(vec![decl(0, DeclMult::Set, Expr::univ())], mentions_s);
        assert!(eval_formula(&inst20, &f).unwrap());
    }

    #[test]
    fn unused_variables_are_not_enumerated() {
        // 400 nested `all r: set univ` (2^21 values each) around a closed body: decided
        // by the body alone, unless a `one`/`some` range is empty.
        let inst = Instance {
            universe: Universe::new((0..21).map(|i| format!("a{i}")).collect()),
            values: vec![],
        };
        let nested = |q: Quantifier, mult: DeclMult, bound: Expr, body: Formula| {
            (0..400).fold(body, |f, v| {
                Formula::quant(q, vec![decl(v, mult, bound.clone())], f)
            })
        };
        let closed = Expr::univ().some();
        for q in [Quantifier::All, Quantifier::Some] {
            for mult in [DeclMult::Set, DeclMult::Lone, DeclMult::One, DeclMult::Some] {
                let f = nested(q, mult, Expr::univ(), closed.clone());
                assert!(eval_formula(&inst, &f).unwrap(), "{q:?} {mult:?}");
                let f = nested(q, mult, Expr::univ(), closed.clone().not());
                assert!(!eval_formula(&inst, &f).unwrap(), "{q:?} {mult:?}");
            }
        }
        // An empty range: `all` holds vacuously and `some` fails, whatever the body; a
        // `lone` or `set` range still holds the empty set.
        let empty = Expr::none(1);
        let f = nested(
            Quantifier::All,
            DeclMult::One,
            empty.clone(),
            Formula::false_(),
        );
        assert!(eval_formula(&inst, &f).unwrap());
        let f = nested(
            Quantifier::Some,
            DeclMult::Some,
            empty.clone(),
            Formula::true_(),
        );
        assert!(!eval_formula(&inst, &f).unwrap());
        let f = nested(Quantifier::Some, DeclMult::Lone, empty, Formula::true_());
        assert!(eval_formula(&inst, &f).unwrap());
    }
}
