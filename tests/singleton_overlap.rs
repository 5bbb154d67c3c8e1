//! Comparing known singletons by overlap ([`solder::logic::singletons`]) against brute
//! force: random problems whose facts make `x.f` a singleton (a field declared `one`),
//! sometimes only `lone` or `some` (where nothing may be rewritten), with equalities among
//! `x.f`, `y.g`, variables and `one` constants under quantifiers, negations and
//! implications. The number of instances, with the rewrite on and off, must equal the
//! independent evaluator's count over every instance of the bounds, and every instance the
//! solver enumerates must satisfy the original formula.

use crate::common::random_problem;

use random_problem::Rng;
use solder::instance::brute::count_models;
use solder::instance::evaluate::eval_formula;
use solder::logic::singletons::overlap_singleton_equalities;
use solder::logic::{
    Bounds, Decl, DeclMult, Expr, Formula, MultTest, Problem, Quantifier, RelId, Relation,
    RelationKind, TupleSet, Universe, VarId,
};
use solder::solve::{BackendKind, Enumerator, Outcome, SolveOptions};

const PROBLEMS: u64 = 200;

struct Gen {
    rng: Rng,
    next_var: u32,
    s: Expr,
    t: Expr,
    fields: Vec<Expr>,
    k: Expr,
    /// First-order variables in scope.
    vars: Vec<Expr>,
}

fn relation(name: &str, lower: TupleSet, upper: TupleSet) -> Relation {
    Relation {
        name: name.into(),
        arity: upper.arity(),
        kind: if upper.arity() == 1 {
            RelationKind::Sig
        } else {
            RelationKind::Field
        },
        lower,
        upper,
    }
}

impl Gen {
    fn decl(&mut self, bound: Expr) -> Decl {
        self.next_var += 1;
        Decl {
            var: VarId(self.next_var),
            name: format!("v{}", self.next_var),
            mult: DeclMult::One,
            bound,
        }
    }

    /// A unary expression: often one that may be a known singleton.
    fn unary(&mut self) -> Expr {
        let n = self.vars.len();
        match self.rng.below(8) {
            0..5 if n > 0 => {
                let v = self.vars[self.rng.below(n)].clone();
                let f = self.fields[self.rng.below(self.fields.len())].clone();
                Expr::join(v, f)
            }
            5 if n > 0 => self.vars[self.rng.below(n)].clone(),
            6 => self.k.clone(),
            _ if n > 0 => {
                let v = self.vars[self.rng.below(n)].clone();
                Expr::union(Expr::join(v, self.fields[0].clone()), self.k.clone())
            }
            _ => Expr::join(self.s.clone(), self.fields[0].clone()),
        }
    }

    fn formula(&mut self, depth: u32) -> Formula {
        let choice = match depth {
            0 => 0,
            // The body starts with `all`, so that there are variables to join.
            4 => 5,
            _ => self.rng.below(7),
        };
        match choice {
            0..2 => {
                let (a, b) = (self.unary(), self.unary());
                a.eq(&b)
            }
            2 => self.formula(depth - 1).not(),
            3 => self.formula(depth - 1).and2(self.formula(depth - 1)),
            4 => self.formula(depth - 1).implies(self.formula(depth - 1)),
            _ => {
                // Bounded by S (where the facts speak), or by something else.
                let bound = match self.rng.below(6) {
                    0..4 => self.s.clone(),
                    4 => self.t.clone(),
                    _ => Expr::union(self.s.clone(), self.t.clone()),
                };
                let d = self.decl(bound);
                self.vars.push(d.var_expr());
                let body = self.formula(depth - 1);
                self.vars.pop();
                // Universal at the top: an existential there would become a skolem
                // relation and multiply the instances to enumerate.
                let q = if depth == 4 || self.rng.chance(50) {
                    Quantifier::All
                } else {
                    Quantifier::Some
                };
                Formula::quant(q, vec![d], body)
            }
        }
    }
}

