//! What quantifiers over relations will cost, estimated before anything is allocated.
//!
//! Each such quantifier becomes variables: an outermost existential a skolem relation of
//! its bound's tuples (see [`super::skolem`]); any other a witness matrix or a CEGIS
//! verifier, which holds the quantified relation and, as parameters, the relations of
//! the quantifiers around it. [`binder_cost`] adds these up: a quantifier over `t`
//! tuples inside quantifiers over `t1, …, tk` tuples (not skolemized) costs
//! `t + t1 + … + tk`. So 400 nested `all r: univ -> univ` cost quadratically in the
//! nesting, as their verifiers do, and the checker can refuse them the way it refuses
//! too many primary variables (`--max-vars`) instead of running out of memory.
//!
//! Tuple counts come from the bounds without building tuple sets: a count and, for each
//! column, how many atoms it may hold ([`Size`]). The walk follows shared nodes once per
//! polarity context, so its time is linear in the formula as a graph, while the counts
//! are those of the formula as a tree (each use of a shared node is another quantifier
//! to solve). All arithmetic saturates.

use std::collections::HashMap;

use super::ast::{Decl, Expr, ExprKind, Formula, FormulaKind, IntExpr, IntExprKind, Quantifier};
use super::problem::Bounds;
use super::{RelId, TupleSet, VarId};

/// The estimated variables of a formula's quantifiers over relations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BinderCost {
    /// The sum over every quantifier over relations of its own tuples and those of the
    /// quantifiers around it that are not skolemized.
    pub total: u128,
    /// The first variable of the quantifier whose nest costs the most (itself and every
    /// quantifier inside it), with that cost: where a refusal points.
    pub heaviest: Option<(VarId, u128)>,
}

/// The cost of the quantifiers over relations of `formula` (asserted, as a problem's
/// formula is), with relations bounded by `bounds`.
pub fn binder_cost(formula: &Formula, bounds: &Bounds) -> BinderCost {
    let mut walk = Walk {
        bounds,
        atoms: bounds.universe.len() as u128,
        relations: HashMap::new(),
        vars: HashMap::new(),
        formulas: HashMap::new(),
        exprs: HashMap::new(),
        ints: HashMap::new(),
        heaviest: None,
    };
    let cost = walk.formula(formula, Context::Skolem { positive: true });
    BinderCost {
        total: cost.variables,
        heaviest: walk.heaviest,
    }
}

/// At most `count` tuples, whose `i`th column holds at most `widths[i]` atoms.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Size {
    count: u128,
    widths: Vec<u128>,
}

impl Size {
    fn of_tuples(ts: &TupleSet) -> Size {
        let widths = (0..ts.arity())
            .map(|c| {
                let mut column: Vec<_> = ts.iter().map(|t| t[c]).collect();
                column.sort_unstable();
                column.dedup();
                column.len() as u128
            })
            .collect();
        Size {
            count: ts.len() as u128,
            widths,
        }
    }

    fn full(atoms: u128, arity: usize) -> Size {
        Size::within(u128::MAX, vec![atoms; arity])
    }

    /// `count` capped by the product of the widths.
    fn within(count: u128, widths: Vec<u128>) -> Size {
        let most = widths.iter().fold(1u128, |acc, w| acc.saturating_mul(*w));
        Size {
            count: count.min(most),
            widths,
        }
    }
}

/// Where a formula sits: where skolemization reaches it (not under a universal, nor in
/// an `iff` or an expression), with its polarity, or anywhere else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Context {
    Skolem { positive: bool },
    Inner,
}

/// The quantifiers over relations inside a node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Cost {
    /// How many of them are not skolemized, counted as in a tree: each also holds the
    /// relations of every quantifier around the node.
    nested: u128,
    /// Their variables, counting only the quantifiers inside the node.
    variables: u128,
}

impl Cost {
    fn plus(self, other: Cost) -> Cost {
        Cost {
            nested: self.nested.saturating_add(other.nested),
            variables: self.variables.saturating_add(other.variables),
        }
    }
}

struct Walk<'b> {
    bounds: &'b Bounds,
    atoms: u128,
    relations: HashMap<RelId, Size>,
    /// Each variable's size, recorded at its declaration (ids are unique in a problem).
    vars: HashMap<VarId, Size>,
    formulas: HashMap<(usize, Context), Cost>,
    exprs: HashMap<usize, Cost>,
    ints: HashMap<usize, Cost>,
    heaviest: Option<(VarId, u128)>,
}

