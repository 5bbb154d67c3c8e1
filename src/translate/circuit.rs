//! A hash-consed boolean circuit: the target of translation and the source of the CNF.
//!
//! A [`Bit`] is a literal of the circuit: a node index and a sign, so negation is free.
//! Node 0 is the constant TRUE, so [`Bit::TRUE`] and [`Bit::FALSE`] are its two signs.
//! Other nodes are variables (primary inputs), n-ary AND gates and if-then-else gates; OR
//! is AND by De Morgan. Gates are simplified as they are built (constants folded,
//! duplicate and complementary inputs detected, inputs sorted) and then looked up in a
//! table, so that two requests for the same gate return the same `Bit`. Nodes are only
//! ever appended and every gate's inputs are older than the gate, so node order is a
//! topological order.
//!
//! The circuit has a node limit, and a limit on gate inputs of [`INPUTS_PER_NODE`] times
//! that (the CNF has a clause per gate input, so wide gates cost memory that a node count
//! does not see): once either would be exceeded, the circuit becomes *overflowed*, new gates come back as FALSE and the translator reports
//! `SolveError::TooLarge` (checking [`Circuit::overflowed`]) instead of exhausting memory.

use std::ops::Not;

use super::{DEFAULT_GATE_LIMIT, FastMap, FxHasher};

/// Gate inputs allowed per node of the limit: 100 M inputs (a CNF of about 100 M clauses,
/// some 5 GB in the solver) under the default limit.
pub const INPUTS_PER_NODE: usize = 5;

/// A literal of the circuit: node index times two, plus one if negated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bit(u32);

impl Bit {
    pub const TRUE: Bit = Bit(0);
    pub const FALSE: Bit = Bit(1);

    /// The literal of a node, negated or not.
    pub fn new(node: usize, negated: bool) -> Bit {
        Bit(((node as u32) << 1) | negated as u32)
    }

    /// The node this literal refers to.
    pub fn node(self) -> usize {
        (self.0 >> 1) as usize
    }

    pub fn is_negated(self) -> bool {
        self.0 & 1 == 1
    }

    pub fn is_const(self) -> bool {
        self.0 < 2
    }

    /// The literal of the same node without negation.
    pub fn positive(self) -> Bit {
        Bit(self.0 & !1)
    }

    pub fn from_bool(b: bool) -> Bit {
        if b { Bit::TRUE } else { Bit::FALSE }
    }
}

impl Not for Bit {
    type Output = Bit;
    fn not(self) -> Bit {
        Bit(self.0 ^ 1)
    }
}

/// The end of a `Circuit::wide_chain` list.
const NO_ENTRY: u32 = u32::MAX;

fn hash_bits(bits: &[Bit]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = FxHasher::default();
    bits.hash(&mut h);
    h.finish()
}

/// A view of one node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate<'a> {
    True,
    /// A primary input; the number is its creation order among variables (0-based).
    Var(u32),
    And(&'a [Bit]),
    /// `if c then t else e`
    Ite(Bit, Bit, Bit),
}

#[derive(Clone, Copy, Debug)]
enum Node {
    True,
    Var(u32),
    And { start: u32, len: u32 },
    Ite(Bit, Bit, Bit),
}

#[derive(Debug)]
pub struct Circuit {
    nodes: Vec<Node>,
    /// The inputs of every AND gate, back to back.
    inputs: Vec<Bit>,
    /// Two-input AND gates by their inputs.
    and2_table: FastMap<(Bit, Bit), u32>,
    /// Wider AND gates: by the hash of their inputs, the newest entry of `wide_chain`
    /// with that hash. The inputs are compared in `inputs`, so a gate costs no allocation
    /// of its own (a boxed key per gate made building and dropping large circuits slow).
    wide_heads: FastMap<u64, u32>,
    /// `(node, previous entry with the same hash or NO_ENTRY)`.
    wide_chain: Vec<(u32, u32)>,
    ite_table: FastMap<(Bit, Bit, Bit), u32>,
    /// The node of each variable, by variable number.
    var_nodes: Vec<u32>,
    limit: usize,
    overflowed: bool,
    scratch: Vec<Bit>,
}

