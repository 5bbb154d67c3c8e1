//! A violation as SQL for PostgreSQL: the schema, the witness's initial rows, and each
//! event of its schedule as a request, with the bookkeeping that lets the replay see
//! which transaction wrote each version a statement read.
//!
//! Every mutable column `c` gets two text columns beside it: `c__w`, the transaction
//! that wrote the row's current version of `c` (`init` for the initial one), and
//! `c__p`, set by each UPDATE to the `c__w` it overwrote — the version the UPDATE read,
//! which under Read Committed may be newer than its snapshot's. Tables with INSERT or
//! DELETE get `alive__w` (who inserted the row), and deletions are recorded in
//! `solder__deleted`, so that a read of a missing row can say who removed it.

use std::collections::BTreeMap;

use crate::apps::programs::explain::{Loc, Violation};
use crate::apps::programs::model::{AppModel, Ty};
use crate::apps::programs::syntax::{CmpOp, Cond, Expr, SelectItem, Sql, Stmt};
use crate::apps::programs::view::Event;

/// PostgreSQL's isolation levels, and the solder level each one implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    ReadCommitted,
    RepeatableRead,
    Serializable,
}

impl Isolation {
    pub fn sql(self) -> &'static str {
        match self {
            Isolation::ReadCommitted => "READ COMMITTED",
            Isolation::RepeatableRead => "REPEATABLE READ",
            Isolation::Serializable => "SERIALIZABLE",
        }
    }

    /// The PostgreSQL level that runs a solder level's executions: Read Committed for
    /// RC, Repeatable Read (snapshot isolation) for SI. Others have none: PostgreSQL
    /// has no level weaker than SI with one snapshot per transaction.
    pub fn for_pred(pred: &str) -> Option<Isolation> {
        match pred {
            "ExecRC" | "ExecPostgresRC" => Some(Isolation::ReadCommitted),
            "ExecSI" | "ExecPostgresRR" => Some(Isolation::RepeatableRead),
            "ExecSER" => Some(Isolation::Serializable),
            _ => None,
        }
    }

    /// Why a level (`pred`, named `level` by the user) has no PostgreSQL level.
    pub fn missing(pred: &str, level: &str) -> String {
        if pred == "ExecMySQLRR" {
            format!("{level} is MySQL's Repeatable Read, which PostgreSQL does not run")
        } else {
            format!("PostgreSQL has no isolation level for {level}")
        }
    }
}

/// One request of the replay, for one instance's session.
#[derive(Clone, Debug)]
pub struct Request {
    pub instance: usize,
    pub what: What,
    pub sql: String,
}

#[derive(Clone, Debug)]
pub enum What {
    Begin,
    /// Who wrote the versions step `step` is about to read: a row `@r|k|writer` per
    /// location `locs[k]`.
    Observe {
        step: usize,
        locs: Vec<Loc>,
    },
    /// The records step `step` of `table` is about to select: a row `@s|key…` each.
    Selects {
        step: usize,
        table: String,
    },
    /// The step itself; rows `@u|key…|previous writer…` for the records it changed.
    Statement {
        step: usize,
        changes: Changes,
    },
    Commit,
}

/// What a changing statement's returned rows hold after its key columns.
#[derive(Clone, Debug)]
pub enum Changes {
    /// A SELECT: nothing returned.
    None,
    /// An UPDATE: the previous writer of each of these columns.
    Update { table: String, columns: Vec<String> },
    /// An INSERT: the key of the row added.
    Insert { table: String },
    /// A DELETE: the previous writer of the row's existence.
    Delete { table: String },
}

/// The replay's SQL: set-up, then the schedule's requests in order.
pub struct Script {
    pub setup: Vec<String>,
    pub requests: Vec<Request>,
    /// Per table: the records by their key as psql prints it (`Cust$3`, `2|Cust$1`).
    pub keys: BTreeMap<String, BTreeMap<String, u32>>,
}

