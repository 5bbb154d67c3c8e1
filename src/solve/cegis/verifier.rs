//! Verifiers: the level one down that looks for a counterexample to an obligation,
//! built once per obligation (rebuilt on CaDiCaL when it escalates), and its verdict.

use std::time::Instant;

use super::{Answer, Level};

use crate::logic::normalize::nnf;
use crate::logic::{Formula, FormulaKind, Quantifier, TupleSet, VarId};
use crate::solve::{BackendKind, SolveError, SolveStats};
use crate::translate::Matrix;
use crate::translate::circuit::Bit;

/// How deep verifiers may nest (each level is one quantifier alternation).
const MAX_DEPTH: usize = 16;

impl Level {
    /// The values, in the current model, of obligation `j`'s verifier parameters: this
    /// level's primaries, then the environment cells.
    pub(super) fn verifier_params(&self, j: usize) -> Vec<bool> {
        let mut bits: Vec<Bit> = self.translator.primaries().iter().map(|p| p.bit).collect();
        bits.extend(self.obligations[j].env_bits.iter().copied());
        self.emitter
            .model_values(self.translator.circuit(), &bits, self.backend.as_ref())
    }

    /// Does obligation `j` hold for the candidate whose parameter values are given? If
    /// not, the counterexample (as constants of this level).
    pub(super) fn verify(
        &mut self,
        j: usize,
        values: &[bool],
        stats: &mut SolveStats,
    ) -> Result<Verdict, SolveError> {
        let verifier = self.obligations[j].verifier.as_mut().expect("built before");
        let started = Instant::now();
        let answer = verifier.solve(values, stats)?;
        let took = started.elapsed();
        let verifier = self.obligations[j].verifier.as_ref().expect("built before");
        let slow = self.settings.escalate
            && verifier.kind == BackendKind::Varisat
            && took >= self.settings.escalate_after;
        let verdict = self.verdict_of(answer, j);
        if slow {
            // Rebuilt on CaDiCaL before its next call (what it learnt is implied by the
            // problem, so nothing is lost but time).
            self.obligations[j].escalated = true;
            self.obligations[j].verifier = None;
            stats.escalations += 1;
        }
        verdict
    }

    /// The verdict of obligation `j`'s verifier, which has just answered.
    fn verdict_of(&self, answer: Answer, j: usize) -> Result<Verdict, SolveError> {
        let verifier = self.obligations[j].verifier.as_ref().expect("built before");
        match answer {
            Answer::Unsat => Ok(Verdict::Holds),
            Answer::Interrupted => Ok(Verdict::Interrupted),
            Answer::Sat => {
                let circuit = verifier.translator.circuit();
                let mut out = Vec::new();
                for (var, matrix) in &verifier.answer {
                    let cell_bits: Vec<Bit> = matrix.cells().iter().map(|c| c.1).collect();
                    let vals = verifier.emitter.model_values(
                        circuit,
                        &cell_bits,
                        verifier.backend.as_ref(),
                    );
                    let ts = TupleSet::from_tuples(
                        matrix.arity(),
                        matrix
                            .cells()
                            .iter()
                            .zip(vals)
                            .filter(|(_, v)| *v)
                            .map(|(c, _)| matrix.tuple_of(c.0)),
                    );
                    out.push((*var, self.translator.constant(&ts)));
                }
                Ok(Verdict::Fails(out))
            }
        }
    }

    /// The verifier of obligation `j`: `some Y | fits(Y) and not F`, over the same bounds,
    /// with this level's primaries and the obligation's environment as parameters.
    pub(super) fn build_verifier(&mut self, j: usize) -> Result<(), SolveError> {
        if self.depth + 1 > MAX_DEPTH {
            return Err(SolveError::TooLarge(format!(
                "quantifiers over relations alternate more than {MAX_DEPTH} times"
            )));
        }
        let bounds = self.translator.bounds().clone();
        let kind = if self.obligations[j].escalated {
            BackendKind::Cadical
        } else {
            self.settings.verifier_backend
        };
        let mut v = Level::new(&bounds, kind, self.settings.clone(), self.depth + 1)?;
        v.params = v.translator.primaries().iter().map(|p| p.bit).collect();
        let ob = self.obligations[j].obligation.clone();
        let mut env_bits = Vec::new();
        for (var, matrix) in &ob.env {
            // Same cells, each a fresh variable fixed by assumption.
            let cells: Vec<(u64, Bit)> = matrix
                .cells()
                .iter()
                .map(|&(index, bit)| {
                    env_bits.push(bit);
                    (index, v.translator.circuit_mut().new_var())
                })
                .collect();
            let fresh = Matrix::from_sorted(matrix.arity(), matrix.universe(), cells);
            v.params.extend(fresh.cells().iter().map(|c| c.1));
            v.translator.bind(*var, fresh);
        }
        let FormulaKind::Quant(_, decls, _) = ob.formula.kind() else {
            unreachable!("obligations are quantifiers")
        };
        v.assert_negation(&ob.formula)?;
        v.answer = v
            .translator
            .witnesses()
            .iter()
            // First-order variables stay quantified in the lemma, which is then stronger;
            // it still refutes the candidate at the counterexample's atoms.
            .filter(|w| decls.iter().any(|d| d.var == w.var && !d.is_first_order()))
            .map(|w| (w.var, w.matrix.clone()))
            .collect();
        self.obligations[j].verifier = Some(Box::new(v));
        self.obligations[j].env_bits = env_bits;
        Ok(())
    }

    /// Assert `not formula`, with one witness per variable of its leading `some` (so that
    /// a counterexample is coherent), and take on the obligations it leaves.
    pub(super) fn assert_negation(&mut self, formula: &Formula) -> Result<(), SolveError> {
        let negated = nnf(&formula.clone().not());
        let root = match negated.kind() {
            FormulaKind::Quant(Quantifier::Some, decls, body) => {
                self.translator.exists_with_witnesses(decls, body, true)?
            }
            _ => self.translator.asserted(&negated)?,
        };
        self.assert(root);
        self.collect_obligations();
        Ok(())
    }

    pub(super) fn verifier_sizes(&self) -> (usize, usize) {
        let mut vars = 0;
        let mut clauses = 0;
        for p in &self.obligations {
            if let Some(v) = &p.verifier {
                vars += v.emitter.max_var() as usize;
                clauses += v.emitter.clauses();
                let (a, b) = v.verifier_sizes();
                vars += a;
                clauses += b;
            }
        }
        (vars, clauses)
    }
}

pub(super) enum Verdict {
    Holds,
    Fails(Vec<(VarId, Matrix)>),
    Interrupted,
}
