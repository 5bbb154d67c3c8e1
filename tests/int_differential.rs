//! Integers against brute force: random small problems whose formulas compare, add, count
//! and sum, at bitwidths 2–4, solved with integers wrapping around and with Alloy's
//! overflow prevention, first-order and with one quantifier over sets, must agree with
//! enumerating every instance through the independent evaluator (which computes integers
//! by arithmetic, not by circuits), with comparisons through ladders (the order encoding,
//! used where a set provably holds at most one integer: half the problems state
//! `all a: S | lone a.val` or `one a.val` first, and sets are chosen by if-then-else) and
//! through adders only. Every SAT answer is re-checked by the evaluator.

use crate::common::random_problem;

use random_problem::Rng;
use solder::instance::brute::count_models;
use solder::instance::evaluate::eval_formula;
use solder::logic::overflow::prevent_overflow;
use solder::logic::{
    Bounds, Decl, DeclMult, Expr, Formula, IntAtoms, IntCmp, IntExpr, IntOp, Problem, Quantifier,
    Relation, RelationKind, TupleSet, Universe, VarId,
};
use solder::solve::{BackendKind, Outcome, SolveOptions, Solver};

/// A random problem: `atoms` plain atoms and the integers of `bitwidth`, with
/// `Int` (exact), a unary `S` over the plain atoms, a field `val: S -> Int` and a set of
/// integers `I`; about a dozen free tuples so that brute force stays cheap.
struct Shape {
    bounds: Bounds,
    ints: Expr,
    s: Expr,
    val: Expr,
    i: Expr,
}

fn shape(rng: &mut Rng) -> Shape {
    let bitwidth = 2 + rng.below(3) as u32;
    let plain = 1 + rng.below(2) as u32;
    let mut names: Vec<String> = (0..plain).map(|i| format!("A${i}")).collect();
    let first = names.len() as u32;
    let count = 1u32 << bitwidth;
    let min = -(1i64 << (bitwidth - 1));
    names.extend((0..count).map(|k| (min + k as i64).to_string()));
    let universe = Universe::with_ints(names, IntAtoms { bitwidth, first });
    let int_atoms: Vec<u32> = (first..first + count).collect();
    let mut bounds = Bounds {
        universe,
        relations: Vec::new(),
    };
    let all_ints = TupleSet::of_atoms(int_atoms.iter().copied());
    let ints = bounds.add(Relation {
        name: "Int".into(),
        arity: 1,
        kind: RelationKind::Internal,
        lower: all_ints.clone(),
        upper: all_ints,
    });
    let plain_atoms = TupleSet::of_atoms(0..plain);
    let s = bounds.add(Relation {
        name: "S".into(),
        arity: 1,
        kind: RelationKind::Sig,
        lower: TupleSet::empty(1),
        upper: plain_atoms,
    });
    // A few candidate values per atom keep the free tuples few.
    let mut val_upper = TupleSet::empty(2);
    for a in 0..plain {
        for _ in 0..3 {
            val_upper.insert(vec![a, *rng.pick(&int_atoms)]);
        }
    }
    let val = bounds.add(Relation {
        name: "val".into(),
        arity: 2,
        kind: RelationKind::Field,
        lower: TupleSet::empty(2),
        upper: val_upper,
    });
    let mut i_upper = TupleSet::empty(1);
    for _ in 0..4 {
        i_upper.insert(vec![*rng.pick(&int_atoms)]);
    }
    let i = bounds.add(Relation {
        name: "I".into(),
        arity: 1,
        kind: RelationKind::Sig,
        lower: TupleSet::empty(1),
        upper: i_upper,
    });
    Shape {
        bounds,
        ints: Expr::rel(ints, 1),
        s: Expr::rel(s, 1),
        val: Expr::rel(val, 2),
        i: Expr::rel(i, 1),
    }
}

struct Gen<'a> {
    rng: &'a mut Rng,
    shape: &'a Shape,
    /// Variables over plain atoms and over integers in scope.
    atom_vars: Vec<VarId>,
    int_vars: Vec<VarId>,
    set_vars: Vec<VarId>,
    next_var: u32,
    bitwidth: u32,
    /// Mostly sets of at most one integer, and always the declaration that says so.
    ladders: bool,
}

