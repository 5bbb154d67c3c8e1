//! First-order solving: one translation, then one SAT call per instance.
//!
//! [`Enumerator`] runs the whole pipeline for a problem whose remaining quantifiers are
//! first-order after skolemization: skolemize, fix total orders, translate, add symmetry
//! breaking, emit CNF; then each [`Enumerator::next`] asks the backend for a model, decodes
//! it into an [`Instance`] and blocks it, so the next call finds a different one.

use std::time::Instant;

use super::lazy_orders::{self, LazyOrders};
use super::{Outcome, SatBackend, SatResult, SolveError, SolveOptions, SolveStats, new_backend};
use crate::instance::Instance;
use crate::logic::singletons::overlap_singleton_equalities;
use crate::logic::skolem::skolemize;
use crate::logic::{Bounds, Problem, RelationKind};
use crate::translate::circuit::Bit;
use crate::translate::symmetry::{fix_total_orders, lex_leader, symmetry_classes};
use crate::translate::{CnfEmitter, DEFAULT_GATE_LIMIT, Translator};

pub struct Enumerator {
    translator: Translator,
    emitter: CnfEmitter,
    backend: Box<dyn SatBackend>,
    stats: SolveStats,
    exhausted: bool,
    /// The problem's own relations' variables (skolems aside) and their values in the last
    /// instance, for [`Enumerator::shrink`].
    last_own: Vec<(Bit, bool)>,
    /// The lex-leader predicate, assumed on every solve until `shrink`.
    symmetry: Bit,
    /// The clause excluding the last instance, added when the next one is asked for: a
    /// single `run` never pays for it (it spans every primary variable).
    pending_block: Option<Vec<Bit>>,
    /// Orders whose transitivity is added between solves.
    lazy: LazyOrders,
    /// The user's stop flag, to tell it from a spent conflict budget.
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Enumerator {
    /// Skolemize, fix orders, translate, add symmetry breaking; does not solve yet.
    pub fn new(problem: &Problem, opts: &SolveOptions) -> Result<Enumerator, SolveError> {
        let start = Instant::now();
        let mut problem = skolemize(problem, &opts.skolem_prefix);
        if opts.fix_orders {
            problem = fix_total_orders(&problem);
        }
        if opts.overlap_singletons {
            problem.formula = overlap_singleton_equalities(&problem.formula);
        }
        let plan = lazy_orders::plan(&problem, opts.lazy_orders);
        let phase = opts.backend.default_phase();
        let mut translator = Translator::with_tournaments(
            &problem.bounds,
            DEFAULT_GATE_LIMIT,
            &plan.tournaments,
            phase,
        )?;
        translator.int_ladders(opts.int_ladders);
        let (lazy, orders) = LazyOrders::encode(&plan, &mut translator, phase)?;
        let rest = translator.asserted(&plan.formula)?;
        let root = translator.circuit_mut().and2(orders, rest);
        let symmetry = if opts.symmetry > 0 && root != Bit::FALSE {
            let classes = symmetry_classes(&problem.bounds, &problem.formula);
            lex_leader(&mut translator, &classes, opts.symmetry)
        } else {
            Bit::TRUE
        };
        if translator.circuit().overflowed() {
            return Err(SolveError::TooLarge(
                "the symmetry-breaking predicates exceed the translation limits".into(),
            ));
        }
        let mut backend = new_backend(opts.backend);
        if let Some(flag) = &opts.stop {
            backend.set_stop_flag(flag.clone());
        }
        let mut emitter = CnfEmitter::new(translator.circuit());
        emitter.assert(translator.circuit(), root, backend.as_mut());
        for var in lazy.variables(translator.circuit()) {
            let lit = emitter.define(translator.circuit(), var, backend.as_mut());
            // A tautology: only so that the solver decides the variable by its phase.
            backend.add_clause(&[lit, -lit]);
        }
        // Symmetry breaking is assumed on each solve rather than asserted, so that
        // `shrink` can drop it.
        let mut enumerator = Enumerator {
            translator,
            emitter,
            backend,
            stats: SolveStats::default(),
            exhausted: false,
            last_own: Vec::new(),
            symmetry,
            pending_block: None,
            lazy,
            stop: opts.stop.clone(),
        };
        enumerator.update_stats();
        enumerator.stats.translate_time = start.elapsed();
        Ok(enumerator)
    }

    /// The bounds actually solved: the problem's relations (same RelIds), then skolems.
    pub fn bounds(&self) -> &Bounds {
        self.translator.bounds()
    }

    pub fn stats(&self) -> &SolveStats {
        &self.stats
    }

    fn update_stats(&mut self) {
        self.stats.primary_vars = self.translator.primaries().len();
        self.stats.aux_vars = self.emitter.aux_vars();
        self.stats.clauses = self.emitter.clauses();
    }

    /// First call: a first instance. Each later call: an instance differing from all
    /// previous ones on some primary variable (blocking clause), or Unsat when exhausted.
    // Not an `Iterator`: exhaustion and interruption are outcomes, not the end of a stream.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Outcome {
        if self.exhausted {
            return Outcome::Unsat;
        }
        if let Some(blocking) = self.pending_block.take() {
            let circuit = self.translator.circuit();
            self.emitter
                .clause(circuit, &blocking, self.backend.as_mut());
            self.update_stats();
        }
        let start = Instant::now();
        let assumptions = if self.symmetry == Bit::TRUE {
            Vec::new()
        } else {
            let circuit = self.translator.circuit();
            vec![
                self.emitter
                    .define(circuit, self.symmetry, self.backend.as_mut()),
            ]
        };
        let result = loop {
            let limited = !self.lazy.is_empty()
                && self.backend.limit_next_solve(lazy_orders::CONFLICT_BUDGET);
            let result = self.backend.solve(&assumptions);
            self.stats.sat_calls += 1;
            if self.lazy.is_empty() {
                break result;
            }
            let circuit = self.translator.circuit();
            let stopped = self
                .stop
                .as_ref()
                .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed));
            let out_of_budget = (limited && result == SatResult::Interrupted && !stopped)
                || self.lazy.rounds >= lazy_orders::ROUND_BUDGET;
            if out_of_budget {
                self.lazy
                    .expand(circuit, &mut self.emitter, self.backend.as_mut());
                self.stats.lazy_calls += 1;
                continue;
            }
            if result != SatResult::Sat
                || self
                    .lazy
                    .refine(circuit, &mut self.emitter, self.backend.as_mut())
                    == 0
            {
                break result;
            }
            self.stats.lazy_calls += 1;
        };
        self.update_stats();
        self.stats.solve_time += start.elapsed();
        match result {
            SatResult::Unsat => {
                self.exhausted = true;
                Outcome::Unsat
            }
            SatResult::Interrupted => Outcome::Interrupted,
            SatResult::Sat => {
                let (instance, blocking) = self.decode();
                if blocking.is_empty() {
                    // Nothing is free: this was the only instance.
                    self.exhausted = true;
                } else {
                    self.pending_block = Some(blocking);
                }
                Outcome::Sat(instance)
            }
        }
    }

    /// After an instance: look for instances whose own relations (skolem witnesses aside)
    /// hold strictly fewer tuples, each within the one before, until none is left. Returns
    /// the last one found, which is subset-minimal (`None`: the current instance already
    /// is, or the solve was interrupted first). Each step adds permanent clauses, so
    /// enumeration cannot continue afterwards.
    pub fn shrink(&mut self) -> Option<Instance> {
        // A smaller instance may only be lex-leader up to a permutation that does not keep
        // it within this one.
        self.symmetry = Bit::TRUE;
        let mut best = None;
        loop {
            if !self.exclude_all_but_subsets() {
                break;
            }
            self.exhausted = false;
            match self.next() {
                Outcome::Sat(instance) => best = Some(instance),
                Outcome::Unsat | Outcome::Interrupted => break,
            }
        }
        self.exhausted = true;
        self.update_stats();
        best
    }

    /// Clauses allowing only strict subsets of the last instance's own relations; false
    /// when it has no tuple to remove.
    fn exclude_all_but_subsets(&mut self) -> bool {
        let Some((units, smaller)) = super::strict_subset_clauses(&self.last_own) else {
            return false;
        };
        let circuit = self.translator.circuit();
        for unit in units {
            self.emitter.clause(circuit, &[unit], self.backend.as_mut());
        }
        self.emitter
            .clause(circuit, &smaller, self.backend.as_mut());
        true
    }

    /// The instance of the backend's model, and the clause that excludes it.
    fn decode(&mut self) -> (Instance, Vec<Bit>) {
        let circuit = self.translator.circuit();
        let mut values = std::collections::HashMap::new();
        let mut blocking = Vec::with_capacity(self.translator.primaries().len());
        for p in self.translator.primaries() {
            let lit = self.emitter.define(circuit, p.bit, self.backend.as_mut());
            let value = self.backend.value(lit);
            values.insert(p.bit, value);
            blocking.push(if value { !p.bit } else { p.bit });
        }
        let bounds = self.translator.bounds();
        self.last_own = self
            .translator
            .primaries()
            .iter()
            .filter(|p| bounds.relation(p.rel).kind != RelationKind::Skolem)
            .map(|p| (p.bit, values[&p.bit]))
            .collect();
        let values = bounds
            .ids()
            .map(|r| {
                self.translator
                    .relation(r)
                    .decode(|b| match (values.get(&b), values.get(&!b)) {
                        (Some(&v), _) => v,
                        // A tournament's cell is the negation of its pair's variable.
                        (None, Some(&v)) => !v,
                        (None, None) => b == Bit::TRUE,
                    })
            })
            .collect();
        let instance = Instance {
            universe: bounds.universe.clone(),
            values,
        };
        (instance, blocking)
    }
}

