//! Sparse boolean matrices: the value of a relational expression as circuit literals.
//!
//! A matrix of arity `k` over a universe of `n` atoms maps each tuple, flattened to the
//! index `t0·n^(k-1) + … + t(k-1)`, to the literal "this tuple is in the relation". Cells
//! are kept sorted by index and absent cells are FALSE, so constant parts cost nothing and
//! the operations are merges. Matrices share their cells through an `Arc`, so cloning one
//! (for caches and environments) is cheap.

use std::sync::{Arc, OnceLock};

use super::MAX_MATRIX_CELLS;
use super::circuit::{Bit, Circuit};
use crate::logic::{Atom, CardCmp, Tuple, TupleSet};

#[derive(Clone, Debug)]
pub struct Matrix {
    arity: usize,
    universe: usize,
    cells: Arc<[(u64, Bit)]>,
    /// Built on the first join that reads this matrix backwards, and shared by its clones
    /// (a commit order is joined with hundreds of small sets).
    by_last_atom: Arc<OnceLock<LastAtomIndex>>,
}

impl PartialEq for Matrix {
    fn eq(&self, other: &Matrix) -> bool {
        self.arity == other.arity && self.universe == other.universe && self.cells == other.cells
    }
}

impl Eq for Matrix {}

/// The positions of a matrix's cells grouped by their last atom: those ending with atom
/// `k` are `positions[starts[k]..starts[k + 1]]`, in index order.
#[derive(Debug)]
struct LastAtomIndex {
    starts: Vec<u32>,
    positions: Vec<u32>,
}

/// A join reads its left matrix backwards, by last atom, when the right one has this
/// many times fewer cells: the cost then follows the right side, not the left.
const BACKWARD_JOIN_RATIO: usize = 8;

/// `n^arity`, the number of possible tuples, or `None` if it does not fit an index.
pub fn capacity(universe: usize, arity: usize) -> Option<u64> {
    (universe as u64).checked_pow(arity as u32)
}

impl Matrix {
    /// Builds a matrix from cells sorted by index; FALSE cells are dropped.
    pub fn from_sorted(arity: usize, universe: usize, cells: Vec<(u64, Bit)>) -> Matrix {
        debug_assert!(cells.windows(2).all(|w| w[0].0 < w[1].0));
        let cells: Vec<(u64, Bit)> = cells.into_iter().filter(|c| c.1 != Bit::FALSE).collect();
        Matrix {
            arity,
            universe,
            cells: cells.into(),
            by_last_atom: Arc::default(),
        }
    }

    /// Builds a matrix from cells in any order; cells with the same index are OR-ed.
    pub fn from_unsorted(
        arity: usize,
        universe: usize,
        mut cells: Vec<(u64, Bit)>,
        c: &mut Circuit,
    ) -> Matrix {
        cells.sort_unstable_by_key(|cell| cell.0);
        let mut out: Vec<(u64, Bit)> = Vec::with_capacity(cells.len());
        let mut group: Vec<Bit> = Vec::new();
        let mut i = 0;
        while i < cells.len() {
            let index = cells[i].0;
            group.clear();
            while i < cells.len() && cells[i].0 == index {
                group.push(cells[i].1);
                i += 1;
            }
            let bit = if group.len() == 1 {
                group[0]
            } else {
                c.or(&group)
            };
            out.push((index, bit));
        }
        Matrix::from_sorted(arity, universe, out)
    }

    pub fn empty(arity: usize, universe: usize) -> Matrix {
        Matrix::from_sorted(arity, universe, Vec::new())
    }

    /// The constant matrix of a tuple set. Tuples mentioning atoms outside the universe
    /// cannot be represented and are left out.
    pub fn constant(ts: &TupleSet, universe: usize) -> Matrix {
        let cells = ts
            .iter()
            .filter(|t| t.iter().all(|&a| (a as usize) < universe))
            .map(|t| (index_of(t, universe), Bit::TRUE))
            .collect();
        Matrix::from_sorted(ts.arity(), universe, cells)
    }

