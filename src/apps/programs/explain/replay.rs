//! The witness read back: each instance's program run again on the solver's execution,
//! from the syntax tree and the README's semantics, with every choice the witness made
//! (records selected, IF branches, FOREACH iterations, records inserted) checked
//! against the choices the programs allow. Nothing here reads the generated model's
//! formulas; what it shares with `model` is only the naming of the model's relations
//! (statement atoms, fields) through which it reads the witness.

use std::collections::{BTreeMap, BTreeSet};

use crate::apps::programs::model::{AppModel, Ty, ident};
use crate::apps::programs::syntax::{CmpOp, Cond, Expr, SelectItem, Sql, Stmt};
use crate::diagnostic::Errors;
use crate::session::CommandRun;

use super::{InstanceView, Loc, Step, Versions, internal, relation};

type Tuples = BTreeSet<Vec<u32>>;

/// The witness's relations that the replay looks at, by atom.
pub struct Witness {
    /// (instance atom, program), in ar order.
    insts: Vec<(u32, usize)>,
    /// Per instance: parameter -> value.
    params: Vec<BTreeMap<String, u32>>,
    /// Table -> its records.
    records: BTreeMap<String, BTreeSet<u32>>,
    /// (table, immutable column) -> record -> value.
    values: BTreeMap<(String, String), BTreeMap<u32, u32>>,
    initially: BTreeSet<u32>,
    /// Domain -> (a, b) with a before b.
    order: BTreeMap<String, BTreeSet<(u32, u32)>>,
    /// Per instance: the statements that ran, and each one's `sel` and `cand`.
    ran: Vec<BTreeSet<usize>>,
    sel: Vec<BTreeMap<usize, BTreeSet<u32>>>,
    cand: Vec<BTreeMap<usize, BTreeSet<u32>>>,
    /// Per instance: the records it leaves existing (`inserted`).
    inserted: Vec<BTreeSet<u32>>,
    /// Per instance: fields of its program's sig (per-iteration selections, filtered
    /// records, IFs inside FOREACH) -> their tuples after the instance.
    fields: Vec<BTreeMap<String, Tuples>>,
    /// IFs outside FOREACH: the instances that took the first branch.
    flags: BTreeMap<String, BTreeSet<u32>>,
}

impl Witness {
    pub fn read(
        app: &AppModel,
        run: &CommandRun,
        insts: &[(u32, usize)],
    ) -> Result<Witness, Errors> {
        let rel = |n: &str| {
            relation(run, n).ok_or_else(|| internal(format!("relation `{n}` is missing")))
        };
        let schema = Schema::new(app);
        let mut records = BTreeMap::new();
        let mut values = BTreeMap::new();
        for t in &app.app.tables {
            let table = &t.name.text;
            records.insert(
                table.clone(),
                rel(table)?.iter().map(|x| x[0]).collect::<BTreeSet<u32>>(),
            );
            for c in &t.columns {
                let col = &c.name.text;
                if schema.mutable.contains(&(table.clone(), col.clone())) {
                    continue;
                }
                let pairs = rel(&format!("{table}<:{}", ident(col)))?
                    .iter()
                    .map(|x| (x[0], x[1]))
                    .collect();
                values.insert((table.clone(), col.clone()), pairs);
            }
        }
        let initially = rel("InitiallyAlive")?.iter().map(|x| x[0]).collect();
        let mut order = BTreeMap::new();
        for d in &app.ordered {
            let pairs = rel(&format!("{d}<:{d}__lt"))?
                .iter()
                .map(|x| (x[0], x[1]))
                .collect();
            order.insert(d.clone(), pairs);
        }
        let stmt_of: BTreeMap<u32, usize> = app
            .stmts
            .iter()
            .enumerate()
            .filter_map(|(i, s)| Some((rel(&s.atom).ok()?.iter().next()?[0], i)))
            .collect();
        let ran_rel = rel("Inst<:ran")?;
        let sel_rel = rel("Inst<:sel")?;
        let cand_rel = rel("Inst<:cand")?;
        let inserted_rel = rel("Inst<:inserted")?;
        let by_stmt = |set: &crate::logic::TupleSet, t: u32| {
            let mut out: BTreeMap<usize, BTreeSet<u32>> = BTreeMap::new();
            for x in set.iter().filter(|x| x[0] == t) {
                if let Some(&s) = stmt_of.get(&x[1]) {
                    out.entry(s).or_default().insert(x[2]);
                }
            }
            out
        };
        let mut w = Witness {
            insts: insts.to_vec(),
            params: Vec::new(),
            records,
            values,
            initially,
            order,
            ran: Vec::new(),
            sel: Vec::new(),
            cand: Vec::new(),
            inserted: Vec::new(),
            fields: Vec::new(),
            flags: BTreeMap::new(),
        };
        for f in app.flags.iter().filter(|f| f.depth == 0) {
            w.flags
                .insert(f.name.clone(), rel(&f.name)?.iter().map(|x| x[0]).collect());
        }
        for &(t, p) in insts {
            let prog = &app.programs[p];
            let mut params = BTreeMap::new();
            for (param, _) in &prog.params {
                if let Some(x) = rel(&format!("{}<:{}", prog.name, ident(param)))?
                    .iter()
                    .find(|x| x[0] == t)
                {
                    params.insert(param.clone(), x[1]);
                }
            }
            w.params.push(params);
            w.ran.push(
                ran_rel
                    .iter()
                    .filter(|x| x[0] == t)
                    .filter_map(|x| stmt_of.get(&x[1]).copied())
                    .collect(),
            );
            w.sel.push(by_stmt(sel_rel, t));
            w.cand.push(by_stmt(cand_rel, t));
            w.inserted.push(
                inserted_rel
                    .iter()
                    .filter(|x| x[0] == t)
                    .map(|x| x[1])
                    .collect(),
            );
            let mut fields = BTreeMap::new();
            let names = app
                .stmts
                .iter()
                .filter(|s| s.program == p)
                .flat_map(|s| s.iterations.iter().chain(&s.filtered))
                .chain(
                    app.flags
                        .iter()
                        .filter(|f| f.program == p && f.depth > 0)
                        .map(|f| &f.name),
                );
            for f in names {
                let tuples = rel(&format!("{}<:{f}", prog.name))?
                    .iter()
                    .filter(|x| x[0] == t)
                    .map(|x| x[1..].to_vec())
                    .collect();
                fields.insert(f.clone(), tuples);
            }
            w.fields.push(fields);
        }
        Ok(w)
    }

