//! Orders whose transitivity is added lazily, for witnesses over many atoms.
//!
//! A commit order, an arbitration order or a version order over `n` transactions is a
//! strict total order: `n²` variables and, written out, `n³` transitivity clauses. Checking
//! a 200-transaction history spends nearly all its time writing those 8 million clauses,
//! and the solver then needs few of them. So a top-level `strictTotalOrder[r, elems]` on
//! a skolem relation (a witness: nothing else reads its tuples one by one) becomes a
//! *tournament*: one variable per pair of elements decides which way the pair goes
//! (`Translator::with_tournaments`), which makes the relation irreflexive and total by
//! construction. Transitivity is then enforced on demand: after each model, every cyclic
//! triangle `a -> b -> c -> a` of the tournament gets the clause that forbids it, and the
//! solver runs again. A tournament without cyclic triangles is transitive, so a model with
//! none is a model of the whole problem; the added clauses are consequences of the
//! problem, so an unsatisfiable answer stands too.
//!
//! A top-level `no ^r & iden` (r is acyclic) is replaced by a fresh tournament `o` over the
//! atoms `r` touches with `r in o`, its transitivity again lazy: a finite relation is
//! acyclic exactly when some strict total order contains it. The order is hidden (it is
//! not a relation of the instance). This avoids the closure's `n³ log n` circuit.
//!
//! Each pair's variable says "atom order" when the solver decides it by its default phase
//! (`BackendKind::default_phase`), so a search that is free to choose starts from a
//! transitive order and needs few rounds; `solder classify` numbers transactions in an
//! order consistent with the history's dependencies for that reason.
//!
//! A top-level `no (^r . s) & iden` (Adya's PSI: no anti-dependency closes a path of
//! dependencies) is first read as `no ^r & ~s`, the same constraint without the join's
//! `n³` cells; a top-level `no c & d` where one side is a closure `^r` or `*r` (maybe
//! transposed) then gets a fresh relation `t` over the atoms `r` touches in place of the
//! closure, with `r in t`, `t.t in t` as a lazy composition, and `no t & d` (`t + iden`
//! for `*r`). The closure sits where a larger relation only makes the constraint harder
//! (`no`), and every transitive `t` containing `r` contains `^r`: a model with such a `t`
//! satisfies the original conjunct, and a model of the original gives one with `t = ^r`.
//! So answers do not change, and the closure's `n³ log n` circuit is never built. `t`
//! is hidden like the acyclicity orders.
//!
//! `--no-lazy-orders` (`SolveOptions::lazy_orders`) writes every clause up front instead.

use super::{SatBackend, SolveError};
use std::collections::HashMap;

use crate::logic::RelationKind;
use crate::logic::pinned::exact_value;
use crate::logic::skolem::replace_terms;
use crate::logic::{Atom, Bounds, Expr, ExprKind, Formula, FormulaKind, MultTest, Problem, RelId};
use crate::translate::circuit::{Bit, Circuit, Gate};
use crate::translate::{CnfEmitter, Translator};

/// What `plan` took out of a problem's formula.
pub struct Plan {
    /// Skolem relations to build as tournaments, with their atoms in index order.
    pub tournaments: Vec<(RelId, Vec<Atom>)>,
    /// Relations asserted acyclic.
    pub acyclic: Vec<Acyclic>,
    /// Conjuncts `a.b in c` over binary relations (transitivity `r.r in r`, Cerone's
    /// prefix `ar.vis in vis`): their `n³` instances are added on demand too.
    pub compositions: Vec<(Expr, Expr, Expr)>,
    /// Conjuncts `no ^r & d` (or `*r`) whose closure becomes a lazily transitive bound.
    pub closures: Vec<ClosureBound>,
    /// The rest of the formula.
    pub formula: Formula,
}

/// A conjunct `no (^r + identity) & disjoint`, transposes already moved onto `disjoint`.
pub struct ClosureBound {
    pub rel: Expr,
    pub identity: Identity,
    pub disjoint: Expr,
    /// The conjunct itself, translated as usual when `identity` is not fixed.
    pub conjunct: Formula,
}