    /// Every atom.
    pub fn univ(universe: usize) -> Matrix {
        let cells = (0..universe as u64).map(|i| (i, Bit::TRUE)).collect();
        Matrix::from_sorted(1, universe, cells)
    }

    /// The identity over every atom.
    pub fn iden(universe: usize) -> Matrix {
        let n = universe as u64;
        let cells = (0..n).map(|i| (i * n + i, Bit::TRUE)).collect();
        Matrix::from_sorted(2, universe, cells)
    }

    /// The matrix holding exactly one tuple.
    pub fn singleton(arity: usize, universe: usize, index: u64) -> Matrix {
        Matrix::from_sorted(arity, universe, vec![(index, Bit::TRUE)])
    }

    pub fn arity(&self) -> usize {
        self.arity
    }

    pub fn universe(&self) -> usize {
        self.universe
    }

    /// The possibly-true cells, sorted by index.
    pub fn cells(&self) -> &[(u64, Bit)] {
        &self.cells
    }

    /// Number of possibly-true cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn get(&self, index: u64) -> Bit {
        match self.cells.binary_search_by_key(&index, |c| c.0) {
            Ok(i) => self.cells[i].1,
            Err(_) => Bit::FALSE,
        }
    }

    pub fn bits(&self) -> Vec<Bit> {
        self.cells.iter().map(|c| c.1).collect()
    }

    /// Every cell is a constant.
    pub fn is_constant(&self) -> bool {
        self.cells.iter().all(|c| c.1 == Bit::TRUE)
    }

    pub fn tuple_of(&self, index: u64) -> Tuple {
        tuple_of(index, self.arity, self.universe)
    }

    /// The tuples whose literal `value` says are present.
    pub fn decode(&self, value: impl Fn(Bit) -> bool) -> TupleSet {
        TupleSet::from_tuples(
            self.arity,
            self.cells
                .iter()
                .filter(|c| value(c.1))
                .map(|c| self.tuple_of(c.0)),
        )
    }

    /// Size of the trailing part of an index after its first column: `n^(arity-1)`.
    fn stride(&self) -> u64 {
        (self.universe as u64).pow(self.arity as u32 - 1)
    }

    /// Walks two sorted cell lists together; `f` gets the two literals of each index
    /// present in either (FALSE where absent).
    fn merge(&self, other: &Matrix, mut f: impl FnMut(Bit, Bit) -> Bit) -> Matrix {
        debug_assert_eq!(self.arity, other.arity);
        let (a, b) = (&self.cells, &other.cells);
        let mut out = Vec::with_capacity(a.len().max(b.len()));
        let (mut i, mut j) = (0, 0);
        while i < a.len() || j < b.len() {
            let (index, x, y) = if j == b.len() || (i < a.len() && a[i].0 < b[j].0) {
                i += 1;
                (a[i - 1].0, a[i - 1].1, Bit::FALSE)
            } else if i == a.len() || b[j].0 < a[i].0 {
                j += 1;
                (b[j - 1].0, Bit::FALSE, b[j - 1].1)
            } else {
                i += 1;
                j += 1;
                (a[i - 1].0, a[i - 1].1, b[j - 1].1)
            };
            let bit = f(x, y);
            if bit != Bit::FALSE {
                out.push((index, bit));
            }
        }
        Matrix::from_sorted(self.arity, self.universe, out)
    }

    pub fn union(&self, other: &Matrix, c: &mut Circuit) -> Matrix {
        self.merge(other, |x, y| c.or2(x, y))
    }

    pub fn intersection(&self, other: &Matrix, c: &mut Circuit) -> Matrix {
        self.merge(other, |x, y| c.and2(x, y))
    }

    pub fn difference(&self, other: &Matrix, c: &mut Circuit) -> Matrix {
        self.merge(other, |x, y| c.and2(x, !y))
    }

    /// `self ++ other`: the tuples of `other`, and those of `self` whose first atom starts
    /// no tuple of `other`.
    pub fn override_(&self, other: &Matrix, c: &mut Circuit) -> Matrix {
        let stride = self.stride();
        // For each first atom present in `other`: "other has some tuple starting here".
        let mut starts: Vec<(u64, Bit)> = Vec::new();
        let mut i = 0;
        let cells = &other.cells;
        while i < cells.len() {
            let first = cells[i].0 / stride;
            let mut group = Vec::new();
            while i < cells.len() && cells[i].0 / stride == first {
                group.push(cells[i].1);
                i += 1;
            }
            starts.push((first, c.or(&group)));
        }
        let kept: Vec<(u64, Bit)> = self
            .cells
            .iter()
            .map(|&(index, bit)| {
                let first = index / stride;
                match starts.binary_search_by_key(&first, |s| s.0) {
                    Ok(k) => (index, c.and2(bit, !starts[k].1)),
                    Err(_) => (index, bit),
                }
            })
            .collect();
        Matrix::from_sorted(self.arity, self.universe, kept).union(other, c)
    }

    /// Relational join: the last column of `self` against the first of `other`.
    pub fn join(&self, other: &Matrix, c: &mut Circuit) -> Matrix {
        let backward = other.cells.len() * BACKWARD_JOIN_RATIO < self.cells.len();
        self.join_by(other, backward, c)
    }

    /// The join, walking `self`'s cells in order (`backward` false) or only those whose
    /// last atom starts some cell of `other`.
    fn join_by(&self, other: &Matrix, backward: bool, c: &mut Circuit) -> Matrix {
        let arity = self.arity + other.arity - 2;
        let n = self.universe as u64;
        if self.is_empty() || other.is_empty() {
            return Matrix::empty(arity, self.universe);
        }
        let stride = other.stride();
        // `other`'s cells starting with atom `k` are a contiguous run: record where each
        // run begins, in a table over the universe (linear in it and in `other`) when
        // `self` has enough cells to pay for it; otherwise each run is found by binary
        // search, so that joining a few cells costs nothing per atom (10,000 sigs with a
        // field each were quadratic).
        let dense = self.universe + other.cells.len() <= 16 * self.cells.len();
        let mut run_start = vec![0usize; if dense { self.universe + 1 } else { 0 }];
        if dense {
            for &(index, _) in other.cells.iter() {
                run_start[(index / stride) as usize + 1] += 1;
            }
            for k in 0..self.universe {
                run_start[k + 1] += run_start[k];
            }
        }
        let run_of = |last: usize| -> &[(u64, Bit)] {
            if dense {
                return &other.cells[run_start[last]..run_start[last + 1]];
            }
            let first = |k: u64| other.cells.partition_point(|&(i, _)| i / stride < k);
            &other.cells[first(last as u64)..first(last as u64 + 1)]
        };
        let mut products = Vec::new();
        let mut product = |a_index: u64, a_bit: Bit, c: &mut Circuit| {
            let (prefix, last) = (a_index / n, (a_index % n) as usize);
            let run = run_of(last);
            if products.len() + run.len() > MAX_MATRIX_CELLS {
                c.set_overflowed();
                return false;
            }
            for &(b_index, b_bit) in run {
                let bit = c.and2(a_bit, b_bit);
                if bit != Bit::FALSE {
                    products.push((prefix * stride + b_index % stride, bit));
                }
            }
            true
        };
        if backward {
            let index = self.by_last_atom();
            let mut firsts: Vec<usize> = other
                .cells
                .iter()
                .map(|&(i, _)| (i / stride) as usize)
                .collect();
            firsts.dedup();
            for k in firsts {
                let (from, to) = (index.starts[k] as usize, index.starts[k + 1] as usize);
                for &p in &index.positions[from..to] {
                    let (a_index, a_bit) = self.cells[p as usize];
                    if !product(a_index, a_bit, c) {
                        return Matrix::empty(arity, self.universe);
                    }
                }
            }
        } else {
            for &(a_index, a_bit) in self.cells.iter() {
                if !product(a_index, a_bit, c) {
                    return Matrix::empty(arity, self.universe);
                }
            }
        }
        Matrix::from_unsorted(arity, self.universe, products, c)
    }

    fn by_last_atom(&self) -> &LastAtomIndex {
        self.by_last_atom.get_or_init(|| {
            // A counting sort of the cells by last atom; each group stays in index order.
            let n = self.universe as u64;
            let mut starts = vec![0u32; self.universe + 1];
            for &(index, _) in self.cells.iter() {
                starts[(index % n) as usize + 1] += 1;
            }
            for k in 0..self.universe {
                starts[k + 1] += starts[k];
            }
            let mut next = starts.clone();
            let mut positions = vec![0u32; self.cells.len()];
            for (p, &(index, _)) in self.cells.iter().enumerate() {
                let slot = &mut next[(index % n) as usize];
                positions[*slot as usize] = p as u32;
                *slot += 1;
            }
            LastAtomIndex { starts, positions }
        })
    }

    /// Cartesian product.
    pub fn product(&self, other: &Matrix, c: &mut Circuit) -> Matrix {
        let arity = self.arity + other.arity;
        let Some(right) = capacity(self.universe, other.arity) else {
            c.set_overflowed();
            return Matrix::empty(arity, self.universe);
        };
        if capacity(self.universe, arity).is_none()
            || self.len().saturating_mul(other.len()) > MAX_MATRIX_CELLS
        {
            c.set_overflowed();
            return Matrix::empty(arity, self.universe);
        }
        let mut out = Vec::with_capacity(self.len() * other.len());
        for &(a_index, a_bit) in self.cells.iter() {
            for &(b_index, b_bit) in other.cells.iter() {
                out.push((a_index * right + b_index, c.and2(a_bit, b_bit)));
            }
        }
        Matrix::from_sorted(arity, self.universe, out)
    }

    /// `~self` for a binary matrix.
    pub fn transpose(&self) -> Matrix {
        let n = self.universe as u64;
        let mut cells: Vec<(u64, Bit)> = self
            .cells
            .iter()
            .map(|&(index, bit)| ((index % n) * n + index / n, bit))
            .collect();
        cells.sort_unstable_by_key(|cell| cell.0);
        Matrix::from_sorted(2, self.universe, cells)
    }

    /// `^self` by iterative squaring: after `i` rounds every path of length up to `2^i` is
    /// covered, and no simple path (or cycle) is longer than the number of atoms that occur.
    pub fn closure(&self, c: &mut Circuit) -> Matrix {
        let n = self.universe as u64;
        let mut atoms: Vec<u64> = self
            .cells
            .iter()
            .flat_map(|&(index, _)| [index / n, index % n])
            .collect();
        atoms.sort_unstable();
        atoms.dedup();
        let rounds = usize::BITS - atoms.len().saturating_sub(1).leading_zeros();
        let mut reach = self.clone();
        for _ in 0..rounds {
            let longer = reach.join(&reach, c);
            let next = reach.union(&longer, c);
            if next == reach {
                break;
            }
            reach = next;
        }
        reach
    }

    /// `*self`: the closure plus the identity over the whole universe.
    pub fn reflexive_closure(&self, c: &mut Circuit) -> Matrix {
        self.closure(c).union(&Matrix::iden(self.universe), c)
    }

    /// `set <: self`
    pub fn domain_restrict(&self, set: &Matrix, c: &mut Circuit) -> Matrix {
        let stride = self.stride();
        self.restrict(c, |index| set.get(index / stride))
    }

    /// `self :> set`
    pub fn range_restrict(&self, set: &Matrix, c: &mut Circuit) -> Matrix {
        let n = self.universe as u64;
        self.restrict(c, |index| set.get(index % n))
    }

    fn restrict(&self, c: &mut Circuit, guard: impl Fn(u64) -> Bit) -> Matrix {
        let cells = self
            .cells
            .iter()
            .map(|&(index, bit)| (index, c.and2(bit, guard(index))))
            .collect();
        Matrix::from_sorted(self.arity, self.universe, cells)
    }

    /// `cond => then else otherwise`, cell by cell.
    pub fn ite(cond: Bit, then: &Matrix, otherwise: &Matrix, c: &mut Circuit) -> Matrix {
        if cond == Bit::TRUE {
            return then.clone();
        }
        if cond == Bit::FALSE {
            return otherwise.clone();
        }
        then.merge(otherwise, |x, y| c.ite(cond, x, y))
    }

    /// `self in other`
    pub fn subset(&self, other: &Matrix, c: &mut Circuit) -> Bit {
        let mut conjuncts = Vec::with_capacity(self.len());
        for &(index, bit) in self.cells.iter() {
            let implied = c.implies(bit, other.get(index));
            if implied == Bit::FALSE {
                return Bit::FALSE;
            }
            conjuncts.push(implied);
        }
        c.and(&conjuncts)
    }

    /// `self = other`
    pub fn equal(&self, other: &Matrix, c: &mut Circuit) -> Bit {
        let mut conjuncts = Vec::new();
        let mut contradiction = false;
        self.merge(other, |x, y| {
            let same = c.iff(x, y);
            contradiction |= same == Bit::FALSE;
            conjuncts.push(same);
            Bit::FALSE
        });
        if contradiction {
            return Bit::FALSE;
        }
        c.and(&conjuncts)
    }

    pub fn some(&self, c: &mut Circuit) -> Bit {
        c.or(&self.bits())
    }

    pub fn no(&self, c: &mut Circuit) -> Bit {
        !self.some(c)
    }

    pub fn lone(&self, c: &mut Circuit) -> Bit {
        c.at_most(&self.bits(), 1)
    }

    pub fn one(&self, c: &mut Circuit) -> Bit {
        c.exactly(&self.bits(), 1)
    }

    pub fn cardinality(&self, cmp: CardCmp, k: usize, c: &mut Circuit) -> Bit {
        let bits = self.bits();
        match cmp {
            CardCmp::AtMost => c.at_most(&bits, k),
            CardCmp::AtLeast => c.at_least(&bits, k),
            CardCmp::Exactly => c.exactly(&bits, k),
        }
    }
}

