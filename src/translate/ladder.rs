//! Integers of at most one `Int` atom as thresholds (the order encoding).
//!
//! `int[e]` sums the integers in `e`, and [`super::bitvec`] adds them all with adders.
//! Models usually hold one integer per field (`x.v` with `one x.v`), and a comparison such
//! as `int[x.v] =< int[y.v]` of two such sums then asks a SAT solver to reason through
//! adders about what is really an order on atoms, bit pattern by bit pattern. A
//! [`Ladder`] instead says, for each integer `k` of the bitwidth, whether the value is at
//! most `k`: with one member that is a prefix (or suffix) disjunction of the members, and
//! comparisons become conjunctions of implications between rungs, which unit propagation
//! handles and which learned clauses generalize as intervals (the Alloy\* bench's max of
//! 4, unrolled: 147 to 55 ms to synthesize; max of 3: 2.3 to 0.85 ms to re-check that
//! the program found is correct).
//!
//! A ladder is only right for sets of at most one member, so the translator uses one only
//! where that is known whatever the values of the relations: the circuit folds "at most
//! one" to true, or a conjunct the caller asserts says so (`all x: S | one x.v`), or each
//! branch of an if-then-else that chooses the set does, or the set is `s.r` for one atom
//! `s` and rows of `r` that are (`Translator::at_most_one_known`). Elsewhere it adds, as
//! before.

use super::circuit::{Bit, Circuit};
use crate::logic::IntCmp;

/// `le[j]`: the value is at most `min + j`, for the `2^bw` integers `min, min + 1, …` of
/// the bitwidth.
#[derive(Clone, Debug)]
pub struct Ladder {
    pub le: Vec<Bit>,
}

impl Ladder {
    /// The constant `value` (wrapped into the bitwidth: one of the integers) among the
    /// `count` integers from `min`.
    pub fn constant(value: i64, min: i64, count: usize) -> Ladder {
        Ladder {
            le: (0..count)
                .map(|j| Bit::from_bool(value <= min + j as i64))
                .collect(),
        }
    }

    /// The sum of the integers whose membership bits are `members` (`members[j]`: the
    /// integer `min + j` is in the set), for sets of at most one member: the sum is that
    /// member, or 0 when there is none, so it is at most `k ≥ 0` unless a member is above
    /// `k`, and at most `k < 0` only if a member is at or below `k`.
    pub fn of_members(members: &[Bit], min: i64, c: &mut Circuit) -> Ladder {
        let n = members.len();
        // above[j]: a member at index j or higher; at_or_below[j]: one at j or lower.
        let mut above = vec![Bit::FALSE; n + 1];
        for j in (0..n).rev() {
            above[j] = c.or2(members[j], above[j + 1]);
        }
        let mut at_or_below = Vec::with_capacity(n);
        let mut acc = Bit::FALSE;
        for &m in members {
            acc = c.or2(acc, m);
            at_or_below.push(acc);
        }
        let le = (0..n)
            .map(|j| {
                if min + j as i64 >= 0 {
                    !above[j + 1]
                } else {
                    at_or_below[j]
                }
            })
            .collect();
        Ladder { le }
    }

    /// The rung "at most `min + j`" for any `j` (below the range: false; above: true).
    fn at_most(&self, j: i64) -> Bit {
        if j < 0 {
            Bit::FALSE
        } else {
            self.le.get(j as usize).copied().unwrap_or(Bit::TRUE)
        }
    }

    /// The index of the constant this ladder stands for, if every rung is a constant.
    fn constant_index(&self) -> Option<i64> {
        if self.le.iter().any(|b| !b.is_const()) {
            return None;
        }
        Some(
            self.le
                .iter()
                .position(|&b| b == Bit::TRUE)
                .unwrap_or(self.le.len()) as i64,
        )
    }

    /// `a cmp b` of two ladders over the same integers.
    pub fn compare(cmp: IntCmp, a: &Ladder, b: &Ladder, c: &mut Circuit) -> Bit {
        // Against a constant the answer is one rung: the conjunction below would say the
        // same through every rung above it.
        if let Some(k) = b.constant_index() {
            return match cmp {
                IntCmp::Le => a.at_most(k),
                IntCmp::Lt => a.at_most(k - 1),
                IntCmp::Eq => {
                    let below = a.at_most(k - 1);
                    c.and2(a.at_most(k), !below)
                }
            };
        }
        if let Some(k) = a.constant_index() {
            return match cmp {
                IntCmp::Le => !b.at_most(k - 1),
                IntCmp::Lt => !b.at_most(k),
                IntCmp::Eq => Ladder::compare(cmp, b, a, c),
            };
        }
        let n = a.le.len().max(b.le.len()) as i64;
        let rungs: Vec<Bit> = (0..n)
            .map(|j| match cmp {
                // a ≤ b: whatever b is at most, a is too.
                IntCmp::Le => c.implies(b.at_most(j), a.at_most(j)),
                // a < b: whatever b is at most, a is at most one less.
                IntCmp::Lt => c.implies(b.at_most(j), a.at_most(j - 1)),
                IntCmp::Eq => c.iff(a.at_most(j), b.at_most(j)),
            })
            .collect();
        c.and(&rungs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every comparison of two sets of at most one integer (and of constants) at
    /// bitwidth 3, against arithmetic, for every assignment of the members.
    #[test]
    fn ladders_compare_like_integers() {
        let (min, n) = (-4i64, 8usize);
        let mut c = Circuit::new();
        let xs: Vec<Bit> = (0..n).map(|_| c.new_var()).collect();
        let ys: Vec<Bit> = (0..n).map(|_| c.new_var()).collect();
        let a = Ladder::of_members(&xs, min, &mut c);
        let b = Ladder::of_members(&ys, min, &mut c);
        let value = |pick: Option<usize>| pick.map_or(0, |j| min + j as i64);
        let picks: Vec<Option<usize>> = std::iter::once(None).chain((0..n).map(Some)).collect();
        for cmp in [IntCmp::Le, IntCmp::Lt, IntCmp::Eq] {
            let holds = |x: i64, y: i64| match cmp {
                IntCmp::Le => x <= y,
                IntCmp::Lt => x < y,
                IntCmp::Eq => x == y,
            };
            let both = Ladder::compare(cmp, &a, &b, &mut c);
            for k in [-4, -3, -1, 0, 1, 3] {
                let konst = Ladder::constant(k, min, n);
                let left = Ladder::compare(cmp, &a, &konst, &mut c);
                let right = Ladder::compare(cmp, &konst, &a, &mut c);
                for &p in &picks {
                    let vars = |v: u32| p.is_some_and(|j| v as usize == j);
                    let got = c.evaluate(&[left, right], vars);
                    assert_eq!(got[0], holds(value(p), k), "{cmp:?} {p:?} vs {k}");
                    assert_eq!(got[1], holds(k, value(p)), "{cmp:?} {k} vs {p:?}");
                }
            }
            for &p in &picks {
                for &q in &picks {
                    let vars = |v: u32| {
                        let v = v as usize;
                        p.is_some_and(|j| v == j) || q.is_some_and(|j| v == n + j)
                    };
                    let got = c.evaluate(&[both], vars);
                    assert_eq!(got[0], holds(value(p), value(q)), "{cmp:?} {p:?} {q:?}");
                }
            }
        }
    }
}
