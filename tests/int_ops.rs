//! The translator's integer circuits against the evaluator's arithmetic: every operation
//! on every pair of operands at bitwidths 1–6, with the operands as circuit variables (so
//! the gates are exercised, not folded away) and as constants (so folding is too).

use solder::instance::ints;
use solder::logic::{IntCmp, IntOp};
use solder::translate::bitvec::BitVec;
use solder::translate::circuit::{Bit, Circuit};

/// A bit-vector of fresh variables, and the variable numbers of its bits.
fn variable(c: &mut Circuit, bw: u32) -> (BitVec, Vec<u32>) {
    let bits: Vec<Bit> = (0..bw).map(|_| c.new_var()).collect();
    let vars = bits.iter().map(|b| c.var_number(*b).unwrap()).collect();
    (
        BitVec {
            bits,
            overflow: Bit::FALSE,
        },
        vars,
    )
}

fn bits_of(v: i64, bw: u32) -> Vec<bool> {
    (0..bw).map(|i| (v >> i) & 1 == 1).collect()
}

fn decode(bits: &[bool]) -> i64 {
    let w = bits.len();
    let mut v: i64 = 0;
    for (i, &b) in bits.iter().enumerate() {
        if b {
            v += if i == w - 1 { -(1 << i) } else { 1 << i };
        }
    }
    v
}

/// Evaluates `roots` with `a`'s and `b`'s variables set to the given values.
fn evaluate(c: &Circuit, roots: &[Bit], assignment: &[(Vec<u32>, i64)], bw: u32) -> Vec<bool> {
    c.evaluate(roots, |var| {
        for (vars, value) in assignment {
            if let Some(i) = vars.iter().position(|&v| v == var) {
                return bits_of(*value, bw)[i];
            }
        }
        false
    })
}

#[test]
fn every_operation_on_every_operand_matches_the_arithmetic() {
    let mut overflowed = [0usize; 8];
    let mut exact = [0usize; 8];
    for bw in 1..=6u32 {
        let range = ints::min(bw)..=ints::max(bw);
        for (k, &op) in IntOp::ALL.iter().enumerate() {
            let mut c = Circuit::new();
            let (a, a_vars) = variable(&mut c, bw);
            let (b, b_vars) = variable(&mut c, bw);
            let r = BitVec::apply(op, &a, &b, bw, &mut c);
            assert_eq!(r.bits.len(), bw as usize);
            let mut roots = r.bits.clone();
            roots.push(r.overflow);
            for x in range.clone() {
                for y in range.clone() {
                    let out = evaluate(&c, &roots, &[(a_vars.clone(), x), (b_vars.clone(), y)], bw);
                    let got = (decode(&out[..bw as usize]), out[bw as usize]);
                    let want = ints::apply(op, x, y, bw);
                    assert_eq!(got, want, "{op:?}({x}, {y}) at bitwidth {bw}");
                    if want.1 {
                        overflowed[k] += 1;
                    } else {
                        exact[k] += 1;
                    }
                    // Constant operands fold to the same answer.
                    let mut cc = Circuit::new();
                    let folded = BitVec::apply(
                        op,
                        &BitVec::constant(x, bw),
                        &BitVec::constant(y, bw),
                        bw,
                        &mut cc,
                    );
                    assert_eq!(folded.value(), Some(want.0), "{op:?}({x}, {y}) folded");
                    assert_eq!(folded.overflow, Bit::from_bool(want.1));
                }
            }
        }
    }
    // Every operation both overflows and does not, somewhere (Sha and Shr never do).
    for (k, op) in IntOp::ALL.iter().enumerate() {
        assert!(exact[k] > 0, "{op:?}");
        if !matches!(op, IntOp::Sha | IntOp::Shr) {
            assert!(overflowed[k] > 0, "{op:?}");
        }
    }
}

