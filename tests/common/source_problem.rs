//! Seeded random Alloy *source text* for the language-level differential test
//! (`tests/source_differential.rs`): tiny models that exercise every declaration form whose
//! meaning elaboration must keep (sig multiplicities on every kind of sig, `abstract`,
//! `extends`, `in`/`=` subset sigs, field and arrow multiplicities, `disj` fields and field
//! bounds, sig facts with implicit `this` and `@`, `enum`, `disj` quantifiers and pred
//! parameters, `let`, scopes with `but` and `exactly`), plus random formulas over the
//! model's sigs and fields.
//!
//! Expressions are typed as Alloy types them (unions of products of primitive sigs), so
//! that every join is legal; each model has exactly one `run` command. The same seed and
//! attempt always give the same model.
#![allow(dead_code)] // each test binary uses a different part of this module

use std::collections::BTreeSet;

/// Every feature name `Generated::features` may hold (the test checks their coverage).
pub const FEATURES: &[&str] = &[
    "abstract sig with children",
    "abstract sig without children",
    "arrow field",
    "arrow multiplicity in a field",
    "but scope",
    "default scope",
    "disj field bound",
    "disj over several fields",
    "disj pred parameters",
    "disj quantifier",
    "enum",
    "exactly scope",
    "extends",
    "fact",
    "field of a subset sig",
    "field without multiplicity (one)",
    "grandchild sig",
    "inherited field in a sig fact",
    "let",
    "lone field",
    "multiplicity on a subset sig",
    "multiplicity on an extends sig",
    "one field",
    "one/lone/some top-level sig",
    "pred run with parameters",
    "raw field (@) in a sig fact",
    "set field",
    "several sigs in one extends declaration",
    "several subset sigs in one declaration",
    "sig fact",
    "some field",
    "subset sig equal to a union",
    "subset sig in a union",
    "subset sig in one parent",
    "type scopes only",
    "union as a field bound",
];

