//! Integers as circuits: two's complement bit-vectors of exactly the problem's bitwidth.
//!
//! An integer expression translates to a [`BitVec`]: `bw` circuit literals, least
//! significant first, read as a two's complement number, plus one literal that says
//! whether computing it overflowed. This is Kodkod's representation, and Alloy's integer
//! semantics (wrap-around at the bitwidth, `--no-overflow`) is stated in terms of it, so
//! the circuits below reproduce it bit for bit: every value bit and every overflow flag
//! equals what `instance::ints` computes with plain arithmetic (`tests/int_ops.rs` checks
//! all operands at bitwidths 1–8). Fixed-width vectors keep the circuits small (an
//! addition is `bw` full adders) and make constants fold: a constant is a vector of
//! `TRUE`/`FALSE`, and the circuit's own simplification removes the gates it touches.
//!
//! The arithmetic is built from ripple-carry adders (a full adder is three gates):
//! multiplication is shift-and-add to a `2·bw`-bit product, division and remainder are
//! restoring division on magnitudes with a sign fix-up, shifts are barrel shifters, and
//! `#` and `sum` add their terms in balanced trees whose partial sums are only as wide as
//! their range needs, so that their overflow flag speaks of the exact sum.

use super::circuit::{Bit, Circuit};
use crate::logic::{IntCmp, IntOp};

/// An integer-valued circuit: `bits[0]` is the least significant bit and `bits.len()` is
/// the bitwidth; `overflow` is true when computing the value overflowed somewhere (an
/// operation's own overflow, or one of its operands').
#[derive(Clone, Debug)]
pub struct BitVec {
    pub bits: Vec<Bit>,
    pub overflow: Bit,
}

impl BitVec {
    /// `value` at bitwidth `bw`, wrapped; it overflows iff `value` is out of range.
    pub fn constant(value: i64, bw: u32) -> BitVec {
        let v = value as i128;
        BitVec {
            bits: const_bits(v, bw as usize),
            overflow: Bit::from_bool(v < min_value(bw) || v > max_value(bw)),
        }
    }

    /// The value, if every bit is a constant.
    pub fn value(&self) -> Option<i64> {
        let mut v: i128 = 0;
        for (i, &b) in self.bits.iter().enumerate() {
            if !b.is_const() {
                return None;
            }
            if b == Bit::TRUE {
                v += 1i128 << i;
            }
        }
        if self.bits.last() == Some(&Bit::TRUE) {
            v -= 1i128 << self.bits.len();
        }
        Some(v as i64)
    }

    /// `a op b` at bitwidth `bw` (both operands have `bw` bits). The result overflows if
    /// either operand did or the operation itself does.
    pub fn apply(op: IntOp, a: &BitVec, b: &BitVec, bw: u32, c: &mut Circuit) -> BitVec {
        let w = bw as usize;
        debug_assert!(w >= 1 && a.bits.len() == w && b.bits.len() == w);
        let (x, y) = (&a.bits[..], &b.bits[..]);
        let (bits, own) = match op {
            IntOp::Plus => add_sub(c, x, y, false),
            IntOp::Minus => add_sub(c, x, y, true),
            IntOp::Mul => {
                // The multiplier's bits select rows: a constant multiplier folds whole rows.
                if is_const(x) && !is_const(y) {
                    multiply(c, y, x)
                } else {
                    multiply(c, x, y)
                }
            }
            IntOp::Div | IntOp::Rem => divide(c, x, y, op == IntOp::Rem),
            IntOp::Shl => shift_left(c, x, y, bw),
            IntOp::Sha | IntOp::Shr => (shift_right(c, x, y, bw, op == IntOp::Sha), Bit::FALSE),
        };
        let overflow = c.or(&[a.overflow, b.overflow, own]);
        BitVec { bits, overflow }
    }

