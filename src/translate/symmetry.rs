//! Symmetry breaking: interchangeable atoms, lex-leader predicates, fixed total orders.
//!
//! **Classes.** Two atoms are interchangeable when swapping them maps every relation's
//! lower and upper bound onto itself and neither occurs in a constant of the formula.
//! Relational logic cannot tell atoms apart otherwise (`univ` and `iden` are invariant),
//! so such a swap maps solutions to solutions. Compositions of such swaps are again
//! symmetries, so "interchangeable" is an equivalence and its classes are what we compute;
//! every permutation of the atoms within a class is a symmetry of the problem.
//!
//! **Lex-leader.** Let `V` be the list of all primary variables in one fixed global order
//! (relation order, then tuple order) and `σV` the list of the variables each one is
//! mapped to by a symmetry `σ`. For the swap of each pair of consecutive atoms of a class
//! we add `V ≤lex σV` (false < true), keeping only the positions where `σ` changes the
//! variable (equal positions compare equal anyway) and, like Kodkod, only the first
//! `length` of those, which is weaker, hence still sound. Soundness: in every orbit of
//! solutions under the symmetry group, take the lexicographically least assignment `V*`
//! (in *the same* global order). For each predicate's `σ`, `σV*` is in the same orbit, so
//! `V* ≤lex σV*`, and every prefix comparison holds as well. So the least member of every
//! orbit satisfies all predicates at once and no orbit loses all its solutions. (Using a
//! different order per predicate would break this: each predicate could keep a different
//! member of the orbit.)
//!
//! **Fixed total orders.** A top-level conjunct `TotalOrder{elems, first, next}` whose
//! `elems` has a constant value with all atoms in one class, and whose `first`/`next` are
//! relations (or `o.r` with `o` a constant singleton) may be replaced by setting those
//! relations to the order of atom indices (see [`fix_total_orders`] for the argument).

use std::collections::{BTreeSet, HashMap};

use super::circuit::Bit;
use super::matrix::{index_of, tuple_of};
use super::translator::Translator;
use crate::logic::pinned::exact_value;
use crate::logic::{
    Atom, Bounds, Expr, ExprKind, Formula, FormulaKind, Problem, RelId, Tuple, TupleSet,
};

/// Atoms occurring in `Const` expressions anywhere in the formula.
pub fn constant_atoms(formula: &Formula) -> BTreeSet<Atom> {
    let mut atoms = BTreeSet::new();
    let mut seen = BTreeSet::new();
    let mut formulas = vec![formula.clone()];
    let mut exprs: Vec<Expr> = Vec::new();
    while !formulas.is_empty() || !exprs.is_empty() {
        if let Some(f) = formulas.pop() {
            if !seen.insert(f.node_id()) {
                continue;
            }
            f.subterms(&mut formulas, &mut exprs);
        } else if let Some(e) = exprs.pop() {
            if !seen.insert(e.node_id()) {
                continue;
            }
            if let ExprKind::Const(ts) = e.kind() {
                atoms.extend(ts.atoms());
            }
            e.subterms(&mut formulas, &mut exprs);
        }
    }
    atoms
}

fn swap_atom(x: Atom, a: Atom, b: Atom) -> Atom {
    if x == a {
        b
    } else if x == b {
        a
    } else {
        x
    }
}

fn swap_tuple(t: &[Atom], a: Atom, b: Atom) -> Tuple {
    t.iter().map(|&x| swap_atom(x, a, b)).collect()
}

