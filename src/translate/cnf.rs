//! Circuit to CNF: polarity-aware Tseitin (Plaisted–Greenbaum), incremental.
//!
//! A gate used only positively needs only the clauses "gate implies its definition"; one
//! used only negatively needs only the converse. The emitter remembers, per node, which of
//! the two halves it has already written to the backend, so that later calls (more
//! constraints, blocking clauses, CEGIS refinements, assumptions on gate literals) write
//! only what is new into the same backend.
//!
//! Numbering: the circuit's variables that exist when the emitter is created are the SAT
//! variables `1..=P` in circuit order (so primary variable `k` is SAT variable `k + 1`);
//! gates, later circuit variables and the constant get the following numbers as they are
//! first needed.

use super::FastSet;
use super::circuit::{Bit, Circuit, Gate};
use crate::sat::{Lit, SatBackend};

const POSITIVE: u8 = 1;
const NEGATIVE: u8 = 2;
/// The node's literal, or its negation, was asserted as a constraint.
const ASSERTED: u8 = 4;
const ASSERTED_NEGATED: u8 = 8;

#[derive(Debug, Default)]
pub struct CnfEmitter {
    /// SAT variable per circuit node; 0 while it has none.
    sat_var: Vec<Lit>,
    /// Which halves of each node's definition were emitted, and which signs asserted.
    emitted: Vec<u8>,
    /// Circuit variables below this number are SAT variable `number + 1`.
    reserved: u32,
    next_var: Lit,
    aux_vars: usize,
    clauses: usize,
    stack: Vec<(usize, bool)>,
}

impl CnfEmitter {
    /// An emitter for `circuit`, reserving SAT variables `1..=P` for its `P` variables.
    pub fn new(circuit: &Circuit) -> CnfEmitter {
        CnfEmitter {
            reserved: circuit.num_vars(),
            next_var: circuit.num_vars() as Lit + 1,
            ..CnfEmitter::default()
        }
    }

    /// Variables introduced for gates (and the constant).
    pub fn aux_vars(&self) -> usize {
        self.aux_vars
    }

    /// Clauses written so far.
    pub fn clauses(&self) -> usize {
        self.clauses
    }

    /// The highest SAT variable in use.
    pub fn max_var(&self) -> Lit {
        self.next_var - 1
    }

    /// The SAT literal of a circuit literal, if it was ever emitted.
    pub fn sat_literal(&self, bit: Bit) -> Option<Lit> {
        let var = *self.sat_var.get(bit.node())?;
        (var != 0).then_some(if bit.is_negated() { -var } else { var })
    }

    /// The values of circuit literals in the backend's last model. Gates are evaluated from
    /// the variables (a gate emitted in one polarity only need not have its own value);
    /// variables the backend never saw are false.
    pub fn model_values(&self, circuit: &Circuit, bits: &[Bit], sat: &dyn SatBackend) -> Vec<bool> {
        circuit.evaluate(bits, |v| {
            self.sat_literal(circuit.var_bit(v))
                .is_some_and(|lit| sat.value(lit))
        })
    }

    fn grow(&mut self, circuit: &Circuit) {
        if self.sat_var.len() < circuit.len() {
            self.sat_var.resize(circuit.len(), 0);
            self.emitted.resize(circuit.len(), 0);
        }
    }

    fn fresh(&mut self) -> Lit {
        let v = self.next_var;
        self.next_var += 1;
        v
    }

    /// The SAT literal of `bit`, numbering its node if needed (no clauses).
    fn literal(&mut self, circuit: &Circuit, bit: Bit, sat: &mut dyn SatBackend) -> Lit {
        let node = bit.node();
        if self.sat_var[node] == 0 {
            self.sat_var[node] = match circuit.gate(bit) {
                Gate::Var(v) if v < self.reserved => v as Lit + 1,
                Gate::Var(_) => self.fresh(),
                Gate::True => {
                    // The constant only needs a variable when a caller asks for a literal
                    // of TRUE or FALSE (an assumption, a unit); pin it with a unit clause.
                    let v = self.fresh();
                    self.aux_vars += 1;
                    self.emit(sat, &[v]);
                    v
                }
                Gate::And(_) | Gate::Ite(..) => {
                    self.aux_vars += 1;
                    self.fresh()
                }
            };
        }
        let var = self.sat_var[node];
        if bit.is_negated() { -var } else { var }
    }