    /// The signed comparison `a cmp b` of the values (overflow flags are not consulted).
    pub fn compare(cmp: IntCmp, a: &BitVec, b: &BitVec, c: &mut Circuit) -> Bit {
        debug_assert_eq!(a.bits.len(), b.bits.len());
        match cmp {
            IntCmp::Eq => {
                let same: Vec<Bit> = a
                    .bits
                    .iter()
                    .zip(&b.bits)
                    .map(|(&x, &y)| c.iff(x, y))
                    .collect();
                c.and(&same)
            }
            IntCmp::Lt => less_than(c, &a.bits, &b.bits),
            // `a <= b` is `!(b < a)`: it shares its gates with `b < a` (Alloy's `a > b`).
            IntCmp::Le => !less_than(c, &b.bits, &a.bits),
        }
    }

    /// `if cond then t else e`, bit by bit; the overflow flag is chosen the same way.
    pub fn ite(cond: Bit, t: &BitVec, e: &BitVec, c: &mut Circuit) -> BitVec {
        debug_assert_eq!(t.bits.len(), e.bits.len());
        BitVec {
            bits: ite_bits(c, cond, &t.bits, &e.bits),
            overflow: c.ite(cond, t.overflow, e.overflow),
        }
    }

    /// The number of true bits among `cells`, wrapped to `bw` bits; it overflows iff the
    /// exact count exceeds the largest integer.
    ///
    /// A balanced tree of adders over partial counts that are only as wide as their
    /// largest possible value (and never wider than `bw`: a carry out of bit `bw - 1`
    /// means the count is out of range, which is all the overflow flag needs to know).
    pub fn count(cells: &[Bit], bw: u32, c: &mut Circuit) -> BitVec {
        let cap = bw as usize;
        let vars: Vec<Bit> = cells.iter().copied().filter(|b| !b.is_const()).collect();
        let trues = cells.iter().filter(|&&b| b == Bit::TRUE).count() as u128;
        let mut total = count_tree(c, &vars, cap);
        if trues > 0 {
            let constant = Unsigned::constant(trues, cap);
            total = combine_unsigned(c, &total, &constant, Bit::FALSE, cap);
        }
        let top = total.bits.get(cap - 1).copied().unwrap_or(Bit::FALSE);
        let overflow = c.or2(total.big, top);
        let mut bits = total.bits;
        bits.resize(cap, Bit::FALSE);
        BitVec { bits, overflow }
    }

    /// `Σ cond_i ? value_i : 0`, wrapped to `bw` bits. It overflows iff a selected term
    /// overflowed or the exact sum of the selected terms is out of range.
    ///
    /// A balanced tree of adders; each partial sum is as wide as the range of values it can
    /// take (a term with a constant value contributes its own range, not the full one).
    pub fn sum(terms: &[(Bit, BitVec)], bw: u32, c: &mut Circuit) -> BitVec {
        let w = bw as usize;
        let terms: Vec<&(Bit, BitVec)> = terms.iter().filter(|(g, _)| *g != Bit::FALSE).collect();
        let mut overflows: Vec<Bit> = terms.iter().map(|(g, v)| c.and2(*g, v.overflow)).collect();
        let leaves: Vec<Signed> = terms
            .iter()
            .map(|(g, v)| Signed::term(c, *g, v, bw))
            .collect();
        let total = sum_tree(c, &leaves);
        let width = total.bits.len().max(w);
        let bits = sign_extend(&total.bits, width);
        if total.lo < min_value(bw) || total.hi > max_value(bw) {
            overflows.push(!all_same(c, &bits[w - 1..]));
        }
        BitVec {
            bits: bits[..w].to_vec(),
            overflow: c.or(&overflows),
        }
    }
}

// ---- helpers ------------------------------------------------------------------------------

fn min_value(bw: u32) -> i128 {
    -(1i128 << (bw - 1))
}

fn max_value(bw: u32) -> i128 {
    (1i128 << (bw - 1)) - 1
}

/// How many low bits of a shift amount take part in a shift: enough to write `bw - 1`.
fn shift_bits(bw: u32) -> usize {
    (u32::BITS - (bw - 1).leading_zeros()) as usize
}

