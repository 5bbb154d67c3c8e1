//! A second, deliberately small implementation of Alloy's declaration semantics, for the
//! language-level differential test: it reads the *syntax tree* of a model (solder's
//! parser is the only solder code it uses) and enumerates every instance of its single
//! `run` command by brute force, with a direct evaluator over the syntax.
//!
//! It shares nothing with `src/check`: scopes, sig hierarchies, multiplicities, `disj`,
//! implicit `this` and the run formula are implemented here from Alloy's reference
//! (`../shared/reference/alloy-language.md`, §6), the straightforward way:
//!
//! - Scopes (§6 "Scopes"): explicit `[exactly] N S`; a `one` sig is exactly 1 and a `lone`
//!   sig gets 1; then, until nothing changes, (a) abstract sigs from their children and
//!   the one unscoped child of a scoped abstract sig from the rest, (b) top-level sigs get
//!   the overall scope (3 when the command names no sig at all), (c) a subsig gets its
//!   parent's scope; finally exact descendants raise a scope ("scope raised").
//! - Atoms: each top-level sig has its own atoms; each atom of it sits in exactly one
//!   "place" of its hierarchy (a sig without children, or the remainder of a non-abstract
//!   sig with children), so children are disjoint and an abstract parent is their union.
//! - Subset sigs are any subset of (`in`) or exactly (`=`) the union of their parents.
//! - Fields `f: e` of `S` are any relation with `this.f` satisfying the declaration for
//!   each `this` in `S` (and nothing outside `S`); `disj` names are pairwise disjoint
//!   relations; `f: disj e` makes the rows of distinct atoms disjoint.
//! - Sig facts hold for every `this`; a field of the sig or of an ancestor means `this.f`.
//!
//! Two symmetry reductions keep it fast, both sound for counting isomorphism classes: a
//! top-level sig with k atoms uses the first k of its atoms, and they are assigned to
//! places in non-decreasing order (any instance is isomorphic to one of that form, because
//! before subset sigs and fields are chosen the atoms of a top-level sig differ only by
//! place). Subset sigs and fields are then enumerated completely.
//!
//! Anything outside the small subset it understands is `Failure::Unsupported`; the test
//! then asks the generator for another model.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

use solder::syntax::ast::{
    BinaryOp, Block, Command, CommandKind, CommandTarget, Decl, Expr, ExprKind, Module,
    Multiplicity, Paragraph, PredDecl, Quantifier, SigParent, UnaryOp,
};

use super::iso_count::NamedInstance;

type Atom = u32;
type Tuple = Vec<Atom>;
type Rel = BTreeSet<Tuple>;

#[derive(Debug)]
pub enum Failure {
    /// The model uses something this enumerator does not implement.
    Unsupported(String),
    /// The search would visit more than the budget.
    TooBig,
}

type Res<T> = Result<T, Failure>;

fn unsupported<T>(what: impl Into<String>) -> Res<T> {
    Err(Failure::Unsupported(what.into()))
}

/// Every instance of the module's only `run` command (up to the symmetry reductions
/// described above, so only the isomorphism classes are meaningful), visiting at most
/// `budget` partial and complete candidate instances.
pub fn enumerate(module: &Module, budget: usize) -> Res<Vec<NamedInstance>> {
    let model = Model::new(module)?;
    let bounds = model.scopes()?;
    let mut search = Search {
        model: &model,
        bounds: &bounds,
        budget,
        out: Vec::new(),
    };
    search.run()?;
    Ok(search.out)
}

/// Per sig: the scope given (or implied by `one`/`lone`) and whether it is exact; then the
/// overall scope.
type GivenScopes = (Vec<Option<usize>>, Vec<bool>, Option<usize>);

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Top,
    Extends(usize),
    Subset { parents: Vec<usize>, equal: bool },
}

struct Sig<'m> {
    name: String,
    abstract_: bool,
    mult: Option<Multiplicity>,
    kind: Kind,
    children: Vec<usize>,
    fact: Option<&'m Block>,
    /// An enum or one of its values (no scope may name them).
    in_enum: bool,
}

struct Field<'m> {
    name: String,
    sig: usize,
    decl: &'m Decl,
    /// Fields of one declaration of one sig share a group (for `disj`).
    group: usize,
}

struct Model<'m> {
    sigs: Vec<Sig<'m>>,
    fields: Vec<Field<'m>>,
    facts: Vec<&'m Block>,
    preds: BTreeMap<String, &'m PredDecl>,
    command: &'m Command,
}

