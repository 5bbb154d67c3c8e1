//! Integers in the circuit: two's complement bit-vectors of the problem's bitwidth, as
//! Kodkod represents them, built from ripple-carry adders.
//!
//! Each [`BitVec`] also carries an *overflow* literal: true when computing it overflowed
//! anywhere (its own operation or an operand), for `--no-overflow`. Values and flags follow
//! `instance::ints` exactly; `tests/int_ops.rs` checks every operation on every operand at
//! bitwidths 1–6 against it. `#` and `sum` add at a width wide enough for the exact total,
//! so their overflow means "the exact value does not fit", whatever the order of terms.
use super::circuit::{Bit, Circuit};
use crate::instance::ints;
use crate::logic::{IntCmp, IntOp};

#[derive(Clone, Debug)]
pub struct BitVec {
    pub bits: Vec<Bit>,
    pub overflow: Bit,
}

fn consts(v: i128, w: usize) -> Vec<Bit> {
    (0..w)
        .map(|i| Bit::from_bool((v >> i.min(127)) & 1 == 1))
        .collect()
}

fn full_add(c: &mut Circuit, a: Bit, b: Bit, cin: Bit) -> (Bit, Bit) {
    let x = c.xor(a, b);
    let s = c.xor(x, cin);
    let ab = c.and2(a, b);
    let xc = c.and2(x, cin);
    (s, c.or2(ab, xc))
}

/// a + b + cin over equal widths, wrapping; also the final carry.
fn add(c: &mut Circuit, a: &[Bit], b: &[Bit], cin: Bit) -> (Vec<Bit>, Bit) {
    let mut carry = cin;
    let mut out = Vec::with_capacity(a.len());
    for i in 0..a.len() {
        let (s, co) = full_add(c, a[i], b[i], carry);
        out.push(s);
        carry = co;
    }
    (out, carry)
}

fn extend(a: &[Bit], w: usize) -> Vec<Bit> {
    let sign = *a.last().unwrap();
    (0..w)
        .map(|i| if i < a.len() { a[i] } else { sign })
        .collect()
}

fn negate(c: &mut Circuit, a: &[Bit]) -> Vec<Bit> {
    let inv: Vec<Bit> = a.iter().map(|&b| !b).collect();
    let zero = vec![Bit::FALSE; a.len()];
    add(c, &inv, &zero, Bit::TRUE).0
}

fn is_zero(c: &mut Circuit, a: &[Bit]) -> Bit {
    !c.or(a)
}

fn all_equal(c: &mut Circuit, a: &[Bit]) -> Bit {
    let mut parts = Vec::new();
    for w in a.windows(2) {
        parts.push(c.iff(w[0], w[1]));
    }
    c.and(&parts)
}

fn ite_bits(c: &mut Circuit, cond: Bit, t: &[Bit], e: &[Bit]) -> Vec<Bit> {
    t.iter().zip(e).map(|(&x, &y)| c.ite(cond, x, y)).collect()
}

/// Unsigned restoring division of w-bit numbers: (quotient, remainder).
fn udiv(c: &mut Circuit, n: &[Bit], d: &[Bit]) -> (Vec<Bit>, Vec<Bit>) {
    let w = n.len();
    let mut r = vec![Bit::FALSE; w + 1];
    let mut q = vec![Bit::FALSE; w];
    let dx: Vec<Bit> = d.iter().copied().chain([Bit::FALSE]).collect();
    let dneg: Vec<Bit> = dx.iter().map(|&b| !b).collect();
    for i in (0..w).rev() {
        // r = r << 1 | n[i]
        let mut shifted = vec![n[i]];
        shifted.extend_from_slice(&r[..w]);
        let (diff, carry) = add(c, &shifted, &dneg, Bit::TRUE);
        // carry = no borrow: shifted >= d
        q[i] = carry;
        r = ite_bits(c, carry, &diff, &shifted);
    }
    (q, r[..w].to_vec())
}

