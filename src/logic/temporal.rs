//! Bounded unrolling of Alloy 6's temporal logic into a static problem.
//!
//! A temporal problem has relations that vary from state to state (`var` sigs and
//! fields) and formulas with temporal connectives and primes, read at the first state of
//! an infinite trace. Bounded solving looks for a *lasso* of `steps` states: states
//! `0..steps`, then back to a state `l` chosen by the solver. Each varying relation gets
//! one copy per state (state 0 keeps the original relation, so every static relation and
//! the first state keep their ids), and `loop$l` relations, exactly one of them
//! non-empty, say where the loop goes back.
//!
//! Formulas are rewritten at a position `(i, m)`: state `i` in lap `m`. Future operators
//! only need one lap, but a past operator inside the loop reads further back each time
//! round, until, after as many laps as past operators are nested, it reads the same
//! (Latvala, Biere, Heljanko and Junttila, "Simple is better", 2005). So positions run over
//! `depth + 1` laps, and the last lap loops onto itself. Least fixpoints (`until`) on that
//! last lap are computed in two passes around the loop, greatest ones (`releases`)
//! likewise with `true` at the end. Every rewritten node is remembered by position, so
//! that a formula's copies share their common parts.

use std::collections::{HashMap, HashSet};

use super::ast::{
    Decl, Expr, ExprKind, Formula, FormulaKind, IntExpr, IntExprKind, RelId, TemporalBinOp,
    TemporalOp,
};
use super::problem::{Bounds, Problem, Relation, RelationKind};
use super::tuples::TupleSet;

/// A temporal problem unrolled to `steps` states.
#[derive(Clone, Debug)]
pub struct Unrolled {
    pub problem: Problem,
    pub steps: usize,
    /// For each state, the relation that holds each original relation's value there.
    pub state_rels: Vec<Vec<RelId>>,
    /// `loop$l` for each state `l`; empty when the universe has no atom to carry them
    /// (then every state is the same and the trace loops on its last state).
    pub loop_rels: Vec<RelId>,
}

impl Unrolled {
    /// The relation values of each state, and the state the last one loops back to.
    pub fn split(&self, values: &[TupleSet]) -> (Vec<Vec<TupleSet>>, usize) {
        let states = self
            .state_rels
            .iter()
            .map(|rels| rels.iter().map(|r| values[r.0 as usize].clone()).collect())
            .collect();
        let loop_to = self
            .loop_rels
            .iter()
            .position(|r| !values[r.0 as usize].is_empty())
            .unwrap_or(self.steps - 1);
        (states, loop_to)
    }
}

/// Whether a formula's value may differ from state to state: it reads a relation of
/// `var`, a prime or a temporal connective.
pub fn is_dynamic(formula: &Formula, var: &[RelId]) -> bool {
    let var: HashSet<RelId> = var.iter().copied().collect();
    Dynamic::new(&var).formula(formula)
}

/// The static problem whose instances are the lassos of `steps` states (≥ 1) of `problem`,
/// whose relations `var` vary from state to state.
pub fn unroll(problem: &Problem, var: &[RelId], steps: usize) -> Unrolled {
    let (mut unrolled, formulas) = unroll_each(
        &problem.bounds,
        std::slice::from_ref(&problem.formula),
        var,
        steps,
    );
    let loops = std::mem::replace(&mut unrolled.problem.formula, Formula::true_());
    unrolled.problem.formula = Formula::and([loops].into_iter().chain(formulas));
    unrolled
}