    fn value(&self, table: &str, col: &str, r: u32) -> Option<u32> {
        self.values
            .get(&(table.to_string(), col.to_string()))?
            .get(&r)
            .copied()
    }

    /// `a` before `b` in the order of domain `d`.
    fn before(&self, d: &str, a: u32, b: u32) -> bool {
        self.order.get(d).is_some_and(|o| o.contains(&(a, b)))
    }
}

/// What the declarations and statements say of columns, read from the syntax tree.
struct Schema {
    /// (table, column) that some UPDATE sets.
    mutable: BTreeSet<(String, String)>,
    /// Tables that some INSERT or DELETE changes.
    dynamic: BTreeSet<String>,
    /// (table, column) -> the sig of its values.
    sort: BTreeMap<(String, String), String>,
    /// (program, parameter) -> the sig of its values.
    param_sort: BTreeMap<(usize, String), String>,
}

fn sort_of(ty: Option<&str>) -> String {
    match ty.and_then(Ty::of_name) {
        Some(Ty::Domain(d)) => d,
        _ => "Val".into(),
    }
}

fn walk_sql<'a>(stmts: &'a [Stmt], f: &mut dyn FnMut(&'a Stmt, &'a Sql)) {
    for s in stmts {
        match s {
            Stmt::Sql { sql, .. } => f(s, sql),
            Stmt::If {
                then, otherwise, ..
            } => {
                walk_sql(then, f);
                walk_sql(otherwise, f);
            }
            Stmt::Foreach { body, .. } => walk_sql(body, f),
        }
    }
}

impl Schema {
    fn new(app: &AppModel) -> Schema {
        let mut mutable = BTreeSet::new();
        let mut dynamic = BTreeSet::new();
        for p in &app.app.programs {
            walk_sql(&p.body, &mut |_, sql| match sql {
                Sql::Update { table, sets, .. } => {
                    for (c, _) in sets {
                        mutable.insert((table.text.clone(), c.text.clone()));
                    }
                }
                Sql::Insert { table, .. } | Sql::Delete { table, .. } => {
                    dynamic.insert(table.text.clone());
                }
                Sql::Select { .. } => {}
            });
        }
        let sort = app
            .app
            .tables
            .iter()
            .flat_map(|t| {
                t.columns.iter().map(|c| {
                    (
                        (t.name.text.clone(), c.name.text.clone()),
                        sort_of(c.ty.as_ref().map(|n| n.text.as_str())),
                    )
                })
            })
            .collect();
        let param_sort = app
            .app
            .programs
            .iter()
            .enumerate()
            .flat_map(|(i, p)| {
                p.params
                    .iter()
                    .map(move |(n, ty)| ((i, n.text.clone()), sort_of(Some(&ty.text))))
            })
            .collect();
        Schema {
            mutable,
            dynamic,
            sort,
            param_sort,
        }
    }

    fn is_mutable(&self, table: &str, col: &str) -> bool {
        self.mutable.contains(&(table.to_string(), col.to_string()))
    }

    fn columns(&self, table: &str) -> impl Iterator<Item = &String> {
        self.sort
            .keys()
            .filter(move |(t, _)| t == table)
            .map(|(_, c)| c)
    }