/// The identity beside a closure: none (`^r`), all of it (`*r`), or `s <: iden` (how `*r`
/// reads once typed, `^r + (univ <: iden)`).
#[derive(Clone)]
pub enum Identity {
    None,
    All,
    Within(Expr),
}

/// A conjunct `no ^r & iden`, or `no ^r & (s <: iden)` (typed identity), which says that
/// `r` is acyclic when `s` holds every atom `r` touches.
pub struct Acyclic {
    pub rel: Expr,
    pub within: Option<Expr>,
    /// The conjunct itself, translated as usual when `within` is too small.
    pub conjunct: Formula,
}

/// The top-level conjuncts of `f`, nested conjunctions flattened.
fn conjuncts(f: &Formula, out: &mut Vec<Formula>) {
    match f.kind() {
        FormulaKind::And(fs) => fs.iter().for_each(|g| conjuncts(g, out)),
        _ => out.push(f.clone()),
    }
}

/// Splits the strict orders, acyclicity constraints and compositions that can be solved
/// lazily off the problem's top-level conjunction (none when `enabled` is false).
pub fn plan(problem: &Problem, enabled: bool) -> Plan {
    if !enabled {
        return Plan {
            tournaments: Vec::new(),
            acyclic: Vec::new(),
            compositions: Vec::new(),
            closures: Vec::new(),
            formula: problem.formula.clone(),
        };
    }
    let mut parts = Vec::new();
    conjuncts(&problem.formula, &mut parts);
    let mut tournaments: Vec<(RelId, Vec<Atom>)> = Vec::new();
    let mut acyclic = Vec::new();
    let mut compositions = Vec::new();
    let mut closures = Vec::new();
    // A composition is checked over the whole universe (`Composition`).
    let small_universe = problem.bounds.universe.len() <= COMPOSITION_UNIVERSE;
    let mut rest = Vec::new();
    for part in parts {
        match part.kind() {
            FormulaKind::StrictOrder { rel, elems } => {
                if let Some(t) = tournament(rel, elems, &problem.bounds)
                    && !tournaments.iter().any(|u| u.0 == t.0)
                {
                    tournaments.push(t);
                    continue;
                }
            }
            FormulaKind::Subset(ab, c) if c.arity() == 2 && small_universe => {
                if let ExprKind::Join(a, b) = ab.kind()
                    && a.arity() == 2
                    && b.arity() == 2
                {
                    compositions.push((a.clone(), b.clone(), c.clone()));
                    continue;
                }
            }
            FormulaKind::Mult(MultTest::No, e) => {
                if let Some((rel, within)) = closure_meets_iden(e) {
                    acyclic.push(Acyclic {
                        rel: rel.clone(),
                        within: within.cloned(),
                        conjunct: part.clone(),
                    });
                    continue;
                }
                if small_universe && let Some(bound) = closure_bound(e, &part) {
                    closures.push(bound);
                    continue;
                }
            }
            // `not some e` (Adya's `not Gsingle`) is `no e`.
            FormulaKind::Not(inner) if small_universe => {
                if let FormulaKind::Mult(MultTest::Some, e) = inner.kind()
                    && let Some(bound) = closure_bound(e, &part)
                {
                    closures.push(bound);
                    continue;
                }
            }
            _ => {}
        }
        rest.push(part);
    }
    // In every model of the whole problem a tournament is transitive, so its closures
    // are itself (and itself plus the identity): the rest of the formula may say so and
    // skip the closures' circuits. Models of the relaxed problem include those of the
    // whole one, on which the two forms agree, so neither answer changes.
    let mut terms = HashMap::new();
    for (r, _) in &tournaments {
        let rel = Expr::rel(*r, 2);
        terms.insert(Expr::closure(rel.clone()), rel.clone());
        terms.insert(
            Expr::reflexive_closure(rel.clone()),
            Expr::union(rel, Expr::iden()),
        );
    }
    let formula = Formula::and(rest);
    Plan {
        formula: if terms.is_empty() {
            formula
        } else {
            replace_terms(&formula, terms)
        },
        tournaments,
        acyclic,
        compositions,
        closures,
    }
}