/// The temporary table that holds a local's rows in its session.
fn local_table(local: &str) -> String {
    format!("solder__{local}")
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

fn ident(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// What PostgreSQL stores a column of type `ty` as.
fn sql_type(app: &AppModel, ty: &Ty) -> &'static str {
    match ty {
        Ty::Num => "bigint",
        Ty::Domain(d) if app.ordered.contains(d) => "bigint",
        _ => "text",
    }
}

struct Ctx<'a> {
    app: &'a AppModel,
    v: &'a Violation,
    /// Locals of the program being rendered: name -> (table, items).
    locals: BTreeMap<String, (String, Vec<SelectItem>)>,
    params: BTreeMap<String, (Ty, String)>,
}

impl Ctx<'_> {
    fn numeric(atom: &str) -> i64 {
        atom.rsplit('$')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    }

    /// An atom of a column or parameter of type `ty` as an SQL literal.
    fn literal(&self, ty: &Ty, atom: &str) -> String {
        match ty {
            Ty::Num => Self::numeric(atom).to_string(),
            Ty::Domain(d) if self.app.ordered.contains(d) => {
                self.v.ranks.get(atom).copied().unwrap_or(0).to_string()
            }
            _ => quote(atom),
        }
    }

    fn column_ty(&self, table: &str, col: &str) -> Ty {
        self.app
            .tables
            .iter()
            .find(|t| t.name == table)
            .and_then(|t| t.column(col))
            .map_or(Ty::Any, |c| c.ty.clone())
    }

    /// Column `col` of local `local`: its value in the temporary table that holds the
    /// local's rows (NULL when it holds none; one of them when it holds several).
    fn local_value(&self, local: &str, col: Option<&str>) -> Result<String, String> {
        let (_, items) = self
            .locals
            .get(local)
            .ok_or_else(|| format!("`{local}` is not a local the replay knows"))?;
        let rows = ident(&local_table(local));
        Ok(match (col, items.as_slice()) {
            (Some(c), _) => format!("(SELECT {} FROM {rows} LIMIT 1)", ident(c)),
            (None, [SelectItem::Column(c)]) => {
                format!("(SELECT {} FROM {rows} LIMIT 1)", ident(&c.text))
            }
            // An aggregate as a value, over the rows the local holds (for MIN and MAX,
            // those with the least or greatest value).
            (None, [SelectItem::Aggregate(f, Some(c))]) => {
                format!("(SELECT {}({}) FROM {rows})", f.text, ident(&c.text))
            }
            (None, [SelectItem::Aggregate(_, None)]) => format!("(SELECT count(*) FROM {rows})"),
            (None, _) => return Err(format!("`{local}` selects several columns")),
        })
    }

    fn expr(&self, e: &Expr, table: Option<&str>) -> Result<String, String> {
        Ok(match e {
            Expr::Num(n, _) => n.to_string(),
            Expr::Str(s, _) => quote(s),
            Expr::Bool(b, _) => quote(if *b { "true" } else { "false" }),
            Expr::Name(n) => {
                if let Some(t) = table
                    && self
                        .app
                        .tables
                        .iter()
                        .any(|x| x.name == t && x.column(&n.text).is_some())
                {
                    ident(&n.text)
                } else if self.locals.contains_key(&n.text) {
                    self.local_value(&n.text, None)?
                } else if let Some((ty, atom)) = self.params.get(&n.text) {
                    self.literal(ty, atom)
                } else {
                    return Err(format!("`{}` has no value in the witness", n.text));
                }
            }
            Expr::Dot(x, c) => self.local_value(&x.text, Some(&c.text))?,
            Expr::Arith(a, op, b) => {
                format!("({} {op} {})", self.expr(a, table)?, self.expr(b, table)?)
            }
            Expr::Call(f, _) => {
                return Err(format!(
                    "the replay does not translate calls (`{}`)",
                    f.text
                ));
            }
        })
    }

    fn cond(&self, c: &Cond, table: Option<&str>) -> Result<String, String> {
        Ok(match c {
            Cond::Bool(b) => if *b { "TRUE" } else { "FALSE" }.to_string(),
            Cond::Cmp(a, op, b) => {
                let op = match op {
                    CmpOp::Eq => "=",
                    CmpOp::Ne => "<>",
                    CmpOp::Lt => "<",
                    CmpOp::Le => "<=",
                    CmpOp::Gt => ">",
                    CmpOp::Ge => ">=",
                };
                format!("{} {op} {}", self.expr(a, table)?, self.expr(b, table)?)
            }
            Cond::Not(a) => format!("NOT ({})", self.cond(a, table)?),
            Cond::And(a, b) => format!("({}) AND ({})", self.cond(a, table)?, self.cond(b, table)?),
            Cond::Or(a, b) => format!("({}) OR ({})", self.cond(a, table)?, self.cond(b, table)?),
        })
    }
}