impl Walk<'_> {
    fn formula(&mut self, f: &Formula, ctx: Context) -> Cost {
        let key = (f.node_id(), ctx);
        if let Some(c) = self.formulas.get(&key) {
            return *c;
        }
        let flip = |ctx: Context| match ctx {
            Context::Skolem { positive } => Context::Skolem {
                positive: !positive,
            },
            Context::Inner => Context::Inner,
        };
        let cost = match f.kind() {
            FormulaKind::Const(_) => Cost::default(),
            FormulaKind::And(fs) | FormulaKind::Or(fs) => fs
                .iter()
                .fold(Cost::default(), |acc, g| acc.plus(self.formula(g, ctx))),
            FormulaKind::Not(g) => self.formula(g, flip(ctx)),
            FormulaKind::Implies(a, b) => {
                let a = self.formula(a, flip(ctx));
                a.plus(self.formula(b, ctx))
            }
            FormulaKind::Iff(a, b) => {
                let a = self.formula(a, Context::Inner);
                a.plus(self.formula(b, Context::Inner))
            }
            FormulaKind::Subset(a, b) | FormulaKind::Equal(a, b) => {
                let a = self.expr(a);
                a.plus(self.expr(b))
            }
            FormulaKind::Mult(_, e) | FormulaKind::Cardinality(_, e, _) => self.expr(e),
            FormulaKind::TotalOrder { elems, first, next } => {
                let c = self.expr(elems).plus(self.expr(first));
                c.plus(self.expr(next))
            }
            FormulaKind::StrictOrder { rel, elems } => {
                let c = self.expr(rel);
                c.plus(self.expr(elems))
            }
            FormulaKind::IntCompare(_, a, b) => {
                let a = self.int(a);
                a.plus(self.int(b))
            }
            FormulaKind::Overflows(i) => self.int(i),
            FormulaKind::Quant(q, decls, body) => self.quant(*q, decls, body, ctx),
            FormulaKind::Temporal(_, g) => self.formula(g, Context::Inner),
            FormulaKind::TemporalBinary(_, a, b) => {
                let a = self.formula(a, Context::Inner);
                a.plus(self.formula(b, Context::Inner))
            }
        };
        self.formulas.insert(key, cost);
        cost
    }

    fn quant(&mut self, q: Quantifier, decls: &[Decl], body: &Formula, ctx: Context) -> Cost {
        let mut own: u128 = 0;
        let mut bounds = Cost::default();
        for d in decls {
            bounds = bounds.plus(self.expr(&d.bound));
            let size = self.size(&d.bound);
            if !d.is_first_order() {
                own = own.saturating_add(size.count);
            }
            let size = if d.mult == super::DeclMult::One {
                Size::within(1, size.widths)
            } else {
                size
            };
            self.vars.insert(d.var, size);
        }
        let skolemized = matches!(
            (ctx, q),
            (Context::Skolem { positive: true }, Quantifier::Some)
                | (Context::Skolem { positive: false }, Quantifier::All)
        );
        let cost = if skolemized {
            // Relations of the problem, bounded once; the body stays where it was.
            let body = self.formula(body, ctx);
            Cost {
                nested: body.nested,
                variables: own.saturating_add(body.variables),
            }
            .plus(bounds)
        } else {
            let body = self.formula(body, Context::Inner);
            Cost {
                nested: body.nested.saturating_add(u128::from(own > 0)),
                variables: own
                    .saturating_add(body.variables)
                    .saturating_add(own.saturating_mul(body.nested)),
            }
            .plus(bounds)
        };
        if own > 0
            && let Some(first) = decls.iter().find(|d| !d.is_first_order())
            && self.heaviest.is_none_or(|(_, v)| cost.variables > v)
        {
            self.heaviest = Some((first.var, cost.variables));
        }
        cost
    }

    /// The quantifiers over relations inside an expression (in comprehensions and
    /// if-then-else conditions), none of which skolemization reaches.
    fn expr(&mut self, e: &Expr) -> Cost {
        if let Some(c) = self.exprs.get(&e.node_id()) {
            return *c;
        }
        let cost = match e.kind() {
            ExprKind::IntAtom(i) => self.int(i),
            ExprKind::Comprehension(decls, body) => {
                let mut c = Cost::default();
                for d in decls {
                    c = c.plus(self.expr(&d.bound));
                    let size = self.size(&d.bound);
                    self.vars.insert(d.var, Size::within(1, size.widths));
                }
                c.plus(self.formula(body, Context::Inner))
            }
            _ => {
                let (mut formulas, mut exprs) = (Vec::new(), Vec::new());
                e.subterms(&mut formulas, &mut exprs);
                let mut c = Cost::default();
                for f in &formulas {
                    c = c.plus(self.formula(f, Context::Inner));
                }
                for x in &exprs {
                    c = c.plus(self.expr(x));
                }
                c
            }
        };
        self.exprs.insert(e.node_id(), cost);
        cost
    }

    fn int(&mut self, i: &IntExpr) -> Cost {
        if let Some(c) = self.ints.get(&i.node_id()) {
            return *c;
        }
        let cost = match i.kind() {
            IntExprKind::Const(_) => Cost::default(),
            IntExprKind::Card(e) | IntExprKind::SumAtoms(e) => self.expr(e),
            IntExprKind::Binary(_, a, b) => {
                let a = self.int(a);
                a.plus(self.int(b))
            }
            IntExprKind::IfThenElse(c, a, b) => {
                let c = self.formula(c, Context::Inner);
                let a = self.int(a);
                c.plus(a).plus(self.int(b))
            }
            IntExprKind::Sum(decls, body) => {
                let mut c = Cost::default();
                for d in decls {
                    c = c.plus(self.expr(&d.bound));
                    let size = self.size(&d.bound);
                    self.vars.insert(d.var, Size::within(1, size.widths));
                }
                c.plus(self.int(body))
            }
        };
        self.ints.insert(i.node_id(), cost);
        cost
    }

    /// An upper estimate of the tuples of `e` in any instance within the bounds.
    fn size(&mut self, e: &Expr) -> Size {
        let n = self.atoms;
        let arity = e.arity();
        let cap =
            |widths: Vec<u128>| -> Vec<u128> { widths.into_iter().map(|w| w.min(n)).collect() };
        match e.kind() {
            ExprKind::Rel(r) => {
                let bounds = self.bounds;
                self.relations
                    .entry(*r)
                    .or_insert_with(|| Size::of_tuples(&bounds.relation(*r).upper))
                    .clone()
            }
            ExprKind::Var(v) => self
                .vars
                .get(v)
                .cloned()
                .unwrap_or_else(|| Size::full(n, arity)),
            ExprKind::Const(ts) => Size::of_tuples(ts),
            ExprKind::Univ => Size::full(n, 1),
            ExprKind::Iden => Size::within(n, vec![n, n]),
            ExprKind::None => Size::within(0, vec![0; arity]),
            ExprKind::Union(a, b) | ExprKind::Override(a, b) => {
                let (a, b) = (self.size(a), self.size(b));
                let widths = a
                    .widths
                    .iter()
                    .zip(&b.widths)
                    .map(|(x, y)| x.saturating_add(*y))
                    .collect();
                Size::within(a.count.saturating_add(b.count), cap(widths))
            }
            ExprKind::Intersection(a, b) => {
                let (a, b) = (self.size(a), self.size(b));
                let widths = a
                    .widths
                    .iter()
                    .zip(&b.widths)
                    .map(|(x, y)| *x.min(y))
                    .collect();
                Size::within(a.count.min(b.count), widths)
            }
            ExprKind::Difference(a, _) => self.size(a),
            ExprKind::Join(a, b) => {
                let (a, b) = (self.size(a), self.size(b));
                let widths = a.widths[..a.widths.len() - 1]
                    .iter()
                    .chain(&b.widths[1..])
                    .copied()
                    .collect();
                Size::within(a.count.saturating_mul(b.count), widths)
            }
            ExprKind::Product(a, b) => {
                let (a, b) = (self.size(a), self.size(b));
                let widths = a.widths.iter().chain(&b.widths).copied().collect();
                Size::within(a.count.saturating_mul(b.count), widths)
            }
            ExprKind::Prime(a) => self.size(a),
            ExprKind::Transpose(a) => {
                let a = self.size(a);
                Size::within(a.count, a.widths.into_iter().rev().collect())
            }
            ExprKind::Closure(a) => {
                let a = self.size(a);
                Size::within(u128::MAX, a.widths)
            }
            ExprKind::ReflexiveClosure(_) => Size::full(n, 2),
            ExprKind::DomainRestrict(s, r) => {
                let (s, mut r) = (self.size(s), self.size(r));
                r.widths[0] = r.widths[0].min(s.widths[0]);
                Size::within(r.count, r.widths)
            }
            ExprKind::RangeRestrict(r, s) => {
                let (mut r, s) = (self.size(r), self.size(s));
                let last = r.widths.len() - 1;
                r.widths[last] = r.widths[last].min(s.widths[0]);
                Size::within(r.count, r.widths)
            }
            ExprKind::IfThenElse(_, a, b) => {
                let (a, b) = (self.size(a), self.size(b));
                let widths = a
                    .widths
                    .iter()
                    .zip(&b.widths)
                    .map(|(x, y)| *x.max(y))
                    .collect();
                Size::within(a.count.max(b.count).saturating_mul(2), widths)
            }
            ExprKind::Comprehension(decls, _) => {
                let mut count: u128 = 1;
                let mut widths = Vec::new();
                for d in decls {
                    let s = self.size(&d.bound);
                    count = count.saturating_mul(s.count);
                    widths.extend(s.widths);
                }
                Size::within(count, widths)
            }
            ExprKind::IntAtom(_) => {
                let ints = self
                    .bounds
                    .universe
                    .ints()
                    .map_or(0, |i| u128::from(i.count()));
                Size::within(1, vec![ints])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{DeclMult, Relation, RelationKind, Universe};

    fn bounds(atoms: usize) -> Bounds {
        let mut b = Bounds {
            universe: Universe::new((0..atoms).map(|i| format!("A${i}")).collect()),
            relations: Vec::new(),
        };
        b.add(Relation {
            name: "A".into(),
            arity: 1,
            kind: RelationKind::Sig,
            lower: TupleSet::empty(1),
            upper: TupleSet::of_atoms(0..atoms as u32),
        });
        b
    }

    fn a() -> Expr {
        Expr::rel(RelId(0), 1)
    }

    fn rel_decl(var: u32) -> Decl {
        Decl {
            var: VarId(var),
            name: format!("r{var}"),
            mult: DeclMult::Set,
            bound: Expr::product(a(), a()),
        }
    }

    fn nest(q: Quantifier, depth: u32, body: Formula) -> Formula {
        (0..depth).rev().fold(body, |f, v| match q {
            Quantifier::All => Formula::forall(vec![rel_decl(v)], f),
            Quantifier::Some => Formula::exists(vec![rel_decl(v)], f),
        })
    }

    #[test]
    fn nested_universals_cost_their_verifiers() {
        // r_i over 9 tuples inside i others: 9 (1 + 2 + ... + depth).
        let depth = 10u32;
        let f = nest(Quantifier::All, depth, a().some());
        let cost = binder_cost(&f, &bounds(3));
        let expected: u128 = (1..=u128::from(depth)).map(|k| 9 * k).sum();
        assert_eq!(cost.total, expected);
        assert_eq!(cost.heaviest, Some((VarId(0), expected)));
    }

    #[test]
    fn skolemized_existentials_cost_their_relations_only() {
        let f = nest(Quantifier::Some, 10, a().some());
        assert_eq!(binder_cost(&f, &bounds(3)).total, 90);
        // Under `not`, a universal is existential, and an existential universal.
        let g = nest(Quantifier::All, 10, a().some()).not();
        assert_eq!(binder_cost(&g, &bounds(3)).total, 90);
        let h = nest(Quantifier::Some, 10, a().some()).not();
        assert_eq!(binder_cost(&h, &bounds(3)).total, 9 * 55);
    }

    #[test]
    fn first_order_quantifiers_and_shared_nodes() {
        let x = Decl {
            var: VarId(100),
            name: "x".into(),
            mult: DeclMult::One,
            bound: a(),
        };
        // A first-order universal costs nothing and does not count as a binder.
        let inner = nest(Quantifier::All, 2, a().some());
        let f = Formula::forall(vec![x], inner.clone());
        assert_eq!(binder_cost(&f, &bounds(3)).total, 9 + 18);
        // A node used twice is two quantifiers to solve.
        let twice = Formula::and([inner.clone(), inner.not().not()]);
        assert_eq!(binder_cost(&twice, &bounds(3)).total, 2 * (9 + 18));
        // A quantifier over a binary relation `x -> A` with `x` one atom: 3 tuples.
        let y = Decl {
            var: VarId(101),
            name: "x".into(),
            mult: DeclMult::One,
            bound: a(),
        };
        let s = Decl {
            var: VarId(102),
            name: "s".into(),
            mult: DeclMult::Set,
            bound: Expr::product(y.var_expr(), a()),
        };
        let g = Formula::forall(vec![y], Formula::forall(vec![s], a().some()));
        assert_eq!(binder_cost(&g, &bounds(3)).total, 3);
    }

    #[test]
    fn a_deep_graph_is_walked_once_per_node() {
        // 2^60 quantifiers as a tree, 60 nodes as a graph: saturating counts, at once.
        let mut f = nest(Quantifier::All, 1, a().some());
        for _ in 0..60 {
            f = f.clone().iff(f);
        }
        let cost = binder_cost(&f, &bounds(3));
        assert_eq!(cost.total, 9u128 << 60);
    }
}