impl Default for Circuit {
    fn default() -> Circuit {
        Circuit::new()
    }
}

impl Circuit {
    pub fn new() -> Circuit {
        Circuit::with_limit(DEFAULT_GATE_LIMIT)
    }

    /// A circuit that overflows once it would hold more than `limit` nodes or more than
    /// `INPUTS_PER_NODE * limit` gate inputs.
    pub fn with_limit(limit: usize) -> Circuit {
        Circuit {
            nodes: vec![Node::True],
            inputs: Vec::new(),
            and2_table: FastMap::default(),
            wide_heads: FastMap::default(),
            wide_chain: Vec::new(),
            ite_table: FastMap::default(),
            var_nodes: Vec::new(),
            limit: limit.max(1),
            overflowed: false,
            scratch: Vec::new(),
        }
    }

    /// Number of nodes (including the constant node).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// The node limit given at construction.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Number of variables created so far.
    pub fn num_vars(&self) -> u32 {
        self.var_nodes.len() as u32
    }

    /// The positive literal of variable number `v`.
    pub fn var_bit(&self, v: u32) -> Bit {
        Bit::new(self.var_nodes[v as usize] as usize, false)
    }

    /// True once a node had to be refused because of the node limit. Sticky: results
    /// computed after that point are meaningless and must be discarded.
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Marks the circuit as overflowed (used by matrix operations that refuse to build
    /// oversized matrices, so that one check covers both).
    pub fn set_overflowed(&mut self) {
        self.overflowed = true;
    }

    pub fn gate(&self, bit: Bit) -> Gate<'_> {
        match self.nodes[bit.node()] {
            Node::True => Gate::True,
            Node::Var(v) => Gate::Var(v),
            Node::And { start, len } => {
                Gate::And(&self.inputs[start as usize..(start + len) as usize])
            }
            Node::Ite(c, t, e) => Gate::Ite(c, t, e),
        }
    }

    fn push(&mut self, node: Node) -> Option<usize> {
        if self.nodes.len() >= self.limit {
            self.overflowed = true;
            return None;
        }
        self.nodes.push(node);
        Some(self.nodes.len() - 1)
    }

    /// A fresh primary input. Variables are exempt from the node limit's refusal (a
    /// variable must stay a variable), but still count towards it.
    pub fn new_var(&mut self) -> Bit {
        if self.nodes.len() >= self.limit {
            self.overflowed = true;
        }
        self.nodes.push(Node::Var(self.var_nodes.len() as u32));
        self.var_nodes.push(self.nodes.len() as u32 - 1);
        Bit::new(self.nodes.len() - 1, false)
    }

    /// The variable number of a positive or negative variable literal.
    pub fn var_number(&self, bit: Bit) -> Option<u32> {
        match self.nodes[bit.node()] {
            Node::Var(v) => Some(v),
            _ => None,
        }
    }

    pub fn and2(&mut self, a: Bit, b: Bit) -> Bit {
        // Fast paths for the most frequent shapes, before touching the table.
        if a == Bit::FALSE || b == Bit::FALSE || a == !b {
            return Bit::FALSE;
        }
        if a == Bit::TRUE || a == b {
            return b;
        }
        if b == Bit::TRUE {
            return a;
        }
        self.and(&[a, b])
    }

    pub fn or2(&mut self, a: Bit, b: Bit) -> Bit {
        !self.and2(!a, !b)
    }

    pub fn implies(&mut self, a: Bit, b: Bit) -> Bit {
        self.or2(!a, b)
    }

    /// Conjunction of any number of literals.
    pub fn and(&mut self, bits: &[Bit]) -> Bit {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        for &b in bits {
            if b == Bit::FALSE {
                self.scratch = scratch;
                return Bit::FALSE;
            }
            if b != Bit::TRUE {
                scratch.push(b);
            }
        }
        scratch.sort_unstable();
        scratch.dedup();
        // x and !x differ only in the sign bit, so after sorting they are neighbours.
        let contradictory = scratch.windows(2).any(|w| w[0] == !w[1]);
        let result = if contradictory {
            Bit::FALSE
        } else {
            match scratch.len() {
                0 => Bit::TRUE,
                1 => scratch[0],
                _ => self.and_node(&scratch),
            }
        };
        self.scratch = scratch;
        result
    }