    /// The fields a statement reads of the records it selects, writes of them, and
    /// reads (in its WHERE clause) of every candidate.
    fn effects(&self, sql: &Sql) -> [BTreeSet<String>; 3] {
        let (mut reads, mut writes, mut scans) =
            (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
        let table = match sql {
            Sql::Select { table, .. }
            | Sql::Update { table, .. }
            | Sql::Insert { table, .. }
            | Sql::Delete { table, .. } => table.text.as_str(),
        };
        let field = |c: &str| format!("{table}_{c}");
        let mutable_names = |e: &Expr, out: &mut BTreeSet<String>| {
            let mut names = Vec::new();
            bare_names(e, &mut names);
            for n in names {
                if self.is_mutable(table, &n) {
                    out.insert(field(&n));
                }
            }
        };
        let filter = match sql {
            Sql::Select { filter, .. }
            | Sql::Update { filter, .. }
            | Sql::Delete { filter, .. } => filter.as_ref(),
            Sql::Insert { .. } => None,
        };
        if let Some(f) = filter {
            let mut exprs = Vec::new();
            cond_exprs(f, &mut exprs);
            for e in exprs {
                mutable_names(e, &mut scans);
            }
        }
        if self.dynamic.contains(table) && !matches!(sql, Sql::Insert { .. }) {
            scans.insert("Alive".into());
        }
        match sql {
            Sql::Select { items, .. } => {
                for item in items {
                    match item {
                        SelectItem::Star => reads.extend(
                            self.columns(table)
                                .filter(|c| self.is_mutable(table, c))
                                .map(|c| field(c)),
                        ),
                        SelectItem::Column(c) | SelectItem::Aggregate(_, Some(c)) => {
                            if self.is_mutable(table, &c.text) {
                                reads.insert(field(&c.text));
                            }
                        }
                        SelectItem::Aggregate(_, None) => {}
                    }
                }
            }
            Sql::Update { sets, .. } => {
                for (c, e) in sets {
                    writes.insert(field(&c.text));
                    mutable_names(e, &mut reads);
                }
            }
            Sql::Insert { .. } => {
                writes.insert("Alive".into());
                writes.extend(
                    self.columns(table)
                        .filter(|c| self.is_mutable(table, c))
                        .map(|c| field(c)),
                );
            }
            Sql::Delete { .. } => {
                writes.insert("Alive".into());
            }
        }
        [reads, writes, scans]
    }
}

fn bare_names(e: &Expr, out: &mut Vec<String>) {
    match e {
        Expr::Name(n) => out.push(n.text.clone()),
        Expr::Arith(a, _, b) => {
            bare_names(a, out);
            bare_names(b, out);
        }
        Expr::Call(_, args) => args.iter().for_each(|a| bare_names(a, out)),
        Expr::Num(..) | Expr::Str(..) | Expr::Bool(..) | Expr::Dot(..) => {}
    }
}

fn cond_exprs<'a>(c: &'a Cond, out: &mut Vec<&'a Expr>) {
    match c {
        Cond::Bool(_) => {}
        Cond::Not(a) => cond_exprs(a, out),
        Cond::And(a, b) | Cond::Or(a, b) => {
            cond_exprs(a, out);
            cond_exprs(b, out);
        }
        Cond::Cmp(a, _, b) => {
            out.push(a);
            out.push(b);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Values and conditions

/// What an expression evaluates to on the witness: a value of a sort, the values of a
/// local's column (none: NULL), or something the analysis does not know.
enum Value {
    One(String, u32),
    Set(String, BTreeSet<u32>),
    Unknown,
}

/// The possible outcomes of a condition: bit 0 true, bit 1 false, bit 2 NULL.
type Outcomes = u8;
const T: Outcomes = 1;
const F: Outcomes = 2;
const N: Outcomes = 4;

/// Every outcome of `op` over every pair of possible outcomes (an unknown comparison
/// goes either way, independently of every other).
fn combine(a: Outcomes, b: Outcomes, op: fn(Outcomes, Outcomes) -> Outcomes) -> Outcomes {
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

fn and3(x: Outcomes, y: Outcomes) -> Outcomes {
    if x == F || y == F {
        F
    } else if x == N || y == N {
        N
    } else {
        T
    }
}

fn or3(x: Outcomes, y: Outcomes) -> Outcomes {
    if x == T || y == T {
        T
    } else if x == N || y == N {
        N
    } else {
        F
    }
}

fn not3(a: Outcomes) -> Outcomes {
    (a & N) | if a & T != 0 { F } else { 0 } | if a & F != 0 { T } else { 0 }
}

/// A local's records (or a FOREACH variable's one record).
#[derive(Clone, Debug)]
struct Local {
    table: String,
    rows: BTreeSet<u32>,
    row_var: bool,
}

#[derive(Clone, Debug, Default)]
struct Env {
    locals: BTreeMap<String, Local>,
}

/// Where a statement has run: the iterations that reached it (the enclosing FOREACH
/// records, outermost first) and, over them all, what it selected and its candidates.
#[derive(Default)]
struct Reach {
    iterations: BTreeSet<Vec<u32>>,
    sel: BTreeSet<u32>,
    cand: BTreeSet<u32>,
}

struct Run<'a> {
    app: &'a AppModel,
    w: &'a Witness,
    schema: &'a Schema,
    /// The instance (index in ar order) and its program.
    i: usize,
    prog: usize,
    exact_rows: bool,
    /// The records of tables with INSERT or DELETE that its snapshot holds.
    snapshot: BTreeSet<u32>,
    reached: BTreeMap<usize, Reach>,
    flags_reached: BTreeMap<String, BTreeSet<Vec<u32>>>,
    show: &'a dyn Fn(u32) -> String,
}

impl Run<'_> {
    fn stmt_name(&self, si: usize) -> String {
        let s = &self.app.stmts[si];
        format!(
            "T{}'s {} [{}] `{}`",
            self.i + 1,
            self.app.programs[s.program].name,
            s.number,
            s.text
        )
    }

    fn records(&self, rs: &BTreeSet<u32>) -> String {
        let shown: Vec<String> = rs.iter().map(|&r| (self.show)(r)).collect();
        format!("{{{}}}", shown.join(", "))
    }

    fn at(&self, it: &[u32]) -> String {
        if it.is_empty() {
            String::new()
        } else {
            let shown: Vec<String> = it.iter().map(|&r| (self.show)(r)).collect();
            format!(" in the iteration over {}", shown.join(", "))
        }
    }

    fn value(&self, e: &Expr, row: Option<(&str, u32)>, env: &Env) -> Value {
        match e {
            Expr::Name(n) => {
                if let Some((table, r)) = row
                    && let Some(sort) = self.schema.sort.get(&(table.to_string(), n.text.clone()))
                {
                    return match self.w.value(table, &n.text, r) {
                        Some(v) if !self.schema.is_mutable(table, &n.text) => {
                            Value::One(sort.clone(), v)
                        }
                        _ => Value::Unknown,
                    };
                }
                if env.locals.contains_key(&n.text) {
                    return Value::Unknown;
                }
                match (
                    self.w.params[self.i].get(&n.text),
                    self.schema.param_sort.get(&(self.prog, n.text.clone())),
                ) {
                    (Some(&v), Some(sort)) => Value::One(sort.clone(), v),
                    _ => Value::Unknown,
                }
            }
            Expr::Dot(x, col) => {
                let Some(l) = env.locals.get(&x.text) else {
                    return Value::Unknown;
                };
                let Some(sort) = self.schema.sort.get(&(l.table.clone(), col.text.clone())) else {
                    return Value::Unknown;
                };
                if self.schema.is_mutable(&l.table, &col.text) {
                    return Value::Unknown;
                }
                let vals: BTreeSet<u32> = l
                    .rows
                    .iter()
                    .filter_map(|&r| self.w.value(&l.table, &col.text, r))
                    .collect();
                match (l.row_var, vals.iter().next()) {
                    (true, Some(&v)) => Value::One(sort.clone(), v),
                    (true, None) => Value::Unknown,
                    (false, _) => Value::Set(sort.clone(), vals),
                }
            }
            _ => Value::Unknown,
        }
    }

    fn cond(&self, c: &Cond, row: Option<(&str, u32)>, env: &Env) -> Outcomes {
        match c {
            Cond::Bool(true) => T,
            Cond::Bool(false) => F,
            Cond::Not(a) => not3(self.cond(a, row, env)),
            Cond::And(a, b) => combine(self.cond(a, row, env), self.cond(b, row, env), and3),
            Cond::Or(a, b) => combine(self.cond(a, row, env), self.cond(b, row, env), or3),
            Cond::Cmp(a, op, b) => {
                let eq = match (self.value(a, row, env), self.value(b, row, env)) {
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
                        if ys.is_empty() {
                            N
                        } else if ys.contains(&x) {
                            T
                        } else {
                            F
                        }
                    }
                    (Value::Set(s, xs), Value::Set(s2, ys)) if s == s2 => {
                        if xs.is_empty() || ys.is_empty() {
                            N
                        } else if xs.intersection(&ys).next().is_some() {
                            T
                        } else {
                            F
                        }
                    }
                    _ => return T | F,
                };
                match op {
                    CmpOp::Eq => eq,
                    CmpOp::Ne => not3(eq),
                    _ => T | F,
                }
            }
        }
    }

    /// The records of `table` existing when statement `si` runs: the snapshot's, with
    /// the instance's own INSERTs and DELETEs before it applied in program order.
    fn live_at(&self, table: &str, si: usize) -> BTreeSet<u32> {
        let mut live: BTreeSet<u32> = self.w.records[table]
            .intersection(&self.snapshot)
            .copied()
            .collect();
        for (&sj, reach) in self.reached.range(..si) {
            let s = &self.app.stmts[sj];
            if s.program != self.prog || s.table != table {
                continue;
            }
            match &s.writes.contains(&"Alive".to_string()) {
                false => {}
                true if s.insert => live.extend(&reach.sel),
                true => live.retain(|r| !reach.sel.contains(r)),
            }
        }
        live
    }

    /// The witness's selection of statement `si` at iteration `it`.
    fn chosen(&self, si: usize, field: Option<&String>, it: &[u32]) -> BTreeSet<u32> {
        match field {
            None => self.w.sel[self.i].get(&si).cloned().unwrap_or_default(),
            Some(f) => self.w.fields[self.i]
                .get(f)
                .map(|ts| {
                    ts.iter()
                        .filter(|x| x.len() == it.len() + 1 && x[..it.len()] == *it)
                        .map(|x| x[it.len()])
                        .collect()
                })
                .unwrap_or_default(),
        }
    }

    fn block(&mut self, stmts: &[Stmt], env: &mut Env, it: &[u32]) -> Result<(), String> {
        for s in stmts {
            match s {
                Stmt::Sql {
                    assign, sql, span, ..
                } => {
                    let si = self
                        .app
                        .stmts
                        .iter()
                        .position(|x| x.program == self.prog && x.span == *span)
                        .ok_or("a statement the model does not know")?;
                    let cur = self.statement(si, sql, env, it)?;
                    if let (Some(local), Sql::Select { table, .. }) = (assign, sql) {
                        env.locals.insert(
                            local.text.clone(),
                            Local {
                                table: table.text.clone(),
                                rows: cur,
                                row_var: false,
                            },
                        );
                    }
                }
                Stmt::If {
                    cond,
                    then,
                    otherwise,
                    span,
                } => {
                    let flag = self
                        .app
                        .flags
                        .iter()
                        .find(|f| f.program == self.prog && f.span == *span)
                        .ok_or("an IF the model does not know")?;
                    let taken = if flag.depth == 0 {
                        self.w.flags[&flag.name].contains(&self.w.insts[self.i].0)
                    } else {
                        self.w.fields[self.i]
                            .get(&flag.name)
                            .is_some_and(|ts| ts.contains(it))
                    };
                    self.flags_reached
                        .entry(flag.name.clone())
                        .or_default()
                        .insert(it.to_vec());
                    let outcomes = self.cond(cond, None, env);
                    if (taken && outcomes & T == 0) || (!taken && outcomes & (F | N) == 0) {
                        return Err(format!(
                            "T{} takes the {} branch of an IF of {}{} whose condition cannot be {}",
                            self.i + 1,
                            if taken { "first" } else { "second" },
                            self.app.programs[self.prog].name,
                            self.at(it),
                            if taken { "true" } else { "false" }
                        ));
                    }
                    let mut inner = env.clone();
                    self.block(if taken { then } else { otherwise }, &mut inner, it)?;
                }
                Stmt::Foreach {
                    var, over, body, ..
                } => {
                    let Some(l) = env.locals.get(&over.text).cloned() else {
                        return Err(format!(
                            "FOREACH over `{}`, which is not a local",
                            over.text
                        ));
                    };
                    for &r in &l.rows {
                        let mut inner = env.clone();
                        inner.locals.insert(
                            var.text.clone(),
                            Local {
                                table: l.table.clone(),
                                rows: BTreeSet::from([r]),
                                row_var: true,
                            },
                        );
                        let mut next = it.to_vec();
                        next.push(r);
                        self.block(body, &mut inner, &next)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Check one run of statement `si` (at iteration `it`) and return what it selected.
    fn statement(
        &mut self,
        si: usize,
        sql: &Sql,
        env: &Env,
        it: &[u32],
    ) -> Result<BTreeSet<u32>, String> {
        let info = &self.app.stmts[si];
        let table = info.table.clone();
        let universe = self.w.records[&table].clone();
        let cur = self.chosen(si, info.iterations.as_ref(), it);
        let name = self.stmt_name(si);
        let at = self.at(it);
        if !cur.is_subset(&universe) {
            return Err(format!("{name} selects records of another table{at}"));
        }
        let dynamic = self.schema.dynamic.contains(&table);
        let cand = match sql {
            Sql::Insert { values, .. } => {
                let [r] = cur.iter().copied().collect::<Vec<_>>()[..] else {
                    return Err(format!("{name} inserts {} records{at}, not one", cur.len()));
                };
                for (c, e) in values {
                    if self.schema.is_mutable(&table, &c.text)
                        || self
                            .app
                            .counter_inserts
                            .iter()
                            .any(|ci| ci.insert == info.atom && ci.key == c.text)
                    {
                        continue;
                    }
                    let sort = &self.schema.sort[&(table.clone(), c.text.clone())];
                    let have = self.w.value(&table, &c.text, r);
                    let ok = match self.value(e, None, env) {
                        Value::One(s, v) if s == *sort => have == Some(v),
                        Value::Set(s, vs) if s == *sort => have.is_some_and(|h| vs.contains(&h)),
                        _ => true,
                    };
                    if !ok {
                        return Err(format!(
                            "{name} inserts {} with a value of `{}` other than the one it gives{at}",
                            (self.show)(r),
                            c.text
                        ));
                    }
                }
                if self.exact_rows && dynamic && self.live_at(&table, si).contains(&r) {
                    return Err(format!(
                        "{name} inserts {}, which its snapshot already holds{at}",
                        (self.show)(r)
                    ));
                }
                cur.clone()
            }
            _ => {
                let filter = match sql {
                    Sql::Select { filter, .. }
                    | Sql::Update { filter, .. }
                    | Sql::Delete { filter, .. } => filter.as_ref(),
                    Sql::Insert { .. } => None,
                };
                let outcome = |r: u32| match filter {
                    None => T,
                    Some(f) => self.cond(f, Some((&table, r)), env),
                };
                let possible: BTreeSet<u32> = universe
                    .iter()
                    .copied()
                    .filter(|&r| outcome(r) & T != 0)
                    .collect();
                let certain: BTreeSet<u32> = universe
                    .iter()
                    .copied()
                    .filter(|&r| outcome(r) == T)
                    .collect();
                let extreme = self.extreme(sql, &table);
                let filtered = info.filtered.as_ref().map(|f| self.chosen(si, Some(f), it));
                if dynamic && !self.exact_rows {
                    // Rows abstracted: any of the candidates.
                    if !cur.is_subset(&possible)
                        || filtered.as_ref().is_some_and(|f| !f.is_subset(&possible))
                    {
                        return Err(format!(
                            "{name} selects {} beyond its candidates {}{at}",
                            self.records(&cur),
                            self.records(&possible)
                        ));
                    }
                } else {
                    let live = if dynamic {
                        self.live_at(&table, si)
                    } else {
                        universe.clone()
                    };
                    let lower: BTreeSet<u32> = certain.intersection(&live).copied().collect();
                    let upper: BTreeSet<u32> = possible.intersection(&live).copied().collect();
                    let between = |s: &BTreeSet<u32>| lower.is_subset(s) && s.is_subset(&upper);
                    match &extreme {
                        Some((least, col, sort)) => {
                            let pool = match &filtered {
                                Some(f) if between(f) => f.clone(),
                                None if lower == upper => upper.clone(),
                                _ => {
                                    return Err(format!(
                                        "{name} finds its {} among {} where the programs allow between {} and {}{at}",
                                        if *least { "least" } else { "greatest" },
                                        self.records(filtered.as_ref().unwrap_or(&upper)),
                                        self.records(&lower),
                                        self.records(&upper)
                                    ));
                                }
                            };
                            let val = |r: u32| self.w.value(&table, col, r);
                            let expected: BTreeSet<u32> = pool
                                .iter()
                                .copied()
                                .filter(|&r| {
                                    !pool.iter().any(|&o| match (val(o), val(r)) {
                                        (Some(a), Some(b)) if *least => self.w.before(sort, a, b),
                                        (Some(a), Some(b)) => self.w.before(sort, b, a),
                                        _ => false,
                                    })
                                })
                                .collect();
                            if cur != expected {
                                return Err(format!(
                                    "{name} selects {} where the {} of {} are {}{at}",
                                    self.records(&cur),
                                    if *least { "least" } else { "greatest" },
                                    self.records(&pool),
                                    self.records(&expected)
                                ));
                            }
                        }
                        None if !between(&cur) => {
                            return Err(format!(
                                "{name} selects {} where the programs select at least {} and at most {}{at}",
                                self.records(&cur),
                                self.records(&lower),
                                self.records(&upper)
                            ));
                        }
                        None => {}
                    }
                }
                // MIN (MAX) reads the candidates up to (from) the value it finds.
                match &extreme {
                    Some((least, col, sort)) if !cur.is_empty() => {
                        let found: BTreeSet<u32> = cur
                            .iter()
                            .filter_map(|&r| self.w.value(&table, col, r))
                            .collect();
                        possible
                            .iter()
                            .copied()
                            .filter(|&r| {
                                self.w.value(&table, col, r).is_some_and(|v| {
                                    found.iter().any(|&m| {
                                        v == m
                                            || if *least {
                                                self.w.before(sort, v, m)
                                            } else {
                                                self.w.before(sort, m, v)
                                            }
                                    })
                                })
                            })
                            .collect()
                    }
                    _ => possible,
                }
            }
        };
        let reach = self.reached.entry(si).or_default();
        reach.iterations.insert(it.to_vec());
        reach.sel.extend(&cur);
        reach.cand.extend(cand);
        Ok(cur)
    }

    /// MIN or MAX of one immutable column of an ordered domain, alone in a SELECT:
    /// (least, column, domain).
    fn extreme(&self, sql: &Sql, table: &str) -> Option<(bool, String, String)> {
        let Sql::Select { items, .. } = sql else {
            return None;
        };
        let [SelectItem::Aggregate(f, Some(c))] = items.as_slice() else {
            return None;
        };
        let least = f.text.eq_ignore_ascii_case("min");
        if !least && !f.text.eq_ignore_ascii_case("max") {
            return None;
        }
        let sort = self.schema.sort.get(&(table.to_string(), c.text.clone()))?;
        (!self.schema.is_mutable(table, &c.text) && self.app.ordered.contains(sort))
            .then(|| (least, c.text.clone(), sort.clone()))
    }

    /// After the walk: the witness's `ran`, `sel`, `cand`, per-iteration fields and IF
    /// flags hold exactly what the walk found.
    fn settle(&self) -> Result<(), String> {
        let i = self.i;
        for (si, info) in self.app.stmts.iter().enumerate() {
            if info.program != self.prog {
                continue;
            }
            let name = self.stmt_name(si);
            let reach = self.reached.get(&si);
            let ran = self.w.ran[i].contains(&si);
            if ran != reach.is_some() {
                return Err(format!(
                    "{name} {} in the witness but {} when the program runs",
                    if ran { "ran" } else { "did not run" },
                    if ran { "is not reached" } else { "is reached" }
                ));
            }
            let empty = BTreeSet::new();
            let sel = self.w.sel[i].get(&si).unwrap_or(&empty);
            let cand = self.w.cand[i].get(&si).unwrap_or(&empty);
            let (want_sel, want_cand) = reach.map_or((&empty, &empty), |r| (&r.sel, &r.cand));
            if sel != want_sel {
                return Err(format!(
                    "{name} selects {} in all, but its runs select {}",
                    self.records(sel),
                    self.records(want_sel)
                ));
            }
            if cand != want_cand {
                return Err(format!(
                    "{name} reads its WHERE clause's columns of {}, but the program of {}",
                    self.records(cand),
                    self.records(want_cand)
                ));
            }
            let iterations = reach.map(|r| &r.iterations);
            for f in info.iterations.iter().chain(&info.filtered) {
                let stray = self.w.fields[i]
                    .get(f)
                    .into_iter()
                    .flatten()
                    .find(|x| !iterations.is_some_and(|its| its.contains(&x[..x.len() - 1])));
                if stray.is_some() {
                    return Err(format!(
                        "{name} selects records in an iteration that does not reach it"
                    ));
                }
            }
            if info.insert && info.iterations.is_some() {
                let runs = iterations.map_or(0, |its| its.len());
                if want_sel.len() != runs {
                    return Err(format!(
                        "{name} inserts {} records in {runs} iterations: one key twice",
                        want_sel.len()
                    ));
                }
            }
        }
        for f in self.app.flags.iter().filter(|f| f.program == self.prog) {
            let reached = self.flags_reached.get(&f.name);
            let stray = if f.depth == 0 {
                self.w.flags[&f.name].contains(&self.w.insts[i].0) && reached.is_none()
            } else {
                self.w.fields[i]
                    .get(&f.name)
                    .into_iter()
                    .flatten()
                    .any(|x| !reached.is_some_and(|r| r.contains(x)))
            };
            if stray {
                return Err(format!(
                    "T{} takes the first branch of an IF of {} that it does not reach",
                    i + 1,
                    self.app.programs[self.prog].name
                ));
            }
        }
        Ok(())
    }
}

/// Run every instance's program again on the witness, in ar order, and return the
/// instances with what each statement read and wrote; `Err` says where the witness
/// departs from the programs.
pub fn replay(
    app: &AppModel,
    w: &Witness,
    vis: &[(usize, usize)],
    exact_rows: bool,
    name: &dyn Fn(u32) -> String,
    records: &BTreeMap<u32, String>,
) -> Result<Vec<InstanceView>, String> {
    let schema = Schema::new(app);
    let show = |r: u32| records.get(&r).cloned().unwrap_or_else(|| name(r));
    let visible: BTreeSet<(usize, usize)> = vis.iter().copied().collect();
    // Per instance: the records whose `Alive` it writes, and those it leaves existing.
    let mut alive_writes: Vec<BTreeSet<u32>> = Vec::new();
    let mut leaves: Vec<BTreeSet<u32>> = Vec::new();
    let mut views = Vec::new();
    for (i, &(_, prog)) in w.insts.iter().enumerate() {
        // A record exists in the snapshot when the ar-last visible writer of its
        // `Alive` left it existing, or none is visible and it existed initially.
        let mut snapshot = BTreeSet::new();
        for table in &schema.dynamic {
            for &r in &w.records[table] {
                let last = (0..i)
                    .rev()
                    .find(|&j| visible.contains(&(j, i)) && alive_writes[j].contains(&r));
                let exists = match last {
                    Some(j) => leaves[j].contains(&r),
                    None => w.initially.contains(&r),
                };
                if exists {
                    snapshot.insert(r);
                }
            }
        }
        let mut run = Run {
            app,
            w,
            schema: &schema,
            i,
            prog,
            exact_rows,
            snapshot,
            reached: BTreeMap::new(),
            flags_reached: BTreeMap::new(),
            show: &show,
        };
        let body = &app.app.programs[prog].body;
        run.block(body, &mut Env::default(), &[])?;
        run.settle()?;
        // What each statement read and wrote, and what the instance leaves existing.
        let mut steps = Vec::new();
        let mut writes_alive = BTreeSet::new();
        let mut left = BTreeSet::new();
        let mut sqls = BTreeMap::new();
        walk_sql(body, &mut |s, sql| {
            if let Stmt::Sql { span, .. } = s {
                sqls.insert((span.start, span.end), sql);
            }
        });
        for (&si, reach) in &run.reached {
            let info = &app.stmts[si];
            let [reads, writes, scans] = schema.effects(sqls[&(info.span.start, info.span.end)]);
            let listed = |v: &Vec<String>| v.iter().cloned().collect::<BTreeSet<String>>();
            if listed(&info.reads) != reads
                || listed(&info.writes) != writes
                || listed(&info.scans) != scans
            {
                return Err(format!(
                    "{} reads {:?}, writes {:?} and scans {:?} in the model, but {reads:?}, {writes:?} and {scans:?} by its text",
                    run.stmt_name(si),
                    info.reads,
                    info.writes,
                    info.scans
                ));
            }
            let mut r_locs: BTreeSet<Loc> = BTreeSet::new();
            for &r in &reach.sel {
                r_locs.extend(reads.iter().map(|f| (r, f.clone())));
            }
            for &r in &reach.cand {
                r_locs.extend(scans.iter().map(|f| (r, f.clone())));
            }
            let w_locs: BTreeSet<Loc> = reach
                .sel
                .iter()
                .flat_map(|&r| writes.iter().map(move |f| (r, f.clone())))
                .collect();
            if writes.contains("Alive") {
                writes_alive.extend(&reach.sel);
                if info.insert {
                    left.extend(&reach.sel);
                } else {
                    left.retain(|r| !reach.sel.contains(r));
                }
            }
            steps.push(Step {
                stmt: si,
                selected: reach.sel.iter().copied().collect(),
                reads: r_locs.into_iter().collect(),
                writes: w_locs.into_iter().collect(),
            });
        }
        if left != w.inserted[i] {
            return Err(format!(
                "T{} leaves {} existing in the witness, but its statements leave {}",
                i + 1,
                run.records(&w.inserted[i]),
                run.records(&left)
            ));
        }
        alive_writes.push(writes_alive);
        leaves.push(left);
        let prog_info = &app.programs[prog];
        views.push(InstanceView {
            name: format!("T{}", i + 1),
            program: prog_info.name.clone(),
            params: prog_info
                .params
                .iter()
                .map(|(p, _)| {
                    (
                        p.clone(),
                        w.params[i].get(p).map_or_else(String::new, |&v| name(v)),
                    )
                })
                .collect(),
            steps,
        });
    }
    if exact_rows {
        counters(app, w, &views, vis, &show)?;
    }
    Ok(views)
}

/// Keys taken from counters: readers of one version of the counter take the same key, a
/// version written after another (along writers that read one another) gives a larger
/// key, and the database starts consistent (every key of the counter's group that
/// exists initially is below every key taken from it).
fn counters(
    app: &AppModel,
    w: &Witness,
    views: &[InstanceView],
    vis: &[(usize, usize)],
    show: &dyn Fn(u32) -> String,
) -> Result<(), String> {
    let versions = Versions::new(views, vis);
    let index = |atom: &str| app.stmts.iter().position(|s| s.atom == atom);
    let selected = |i: usize, si: usize| {
        views[i]
            .steps
            .iter()
            .find(|s| s.stmt == si)
            .map(|s| s.selected.clone())
            .unwrap_or_default()
    };
    // (instance, counter insert, counter record, key taken)
    let mut taken = Vec::new();
    for (k, ci) in app.counter_inserts.iter().enumerate() {
        let (Some(insert), Some(lookup)) = (index(&ci.insert), index(&ci.lookup)) else {
            continue;
        };
        for i in 0..views.len() {
            let inserted = selected(i, insert);
            let [r] = inserted[..] else { continue };
            let [c] = selected(i, lookup)[..] else {
                return Err(format!(
                    "T{} takes a key from a counter that its lookup did not find once",
                    i + 1
                ));
            };
            let key = w
                .value(&ci.table, &ci.key, r)
                .ok_or("a key without a value")?;
            if let Some(group) = &ci.group {
                for &r0 in w.records[&ci.table].intersection(&w.initially) {
                    let same = group.iter().all(|(tcol, ccol)| {
                        w.value(&ci.table, tcol, r0) == w.value(&ci.source, ccol, c)
                    });
                    let below = w
                        .value(&ci.table, &ci.key, r0)
                        .is_some_and(|k0| w.before(&ci.sort, k0, key));
                    if same && !below {
                        return Err(format!(
                            "T{} takes key {} from a counter of {}, but {} existed initially with a key not below it",
                            i + 1,
                            show(key),
                            show(c),
                            show(r0)
                        ));
                    }
                }
            }
            taken.push((i, k, c, key));
        }
    }
    for &(i1, k1, c1, key1) in &taken {
        for &(i2, k2, c2, key2) in &taken {
            let (a, b) = (&app.counter_inserts[k1], &app.counter_inserts[k2]);
            if c1 != c2 || a.field != b.field || a.sort != b.sort {
                continue;
            }
            let loc: Loc = (c1, a.field.clone());
            let s1 = versions.source(i1, &loc).map(|(_, (w, _))| w);
            let s2 = versions.source(i2, &loc).map(|(_, (w, _))| w);
            // Writers of the counter that read it, each from the version before.
            let reads_from = |u: usize| {
                let reads = views[u].steps.iter().any(|s| s.reads.contains(&loc));
                let writes = views[u].steps.iter().any(|s| s.writes.contains(&loc));
                (reads && writes)
                    .then(|| versions.source(u, &loc).map(|(_, (w, _))| w))
                    .flatten()
            };
            let later = |from: usize, to: usize| {
                let mut at = to;
                while let Some(prev) = reads_from(at) {
                    if prev == from {
                        return true;
                    }
                    at = prev;
                }
                false
            };
            let smaller = match (s1, s2) {
                _ if s1 == s2 => {
                    if key1 != key2 {
                        return Err(format!(
                            "T{} and T{} read one version of {}'s counter but take keys {} and {}",
                            i1 + 1,
                            i2 + 1,
                            show(c1),
                            show(key1),
                            show(key2)
                        ));
                    }
                    continue;
                }
                (None, Some(_)) => true,
                (Some(x), Some(y)) => later(x, y),
                _ => false,
            };
            if smaller && !w.before(&a.sort, key1, key2) {
                return Err(format!(
                    "T{} reads an older version of {}'s counter than T{} but takes key {} not below {}",
                    i1 + 1,
                    show(c1),
                    i2 + 1,
                    show(key1),
                    show(key2)
                ));
            }
        }
    }
    Ok(())
}

/// Whether the execution breaks the axioms of a library level, with the writes read
/// back (a level of the program file is checked by the solver's own re-check only).
pub fn level_broken(pred: &str, views: &[InstanceView], vis: &[(usize, usize)]) -> Option<String> {
    let n = views.len();
    let visible: BTreeSet<(usize, usize)> = vis.iter().copied().collect();
    let writes: Vec<BTreeSet<&Loc>> = views
        .iter()
        .map(|v| v.steps.iter().flat_map(|s| &s.writes).collect())
        .collect();
    let causal = || {
        vis.iter().find_map(|&(a, b)| {
            (0..n)
                .find(|&c| visible.contains(&(b, c)) && !visible.contains(&(a, c)))
                .map(|c| {
                    format!(
                        "T{} sees T{} and T{} sees T{}, but T{} does not see T{}",
                        b + 1,
                        a + 1,
                        c + 1,
                        b + 1,
                        c + 1,
                        a + 1
                    )
                })
        })
    };
    let prefix = || {
        vis.iter().find_map(|&(b, c)| {
            (0..b).find(|&a| !visible.contains(&(a, c))).map(|a| {
                format!(
                    "T{} sees T{} but not T{}, which is before it",
                    c + 1,
                    b + 1,
                    a + 1
                )
            })
        })
    };
    let conflicts_seen = || {
        (0..n).find_map(|a| {
            (a + 1..n).find_map(|b| {
                (!writes[a].is_disjoint(&writes[b]) && !visible.contains(&(a, b))).then(|| {
                    format!(
                        "T{} and T{} write a common location, but T{} does not see T{}",
                        a + 1,
                        b + 1,
                        b + 1,
                        a + 1
                    )
                })
            })
        })
    };
    match pred {
        "ExecCC" => causal(),
        "ExecPC" => prefix(),
        "ExecPSI" => causal().or_else(conflicts_seen),
        "ExecSI" => prefix().or_else(conflicts_seen),
        "ExecSER" => (0..n).find_map(|a| {
            (a + 1..n)
                .find(|&b| !visible.contains(&(a, b)))
                .map(|b| format!("T{} does not see T{}", b + 1, a + 1))
        }),
        _ => None,
    }
}
