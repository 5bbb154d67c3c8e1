//! Atoms and bounds: each sig's atoms (children in blocks of their own when they fit,
//! integers and strings), the sig relations' bounds with the structure bounds cannot
//! express as formulas, and field bounds from types and declarations.

use std::collections::HashMap;

use crate::check::elaborate::Elaborator;
use crate::check::layout::{Layout, RelOwner};
use crate::check::model::*;
use crate::check::types::Type;
use crate::logic::{Atom, Bounds, CardCmp, Expr, Formula, TupleSet};

use super::scopes::Scopes;

/// Narrow each field's upper bound from its type to what its declaration allows, as
/// Alloy bounds a field by its declared expression: `items: seq Job` then has a variable
/// per index of `seq/Int`, not per integer. The declaration constraints still hold the
/// field within its bound; this only leaves out tuples they would force false.
pub(super) fn tighten_field_bounds(model: &Model, elab: &Elaborator, bounds: &mut Bounds) {
    let mut narrowed = Vec::new();
    for f in 0..model.fields.len() {
        let fid = FieldId(f as u32);
        let Ok((this, plain)) = elab.field_plain_bound(fid) else {
            continue;
        };
        let rel = elab.layout.field_rel(fid);
        let sig_upper = crate::logic::upper::upper_bound(&this.bound, bounds, &HashMap::new());
        let env = HashMap::from([(this.var, sig_upper.clone())]);
        let allowed = crate::logic::upper::product(
            &sig_upper,
            &crate::logic::upper::upper_bound(&plain, bounds, &env),
        );
        let upper = bounds.relation(rel).upper.intersection(&allowed);
        narrowed.push((rel, upper));
    }
    for (rel, upper) in narrowed {
        bounds.relations[rel.0 as usize].upper = upper;
    }
}

/// Siblings sharing atoms are stated disjoint pair by pair up to this many of them;
/// beyond, by halves (`disjoint_halves`), since 2,000 children sharing their parent's
/// atoms made two million formulas (26 s, 1.6 GB).
const MAX_PAIRWISE_DISJOINT: usize = 64;