/// The low `width` bits of `value` (two's complement).
fn const_bits(value: i128, width: usize) -> Vec<Bit> {
    (0..width)
        .map(|i| Bit::from_bool((value >> i.min(127)) & 1 == 1))
        .collect()
}

fn is_const(bits: &[Bit]) -> bool {
    bits.iter().all(|b| b.is_const())
}

/// `bits` (two's complement, non-empty) sign-extended or truncated to `width` bits.
fn sign_extend(bits: &[Bit], width: usize) -> Vec<Bit> {
    let sign = *bits.last().expect("a bit-vector has at least one bit");
    (0..width).map(|i| *bits.get(i).unwrap_or(&sign)).collect()
}

fn ite_bits(c: &mut Circuit, cond: Bit, t: &[Bit], e: &[Bit]) -> Vec<Bit> {
    t.iter().zip(e).map(|(&x, &y)| c.ite(cond, x, y)).collect()
}

/// All of `bits` are equal (true for fewer than two bits).
fn all_same(c: &mut Circuit, bits: &[Bit]) -> Bit {
    if bits.len() < 2 {
        return Bit::TRUE;
    }
    let ones = c.and(bits);
    let negated: Vec<Bit> = bits.iter().map(|&b| !b).collect();
    let zeros = c.and(&negated);
    c.or2(ones, zeros)
}

/// Sum and carry of `a + b + cin`: three gates, fewer when an input is FALSE.
fn full_add(c: &mut Circuit, a: Bit, b: Bit, cin: Bit) -> (Bit, Bit) {
    let (x, y) = if cin == Bit::FALSE {
        (a, b)
    } else if b == Bit::FALSE {
        (a, cin)
    } else if a == Bit::FALSE {
        (b, cin)
    } else {
        let differ = c.xor(a, b);
        let sum = c.xor(differ, cin);
        // Two equal inputs decide the carry; otherwise the third does.
        let carry = c.ite(differ, cin, a);
        return (sum, carry);
    };
    (c.xor(x, y), c.and2(x, y))
}

/// The carry of `a + b + cin`, without the sum (shares the sum's gates when both exist).
fn carry_only(c: &mut Circuit, a: Bit, b: Bit, cin: Bit) -> Bit {
    if cin == Bit::FALSE {
        c.and2(a, b)
    } else if b == Bit::FALSE {
        c.and2(a, cin)
    } else if a == Bit::FALSE {
        c.and2(b, cin)
    } else {
        let differ = c.xor(a, b);
        c.ite(differ, cin, a)
    }
}

/// Ripple-carry `a + b + cin` over equal widths: the sum bits and the carries, where
/// `carries[i]` is the carry into bit `i` (`carries[0] == cin`). With `carry_out`, the
/// carry out of the top bit is `carries[len]`; without, it is not built.
fn add(c: &mut Circuit, a: &[Bit], b: &[Bit], cin: Bit, carry_out: bool) -> (Vec<Bit>, Vec<Bit>) {
    debug_assert_eq!(a.len(), b.len());
    let n = a.len();
    let mut sum = Vec::with_capacity(n);
    let mut carries = Vec::with_capacity(n + 1);
    carries.push(cin);
    for i in 0..n {
        let carry = carries[i];
        if i + 1 == n && !carry_out {
            let differ = c.xor(a[i], b[i]);
            sum.push(c.xor(differ, carry));
        } else {
            let (s, next) = full_add(c, a[i], b[i], carry);
            sum.push(s);
            carries.push(next);
        }
    }
    (sum, carries)
}

/// `a + b` or `a - b` (as `a + !b + 1`); it overflows iff the carries into and out of the
/// sign bit differ.
fn add_sub(c: &mut Circuit, a: &[Bit], b: &[Bit], subtract: bool) -> (Vec<Bit>, Bit) {
    let w = a.len();
    let b: Vec<Bit> = if subtract {
        b.iter().map(|&x| !x).collect()
    } else {
        b.to_vec()
    };
    let (sum, carries) = add(c, a, &b, Bit::from_bool(subtract), true);
    let overflow = c.xor(carries[w - 1], carries[w]);
    (sum, overflow)
}

