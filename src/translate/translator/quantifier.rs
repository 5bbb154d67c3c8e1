//! Quantifiers: first-order ones grounded, quantifiers over relations deferred to CEGIS
//! (obligations and witnesses) or read as comparisons of counts.

use std::sync::Arc;

use super::{Obligation, Root, Translator, Witness};

use crate::logic::injections::{SizeComparison, size_comparison};
use crate::logic::normalize::has_higher_order;
use crate::logic::{Decl, DeclMult, Formula, FormulaKind, IntCmp, Quantifier, SolveError};
use crate::translate::bitvec::BitVec;
use crate::translate::circuit::Bit;
use crate::translate::matrix::Matrix;

impl Translator {
    /// Translates `some decls | body` (in deferring mode) with every variable of `decls`,
    /// first-order ones included, a single [`Witness`] matrix, so that a model names one
    /// value per variable. A CEGIS verifier needs that: grounding a first-order variable
    /// that precedes a variable over relations would make one witness per atom, and a
    /// counterexample assembled from witnesses of different branches need not refute the
    /// candidate.
    ///
    /// With `asserted`, the caller asserts the result unconditionally, and the body is
    /// translated as by [`Translator::asserted`].
    pub fn exists_with_witnesses(
        &mut self,
        decls: &[Decl],
        body: &Formula,
        asserted: bool,
    ) -> Result<Bit, SolveError> {
        let f = Formula::exists(decls.to_vec(), body.clone());
        self.analyze_formula(&f);
        self.roots.push(Root::Formula(f.clone()));
        let FormulaKind::Quant(_, decls, body) = f.kind() else {
            unreachable!("built as a quantifier")
        };
        let rest = if asserted {
            Rest::WitnessesAsserted
        } else {
            Rest::Witnesses
        };
        let bit = self.witness(decls, 0, body, rest)?;
        self.check()?;
        Ok(bit)
    }

    /// `decls[i..]` quantified over `body`, decls bound left to right.
    pub(super) fn quant(
        &mut self,
        q: Quantifier,
        decls: &[Decl],
        i: usize,
        body: &Formula,
    ) -> Result<Bit, SolveError> {
        let Some(decl) = decls.get(i) else {
            return self.tr_formula(body);
        };
        if let Some(binding) = self.env.get(&decl.var) {
            // Bound from outside (CEGIS): the quantifier is instantiated with that value.
            let value = binding.matrix.clone();
            let fits = self.decl_holds(decl, &value)?;
            let inner = self.quant(q, decls, i + 1, body)?;
            return Ok(match q {
                Quantifier::All => self.circuit.implies(fits, inner),
                Quantifier::Some => self.circuit.and2(fits, inner),
            });
        }
        if !decl.is_first_order() {
            if self.count_injections {
                if i + 1 == decls.len() {
                    if let Some(bit) = self.counted(q, decl, body)? {
                        return Ok(bit);
                    }
                } else if let Some(nested) = self.counted_last(q, decls, body) {
                    // `q X, f | body` as `q X | (q f | body)`: a counterexample or witness
                    // for X alone, and f compared by counting once X is known.
                    let outer = &decls[..decls.len() - 1];
                    return self.quant(q, outer, i, &nested);
                }
            }
            if !self.defer || self.non_positive > 0 {
                return Err(SolveError::HigherOrder {
                    var: decl.var,
                    name: decl.name.clone(),
                });
            }
            return match q {
                Quantifier::All => Ok(self.obligation(decls, i, body)),
                Quantifier::Some => self.witness(decls, i, body, Rest::Quantified),
            };
        }
        let bound = self.tr_expr(&decl.bound)?;
        let mut parts = Vec::with_capacity(bound.len());
        for &(atom, guard) in bound.cells() {
            self.bind_atom(decl.var, atom);
            let inner = self.quant(q, decls, i + 1, body);
            self.env.remove(&decl.var);
            let inner = inner?;
            self.check()?;
            let part = match q {
                Quantifier::All => self.circuit.implies(guard, inner),
                Quantifier::Some => self.circuit.and2(guard, inner),
            };
            match (q, part) {
                (Quantifier::All, Bit::FALSE) => return Ok(Bit::FALSE),
                (Quantifier::Some, Bit::TRUE) => return Ok(Bit::TRUE),
                _ => parts.push(part),
            }
        }
        Ok(match q {
            Quantifier::All => self.circuit.and(&parts),
            Quantifier::Some => self.circuit.or(&parts),
        })
    }

