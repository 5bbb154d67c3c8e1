//! Reading quantifiers over total injective maps as comparisons of counts
//! ([`solder::logic::injections`]) against enumeration: random quantifiers over maps
//! `f: set X -> Y` whose bodies are the reading's shape (totality, injectivity, the
//! subset and strictness conjuncts, other conjuncts) or a near miss of it (`lone` for
//! `one`, `some` for `lone`, a conjunct over another set, a missing conjunct), under
//! `some`, `all … | not`, negation, and an outer `some S` (so that CEGIS verifies them).
//!
//! For every instance of the bounds, the evaluator deciding those quantifiers by counting
//! must agree with the evaluator enumerating every map; and the solver, with the reading
//! on and off, must agree with brute force, each instance it finds re-checked by
//! enumeration.

use crate::common::random_problem;

use random_problem::Rng;
use solder::instance::Instance;
use solder::instance::brute::for_each_instance;
use solder::instance::evaluate::{eval_formula, eval_formula_counting};
use solder::logic::injections::size_comparison;
use solder::logic::{
    Bounds, Decl, DeclMult, Expr, Formula, Problem, Relation, RelationKind, TupleSet, Universe,
    VarId,
};
use solder::solve::{Outcome, SolveOptions, Solver};

const PROBLEMS: u64 = 240;

struct Gen {
    rng: Rng,
    a: Expr,
    b: Expr,
    /// The outer `some S` variable, when there is one.
    s: Option<Expr>,
}

impl Gen {
    /// A set the map's domain or range may be: A, B, their union or intersection, or S.
    fn set(&mut self) -> Expr {
        let (a, b) = (self.a.clone(), self.b.clone());
        match (self.rng.below(5), &self.s) {
            (0, _) => a,
            (1, _) => b,
            (2, _) => Expr::union(a, b),
            (3, _) => Expr::intersection(a, b),
            (_, Some(s)) => s.clone(),
            (_, None) => a,
        }
    }

    /// `q f: set bound | body` with a body of the reading's shape or a near miss.
    fn quantifier(&mut self) -> Formula {
        let (r, q) = (self.set(), self.set());
        let f_decl = Decl {
            var: VarId(1),
            name: "f".into(),
            mult: DeclMult::Set,
            bound: match self.rng.below(4) {
                0 | 1 => Expr::product(r.clone(), q.clone()),
                2 => Expr::product(Expr::univ(), Expr::univ()),
                _ => Expr::product(self.set(), self.set()),
            },
        };
        let f = f_decl.var_expr();
        let x = Decl {
            var: VarId(2),
            name: "x".into(),
            mult: DeclMult::One,
            bound: r.clone(),
        };
        let y = Decl {
            var: VarId(3),
            name: "y".into(),
            mult: DeclMult::One,
            bound: q.clone(),
        };
        let mut conjuncts = Vec::new();
        match self.rng.below(10) {
            0..7 => conjuncts.push(f.in_(&Expr::product(r.clone(), q.clone()))),
            7 => {
                let other = Expr::product(self.set(), self.set());
                conjuncts.push(f.in_(&other));
            }
            _ => {}
        }
        // Totality over R.
        let image = Expr::join(x.var_expr(), f.clone());
        match self.rng.below(10) {
            0..8 => conjuncts.push(Formula::forall(vec![x.clone()], image.one())),
            8 => {
                conjuncts.push(Formula::forall(vec![x.clone()], image.lone()));
            }
            _ => {
                let other = Decl {
                    bound: self.set(),
                    ..x.clone()
                };
                conjuncts.push(Formula::forall(vec![other], image.one()));
            }
        }
        // Injectivity over Q.
        let preimage = Expr::join(f.clone(), y.var_expr());
        match self.rng.below(10) {
            0..8 => conjuncts.push(Formula::forall(vec![y.clone()], preimage.lone())),
            8 => {
                conjuncts.push(Formula::forall(vec![y.clone()], preimage.some()));
            }
            _ => {}
        }
        if self.rng.chance(40) {
            conjuncts.push(Expr::difference(q.clone(), Expr::join(r.clone(), f.clone())).some());
        }
        if self.rng.chance(30) {
            conjuncts.push(if self.rng.chance(50) {
                self.a.some()
            } else {
                self.a.in_(&self.b)
            });
        }
        let body = Formula::and(conjuncts);
        match self.rng.below(3) {
            0 => Formula::exists(vec![f_decl], body),
            1 => Formula::forall(vec![f_decl], body.not()),
            _ => Formula::exists(vec![f_decl], body).not(),
        }
    }
}