/// The flat index of a tuple.
pub fn index_of(tuple: &[Atom], universe: usize) -> u64 {
    tuple
        .iter()
        .fold(0u64, |acc, &a| acc * universe as u64 + a as u64)
}

/// The tuple of a flat index.
pub fn tuple_of(mut index: u64, arity: usize, universe: usize) -> Tuple {
    let n = universe as u64;
    let mut tuple = vec![0; arity];
    for slot in tuple.iter_mut().rev() {
        *slot = (index % n) as Atom;
        index /= n;
    }
    tuple
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny deterministic generator, so failures reproduce.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn tuple_set(&mut self, arity: usize, n: usize) -> TupleSet {
            let total = n.pow(arity as u32) as u64;
            TupleSet::from_tuples(
                arity,
                (0..total)
                    .filter(|_| self.next().is_multiple_of(3))
                    .map(|i| tuple_of(i, arity, n)),
            )
        }
    }

    fn value(m: &Matrix, c: &Circuit) -> TupleSet {
        assert!(!c.overflowed());
        assert!(m.is_constant(), "constant inputs must give constant cells");
        m.decode(|b| b == Bit::TRUE)
    }

    fn join(a: &TupleSet, b: &TupleSet) -> TupleSet {
        let mut out = TupleSet::empty(a.arity() + b.arity() - 2);
        for x in a {
            for y in b {
                if x.last() == y.first() {
                    out.insert(
                        x[..x.len() - 1]
                            .iter()
                            .chain(&y[1..])
                            .copied()
                            .collect::<Vec<_>>(),
                    );
                }
            }
        }
        out
    }

    fn product(a: &TupleSet, b: &TupleSet) -> TupleSet {
        let mut out = TupleSet::empty(a.arity() + b.arity());
        for x in a {
            for y in b {
                out.insert(x.iter().chain(y).copied().collect::<Vec<_>>());
            }
        }
        out
    }

    fn closure(r: &TupleSet) -> TupleSet {
        let mut reach = r.clone();
        loop {
            let next = reach.union(&join(&reach, r));
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }

    #[test]
    fn operations_on_constants_match_tuple_sets() {
        let mut rng = Rng(0x9e3779b97f4a7c15);
        for round in 0..300 {
            let n = 1 + round % 4;
            let mut c = Circuit::new();
            let arity = 1 + (rng.next() % 2) as usize;
            let (ta, tb) = (rng.tuple_set(arity, n), rng.tuple_set(arity, n));
            let (a, b) = (Matrix::constant(&ta, n), Matrix::constant(&tb, n));
            let tr = rng.tuple_set(2, n);
            let r = Matrix::constant(&tr, n);
            let ts = rng.tuple_set(1, n);
            let s = Matrix::constant(&ts, n);

            assert_eq!(value(&a.union(&b, &mut c), &c), ta.union(&tb));
            assert_eq!(value(&a.intersection(&b, &mut c), &c), ta.intersection(&tb));
            assert_eq!(value(&a.difference(&b, &mut c), &c), ta.difference(&tb));
            assert_eq!(value(&a.join(&r, &mut c), &c), join(&ta, &tr));
            assert_eq!(value(&r.join(&a, &mut c), &c), join(&tr, &ta));
            assert_eq!(value(&a.product(&b, &mut c), &c), product(&ta, &tb));
            let transposed = TupleSet::from_tuples(2, tr.iter().map(|t| vec![t[1], t[0]]));
            assert_eq!(value(&r.transpose(), &c), transposed);
            assert_eq!(value(&r.closure(&mut c), &c), closure(&tr));
            let iden = TupleSet::from_tuples(2, (0..n as Atom).map(|a| vec![a, a]));
            assert_eq!(
                value(&r.reflexive_closure(&mut c), &c),
                closure(&tr).union(&iden)
            );
            let dom = TupleSet::from_tuples(2, tr.iter().filter(|t| ts.contains(&t[..1])));
            assert_eq!(value(&r.domain_restrict(&s, &mut c), &c), dom);
            let ran = TupleSet::from_tuples(2, tr.iter().filter(|t| ts.contains(&t[1..])));
            assert_eq!(value(&r.range_restrict(&s, &mut c), &c), ran);
            let tr2 = rng.tuple_set(2, n);
            let r2 = Matrix::constant(&tr2, n);
            let firsts = tr2.iter().map(|t| t[0]).collect::<Vec<_>>();
            let over = tr2.union(&TupleSet::from_tuples(
                2,
                tr.iter().filter(|t| !firsts.contains(&t[0])),
            ));
            assert_eq!(value(&r.override_(&r2, &mut c), &c), over);
            assert_eq!(value(&Matrix::ite(Bit::TRUE, &a, &b, &mut c), &c), ta);
            assert_eq!(value(&Matrix::ite(Bit::FALSE, &a, &b, &mut c), &c), tb);

            assert_eq!(a.subset(&b, &mut c), Bit::from_bool(ta.is_subset(&tb)));
            assert_eq!(a.equal(&b, &mut c), Bit::from_bool(ta == tb));
            assert_eq!(a.some(&mut c), Bit::from_bool(!ta.is_empty()));
            assert_eq!(a.no(&mut c), Bit::from_bool(ta.is_empty()));
            assert_eq!(a.lone(&mut c), Bit::from_bool(ta.len() <= 1));
            assert_eq!(a.one(&mut c), Bit::from_bool(ta.len() == 1));
            let k = (rng.next() % 4) as usize;
            assert_eq!(
                a.cardinality(CardCmp::AtMost, k, &mut c),
                Bit::from_bool(ta.len() <= k)
            );
            assert_eq!(
                a.cardinality(CardCmp::AtLeast, k, &mut c),
                Bit::from_bool(ta.len() >= k)
            );
            assert_eq!(
                a.cardinality(CardCmp::Exactly, k, &mut c),
                Bit::from_bool(ta.len() == k)
            );
            // Constants never need a gate.
            assert_eq!(c.len(), 1);
        }
    }

    #[test]
    fn variable_cells_evaluate_like_their_values() {
        // Closure over a matrix of variables, checked on every assignment of a 3-atom graph.
        let n = 3;
        let mut c = Circuit::new();
        let cells: Vec<(u64, Bit)> = (0..9).map(|i| (i, c.new_var())).collect();
        let r = Matrix::from_sorted(2, n, cells);
        let star = r.reflexive_closure(&mut c);
        let roots = star.bits();
        for assignment in 0..1u32 << 9 {
            let tr = TupleSet::from_tuples(
                2,
                (0..9u64)
                    .filter(|i| assignment >> i & 1 == 1)
                    .map(|i| tuple_of(i, 2, n)),
            );
            let values = c.evaluate(&roots, |v| assignment >> v & 1 == 1);
            let got = TupleSet::from_tuples(
                2,
                star.cells()
                    .iter()
                    .zip(&values)
                    .filter(|(_, v)| **v)
                    .map(|(cell, _)| tuple_of(cell.0, 2, n)),
            );
            let iden = TupleSet::from_tuples(2, (0..n as Atom).map(|a| vec![a, a]));
            assert_eq!(got, closure(&tr).union(&iden));
        }
    }

    #[test]
    fn backward_joins_build_the_same_matrix() {
        // Both ways of walking the left matrix, on random matrices of variables and
        // constants: hash-consing makes the same gates, so the matrices are equal.
        let n = 5;
        let mut c = Circuit::new();
        let vars: Vec<Bit> = (0..8).map(|_| c.new_var()).collect();
        let mut state = 0x1234_5678_9ABC_DEF1u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut random = |arity: usize, percent: u64, c: &mut Circuit| {
            let cells = (0..capacity(n, arity).unwrap())
                .filter_map(|i| {
                    let r = next();
                    (r % 100 < percent).then(|| {
                        let bit = match r / 100 % 3 {
                            0 => Bit::TRUE,
                            1 => vars[(r / 300 % 8) as usize],
                            _ => c.and2(vars[(r / 300 % 8) as usize], !vars[(r / 7 % 8) as usize]),
                        };
                        (i, bit)
                    })
                })
                .collect();
            Matrix::from_sorted(arity, n, cells)
        };
        for round in 0..200 {
            let (la, ra) = (1 + round % 3, 1 + round / 3 % 3);
            if la + ra < 3 {
                continue;
            }
            let left = random(la, 20 + (round as u64 % 4) * 20, &mut c);
            let right = random(ra, 5 + (round as u64 % 5) * 10, &mut c);
            let forward = left.join_by(&right, false, &mut c);
            let backward = left.join_by(&right, true, &mut c);
            assert_eq!(forward, backward, "round {round}");
        }
    }

    #[test]
    fn oversized_products_overflow() {
        let mut c = Circuit::new();
        // Too many cells: refused before anything is allocated.
        let big = Matrix::univ(10_000);
        let _ = big.product(&big, &mut c);
        assert!(c.overflowed());
        // Indices that would not fit in 64 bits.
        let mut c = Circuit::new();
        let wide = Matrix::singleton(4, 1 << 16, 0);
        let _ = wide.product(&Matrix::singleton(1, 1 << 16, 0), &mut c);
        assert!(c.overflowed());
        // A modest product is fine.
        let mut c = Circuit::new();
        let small = Matrix::univ(100);
        assert_eq!(small.product(&small, &mut c).len(), 10_000);
        assert!(!c.overflowed());
    }
}
