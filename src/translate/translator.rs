//! Formulas to circuit literals, expressions to matrices, over fixed bounds.
//!
//! Every relation becomes a matrix once, when the translator is built: tuples of its lower
//! bound are TRUE, tuples of `upper \ lower` get a fresh *primary* variable (in relation
//! order, then tuple order, so that primary variable `k` is the `k`-th circuit variable),
//! all others are absent. First-order quantifiers and comprehensions are grounded over
//! their bound's matrix. Variables live in an environment that callers may also fill
//! ([`Translator::bind`]): CEGIS binds a higher-order variable to a matrix of constants or
//! of fresh variables, and the quantifier over it is then translated for that value.
//!
//! **Sharing.** Results are cached per node and per values of the node's free variables.
//! A node is cached when it is reached more than once in the formula DAG, or when it does
//! not depend on every variable in scope (then each grounding of the missing variables
//! would redo it). The free variables of each node are computed once, when a root is
//! first given to the translator; roots are kept alive so that node addresses, the cache
//! keys, stay unique.

use std::sync::Arc;

use super::bitvec::BitVec;
use super::circuit::INPUTS_PER_NODE;
use super::circuit::{Bit, Circuit, Gate};
use super::ladder::Ladder;
use super::matrix::{Matrix, capacity, index_of};
use super::{DEFAULT_GATE_LIMIT, FastMap, FastSet, MAX_MATRIX_CELLS};
use crate::logic::SolveError;
use crate::logic::injections::{SizeComparison, size_comparison};
use crate::logic::normalize::has_higher_order;
use crate::logic::{
    Bounds, Decl, DeclMult, Expr, ExprKind, Formula, FormulaKind, IntAtoms, IntCmp, IntExpr,
    IntExprKind, IntOp, MultTest, Quantifier, RelId, TupleSet, VarId,
};

/// A primary variable: the literal deciding one tuple of one relation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Primary {
    pub rel: RelId,
    /// The tuple's flat index (see [`crate::translate::matrix::index_of`]).
    pub index: u64,
    pub bit: Bit,
}

struct Binding {
    matrix: Matrix,
    /// Equal values have equal ids, so they make equal cache keys.
    value: u32,
}

struct NodeInfo {
    free: Arc<[VarId]>,
    /// The free variables, plus for a quantifier its own variables: those may be bound
    /// from outside (CEGIS), and then the quantifier's translation depends on them.
    key_vars: Arc<[VarId]>,
    shared: bool,
}

type CacheKey = (usize, Vec<u32>);

/// A bound value: arity and cells.
type ValueKey = (usize, Arc<[(u64, Bit)]>);

/// A universal quantifier over relations met while translating in deferring mode (see
/// [`Translator::defer_higher_order`]): its translation is a fresh *proxy* variable, and the
/// caller (CEGIS) must make sure the quantifier holds wherever the proxy is true.
#[derive(Clone, Debug)]
pub struct Obligation {
    /// `all decls | body`, from the first higher-order declaration on.
    pub formula: Formula,
    /// The values of the quantifier's free variables where it was met.
    pub env: Vec<(VarId, Matrix)>,
    pub proxy: Bit,
}

/// An existential over relations met in deferring mode: its variable became a matrix of
/// fresh variables (a witness the SAT solver chooses).
#[derive(Clone, Debug)]
pub struct Witness {
    pub var: VarId,
    pub name: String,
    pub matrix: Matrix,
}