/// `no e` as a closure bound: `e` is `c & d` with a closure on one side, or `(c . d) &
/// iden`, which is empty exactly when `c & ~d` is (a pair `a -> b` of `c` with `b -> a`
/// in `d` is what puts `a -> a` in the join).
fn closure_bound(e: &Expr, conjunct: &Formula) -> Option<ClosureBound> {
    let ExprKind::Intersection(x, y) = e.kind() else {
        return None;
    };
    let identity = |e: &Expr| identity_within(e).map(|s| s.cloned());
    let join_meets_iden = match (x.kind(), identity(y), identity(x)) {
        (ExprKind::Join(c, d), Some(within), _) => Some((c, d, within)),
        (_, _, Some(within)) => match y.kind() {
            ExprKind::Join(c, d) => Some((c, d, within)),
            _ => None,
        },
        _ => None,
    };
    let (c, d, within) = match join_meets_iden {
        // (c . d) & (s <: iden) is empty exactly when (s <: c) & ~d is: no pair a -> b
        // with a in s, in c, and b -> a in d.
        Some((c, d, within)) if c.arity() == 2 && d.arity() == 2 => {
            (c.clone(), Expr::transpose(d.clone()), within)
        }
        Some(_) => return None,
        None if x.arity() == 2 => (x.clone(), y.clone(), None),
        None => return None,
    };
    let bound = |side: &Expr, other: &Expr| {
        let (rel, identity, transposed) = closure_of(side)?;
        // The pairs `side` and `other` must not share, with their first atom in `within`;
        // said of the closure's own pairs, transposed back when `side` was transposed.
        let disjoint = match (transposed, &within) {
            (false, None) => other.clone(),
            (false, Some(s)) => Expr::domain_restrict(s.clone(), other.clone()),
            (true, None) => Expr::transpose(other.clone()),
            (true, Some(s)) => Expr::range_restrict(Expr::transpose(other.clone()), s.clone()),
        };
        Some(ClosureBound {
            rel,
            identity,
            disjoint,
            conjunct: conjunct.clone(),
        })
    };
    bound(&c, &d).or_else(|| bound(&d, &c))
}

/// `r` of `^r`, `*r`, `^r + (s <: iden)` or their transposes: the identity beside the
/// closure, and whether transposed (the identity is its own transpose).
fn closure_of(e: &Expr) -> Option<(Expr, Identity, bool)> {
    match e.kind() {
        ExprKind::Closure(r) => Some((r.clone(), Identity::None, false)),
        ExprKind::ReflexiveClosure(r) => Some((r.clone(), Identity::All, false)),
        ExprKind::Transpose(inner) => {
            let (r, identity, transposed) = closure_of(inner)?;
            Some((r, identity, !transposed))
        }
        ExprKind::Union(a, b) => {
            let (closure, id) = match (a.kind(), b.kind()) {
                (ExprKind::Closure(_), _) => (a, b),
                (_, ExprKind::Closure(_)) => (b, a),
                _ => return None,
            };
            let identity = match identity_within(id)? {
                None => Identity::All,
                Some(s) => Identity::Within(s.clone()),
            };
            let ExprKind::Closure(r) = closure.kind() else {
                unreachable!("matched as a closure");
            };
            Some((r.clone(), identity, false))
        }
        _ => None,
    }
}

/// `r` (and `s`) of `^r & iden` or `^r & (s <: iden)`, either way round.
fn closure_meets_iden(e: &Expr) -> Option<(&Expr, Option<&Expr>)> {
    let ExprKind::Intersection(a, b) = e.kind() else {
        return None;
    };
    let (r, other) = match (a.kind(), b.kind()) {
        (ExprKind::Closure(r), _) => (r, b),
        (_, ExprKind::Closure(r)) => (r, a),
        _ => return None,
    };
    Some((r, identity_within(other)?))
}