fn find_sql(stmts: &[Stmt], span: crate::diagnostic::Span) -> Option<&Stmt> {
    for s in stmts {
        match s {
            Stmt::Sql { span: sp, .. } if *sp == span => return Some(s),
            Stmt::Sql { .. } | Stmt::Rollback { .. } => {}
            Stmt::If {
                then, otherwise, ..
            } => {
                if let Some(x) = find_sql(then, span).or_else(|| find_sql(otherwise, span)) {
                    return Some(x);
                }
            }
            Stmt::Foreach { .. } => {}
        }
    }
    None
}

fn collect_locals(stmts: &[Stmt], out: &mut BTreeMap<String, (String, Vec<SelectItem>)>) {
    for s in stmts {
        match s {
            Stmt::Sql {
                assign: Some(a),
                sql: Sql::Select { items, table, .. },
                ..
            } => {
                out.insert(a.text.clone(), (table.text.clone(), items.clone()));
            }
            Stmt::Sql { .. } | Stmt::Rollback { .. } => {}
            Stmt::If {
                then, otherwise, ..
            } => {
                collect_locals(then, out);
                collect_locals(otherwise, out);
            }
            Stmt::Foreach { body, .. } => collect_locals(body, out),
        }
    }
}

fn has_foreach(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Foreach { .. } => true,
        Stmt::If {
            then, otherwise, ..
        } => has_foreach(then) || has_foreach(otherwise),
        Stmt::Sql { .. } | Stmt::Rollback { .. } => false,
    })
}

fn has_delete(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match s {
        Stmt::Sql { sql, .. } => matches!(sql, Sql::Delete { .. }),
        Stmt::If {
            then, otherwise, ..
        } => has_delete(then) || has_delete(otherwise),
        Stmt::Foreach { body, .. } => has_delete(body),
        Stmt::Rollback { .. } => false,
    })
}

/// The column of a location (`Alive` is the record's existence).
pub(super) fn loc_column(app: &AppModel, table: &str, field: &str) -> Option<String> {
    if field == "Alive" {
        return Some("alive".into());
    }
    let t = app.tables.iter().find(|t| t.name == table)?;
    let bare = field.strip_prefix(&format!("{table}_")).unwrap_or(field);
    t.columns
        .iter()
        .find(|c| c.name == bare || crate::apps::programs::model::ident(&c.name) == bare)
        .map(|c| c.name.clone())
}