impl<'m> Model<'m> {
    fn new(module: &'m Module) -> Res<Model<'m>> {
        if module.header.is_some() || !module.opens.is_empty() {
            return unsupported("modules and opens");
        }
        let mut sigs: Vec<Sig> = Vec::new();
        // Parent names, resolved once every sig is known.
        let mut parents: Vec<Option<&SigParent>> = Vec::new();
        let mut sig_fields: Vec<&'m [Decl]> = Vec::new();
        let mut facts = Vec::new();
        let mut preds = BTreeMap::new();
        let mut commands = Vec::new();
        for p in &module.paragraphs {
            match p {
                Paragraph::Sig(d) => {
                    let q = &d.qualifiers;
                    if q.private.is_some() {
                        return unsupported("private");
                    }
                    let mults = [
                        (q.one, Multiplicity::One),
                        (q.lone, Multiplicity::Lone),
                        (q.some, Multiplicity::Some),
                    ];
                    let mut mult = None;
                    for (span, m) in mults {
                        if span.is_some() {
                            if mult.is_some() {
                                return unsupported("two sig multiplicities");
                            }
                            mult = Some(m);
                        }
                    }
                    for name in &d.names {
                        sigs.push(Sig {
                            name: name.name.clone(),
                            abstract_: q.abstract_.is_some(),
                            mult,
                            kind: Kind::Top,
                            children: Vec::new(),
                            fact: d.fact.as_ref(),
                            in_enum: false,
                        });
                        parents.push(d.parent.as_ref());
                        sig_fields.push(&d.fields);
                    }
                }
                Paragraph::Enum(e) => {
                    // `abstract sig E {}` and `one sig a, b extends E {}`.
                    let parent = sigs.len();
                    sigs.push(Sig {
                        name: e.name.name.clone(),
                        abstract_: true,
                        mult: None,
                        kind: Kind::Top,
                        children: Vec::new(),
                        fact: None,
                        in_enum: true,
                    });
                    parents.push(None);
                    sig_fields.push(&[]);
                    for v in &e.values {
                        sigs.push(Sig {
                            name: v.name.clone(),
                            abstract_: false,
                            mult: Some(Multiplicity::One),
                            kind: Kind::Extends(parent),
                            children: Vec::new(),
                            fact: None,
                            in_enum: true,
                        });
                        parents.push(None);
                        sig_fields.push(&[]);
                    }
                }
                Paragraph::Fact(f) => facts.push(&f.body),
                Paragraph::Pred(p) => {
                    if p.receiver.is_some() || preds.contains_key(&p.name.name) {
                        return unsupported("receivers and overloading");
                    }
                    preds.insert(p.name.name.clone(), p);
                }
                Paragraph::Command(c) => commands.push(c),
                _ => return unsupported("assert, fun and let paragraphs"),
            }
        }
        let names: Vec<String> = sigs.iter().map(|s| s.name.clone()).collect();
        let find = |name: &str| names.iter().position(|s| s == name);
        for i in 0..sigs.len() {
            let kind = match parents[i] {
                None => continue,
                Some(SigParent::Extends(q)) => {
                    let Some(p) = find(&q.joined()) else {
                        return unsupported(format!("parent {}", q.joined()));
                    };
                    Kind::Extends(p)
                }
                Some(SigParent::In(qs)) | Some(SigParent::Equal(qs)) => {
                    let mut ps = Vec::new();
                    for q in qs {
                        match find(&q.joined()) {
                            Some(p) if p < i => ps.push(p),
                            _ => return unsupported(format!("subset parent {}", q.joined())),
                        }
                    }
                    Kind::Subset {
                        parents: ps,
                        equal: matches!(parents[i], Some(SigParent::Equal(_))),
                    }
                }
            };
            sigs[i].kind = kind;
        }
        for i in 0..sigs.len() {
            if let Kind::Extends(p) = sigs[i].kind {
                if !matches!(sigs[p].kind, Kind::Top | Kind::Extends(_)) || p >= i {
                    return unsupported("extending a subset sig or a later sig");
                }
                sigs[p].children.push(i);
            }
        }
        let mut fields = Vec::new();
        let mut group = 0;
        for (s, decls) in sig_fields.iter().enumerate() {
            for d in decls.iter() {
                if d.defined || d.private {
                    return unsupported("defined or private fields");
                }
                for n in &d.names {
                    fields.push(Field {
                        name: n.name.clone(),
                        sig: s,
                        decl: d,
                        group,
                    });
                }
                group += 1;
            }
        }
        let [command] = commands[..] else {
            return unsupported("not exactly one command");
        };
        if command.kind != CommandKind::Run || command.expect.is_some() {
            return unsupported("check commands and expect");
        }
        Ok(Model {
            sigs,
            fields,
            facts,
            preds,
            command,
        })
    }

    fn is_prim(&self, s: usize) -> bool {
        !matches!(self.sigs[s].kind, Kind::Subset { .. })
    }

    fn parent(&self, s: usize) -> Option<usize> {
        match self.sigs[s].kind {
            Kind::Extends(p) => Some(p),
            _ => None,
        }
    }

    /// `s` and every sig below it, parents before children.
    fn subtree(&self, s: usize) -> Vec<usize> {
        let mut out = vec![s];
        for &c in &self.sigs[s].children {
            out.extend(self.subtree(c));
        }
        out
    }

    /// The scopes the command and `one`/`lone` give (before any derivation), whether
    /// they are exact, and the overall scope.
    fn given_scopes(&self) -> Res<GivenScopes> {
        let n = self.sigs.len();
        let mut scope: Vec<Option<usize>> = vec![None; n];
        let mut exact = vec![false; n];
        let mut named_any = false;
        let overall_given = self.command.scope.as_ref().and_then(|s| s.overall);
        if let Some(sc) = &self.command.scope {
            for ts in &sc.types {
                let name = ts.target.joined();
                let Some(s) = self.sigs.iter().position(|g| g.name == name) else {
                    return unsupported(format!("scope on {name}"));
                };
                let sig = &self.sigs[s];
                if !self.is_prim(s) || scope[s].is_some() || sig.mult.is_some() || sig.in_enum {
                    return unsupported(
                        "a scope on a subset sig, an enum, a one/lone/some sig, or twice",
                    );
                }
                scope[s] = Some(ts.count as usize);
                exact[s] = ts.exactly;
                named_any = true;
            }
        }
        for s in 0..n {
            if !self.is_prim(s) {
                continue;
            }
            match self.sigs[s].mult {
                Some(Multiplicity::One) => {
                    scope[s] = Some(1);
                    exact[s] = true;
                }
                Some(Multiplicity::Lone) => scope[s] = Some(1),
                _ => {}
            }
        }
        let overall = match overall_given {
            Some((k, _)) => Some(k as usize),
            None if !named_any => Some(3),
            None => None,
        };
        Ok((scope, exact, overall))
    }

    /// The upper bound and exactness of every primitive sig's size (§6 "Scopes").
    fn scopes(&self) -> Res<Vec<(usize, bool)>> {
        let n = self.sigs.len();
        let (mut scope, exact, overall) = self.given_scopes()?;
        loop {
            // (a) abstract sigs and their children
            let mut changed = false;
            for s in 0..n {
                let sig = &self.sigs[s];
                if !self.is_prim(s) || !sig.abstract_ || sig.children.is_empty() {
                    continue;
                }
                let unscoped: Vec<usize> = sig
                    .children
                    .iter()
                    .copied()
                    .filter(|&c| scope[c].is_none())
                    .collect();
                let sum: usize = sig.children.iter().filter_map(|&c| scope[c]).sum();
                match (scope[s], unscoped.len()) {
                    (None, 0) => {
                        scope[s] = Some(sum);
                        changed = true;
                    }
                    (Some(k), 1) => {
                        scope[unscoped[0]] = Some(k.saturating_sub(sum));
                        changed = true;
                    }
                    _ => {}
                }
            }
            if changed {
                continue;
            }
            // (b) top-level sigs get the overall scope
            for (s, sig) in self.sigs.iter().enumerate() {
                if sig.kind == Kind::Top && scope[s].is_none() {
                    let Some(k) = overall else {
                        return unsupported(format!("no scope for {}", sig.name));
                    };
                    scope[s] = Some(k);
                    changed = true;
                }
            }
            if changed {
                continue;
            }
            // (c) subsigs get their parent's scope
            for s in 0..n {
                if let Some(p) = self.parent(s)
                    && scope[s].is_none()
                    && scope[p].is_some()
                {
                    scope[s] = scope[p];
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // Exact descendants raise a scope (an exact one stays exact).
        let mut out = vec![(0, false); n];
        for s in 0..n {
            if self.is_prim(s) {
                let own = scope[s].expect("every prim sig has a scope");
                out[s] = (own.max(self.children_need(&scope, &exact, s)), exact[s]);
            }
        }
        Ok(out)
    }

    /// The atoms the children of `s` need: an exact child its (raised) scope, any other
    /// child what its own children need.
    fn children_need(&self, scope: &[Option<usize>], exact: &[bool], s: usize) -> usize {
        let mut sum = 0;
        for &c in &self.sigs[s].children {
            let below = self.children_need(scope, exact, c);
            sum += if exact[c] {
                scope[c].expect("scoped").max(below)
            } else {
                below
            };
        }
        sum
    }
}

fn mult_ok(m: Multiplicity, n: usize) -> Res<bool> {
    Ok(match m {
        Multiplicity::One => n == 1,
        Multiplicity::Lone => n <= 1,
        Multiplicity::Some => n >= 1,
        Multiplicity::Set => true,
        Multiplicity::Seq => return unsupported("seq"),
    })
}

fn subsets(r: &Rel) -> Vec<Rel> {
    let items: Vec<&Tuple> = r.iter().collect();
    assert!(items.len() < 20, "too many tuples to take subsets of");
    (0..1u32 << items.len())
        .map(|bits| {
            items
                .iter()
                .enumerate()
                .filter(|(i, _)| bits >> i & 1 == 1)
                .map(|(_, t)| (*t).clone())
                .collect()
        })
        .collect()
}

fn join(a: &Rel, b: &Rel) -> Rel {
    let mut out = Rel::new();
    for x in a {
        for y in b {
            if x.last() == y.first() && x.len() + y.len() > 2 {
                out.insert(x[..x.len() - 1].iter().chain(&y[1..]).copied().collect());
            }
        }
    }
    out
}

fn product(a: &Rel, b: &Rel) -> Rel {
    let mut out = Rel::new();
    for x in a {
        for y in b {
            out.insert(x.iter().chain(y).copied().collect());
        }
    }
    out
}

fn atom(a: Atom) -> Rel {
    [vec![a]].into_iter().collect()
}

/// An instance in the making: the value of every sig and field (`None`: not chosen yet).
#[derive(Clone)]
struct Inst {
    sigs: Vec<Rel>,
    fields: Vec<Option<Rel>>,
}

struct Search<'a, 'm> {
    model: &'a Model<'m>,
    bounds: &'a [(usize, bool)],
    budget: usize,
    out: Vec<NamedInstance>,
}

impl Search<'_, '_> {
    fn spend(&mut self) -> Res<()> {
        if self.budget == 0 {
            return Err(Failure::TooBig);
        }
        self.budget -= 1;
        Ok(())
    }

    fn run(&mut self) -> Res<()> {
        let m = self.model;
        // The possible contents of each top-level sig's hierarchy.
        let mut families: Vec<Vec<Vec<(usize, Rel)>>> = Vec::new();
        let mut next_atom: Atom = 0;
        for t in 0..m.sigs.len() {
            if m.sigs[t].kind == Kind::Top {
                families.push(self.family(t, next_atom)?);
                next_atom += self.bounds[t].0 as Atom;
            }
        }
        let mut combos: Vec<Vec<Rel>> = vec![vec![Rel::new(); m.sigs.len()]];
        for fam in &families {
            let mut next = Vec::new();
            for c in &combos {
                for choice in fam {
                    let mut c = c.clone();
                    for (s, v) in choice {
                        c[*s] = v.clone();
                    }
                    next.push(c);
                }
            }
            combos = next;
        }
        for sigs in combos {
            let inst = Inst {
                sigs,
                fields: vec![None; m.fields.len()],
            };
            self.subset_level(inst, 0)?;
        }
        Ok(())
    }

    /// Every valid assignment of the atoms `first..first + bound` of top-level sig `t` to
    /// the sigs of its hierarchy (sizes, atoms in place order).
    fn family(&mut self, t: usize, first: Atom) -> Res<Vec<Vec<(usize, Rel)>>> {
        let m = self.model;
        let tree = m.subtree(t);
        let places: Vec<usize> = tree
            .iter()
            .copied()
            .filter(|&s| m.sigs[s].children.is_empty() || !m.sigs[s].abstract_)
            .collect();
        let (bound, exact) = self.bounds[t];
        let sizes = if exact { bound..=bound } else { 0..=bound };
        let mut out = Vec::new();
        for k in sizes {
            // Non-decreasing sequences of k place indices.
            let mut seq = vec![0usize; k];
            loop {
                self.spend()?;
                let mut values: Vec<(usize, Rel)> = tree.iter().map(|&s| (s, Rel::new())).collect();
                for (i, &p) in seq.iter().enumerate() {
                    // The atom is in its place and in every ancestor of it.
                    let mut s = Some(places[p]);
                    while let Some(x) = s {
                        let slot = tree.iter().position(|&y| y == x).expect("in the tree");
                        values[slot].1.insert(vec![first + i as Atom]);
                        s = if x == t { None } else { m.parent(x) };
                    }
                }
                let mut ok = true;
                for (s, v) in &values {
                    let (b, ex) = self.bounds[*s];
                    ok &= if ex { v.len() == b } else { v.len() <= b };
                    if let Some(mult) = m.sigs[*s].mult {
                        ok &= mult_ok(mult, v.len())?;
                    }
                }
                if ok {
                    out.push(values);
                }
                // Next non-decreasing sequence.
                let Some(i) = (0..k).rev().find(|&i| seq[i] + 1 < places.len()) else {
                    break;
                };
                seq[i] += 1;
                for j in i + 1..k {
                    seq[j] = seq[i];
                }
            }
        }
        Ok(out)
    }

    fn subset_level(&mut self, inst: Inst, from: usize) -> Res<()> {
        let m = self.model;
        let Some(s) = (from..m.sigs.len()).find(|&s| !m.is_prim(s)) else {
            return self.field_level(inst, 0);
        };
        let Kind::Subset { parents, equal } = &m.sigs[s].kind else {
            unreachable!()
        };
        let mut union = Rel::new();
        for p in parents {
            union.extend(inst.sigs[*p].iter().cloned());
        }
        let options = if *equal { vec![union] } else { subsets(&union) };
        for v in options {
            self.spend()?;
            if let Some(mult) = m.sigs[s].mult
                && !mult_ok(mult, v.len())?
            {
                continue;
            }
            let mut next = inst.clone();
            next.sigs[s] = v;
            self.subset_level(next, s + 1)?;
        }
        Ok(())
    }

    fn field_level(&mut self, inst: Inst, f: usize) -> Res<()> {
        let m = self.model;
        if f == m.fields.len() {
            self.spend()?;
            if self.holds(&inst)? {
                self.out.push(self.named(&inst));
            }
            return Ok(());
        }
        let field = &m.fields[f];
        let host: Vec<Atom> = inst.sigs[field.sig].iter().map(|t| t[0]).collect();
        // The rows `this.f` allowed for each `this`.
        let mut rows: Vec<Vec<Rel>> = Vec::new();
        for &this in &host {
            let mut ev = Eval::new(m, &inst, Some(field.sig), this);
            let candidates = ev.bound_tuples(&field.decl.bound)?;
            let mut ok = Vec::new();
            for r in subsets(&candidates) {
                self.spend()?;
                if ev.decl_holds(&r, &field.decl.bound)? {
                    ok.push(r);
                }
            }
            rows.push(ok);
        }
        if rows.iter().any(|r| r.is_empty()) {
            return Ok(());
        }
        // Every combination of rows.
        let mut pick = vec![0usize; host.len()];
        loop {
            self.spend()?;
            let mut value = Rel::new();
            for (i, &this) in host.iter().enumerate() {
                for t in &rows[i][pick[i]] {
                    value.insert(std::iter::once(this).chain(t.iter().copied()).collect());
                }
            }
            let mut ok = true;
            if field.decl.disj_bound {
                // this.f and that.f are disjoint for distinct this and that.
                for i in 0..host.len() {
                    for j in i + 1..host.len() {
                        ok &= rows[i][pick[i]].is_disjoint(&rows[j][pick[j]]);
                    }
                }
            }
            if field.decl.disj {
                // The fields of one `disj` declaration are disjoint relations.
                for (g, other) in m.fields.iter().enumerate().take(f) {
                    if other.group == field.group {
                        let v = inst.fields[g].as_ref().expect("chosen");
                        ok &= v.is_disjoint(&value);
                    }
                }
            }
            if ok {
                let mut next = inst.clone();
                next.fields[f] = Some(value);
                self.field_level(next, f + 1)?;
            }
            let Some(i) = (0..host.len()).rev().find(|&i| pick[i] + 1 < rows[i].len()) else {
                break;
            };
            pick[i] += 1;
            for p in pick.iter_mut().skip(i + 1) {
                *p = 0;
            }
        }
        Ok(())
    }

    /// Sig facts, facts and the command's formula.
    fn holds(&self, inst: &Inst) -> Res<bool> {
        let m = self.model;
        for (s, sig) in m.sigs.iter().enumerate() {
            if let Some(fact) = sig.fact {
                for t in &inst.sigs[s] {
                    if !Eval::new(m, inst, Some(s), t[0]).block(fact)? {
                        return Ok(false);
                    }
                }
            }
        }
        for fact in &m.facts {
            if !Eval::new(m, inst, None, 0).block(fact)? {
                return Ok(false);
            }
        }
        let mut ev = Eval {
            model: m,
            inst,
            sig_ctx: None,
            locals: Vec::new(),
        };
        match &m.command.target {
            CommandTarget::Block(_, b) => ev.block(b),
            CommandTarget::Name(q) => {
                let Some(p) = m.preds.get(&q.joined()) else {
                    return unsupported("run of a fun");
                };
                // Some values of the parameters, with their declarations, satisfy the body.
                for binding in ev.bindings(&p.params, true)? {
                    ev.locals = binding;
                    if ev.block(&p.body)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
        }
    }

    fn named(&self, inst: &Inst) -> NamedInstance {
        let name = |t: &Tuple| t.iter().map(|a| format!("a{a}")).collect::<Vec<_>>();
        let mut out = NamedInstance::new();
        for (s, sig) in self.model.sigs.iter().enumerate() {
            out.insert(sig.name.clone(), inst.sigs[s].iter().map(name).collect());
        }
        for (f, field) in self.model.fields.iter().enumerate() {
            let key = format!("{}<:{}", self.model.sigs[field.sig].name, field.name);
            let v = inst.fields[f].as_ref().expect("complete");
            out.insert(key, v.iter().map(name).collect());
        }
        out
    }
}

/// The evaluator: formulas to booleans, expressions to relations, over one instance.
struct Eval<'a, 'm> {
    model: &'a Model<'m>,
    inst: &'a Inst,
    /// Inside a sig fact or field bound of this sig, with `this` in `locals`.
    sig_ctx: Option<usize>,
    locals: Vec<(String, Rel)>,
}

impl<'a, 'm> Eval<'a, 'm> {
    fn new(model: &'a Model<'m>, inst: &'a Inst, sig: Option<usize>, this: Atom) -> Eval<'a, 'm> {
        let locals = match sig {
            Some(_) => vec![("this".to_string(), atom(this))],
            None => Vec::new(),
        };
        Eval {
            model,
            inst,
            sig_ctx: sig,
            locals,
        }
    }

    fn block(&mut self, b: &Block) -> Res<bool> {
        for e in &b.exprs {
            if !self.formula(e)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether field `of` means `this.f` in a sig fact or field bound of `s`: it belongs
    /// to `s`, or `s` is a primitive sig and it belongs to an ancestor.
    fn own_field(&self, s: usize, of: usize) -> bool {
        let m = self.model;
        if s == of {
            return true;
        }
        if !m.is_prim(s) || !m.is_prim(of) {
            return false;
        }
        let mut x = s;
        while let Some(p) = m.parent(x) {
            if p == of {
                return true;
            }
            x = p;
        }
        false
    }

    fn field_value(&self, f: usize) -> Res<Rel> {
        match &self.inst.fields[f] {
            Some(v) => Ok(v.clone()),
            None => unsupported("a field used in a field bound"),
        }
    }

    fn name(&self, n: &str) -> Res<Rel> {
        if let Some((_, v)) = self.locals.iter().rev().find(|(x, _)| x == n) {
            return Ok(v.clone());
        }
        let m = self.model;
        let fields: Vec<usize> = (0..m.fields.len())
            .filter(|&f| m.fields[f].name == n)
            .collect();
        match fields[..] {
            [] => {}
            [f] => {
                let whole = self.field_value(f)?;
                return match self.sig_ctx {
                    Some(s) if self.own_field(s, m.fields[f].sig) => {
                        Ok(join(&self.name("this")?, &whole))
                    }
                    _ => Ok(whole),
                };
            }
            _ => return unsupported(format!("two fields named {n}")),
        }
        match m.sigs.iter().position(|s| s.name == n) {
            Some(s) => Ok(self.inst.sigs[s].clone()),
            None => unsupported(format!("name {n}")),
        }
    }

    fn expr(&mut self, e: &Expr) -> Res<Rel> {
        Ok(match &e.kind {
            ExprKind::Name(q) => self.name(&q.joined())?,
            ExprKind::This => self.name("this")?,
            ExprKind::AtName(q) => {
                let n = q.joined();
                let fields: Vec<usize> = (0..self.model.fields.len())
                    .filter(|&f| self.model.fields[f].name == n)
                    .collect();
                let [f] = fields[..] else {
                    return unsupported(format!("@{n}"));
                };
                self.field_value(f)?
            }
            ExprKind::Binary(op, a, b) => {
                let (x, y) = (self.expr(a)?, self.expr(b)?);
                match op {
                    BinaryOp::Union => x.union(&y).cloned().collect(),
                    BinaryOp::Intersect => x.intersection(&y).cloned().collect(),
                    BinaryOp::Diff => x.difference(&y).cloned().collect(),
                    BinaryOp::Join => join(&x, &y),
                    _ => return unsupported(format!("expression operator {op:?}")),
                }
            }
            ExprKind::Arrow(Multiplicity::Set, Multiplicity::Set, a, b) => {
                product(&self.expr(a)?, &self.expr(b)?)
            }
            ExprKind::Unary(UnaryOp::Transpose, a) => self
                .expr(a)?
                .into_iter()
                .map(|t| {
                    if t.len() == 2 {
                        Ok(vec![t[1], t[0]])
                    } else {
                        unsupported("~ of a non-binary relation")
                    }
                })
                .collect::<Res<Rel>>()?,
            _ => return unsupported(format!("expression {:?}", e.kind)),
        })
    }

    fn formula(&mut self, e: &Expr) -> Res<bool> {
        Ok(match &e.kind {
            ExprKind::Block(b) => self.block(b)?,
            ExprKind::Unary(UnaryOp::Not, a) => !self.formula(a)?,
            ExprKind::Unary(UnaryOp::No, a) => self.expr(a)?.is_empty(),
            ExprKind::Unary(UnaryOp::Mult(m), a) if *m != Multiplicity::Set => {
                let n = self.expr(a)?.len();
                mult_ok(*m, n)?
            }
            ExprKind::Binary(op, a, b) => match op {
                BinaryOp::And => self.formula(a)? && self.formula(b)?,
                BinaryOp::Or => self.formula(a)? || self.formula(b)?,
                BinaryOp::Implies => !self.formula(a)? || self.formula(b)?,
                BinaryOp::Iff => self.formula(a)? == self.formula(b)?,
                BinaryOp::In | BinaryOp::NotIn => {
                    let multiplicity = match &b.kind {
                        ExprKind::Unary(UnaryOp::Mult(_), _) => true,
                        ExprKind::Arrow(m1, m2, ..) => {
                            *m1 != Multiplicity::Set || *m2 != Multiplicity::Set
                        }
                        _ => false,
                    };
                    if multiplicity {
                        return unsupported("multiplicities on the right of in");
                    }
                    let sub = self.expr(a)?.is_subset(&self.expr(b)?);
                    sub == (*op == BinaryOp::In)
                }
                BinaryOp::Eq | BinaryOp::NotEq => {
                    let eq = self.expr(a)? == self.expr(b)?;
                    eq == (*op == BinaryOp::Eq)
                }
                _ => return unsupported(format!("formula operator {op:?}")),
            },
            ExprKind::IfElse(c, a, b) => {
                if self.formula(c)? {
                    self.formula(a)?
                } else {
                    self.formula(b)?
                }
            }
            ExprKind::Let(binds, body) => {
                let depth = self.locals.len();
                for (name, v) in binds {
                    let v = self.expr(v)?;
                    self.locals.push((name.name.clone(), v));
                }
                let r = self.formula(body);
                self.locals.truncate(depth);
                r?
            }
            ExprKind::Quant(q, decls, body) => {
                let names: usize = decls.iter().map(|d| d.names.len()).sum();
                if matches!(q, Quantifier::Lone | Quantifier::One) && names > 1 {
                    return unsupported("lone/one over several variables");
                }
                let mut count = 0;
                let depth = self.locals.len();
                let bindings = self.bindings(decls, false)?;
                let total = bindings.len();
                for binding in bindings {
                    self.locals.extend(binding);
                    let r = self.formula(body);
                    self.locals.truncate(depth);
                    count += r? as usize;
                }
                match q {
                    Quantifier::All => count == total,
                    Quantifier::Some => count > 0,
                    Quantifier::No => count == 0,
                    Quantifier::Lone => count <= 1,
                    Quantifier::One => count == 1,
                    Quantifier::Sum => return unsupported("sum"),
                }
            }
            _ => return unsupported(format!("formula {:?}", e.kind)),
        })
    }

    /// Every assignment of values to the variables of `decls` that their declarations
    /// allow (each bound read with the earlier variables in scope; `disj` names pairwise
    /// disjoint). `sets`: `set`/`some` and non-unary bounds are allowed (run parameters).
    fn bindings(&mut self, decls: &[Decl], sets: bool) -> Res<Vec<Vec<(String, Rel)>>> {
        let mut partial: Vec<Vec<(String, Rel)>> = vec![Vec::new()];
        let mut first = 0;
        for d in decls {
            for n in &d.names {
                let mut next = Vec::new();
                for b in &partial {
                    let depth = self.locals.len();
                    self.locals.extend(b.iter().cloned());
                    let options = self.var_options(&d.bound, sets);
                    self.locals.truncate(depth);
                    for v in options? {
                        let clash = d.disj && b[first..].iter().any(|(_, w)| !w.is_disjoint(&v));
                        if !clash {
                            let mut b = b.clone();
                            b.push((n.name.clone(), v));
                            next.push(b);
                        }
                    }
                }
                partial = next;
            }
            first += d.names.len();
        }
        Ok(partial)
    }

    /// The values a variable declared `x: bound` may take.
    fn var_options(&mut self, bound: &Expr, sets: bool) -> Res<Vec<Rel>> {
        let (mult, e) = match &bound.kind {
            ExprKind::Unary(UnaryOp::Mult(m), e) => (*m, &**e),
            _ => (Multiplicity::One, bound),
        };
        let all = self.expr(e)?;
        if all.iter().any(|t| t.len() != 1) {
            return unsupported("a non-unary variable bound");
        }
        if !matches!(mult, Multiplicity::One | Multiplicity::Lone) && !sets {
            return unsupported("a higher-order quantifier");
        }
        let mut out = Vec::new();
        for s in subsets(&all) {
            if mult_ok(mult, s.len())? {
                out.push(s);
            }
        }
        Ok(out)
    }

    /// The tuples a row `this.f` may draw from: the bound without its multiplicities.
    fn bound_tuples(&mut self, bound: &Expr) -> Res<Rel> {
        match &bound.kind {
            ExprKind::Unary(UnaryOp::Mult(_), e) if matches!(e.kind, ExprKind::Arrow(..)) => {
                unsupported("a multiplicity before an arrow")
            }
            ExprKind::Unary(UnaryOp::Mult(_), e) => self.expr(e),
            ExprKind::Arrow(_, _, a, b) => Ok(product(&self.expr(a)?, &self.expr(b)?)),
            _ => self.expr(bound),
        }
    }

    /// Whether `row` (the value of `this.f`) meets the field declaration's bound.
    fn decl_holds(&mut self, row: &Rel, bound: &Expr) -> Res<bool> {
        if !row.is_subset(&self.bound_tuples(bound)?) {
            return Ok(false);
        }
        match &bound.kind {
            ExprKind::Unary(UnaryOp::Mult(m), _) => mult_ok(*m, row.len()),
            ExprKind::Arrow(m1, m2, a, b) => {
                let (xs, ys) = (self.expr(a)?, self.expr(b)?);
                if xs.iter().chain(&ys).any(|t| t.len() != 1)
                    || matches!(a.kind, ExprKind::Arrow(..))
                    || matches!(b.kind, ExprKind::Arrow(..))
                {
                    return unsupported("arrows over non-unary sides");
                }
                // m2 x.row for every x in A, m1 row.y for every y in B.
                for x in &xs {
                    if !mult_ok(*m2, row.iter().filter(|t| t[0] == x[0]).count())? {
                        return Ok(false);
                    }
                }
                for y in &ys {
                    if !mult_ok(*m1, row.iter().filter(|t| t[1] == y[0]).count())? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            // A unary bound without a keyword means `one`; a relation, `set`.
            _ => {
                if self.unary_syntax(bound)? {
                    Ok(row.len() == 1)
                } else {
                    Ok(true)
                }
            }
        }
    }

    /// Whether a bound written without a multiplicity is unary (sig names, `+`, `&`, `-`).
    fn unary_syntax(&self, e: &Expr) -> Res<bool> {
        match &e.kind {
            ExprKind::Name(q) if self.model.sigs.iter().any(|s| s.name == q.joined()) => Ok(true),
            ExprKind::Binary(BinaryOp::Union | BinaryOp::Intersect | BinaryOp::Diff, a, _) => {
                self.unary_syntax(a)
            }
            _ => unsupported("a field bound that is not built from sig names"),
        }
    }
}