/// One solve.
pub fn solve(
    problem: &Problem,
    opts: &SolveOptions,
) -> Result<(Outcome, Bounds, SolveStats), SolveError> {
    let mut enumerator = Enumerator::new(problem, opts)?;
    let outcome = enumerator.next();
    Ok((
        outcome,
        enumerator.bounds().clone(),
        enumerator.stats().clone(),
    ))
}

#[cfg(test)]
mod tests {
    //! The engine against brute force: tiny random problems, every assignment of their free
    //! tuples evaluated directly over tuple sets.

    use std::collections::{BTreeSet, HashMap};

    use super::*;
    use crate::logic::{
        Atom, CardCmp, Decl, DeclMult, Expr, ExprKind, Formula, FormulaKind, MultTest, Quantifier,
        RelId, Relation, RelationKind, Tuple, TupleSet, Universe, VarId,
    };
    use crate::solve::BackendKind;

    // ---- the brute-force evaluator ----------------------------------------------------

    struct Eval<'a> {
        n: usize,
        values: &'a [TupleSet],
        env: HashMap<VarId, TupleSet>,
    }

    fn all_tuples(n: usize, arity: usize) -> Vec<Tuple> {
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

    fn permutations(items: &[Atom]) -> Vec<Vec<Atom>> {
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
                Transpose(a) => {
                    TupleSet::from_tuples(2, self.expr(a).iter().map(|t| vec![t[1], t[0]]))
                }
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

        fn comprehension(
            &mut self,
            decls: &[Decl],
            body: &Formula,
            prefix: Tuple,
            out: &mut TupleSet,
        ) {
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
                    let (elems, first, next) =
                        (self.expr(elems), self.expr(first), self.expr(next));
                    let atoms: Vec<Atom> = elems.iter().map(|t| t[0]).collect();
                    !atoms.is_empty()
                        && permutations(&atoms).iter().any(|order| {
                            first == TupleSet::of_atoms([order[0]])
                                && next
                                    == TupleSet::from_tuples(
                                        2,
                                        order.windows(2).map(|w| w.to_vec()),
                                    )
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
            }
        }
    }

    fn holds(problem: &Problem, values: &[TupleSet]) -> bool {
        let mut eval = Eval {
            n: problem.bounds.universe.len(),
            values,
            env: HashMap::new(),
        };
        eval.formula(&problem.formula)
    }

    /// Every instance within the bounds that satisfies the formula.
    fn brute_force_models(problem: &Problem) -> Vec<Vec<TupleSet>> {
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

    // ---- random problems --------------------------------------------------------------

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
        fn chance(&mut self, percent: usize) -> bool {
            self.below(100) < percent
        }
    }

    struct Gen<'a> {
        rng: &'a mut Rng,
        n: usize,
        /// (relation, arity) available to expressions.
        rels: Vec<(RelId, usize)>,
        scope: Vec<VarId>,
        next_var: u32,
    }

    impl Gen<'_> {
        fn random_set(&mut self, arity: usize) -> TupleSet {
            let tuples = all_tuples(self.n, arity);
            TupleSet::from_tuples(arity, tuples.into_iter().filter(|_| self.rng.chance(40)))
        }

        fn fresh(&mut self, name: &str, bound: Expr, mult: DeclMult) -> Decl {
            self.next_var += 1;
            Decl {
                var: VarId(self.next_var),
                name: format!("{name}{}", self.next_var),
                mult,
                bound,
            }
        }

        fn leaf(&mut self, arity: usize) -> Expr {
            let rels: Vec<RelId> = self
                .rels
                .iter()
                .filter(|r| r.1 == arity)
                .map(|r| r.0)
                .collect();
            let choice = self.rng.below(10);
            if arity == 1 && !self.scope.is_empty() && choice < 4 {
                let v = self.scope[self.rng.below(self.scope.len())];
                return Expr::var(v, 1);
            }
            if !rels.is_empty() && choice < 8 {
                return Expr::rel(rels[self.rng.below(rels.len())], arity);
            }
            match (arity, self.rng.below(4)) {
                (1, 0) => Expr::univ(),
                (2, 0) => Expr::iden(),
                (_, 1) => Expr::none(arity),
                _ => Expr::constant(self.random_set(arity)),
            }
        }

        fn expr(&mut self, arity: usize, depth: usize) -> Expr {
            if depth == 0 || self.rng.chance(30) {
                return self.leaf(arity);
            }
            let d = depth - 1;
            match self.rng.below(13) {
                0 => Expr::union(self.expr(arity, d), self.expr(arity, d)),
                1 => Expr::intersection(self.expr(arity, d), self.expr(arity, d)),
                2 => Expr::difference(self.expr(arity, d), self.expr(arity, d)),
                3 => Expr::override_(self.expr(arity, d), self.expr(arity, d)),
                4 | 5 => {
                    // Join: arity = left + right - 2, both parts of arity 1 or 2.
                    let (l, r) = if arity == 1 {
                        if self.rng.chance(50) { (1, 2) } else { (2, 1) }
                    } else {
                        (2, 2)
                    };
                    Expr::join(self.expr(l, d), self.expr(r, d))
                }
                6 if arity == 2 => Expr::product(self.expr(1, d), self.expr(1, d)),
                7 if arity == 2 => Expr::transpose(self.expr(2, d)),
                8 if arity == 2 => Expr::closure(self.expr(2, d)),
                9 if arity == 2 => Expr::reflexive_closure(self.expr(2, d)),
                10 => {
                    if self.rng.chance(50) {
                        Expr::domain_restrict(self.expr(1, d), self.expr(arity, d))
                    } else {
                        Expr::range_restrict(self.expr(arity, d), self.expr(1, d))
                    }
                }
                11 => Expr::if_then_else(self.formula(d), self.expr(arity, d), self.expr(arity, d)),
                12 => {
                    let mut decls = Vec::new();
                    for _ in 0..arity {
                        let bound = self.expr(1, d);
                        let decl = self.fresh("c", bound, DeclMult::One);
                        self.scope.push(decl.var);
                        decls.push(decl);
                    }
                    let body = self.formula(d);
                    self.scope.truncate(self.scope.len() - arity);
                    Expr::comprehension(decls, body)
                }
                _ => self.leaf(arity),
            }
        }

        fn formula(&mut self, depth: usize) -> Formula {
            let arity = 1 + self.rng.below(2);
            if depth == 0 {
                return match self.rng.below(3) {
                    0 => self.leaf(arity).in_(&self.leaf(arity)),
                    1 => self.leaf(arity).some(),
                    _ => Formula::constant(self.rng.chance(50)),
                };
            }
            let d = depth - 1;
            match self.rng.below(14) {
                0 => Formula::and([self.formula(d), self.formula(d)]),
                1 => Formula::or([self.formula(d), self.formula(d)]),
                2 => self.formula(d).not(),
                3 => self.formula(d).implies(self.formula(d)),
                4 => self.formula(d).iff(self.formula(d)),
                5 => self.expr(arity, d).in_(&self.expr(arity, d)),
                6 => self.expr(arity, d).eq(&self.expr(arity, d)),
                7 => {
                    let m = [MultTest::Some, MultTest::No, MultTest::Lone, MultTest::One]
                        [self.rng.below(4)];
                    Formula::mult(m, self.expr(arity, d))
                }
                8 => {
                    let cmp =
                        [CardCmp::AtMost, CardCmp::AtLeast, CardCmp::Exactly][self.rng.below(3)];
                    Formula::cardinality(cmp, self.expr(arity, d), self.rng.below(4))
                }
                9..=11 => {
                    let q = if self.rng.chance(50) {
                        Quantifier::All
                    } else {
                        Quantifier::Some
                    };
                    let count = 1 + self.rng.below(2);
                    let mut decls = Vec::new();
                    for _ in 0..count {
                        let bound = self.expr(1, d);
                        let decl = self.fresh("q", bound, DeclMult::One);
                        self.scope.push(decl.var);
                        decls.push(decl);
                    }
                    let body = self.formula(d);
                    self.scope.truncate(self.scope.len() - count);
                    Formula::quant(q, decls, body)
                }
                12 => Formula::total_order(self.expr(1, d), self.expr(1, d), self.expr(2, d)),
                _ => Formula::constant(self.rng.chance(50)),
            }
        }
    }

    fn universe(n: usize) -> Universe {
        Universe::new((0..n).map(|i| format!("A${i}")).collect())
    }

    fn relation(name: &str, lower: TupleSet, upper: TupleSet) -> Relation {
        Relation {
            name: name.into(),
            arity: upper.arity(),
            kind: RelationKind::Sig,
            lower: lower.clone(),
            upper: upper.union(&lower),
        }
    }

    fn free_tuples(bounds: &Bounds) -> usize {
        bounds
            .relations
            .iter()
            .map(|r| r.upper.len() - r.lower.len())
            .sum()
    }

    /// 2–3 relations of arity 1–2 over 1–3 atoms with at most 8 free tuples, and a random
    /// formula over them.
    fn random_problem(rng: &mut Rng) -> Problem {
        let n = 1 + rng.below(3);
        let mut maker = Gen {
            rng,
            n,
            rels: Vec::new(),
            scope: Vec::new(),
            next_var: 0,
        };
        let mut bounds = Bounds {
            universe: universe(n),
            relations: Vec::new(),
        };
        let count = 2 + maker.rng.below(2);
        for i in 0..count {
            let arity = 1 + maker.rng.below(2);
            let mut upper = maker.random_set(arity);
            if maker.rng.chance(30) {
                upper = TupleSet::from_tuples(arity, all_tuples(n, arity));
            }
            let lower = TupleSet::from_tuples(arity, upper.iter().filter(|_| maker.rng.chance(25)));
            // Keep brute force cheap: turn free tuples into fixed ones beyond the budget.
            let budget = 8usize.saturating_sub(free_tuples(&bounds));
            let mut lower = lower;
            let mut free: Vec<Tuple> = upper
                .difference(&lower)
                .iter()
                .map(<[Atom]>::to_vec)
                .collect();
            while free.len() > budget {
                lower.insert(free.pop().unwrap());
            }
            let id = bounds.add(relation(&format!("r{i}"), lower, upper));
            maker.rels.push((id, arity));
        }
        let formula = if maker.rng.chance(15) {
            // A higher-order existential that skolemization must remove.
            let arity = 1 + maker.rng.below(2);
            let bound = maker.expr(arity, 1);
            let mult =
                [DeclMult::Set, DeclMult::Some, DeclMult::Lone, DeclMult::One][maker.rng.below(4)];
            let decl = maker.fresh("s", bound, mult);
            if decl.arity() == 1 {
                maker.scope.push(decl.var);
            }
            let body = {
                let v = decl.var_expr();
                let other = maker.expr(decl.arity(), 2);
                match maker.rng.below(3) {
                    0 => v.in_(&other),
                    1 => other.in_(&v),
                    _ => Formula::and([v.some(), maker.formula(2)]),
                }
            };
            maker.scope.clear();
            Formula::and([maker.formula(2), Formula::exists(vec![decl], body)])
        } else {
            maker.formula(3)
        };
        Problem { bounds, formula }
    }

    /// A problem with a top-level total order that fixing can apply to (sometimes in the
    /// `o.r` form of `util/ordering`), plus random constraints.
    fn ordered_problem(rng: &mut Rng) -> Problem {
        let n = 2 + rng.below(2);
        let mut bounds = Bounds {
            universe: universe(n),
            relations: Vec::new(),
        };
        let joined = rng.chance(40);
        // In the joined form the last atom is the `Ord` atom, so it is not ordered.
        let ordered = if joined { n - 1 } else { n };
        let elems_atoms: Vec<Atom> = (0..ordered as Atom).filter(|_| rng.chance(70)).collect();
        let elems_set = TupleSet::of_atoms(elems_atoms.clone());
        let elems = bounds.add(relation("E", elems_set.clone(), elems_set.clone()));
        let pool = if rng.chance(50) {
            TupleSet::of_atoms(0..ordered as Atom)
        } else {
            elems_set.clone()
        };
        let pairs = crate::logic::upper::product(&pool, &pool);
        // Relations the side constraints may mention besides `E`.
        let mut visible = vec![(elems, 1)];
        let (first, next) = if joined {
            let o = (n - 1) as Atom;
            let ord = bounds.add(relation(
                "Ord",
                TupleSet::of_atoms([o]),
                TupleSet::of_atoms([o]),
            ));
            let ords = TupleSet::of_atoms([o]);
            let mut first_upper = crate::logic::upper::product(&ords, &pool);
            let outsider = (0..ordered as Atom).find(|a| !elems_atoms.contains(a));
            if let Some(x) = outsider
                && rng.chance(60)
            {
                // Tuples that `Ord.First` ignores (and that keep the elements
                // interchangeable): fixing `First` would wrongly drop them.
                for &e in &elems_atoms {
                    first_upper.insert(vec![x, e]);
                }
            }
            let f = bounds.add(relation("First", TupleSet::empty(2), first_upper));
            let x = bounds.add(relation(
                "Next",
                TupleSet::empty(3),
                crate::logic::upper::product(&ords, &pairs),
            ));
            visible.push((f, 2));
            (
                Expr::join(Expr::rel(ord, 1), Expr::rel(f, 2)),
                Expr::join(Expr::rel(ord, 1), Expr::rel(x, 3)),
            )
        } else {
            // Rarely, bounds that admit no order at all (fixing must not override them).
            let first_upper = if rng.chance(10) {
                TupleSet::empty(1)
            } else {
                pool.clone()
            };
            let f = bounds.add(relation("first", TupleSet::empty(1), first_upper));
            let x = bounds.add(relation("next", TupleSet::empty(2), pairs));
            (Expr::rel(f, 1), Expr::rel(x, 2))
        };
        let mut maker = Gen {
            rng,
            n,
            rels: visible,
            scope: Vec::new(),
            next_var: 0,
        };
        let extra_budget = 10usize.saturating_sub(free_tuples(&bounds)).min(3);
        let mut extra = maker.random_set(1);
        while extra.len() > extra_budget {
            let t = extra.iter().next().unwrap().to_vec();
            extra.remove(&t);
        }
        let extra = bounds.add(relation("S", TupleSet::empty(1), extra));
        maker.rels.push((extra, 1));
        let next_expr = next.clone();
        let order = Formula::total_order(Expr::rel(elems, 1), first, next);
        // Random side constraints, some of which mention the order.
        let side = match maker.rng.below(4) {
            0 => maker.formula(2),
            1 => Expr::join(Expr::rel(extra, 1), next_expr).in_(&Expr::rel(extra, 1)),
            2 if maker.rels.len() > 2 => {
                // Asks for a tuple of `First` that `Ord.First` does not see (without naming
                // atoms, which would keep the order from being fixed at all).
                let first_rel = Expr::rel(maker.rels[1].0, 2);
                let ord = Expr::rel(RelId(1), 1);
                Expr::difference(first_rel, Expr::product(ord, Expr::univ())).some()
            }
            _ => Formula::true_(),
        };
        Problem {
            bounds,
            formula: Formula::and([order, side]),
        }
    }

    /// Bounds under which every atom is interchangeable (full upper bounds, empty lower
    /// bounds), so only the formula's constants tell atoms apart: the case where symmetry
    /// breaking has the most to do and the most to get wrong.
    fn symmetric_problem(rng: &mut Rng) -> Problem {
        let n = 2 + rng.below(2);
        let mut bounds = Bounds {
            universe: universe(n),
            relations: Vec::new(),
        };
        let mut rels = Vec::new();
        let full = |arity| TupleSet::from_tuples(arity, all_tuples(n, arity));
        if n == 2 || rng.chance(50) {
            rels.push((bounds.add(relation("R", TupleSet::empty(2), full(2))), 2));
        }
        rels.push((bounds.add(relation("A", TupleSet::empty(1), full(1))), 1));
        if n == 2 || rels.len() == 1 {
            rels.push((bounds.add(relation("B", TupleSet::empty(1), full(1))), 1));
        }
        let mut maker = Gen {
            rng,
            n,
            rels,
            scope: Vec::new(),
            next_var: 0,
        };
        let mut parts = vec![maker.formula(3)];
        if maker.rng.chance(60) {
            // Pin down a specific atom, so that the breaking predicates must respect it.
            let atom = maker.rng.below(n) as Atom;
            let set = Expr::constant(TupleSet::of_atoms([atom]));
            let (r, arity) = maker.rels[maker.rng.below(maker.rels.len())];
            let rel = Expr::rel(r, arity);
            parts.push(if arity == 1 {
                set.in_(&rel)
            } else {
                Expr::join(set, rel).some()
            });
        }
        Problem {
            bounds,
            formula: Formula::and(parts),
        }
    }

    fn options(backend: BackendKind, symmetry: usize, fix_orders: bool) -> SolveOptions {
        SolveOptions {
            backend,
            symmetry,
            fix_orders,
            ..SolveOptions::default()
        }
    }

    fn every_option() -> Vec<SolveOptions> {
        let mut all = Vec::new();
        for backend in [BackendKind::Varisat, BackendKind::Cadical] {
            for symmetry in [0, 20] {
                for fix in [false, true] {
                    all.push(options(backend, symmetry, fix));
                }
            }
        }
        all
    }

    fn within_bounds(bounds: &Bounds, values: &[TupleSet]) -> bool {
        bounds
            .relations
            .iter()
            .zip(values)
            .all(|(r, v)| r.lower.is_subset(v) && v.is_subset(&r.upper))
    }

    /// Checks one problem under every option combination; returns whether it is SAT.
    fn check_against_brute_force(problem: &Problem) -> bool {
        let models = brute_force_models(problem);
        let original = problem.bounds.relations.len();
        for opts in every_option() {
            let mut e = Enumerator::new(problem, &opts)
                .unwrap_or_else(|err| panic!("{err:?} for {}", problem.formula));
            // Same relations first (fixing orders may narrow their bounds), then skolems.
            let shape = |r: &Relation| (r.name.clone(), r.arity);
            assert!(
                e.bounds().relations[..original]
                    .iter()
                    .map(shape)
                    .eq(problem.bounds.relations.iter().map(shape))
            );
            assert!(
                e.bounds().relations[original..]
                    .iter()
                    .all(|r| r.kind == RelationKind::Skolem)
            );
            match e.next() {
                Outcome::Sat(instance) => {
                    let values = &instance.values[..original];
                    assert!(
                        !models.is_empty(),
                        "engine found an instance of an unsatisfiable problem {:?}: {}\n{values:?}",
                        opts,
                        problem.formula
                    );
                    assert!(within_bounds(e.bounds(), &instance.values));
                    assert!(
                        holds(problem, values),
                        "instance does not satisfy {} ({opts:?}): {values:?}",
                        problem.formula
                    );
                }
                Outcome::Unsat => assert!(
                    models.is_empty(),
                    "engine says unsat but {} has {} models ({opts:?}), e.g. {:?}",
                    problem.formula,
                    models.len(),
                    models[0]
                ),
                Outcome::Interrupted => panic!("interrupted without a stop flag"),
            }
        }
        !models.is_empty()
    }

    /// With symmetry breaking and order fixing off, enumeration yields exactly the brute-force
    /// models (projected on the problem's own relations, since skolems add witnesses).
    fn check_enumeration(problem: &Problem, backend: BackendKind) {
        let mut expected: Vec<Vec<TupleSet>> = brute_force_models(problem);
        expected.sort();
        let original = problem.bounds.relations.len();
        let mut e = Enumerator::new(problem, &options(backend, 0, false)).unwrap();
        if e.stats().primary_vars > 12 {
            // Skolem witnesses can multiply the instances beyond what is worth enumerating.
            return;
        }
        let mut found = BTreeSet::new();
        let mut calls = 0;
        while let Outcome::Sat(instance) = e.next() {
            calls += 1;
            assert!(calls <= 1 << 12, "enumeration does not terminate");
            found.insert(instance.values[..original].to_vec());
        }
        assert_eq!(e.next(), Outcome::Unsat);
        let found: Vec<Vec<TupleSet>> = found.into_iter().collect();
        assert_eq!(found, expected, "models of {}", problem.formula);
        if e.bounds().relations.len() == original {
            // Without skolems every call found a new model.
            assert_eq!(calls, expected.len());
        }
        // The last call proved exhaustion, unless there was nothing to vary at all.
        let last = usize::from(e.stats().primary_vars > 0 || calls == 0);
        assert_eq!(e.stats().sat_calls - e.stats().lazy_calls, calls + last);
    }

    #[test]
    fn random_problems_match_brute_force() {
        let mut rng = Rng(0x5eed_0f50_1de7);
        let (mut sat, mut unsat) = (0, 0);
        for _ in 0..400 {
            let problem = random_problem(&mut rng);
            if check_against_brute_force(&problem) {
                sat += 1;
            } else {
                unsat += 1;
            }
        }
        eprintln!("random problems: {sat} sat, {unsat} unsat");
        assert!(sat > 80 && unsat > 80, "sat {sat} unsat {unsat}");
    }

    /// A problem that `lazy_orders` rewrites: a witness order (`some co | strictTotalOrder[co,
    /// A] and …`, skolemized into a tournament), acyclicity constraints and compositions
    /// `a.b in c` at the top level, with random side constraints over small relations.
    fn lazy_problem(rng: &mut Rng) -> Problem {
        let n = 3;
        let mut bounds = Bounds {
            universe: universe(n),
            relations: Vec::new(),
        };
        let all_atoms = TupleSet::of_atoms(0..n as Atom);
        let elems_set = if rng.chance(50) {
            all_atoms.clone()
        } else {
            TupleSet::of_atoms((0..n as Atom).filter(|&a| a != rng.below(n) as Atom))
        };
        let a = Expr::rel(bounds.add(relation("A", elems_set.clone(), elems_set)), 1);
        let pairs = crate::logic::upper::product(&all_atoms, &all_atoms);
        let small = |rng: &mut Rng, most: usize| {
            let mut set = TupleSet::empty(2);
            for t in pairs.iter() {
                if set.len() < most && rng.chance(40) {
                    set.insert(t);
                }
            }
            set
        };
        let r_upper = small(rng, 5);
        let s_upper = small(rng, 4);
        let r = Expr::rel(bounds.add(relation("R", TupleSet::empty(2), r_upper)), 2);
        let s = Expr::rel(bounds.add(relation("S", TupleSet::empty(2), s_upper)), 2);
        let decl = Decl {
            var: VarId(1),
            name: "co".into(),
            mult: DeclMult::Set,
            bound: Expr::product(a.clone(), a.clone()),
        };
        let co = decl.var_expr();
        let mut inner = vec![Formula::strict_order(co.clone(), a.clone())];
        for _ in 0..2 + rng.below(2) {
            inner.push(match rng.below(12) {
                0 => r.in_(&co),
                1 => Expr::join(co.clone(), r.clone()).in_(&s),
                2 => Expr::join(r.clone(), co.clone()).in_(&r),
                3 => s.in_(&Expr::closure(co.clone())),
                4 => Expr::join(Expr::reflexive_closure(co.clone()), r.clone()).in_(&s),
                5 => Expr::intersection(
                    Expr::closure(Expr::union(r.clone(), co.clone())),
                    Expr::iden(),
                )
                .no(),
                6 => r.in_(&co).not(),
                7 => s.in_(&co),
                8 => Expr::intersection(co.clone(), s.clone()).no(),
                // closure bounds over the witness
                9 => Expr::intersection(
                    Expr::join(Expr::closure(Expr::union(r.clone(), co.clone())), s.clone()),
                    Expr::iden(),
                )
                .no(),
                10 => Expr::intersection(Expr::closure(co.clone()), s.clone()).no(),
                _ => Expr::intersection(co.clone(), s.clone()).some(),
            });
        }
        let mut outer = vec![Formula::exists(vec![decl], Formula::and(inner))];
        for _ in 0..rng.below(3) {
            outer.push(match rng.below(10) {
                0 => Expr::intersection(Expr::closure(r.clone()), Expr::iden()).no(),
                1 => Expr::intersection(
                    Expr::closure(Expr::union(r.clone(), s.clone())),
                    Expr::domain_restrict(a.clone(), Expr::iden()),
                )
                .no(),
                2 => Expr::join(r.clone(), r.clone()).in_(&r),
                3 => Expr::join(s.clone(), r.clone()).in_(&s),
                // closure bounds (`lazy_orders::ClosureBound`), in the shapes Adya's PSI
                // and G-single take once elaborated
                5 => Expr::intersection(
                    Expr::join(Expr::closure(r.clone()), s.clone()),
                    Expr::iden(),
                )
                .no(),
                6 => Expr::intersection(
                    Expr::domain_restrict(a.clone(), Expr::iden()),
                    Expr::join(
                        s.clone(),
                        Expr::union(
                            Expr::closure(r.clone()),
                            Expr::domain_restrict(a.clone(), Expr::iden()),
                        ),
                    ),
                )
                .some()
                .not(),
                7 => Expr::intersection(
                    Expr::join(s.clone(), Expr::reflexive_closure(r.clone())),
                    Expr::iden(),
                )
                .no(),
                8 => Expr::intersection(s.clone(), Expr::transpose(Expr::closure(r.clone()))).no(),
                _ => r.some(),
            });
        }
        Problem {
            bounds,
            formula: Formula::and(outer),
        }
    }

    #[test]
    fn lazy_orders_match_brute_force() {
        let mut rng = Rng(0x001a_2e0b_de75);
        let (mut sat, mut unsat) = (0, 0);
        for _ in 0..150 {
            let problem = lazy_problem(&mut rng);
            // Lazy (the default in `every_option`) and eager must both agree with brute force.
            let models = brute_force_models(&problem);
            for lazy in [true, false] {
                for backend in [BackendKind::Varisat, BackendKind::Cadical] {
                    let opts = SolveOptions {
                        lazy_orders: lazy,
                        ..options(backend, 20, true)
                    };
                    let original = problem.bounds.relations.len();
                    let mut e = Enumerator::new(&problem, &opts).unwrap();
                    match e.next() {
                        Outcome::Sat(instance) => {
                            let values = &instance.values[..original];
                            assert!(!models.is_empty(), "sat but unsat: {}", problem.formula);
                            assert!(
                                holds(&problem, values),
                                "{} ({lazy} {backend:?}): {values:?} {:?}",
                                problem.formula,
                                &instance.values[original..]
                            );
                        }
                        Outcome::Unsat => {
                            assert!(models.is_empty(), "unsat but sat: {}", problem.formula)
                        }
                        Outcome::Interrupted => panic!("interrupted"),
                    }
                }
            }
            // Every instance once, through the refinement rounds and blocking clauses.
            if sat % 4 == 0 {
                check_enumeration(&problem, BackendKind::Cadical);
            }
            if models.is_empty() {
                unsat += 1;
            } else {
                sat += 1;
            }
        }
        eprintln!("lazy problems: {sat} sat, {unsat} unsat");
        assert!(sat > 30 && unsat > 20, "sat {sat} unsat {unsat}");
    }

    #[test]
    fn ordered_problems_match_brute_force() {
        let mut rng = Rng(0x0bde_12ed);
        let (mut sat, mut unsat) = (0, 0);
        for _ in 0..150 {
            let problem = ordered_problem(&mut rng);
            if check_against_brute_force(&problem) {
                sat += 1;
            } else {
                unsat += 1;
            }
        }
        eprintln!("ordered problems: {sat} sat, {unsat} unsat");
        assert!(sat > 30 && unsat > 5, "sat {sat} unsat {unsat}");
    }

    /// Applies an atom permutation to every relation's value.
    fn permute(values: &[TupleSet], perm: &[Atom]) -> Vec<TupleSet> {
        values
            .iter()
            .map(|v| {
                TupleSet::from_tuples(
                    v.arity(),
                    v.iter()
                        .map(|t| t.iter().map(|&a| perm[a as usize]).collect::<Vec<_>>()),
                )
            })
            .collect()
    }

    /// Symmetry breaking may drop models, but never a whole orbit: every model has an image
    /// under some atom permutation among the enumerated instances (which the brute-force
    /// check already showed to be models).
    fn check_orbit_coverage(problem: &Problem, opts: &SolveOptions) -> (usize, usize) {
        let models = brute_force_models(problem);
        if models.len() > 300 {
            // Enumerating thousands of instances would only slow the test down.
            return (0, 0);
        }
        let original = problem.bounds.relations.len();
        let mut e = Enumerator::new(problem, opts).unwrap();
        let mut found = BTreeSet::new();
        while let Outcome::Sat(instance) = e.next() {
            let values = instance.values[..original].to_vec();
            assert!(holds(problem, &values));
            found.insert(values);
        }
        let atoms: Vec<Atom> = (0..problem.bounds.universe.len() as Atom).collect();
        let perms = permutations(&atoms);
        for m in &models {
            assert!(
                perms.iter().any(|p| found.contains(&permute(m, p))),
                "no image of model {m:?} of {} among {found:?} ({opts:?})",
                problem.formula
            );
        }
        (found.len(), models.len())
    }

    #[test]
    fn symmetric_problems_match_brute_force() {
        let mut rng = Rng(0x5_1111_e7c1);
        let (mut sat, mut unsat) = (0, 0);
        let (mut kept, mut total) = (0, 0);
        for i in 0..200 {
            let problem = symmetric_problem(&mut rng);
            let backend = if i % 2 == 0 {
                BackendKind::Cadical
            } else {
                BackendKind::Varisat
            };
            let (k, t) = check_orbit_coverage(&problem, &options(backend, 20, true));
            kept += k;
            total += t;
            if check_against_brute_force(&problem) {
                sat += 1;
            } else {
                unsat += 1;
            }
        }
        eprintln!("symmetric problems: {sat} sat, {unsat} unsat; {kept} of {total} models kept");
        assert!(sat > 40 && unsat > 20, "sat {sat} unsat {unsat}");
        // Symmetry breaking does remove models here.
        assert!(kept < total * 9 / 10, "kept {kept} of {total}");
    }

    #[test]
    fn enumeration_without_symmetry_breaking_finds_every_model() {
        let mut rng = Rng(0xe_0e_0e_0e);
        for i in 0..120 {
            let problem = if i % 4 == 0 {
                ordered_problem(&mut rng)
            } else {
                random_problem(&mut rng)
            };
            let backend = if i % 2 == 0 {
                BackendKind::Cadical
            } else {
                BackendKind::Varisat
            };
            check_enumeration(&problem, backend);
        }
    }

    /// Pigeons in holes as relations: `hole: P -> H`, every pigeon in some hole, no hole
    /// shared. Without symmetry breaking, 11 pigeons in 10 holes is very hard.
    fn pigeonhole(pigeons: usize, holes: usize) -> Problem {
        let n = pigeons + holes;
        let mut bounds = Bounds {
            universe: universe(n),
            relations: Vec::new(),
        };
        let ps = TupleSet::of_atoms(0..pigeons as Atom);
        let hs = TupleSet::of_atoms(pigeons as Atom..n as Atom);
        let p = bounds.add(relation("P", ps.clone(), ps.clone()));
        let h = bounds.add(relation("H", hs.clone(), hs.clone()));
        let hole = bounds.add(relation(
            "hole",
            TupleSet::empty(2),
            crate::logic::upper::product(&ps, &hs),
        ));
        let (p, h, hole) = (Expr::rel(p, 1), Expr::rel(h, 1), Expr::rel(hole, 2));
        let x = Decl {
            var: VarId(1),
            name: "p".into(),
            mult: DeclMult::One,
            bound: p,
        };
        let y = Decl {
            var: VarId(2),
            name: "h".into(),
            mult: DeclMult::One,
            bound: h,
        };
        let formula = Formula::and([
            Formula::forall(
                vec![x.clone()],
                Expr::join(x.var_expr(), hole.clone()).some(),
            ),
            Formula::forall(vec![y.clone()], Expr::join(hole, y.var_expr()).lone()),
        ]);
        Problem { bounds, formula }
    }

    #[test]
    fn the_stop_flag_interrupts_solving() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::time::{Duration, Instant};
        let problem = pigeonhole(11, 10);
        // Raised before the call: both backends give up at once, and can go on later.
        for backend in [BackendKind::Varisat, BackendKind::Cadical] {
            let flag = Arc::new(AtomicBool::new(true));
            let opts = SolveOptions {
                stop: Some(flag.clone()),
                ..options(backend, 20, true)
            };
            let mut e = Enumerator::new(&problem, &opts).unwrap();
            assert_eq!(e.next(), Outcome::Interrupted);
            flag.store(false, Ordering::Relaxed);
            // With symmetry breaking the principle is easy.
            assert_eq!(e.next(), Outcome::Unsat);
        }
        // Raised during a long CaDiCaL search.
        let flag = Arc::new(AtomicBool::new(false));
        let opts = SolveOptions {
            stop: Some(flag.clone()),
            ..options(BackendKind::Cadical, 0, false)
        };
        // Without symmetry breaking, pigeonhole 13 -> 12 takes CaDiCaL far longer than
        // the moment the flag is raised.
        let hard = pigeonhole(13, 12);
        let mut e = Enumerator::new(&hard, &opts).unwrap();
        let raiser = {
            let flag = flag.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(20));
                flag.store(true, Ordering::Relaxed);
            })
        };
        let start = Instant::now();
        let outcome = e.next();
        raiser.join().unwrap();
        assert_eq!(outcome, Outcome::Interrupted);
        assert!(start.elapsed() < Duration::from_secs(10));
        assert_eq!(e.stats().sat_calls, 1);
    }

    #[test]
    fn quantifiers_over_relations_that_stay_are_reported() {
        let mut bounds = Bounds {
            universe: universe(2),
            relations: Vec::new(),
        };
        let a = bounds.add(relation(
            "A",
            TupleSet::empty(1),
            TupleSet::of_atoms([0, 1]),
        ));
        let s = Decl {
            var: VarId(9),
            name: "s".into(),
            mult: DeclMult::Set,
            bound: Expr::rel(a, 1),
        };
        // `all s: set A | ...` cannot be skolemized.
        let forall = Formula::forall(vec![s.clone()], s.var_expr().in_(&Expr::rel(a, 1)));
        let err = Enumerator::new(
            &Problem {
                bounds: bounds.clone(),
                formula: forall,
            },
            &SolveOptions::default(),
        );
        assert_eq!(
            err.err(),
            Some(SolveError::HigherOrder {
                var: VarId(9),
                name: "s".into()
            })
        );
        // `some s: set A | ...` at the top is skolemized into a relation `$s`.
        let exists = Formula::exists(vec![s.clone()], Expr::rel(a, 1).in_(&s.var_expr()));
        let (outcome, solved, _) = solve(
            &Problem {
                bounds,
                formula: exists,
            },
            &SolveOptions::default(),
        )
        .unwrap();
        assert_eq!(solved.relations[1].name, "$s");
        let Outcome::Sat(instance) = outcome else {
            panic!("satisfiable");
        };
        assert!(instance.values[0].is_subset(&instance.values[1]));
    }
}
