//! The meaning of integer operations at a bitwidth, stated with ordinary arithmetic.
//!
//! Alloy's integers are two's complement numbers of `bw` bits (range
//! `-2^(bw-1) ..= 2^(bw-1) - 1`), computed by Kodkod's circuits. These functions give the
//! same results from the arithmetic rather than from the bits, so the evaluator does not
//! share code with the translator (`translate::bitvec`), and `tests/int_ops.rs` compares the
//! two on every operand at bitwidths 1–6.
//!
//! Every result wraps around. Each operation also says whether it *overflowed*, which only
//! `--no-overflow` looks at: the exact result does not fit (`+ - *`), division by zero or
//! `MIN / -1` (`div`), remainder by zero (`rem`), or a left shift that pushes out bits that
//! differ from the sign. Shift amounts use only the low `shift_bits(bw)` bits of the right
//! operand, as Kodkod's barrel shifter does: at bitwidth 4, `1 << 4` is `1` (and overflows).

use crate::logic::{IntCmp, IntOp};

/// The smallest integer at bitwidth `bw` (at least 1).
pub fn min(bw: u32) -> i64 {
    -(1i64 << (bw - 1))
}

/// The largest integer at bitwidth `bw`.
pub fn max(bw: u32) -> i64 {
    (1i64 << (bw - 1)) - 1
}

pub fn fits(v: i128, bw: u32) -> bool {
    v >= min(bw) as i128 && v <= max(bw) as i128
}

/// `v` reduced to the range by wrapping around (the low `bw` bits, read as signed).
pub fn wrap(v: i128, bw: u32) -> i64 {
    let modulus = 1i128 << bw;
    let low = v.rem_euclid(modulus);
    let signed = if low > max(bw) as i128 {
        low - modulus
    } else {
        low
    };
    signed as i64
}

/// How many low bits of a shift amount take part in a shift: enough to write `bw - 1`.
pub fn shift_bits(bw: u32) -> u32 {
    u32::BITS - (bw - 1).leading_zeros()
}

/// `a op b` at bitwidth `bw`: the wrapped result and whether it overflowed.
/// The operands must be in range.
pub fn apply(op: IntOp, a: i64, b: i64, bw: u32) -> (i64, bool) {
    let (a, b) = (a as i128, b as i128);
    let exact = |v: i128| (wrap(v, bw), !fits(v, bw));
    match op {
        IntOp::Plus => exact(a + b),
        IntOp::Minus => exact(a - b),
        IntOp::Mul => exact(a * b),
        IntOp::Div => {
            if b == 0 {
                (wrap(-a.signum(), bw), true)
            } else {
                // Rust's `/` rounds toward zero, as Alloy's `div` does.
                exact(a / b)
            }
        }
        IntOp::Rem => {
            if b == 0 {
                (a as i64, true)
            } else {
                (wrap(a % b, bw), false)
            }
        }
        IntOp::Shl => shift_left(a, b, bw),
        IntOp::Sha | IntOp::Shr => {
            let amount = shift_amount(b, bw);
            if op == IntOp::Sha {
                // Sign-filling: past the width only sign bits remain.
                ((a >> amount.min(bw)) as i64, false)
            } else {
                let unsigned = a.rem_euclid(1i128 << bw);
                let shifted = if amount >= bw { 0 } else { unsigned >> amount };
                (wrap(shifted, bw), false)
            }
        }
    }
}

/// The part of `b` a shifter uses: its low `shift_bits(bw)` bits, unsigned.
fn shift_amount(b: i128, bw: u32) -> u32 {
    (b.rem_euclid(1i128 << bw) & ((1i128 << shift_bits(bw)) - 1)) as u32
}

/// A barrel shifter: for each set bit `i` of `b` (its two's complement bits at `bw`),
/// shifting by `2^i` must keep the value in range, or it overflows; only the bits below
/// `shift_bits(bw)` actually shift (higher ones overflow any non-zero value and leave it).
fn shift_left(a: i128, b: i128, bw: u32) -> (i64, bool) {
    let b_bits = b.rem_euclid(1i128 << bw);
    let mut value = a;
    let mut overflow = false;
    for i in 0..bw {
        if (b_bits >> i) & 1 == 0 {
            continue;
        }
        let by = 1u32 << i.min(30);
        let shifted_exact = if by >= 64 { None } else { Some(value << by) };
        if shifted_exact.is_none_or(|v| !fits(v, bw)) && value != 0 {
            overflow = true;
        }
        if i < shift_bits(bw) {
            value = match shifted_exact {
                Some(v) => wrap(v, bw) as i128,
                None => 0,
            };
        }
    }
    (value as i64, overflow)
}

/// `int[s]`, the sum of a set of integers, as Kodkod adds it: over every integer of the
/// range in ascending order (`present[k]` says whether `min + k` is in the set; an absent
/// one counts 0), by halves (`lo..=mid` and `mid+1..=hi`, `mid = (lo + hi) / 2`), each
/// addition wrapping. It overflows when any of those additions does, so `int[Int]` at
/// bitwidth 4 overflows although the total, -8, fits.
pub fn sum_of_set(present: &[bool], bw: u32) -> (i64, bool) {
    fn half(present: &[bool], lo: usize, hi: usize, bw: u32) -> (i64, bool) {
        if lo == hi {
            let v = if present[lo] { min(bw) + lo as i64 } else { 0 };
            return (v, false);
        }
        let mid = (lo + hi) / 2;
        let (a, oa) = half(present, lo, mid, bw);
        let (b, ob) = half(present, mid + 1, hi, bw);
        let (v, o) = apply(IntOp::Plus, a, b, bw);
        (v, o || oa || ob)
    }
    if present.is_empty() {
        return (0, false);
    }
    half(present, 0, present.len() - 1, bw)
}

pub fn compare(cmp: IntCmp, a: i64, b: i64) -> bool {
    match cmp {
        IntCmp::Eq => a == b,
        IntCmp::Lt => a < b,
        IntCmp::Le => a <= b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alloys_documented_cases() {
        // plus[7, 1] = -8 at the default bitwidth.
        assert_eq!(apply(IntOp::Plus, 7, 1, 4), (-8, true));
        assert_eq!(apply(IntOp::Div, 7, 0, 4), (-1, true));
        assert_eq!(apply(IntOp::Div, -3, 0, 4), (1, true));
        assert_eq!(apply(IntOp::Div, 0, 0, 4), (0, true));
        assert_eq!(apply(IntOp::Div, -8, -1, 4), (-8, true));
        assert_eq!(apply(IntOp::Div, -7, 2, 4), (-3, false));
        assert_eq!(apply(IntOp::Rem, -7, 2, 4), (-1, false));
        assert_eq!(apply(IntOp::Rem, 5, 0, 4), (5, true));
        assert_eq!(apply(IntOp::Shl, 1, 2, 4), (4, false));
        assert_eq!(apply(IntOp::Shl, 1, 3, 4), (-8, true));
        assert_eq!(apply(IntOp::Shl, 1, 4, 4), (1, true));
        assert_eq!(apply(IntOp::Shl, 0, 4, 4), (0, false));
        assert_eq!(apply(IntOp::Sha, -8, 1, 4), (-4, false));
        assert_eq!(apply(IntOp::Shr, -8, 1, 4), (4, false));
        assert_eq!(apply(IntOp::Sha, -8, 3, 4), (-1, false));
        assert_eq!(wrap(8, 4), -8);
        assert_eq!(shift_bits(1), 0);
        assert_eq!(shift_bits(4), 2);
        assert_eq!(shift_bits(5), 3);
    }
}