    fn and_node(&mut self, sorted: &[Bit]) -> Bit {
        let hash = if let [a, b] = *sorted {
            if let Some(&node) = self.and2_table.get(&(a, b)) {
                return Bit::new(node as usize, false);
            }
            0
        } else {
            let hash = hash_bits(sorted);
            if let Some(node) = self.find_wide(hash, sorted) {
                return Bit::new(node as usize, false);
            }
            hash
        };
        if self.inputs.len() + sorted.len() > self.limit.saturating_mul(INPUTS_PER_NODE) {
            self.overflowed = true;
            return Bit::FALSE;
        }
        let start = self.inputs.len() as u32;
        let Some(node) = self.push(Node::And {
            start,
            len: sorted.len() as u32,
        }) else {
            return Bit::FALSE;
        };
        self.inputs.extend_from_slice(sorted);
        if let [a, b] = *sorted {
            self.and2_table.insert((a, b), node as u32);
        } else {
            let previous = self.wide_heads.get(&hash).copied().unwrap_or(NO_ENTRY);
            self.wide_heads.insert(hash, self.wide_chain.len() as u32);
            self.wide_chain.push((node as u32, previous));
        }
        Bit::new(node, false)
    }

    /// The AND gate over exactly these (sorted, three or more) inputs, if built.
    fn find_wide(&self, hash: u64, sorted: &[Bit]) -> Option<u32> {
        let mut entry = *self.wide_heads.get(&hash)?;
        while entry != NO_ENTRY {
            let (node, previous) = self.wide_chain[entry as usize];
            if let Node::And { start, len } = self.nodes[node as usize]
                && self.inputs[start as usize..(start + len) as usize] == *sorted
            {
                return Some(node);
            }
            entry = previous;
        }
        None
    }

    /// Disjunction of any number of literals.
    pub fn or(&mut self, bits: &[Bit]) -> Bit {
        let negated: Vec<Bit> = bits.iter().map(|&b| !b).collect();
        !self.and(&negated)
    }

    /// `if c then t else e`.
    pub fn ite(&mut self, c: Bit, t: Bit, e: Bit) -> Bit {
        if c == Bit::TRUE {
            return t;
        }
        if c == Bit::FALSE {
            return e;
        }
        if t == e {
            return t;
        }
        let (c, t, e) = if c.is_negated() {
            (!c, e, t)
        } else {
            (c, t, e)
        };
        if t == c || t == Bit::TRUE {
            return self.or2(c, e);
        }
        if t == !c || t == Bit::FALSE {
            return self.and2(!c, e);
        }
        if e == c || e == Bit::FALSE {
            return self.and2(c, t);
        }
        if e == !c || e == Bit::TRUE {
            return self.or2(!c, t);
        }
        // ite(c, !t, !e) = !ite(c, t, e): keep `t` positive so both forms share a node.
        if t.is_negated() {
            return !self.ite_node(c, !t, !e);
        }
        self.ite_node(c, t, e)
    }

    fn ite_node(&mut self, c: Bit, t: Bit, e: Bit) -> Bit {
        if let Some(&node) = self.ite_table.get(&(c, t, e)) {
            return Bit::new(node as usize, false);
        }
        let Some(node) = self.push(Node::Ite(c, t, e)) else {
            return Bit::FALSE;
        };
        self.ite_table.insert((c, t, e), node as u32);
        Bit::new(node, false)
    }

    pub fn iff(&mut self, a: Bit, b: Bit) -> Bit {
        // Order the operands so that `a <=> b` and `b <=> a` share a node.
        let (a, b) = if a.node() <= b.node() { (a, b) } else { (b, a) };
        self.ite(a, b, !b)
    }

    pub fn xor(&mut self, a: Bit, b: Bit) -> Bit {
        !self.iff(a, b)
    }