/// A unary relation over `atoms` atoms: free, or (when `fixed` is given) exactly that
/// set, so that the verdict depends on the counts.
fn unary(bounds: &mut Bounds, name: &str, atoms: u32, fixed: Option<TupleSet>) -> Expr {
    let (lower, upper) = match fixed {
        Some(set) => (set.clone(), set),
        None => (TupleSet::empty(1), TupleSet::of_atoms(0..atoms)),
    };
    let id = bounds.add(Relation {
        name: name.into(),
        arity: 1,
        kind: RelationKind::Sig,
        lower,
        upper,
    });
    Expr::rel(id, 1)
}

/// A random problem and whether its map quantifier has the reading (on some instance).
fn random_problem(seed: u64) -> (Problem, bool) {
    let atoms = 2 + (seed % 2) as u32;
    let mut bounds = Bounds {
        universe: Universe::new((0..atoms).map(|i| format!("A${i}")).collect()),
        relations: vec![],
    };
    let mut rng = Rng::new(seed);
    let all = TupleSet::of_atoms(0..atoms);
    let fixed = rng.chance(50);
    let a_set = fixed.then(|| rng.subset(&all));
    let b_set = fixed.then(|| rng.subset(&all));
    let a = unary(&mut bounds, "A", atoms, a_set);
    let b = unary(&mut bounds, "B", atoms, b_set);
    // An outer `some S` makes the map quantifier a universal one under an existential:
    // CEGIS verifies it.
    let outer = rng.chance(40);
    let s_decl = Decl {
        var: VarId(4),
        name: "S".into(),
        mult: DeclMult::Set,
        bound: Expr::univ(),
    };
    let mut g = Gen {
        rng,
        a,
        b,
        s: outer.then(|| s_decl.var_expr()),
    };
    let quantifier = g.quantifier();
    let read = read_as_count(&quantifier);
    let formula = if outer {
        let s = s_decl.var_expr();
        Formula::exists(
            vec![s_decl],
            Formula::and([s.in_(&Expr::union(g.a.clone(), g.b.clone())), quantifier]),
        )
    } else {
        quantifier
    };
    (Problem { bounds, formula }, read)
}

/// Whether the matcher reads the map quantifier (the formula itself, or under `not`).
fn read_as_count(f: &Formula) -> bool {
    use solder::logic::FormulaKind;
    match f.kind() {
        FormulaKind::Not(inner) => read_as_count(inner),
        FormulaKind::Quant(q, decls, body) => size_comparison(*q, &decls[0], body).is_some(),
        _ => false,
    }
}

fn solve(p: &Problem, count_injections: bool, seed: u64) -> bool {
    let opts = SolveOptions {
        count_injections,
        check_lemmas: true,
        ..SolveOptions::default()
    };
    let mut solver = Solver::new(p, &opts).unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
    match solver
        .next()
        .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"))
    {
        Outcome::Sat(inst) => {
            let own = Instance {
                universe: inst.universe.clone(),
                values: inst.values[..p.bounds.relations.len()].to_vec(),
            };
            assert!(
                eval_formula(&own, &p.formula).expect("evaluates"),
                "seed {seed} (count_injections={count_injections}): the instance violates\n{}",
                p.formula
            );
            true
        }
        Outcome::Unsat => false,
        Outcome::Interrupted => panic!("seed {seed}: interrupted"),
    }
}

#[test]
fn counting_agrees_with_enumerating_maps() {
    let (mut read, mut models) = (0, 0);
    for seed in 0..PROBLEMS {
        let (p, is_read) = random_problem(seed);
        read += usize::from(is_read);
        let mut has_model = false;
        for_each_instance(&p.bounds, 1 << 12, |inst| {
            let enumerated = eval_formula(inst, &p.formula)
                .unwrap_or_else(|e| panic!("seed {seed}: enumeration: {e:?}"));
            let counted = eval_formula_counting(inst, &p.formula)
                .unwrap_or_else(|e| panic!("seed {seed}: counting: {e:?}\n{}", p.formula));
            assert_eq!(
                counted, enumerated,
                "seed {seed}: counting says {counted}, enumeration {enumerated} on {:?}\n{}",
                inst.values, p.formula
            );
            has_model |= enumerated;
            true
        })
        .expect("brute force");
        models += usize::from(has_model);
        for on in [true, false] {
            assert_eq!(
                solve(&p, on, seed),
                has_model,
                "seed {seed}: the solver with count_injections={on} disagrees with brute force ({has_model})\n{}",
                p.formula
            );
        }
    }
    println!("{PROBLEMS} problems, {read} read as counts, {models} with a model");
    // The comparison proves little unless the reading fires often, and misses too.
    let read = read as u64;
    assert!(read > PROBLEMS / 3, "only {read} read as counts");
    assert!(
        read < PROBLEMS * 9 / 10,
        "{read} read as counts: too few near misses"
    );
    let models = models as u64;
    assert!(
        models > PROBLEMS / 5 && models < PROBLEMS * 4 / 5,
        "{models} with a model"
    );
}
