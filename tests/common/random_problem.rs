//! Seeded random core-logic problems for differential tests (translator and solver against
//! the evaluator and brute force).
//!
//! Include it with `#[path = "common/random_problem.rs"] mod random_problem;` (or through a
//! `tests/common/mod.rs`). Problems are tiny (1–3 atoms, at most [`MAX_FREE_TUPLES`] free
//! tuples, so brute force stays cheap), arity-correct by construction, and their formulas
//! use every `ExprKind` and `FormulaKind` of the core logic. The same seed always gives the
//! same problem.
#![allow(dead_code)] // each test binary uses a different part of this module

use std::collections::BTreeMap;

use solder::instance::Instance;
use solder::logic::{
    Atom, Bounds, CardCmp, Decl, DeclMult, Expr, ExprKind, Formula, FormulaKind, MultTest, Problem,
    Quantifier, Relation, RelationKind, Tuple, TupleSet, Universe, VarId,
};

/// The most tuples that lie between the lower and upper bounds of a random problem, so that
/// brute force visits at most 2^12 instances.
pub const MAX_FREE_TUPLES: usize = 12;

/// How deep formulas and expressions nest (counting both).
const DEPTH: u32 = 4;

/// SplitMix64: tiny, seedable, and good enough for test generation.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`; `n` must be positive.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Each tuple kept with probability one half.
    pub fn subset(&mut self, ts: &TupleSet) -> TupleSet {
        let kept: Vec<Tuple> = ts
            .iter()
            .filter(|_| self.chance(50))
            .map(<[Atom]>::to_vec)
            .collect();
        TupleSet::from_tuples(ts.arity(), kept)
    }
}

/// A random first-order problem: random bounds and a random, non-constant formula over them.
pub fn random_problem(seed: u64) -> Problem {
    let mut rng = Rng::new(seed);
    let bounds = random_bounds(&mut rng);
    let mut generator = Gen::new(&mut rng, &bounds);
    // A constant formula tests nothing; constants still occur inside larger formulas.
    let formula = loop {
        let f = generator.formula(DEPTH);
        if !f.is_true() && !f.is_false() {
            break f;
        }
    };
    Problem { bounds, formula }
}

/// A random ∃∀-shaped problem: `some h: set B2 | all <decls> | body`, where `B2` is binary
/// and the inner decls are either first-order or another `set` decl over a binary bound;
/// the body mentions `h`. Sometimes conjoined with a first-order formula.
pub fn random_exists_forall_problem(seed: u64) -> Problem {
    let mut rng = Rng::new(seed);
    let bounds = random_bounds(&mut rng);
    let formula = Gen::new(&mut rng, &bounds).exists_forall();
    Problem { bounds, formula }
}

/// Random bounds: 1–3 atoms; 2–3 relations of arity 1–2, the first one unary; upper bounds
/// full or random; lower bounds mostly empty, sometimes the whole upper bound, sometimes part.
pub fn random_bounds(rng: &mut Rng) -> Bounds {
    let atoms = 1 + rng.below(3) as u32;
    let mut bounds = Bounds {
        universe: Universe::new((0..atoms).map(|i| format!("A${i}")).collect()),
        relations: vec![],
    };
    let relation_count = 2 + rng.below(2);
    for i in 0..relation_count {
        let arity = if i == 0 { 1 } else { 1 + rng.below(2) };
        let all = all_tuples(atoms, arity);
        let upper = if rng.chance(50) {
            all
        } else {
            rng.subset(&all)
        };
        let lower = match rng.below(20) {
            0..12 => TupleSet::empty(arity),
            12..15 => upper.clone(),
            _ => rng.subset(&upper),
        };
        bounds.add(Relation {
            name: format!("r{i}"),
            arity,
            kind: if arity == 1 {
                RelationKind::Sig
            } else {
                RelationKind::Field
            },
            lower,
            upper,
        });
    }
    // Keep brute force cheap: drop free tuples from upper bounds until few enough remain.
    while free_tuples(&bounds) > MAX_FREE_TUPLES {
        let candidates: Vec<usize> = (0..bounds.relations.len())
            .filter(|&i| bounds.relations[i].upper.len() > bounds.relations[i].lower.len())
            .collect();
        let relation = &mut bounds.relations[*rng.pick(&candidates)];
        let free: Vec<Tuple> = relation
            .upper
            .difference(&relation.lower)
            .iter()
            .map(<[Atom]>::to_vec)
            .collect();
        let dropped = rng.pick(&free).clone();
        relation.upper.remove(&dropped);
    }
    bounds
}