/// `unroll` for several formulas over the same states (an unsat core's parts): the
/// problem's formula is only the choice of the loop, and each formula comes back
/// rewritten for the first state.
pub fn unroll_each(
    bounds: &Bounds,
    formulas: &[Formula],
    var: &[RelId],
    steps: usize,
) -> (Unrolled, Vec<Formula>) {
    assert!(steps >= 1, "a trace has at least one state");
    let var: HashSet<RelId> = var.iter().copied().collect();
    let problem_bounds = bounds;
    let mut bounds = problem_bounds.clone();
    let originals = problem_bounds.relations.len();
    let mut state_rels = vec![(0..originals as u32).map(RelId).collect::<Vec<_>>()];
    for s in 1..steps {
        let mut rels = state_rels[0].clone();
        for (k, r) in problem_bounds.relations.iter().enumerate() {
            if var.contains(&RelId(k as u32)) {
                rels[k] = bounds.add(Relation {
                    name: format!("{}@{s}", r.name),
                    ..r.clone()
                });
            }
        }
        state_rels.push(rels);
    }
    let loop_rels = loop_relations(&mut bounds, steps);
    let loops: Vec<Formula> = match loop_rels.is_empty() {
        false => loop_rels.iter().map(|r| Expr::rel(*r, 1).some()).collect(),
        // No atom to carry the choice: every relation is empty in every state, so any
        // loop will do; take the last state's.
        true => (0..steps)
            .map(|l| Formula::constant(l + 1 == steps))
            .collect(),
    };
    let mut exactly_one = vec![Formula::or(loops.clone())];
    for a in 0..loops.len() {
        for b in a + 1..loops.len() {
            exactly_one.push(Formula::and([loops[a].clone(), loops[b].clone()]).not());
        }
    }
    let laps = formulas.iter().map(past_depth).max().unwrap_or(0) + 1;
    let mut unroller = Unroller {
        dynamic: Dynamic::new(&var),
        var: var.clone(),
        steps,
        laps,
        state_rels: state_rels.clone(),
        loops,
        formulas: HashMap::new(),
        exprs: HashMap::new(),
        ints: HashMap::new(),
        chains: HashMap::new(),
    };
    let rewritten = formulas.iter().map(|f| unroller.formula(f, 0, 0)).collect();
    let unrolled = Unrolled {
        problem: Problem {
            bounds,
            formula: Formula::and(exactly_one),
        },
        steps,
        state_rels,
        loop_rels,
    };
    (unrolled, rewritten)
}

/// One unary relation per state, at most one atom each: the first integer's atom when
/// there are integers (never interchangeable with another, so symmetry breaking loses
/// nothing), else the first atom.
fn loop_relations(bounds: &mut Bounds, steps: usize) -> Vec<RelId> {
    let universe = &bounds.universe;
    let carrier = match universe.ints() {
        Some(ints) => ints.first,
        None if !universe.is_empty() => 0,
        None => return Vec::new(),
    };
    (0..steps)
        .map(|l| {
            bounds.add(Relation {
                name: format!("loop${l}"),
                arity: 1,
                kind: RelationKind::Internal,
                lower: TupleSet::empty(1),
                upper: TupleSet::of_atoms([carrier]),
            })
        })
        .collect()
}

/// The deepest nesting of past connectives.
fn past_depth(f: &Formula) -> usize {
    fn walk(f: &Formula, memo: &mut HashMap<usize, usize>) -> usize {
        if let Some(&d) = memo.get(&f.node_id()) {
            return d;
        }
        let own = match f.kind() {
            FormulaKind::Temporal(op, _) => usize::from(op.is_past()),
            FormulaKind::TemporalBinary(op, _, _) => usize::from(op.is_past()),
            _ => 0,
        };
        let (mut fs, mut es) = (Vec::new(), Vec::new());
        f.subterms(&mut fs, &mut es);
        while let Some(e) = es.pop() {
            e.subterms(&mut fs, &mut es);
        }
        let inner = fs.iter().map(|g| walk(g, memo)).max().unwrap_or(0);
        let d = own + inner;
        memo.insert(f.node_id(), d);
        d
    }
    crate::stack::guard(|| walk(f, &mut HashMap::new()))
}

/// Which nodes read a varying relation, a prime or a temporal connective (their value
/// depends on the state); all others are kept as they are in every state.
struct Dynamic<'v> {
    var: &'v HashSet<RelId>,
    seen: HashMap<usize, bool>,
}

