//! Skolemization: existential quantifiers that no universal encloses become relations.
//!
//! `some x: e | F` in a position where it is asserted (positive, not under `all`) is
//! satisfiable exactly when, for a fresh relation `$x` bounded by an upper bound of `e`,
//! `$x in e && one $x && F[$x]` is. The same holds for every decl of the quantifier and
//! for higher-order decls (`some s: set A | F` gets `$s in A`, no multiplicity), which is
//! what makes such problems solvable without CEGIS. The walk looks through `not` (by De
//! Morgan, so `not all` is existential), into conjunctions, into disjunctions and the
//! sides of implications (the witness constraints stay inside the disjunct, so a disjunct
//! that is not taken leaves the relation unconstrained), and into the bodies of the
//! quantifiers it removes. It does not enter `iff` (both polarities at once), universal
//! quantifiers or expressions.
//!
//! Reusing a result for a node met twice in the same polarity is sound: both occurrences
//! are monotone in it, and one witness serves both.

use std::collections::HashMap;

use super::ast::{
    Decl, DeclMult, Expr, ExprKind, Formula, FormulaKind, IntExpr, IntExprKind, Quantifier, RelId,
    VarId,
};
use super::problem::{Bounds, Problem, Relation, RelationKind};
use super::tuples::TupleSet;
use super::upper::upper_bound;

/// The problem with its outermost existentials replaced by skolem relations (appended
/// after the problem's relations, so existing `RelId`s keep their meaning).
pub fn skolemize(problem: &Problem, prefix: &str) -> Problem {
    skolemize_with_witnesses(problem, prefix).0
}

/// [`skolemize`], also telling which relation stands for which quantified variable.
pub fn skolemize_with_witnesses(problem: &Problem, prefix: &str) -> (Problem, Vec<(VarId, RelId)>) {
    let mut s = Skolemizer::new(&problem.bounds, prefix);
    let formula = s.walk(&problem.formula, true);
    let problem = Problem {
        bounds: s.bounds,
        formula,
    };
    (problem, s.witnesses)
}

/// [`skolemize`] for a conjunction given as separate parts: the same skolem relations
/// (appended to `bounds`), but each part's result kept apart, so that a caller can switch
/// parts on and off (unsat cores). A skolem's constraints stay inside its part.
pub fn skolemize_parts(bounds: &Bounds, parts: &[Formula], prefix: &str) -> (Bounds, Vec<Formula>) {
    let mut s = Skolemizer::new(bounds, prefix);
    let parts = parts.iter().map(|f| s.walk(f, true)).collect();
    (s.bounds, parts)
}

/// Skolem relations for existential decls that several parts share (one witness for all;
/// in order, since a bound may mention an earlier decl): the bounds with them added, their
/// witness constraints (`$x in bound`, the multiplicity), and the parts with each variable
/// replaced by its relation.
pub fn skolemize_shared(
    bounds: &Bounds,
    decls: &[Decl],
    parts: &[Formula],
    prefix: &str,
) -> (Bounds, Vec<Formula>, Vec<Formula>) {
    let mut s = Skolemizer::new(bounds, prefix);
    let mut subst = Substitution::default();
    let witness = s.skolem_relations(decls, &mut subst);
    let parts = parts.iter().map(|f| subst.formula(f)).collect();
    (s.bounds, witness, parts)
}

struct Skolemizer<'a> {
    bounds: Bounds,
    prefix: &'a str,
    /// Results per (node, polarity).
    done: HashMap<(usize, bool), Formula>,
    /// Keeps every memoized node alive, so that no address is reused for another node.
    pinned: Vec<Formula>,
    /// The relation made for each quantified variable.
    witnesses: Vec<(VarId, RelId)>,
}