/// The classes of interchangeable atoms, each sorted, in order of their least atom.
/// Atoms that are interchangeable with no other atom form singleton classes.
pub fn symmetry_classes(bounds: &Bounds, formula: &Formula) -> Vec<Vec<Atom>> {
    let n = bounds.universe.len();
    let mut excluded = constant_atoms(formula);
    // `Int` atoms carry their values: no two are interchangeable.
    if let Some(ints) = bounds.universe.ints() {
        excluded.extend(ints.first..ints.first + ints.count());
    }
    let sets: Vec<&TupleSet> = bounds
        .relations
        .iter()
        .flat_map(|r| [&r.lower, &r.upper])
        .collect();
    // Each atom's occurrences, and a signature (occurrence counts per set and column)
    // that any atom interchangeable with it must share: a cheap first partition.
    let mut occurrences: Vec<Vec<(usize, &[Atom])>> = vec![Vec::new(); n];
    let mut signature: Vec<HashMap<(usize, usize), u32>> = vec![HashMap::new(); n];
    for (s, set) in sets.iter().enumerate() {
        for t in set.iter() {
            for (col, &a) in t.iter().enumerate() {
                if (a as usize) < n {
                    *signature[a as usize].entry((s, col)).or_default() += 1;
                }
            }
            let mut atoms: Vec<Atom> = t.to_vec();
            atoms.sort_unstable();
            atoms.dedup();
            for a in atoms {
                if (a as usize) < n {
                    occurrences[a as usize].push((s, t));
                }
            }
        }
    }
    let swap_preserves = |a: Atom, b: Atom| {
        // A swap is a bijection on tuples, so mapping each set into itself suffices; only
        // tuples mentioning `a` or `b` move.
        occurrences[a as usize]
            .iter()
            .chain(&occurrences[b as usize])
            .all(|&(s, t)| sets[s].contains(&swap_tuple(t, a, b)))
    };
    let mut classes: Vec<Vec<Atom>> = Vec::new();
    // Class indices per signature (sorted `((set, column), count)` entries).
    type Signature = Vec<((usize, usize), u32)>;
    let mut candidates: HashMap<Signature, Vec<usize>> = HashMap::new();
    for a in 0..n as Atom {
        if excluded.contains(&a) {
            classes.push(vec![a]);
            continue;
        }
        let mut sig: Signature = signature[a as usize]
            .iter()
            .map(|(k, v)| (*k, *v))
            .collect();
        sig.sort_unstable();
        let same_signature = candidates.entry(sig).or_default();
        match same_signature
            .iter()
            .find(|&&c| swap_preserves(classes[c][0], a))
        {
            Some(&c) => classes[c].push(a),
            None => {
                same_signature.push(classes.len());
                classes.push(vec![a]);
            }
        }
    }
    classes.sort_by_key(|c| c[0]);
    classes
}

/// The lex-leader predicate for the classes, over the translator's primary variables:
/// for each pair of consecutive atoms of a class, `V ≤lex σV` on the first `length`
/// positions that the swap changes.
pub fn lex_leader(translator: &mut Translator, classes: &[Vec<Atom>], length: usize) -> Bit {
    if length == 0 {
        return Bit::TRUE;
    }
    let n = translator.bounds().universe.len();
    let primaries = translator.primaries().to_vec();
    // Where each atom that some swap moves occurs, in the global order: a swap only
    // changes those positions, and scanning every primary for every pair is quadratic
    // (20,000 atoms of one sig took minutes).
    let mut moved = vec![false; n];
    for class in classes.iter().filter(|c| c.len() > 1) {
        for &a in class {
            moved[a as usize] = true;
        }
    }
    let mut occurrences: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut tuples: Vec<Tuple> = Vec::with_capacity(primaries.len());
    for (i, p) in primaries.iter().enumerate() {
        let tuple = tuple_of(p.index, translator.relation(p.rel).arity(), n);
        for (k, &x) in tuple.iter().enumerate() {
            // Once per primary, even when the atom repeats in the tuple.
            if moved[x as usize] && !tuple[..k].contains(&x) {
                occurrences[x as usize].push(i);
            }
        }
        tuples.push(tuple);
    }
    let mut predicates = Vec::new();
    for class in classes {
        for pair in class.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let mut xs = Vec::new();
            let mut ys = Vec::new();
            let (oa, ob) = (&occurrences[a as usize], &occurrences[b as usize]);
            let (mut i, mut j) = (0, 0);
            while xs.len() < length && (i < oa.len() || j < ob.len()) {
                // The next position mentioning a or b, each once.
                let pos = match (oa.get(i), ob.get(j)) {
                    (Some(&x), Some(&y)) if x == y => {
                        i += 1;
                        j += 1;
                        x
                    }
                    (Some(&x), Some(&y)) if x < y => {
                        i += 1;
                        x
                    }
                    (Some(&x), None) => {
                        i += 1;
                        x
                    }
                    (_, Some(&y)) => {
                        j += 1;
                        y
                    }
                    (None, None) => unreachable!("the loop condition"),
                };
                let p = &primaries[pos];
                let image = translator
                    .relation(p.rel)
                    .get(index_of(&swap_tuple(&tuples[pos], a, b), n));
                if image == p.bit {
                    continue;
                }
                xs.push(p.bit);
                ys.push(image);
            }
            predicates.push(lex_leq(translator, &xs, &ys));
        }
    }
    translator.circuit_mut().and(&predicates)
}

