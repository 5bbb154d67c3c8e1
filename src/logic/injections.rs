//! Quantifiers over maps that only compare sizes.
//!
//! Without integers, "R has at most as many tuples as Q" is written as the existence of a
//! total injective map from R's tuples to Q's, and "fewer" by asking the map to miss a
//! tuple of Q:
//!
//! ```text
//! some f: R -> Q | f in R -> Q and (all x: R | one x.f) and (all y: Q | lone f.y)
//!                  [and some Q - R.f]
//! ```
//!
//! and for pairs (`f: Node -> Node -> Node -> Node` sends the pair `a->b` of R to
//! `b.(a.f)`) with `all a: Node, b: a.R | one b.(a.f)`, `all c: Node, d: c.Q | lone
//! (f.d).c` and `some Q - {c, d: Node | some (f.d).c}`. Alloy*'s graph problems state
//! max cut, max clique and Turán's theorem this way. Such a quantifier is hard twice
//! over: CEGIS learns from one map at a time (a lemma about one map excludes only the
//! candidates with exactly that domain), and proving that no map exists is a pigeonhole
//! argument, exponential for CDCL solvers. Read as what it says, `#R <= #Q` (or `<`), it is
//! a comparison of two counts.
//!
//! **The reading is exact.** Let the body's conjuncts that mention the map `f` be exactly
//! `f in R -> Q`, a totality conjunct whose quantified tuples range over exactly R, an
//! injectivity conjunct whose tuples cover Q, and optionally the strictness conjunct (its
//! comprehension covering Q); let `f`'s bound contain `R -> Q` and its multiplicity be
//! `set`. Then such an `f` is a map defined on every tuple of R, with one image each, in
//! Q, and no tuple of Q is the image of two: it exists iff `#R <= #Q` (send the i-th tuple
//! of R to the i-th of Q). Its image has `#R` tuples, all in Q, so it misses a tuple of Q
//! iff `#R < #Q`. The coverage facts ("ranges over exactly R", "covers Q", "the bound
//! contains R -> Q") are [`SizeComparison::side`] formulas: the translator uses the
//! reading only where they are constant true, the evaluator where they hold in the
//! instance; elsewhere both fall back to the general treatment. The other conjuncts do not
//! mention `f` and stay as they are ([`SizeComparison::rest`]).
//!
//! A `some` is the conjunction of `rest` and the comparison; an `all` whose body is the
//! negation of such a conjunction (`all f | not (...)`, as negation normal form leaves
//! `not morePairs[...]`) is its negation.

use std::collections::BTreeSet;

use super::free::FreeVars;
use super::{Decl, DeclMult, Expr, ExprKind, Formula, FormulaKind, MultTest, Quantifier};

/// `some f: B | body` read as `rest and #smaller <= #larger` (`<` when `strict`).
#[derive(Clone, Debug)]
pub struct SizeComparison {
    pub smaller: Expr,
    pub larger: Expr,
    pub strict: bool,
    /// Formulas (without `f`) under which the reading is exact.
    pub side: Vec<Formula>,
    /// The conjuncts that do not mention `f`.
    pub rest: Vec<Formula>,
}

impl SizeComparison {
    /// The map the reading promises when the counts allow one: the i-th tuple of `from`
    /// (in order) to the i-th of `into`, as tuples of `from`'s arity plus `into`'s.
    pub fn map(from: &super::TupleSet, into: &super::TupleSet) -> super::TupleSet {
        super::TupleSet::from_tuples(
            from.arity() + into.arity(),
            from.iter().zip(into.iter()).map(|(x, y)| {
                let mut t = x.to_vec();
                t.extend_from_slice(y);
                t
            }),
        )
    }
}