impl<'a> Skolemizer<'a> {
    fn new(bounds: &Bounds, prefix: &'a str) -> Skolemizer<'a> {
        Skolemizer {
            bounds: bounds.clone(),
            prefix,
            done: HashMap::new(),
            pinned: Vec::new(),
            witnesses: Vec::new(),
        }
    }

    fn walk(&mut self, f: &Formula, positive: bool) -> Formula {
        crate::stack::guard(|| self.walk_unguarded(f, positive))
    }

    fn walk_unguarded(&mut self, f: &Formula, positive: bool) -> Formula {
        let key = (f.node_id(), positive);
        if let Some(done) = self.done.get(&key) {
            return done.clone();
        }
        let result = self.walk_uncached(f, positive);
        self.pinned.push(f.clone());
        self.done.insert(key, result.clone());
        result
    }

    fn walk_uncached(&mut self, f: &Formula, positive: bool) -> Formula {
        use FormulaKind::*;
        match f.kind() {
            And(fs) => {
                let parts: Vec<Formula> = fs.iter().map(|g| self.walk(g, positive)).collect();
                if same_nodes(fs, &parts) {
                    f.clone()
                } else {
                    Formula::and(parts)
                }
            }
            Or(fs) => {
                let parts: Vec<Formula> = fs.iter().map(|g| self.walk(g, positive)).collect();
                if same_nodes(fs, &parts) {
                    f.clone()
                } else {
                    Formula::or(parts)
                }
            }
            Not(g) => {
                let inner = self.walk(g, !positive);
                if inner.node_id() == g.node_id() {
                    f.clone()
                } else {
                    inner.not()
                }
            }
            Implies(a, b) => {
                let (a2, b2) = (self.walk(a, !positive), self.walk(b, positive));
                if a2.node_id() == a.node_id() && b2.node_id() == b.node_id() {
                    f.clone()
                } else {
                    a2.implies(b2)
                }
            }
            Quant(q, decls, body) => {
                let existential = match q {
                    Quantifier::Some => positive,
                    Quantifier::All => !positive,
                };
                if existential {
                    self.skolemize_quant(decls, body, positive)
                } else {
                    f.clone()
                }
            }
            _ => f.clone(),
        }
    }

    /// `$var` (or `$prefix_var`), with primes added until no other relation has the name,
    /// as Alloy names a second witness of the same variable `$x'`.
    fn skolem_name(&self, var: &str) -> String {
        let mut name = if self.prefix.is_empty() {
            format!("${var}")
        } else {
            format!("${}_{var}", self.prefix)
        };
        while self.bounds.relations.iter().any(|r| r.name == name) {
            name.push('\'');
        }
        name
    }

    /// Replaces the existential `decls | body` (in the given polarity) by skolem relations.
    fn skolemize_quant(&mut self, decls: &[Decl], body: &Formula, positive: bool) -> Formula {
        let mut subst = Substitution::default();
        let mut witness = self.skolem_relations(decls, &mut subst);
        let body = subst.formula(body);
        self.pinned.push(body.clone());
        let body = self.walk(&body, positive);
        if positive {
            witness.push(body);
            Formula::and(witness)
        } else {
            // `all x: e | F` asserted false: the witness lies in `e` and falsifies `F`.
            Formula::and(witness).implies(body)
        }
    }

    /// A relation per decl (mapped in `subst`) and the constraints that make it a value
    /// of the decl.
    fn skolem_relations(&mut self, decls: &[Decl], subst: &mut Substitution) -> Vec<Formula> {
        let mut witness = Vec::new();
        for d in decls {
            let bound = subst.expr(&d.bound);
            let upper = upper_bound(&bound, &self.bounds, &HashMap::new());
            let rel = self.bounds.add(Relation {
                name: self.skolem_name(&d.name),
                arity: d.arity(),
                kind: RelationKind::Skolem,
                lower: TupleSet::empty(d.arity()),
                upper,
            });
            self.witnesses.push((d.var, rel));
            let r = Expr::rel(rel, d.arity());
            witness.push(r.in_(&bound));
            match d.mult {
                DeclMult::One => witness.push(r.one()),
                DeclMult::Lone => witness.push(r.lone()),
                DeclMult::Some => witness.push(r.some()),
                DeclMult::Set => {}
            }
            subst.map.insert(d.var, r);
        }
        witness
    }
}

fn same_nodes(a: &[Formula], b: &[Formula]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.node_id() == y.node_id())
}

/// `f` with every occurrence of a key of `terms` (compared structurally) replaced by its
/// value, rebuilding only the nodes that change.
pub fn replace_terms(f: &Formula, terms: HashMap<Expr, Expr>) -> Formula {
    Substitution {
        terms,
        ..Substitution::default()
    }
    .formula(f)
}

/// Replaces variables (and whole terms) by expressions, rebuilding only the nodes that
/// change (memoized per node, so shared sub-terms stay shared).
#[derive(Default)]
struct Substitution {
    map: HashMap<VarId, Expr>,
    terms: HashMap<Expr, Expr>,
    exprs: HashMap<usize, (Expr, Expr)>,
    formulas: HashMap<usize, (Formula, Formula)>,
    ints: HashMap<usize, (IntExpr, IntExpr)>,
}

impl Substitution {
    fn int(&mut self, i: &IntExpr) -> IntExpr {
        crate::stack::guard(|| self.int_unguarded(i))
    }