/// xorshift64*, seeded through a multiply so that seed 0 works.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut s = (seed ^ 0x5DEE_CE66_D1CE_4E5B).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if s == 0 {
            s = 1;
        }
        let mut r = Rng(s);
        for _ in 0..4 {
            r.next_u64();
        }
        r
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`; `n` must be positive.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A generated model: its source and the declaration forms it uses (for coverage).
pub struct Generated {
    pub source: String,
    pub features: BTreeSet<&'static str>,
}

/// The model for `seed`; `attempt` varies it when the test needs a smaller one.
pub fn generate(seed: u64, attempt: u64) -> Generated {
    let mut g = Gen {
        rng: Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(attempt)),
        sigs: Vec::new(),
        decls: Vec::new(),
        fields: Vec::new(),
        pred: None,
        features: BTreeSet::new(),
        next_var: 0,
    };
    g.model()
}

/// An Alloy type: a union of products of primitive sigs (indices into `Gen::sigs`).
#[derive(Clone, Debug)]
struct Ty {
    arity: usize,
    prods: Vec<Vec<usize>>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Top,
    Extends(usize),
    Subset,
    Enum,
    Member(usize),
}

struct GSig {
    name: String,
    kind: Kind,
    mult: Option<&'static str>,
    /// The type of the sig's value (itself for a primitive sig, its parents' for a subset).
    ty: Ty,
    /// The declaration that holds it.
    decl: usize,
}

struct GDecl {
    head: String,
    fields: Vec<String>,
    fact: Vec<String>,
    /// Fields and a sig fact may be added (one name, not an enum).
    open: bool,
}

struct GField {
    name: String,
    sig: usize,
    /// The full type, first column the sig.
    ty: Ty,
}

/// A name or expression usable in a formula, with its type.
#[derive(Clone, Debug)]
struct Item {
    text: String,
    ty: Ty,
}

struct Gen {
    rng: Rng,
    sigs: Vec<GSig>,
    decls: Vec<GDecl>,
    fields: Vec<GField>,
    /// The text of `pred p0`, which the command runs.
    pred: Option<String>,
    features: BTreeSet<&'static str>,
    next_var: usize,
}

const MULTS: [&str; 3] = ["one", "lone", "some"];

fn mult_q(m: Option<&str>) -> String {
    m.map_or(String::new(), |m| format!("{m} "))
}

fn qual(abs: bool) -> &'static str {
    if abs { "abstract " } else { "" }
}

/// `text` as an operand: names stay bare, anything else gets parentheses.
fn operand(text: &str) -> String {
    if text.chars().all(|c| c.is_ascii_alphanumeric()) {
        text.to_string()
    } else {
        format!("({text})")
    }
}

fn union_ty(a: &Ty, b: &Ty) -> Ty {
    let mut prods = a.prods.clone();
    for p in &b.prods {
        if !prods.contains(p) {
            prods.push(p.clone());
        }
    }
    Ty {
        arity: a.arity,
        prods,
    }
}

fn product(a: &Ty, b: &Ty) -> Ty {
    let mut prods = Vec::new();
    for p in &a.prods {
        for q in &b.prods {
            let mut t = p.clone();
            t.extend(q.iter().copied());
            if !prods.contains(&t) {
                prods.push(t);
            }
        }
    }
    Ty {
        arity: a.arity + b.arity,
        prods,
    }
}

/// A field's type without its first column: the type of `this.f`.
fn drop_first(t: &Ty) -> Ty {
    let mut prods: Vec<Vec<usize>> = Vec::new();
    for p in &t.prods {
        let q = p[1..].to_vec();
        if !prods.contains(&q) {
            prods.push(q);
        }
    }
    Ty {
        arity: t.arity - 1,
        prods,
    }
}

impl Gen {
    fn feature(&mut self, f: &'static str) {
        debug_assert!(FEATURES.contains(&f), "unlisted feature {f}");
        self.features.insert(f);
    }

    fn maybe_mult(&mut self, percent: u64) -> Option<&'static str> {
        if self.rng.chance(percent) {
            Some(*self.rng.pick(&MULTS))
        } else {
            None
        }
    }

    /// A sig of the declaration that `add_decl` makes next.
    fn add_sig(
        &mut self,
        name: &str,
        kind: Kind,
        mult: Option<&'static str>,
        ty: Option<Ty>,
    ) -> usize {
        let i = self.sigs.len();
        let ty = ty.unwrap_or(Ty {
            arity: 1,
            prods: vec![vec![i]],
        });
        self.sigs.push(GSig {
            name: name.to_string(),
            kind,
            mult,
            ty,
            decl: self.decls.len(),
        });
        i
    }

    fn add_decl(&mut self, head: String, open: bool) {
        self.decls.push(GDecl {
            head,
            fields: Vec::new(),
            fact: Vec::new(),
            open,
        });
    }

    /// The primitive parent of a primitive sig.
    fn parent(&self, s: usize) -> Option<usize> {
        match self.sigs[s].kind {
            Kind::Extends(p) | Kind::Member(p) => Some(p),
            _ => None,
        }
    }

    fn ancestor_or_self(&self, a: usize, mut b: usize) -> bool {
        loop {
            if a == b {
                return true;
            }
            match self.parent(b) {
                Some(p) => b = p,
                None => return false,
            }
        }
    }

    /// Two primitive sigs meet iff one descends from the other.
    fn meets(&self, a: usize, b: usize) -> bool {
        self.ancestor_or_self(a, b) || self.ancestor_or_self(b, a)
    }

    /// The more specific of two meeting primitive sigs.
    fn meet(&self, a: usize, b: usize) -> Option<usize> {
        if self.ancestor_or_self(a, b) {
            Some(b)
        } else if self.ancestor_or_self(b, a) {
            Some(a)
        } else {
            None
        }
    }

    fn types_meet(&self, a: &Ty, b: &Ty) -> bool {
        a.arity == b.arity
            && a.prods.iter().any(|p| {
                b.prods
                    .iter()
                    .any(|q| p.iter().zip(q).all(|(x, y)| self.meets(*x, *y)))
            })
    }

    /// The type of `a.b`, if the join is legal (arity at least one, some column meets).
    fn join_ty(&self, a: &Ty, b: &Ty) -> Option<Ty> {
        if a.arity + b.arity < 3 {
            return None;
        }
        let mut prods: Vec<Vec<usize>> = Vec::new();
        for p in &a.prods {
            for q in &b.prods {
                if self.meets(p[p.len() - 1], q[0]) {
                    let mut t = p[..p.len() - 1].to_vec();
                    t.extend(q[1..].iter().copied());
                    if !prods.contains(&t) {
                        prods.push(t);
                    }
                }
            }
        }
        if prods.is_empty() {
            None
        } else {
            Some(Ty {
                arity: a.arity + b.arity - 2,
                prods,
            })
        }
    }

    fn model(&mut self) -> Generated {
        self.sig_hierarchy();
        self.subset_sigs();
        self.field_decls();
        self.sig_facts();
        self.pred();
        let facts = self.facts();
        let command = self.command();
        let mut out = String::new();
        for d in &self.decls {
            out.push_str(&d.head);
            if d.head.starts_with("enum") {
                out.push('\n');
                continue;
            }
            out.push_str(" {");
            if !d.fields.is_empty() {
                out.push_str("\n  ");
                out.push_str(&d.fields.join(",\n  "));
                out.push('\n');
            }
            out.push('}');
            if !d.fact.is_empty() {
                out.push_str(" {\n  ");
                out.push_str(&d.fact.join("\n  "));
                out.push_str("\n}");
            }
            out.push('\n');
        }
        if let Some(p) = &self.pred {
            out.push_str(p);
            out.push('\n');
        }
        for p in &facts {
            out.push_str(p);
            out.push('\n');
        }
        out.push_str(&command);
        out.push('\n');
        Generated {
            source: out,
            features: std::mem::take(&mut self.features),
        }
    }

    // ---- sigs ----

    fn sig_hierarchy(&mut self) {
        let families = *self.rng.pick(&[1, 2, 2, 2, 3, 3]);
        let mut has_enum = false;
        for (fam, letter) in ["A", "B", "C"].iter().enumerate().take(families) {
            let roll = self.rng.below(100);
            if roll < 15 && !has_enum && fam > 0 {
                has_enum = true;
                let e = self.add_sig("E", Kind::Enum, None, None);
                let n = 2 + self.rng.below(2);
                let names: Vec<&str> = ["Ea", "Eb", "Ec"][..n].to_vec();
                for m in &names {
                    self.add_sig(m, Kind::Member(e), Some("one"), None);
                }
                self.add_decl(format!("enum E {{ {} }}", names.join(", ")), false);
                self.feature("enum");
            } else if roll < 55 {
                let mult = self.maybe_mult(25);
                let abs = mult.is_none() && self.rng.chance(10);
                self.add_sig(letter, Kind::Top, mult, None);
                self.add_decl(format!("{}{}sig {letter}", qual(abs), mult_q(mult)), true);
                if mult.is_some() {
                    self.feature("one/lone/some top-level sig");
                }
                if abs {
                    self.feature("abstract sig without children");
                }
            } else {
                let mult = self.maybe_mult(15);
                let abs = self.rng.chance(50);
                let top = self.add_sig(letter, Kind::Top, mult, None);
                self.add_decl(format!("{}{}sig {letter}", qual(abs), mult_q(mult)), true);
                self.feature("extends");
                if mult.is_some() {
                    self.feature("one/lone/some top-level sig");
                }
                if abs {
                    self.feature("abstract sig with children");
                }
                let nchildren = 1 + self.rng.below(2);
                let names: Vec<String> = (1..=nchildren).map(|i| format!("{letter}{i}")).collect();
                let mut first = None;
                if nchildren == 2 && self.rng.chance(35) {
                    let m = self.maybe_mult(30);
                    for n in &names {
                        let k = self.add_sig(n, Kind::Extends(top), m, None);
                        first.get_or_insert(k);
                    }
                    let head = format!("{}sig {} extends {letter}", mult_q(m), names.join(", "));
                    self.add_decl(head, false);
                    self.feature("several sigs in one extends declaration");
                    if m.is_some() {
                        self.feature("multiplicity on an extends sig");
                    }
                } else {
                    for n in &names {
                        let m = self.maybe_mult(30);
                        let k = self.add_sig(n, Kind::Extends(top), m, None);
                        first.get_or_insert(k);
                        self.add_decl(format!("{}sig {n} extends {letter}", mult_q(m)), true);
                        if m.is_some() {
                            self.feature("multiplicity on an extends sig");
                        }
                    }
                }
                if self.rng.chance(20) {
                    let first = first.expect("a child");
                    let m = self.maybe_mult(30);
                    let abs = m.is_none() && self.rng.chance(20);
                    let name = format!("{letter}11");
                    self.add_sig(&name, Kind::Extends(first), m, None);
                    let head = format!("{}{}sig {name} extends {}", qual(abs), mult_q(m), names[0]);
                    self.add_decl(head, true);
                    self.feature("grandchild sig");
                    if m.is_some() {
                        self.feature("multiplicity on an extends sig");
                    }
                }
            }
        }
    }

    fn subset_sigs(&mut self) {
        let count = *self.rng.pick(&[0, 0, 1, 1, 1, 2, 2]);
        let mut made = 0;
        while made < count {
            let form = self.rng.below(10);
            let a = self.rng.below(self.sigs.len());
            let b = self.rng.below(self.sigs.len());
            let (ext, parents) = if form < 4 || a == b {
                (format!("in {}", self.sigs[a].name), vec![a])
            } else {
                let op = if form < 7 { "in" } else { "=" };
                (
                    format!("{op} {} + {}", self.sigs[a].name, self.sigs[b].name),
                    vec![a, b],
                )
            };
            self.feature(match (ext.starts_with('='), parents.len()) {
                (false, 1) => "subset sig in one parent",
                (false, _) => "subset sig in a union",
                (true, _) => "subset sig equal to a union",
            });
            let mut ty = self.sigs[parents[0]].ty.clone();
            for &p in &parents[1..] {
                ty = union_ty(&ty, &self.sigs[p].ty);
            }
            let mult = self.maybe_mult(50);
            if mult.is_some() {
                self.feature("multiplicity on a subset sig");
            }
            let two = made + 1 < count && self.rng.chance(40);
            let names: Vec<String> = if two {
                vec![format!("S{made}"), format!("S{}", made + 1)]
            } else {
                vec![format!("S{made}")]
            };
            if two {
                self.feature("several subset sigs in one declaration");
            }
            for n in &names {
                self.add_sig(n, Kind::Subset, mult, Some(ty.clone()));
            }
            self.add_decl(
                format!("{}sig {} {ext}", mult_q(mult), names.join(", ")),
                !two,
            );
            made += names.len();
        }
    }

    // ---- fields ----

    fn unary_sig_items(&self) -> Vec<Item> {
        self.sigs
            .iter()
            .map(|s| Item {
                text: s.name.clone(),
                ty: s.ty.clone(),
            })
            .collect()
    }

    /// A unary bound: a sig or the union of two.
    fn unary_bound(&mut self) -> Item {
        let sigs = self.unary_sig_items();
        let a = self.rng.pick(&sigs).clone();
        if self.rng.chance(25) {
            let b = self.rng.pick(&sigs).clone();
            if b.text != a.text {
                return Item {
                    text: format!("{} + {}", a.text, b.text),
                    ty: union_ty(&a.ty, &b.ty),
                };
            }
        }
        a
    }

    fn fresh_field(&mut self) -> String {
        let n = self.fields.len();
        format!("f{n}")
    }

    fn field_decls(&mut self) {
        let count = *self.rng.pick(&[0, 1, 1, 2, 2, 2, 3]);
        for _ in 0..count {
            let hosts: Vec<usize> = (0..self.sigs.len())
                .filter(|&s| self.decls[self.sigs[s].decl].open)
                .collect();
            let hosts: Vec<usize> = hosts
                .into_iter()
                .filter(|&s| self.sigs[s].kind != Kind::Subset || self.rng.chance(30))
                .collect();
            if hosts.is_empty() {
                return;
            }
            let host = *self.rng.pick(&hosts);
            let host_ty = self.sigs[host].ty.clone();
            let form = self.rng.below(100);
            let (disj, disj_bound, bound_text, bound_ty);
            if form < 20 {
                // A m -> n B
                let sigs = self.unary_sig_items();
                let a = self.rng.pick(&sigs).clone();
                let b = self.rng.pick(&sigs).clone();
                let arrows = ["", "one ", "lone ", "some ", "set "];
                let m1 = *self.rng.pick(&arrows);
                let m2 = *self.rng.pick(&arrows);
                if !m1.is_empty() || !m2.is_empty() {
                    self.feature("arrow multiplicity in a field");
                }
                self.feature("arrow field");
                bound_text = format!("{} {m1}-> {m2}{}", a.text, b.text);
                bound_ty = product(&a.ty, &b.ty);
                disj = false;
                disj_bound = self.rng.chance(15);
            } else {
                let t = self.unary_bound();
                if t.text.contains('+') {
                    self.feature("union as a field bound");
                }
                let m = *self.rng.pick(&["", "set ", "one ", "lone ", "some "]);
                self.feature(match m {
                    "" => "field without multiplicity (one)",
                    "set " => "set field",
                    "one " => "one field",
                    "lone " => "lone field",
                    _ => "some field",
                });
                bound_text = format!("{m}{}", t.text);
                bound_ty = t.ty;
                disj = form < 50;
                disj_bound = (40..70).contains(&form);
            }
            let extra = if !disj {
                0
            } else if self.rng.chance(25) {
                2
            } else {
                1
            };
            if disj {
                self.feature("disj over several fields");
            }
            if disj_bound {
                self.feature("disj field bound");
            }
            if self.sigs[host].kind == Kind::Subset {
                self.feature("field of a subset sig");
            }
            let full = product(&host_ty, &bound_ty);
            let mut names = Vec::new();
            for _ in 0..=extra {
                let name = self.fresh_field();
                self.fields.push(GField {
                    name: name.clone(),
                    sig: host,
                    ty: full.clone(),
                });
                names.push(name);
            }
            let text = format!(
                "{}{}: {}{}",
                if disj { "disj " } else { "" },
                names.join(", "),
                if disj_bound { "disj " } else { "" },
                bound_text
            );
            let d = self.sigs[host].decl;
            self.decls[d].fields.push(text);
        }
    }

    // ---- environments ----

    /// Sigs and whole fields: the names of a fact, a pred body or the run body.
    fn base_env(&self) -> Vec<Item> {
        let mut env = self.unary_sig_items();
        for f in &self.fields {
            env.push(Item {
                text: f.name.clone(),
                ty: f.ty.clone(),
            });
        }
        env
    }

    /// The names of a sig fact of `s`: fields of `s` and (for a primitive sig) of its
    /// ancestors are joined with `this` (`@f` is the whole field); fields of unrelated
    /// primitive sigs are whole relations. Fields of other subset sigs, and in a subset
    /// sig's fact any other field, are left out (Alloy's rule there is not exercised).
    fn sig_fact_env(&mut self, s: usize) -> Vec<Item> {
        let mut env = self.unary_sig_items();
        env.push(Item {
            text: "this".into(),
            ty: self.sigs[s].ty.clone(),
        });
        let subset = self.sigs[s].kind == Kind::Subset;
        let fields: Vec<(String, usize, Ty)> = self
            .fields
            .iter()
            .map(|f| (f.name.clone(), f.sig, f.ty.clone()))
            .collect();
        for (name, sig, ty) in fields {
            let other_subset = sig != s && self.sigs[sig].kind == Kind::Subset;
            if other_subset || (subset && sig != s) {
                continue;
            }
            if sig == s || self.ancestor_or_self(sig, s) {
                env.push(Item {
                    text: name.clone(),
                    ty: drop_first(&ty),
                });
                if sig != s {
                    self.feature("inherited field in a sig fact");
                }
                if self.rng.chance(30) {
                    env.push(Item {
                        text: format!("@{name}"),
                        ty,
                    });
                }
            } else {
                env.push(Item { text: name, ty });
            }
        }
        env
    }

    fn sig_facts(&mut self) {
        for d in 0..self.decls.len() {
            if !self.decls[d].open || !self.rng.chance(25) {
                continue;
            }
            let s = self
                .sigs
                .iter()
                .position(|g| g.decl == d)
                .expect("an open declaration has a sig");
            let env = self.sig_fact_env(s);
            let n = 1 + self.rng.chance(25) as usize;
            for _ in 0..n {
                let f = self.formula(&env, 2);
                if f.contains('@') {
                    self.feature("raw field (@) in a sig fact");
                }
                self.decls[d].fact.push(f);
            }
            self.feature("sig fact");
        }
    }

    fn fresh_var(&mut self) -> String {
        self.next_var += 1;
        format!("x{}", self.next_var - 1)
    }

    fn pred(&mut self) {
        if !self.rng.chance(30) {
            return;
        }
        let sigs = self.unary_sig_items();
        let mut env = self.base_env();
        let mut texts = Vec::new();
        for _ in 0..1 + self.rng.below(2) {
            let bound = self.rng.pick(&sigs).clone();
            let disj = self.rng.chance(40);
            let names: Vec<String> = (0..1 + disj as usize).map(|_| self.fresh_var()).collect();
            let m = *self
                .rng
                .pick(&["", "", "", "set ", "lone ", "some ", "one "]);
            if disj {
                self.feature("disj pred parameters");
            }
            texts.push(format!(
                "{}{}: {m}{}",
                if disj { "disj " } else { "" },
                names.join(", "),
                bound.text
            ));
            for n in names {
                env.push(Item {
                    text: n,
                    ty: bound.ty.clone(),
                });
            }
        }
        self.feature("pred run with parameters");
        let body: Vec<String> = (0..1 + self.rng.below(2))
            .map(|_| self.formula(&env, 2))
            .collect();
        self.pred = Some(format!(
            "pred p0[{}] {{\n  {}\n}}",
            texts.join(", "),
            body.join("\n  ")
        ));
    }

    fn facts(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        let n = *self.rng.pick(&[0, 0, 0, 1, 1, 2]);
        let env = self.base_env();
        for i in 0..n {
            let k = 1 + self.rng.chance(25) as usize;
            let body: Vec<String> = (0..k).map(|_| self.formula(&env, 3)).collect();
            let name = if self.rng.chance(50) {
                format!(" F{i}")
            } else {
                String::new()
            };
            out.push(format!("fact{name} {{\n  {}\n}}", body.join("\n  ")));
            self.feature("fact");
        }
        out
    }

    // ---- the command ----

    fn command(&mut self) -> String {
        let target = match self.pred {
            Some(_) => "p0".to_string(),
            None => {
                let env = self.base_env();
                let body = if self.rng.chance(35) {
                    String::new()
                } else {
                    self.formula(&env, 3)
                };
                format!("{{ {body} }}")
            }
        };
        // Sigs that may take an explicit scope: primitive, not enum, no multiplicity.
        let scopable: Vec<usize> = (0..self.sigs.len())
            .filter(|&s| matches!(self.sigs[s].kind, Kind::Top | Kind::Extends(_)))
            .filter(|&s| self.sigs[s].mult.is_none())
            .collect();
        let tops: Vec<usize> = (0..self.sigs.len())
            .filter(|&s| self.sigs[s].kind == Kind::Top)
            .collect();
        let roll = self.rng.below(100);
        if roll < 8 {
            self.feature("default scope");
            return format!("run {target}");
        }
        let mut entries: Vec<String> = Vec::new();
        // Type scopes only: every top-level sig needs one (one/lone sigs have theirs).
        if roll < 20 && tops.iter().all(|&t| self.sigs[t].mult != Some("some")) {
            for &s in &scopable {
                if tops.contains(&s) || self.rng.chance(30) {
                    entries.push(self.scope_entry(s));
                }
            }
            if !entries.is_empty() {
                self.feature("type scopes only");
                return format!("run {target} for {}", entries.join(", "));
            }
        }
        let overall = 1 + self.rng.below(3);
        let mut scoped = Vec::new();
        for _ in 0..self.rng.below(3) {
            if scopable.is_empty() {
                break;
            }
            let s = *self.rng.pick(&scopable);
            if !scoped.contains(&s) {
                scoped.push(s);
                entries.push(self.scope_entry(s));
            }
        }
        if entries.is_empty() {
            format!("run {target} for {overall}")
        } else {
            self.feature("but scope");
            format!("run {target} for {overall} but {}", entries.join(", "))
        }
    }

    /// `[exactly] n S` for a random small `n`.
    fn scope_entry(&mut self, s: usize) -> String {
        let exact = self.rng.chance(30);
        let n = self.rng.below(if exact { 3 } else { 4 });
        if exact {
            self.feature("exactly scope");
        }
        format!(
            "{}{n} {}",
            if exact { "exactly " } else { "" },
            self.sigs[s].name
        )
    }

    // ---- expressions and formulas ----

    /// A random expression over `env`.
    fn expr(&mut self, env: &[Item], depth: usize) -> Item {
        for _ in 0..20 {
            if let Some(e) = self.try_expr(env, depth) {
                return e;
            }
        }
        self.rng.pick(env).clone()
    }

    /// A random expression over `env` of the given arity, if one is found.
    fn expr_of_arity(&mut self, env: &[Item], depth: usize, arity: usize) -> Option<Item> {
        for _ in 0..20 {
            if let Some(e) = self.try_expr(env, depth)
                && e.ty.arity == arity
            {
                return Some(e);
            }
        }
        let fitting: Vec<&Item> = env.iter().filter(|i| i.ty.arity == arity).collect();
        if fitting.is_empty() {
            None
        } else {
            Some((*self.rng.pick(&fitting)).clone())
        }
    }

    fn try_expr(&mut self, env: &[Item], depth: usize) -> Option<Item> {
        let base = self.rng.pick(env).clone();
        if depth == 0 || self.rng.chance(40) {
            return Some(base);
        }
        let a = self.try_expr(env, depth - 1)?;
        match self.rng.below(6) {
            0 | 1 => {
                // a.b with b a name of env
                let b = self.rng.pick(env).clone();
                let ty = self.join_ty(&a.ty, &b.ty)?;
                Some(Item {
                    text: format!("{}.{}", operand(&a.text), operand(&b.text)),
                    ty,
                })
            }
            2 => {
                let b = self.try_expr(env, depth - 1)?;
                if b.ty.arity != a.ty.arity {
                    return None;
                }
                Some(Item {
                    text: format!("{} + {}", operand(&a.text), operand(&b.text)),
                    ty: union_ty(&a.ty, &b.ty),
                })
            }
            3 => {
                let b = self.try_expr(env, depth - 1)?;
                if !self.types_meet(&a.ty, &b.ty) {
                    return None;
                }
                let op = *self.rng.pick(&["&", "-"]);
                let ty = if op == "-" {
                    a.ty.clone()
                } else {
                    self.intersect_ty(&a.ty, &b.ty)
                };
                Some(Item {
                    text: format!("{} {op} {}", operand(&a.text), operand(&b.text)),
                    ty,
                })
            }
            4 => {
                let b = self.try_expr(env, depth - 1)?;
                if a.ty.arity + b.ty.arity > 2 {
                    return None;
                }
                Some(Item {
                    text: format!("{} -> {}", operand(&a.text), operand(&b.text)),
                    ty: product(&a.ty, &b.ty),
                })
            }
            _ => {
                if a.ty.arity != 2 {
                    return None;
                }
                let prods = a.ty.prods.iter().map(|p| vec![p[1], p[0]]).collect();
                Some(Item {
                    text: format!("~{}", operand(&a.text)),
                    ty: Ty { arity: 2, prods },
                })
            }
        }
    }

    fn intersect_ty(&self, a: &Ty, b: &Ty) -> Ty {
        let mut prods: Vec<Vec<usize>> = Vec::new();
        for p in &a.prods {
            for q in &b.prods {
                let m: Option<Vec<usize>> =
                    p.iter().zip(q).map(|(x, y)| self.meet(*x, *y)).collect();
                if let Some(m) = m
                    && !prods.contains(&m)
                {
                    prods.push(m);
                }
            }
        }
        Ty {
            arity: a.arity,
            prods,
        }
    }

    /// A random formula over `env`.
    fn formula(&mut self, env: &[Item], depth: usize) -> String {
        if depth > 0 {
            match self.rng.below(10) {
                0 => return format!("!{}", operand_f(&self.formula(env, depth - 1))),
                1 | 2 => {
                    // Disjunctions outnumber conjunctions, so that fewer models are unsatisfiable.
                    let op = *self
                        .rng
                        .pick(&["&&", "||", "=>", "<=>", "and", "or", "||", "=>"]);
                    let a = self.formula(env, depth - 1);
                    let b = self.formula(env, depth - 1);
                    return format!("{} {op} {}", operand_f(&a), operand_f(&b));
                }
                3 | 4 => return self.quantified(env, depth),
                5 if self.rng.chance(40) => {
                    let e = self.expr(env, 1);
                    let v = self.fresh_var();
                    let mut inner = env.to_vec();
                    inner.push(Item {
                        text: v.clone(),
                        ty: e.ty.clone(),
                    });
                    self.feature("let");
                    let body = self.formula(&inner, depth - 1);
                    return format!("(let {v} = {} | {body})", e.text);
                }
                _ => {}
            }
        }
        self.atomic(env)
    }

    fn quantified(&mut self, env: &[Item], depth: usize) -> String {
        let q = *self.rng.pick(&["all", "some", "no", "lone", "one"]);
        let bound = self.unary_bound();
        let two = matches!(q, "all" | "some" | "no") && self.rng.chance(40);
        let disj = two && self.rng.chance(60);
        if disj {
            self.feature("disj quantifier");
        }
        let names: Vec<String> = (0..1 + two as usize).map(|_| self.fresh_var()).collect();
        let mut inner = env.to_vec();
        for n in &names {
            inner.push(Item {
                text: n.clone(),
                ty: bound.ty.clone(),
            });
        }
        let body = self.formula(&inner, depth - 1);
        format!(
            "({q} {}{}: {} | {body})",
            if disj { "disj " } else { "" },
            names.join(", "),
            bound.text
        )
    }

    fn atomic(&mut self, env: &[Item]) -> String {
        match self.rng.below(7) {
            0..=3 => {
                let m = *self.rng.pick(&["some", "no", "lone", "one"]);
                let e = self.expr(env, 2);
                format!("{m} {}", operand(&e.text))
            }
            _ => {
                let a = self.expr(env, 2);
                let op = *self.rng.pick(&["in", "=", "!=", "not in"]);
                match self.expr_of_arity(env, 1, a.ty.arity) {
                    Some(b) => format!("{} {op} {}", operand(&a.text), operand(&b.text)),
                    None => format!("some {}", operand(&a.text)),
                }
            }
        }
    }
}

/// A formula as an operand of a connective: parenthesized unless already a group.
fn operand_f(text: &str) -> String {
    if text.starts_with('(') && text.ends_with(')') && balanced_outer(text) {
        text.to_string()
    } else {
        format!("({text})")
    }
}

/// Whether the first parenthesis of `text` closes at its last character.
fn balanced_outer(text: &str) -> bool {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return i == text.len() - 1;
                }
            }
            _ => {}
        }
    }
    false
}
