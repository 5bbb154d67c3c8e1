//! The integer circuits (`translate::bitvec`) against the arithmetic meaning
//! (`instance::ints`), exhaustively: every operation on every pair of operands at small
//! bitwidths, with the operands as circuit variables (so that the gates are exercised), as
//! constants (so that constant folding is), and one of each.
//!
//! Every check evaluates the circuit under every assignment of its variables, decodes the
//! inputs from the same evaluation, and compares the outputs with the arithmetic.

use solder::instance::ints;
use solder::logic::{IntCmp, IntOp};
use solder::translate::bitvec::BitVec;
use solder::translate::circuit::{Bit, Circuit};

/// Largest bitwidth of the exhaustive operation test (all pairs, with overflow flags).
const MAX_BW: u32 = 6;

/// Two's complement value of `bits` (least significant first).
fn decode(bits: &[bool]) -> i64 {
    let mut v: i64 = 0;
    for (i, &b) in bits.iter().enumerate() {
        if b {
            v |= 1 << i;
        }
    }
    if bits.last() == Some(&true) {
        v -= 1 << bits.len();
    }
    v
}

/// A bit-vector of fresh variables; its overflow flag a fresh variable too if `flag`.
fn fresh(c: &mut Circuit, bw: u32, flag: bool) -> BitVec {
    let bits = (0..bw).map(|_| c.new_var()).collect();
    let overflow = if flag { c.new_var() } else { Bit::FALSE };
    BitVec { bits, overflow }
}

/// The bits to evaluate for `v`: its bits, then its overflow flag.
fn roots(v: &BitVec) -> Vec<Bit> {
    let mut r = v.bits.clone();
    r.push(v.overflow);
    r
}

/// Value and overflow flag of a bit-vector from its evaluated roots.
fn read(values: &[bool]) -> (i64, bool) {
    let (bits, flag) = values.split_at(values.len() - 1);
    (decode(bits), flag[0])
}

/// Evaluates `vectors` (as [`roots`]) and `bits` under every assignment of the circuit's
/// variables and hands each assignment's values to `check`.
fn for_all(
    c: &Circuit,
    vectors: &[&BitVec],
    bits: &[Bit],
    mut check: impl FnMut(&[(i64, bool)], &[bool]),
) {
    let mut all_roots = Vec::new();
    for v in vectors {
        all_roots.extend(roots(v));
    }
    all_roots.extend_from_slice(bits);
    assert!(c.num_vars() <= 20, "too many variables to enumerate");
    for m in 0..1u64 << c.num_vars() {
        let values = c.evaluate(&all_roots, |v| m >> v & 1 == 1);
        let mut read_vectors = Vec::with_capacity(vectors.len());
        let mut at = 0;
        for v in vectors {
            let n = v.bits.len() + 1;
            read_vectors.push(read(&values[at..at + n]));
            at += n;
        }
        check(&read_vectors, &values[at..]);
    }
}

fn range(bw: u32) -> std::ops::RangeInclusive<i64> {
    ints::min(bw)..=ints::max(bw)
}

#[test]
fn operations_match_the_arithmetic() {
    for bw in 1..=MAX_BW {
        for op in IntOp::ALL {
            let mut c = Circuit::new();
            let a = fresh(&mut c, bw, true);
            let b = fresh(&mut c, bw, true);
            let r = BitVec::apply(op, &a, &b, bw, &mut c);
            let mut own = [0usize; 2];
            let mut results = std::collections::BTreeSet::new();
            for_all(&c, &[&a, &b, &r], &[], |v, _| {
                let [(x, ox), (y, oy), got] = v.try_into().unwrap();
                let (value, overflow) = ints::apply(op, x, y, bw);
                assert_eq!(
                    got,
                    (value, overflow || ox || oy),
                    "{op:?} {x} {y} at bitwidth {bw} (operand overflows {ox} {oy})"
                );
                if !ox && !oy {
                    own[overflow as usize] += 1;
                    results.insert(value);
                }
            });
            assert_eq!(own[0] + own[1], 1 << (2 * bw));
            // The comparison is not vacuous: both outcomes occur where they can.
            assert!(own[0] > 0, "{op:?} at {bw} never fits");
            let overflows = !matches!(op, IntOp::Sha | IntOp::Shr);
            assert_eq!(
                own[1] > 0,
                overflows,
                "{op:?} at {bw}: overflow cases {}",
                own[1]
            );
            if bw >= 2 {
                assert!(results.len() > 2, "{op:?} at {bw}: results {results:?}");
            }
        }
    }
}