/// Signed `a < b`: an unsigned comparison from the low bit up (a borrow chain), where at
/// the sign bit a differing `a` decides (the negative one is smaller).
fn less_than(c: &mut Circuit, a: &[Bit], b: &[Bit]) -> Bit {
    let w = a.len();
    let mut less = Bit::FALSE;
    for i in 0..w {
        let differ = c.xor(a[i], b[i]);
        let decides = if i + 1 == w { a[i] } else { b[i] };
        less = c.ite(differ, decides, less);
    }
    less
}

/// Signed product by shift-and-add: `a · Σ_{i<w-1} b_i 2^i − a · b_{w-1} 2^{w-1}`. After
/// `k` rows the partial product fits in `w + k` bits, so each row is one `w + 1`-bit adder
/// (the bits below the row's offset are final). The exact product has `2w` bits; it
/// overflows iff its high half is not the sign extension of bit `w - 1`.
fn multiply(c: &mut Circuit, a: &[Bit], b: &[Bit]) -> (Vec<Bit>, Bit) {
    let w = a.len();
    let mut acc = vec![Bit::FALSE];
    for (i, &bi) in b.iter().enumerate() {
        let row: Vec<Bit> = a.iter().map(|&x| c.and2(bi, x)).collect();
        let last = i + 1 == w;
        if i == 0 && !last {
            acc = row;
            continue;
        }
        let width = if last { 2 * w } else { w + i + 1 };
        let acc_ext = sign_extend(&acc, width);
        let row_ext: Vec<Bit> = sign_extend(&row, width - i)
            .into_iter()
            .map(|x| if last { !x } else { x })
            .collect();
        // -(row << i) = (!row << i) + (1 << i): the carry-in at the row's offset.
        let (high, _) = add(c, &acc_ext[i..], &row_ext, Bit::from_bool(last), false);
        acc = acc_ext[..i].to_vec();
        acc.extend(high);
    }
    let overflow = !all_same(c, &acc[w - 1..]);
    acc.truncate(w);
    (acc, overflow)
}

/// `s ? -x : x` (wrapping): bit `i` of `-x` is `x_i` flipped iff a lower bit is set.
fn cond_negate(c: &mut Circuit, x: &[Bit], s: Bit) -> Vec<Bit> {
    if s == Bit::FALSE {
        return x.to_vec();
    }
    let mut out = Vec::with_capacity(x.len());
    let mut lower = Bit::FALSE;
    for (i, &xi) in x.iter().enumerate() {
        let flip = c.and2(s, lower);
        out.push(c.xor(xi, flip));
        if i + 1 < x.len() {
            lower = c.or2(lower, xi);
        }
    }
    out
}

/// Unsigned restoring division of `n` by `d` (both `w` bits): the quotient and, if
/// `want_rem`, the remainder (else empty). Dividing by zero gives the quotient `2^w - 1`
/// and the remainder `n`. The partial remainder at step `i` is below `2^(w-i)`, so the
/// trial subtraction there is only `w - i` bits wide, with the condition that `d` has no
/// bits above them.
fn unsigned_divide(c: &mut Circuit, n: &[Bit], d: &[Bit], want_rem: bool) -> (Vec<Bit>, Vec<Bit>) {
    let w = n.len();
    // high_zero[k]: bits k.. of d are all zero.
    let mut high_zero = vec![Bit::TRUE; w + 1];
    for k in (1..w).rev() {
        high_zero[k] = c.and2(!d[k], high_zero[k + 1]);
    }
    let mut q = vec![Bit::FALSE; w];
    let mut r: Vec<Bit> = Vec::new();
    for i in (0..w).rev() {
        let m = w - i;
        let mut t = vec![n[i]];
        t.extend_from_slice(&r);
        let not_d: Vec<Bit> = d[..m].iter().map(|&x| !x).collect();
        // t - d[..m] = t + !d + 1: no borrow (a carry out) iff t >= d[..m].
        if i > 0 || want_rem {
            let (diff, carries) = add(c, &t, &not_d, Bit::TRUE, true);
            q[i] = c.and2(carries[m], high_zero[m]);
            r = ite_bits(c, q[i], &diff, &t);
        } else {
            let mut carry = Bit::TRUE;
            for (&tj, &dj) in t.iter().zip(&not_d) {
                carry = carry_only(c, tj, dj, carry);
            }
            q[i] = c.and2(carry, high_zero[m]);
            r.clear();
        }
    }
    (q, r)
}