/// `xs ≤lex ys` with false < true: at each position, if the prefix is equal then
/// `x ≤ y`. The prefix test `e_i` only needs `x_i ≥ y_i` at each position, not equality:
/// wherever the prefix before `i` is equal, `x_i ≤ y_i` is required anyway, so the two
/// agree. That leaves one gate per position for `e_i` and one clause for the comparison.
fn lex_leq(translator: &mut Translator, xs: &[Bit], ys: &[Bit]) -> Bit {
    let c = translator.circuit_mut();
    let mut equal_so_far = Bit::TRUE;
    let mut comparisons = Vec::with_capacity(xs.len());
    for (&x, &y) in xs.iter().zip(ys) {
        comparisons.push(c.or(&[!equal_so_far, !x, y]));
        let not_less = c.or2(x, !y);
        equal_so_far = c.and2(equal_so_far, not_less);
    }
    c.and(&comparisons)
}

/// What `first` or `next` of a total order may be, to be fixed: a relation `r`, or `o.r`
/// with `o` a constant singleton (the `Ord` atom of `util/ordering`).
fn order_target(e: &Expr, bounds: &Bounds) -> Option<(RelId, Option<Atom>)> {
    match e.kind() {
        ExprKind::Rel(r) => Some((*r, None)),
        ExprKind::Join(s, r) => {
            let (ExprKind::Rel(s), ExprKind::Rel(r)) = (s.kind(), r.kind()) else {
                return None;
            };
            let rel = bounds.relation(*s);
            if rel.arity != 1 || rel.lower != rel.upper || rel.lower.len() != 1 {
                return None;
            }
            let o = rel.lower.iter().next()?[0];
            Some((*r, Some(o)))
        }
        _ => None,
    }
}

/// The top-level conjuncts of a formula.
fn conjuncts(f: &Formula) -> Vec<Formula> {
    match f.kind() {
        FormulaKind::And(fs) => fs.clone(),
        _ => vec![f.clone()],
    }
}