/// The identity, maybe typed: `Some(None)` for `iden`, `Some(Some(s))` for `s <: iden`
/// (or `iden :> s`).
fn identity_within(e: &Expr) -> Option<Option<&Expr>> {
    match e.kind() {
        ExprKind::Iden => Some(None),
        ExprKind::DomainRestrict(s, i) | ExprKind::RangeRestrict(i, s)
            if matches!(i.kind(), ExprKind::Iden) =>
        {
            Some(Some(s))
        }
        _ => None,
    }
}

/// The relation and atoms of `strictTotalOrder[rel, elems]` if it can be a tournament:
/// `rel` a skolem relation, `elems` fixed, and the bounds neither forbidding nor forcing
/// both directions of a pair (those cases stay with the ordinary translation, which
/// reports them as unsatisfiable).
fn tournament(rel: &Expr, elems: &Expr, bounds: &Bounds) -> Option<(RelId, Vec<Atom>)> {
    let ExprKind::Rel(r) = rel.kind() else {
        return None;
    };
    let relation = bounds.relation(*r);
    if relation.kind != RelationKind::Skolem || relation.arity != 2 {
        return None;
    }
    let elems = exact_value(elems, bounds)?;
    if elems.arity() != 1 {
        return None;
    }
    let atoms: Vec<Atom> = elems.iter().map(|t| t[0]).collect();
    let within = |t: &[Atom]| t[0] != t[1] && elems.contains(&t[..1]) && elems.contains(&t[1..]);
    if !relation.lower.iter().all(within) {
        return None;
    }
    for (k, &a) in atoms.iter().enumerate() {
        for &b in &atoms[k + 1..] {
            let forced_both = relation.lower.contains(&[a, b]) && relation.lower.contains(&[b, a]);
            let allowed = relation.upper.contains(&[a, b]) || relation.upper.contains(&[b, a]);
            if forced_both || !allowed {
                return None;
            }
        }
    }
    Some((*r, atoms))
}

/// A tournament whose transitivity is enforced lazily.
struct Order {
    /// `cells[i * m + j]`: atom `i` before atom `j` (of the order's own atoms).
    cells: Vec<Bit>,
    m: usize,
}

/// The largest universe whose compositions are made lazy: each keeps three dense
/// universe-by-universe tables.
const COMPOSITION_UNIVERSE: usize = 1024;

/// `a.b in c` over the universe's atoms (`cells[i * n + j]`), added on demand.
struct Composition {
    a: Vec<Bit>,
    b: Vec<Bit>,
    c: Vec<Bit>,
    n: usize,
}

/// The lazy orders (and compositions) of one problem.
#[derive(Default)]
pub struct LazyOrders {
    orders: Vec<Order>,
    compositions: Vec<Composition>,
    /// Refinement rounds that added clauses, and the clauses they added.
    pub rounds: usize,
    pub clauses: usize,
    /// The budget ran out and every clause was written.
    pub expanded: bool,
}

/// The most triangle clauses one round adds; the next model shows what is still missing.
const ROUND_LIMIT: usize = 200_000;

/// Conflicts a solve may take while transitivity is lazy, and rounds of refinement,
/// before every transitivity clause is written after all (`LazyOrders::expand`): where
/// the rest of the problem leans on transitivity to propagate (Crooks's parent states
/// read the order's immediate predecessors), a solver without those clauses wanders.
/// Measured on a 50-transaction history: Crooks's SER took 120 s lazily, 5 s eagerly,
/// while every other level needs fewer than 100 conflicts and 5 rounds.
pub const CONFLICT_BUDGET: i32 = 5_000;
pub const ROUND_BUDGET: usize = 100;