fn random_singleton_problem(seed: u64) -> Problem {
    let mut bounds = Bounds {
        universe: Universe::new((0..4).map(|i| format!("A${i}")).collect()),
        relations: vec![],
    };
    let ss = TupleSet::of_atoms([0, 1]);
    let ts = TupleSet::of_atoms([2, 3]);
    let s = bounds.add(relation("S", TupleSet::empty(1), ss.clone()));
    let t = bounds.add(relation("T", ts.clone(), ts.clone()));
    let st = solder::logic::upper::product(&ss, &ts);
    let f = bounds.add(relation("f", TupleSet::empty(2), st.clone()));
    let g = bounds.add(relation("g", TupleSet::empty(2), st));
    let k = bounds.add(relation("k", TupleSet::empty(1), ts));
    let rel = |r: RelId, arity| Expr::rel(r, arity);
    let mut g0 = Gen {
        rng: Rng::new(seed),
        next_var: 0,
        s: rel(s, 1),
        t: rel(t, 1),
        fields: vec![rel(f, 2), rel(g, 2)],
        k: rel(k, 1),
        vars: Vec::new(),
    };
    let mut facts = Vec::new();
    for field in g0.fields.clone() {
        // Mostly `one` (the rewrite's case); `lone`/`some`/none must leave it alone.
        let mult = match g0.rng.below(8) {
            0..5 => Some(MultTest::One),
            5 => Some(MultTest::Lone),
            6 => Some(MultTest::Some),
            _ => None,
        };
        if let Some(m) = mult {
            let d = g0.decl(g0.s.clone());
            let this_f = Expr::join(d.var_expr(), field.clone());
            facts.push(Formula::forall(
                vec![d],
                this_f.in_(&g0.t).and2(Formula::mult(m, this_f)),
            ));
        }
    }
    if g0.rng.chance(50) {
        facts.push(g0.k.one());
    }
    let body = g0.formula(4);
    facts.push(body);
    Problem {
        bounds,
        formula: Formula::and(facts),
    }
}

fn count_with(problem: &Problem, overlap: bool, backend: BackendKind, seed: u64) -> u64 {
    let opts = SolveOptions {
        backend,
        symmetry: 0,
        overlap_singletons: overlap,
        ..SolveOptions::default()
    };
    let mut e =
        Enumerator::new(problem, &opts).unwrap_or_else(|err| panic!("seed {seed}: {err:?}"));
    // Skolem constants are enumerated too: count distinct values of the problem's own
    // relations.
    let mut seen = std::collections::HashSet::new();
    loop {
        match e.next() {
            Outcome::Sat(inst) => {
                let values = solder::instance::Instance {
                    universe: inst.universe.clone(),
                    values: inst.values[..problem.bounds.relations.len()].to_vec(),
                };
                assert!(
                    eval_formula(&values, &problem.formula).expect("evaluates"),
                    "seed {seed}: an enumerated instance violates {}",
                    problem.formula
                );
                seen.insert(format!("{:?}", values.values));
            }
            Outcome::Unsat => return seen.len() as u64,
            Outcome::Interrupted => panic!("seed {seed}: interrupted"),
        }
    }
}

#[test]
fn overlap_of_singletons_keeps_every_instance() {
    let mut rewritten = 0;
    for seed in 0..PROBLEMS {
        let p = random_singleton_problem(seed);
        if overlap_singleton_equalities(&p.formula) != p.formula {
            rewritten += 1;
        }
        let expected = count_models(&p.bounds, &p.formula, 1 << 20).expect("brute force");
        let counts: Vec<u64> = [true, false]
            .into_iter()
            .enumerate()
            .map(|(i, overlap)| {
                let backend = if (seed as usize + i).is_multiple_of(2) {
                    BackendKind::Cadical
                } else {
                    BackendKind::Varisat
                };
                count_with(&p, overlap, backend, seed)
            })
            .collect();
        assert_eq!(
            counts,
            [expected, expected],
            "seed {seed}: instances with overlap on and off, then brute force {expected}\n{}",
            p.formula
        );
    }
    println!("{PROBLEMS} problems, {rewritten} rewritten");
    // The comparison proves little unless the rewrite fires often.
    assert!(rewritten > PROBLEMS / 3, "only {rewritten} rewritten");
}