    fn int_unguarded(&mut self, i: &IntExpr) -> IntExpr {
        if let Some((_, done)) = self.ints.get(&i.node_id()) {
            return done.clone();
        }
        use IntExprKind::*;
        let rebuilt = match i.kind() {
            Const(_) => i.clone(),
            Card(e) => IntExpr::card(self.expr(e)),
            SumAtoms(e) => IntExpr::sum_atoms(self.expr(e)),
            Binary(op, a, b) => IntExpr::binary(*op, self.int(a), self.int(b)),
            IfThenElse(c, a, b) => IntExpr::ite(self.formula(c), self.int(a), self.int(b)),
            Sum(decls, body) => {
                let decls = self.decls(decls);
                IntExpr::sum(decls, self.int(body))
            }
        };
        let result = if rebuilt == *i { i.clone() } else { rebuilt };
        self.ints.insert(i.node_id(), (i.clone(), result.clone()));
        result
    }

    fn decls(&mut self, decls: &[Decl]) -> Vec<Decl> {
        decls
            .iter()
            .map(|d| Decl {
                bound: self.expr(&d.bound),
                ..d.clone()
            })
            .collect()
    }

    fn formula(&mut self, f: &Formula) -> Formula {
        crate::stack::guard(|| self.formula_unguarded(f))
    }

    fn formula_unguarded(&mut self, f: &Formula) -> Formula {
        if let Some((_, done)) = self.formulas.get(&f.node_id()) {
            return done.clone();
        }
        use FormulaKind::*;
        let rebuilt = match f.kind() {
            Const(_) => f.clone(),
            And(fs) => Formula::and(fs.iter().map(|g| self.formula(g)).collect::<Vec<_>>()),
            Or(fs) => Formula::or(fs.iter().map(|g| self.formula(g)).collect::<Vec<_>>()),
            Not(g) => self.formula(g).not(),
            Implies(a, b) => self.formula(a).implies(self.formula(b)),
            Iff(a, b) => self.formula(a).iff(self.formula(b)),
            Subset(a, b) => Formula::subset(self.expr(a), self.expr(b)),
            Equal(a, b) => Formula::equal(self.expr(a), self.expr(b)),
            Mult(m, e) => Formula::mult(*m, self.expr(e)),
            Cardinality(c, e, k) => Formula::cardinality(*c, self.expr(e), *k),
            Quant(q, decls, body) => {
                let decls = self.decls(decls);
                Formula::quant(*q, decls, self.formula(body))
            }
            TotalOrder { elems, first, next } => {
                Formula::total_order(self.expr(elems), self.expr(first), self.expr(next))
            }
            StrictOrder { rel, elems } => Formula::strict_order(self.expr(rel), self.expr(elems)),
            IntCompare(c, a, b) => self.int(a).compare(*c, &self.int(b)),
            Overflows(i) => self.int(i).overflows(),
            Temporal(op, g) => Formula::temporal(*op, self.formula(g)),
            TemporalBinary(op, a, b) => {
                Formula::temporal_binary(*op, self.formula(a), self.formula(b))
            }
        };
        // Keep the original node when nothing changed, so the subtree keeps its identity.
        // (Unchanged children are the very same `Arc`s, which equality compares first.)
        let result = if rebuilt == *f { f.clone() } else { rebuilt };
        self.formulas
            .insert(f.node_id(), (f.clone(), result.clone()));
        result
    }

    fn expr(&mut self, e: &Expr) -> Expr {
        crate::stack::guard(|| self.expr_unguarded(e))
    }