impl<'v> Dynamic<'v> {
    fn new(var: &'v HashSet<RelId>) -> Dynamic<'v> {
        Dynamic {
            var,
            seen: HashMap::new(),
        }
    }

    fn formula(&mut self, f: &Formula) -> bool {
        if let Some(&d) = self.seen.get(&f.node_id()) {
            return d;
        }
        let d = matches!(
            f.kind(),
            FormulaKind::Temporal(..) | FormulaKind::TemporalBinary(..)
        ) || {
            let (mut fs, mut es) = (Vec::new(), Vec::new());
            f.subterms(&mut fs, &mut es);
            fs.iter().any(|g| crate::stack::guard(|| self.formula(g)))
                || es.iter().any(|e| crate::stack::guard(|| self.expr(e)))
        };
        self.seen.insert(f.node_id(), d);
        d
    }

    fn expr(&mut self, e: &Expr) -> bool {
        if let Some(&d) = self.seen.get(&e.node_id()) {
            return d;
        }
        let d = match e.kind() {
            ExprKind::Rel(r) => self.var.contains(r),
            ExprKind::Prime(_) => true,
            _ => {
                let (mut fs, mut es) = (Vec::new(), Vec::new());
                e.subterms(&mut fs, &mut es);
                fs.iter().any(|g| crate::stack::guard(|| self.formula(g)))
                    || es.iter().any(|x| crate::stack::guard(|| self.expr(x)))
            }
        };
        self.seen.insert(e.node_id(), d);
        d
    }

    fn int(&mut self, i: &IntExpr) -> bool {
        let (mut fs, mut es) = (Vec::new(), Vec::new());
        i.subterms(&mut fs, &mut es);
        fs.iter().any(|g| self.formula(g)) || es.iter().any(|x| self.expr(x))
    }
}

type Pos = (usize, usize);

struct Unroller<'v> {
    dynamic: Dynamic<'v>,
    var: HashSet<RelId>,
    steps: usize,
    laps: usize,
    state_rels: Vec<Vec<RelId>>,
    /// `loop_l`: the last state is followed by state `l`.
    loops: Vec<Formula>,
    formulas: HashMap<(usize, Pos), Formula>,
    exprs: HashMap<(usize, Pos), Expr>,
    ints: HashMap<(usize, Pos), IntExpr>,
    /// The second pass of a fixpoint around the last lap, by node and state.
    chains: HashMap<(usize, usize), Formula>,
}