#[test]
fn comparisons_and_choices_match() {
    for bw in 1..=5u32 {
        let mut c = Circuit::new();
        let (a, a_vars) = variable(&mut c, bw);
        let (b, b_vars) = variable(&mut c, bw);
        let cond = c.new_var();
        let cond_var = c.var_number(cond).unwrap();
        let mut roots = Vec::new();
        for cmp in [IntCmp::Eq, IntCmp::Lt, IntCmp::Le] {
            roots.push(BitVec::compare(cmp, &a, &b, &mut c));
        }
        let choice = BitVec::ite(cond, &a, &b, &mut c);
        roots.extend(choice.bits.iter().copied());
        for x in ints::min(bw)..=ints::max(bw) {
            for y in ints::min(bw)..=ints::max(bw) {
                for pick in [false, true] {
                    let out = c.evaluate(&roots, |var| {
                        if var == cond_var {
                            return pick;
                        }
                        if let Some(i) = a_vars.iter().position(|&v| v == var) {
                            return bits_of(x, bw)[i];
                        }
                        if let Some(i) = b_vars.iter().position(|&v| v == var) {
                            return bits_of(y, bw)[i];
                        }
                        false
                    });
                    assert_eq!(out[0], x == y);
                    assert_eq!(out[1], x < y);
                    assert_eq!(out[2], x <= y);
                    assert_eq!(decode(&out[3..]), if pick { x } else { y });
                }
            }
        }
    }
}

#[test]
fn counts_and_sums_are_exact_then_wrapped() {
    for bw in 1..=5u32 {
        for n in 0..=9usize {
            let mut c = Circuit::new();
            let cells: Vec<Bit> = (0..n).map(|_| c.new_var()).collect();
            let vars: Vec<u32> = cells.iter().map(|b| c.var_number(*b).unwrap()).collect();
            let r = BitVec::count(&cells, bw, &mut c);
            let mut roots = r.bits.clone();
            roots.push(r.overflow);
            for mask in 0u32..(1 << n) {
                let out = c.evaluate(&roots, |var| {
                    let i = vars.iter().position(|&v| v == var).unwrap();
                    mask & (1 << i) != 0
                });
                let count = mask.count_ones() as i128;
                assert_eq!(
                    (decode(&out[..bw as usize]), out[bw as usize]),
                    (ints::wrap(count, bw), !ints::fits(count, bw)),
                    "count of {mask:b} at bitwidth {bw}"
                );
            }
        }
    }
    // Sums of three terms with variable conditions, values and overflow flags.
    for bw in 2..=4u32 {
        let mut c = Circuit::new();
        let mut terms = Vec::new();
        let mut vars = Vec::new();
        for _ in 0..3 {
            let cond = c.new_var();
            let (mut v, v_vars) = variable(&mut c, bw);
            v.overflow = c.new_var();
            vars.push((
                c.var_number(cond).unwrap(),
                v_vars,
                c.var_number(v.overflow).unwrap(),
            ));
            terms.push((cond, v));
        }
        let r = BitVec::sum(&terms, bw, &mut c);
        let mut roots = r.bits.clone();
        roots.push(r.overflow);
        let values: Vec<i64> = (ints::min(bw)..=ints::max(bw)).collect();
        for &x in &values {
            for &y in &values {
                for &z in &values {
                    for flags in 0u32..64 {
                        let vals = [x, y, z];
                        let out = c.evaluate(&roots, |var| {
                            for (k, (cond, v_vars, over)) in vars.iter().enumerate() {
                                if var == *cond {
                                    return flags & (1 << k) != 0;
                                }
                                if var == *over {
                                    return flags & (8 << k) != 0;
                                }
                                if let Some(i) = v_vars.iter().position(|&v| v == var) {
                                    return bits_of(vals[k], bw)[i];
                                }
                            }
                            false
                        });
                        let on = |k: usize| flags & (1 << k) != 0;
                        let total: i128 = (0..3).filter(|&k| on(k)).map(|k| vals[k] as i128).sum();
                        let term_over = (0..3).any(|k| on(k) && flags & (8 << k) != 0);
                        assert_eq!(
                            (decode(&out[..bw as usize]), out[bw as usize]),
                            (ints::wrap(total, bw), term_over || !ints::fits(total, bw)),
                            "sum of {vals:?} with flags {flags:b} at bitwidth {bw}"
                        );
                    }
                }
            }
        }
    }
}
