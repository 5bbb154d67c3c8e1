//! One instance's program run again on the witness: the values of expressions and the
//! outcomes of conditions under SQL's three-valued logic, and each statement, IF and
//! FOREACH checked against the choices the witness made (records selected, branches,
//! iterations, records inserted).

use std::collections::{BTreeMap, BTreeSet};

use crate::apps::programs::model::AppModel;
use crate::apps::programs::syntax::{CmpOp, Cond, Expr, SelectItem, Sql, Stmt, is_count};

use super::schema::Schema;
use super::witness::Witness;

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
    /// `SELECT COUNT(…)`: a number even over no record.
    count: bool,
}

#[derive(Clone, Debug, Default)]
pub(super) struct Env {
    locals: BTreeMap<String, Local>,
}

/// Where a statement has run: the iterations that reached it (the enclosing FOREACH
/// records, outermost first) and, over them all, what it selected and its candidates.
#[derive(Default)]
pub(super) struct Reach {
    iterations: BTreeSet<Vec<u32>>,
    pub(super) sel: BTreeSet<u32>,
    pub(super) cand: BTreeSet<u32>,
}

pub(super) struct Run<'a> {
    pub(super) app: &'a AppModel,
    pub(super) w: &'a Witness,
    pub(super) schema: &'a Schema,
    /// The instance (index in ar order) and its program.
    pub(super) i: usize,
    pub(super) prog: usize,
    pub(super) exact_rows: bool,
    /// The records of tables with INSERT or DELETE that its snapshot holds.
    pub(super) snapshot: BTreeSet<u32>,
    /// Under Read Committed, the same per statement (which then replaces `snapshot`).
    pub(super) statement_snapshots: BTreeMap<usize, BTreeSet<u32>>,
    /// Rows an UPDATE changed exist for the statements after it (see `replay`).
    pub(super) locking_updates: bool,
    pub(super) reached: BTreeMap<usize, Reach>,
    pub(super) flags_reached: BTreeMap<String, BTreeSet<Vec<u32>>>,
    /// IFs outside FOREACH that the instance reached: (the IF, whether it took the
    /// first branch), in the order run.
    pub(super) branches: Vec<(usize, bool)>,
    pub(super) show: &'a dyn Fn(u32) -> String,
}

impl Run<'_> {
    pub(super) fn stmt_name(&self, si: usize) -> String {
        let s = &self.app.stmts[si];
        format!(
            "T{}'s {} [{}] `{}`",
            self.i + 1,
            self.app.programs[s.program].name,
            s.number,
            s.text
        )
    }

    pub(super) fn records(&self, rs: &BTreeSet<u32>) -> String {
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
    /// the instance's own INSERTs and DELETEs before it applied in program order (and
    /// with `locking_updates`, the rows its UPDATEs changed).
    fn live_at(&self, table: &str, si: usize) -> BTreeSet<u32> {
        let snapshot = self.statement_snapshots.get(&si).unwrap_or(&self.snapshot);
        let mut live: BTreeSet<u32> = self.w.records[table]
            .intersection(snapshot)
            .copied()
            .collect();
        for (&sj, reach) in self.reached.range(..si) {
            let s = &self.app.stmts[sj];
            if s.program != self.prog || s.table != table {
                continue;
            }
            match &s.writes.contains(&"Alive".to_string()) {
                false if self.locking_updates && !s.writes.is_empty() => live.extend(&reach.sel),
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

    pub(super) fn block(
        &mut self,
        stmts: &[Stmt],
        env: &mut Env,
        it: &[u32],
    ) -> Result<(), String> {
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
                    if let (Some(local), Sql::Select { table, items, .. }) = (assign, sql) {
                        env.locals.insert(
                            local.text.clone(),
                            Local {
                                table: table.text.clone(),
                                rows: cur,
                                row_var: false,
                                count: is_count(items),
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
                    if flag.depth == 0
                        && let Some(k) = self.app.flags.iter().position(|f| f.name == flag.name)
                    {
                        self.branches.push((k, taken));
                    }
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
                                count: false,
                            },
                        );
                        let mut next = it.to_vec();
                        next.push(r);
                        self.block(body, &mut inner, &next)?;
                    }
                }
                Stmt::Rollback { .. } => {
                    return Err(format!(
                        "T{} reaches a ROLLBACK of {}{}, so it aborts and cannot be part of the execution",
                        self.i + 1,
                        self.app.programs[self.prog].name,
                        self.at(it)
                    ));
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
        // NULL stored in a `not null` column: the statement fails (an UPDATE only
        // where it changes a record), so its transaction aborts.
        let stores = match sql {
            Sql::Update { sets, .. } if !cur.is_empty() => Some((sets, true)),
            Sql::Insert { values, .. } => Some((values, false)),
            _ => None,
        };
        if let Some((pairs, update)) = stores {
            let columns = self.app.tables.iter().find(|t| t.name == table);
            for (c, e) in pairs {
                if !columns.is_some_and(|t| t.column(&c.text).is_some_and(|c| c.not_null)) {
                    continue;
                }
                let row = update.then_some(columns).flatten();
                if let Some(local) = empty_local(e, row, env) {
                    return Err(format!(
                        "{name} stores NULL in `{}`, which is not null (`{local}` holds no record){at}, so it would fail",
                        c.text
                    ));
                }
            }
        }
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
    pub(super) fn settle(&self) -> Result<(), String> {
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

/// A local that an expression uses as a value and that holds no record here, making the
/// value NULL (a COUNT is 0 instead; a FOREACH variable holds one record). A name that
/// is a column of `row` (the updated record, in SET) is that column.
fn empty_local<'e>(
    e: &'e Expr,
    row: Option<&crate::apps::programs::model::TableInfo>,
    env: &Env,
) -> Option<&'e str> {
    match e {
        Expr::Name(n) if row.is_none_or(|t| t.column(&n.text).is_none()) => env
            .locals
            .get(&n.text)
            .filter(|l| !l.row_var && !l.count && l.rows.is_empty())
            .map(|_| n.text.as_str()),
        Expr::Dot(x, _) => env
            .locals
            .get(&x.text)
            .filter(|l| !l.row_var && l.rows.is_empty())
            .map(|_| x.text.as_str()),
        Expr::Arith(a, _, b) => empty_local(a, row, env).or_else(|| empty_local(b, row, env)),
        Expr::Call(_, args) => args.iter().find_map(|a| empty_local(a, row, env)),
        _ => None,
    }
}