/// Signed division (`rem == false`) or remainder, rounding toward zero: divide the
/// magnitudes, then give the quotient the sign `sa ^ sb` and the remainder the dividend's.
/// Unsigned division by zero makes the remainder `a` (as the meaning asks) and the
/// quotient all ones, which the sign fix-up turns into `-signum(a)` once a zero dividend
/// is masked. `div` overflows on a zero divisor and on `MIN / -1`; `rem` on a zero divisor.
fn divide(c: &mut Circuit, a: &[Bit], b: &[Bit], rem: bool) -> (Vec<Bit>, Bit) {
    let w = a.len();
    let (sa, sb) = (a[w - 1], b[w - 1]);
    let abs_a = cond_negate(c, a, sa);
    let abs_b = cond_negate(c, b, sb);
    let (q, r) = unsigned_divide(c, &abs_a, &abs_b, rem);
    let b_zero = !c.or(b);
    if rem {
        return (cond_negate(c, &r, sa), b_zero);
    }
    let a_nonzero = c.or(a);
    let q: Vec<Bit> = q.iter().map(|&x| c.and2(x, a_nonzero)).collect();
    let sign = c.xor(sa, sb);
    let bits = cond_negate(c, &q, sign);
    // a == MIN and b == -1
    let mut min_by_minus_one = vec![sa];
    min_by_minus_one.extend(a[..w - 1].iter().map(|&x| !x));
    min_by_minus_one.extend_from_slice(b);
    let min_by_minus_one = c.and(&min_by_minus_one);
    (bits, c.or2(b_zero, min_by_minus_one))
}

/// Kodkod's barrel shifter for `a << b`: stage `i` shifts by `2^i` if bit `i` of `b` is set,
/// for the low `shift_bits(bw)` bits of `b`. Stage `i` overflows if it is selected and the
/// current value shifted by `2^i` is out of range (its top `2^i + 1` bits differ); a set
/// bit of `b` at or above `shift_bits(bw)` shifts nothing but overflows a non-zero value.
fn shift_left(c: &mut Circuit, a: &[Bit], b: &[Bit], bw: u32) -> (Vec<Bit>, Bit) {
    let w = a.len();
    let stages = shift_bits(bw);
    let mut v = a.to_vec();
    let mut overflows = Vec::new();
    for (i, &bi) in b.iter().enumerate().take(stages) {
        let by = 1usize << i;
        let fits = all_same(c, &v[w - 1 - by..]);
        overflows.push(c.and2(bi, !fits));
        v = (0..w)
            .map(|j| {
                let shifted = if j < by { Bit::FALSE } else { v[j - by] };
                c.ite(bi, shifted, v[j])
            })
            .collect();
    }
    if stages < w {
        let high = c.or(&b[stages..]);
        let nonzero = c.or(&v);
        overflows.push(c.and2(high, nonzero));
    }
    (v, c.or(&overflows))
}