impl BitVec {
    pub fn constant(value: i64, bw: u32) -> BitVec {
        let v = value as i128;
        BitVec {
            bits: consts(ints::wrap(v, bw) as i128, bw as usize),
            overflow: Bit::from_bool(!ints::fits(v, bw)),
        }
    }

    pub fn value(&self) -> Option<i64> {
        let mut v: i64 = 0;
        for (i, b) in self.bits.iter().enumerate() {
            let bit = match *b {
                Bit::TRUE => 1,
                Bit::FALSE => 0,
                _ => return None,
            };
            if i == self.bits.len() - 1 {
                v -= bit << i;
            } else {
                v += bit << i;
            }
        }
        Some(v)
    }

    pub fn apply(op: IntOp, a: &BitVec, b: &BitVec, bw: u32, c: &mut Circuit) -> BitVec {
        let w = bw as usize;
        let (x, y) = (&a.bits, &b.bits);
        let (bits, own) = match op {
            IntOp::Plus | IntOp::Minus => {
                let y2: Vec<Bit> = if op == IntOp::Minus {
                    y.iter().map(|&b| !b).collect()
                } else {
                    y.clone()
                };
                let cin = Bit::from_bool(op == IntOp::Minus);
                let (s, _) = add(c, &extend(x, w + 1), &extend(&y2, w + 1), cin);
                let ovf = c.xor(s[w], s[w - 1]);
                (s[..w].to_vec(), ovf)
            }
            IntOp::Mul => {
                let ww = 2 * w;
                let xe = extend(x, ww);
                let ye = extend(y, ww);
                let mut acc = vec![Bit::FALSE; ww];
                for i in 0..ww {
                    let partial: Vec<Bit> = (0..ww)
                        .map(|j| {
                            if j < i {
                                Bit::FALSE
                            } else {
                                c.and2(ye[i], xe[j - i])
                            }
                        })
                        .collect();
                    acc = add(c, &acc, &partial, Bit::FALSE).0;
                }
                let ovf = !all_equal(c, &acc[w - 1..]);
                (acc[..w].to_vec(), ovf)
            }
            IntOp::Div | IntOp::Rem => {
                let ww = w + 1;
                let (xe, ye) = (extend(x, ww), extend(y, ww));
                let (sx, sy) = (x[w - 1], y[w - 1]);
                let nx = negate(c, &xe);
                let ny = negate(c, &ye);
                let mx = ite_bits(c, sx, &nx, &xe);
                let my = ite_bits(c, sy, &ny, &ye);
                let (q, r) = udiv(c, &mx, &my);
                let qs = c.xor(sx, sy);
                let nq = negate(c, &q);
                let q = ite_bits(c, qs, &nq, &q);
                let nr = negate(c, &r);
                let r = ite_bits(c, sx, &nr, &r);
                let zero = is_zero(c, y);
                if op == IntOp::Div {
                    // x / 0 = -signum(x)
                    let xz = is_zero(c, x);
                    let minus_sign: Vec<Bit> = (0..w)
                        .map(|i| {
                            // x > 0 -> -1 (all ones); x < 0 -> 1; 0 -> 0
                            let pos = c.and2(!sx, !xz);
                            if i == 0 { c.or2(pos, sx) } else { pos }
                        })
                        .collect();
                    let bits = ite_bits(c, zero, &minus_sign, &q[..w]);
                    let min = consts(ints::min(bw) as i128, w);
                    let minus1 = consts(-1, w);
                    let is_min = eq(c, x, &min);
                    let is_m1 = eq(c, y, &minus1);
                    let both = c.and2(is_min, is_m1);
                    (bits, c.or2(zero, both))
                } else {
                    let bits = ite_bits(c, zero, x, &r[..w]);
                    (bits, zero)
                }
            }
            IntOp::Shl => {
                let mut v = x.clone();
                let mut ovfs = Vec::new();
                for (i, &amount_bit) in y.iter().enumerate() {
                    let by = 1usize << i.min(40);
                    let fits = if by >= w {
                        is_zero(c, &v)
                    } else {
                        all_equal(c, &v[w - 1 - by..])
                    };
                    ovfs.push(c.and2(amount_bit, !fits));
                    if (i as u32) < ints::shift_bits(bw) {
                        let shifted: Vec<Bit> = (0..w)
                            .map(|j| if j < by { Bit::FALSE } else { v[j - by] })
                            .collect();
                        v = ite_bits(c, amount_bit, &shifted, &v);
                    }
                }
                (v, c.or(&ovfs))
            }
            IntOp::Sha | IntOp::Shr => {
                let fill = if op == IntOp::Sha {
                    x[w - 1]
                } else {
                    Bit::FALSE
                };
                let mut v = x.clone();
                for (i, &amount_bit) in y.iter().enumerate().take(ints::shift_bits(bw) as usize) {
                    let by = 1usize << i;
                    let shifted: Vec<Bit> = (0..w)
                        .map(|j| if j + by < w { v[j + by] } else { fill })
                        .collect();
                    v = ite_bits(c, amount_bit, &shifted, &v);
                }
                (v, Bit::FALSE)
            }
        };
        let o = c.or2(a.overflow, b.overflow);
        BitVec {
            bits,
            overflow: c.or2(o, own),
        }
    }