impl LazyOrders {
    /// The orders of `plan`, built in `translator` (whose tournaments it made), and the
    /// constraint that ties the acyclic relations to their orders.
    pub fn encode(
        plan: &Plan,
        translator: &mut Translator,
        phase: bool,
    ) -> Result<(LazyOrders, Bit), SolveError> {
        let mut lazy = LazyOrders::default();
        let universe = translator.bounds().universe.len();
        for (r, atoms) in &plan.tournaments {
            let matrix = translator.relation(*r).clone();
            let m = atoms.len();
            let mut cells = vec![Bit::FALSE; m * m];
            for (i, &a) in atoms.iter().enumerate() {
                for (j, &b) in atoms.iter().enumerate() {
                    if i != j {
                        cells[i * m + j] = matrix.get(a as u64 * universe as u64 + b as u64);
                    }
                }
            }
            lazy.orders.push(Order { cells, m });
        }
        let mut parts = Vec::new();
        for acyclic in &plan.acyclic {
            let matrix = translator.expr(&acyclic.rel)?;
            let edges: Vec<(Atom, Atom, Bit)> = matrix
                .cells()
                .iter()
                .map(|&(index, bit)| {
                    let t = matrix.tuple_of(index);
                    (t[0], t[1], bit)
                })
                .collect();
            let covered = match &acyclic.within {
                None => true,
                Some(s) => exact_value(s, translator.bounds()).is_some_and(|s| {
                    edges
                        .iter()
                        .all(|e| s.contains(&[e.0]) && s.contains(&[e.1]))
                }),
            };
            if !covered {
                parts.push(translator.formula(&acyclic.conjunct)?);
                continue;
            }
            if matrix.is_constant() {
                let fixed: Vec<(Atom, Atom)> = edges.iter().map(|e| (e.0, e.1)).collect();
                parts.push(Bit::from_bool(is_acyclic(&fixed)));
                continue;
            }
            let mut atoms: Vec<Atom> = edges.iter().flat_map(|e| [e.0, e.1]).collect();
            atoms.sort_unstable();
            atoms.dedup();
            let m = atoms.len();
            let position = |a: Atom| atoms.binary_search(&a).expect("an atom of the edges");
            let circuit = translator.circuit_mut();
            let mut cells = vec![Bit::FALSE; m * m];
            for i in 0..m {
                for j in i + 1..m {
                    let var = circuit.new_var();
                    let bit = if phase { var } else { !var };
                    cells[i * m + j] = bit;
                    cells[j * m + i] = !bit;
                }
            }
            for (a, b, bit) in edges {
                let (i, j) = (position(a), position(b));
                parts.push(if i == j {
                    !bit
                } else {
                    circuit.implies(bit, cells[i * m + j])
                });
            }
            lazy.orders.push(Order { cells, m });
        }
        for bound in &plan.closures {
            let diagonal = match &bound.identity {
                Identity::None => Some(None),
                Identity::All => Some(Some(None)),
                Identity::Within(s) => exact_value(s, translator.bounds()).map(|s| Some(Some(s))),
            };
            // Some(None): no identity; Some(Some(None)): every atom's; Some(Some(s)): those
            // of the fixed set s. A set the bounds leave open: translate as usual.
            let Some(diagonal) = diagonal else {
                parts.push(translator.formula(&bound.conjunct)?);
                continue;
            };
            let rel = translator.expr(&bound.rel)?;
            let disjoint = translator.expr(&bound.disjoint)?;
            let mut atoms: Vec<Atom> = rel
                .cells()
                .iter()
                .flat_map(|&(index, _)| rel.tuple_of(index))
                .collect();
            atoms.sort_unstable();
            atoms.dedup();
            let circuit = translator.circuit_mut();
            // t over r's atoms, false elsewhere; by default phase a pair is left out.
            let mut t = vec![Bit::FALSE; universe * universe];
            for &a in &atoms {
                for &b in &atoms {
                    let var = circuit.new_var();
                    t[a as usize * universe + b as usize] = if phase { !var } else { var };
                }
            }
            for &(index, bit) in rel.cells() {
                parts.push(circuit.implies(bit, t[index as usize]));
            }
            for &(index, bit) in disjoint.cells() {
                let tuple = disjoint.tuple_of(index);
                let on_identity = tuple[0] == tuple[1]
                    && match &diagonal {
                        None => false,
                        Some(None) => true,
                        Some(Some(s)) => s.contains(&tuple[..1]),
                    };
                let in_bound = if on_identity {
                    Bit::TRUE
                } else {
                    t[index as usize]
                };
                let both = circuit.and2(in_bound, bit);
                parts.push(!both);
            }
            lazy.compositions.push(Composition {
                a: t.clone(),
                b: t.clone(),
                c: t,
                n: universe,
            });
        }
        for (a, b, c) in &plan.compositions {
            let dense = |m: &crate::translate::matrix::Matrix| {
                let mut cells = vec![Bit::FALSE; universe * universe];
                for &(index, bit) in m.cells() {
                    cells[index as usize] = bit;
                }
                cells
            };
            let (a, b, c) = (
                translator.expr(a)?,
                translator.expr(b)?,
                translator.expr(c)?,
            );
            lazy.compositions.push(Composition {
                a: dense(&a),
                b: dense(&b),
                c: dense(&c),
                n: universe,
            });
        }
        let constraint = translator.circuit_mut().and(&parts);
        Ok((lazy, constraint))
    }