/// The replay of `v`'s schedule `events` at `isolation`; with `observe`, each statement
/// is preceded by the query that shows which versions it reads (the rows the statement
/// reads itself, so under SERIALIZABLE it adds no conflict but through the tombstones
/// of deleted rows).
pub fn script(
    app: &AppModel,
    v: &Violation,
    events: &[Event],
    isolation: Isolation,
    observe: bool,
) -> Result<Script, String> {
    for (i, inst) in v.instances.iter().enumerate() {
        let p = &app.app.programs[app.stmts[inst.steps.first().map_or(0, |s| s.stmt)].program];
        if !inst.steps.is_empty() && has_foreach(&p.body) {
            return Err(format!(
                "{}'s program {} has a FOREACH, which the replay does not translate yet",
                v.instances[i].name, p.name.text
            ));
        }
    }
    let mut setup = Vec::new();
    let mut key_sql: BTreeMap<u32, (String, String, String)> = BTreeMap::new();
    let mut keys: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
    let empty = Ctx {
        app,
        v,
        locals: BTreeMap::new(),
        params: BTreeMap::new(),
    };
    for t in &app.tables {
        let mut cols = Vec::new();
        for c in &t.columns {
            cols.push(format!("{} {}", ident(&c.name), sql_type(app, &c.ty)));
            if c.mutable {
                cols.push(format!(
                    "{} text DEFAULT 'init'",
                    ident(&format!("{}__w", c.name))
                ));
                cols.push(format!("{} text", ident(&format!("{}__p", c.name))));
            }
        }
        if t.dynamic {
            cols.push("\"alive__w\" text DEFAULT 'init'".into());
        }
        let key_cols = t.key_names();
        if !key_cols.is_empty() {
            let k: Vec<String> = key_cols.iter().map(|c| ident(c)).collect();
            cols.push(format!("PRIMARY KEY ({})", k.join(", ")));
        }
        setup.push(format!(
            "CREATE TABLE {} ({});",
            ident(&t.name),
            cols.join(", ")
        ));
        for row in v.rows.iter().filter(|r| r.table == t.name) {
            let value = |c: &str| row.values.iter().find(|(n, _)| n == c).map(|(_, a)| a);
            let mut cond = Vec::new();
            let mut printed = Vec::new();
            for c in &key_cols {
                let Some(atom) = value(c) else { continue };
                let lit = empty.literal(&empty.column_ty(&t.name, c), atom);
                cond.push(format!("{} = {lit}", ident(c)));
                printed.push(lit.trim_matches('\'').replace("''", "'"));
            }
            let printed = printed.join("|");
            keys.entry(t.name.clone())
                .or_default()
                .insert(printed.clone(), row.record);
            key_sql.insert(row.record, (t.name.clone(), cond.join(" AND "), printed));
            if !row.initially {
                continue;
            }
            let mut names = Vec::new();
            let mut values = Vec::new();
            for c in &t.columns {
                let lit = match value(&c.name) {
                    Some(atom) => empty.literal(&c.ty, atom),
                    None if c.mutable => match &c.ty {
                        Ty::Num => "0".into(),
                        Ty::Domain(d) if app.ordered.contains(d) => "0".into(),
                        Ty::Bool => quote("false"),
                        _ => continue,
                    },
                    None => continue,
                };
                names.push(ident(&c.name));
                values.push(lit);
            }
            setup.push(format!(
                "INSERT INTO {} ({}) VALUES ({});",
                ident(&t.name),
                names.join(", "),
                values.join(", ")
            ));
        }
    }
    let deletes = app.app.programs.iter().any(|p| has_delete(&p.body));
    if deletes {
        setup.insert(
            0,
            "CREATE TABLE solder__deleted (tbl text, k text, by text, PRIMARY KEY (tbl, k));"
                .into(),
        );
    }
    let writer_of = |loc: &Loc| -> Result<String, String> {
        let (table, cond, printed) = key_sql
            .get(&loc.0)
            .ok_or_else(|| format!("record {} has no key", loc.0))?;
        let col = loc_column(app, table, &loc.1)
            .ok_or_else(|| format!("no column of {table} is `{}`", loc.1))?;
        Ok(if col == "alive" && !deletes {
            format!(
                "coalesce((SELECT \"alive__w\" FROM {t} WHERE {cond}), 'init')",
                t = ident(table),
            )
        } else if col == "alive" {
            format!(
                "coalesce((SELECT \"alive__w\" FROM {t} WHERE {cond}), (SELECT by FROM solder__deleted WHERE tbl = {tq} AND k = {kq}), 'init')",
                t = ident(table),
                tq = quote(table),
                kq = quote(printed),
            )
        } else {
            format!(
                "(SELECT {} FROM {} WHERE {cond})",
                ident(&format!("{col}__w")),
                ident(table)
            )
        })
    };
    let mut requests = Vec::new();
    for e in events {
        let (i, what, sql) = match *e {
            Event::Begin(i) => (
                i,
                What::Begin,
                format!("BEGIN ISOLATION LEVEL {};", isolation.sql()),
            ),
            Event::Commit(i) => (i, What::Commit, "COMMIT;".into()),
            Event::Step(i, k) => {
                let inst = &v.instances[i];
                let step = &inst.steps[k];
                let info = &app.stmts[step.stmt];
                let prog = &app.app.programs[info.program];
                let mut ctx = Ctx {
                    app,
                    v,
                    locals: BTreeMap::new(),
                    params: BTreeMap::new(),
                };
                collect_locals(&prog.body, &mut ctx.locals);
                for (name, value) in &inst.params {
                    let ty = prog
                        .params
                        .iter()
                        .find(|(p, _)| p.text == *name)
                        .and_then(|(_, t)| Ty::of_name(&t.text))
                        .unwrap_or(Ty::Any);
                    ctx.params.insert(name.clone(), (ty, value.clone()));
                }
                let locs: Vec<Loc> = step.reads.iter().chain(&step.own_reads).cloned().collect();
                if observe && !locs.is_empty() {
                    let mut parts = Vec::new();
                    for (n, l) in locs.iter().enumerate() {
                        parts.push(format!("SELECT '@r', {n}, {}", writer_of(l)?));
                    }
                    requests.push(Request {
                        instance: i,
                        what: What::Observe { step: k, locs },
                        sql: format!("{};", parts.join(" UNION ALL ")),
                    });
                }
                let Some(Stmt::Sql { assign, sql, .. }) = find_sql(&prog.body, info.span) else {
                    return Err(format!(
                        "statement {} of {} is not one the replay translates",
                        info.number, prog.name.text
                    ));
                };
                if observe && let Some((table, query)) = selection(&ctx, sql)? {
                    requests.push(Request {
                        instance: i,
                        what: What::Selects { step: k, table },
                        sql: query,
                    });
                }
                let me = quote(&inst.name);
                let (sql, changes) = render(&ctx, sql, assign.as_ref().map(|a| &a.text), &me)?;
                (i, What::Statement { step: k, changes }, sql)
            }
        };
        requests.push(Request {
            instance: i,
            what,
            sql,
        });
    }
    Ok(Script {
        setup,
        requests,
        keys,
    })
}