    /// The reading of `q decl | body` as a comparison of counts, remembered (`None`: the
    /// quantifier does not have that shape).
    fn size_reading(
        &mut self,
        q: Quantifier,
        decl: &Decl,
        body: &Formula,
    ) -> Option<Arc<SizeComparison>> {
        let key = (q == Quantifier::All, body.node_id(), decl.var.0);
        if let Some(r) = self.size_readings.get(&key) {
            return r.clone();
        }
        let r = size_comparison(q, decl, body).map(Arc::new);
        // The key is the body's address: keep it alive.
        self.roots.push(Root::Formula(body.clone()));
        self.size_readings.insert(key, r.clone());
        r
    }

    /// `q f | body` for the last of `decls`, when that quantifier reads as a comparison of
    /// counts (the same node each time, for the caches).
    fn counted_last(&mut self, q: Quantifier, decls: &[Decl], body: &Formula) -> Option<Formula> {
        let last = decls.last()?;
        if last.is_first_order() {
            return None;
        }
        let key = (q == Quantifier::All, body.node_id(), last.var.0);
        if let Some(f) = self.split_quants.get(&key) {
            return Some(f.clone());
        }
        self.size_reading(q, last, body)?;
        let nested = Formula::quant(q, vec![last.clone()], body.clone());
        self.split_quants.insert(key, nested.clone());
        Some(nested)
    }

    /// `q decl | body` as a comparison of counts, if it has that reading here: its side
    /// conditions are constant true, or (in deferring mode, in a positive place) they are
    /// not constant, and the general treatment takes over where they fail: a witness for
    /// `some`, an obligation for `all` whose proxy is guarded by their failure, so CEGIS
    /// verifies nothing where the counts decide. (They usually hold wherever the problem's
    /// facts do, such as `adj in Node -> Node` under a scope that is not exact.)
    fn counted(
        &mut self,
        q: Quantifier,
        decl: &Decl,
        body: &Formula,
    ) -> Result<Option<Bit>, SolveError> {
        let Some(r) = self.size_reading(q, decl, body) else {
            return Ok(None);
        };
        let mut sides = Vec::with_capacity(r.side.len());
        for side in &r.side {
            sides.push(self.tr_formula(side)?);
        }
        let holds = self.circuit.and(&sides);
        let fallback_allowed = self.defer && self.non_positive == 0;
        if holds == Bit::FALSE || (holds != Bit::TRUE && !fallback_allowed) {
            return Ok(None);
        }
        // An `all`'s other conjuncts occur negated: only first-order ones translate there.
        if q == Quantifier::All && r.rest.iter().any(has_higher_order) {
            return Ok(None);
        }
        let mut parts = Vec::with_capacity(r.rest.len() + 1);
        for g in &r.rest {
            parts.push(self.tr_formula(g)?);
        }
        let smaller = self.tr_expr(&r.smaller)?;
        let larger = self.tr_expr(&r.larger)?;
        // Wide enough for either count plus a sign bit: no wrapping.
        let most = smaller.len().max(larger.len()) as u64;
        let bw = 64 - most.leading_zeros() + 1;
        let c = &mut self.circuit;
        let a = BitVec::count(&smaller.bits(), bw, c);
        let b = BitVec::count(&larger.bits(), bw, c);
        let cmp = if r.strict { IntCmp::Lt } else { IntCmp::Le };
        parts.push(BitVec::compare(cmp, &a, &b, c));
        let exists = c.and(&parts);
        let counted = match q {
            Quantifier::Some => exists,
            Quantifier::All => !exists,
        };
        if holds == Bit::TRUE {
            return Ok(Some(counted));
        }
        let decls = std::slice::from_ref(decl);
        // Either way the general part only counts where the side conditions fail: an
        // unguarded witness would make refuting the quantifier a pigeonhole proof again.
        let general = match q {
            Quantifier::Some => {
                let w = self.witness(decls, 0, body, Rest::Quantified)?;
                self.circuit.and2(!holds, w)
            }
            Quantifier::All => self.obligation_guarded(decls, 0, body, !holds),
        };
        let c = &mut self.circuit;
        let counted = c.and2(holds, counted);
        Ok(Some(c.or2(counted, general)))
    }

    /// `all decls[i..] | body` over relations: a proxy that the caller must honour.
    fn obligation(&mut self, decls: &[Decl], i: usize, body: &Formula) -> Bit {
        self.obligation_guarded(decls, i, body, Bit::TRUE)
    }

    /// The same with a proxy that can only be true where `guard` is: CEGIS verifies the
    /// obligation only there.
    fn obligation_guarded(&mut self, decls: &[Decl], i: usize, body: &Formula, guard: Bit) -> Bit {
        let formula = Formula::forall(decls[i..].to_vec(), body.clone());
        // Its free variables are those of the body and bounds minus the declared ones.
        self.analyze_formula(&formula);
        self.roots.push(Root::Formula(formula.clone()));
        let free = self.info[&formula.node_id()].free.clone();
        let env = free
            .iter()
            .filter_map(|v| self.env.get(v).map(|b| (*v, b.matrix.clone())))
            .collect();
        let fresh = self.circuit.new_var();
        let proxy = self.circuit.and2(guard, fresh);
        self.obligations.push(Obligation {
            formula,
            env,
            proxy,
        });
        proxy
    }