impl Unroller<'_> {
    fn last_lap(&self) -> usize {
        self.laps - 1
    }

    /// The lap after `m` (the last lap repeats).
    fn next_lap(&self, m: usize) -> usize {
        (m + 1).min(self.last_lap())
    }

    fn formula(&mut self, f: &Formula, i: usize, m: usize) -> Formula {
        if !self.dynamic.formula(f) {
            return f.clone();
        }
        let key = (f.node_id(), (i, m));
        if let Some(done) = self.formulas.get(&key) {
            return done.clone();
        }
        let out = crate::stack::guard(|| self.formula_uncached(f, i, m));
        self.formulas.insert(key, out.clone());
        out
    }

    fn formula_uncached(&mut self, f: &Formula, i: usize, m: usize) -> Formula {
        use FormulaKind::*;
        match f.kind() {
            Const(_) => f.clone(),
            And(gs) => Formula::and(gs.iter().map(|g| self.formula(g, i, m)).collect::<Vec<_>>()),
            Or(gs) => Formula::or(gs.iter().map(|g| self.formula(g, i, m)).collect::<Vec<_>>()),
            Not(g) => self.formula(g, i, m).not(),
            Implies(a, b) => self.formula(a, i, m).implies(self.formula(b, i, m)),
            Iff(a, b) => self.formula(a, i, m).iff(self.formula(b, i, m)),
            Subset(a, b) => Formula::subset(self.expr(a, i, m), self.expr(b, i, m)),
            Equal(a, b) => Formula::equal(self.expr(a, i, m), self.expr(b, i, m)),
            Mult(t, e) => Formula::mult(*t, self.expr(e, i, m)),
            Cardinality(c, e, k) => Formula::cardinality(*c, self.expr(e, i, m), *k),
            Quant(q, decls, body) => {
                let decls = self.decls(decls, i, m);
                Formula::quant(*q, decls, self.formula(body, i, m))
            }
            TotalOrder { elems, first, next } => Formula::total_order(
                self.expr(elems, i, m),
                self.expr(first, i, m),
                self.expr(next, i, m),
            ),
            StrictOrder { rel, elems } => {
                Formula::strict_order(self.expr(rel, i, m), self.expr(elems, i, m))
            }
            IntCompare(c, a, b) => self.int(a, i, m).compare(*c, &self.int(b, i, m)),
            Overflows(x) => self.int(x, i, m).overflows(),
            Temporal(op, g) => self.temporal(f, *op, g, i, m),
            TemporalBinary(op, a, b) => self.temporal_binary(f, *op, a, b, i, m),
        }
    }

    fn decls(&mut self, decls: &[Decl], i: usize, m: usize) -> Vec<Decl> {
        decls
            .iter()
            .map(|d| Decl {
                bound: self.expr(&d.bound, i, m),
                ..d.clone()
            })
            .collect()
    }

    /// `g` at the position after `(i, m)`.
    fn after(&mut self, g: &Formula, i: usize, m: usize) -> Formula {
        if i + 1 < self.steps {
            return self.formula(g, i + 1, m);
        }
        let lap = self.next_lap(m);
        let options: Vec<Formula> = (0..self.steps)
            .map(|l| Formula::and([self.loops[l].clone(), self.formula(g, l, lap)]))
            .collect();
        Formula::or(options)
    }

    /// `g` at the position before `(i, m)`; `initially` at the first position.
    fn before(&mut self, g: &Formula, i: usize, m: usize, initially: bool) -> Formula {
        if m == 0 {
            return match i {
                0 => Formula::constant(initially),
                _ => self.formula(g, i - 1, 0),
            };
        }
        // In a later lap, the loop's first state follows the last one of the lap before;
        // states before the loop are not visited there, whatever they say.
        let from_last = self.formula(g, self.steps - 1, m - 1);
        let within = match i {
            0 => Formula::constant(initially),
            _ => self.formula(g, i - 1, m),
        };
        let looped = self.loops[i].clone();
        Formula::or([
            Formula::and([looped.clone(), from_last]),
            Formula::and([looped.not(), within]),
        ])
    }

    fn temporal(
        &mut self,
        f: &Formula,
        op: TemporalOp,
        g: &Formula,
        i: usize,
        m: usize,
    ) -> Formula {
        match op {
            TemporalOp::After => self.after(g, i, m),
            TemporalOp::Before => self.before(g, i, m, false),
            // `once g` = g now, or `once g` before; `historically` dually.
            TemporalOp::Once => {
                let here = self.formula(g, i, m);
                let earlier = self.before(f, i, m, false);
                Formula::or([here, earlier])
            }
            TemporalOp::Historically => {
                let here = self.formula(g, i, m);
                let earlier = self.before(f, i, m, true);
                Formula::and([here, earlier])
            }
            TemporalOp::Eventually => self.until(f, None, g, i, m),
            TemporalOp::Always => self.releases(f, None, g, i, m),
        }
    }

    fn temporal_binary(
        &mut self,
        f: &Formula,
        op: TemporalBinOp,
        a: &Formula,
        b: &Formula,
        i: usize,
        m: usize,
    ) -> Formula {
        match op {
            TemporalBinOp::Until => self.until(f, Some(a), b, i, m),
            TemporalBinOp::Releases => self.releases(f, Some(a), b, i, m),
            // `a since b` = b now, or a now and `a since b` before.
            TemporalBinOp::Since => {
                let (ha, hb) = (self.formula(a, i, m), self.formula(b, i, m));
                let earlier = self.before(f, i, m, false);
                Formula::or([hb, Formula::and([ha, earlier])])
            }
            // `a triggered b` = b now, and a now or `a triggered b` before (or nothing
            // before).
            TemporalBinOp::Triggered => {
                let (ha, hb) = (self.formula(a, i, m), self.formula(b, i, m));
                let earlier = self.before(f, i, m, true);
                Formula::and([hb, Formula::or([ha, earlier])])
            }
        }
    }

    /// `a until b` (`eventually b` without `a`) at `(i, m)`, for the node `f` itself:
    /// b now, or a now and `f` at the next position; at the end of the last lap the
    /// loop's states are taken once more, with nothing after them.
    fn until(
        &mut self,
        f: &Formula,
        a: Option<&Formula>,
        b: &Formula,
        i: usize,
        m: usize,
    ) -> Formula {
        let next = self.fixpoint_next(f, a, b, i, m, false);
        self.fixpoint_step(a, b, i, m, next, false)
    }

    /// `a releases b` (`always b` without `a`): b now, and a now or `f` at the next
    /// position; past the loop's second pass, true.
    fn releases(
        &mut self,
        f: &Formula,
        a: Option<&Formula>,
        b: &Formula,
        i: usize,
        m: usize,
    ) -> Formula {
        let next = self.fixpoint_next(f, a, b, i, m, true);
        self.fixpoint_step(a, b, i, m, next, true)
    }

    /// One unfolding of `until` (least, `greatest` false: b or (a and next)) or of
    /// `releases` (greatest: b and (a or next)) at `(i, m)`; a missing `a` is `true` for
    /// `eventually` and `false` for `always`.
    fn fixpoint_step(
        &mut self,
        a: Option<&Formula>,
        b: &Formula,
        i: usize,
        m: usize,
        next: Formula,
        greatest: bool,
    ) -> Formula {
        let hb = self.formula(b, i, m);
        let ha = match a {
            Some(a) => self.formula(a, i, m),
            None => Formula::constant(!greatest),
        };
        if greatest {
            Formula::and([hb, Formula::or([ha, next])])
        } else {
            Formula::or([hb, Formula::and([ha, next])])
        }
    }

    /// The fixpoint `f` at the position after `(i, m)`: the node itself one state on,
    /// at the loop's start in the next lap, or, at the end of the last lap, the second
    /// pass from the loop's start.
    fn fixpoint_next(
        &mut self,
        f: &Formula,
        a: Option<&Formula>,
        b: &Formula,
        i: usize,
        m: usize,
        greatest: bool,
    ) -> Formula {
        if i + 1 < self.steps {
            return self.formula(f, i + 1, m);
        }
        let options: Vec<Formula> = (0..self.steps)
            .map(|l| {
                let then = if m < self.last_lap() {
                    self.formula(f, l, m + 1)
                } else {
                    self.second_pass(f, a, b, l, greatest)
                };
                Formula::and([self.loops[l].clone(), then])
            })
            .collect();
        Formula::or(options)
    }

    /// The fixpoint on the last lap from state `j` to the last state, with nothing after
    /// it (false for `until`, true for `releases`).
    fn second_pass(
        &mut self,
        f: &Formula,
        a: Option<&Formula>,
        b: &Formula,
        j: usize,
        greatest: bool,
    ) -> Formula {
        if j == self.steps {
            return Formula::constant(greatest);
        }
        let key = (f.node_id(), j);
        if let Some(done) = self.chains.get(&key) {
            return done.clone();
        }
        let rest = crate::stack::guard(|| self.second_pass(f, a, b, j + 1, greatest));
        let out = self.fixpoint_step(a, b, j, self.last_lap(), rest, greatest);
        self.chains.insert(key, out.clone());
        out
    }

    fn expr(&mut self, e: &Expr, i: usize, m: usize) -> Expr {
        if !self.dynamic.expr(e) {
            return e.clone();
        }
        let key = (e.node_id(), (i, m));
        if let Some(done) = self.exprs.get(&key) {
            return done.clone();
        }
        let out = crate::stack::guard(|| self.expr_uncached(e, i, m));
        self.exprs.insert(key, out.clone());
        out
    }

    fn expr_uncached(&mut self, e: &Expr, i: usize, m: usize) -> Expr {
        use ExprKind::*;
        match e.kind() {
            Rel(r) if self.var.contains(r) => {
                Expr::rel(self.state_rels[i][r.0 as usize], e.arity())
            }
            Rel(_) | Var(_) | Const(_) | Univ | Iden | None => e.clone(),
            Prime(a) => {
                if i + 1 < self.steps {
                    return self.expr(a, i + 1, m);
                }
                // The value at the state the loop goes back to.
                let lap = self.next_lap(m);
                let last = self.steps - 1;
                let mut value = self.expr(a, last, lap);
                for l in (0..last).rev() {
                    let there = self.expr(a, l, lap);
                    value = Expr::if_then_else(self.loops[l].clone(), there, value);
                }
                value
            }
            Union(a, b) => Expr::union(self.expr(a, i, m), self.expr(b, i, m)),
            Intersection(a, b) => Expr::intersection(self.expr(a, i, m), self.expr(b, i, m)),
            Difference(a, b) => Expr::difference(self.expr(a, i, m), self.expr(b, i, m)),
            Override(a, b) => Expr::override_(self.expr(a, i, m), self.expr(b, i, m)),
            Join(a, b) => Expr::join(self.expr(a, i, m), self.expr(b, i, m)),
            Product(a, b) => Expr::product(self.expr(a, i, m), self.expr(b, i, m)),
            Transpose(a) => Expr::transpose(self.expr(a, i, m)),
            Closure(a) => Expr::closure(self.expr(a, i, m)),
            ReflexiveClosure(a) => Expr::reflexive_closure(self.expr(a, i, m)),
            DomainRestrict(a, b) => Expr::domain_restrict(self.expr(a, i, m), self.expr(b, i, m)),
            RangeRestrict(a, b) => Expr::range_restrict(self.expr(a, i, m), self.expr(b, i, m)),
            IfThenElse(c, a, b) => Expr::if_then_else(
                self.formula(c, i, m),
                self.expr(a, i, m),
                self.expr(b, i, m),
            ),
            Comprehension(decls, body) => {
                let decls = self.decls(decls, i, m);
                Expr::comprehension(decls, self.formula(body, i, m))
            }
            IntAtom(x) => self.int(x, i, m).atom(),
        }
    }

    fn int(&mut self, x: &IntExpr, i: usize, m: usize) -> IntExpr {
        if !self.dynamic.int(x) {
            return x.clone();
        }
        let key = (x.node_id(), (i, m));
        if let Some(done) = self.ints.get(&key) {
            return done.clone();
        }
        use IntExprKind::*;
        let out = crate::stack::guard(|| match x.kind() {
            Const(_) => x.clone(),
            Card(e) => IntExpr::card(self.expr(e, i, m)),
            SumAtoms(e) => IntExpr::sum_atoms(self.expr(e, i, m)),
            Binary(op, a, b) => IntExpr::binary(*op, self.int(a, i, m), self.int(b, i, m)),
            IfThenElse(c, a, b) => {
                IntExpr::ite(self.formula(c, i, m), self.int(a, i, m), self.int(b, i, m))
            }
            Sum(decls, body) => {
                let decls = self.decls(decls, i, m);
                IntExpr::sum(decls, self.int(body, i, m))
            }
        });
        self.ints.insert(key, out.clone());
        out
    }
}