/// The keys of the records `sql` selects (its WHERE clause; for MIN and MAX, the
/// records with the least or greatest value), as a query, with its table; `None` for an
/// INSERT.
fn selection(ctx: &Ctx, sql: &Sql) -> Result<Option<(String, String)>, String> {
    let (table, filter, items) = match sql {
        Sql::Select {
            items,
            table,
            filter,
        } => (table, filter, items.as_slice()),
        Sql::Update { table, filter, .. } | Sql::Delete { table, filter } => {
            (table, filter, &[][..])
        }
        Sql::Insert { .. } => return Ok(None),
    };
    let t = &table.text;
    let keys = key_columns(ctx, t);
    if keys.is_empty() {
        return Ok(None);
    }
    let where_ = match filter {
        Some(c) => format!(" WHERE {}", ctx.cond(c, Some(t))?),
        None => String::new(),
    };
    let where_ = match extreme(items, t, &where_) {
        None => where_,
        Some(e) if filter.is_none() => format!(" WHERE {e}"),
        Some(e) => format!("{where_} AND {e}"),
    };
    Ok(Some((
        t.clone(),
        format!(
            "SELECT '@s', {} FROM {}{where_};",
            keys.join(", "),
            ident(t)
        ),
    )))
}

/// For a SELECT of MIN or MAX of a column: the condition that keeps the records with
/// the least or greatest value among those `where_` selects.
fn extreme(items: &[SelectItem], t: &str, where_: &str) -> Option<String> {
    items.iter().find_map(|item| match item {
        SelectItem::Aggregate(f, Some(c))
            if ["min", "max"].contains(&f.text.to_ascii_lowercase().as_str()) =>
        {
            Some(format!(
                "{} = (SELECT {}({}) FROM {}{where_})",
                ident(&c.text),
                f.text,
                ident(&c.text),
                ident(t)
            ))
        }
        _ => None,
    })
}

/// A table's key columns, quoted.
fn key_columns(ctx: &Ctx, table: &str) -> Vec<String> {
    ctx.app
        .tables
        .iter()
        .find(|t| t.name == table)
        .map(|t| t.key_names().into_iter().map(ident).collect())
        .unwrap_or_default()
}

