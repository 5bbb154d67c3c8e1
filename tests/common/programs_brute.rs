//! Random program sets for `solder programs`, and a brute-force referee that runs them.
//!
//! The referee is written from the README's section "Programs under weak isolation" and
//! shares no code with `src/programs`: it has its own syntax tree (which the generator
//! builds and prints as a program file), its own interpreter of the statements and its
//! own dependency graph and levels. For a bound of K instances and N records per table
//! (N values per domain) it enumerates every execution: every database of at most N
//! records per table (their values, which exist initially), every sequence of 2 to K
//! instances (program and parameters; the sequence is the arbitration order), every
//! visibility inside it, and every way each instance may run on its snapshot. What the
//! README lets an instance do:
//!
//! - A value is a parameter, a column of the record at hand (WHERE, SET), `v.col` of a
//!   FOREACH variable (its record's value) or `x.col` of a local (the values over its
//!   records; none is NULL). Mutable columns (those some UPDATE sets), literals,
//!   arithmetic and locals as values are abstract.
//! - `=` and `!=` between known values of one sort are exact (a local's column: equal
//!   when one of its values is, NULL when it holds no record); any other comparison may
//!   be true or false, independently of every other; AND, OR, NOT are SQL's.
//! - A WHERE clause selects the existing records on which its condition is true; its
//!   candidates (whose tested mutable columns and `Alive` it reads) are the records on
//!   which it may be true, existing or not. MIN/MAX of a domain column selects the
//!   records with the least (greatest) value of those, and reads only the candidates up
//!   to (from) it.
//! - INSERT adds a record its snapshot lacks, with the values it gives (a local's
//!   column: one of its values; none: it cannot run); the instance's own INSERTs and
//!   DELETEs count. IF takes its first branch when the condition is true. FOREACH runs
//!   its body once per record of the local, in order.
//! - A read of a location that a statement done before it wrote (inside FOREACH: a
//!   statement before the outermost loop around it) sees the instance's own version and
//!   depends on no other instance. Any other read sees the version of the ar-last
//!   visible writer; a record exists in a
//!   snapshot when the ar-last visible writer of its `Alive` left it existing (or none
//!   did and it existed initially).
//!
//! The dependency graph (wr, ww, rw) and the levels (RA, CC, PC, PSI, SI, SER, RC per statement, and a few
//! axioms a program file may define) are the library's, restated here over masks.
#![allow(dead_code)]

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::rc::Rc;

use super::random_problem::Rng;

// ---------------------------------------------------------------------------------------
// Program sets

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sort {
    /// A domain, by index into `Set::domains`.
    Dom(usize),
    /// int: abstract values.
    Val,
}

#[derive(Clone, Debug)]
pub struct Col {
    pub name: String,
    pub sort: Sort,
    /// `not null`: storing NULL (a local's column when it holds no record) fails.
    pub not_null: bool,
}

/// A table: its first column is the key.
#[derive(Clone, Debug)]
pub struct Table {
    pub name: String,
    pub cols: Vec<Col>,
}

#[derive(Clone, Debug)]
pub enum E {
    Num(i64),
    Name(String),
    Dot(String, String),
    Add(Box<E>, Box<E>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Eq,
    Ne,
    Lt,
    Gt,
}

#[derive(Clone, Debug)]
pub enum C {
    True,
    Cmp(E, Op, E),
    Not(Box<C>),
    And(Box<C>, Box<C>),
    Or(Box<C>, Box<C>),
}

#[derive(Clone, Debug)]
pub enum Item {
    Star,
    Col(String),
    Count,
    Sum(String),
    Min(String),
    Max(String),
}

#[derive(Clone, Debug)]
pub enum Q {
    Select {
        items: Vec<Item>,
        table: usize,
        filter: Option<C>,
    },
    Update {
        table: usize,
        sets: Vec<(String, E)>,
        filter: Option<C>,
    },
    Insert {
        table: usize,
        values: Vec<(String, E)>,
    },
    Delete {
        table: usize,
        filter: Option<C>,
    },
}

impl Q {
    fn table(&self) -> usize {
        match self {
            Q::Select { table, .. }
            | Q::Update { table, .. }
            | Q::Insert { table, .. }
            | Q::Delete { table, .. } => *table,
        }
    }
    fn filter(&self) -> Option<&C> {
        match self {
            Q::Select { filter, .. } | Q::Update { filter, .. } | Q::Delete { filter, .. } => {
                filter.as_ref()
            }
            Q::Insert { .. } => None,
        }
    }
}

#[derive(Clone, Debug)]
pub enum St {
    Sql(Option<String>, Q),
    If(C, Vec<St>, Vec<St>),
    Foreach(String, String, Vec<St>),
    /// The transaction aborts: a run that reaches it commits nothing and is in no
    /// execution.
    Rollback,
}

#[derive(Clone, Debug)]
pub struct Prog {
    pub name: String,
    pub params: Vec<(String, Sort)>,
    pub body: Vec<St>,
}

/// A level a program file defines, as an axiom the referee can decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axiom {
    /// `vis.vis in vis`
    Transitive,
    /// `ar.vis in vis`
    Prefix,
    /// `vis = ar`
    Total,
    /// `no vis`
    Blind,
}

impl Axiom {
    fn alloy(self) -> &'static str {
        match self {
            Axiom::Transitive => "vis.vis in vis",
            Axiom::Prefix => "ar.vis in vis",
            Axiom::Total => "vis = ar",
            Axiom::Blind => "no vis",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Set {
    pub domains: Vec<String>,
    pub tables: Vec<Table>,
    pub progs: Vec<Prog>,
    pub levels: Vec<(String, Axiom)>,
    /// Instances (K) and records per table (N).
    pub bound: usize,
    pub records: usize,
    /// Per table: `assume exists` (a row for every key, existing initially).
    pub assumed: Vec<bool>,
}

// ---------------------------------------------------------------------------------------
// Printing a set as a program file

fn sort_name(set: &Set, s: Sort) -> String {
    match s {
        Sort::Dom(d) => set.domains[d].clone(),
        Sort::Val => "int".into(),
    }
}

fn expr_text(e: &E) -> String {
    match e {
        E::Num(n) => n.to_string(),
        E::Name(n) => n.clone(),
        E::Dot(x, c) => format!("{x}.{c}"),
        E::Add(a, b) => format!("{} + {}", expr_text(a), expr_text(b)),
    }
}

fn cond_text(c: &C) -> String {
    match c {
        C::True => "true".into(),
        C::Cmp(a, op, b) => {
            let op = match op {
                Op::Eq => "=",
                Op::Ne => "!=",
                Op::Lt => "<",
                Op::Gt => ">",
            };
            format!("{} {op} {}", expr_text(a), expr_text(b))
        }
        C::Not(a) => format!("NOT ({})", cond_text(a)),
        C::And(a, b) => format!("({} AND {})", cond_text(a), cond_text(b)),
        C::Or(a, b) => format!("({} OR {})", cond_text(a), cond_text(b)),
    }
}

impl Set {
    /// The same set with every ROLLBACK taken out.
    pub fn without_rollbacks(&self) -> Set {
        fn strip(body: &[St]) -> Vec<St> {
            body.iter()
                .filter(|s| !matches!(s, St::Rollback))
                .map(|s| match s {
                    St::If(c, a, b) => St::If(c.clone(), strip(a), strip(b)),
                    St::Foreach(v, x, b) => St::Foreach(v.clone(), x.clone(), strip(b)),
                    other => other.clone(),
                })
                .collect()
        }
        let mut out = self.clone();
        for p in &mut out.progs {
            p.body = strip(&p.body);
        }
        out
    }

    pub fn text(&self) -> String {
        let mut out = String::new();
        for t in &self.tables {
            let cols: Vec<String> = t
                .cols
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    format!(
                        "{}: {}{}{}",
                        c.name,
                        sort_name(self, c.sort),
                        if i == 0 { " key" } else { "" },
                        if c.not_null { " not null" } else { "" }
                    )
                })
                .collect();
            let _ = writeln!(out, "table {} ({})", t.name, cols.join(", "));
        }
        for p in &self.progs {
            let params: Vec<String> = p
                .params
                .iter()
                .map(|(n, s)| format!("{n}: {}", sort_name(self, *s)))
                .collect();
            let _ = writeln!(out, "program {}({}) {{", p.name, params.join(", "));
            self.block_text(&p.body, 1, &mut out);
            let _ = writeln!(out, "}}");
        }
        for (name, axiom) in &self.levels {
            let _ = writeln!(out, "level {name} {{ {} }}", axiom.alloy());
        }
        for (t, _) in self.assumed.iter().enumerate().filter(|(_, a)| **a) {
            let _ = writeln!(out, "assume exists {};", self.tables[t].name);
        }
        out
    }

