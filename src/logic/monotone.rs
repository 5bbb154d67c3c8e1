//! Whether a term grows with a variable: a syntactic, conservative test.
//!
//! The evaluator uses it to saturate what a relation variable must contain before it
//! enumerates values: if `E(v) in v` must hold and `E` grows with `v`, then from `R in v`
//! follows `E(R) in E(v) in v`, so `E(R)` may join `R` (Biswas and Enea's saturation of a
//! commit order, read off the axioms instead of written per level).

use std::collections::BTreeSet;

use super::free::FreeVars;
use super::{CardCmp, Decl, Expr, ExprKind, Formula, FormulaKind, MultTest, Quantifier, VarId};

/// Whether `e`'s value only grows when `var`'s value grows (`up`), or only shrinks
/// (`!up`). `false` means "not known", never "it does not".
pub fn expr_follows(e: &Expr, var: VarId, up: bool, free: &mut FreeVars) -> bool {
    if !free.expr(e).contains(&var) {
        return true;
    }
    use ExprKind::*;
    match e.kind() {
        Var(_) => up,
        Union(a, b)
        | Intersection(a, b)
        | Join(a, b)
        | Product(a, b)
        | DomainRestrict(a, b)
        | RangeRestrict(a, b) => expr_follows(a, var, up, free) && expr_follows(b, var, up, free),
        Transpose(a) | Closure(a) | ReflexiveClosure(a) => expr_follows(a, var, up, free),
        Difference(a, b) => expr_follows(a, var, up, free) && expr_follows(b, var, !up, free),
        IfThenElse(c, a, b) => {
            !formula_mentions(c, var, free)
                && expr_follows(a, var, up, free)
                && expr_follows(b, var, up, free)
        }
        Comprehension(decls, body) => {
            decls_follow(decls, var, up, free) && formula_follows(body, var, up, free)
        }
        _ => false,
    }
}

/// Whether `f` can only become true (`up`), or only false (`!up`), when `var`'s value
/// grows.
pub fn formula_follows(f: &Formula, var: VarId, up: bool, free: &mut FreeVars) -> bool {
    if !formula_mentions(f, var, free) {
        return true;
    }
    use FormulaKind::*;
    match f.kind() {
        And(fs) | Or(fs) => fs.iter().all(|g| formula_follows(g, var, up, free)),
        Not(g) => formula_follows(g, var, !up, free),
        Implies(a, b) => formula_follows(a, var, !up, free) && formula_follows(b, var, up, free),
        Subset(a, b) => expr_follows(a, var, !up, free) && expr_follows(b, var, up, free),
        Mult(MultTest::Some, e) | Cardinality(CardCmp::AtLeast, e, _) => {
            expr_follows(e, var, up, free)
        }
        Mult(MultTest::No | MultTest::Lone, e) | Cardinality(CardCmp::AtMost, e, _) => {
            expr_follows(e, var, !up, free)
        }
        // A larger bound offers more values: `some` gains witnesses, `all` obligations.
        Quant(Quantifier::Some, decls, body) => {
            decls_follow(decls, var, up, free) && formula_follows(body, var, up, free)
        }
        Quant(Quantifier::All, decls, body) => {
            decls_follow(decls, var, !up, free) && formula_follows(body, var, up, free)
        }
        _ => false,
    }
}

/// Whether each declaration's range grows (`up`) or shrinks with `var`: whatever the
/// multiplicity, a larger bound has more values.
fn decls_follow(decls: &[Decl], var: VarId, up: bool, free: &mut FreeVars) -> bool {
    decls.iter().all(|d| expr_follows(&d.bound, var, up, free))
}

fn formula_mentions(f: &Formula, var: VarId, free: &mut FreeVars) -> bool {
    let mut vars = BTreeSet::new();
    free.formula(f, &mut vars);
    vars.contains(&var)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::RelId;

    fn var(n: u32) -> Expr {
        Expr::var(VarId(n), 2)
    }

    #[test]
    fn joins_and_closures_grow_and_differences_turn_the_direction() {
        let mut free = FreeVars::default();
        let v = VarId(1);
        let r = Expr::rel(RelId(0), 2);
        // *v . r grows with v
        let e = Expr::join(Expr::reflexive_closure(var(1)), r.clone());
        assert!(expr_follows(&e, v, true, &mut free));
        assert!(!expr_follows(&e, v, false, &mut free));
        // r - v shrinks
        let d = Expr::difference(r.clone(), var(1));
        assert!(expr_follows(&d, v, false, &mut free));
        assert!(!expr_follows(&d, v, true, &mut free));
        // r ++ v: not known either way
        let o = Expr::override_(r.clone(), var(1));
        assert!(!expr_follows(&o, v, true, &mut free));
        assert!(!expr_follows(&o, v, false, &mut free));
        // a term without v follows it both ways
        assert!(expr_follows(&r, v, true, &mut free) && expr_follows(&r, v, false, &mut free));
        // `r in v` becomes true with more v; `v in r` false; `v = r` neither
        assert!(formula_follows(
            &Formula::subset(r.clone(), var(1)),
            v,
            true,
            &mut free
        ));
        assert!(formula_follows(
            &Formula::subset(var(1), r.clone()),
            v,
            false,
            &mut free
        ));
        assert!(!formula_follows(
            &Formula::equal(var(1), r.clone()),
            v,
            true,
            &mut free
        ));
    }
}