#[test]
fn operations_at_wider_bitwidths() {
    // All operand pairs at 7 and 8 bits, without operand overflow flags (release builds
    // only: unoptimized, these take a while).
    let max = if cfg!(debug_assertions) { 7 } else { 8 };
    for bw in 7..=max {
        for op in IntOp::ALL {
            let mut c = Circuit::new();
            let a = fresh(&mut c, bw, false);
            let b = fresh(&mut c, bw, false);
            let r = BitVec::apply(op, &a, &b, bw, &mut c);
            for_all(&c, &[&a, &b, &r], &[], |v, _| {
                let [(x, _), (y, _), got] = v.try_into().unwrap();
                assert_eq!(
                    got,
                    ints::apply(op, x, y, bw),
                    "{op:?} {x} {y} at bitwidth {bw}"
                );
            });
        }
    }
}

#[test]
fn constant_operations_fold() {
    for bw in 1..=MAX_BW {
        let mut c = Circuit::new();
        for op in IntOp::ALL {
            for x in range(bw) {
                for y in range(bw) {
                    let a = BitVec::constant(x, bw);
                    let b = BitVec::constant(y, bw);
                    let r = BitVec::apply(op, &a, &b, bw, &mut c);
                    let (value, overflow) = ints::apply(op, x, y, bw);
                    assert_eq!(r.value(), Some(value), "{op:?} {x} {y} at {bw}");
                    assert_eq!(
                        r.overflow,
                        Bit::from_bool(overflow),
                        "{op:?} {x} {y} at {bw}"
                    );
                }
            }
            for x in range(bw) {
                for y in range(bw) {
                    let a = BitVec::constant(x, bw);
                    let b = BitVec::constant(y, bw);
                    for cmp in [IntCmp::Eq, IntCmp::Lt, IntCmp::Le] {
                        let got = BitVec::compare(cmp, &a, &b, &mut c);
                        assert_eq!(got, Bit::from_bool(ints::compare(cmp, x, y)));
                    }
                }
            }
        }
        // Not a single gate.
        assert_eq!(c.len(), 1, "bitwidth {bw}");
    }
}

#[test]
fn operations_with_one_constant_operand() {
    for bw in 1..=MAX_BW {
        for op in IntOp::ALL {
            for k in range(bw) {
                for constant_left in [false, true] {
                    let mut c = Circuit::new();
                    let x = fresh(&mut c, bw, true);
                    let kv = BitVec::constant(k, bw);
                    let (a, b) = if constant_left { (&kv, &x) } else { (&x, &kv) };
                    let r = BitVec::apply(op, a, b, bw, &mut c);
                    for_all(&c, &[a, b, &r], &[], |v, _| {
                        let [(x, ox), (y, oy), got] = v.try_into().unwrap();
                        let (value, overflow) = ints::apply(op, x, y, bw);
                        assert_eq!(got, (value, overflow || ox || oy), "{op:?} {x} {y} at {bw}");
                    });
                }
            }
        }
    }
}