/// How many tuples lie in some upper bound but not in its lower bound.
pub fn free_tuples(bounds: &Bounds) -> usize {
    bounds
        .relations
        .iter()
        .map(|r| r.upper.difference(&r.lower).len())
        .sum()
}

/// A random instance within the bounds.
pub fn random_instance(bounds: &Bounds, rng: &mut Rng) -> Instance {
    Instance {
        universe: bounds.universe.clone(),
        values: bounds
            .relations
            .iter()
            .map(|r| r.lower.union(&rng.subset(&r.upper.difference(&r.lower))))
            .collect(),
    }
}

/// Every tuple of `arity` atoms below `atoms`.
pub fn all_tuples(atoms: u32, arity: usize) -> TupleSet {
    let mut tuples: Vec<Tuple> = vec![vec![]];
    for _ in 0..arity {
        tuples = tuples
            .into_iter()
            .flat_map(|t| {
                (0..atoms).map(move |a| {
                    let mut longer = t.clone();
                    longer.push(a);
                    longer
                })
            })
            .collect();
    }
    TupleSet::from_tuples(arity, tuples)
}

pub const EXPR_KINDS: [&str; 19] = [
    "Rel",
    "Var",
    "Const",
    "Univ",
    "Iden",
    "None",
    "Union",
    "Intersection",
    "Difference",
    "Override",
    "Join",
    "Product",
    "Transpose",
    "Closure",
    "ReflexiveClosure",
    "DomainRestrict",
    "RangeRestrict",
    "IfThenElse",
    "Comprehension",
];

pub const FORMULA_KINDS: [&str; 13] = [
    "Const",
    "And",
    "Or",
    "Not",
    "Implies",
    "Iff",
    "Subset",
    "Equal",
    "Mult",
    "Cardinality",
    "Quant",
    "TotalOrder",
    "StrictOrder",
];

pub fn expr_kind_name(kind: &ExprKind) -> &'static str {
    match kind {
        ExprKind::Rel(_) => "Rel",
        ExprKind::Var(_) => "Var",
        ExprKind::Const(_) => "Const",
        ExprKind::Univ => "Univ",
        ExprKind::Iden => "Iden",
        ExprKind::None => "None",
        ExprKind::Union(..) => "Union",
        ExprKind::Intersection(..) => "Intersection",
        ExprKind::Difference(..) => "Difference",
        ExprKind::Override(..) => "Override",
        ExprKind::Join(..) => "Join",
        ExprKind::Product(..) => "Product",
        ExprKind::Transpose(_) => "Transpose",
        ExprKind::Closure(_) => "Closure",
        ExprKind::ReflexiveClosure(_) => "ReflexiveClosure",
        ExprKind::DomainRestrict(..) => "DomainRestrict",
        ExprKind::RangeRestrict(..) => "RangeRestrict",
        ExprKind::IfThenElse(..) => "IfThenElse",
        ExprKind::Comprehension(..) => "Comprehension",
        ExprKind::IntAtom(_) => "IntAtom",
        ExprKind::Prime(_) => "Prime",
    }
}