/// Fixes top-level total orders over interchangeable atoms to the order of atom indices.
///
/// Soundness: let `F = TotalOrder(elems, first, next) && G` with `elems` fixed by the
/// bounds to atoms `e0 < e1 < … < ek` that all lie in one symmetry class. If an instance
/// `I` satisfies `F`, its `next` orders the `ei` somehow; the permutation `π` that maps the
/// `i`-th element of that order to `ei` only moves atoms of one class, so it is a symmetry:
/// `π(I)` satisfies `F` within the same bounds, and in `π(I)` the order is `e0 < … < ek`.
/// Because `first` and `next` are determined by the order, `π(I)` gives `r` exactly the
/// fixed value. Conversely, with `r` fixed to that value (and that value within `r`'s
/// original bounds, which we check), `TotalOrder` holds, so `G` alone is equivalent. In the
/// `o.r` form, `r`'s upper bound must only hold tuples starting with `o` (otherwise fixing
/// `r` would drop tuples `F` leaves free) and `o` must not be one of the ordered atoms.
/// After a fix the atoms are no longer interchangeable, so classes are recomputed.
///
/// A top-level `StrictOrder{Rel(r), elems}` (a commit order) with `elems` fixed is fixed
/// class by class: within each symmetry class `C`, `r` orders `C ∩ elems` as the atoms are
/// numbered. Soundness: in any instance `r` orders `C ∩ elems` somehow, and the
/// permutation of `C` that maps that order to atom order is a symmetry (it moves only
/// atoms of one class), so some instance has the atom order there; classes are disjoint,
/// so fixing one does not undo another. Pairs across classes stay free, and the conjunct
/// stays, since it still constrains them.
pub fn fix_total_orders(problem: &Problem) -> Problem {
    let mut bounds = problem.bounds.clone();
    let mut parts = conjuncts(&problem.formula);
    let mut fixed_strict: Vec<usize> = Vec::new();
    'search: loop {
        let formula = Formula::and(parts.iter().cloned());
        let classes = symmetry_classes(&bounds, &formula);
        for (i, part) in parts.iter().enumerate() {
            if let FormulaKind::StrictOrder { rel, elems } = part.kind() {
                if !fixed_strict.contains(&i)
                    && let Some((r, lower, upper)) = strict_order_fix(rel, elems, &bounds, &classes)
                {
                    let relation = &mut bounds.relations[r.0 as usize];
                    relation.lower = lower;
                    relation.upper = upper;
                    fixed_strict.push(i);
                    continue 'search;
                }
                continue;
            }
            let FormulaKind::TotalOrder { elems, first, next } = part.kind() else {
                continue;
            };
            if let Some(fixes) = order_fix(elems, first, next, &bounds, &classes) {
                for (r, value) in fixes {
                    let rel = &mut bounds.relations[r.0 as usize];
                    rel.lower = value.clone();
                    rel.upper = value;
                }
                parts.remove(i);
                continue 'search;
            }
        }
        return Problem { bounds, formula };
    }
}

/// New bounds for a strict order's relation: atom order within every symmetry class of
/// its (fixed) elements; `None` if nothing can be fixed.
fn strict_order_fix(
    rel: &Expr,
    elems: &Expr,
    bounds: &Bounds,
    classes: &[Vec<Atom>],
) -> Option<(RelId, TupleSet, TupleSet)> {
    let ExprKind::Rel(r) = rel.kind() else {
        return None;
    };
    let elems = exact_value(elems, bounds)?;
    if elems.arity() != 1 {
        return None;
    }
    let relation = bounds.relation(*r);
    let (mut lower, mut upper) = (relation.lower.clone(), relation.upper.clone());
    let mut changed = false;
    for class in classes {
        let atoms: Vec<Atom> = class
            .iter()
            .copied()
            .filter(|a| elems.contains(&[*a]))
            .collect();
        if atoms.len() < 2 {
            continue;
        }
        for (i, &a) in atoms.iter().enumerate() {
            for &b in &atoms[i + 1..] {
                // a < b: (a, b) must be in the order, (b, a) must not.
                if !upper.contains(&[a, b]) || lower.contains(&[b, a]) {
                    return None;
                }
                changed |= lower.insert(vec![a, b]);
                changed |= upper.remove(&[b, a]);
            }
        }
    }
    changed.then_some((*r, lower, upper))
}