impl Gen<'_> {
    fn var(&mut self) -> VarId {
        self.next_var += 1;
        VarId(self.next_var)
    }

    fn decl(&mut self, bound: Expr, mult: DeclMult) -> Decl {
        let var = self.var();
        Decl {
            var,
            name: format!("v{}", var.0),
            mult,
            bound,
        }
    }

    /// A set of integers.
    fn int_set(&mut self, depth: u32) -> Expr {
        if self.ladders && !self.atom_vars.is_empty() && self.rng.chance(60) {
            let v = Expr::var(*self.rng.pick(&self.atom_vars), 1);
            return Expr::join(v, self.shape.val.clone());
        }
        let mut choices = vec![0, 1, 2];
        // `v.val` and `v` hold at most one integer (the former under the fact): weighted up
        // so that ladders see many comparisons.
        if !self.atom_vars.is_empty() {
            choices.extend([3, 3, 3]);
        }
        if !self.int_vars.is_empty() {
            choices.extend([4, 4]);
        }
        if depth > 0 {
            choices.extend([5, 6, 7]);
        }
        match *self.rng.pick(&choices) {
            0 => self.shape.i.clone(),
            1 => Expr::join(self.shape.s.clone(), self.shape.val.clone()),
            2 => self.shape.ints.clone(),
            3 => Expr::join(
                Expr::var(*self.rng.pick(&self.atom_vars), 1),
                self.shape.val.clone(),
            ),
            4 => Expr::var(*self.rng.pick(&self.int_vars), 1),
            5 => self.int(depth - 1).atom(),
            7 => {
                let c = self.formula(depth - 1);
                Expr::if_then_else(c, self.int_set(depth - 1), self.int_set(depth - 1))
            }
            _ => {
                let a = self.int_set(depth - 1);
                let b = self.int_set(depth - 1);
                if self.rng.chance(50) {
                    Expr::union(a, b)
                } else {
                    Expr::difference(a, b)
                }
            }
        }
    }

    /// A set of plain atoms.
    fn atom_set(&mut self) -> Expr {
        let mut choices = vec![0, 1];
        if !self.atom_vars.is_empty() {
            choices.push(2);
        }
        if !self.set_vars.is_empty() {
            choices.extend([3, 3]);
        }
        match *self.rng.pick(&choices) {
            0 => self.shape.s.clone(),
            1 => Expr::join(self.shape.val.clone(), self.shape.i.clone()),
            2 => Expr::var(*self.rng.pick(&self.atom_vars), 1),
            _ => Expr::var(*self.rng.pick(&self.set_vars), 1),
        }
    }

    fn int(&mut self, depth: u32) -> IntExpr {
        let leaf = depth == 0 || self.rng.chance(25);
        let max = 1i64 << (self.bitwidth - 1);
        if leaf {
            return match self.rng.below(4) {
                // Literals just outside the range too: they wrap (and overflow).
                0 | 1 => {
                    IntExpr::constant(self.rng.below((3 * max) as usize) as i64 - max - max / 2)
                }
                2 => IntExpr::card(self.atom_set()),
                _ => IntExpr::sum_atoms(self.int_set(0)),
            };
        }
        let d = depth - 1;
        match self.rng.below(10) {
            0..5 => {
                let op = *self.rng.pick(&IntOp::ALL);
                IntExpr::binary(op, self.int(d), self.int(d))
            }
            5 => {
                let c = self.formula(d);
                IntExpr::ite(c, self.int(d), self.int(d))
            }
            6 => {
                let decl = self.decl(self.shape.s.clone(), DeclMult::One);
                self.atom_vars.push(decl.var);
                let body = self.int(d);
                self.atom_vars.pop();
                IntExpr::sum(vec![decl], body)
            }
            7 => IntExpr::card(self.int_set(d)),
            8 => IntExpr::sum_atoms(self.int_set(d)),
            _ => IntExpr::card(Expr::join(self.atom_set(), self.shape.val.clone())),
        }
    }

    fn formula(&mut self, depth: u32) -> Formula {
        let atomic = depth == 0 || self.rng.chance(30);
        if atomic {
            return match self.rng.below(7) {
                0..3 => {
                    let cmp = *self.rng.pick(&[IntCmp::Eq, IntCmp::Lt, IntCmp::Le]);
                    self.int(depth).compare(cmp, &self.int(depth))
                }
                3 => self.int(depth).atom().in_(&self.int_set(depth)),
                4 => self.int_set(depth).some(),
                // The sums of two sets, or of a set and a literal: the shape ladders take.
                _ => {
                    let cmp = *self.rng.pick(&[IntCmp::Eq, IntCmp::Lt, IntCmp::Le]);
                    let left = IntExpr::sum_atoms(self.int_set(depth));
                    let right = if self.rng.chance(30) {
                        IntExpr::constant(self.rng.below(1 << self.bitwidth) as i64 - 2)
                    } else {
                        IntExpr::sum_atoms(self.int_set(depth))
                    };
                    left.compare(cmp, &right)
                }
            };
        }
        let d = depth - 1;
        match self.rng.below(8) {
            0 => Formula::and([self.formula(d), self.formula(d)]),
            1 => Formula::or([self.formula(d), self.formula(d)]),
            2 => self.formula(d).not(),
            3 => self.formula(d).implies(self.formula(d)),
            4 | 5 => {
                let q = if self.rng.chance(50) {
                    Quantifier::All
                } else {
                    Quantifier::Some
                };
                let over_ints = self.rng.chance(50);
                let bound = if over_ints {
                    self.shape.ints.clone()
                } else {
                    self.shape.s.clone()
                };
                let decl = self.decl(bound, DeclMult::One);
                let vars = if over_ints {
                    &mut self.int_vars
                } else {
                    &mut self.atom_vars
                };
                vars.push(decl.var);
                let body = self.formula(d);
                if over_ints {
                    self.int_vars.pop();
                } else {
                    self.atom_vars.pop();
                }
                Formula::quant(q, vec![decl], body)
            }
            _ => {
                let cmp = *self.rng.pick(&[IntCmp::Eq, IntCmp::Lt, IntCmp::Le]);
                self.int(d).compare(cmp, &self.int(d))
            }
        }
    }
}