    fn emit(&mut self, sat: &mut dyn SatBackend, clause: &[Lit]) {
        self.clauses += 1;
        sat.add_clause(clause);
    }

    /// Makes `bit` usable as a literal that is *assumed or asserted true*: emits the half
    /// definition of every gate below it in the polarity it is used in. Returns its SAT
    /// literal.
    pub fn define(&mut self, circuit: &Circuit, bit: Bit, sat: &mut dyn SatBackend) -> Lit {
        self.grow(circuit);
        let lit = self.literal(circuit, bit, sat);
        self.stack.push((bit.node(), !bit.is_negated()));
        let mut clause = Vec::new();
        while let Some((node, positive)) = self.stack.pop() {
            let flag = if positive { POSITIVE } else { NEGATIVE };
            if self.emitted[node] & flag != 0 {
                continue;
            }
            self.emitted[node] |= flag;
            let gate_bit = Bit::new(node, false);
            match circuit.gate(gate_bit) {
                Gate::True | Gate::Var(_) => {}
                Gate::And(inputs) => {
                    let g = self.literal(circuit, gate_bit, sat);
                    if positive {
                        // g -> x for every input x.
                        for &x in inputs {
                            let x_lit = self.literal(circuit, x, sat);
                            self.emit(sat, &[-g, x_lit]);
                            self.stack.push((x.node(), !x.is_negated()));
                        }
                    } else {
                        // (x1 & ... & xn) -> g.
                        clause.clear();
                        clause.push(g);
                        for &x in inputs {
                            clause.push(-self.literal(circuit, x, sat));
                            self.stack.push((x.node(), x.is_negated()));
                        }
                        let cl = std::mem::take(&mut clause);
                        self.emit(sat, &cl);
                        clause = cl;
                    }
                }
                Gate::Ite(c, t, e) => {
                    let o = self.literal(circuit, gate_bit, sat);
                    let c_lit = self.literal(circuit, c, sat);
                    let t_lit = self.literal(circuit, t, sat);
                    let e_lit = self.literal(circuit, e, sat);
                    // The condition is read both ways; the branches in the gate's polarity.
                    self.stack.push((c.node(), true));
                    self.stack.push((c.node(), false));
                    if positive {
                        self.emit(sat, &[-o, -c_lit, t_lit]);
                        self.emit(sat, &[-o, c_lit, e_lit]);
                        self.emit(sat, &[-o, t_lit, e_lit]);
                        self.stack.push((t.node(), !t.is_negated()));
                        self.stack.push((e.node(), !e.is_negated()));
                    } else {
                        self.emit(sat, &[o, -c_lit, -t_lit]);
                        self.emit(sat, &[o, c_lit, -e_lit]);
                        self.emit(sat, &[o, -t_lit, -e_lit]);
                        self.stack.push((t.node(), t.is_negated()));
                        self.stack.push((e.node(), e.is_negated()));
                    }
                }
            }
        }
        lit
    }

    /// Adds `bit` as a constraint. A top-level AND becomes its inputs' constraints (no
    /// variable for the root), a top-level OR one clause. Each literal is asserted once
    /// per emitter: the circuit shares sub-circuits, and without the mark a closure's
    /// conjunctions, reached along every path, were written again and again (2 M repeats
    /// at 30 atoms, 220 M clauses at 50).
    pub fn assert(&mut self, circuit: &Circuit, bit: Bit, sat: &mut dyn SatBackend) {
        self.grow(circuit);
        let mut pending = vec![bit];
        while let Some(b) = pending.pop() {
            let mark = if b.is_negated() {
                ASSERTED_NEGATED
            } else {
                ASSERTED
            };
            if self.emitted[b.node()] & mark != 0 {
                continue;
            }
            self.emitted[b.node()] |= mark;
            match circuit.gate(b) {
                Gate::True if !b.is_negated() => {}
                Gate::And(inputs) if !b.is_negated() => pending.extend_from_slice(inputs),
                _ => self.clause(circuit, &[b], sat),
            }
        }
    }