    /// No order is lazy (any more).
    pub fn is_empty(&self) -> bool {
        self.orders.is_empty() && self.compositions.is_empty()
    }

    /// Writes every order's transitivity clauses (two per triple of atoms: neither cyclic
    /// orientation) and stops being lazy.
    pub fn expand(
        &mut self,
        circuit: &Circuit,
        emitter: &mut CnfEmitter,
        backend: &mut dyn SatBackend,
    ) {
        for order in self.orders.drain(..) {
            let (m, c) = (order.m, &order.cells);
            for i in 0..m {
                for j in i + 1..m {
                    for k in j + 1..m {
                        let forward = [!c[i * m + j], !c[j * m + k], !c[k * m + i]];
                        let backward = [!c[i * m + k], !c[k * m + j], !c[j * m + i]];
                        emitter.clause(circuit, &forward, backend);
                        emitter.clause(circuit, &backward, backend);
                    }
                }
            }
        }
        for comp in self.compositions.drain(..) {
            let n = comp.n;
            for i in 0..n {
                for j in (0..n).filter(|&j| comp.a[i * n + j] != Bit::FALSE) {
                    for k in (0..n).filter(|&k| comp.b[j * n + k] != Bit::FALSE) {
                        let clause = [!comp.a[i * n + j], !comp.b[j * n + k], comp.c[i * n + k]];
                        emitter.clause(circuit, &clause, backend);
                    }
                }
            }
        }
        self.expanded = true;
    }

    /// The variables that the orders' and compositions' cells depend on, for the solver
    /// to see them all before the first solve: `refine` reads their values, and a
    /// variable no clause mentions would read as false there while the solver (which
    /// numbers variables up to the largest it saw) may decide it true for the instance.
    /// Seen, an order's variables also start from the default phase.
    pub fn variables(&self, circuit: &Circuit) -> Vec<Bit> {
        let mut stack: Vec<Bit> = self
            .orders
            .iter()
            .flat_map(|o| o.cells.iter())
            .chain(
                self.compositions
                    .iter()
                    .flat_map(|c| c.a.iter().chain(&c.b).chain(&c.c)),
            )
            .filter(|b| !b.is_const())
            .map(|b| b.positive())
            .collect();
        let mut seen = std::collections::HashSet::new();
        let mut vars = Vec::new();
        while let Some(bit) = stack.pop() {
            if !seen.insert(bit.node()) {
                continue;
            }
            match circuit.gate(bit) {
                Gate::True => {}
                Gate::Var(_) => vars.push(bit),
                Gate::And(inputs) => stack.extend(inputs.iter().map(|b| b.positive())),
                Gate::Ite(c, t, e) => stack.extend([c, t, e].map(|b| b.positive())),
            }
        }
        vars.sort_unstable();
        vars
    }