#[test]
fn comparisons_match_the_arithmetic() {
    for bw in 1..=MAX_BW {
        let mut c = Circuit::new();
        let a = fresh(&mut c, bw, false);
        let b = fresh(&mut c, bw, false);
        let cmps = [IntCmp::Eq, IntCmp::Lt, IntCmp::Le];
        let bits: Vec<Bit> = cmps
            .iter()
            .map(|&cmp| BitVec::compare(cmp, &a, &b, &mut c))
            .collect();
        let mut outcomes = [[0usize; 2]; 3];
        for_all(&c, &[&a, &b], &bits, |v, got| {
            let [(x, _), (y, _)] = v.try_into().unwrap();
            for (k, &cmp) in cmps.iter().enumerate() {
                assert_eq!(got[k], ints::compare(cmp, x, y), "{cmp:?} {x} {y} at {bw}");
                outcomes[k][got[k] as usize] += 1;
            }
        });
        assert!(outcomes.iter().all(|o| o[0] > 0 && o[1] > 0));
        // With one side constant.
        for k in range(bw) {
            let kv = BitVec::constant(k, bw);
            let mut c = Circuit::new();
            let x = fresh(&mut c, bw, false);
            let bits: Vec<Bit> = cmps
                .iter()
                .flat_map(|&cmp| [(&x, &kv), (&kv, &x)].map(|(l, r)| (cmp, l, r)))
                .map(|(cmp, l, r)| BitVec::compare(cmp, l, r, &mut c))
                .collect();
            for_all(&c, &[&x], &bits, |v, got| {
                let x = v[0].0;
                for (i, &cmp) in cmps.iter().enumerate() {
                    assert_eq!(got[2 * i], ints::compare(cmp, x, k), "{cmp:?} {x} {k}");
                    assert_eq!(got[2 * i + 1], ints::compare(cmp, k, x), "{cmp:?} {k} {x}");
                }
            });
        }
    }
}

#[test]
fn ite_selects_value_and_overflow() {
    for bw in 1..=4 {
        let mut c = Circuit::new();
        let cond = c.new_var();
        let t = fresh(&mut c, bw, true);
        let e = fresh(&mut c, bw, true);
        let r = BitVec::ite(cond, &t, &e, &mut c);
        for_all(&c, &[&t, &e, &r], &[cond], |v, cond| {
            let [t, e, got] = v.try_into().unwrap();
            assert_eq!(got, if cond[0] { t } else { e });
        });
    }
}

/// The exact sum `exact` at bitwidth `bw`: its wrapped value and whether it is out of range.
fn exact(sum: i128, bw: u32) -> (i64, bool) {
    (ints::wrap(sum, bw), !ints::fits(sum, bw))
}

#[test]
fn count_is_exact() {
    for bw in 1..=5 {
        for n in 0..=9 {
            let mut c = Circuit::new();
            let cells: Vec<Bit> = (0..n).map(|_| c.new_var()).collect();
            let r = BitVec::count(&cells, bw, &mut c);
            for_all(&c, &[&r], &cells, |v, cells| {
                let count = cells.iter().filter(|&&b| b).count() as i128;
                assert_eq!(v[0], exact(count, bw), "{count} of {n} at {bw}");
            });
        }
        // Constant cells among the variables, up to more than the bitwidth can count.
        for trues in [1, 3, 7, 8, 16, 20, 33] {
            for n in 0..=4 {
                let mut c = Circuit::new();
                let mut cells: Vec<Bit> = (0..n).map(|_| c.new_var()).collect();
                let vars = cells.clone();
                cells.extend(std::iter::repeat_n(Bit::TRUE, trues));
                cells.insert(n / 2, Bit::FALSE);
                let r = BitVec::count(&cells, bw, &mut c);
                for_all(&c, &[&r], &vars, |v, vars| {
                    let count = (vars.iter().filter(|&&b| b).count() + trues) as i128;
                    assert_eq!(v[0], exact(count, bw), "{count} at {bw}");
                });
            }
        }
    }
}

/// How one term of a sum is made.
#[derive(Clone, Copy)]
enum Cond {
    /// A variable.
    Maybe,
    Always,
    Never,
}

#[derive(Clone, Copy)]
enum Value {
    /// Variable bits, and a variable overflow flag if `true`.
    Free(bool),
    /// A constant, and whether its overflow flag is set.
    Const(i64, bool),
}