/// The size reading of `q decl | body`, if the body has the shape above (`None`: it does
/// not, and the quantifier keeps its general treatment).
pub fn size_comparison(q: Quantifier, decl: &Decl, body: &Formula) -> Option<SizeComparison> {
    if decl.is_first_order() || decl.mult != DeclMult::Set {
        return None;
    }
    let mut conjuncts = Vec::new();
    match q {
        Quantifier::Some => conjuncts_of(body, &mut conjuncts),
        Quantifier::All => negated_conjuncts(body, &mut conjuncts),
    }
    let f = decl.var_expr();
    let mut free = FreeVars::default();
    let mut mentions = |g: &Formula| {
        let mut vars = BTreeSet::new();
        free.formula(g, &mut vars);
        vars.contains(&decl.var)
    };
    // The sets `f` must lie in: the declaration's bound and every `f in P`.
    let mut within: Vec<Expr> = vec![decl.bound.clone()];
    let mut total: Option<Vec<Decl>> = None;
    let mut injective: Option<Vec<Decl>> = None;
    let mut missed: Option<(Expr, Expr)> = None;
    let mut rest = Vec::new();
    for c in conjuncts {
        if !mentions(&c) {
            rest.push(c);
            continue;
        }
        match c.kind() {
            FormulaKind::Subset(a, b) if *a == f => within.push(b.clone()),
            FormulaKind::Quant(Quantifier::All, ..) => {
                let (vars, inner) = flatten_all(&c);
                // Tuples of single atoms, fewer columns than the map has.
                if vars.iter().any(|v| !v.is_first_order()) || vars.len() >= decl.arity() {
                    return None;
                }
                match inner.kind() {
                    FormulaKind::Mult(MultTest::One, e) if *e == image_of(&vars, &f) => {
                        set_once(&mut total, vars)?
                    }
                    FormulaKind::Mult(MultTest::Lone, e) if *e == preimage_of(&vars, &f) => {
                        set_once(&mut injective, vars)?
                    }
                    _ => return None,
                }
            }
            FormulaKind::Mult(MultTest::Some, e) => match e.kind() {
                ExprKind::Difference(q, img) => set_once(&mut missed, (q.clone(), img.clone()))?,
                _ => return None,
            },
            _ => return None,
        }
    }
    let (total, injective) = (total?, injective?);
    let (k, m) = (total.len(), injective.len());
    if k + m != decl.arity() {
        return None;
    }
    // `f in R -> Q`, said by the bound or a conjunct, with R the set the totality
    // conjunct ranges over; the map lies in every other set `f` must lie in.
    let (product, smaller, larger) = within.iter().find_map(|p| {
        let (r, q) = split_product(p, k)?;
        let names_r = match total.as_slice() {
            [x] => x.bound == r,
            [x, y, ..] => y.bound == Expr::join(x.var_expr(), r.clone()),
            [] => false,
        };
        names_r.then(|| (p.clone(), r, q))
    })?;
    let mut side: Vec<Formula> = within
        .iter()
        .filter(|p| **p != product)
        .map(|p| Formula::subset(product.clone(), p.clone()))
        .collect();
    side.extend(ranges_over(&total, &smaller, true)?);
    side.extend(ranges_over(&injective, &larger, false)?);
    let strict = match missed {
        None => false,
        Some((q, img)) => {
            if q != larger {
                return None;
            }
            side.extend(image_covers(&img, &smaller, &larger, &f)?);
            true
        }
    };
    // The counted sets must not depend on the map.
    let mut bounds_mention = |e: &Expr| free.expr(e).contains(&decl.var);
    if bounds_mention(&smaller) || bounds_mention(&larger) {
        return None;
    }
    Some(SizeComparison {
        smaller,
        larger,
        strict,
        side,
        rest,
    })
}

fn set_once<T: PartialEq>(slot: &mut Option<T>, value: T) -> Option<()> {
    match slot {
        Some(old) if *old != value => None,
        _ => {
            *slot = Some(value);
            Some(())
        }
    }
}

/// The conjuncts of `f`.
pub(crate) fn conjuncts_of(f: &Formula, out: &mut Vec<Formula>) {
    match f.kind() {
        FormulaKind::And(fs) => fs.iter().for_each(|g| conjuncts_of(g, out)),
        FormulaKind::Const(true) => {}
        _ => out.push(f.clone()),
    }
}

/// The conjuncts of `not f`.
pub(crate) fn negated_conjuncts(f: &Formula, out: &mut Vec<Formula>) {
    match f.kind() {
        FormulaKind::Not(g) => conjuncts_of(g, out),
        FormulaKind::Or(fs) => fs.iter().for_each(|g| negated_conjuncts(g, out)),
        FormulaKind::Implies(a, b) => {
            conjuncts_of(a, out);
            negated_conjuncts(b, out);
        }
        FormulaKind::Const(false) => {}
        _ => out.push(f.clone().not()),
    }
}

/// `all x1 | all x2 | ... | g` as the variables and `g`.
fn flatten_all(f: &Formula) -> (Vec<Decl>, Formula) {
    let mut vars = Vec::new();
    let mut cur = f.clone();
    while let FormulaKind::Quant(Quantifier::All, decls, body) = cur.kind() {
        vars.extend(decls.iter().cloned());
        cur = body.clone();
    }
    (vars, cur)
}

