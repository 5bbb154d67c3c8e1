//! Facts: what the caller asserts holds in every model, so that later comparisons may
//! rely on it (`lone` members let integer comparisons use ladders).

use super::Translator;

use crate::logic::{Formula, FormulaKind, Quantifier, SolveError};
use crate::translate::circuit::{Bit, Gate};

impl Translator {
    /// Translates `f`, which the caller asserts unconditionally in the solver this circuit
    /// feeds: its conjuncts then hold in every model, and the translation of what follows
    /// may rely on them (`int[x.v]` has at most one member where a conjunct says
    /// `one x.v`: [`Translator::at_most_one_known`]). What declarations say (`one x.v`,
    /// `v in S -> Int`) goes first, so that the comparisons of the other conjuncts see it.
    pub fn asserted(&mut self, f: &Formula) -> Result<Bit, SolveError> {
        self.root_formula(f, Translator::tr_asserted)
    }

    pub(super) fn tr_asserted(&mut self, f: &Formula) -> Result<Bit, SolveError> {
        if !self.int_ladders || !self.set_comparisons {
            // No comparison can use a fact: the plain translation.
            return self.tr_formula(f);
        }
        let mut conjuncts = Vec::new();
        conjuncts_of(f, false, &mut conjuncts);
        conjuncts.sort_by_key(|&(c, negated)| negated || !is_declaration(c));
        let mut bits = Vec::with_capacity(conjuncts.len());
        for (c, negated) in conjuncts {
            let bit = if negated {
                !self.non_positive(|t| t.tr_formula(c))?
            } else {
                self.tr_formula(c)?
            };
            if bit == Bit::FALSE {
                return Ok(Bit::FALSE);
            }
            self.learn_fact(bit);
            bits.push(bit);
        }
        Ok(self.circuit.and(&bits))
    }

    /// Records `bit` and, through AND gates, its conjuncts as facts; a two-literal
    /// disjunction `!p or !q` also as the implications `p => !q` and `q => !p`.
    fn learn_fact(&mut self, bit: Bit) {
        let mut stack = vec![bit];
        while let Some(b) = stack.pop() {
            if b.is_const() || self.facts.len() >= MAX_FACTS || !self.facts.insert(b) {
                continue;
            }
            match (b.is_negated(), self.circuit.gate(b)) {
                (false, Gate::And(inputs)) => stack.extend_from_slice(inputs),
                (true, Gate::And(&[p, q])) => {
                    self.learn_implication(p, !q);
                    self.learn_implication(q, !p);
                }
                _ => {}
            }
        }
    }

    /// Records `premise => conclusion`, and `premise => c` for each conjunct `c` of a
    /// conjunction `conclusion` (`x in S implies one x.v` gives `x in S => lone x.v`).
    fn learn_implication(&mut self, premise: Bit, conclusion: Bit) {
        let mut conclusions = vec![conclusion];
        if !conclusion.is_negated()
            && let Gate::And(inputs) = self.circuit.gate(conclusion)
        {
            conclusions.extend_from_slice(inputs);
        }
        for c in conclusions {
            if self.implications.len() >= MAX_FACTS || c.is_const() {
                return;
            }
            if self.implications.insert((premise, c)) {
                self.premises.entry(c).or_default().push(premise);
            }
        }
    }

    /// `lone` (at most one of `members`) follows from the facts: it is one, or it
    /// follows from a premise that every member implies (`x in S => lone x.v` and
    /// `v in S -> Int`: where `x` is not in `S`, `x.v` is empty).
    pub(super) fn lone_by_facts(&self, lone: Bit, members: &[Bit]) -> bool {
        if self.facts.contains(&lone) {
            return true;
        }
        self.premises.get(&lone).is_some_and(|premises| {
            premises.iter().any(|&g| {
                members
                    .iter()
                    .all(|&m| m == Bit::FALSE || self.implications.contains(&(m, g)))
            })
        })
    }
}

/// At most this many facts are kept (a fact only lets more comparisons use ladders).
const MAX_FACTS: usize = 1 << 16;

/// The conjuncts of `f` (of `not f` when `negated`), each with whether it is negated;
/// nested formulas, not new ones, so that the translation's sharing still applies.
fn conjuncts_of<'f>(f: &'f Formula, negated: bool, out: &mut Vec<(&'f Formula, bool)>) {
    match (f.kind(), negated) {
        (FormulaKind::And(fs), false) | (FormulaKind::Or(fs), true) => {
            fs.iter().for_each(|g| conjuncts_of(g, negated, out))
        }
        (FormulaKind::Not(g), _) => conjuncts_of(g, !negated, out),
        (FormulaKind::Implies(a, b), true) => {
            conjuncts_of(a, false, out);
            conjuncts_of(b, true, out);
        }
        (FormulaKind::Const(b), _) if *b != negated => {}
        _ => out.push((f, negated)),
    }
}

/// What declarations say: `all x: S | one x.r` and the like, `r in S -> Int` (a
/// multiplicity test or an inclusion, under universal quantifiers).
fn is_declaration(f: &Formula) -> bool {
    match f.kind() {
        FormulaKind::Mult(..) | FormulaKind::Subset(..) => true,
        FormulaKind::Quant(Quantifier::All, _, body) => is_declaration(body),
        _ => false,
    }
}