    pub fn compare(cmp: IntCmp, a: &BitVec, b: &BitVec, c: &mut Circuit) -> Bit {
        match cmp {
            IntCmp::Eq => eq(c, &a.bits, &b.bits),
            IntCmp::Lt => lt(c, &a.bits, &b.bits),
            IntCmp::Le => !lt(c, &b.bits, &a.bits),
        }
    }

    pub fn ite(cond: Bit, t: &BitVec, e: &BitVec, c: &mut Circuit) -> BitVec {
        BitVec {
            bits: ite_bits(c, cond, &t.bits, &e.bits),
            overflow: c.ite(cond, t.overflow, e.overflow),
        }
    }

    pub fn count(cells: &[Bit], bw: u32, c: &mut Circuit) -> BitVec {
        let terms: Vec<(Bit, BitVec)> = cells
            .iter()
            .map(|&b| (b, BitVec::constant(1, bw.max(2))))
            .collect();
        if bw == 1 {
            // 1 at bitwidth 1 does not fit; count exactly at width 2 and cut.
            let s = sum_exact(c, &terms, 2);
            let ovf = c.or(&s[0..]);
            return BitVec {
                bits: vec![s[0]],
                overflow: ovf,
            };
        }
        BitVec::sum(&terms, bw, c)
    }

    pub fn sum(terms: &[(Bit, BitVec)], bw: u32, c: &mut Circuit) -> BitVec {
        let w = bw as usize;
        let total = sum_exact(c, terms, w);
        let ovf_terms: Vec<Bit> = terms.iter().map(|(g, t)| c.and2(*g, t.overflow)).collect();
        let fits = all_equal(c, &total[w - 1..]);
        let mut o = ovf_terms;
        o.push(!fits);
        BitVec {
            bits: total[..w].to_vec(),
            overflow: c.or(&o),
        }
    }
}

fn sum_exact(c: &mut Circuit, terms: &[(Bit, BitVec)], w: usize) -> Vec<Bit> {
    let ww = w + 2 + (usize::BITS - terms.len().leading_zeros()) as usize;
    let mut acc = vec![Bit::FALSE; ww];
    for (g, t) in terms {
        let e = extend(&t.bits, ww);
        let gated: Vec<Bit> = e.iter().map(|&b| c.and2(*g, b)).collect();
        acc = add(c, &acc, &gated, Bit::FALSE).0;
    }
    acc
}

fn eq(c: &mut Circuit, a: &[Bit], b: &[Bit]) -> Bit {
    let parts: Vec<Bit> = a.iter().zip(b).map(|(&x, &y)| c.iff(x, y)).collect();
    c.and(&parts)
}

fn lt(c: &mut Circuit, a: &[Bit], b: &[Bit]) -> Bit {
    let w = a.len() + 1;
    let nb: Vec<Bit> = extend(b, w).iter().map(|&x| !x).collect();
    let (d, _) = add(c, &extend(a, w), &nb, Bit::TRUE);
    d[w - 1]
}
