//! Term instantiation for CEGIS: refute a candidate with a universal variable's value
//! *written as a term* over the candidate's relations, and learn the term's lemma.
//!
//! A concrete counterexample `Y*` teaches the candidate `p => F(X, Y*)`: one value of
//! `Y`, which a neighbouring candidate easily avoids. In implication problems such as
//! `CC and not CeroneCC` the counterexample to every candidate is *the same function* of
//! the candidate: `vis` is its causal order `^(so + WR)`, `ar` its commit order `co`.
//! Instantiating `Y := t(X)` for such a term `t` gives the lemma `p => F(X, t(X))`,
//! which constrains every candidate at once — often the whole implication in one lemma.
//!
//! Which terms? Those the problem already writes: every closed relational expression of
//! the right arity in the (skolemized) formula — `so + WR`, `^(so + WR)`,
//! `*co . (so + WR)`, `co & conflict`, the skolem witness `co` itself — and the unions of
//! two of them (Snapshot Isolation's `vis` is the union of the two premises of its
//! axioms). Choosing among them is done concretely, on the candidate: the terms are
//! evaluated (by the evaluator) to tuple sets, values are deduplicated, the conjuncts of
//! the verifier's formula that mention one variable filter that variable's values (`ar`
//! must be a total order: only `co` survives), and the products of the survivors are
//! tried on the remaining conjuncts. The first combination that refutes the candidate is
//! translated symbolically and becomes the lemma.
//!
//! **Soundness**: `all Y: B | F` implies `fits(t) => F[Y := t]` for any term `t`
//! ([`super::cegis`] translates the instance with the bound's guard), so the lemma holds
//! in every model of the problem, whatever the term and whether or not the evaluator's
//! judgement was right. The evaluator only chooses which lemma to add; a candidate is
//! still accepted only when every verifier finds no counterexample. **Termination**: a
//! term combination refutes the candidate it was found on, so once learnt it can never
//! refute another (its lemma holds in every later candidate); it is not tried again, and
//! a candidate that no term refutes goes to the verifier as before.

use std::collections::{BTreeSet, HashMap, HashSet};

use crate::instance::Instance;
use crate::instance::evaluate::{Env, eval_expr, eval_formula_in};
use crate::logic::free::FreeVars;
use crate::logic::normalize::{has_higher_order, nnf};
use crate::logic::{
    Decl, DeclMult, Expr, ExprKind, Formula, FormulaKind, IntExpr, MultTest, TupleSet, VarId,
};

/// Most distinct closed expressions kept per arity (smallest first).
const MAX_BASE_TERMS: usize = 48;

/// Most value combinations tried on one candidate for one obligation.
const MAX_COMBINATIONS: usize = 4096;

/// An obligation's search stops once this many candidates went unrefuted and they
/// outnumber the refuted ones [`FAILURES_PER_SUCCESS`] to one: its counterexamples are
/// evidently seldom terms, and each try costs evaluations (`AdyaPSI and not CeronePSI`:
/// 9 of 231 candidates refuted by terms, at 9 ms each).
const MIN_FAILURES: usize = 8;
const FAILURES_PER_SUCCESS: usize = 4;

/// A term: the union of some of the pool's expressions (indices into it, sorted).
type Term = Vec<usize>;

/// The closed expressions of `formula` whose arity is one of `arities`, smallest first,
/// without repeats (by structure), at most [`MAX_BASE_TERMS`] per arity.
pub(super) fn harvest(formula: &Formula, arities: &BTreeSet<usize>) -> Vec<Expr> {
    let mut walk = Harvest {
        free: FreeVars::default(),
        seen: HashSet::new(),
        sizes: HashMap::new(),
        found: Vec::new(),
        arities,
    };
    walk.formula(formula);
    let mut found = walk.found;
    found.sort_by_key(|(size, _)| *size);
    let mut distinct: HashSet<Expr> = HashSet::new();
    let mut per_arity: HashMap<usize, usize> = HashMap::new();
    let mut out = Vec::new();
    for (_, e) in found {
        let count = per_arity.entry(e.arity()).or_default();
        if *count < MAX_BASE_TERMS && distinct.insert(e.clone()) {
            *count += 1;
            out.push(e);
        }
    }
    out
}

/// Larger expressions (in nodes, as a tree) are not harvested: inlined funs share
/// nodes, so a term can be exponentially larger as a tree than as a graph, and comparing
/// terms by structure walks the tree.
const MAX_TERM_SIZE: usize = 10_000;

struct Harvest<'a> {
    free: FreeVars,
    seen: HashSet<usize>,
    /// Each expression's size, by node: each node is walked once.
    sizes: HashMap<usize, usize>,
    /// (size, expression)
    found: Vec<(usize, Expr)>,
    arities: &'a BTreeSet<usize>,
}

