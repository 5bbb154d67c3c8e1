//! A brute-force evaluator for the tests: every assignment of a problem's free tuples,
//! each checked by evaluating the formula directly over tuple sets.

use std::collections::{BTreeSet, HashMap};

use super::*;

use crate::logic::{
    Atom, CardCmp, Decl, DeclMult, Expr, ExprKind, Formula, FormulaKind, MultTest, Quantifier,
    Tuple, TupleSet, VarId,
};

struct Eval<'a> {
    n: usize,
    values: &'a [TupleSet],
    env: HashMap<VarId, TupleSet>,
}

pub(super) fn all_tuples(n: usize, arity: usize) -> Vec<Tuple> {
    let mut tuples: Vec<Tuple> = vec![vec![]];
    for _ in 0..arity {
        tuples = tuples
            .into_iter()
            .flat_map(|t| (0..n as Atom).map(move |a| t.iter().copied().chain([a]).collect()))
            .collect();
    }
    tuples
}

fn subsets(ts: &TupleSet) -> Vec<TupleSet> {
    let tuples: Vec<&[Atom]> = ts.iter().collect();
    (0..1u32 << tuples.len())
        .map(|mask| {
            TupleSet::from_tuples(
                ts.arity(),
                tuples
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask >> i & 1 == 1)
                    .map(|(_, t)| *t),
            )
        })
        .collect()
}