/// A pinned root, so that the addresses of its nodes are not reused while cached.
enum Root {
    Formula(#[allow(dead_code)] Formula),
    Expr(#[allow(dead_code)] Expr),
}

pub struct Translator {
    bounds: Bounds,
    universe: usize,
    circuit: Circuit,
    relations: Vec<Matrix>,
    primaries: Vec<Primary>,
    env: FastMap<VarId, Binding>,
    /// Ids for bound values that are not single atoms (those use the atom's index).
    interned: FastMap<ValueKey, u32>,
    info: FastMap<usize, NodeInfo>,
    formula_cache: FastMap<CacheKey, Bit>,
    expr_cache: FastMap<CacheKey, Matrix>,
    int_cache: FastMap<CacheKey, BitVec>,
    roots: Vec<Root>,
    empty_vars: Arc<[VarId]>,
    cache_hits: usize,
    univ: Matrix,
    iden: Matrix,
    /// Deferring mode: higher-order quantifiers become proxies and witnesses.
    defer: bool,
    obligations: Vec<Obligation>,
    witnesses: Vec<Witness>,
    /// Above zero inside a negation, an equivalence, an implication's premise or an
    /// expression: places where a deferred quantifier's polarity would be wrong.
    non_positive: u32,
    /// Read quantifiers over total injective maps as comparisons of counts
    /// ([`crate::logic::injections`]).
    count_injections: bool,
    /// Compare sums of sets of integers through [`Ladder`]s where they hold at most one.
    int_ladders: bool,
    /// Bits true in every model of the solver this circuit feeds: the conjuncts of the
    /// formulas the caller asserts ([`Translator::asserted`]), at most [`MAX_FACTS`].
    facts: FastSet<Bit>,
    /// Facts `p => q` (from a fact `!p or q`, and `p => qi` when `q` is a conjunction),
    /// as pairs, and the premises of each conclusion.
    implications: FastSet<(Bit, Bit)>,
    premises: FastMap<Bit, Vec<Bit>>,
    /// Comparisons translated through ladders.
    ladder_comparisons: usize,
    /// Some formula analyzed so far compares `int[e]` of a set (a ladder's shape).
    set_comparisons: bool,
    /// Those readings by quantifier, body node and variable (`None`: not of that shape).
    size_readings: FastMap<(bool, usize, u32), Option<Arc<SizeComparison>>>,
    /// `q f | body` split off a quantifier whose last variable `f` has such a reading.
    split_quants: FastMap<(bool, usize, u32), Formula>,
}

impl Translator {
    pub fn new(bounds: &Bounds) -> Result<Translator, SolveError> {
        Translator::with_limit(bounds, DEFAULT_GATE_LIMIT)
    }

    /// A translator whose circuit may hold at most `gate_limit` nodes.
    pub fn with_limit(bounds: &Bounds, gate_limit: usize) -> Result<Translator, SolveError> {
        Translator::with_tournaments(bounds, gate_limit, &[], true)
    }

    /// A translator in which each relation of `tournaments` is a tournament on its atoms:
    /// one variable per pair of atoms decides which way the pair is related, so the
    /// relation is irreflexive, total on the atoms and empty outside them by construction
    /// (transitivity is left to the caller: `crate::solve::lazy_orders`). The variable of
    /// a pair `a < b` (atom indices) says `a -> b` when `phase` is true and `b -> a`
    /// otherwise, so that a solver deciding variables `phase` by default starts from atom
    /// order. Each pair must be allowed one way by the bounds and not forced both ways
    /// (`lazy_orders::plan` checks); a pair forced one way is a constant.
    pub fn with_tournaments(
        bounds: &Bounds,
        gate_limit: usize,
        tournaments: &[(RelId, Vec<crate::logic::Atom>)],
        phase: bool,
    ) -> Result<Translator, SolveError> {
        let universe = bounds.universe.len();
        let mut circuit = Circuit::with_limit(gate_limit);
        let mut relations = Vec::with_capacity(bounds.relations.len());
        let mut primaries = Vec::new();
        for (i, rel) in bounds.relations.iter().enumerate() {
            let id = RelId(i as u32);
            if capacity(universe, rel.arity).is_none() || rel.upper.len() > MAX_MATRIX_CELLS {
                return Err(too_large(&format!("relation `{}`", rel.name), gate_limit));
            }
            if let Some((_, atoms)) = tournaments.iter().find(|t| t.0 == id) {
                let index =
                    |a: crate::logic::Atom, b: crate::logic::Atom| index_of(&[a, b], universe);
                let mut cells = Vec::new();
                for (k, &a) in atoms.iter().enumerate() {
                    for &b in &atoms[k + 1..] {
                        let ab = rel.lower.contains(&[a, b]) || !rel.upper.contains(&[b, a]);
                        let ba = rel.lower.contains(&[b, a]) || !rel.upper.contains(&[a, b]);
                        let bit = if ab {
                            Bit::TRUE
                        } else if ba {
                            Bit::FALSE
                        } else {
                            let var = circuit.new_var();
                            let bit = if phase { var } else { !var };
                            primaries.push(Primary {
                                rel: id,
                                index: index(a, b),
                                bit,
                            });
                            bit
                        };
                        cells.push((index(a, b), bit));
                        cells.push((index(b, a), !bit));
                    }
                }
                cells.retain(|c| c.1 != Bit::FALSE);
                cells.sort_unstable_by_key(|c| c.0);
                relations.push(Matrix::from_sorted(rel.arity, universe, cells));
                continue;
            }
            let mut cells = Vec::with_capacity(rel.upper.len());
            for tuple in rel.upper.union(&rel.lower).iter() {
                if tuple.iter().any(|&a| a as usize >= universe) {
                    continue;
                }
                let index = index_of(tuple, universe);
                let bit = if rel.lower.contains(tuple) {
                    Bit::TRUE
                } else {
                    let bit = circuit.new_var();
                    primaries.push(Primary {
                        rel: id,
                        index,
                        bit,
                    });
                    bit
                };
                cells.push((index, bit));
            }
            relations.push(Matrix::from_sorted(rel.arity, universe, cells));
        }
        if circuit.overflowed() {
            return Err(too_large("the relations' bounds", gate_limit));
        }
        Ok(Translator {
            bounds: bounds.clone(),
            universe,
            circuit,
            relations,
            primaries,
            env: FastMap::default(),
            interned: FastMap::default(),
            info: FastMap::default(),
            formula_cache: FastMap::default(),
            expr_cache: FastMap::default(),
            int_cache: FastMap::default(),
            roots: Vec::new(),
            empty_vars: Arc::from(Vec::new()),
            cache_hits: 0,
            univ: Matrix::univ(universe),
            iden: Matrix::iden(universe),
            defer: false,
            obligations: Vec::new(),
            witnesses: Vec::new(),
            non_positive: 0,
            count_injections: false,
            int_ladders: true,
            facts: FastSet::default(),
            implications: FastSet::default(),
            premises: FastMap::default(),
            ladder_comparisons: 0,
            set_comparisons: false,
            size_readings: FastMap::default(),
            split_quants: FastMap::default(),
        })
    }

    /// Deferring mode, for CEGIS on formulas in negation normal form: an `all` over
    /// relations becomes a proxy variable plus an [`Obligation`], a `some` over relations
    /// a [`Witness`] matrix of fresh variables. Either one met in a non-positive place
    /// (under a negation, an equivalence, in an expression) is still an error.
    pub fn defer_higher_order(&mut self, on: bool) {
        self.defer = on;
    }

    /// Translate a quantifier over a map that must be a total injection from R's tuples
    /// to Q's as `#R <= #Q` (or `<`), wherever [`crate::logic::injections`] shows the
    /// reading exact; off, such quantifiers are deferred like any other.
    pub fn count_injections(&mut self, on: bool) {
        self.count_injections = on;
    }

    /// Compare `int[e]` (and constants) through [`Ladder`]s, the order encoding, where `e`
    /// provably holds at most one integer, and through adders otherwise (on by default);
    /// off, always through adders.
    pub fn int_ladders(&mut self, on: bool) {
        self.int_ladders = on;
    }

    /// The obligations created since the last call.
    pub fn take_obligations(&mut self) -> Vec<Obligation> {
        std::mem::take(&mut self.obligations)
    }

    /// The witnesses created so far.
    pub fn witnesses(&self) -> &[Witness] {
        &self.witnesses
    }

    /// The current binding of a variable.
    pub fn binding(&self, var: VarId) -> Option<&Matrix> {
        self.env.get(&var).map(|b| &b.matrix)
    }

    pub fn bounds(&self) -> &Bounds {
        &self.bounds
    }

    /// How many integer comparisons went through ladders ([`Translator::int_ladders`]).
    pub fn ladder_comparisons(&self) -> usize {
        self.ladder_comparisons
    }

    /// How many translations were answered from the sharing cache.
    pub fn cache_hits(&self) -> usize {
        self.cache_hits
    }

    pub fn circuit(&self) -> &Circuit {
        &self.circuit
    }

    /// For callers that add their own gates (symmetry breaking, CEGIS).
    pub fn circuit_mut(&mut self) -> &mut Circuit {
        &mut self.circuit
    }

    /// The primary variables, in the global order: relation order, then tuple order.
    pub fn primaries(&self) -> &[Primary] {
        &self.primaries
    }

    /// The matrix of a relation.
    pub fn relation(&self, r: RelId) -> &Matrix {
        &self.relations[r.0 as usize]
    }

    /// The constant matrix of a tuple set.
    pub fn constant(&self, ts: &TupleSet) -> Matrix {
        Matrix::constant(ts, self.universe)
    }

    /// A matrix of fresh variables for the tuples of `upper` not in `lower` (TRUE for
    /// `lower`): a relation-valued unknown that is not one of the problem's relations.
    pub fn fresh_matrix(&mut self, lower: &TupleSet, upper: &TupleSet) -> Matrix {
        let mut cells = Vec::new();
        for tuple in upper.union(lower).iter() {
            if tuple.iter().any(|&a| a as usize >= self.universe) {
                continue;
            }
            let bit = if lower.contains(tuple) {
                Bit::TRUE
            } else {
                self.circuit.new_var()
            };
            cells.push((index_of(tuple, self.universe), bit));
        }
        Matrix::from_sorted(upper.arity(), self.universe, cells)
    }

    /// Binds a variable for the following translations (replacing an earlier binding).
    pub fn bind(&mut self, var: VarId, value: Matrix) {
        let id = self.value_id(&value);
        self.env.insert(
            var,
            Binding {
                matrix: value,
                value: id,
            },
        );
    }

    pub fn unbind(&mut self, var: VarId) {
        self.env.remove(&var);
    }

    fn value_id(&mut self, value: &Matrix) -> u32 {
        if value.arity() == 1 && value.len() == 1 && value.cells()[0].1 == Bit::TRUE {
            // Single atoms, by far the most frequent values, are their own ids.
            return value.cells()[0].0 as u32;
        }
        let next = (self.universe + self.interned.len()) as u32;
        *self
            .interned
            .entry((value.arity(), value.cells().into()))
            .or_insert(next)
    }

    /// Translates a formula (under the current bindings) to one literal.
    pub fn formula(&mut self, f: &Formula) -> Result<Bit, SolveError> {
        self.root_formula(f, Translator::tr_formula)
    }

    /// A formula given by a caller, translated by `translate` after its analysis.
    fn root_formula(
        &mut self,
        f: &Formula,
        translate: fn(&mut Translator, &Formula) -> Result<Bit, SolveError>,
    ) -> Result<Bit, SolveError> {
        self.analyze_formula(f);
        self.roots.push(Root::Formula(f.clone()));
        let bit = translate(self, f)?;
        self.check()?;
        Ok(bit)
    }

    /// Translates `f`, which the caller asserts unconditionally in the solver this circuit
    /// feeds: its conjuncts then hold in every model, and the translation of what follows
    /// may rely on them (`int[x.v]` has at most one member where a conjunct says
    /// `one x.v`: [`Translator::at_most_one_known`]). What declarations say (`one x.v`,
    /// `v in S -> Int`) goes first, so that the comparisons of the other conjuncts see it.
    pub fn asserted(&mut self, f: &Formula) -> Result<Bit, SolveError> {
        self.root_formula(f, Translator::tr_asserted)
    }

    fn tr_asserted(&mut self, f: &Formula) -> Result<Bit, SolveError> {
        if !self.int_ladders || !self.set_comparisons {
            // No comparison can use a fact: the plain translation.
            return self.tr_formula(f);
        }
        let mut conjuncts = Vec::new();
        conjuncts_of(f, false, &mut conjuncts);
        conjuncts.sort_by_key(|&(c, negated)| negated || !is_declaration(c));
        let mut bits = Vec::with_capacity(conjuncts.len());
        for (c, negated) in conjuncts {
            let bit = if negated {
                !self.non_positive(|t| t.tr_formula(c))?
            } else {
                self.tr_formula(c)?
            };
            if bit == Bit::FALSE {
                return Ok(Bit::FALSE);
            }
            self.learn_fact(bit);
            bits.push(bit);
        }
        Ok(self.circuit.and(&bits))
    }

    /// Records `bit` and, through AND gates, its conjuncts as facts; a two-literal
    /// disjunction `!p or !q` also as the implications `p => !q` and `q => !p`.
    fn learn_fact(&mut self, bit: Bit) {
        let mut stack = vec![bit];
        while let Some(b) = stack.pop() {
            if b.is_const() || self.facts.len() >= MAX_FACTS || !self.facts.insert(b) {
                continue;
            }
            match (b.is_negated(), self.circuit.gate(b)) {
                (false, Gate::And(inputs)) => stack.extend_from_slice(inputs),
                (true, Gate::And(&[p, q])) => {
                    self.learn_implication(p, !q);
                    self.learn_implication(q, !p);
                }
                _ => {}
            }
        }
    }

    /// Records `premise => conclusion`, and `premise => c` for each conjunct `c` of a
    /// conjunction `conclusion` (`x in S implies one x.v` gives `x in S => lone x.v`).
    fn learn_implication(&mut self, premise: Bit, conclusion: Bit) {
        let mut conclusions = vec![conclusion];
        if !conclusion.is_negated()
            && let Gate::And(inputs) = self.circuit.gate(conclusion)
        {
            conclusions.extend_from_slice(inputs);
        }
        for c in conclusions {
            if self.implications.len() >= MAX_FACTS || c.is_const() {
                return;
            }
            if self.implications.insert((premise, c)) {
                self.premises.entry(c).or_default().push(premise);
            }
        }
    }

    /// `lone` (at most one of `members`) follows from the facts: it is one, or it
    /// follows from a premise that every member implies (`x in S => lone x.v` and
    /// `v in S -> Int`: where `x` is not in `S`, `x.v` is empty).
    fn lone_by_facts(&self, lone: Bit, members: &[Bit]) -> bool {
        if self.facts.contains(&lone) {
            return true;
        }
        self.premises.get(&lone).is_some_and(|premises| {
            premises.iter().any(|&g| {
                members
                    .iter()
                    .all(|&m| m == Bit::FALSE || self.implications.contains(&(m, g)))
            })
        })
    }

    /// Translates `some decls | body` (in deferring mode) with every variable of `decls`,
    /// first-order ones included, a single [`Witness`] matrix, so that a model names one
    /// value per variable. A CEGIS verifier needs that: grounding a first-order variable
    /// that precedes a variable over relations would make one witness per atom, and a
    /// counterexample assembled from witnesses of different branches need not refute the
    /// candidate.
    ///
    /// With `asserted`, the caller asserts the result unconditionally, and the body is
    /// translated as by [`Translator::asserted`].
    pub fn exists_with_witnesses(
        &mut self,
        decls: &[Decl],
        body: &Formula,
        asserted: bool,
    ) -> Result<Bit, SolveError> {
        let f = Formula::exists(decls.to_vec(), body.clone());
        self.analyze_formula(&f);
        self.roots.push(Root::Formula(f.clone()));
        let FormulaKind::Quant(_, decls, body) = f.kind() else {
            unreachable!("built as a quantifier")
        };
        let rest = if asserted {
            Rest::WitnessesAsserted
        } else {
            Rest::Witnesses
        };
        let bit = self.witness(decls, 0, body, rest)?;
        self.check()?;
        Ok(bit)
    }

    /// Translates an expression (under the current bindings) to a matrix.
    pub fn expr(&mut self, e: &Expr) -> Result<Matrix, SolveError> {
        self.analyze_expr(e);
        self.roots.push(Root::Expr(e.clone()));
        let m = self.tr_expr(e)?;
        self.check()?;
        Ok(m)
    }

    fn check(&self) -> Result<(), SolveError> {
        if self.circuit.overflowed() {
            Err(too_large("the translation", self.circuit.limit()))
        } else {
            Ok(())
        }
    }

    // ---- free variables and sharing -------------------------------------------------

    fn seen(&mut self, id: usize) -> Option<Arc<[VarId]>> {
        let info = self.info.get_mut(&id)?;
        info.shared = true;
        Some(info.free.clone())
    }

    fn record(&mut self, id: usize, mut vars: Vec<VarId>, binders: &[Decl]) -> Arc<[VarId]> {
        vars.sort_unstable();
        vars.dedup();
        let free: Arc<[VarId]> = if vars.is_empty() {
            self.empty_vars.clone()
        } else {
            vars.into()
        };
        let key_vars = if binders.is_empty() {
            free.clone()
        } else {
            let mut all: Vec<VarId> = free
                .iter()
                .copied()
                .chain(binders.iter().map(|d| d.var))
                .collect();
            all.sort_unstable();
            all.dedup();
            all.into()
        };
        self.info.insert(
            id,
            NodeInfo {
                free: free.clone(),
                key_vars,
                shared: false,
            },
        );
        free
    }

    /// Free variables of declarations evaluated left to right, plus those of `body`
    /// (given) minus the declared ones.
    fn decls_free(&mut self, decls: &[Decl], body_free: &[VarId]) -> Vec<VarId> {
        let mut vars = Vec::new();
        for (i, d) in decls.iter().enumerate() {
            let bound = self.analyze_expr(&d.bound);
            vars.extend(
                bound
                    .iter()
                    .filter(|v| !decls[..i].iter().any(|d| d.var == **v)),
            );
        }
        vars.extend(
            body_free
                .iter()
                .filter(|v| !decls.iter().any(|d| d.var == **v)),
        );
        vars
    }

    fn analyze_formula(&mut self, f: &Formula) -> Arc<[VarId]> {
        crate::stack::guard(|| self.analyze_formula_unguarded(f))
    }

    fn analyze_formula_unguarded(&mut self, f: &Formula) -> Arc<[VarId]> {
        if let Some(free) = self.seen(f.node_id()) {
            return free;
        }
        use FormulaKind::*;
        let vars: Vec<VarId> = match f.kind() {
            Const(_) => Vec::new(),
            And(fs) | Or(fs) => fs
                .iter()
                .flat_map(|g| self.analyze_formula(g).to_vec())
                .collect(),
            Not(g) => self.analyze_formula(g).to_vec(),
            Implies(a, b) | Iff(a, b) => {
                let mut v = self.analyze_formula(a).to_vec();
                v.extend_from_slice(&self.analyze_formula(b));
                v
            }
            Subset(a, b) | Equal(a, b) => {
                let mut v = self.analyze_expr(a).to_vec();
                v.extend_from_slice(&self.analyze_expr(b));
                v
            }
            Mult(_, e) | Cardinality(_, e, _) => self.analyze_expr(e).to_vec(),
            Quant(_, decls, body) => {
                let body_free = self.analyze_formula(body);
                self.decls_free(decls, &body_free)
            }
            TotalOrder { elems, first, next } => {
                let mut v = self.analyze_expr(elems).to_vec();
                v.extend_from_slice(&self.analyze_expr(first));
                v.extend_from_slice(&self.analyze_expr(next));
                v
            }
            StrictOrder { rel, elems } => {
                let mut v = self.analyze_expr(rel).to_vec();
                v.extend_from_slice(&self.analyze_expr(elems));
                v
            }
            IntCompare(_, a, b) => {
                self.set_comparisons |= is_set_sum(a) || is_set_sum(b);
                let mut v = self.analyze_int(a).to_vec();
                v.extend_from_slice(&self.analyze_int(b));
                v
            }
            Overflows(i) => self.analyze_int(i).to_vec(),
        };
        let binders = match f.kind() {
            Quant(_, decls, _) => decls.as_slice(),
            _ => &[],
        };
        self.record(f.node_id(), vars, binders)
    }

    fn analyze_expr(&mut self, e: &Expr) -> Arc<[VarId]> {
        crate::stack::guard(|| self.analyze_expr_unguarded(e))
    }

    fn analyze_expr_unguarded(&mut self, e: &Expr) -> Arc<[VarId]> {
        if let Some(free) = self.seen(e.node_id()) {
            return free;
        }
        use ExprKind::*;
        let vars: Vec<VarId> = match e.kind() {
            Rel(_) | Const(_) | Univ | Iden | None => Vec::new(),
            Var(v) => vec![*v],
            Union(a, b)
            | Intersection(a, b)
            | Difference(a, b)
            | Override(a, b)
            | Join(a, b)
            | Product(a, b)
            | DomainRestrict(a, b)
            | RangeRestrict(a, b) => {
                let mut v = self.analyze_expr(a).to_vec();
                v.extend_from_slice(&self.analyze_expr(b));
                v
            }
            Transpose(a) | Closure(a) | ReflexiveClosure(a) => self.analyze_expr(a).to_vec(),
            IfThenElse(c, a, b) => {
                let mut v = self.analyze_formula(c).to_vec();
                v.extend_from_slice(&self.analyze_expr(a));
                v.extend_from_slice(&self.analyze_expr(b));
                v
            }
            Comprehension(decls, body) => {
                let body_free = self.analyze_formula(body);
                self.decls_free(decls, &body_free)
            }
            IntAtom(i) => self.analyze_int(i).to_vec(),
        };
        // Comprehension variables are always grounded here, never bound from outside.
        self.record(e.node_id(), vars, &[])
    }

    fn analyze_int(&mut self, i: &IntExpr) -> Arc<[VarId]> {
        crate::stack::guard(|| self.analyze_int_unguarded(i))
    }

    fn analyze_int_unguarded(&mut self, i: &IntExpr) -> Arc<[VarId]> {
        if let Some(free) = self.seen(i.node_id()) {
            return free;
        }
        use IntExprKind::*;
        let vars: Vec<VarId> = match i.kind() {
            Const(_) => Vec::new(),
            Card(e) | SumAtoms(e) => self.analyze_expr(e).to_vec(),
            Binary(_, a, b) => {
                let mut v = self.analyze_int(a).to_vec();
                v.extend_from_slice(&self.analyze_int(b));
                v
            }
            IfThenElse(c, a, b) => {
                let mut v = self.analyze_formula(c).to_vec();
                v.extend_from_slice(&self.analyze_int(a));
                v.extend_from_slice(&self.analyze_int(b));
                v
            }
            Sum(decls, body) => {
                let body_free = self.analyze_int(body);
                self.decls_free(decls, &body_free)
            }
        };
        // `sum` variables are always grounded here, never bound from outside.
        self.record(i.node_id(), vars, &[])
    }

    /// The cache key of a node under the current bindings, if the node is worth caching.
    fn cache_key(&self, id: usize, leaf: bool) -> Option<CacheKey> {
        let info = self.info.get(&id)?;
        if leaf || !(info.shared || info.free.len() < self.env.len()) {
            return None;
        }
        let values = info
            .key_vars
            .iter()
            .map(|v| self.env.get(v).map_or(u32::MAX, |b| b.value))
            .collect();
        Some((id, values))
    }

    // ---- formulas ---------------------------------------------------------------------

    fn tr_formula(&mut self, f: &Formula) -> Result<Bit, SolveError> {
        let key = self.cache_key(f.node_id(), matches!(f.kind(), FormulaKind::Const(_)));
        if let Some(key) = &key
            && let Some(&bit) = self.formula_cache.get(key)
        {
            self.cache_hits += 1;
            return Ok(bit);
        }
        let bit = self.tr_formula_uncached(f)?;
        if let Some(key) = key {
            self.formula_cache.insert(key, bit);
        }
        Ok(bit)
    }

    fn tr_formula_uncached(&mut self, f: &Formula) -> Result<Bit, SolveError> {
        crate::stack::guard(|| self.tr_formula_uncached_unguarded(f))
    }

    fn tr_formula_uncached_unguarded(&mut self, f: &Formula) -> Result<Bit, SolveError> {
        use FormulaKind::*;
        Ok(match f.kind() {
            Const(b) => Bit::from_bool(*b),
            And(fs) => {
                let mut bits = Vec::with_capacity(fs.len());
                for g in fs {
                    let bit = self.tr_formula(g)?;
                    if bit == Bit::FALSE {
                        return Ok(Bit::FALSE);
                    }
                    bits.push(bit);
                }
                self.circuit.and(&bits)
            }
            Or(fs) => {
                let mut bits = Vec::with_capacity(fs.len());
                for g in fs {
                    let bit = self.tr_formula(g)?;
                    if bit == Bit::TRUE {
                        return Ok(Bit::TRUE);
                    }
                    bits.push(bit);
                }
                self.circuit.or(&bits)
            }
            Not(g) => !self.non_positive(|t| t.tr_formula(g))?,
            Implies(a, b) => {
                let a = self.non_positive(|t| t.tr_formula(a))?;
                if a == Bit::FALSE {
                    return Ok(Bit::TRUE);
                }
                let b = self.tr_formula(b)?;
                self.circuit.implies(a, b)
            }
            Iff(a, b) => {
                let a = self.non_positive(|t| t.tr_formula(a))?;
                let b = self.non_positive(|t| t.tr_formula(b))?;
                self.circuit.iff(a, b)
            }
            Subset(a, b) => {
                let a = self.tr_expr(a)?;
                if a.is_empty() {
                    return Ok(Bit::TRUE);
                }
                let b = self.tr_expr(b)?;
                a.subset(&b, &mut self.circuit)
            }
            Equal(a, b) => {
                let a = self.tr_expr(a)?;
                let b = self.tr_expr(b)?;
                a.equal(&b, &mut self.circuit)
            }
            Mult(m, e) => {
                let e = self.tr_expr(e)?;
                let c = &mut self.circuit;
                match m {
                    MultTest::Some => e.some(c),
                    MultTest::No => e.no(c),
                    MultTest::Lone => e.lone(c),
                    MultTest::One => e.one(c),
                }
            }
            Cardinality(cmp, e, k) => {
                let e = self.tr_expr(e)?;
                e.cardinality(*cmp, *k, &mut self.circuit)
            }
            Quant(q, decls, body) => self.quant(*q, decls, 0, body)?,
            TotalOrder { elems, first, next } => {
                let elems = self.tr_expr(elems)?;
                let first = self.tr_expr(first)?;
                let next = self.tr_expr(next)?;
                self.total_order(&elems, &first, &next)
            }
            StrictOrder { rel, elems } => {
                let rel = self.tr_expr(rel)?;
                let elems = self.tr_expr(elems)?;
                self.strict_order(&rel, &elems)
            }
            IntCompare(cmp, a, b) => {
                let ordered = if self.int_ladders && (is_set_sum(a) || is_set_sum(b)) {
                    self.compare_by_ladders(*cmp, a, b)?
                } else {
                    None
                };
                match ordered {
                    Some(bit) => bit,
                    None => {
                        let a = self.tr_int(a)?;
                        let b = self.tr_int(b)?;
                        BitVec::compare(*cmp, &a, &b, &mut self.circuit)
                    }
                }
            }
            Overflows(i) => self.tr_int(i)?.overflow,
        })
    }

    // ---- integers ---------------------------------------------------------------------

    fn bitwidth(&self) -> Result<u32, SolveError> {
        self.bounds.universe.bitwidth().ok_or_else(|| {
            SolveError::TooLarge("an integer expression in a universe without integers".into())
        })
    }

    fn tr_int(&mut self, i: &IntExpr) -> Result<BitVec, SolveError> {
        let key = self.cache_key(i.node_id(), matches!(i.kind(), IntExprKind::Const(_)));
        if let Some(key) = &key
            && let Some(v) = self.int_cache.get(key)
        {
            self.cache_hits += 1;
            return Ok(v.clone());
        }
        let v = self.tr_int_uncached(i)?;
        self.check()?;
        if let Some(key) = key {
            self.int_cache.insert(key, v.clone());
        }
        Ok(v)
    }

    fn tr_int_uncached(&mut self, i: &IntExpr) -> Result<BitVec, SolveError> {
        crate::stack::guard(|| self.tr_int_uncached_unguarded(i))
    }

    fn tr_int_uncached_unguarded(&mut self, i: &IntExpr) -> Result<BitVec, SolveError> {
        let bw = self.bitwidth()?;
        use IntExprKind::*;
        Ok(match i.kind() {
            Const(v) => BitVec::constant(*v, bw),
            Card(e) => {
                let m = self.tr_expr(e)?;
                BitVec::count(&m.bits(), bw, &mut self.circuit)
            }
            SumAtoms(e) if at_most_one_int(e) => {
                // At most one atom (`Int[i]`, `none`, a choice between such): its value,
                // or 0, and no addition that could overflow. The general case below would
                // compare and add all 2^bitwidth integers for the same result.
                self.single_int(e, bw)?
            }
            SumAtoms(e) => {
                // Kodkod's order: every integer in ascending order (absent ones are 0),
                // added by halves; the overflow flag depends on that order
                // (`instance::ints::sum_of_set`).
                let m = self.tr_expr(e)?;
                let Some(ints) = self.bounds.universe.ints() else {
                    return Ok(BitVec::constant(0, bw));
                };
                let leaves: Vec<BitVec> = (0..ints.count())
                    .map(|k| {
                        let member = m.get((ints.first + k) as u64);
                        let value = BitVec::constant(ints.min() + k as i64, bw);
                        BitVec {
                            bits: value
                                .bits
                                .iter()
                                .map(|&b| if b == Bit::TRUE { member } else { Bit::FALSE })
                                .collect(),
                            overflow: Bit::FALSE,
                        }
                    })
                    .collect();
                self.sum_by_halves(&leaves, bw)
            }
            Binary(op, a, b) => {
                let a = self.tr_int(a)?;
                let b = self.tr_int(b)?;
                BitVec::apply(*op, &a, &b, bw, &mut self.circuit)
            }
            IfThenElse(cond, a, b) => {
                let cond = self.non_positive(|t| t.tr_formula(cond))?;
                let a = self.tr_int(a)?;
                let b = self.tr_int(b)?;
                BitVec::ite(cond, &a, &b, &mut self.circuit)
            }
            Sum(decls, body) => {
                let mut terms = Vec::new();
                // One term per grounding: the body's value where the atoms are in bounds.
                self.for_each_grounding(decls, 0, 0, Bit::TRUE, &mut |t, _, guard| {
                    let value = t.non_positive(|t| t.tr_int(body))?;
                    terms.push((guard, value));
                    Ok(())
                })?;
                BitVec::sum(&terms, bw, &mut self.circuit)
            }
        })
    }

    /// `a cmp b` through [`Ladder`]s, when each side is a constant or `int[e]` of a set
    /// `e` that provably holds at most one integer; `None` otherwise (adders then).
    fn compare_by_ladders(
        &mut self,
        cmp: IntCmp,
        a: &IntExpr,
        b: &IntExpr,
    ) -> Result<Option<Bit>, SolveError> {
        let Some(la) = self.ladder(a)? else {
            return Ok(None);
        };
        let Some(lb) = self.ladder(b)? else {
            return Ok(None);
        };
        self.ladder_comparisons += 1;
        Ok(Some(Ladder::compare(cmp, &la, &lb, &mut self.circuit)))
    }

    /// The ladder of a constant, or of `int[e]` for a set `e` of at most one integer.
    fn ladder(&mut self, i: &IntExpr) -> Result<Option<Ladder>, SolveError> {
        let bw = self.bitwidth()?;
        let Some(ints) = self.bounds.universe.ints() else {
            return Ok(None);
        };
        let count = ints.count() as usize;
        Ok(match i.kind() {
            IntExprKind::Const(v) => BitVec::constant(*v, bw)
                .value()
                .map(|v| Ladder::constant(v, ints.min(), count)),
            IntExprKind::SumAtoms(e) => {
                let m = self.tr_expr(e)?;
                let members = int_cells(&m, 0, ints);
                (self.at_most_one_known(&members, SPLIT_DEPTH) || self.lone_join(e)?)
                    .then(|| Ladder::of_members(&members, ints.min(), &mut self.circuit))
            }
            _ => None,
        })
    }

    /// `e` is `s.r` for a set `s` of at most one atom (a skolemized `some x: S`, a
    /// predicate's parameter) and every row of `r` that `s` may select has at most one
    /// integer: then so has `e`, whichever atom `s` holds.
    fn lone_join(&mut self, e: &Expr) -> Result<bool, SolveError> {
        let ExprKind::Join(s, r) = e.kind() else {
            return Ok(false);
        };
        if s.arity() != 1 || r.arity() != 2 {
            return Ok(false);
        }
        let Some(ints) = self.bounds.universe.ints() else {
            return Ok(false);
        };
        let selectors = self.tr_expr(s)?;
        if !self.at_most_one_known(&selectors.bits(), SPLIT_DEPTH) {
            return Ok(false);
        }
        let rows = self.tr_expr(r)?;
        for &(atom, _) in selectors.cells() {
            let row = int_cells(&rows, atom * self.universe as u64, ints);
            if !self.at_most_one_known(&row, SPLIT_DEPTH) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether at most one of `members` is true in every model of the asserted facts:
    /// the circuit folds it to a constant, or it is a fact, or, split on a condition that
    /// chooses between members (an if-then-else, or `c and x or not c and y`), both
    /// branches are (`depth` splits at most). `{i | c implies i in A else i in B}` has
    /// at most one member when `A` and `B` do.
    fn at_most_one_known(&mut self, members: &[Bit], depth: u32) -> bool {
        let lone = self.circuit.at_most(members, 1);
        if lone == Bit::TRUE || self.lone_by_facts(lone, members) {
            return true;
        }
        if depth == 0 {
            return false;
        }
        let Some(cond) = members.iter().find_map(|&m| self.choice(m)) else {
            return false;
        };
        let (then, els): (Vec<Bit>, Vec<Bit>) = members
            .iter()
            .map(|&m| self.cofactors(m, cond, COFACTOR_DEPTH))
            .unzip();
        self.at_most_one_known(&then, depth - 1) && self.at_most_one_known(&els, depth - 1)
    }

    /// The condition `m` chooses by, as a positive literal: `c` of an if-then-else, or a
    /// literal that occurs both ways among the conjuncts of `m`'s disjuncts.
    fn choice(&self, m: Bit) -> Option<Bit> {
        match self.circuit.gate(m) {
            Gate::Ite(c, _, _) => Some(c),
            Gate::And(parts) => {
                let mut seen: Vec<Bit> = Vec::new();
                for &p in parts {
                    if let Gate::And(inner) = self.circuit.gate(p) {
                        if let Some(&l) = inner.iter().find(|&&l| seen.contains(&!l)) {
                            return Some(l.positive());
                        }
                        seen.extend_from_slice(inner);
                    }
                }
                None
            }
            _ => None,
        }
    }

    /// The values of `m` where the positive literal `cond` is true and where it is false,
    /// read off `m`'s gates down to `depth` levels (below, a gate is its own cofactor:
    /// right, if less simplified).
    fn cofactors(&mut self, m: Bit, cond: Bit, depth: u32) -> (Bit, Bit) {
        if m.node() == cond.node() {
            return if m == cond {
                (Bit::TRUE, Bit::FALSE)
            } else {
                (Bit::FALSE, Bit::TRUE)
            };
        }
        let gate = m.positive();
        if depth == 0 || m.is_const() {
            return (m, m);
        }
        let (t, e) = match self.circuit.gate(gate) {
            Gate::Ite(c, t, e) if c == cond => (t, e),
            Gate::And(inputs) => {
                let inputs = inputs.to_vec();
                let mut sides = [Vec::new(), Vec::new()];
                for b in inputs {
                    let (t, e) = self.cofactors(b, cond, depth - 1);
                    sides[0].push(t);
                    sides[1].push(e);
                }
                let [t, e] = sides;
                (self.circuit.and(&t), self.circuit.and(&e))
            }
            _ => (gate, gate),
        };
        if m.is_negated() { (!t, !e) } else { (t, e) }
    }

    /// `int[e]` for an `e` of [`at_most_one_int`] shape.
    fn single_int(&mut self, e: &Expr, bw: u32) -> Result<BitVec, SolveError> {
        Ok(match e.kind() {
            ExprKind::IntAtom(i) => BitVec {
                bits: self.tr_int(i)?.bits,
                overflow: Bit::FALSE,
            },
            ExprKind::IfThenElse(c, a, b) => {
                let cond = self.non_positive(|t| t.tr_formula(c))?;
                let a = self.single_int(a, bw)?;
                let b = self.single_int(b, bw)?;
                BitVec::ite(cond, &a, &b, &mut self.circuit)
            }
            _ => BitVec::constant(0, bw),
        })
    }

    fn sum_by_halves(&mut self, leaves: &[BitVec], bw: u32) -> BitVec {
        match leaves {
            [] => BitVec::constant(0, bw),
            [one] => one.clone(),
            _ => {
                let mid = (leaves.len() - 1) / 2;
                let a = self.sum_by_halves(&leaves[..=mid], bw);
                let b = self.sum_by_halves(&leaves[mid + 1..], bw);
                BitVec::apply(IntOp::Plus, &a, &b, bw, &mut self.circuit)
            }
        }
    }

    /// `Int[i]`: for each `Int` atom, whether `i` has its value.
    fn int_atom(&mut self, i: &IntExpr) -> Result<Matrix, SolveError> {
        let bw = self.bitwidth()?;
        let value = self.tr_int(i)?;
        let Some(ints) = self.bounds.universe.ints() else {
            return Ok(Matrix::empty(1, self.universe));
        };
        let mut cells = Vec::new();
        for offset in 0..ints.count() {
            let k = BitVec::constant(ints.min() + offset as i64, bw);
            let bit = BitVec::compare(IntCmp::Eq, &value, &k, &mut self.circuit);
            if bit != Bit::FALSE {
                cells.push(((ints.first + offset) as u64, bit));
            }
        }
        Ok(Matrix::from_sorted(1, self.universe, cells))
    }

    /// `rel` is a strict total order on `elems`: within `elems -> elems`, irreflexive,
    /// transitive, and any two distinct elements related one way or the other.
    fn strict_order(&mut self, rel: &Matrix, elems: &Matrix) -> Bit {
        let n = self.universe as u64;
        let c = &mut self.circuit;
        let square = elems.product(elems, c);
        let mut parts = vec![rel.subset(&square, c)];
        for a in 0..n {
            parts.push(!rel.get(a * n + a));
        }
        let twice = rel.join(rel, c);
        parts.push(twice.subset(rel, c));
        let members: Vec<(u64, Bit)> = elems.cells().to_vec();
        for (i, &(a, in_a)) in members.iter().enumerate() {
            for &(b, in_b) in &members[i + 1..] {
                let both = c.and2(in_a, in_b);
                let related = c.or2(rel.get(a * n + b), rel.get(b * n + a));
                parts.push(c.implies(both, related));
            }
        }
        c.and(&parts)
    }

    /// `decls[i..]` quantified over `body`, decls bound left to right.
    fn quant(
        &mut self,
        q: Quantifier,
        decls: &[Decl],
        i: usize,
        body: &Formula,
    ) -> Result<Bit, SolveError> {
        let Some(decl) = decls.get(i) else {
            return self.tr_formula(body);
        };
        if let Some(binding) = self.env.get(&decl.var) {
            // Bound from outside (CEGIS): the quantifier is instantiated with that value.
            let value = binding.matrix.clone();
            let fits = self.decl_holds(decl, &value)?;
            let inner = self.quant(q, decls, i + 1, body)?;
            return Ok(match q {
                Quantifier::All => self.circuit.implies(fits, inner),
                Quantifier::Some => self.circuit.and2(fits, inner),
            });
        }
        if !decl.is_first_order() {
            if self.count_injections {
                if i + 1 == decls.len() {
                    if let Some(bit) = self.counted(q, decl, body)? {
                        return Ok(bit);
                    }
                } else if let Some(nested) = self.counted_last(q, decls, body) {
                    // `q X, f | body` as `q X | (q f | body)`: a counterexample or witness
                    // for X alone, and f compared by counting once X is known.
                    let outer = &decls[..decls.len() - 1];
                    return self.quant(q, outer, i, &nested);
                }
            }
            if !self.defer || self.non_positive > 0 {
                return Err(SolveError::HigherOrder {
                    var: decl.var,
                    name: decl.name.clone(),
                });
            }
            return match q {
                Quantifier::All => Ok(self.obligation(decls, i, body)),
                Quantifier::Some => self.witness(decls, i, body, Rest::Quantified),
            };
        }
        let bound = self.tr_expr(&decl.bound)?;
        let mut parts = Vec::with_capacity(bound.len());
        for &(atom, guard) in bound.cells() {
            self.bind_atom(decl.var, atom);
            let inner = self.quant(q, decls, i + 1, body);
            self.env.remove(&decl.var);
            let inner = inner?;
            self.check()?;
            let part = match q {
                Quantifier::All => self.circuit.implies(guard, inner),
                Quantifier::Some => self.circuit.and2(guard, inner),
            };
            match (q, part) {
                (Quantifier::All, Bit::FALSE) => return Ok(Bit::FALSE),
                (Quantifier::Some, Bit::TRUE) => return Ok(Bit::TRUE),
                _ => parts.push(part),
            }
        }
        Ok(match q {
            Quantifier::All => self.circuit.and(&parts),
            Quantifier::Some => self.circuit.or(&parts),
        })
    }

    /// The reading of `q decl | body` as a comparison of counts, remembered (`None`: the
    /// quantifier does not have that shape).
    fn size_reading(
        &mut self,
        q: Quantifier,
        decl: &Decl,
        body: &Formula,
    ) -> Option<Arc<SizeComparison>> {
        let key = (q == Quantifier::All, body.node_id(), decl.var.0);
        if let Some(r) = self.size_readings.get(&key) {
            return r.clone();
        }
        let r = size_comparison(q, decl, body).map(Arc::new);
        // The key is the body's address: keep it alive.
        self.roots.push(Root::Formula(body.clone()));
        self.size_readings.insert(key, r.clone());
        r
    }

    /// `q f | body` for the last of `decls`, when that quantifier reads as a comparison of
    /// counts (the same node each time, for the caches).
    fn counted_last(&mut self, q: Quantifier, decls: &[Decl], body: &Formula) -> Option<Formula> {
        let last = decls.last()?;
        if last.is_first_order() {
            return None;
        }
        let key = (q == Quantifier::All, body.node_id(), last.var.0);
        if let Some(f) = self.split_quants.get(&key) {
            return Some(f.clone());
        }
        self.size_reading(q, last, body)?;
        let nested = Formula::quant(q, vec![last.clone()], body.clone());
        self.split_quants.insert(key, nested.clone());
        Some(nested)
    }

    /// `q decl | body` as a comparison of counts, if it has that reading here: its side
    /// conditions are constant true, or (in deferring mode, in a positive place) they are
    /// not constant, and the general treatment takes over where they fail: a witness for
    /// `some`, an obligation for `all` whose proxy is guarded by their failure, so CEGIS
    /// verifies nothing where the counts decide. (They usually hold wherever the problem's
    /// facts do, such as `adj in Node -> Node` under a scope that is not exact.)
    fn counted(
        &mut self,
        q: Quantifier,
        decl: &Decl,
        body: &Formula,
    ) -> Result<Option<Bit>, SolveError> {
        let Some(r) = self.size_reading(q, decl, body) else {
            return Ok(None);
        };
        let mut sides = Vec::with_capacity(r.side.len());
        for side in &r.side {
            sides.push(self.tr_formula(side)?);
        }
        let holds = self.circuit.and(&sides);
        let fallback_allowed = self.defer && self.non_positive == 0;
        if holds == Bit::FALSE || (holds != Bit::TRUE && !fallback_allowed) {
            return Ok(None);
        }
        // An `all`'s other conjuncts occur negated: only first-order ones translate there.
        if q == Quantifier::All && r.rest.iter().any(has_higher_order) {
            return Ok(None);
        }
        let mut parts = Vec::with_capacity(r.rest.len() + 1);
        for g in &r.rest {
            parts.push(self.tr_formula(g)?);
        }
        let smaller = self.tr_expr(&r.smaller)?;
        let larger = self.tr_expr(&r.larger)?;
        // Wide enough for either count plus a sign bit: no wrapping.
        let most = smaller.len().max(larger.len()) as u64;
        let bw = 64 - most.leading_zeros() + 1;
        let c = &mut self.circuit;
        let a = BitVec::count(&smaller.bits(), bw, c);
        let b = BitVec::count(&larger.bits(), bw, c);
        let cmp = if r.strict { IntCmp::Lt } else { IntCmp::Le };
        parts.push(BitVec::compare(cmp, &a, &b, c));
        let exists = c.and(&parts);
        let counted = match q {
            Quantifier::Some => exists,
            Quantifier::All => !exists,
        };
        if holds == Bit::TRUE {
            return Ok(Some(counted));
        }
        let decls = std::slice::from_ref(decl);
        // Either way the general part only counts where the side conditions fail: an
        // unguarded witness would make refuting the quantifier a pigeonhole proof again.
        let general = match q {
            Quantifier::Some => {
                let w = self.witness(decls, 0, body, Rest::Quantified)?;
                self.circuit.and2(!holds, w)
            }
            Quantifier::All => self.obligation_guarded(decls, 0, body, !holds),
        };
        let c = &mut self.circuit;
        let counted = c.and2(holds, counted);
        Ok(Some(c.or2(counted, general)))
    }

    /// `all decls[i..] | body` over relations: a proxy that the caller must honour.
    fn obligation(&mut self, decls: &[Decl], i: usize, body: &Formula) -> Bit {
        self.obligation_guarded(decls, i, body, Bit::TRUE)
    }

    /// The same with a proxy that can only be true where `guard` is: CEGIS verifies the
    /// obligation only there.
    fn obligation_guarded(&mut self, decls: &[Decl], i: usize, body: &Formula, guard: Bit) -> Bit {
        let formula = Formula::forall(decls[i..].to_vec(), body.clone());
        // Its free variables are those of the body and bounds minus the declared ones.
        self.analyze_formula(&formula);
        self.roots.push(Root::Formula(formula.clone()));
        let free = self.info[&formula.node_id()].free.clone();
        let env = free
            .iter()
            .filter_map(|v| self.env.get(v).map(|b| (*v, b.matrix.clone())))
            .collect();
        let fresh = self.circuit.new_var();
        let proxy = self.circuit.and2(guard, fresh);
        self.obligations.push(Obligation {
            formula,
            env,
            proxy,
        });
        proxy
    }

    /// `some decls[i..] | body` with `decls[i]` over relations: a matrix of fresh variables
    /// within the bound's possible tuples stands for it; `rest` says what becomes of the
    /// later variables and the body.
    fn witness(
        &mut self,
        decls: &[Decl],
        i: usize,
        body: &Formula,
        rest: Rest,
    ) -> Result<Bit, SolveError> {
        let Some(decl) = decls.get(i) else {
            return match rest {
                Rest::WitnessesAsserted => self.tr_asserted(body),
                _ => self.tr_formula(body),
            };
        };
        let bound = self.tr_expr(&decl.bound)?;
        let cells: Vec<(u64, Bit)> = bound
            .cells()
            .iter()
            .map(|&(index, _)| (index, self.circuit.new_var()))
            .collect();
        let matrix = Matrix::from_sorted(bound.arity(), self.universe, cells);
        self.witnesses.push(Witness {
            var: decl.var,
            name: decl.name.clone(),
            matrix: matrix.clone(),
        });
        let outside = self.env.remove(&decl.var);
        self.bind(decl.var, matrix.clone());
        let fits = self.decl_holds(decl, &matrix);
        let inner = fits.and_then(|fits| {
            let inner = match rest {
                Rest::Quantified => self.quant(Quantifier::Some, decls, i + 1, body)?,
                _ => self.witness(decls, i + 1, body, rest)?,
            };
            Ok(self.circuit.and2(fits, inner))
        });
        self.env.remove(&decl.var);
        if let Some(b) = outside {
            self.env.insert(decl.var, b);
        }
        inner
    }

    /// Runs `f` in a place where deferred quantifiers are not allowed.
    fn non_positive<T>(&mut self, f: impl FnOnce(&mut Translator) -> T) -> T {
        self.non_positive += 1;
        let r = f(self);
        self.non_positive -= 1;
        r
    }

    fn bind_atom(&mut self, var: VarId, atom: u64) {
        self.env.insert(
            var,
            Binding {
                matrix: Matrix::singleton(1, self.universe, atom),
                value: atom as u32,
            },
        );
    }

    /// `value` lies in the declaration's bound and has its multiplicity.
    fn decl_holds(&mut self, decl: &Decl, value: &Matrix) -> Result<Bit, SolveError> {
        let bound = self.tr_expr(&decl.bound)?;
        let c = &mut self.circuit;
        let within = value.subset(&bound, c);
        let mult = match decl.mult {
            DeclMult::One => value.one(c),
            DeclMult::Lone => value.lone(c),
            DeclMult::Some => value.some(c),
            DeclMult::Set => Bit::TRUE,
        };
        Ok(c.and2(within, mult))
    }

    /// `next` is the successor relation of a strict total order on `elems` starting at
    /// `first`: one first, first in elems, next in elems->elems, at most one successor and
    /// one predecessor each, no predecessor of first, every element reachable from first,
    /// and no cycle.
    fn total_order(&mut self, elems: &Matrix, first: &Matrix, next: &Matrix) -> Bit {
        let n = self.universe as u64;
        let c = &mut self.circuit;
        let mut parts = vec![first.one(c), first.subset(elems, c)];
        let square = elems.product(elems, c);
        parts.push(next.subset(&square, c));
        let mut successors: Vec<Vec<Bit>> = vec![Vec::new(); self.universe];
        let mut predecessors: Vec<Vec<Bit>> = vec![Vec::new(); self.universe];
        for &(index, bit) in next.cells() {
            successors[(index / n) as usize].push(bit);
            predecessors[(index % n) as usize].push(bit);
            // No predecessor of first.
            let first_has_pred = c.and2(first.get(index % n), bit);
            parts.push(!first_has_pred);
        }
        for group in successors.iter().chain(&predecessors) {
            if group.len() > 1 {
                parts.push(c.at_most(group, 1));
            }
        }
        let closure = next.closure(c);
        let beyond = first.join(&closure, c);
        let reachable = first.union(&beyond, c);
        parts.push(elems.subset(&reachable, c));
        for a in 0..n {
            parts.push(!closure.get(a * n + a));
        }
        c.and(&parts)
    }

    // ---- expressions ------------------------------------------------------------------

    fn tr_expr(&mut self, e: &Expr) -> Result<Matrix, SolveError> {
        use ExprKind::*;
        let leaf = matches!(e.kind(), Rel(_) | Var(_) | Const(_) | Univ | Iden | None);
        let key = self.cache_key(e.node_id(), leaf);
        if let Some(key) = &key
            && let Some(m) = self.expr_cache.get(key)
        {
            self.cache_hits += 1;
            return Ok(m.clone());
        }
        let m = self.tr_expr_uncached(e)?;
        if let Some(key) = key {
            self.expr_cache.insert(key, m.clone());
        }
        Ok(m)
    }

    fn tr_expr_uncached(&mut self, e: &Expr) -> Result<Matrix, SolveError> {
        crate::stack::guard(|| self.tr_expr_uncached_unguarded(e))
    }

    fn tr_expr_uncached_unguarded(&mut self, e: &Expr) -> Result<Matrix, SolveError> {
        use ExprKind::*;
        let n = self.universe;
        Ok(match e.kind() {
            Rel(r) => self.relations[r.0 as usize].clone(),
            Var(v) => match self.env.get(v) {
                Some(binding) => binding.matrix.clone(),
                Option::None => panic!("variable v{} is used outside its quantifier", v.0),
            },
            Const(ts) => Matrix::constant(ts, n),
            Univ => self.univ.clone(),
            Iden => self.iden.clone(),
            None => Matrix::empty(e.arity(), n),
            Union(a, b) => {
                let (a, b) = (self.tr_expr(a)?, self.tr_expr(b)?);
                a.union(&b, &mut self.circuit)
            }
            Intersection(a, b) => {
                let a = self.tr_expr(a)?;
                if a.is_empty() {
                    return Ok(a);
                }
                let b = self.tr_expr(b)?;
                a.intersection(&b, &mut self.circuit)
            }
            Difference(a, b) => {
                let a = self.tr_expr(a)?;
                if a.is_empty() {
                    return Ok(a);
                }
                let b = self.tr_expr(b)?;
                a.difference(&b, &mut self.circuit)
            }
            Override(a, b) => {
                let (a, b) = (self.tr_expr(a)?, self.tr_expr(b)?);
                a.override_(&b, &mut self.circuit)
            }
            Join(a, b) => {
                let a = self.tr_expr(a)?;
                if a.is_empty() {
                    return Ok(Matrix::empty(e.arity(), n));
                }
                let b = self.tr_expr(b)?;
                a.join(&b, &mut self.circuit)
            }
            Product(a, b) => {
                let a = self.tr_expr(a)?;
                if a.is_empty() {
                    return Ok(Matrix::empty(e.arity(), n));
                }
                let b = self.tr_expr(b)?;
                a.product(&b, &mut self.circuit)
            }
            Transpose(a) => self.tr_expr(a)?.transpose(),
            Closure(a) => self.tr_expr(a)?.closure(&mut self.circuit),
            ReflexiveClosure(a) => self.tr_expr(a)?.reflexive_closure(&mut self.circuit),
            DomainRestrict(s, r) => {
                let (s, r) = (self.tr_expr(s)?, self.tr_expr(r)?);
                r.domain_restrict(&s, &mut self.circuit)
            }
            RangeRestrict(r, s) => {
                let (r, s) = (self.tr_expr(r)?, self.tr_expr(s)?);
                r.range_restrict(&s, &mut self.circuit)
            }
            IfThenElse(cond, a, b) => {
                let cond = self.non_positive(|t| t.tr_formula(cond))?;
                let a = if cond == Bit::FALSE {
                    Matrix::empty(e.arity(), n)
                } else {
                    self.tr_expr(a)?
                };
                let b = if cond == Bit::TRUE {
                    Matrix::empty(e.arity(), n)
                } else {
                    self.tr_expr(b)?
                };
                Matrix::ite(cond, &a, &b, &mut self.circuit)
            }
            Comprehension(decls, body) => {
                let mut cells = Vec::new();
                self.for_each_grounding(decls, 0, 0, Bit::TRUE, &mut |t, prefix, guard| {
                    let holds = t.non_positive(|t| t.tr_formula(body))?;
                    let bit = t.circuit.and2(guard, holds);
                    if bit != Bit::FALSE {
                        cells.push((prefix, bit));
                    }
                    Ok(())
                })?;
                Matrix::from_sorted(e.arity(), n, cells)
            }
            IntAtom(i) => self.int_atom(i)?,
        })
    }

    /// Calls `leaf` once per grounding of the first-order `decls[i..]` (each variable bound
    /// to one atom of its bound, in index order) with the tuple index of the atoms so far
    /// (`prefix`) and the condition that they lie in their bounds (`guard`). A declared
    /// variable shadows any outside binding of the same id.
    fn for_each_grounding(
        &mut self,
        decls: &[Decl],
        i: usize,
        prefix: u64,
        guard: Bit,
        leaf: &mut dyn FnMut(&mut Translator, u64, Bit) -> Result<(), SolveError>,
    ) -> Result<(), SolveError> {
        let Some(decl) = decls.get(i) else {
            return leaf(self, prefix, guard);
        };
        if !decl.is_first_order() {
            return Err(SolveError::HigherOrder {
                var: decl.var,
                name: decl.name.clone(),
            });
        }
        let bound = self.tr_expr(&decl.bound)?;
        let outside = self.env.remove(&decl.var);
        let mut result = Ok(());
        for &(atom, member) in bound.cells() {
            let guard = self.circuit.and2(guard, member);
            if guard == Bit::FALSE {
                continue;
            }
            self.bind_atom(decl.var, atom);
            let prefix = prefix * self.universe as u64 + atom;
            result = self.for_each_grounding(decls, i + 1, prefix, guard, leaf);
            self.env.remove(&decl.var);
            if result.is_ok() {
                result = self.check();
            }
            if result.is_err() {
                break;
            }
        }
        if let Some(binding) = outside {
            self.env.insert(decl.var, binding);
        }
        result
    }
}

/// What [`Translator::witness`] makes of the variables after its own and of the body.
#[derive(Clone, Copy)]
enum Rest {
    /// The later variables are quantified as anywhere else.
    Quantified,
    /// Every later variable, first-order ones too, is a witness as well.
    Witnesses,
    /// The same, and the body is asserted ([`Translator::asserted`]).
    WitnessesAsserted,
}

/// Shannon splits [`Translator::at_most_one_known`] tries: enough for programs that
/// choose between values through a few nested if-then-elses.
const SPLIT_DEPTH: u32 = 4;

/// Gate levels [`Translator::cofactors`] looks through: `c and x or not c and y` is two.
const COFACTOR_DEPTH: u32 = 2;

/// At most this many facts are kept (a fact only lets more comparisons use ladders).
const MAX_FACTS: usize = 1 << 16;

/// The conjuncts of `f` (of `not f` when `negated`), each with whether it is negated;
/// nested formulas, not new ones, so that the translation's sharing still applies.
fn conjuncts_of<'f>(f: &'f Formula, negated: bool, out: &mut Vec<(&'f Formula, bool)>) {
    match (f.kind(), negated) {
        (FormulaKind::And(fs), false) | (FormulaKind::Or(fs), true) => {
            fs.iter().for_each(|g| conjuncts_of(g, negated, out))
        }
        (FormulaKind::Not(g), _) => conjuncts_of(g, !negated, out),
        (FormulaKind::Implies(a, b), true) => {
            conjuncts_of(a, false, out);
            conjuncts_of(b, true, out);
        }
        (FormulaKind::Const(b), _) if *b != negated => {}
        _ => out.push((f, negated)),
    }
}

/// What declarations say: `all x: S | one x.r` and the like, `r in S -> Int` (a
/// multiplicity test or an inclusion, under universal quantifiers).
fn is_declaration(f: &Formula) -> bool {
    match f.kind() {
        FormulaKind::Mult(..) | FormulaKind::Subset(..) => true,
        FormulaKind::Quant(Quantifier::All, _, body) => is_declaration(body),
        _ => false,
    }
}

/// The cells of `m` at `offset` plus each `Int` atom, in ascending value: the integers a
/// set holds (offset 0), or a row of a binary relation (offset `atom * universe`).
fn int_cells(m: &Matrix, offset: u64, ints: IntAtoms) -> Vec<Bit> {
    (0..ints.count() as u64)
        .map(|k| m.get(offset + ints.first as u64 + k))
        .collect()
}

/// `int[e]` of a general set `e`, where [`Translator::compare_by_ladders`] applies.
fn is_set_sum(i: &IntExpr) -> bool {
    matches!(i.kind(), IntExprKind::SumAtoms(e) if !at_most_one_int(e))
}

/// `e` has at most one integer by its shape (`Int[i]`, `none`, a choice between such).
fn at_most_one_int(e: &Expr) -> bool {
    match e.kind() {
        ExprKind::IntAtom(_) | ExprKind::None => true,
        ExprKind::IfThenElse(_, a, b) => at_most_one_int(a) && at_most_one_int(b),
        _ => false,
    }
}

fn too_large(what: &str, gate_limit: usize) -> SolveError {
    SolveError::TooLarge(format!(
        "{what} exceeds the translation limits ({gate_limit} gates, {} gate inputs or \
         {MAX_MATRIX_CELLS} tuples in one matrix)",
        gate_limit.saturating_mul(INPUTS_PER_NODE)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Relation, RelationKind, Universe};
    use crate::translate::matrix::tuple_of;

    fn bounds(n: usize) -> (Bounds, Expr, Expr) {
        let mut b = Bounds {
            universe: Universe::new((0..n).map(|i| format!("A${i}")).collect()),
            relations: Vec::new(),
        };
        let all: Vec<u32> = (0..n as u32).collect();
        let a = b.add(Relation {
            name: "A".into(),
            arity: 1,
            kind: RelationKind::Sig,
            lower: TupleSet::of_atoms([0]),
            upper: TupleSet::of_atoms(all.clone()),
        });
        let pairs = crate::logic::upper::product(
            &TupleSet::of_atoms(all.clone()),
            &TupleSet::of_atoms(all),
        );
        let r = b.add(Relation {
            name: "r".into(),
            arity: 2,
            kind: RelationKind::Field,
            lower: TupleSet::empty(2),
            upper: pairs,
        });
        (b, Expr::rel(a, 1), Expr::rel(r, 2))
    }

    fn decl(var: u32, mult: DeclMult, bound: Expr) -> Decl {
        Decl {
            var: VarId(var),
            name: format!("x{var}"),
            mult,
            bound,
        }
    }

    /// Atoms `A$0`, `A$1` and the integers of bitwidth 3; `val: A$0 + A$1 -> Int` free;
    /// `A` both atoms if `exact`, else free too; `P` (relation 2) a free set of atoms.
    fn int_bounds(exact: bool) -> (Bounds, Expr, Expr) {
        let mut names = vec!["A$0".to_string(), "A$1".to_string()];
        names.extend((-4..4).map(|v: i64| v.to_string()));
        let mut b = Bounds {
            universe: Universe::with_ints(
                names,
                crate::logic::IntAtoms {
                    bitwidth: 3,
                    first: 2,
                },
            ),
            relations: Vec::new(),
        };
        let atoms = TupleSet::of_atoms([0, 1]);
        let a = b.add(Relation {
            name: "A".into(),
            arity: 1,
            kind: RelationKind::Sig,
            lower: if exact {
                atoms.clone()
            } else {
                TupleSet::empty(1)
            },
            upper: atoms.clone(),
        });
        let val = b.add(Relation {
            name: "val".into(),
            arity: 2,
            kind: RelationKind::Field,
            lower: TupleSet::empty(2),
            upper: crate::logic::upper::product(&atoms, &TupleSet::of_atoms(2..10)),
        });
        b.add(Relation {
            name: "P".into(),
            arity: 1,
            kind: RelationKind::Skolem,
            lower: TupleSet::empty(1),
            upper: atoms,
        });
        (b, Expr::rel(a, 1), Expr::rel(val, 2))
    }

    /// Ladders are used only where a set provably holds at most one integer: after an
    /// asserted `all x: A | one x.val` (and, where `A` is not exact, `val in A -> Int`),
    /// for both sides of an if-then-else of such sets, and not without the facts or when
    /// the formula is not asserted.
    #[test]
    fn ladders_need_a_proof_of_one_member() {
        let (b, a, val) = int_bounds(true);
        let x = decl(1, DeclMult::One, a.clone());
        let fact = Formula::forall(vec![x.clone()], Expr::join(x.var_expr(), val.clone()).one());
        let (y, z) = (decl(2, DeclMult::One, a.clone()), decl(3, DeclMult::One, a));
        let of = |d: &Decl| IntExpr::sum_atoms(Expr::join(d.var_expr(), val.clone()));
        let le = of(&y).compare(IntCmp::Le, &of(&z));
        let chosen = IntExpr::sum_atoms(Expr::if_then_else(
            le.clone(),
            Expr::join(z.var_expr(), val.clone()),
            Expr::join(y.var_expr(), val.clone()),
        ));
        let max = Formula::forall(
            vec![y.clone(), z.clone()],
            le.and2(of(&y).compare(IntCmp::Le, &chosen)),
        );
        let count = |f: &Formula, asserted: bool, on: bool| {
            let mut t = Translator::new(&b).unwrap();
            t.int_ladders(on);
            if asserted {
                t.asserted(f).unwrap();
            } else {
                t.formula(f).unwrap();
            }
            t.ladder_comparisons()
        };
        let both = Formula::and([max.clone(), fact]);
        // 4 groundings of (y, z), each with two comparisons.
        assert_eq!(count(&both, true, true), 8);
        assert_eq!(count(&both, true, false), 0);
        assert_eq!(count(&both, false, true), 0);
        assert_eq!(count(&max, true, true), 0);
        // A constant side needs only the other side proved.
        let five = of(&y).compare(IntCmp::Lt, &IntExpr::constant(5));
        let single = Formula::forall(vec![y.clone()], five);
        assert_eq!(count(&single, true, true), 0);
        let x0 = IntExpr::sum_atoms(Expr::constant(TupleSet::of_atoms([3])));
        assert_eq!(
            count(&x0.compare(IntCmp::Le, &IntExpr::constant(2)), false, true),
            1
        );
        // `P.val` for a skolem `P` of one atom: each row `P` may select has one integer.
        let p = Expr::rel(RelId(2), 1);
        let p_val = IntExpr::sum_atoms(Expr::join(p.clone(), val.clone()));
        let small = p_val.compare(IntCmp::Le, &IntExpr::constant(2));
        let fact = Formula::forall(vec![x.clone()], Expr::join(x.var_expr(), val.clone()).one());
        let with = |parts: Vec<Formula>| Formula::and(parts);
        assert_eq!(
            count(
                &with(vec![p.one(), fact.clone(), small.clone()]),
                true,
                true
            ),
            1
        );
        assert_eq!(
            count(&with(vec![fact.clone(), small.clone()]), true, true),
            0
        );
        assert_eq!(count(&with(vec![p.one(), small]), true, true), 0);

        // `A` free: the fact holds inside `A` only, and the type says `val` is empty outside.
        let (b, a, val) = int_bounds(false);
        let count = |f: &Formula| {
            let mut t = Translator::new(&b).unwrap();
            t.asserted(f).unwrap();
            t.ladder_comparisons()
        };
        let fact = Formula::forall(vec![x.clone()], Expr::join(x.var_expr(), val.clone()).one());
        let typed = val.in_(&Expr::product(a, Expr::constant(TupleSet::of_atoms(2..10))));
        assert_eq!(count(&Formula::and([fact.clone(), max.clone()])), 0);
        assert_eq!(count(&Formula::and([max, fact, typed])), 8);
    }

    #[test]
    fn relations_become_matrices_of_primary_variables() {
        let (b, _, _) = bounds(3);
        let t = Translator::new(&b).unwrap();
        // A: atom 0 is in the lower bound, atoms 1 and 2 are free; r: 9 free pairs.
        assert_eq!(t.primaries().len(), 2 + 9);
        assert_eq!(t.relation(RelId(0)).get(0), Bit::TRUE);
        let order: Vec<(RelId, Vec<u32>)> = t
            .primaries()
            .iter()
            .map(|p| (p.rel, tuple_of(p.index, t.relation(p.rel).arity(), 3)))
            .collect();
        assert_eq!(order[0], (RelId(0), vec![1]));
        assert_eq!(order[2], (RelId(1), vec![0, 0]));
        assert_eq!(order[10], (RelId(1), vec![2, 2]));
        // Primary variable k is circuit variable k.
        for (k, p) in t.primaries().iter().enumerate() {
            assert_eq!(t.circuit().var_number(p.bit), Some(k as u32));
        }
    }

    #[test]
    fn subformulas_independent_of_a_variable_are_translated_once() {
        let (b, a, r) = bounds(4);
        let x = decl(1, DeclMult::One, a.clone());
        // `^r` does not depend on x: one translation, then cache hits.
        let shared = Expr::closure(r.clone()).some();
        let body = Formula::and([x.var_expr().in_(&Expr::join(a.clone(), r.clone())), shared]);
        let f = Formula::forall(vec![x], body);
        let mut t = Translator::new(&b).unwrap();
        t.formula(&f).unwrap();
        assert!(t.cache_hits() >= 3, "hits: {}", t.cache_hits());
    }

    #[test]
    fn unbound_higher_order_quantifiers_are_reported() {
        let (b, a, _) = bounds(2);
        let s = decl(5, DeclMult::Set, a.clone());
        let f = Formula::forall(vec![s.clone()], s.var_expr().some());
        let mut t = Translator::new(&b).unwrap();
        assert_eq!(
            t.formula(&f),
            Err(SolveError::HigherOrder {
                var: VarId(5),
                name: "x5".into()
            })
        );
    }

    #[test]
    fn externally_bound_variables_instantiate_their_quantifier() {
        let (b, a, _) = bounds(2);
        let s = decl(5, DeclMult::Some, a.clone());
        // all s: some A | #s = 2 -- with s bound to a given value.
        let f = Formula::forall(
            vec![s.clone()],
            Formula::cardinality(crate::logic::CardCmp::Exactly, s.var_expr(), 2),
        );
        let mut t = Translator::new(&b).unwrap();
        // {0, 1} has two tuples; it lies in A exactly when A's free atom 1 is present. So
        // the existential is that guard, and the universal holds either way.
        t.bind(VarId(5), t.constant(&TupleSet::of_atoms([0, 1])));
        let exists = Formula::exists(
            vec![s.clone()],
            match f.kind() {
                FormulaKind::Quant(_, _, body) => body.clone(),
                _ => unreachable!(),
            },
        );
        let a1 = t.relation(RelId(0)).get(1);
        assert!(!a1.is_const());
        assert_eq!(t.formula(&exists).unwrap(), a1);
        assert_eq!(t.formula(&f).unwrap(), Bit::TRUE);
        // An empty value violates `some`: the implication holds vacuously.
        t.bind(VarId(5), t.constant(&TupleSet::empty(1)));
        assert_eq!(t.formula(&f).unwrap(), Bit::TRUE);
        // A singleton fits (atom 0 is always in A) but has one tuple, not two.
        t.bind(VarId(5), t.constant(&TupleSet::of_atoms([0])));
        assert_eq!(t.formula(&f).unwrap(), Bit::FALSE);
        // A matrix of fresh variables: the result depends on them.
        let fresh = t.fresh_matrix(&TupleSet::empty(1), &TupleSet::of_atoms([0, 1]));
        assert_eq!(fresh.len(), 2);
        t.bind(VarId(5), fresh);
        let bit = t.formula(&f).unwrap();
        assert!(!bit.is_const());
        t.unbind(VarId(5));
        assert!(t.formula(&f).is_err());
    }

    #[test]
    fn the_gate_limit_turns_into_too_large() {
        let (b, a, r) = bounds(6);
        let x = decl(1, DeclMult::One, a.clone());
        let y = decl(2, DeclMult::One, a.clone());
        let body = Expr::product(x.var_expr(), y.var_expr()).in_(&Expr::closure(r.clone()));
        let f = Formula::forall(vec![x, y], body);
        let mut t = Translator::with_limit(&b, 200).unwrap();
        assert!(matches!(t.formula(&f), Err(SolveError::TooLarge(_))));
        let mut t = Translator::new(&b).unwrap();
        assert!(t.formula(&f).is_ok());
    }
}