pub fn formula_kind_name(kind: &FormulaKind) -> &'static str {
    match kind {
        FormulaKind::Const(_) => "Const",
        FormulaKind::And(_) => "And",
        FormulaKind::Or(_) => "Or",
        FormulaKind::Not(_) => "Not",
        FormulaKind::Implies(..) => "Implies",
        FormulaKind::Iff(..) => "Iff",
        FormulaKind::Subset(..) => "Subset",
        FormulaKind::Equal(..) => "Equal",
        FormulaKind::Mult(..) => "Mult",
        FormulaKind::Cardinality(..) => "Cardinality",
        FormulaKind::Quant(..) => "Quant",
        FormulaKind::TotalOrder { .. } => "TotalOrder",
        FormulaKind::StrictOrder { .. } => "StrictOrder",
        FormulaKind::IntCompare(..) => "IntCompare",
        FormulaKind::Temporal(..) => "Temporal",
        FormulaKind::TemporalBinary(..) => "TemporalBinary",
        FormulaKind::Overflows(_) => "Overflows",
    }
}

/// Node counts per kind name, expression kinds prefixed `expr:` and formula kinds `formula:`;
/// uses of variable `v` are counted under `var:v`.
#[derive(Default, Debug)]
pub struct KindCounts(pub BTreeMap<String, usize>);

impl KindCounts {
    pub fn get(&self, key: &str) -> usize {
        self.0.get(key).copied().unwrap_or(0)
    }

    pub fn add_formula(&mut self, f: &Formula) {
        *self
            .0
            .entry(format!("formula:{}", formula_kind_name(f.kind())))
            .or_default() += 1;
        match f.kind() {
            FormulaKind::Const(_) => {}
            FormulaKind::And(fs) | FormulaKind::Or(fs) => {
                fs.iter().for_each(|g| self.add_formula(g))
            }
            FormulaKind::Not(g) => self.add_formula(g),
            FormulaKind::Implies(a, b) | FormulaKind::Iff(a, b) => {
                self.add_formula(a);
                self.add_formula(b);
            }
            FormulaKind::Subset(a, b) | FormulaKind::Equal(a, b) => {
                self.add_expr(a);
                self.add_expr(b);
            }
            FormulaKind::Mult(_, e) | FormulaKind::Cardinality(_, e, _) => self.add_expr(e),
            FormulaKind::Quant(_, decls, body) => {
                decls.iter().for_each(|d| self.add_expr(&d.bound));
                self.add_formula(body);
            }
            FormulaKind::TotalOrder { elems, first, next } => {
                self.add_expr(elems);
                self.add_expr(first);
                self.add_expr(next);
            }
            FormulaKind::StrictOrder { rel, elems } => {
                self.add_expr(rel);
                self.add_expr(elems);
            }
            // Integers are generated by tests/int_differential.rs, not here.
            FormulaKind::IntCompare(..) | FormulaKind::Overflows(_) => {}
            FormulaKind::Temporal(_, g) => self.add_formula(g),
            FormulaKind::TemporalBinary(_, a, b) => {
                self.add_formula(a);
                self.add_formula(b);
            }
        }
    }

    pub fn add_expr(&mut self, e: &Expr) {
        *self
            .0
            .entry(format!("expr:{}", expr_kind_name(e.kind())))
            .or_default() += 1;
        if let ExprKind::Var(v) = e.kind() {
            *self.0.entry(format!("var:{}", v.0)).or_default() += 1;
        }
        match e.kind() {
            ExprKind::Rel(_)
            | ExprKind::Var(_)
            | ExprKind::Const(_)
            | ExprKind::Univ
            | ExprKind::Iden
            | ExprKind::None => {}
            ExprKind::Union(a, b)
            | ExprKind::Intersection(a, b)
            | ExprKind::Difference(a, b)
            | ExprKind::Override(a, b)
            | ExprKind::Join(a, b)
            | ExprKind::Product(a, b)
            | ExprKind::DomainRestrict(a, b)
            | ExprKind::RangeRestrict(a, b) => {
                self.add_expr(a);
                self.add_expr(b);
            }
            ExprKind::Transpose(a)
            | ExprKind::Closure(a)
            | ExprKind::ReflexiveClosure(a)
            | ExprKind::Prime(a) => self.add_expr(a),
            ExprKind::IfThenElse(c, a, b) => {
                self.add_formula(c);
                self.add_expr(a);
                self.add_expr(b);
            }
            ExprKind::Comprehension(decls, body) => {
                decls.iter().for_each(|d| self.add_expr(&d.bound));
                self.add_formula(body);
            }
            ExprKind::IntAtom(_) => {}
        }
    }
}