    /// `some decls[i..] | body` with `decls[i]` over relations: a matrix of fresh variables
    /// within the bound's possible tuples stands for it; `rest` says what becomes of the
    /// later variables and the body.
    fn witness(
        &mut self,
        decls: &[Decl],
        i: usize,
        body: &Formula,
        rest: Rest,
    ) -> Result<Bit, SolveError> {
        let Some(decl) = decls.get(i) else {
            return match rest {
                Rest::WitnessesAsserted => self.tr_asserted(body),
                _ => self.tr_formula(body),
            };
        };
        let bound = self.tr_expr(&decl.bound)?;
        let cells: Vec<(u64, Bit)> = bound
            .cells()
            .iter()
            .map(|&(index, _)| (index, self.circuit.new_var()))
            .collect();
        let matrix = Matrix::from_sorted(bound.arity(), self.universe, cells);
        self.witnesses.push(Witness {
            var: decl.var,
            name: decl.name.clone(),
            matrix: matrix.clone(),
        });
        let outside = self.env.remove(&decl.var);
        self.bind(decl.var, matrix.clone());
        let fits = self.decl_holds(decl, &matrix);
        let inner = fits.and_then(|fits| {
            let inner = match rest {
                Rest::Quantified => self.quant(Quantifier::Some, decls, i + 1, body)?,
                _ => self.witness(decls, i + 1, body, rest)?,
            };
            Ok(self.circuit.and2(fits, inner))
        });
        self.env.remove(&decl.var);
        if let Some(b) = outside {
            self.env.insert(decl.var, b);
        }
        inner
    }

    /// Runs `f` in a place where deferred quantifiers are not allowed.
    pub(super) fn non_positive<T>(&mut self, f: impl FnOnce(&mut Translator) -> T) -> T {
        self.non_positive += 1;
        let r = f(self);
        self.non_positive -= 1;
        r
    }

    /// `value` lies in the declaration's bound and has its multiplicity.
    fn decl_holds(&mut self, decl: &Decl, value: &Matrix) -> Result<Bit, SolveError> {
        let bound = self.tr_expr(&decl.bound)?;
        let c = &mut self.circuit;
        let within = value.subset(&bound, c);
        let mult = match decl.mult {
            DeclMult::One => value.one(c),
            DeclMult::Lone => value.lone(c),
            DeclMult::Some => value.some(c),
            DeclMult::Set => Bit::TRUE,
        };
        Ok(c.and2(within, mult))
    }

    /// Calls `leaf` once per grounding of the first-order `decls[i..]` (each variable bound
    /// to one atom of its bound, in index order) with the tuple index of the atoms so far
    /// (`prefix`) and the condition that they lie in their bounds (`guard`). A declared
    /// variable shadows any outside binding of the same id.
    pub(super) fn for_each_grounding(
        &mut self,
        decls: &[Decl],
        i: usize,
        prefix: u64,
        guard: Bit,
        leaf: &mut dyn FnMut(&mut Translator, u64, Bit) -> Result<(), SolveError>,
    ) -> Result<(), SolveError> {
        let Some(decl) = decls.get(i) else {
            return leaf(self, prefix, guard);
        };
        if !decl.is_first_order() {
            return Err(SolveError::HigherOrder {
                var: decl.var,
                name: decl.name.clone(),
            });
        }
        let bound = self.tr_expr(&decl.bound)?;
        let outside = self.env.remove(&decl.var);
        let mut result = Ok(());
        for &(atom, member) in bound.cells() {
            let guard = self.circuit.and2(guard, member);
            if guard == Bit::FALSE {
                continue;
            }
            self.bind_atom(decl.var, atom);
            let prefix = prefix * self.universe as u64 + atom;
            result = self.for_each_grounding(decls, i + 1, prefix, guard, leaf);
            self.env.remove(&decl.var);
            if result.is_ok() {
                result = self.check();
            }
            if result.is_err() {
                break;
            }
        }
        if let Some(binding) = outside {
            self.env.insert(decl.var, binding);
        }
        result
    }
}

/// What [`Translator::witness`] makes of the variables after its own and of the body.
#[derive(Clone, Copy)]
enum Rest {
    /// The later variables are quantified as anywhere else.
    Quantified,
    /// Every later variable, first-order ones too, is a witness as well.
    Witnesses,
    /// The same, and the body is asserted ([`Translator::asserted`]).
    WitnessesAsserted,
}