/// A random problem; with `higher_order`, wrapped in a quantifier over subsets of `S`.
fn random_int_problem(seed: u64, higher_order: bool, ladders: bool) -> Problem {
    let mut rng = Rng::new(seed);
    let shape = shape(&mut rng);
    let bitwidth = shape.bounds.universe.bitwidth().unwrap();
    let mut g = Gen {
        rng: &mut rng,
        shape: &shape,
        atom_vars: Vec::new(),
        int_vars: Vec::new(),
        set_vars: Vec::new(),
        next_var: 0,
        bitwidth,
        ladders,
    };
    // Half the problems declare `val: lone Int` or `val: one Int`: comparisons of
    // `int[a.val]` may then use ladders.
    let fact = match g.rng.below(4) {
        0 | 1 if !ladders => None,
        0 | 1 => Some(2 + g.rng.below(2)),
        k => Some(k),
    };
    let fact = match fact {
        None => None,
        Some(k) => {
            let decl = g.decl(shape.s.clone(), DeclMult::One);
            let row = Expr::join(decl.var_expr(), shape.val.clone());
            let mult = Formula::forall(vec![decl], if k == 2 { row.lone() } else { row.one() });
            // With its type, as Alloy's declarations give: outside `S`, `val` is empty.
            let typed = shape
                .val
                .in_(&Expr::product(shape.s.clone(), shape.ints.clone()));
            Some(Formula::and([mult, typed]))
        }
    };
    let formula = if higher_order {
        let q = if g.rng.chance(50) {
            Quantifier::All
        } else {
            Quantifier::Some
        };
        let decl = g.decl(shape.s.clone(), DeclMult::Set);
        g.set_vars.push(decl.var);
        let body = g.formula(3);
        g.set_vars.pop();
        let inner = Formula::quant(q, vec![decl], body);
        Formula::and([g.formula(2), inner])
    } else {
        g.formula(3)
    };
    Problem {
        bounds: shape.bounds.clone(),
        formula: match fact {
            Some(fact) => Formula::and([fact, formula]),
            None => formula,
        },
    }
}

fn solve_checked(p: &Problem, opts: &SolveOptions, what: &str) -> bool {
    let mut solver = Solver::new(p, opts).unwrap_or_else(|e| panic!("{what}: {e:?}"));
    match solver.next().unwrap_or_else(|e| panic!("{what}: {e:?}")) {
        Outcome::Sat(inst) => {
            let ok = eval_formula(&inst, &p.formula).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(ok, "{what}: the instance does not satisfy\n{}", p.formula);
            true
        }
        Outcome::Unsat => false,
        Outcome::Interrupted => panic!("{what}: interrupted"),
    }
}