    fn block_text(&self, body: &[St], depth: usize, out: &mut String) {
        let pad = "  ".repeat(depth);
        for s in body {
            match s {
                St::Sql(assign, q) => {
                    let lhs = assign
                        .as_ref()
                        .map_or(String::new(), |x| format!("{x} := "));
                    let filter = |f: &Option<C>| {
                        f.as_ref()
                            .map_or(String::new(), |c| format!(" WHERE {}", cond_text(c)))
                    };
                    let sql = match q {
                        Q::Select {
                            items,
                            table,
                            filter: f,
                        } => {
                            let items: Vec<String> = items
                                .iter()
                                .map(|i| match i {
                                    Item::Star => "*".into(),
                                    Item::Col(c) => c.clone(),
                                    Item::Count => "COUNT(*)".into(),
                                    Item::Sum(c) => format!("SUM({c})"),
                                    Item::Min(c) => format!("MIN({c})"),
                                    Item::Max(c) => format!("MAX({c})"),
                                })
                                .collect();
                            format!(
                                "SELECT {} FROM {}{}",
                                items.join(", "),
                                self.tables[*table].name,
                                filter(f)
                            )
                        }
                        Q::Update {
                            table,
                            sets,
                            filter: f,
                        } => {
                            let sets: Vec<String> = sets
                                .iter()
                                .map(|(c, e)| format!("{c} = {}", expr_text(e)))
                                .collect();
                            format!(
                                "UPDATE {} SET {}{}",
                                self.tables[*table].name,
                                sets.join(", "),
                                filter(f)
                            )
                        }
                        Q::Insert { table, values } => {
                            let values: Vec<String> = values
                                .iter()
                                .map(|(c, e)| format!("{c} = {}", expr_text(e)))
                                .collect();
                            format!(
                                "INSERT INTO {} VALUES ({})",
                                self.tables[*table].name,
                                values.join(", ")
                            )
                        }
                        Q::Delete { table, filter: f } => {
                            format!("DELETE FROM {}{}", self.tables[*table].name, filter(f))
                        }
                    };
                    let _ = writeln!(out, "{pad}{lhs}{sql};");
                }
                St::If(c, then, els) => {
                    let _ = writeln!(out, "{pad}IF {} {{", cond_text(c));
                    self.block_text(then, depth + 1, out);
                    if els.is_empty() {
                        let _ = writeln!(out, "{pad}}}");
                    } else {
                        let _ = writeln!(out, "{pad}}} ELSE {{");
                        self.block_text(els, depth + 1, out);
                        let _ = writeln!(out, "{pad}}}");
                    }
                }
                St::Rollback => {
                    let _ = writeln!(out, "{pad}ROLLBACK;");
                }
                St::Foreach(v, x, body) => {
                    let _ = writeln!(out, "{pad}FOREACH {v} IN {x} {{");
                    self.block_text(body, depth + 1, out);
                    let _ = writeln!(out, "{pad}}}");
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Random sets

/// What the generator knows in a program's scope.
#[derive(Clone)]
struct Scope {
    params: Vec<(String, Sort)>,
    /// Locals: (name, table, whether a FOREACH variable).
    locals: Vec<(String, usize, bool)>,
    fresh: usize,
}

struct Gen<'a> {
    rng: &'a mut Rng,
    tables: Vec<Table>,
}

impl Gen<'_> {
    /// An expression of sort `s` outside any record (IF, INSERT), or with the columns of
    /// table `row` at hand.
    fn expr(&mut self, s: Sort, row: Option<usize>, scope: &Scope) -> Option<E> {
        let mut options: Vec<E> = Vec::new();
        for (p, ps) in &scope.params {
            if *ps == s {
                options.push(E::Name(p.clone()));
            }
        }
        for (x, t, _) in &scope.locals {
            for c in &self.tables[*t].cols {
                if c.sort == s {
                    options.push(E::Dot(x.clone(), c.name.clone()));
                }
            }
        }
        if let Some(t) = row {
            for c in &self.tables[t].cols {
                if c.sort == s {
                    options.push(E::Name(c.name.clone()));
                }
            }
        }
        if s == Sort::Val {
            options.push(E::Num(self.rng.below(3) as i64));
            if let Some(t) = row
                && self.rng.chance(30)
            {
                let c = self.tables[t].cols.last().unwrap().name.clone();
                options.push(E::Add(Box::new(E::Name(c)), Box::new(E::Num(1))));
            }
        }
        (!options.is_empty()).then(|| self.rng.pick(&options).clone())
    }

    /// A comparison of two expressions of one sort.
    fn cmp(&mut self, row: Option<usize>, scope: &Scope) -> C {
        let mut sorts: Vec<Sort> = scope.params.iter().map(|(_, s)| *s).collect();
        if let Some(t) = row {
            sorts.extend(self.tables[t].cols.iter().map(|c| c.sort));
        }
        for (_, t, _) in &scope.locals {
            sorts.extend(self.tables[*t].cols.iter().map(|c| c.sort));
        }
        if sorts.is_empty() {
            return C::True;
        }
        let s = *self.rng.pick(&sorts);
        // With a record at hand, compare one of its columns (a WHERE clause).
        let a = match row {
            Some(t) => {
                let cols: Vec<&Col> = self.tables[t].cols.iter().filter(|c| c.sort == s).collect();
                match cols.as_slice() {
                    [] => self.expr(s, row, scope),
                    cs => Some(E::Name(self.rng.pick(cs).name.clone())),
                }
            }
            None => self.expr(s, row, scope),
        };
        let (Some(a), Some(b)) = (a, self.expr(s, row, scope)) else {
            return C::True;
        };
        let op = match self.rng.below(10) {
            0..=5 => Op::Eq,
            6 | 7 => Op::Ne,
            8 => Op::Lt,
            _ => Op::Gt,
        };
        C::Cmp(a, op, b)
    }

    fn cond(&mut self, row: Option<usize>, scope: &Scope, depth: usize) -> C {
        match if depth == 0 { 0 } else { self.rng.below(10) } {
            0..=5 => self.cmp(row, scope),
            6 => C::Not(Box::new(self.cond(row, scope, depth - 1))),
            7 | 8 => C::And(
                Box::new(self.cond(row, scope, depth - 1)),
                Box::new(self.cond(row, scope, depth - 1)),
            ),
            _ => C::Or(
                Box::new(self.cond(row, scope, depth - 1)),
                Box::new(self.cond(row, scope, depth - 1)),
            ),
        }
    }

    fn filter(&mut self, table: usize, scope: &Scope) -> Option<C> {
        (!self.rng.chance(10)).then(|| self.cond(Some(table), scope, 2))
    }

    /// A statement (inside a FOREACH body, the caller checks that a table changed by
    /// INSERT or DELETE is touched once).
    fn stmt(&mut self, scope: &mut Scope, depth: usize) -> St {
        let t = self.rng.below(self.tables.len());
        let table = self.tables[t].clone();
        let mutable = table.cols.last().unwrap().name.clone();
        let in_loop = scope.locals.iter().any(|l| l.2);
        // Loops, and IFs and loops inside loops, often: they are where the semantics is
        // most intricate.
        let loop_chance = if in_loop { 20 } else { 35 };
        let pick = if depth > 0 && scope.locals.iter().any(|l| !l.2) && self.rng.chance(loop_chance)
        {
            19
        } else if depth > 0 && in_loop && self.rng.chance(30) {
            14
        } else {
            self.rng.below(19)
        };
        let loopable: Vec<(String, usize, bool)> = scope
            .locals
            .iter()
            .filter(|(_, _, row)| !row)
            .cloned()
            .collect();
        match pick {
            0..=5 => {
                let items = match self.rng.below(7) {
                    0 => vec![Item::Star],
                    1 => vec![Item::Count],
                    2 => vec![Item::Sum(mutable.clone())],
                    3 => vec![Item::Min(table.cols[0].name.clone())],
                    4 => vec![Item::Max(table.cols[0].name.clone())],
                    5 if table.cols.len() > 2 => {
                        let c = &table.cols[1];
                        if matches!(c.sort, Sort::Dom(_)) {
                            vec![Item::Min(c.name.clone())]
                        } else {
                            vec![Item::Col(c.name.clone())]
                        }
                    }
                    _ => vec![Item::Col(mutable.clone())],
                };
                let filter = self.filter(t, scope);
                let name = format!("x{}", scope.fresh);
                scope.fresh += 1;
                let assign = self.rng.chance(80).then_some(name);
                let q = Q::Select {
                    items,
                    table: t,
                    filter,
                };
                if let Some(x) = &assign {
                    scope.locals.push((x.clone(), t, false));
                }
                St::Sql(assign, q)
            }
            6..=9 => {
                let value = match self.rng.below(3) {
                    0 => E::Add(Box::new(E::Name(mutable.clone())), Box::new(E::Num(1))),
                    1 => self.expr(Sort::Val, Some(t), scope).unwrap_or(E::Num(1)),
                    _ => E::Num(0),
                };
                let filter = self.filter(t, scope);
                St::Sql(
                    None,
                    Q::Update {
                        table: t,
                        sets: vec![(mutable, value)],
                        filter,
                    },
                )
            }
            10 | 11 => {
                let mut values = Vec::new();
                for (i, c) in table.cols.iter().enumerate() {
                    if (i == 0 || self.rng.chance(60))
                        && let Some(e) = self.expr(c.sort, None, scope)
                    {
                        values.push((c.name.clone(), e));
                    }
                }
                St::Sql(None, Q::Insert { table: t, values })
            }
            12 | 13 => {
                let filter = self.filter(t, scope);
                St::Sql(None, Q::Delete { table: t, filter })
            }
            14..=16 if depth > 0 => {
                let c = self.cond(None, scope, 2);
                let len = 1 + self.rng.below(2);
                let then = self.block(scope, depth - 1, len);
                let els = if self.rng.chance(40) {
                    self.block(scope, depth - 1, 1)
                } else {
                    Vec::new()
                };
                St::If(c, then, els)
            }
            19 if depth > 0 && !loopable.is_empty() => {
                let (x, lt, _) = self.rng.pick(&loopable).clone();
                let v = format!("r{}", scope.fresh);
                scope.fresh += 1;
                let mut inner = scope.clone();
                inner.locals.push((v.clone(), lt, true));
                let body = loop {
                    let len = 1 + self.rng.below(2);
                    let body = self.block(&mut inner.clone(), depth - 1, len);
                    if loop_rule_holds(&body) {
                        break body;
                    }
                };
                St::Foreach(v, x, body)
            }
            _ => {
                let filter = self.filter(t, scope);
                St::Sql(
                    None,
                    Q::Select {
                        items: vec![Item::Col(mutable)],
                        table: t,
                        filter,
                    },
                )
            }
        }
    }

    fn block(&mut self, scope: &mut Scope, depth: usize, len: usize) -> Vec<St> {
        let mut inner = scope.clone();
        let body = (0..len).map(|_| self.stmt(&mut inner, depth)).collect();
        scope.fresh = inner.fresh;
        body
    }
}

/// Inside a FOREACH, a table changed by INSERT or DELETE is touched by no other
/// statement (the README's rule; other bodies are refused).
fn loop_rule_holds(body: &[St]) -> bool {
    let mut touched: Vec<(usize, bool)> = Vec::new();
    fn walk(body: &[St], out: &mut Vec<(usize, bool)>) {
        for s in body {
            match s {
                St::Sql(_, q) => {
                    out.push((q.table(), matches!(q, Q::Insert { .. } | Q::Delete { .. })))
                }
                St::If(_, a, b) => {
                    walk(a, out);
                    walk(b, out);
                }
                St::Foreach(_, _, b) => walk(b, out),
                St::Rollback => {}
            }
        }
    }
    walk(body, &mut touched);
    touched
        .iter()
        .filter(|(_, alive)| *alive)
        .all(|(t, _)| touched.iter().filter(|(u, _)| u == t).count() == 1)
}

/// A random program set: 1 to 3 tables, 2 or 3 programs, 2 or 3 instances.
pub fn random_set(seed: u64) -> Set {
    let mut rng = Rng::new(seed);
    let domains: Vec<String> = vec!["K".into(), "G".into()];
    let ntables = 1 + rng.below(3);
    let mut tables = Vec::new();
    for i in 0..ntables {
        let mut cols = vec![Col {
            name: format!("id{i}"),
            sort: Sort::Dom(0),
            not_null: false,
        }];
        match rng.below(3) {
            0 => cols.push(Col {
                name: format!("g{i}"),
                sort: Sort::Dom(1),
                not_null: false,
            }),
            1 => cols.push(Col {
                name: format!("v{i}"),
                sort: Sort::Val,
                not_null: false,
            }),
            _ => {}
        }
        cols.push(Col {
            name: format!("m{i}"),
            sort: Sort::Val,
            not_null: false,
        });
        tables.push(Table {
            name: format!("T{i}"),
            cols,
        });
    }
    let nprogs = 2 + rng.below(2);
    let mut g = Gen {
        rng: &mut rng,
        tables: tables.clone(),
    };
    let mut progs = Vec::new();
    for p in 0..nprogs {
        let mut params = vec![("k".to_string(), Sort::Dom(0))];
        match g.rng.below(4) {
            0 => params.push(("g".into(), Sort::Dom(1))),
            1 => params.push(("v".into(), Sort::Val)),
            2 => params.push(("j".into(), Sort::Dom(0))),
            _ => {}
        }
        let mut scope = Scope {
            params: params.clone(),
            locals: Vec::new(),
            fresh: 0,
        };
        let len = 1 + g.rng.below(3);
        let body = g.block(&mut scope, 2, len);
        progs.push(Prog {
            name: format!("P{p}"),
            params,
            body,
        });
    }
    let mut levels = Vec::new();
    if rng.chance(25) {
        let axiom = *rng.pick(&[Axiom::Transitive, Axiom::Prefix, Axiom::Total, Axiom::Blind]);
        levels.push(("Mine".to_string(), axiom));
    }
    let bound = if rng.chance(35) { 3 } else { 2 };
    // Three records per table where the referee can afford them.
    let records = if bound == 2 && ntables == 1 && rng.chance(40) {
        3
    } else {
        2
    };
    // Drawn apart, so that the sets of earlier seeds stay as they were otherwise.
    let mut extra = Rng::new(seed ^ 0xa55e_0000_0000);
    let assumed = tables.iter().map(|_| extra.chance(12)).collect();
    // Some IFs end their first branch with ROLLBACK.
    fn rollbacks(body: &mut [St], rng: &mut Rng) {
        for s in body {
            match s {
                St::If(_, then, els) => {
                    rollbacks(then, rng);
                    rollbacks(els, rng);
                    if rng.chance(50) {
                        then.push(St::Rollback);
                    }
                }
                St::Foreach(_, _, b) => rollbacks(b, rng),
                St::Sql(..) | St::Rollback => {}
            }
        }
    }
    // Some columns that every INSERT into their table sets are `not null`.
    for (t, table) in tables.iter_mut().enumerate() {
        for c in 1..table.cols.len() {
            let name = table.cols[c].name.clone();
            let mut set_by_every_insert = true;
            for p in &progs {
                walk_queries(&p.body, &mut |q| {
                    if let Q::Insert { table, values } = q
                        && *table == t
                        && !values.iter().any(|(v, _)| *v == name)
                    {
                        set_by_every_insert = false;
                    }
                });
            }
            table.cols[c].not_null = set_by_every_insert && extra.chance(30);
        }
    }
    if extra.chance(50) {
        for p in &mut progs {
            rollbacks(&mut p.body, &mut extra);
        }
    }
    Set {
        domains,
        tables,
        progs,
        levels,
        bound,
        records,
        assumed,
    }
}

// ---------------------------------------------------------------------------------------
// The referee

/// The library's levels, in this order. `postgres-rr` is PostgreSQL's Repeatable Read:
/// snapshot isolation whose write conflicts are per row (of two instances that write a
/// common record, whatever columns, one sees the other) and whose keys are enforced (an
/// INSERT of a record that exists when it runs fails: the last instance before it in the
/// arbitration order to insert or delete the record deleted it, or none did and it did
/// not exist initially).
pub const LEVELS: [&str; 7] = ["RA", "CC", "PC", "PSI", "SI", "SER", "postgres-rr"];

/// For each of the library's levels, then each level of the set: whether some
/// execution of 2 to `bound` instances has a dependency cycle.
pub fn verdicts(set: &Set) -> Vec<bool> {
    over_key_domains(set, |_| {}, Referee::run, each)
}

fn each(a: Vec<bool>, b: Vec<bool>) -> Vec<bool> {
    a.iter().zip(b).map(|(x, y)| x | y).collect()
}

fn either(a: bool, b: bool) -> bool {
    a || b
}

/// Run the referee for every size of the key domain K that a search with N values per
/// domain covers: all N, and, when a table is assumed to hold a row for every key
/// (`assume exists`), 1 to N values too — a smaller domain forces fewer rows, which
/// N values cannot imitate. The answers are joined by `or`.
/// `setup` picks the referee's mode (sessions, PostgreSQL's Read Committed).
fn over_key_domains<'s, T>(
    set: &'s Set,
    setup: impl Fn(&mut Referee<'s>),
    run: impl Fn(&Referee<'s>) -> T,
    or: impl Fn(T, T) -> T,
) -> T {
    let mut referee = Referee::new(set);
    setup(&mut referee);
    let mut out = run(&referee);
    if set.assumed.iter().any(|a| *a) {
        for m in 1..set.records {
            referee.key_values = m;
            out = or(out, run(&referee));
        }
    }
    out
}

/// As [`verdicts`], the instances running in client sessions: each session a chain in
/// the arbitration order, an instance seeing every earlier one of its session (SESSION),
/// and a serial order keeping each session's order (so, session order edges join the
/// dependency graph).
pub fn verdicts_in_sessions(set: &Set) -> Vec<bool> {
    over_key_domains(set, |r| r.sessions = true, Referee::run, each)
}

/// As [`verdict_rc`], in client sessions: every statement's snapshot holds its
/// session's earlier instances.
pub fn verdict_rc_in_sessions(set: &Set) -> bool {
    over_key_domains(set, |r| r.sessions = true, Referee::run_rc, either)
}

/// Read Committed: whether some execution of 2 to `bound` instances in which every
/// statement reads its own snapshot has a dependency cycle. A snapshot holds the
/// instances committed when the statement starts: a prefix of the arbitration order
/// before its instance, never shorter than the previous statement's. The instance's
/// writes become visible at its commit. (For sets without FOREACH, which the front
/// end's RC refuses.)
pub fn verdict_rc(set: &Set) -> bool {
    over_key_domains(set, |_| {}, Referee::run_rc, either)
}

/// PostgreSQL's Read Committed: as [`verdict_rc`], but an UPDATE or DELETE takes each
/// row it changes after every earlier instance (in the arbitration order, the commit
/// order) that changed it, reading the row's newest version (PostgreSQL waits for the
/// row's lock and reads it again); the statements after it see the instances it waited
/// for; it skips rows deleted at their newest version; and an INSERT of a record that
/// exists at its newest version fails.
pub fn verdict_postgres_rc(set: &Set) -> bool {
    over_key_domains(set, |r| r.postgres = true, Referee::run_rc, either)
}

/// MySQL's (InnoDB's) Repeatable Read, transactions started WITH CONSISTENT
/// SNAPSHOT: the SELECTs of an instance read one snapshot (a prefix of the arbitration
/// order before it); UPDATE, DELETE and INSERT read, and find records in, the newest
/// versions (every instance before it: they wait for the row locks of concurrent
/// writers); a row an UPDATE or DELETE changed is found and read by the later SELECTs
/// at its newest version; no first updater wins. An INSERT of a record that exists at
/// its newest version fails. (For sets without FOREACH, which the front end refuses.)
pub fn verdict_mysql_rr(set: &Set) -> bool {
    over_key_domains(set, |r| r.mysql = true, Referee::run_rc, either)
}

/// As [`verdict_mysql_rr`], in client sessions: every snapshot holds its session's
/// earlier instances.
pub fn verdict_mysql_rr_in_sessions(set: &Set) -> bool {
    over_key_domains(
        set,
        |r| {
            r.mysql = true;
            r.sessions = true;
        },
        Referee::run_rc,
        either,
    )
}

/// The most statement snapshots (prefixes of 0 to `bound - 1` instances) a referee
/// run tracks.
const MAX_PREFIX: usize = 8;

/// What one run of an instance did: the locations it read and wrote (bits of
/// `Referee::loc`), the records whose `Alive` it wrote, and those it left existing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Effect {
    reads: u64,
    writes: u64,
    alive: u16,
    leaves: u16,
    /// The records its INSERTs added.
    inserts: u16,
    /// PostgreSQL's Read Committed: per prefix k, the records changed by statements
    /// whose snapshot is the first k instances; per prefix k, the records changed by
    /// an UPDATE or DELETE before a statement whose snapshot is the first k; the
    /// records UPDATEs and DELETEs changed.
    changed_at: [u16; MAX_PREFIX],
    waited_at: [u16; MAX_PREFIX],
    relocked: u16,
    /// Read Committed: the locations read by statements whose snapshot is the first
    /// k instances, per k (all zero otherwise).
    reads_at: [u64; MAX_PREFIX],
}

/// Read Committed's effects per (call, records per snapshot prefix, least prefix).
type RcMemo = HashMap<(usize, Vec<u16>, usize), Rc<Vec<Effect>>>;

/// An instance placed in an execution: what it did, the mask of earlier instances it
/// sees, and (with sessions) the instance before it in its session.
type Placed = (Effect, u8, Option<usize>);

/// A database: per table, which keys have a record, their column values, and which
/// exist initially.
#[derive(Clone, Debug)]
struct Db {
    /// Per table: bit k set when key k has a record.
    present: Vec<u16>,
    /// Per table, per column, per key: the value.
    values: Vec<Vec<Vec<u8>>>,
    /// Records (bit `table * N + key`) that exist initially, or always on tables no
    /// INSERT or DELETE changes.
    initially: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Local {
    name: String,
    table: usize,
    /// Keys of its records.
    rows: u16,
    row_var: bool,
}

/// An instance part-way through its program.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Run {
    locals: Vec<Local>,
    /// Records existing now (bit `table * N + key`).
    live: u16,
    reads: u64,
    writes: u64,
    alive: u16,
    leaves: u16,
    inserts: u16,
    changed_at: [u16; MAX_PREFIX],
    waited_at: [u16; MAX_PREFIX],
    relocked: u16,
    /// Read Committed: per prefix length, the records its snapshot holds (`None`: one
    /// snapshot for the instance, `live` from the start); the current statement's
    /// prefix; what statements at each prefix read.
    rc: Option<Rc<Vec<u16>>>,
    prefix: usize,
    /// MySQL's Repeatable Read: a SELECT has picked the instance's snapshot (`prefix`).
    snapshot_taken: bool,
    reads_at: [u64; MAX_PREFIX],
    /// Inside FOREACH: what the instance had written when the outermost loop began.
    loop_entry: Option<u64>,
}

enum Value {
    One(Sort, u8),
    Set(Sort, u16),
    Unknown,
}

const T: u8 = 1;
const F: u8 = 2;
const N: u8 = 4;

fn and3(x: u8, y: u8) -> u8 {
    if x == F || y == F {
        F
    } else if x == N || y == N {
        N
    } else {
        T
    }
}

fn or3(x: u8, y: u8) -> u8 {
    if x == T || y == T {
        T
    } else if x == N || y == N {
        N
    } else {
        F
    }
}

fn combine(a: u8, b: u8, op: fn(u8, u8) -> u8) -> u8 {
    let mut out = 0;
    for x in [T, F, N] {
        for y in [T, F, N] {
            if a & x != 0 && b & y != 0 {
                out |= op(x, y);
            }
        }
    }
    out
}

fn not3(a: u8) -> u8 {
    (a & N) | if a & T != 0 { F } else { 0 } | if a & F != 0 { T } else { 0 }
}

/// Every SQL statement of a block, nested ones included.
fn walk_queries(body: &[St], f: &mut dyn FnMut(&Q)) {
    for s in body {
        match s {
            St::Sql(_, q) => f(q),
            St::If(_, a, b) => {
                walk_queries(a, f);
                walk_queries(b, f);
            }
            St::Foreach(_, _, b) => walk_queries(b, f),
            St::Rollback => {}
        }
    }
}

/// Every permutation of `0..n`.
fn permutations(n: u8) -> Vec<Vec<u8>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// Every mask between `lower` and `upper` (lower ⊆ m ⊆ upper).
fn between(lower: u16, upper: u16) -> Vec<u16> {
    let free = upper & !lower;
    let mut out = Vec::new();
    let mut sub = free;
    loop {
        out.push(lower | sub);
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & free;
    }
    out
}

struct Referee<'a> {
    set: &'a Set,
    n: usize,
    /// Values of the key domain K (N, or fewer: see `over_key_domains`); records keyed
    /// by the others do not exist, and no parameter takes them.
    key_values: usize,
    /// Per table: indexes of its mutable columns.
    mutable: Vec<Vec<usize>>,
    dynamic: Vec<bool>,
    /// Per table: the first location bit of its records.
    base: Vec<usize>,
    /// Instances run in client sessions.
    sessions: bool,
    /// Read Committed as PostgreSQL runs it (`verdict_postgres_rc`).
    postgres: bool,
    /// MySQL's Repeatable Read (`verdict_mysql_rr`).
    mysql: bool,
}

impl<'a> Referee<'a> {
    fn new(set: &'a Set) -> Referee<'a> {
        let mut mutable: Vec<Vec<usize>> = vec![Vec::new(); set.tables.len()];
        let mut dynamic = vec![false; set.tables.len()];
        for p in &set.progs {
            walk_queries(&p.body, &mut |q| match q {
                Q::Update { table, sets, .. } => {
                    for (c, _) in sets {
                        let i = set.tables[*table]
                            .cols
                            .iter()
                            .position(|x| x.name == *c)
                            .unwrap();
                        if !mutable[*table].contains(&i) {
                            mutable[*table].push(i);
                        }
                    }
                }
                Q::Insert { table, .. } | Q::Delete { table, .. } => dynamic[*table] = true,
                Q::Select { .. } => {}
            });
        }
        let n = set.records;
        let mut base = Vec::new();
        let mut next = 0;
        for m in &mutable {
            base.push(next);
            next += n * (m.len() + 1);
        }
        assert!(next <= 64, "too many locations for the referee's masks");
        Referee {
            set,
            n,
            key_values: n,
            mutable,
            dynamic,
            base,
            sessions: false,
            postgres: false,
            mysql: false,
        }
    }

    /// The location bit of field `f` (a mutable column's position among the table's
    /// mutable columns, or `Alive` after them) of record `key` of `table`.
    fn loc(&self, table: usize, key: usize, f: usize) -> u64 {
        1u64 << (self.base[table] + key * (self.mutable[table].len() + 1) + f)
    }

    fn alive_loc(&self, table: usize, key: usize) -> u64 {
        self.loc(table, key, self.mutable[table].len())
    }

    fn rec(&self, table: usize, key: usize) -> u16 {
        1 << (table * self.n + key)
    }

    fn col(&self, table: usize, name: &str) -> usize {
        self.set.tables[table]
            .cols
            .iter()
            .position(|c| c.name == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    }

    fn is_mutable(&self, table: usize, col: usize) -> bool {
        self.mutable[table].contains(&col)
    }

    /// The locations of the mutable columns `names` of the records `keys` of `table`.
    fn locs(&self, table: usize, keys: u16, names: &[usize]) -> u64 {
        let mut out = 0;
        for k in 0..self.n {
            if keys >> k & 1 == 1 {
                for &c in names {
                    if let Some(f) = self.mutable[table].iter().position(|&m| m == c) {
                        out |= self.loc(table, k, f);
                    }
                }
            }
        }
        out
    }

    /// Every location of the records `rows`.
    fn row_locs(&self, rows: u16) -> u64 {
        let mut out = 0;
        for t in 0..self.set.tables.len() {
            for k in 0..self.n {
                if rows & self.rec(t, k) != 0 {
                    out |= (0..=self.mutable[t].len()).fold(0, |m, f| m | self.loc(t, k, f));
                }
            }
        }
        out
    }

    /// The records (bits `table * N + key`) some of whose locations are in `locs`.
    fn rows_written(&self, locs: u64) -> u16 {
        let mut out = 0;
        for t in 0..self.set.tables.len() {
            for k in 0..self.n {
                let all = (0..=self.mutable[t].len()).fold(0, |m, f| m | self.loc(t, k, f));
                if locs & all != 0 {
                    out |= self.rec(t, k);
                }
            }
        }
        out
    }

    fn alive_locs(&self, table: usize, keys: u16) -> u64 {
        (0..self.n)
            .filter(|k| keys >> k & 1 == 1)
            .fold(0, |acc, k| acc | self.alive_loc(table, k))
    }

    /// Keys of `table` among the records `recs`.
    fn keys(&self, table: usize, recs: u16) -> u16 {
        (recs >> (table * self.n)) & ((1 << self.n) - 1)
    }

    fn value(&self, db: &Db, table: usize, col: usize, key: usize) -> u8 {
        if col == 0 {
            key as u8
        } else {
            db.values[table][col][key]
        }
    }

    fn eval(
        &self,
        db: &Db,
        e: &E,
        row: Option<(usize, usize)>,
        run: &Run,
        params: &[(Sort, u8)],
        prog: &Prog,
    ) -> Value {
        match e {
            E::Num(_) | E::Add(..) => Value::Unknown,
            E::Name(n) => {
                if let Some((t, k)) = row
                    && let Some(c) = self.set.tables[t].cols.iter().position(|c| c.name == *n)
                {
                    return if self.is_mutable(t, c) {
                        Value::Unknown
                    } else {
                        Value::One(self.set.tables[t].cols[c].sort, self.value(db, t, c, k))
                    };
                }
                if run.locals.iter().any(|l| l.name == *n) {
                    return Value::Unknown;
                }
                let i = prog
                    .params
                    .iter()
                    .position(|(p, _)| p == n)
                    .unwrap_or_else(|| panic!("unknown name {n}"));
                Value::One(params[i].0, params[i].1)
            }
            E::Dot(x, c) => {
                let l = run
                    .locals
                    .iter()
                    .rev()
                    .find(|l| l.name == *x)
                    .expect("a local");
                let col = self.col(l.table, c);
                if self.is_mutable(l.table, col) {
                    return Value::Unknown;
                }
                let sort = self.set.tables[l.table].cols[col].sort;
                let mut vals = 0u16;
                for k in 0..self.n {
                    if l.rows >> k & 1 == 1 {
                        vals |= 1 << self.value(db, l.table, col, k);
                    }
                }
                if l.row_var {
                    Value::One(sort, vals.trailing_zeros() as u8)
                } else {
                    Value::Set(sort, vals)
                }
            }
        }
    }

    /// Whether a value is NULL: it takes a column of a local that holds no record.
    fn holds_null(&self, e: &E, run: &Run) -> bool {
        match e {
            E::Dot(x, _) => run
                .locals
                .iter()
                .rev()
                .find(|l| l.name == *x)
                .is_some_and(|l| !l.row_var && l.rows == 0),
            E::Add(a, b) => self.holds_null(a, run) || self.holds_null(b, run),
            E::Num(_) | E::Name(_) => false,
        }
    }

    fn cond(
        &self,
        db: &Db,
        c: &C,
        row: Option<(usize, usize)>,
        run: &Run,
        params: &[(Sort, u8)],
        prog: &Prog,
    ) -> u8 {
        match c {
            C::True => T,
            C::Not(a) => not3(self.cond(db, a, row, run, params, prog)),
            C::And(a, b) => combine(
                self.cond(db, a, row, run, params, prog),
                self.cond(db, b, row, run, params, prog),
                and3,
            ),
            C::Or(a, b) => combine(
                self.cond(db, a, row, run, params, prog),
                self.cond(db, b, row, run, params, prog),
                or3,
            ),
            C::Cmp(a, op, b) => {
                let va = self.eval(db, a, row, run, params, prog);
                let vb = self.eval(db, b, row, run, params, prog);
                let eq = match (va, vb) {
                    (Value::One(s, x), Value::One(s2, y)) if s == s2 => {
                        if x == y {
                            T
                        } else {
                            F
                        }
                    }
                    (Value::One(s, x), Value::Set(s2, ys))
                    | (Value::Set(s2, ys), Value::One(s, x))
                        if s == s2 =>
                    {
                        if ys == 0 {
                            N
                        } else if ys >> x & 1 == 1 {
                            T
                        } else {
                            F
                        }
                    }
                    (Value::Set(s, xs), Value::Set(s2, ys)) if s == s2 => {
                        if xs == 0 || ys == 0 {
                            N
                        } else if xs & ys != 0 {
                            T
                        } else {
                            F
                        }
                    }
                    _ => return T | F,
                };
                match op {
                    Op::Eq => eq,
                    Op::Ne => not3(eq),
                    Op::Lt | Op::Gt => T | F,
                }
            }
        }
    }

    /// Mutable columns named bare in an expression (with the table's records at hand).
    fn named(&self, table: usize, e: &E, out: &mut Vec<usize>) {
        match e {
            E::Name(n) => {
                if let Some(c) = self.set.tables[table]
                    .cols
                    .iter()
                    .position(|c| c.name == *n)
                    && self.is_mutable(table, c)
                {
                    out.push(c);
                }
            }
            E::Add(a, b) => {
                self.named(table, a, out);
                self.named(table, b, out);
            }
            E::Num(_) | E::Dot(..) => {}
        }
    }

    fn named_in(&self, table: usize, c: &C, out: &mut Vec<usize>) {
        match c {
            C::True => {}
            C::Not(a) => self.named_in(table, a, out),
            C::And(a, b) | C::Or(a, b) => {
                self.named_in(table, a, out);
                self.named_in(table, b, out);
            }
            C::Cmp(a, _, b) => {
                self.named(table, a, out);
                self.named(table, b, out);
            }
        }
    }

    /// Every way a block can run from `run`.
    fn block(
        &self,
        db: &Db,
        body: &[St],
        run: Run,
        params: &[(Sort, u8)],
        prog: &Prog,
    ) -> Vec<Run> {
        let mut runs = vec![run];
        for s in body {
            // Runs that reached the same state go on as one: without this, the choices
            // of every statement multiply (under Read Committed, by each statement's
            // snapshot too) and a long program exhausts memory.
            let mut seen = HashSet::new();
            let mut next = Vec::new();
            for r in runs {
                for n in self.stmt(db, s, r, params, prog) {
                    if seen.insert(n.clone()) {
                        next.push(n);
                    }
                }
            }
            runs = next;
        }
        runs
    }

    /// A nested block: its locals end with it.
    fn nested(
        &self,
        db: &Db,
        body: &[St],
        run: Run,
        params: &[(Sort, u8)],
        prog: &Prog,
    ) -> Vec<Run> {
        let locals = run.locals.clone();
        self.block(db, body, run, params, prog)
            .into_iter()
            .map(|mut r| {
                r.locals = locals.clone();
                r
            })
            .collect()
    }

    fn stmt(&self, db: &Db, s: &St, run: Run, params: &[(Sort, u8)], prog: &Prog) -> Vec<Run> {
        match s {
            // An aborted run leaves nothing to place.
            St::Rollback => Vec::new(),
            St::If(c, then, els) => {
                let o = self.cond(db, c, None, &run, params, prog);
                let mut out = Vec::new();
                if o & T != 0 {
                    out.extend(self.nested(db, then, run.clone(), params, prog));
                }
                if o & (F | N) != 0 {
                    out.extend(self.nested(db, els, run, params, prog));
                }
                out
            }
            St::Foreach(v, x, body) => {
                let l = run
                    .locals
                    .iter()
                    .rev()
                    .find(|l| l.name == *x)
                    .expect("a local")
                    .clone();
                let outer = run.loop_entry;
                let mut run = run;
                run.loop_entry = Some(outer.unwrap_or(run.writes));
                let mut runs = vec![run];
                for k in 0..self.n {
                    if l.rows >> k & 1 == 0 {
                        continue;
                    }
                    let mut next = Vec::new();
                    for mut r in runs {
                        r.locals.push(Local {
                            name: v.clone(),
                            table: l.table,
                            rows: 1 << k,
                            row_var: true,
                        });
                        next.extend(self.nested(db, body, r, params, prog).into_iter().map(
                            |mut r| {
                                r.locals.pop();
                                r
                            },
                        ));
                    }
                    runs = next;
                }
                for r in &mut runs {
                    r.loop_entry = outer;
                }
                runs
            }
            St::Sql(assign, q) => {
                // What statements done before this one wrote (inside FOREACH: before the
                // outermost loop, whose statements may run again after it), it reads
                // in the instance's own version: no other instance's.
                let settled = run.loop_entry.unwrap_or(run.writes);
                let before = run.reads;
                match run.rc.clone() {
                    None => {
                        let mut r = run;
                        r.reads = 0;
                        self.sql(db, assign.as_deref(), q, r, params, prog)
                            .into_iter()
                            .map(|mut done| {
                                done.reads = before | (done.reads & !settled);
                                done
                            })
                            .collect()
                    }
                    Some(snapshots) => {
                        let newest = snapshots.len() - 1;
                        if self.mysql {
                            return self.mysql_stmt(
                                db,
                                assign.as_deref(),
                                q,
                                run,
                                params,
                                prog,
                                &snapshots,
                                settled,
                                before,
                            );
                        }
                        // Each statement takes a snapshot at least as recent as the
                        // last: the records it holds, then the instance's own INSERTs
                        // and DELETEs so far.
                        let mut out = Vec::new();
                        let relocks =
                            self.postgres && matches!(q, Q::Update { .. } | Q::Delete { .. });
                        for m in run.prefix..snapshots.len() {
                            let mut r = run.clone();
                            r.prefix = m;
                            r.live = (snapshots[m] & !r.alive) | r.leaves;
                            r.reads = 0;
                            let (written, relocked) = (r.writes, r.relocked);
                            r.waited_at[m] |= relocked;
                            for mut done in self.sql(db, assign.as_deref(), q, r, params, prog) {
                                let external = done.reads & !settled;
                                let changed = self.rows_written(done.writes & !written);
                                done.changed_at[m] |= changed;
                                // PostgreSQL's UPDATE and DELETE read the rows they
                                // change at the newest version: after every instance
                                // before this one.
                                let (now, later) = if relocks {
                                    let rows = self.row_locs(changed);
                                    done.relocked |= changed;
                                    (external & !rows, external & rows)
                                } else {
                                    (external, 0)
                                };
                                done.reads_at[m] |= now;
                                done.reads_at[newest] |= later;
                                done.reads = before | external;
                                out.push(done);
                            }
                        }
                        out
                    }
                }
            }
        }
    }

    /// A statement under MySQL's Repeatable Read: UPDATE, DELETE and INSERT run on
    /// the newest versions (every instance before this one); a SELECT reads the
    /// instance's one snapshot (the first SELECT picks it), except the rows an UPDATE
    /// or DELETE of the instance changed before, which it finds and reads at their
    /// newest version (the instance's own version of the row, made from the newest).
    #[allow(clippy::too_many_arguments)]
    fn mysql_stmt(
        &self,
        db: &Db,
        assign: Option<&str>,
        q: &Q,
        run: Run,
        params: &[(Sort, u8)],
        prog: &Prog,
        snapshots: &[u16],
        settled: u64,
        before: u64,
    ) -> Vec<Run> {
        let newest = snapshots.len() - 1;
        let writes = !matches!(q, Q::Select { .. });
        let prefixes: Vec<usize> = if writes {
            vec![newest]
        } else if run.snapshot_taken {
            vec![run.prefix]
        } else {
            (run.prefix..=newest).collect()
        };
        let mut out = Vec::new();
        for m in prefixes {
            let mut r = run.clone();
            // Rows changed before: found at their newest version (they exist there).
            let changed = if writes { 0 } else { r.relocked };
            if !writes {
                r.prefix = m;
                r.snapshot_taken = true;
            }
            r.live = ((snapshots[m] | (changed & snapshots[newest])) & !r.alive) | r.leaves;
            r.reads = 0;
            let written = r.writes;
            for mut done in self.sql(db, assign, q, r, params, prog) {
                let external = done.reads & !settled;
                let rows = self.row_locs(changed);
                done.reads_at[m] |= external & !rows;
                done.reads_at[newest] |= external & rows;
                if matches!(q, Q::Update { .. } | Q::Delete { .. }) {
                    done.relocked |= self.rows_written(done.writes & !written);
                }
                done.reads = before | external;
                out.push(done);
            }
        }
        out
    }

    fn sql(
        &self,
        db: &Db,
        assign: Option<&str>,
        q: &Q,
        run: Run,
        params: &[(Sort, u8)],
        prog: &Prog,
    ) -> Vec<Run> {
        let t = q.table();
        let table = &self.set.tables[t];
        let present = db.present[t];
        let live = self.keys(t, run.live) & present;
        let mut out = Vec::new();
        // NULL stored in a `not null` column fails: the run aborts.
        let stores_null = |sets: &[(String, E)]| {
            sets.iter()
                .any(|(c, e)| table.cols[self.col(t, c)].not_null && self.holds_null(e, &run))
        };
        if let Q::Insert { values, .. } = q {
            if stores_null(values) {
                return out;
            }
            'keys: for k in 0..self.n {
                if present >> k & 1 == 0 || live >> k & 1 == 1 {
                    continue;
                }
                for (c, e) in values {
                    let col = self.col(t, c);
                    if self.is_mutable(t, col) {
                        continue;
                    }
                    let have = self.value(db, t, col, k);
                    let ok = match self.eval(db, e, None, &run, params, prog) {
                        Value::One(_, v) => v == have,
                        Value::Set(_, vs) => vs >> have & 1 == 1,
                        Value::Unknown => true,
                    };
                    if !ok {
                        continue 'keys;
                    }
                }
                let all_mutable: Vec<usize> = self.mutable[t].clone();
                let mut r = run.clone();
                r.writes |= self.alive_loc(t, k) | self.locs(t, 1 << k, &all_mutable);
                r.live |= self.rec(t, k);
                r.alive |= self.rec(t, k);
                r.leaves |= self.rec(t, k);
                // Keys are checked against other instances' rows: a record the
                // instance itself inserted or deleted before is its own business.
                if run.alive & self.rec(t, k) == 0 {
                    r.inserts |= self.rec(t, k);
                }
                out.push(r);
            }
            return out;
        }
        // Outcomes of the WHERE clause on every record of the table.
        let (mut possible, mut certain) = (0u16, 0u16);
        for k in 0..self.n {
            if present >> k & 1 == 0 {
                continue;
            }
            let o = match q.filter() {
                None => T,
                Some(c) => self.cond(db, c, Some((t, k)), &run, params, prog),
            };
            if o & T != 0 {
                possible |= 1 << k;
            }
            if o == T {
                certain |= 1 << k;
            }
        }
        let (lower, upper) = (certain & live, possible & live);
        let mut scanned = Vec::new();
        if let Some(c) = q.filter() {
            self.named_in(t, c, &mut scanned);
        }
        // MIN or MAX of a domain column: (least, column).
        let extreme = match q {
            Q::Select { items, .. } => match items.as_slice() {
                [Item::Min(c)] | [Item::Max(c)] => {
                    let col = self.col(t, c);
                    (matches!(table.cols[col].sort, Sort::Dom(_)) && !self.is_mutable(t, col))
                        .then(|| (matches!(items[0], Item::Min(_)), col))
                }
                _ => None,
            },
            _ => None,
        };
        let mut seen = HashSet::new();
        for chosen in between(lower, upper) {
            let (sel, cand) = match extreme {
                None => (chosen, possible),
                Some((least, col)) => {
                    let val = |k: usize| self.value(db, t, col, k);
                    let ks: Vec<usize> = (0..self.n).filter(|k| chosen >> k & 1 == 1).collect();
                    let best = if least {
                        ks.iter().map(|&k| val(k)).min()
                    } else {
                        ks.iter().map(|&k| val(k)).max()
                    };
                    match best {
                        None => (0, possible),
                        Some(m) => {
                            let sel = ks
                                .iter()
                                .filter(|&&k| val(k) == m)
                                .fold(0u16, |acc, &k| acc | 1 << k);
                            let cand = (0..self.n)
                                .filter(|&k| {
                                    possible >> k & 1 == 1
                                        && if least { val(k) <= m } else { val(k) >= m }
                                })
                                .fold(0u16, |acc, k| acc | 1 << k);
                            (sel, cand)
                        }
                    }
                }
            };
            if !seen.insert((sel, cand)) {
                continue;
            }
            let mut r = run.clone();
            r.reads |= self.locs(t, cand, &scanned);
            if self.dynamic[t] {
                r.reads |= self.alive_locs(t, cand);
            }
            match q {
                Q::Select { items, .. } => {
                    let mut cols = Vec::new();
                    for i in items {
                        match i {
                            Item::Star => cols.extend(self.mutable[t].iter().copied()),
                            Item::Col(c) | Item::Sum(c) | Item::Min(c) | Item::Max(c) => {
                                cols.push(self.col(t, c))
                            }
                            Item::Count => {}
                        }
                    }
                    r.reads |= self.locs(t, sel, &cols);
                    if let Some(x) = assign {
                        r.locals.push(Local {
                            name: x.to_string(),
                            table: t,
                            rows: sel,
                            row_var: false,
                        });
                    }
                }
                Q::Update { sets, .. } => {
                    if sel != 0 && stores_null(sets) {
                        continue;
                    }
                    let mut read = Vec::new();
                    let mut written = Vec::new();
                    for (c, e) in sets {
                        written.push(self.col(t, c));
                        self.named(t, e, &mut read);
                    }
                    r.reads |= self.locs(t, sel, &read);
                    r.writes |= self.locs(t, sel, &written);
                }
                Q::Delete { .. } => {
                    r.writes |= self.alive_locs(t, sel);
                    let recs = sel << (t * self.n);
                    r.live &= !recs;
                    r.alive |= recs;
                    r.leaves &= !recs;
                }
                Q::Insert { .. } => unreachable!(),
            }
            out.push(r);
        }
        out
    }

    /// Every way `prog` can run with `params` on a snapshot holding `live`.
    fn effects(&self, db: &Db, prog: &Prog, params: &[(Sort, u8)], live: u16) -> Vec<Effect> {
        self.effects_from(db, prog, params, live, None)
    }

    /// Every way `prog` can run with `params`, each statement on a snapshot of its
    /// own (Read Committed): `snapshots[k]` holds the records of the first k instances'
    /// snapshot.
    fn effects_rc(
        &self,
        db: &Db,
        prog: &Prog,
        params: &[(Sort, u8)],
        snapshots: Rc<Vec<u16>>,
        min_prefix: usize,
    ) -> Vec<Effect> {
        let live = snapshots[0];
        self.effects_from(db, prog, params, live, Some((snapshots, min_prefix)))
    }

    fn effects_from(
        &self,
        db: &Db,
        prog: &Prog,
        params: &[(Sort, u8)],
        live: u16,
        rc: Option<(Rc<Vec<u16>>, usize)>,
    ) -> Vec<Effect> {
        let prefix = rc.as_ref().map_or(0, |(_, m)| *m);
        let start = Run {
            locals: Vec::new(),
            live,
            reads: 0,
            writes: 0,
            alive: 0,
            leaves: 0,
            inserts: 0,
            changed_at: [0; MAX_PREFIX],
            waited_at: [0; MAX_PREFIX],
            relocked: 0,
            rc: rc.map(|(s, _)| s),
            prefix,
            snapshot_taken: false,
            reads_at: [0; MAX_PREFIX],
            loop_entry: None,
        };
        let mut out: Vec<Effect> = self
            .block(db, &prog.body, start, params, prog)
            .into_iter()
            .map(|r| Effect {
                reads: r.reads,
                writes: r.writes,
                alive: r.alive,
                leaves: r.leaves,
                inserts: r.inserts,
                changed_at: r.changed_at,
                waited_at: r.waited_at,
                relocked: r.relocked,
                reads_at: r.reads_at,
            })
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        out.sort_by_key(|e| {
            (
                (e.reads, e.writes, e.alive, e.leaves, e.inserts),
                (e.changed_at, e.waited_at, e.relocked, e.reads_at),
            )
        });
        out
    }

    /// The tables some statement names, and the columns some statement names (in an
    /// expression, a condition, an INSERT or an aggregate): the values of other columns,
    /// and the records of other tables, change nothing.
    fn referenced(&self) -> (Vec<bool>, Vec<Vec<bool>>) {
        let mut tables = vec![false; self.set.tables.len()];
        let mut cols: Vec<Vec<bool>> = self
            .set
            .tables
            .iter()
            .map(|t| vec![false; t.cols.len()])
            .collect();
        fn walk(body: &[St], f: &mut dyn FnMut(&St)) {
            for s in body {
                f(s);
                match s {
                    St::Sql(..) | St::Rollback => {}
                    St::If(_, a, b) => {
                        walk(a, f);
                        walk(b, f);
                    }
                    St::Foreach(_, _, b) => walk(b, f),
                }
            }
        }
        fn names(e: &E, out: &mut Vec<String>) {
            match e {
                E::Name(n) => out.push(n.clone()),
                E::Dot(_, c) => out.push(c.clone()),
                E::Add(a, b) => {
                    names(a, out);
                    names(b, out);
                }
                E::Num(_) => {}
            }
        }
        fn cond_names(c: &C, out: &mut Vec<String>) {
            match c {
                C::True => {}
                C::Not(a) => cond_names(a, out),
                C::And(a, b) | C::Or(a, b) => {
                    cond_names(a, out);
                    cond_names(b, out);
                }
                C::Cmp(a, _, b) => {
                    names(a, out);
                    names(b, out);
                }
            }
        }
        // Column names are unique across tables in what the generator builds, and no
        // parameter shares one: a name marks its column wherever it occurs.
        let mut named = Vec::new();
        for p in &self.set.progs {
            walk(&p.body, &mut |s| match s {
                St::Sql(_, q) => {
                    tables[q.table()] = true;
                    if let Some(c) = q.filter() {
                        cond_names(c, &mut named);
                    }
                    match q {
                        Q::Select { items, .. } => {
                            for i in items {
                                if let Item::Min(c) | Item::Max(c) = i {
                                    named.push(c.clone());
                                }
                            }
                        }
                        Q::Update { sets, .. } => {
                            sets.iter().for_each(|(_, e)| names(e, &mut named))
                        }
                        Q::Insert { values, .. } => values.iter().for_each(|(c, e)| {
                            named.push(c.clone());
                            names(e, &mut named);
                        }),
                        Q::Delete { .. } => {}
                    }
                }
                St::If(c, ..) => cond_names(c, &mut named),
                St::Foreach(..) | St::Rollback => {}
            });
        }
        for (t, table) in self.set.tables.iter().enumerate() {
            for (c, col) in table.cols.iter().enumerate() {
                cols[t][c] = named.contains(&col.name);
            }
        }
        (tables, cols)
    }

    /// A database's encoding with domain values renamed by `perm` (per sort: value ->
    /// new value); the referee keeps one database per class of renamings.
    fn encode(&self, db: &Db, perm: &dyn Fn(Sort, u8) -> u8) -> Vec<u8> {
        let n = self.n;
        let key = |k: usize| perm(Sort::Dom(0), k as u8) as usize;
        let mut out = Vec::new();
        for (t, table) in self.set.tables.iter().enumerate() {
            let mut rows = vec![(0u8, Vec::new()); n];
            for k in 0..n {
                let present = db.present[t] >> k & 1;
                let initially = db.initially >> (t * n + k) & 1;
                let values: Vec<u8> = (1..table.cols.len())
                    .map(|c| perm(table.cols[c].sort, db.values[t][c][k]))
                    .collect();
                rows[key(k)] = (present as u8 * 2 + initially as u8, values);
            }
            for (flags, values) in rows {
                out.push(flags);
                out.extend(values);
            }
        }
        out
    }

    /// Every database of at most N records per table, one per class of renamings of
    /// domain values (parameters range over every value, so a renamed database gives
    /// the same verdicts). Domains that MIN or MAX orders are not renamed: the referee
    /// orders their values by number, and a renaming would change the order.
    fn databases(&self) -> Vec<Db> {
        let all = self.every_database();
        let n = self.n as u8;
        let sorts = [Sort::Dom(0), Sort::Dom(1), Sort::Val];
        let mut ordered = Vec::new();
        for p in &self.set.progs {
            walk_queries(&p.body, &mut |q| {
                if let Q::Select { items, table, .. } = q {
                    for i in items {
                        if let Item::Min(c) | Item::Max(c) = i {
                            ordered.push(self.set.tables[*table].cols[self.col(*table, c)].sort);
                        }
                    }
                }
            });
        }
        // Renamings: one permutation per sort (the key domain K is sort 0).
        let perms = |s: Sort| -> Vec<Vec<u8>> {
            if ordered.contains(&s) {
                vec![(0..n).collect()]
            } else if s == Sort::Dom(0) {
                // Renaming only K's values in use keeps the values out of use last.
                let m = self.key_values as u8;
                permutations(m)
                    .into_iter()
                    .map(|mut p| {
                        p.extend(m..n);
                        p
                    })
                    .collect()
            } else {
                permutations(n)
            }
        };
        let mut renamings: Vec<[Vec<u8>; 3]> = Vec::new();
        for a in &perms(sorts[0]) {
            for b in &perms(sorts[1]) {
                for c in &perms(sorts[2]) {
                    renamings.push([a.clone(), b.clone(), c.clone()]);
                }
            }
        }
        all.into_iter()
            .filter(|db| {
                let mine = self.encode(db, &|_, v| v);
                renamings.iter().all(|r| {
                    let perm = |s: Sort, v: u8| {
                        let i = sorts.iter().position(|x| *x == s).unwrap_or(2);
                        r[i][v as usize]
                    };
                    self.encode(db, &perm) >= mine
                })
            })
            .collect()
    }

    fn every_database(&self) -> Vec<Db> {
        let n = self.n;
        let (used_tables, used_cols) = self.referenced();
        let mut dbs = vec![Db {
            present: Vec::new(),
            values: Vec::new(),
            initially: 0,
        }];
        for (t, table) in self.set.tables.iter().enumerate() {
            // Immutable non-key columns get values; mutable ones have none.
            let valued: Vec<usize> = (1..table.cols.len())
                .filter(|&c| !self.is_mutable(t, c) && used_cols[t][c])
                .collect();
            let mut next = Vec::new();
            let keys_mask = (1u16 << self.key_values) - 1;
            let presences: Vec<u16> = if self.set.assumed[t] {
                // A row for every key, existing initially.
                vec![keys_mask]
            } else if used_tables[t] {
                (0u16..1 << n).filter(|p| p & !keys_mask == 0).collect()
            } else {
                vec![0]
            };
            for db in dbs {
                for &present in &presences {
                    let keys: Vec<usize> = (0..n).filter(|k| present >> k & 1 == 1).collect();
                    let slots = keys.len() * valued.len();
                    for mut code in 0..n.pow(slots as u32) {
                        let mut values = vec![vec![0u8; n]; table.cols.len()];
                        for &k in &keys {
                            for &c in &valued {
                                values[c][k] = (code % n) as u8;
                                code /= n;
                            }
                        }
                        let alive_choices: Vec<u16> = if self.set.assumed[t] {
                            vec![present]
                        } else if self.dynamic[t] {
                            between(0, present)
                        } else {
                            vec![present]
                        };
                        for alive in alive_choices {
                            let mut db = db.clone();
                            db.present.push(present);
                            db.values.push(values.clone());
                            db.initially |= alive << (t * n);
                            next.push(db);
                        }
                    }
                }
            }
            dbs = next;
        }
        dbs
    }

    /// The instances: every program with every parameter value.
    fn calls(&self) -> Vec<(usize, Vec<(Sort, u8)>)> {
        let mut calls = Vec::new();
        for (p, prog) in self.set.progs.iter().enumerate() {
            let mut all: Vec<Vec<(Sort, u8)>> = vec![Vec::new()];
            for (_, s) in &prog.params {
                all = all
                    .into_iter()
                    .flat_map(|v| {
                        let values = match s {
                            Sort::Dom(0) => self.key_values,
                            _ => self.n,
                        };
                        (0..values as u8).map(move |x| {
                            let mut v = v.clone();
                            v.push((*s, x));
                            v
                        })
                    })
                    .collect();
            }
            calls.extend(all.into_iter().map(|v| (p, v)));
        }
        calls
    }

    /// The records a snapshot holds that sees the placed instances `sees` picks: the
    /// last of them to write a record's `Alive` decides (given as `alive` and `leaves`
    /// masks per instance), or none did and it existed initially.
    fn snapshot_records(
        &self,
        db: &Db,
        placed: usize,
        sees: &dyn Fn(usize) -> bool,
        wrote: &dyn Fn(usize) -> (u16, u16),
    ) -> u16 {
        let mut live = 0u16;
        for t in 0..self.set.tables.len() {
            for k in 0..self.n {
                if db.present[t] >> k & 1 == 0 {
                    continue;
                }
                let r = self.rec(t, k);
                let last = (0..placed).rev().find(|&j| sees(j) && wrote(j).0 & r != 0);
                let exists = match last {
                    Some(j) => wrote(j).1 & r != 0,
                    None => !self.dynamic[t] || db.initially & r != 0,
                };
                if exists {
                    live |= r;
                }
            }
        }
        live
    }

    fn run(&self) -> Vec<bool> {
        let nlevels = LEVELS.len() + self.set.levels.len();
        let mut found = vec![false; nlevels];
        let calls = self.calls();
        let all_levels: u32 = (1 << nlevels) - 1;
        for db in self.databases() {
            let mut memo: HashMap<(usize, u16), Rc<Vec<Effect>>> = HashMap::new();
            let mut placed: Vec<Placed> = Vec::new();
            self.dfs(&db, &calls, &mut memo, &mut placed, all_levels, &mut found);
            // Serializability never has a cycle; the rest may all be found early.
            if found.iter().enumerate().all(|(i, f)| *f || i == 5) {
                break;
            }
        }
        found
    }

    /// The levels (bits: the library's, then the set's) that still hold once instance
    /// `placed.len() - 1` is placed, given those that held before. Every axiom relates
    /// placed instances only, so a prefix that breaks one breaks every extension.
    fn levels_after(&self, db: &Db, placed: &[Placed], before: u32) -> u32 {
        let c = placed.len() - 1;
        let (e, seen, _) = placed[c];
        let vis =
            |a: usize, b: usize| b == c && seen >> a & 1 == 1 || b < c && placed[b].1 >> a & 1 == 1;
        let transitive = (0..c).all(|b| !vis(b, c) || (0..b).all(|a| !vis(a, b) || vis(a, c)));
        let prefix = (0..c).all(|b| !vis(b, c) || (0..b).all(|a| vis(a, c)));
        let conflicts = (0..c).all(|a| placed[a].0.writes & e.writes == 0 || vis(a, c));
        let total = (0..c).all(|a| vis(a, c));
        let blind = seen == 0;
        let rows = self.rows_written(e.writes);
        let row_conflicts =
            (0..c).all(|a| self.rows_written(placed[a].0.writes) & rows == 0 || vis(a, c));
        let keys = (0..self.set.tables.len() * self.n).all(|bit| {
            let r = 1u16 << bit;
            if e.inserts & r == 0 {
                return true;
            }
            match (0..c).rev().find(|&a| placed[a].0.alive & r != 0) {
                Some(a) => placed[a].0.leaves & r == 0,
                None => db.initially & r == 0,
            }
        });
        let mut holds = 1 // RA
            | (transitive as u32) << 1
            | (prefix as u32) << 2
            | ((transitive && conflicts) as u32) << 3
            | ((prefix && conflicts) as u32) << 4
            | (total as u32) << 5
            | ((prefix && conflicts && row_conflicts && keys) as u32) << 6;
        for (i, (_, axiom)) in self.set.levels.iter().enumerate() {
            let h = match axiom {
                Axiom::Transitive => transitive,
                Axiom::Prefix => prefix,
                Axiom::Total => total,
                Axiom::Blind => blind,
            };
            holds |= (h as u32) << (LEVELS.len() + i);
        }
        before & holds
    }

    /// Place instance `placed.len()` in every way, after the ones placed (each with its
    /// effect and the mask of earlier instances it sees).
    fn dfs(
        &self,
        db: &Db,
        calls: &[(usize, Vec<(Sort, u8)>)],
        memo: &mut HashMap<(usize, u16), Rc<Vec<Effect>>>,
        placed: &mut Vec<(Effect, u8, Option<usize>)>,
        levels: u32,
        found: &mut Vec<bool>,
    ) {
        let i = placed.len();
        // Levels that hold so far and have no cycle yet: the only reasons to go on.
        let wanted = |found: &[bool]| {
            (0..found.len()).fold(0u32, |m, k| m | ((!found[k]) as u32) << k) & levels
        };
        if wanted(found) == 0 {
            return;
        }
        if i >= 2 {
            self.judge(placed, levels, found);
        }
        if i == self.set.bound {
            return;
        }
        for vis in 0u8..1 << i {
            // The records its snapshot holds.
            let live = self.snapshot_records(db, i, &|j| vis >> j & 1 == 1, &|j| {
                (placed[j].0.alive, placed[j].0.leaves)
            });
            // Its session: a new one, or after the last instance of an earlier one,
            // whose instances it all sees.
            let prevs: Vec<Option<usize>> = std::iter::once(None)
                .chain(
                    (0..i)
                        .filter(|&j| self.sessions && placed.iter().all(|p| p.2 != Some(j)))
                        .filter(|&j| self.chain(placed, j).iter().all(|&a| vis >> a & 1 == 1))
                        .map(Some),
                )
                .collect();
            for (c, (p, params)) in calls.iter().enumerate() {
                let effects = memo
                    .entry((c, live))
                    .or_insert_with(|| Rc::new(self.effects(db, &self.set.progs[*p], params, live)))
                    .clone();
                for e in effects.iter() {
                    for &prev in &prevs {
                        placed.push((*e, vis, prev));
                        let after = self.levels_after(db, placed, levels);
                        if wanted(found) & after != 0 {
                            self.dfs(db, calls, memo, placed, after, found);
                        }
                        placed.pop();
                    }
                }
            }
        }
    }

    /// The instance `j` and those before it in its session.
    fn chain(&self, placed: &[Placed], j: usize) -> Vec<usize> {
        let mut out = vec![j];
        while let Some(p) = placed[*out.last().unwrap()].2 {
            out.push(p);
        }
        out
    }

    /// Mark the levels this execution satisfies (`levels`) when its dependency graph
    /// has a cycle.
    fn judge(&self, placed: &[Placed], levels: u32, found: &mut [bool]) {
        let n = placed.len();
        let vis = |a: usize, b: usize| a < b && placed[b].1 >> a & 1 == 1;
        // Dependency edges as successor masks.
        let mut dep = vec![0u8; n];
        for t in 0..n {
            let reads = placed[t].0.reads;
            let mut bits = reads;
            while bits != 0 {
                let l = bits & bits.wrapping_neg();
                bits &= bits - 1;
                let source = (0..t)
                    .rev()
                    .find(|&w| vis(w, t) && placed[w].0.writes & l != 0);
                if let Some(w) = source {
                    dep[w] |= 1 << t;
                }
                for (w, (other, _, _)) in placed.iter().enumerate() {
                    if w != t && other.writes & l != 0 && source.is_none_or(|s| w > s) {
                        dep[t] |= 1 << w;
                    }
                }
            }
        }
        for a in 0..n {
            for b in a + 1..n {
                if placed[a].0.writes & placed[b].0.writes != 0 {
                    dep[a] |= 1 << b;
                }
            }
            if let Some(p) = placed[a].2 {
                dep[p] |= 1 << a;
            }
        }
        if !has_cycle(&dep) {
            return;
        }
        for (k, f) in found.iter_mut().enumerate() {
            *f |= levels >> k & 1 == 1;
        }
    }

    fn run_rc(&self) -> bool {
        assert!(
            self.set.bound <= MAX_PREFIX,
            "bound too large for the referee"
        );
        let calls = self.calls();
        self.databases().iter().any(|db| {
            let mut memo: RcMemo = HashMap::new();
            self.dfs_rc(db, &calls, &mut memo, &mut Vec::new(), &mut Vec::new())
        })
    }

    /// Place instance `placed.len()` in every way under Read Committed; whether some
    /// execution found so far has a cycle.
    fn dfs_rc(
        &self,
        db: &Db,
        calls: &[(usize, Vec<(Sort, u8)>)],
        memo: &mut RcMemo,
        placed: &mut Vec<Effect>,
        prevs: &mut Vec<Option<usize>>,
    ) -> bool {
        let i = placed.len();
        if i >= 2 && self.cycle_rc(placed, prevs) {
            return true;
        }
        if i == self.set.bound {
            return false;
        }
        // The records each prefix's snapshot holds: the last writer of a record's
        // `Alive` among the first k instances decides.
        let snapshots: Vec<u16> = (0..=i)
            .map(|k| {
                self.snapshot_records(db, i, &|j| j < k, &|j| (placed[j].alive, placed[j].leaves))
            })
            .collect();
        let shared = Rc::new(snapshots.clone());
        // Its session: a new one, or after the last instance of an earlier one, which
        // every statement's snapshot then holds.
        let mut choices: Vec<(Option<usize>, usize)> = vec![(None, 0)];
        if self.sessions {
            for j in (0..i).filter(|&j| !prevs.contains(&Some(j))) {
                choices.push((Some(j), j + 1));
            }
        }
        for (c, (p, params)) in calls.iter().enumerate() {
            for &(prev, min_prefix) in &choices {
                let effects = memo
                    .entry((c, snapshots.clone(), min_prefix))
                    .or_insert_with(|| {
                        Rc::new(self.effects_rc(
                            db,
                            &self.set.progs[*p],
                            params,
                            shared.clone(),
                            min_prefix,
                        ))
                    })
                    .clone();
                for e in effects.iter() {
                    placed.push(*e);
                    prevs.push(prev);
                    if self.postgres && !self.postgres_ok(db, placed) {
                        placed.pop();
                        prevs.pop();
                        continue;
                    }
                    let found = self.dfs_rc(db, calls, memo, placed, prevs);
                    placed.pop();
                    prevs.pop();
                    if found {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether the last instance placed runs as PostgreSQL's Read Committed lets it
    /// after the ones before it (each of which committed before it): a row it changes
    /// that an earlier instance changed too, it changed later (with a snapshot at least
    /// as recent as that instance's statement's); a statement after one of its UPDATEs
    /// or DELETEs sees every earlier instance that changed the same rows (the UPDATE
    /// waited for them to commit); the rows an UPDATE or DELETE changed exist at their
    /// newest version; and an INSERT adds a record that does not exist at its newest
    /// version (keys are enforced).
    fn postgres_ok(&self, db: &Db, placed: &[Effect]) -> bool {
        let t = placed.len() - 1;
        let e = &placed[t];
        for earlier in &placed[..t] {
            for (mu, &a) in earlier.changed_at.iter().enumerate() {
                for (mt, &b) in e.changed_at.iter().enumerate() {
                    if a & b != 0 && mu > mt {
                        return false;
                    }
                }
            }
        }
        for (m, &rows) in e.waited_at.iter().enumerate() {
            if rows != 0 && (m..t).any(|u| self.rows_written(placed[u].writes) & rows != 0) {
                return false;
            }
        }
        // Whether the last instance before this one to insert or delete record r left
        // it existing (`None`: none did).
        let last_left = |r: u16| {
            (0..t)
                .rev()
                .find(|&u| placed[u].alive & r != 0)
                .map(|u| placed[u].leaves & r != 0)
        };
        (0..self.set.tables.len() * self.n).all(|bit| {
            let r = 1u16 << bit;
            let exists = || last_left(r).unwrap_or(db.initially & r != 0);
            (e.relocked & r == 0 || last_left(r) != Some(false))
                && (e.inserts & r == 0 || !exists())
        })
    }

    /// Whether the dependency graph of these instances (in arbitration order, each
    /// statement reading the ar-last writer among its snapshot's instances) has a cycle.
    fn cycle_rc(&self, placed: &[Effect], prevs: &[Option<usize>]) -> bool {
        let n = placed.len();
        let mut dep = vec![0u8; n];
        for t in 0..n {
            for (k, &reads) in placed[t].reads_at.iter().enumerate() {
                let mut bits = reads;
                while bits != 0 {
                    let l = bits & bits.wrapping_neg();
                    bits &= bits - 1;
                    let source = (0..k.min(t)).rev().find(|&w| placed[w].writes & l != 0);
                    if let Some(w) = source {
                        dep[w] |= 1 << t;
                    }
                    for (w, other) in placed.iter().enumerate() {
                        if w != t && other.writes & l != 0 && source.is_none_or(|s| w > s) {
                            dep[t] |= 1 << w;
                        }
                    }
                }
            }
        }
        for a in 0..n {
            for b in a + 1..n {
                if placed[a].writes & placed[b].writes != 0 {
                    dep[a] |= 1 << b;
                }
            }
            if let Some(p) = prevs[a] {
                dep[p] |= 1 << a;
            }
        }
        has_cycle(&dep)
    }
}

/// Whether a graph of successor masks has a cycle: some node reaches itself.
fn has_cycle(dep: &[u8]) -> bool {
    let n = dep.len();
    let mut reach = dep.to_vec();
    for _ in 0..n {
        for a in 0..n {
            let mut r = reach[a];
            for b in 0..n {
                if reach[a] >> b & 1 == 1 {
                    r |= reach[b];
                }
            }
            reach[a] = r;
        }
    }
    (0..n).any(|a| reach[a] >> a & 1 == 1)
}