    /// `counter(bits, k)[j]` is true iff at least `j + 1` of `bits` are true, for
    /// `j < k`: a sequential unary counter truncated at `k` (O(n·k) gates).
    fn counter(&mut self, bits: &[Bit], k: usize) -> Vec<Bit> {
        let mut at_least = vec![Bit::FALSE; k];
        for &x in bits {
            for j in (1..k).rev() {
                let carried = self.and2(at_least[j - 1], x);
                at_least[j] = self.or2(at_least[j], carried);
            }
            if k > 0 {
                at_least[0] = self.or2(at_least[0], x);
            }
        }
        at_least
    }

    /// Removes constant inputs: returns the remaining literals and how many were TRUE.
    fn split_constants(bits: &[Bit]) -> (Vec<Bit>, usize) {
        let trues = bits.iter().filter(|&&b| b == Bit::TRUE).count();
        let rest = bits.iter().copied().filter(|b| !b.is_const()).collect();
        (rest, trues)
    }

    /// At least `k` of `bits` are true.
    pub fn at_least(&mut self, bits: &[Bit], k: usize) -> Bit {
        let (rest, trues) = Self::split_constants(bits);
        if k <= trues {
            return Bit::TRUE;
        }
        let k = k - trues;
        let n = rest.len();
        if k > n {
            return Bit::FALSE;
        }
        // "at least k of n true" = "at most n-k false" = !"at least n-k+1 false":
        // count whichever side needs the shorter counter.
        if k <= n - k + 1 {
            self.counter(&rest, k)[k - 1]
        } else {
            let negated: Vec<Bit> = rest.iter().map(|&b| !b).collect();
            let m = n - k + 1;
            !self.counter(&negated, m)[m - 1]
        }
    }

    /// At most `k` of `bits` are true.
    pub fn at_most(&mut self, bits: &[Bit], k: usize) -> Bit {
        !self.at_least(bits, k + 1)
    }

    /// Exactly `k` of `bits` are true.
    pub fn exactly(&mut self, bits: &[Bit], k: usize) -> Bit {
        let (rest, trues) = Self::split_constants(bits);
        if k < trues {
            return Bit::FALSE;
        }
        let k = k - trues;
        let n = rest.len();
        if k > n {
            return Bit::FALSE;
        }
        // Exactly k true = exactly n-k false; one counter up to k+1 decides both sides.
        let (lits, k) = if k <= n - k {
            (rest, k)
        } else {
            (rest.iter().map(|&b| !b).collect(), n - k)
        };
        if k == lits.len() {
            return self.and(&lits);
        }
        let counts = self.counter(&lits, k + 1);
        let enough = if k == 0 { Bit::TRUE } else { counts[k - 1] };
        self.and2(enough, !counts[k])
    }

    /// Evaluates every node up to the largest node of `roots` under an assignment of the
    /// variables and returns the roots' values. Node order is topological, so one pass
    /// in index order suffices.
    pub fn evaluate(&self, roots: &[Bit], var_value: impl Fn(u32) -> bool) -> Vec<bool> {
        let last = roots.iter().map(|b| b.node()).max().unwrap_or(0);
        let mut values = vec![false; last + 1];
        let value_of = |values: &[bool], b: Bit| values[b.node()] ^ b.is_negated();
        for i in 0..=last {
            values[i] = match self.nodes[i] {
                Node::True => true,
                Node::Var(v) => var_value(v),
                Node::And { start, len } => self.inputs[start as usize..(start + len) as usize]
                    .iter()
                    .all(|&b| value_of(&values, b)),
                Node::Ite(c, t, e) => {
                    if value_of(&values, c) {
                        value_of(&values, t)
                    } else {
                        value_of(&values, e)
                    }
                }
            };
        }
        roots.iter().map(|&b| value_of(&values, b)).collect()
    }