fn compare(problems: u64, higher_order: bool, ladders: bool) {
    let (mut sat, mut unsat) = (0, 0);
    for seed in 0..problems {
        let base = random_int_problem(seed, higher_order, ladders);
        let ints = Expr::rel(solder::logic::RelId(0), 1);
        for prevent in [false, true] {
            let p = if prevent {
                Problem {
                    bounds: base.bounds.clone(),
                    formula: prevent_overflow(&base.formula, &ints),
                }
            } else {
                base.clone()
            };
            let expected = count_models(&p.bounds, &p.formula, 1 << 16)
                .unwrap_or_else(|e| panic!("seed {seed}: brute force: {e}"))
                > 0;
            let configs = [
                (BackendKind::Cadical, 20, true),
                (BackendKind::Cadical, 0, true),
                (BackendKind::Varisat, 20, true),
                (BackendKind::Varisat, 0, false),
                (BackendKind::Cadical, 20, false),
            ];
            for (backend, symmetry, int_ladders) in configs {
                let opts = SolveOptions {
                    backend,
                    symmetry,
                    int_ladders,
                    ..SolveOptions::default()
                };
                let what = format!(
                    "seed {seed} (overflow {}, {backend:?}, symmetry {symmetry}, ladders {int_ladders})",
                    if prevent { "prevented" } else { "wraps" }
                );
                let got = solve_checked(&p, &opts, &what);
                assert_eq!(
                    got,
                    expected,
                    "{what}: solver says {}, brute force {}\n{}",
                    if got { "SAT" } else { "UNSAT" },
                    if expected { "SAT" } else { "UNSAT" },
                    p.formula
                );
            }
            if expected { sat += 1 } else { unsat += 1 }
        }
    }
    println!("{problems} problems × 2 overflow modes: {sat} SAT, {unsat} UNSAT");
    assert!(
        sat > problems / 5 && unsat > problems / 10,
        "{sat} SAT, {unsat} UNSAT: both verdicts must be well represented"
    );
}

#[test]
fn first_order_integer_problems_agree_with_brute_force() {
    compare(300, false, false);
}

#[test]
fn integer_problems_with_a_set_quantifier_agree_with_brute_force() {
    compare(150, true, false);
}

#[test]
fn integer_problems_shaped_for_ladders_agree_with_brute_force() {
    compare(200, false, true);
}

#[test]
fn overflow_prevention_follows_alloy() {
    // `all x: Int | x.plus[1] > x` fails at x = 7 when results wrap, and holds when
    // overflows are prevented (the overflow comes from a universal `Int` variable).
    let mut rng = Rng::new(1);
    let shape = shape(&mut rng);
    let x = Decl {
        var: VarId(100),
        name: "x".into(),
        mult: DeclMult::One,
        bound: shape.ints.clone(),
    };
    let xi = IntExpr::sum_atoms(x.var_expr());
    let succ = IntExpr::binary(IntOp::Plus, xi.clone(), IntExpr::constant(1));
    let valid = Formula::forall(vec![x], xi.compare(IntCmp::Lt, &succ));
    let check = |f: &Formula| {
        let p = Problem {
            bounds: shape.bounds.clone(),
            formula: f.clone().not(),
        };
        count_models(&p.bounds, &p.formula, 1 << 16).unwrap() > 0
    };
    assert!(check(&valid), "wraps: a counterexample");
    assert!(
        !check(&prevent_overflow(&valid, &shape.ints)),
        "prevented: no counterexample"
    );
    // `some x: Int | x.plus[1] < x` holds only through the overflow, so preventing
    // overflows makes it false.
    let y = Decl {
        var: VarId(101),
        name: "y".into(),
        mult: DeclMult::One,
        bound: shape.ints.clone(),
    };
    let yi = IntExpr::sum_atoms(y.var_expr());
    let wraps = Formula::exists(
        vec![y],
        IntExpr::binary(IntOp::Plus, yi.clone(), IntExpr::constant(1)).compare(IntCmp::Lt, &yi),
    );
    let holds = |f: &Formula| {
        let p = Problem {
            bounds: shape.bounds.clone(),
            formula: f.clone(),
        };
        count_models(&p.bounds, &p.formula, 1 << 16).unwrap() > 0
    };
    assert!(holds(&wraps));
    assert!(!holds(&prevent_overflow(&wraps, &shape.ints)));
}
