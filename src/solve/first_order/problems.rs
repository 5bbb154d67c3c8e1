//! Tiny random problems for the tests: plain ones, with total orders, with interchangeable
//! atoms, and with orders whose transitivity is added lazily.

use super::brute::all_tuples;
use super::*;

use crate::logic::{
    Atom, CardCmp, Decl, DeclMult, Expr, Formula, MultTest, Quantifier, RelId, Relation,
    RelationKind, Tuple, TupleSet, Universe, VarId,
};

pub(super) struct Rng(pub(super) u64);
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
                let cmp = [CardCmp::AtMost, CardCmp::AtLeast, CardCmp::Exactly][self.rng.below(3)];
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

pub(super) fn universe(n: usize) -> Universe {
    Universe::new((0..n).map(|i| format!("A${i}")).collect())
}

pub(super) fn relation(name: &str, lower: TupleSet, upper: TupleSet) -> Relation {
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
pub(super) fn random_problem(rng: &mut Rng) -> Problem {
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
pub(super) fn ordered_problem(rng: &mut Rng) -> Problem {
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
pub(super) fn symmetric_problem(rng: &mut Rng) -> Problem {
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

/// A problem that `lazy_orders` rewrites: a witness order (`some co | strictTotalOrder[co,
/// A] and …`, skolemized into a tournament), acyclicity constraints and compositions
/// `a.b in c` at the top level, with random side constraints over small relations.
pub(super) fn lazy_problem(rng: &mut Rng) -> Problem {
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