    /// Three-valued (Kleene) evaluation of the cones of `roots`: `None` for variables
    /// whose value is unknown, and for gates they decide. Visits only the roots' cones.
    pub fn evaluate_partial(
        &self,
        roots: &[Bit],
        var_value: impl Fn(u32) -> Option<bool>,
    ) -> Vec<Option<bool>> {
        let mut memo: FastMap<usize, Option<bool>> = FastMap::default();
        let mut stack: Vec<usize> = roots.iter().map(|b| b.node()).collect();
        let known = |memo: &FastMap<usize, Option<bool>>, b: Bit| {
            memo.get(&b.node()).map(|v| v.map(|x| x ^ b.is_negated()))
        };
        while let Some(&node) = stack.last() {
            if memo.contains_key(&node) {
                stack.pop();
                continue;
            }
            let inputs: Vec<Bit> = match self.nodes[node] {
                Node::True | Node::Var(_) => Vec::new(),
                Node::And { start, len } => {
                    self.inputs[start as usize..(start + len) as usize].to_vec()
                }
                Node::Ite(c, t, e) => vec![c, t, e],
            };
            let missing: Vec<usize> = inputs
                .iter()
                .filter(|b| !memo.contains_key(&b.node()))
                .map(|b| b.node())
                .collect();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            stack.pop();
            let value = match self.nodes[node] {
                Node::True => Some(true),
                Node::Var(v) => var_value(v),
                Node::And { .. } => {
                    let vals: Vec<Option<bool>> =
                        inputs.iter().map(|&b| known(&memo, b).flatten()).collect();
                    if vals.contains(&Some(false)) {
                        Some(false)
                    } else if vals.iter().all(|v| *v == Some(true)) {
                        Some(true)
                    } else {
                        None
                    }
                }
                Node::Ite(..) => {
                    let [c, t, e] = [0, 1, 2].map(|k| known(&memo, inputs[k]).flatten());
                    match c {
                        Some(true) => t,
                        Some(false) => e,
                        None if t.is_some() && t == e => t,
                        None => None,
                    }
                }
            };
            memo.insert(node, value);
        }
        roots.iter().map(|&b| known(&memo, b).flatten()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval1(c: &Circuit, b: Bit, assignment: u32) -> bool {
        c.evaluate(&[b], |v| assignment >> v & 1 == 1)[0]
    }

    #[test]
    fn constants_fold() {
        let mut c = Circuit::new();
        let x = c.new_var();
        let y = c.new_var();
        assert_eq!(c.and(&[]), Bit::TRUE);
        assert_eq!(c.or(&[]), Bit::FALSE);
        assert_eq!(c.and(&[x, Bit::TRUE]), x);
        assert_eq!(c.and(&[x, Bit::FALSE, y]), Bit::FALSE);
        assert_eq!(c.or(&[x, Bit::TRUE]), Bit::TRUE);
        assert_eq!(c.and(&[x, !x]), Bit::FALSE);
        assert_eq!(c.or(&[y, !y]), Bit::TRUE);
        assert_eq!(c.and(&[x, x, x]), x);
        assert_eq!(c.ite(Bit::TRUE, x, y), x);
        assert_eq!(c.ite(x, y, y), y);
        assert_eq!(c.iff(x, x), Bit::TRUE);
        assert_eq!(c.iff(x, !x), Bit::FALSE);
        assert_eq!(c.iff(x, Bit::TRUE), x);
        assert_eq!(c.xor(x, Bit::FALSE), x);
        // Nothing above needed a gate.
        assert_eq!(c.len(), 3);
    }

    #[test]
    fn gates_are_hash_consed() {
        let mut c = Circuit::new();
        let [x, y, z] = [c.new_var(), c.new_var(), c.new_var()];
        let a = c.and(&[x, y, z]);
        let b = c.and(&[z, x, y, x]);
        assert_eq!(a, b);
        let before = c.len();
        assert_eq!(c.or(&[!x, !y, !z]), !a);
        assert_eq!(c.iff(x, y), c.iff(y, x));
        let i = c.iff(x, y);
        assert_eq!(c.iff(!x, y), !i);
        assert_eq!(c.ite(!x, y, z), c.ite(x, z, y));
        assert_eq!(c.ite(x, !y, !z), !c.ite(x, y, z));
        // New: the iff gate, ite(x, z, y) and ite(x, y, z).
        assert_eq!(c.len(), before + 3);
        assert!(matches!(c.gate(a), Gate::And(ins) if ins.len() == 3));
    }

    #[test]
    fn wide_gates_are_found_by_their_inputs() {
        // Every 3- and 4-subset of 14 variables, asked for twice: the second round finds
        // each gate built in the first, and every gate has exactly the inputs asked for.
        let mut c = Circuit::new();
        let vars: Vec<Bit> = (0..14).map(|_| c.new_var()).collect();
        let mut sets = Vec::new();
        for mask in 0u32..1 << vars.len() {
            if matches!(mask.count_ones(), 3 | 4) {
                let set: Vec<Bit> = (0..vars.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| if i % 3 == 0 { !vars[i] } else { vars[i] })
                    .collect();
                sets.push(set);
            }
        }
        let first: Vec<Bit> = sets.iter().map(|s| c.and(s)).collect();
        let built = c.len();
        assert_eq!(built, 1 + vars.len() + sets.len());
        for (set, &gate) in sets.iter().zip(&first) {
            let mut reversed = set.clone();
            reversed.reverse();
            assert_eq!(c.and(&reversed), gate);
            let mut sorted = set.clone();
            sorted.sort_unstable();
            assert!(matches!(c.gate(gate), Gate::And(ins) if ins == sorted.as_slice()));
        }
        assert_eq!(c.len(), built);
    }

    #[test]
    fn node_limit_overflows_instead_of_growing() {
        let mut c = Circuit::with_limit(4);
        let [x, y] = [c.new_var(), c.new_var()];
        let g = c.and2(x, y);
        assert!(!c.overflowed());
        assert_ne!(g, Bit::FALSE);
        let h = c.or2(x, y);
        assert_eq!(h, !Bit::FALSE);
        assert!(c.overflowed());
        assert_eq!(c.len(), 4);
    }

    #[test]
    fn wide_gates_overflow_before_the_node_limit() {
        // A limit of 40 nodes allows 200 gate inputs. 30 variables take 31 nodes; each
        // 29-input gate takes one node, so the inputs run out at the 7th gate (203 > 200)
        // while the nodes (38) are still under the limit.
        let mut c = Circuit::with_limit(40);
        let bits: Vec<Bit> = (0..30).map(|_| c.new_var()).collect();
        for skip in 0..6 {
            let wide: Vec<Bit> = (0..30).filter(|&i| i != skip).map(|i| bits[i]).collect();
            assert_ne!(c.and(&wide), Bit::FALSE);
        }
        assert!(!c.overflowed());
        let wide: Vec<Bit> = (0..30).filter(|&i| i != 6).map(|i| bits[i]).collect();
        assert_eq!(c.and(&wide), Bit::FALSE);
        assert!(c.overflowed());
        assert!(
            c.len() < 40,
            "the input limit, not the node limit, stopped it"
        );
    }

    #[test]
    fn cardinality_helpers_count() {
        for n in 0..=6usize {
            let mut c = Circuit::new();
            let mut bits: Vec<Bit> = (0..n).map(|_| c.new_var()).collect();
            // A constant among the inputs must count too.
            bits.push(Bit::TRUE);
            bits.push(Bit::FALSE);
            for k in 0..=n + 2 {
                let ge = c.at_least(&bits, k);
                let le = c.at_most(&bits, k);
                let eq = c.exactly(&bits, k);
                for assignment in 0..1u32 << n {
                    let count = assignment.count_ones() as usize + 1;
                    assert_eq!(eval1(&c, ge, assignment), count >= k, "n={n} k={k} >=");
                    assert_eq!(eval1(&c, le, assignment), count <= k, "n={n} k={k} <=");
                    assert_eq!(eval1(&c, eq, assignment), count == k, "n={n} k={k} =");
                }
            }
        }
    }

    #[test]
    fn gates_evaluate_by_their_meaning() {
        let mut c = Circuit::new();
        let [x, y, z] = [c.new_var(), c.new_var(), c.new_var()];
        let ite = c.ite(x, y, z);
        let iff = c.iff(y, !z);
        let or = c.or(&[x, !y, z]);
        for a in 0..8u32 {
            let (vx, vy, vz) = (a & 1 == 1, a & 2 == 2, a & 4 == 4);
            assert_eq!(eval1(&c, ite, a), if vx { vy } else { vz });
            assert_eq!(eval1(&c, iff, a), vy != vz);
            assert_eq!(eval1(&c, or, a), vx || !vy || vz);
        }
    }
}