/// A temporal `check` read as a transition system, for proofs over every trace length
/// (k-induction): constraints on the static relations, the initial condition (the first
/// state, and through primes the second), the transition relation (`always` facts and
/// declarations: one state and, through primes, the next), and the invariant the
/// assertion states (`always P`).
#[derive(Clone, Debug)]
pub struct Safety {
    pub statics: Vec<Formula>,
    pub init: Vec<Formula>,
    pub transition: Vec<Formula>,
    pub invariant: Formula,
}

/// Whether `f` holds a temporal connective (primes do not count).
fn has_connective(f: &Formula) -> bool {
    let (mut fs, mut es) = (vec![f.clone()], Vec::new());
    let mut seen = HashSet::new();
    loop {
        if let Some(g) = fs.pop() {
            if !seen.insert(g.node_id()) {
                continue;
            }
            if matches!(
                g.kind(),
                FormulaKind::Temporal(..) | FormulaKind::TemporalBinary(..)
            ) {
                return true;
            }
            g.subterms(&mut fs, &mut es);
        } else if let Some(e) = es.pop() {
            if seen.insert(e.node_id()) {
                e.subterms(&mut fs, &mut es);
            }
        } else {
            return false;
        }
    }
}

fn conjuncts(f: &Formula, out: &mut Vec<Formula>) {
    match f.kind() {
        FormulaKind::And(gs) => gs.iter().for_each(|g| conjuncts(g, out)),
        _ => out.push(f.clone()),
    }
}