/// Checks `BitVec::sum` of the described terms under every assignment of their variables.
/// Returns how many assignments overflowed and how many did not.
fn check_sum(terms: &[(Cond, Value)], bw: u32) -> [usize; 2] {
    let mut c = Circuit::new();
    let mut built = Vec::new();
    for &(cond, value) in terms {
        let g = match cond {
            Cond::Maybe => c.new_var(),
            Cond::Always => Bit::TRUE,
            Cond::Never => Bit::FALSE,
        };
        let v = match value {
            Value::Free(flag) => fresh(&mut c, bw, flag),
            Value::Const(k, flag) => BitVec {
                overflow: Bit::from_bool(flag),
                ..BitVec::constant(k, bw)
            },
        };
        built.push((g, v));
    }
    let r = BitVec::sum(&built, bw, &mut c);
    let mut vectors: Vec<&BitVec> = built.iter().map(|(_, v)| v).collect();
    vectors.push(&r);
    let conds: Vec<Bit> = built.iter().map(|&(g, _)| g).collect();
    let mut outcomes = [0; 2];
    for_all(&c, &vectors, &conds, |v, conds| {
        let mut sum = 0i128;
        let mut term_overflow = false;
        for (k, &selected) in conds.iter().enumerate() {
            if selected {
                sum += v[k].0 as i128;
                term_overflow |= v[k].1;
            }
        }
        let (value, overflow) = exact(sum, bw);
        let got = v[terms.len()];
        assert_eq!(got, (value, overflow || term_overflow), "sum {sum} at {bw}");
        outcomes[got.1 as usize] += 1;
    });
    outcomes
}

#[test]
fn sum_is_exact() {
    use Cond::*;
    use Value::*;
    let mut outcomes = [0; 2];
    let mut add = |o: [usize; 2]| {
        outcomes[0] += o[0];
        outcomes[1] += o[1];
    };
    for bw in 2..=4 {
        // Variable conditions, values and overflow flags.
        add(check_sum(&[(Maybe, Free(true)), (Maybe, Free(true))], bw));
        add(check_sum(&[(Maybe, Free(false)), (Always, Free(true))], bw));
        if bw <= 3 {
            add(check_sum(&[(Maybe, Free(true)); 3], bw));
        }
        add(check_sum(
            &[
                (Maybe, Free(false)),
                (Maybe, Free(false)),
                (Always, Free(false)),
            ],
            bw,
        ));
        // Constant values under variable conditions, as `sum` over a set of integers.
        let all: Vec<(Cond, Value)> = range(bw).map(|k| (Maybe, Const(k, false))).collect();
        add(check_sum(&all, bw));
        let positives: Vec<(Cond, Value)> = (0..=ints::max(bw))
            .map(|k| (Maybe, Const(k, false)))
            .collect();
        add(check_sum(&positives, bw));
        let negatives: Vec<(Cond, Value)> = range(bw)
            .take(3)
            .map(|k| (Maybe, Const(k, false)))
            .collect();
        add(check_sum(&negatives, bw));
        // Constant conditions and constant overflow flags mixed in.
        add(check_sum(
            &[
                (Always, Const(ints::max(bw), false)),
                (Maybe, Free(false)),
                (Never, Const(1, true)),
                (Maybe, Const(-1, true)),
                (Always, Const(1, false)),
            ],
            bw,
        ));
        add(check_sum(&[(Always, Const(ints::min(bw), false)); 3], bw));
        add(check_sum(&[], bw));
    }
    assert!(outcomes[0] > 0 && outcomes[1] > 0, "{outcomes:?}");
}

#[test]
fn sum_of_constants_folds() {
    let mut c = Circuit::new();
    for bw in 1..=5 {
        for x in range(bw) {
            for y in range(bw) {
                let terms = [
                    (Bit::TRUE, BitVec::constant(x, bw)),
                    (Bit::FALSE, BitVec::constant(1, bw)),
                    (Bit::TRUE, BitVec::constant(y, bw)),
                ];
                let r = BitVec::sum(&terms, bw, &mut c);
                let (value, overflow) = exact(x as i128 + y as i128, bw);
                assert_eq!(r.value(), Some(value));
                assert_eq!(r.overflow, Bit::from_bool(overflow));
            }
        }
    }
    assert_eq!(c.len(), 1);
}