/// `a >> b` (`arithmetic`: sign-filling) or `a >>> b` (zero-filling), by the same barrel
/// shifter; these never overflow.
fn shift_right(c: &mut Circuit, a: &[Bit], b: &[Bit], bw: u32, arithmetic: bool) -> Vec<Bit> {
    let w = a.len();
    let fill = if arithmetic { a[w - 1] } else { Bit::FALSE };
    let mut v = a.to_vec();
    for (i, &bi) in b.iter().enumerate().take(shift_bits(bw)) {
        let by = 1usize << i;
        v = (0..w)
            .map(|j| {
                let shifted = if j + by < w { v[j + by] } else { fill };
                c.ite(bi, shifted, v[j])
            })
            .collect();
    }
    v
}

// ---- n-ary sums ---------------------------------------------------------------------------

/// A partial count: an unsigned number of at most `cap` bits whose value is at most `max`,
/// and `big`, true iff the exact count is at least `2^cap` (then `bits` holds it modulo
/// `2^cap`).
struct Unsigned {
    bits: Vec<Bit>,
    max: u128,
    big: Bit,
}

impl Unsigned {
    fn constant(value: u128, cap: usize) -> Unsigned {
        let modulus = 1u128 << cap;
        let (value, max, big) = if value >= modulus {
            (value % modulus, modulus - 1, Bit::TRUE)
        } else {
            (value, value, Bit::FALSE)
        };
        Unsigned {
            bits: const_bits(value as i128, bits_for(max)),
            max,
            big,
        }
    }
}

/// Bits needed to write `max` unsigned.
fn bits_for(max: u128) -> usize {
    (u128::BITS - max.leading_zeros()) as usize
}

/// The number of true `bits`: a balanced tree in which every adder also absorbs one input
/// bit as its carry-in (so three bits take one full adder).
fn count_tree(c: &mut Circuit, bits: &[Bit], cap: usize) -> Unsigned {
    match bits {
        [] => Unsigned {
            bits: Vec::new(),
            max: 0,
            big: Bit::FALSE,
        },
        [b] => Unsigned {
            bits: vec![*b],
            max: 1,
            big: Bit::FALSE,
        },
        [rest @ .., cin] => {
            let (l, r) = rest.split_at(rest.len().div_ceil(2));
            let l = count_tree(c, l, cap);
            let r = count_tree(c, r, cap);
            combine_unsigned(c, &l, &r, *cin, cap)
        }
    }
}

/// `l + r + cin`, as wide as its largest value needs but at most `cap` bits (a carry out of
/// bit `cap - 1` goes to `big`).
fn combine_unsigned(c: &mut Circuit, l: &Unsigned, r: &Unsigned, cin: Bit, cap: usize) -> Unsigned {
    let width = l.bits.len().max(r.bits.len());
    let max = l.max + r.max + u128::from(cin != Bit::FALSE);
    let pad = |bits: &[Bit]| {
        let mut bits = bits.to_vec();
        bits.resize(width, Bit::FALSE);
        bits
    };
    let (a, b) = (pad(&l.bits), pad(&r.bits));
    let carry_out = max >= 1u128 << width;
    let (mut bits, carries) = add(c, &a, &b, cin, carry_out);
    let big = c.or2(l.big, r.big);
    if !carry_out {
        return Unsigned { bits, max, big };
    }
    let carry = carries[width];
    if width < cap {
        bits.push(carry);
        Unsigned { bits, max, big }
    } else {
        Unsigned {
            bits,
            max: (1u128 << cap) - 1,
            big: c.or2(big, carry),
        }
    }
}

/// A partial sum: a two's complement number whose value lies in `lo..=hi`, in as few bits
/// as that range needs.
struct Signed {
    bits: Vec<Bit>,
    lo: i128,
    hi: i128,
}

impl Signed {
    /// `cond ? value : 0`.
    fn term(c: &mut Circuit, cond: Bit, value: &BitVec, bw: u32) -> Signed {
        let (lo, hi) = match value.value() {
            Some(v) if cond == Bit::TRUE => (v as i128, v as i128),
            Some(v) => ((v as i128).min(0), (v as i128).max(0)),
            None => (min_value(bw), max_value(bw)),
        };
        let width = signed_width(lo, hi);
        let bits = value.bits[..width]
            .iter()
            .map(|&x| c.and2(cond, x))
            .collect();
        Signed { bits, lo, hi }
    }
}