/// One statement as SQL, with what its returned rows say.
fn render(
    ctx: &Ctx,
    sql: &Sql,
    assign: Option<&String>,
    me: &str,
) -> Result<(String, Changes), String> {
    let key_list = |table: &str| key_columns(ctx, table);
    let filter = |table: &str, f: &Option<Cond>| -> Result<String, String> {
        Ok(match f {
            Some(c) => format!(" WHERE {}", ctx.cond(c, Some(table))?),
            None => String::new(),
        })
    };
    Ok(match sql {
        Sql::Select {
            items,
            table,
            filter: f,
        } => {
            let t = &table.text;
            let shown: Vec<String> = items
                .iter()
                .map(|item| match item {
                    SelectItem::Star => "*".to_string(),
                    SelectItem::Column(c) => ident(&c.text),
                    SelectItem::Aggregate(a, Some(c)) => {
                        format!("{}({}) AS {}", a.text, ident(&c.text), ident(&c.text))
                    }
                    SelectItem::Aggregate(a, None) => format!("{}(*) AS count", a.text),
                })
                .collect();
            let where_ = filter(t, f)?;
            // A local keeps the records it selected in a temporary table, whole (a
            // program may read any column of them), which later statements read; MIN
            // and MAX select the records with the least or greatest value.
            let out = match assign {
                Some(a) => {
                    let extreme = extreme(items, t, &where_);
                    let where_ = match (extreme, f) {
                        (None, _) => where_,
                        (Some(e), None) => format!(" WHERE {e}"),
                        (Some(e), Some(_)) => format!("{where_} AND {e}"),
                    };
                    let table = ident(&local_table(a));
                    format!(
                        "DROP TABLE IF EXISTS pg_temp.{table}; CREATE TEMP TABLE {table} AS SELECT * FROM {}{where_};",
                        ident(t)
                    )
                }
                None => format!("SELECT {} FROM {}{where_};", shown.join(", "), ident(t)),
            };
            (out, Changes::None)
        }
        Sql::Update {
            table,
            sets,
            filter: f,
        } => {
            let t = &table.text;
            let mut parts = Vec::new();
            let mut columns = Vec::new();
            for (c, e) in sets {
                parts.push(format!("{} = {}", ident(&c.text), ctx.expr(e, Some(t))?));
                parts.push(format!("{} = {me}", ident(&format!("{}__w", c.text))));
                parts.push(format!(
                    "{} = {}",
                    ident(&format!("{}__p", c.text)),
                    ident(&format!("{}__w", c.text))
                ));
                columns.push(c.text.clone());
            }
            let mut returning = key_list(t);
            returning.extend(columns.iter().map(|c| ident(&format!("{c}__p"))));
            (
                format!(
                    "UPDATE {} SET {}{} RETURNING '@u', {};",
                    ident(t),
                    parts.join(", "),
                    filter(t, f)?,
                    returning.join(", ")
                ),
                Changes::Update {
                    table: t.clone(),
                    columns,
                },
            )
        }
        Sql::Insert { table, values } => {
            let t = &table.text;
            let mut names = Vec::new();
            let mut exprs = Vec::new();
            for (c, e) in values {
                names.push(ident(&c.text));
                exprs.push(ctx.expr(e, None)?);
            }
            // The model's INSERT writes every mutable column of the record it adds.
            if let Some(info) = ctx.app.tables.iter().find(|x| x.name == *t) {
                for c in info.columns.iter().filter(|c| c.mutable) {
                    names.push(ident(&format!("{}__w", c.name)));
                    exprs.push(me.to_string());
                }
            }
            names.push("\"alive__w\"".into());
            exprs.push(me.to_string());
            (
                format!(
                    "INSERT INTO {} ({}) VALUES ({}) RETURNING '@u', {};",
                    ident(t),
                    names.join(", "),
                    exprs.join(", "),
                    key_list(t).join(", ")
                ),
                Changes::Insert { table: t.clone() },
            )
        }
        Sql::Delete { table, filter: f } => {
            let t = &table.text;
            let keys = key_list(t);
            let printed: Vec<String> = keys.iter().map(|k| format!("{k}::text")).collect();
            (
                format!(
                    "WITH d AS (DELETE FROM {} {} RETURNING {}, \"alive__w\"), \
                     m AS (INSERT INTO solder__deleted SELECT {}, concat_ws('|', {}), {me} FROM d \
                     ON CONFLICT (tbl, k) DO UPDATE SET by = EXCLUDED.by) \
                     SELECT '@u', {}, \"alive__w\" FROM d;",
                    ident(t),
                    filter(t, f)?,
                    keys.join(", "),
                    quote(t),
                    printed.join(", "),
                    keys.join(", ")
                ),
                Changes::Delete { table: t.clone() },
            )
        }
    })
}