pub(super) fn permutations(items: &[Atom]) -> Vec<Vec<Atom>> {
    if items.is_empty() {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}

impl Eval<'_> {
    fn expr(&mut self, e: &Expr) -> TupleSet {
        use ExprKind::*;
        let n = self.n;
        match e.kind() {
            Rel(r) => self.values[r.0 as usize].clone(),
            Var(v) => self.env[v].clone(),
            Const(ts) => ts.clone(),
            Univ => TupleSet::from_tuples(1, all_tuples(n, 1)),
            Iden => TupleSet::from_tuples(2, (0..n as Atom).map(|a| vec![a, a])),
            None => TupleSet::empty(e.arity()),
            Union(a, b) => self.expr(a).union(&self.expr(b)),
            Intersection(a, b) => self.expr(a).intersection(&self.expr(b)),
            Difference(a, b) => self.expr(a).difference(&self.expr(b)),
            Override(a, b) => {
                let (a, b) = (self.expr(a), self.expr(b));
                let starts: BTreeSet<Atom> = b.iter().map(|t| t[0]).collect();
                b.union(&TupleSet::from_tuples(
                    a.arity(),
                    a.iter().filter(|t| !starts.contains(&t[0])),
                ))
            }
            Join(a, b) => {
                let (a, b) = (self.expr(a), self.expr(b));
                let mut out = TupleSet::empty(e.arity());
                for x in &a {
                    for y in &b {
                        if x.last() == y.first() {
                            out.insert(
                                x[..x.len() - 1]
                                    .iter()
                                    .chain(&y[1..])
                                    .copied()
                                    .collect::<Vec<_>>(),
                            );
                        }
                    }
                }
                out
            }
            Product(a, b) => {
                let (a, b) = (self.expr(a), self.expr(b));
                let mut out = TupleSet::empty(e.arity());
                for x in &a {
                    for y in &b {
                        out.insert(x.iter().chain(y).copied().collect::<Vec<_>>());
                    }
                }
                out
            }
            Transpose(a) => TupleSet::from_tuples(2, self.expr(a).iter().map(|t| vec![t[1], t[0]])),
            Closure(a) => {
                let r = self.expr(a);
                self.closure(&r)
            }
            ReflexiveClosure(a) => {
                let r = self.expr(a);
                let c = self.closure(&r);
                c.union(&TupleSet::from_tuples(
                    2,
                    (0..n as Atom).map(|a| vec![a, a]),
                ))
            }
            DomainRestrict(s, r) => {
                let (s, r) = (self.expr(s), self.expr(r));
                TupleSet::from_tuples(r.arity(), r.iter().filter(|t| s.contains(&t[..1])))
            }
            RangeRestrict(r, s) => {
                let (r, s) = (self.expr(r), self.expr(s));
                TupleSet::from_tuples(
                    r.arity(),
                    r.iter().filter(|t| s.contains(&t[t.len() - 1..])),
                )
            }
            IfThenElse(c, a, b) => {
                if self.formula(c) {
                    self.expr(a)
                } else {
                    self.expr(b)
                }
            }
            Comprehension(decls, body) => {
                let mut out = TupleSet::empty(e.arity());
                self.comprehension(decls, body, Vec::new(), &mut out);
                out
            }
            IntAtom(_) => unreachable!("these tests have no integers"),
            Prime(_) => unreachable!("these tests are static"),
        }
    }

    /// Paths of any length, by adding one step until nothing changes.
    fn closure(&self, r: &TupleSet) -> TupleSet {
        let mut reach = r.clone();
        loop {
            let mut next = reach.clone();
            for x in &reach {
                for y in r {
                    if x[1] == y[0] {
                        next.insert(vec![x[0], y[1]]);
                    }
                }
            }
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }

    fn comprehension(&mut self, decls: &[Decl], body: &Formula, prefix: Tuple, out: &mut TupleSet) {
        let Some(d) = decls.first() else {
            if self.formula(body) {
                out.insert(prefix);
            }
            return;
        };
        for t in self.expr(&d.bound).iter() {
            self.env.insert(d.var, TupleSet::from_tuples(1, [t]));
            let mut p = prefix.clone();
            p.push(t[0]);
            self.comprehension(&decls[1..], body, p, out);
        }
        self.env.remove(&d.var);
    }

    /// The values a declaration admits: single tuples of the bound for `one`, subsets
    /// of the bound with the multiplicity otherwise.
    fn decl_values(&mut self, d: &Decl) -> Vec<TupleSet> {
        let bound = self.expr(&d.bound);
        subsets(&bound)
            .into_iter()
            .filter(|s| match d.mult {
                DeclMult::One => s.len() == 1,
                DeclMult::Lone => s.len() <= 1,
                DeclMult::Some => !s.is_empty(),
                DeclMult::Set => true,
            })
            .collect()
    }

    fn quant(&mut self, q: Quantifier, decls: &[Decl], body: &Formula) -> bool {
        let Some(d) = decls.first() else {
            return self.formula(body);
        };
        let mut result = q == Quantifier::All;
        for value in self.decl_values(d) {
            self.env.insert(d.var, value);
            let holds = self.quant(q, &decls[1..], body);
            if holds != (q == Quantifier::All) {
                result = holds;
                break;
            }
        }
        self.env.remove(&d.var);
        result
    }

    fn formula(&mut self, f: &Formula) -> bool {
        use FormulaKind::*;
        match f.kind() {
            Const(b) => *b,
            And(fs) => fs.iter().all(|g| self.formula(g)),
            Or(fs) => fs.iter().any(|g| self.formula(g)),
            Not(g) => !self.formula(g),
            Implies(a, b) => !self.formula(a) || self.formula(b),
            Iff(a, b) => self.formula(a) == self.formula(b),
            Subset(a, b) => self.expr(a).is_subset(&self.expr(b)),
            Equal(a, b) => self.expr(a) == self.expr(b),
            Mult(m, e) => {
                let k = self.expr(e).len();
                match m {
                    MultTest::Some => k > 0,
                    MultTest::No => k == 0,
                    MultTest::Lone => k <= 1,
                    MultTest::One => k == 1,
                }
            }
            Cardinality(cmp, e, k) => {
                let size = self.expr(e).len();
                match cmp {
                    CardCmp::AtMost => size <= *k,
                    CardCmp::AtLeast => size >= *k,
                    CardCmp::Exactly => size == *k,
                }
            }
            Quant(q, decls, body) => self.quant(*q, decls, body),
            TotalOrder { elems, first, next } => {
                // Some listing of the elements has `first` as its head and `next` as
                // its consecutive pairs.
                let (elems, first, next) = (self.expr(elems), self.expr(first), self.expr(next));
                let atoms: Vec<Atom> = elems.iter().map(|t| t[0]).collect();
                !atoms.is_empty()
                    && permutations(&atoms).iter().any(|order| {
                        first == TupleSet::of_atoms([order[0]])
                            && next
                                == TupleSet::from_tuples(2, order.windows(2).map(|w| w.to_vec()))
                    })
            }
            StrictOrder { rel, elems } => {
                // Some listing of the elements orders exactly the pairs of `rel`.
                let (rel, elems) = (self.expr(rel), self.expr(elems));
                let atoms: Vec<Atom> = elems.iter().map(|t| t[0]).collect();
                permutations(&atoms).iter().any(|order| {
                    let pairs = (0..order.len())
                        .flat_map(|i| (i + 1..order.len()).map(move |j| (i, j)))
                        .map(|(i, j)| vec![order[i], order[j]]);
                    rel == TupleSet::from_tuples(2, pairs)
                })
            }
            IntCompare(..) | Overflows(_) => unreachable!("these tests have no integers"),
            Temporal(..) | TemporalBinary(..) => unreachable!("these tests are static"),
        }
    }
}

pub(super) fn holds(problem: &Problem, values: &[TupleSet]) -> bool {
    let mut eval = Eval {
        n: problem.bounds.universe.len(),
        values,
        env: HashMap::new(),
    };
    eval.formula(&problem.formula)
}

/// Every instance within the bounds that satisfies the formula.
pub(super) fn brute_force_models(problem: &Problem) -> Vec<Vec<TupleSet>> {
    let rels = &problem.bounds.relations;
    let free: Vec<(usize, Tuple)> = rels
        .iter()
        .enumerate()
        .flat_map(|(i, r)| {
            r.upper
                .difference(&r.lower)
                .iter()
                .map(move |t| (i, t.to_vec()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(free.len() <= 12, "too many free tuples for brute force");
    let mut models = Vec::new();
    for mask in 0..1u32 << free.len() {
        let mut values: Vec<TupleSet> = rels.iter().map(|r| r.lower.clone()).collect();
        for (k, (i, t)) in free.iter().enumerate() {
            if mask >> k & 1 == 1 {
                values[*i].insert(t.clone());
            }
        }
        if holds(problem, &values) {
            models.push(values);
        }
    }
    models
}