impl Harvest<'_> {
    fn formula(&mut self, f: &Formula) {
        crate::stack::guard(|| self.formula_unguarded(f))
    }

    fn formula_unguarded(&mut self, f: &Formula) {
        if !self.seen.insert(f.node_id()) {
            return;
        }
        use FormulaKind::*;
        match f.kind() {
            Const(_) => {}
            And(fs) | Or(fs) => fs.iter().for_each(|g| self.formula(g)),
            Not(g) => self.formula(g),
            Implies(a, b) | Iff(a, b) => {
                self.formula(a);
                self.formula(b);
            }
            Subset(a, b) | Equal(a, b) | StrictOrder { rel: a, elems: b } => {
                self.expr(a);
                self.expr(b);
            }
            Mult(_, a) | Cardinality(_, a, _) => {
                self.expr(a);
            }
            TotalOrder { elems, first, next } => {
                for e in [elems, first, next] {
                    self.expr(e);
                }
            }
            Quant(_, decls, body) => self.binder(decls, body),
            IntCompare(_, a, b) => {
                self.int(a);
                self.int(b);
            }
            Overflows(i) => self.int(i),
            Temporal(_, g) => self.formula(g),
            TemporalBinary(_, a, b) => {
                self.formula(a);
                self.formula(b);
            }
        }
    }

    fn binder(&mut self, decls: &[Decl], body: &Formula) {
        for d in decls {
            self.expr(&d.bound);
        }
        self.formula(body);
    }

    fn int(&mut self, i: &IntExpr) {
        crate::stack::guard(|| self.int_unguarded(i))
    }

    fn int_unguarded(&mut self, i: &IntExpr) {
        let mut formulas = Vec::new();
        let mut exprs = Vec::new();
        i.subterms(&mut formulas, &mut exprs);
        formulas.iter().for_each(|f| self.formula(f));
        exprs.iter().for_each(|e| {
            self.expr(e);
        });
    }

    /// Walks `e` and returns its size (number of nodes below and at it, formulas
    /// counting one).
    fn expr(&mut self, e: &Expr) -> usize {
        if let Some(&size) = self.sizes.get(&e.node_id()) {
            return size;
        }
        crate::stack::guard(|| self.expr_unguarded(e))
    }

    fn expr_unguarded(&mut self, e: &Expr) -> usize {
        let mut formulas = Vec::new();
        let mut exprs = Vec::new();
        e.subterms(&mut formulas, &mut exprs);
        let mut size = 1 + formulas.len();
        formulas.iter().for_each(|f| self.formula(f));
        for sub in &exprs {
            size = size.saturating_add(self.expr(sub));
        }
        self.sizes.insert(e.node_id(), size);
        use ExprKind::*;
        let interesting = !matches!(e.kind(), Var(_) | None | Univ | Iden);
        if interesting
            && size <= MAX_TERM_SIZE
            && self.arities.contains(&e.arity())
            && self.seen.insert(e.node_id())
            && self.free.expr(e).is_empty()
        {
            self.found.push((size, e.clone()));
        }
        size
    }
}

/// Term instantiation for one obligation `all Y1, ..., Yn | F` (every `Yi` over
/// relations, no free variables besides the problem's relations).
pub(super) struct TermSearch {
    decls: Vec<Decl>,
    /// The closed expressions that may stand for a variable (of any of the arities).
    pool: Vec<Expr>,
    /// Per variable: the conjuncts of the verifier's formula (`fits(Y) and not F`) that
    /// mention it and no other variable.
    unary: Vec<Vec<Formula>>,
    /// The conjuncts that mention several variables (or none).
    joint: Vec<Formula>,
    /// Combinations already learnt (they cannot refute a later candidate).
    learnt: HashSet<Vec<Term>>,
    /// Candidates refuted by terms, and not.
    successes: usize,
    failures: usize,
}

impl TermSearch {
    /// `None` when the obligation does not have that shape or no expression fits.
    pub(super) fn new(obligation: &Formula, pool: &[Expr]) -> Option<TermSearch> {
        let FormulaKind::Quant(_, decls, body) = obligation.kind() else {
            return None;
        };
        if decls.iter().any(Decl::is_first_order) {
            return None;
        }
        let vars: BTreeSet<VarId> = decls.iter().map(|d| d.var).collect();
        let mut free = FreeVars::default();
        // Bounds must not depend on the other variables (each is evaluated alone).
        if decls.iter().any(|d| !free.expr(&d.bound).is_empty()) {
            return None;
        }
        let mut conjuncts = Vec::new();
        for d in decls {
            conjuncts.push(Formula::subset(d.var_expr(), d.bound.clone()));
            let test = match d.mult {
                DeclMult::Set => None,
                DeclMult::One => Some(MultTest::One),
                DeclMult::Lone => Some(MultTest::Lone),
                DeclMult::Some => Some(MultTest::Some),
            };
            if let Some(t) = test {
                conjuncts.push(Formula::mult(t, d.var_expr()));
            }
        }
        flatten_and(&nnf(&body.clone().not()), &mut conjuncts);
        // A nested quantifier over relations cannot be judged by evaluation (it would
        // enumerate relations for every combination): such obligations are left to the
        // verifier.
        if conjuncts.iter().any(has_higher_order) {
            return None;
        }
        let mut unary = vec![Vec::new(); decls.len()];
        let mut joint = Vec::new();
        for c in conjuncts {
            let mut mentioned = BTreeSet::new();
            free.formula(&c, &mut mentioned);
            if !mentioned.is_subset(&vars) {
                return None;
            }
            let mut which = decls
                .iter()
                .enumerate()
                .filter(|(_, d)| mentioned.contains(&d.var));
            match (which.next(), which.next()) {
                (Some((i, _)), None) => unary[i].push(c),
                _ => joint.push(c),
            }
        }
        let arities: BTreeSet<usize> = decls.iter().map(Decl::arity).collect();
        let pool: Vec<Expr> = pool
            .iter()
            .filter(|e| arities.contains(&e.arity()))
            .cloned()
            .collect();
        if pool.is_empty() {
            return None;
        }
        Some(TermSearch {
            decls: decls.clone(),
            pool,
            unary,
            joint,
            learnt: HashSet::new(),
            successes: 0,
            failures: 0,
        })
    }