/// Expression operators, chosen by what the requested arity allows.
#[derive(Clone, Copy)]
enum Op {
    Union,
    Intersection,
    Difference,
    Override,
    Join,
    Product,
    Transpose,
    Closure,
    ReflexiveClosure,
    DomainRestrict,
    RangeRestrict,
    IfThenElse,
    Comprehension,
}

/// The generator state: the relations to draw from and the variables in scope.
struct Gen<'a> {
    rng: &'a mut Rng,
    atoms: u32,
    /// Relation ids with their arities.
    relations: Vec<(solder::logic::RelId, usize)>,
    /// Variables in scope with their arities, innermost last.
    vars: Vec<(VarId, usize)>,
    next_var: u32,
}

impl<'a> Gen<'a> {
    fn new(rng: &'a mut Rng, bounds: &Bounds) -> Gen<'a> {
        Gen {
            rng,
            atoms: bounds.universe.len() as u32,
            relations: bounds
                .ids()
                .map(|id| (id, bounds.relation(id).arity))
                .collect(),
            vars: vec![],
            next_var: 0,
        }
    }

    fn formula(&mut self, depth: u32) -> Formula {
        if depth == 0 {
            return self.atomic_formula(0);
        }
        let d = depth - 1;
        match self.rng.below(13) {
            12 => self.strict_order(d),
            0 => Formula::constant(self.rng.chance(50)),
            1 => {
                let parts = self.formulas(d);
                Formula::and(parts)
            }
            2 => {
                let parts = self.formulas(d);
                Formula::or(parts)
            }
            3 => self.formula(d).not(),
            4 => self.formula(d).implies(self.formula(d)),
            5 => self.formula(d).iff(self.formula(d)),
            6 | 7 => self.quantifier(d),
            8 => self.total_order(d),
            _ => self.atomic_formula(d),
        }
    }

    fn formulas(&mut self, depth: u32) -> Vec<Formula> {
        let n = 2 + self.rng.below(2);
        (0..n).map(|_| self.formula(depth)).collect()
    }

    /// A comparison, multiplicity test or cardinality test over expressions of `depth`.
    fn atomic_formula(&mut self, depth: u32) -> Formula {
        let arity = self.arity();
        match self.rng.below(4) {
            0 => Formula::subset(self.expr(arity, depth), self.expr(arity, depth)),
            1 => Formula::equal(self.expr(arity, depth), self.expr(arity, depth)),
            2 => {
                let m =
                    *self
                        .rng
                        .pick(&[MultTest::Some, MultTest::No, MultTest::Lone, MultTest::One]);
                Formula::mult(m, self.expr(arity, depth))
            }
            _ => {
                let cmp = *self
                    .rng
                    .pick(&[CardCmp::AtMost, CardCmp::AtLeast, CardCmp::Exactly]);
                let k = self.rng.below(4);
                Formula::cardinality(cmp, self.expr(arity, depth), k)
            }
        }
    }

    /// `all`/`some` over one or two first-order decls; the second bound often mentions the
    /// first variable.
    fn quantifier(&mut self, depth: u32) -> Formula {
        let q = if self.rng.chance(50) {
            Quantifier::All
        } else {
            Quantifier::Some
        };
        let scope = self.vars.len();
        let n = 1 + self.rng.below(2);
        let decls = self.first_order_decls(n, depth);
        let body = self.formula(depth);
        self.vars.truncate(scope);
        Formula::quant(q, decls, body)
    }

    /// `n` first-order decls, each put in scope after its bound is made (so later bounds
    /// may mention earlier variables). The caller drops them from scope.
    fn first_order_decls(&mut self, n: usize, depth: u32) -> Vec<Decl> {
        let mut decls = Vec::new();
        for i in 0..n {
            let bound = if i > 0 && self.rng.chance(60) {
                let (previous, _) = *self.vars.last().expect("the previous decl is in scope");
                Expr::join(Expr::var(previous, 1), self.expr(2, depth))
            } else {
                self.expr(1, depth)
            };
            decls.push(self.declare(DeclMult::One, bound));
        }
        decls
    }

    fn declare(&mut self, mult: DeclMult, bound: Expr) -> Decl {
        let var = VarId(self.next_var);
        self.next_var += 1;
        self.vars.push((var, bound.arity()));
        Decl {
            var,
            name: format!("x{}", var.0),
            mult,
            bound,
        }
    }

    fn total_order(&mut self, depth: u32) -> Formula {
        let unary: Vec<_> = self
            .relations
            .iter()
            .filter(|(_, a)| *a == 1)
            .copied()
            .collect();
        let binary: Vec<_> = self
            .relations
            .iter()
            .filter(|(_, a)| *a == 2)
            .copied()
            .collect();
        // The first relation is unary, so `unary` is never empty.
        let (elems, _) = *self.rng.pick(&unary);
        let first = if self.rng.chance(50) {
            let atom = self.rng.below(self.atoms as usize) as u32;
            Expr::constant(TupleSet::of_atoms([atom]))
        } else {
            self.expr(1, depth)
        };
        let next = if !binary.is_empty() && self.rng.chance(60) {
            Expr::rel(self.rng.pick(&binary).0, 2)
        } else {
            self.expr(2, depth)
        };
        Formula::total_order(Expr::rel(elems, 1), first, next)
    }

    /// `StrictOrder` over a binary relation (mostly) or expression, on a unary relation
    /// (mostly: that is the shape order fixing applies to) or expression.
    fn strict_order(&mut self, depth: u32) -> Formula {
        let binary: Vec<_> = self
            .relations
            .iter()
            .filter(|(_, a)| *a == 2)
            .copied()
            .collect();
        let unary: Vec<_> = self
            .relations
            .iter()
            .filter(|(_, a)| *a == 1)
            .copied()
            .collect();
        let rel = if !binary.is_empty() && self.rng.chance(75) {
            Expr::rel(self.rng.pick(&binary).0, 2)
        } else {
            self.expr(2, depth)
        };
        let elems = if self.rng.chance(75) {
            Expr::rel(self.rng.pick(&unary).0, 1)
        } else {
            self.expr(1, depth)
        };
        Formula::strict_order(rel, elems)
    }

    /// Mostly unary or binary, sometimes ternary.
    fn arity(&mut self) -> usize {
        match self.rng.below(10) {
            0..5 => 1,
            5..9 => 2,
            _ => 3,
        }
    }

    fn expr(&mut self, arity: usize, depth: u32) -> Expr {
        if depth == 0 || self.rng.chance(20) {
            return self.leaf(arity);
        }
        let d = depth - 1;
        let mut ops = vec![
            Op::Union,
            Op::Intersection,
            Op::Difference,
            Op::Override,
            Op::Join,
            Op::Join,
            Op::DomainRestrict,
            Op::RangeRestrict,
            Op::IfThenElse,
        ];
        if arity >= 2 {
            ops.push(Op::Product);
        }
        if arity == 2 {
            ops.extend([Op::Transpose, Op::Closure, Op::ReflexiveClosure]);
        }
        if arity <= 2 {
            ops.push(Op::Comprehension);
        }
        match *self.rng.pick(&ops) {
            Op::Union => Expr::union(self.expr(arity, d), self.expr(arity, d)),
            Op::Intersection => Expr::intersection(self.expr(arity, d), self.expr(arity, d)),
            Op::Difference => Expr::difference(self.expr(arity, d), self.expr(arity, d)),
            Op::Override => Expr::override_(self.expr(arity, d), self.expr(arity, d)),
            Op::Join => {
                // Operand arities (a, b) with a + b - 2 = arity, none above 3; mostly binary.
                let splits: &[(usize, usize)] = match arity {
                    1 => &[(1, 2), (2, 1)],
                    2 => &[(2, 2), (2, 2), (2, 2), (1, 3), (3, 1)],
                    _ => &[(2, 3), (3, 2)],
                };
                let (a, b) = *self.rng.pick(splits);
                Expr::join(self.expr(a, d), self.expr(b, d))
            }
            Op::Product => {
                let left = if arity == 3 { 1 + self.rng.below(2) } else { 1 };
                Expr::product(self.expr(left, d), self.expr(arity - left, d))
            }
            Op::Transpose => Expr::transpose(self.expr(2, d)),
            Op::Closure => Expr::closure(self.expr(2, d)),
            Op::ReflexiveClosure => Expr::reflexive_closure(self.expr(2, d)),
            Op::DomainRestrict => Expr::domain_restrict(self.expr(1, d), self.expr(arity, d)),
            Op::RangeRestrict => Expr::range_restrict(self.expr(arity, d), self.expr(1, d)),
            Op::IfThenElse => {
                let c = self.formula(d);
                Expr::if_then_else(c, self.expr(arity, d), self.expr(arity, d))
            }
            Op::Comprehension => {
                let scope = self.vars.len();
                let decls = self.first_order_decls(arity, d);
                let body = self.formula(d);
                self.vars.truncate(scope);
                Expr::comprehension(decls, body)
            }
        }
    }

    fn leaf(&mut self, arity: usize) -> Expr {
        let relations: Vec<_> = self
            .relations
            .iter()
            .filter(|(_, a)| *a == arity)
            .copied()
            .collect();
        let vars: Vec<_> = self
            .vars
            .iter()
            .filter(|(_, a)| *a == arity)
            .copied()
            .collect();
        // Relations and variables are what make formulas interesting, so weigh them up.
        let mut choices = vec!["const", "none"];
        if !relations.is_empty() {
            choices.extend(["rel"; 4]);
        }
        if !vars.is_empty() {
            choices.extend(["var"; 4]);
        }
        if arity == 1 {
            choices.push("univ");
        }
        if arity == 2 {
            choices.push("iden");
        }
        match *self.rng.pick(&choices) {
            "rel" => Expr::rel(self.rng.pick(&relations).0, arity),
            "var" => Expr::var(self.rng.pick(&vars).0, arity),
            "univ" => Expr::univ(),
            "iden" => Expr::iden(),
            "none" => Expr::none(arity),
            _ => {
                let all = all_tuples(self.atoms, arity);
                Expr::constant(self.rng.subset(&all))
            }
        }
    }

    /// `some h: set B | all <decls> | body`, see [`random_exists_forall_problem`].
    fn exists_forall(&mut self) -> Formula {
        let outer_bound = self.small_binary_bound(4);
        let h = self.declare(DeclMult::Set, outer_bound);
        let inner = match self.rng.below(10) {
            0..4 => {
                let bound = self.small_binary_bound(3);
                vec![self.declare(DeclMult::Set, bound)]
            }
            4..7 => {
                let n = 1 + self.rng.below(2);
                self.first_order_decls(n, 1)
            }
            _ => self.mixed_decls(),
        };
        let mut mention = self.mentioning(h.var);
        if let Some(link) = self.linking(&inner, h.var) {
            mention = match self.rng.below(3) {
                0 => Formula::and([link, mention]),
                1 => Formula::or([link, mention]),
                _ => link.implies(mention),
            };
        }
        let rest = self.formula(2);
        let body = if rest.is_true() || rest.is_false() {
            mention
        } else {
            match self.rng.below(3) {
                0 => Formula::and([rest, mention]),
                1 => Formula::or([rest, mention]),
                _ => rest.implies(mention),
            }
        };
        self.vars.clear();
        let exists_forall = Formula::exists(vec![h], Formula::forall(inner, body));
        let side = self.formula(2);
        if self.rng.chance(50) && !side.is_true() && !side.is_false() {
            Formula::and([side, exists_forall])
        } else {
            exists_forall
        }
    }

    /// Two or three decls mixing first-order variables with `set`, `lone`, `some` and
    /// `one` variables over relations, in random order, at least one over relations: the
    /// shape where a verifier's counterexample must be coherent across variables.
    fn mixed_decls(&mut self) -> Vec<Decl> {
        if self.rng.chance(60) {
            // A first-order variable, then a unary one over relations whose value in a
            // counterexample depends on it, sometimes a first-order one after.
            let bound = self.expr(1, 1);
            let x = self.declare(DeclMult::One, bound);
            let mult = *self
                .rng
                .pick(&[DeclMult::Set, DeclMult::Lone, DeclMult::Some]);
            let bound = self.expr(1, 1);
            let t = self.declare(mult, bound);
            let mut decls = vec![x, t];
            if self.rng.chance(50) {
                let bound = self.expr(1, 1);
                decls.push(self.declare(DeclMult::One, bound));
            }
            return decls;
        }
        let n = 2 + self.rng.below(2);
        let higher = self.rng.below(n);
        let mut decls = Vec::new();
        for i in 0..n {
            let over_relations = i == higher || self.rng.chance(40);
            let decl = if !over_relations {
                let bound = self.expr(1, 1);
                self.declare(DeclMult::One, bound)
            } else if self.rng.chance(30) {
                let bound = self.small_binary_bound(3);
                let mult = *self
                    .rng
                    .pick(&[DeclMult::Set, DeclMult::One, DeclMult::Lone]);
                self.declare(mult, bound)
            } else {
                let mult = *self
                    .rng
                    .pick(&[DeclMult::Set, DeclMult::Lone, DeclMult::Some]);
                let bound = self.expr(1, 1);
                self.declare(mult, bound)
            };
            decls.push(decl);
        }
        decls
    }

    /// An atomic formula tying a first-order variable `x` of `decls` to a unary variable
    /// over relations `t` declared after it, through `h` (`x->t in h`, `t in x.h`,
    /// `x.h in t`, `x.h = t`); `None` when no such pair exists.
    fn linking(&mut self, decls: &[Decl], h: VarId) -> Option<Formula> {
        let x = decls.iter().position(|d| d.is_first_order())?;
        let t = decls[x + 1..]
            .iter()
            .find(|d| !d.is_first_order() && d.arity() == 1)?;
        let (xe, te, hv) = (decls[x].var_expr(), t.var_expr(), Expr::var(h, 2));
        Some(match self.rng.below(4) {
            0 => Formula::subset(Expr::product(xe, te), hv),
            1 => Formula::subset(te, Expr::join(xe, hv)),
            2 => Formula::subset(Expr::join(xe, hv), te),
            _ => Formula::equal(Expr::join(xe, hv), te),
        })
    }

    /// A binary bound for a `set` decl: a binary relation, or a constant of at most `max`
    /// tuples (so that the subsets to enumerate stay few).
    fn small_binary_bound(&mut self, max: usize) -> Expr {
        let binary: Vec<_> = self
            .relations
            .iter()
            .filter(|(_, a)| *a == 2)
            .copied()
            .collect();
        if !binary.is_empty() && self.rng.chance(50) {
            return Expr::rel(self.rng.pick(&binary).0, 2);
        }
        let mut tuples: Vec<Tuple> = all_tuples(self.atoms, 2)
            .iter()
            .map(<[Atom]>::to_vec)
            .collect();
        while tuples.len() > max {
            let i = self.rng.below(tuples.len());
            tuples.remove(i);
        }
        let chosen = self.rng.subset(&TupleSet::from_tuples(2, tuples));
        Expr::constant(chosen)
    }

    /// An atomic formula over an expression built around the binary variable `h`.
    fn mentioning(&mut self, h: VarId) -> Formula {
        let hv = Expr::var(h, 2);
        let unary_vars: Vec<_> = self.vars.iter().filter(|(_, a)| *a == 1).copied().collect();
        let e = match self.rng.below(5) {
            0 => hv,
            1 if !unary_vars.is_empty() => {
                Expr::join(Expr::var(self.rng.pick(&unary_vars).0, 1), hv)
            }
            1 | 2 => Expr::union(hv, self.expr(2, 1)),
            3 => Expr::intersection(hv, self.expr(2, 1)),
            _ => Expr::closure(hv),
        };
        let arity = e.arity();
        match self.rng.below(4) {
            0 => Formula::subset(e, self.expr(arity, 1)),
            1 => Formula::subset(self.expr(arity, 1), e),
            2 => Formula::equal(e, self.expr(arity, 1)),
            _ => {
                let m =
                    *self
                        .rng
                        .pick(&[MultTest::Some, MultTest::No, MultTest::Lone, MultTest::One]);
                Formula::mult(m, e)
            }
        }
    }
}

#[test]
fn generator_covers_every_kind() {
    let mut counts = KindCounts::default();
    for seed in 0..1000 {
        counts.add_formula(&random_problem(seed).formula);
    }
    for kind in EXPR_KINDS {
        let n = counts.get(&format!("expr:{kind}"));
        assert!(
            n > 0,
            "no expression of kind {kind} in 1000 samples: {counts:?}"
        );
    }
    for kind in FORMULA_KINDS {
        let n = counts.get(&format!("formula:{kind}"));
        assert!(
            n > 0,
            "no formula of kind {kind} in 1000 samples: {counts:?}"
        );
    }
}

#[test]
fn generator_is_deterministic_and_seeds_differ() {
    let a = random_problem(42);
    let b = random_problem(42);
    assert_eq!(a.bounds, b.bounds);
    assert_eq!(a.formula, b.formula);
    let distinct: std::collections::BTreeSet<String> = (0..50)
        .map(|s| random_problem(s).formula.to_string())
        .collect();
    assert!(
        distinct.len() > 40,
        "only {} distinct formulas",
        distinct.len()
    );
}

#[test]
fn bounds_have_the_promised_shape() {
    let mut rng = Rng::new(7);
    let mut lower_kinds = [0usize; 3]; // empty, equal to upper, partial
    for _ in 0..500 {
        let bounds = random_bounds(&mut rng);
        assert!((1..=3).contains(&bounds.universe.len()));
        assert!((2..=3).contains(&bounds.relations.len()));
        assert_eq!(bounds.relations[0].arity, 1);
        assert!(free_tuples(&bounds) <= MAX_FREE_TUPLES);
        for r in &bounds.relations {
            assert!((1..=2).contains(&r.arity));
            assert_eq!(r.lower.arity(), r.arity);
            assert_eq!(r.upper.arity(), r.arity);
            assert!(r.lower.is_subset(&r.upper));
            assert!(
                r.upper
                    .iter()
                    .flatten()
                    .all(|&a| (a as usize) < bounds.universe.len())
            );
            let kind = if r.lower.is_empty() {
                0
            } else if r.lower == r.upper {
                1
            } else {
                2
            };
            lower_kinds[kind] += 1;
        }
    }
    assert!(
        lower_kinds[0] > lower_kinds[1] && lower_kinds[0] > lower_kinds[2],
        "lower bounds should be mostly empty: {lower_kinds:?}"
    );
    assert!(lower_kinds[1] > 0 && lower_kinds[2] > 0, "{lower_kinds:?}");
}

#[test]
fn exists_forall_problems_have_the_promised_shape() {
    for seed in 0..200 {
        let p = random_exists_forall_problem(seed);
        let f = &p.formula;
        let ef = match f.kind() {
            FormulaKind::And(parts) => parts.last().expect("a conjunction has parts"),
            _ => f,
        };
        let FormulaKind::Quant(Quantifier::Some, outer, body) = ef.kind() else {
            panic!("seed {seed}: not an existential: {f}");
        };
        assert_eq!(outer.len(), 1);
        assert_eq!(outer[0].mult, DeclMult::Set);
        assert_eq!(outer[0].arity(), 2);
        let FormulaKind::Quant(Quantifier::All, inner, _) = body.kind() else {
            panic!("seed {seed}: no universal under the existential: {f}");
        };
        assert!(!inner.is_empty());
        let mut counts = KindCounts::default();
        counts.add_formula(body);
        let h = outer[0].var.0;
        assert!(
            counts.get(&format!("var:{h}")) > 0,
            "seed {seed}: body ignores h: {f}"
        );
    }
}