    fn expr_unguarded(&mut self, e: &Expr) -> Expr {
        if let Some((_, done)) = self.exprs.get(&e.node_id()) {
            return done.clone();
        }
        if let Some(term) = self.terms.get(e) {
            return term.clone();
        }
        use ExprKind::*;
        let rebuilt = match e.kind() {
            Var(v) => match self.map.get(v) {
                Some(r) => r.clone(),
                Option::None => e.clone(),
            },
            Rel(_) | Const(_) | Univ | Iden | None => e.clone(),
            Union(a, b) => Expr::union(self.expr(a), self.expr(b)),
            Intersection(a, b) => Expr::intersection(self.expr(a), self.expr(b)),
            Difference(a, b) => Expr::difference(self.expr(a), self.expr(b)),
            Override(a, b) => Expr::override_(self.expr(a), self.expr(b)),
            Join(a, b) => Expr::join(self.expr(a), self.expr(b)),
            Product(a, b) => Expr::product(self.expr(a), self.expr(b)),
            Transpose(a) => Expr::transpose(self.expr(a)),
            Prime(a) => Expr::prime(self.expr(a)),
            Closure(a) => Expr::closure(self.expr(a)),
            ReflexiveClosure(a) => Expr::reflexive_closure(self.expr(a)),
            DomainRestrict(s, r) => Expr::domain_restrict(self.expr(s), self.expr(r)),
            RangeRestrict(r, s) => Expr::range_restrict(self.expr(r), self.expr(s)),
            IfThenElse(c, a, b) => Expr::if_then_else(self.formula(c), self.expr(a), self.expr(b)),
            Comprehension(decls, body) => {
                let decls = self.decls(decls);
                Expr::comprehension(decls, self.formula(body))
            }
            IntAtom(i) => self.int(i).atom(),
        };
        let result = if rebuilt == *e { e.clone() } else { rebuilt };
        self.exprs.insert(e.node_id(), (e.clone(), result.clone()));
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{RelId, Universe};

    fn problem(formula: Formula) -> Problem {
        let mut bounds = Bounds {
            universe: Universe::new((0..3).map(|i| format!("A${i}")).collect()),
            relations: Vec::new(),
        };
        bounds.add(Relation {
            name: "A".into(),
            arity: 1,
            kind: RelationKind::Sig,
            lower: TupleSet::empty(1),
            upper: TupleSet::of_atoms([0, 1]),
        });
        bounds.add(Relation {
            name: "r".into(),
            arity: 2,
            kind: RelationKind::Field,
            lower: TupleSet::empty(2),
            upper: TupleSet::from_tuples(2, [vec![0, 1], vec![1, 2]]),
        });
        Problem { bounds, formula }
    }

    fn decl(var: u32, name: &str, mult: DeclMult, bound: Expr) -> Decl {
        Decl {
            var: VarId(var),
            name: name.into(),
            mult,
            bound,
        }
    }

    fn a() -> Expr {
        Expr::rel(RelId(0), 1)
    }
    fn r() -> Expr {
        Expr::rel(RelId(1), 2)
    }

    #[test]
    fn top_level_existentials_become_relations() {
        let x = decl(1, "x", DeclMult::One, a());
        let y = decl(2, "y", DeclMult::Set, Expr::join(x.var_expr(), r()));
        let body = Expr::join(x.var_expr(), r()).eq(&y.var_expr());
        let f = Formula::exists(vec![x, y], body);
        let p = skolemize(&problem(f), "show");
        assert_eq!(p.bounds.relations.len(), 4);
        let sx = &p.bounds.relations[2];
        assert_eq!(sx.name, "$show_x");
        assert_eq!(sx.kind, RelationKind::Skolem);
        assert_eq!(sx.upper, TupleSet::of_atoms([0, 1]));
        let sy = &p.bounds.relations[3];
        assert_eq!(sy.name, "$show_y");
        assert_eq!(sy.upper, TupleSet::of_atoms([1, 2]));
        let text = p.formula.to_string();
        assert_eq!(
            text,
            "((r2 in r0) && one r2 && (r3 in (r2.r1)) && ((r2.r1) = r3))"
        );
    }

    #[test]
    fn negated_universals_and_disjuncts_are_existential() {
        let x = decl(1, "x", DeclMult::One, a());
        let no_x = Formula::forall(vec![x.clone()], x.var_expr().in_(&Expr::none(1)));
        // not (all x | F): skolemized, the witness falsifies F.
        let p = skolemize(&problem(no_x.clone().not()), "");
        assert_eq!(p.bounds.relations[2].name, "$x");
        assert_eq!(
            p.formula.to_string(),
            "!(((r2 in r0) && one r2) => (r2 in none/1))"
        );
        // In a disjunct, the witness constraints stay in the disjunct.
        let y = decl(2, "y", DeclMult::Lone, a());
        let some_y = Formula::exists(vec![y.clone()], y.var_expr().some());
        let f = Formula::or([a().no(), some_y]);
        let p = skolemize(&problem(f), "");
        assert_eq!(
            p.formula.to_string(),
            "(no r0 || ((r2 in r0) && lone r2 && some r2))"
        );
    }

    #[test]
    fn universals_and_iff_are_left_alone() {
        let x = decl(1, "x", DeclMult::One, a());
        let y = decl(2, "y", DeclMult::One, a());
        let inner = Formula::exists(vec![y.clone()], y.var_expr().eq(&x.var_expr()));
        let f = Formula::and([
            Formula::forall(vec![x], inner.clone()),
            inner.clone().iff(Formula::true_()),
        ]);
        let p = skolemize(&problem(f.clone()), "");
        assert_eq!(p.bounds.relations.len(), 2);
        assert_eq!(p.formula.node_id(), f.node_id());
    }
}