/// Of atom lists, the indices of those that share an atom with another (in order) and,
/// when there are at most `MAX_PAIRWISE_DISJOINT` of them, the pairs `(i, j)`, `i < j`,
/// in order, that share an atom. Through each atom's lists, so that 10,000 children
/// with atoms of their own cost linear time.
fn meeting_parts<'x>(lists: impl Iterator<Item = &'x [Atom]>) -> (Vec<usize>, Vec<(usize, usize)>) {
    let mut holders: HashMap<Atom, Vec<usize>> = HashMap::new();
    for (i, atoms) in lists.enumerate() {
        for &a in atoms {
            let h = holders.entry(a).or_default();
            if h.last() != Some(&i) {
                h.push(i);
            }
        }
    }
    let mut sharing: Vec<usize> = holders
        .values()
        .filter(|h| h.len() > 1)
        .flatten()
        .copied()
        .collect();
    sharing.sort_unstable();
    sharing.dedup();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    if sharing.len() <= MAX_PAIRWISE_DISJOINT {
        for h in holders.values() {
            for (k, &i) in h.iter().enumerate() {
                pairs.extend(h[k + 1..].iter().map(|&j| (i, j)));
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
    }
    (sharing, pairs)
}

/// `parts` pairwise disjoint, stated as: each half pairwise disjoint, and the union of
/// one half disjoint from the union of the other. Exact (two parts in different halves
/// meet only if the halves' unions do), linear in the parts, and of logarithmic depth.
/// Returns the union of the parts.
fn disjoint_halves(parts: &[Expr], out: &mut Vec<Formula>) -> Expr {
    if parts.len() == 1 {
        return parts[0].clone();
    }
    let (left, right) = parts.split_at(parts.len() / 2);
    let left = disjoint_halves(left, out);
    let right = disjoint_halves(right, out);
    out.push(Expr::intersection(left.clone(), right.clone()).no());
    Expr::union(left, right)
}

/// `BoundsBuilder::need` of every sig: children before parents, without recursion (a
/// long chain of `extends` is deep).
fn needs(model: &Model, scopes: &Scopes) -> Vec<usize> {
    let mut needs = vec![0usize; model.sigs.len()];
    let mut done = vec![false; model.sigs.len()];
    for root in 0..model.sigs.len() {
        let mut work: Vec<(SigId, bool)> = vec![(SigId(root as u32), false)];
        while let Some((s, children_done)) = work.pop() {
            if done[s.index()] {
                continue;
            }
            let children = &model.sig(s).children;
            if !children_done {
                work.push((s, true));
                work.extend(children.iter().map(|c| (*c, false)));
                continue;
            }
            let below: usize = children.iter().map(|c| needs[c.index()]).sum();
            needs[s.index()] = if scopes.exact[s.index()] {
                scopes.count[s.index()].unwrap_or(0).max(below)
            } else {
                below
            };
            done[s.index()] = true;
        }
    }
    needs
}

pub(super) struct BoundsBuilder<'a> {
    model: &'a Model,
    layout: &'a Layout,
    pub(super) scopes: &'a Scopes,
    pub(super) atom_names: Vec<String>,
    /// The atoms each prim sig may hold.
    pub(super) pool: Vec<Vec<Atom>>,
    /// (lower, upper) per sig relation of the layout.
    pub(super) sig_bounds: Vec<(TupleSet, TupleSet)>,
    /// Hierarchy and scope constraints.
    pub(super) structure: Vec<Formula>,
    /// Integer atoms with their names.
    /// Atoms named by their value (integers, strings), with those names.
    pub(super) int_atoms: Vec<(Atom, String)>,
    /// The string literals the command reaches, and the atom of the first.
    pub(super) strings: Vec<String>,
    pub(super) string_base: Atom,
    /// Give scoped children of a sig atoms of their own when they fit (`alloc`).
    pub(super) child_blocks: bool,
    /// `need` of each sig, computed once for the whole hierarchy.
    needs: Vec<usize>,
}

impl<'a> BoundsBuilder<'a> {
    pub(super) fn new(
        model: &'a Model,
        layout: &'a Layout,
        scopes: &'a Scopes,
    ) -> BoundsBuilder<'a> {
        BoundsBuilder {
            child_blocks: true,
            model,
            layout,
            scopes,
            atom_names: Vec::new(),
            pool: vec![Vec::new(); model.sigs.len()],
            sig_bounds: vec![(TupleSet::empty(1), TupleSet::empty(1)); layout.sig_rels.len()],
            structure: Vec::new(),
            int_atoms: Vec::new(),
            strings: Vec::new(),
            string_base: 0,
            needs: needs(model, scopes),
        }
    }

    /// How many atoms a sig needs at least: exact sigs their scope, others what their
    /// exact descendants need (this is Alloy's "scope raised").
    pub(super) fn need(&self, s: SigId) -> usize {
        self.needs[s.index()]
    }

    /// A sig's scope, raised to what its exact descendants need (as in Alloy).
    fn scope(&self, s: SigId) -> usize {
        self.scopes.count[s.index()].unwrap_or(0).max(self.need(s))
    }

    pub(super) fn allocate(&mut self) {
        for t in self.model.top_sigs().collect::<Vec<_>>() {
            let size = self.scope(t);
            let label = self.model.sig(t).label.clone();
            let pool: Vec<Atom> = (0..size)
                .map(|i| {
                    self.atom_names.push(format!("{label}${i}"));
                    (self.atom_names.len() - 1) as Atom
                })
                .collect();
            self.alloc(t, pool);
        }
        // The integers are atoms of the universe and members of `univ`, as in Alloy.
        let bw = self.scopes.bitwidth;
        let ints: Vec<Atom> = if bw == 0 {
            Vec::new()
        } else {
            let lo = -(1i64 << (bw - 1));
            let hi = (1i64 << (bw - 1)) - 1;
            (lo..=hi)
                .map(|v| {
                    self.atom_names.push(v.to_string());
                    self.int_atoms
                        .push(((self.atom_names.len() - 1) as Atom, v.to_string()));
                    (self.atom_names.len() - 1) as Atom
                })
                .collect()
        };
        for (i, spec) in self.layout.sig_rels.iter().enumerate() {
            match spec.owner {
                RelOwner::Ints => {
                    let all = TupleSet::of_atoms(ints.iter().copied());
                    self.sig_bounds[i] = (all.clone(), all);
                }
                RelOwner::IntNext => {
                    let pairs = TupleSet::from_tuples(2, ints.windows(2).map(|w| w.to_vec()));
                    self.sig_bounds[i] = (pairs.clone(), pairs);
                }
                RelOwner::SeqIndices => {
                    // The integers 0, 1, ..., maxseq-1 (0 sits in the middle of the range).
                    let zero = ints.len() / 2;
                    let n = self.scopes.maxseq as usize;
                    let indices: Vec<Atom> = ints.iter().skip(zero).take(n).copied().collect();
                    let all = TupleSet::of_atoms(indices.iter().copied());
                    self.sig_bounds[i] = (all.clone(), all);
                    self.pool[SEQ_INT.index()] = indices;
                }
                _ => {}
            }
        }
        self.pool[INT.index()] = ints;
        // One atom per string literal, named as Alloy prints it (quoted), after the integers.
        self.string_base = self.atom_names.len() as Atom;
        // `exactly N String` adds fresh strings ("String0", ...) up to N, as Alloy does.
        let mut names: Vec<String> = self.strings.iter().map(|t| format!("{t:?}")).collect();
        let mut k = 0;
        while names.len() < self.scopes.strings {
            let fresh = format!("\"String{k}\"");
            k += 1;
            if !names.contains(&fresh) {
                names.push(fresh);
            }
        }
        let strings: Vec<Atom> = names
            .into_iter()
            .map(|name| {
                self.atom_names.push(name.clone());
                let atom = (self.atom_names.len() - 1) as Atom;
                self.int_atoms.push((atom, name));
                atom
            })
            .collect();
        for (i, spec) in self.layout.sig_rels.iter().enumerate() {
            if let RelOwner::Strings = spec.owner {
                let all = TupleSet::of_atoms(strings.iter().copied());
                self.sig_bounds[i] = (all.clone(), all);
            }
        }
        self.pool[STRING.index()] = strings;
        // Subset sigs: within the union of their parents.
        for (i, spec) in self.layout.sig_rels.iter().enumerate() {
            if let RelOwner::Sig(s) = spec.owner
                && let SigKind::Subset { parents, .. } = &self.model.sig(s).kind
            {
                let mut upper = TupleSet::empty(1);
                for p in parents {
                    for q in self.model.prim_parents(*p) {
                        upper = upper.union(&self.upper_of_sig(q));
                    }
                }
                self.sig_bounds[i] = (TupleSet::empty(1), upper);
                let parent_union = crate::check::layout::union_all(
                    parents
                        .iter()
                        .map(|p| self.layout.sig_value[p.index()].clone())
                        .collect(),
                    1,
                );
                self.structure
                    .push(self.layout.sig_value[s.index()].in_(&parent_union));
            }
        }
        // Multiplicities of subset sigs (`in` and `=`) cannot be scopes: they constrain
        // the sig's value directly.
        for s in (BUILTIN_COUNT..self.model.sigs.len() as u32).map(SigId) {
            let sig = self.model.sig(s);
            if !matches!(sig.kind, SigKind::Subset { .. }) {
                continue;
            }
            let value = &self.layout.sig_value[s.index()];
            match sig.mult {
                Some(SigMult::One) => self.structure.push(value.one()),
                Some(SigMult::Lone) => self.structure.push(value.lone()),
                Some(SigMult::Some) => self.structure.push(value.some()),
                None => {}
            }
        }
    }

    /// `upper_of_sig(s).len()`, without building the set.
    pub(super) fn upper_of_sig_len(&self, s: SigId) -> usize {
        if s == UNIV {
            return self.atom_names.len();
        }
        self.pool[s.index()].len()
    }

    fn upper_of_sig(&self, s: SigId) -> TupleSet {
        if s == UNIV {
            return TupleSet::of_atoms(0..self.atom_names.len() as Atom);
        }
        TupleSet::of_atoms(self.pool[s.index()].iter().copied())
    }

    fn alloc(&mut self, s: SigId, pool: Vec<Atom>) {
        crate::stack::guard(|| self.alloc_unguarded(s, pool))
    }

    fn alloc_unguarded(&mut self, s: SigId, pool: Vec<Atom>) {
        let sig = self.model.sig(s);
        let value = self.layout.sig_value[s.index()].clone();
        let exact = self.scopes.exact[s.index()];
        let scope = self.scope(s);
        self.pool[s.index()] = pool.clone();
        // Every child first reserves atoms for its exact part (an exact child its whole
        // scope, any other child what its exact descendants need), so that exact sigs get
        // atoms of their own and exact bounds; the remaining atoms are shared by the
        // non-exact children and the remainder. `pool` lists reserved atoms first.
        let children = sig.children.clone();
        let mut free: Vec<Atom> = pool.clone();
        let mut reservations: Vec<Vec<Atom>> = Vec::new();
        for c in &children {
            let k = self.need(*c).min(free.len());
            reservations.push(free.drain(..k).collect());
        }
        let rest = free;
        // What each non-exact child may take of the shared atoms beyond its reservation.
        let extra: Vec<usize> = children
            .iter()
            .zip(&reservations)
            .map(|(c, reserved)| {
                if self.scopes.exact[c.index()] {
                    0
                } else {
                    self.scope(*c).saturating_sub(reserved.len())
                }
            })
            .collect();
        // When those fit side by side in the shared atoms, each child gets a block of its
        // own instead of all of them: the shared atoms are interchangeable, so every
        // instance is a renaming of one whose children lie in their blocks, and the
        // children's disjointness and scopes are then bounds rather than formulas (nine
        // tables of 3 records under `27 Rec` otherwise share 27 atoms each).
        let blocks = self.child_blocks && extra.iter().sum::<usize>() <= rest.len();
        let mut next_block = 0;
        for ((c, reserved), extra) in children.iter().zip(reservations).zip(extra) {
            let mut child_pool = reserved;
            if blocks {
                child_pool.extend_from_slice(&rest[next_block..next_block + extra]);
                next_block += extra;
            } else if !self.scopes.exact[c.index()] {
                child_pool.extend(rest.iter().copied());
            }
            self.alloc(*c, child_pool);
        }
        // This sig's own relation (a leaf) or remainder relation.
        if let Some(rel) = self.layout.sig_rel[s.index()] {
            let upper = TupleSet::of_atoms(pool.iter().copied());
            let lower = if exact && pool.len() == scope {
                upper.clone()
            } else {
                TupleSet::empty(1)
            };
            self.sig_bounds[rel.0 as usize] = (lower, upper);
        }
        if let Some(rel) = self.layout.remainder_rel[s.index()] {
            let upper = TupleSet::of_atoms(rest.iter().copied());
            // An exact sig whose children are all exact: the remainder holds exactly the
            // atoms the children leave (`exactly 5 Txn` with `one sig T0 extends Txn`),
            // which symmetry breaking and order fixing need to see in the bounds.
            let fixed = exact
                && pool.len() == scope
                && children.iter().all(|c| self.scopes.exact[c.index()]);
            let lower = if fixed {
                upper.clone()
            } else {
                TupleSet::empty(1)
            };
            self.sig_bounds[rel.0 as usize] = (lower, upper);
        }
        // Parts of a parent are disjoint (skip pairs whose pools cannot meet).
        if !children.is_empty() {
            let mut parts: Vec<(Expr, &[Atom])> = Vec::new();
            if let Some(rel) = self.layout.remainder_rel[s.index()] {
                parts.push((Expr::rel(rel, 1), &rest));
            }
            for c in &children {
                parts.push((
                    self.layout.sig_value[c.index()].clone(),
                    &self.pool[c.index()],
                ));
            }
            let (sharing, pairs) = meeting_parts(parts.iter().map(|(_, atoms)| *atoms));
            if sharing.len() <= MAX_PAIRWISE_DISJOINT {
                for (i, j) in pairs {
                    self.structure
                        .push(Expr::intersection(parts[i].0.clone(), parts[j].0.clone()).no());
                }
            } else {
                let sharing: Vec<Expr> = sharing.iter().map(|&i| parts[i].0.clone()).collect();
                disjoint_halves(&sharing, &mut self.structure);
            }
        }
        // Scope and multiplicity of the sig.
        let is_fixed_leaf = children.is_empty() && exact && pool.len() == scope;
        if exact && !is_fixed_leaf {
            self.structure
                .push(Formula::cardinality(CardCmp::Exactly, value.clone(), scope));
        } else if !exact && pool.len() > scope {
            self.structure
                .push(Formula::cardinality(CardCmp::AtMost, value.clone(), scope));
        }
        // Exact descendants can raise the scope of a `one`/`lone` sig past 1; its
        // multiplicity still holds (Alloy adds it as a formula), so say it.
        // A `var` sig's is never implied by its scope: its atoms change from state to state.
        let var = sig.is_var();
        match sig.mult {
            Some(SigMult::One) if scope != 1 || var => self.structure.push(value.one()),
            Some(SigMult::Lone) if scope > 1 || var => self.structure.push(value.lone()),
            Some(SigMult::Some) => self.structure.push(value.some()),
            _ => {}
        }
    }

    /// The upper bound of a field: the union, over the type's products, of the products
    /// of the sigs' atoms.
    pub(super) fn type_upper(&self, ty: &Type) -> TupleSet {
        let mut out = TupleSet::empty(ty.arity);
        for p in &ty.products {
            let cols: Vec<Vec<Atom>> = p
                .iter()
                .map(|s| self.upper_of_sig(*s).iter().map(|t| t[0]).collect())
                .collect();
            let mut tuples: Vec<Vec<Atom>> = vec![Vec::new()];
            for col in &cols {
                let mut next = Vec::new();
                for t in &tuples {
                    for a in col {
                        let mut u = t.clone();
                        u.push(*a);
                        next.push(u);
                    }
                }
                tuples = next;
            }
            for t in tuples {
                out.insert(t);
            }
        }
        out
    }
}