/// `xk.(...(x1.f))`: the image of the tuple `x1 ... xk`.
fn image_of(vars: &[Decl], f: &Expr) -> Expr {
    vars.iter()
        .fold(f.clone(), |e, v| Expr::join(v.var_expr(), e))
}

/// `(...((f.ym).y(m-1))...).y1`: the tuples sent to `y1 ... ym`.
fn preimage_of(vars: &[Decl], f: &Expr) -> Expr {
    vars.iter()
        .rev()
        .fold(f.clone(), |e, v| Expr::join(e, v.var_expr()))
}

/// Splits `A1 -> ... -> An` into the product of the factors that make up the first
/// `arity` columns and the product of the rest.
fn split_product(e: &Expr, arity: usize) -> Option<(Expr, Expr)> {
    let mut factors = Vec::new();
    flatten_product(e, &mut factors);
    let mut columns = 0;
    let mut cut = None;
    for (i, x) in factors.iter().enumerate() {
        columns += x.arity();
        if columns == arity {
            cut = Some(i + 1);
            break;
        }
    }
    let cut = cut?;
    if cut == factors.len() {
        return None;
    }
    if let ExprKind::Product(a, b) = e.kind()
        && a.arity() == arity
    {
        return Some((a.clone(), b.clone()));
    }
    let rebuild = |xs: &[Expr]| {
        xs.iter()
            .skip(1)
            .fold(xs[0].clone(), |acc, x| Expr::product(acc, x.clone()))
    };
    let (left, right) = factors.split_at(cut);
    Some((rebuild(left), rebuild(right)))
}

fn flatten_product(e: &Expr, out: &mut Vec<Expr>) {
    match e.kind() {
        ExprKind::Product(a, b) => {
            flatten_product(a, out);
            flatten_product(b, out);
        }
        _ => out.push(e.clone()),
    }
}

/// The side conditions under which the tuples `vars` range over (`exact`: exactly; else:
/// at least) the tuples of `set`: single atoms, the first from a set `D`, each next one
/// from the join of the earlier ones with `set`.
fn ranges_over(vars: &[Decl], set: &Expr, exact: bool) -> Option<Vec<Formula>> {
    if vars.is_empty() || vars.iter().any(|v| !v.is_first_order()) {
        return None;
    }
    let first = &vars[0].bound;
    if vars.len() == 1 {
        // `all x: D | ...` covers exactly D.
        return Some(if first == set {
            Vec::new()
        } else if exact {
            vec![Formula::equal(first.clone(), set.clone())]
        } else {
            vec![Formula::subset(set.clone(), first.clone())]
        });
    }
    for i in 1..vars.len() {
        let expected = vars[..i]
            .iter()
            .fold(set.clone(), |e, v| Expr::join(v.var_expr(), e));
        if vars[i].bound != expected {
            return None;
        }
    }
    // The first atoms of `set` all lie in D: then the tuples are exactly those of `set`.
    let heads = (1..vars.len()).fold(set.clone(), |e, _| Expr::join(e, Expr::univ()));
    Some(vec![Formula::subset(heads, first.clone())])
}

/// The side conditions under which `img` is the image of `f` within `larger` (`None`: it
/// is not written as one).
fn image_covers(img: &Expr, smaller: &Expr, larger: &Expr, f: &Expr) -> Option<Vec<Formula>> {
    match img.kind() {
        // `R.f` for sets: the image of R, which is f's domain.
        ExprKind::Join(r, g) if r == smaller && g == f && smaller.arity() == 1 => Some(Vec::new()),
        // `{y1, ..., ym | some (...(f.ym)...).y1}` over sets that cover Q, or over Q itself.
        ExprKind::Comprehension(vars, body) => {
            let FormulaKind::Mult(MultTest::Some, e) = body.kind() else {
                return None;
            };
            if vars.len() != larger.arity()
                || vars.iter().any(|v| !v.is_first_order())
                || *e != preimage_of(vars, f)
            {
                return None;
            }
            if let Some(side) = ranges_over(vars, larger, false) {
                return Some(side);
            }
            // Independent sets: Q within their product.
            let mut free = FreeVars::default();
            let own: BTreeSet<_> = vars.iter().map(|v| v.var).collect();
            if vars
                .iter()
                .any(|v| !v.is_first_order() || free.expr(&v.bound).iter().any(|x| own.contains(x)))
            {
                return None;
            }
            let product = vars.iter().skip(1).fold(vars[0].bound.clone(), |acc, v| {
                Expr::product(acc, v.bound.clone())
            });
            Some(vec![Formula::subset(larger.clone(), product)])
        }
        _ => None,
    }
}