/// Splits a temporal check's parts (declarations, facts, and last the negated
/// assertion) into a transition system and an invariant; `Err` says why the check is not
/// a safety property over one (a fact with `eventually` or a past operator, an assertion
/// that is not `always P`).
pub fn safety(parts: &[Formula], var: &[RelId]) -> Result<Safety, String> {
    let Some((command, facts)) = parts.split_last() else {
        return Err("the command has no formula".into());
    };
    let mut out = Safety {
        statics: Vec::new(),
        init: Vec::new(),
        transition: Vec::new(),
        invariant: Formula::true_(),
    };
    let mut flat = Vec::new();
    facts.iter().for_each(|f| conjuncts(f, &mut flat));
    for c in flat {
        if !is_dynamic(&c, var) {
            out.statics.push(c);
        } else if !has_connective(&c) {
            out.init.push(c);
        } else if let FormulaKind::Temporal(TemporalOp::Always, g) = c.kind()
            && !has_connective(g)
        {
            conjuncts(g, &mut out.transition);
        } else {
            return Err(
                "a fact is neither a condition on the first state nor `always` of a condition on a state and the next (it has `eventually`, `until`, a past operator or a nested one), so the traces are not those of a transition system"
                    .into(),
            );
        }
    }
    let FormulaKind::Not(assertion) = command.kind() else {
        return Err("the command is not a `check`".into());
    };
    let mut claims = Vec::new();
    conjuncts(assertion, &mut claims);
    let mut invariant = Vec::new();
    for claim in claims {
        match claim.kind() {
            FormulaKind::Temporal(TemporalOp::Always, p) if !has_connective(p) => {
                invariant.push(p.clone())
            }
            _ if !is_dynamic(&claim, var) => invariant.push(claim),
            _ => {
                return Err(
                    "the assertion is not a safety property `always P` (P over a state and the next)"
                        .into(),
                );
            }
        }
    }
    out.invariant = Formula::and(invariant);
    Ok(out)
}