    /// Adds the clause "one of `bits` holds" (blocking clauses, refinements).
    ///
    /// Before Tseitin, the clause is simplified where that saves variables without growing
    /// the CNF: an OR among its literals is flattened into it, and a short clause `C ∨ (x1
    /// ∧ … ∧ xn)` whose `xi` are variables or small ORs of variables becomes the clauses
    /// `C ∨ xi` (so `a.b in c` turns into the three-literal clauses one would write by
    /// hand). Distribution goes one level deep only: deeper, it would copy shared
    /// sub-circuits into every clause instead of naming them once.
    pub fn clause(&mut self, circuit: &Circuit, bits: &[Bit], sat: &mut dyn SatBackend) {
        self.grow(circuit);
        self.flat_clause(circuit, bits.to_vec(), sat, true);
    }

    fn flat_clause(
        &mut self,
        circuit: &Circuit,
        mut pending: Vec<Bit>,
        sat: &mut dyn SatBackend,
        distribute: bool,
    ) {
        let mut clause: Vec<Bit> = Vec::with_capacity(pending.len());
        // Membership by scanning is quadratic: blocking clauses span every primary
        // variable (125,000 for a ternary field at scope 50), so long clauses use a set.
        let mut members: Option<FastSet<Bit>> = None;
        while let Some(b) = pending.pop() {
            if members.is_none() && clause.len() > SCAN_LIMIT {
                members = Some(clause.iter().copied().collect());
            }
            let contains = |x: Bit| match &members {
                Some(set) => set.contains(&x),
                None => clause.contains(&x),
            };
            if b == Bit::TRUE || contains(!b) {
                return; // satisfied
            }
            if b == Bit::FALSE || contains(b) {
                continue;
            }
            match circuit.gate(b) {
                Gate::And(inputs)
                    if b.is_negated()
                        && clause.len() + pending.len() + inputs.len() <= FLATTEN_LIMIT =>
                {
                    pending.extend(inputs.iter().map(|&x| !x));
                }
                _ => {
                    clause.push(b);
                    if let Some(set) = &mut members {
                        set.insert(b);
                    }
                }
            }
        }
        // Distribute over one AND of simple inputs while the rest of the clause is short.
        if distribute && clause.len() <= DISTRIBUTE_MAX_REST + 1 {
            let conjunction = clause.iter().position(|&b| {
                !b.is_negated()
                    && matches!(circuit.gate(b), Gate::And(ins)
                        if ins.len() <= DISTRIBUTE_MAX_FAN_IN
                            && ins.iter().all(|&x| is_small_disjunction(circuit, x)))
            });
            if let Some(k) = conjunction {
                let g = clause.swap_remove(k);
                let Gate::And(inputs) = circuit.gate(g) else {
                    unreachable!("chosen as an AND gate");
                };
                for &x in inputs {
                    let mut part = clause.clone();
                    part.push(x);
                    self.flat_clause(circuit, part, sat, false);
                }
                return;
            }
        }
        let lits: Vec<Lit> = clause
            .iter()
            .map(|&b| self.define(circuit, b, sat))
            .collect();
        if lits.is_empty() {
            // The empty clause, spelled with the pinned constant so every backend takes it.
            let t = self.define(circuit, Bit::TRUE, sat);
            self.emit(sat, &[-t]);
        } else {
            self.emit(sat, &lits);
        }
    }
}

