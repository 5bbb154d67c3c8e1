//! Expressions: relational operators applied to their operands' values, and reading
//! operands in place (relations, bound variables, remembered values) without copying them.

use std::borrow::Cow;

use super::operators::{
    backward_join, check_join_arities, closure, filter, identity, join, override_, product,
    rotate_last_first, transpose,
};
use super::{ATOM_TAG, EvalError, Evaluator, MEMO_LIMIT, MEMO_VARS, MemoKey};
use crate::logic::{Atom, Expr, ExprKind, TupleSet};

/// A join reads its left side backwards when the right side is this many times smaller.
const BACKWARD_JOIN_RATIO: usize = 8;
/// The most last-atom indexes `Evaluator::by_last_atom` keeps.
const INDEX_LIMIT: usize = 1024;

impl Evaluator<'_> {
    pub(super) fn expr(&mut self, e: &Expr) -> Result<TupleSet, EvalError> {
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
            Prime(a) => self.prime(a)?,
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

    /// The value of `e` without copying it where it is stored: a relation, a bound
    /// variable, or a closed expression (computed once, then kept).
    pub(super) fn value_ref(&mut self, e: &Expr) -> Result<Cow<'_, TupleSet>, EvalError> {
        Ok(match self.operand(e)? {
            Operand::Owned(v) => Cow::Owned(v),
            Operand::Memo(key) => Cow::Borrowed(&self.memo[&key]),
            Operand::InPlace => Cow::Borrowed(self.in_place(e).expect("seen by `operand`")),
        })
    }

    /// Where `e`'s value can be read without a copy, computing it first if it is a
    /// remembered expression; read it with `operand_value` before evaluating anything
    /// else (which may clear the memo).
    pub(super) fn operand(&mut self, e: &Expr) -> Result<Operand, EvalError> {
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

    pub(super) fn operand_value<'s>(&'s self, e: &Expr, operand: &'s Operand) -> &'s TupleSet {
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
    pub(super) fn in_place(&self, e: &Expr) -> Option<&TupleSet> {
        match e.kind() {
            ExprKind::Rel(r) => self.instance.values.get(r.0 as usize),
            ExprKind::Var(v) => self.env.get(*v),
            _ => Option::None,
        }
    }

    pub(super) fn same_arity_pair(
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

    pub(super) fn unary(&mut self, e: &Expr, op: &str) -> Result<TupleSet, EvalError> {
        self.of_arity(e, 1, op)
    }

    pub(super) fn binary(&mut self, e: &Expr, op: &str) -> Result<TupleSet, EvalError> {
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
pub(super) enum Operand {
    InPlace,
    Memo(MemoKey),
    Owned(TupleSet),
}