    /// After a model: adds a clause for each cyclic triangle of each order (up to
    /// `ROUND_LIMIT`); returns how many it added (zero: every order is transitive).
    pub fn refine(
        &mut self,
        circuit: &Circuit,
        emitter: &mut CnfEmitter,
        backend: &mut dyn SatBackend,
    ) -> usize {
        // Every value first: adding a clause ends the backend's satisfied state.
        let all_values: Vec<Vec<bool>> = self
            .orders
            .iter()
            .map(|o| emitter.model_values(circuit, &o.cells, backend))
            .collect();
        let composition_values: Vec<[Vec<bool>; 3]> = self
            .compositions
            .iter()
            .map(|c| [&c.a, &c.b, &c.c].map(|cells| emitter.model_values(circuit, cells, backend)))
            .collect();
        let mut added = 0;
        for (order, values) in self.orders.iter().zip(all_values) {
            let m = order.m;
            let words = m.div_ceil(64);
            // before[i]: the atoms i precedes; after[i]: those that precede i.
            let mut before = vec![0u64; m * words];
            let mut after = vec![0u64; m * words];
            for i in 0..m {
                for j in 0..m {
                    if values[i * m + j] {
                        before[i * words + j / 64] |= 1 << (j % 64);
                        after[j * words + i / 64] |= 1 << (i % 64);
                    }
                }
            }
            // A cyclic triangle i -> j -> k -> i, found once from its smallest atom i.
            'rows: for i in 0..m {
                for j in (i + 1..m).filter(|&j| values[i * m + j]) {
                    for w in 0..words {
                        let mut ks = before[j * words + w] & after[i * words + w];
                        while ks != 0 {
                            let k = w * 64 + ks.trailing_zeros() as usize;
                            ks &= ks - 1;
                            if k <= i {
                                continue;
                            }
                            let c = &order.cells;
                            let clause = [!c[i * m + j], !c[j * m + k], !c[k * m + i]];
                            emitter.clause(circuit, &clause, backend);
                            added += 1;
                            if added >= ROUND_LIMIT {
                                break 'rows;
                            }
                        }
                    }
                }
            }
            if added >= ROUND_LIMIT {
                break;
            }
        }
        for (comp, [a, b, c]) in self.compositions.iter().zip(composition_values) {
            if added >= ROUND_LIMIT {
                break;
            }
            let n = comp.n;
            let words = n.div_ceil(64);
            let rows = |values: &[bool], negate: bool| {
                let mut bits = vec![0u64; n * words];
                for i in 0..n {
                    for j in 0..n {
                        if values[i * n + j] != negate {
                            bits[i * words + j / 64] |= 1 << (j % 64);
                        }
                    }
                }
                bits
            };
            let (b_rows, not_c_rows) = (rows(&b, false), rows(&c, true));
            // i -> j in a, j -> k in b, i -> k not in c.
            'comp: for i in 0..n {
                for j in (0..n).filter(|&j| a[i * n + j]) {
                    for w in 0..words {
                        let mut ks = b_rows[j * words + w] & not_c_rows[i * words + w];
                        while ks != 0 {
                            let k = w * 64 + ks.trailing_zeros() as usize;
                            ks &= ks - 1;
                            let clause =
                                [!comp.a[i * n + j], !comp.b[j * n + k], comp.c[i * n + k]];
                            emitter.clause(circuit, &clause, backend);
                            added += 1;
                            if added >= ROUND_LIMIT {
                                break 'comp;
                            }
                        }
                    }
                }
            }
        }
        if added > 0 {
            self.rounds += 1;
            self.clauses += added;
        }
        added
    }
}

/// Whether a fixed relation has no cycle (Kahn's algorithm).
fn is_acyclic(edges: &[(Atom, Atom)]) -> bool {
    let n = edges
        .iter()
        .map(|e| e.0.max(e.1) as usize + 1)
        .max()
        .unwrap_or(0);
    let mut successors = vec![Vec::new(); n];
    let mut indegree = vec![0usize; n];
    for &(a, b) in edges {
        successors[a as usize].push(b as usize);
        indegree[b as usize] += 1;
    }
    let mut ready: Vec<usize> = (0..n).filter(|&a| indegree[a] == 0).collect();
    let mut done = 0;
    while let Some(a) = ready.pop() {
        done += 1;
        for &b in &successors[a] {
            indegree[b] -= 1;
            if indegree[b] == 0 {
                ready.push(b);
            }
        }
    }
    done == n
}