/// Bits needed to write every integer of `lo..=hi` in two's complement (at least one).
fn signed_width(lo: i128, hi: i128) -> usize {
    let mut w = 1;
    while lo < -(1i128 << (w - 1)) || hi > (1i128 << (w - 1)) - 1 {
        w += 1;
    }
    w
}

fn sum_tree(c: &mut Circuit, terms: &[Signed]) -> Signed {
    match terms {
        [] => Signed {
            bits: vec![Bit::FALSE],
            lo: 0,
            hi: 0,
        },
        [t] => Signed {
            bits: t.bits.clone(),
            lo: t.lo,
            hi: t.hi,
        },
        _ => {
            let (l, r) = terms.split_at(terms.len() / 2);
            let l = sum_tree(c, l);
            let r = sum_tree(c, r);
            let (lo, hi) = (l.lo + r.lo, l.hi + r.hi);
            let width = signed_width(lo, hi);
            // Wide enough for both operands; the sum itself fits in `width`.
            let adder = width.max(l.bits.len()).max(r.bits.len());
            let a = sign_extend(&l.bits, adder);
            let b = sign_extend(&r.bits, adder);
            let (mut bits, _) = add(c, &a, &b, Bit::FALSE, false);
            bits.truncate(width);
            Signed { bits, lo, hi }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(c: &mut Circuit, bw: u32) -> BitVec {
        BitVec {
            bits: (0..bw).map(|_| c.new_var()).collect(),
            overflow: Bit::FALSE,
        }
    }

    /// Nodes added by building one operation on fresh operands.
    fn op_size(op: IntOp, bw: u32) -> usize {
        let mut c = Circuit::new();
        let (a, b) = (vars(&mut c, bw), vars(&mut c, bw));
        let before = c.len();
        BitVec::apply(op, &a, &b, bw, &mut c);
        c.len() - before
    }

    #[test]
    fn constants_fold_without_gates() {
        let mut c = Circuit::new();
        let a = BitVec::constant(5, 4);
        let b = BitVec::constant(-3, 4);
        for op in IntOp::ALL {
            let r = BitVec::apply(op, &a, &b, 4, &mut c);
            assert!(r.value().is_some(), "{op:?}");
            assert!(r.overflow.is_const(), "{op:?}");
        }
        let s = BitVec::sum(&[(Bit::TRUE, a.clone()), (Bit::TRUE, b.clone())], 4, &mut c);
        assert_eq!(s.value(), Some(2));
        assert_eq!(BitVec::count(&[Bit::TRUE; 9], 4, &mut c).value(), Some(-7));
        assert_eq!(c.len(), 1);
        assert_eq!(BitVec::constant(8, 4).value(), Some(-8));
        assert_eq!(BitVec::constant(8, 4).overflow, Bit::TRUE);
        assert_eq!(BitVec::constant(-8, 4).overflow, Bit::FALSE);
    }

    #[test]
    fn circuits_stay_small() {
        // Upper bounds on the gates per operation, to notice a regression.
        let limits = [
            (IntOp::Plus, 4, 16),
            (IntOp::Plus, 8, 32),
            (IntOp::Mul, 4, 60),
            (IntOp::Mul, 8, 260),
            (IntOp::Div, 8, 280),
            (IntOp::Rem, 8, 280),
            (IntOp::Shl, 8, 60),
            (IntOp::Sha, 8, 30),
        ];
        for (op, bw, limit) in limits {
            let size = op_size(op, bw);
            assert!(size <= limit, "{op:?} at {bw}: {size} gates");
        }
        let mut c = Circuit::new();
        let cells: Vec<Bit> = (0..64).map(|_| c.new_var()).collect();
        let before = c.len();
        BitVec::count(&cells, 8, &mut c);
        let size = c.len() - before;
        assert!(size <= 64 * 5, "count of 64 at 8: {size} gates");
    }
}