/// The values to give `first`'s and `next`'s relations, if this order can be fixed.
fn order_fix(
    elems: &Expr,
    first: &Expr,
    next: &Expr,
    bounds: &Bounds,
    classes: &[Vec<Atom>],
) -> Option<[(RelId, TupleSet); 2]> {
    let elems = exact_value(elems, bounds)?;
    if elems.arity() != 1 || elems.is_empty() {
        return None;
    }
    let atoms: Vec<Atom> = elems.iter().map(|t| t[0]).collect();
    let class = classes.iter().find(|c| c.contains(&atoms[0]))?;
    if !atoms.iter().all(|a| class.contains(a)) {
        return None;
    }
    let (first_rel, first_prefix) = order_target(first, bounds)?;
    let (next_rel, next_prefix) = order_target(next, bounds)?;
    if first_rel == next_rel {
        return None;
    }
    let with_prefix = |prefix: Option<Atom>, t: Vec<Atom>| match prefix {
        Some(o) => std::iter::once(o).chain(t).collect(),
        None => t,
    };
    let first_value = TupleSet::from_tuples(
        1 + first_prefix.is_some() as usize,
        [with_prefix(first_prefix, vec![atoms[0]])],
    );
    let next_value = TupleSet::from_tuples(
        2 + next_prefix.is_some() as usize,
        atoms
            .windows(2)
            .map(|w| with_prefix(next_prefix, vec![w[0], w[1]])),
    );
    for (r, prefix, value) in [
        (first_rel, first_prefix, &first_value),
        (next_rel, next_prefix, &next_value),
    ] {
        let rel = bounds.relation(r);
        if rel.arity != value.arity() || !value.is_subset(&rel.upper) || !rel.lower.is_subset(value)
        {
            return None;
        }
        if let Some(o) = prefix
            && (atoms.contains(&o) || rel.upper.iter().any(|t| t[0] != o))
        {
            return None;
        }
    }
    Some([(first_rel, first_value), (next_rel, next_value)])
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::logic::upper::{full, product};
    use crate::logic::{Relation, RelationKind, Universe};
    use crate::solve::{BackendKind, Enumerator, Outcome, SolveOptions};

    fn bounds(n: usize) -> Bounds {
        Bounds {
            universe: Universe::new((0..n).map(|i| format!("A${i}")).collect()),
            relations: Vec::new(),
        }
    }

    fn add(b: &mut Bounds, name: &str, lower: TupleSet, upper: TupleSet) -> RelId {
        b.add(Relation {
            name: name.into(),
            arity: upper.arity(),
            kind: RelationKind::Sig,
            lower,
            upper,
        })
    }

    #[test]
    fn classes_follow_bounds_and_constants() {
        let mut b = bounds(6);
        add(
            &mut b,
            "A",
            TupleSet::empty(1),
            TupleSet::of_atoms([0, 1, 2, 3, 5]),
        );
        add(
            &mut b,
            "B",
            TupleSet::of_atoms([3]),
            TupleSet::of_atoms([3]),
        );
        // Symmetric in 0 and 1 only; 5 is on its own in R.
        let r = TupleSet::from_tuples(2, [vec![0, 1], vec![1, 0], vec![5, 5]]);
        add(&mut b, "R", TupleSet::empty(2), r);
        let t = Formula::true_();
        assert_eq!(
            symmetry_classes(&b, &t),
            vec![vec![0, 1], vec![2], vec![3], vec![4], vec![5]]
        );
        let mut b2 = bounds(5);
        add(
            &mut b2,
            "A",
            TupleSet::empty(1),
            TupleSet::of_atoms([0, 1, 2, 3]),
        );
        assert_eq!(symmetry_classes(&b2, &t), vec![vec![0, 1, 2, 3], vec![4]]);
        // An atom named by a constant of the formula stands apart.
        let f = Expr::constant(TupleSet::of_atoms([1])).in_(&Expr::univ());
        assert_eq!(
            symmetry_classes(&b2, &f),
            vec![vec![0, 2, 3], vec![1], vec![4]]
        );
    }

    fn permute(values: &[TupleSet], perm: &[Atom]) -> Vec<TupleSet> {
        values
            .iter()
            .map(|v| {
                TupleSet::from_tuples(
                    v.arity(),
                    v.iter()
                        .map(|t| t.iter().map(|&a| perm[a as usize]).collect::<Vec<_>>()),
                )
            })
            .collect()
    }

    /// Exhaustively: with no constraint at all, every assignment of a unary and a binary
    /// relation over three interchangeable atoms has an image under some permutation among
    /// the instances that survive symmetry breaking, for full and truncated predicates.
    #[test]
    fn lex_leader_keeps_a_member_of_every_orbit() {
        let n = 3;
        let mut b = bounds(n);
        add(&mut b, "A", TupleSet::empty(1), full(n, 1));
        add(&mut b, "R", TupleSet::empty(2), full(n, 2));
        let problem = Problem {
            bounds: b.clone(),
            formula: Formula::true_(),
        };
        let perms: [[Atom; 3]; 6] = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        for (length, backend) in [(20, BackendKind::Cadical), (3, BackendKind::Varisat)] {
            let opts = SolveOptions {
                backend,
                symmetry: length,
                fix_orders: false,
                ..SolveOptions::default()
            };
            let mut e = Enumerator::new(&problem, &opts).unwrap();
            let mut found = BTreeSet::new();
            while let Outcome::Sat(instance) = e.next() {
                found.insert(instance.values);
            }
            for mask in 0..1u32 << 12 {
                let a = TupleSet::of_atoms((0..3).filter(|i| mask >> i & 1 == 1));
                let r = TupleSet::from_tuples(
                    2,
                    (0..9u32)
                        .filter(|i| mask >> (3 + i) & 1 == 1)
                        .map(|i| vec![i / 3, i % 3]),
                );
                let values = vec![a, r];
                assert!(
                    perms.iter().any(|p| found.contains(&permute(&values, p))),
                    "orbit of {values:?} lost with length {length}"
                );
            }
            // And the predicates do cut: 4096 assignments, far fewer kept.
            assert!(
                found.len() < 1500,
                "kept {} with length {length}",
                found.len()
            );
        }
    }

    #[test]
    fn lex_leq_orders_bit_vectors() {
        // No primary variables, so the circuit's variables are exactly xs then ys.
        let mut t = Translator::new(&bounds(1)).unwrap();
        let xs: Vec<Bit> = (0..3).map(|_| t.circuit_mut().new_var()).collect();
        let ys: Vec<Bit> = (0..3).map(|_| t.circuit_mut().new_var()).collect();
        let leq = lex_leq(&mut t, &xs, &ys);
        for x in 0..8u32 {
            for y in 0..8u32 {
                // Position 0 is the most significant.
                let rev = |v: u32| (v & 1) << 2 | (v & 2) | (v >> 2 & 1);
                let value = t.circuit().evaluate(&[leq], |v| {
                    if v < 3 {
                        x >> v & 1 == 1
                    } else {
                        y >> (v - 3) & 1 == 1
                    }
                })[0];
                assert_eq!(value, rev(x) <= rev(y), "x={x:03b} y={y:03b}");
            }
        }
    }

    fn order_problem(b: Bounds, elems: Expr, first: Expr, next: Expr, rest: Formula) -> Problem {
        Problem {
            bounds: b,
            formula: Formula::and([Formula::total_order(elems, first, next), rest]),
        }
    }

    #[test]
    fn total_orders_are_fixed_when_sound() {
        let n = 4;
        let mut b = bounds(n);
        let three = TupleSet::of_atoms([0, 1, 2]);
        let e = add(&mut b, "E", three.clone(), three.clone());
        let f = add(&mut b, "first", TupleSet::empty(1), three.clone());
        let x = add(&mut b, "next", TupleSet::empty(2), product(&three, &three));
        let (ee, fe, xe) = (Expr::rel(e, 1), Expr::rel(f, 1), Expr::rel(x, 2));
        let rest = fe.some();
        let fixed = fix_total_orders(&order_problem(
            b.clone(),
            ee.clone(),
            fe.clone(),
            xe.clone(),
            rest.clone(),
        ));
        assert_eq!(fixed.formula, rest);
        assert_eq!(fixed.bounds.relation(f).lower, TupleSet::of_atoms([0]));
        assert_eq!(fixed.bounds.relation(f).upper, TupleSet::of_atoms([0]));
        assert_eq!(
            fixed.bounds.relation(x).upper,
            TupleSet::from_tuples(2, [vec![0, 1], vec![1, 2]])
        );
        assert_eq!(
            fixed.bounds.relation(x).lower,
            fixed.bounds.relation(x).upper
        );

        // A constant naming an ordered atom makes it distinguishable: no fix.
        let named = Expr::constant(TupleSet::of_atoms([1])).in_(&fe);
        let p = order_problem(b.clone(), ee.clone(), fe.clone(), xe.clone(), named);
        assert_eq!(fix_total_orders(&p).bounds, b);

        // Not a top-level conjunct: no fix.
        let nested = Formula::or([
            Formula::total_order(ee.clone(), fe.clone(), xe.clone()),
            fe.no(),
        ]);
        let p = Problem {
            bounds: b.clone(),
            formula: nested.clone(),
        };
        assert_eq!(fix_total_orders(&p).formula, nested);

        // Elements not fixed by the bounds: no fix.
        let mut loose = b.clone();
        loose.relations[e.0 as usize].lower = TupleSet::empty(1);
        let p = order_problem(
            loose.clone(),
            ee.clone(),
            fe.clone(),
            xe.clone(),
            rest.clone(),
        );
        assert_eq!(fix_total_orders(&p).bounds, loose);

        // The fixed value must lie within the relation's bounds.
        let mut narrow = b.clone();
        narrow.relations[f.0 as usize].upper = TupleSet::of_atoms([1, 2]);
        let p = order_problem(
            narrow.clone(),
            ee.clone(),
            fe.clone(),
            xe.clone(),
            rest.clone(),
        );
        assert_eq!(fix_total_orders(&p).bounds, narrow);
    }

    #[test]
    fn ordering_module_shape_is_fixed_through_the_join() {
        let n = 3;
        let mut b = bounds(n);
        let elems = TupleSet::of_atoms([0, 1]);
        let ord = TupleSet::of_atoms([2]);
        let e = add(&mut b, "E", elems.clone(), elems.clone());
        let o = add(&mut b, "Ord", ord.clone(), ord.clone());
        let f = add(&mut b, "First", TupleSet::empty(2), product(&ord, &elems));
        let x = add(
            &mut b,
            "Next",
            TupleSet::empty(3),
            product(&ord, &product(&elems, &elems)),
        );
        let first = Expr::join(Expr::rel(o, 1), Expr::rel(f, 2));
        let next = Expr::join(Expr::rel(o, 1), Expr::rel(x, 3));
        let p = order_problem(
            b.clone(),
            Expr::rel(e, 1),
            first.clone(),
            next.clone(),
            Formula::true_(),
        );
        let fixed = fix_total_orders(&p);
        assert!(fixed.formula.is_true());
        assert_eq!(
            fixed.bounds.relation(f).upper,
            TupleSet::from_tuples(2, [vec![2, 0]])
        );
        assert_eq!(
            fixed.bounds.relation(x).upper,
            TupleSet::from_tuples(3, [vec![2, 0, 1]])
        );

        // `First` may also hold tuples that `Ord.First` does not see: fixing would drop them.
        let mut stray = b.clone();
        stray.relations[f.0 as usize].upper.insert(vec![0, 0]);
        let p = order_problem(
            stray.clone(),
            Expr::rel(e, 1),
            first,
            next,
            Formula::true_(),
        );
        assert_eq!(fix_total_orders(&p).bounds, stray);
    }
}