/// `after` applied `n` times.
fn after_n(f: Formula, n: usize) -> Formula {
    (0..n).fold(f, |g, _| Formula::temporal(TemporalOp::After, g))
}

/// Which k-induction obligation [`induction_problem`] states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obligation {
    /// A path of `k` transitions from an initial state that reaches a state breaking the
    /// invariant (at any point up to the `k`-th).
    Base,
    /// A path of `k` transitions through pairwise different states, the invariant holding
    /// in all of them but the last, where it breaks.
    Step,
}

/// The static problem of one k-induction obligation: satisfiable when the obligation's
/// path exists. Paths are written with `after` over a lasso of `k + 2` states, whose
/// last state and loop are left free (nothing is asked of them but what the transitions
/// into them say).
pub fn induction_problem(
    problem: &Problem,
    var: &[RelId],
    safety: &Safety,
    k: usize,
    obligation: Obligation,
) -> Unrolled {
    let transition = Formula::and(safety.transition.clone());
    let invariant = safety.invariant.clone();
    let mut parts = safety.statics.clone();
    parts.extend((0..=k).map(|i| after_n(transition.clone(), i)));
    match obligation {
        Obligation::Base => {
            parts.extend(safety.init.clone());
            parts.push(Formula::or(
                (0..=k).map(|j| after_n(invariant.clone().not(), j)),
            ));
        }
        Obligation::Step => {
            parts.extend((0..k).map(|i| after_n(invariant.clone(), i)));
            parts.push(after_n(invariant.clone().not(), k));
            // States i < j ≤ k differ in some varying relation (`r` against `r` primed
            // j - i times).
            for i in 0..=k {
                for j in i + 1..=k {
                    let differs = var.iter().map(|r| {
                        let arity = problem.bounds.relation(*r).arity;
                        let now = Expr::rel(*r, arity);
                        let later = (i..j).fold(now.clone(), |e, _| Expr::prime(e));
                        Formula::equal(now, later).not()
                    });
                    parts.push(after_n(Formula::or(differs), i));
                }
            }
        }
    }
    let path = Problem {
        bounds: problem.bounds.clone(),
        formula: Formula::and(parts),
    };
    unroll(&path, var, k + 2)
}