/// Clauses up to this length test membership by scanning.
const SCAN_LIMIT: usize = 32;
/// ORs are flattened into a clause up to this length.
const FLATTEN_LIMIT: usize = 64;
/// An AND is distributed into a clause with at most this many other literals.
const DISTRIBUTE_MAX_REST: usize = 3;
/// The widest AND distributed into a clause.
const DISTRIBUTE_MAX_FAN_IN: usize = 4096;
/// The widest OR that counts as a small disjunction for distribution.
const SMALL_DISJUNCTION: usize = 8;

/// A variable literal, or an OR of a few variable literals: distributing an AND of these
/// into a short clause gives clauses of variables only, fewer than Tseitin would.
fn is_small_disjunction(circuit: &Circuit, x: Bit) -> bool {
    match circuit.gate(x) {
        Gate::Var(_) => true,
        Gate::And(ins) if x.is_negated() && ins.len() <= SMALL_DISJUNCTION => {
            ins.iter().all(|&i| matches!(circuit.gate(i), Gate::Var(_)))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::{BackendKind, SatResult, new_backend};

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// A random circuit over `vars` inputs with a few dozen gates; returns its output.
    fn random_circuit(rng: &mut Rng, c: &mut Circuit, vars: usize) -> Bit {
        let mut pool: Vec<Bit> = (0..vars).map(|_| c.new_var()).collect();
        for _ in 0..3 + rng.below(25) {
            let pick = |rng: &mut Rng| {
                let b = pool[rng.below(pool.len())];
                if rng.next().is_multiple_of(2) { b } else { !b }
            };
            let bit = match rng.below(5) {
                0 | 1 => {
                    let k = 2 + rng.below(3);
                    let ins: Vec<Bit> = (0..k).map(|_| pick(rng)).collect();
                    c.and(&ins)
                }
                2 => {
                    let ins: Vec<Bit> = (0..2 + rng.below(2)).map(|_| pick(rng)).collect();
                    c.or(&ins)
                }
                3 => {
                    let (x, y, z) = (pick(rng), pick(rng), pick(rng));
                    c.ite(x, y, z)
                }
                _ => {
                    let (x, y) = (pick(rng), pick(rng));
                    c.iff(x, y)
                }
            };
            pool.push(bit);
        }
        let out = pool[pool.len() - 1];
        if rng.next().is_multiple_of(2) {
            out
        } else {
            !out
        }
    }

    /// For every input assignment: the CNF of "the circuit is true", with the inputs as
    /// assumptions, is satisfiable exactly when the circuit evaluates to true.
    #[test]
    fn cnf_is_satisfiable_exactly_when_circuit_is() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        for kind in [BackendKind::Varisat, BackendKind::Cadical] {
            for _ in 0..150 {
                let mut c = Circuit::new();
                let vars = 1 + rng.below(5);
                let out = random_circuit(&mut rng, &mut c, vars);
                let mut sat = new_backend(kind);
                let mut emitter = CnfEmitter::new(&c);
                emitter.assert(&c, out, sat.as_mut());
                let mut any = false;
                for a in 0..1u32 << vars {
                    let expected = c.evaluate(&[out], |v| a >> v & 1 == 1)[0];
                    any |= expected;
                    let assumptions: Vec<Lit> = (0..vars as Lit)
                        .map(|v| if a >> v & 1 == 1 { v + 1 } else { -(v + 1) })
                        .collect();
                    let got = sat.solve(&assumptions);
                    let want = if expected {
                        SatResult::Sat
                    } else {
                        SatResult::Unsat
                    };
                    assert_eq!(got, want, "{kind:?} assignment {a:b}");
                }
                let whole = sat.solve(&[]);
                assert_eq!(whole == SatResult::Sat, any);
            }
        }
    }

    /// Assumptions on gate literals of either sign and incremental additions only emit what
    /// is new, and stay correct.
    #[test]
    fn incremental_definitions_and_assumptions() {
        let mut rng = Rng(0xdead_beef_cafe_f00d);
        for _ in 0..100 {
            let mut c = Circuit::new();
            let vars = 1 + rng.below(4);
            let g = random_circuit(&mut rng, &mut c, vars);
            let mut sat = new_backend(BackendKind::Cadical);
            let mut emitter = CnfEmitter::new(&c);
            for negate in [false, true, false] {
                let target = if negate { !g } else { g };
                let before = emitter.clauses();
                let lit = emitter.define(&c, target, sat.as_mut());
                if !negate && before > 0 {
                    // The positive half was already there from the first round.
                    assert_eq!(emitter.clauses(), before);
                }
                let expected =
                    (0..1u32 << vars).any(|a| c.evaluate(&[target], |v| a >> v & 1 == 1)[0]);
                assert_eq!(sat.solve(&[lit]) == SatResult::Sat, expected);
                if expected {
                    // The model satisfies the circuit on the primary variables.
                    let a = (0..vars as u32)
                        .filter(|&v| sat.value(v as Lit + 1))
                        .fold(0u32, |acc, v| acc | 1 << v);
                    assert!(c.evaluate(&[target], |v| a >> v & 1 == 1)[0]);
                    assert_eq!(
                        emitter.model_values(&c, &[target, !target], sat.as_ref()),
                        [true, false]
                    );
                }
            }
        }
    }

    /// `a.b in c` over variables: the clauses `!a_ij | !b_jk | c_ik`, without auxiliary
    /// variables, and still exactly the models of the circuit.
    #[test]
    fn short_clauses_distribute_over_conjunctions() {
        use crate::translate::Matrix;
        let n = 2;
        let mut c = Circuit::new();
        let vars = |c: &mut Circuit| -> Matrix {
            let cells = (0..(n * n) as u64).map(|i| (i, c.new_var())).collect();
            Matrix::from_sorted(2, n, cells)
        };
        let (a, b, r) = (vars(&mut c), vars(&mut c), vars(&mut c));
        let joined = a.join(&b, &mut c);
        let within = joined.subset(&r, &mut c);
        let mut sat = new_backend(BackendKind::Cadical);
        let mut emitter = CnfEmitter::new(&c);
        emitter.assert(&c, within, sat.as_mut());
        assert_eq!(emitter.aux_vars(), 0);
        assert_eq!(emitter.clauses(), n * n * n);
        for assignment in 0..1u32 << 12 {
            let expected = c.evaluate(&[within], |v| assignment >> v & 1 == 1)[0];
            let assumptions: Vec<Lit> = (0..12)
                .map(|v| {
                    if assignment >> v & 1 == 1 {
                        v + 1
                    } else {
                        -(v + 1)
                    }
                })
                .collect();
            assert_eq!(sat.solve(&assumptions) == SatResult::Sat, expected);
        }
    }

    /// A conjunction shared along many paths is asserted once: a ladder whose every
    /// rung conjoins the previous rung twice (directly and through a second gate) has
    /// 2^20 paths to the bottom, and must still take a few clauses per rung.
    #[test]
    fn shared_conjunctions_are_asserted_once() {
        let mut c = Circuit::new();
        let bottom: Vec<Bit> = (0..3).map(|_| c.new_var()).collect();
        let x = c.or(&bottom);
        let mut rung = c.and2(x, x);
        for _ in 0..20 {
            let (p, q) = (c.new_var(), c.new_var());
            let side = c.and2(rung, p);
            let either = c.or2(p, q);
            rung = c.and(&[rung, side, either]);
        }
        let mut sat = new_backend(BackendKind::Cadical);
        let mut emitter = CnfEmitter::new(&c);
        emitter.assert(&c, rung, sat.as_mut());
        assert!(
            emitter.clauses() <= 3 * 20 + 1,
            "{} clauses",
            emitter.clauses()
        );
        assert_eq!(emitter.aux_vars(), 0);
        // Still exactly the constraint: every p true (q free) and some bottom variable.
        assert_eq!(sat.solve(&[]), SatResult::Sat);
        let ps: Vec<Lit> = (0..20).map(|i| (bottom.len() + 2 * i + 1) as Lit).collect();
        assert!(ps.iter().all(|&p| sat.value(p)));
        assert!((1..=3).any(|v| sat.value(v)));
        assert_eq!(sat.solve(&[-ps[7]]), SatResult::Unsat);
        assert_eq!(sat.solve(&[-1, -2, -3]), SatResult::Unsat);
    }

    /// Distribution stops at its width limit and falls back to Tseitin variables.
    #[test]
    fn distribution_is_bounded() {
        let mut c = Circuit::new();
        let x = c.new_var();
        // x | ((y1 | z1) & (y2 | z2) & ...): 5000 conjuncts exceed the limit.
        let conjuncts: Vec<Bit> = (0..5000)
            .map(|_| {
                let (y, z) = (c.new_var(), c.new_var());
                c.or2(y, z)
            })
            .collect();
        let big = c.and(&conjuncts);
        let clause = c.or2(x, big);
        let mut sat = new_backend(BackendKind::Varisat);
        let mut emitter = CnfEmitter::new(&c);
        emitter.assert(&c, clause, sat.as_mut());
        assert_eq!(emitter.aux_vars(), 1 + 5000);
        assert_eq!(sat.solve(&[-1]), SatResult::Sat);
        assert!((0..5000).all(|i| sat.value(2 + 2 * i) || sat.value(3 + 2 * i)));
    }

    /// Conjunctions of anything but small disjunctions of variables keep their gates, so
    /// a shared sub-circuit is named once rather than copied into clauses.
    #[test]
    fn distribution_stays_one_level_deep() {
        let mut c = Circuit::new();
        let [x, y, z, w] = [c.new_var(), c.new_var(), c.new_var(), c.new_var()];
        let inner = c.and2(z, w);
        let deep = c.or2(y, inner); // not a disjunction of variables
        let top = c.and(&[deep, !y]);
        let clause = c.or2(x, top);
        let mut sat = new_backend(BackendKind::Cadical);
        let mut emitter = CnfEmitter::new(&c);
        emitter.assert(&c, clause, sat.as_mut());
        assert_eq!(emitter.aux_vars(), 3); // top, deep and inner keep their variables
        for a in 0..16u32 {
            let expected = c.evaluate(&[clause], |v| a >> v & 1 == 1)[0];
            let assumptions: Vec<Lit> = (0..4)
                .map(|v| if a >> v & 1 == 1 { v + 1 } else { -(v + 1) })
                .collect();
            assert_eq!(sat.solve(&assumptions) == SatResult::Sat, expected);
        }
    }

    #[test]
    fn constants_and_flattening() {
        let mut c = Circuit::new();
        let [x, y, z] = [c.new_var(), c.new_var(), c.new_var()];
        let or = c.or(&[y, z]);
        let conj = c.and(&[x, or]);
        let mut sat = new_backend(BackendKind::Varisat);
        let mut emitter = CnfEmitter::new(&c);
        emitter.assert(&c, conj, sat.as_mut());
        // x as a unit and y | z as one clause: no auxiliary variables at all.
        assert_eq!(emitter.aux_vars(), 0);
        assert_eq!(emitter.clauses(), 2);
        assert_eq!(sat.solve(&[]), SatResult::Sat);
        assert!(sat.value(1));
        emitter.assert(&c, Bit::TRUE, sat.as_mut());
        assert_eq!(sat.solve(&[]), SatResult::Sat);
        let t = emitter.define(&c, Bit::FALSE, sat.as_mut());
        assert_eq!(sat.solve(&[t]), SatResult::Unsat);
        assert_eq!(sat.solve(&[]), SatResult::Sat);
        emitter.assert(&c, Bit::FALSE, sat.as_mut());
        assert_eq!(sat.solve(&[]), SatResult::Unsat);
    }
}