    /// Terms, one per variable, whose values in `candidate` make the obligation false (a
    /// counterexample written over the candidate's relations), or `None`.
    pub(super) fn refute(&mut self, candidate: &Instance) -> Option<Vec<(VarId, Expr)>> {
        if self.failures >= MIN_FAILURES && self.failures >= FAILURES_PER_SUCCESS * self.successes {
            return None;
        }
        let found = self.search(candidate);
        if found.is_some() {
            self.successes += 1;
        } else {
            self.failures += 1;
        }
        found
    }

    fn search(&mut self, candidate: &Instance) -> Option<Vec<(VarId, Expr)>> {
        let base: Vec<Option<TupleSet>> = self
            .pool
            .iter()
            .map(|e| eval_expr(candidate, e).ok())
            .collect();
        // Per variable: its distinct candidate values passing its own conjuncts, each
        // with the first (smallest) term giving it.
        let mut survivors: Vec<Vec<(Term, TupleSet)>> = Vec::new();
        for (i, d) in self.decls.iter().enumerate() {
            let bound = eval_expr(candidate, &d.bound).ok()?;
            let singles: Vec<(usize, &TupleSet)> = base
                .iter()
                .enumerate()
                .filter_map(|(k, v)| v.as_ref().map(|v| (k, v)))
                .filter(|(_, v)| v.arity() == d.arity() && v.is_subset(&bound))
                .collect();
            let mut seen: HashSet<TupleSet> = HashSet::new();
            let mut order = Vec::new();
            let mut offer = |term: Term, value: TupleSet| {
                if seen.insert(value.clone()) {
                    order.push((term, value));
                }
            };
            for &(k, v) in &singles {
                offer(vec![k], v.clone());
            }
            for (a, &(k, v)) in singles.iter().enumerate() {
                for &(l, w) in &singles[a + 1..] {
                    offer(vec![k, l], v.union(w));
                }
            }
            let passing: Vec<(Term, TupleSet)> = order
                .into_iter()
                .filter(|(_, value)| {
                    let mut env = Env::new();
                    env.bind(d.var, value.clone());
                    self.unary[i]
                        .iter()
                        .all(|c| eval_formula_in(candidate, &env, c).unwrap_or(false))
                })
                .collect();
            if passing.is_empty() {
                return None;
            }
            survivors.push(passing);
        }
        // The products of the survivors, first choices first (odometer).
        let mut index = vec![0usize; survivors.len()];
        for _ in 0..MAX_COMBINATIONS {
            let terms: Vec<Term> = index
                .iter()
                .zip(&survivors)
                .map(|(&k, s)| s[k].0.clone())
                .collect();
            if !self.learnt.contains(&terms) {
                let mut env = Env::new();
                for ((d, &k), s) in self.decls.iter().zip(&index).zip(&survivors) {
                    env.bind(d.var, s[k].1.clone());
                }
                let refutes = self
                    .joint
                    .iter()
                    .all(|c| eval_formula_in(candidate, &env, c).unwrap_or(false));
                if refutes {
                    self.learnt.insert(terms.clone());
                    return Some(
                        self.decls
                            .iter()
                            .zip(terms)
                            .map(|(d, t)| (d.var, self.term_expr(&t)))
                            .collect(),
                    );
                }
            }
            let mut pos = 0;
            while pos < index.len() {
                index[pos] += 1;
                if index[pos] < survivors[pos].len() {
                    break;
                }
                index[pos] = 0;
                pos += 1;
            }
            if pos == index.len() {
                return None;
            }
        }
        None
    }

    fn term_expr(&self, term: &Term) -> Expr {
        term.iter()
            .map(|&k| self.pool[k].clone())
            .reduce(Expr::union)
            .expect("a term has an expression")
    }
}

fn flatten_and(f: &Formula, out: &mut Vec<Formula>) {
    match f.kind() {
        FormulaKind::And(fs) => fs.iter().for_each(|g| flatten_and(g, out)),
        _ => out.push(f.clone()),
    }
}
