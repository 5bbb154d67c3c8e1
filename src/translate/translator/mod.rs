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
use super::circuit::{Bit, Circuit, INPUTS_PER_NODE};
use super::matrix::{Matrix, capacity, index_of};
use super::{DEFAULT_GATE_LIMIT, FastMap, FastSet, MAX_MATRIX_CELLS};

use crate::logic::injections::SizeComparison;
use crate::logic::{Bounds, Expr, Formula, RelId, SolveError, TupleSet, VarId};

mod expr;
mod facts;
mod formula;
mod int;
mod quantifier;
mod sharing;
#[cfg(test)]
mod tests;

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

    fn bind_atom(&mut self, var: VarId, atom: u64) {
        self.env.insert(
            var,
            Binding {
                matrix: Matrix::singleton(1, self.universe, atom),
                value: atom as u32,
            },
        );
    }
}

fn too_large(what: &str, gate_limit: usize) -> SolveError {
    SolveError::TooLarge(format!(
        "{what} exceeds the translation limits ({gate_limit} gates, {} gate inputs or \
         {MAX_MATRIX_CELLS} tuples in one matrix)",
        gate_limit.saturating_mul(INPUTS_PER_NODE)
    ))
}
