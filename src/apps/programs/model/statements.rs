//! The programs, statement by statement: what each SQL statement selects (as the
//! program's behaviour fact, and its exact rows for `seen`), reads and writes; IF
//! branches and FOREACH iterations; full-key lookups, MIN/MAX and keys taken from
//! counters, which the `counters` and queue preds use.

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostic::{Diagnostic, Span, did_you_mean};

use crate::apps::programs::syntax::{
    App, CmpOp, Cond, Expr, Name, SelectItem, Sql, Stmt, is_count,
};

use super::builder::{Builder, GroupDelete, GroupMin, Local, Locals};
use super::formula::{Loop, ProgramCtx, TRUE, Tri, and, neg};
use super::info::{
    ColumnInfo, CounterInsert, FlagInfo, ProgramInfo, StmtInfo, TableInfo, Ty, qualified,
};
use super::typing::increments;

/// The aggregates a SELECT may compute.
const AGGREGATES: &[&str] = &["count", "sum", "avg", "min", "max"];

impl Builder<'_> {
    pub(super) fn programs(&mut self, app: &App) -> Vec<ProgramInfo> {
        let mut infos = Vec::new();
        for (index, p) in app.programs.iter().enumerate() {
            let mut params: Vec<(String, Ty)> = Vec::new();
            for (name, ty) in &p.params {
                if params.iter().any(|(n, _)| *n == name.text) {
                    self.error(
                        name.span,
                        format!("parameter `{}` is declared twice", name.text),
                    );
                }
                let ty = self.ty_of(Some(ty));
                params.push((name.text.clone(), ty));
            }
            infos.push(ProgramInfo {
                name: p.name.text.clone(),
                params: params.iter().map(|(n, t)| (n.clone(), t.sort())).collect(),
            });
            let mut ctx = ProgramCtx {
                index,
                name: p.name.text.clone(),
                params,
                flags: 0,
                numbered: 0,
                loops: Vec::new(),
                loop_start: None,
                lines: Vec::new(),
                ran: Vec::new(),
                subsets: Vec::new(),
                fields: Vec::new(),
                seen: Vec::new(),
                alive_writers: Vec::new(),
            };
            let mut locals = Locals::new();
            self.block(&p.body, &mut ctx, &mut locals, TRUE.into());
            self.program_facts(&ctx);
        }
        infos
    }

    fn block(&mut self, stmts: &[Stmt], ctx: &mut ProgramCtx, locals: &mut Locals, path: String) {
        for (i, s) in stmts.iter().enumerate() {
            match s {
                Stmt::Rollback { span } => {
                    // An aborted run is no part of any execution: no instance (or
                    // iteration) that commits gets here.
                    ctx.lines.push(ctx.all_iters(neg(path.clone())));
                    if i + 1 < stmts.len() {
                        self.errors.push(
                            Diagnostic::error(*span, "the statements after ROLLBACK never run")
                                .with_help("end the block with ROLLBACK, or put it inside an IF"),
                        );
                    }
                }
                Stmt::Sql {
                    label,
                    assign,
                    sql,
                    span,
                } => {
                    let atom = self.sql(sql, *span, label.as_ref(), ctx, locals, &path);
                    if let (Some(local), false) = (assign, matches!(sql, Sql::Select { .. })) {
                        self.error(local.span, format!("`{} :=` takes the rows of a SELECT; other statements assign nothing", local.text));
                    }
                    if let (Some(atom), Some(local), Sql::Select { table, items, .. }) =
                        (atom, assign, sql)
                        && let Some(t) = self.tables.iter().position(|x| x.name == table.text)
                    {
                        let rows = if ctx.loops.is_empty() {
                            format!("{atom}.(t.sel)")
                        } else {
                            ctx.at_iter(&format!("{atom}__it"))
                        };
                        let ty = self.local_ty(t, items);
                        locals.insert(
                            local.text.clone(),
                            Local {
                                rows,
                                table: t,
                                atom: Some(atom),
                                row_var: false,
                                ty,
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
                    ctx.flags += 1;
                    let flag = format!("{}__if{}", ctx.name, ctx.flags);
                    let tri = self.cond(cond, None, ctx, locals);
                    let depth = ctx.loops.len();
                    let text = self.source[span.start as usize..span.end as usize]
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ");
                    self.flags.push(FlagInfo {
                        program: ctx.index,
                        span: *span,
                        text,
                        name: flag.clone(),
                        depth,
                    });
                    // The instances (iterations) that reach the IF and take its first
                    // branch.
                    let taken = if depth == 0 {
                        ctx.subsets.push(flag.clone());
                        if path != TRUE {
                            ctx.lines.push(format!("t in {flag} => {path}"));
                        }
                        format!("t in {flag}")
                    } else {
                        ctx.fields.push((flag.clone(), ctx.iter_type(None)));
                        ctx.lines
                            .push(format!("t.{flag} in {}", ctx.iter_set(&path)));
                        format!("{} in t.{flag}", ctx.tuple())
                    };
                    let branches = format!(
                        "(({taken} => {}) and (not ({taken}) => {}))",
                        tri.t,
                        tri.not_true()
                    );
                    let line = ctx.all_iters(if path == TRUE {
                        branches
                    } else {
                        format!("{path} => {branches}")
                    });
                    ctx.lines.push(line);
                    let mut inner = locals.clone();
                    self.block(then, ctx, &mut inner, and(path.clone(), taken.clone()));
                    let mut inner = locals.clone();
                    self.block(
                        otherwise,
                        ctx,
                        &mut inner,
                        and(path.clone(), format!("not ({taken})")),
                    );
                }
                Stmt::Foreach {
                    var, over, body, ..
                } => {
                    let Some(bound) = locals.get(&over.text).cloned() else {
                        self.error(
                            over.span,
                            format!(
                                "`{}` is not a local assigned by a SELECT before this loop",
                                over.text
                            ),
                        );
                        continue;
                    };
                    let v = format!("l{}", ctx.loops.len() + 1);
                    if ctx.loops.is_empty() {
                        ctx.loop_start = Some(self.stmts.len());
                    }
                    ctx.loops.push(Loop {
                        var: v.clone(),
                        table: self.tables[bound.table].name.clone(),
                        rows: bound.rows.clone(),
                    });
                    let mut inner = locals.clone();
                    inner.insert(
                        var.text.clone(),
                        Local {
                            rows: v,
                            table: bound.table,
                            atom: None,
                            row_var: true,
                            ty: Ty::Any,
                            count: false,
                        },
                    );
                    self.block(body, ctx, &mut inner, path.clone());
                    ctx.loops.pop();
                    if ctx.loops.is_empty() {
                        ctx.loop_start = None;
                    }
                }
            }
        }
    }

    fn sql(
        &mut self,
        sql: &Sql,
        span: Span,
        label: Option<&Name>,
        ctx: &mut ProgramCtx,
        locals: &Locals,
        path: &str,
    ) -> Option<String> {
        ctx.numbered += 1;
        let number = ctx.numbered;
        let atom = match label {
            Some(l) => format!("{}__{}", ctx.name, l.text),
            None => format!("{}__{}", ctx.name, number),
        };
        if self.stmts.iter().any(|s| s.atom == atom)
            && let Some(l) = label
        {
            self.error(
                l.span,
                format!(
                    "statement label `{}` is used twice in program `{}`",
                    l.text, ctx.name
                ),
            );
        }
        let table_name = match sql {
            Sql::Select { table, .. }
            | Sql::Update { table, .. }
            | Sql::Insert { table, .. }
            | Sql::Delete { table, .. } => table,
        };
        let table = self.table(table_name)?;
        let info = self.tables[table].clone();
        let tname = info.name.clone();
        let field = |c: &str| format!("{}_{}", info.name, c);
        let depth = ctx.loops.len();
        let top = path == TRUE && depth == 0;
        if top {
            self.top_level.insert(atom.clone());
        }
        let mut reads: BTreeSet<String> = BTreeSet::new();
        let mut writes: BTreeSet<String> = BTreeSet::new();
        let mut scans: BTreeSet<String> = BTreeSet::new();
        let filter = match sql {
            Sql::Select { filter, .. }
            | Sql::Update { filter, .. }
            | Sql::Delete { filter, .. } => filter.as_ref(),
            Sql::Insert { .. } => None,
        };
        let mut tri = Tri::constant(true);
        if let Some(f) = filter {
            let mut cols = BTreeSet::new();
            cond_columns(f, &mut cols);
            for c in &cols {
                if let Some(col) = info.column(c)
                    && col.mutable
                {
                    scans.insert(field(c));
                }
            }
            tri = self.cond(f, Some(table), ctx, locals);
            let mut pairs = Vec::new();
            let single = |x: &Name, c: &Name| {
                locals
                    .get(&x.text)
                    .and_then(|l| l.atom.as_ref())
                    .is_some_and(|a| {
                        self.lookups.contains_key(a) || self.extremes.get(a) == Some(&c.text)
                    })
            };
            // Inside FOREACH a statement runs once per iteration: not one record.
            let names: Vec<String> = ctx.params.iter().map(|(p, _)| p.clone()).collect();
            if depth == 0
                && tri.exact
                && key_equalities(f, &names, &single, &mut pairs)
                && info
                    .columns
                    .iter()
                    .filter(|c| c.key)
                    .all(|c| pairs.iter().any(|(k, _)| *k == c.name))
            {
                self.lookups.insert(atom.clone(), pairs);
            }
        }
        let where_exact = tri.exact;
        if info.dynamic && !matches!(sql, Sql::Insert { .. }) {
            scans.insert("Alive".into());
        }
        let mut insert_values: Vec<String> = Vec::new();
        match sql {
            Sql::Select { items, .. } => {
                for item in items {
                    match item {
                        SelectItem::Star => {
                            reads.extend(
                                info.columns
                                    .iter()
                                    .filter(|c| c.mutable)
                                    .map(|c| field(&c.name)),
                            );
                        }
                        SelectItem::Column(c) => {
                            if let Some(col) = self.column(table, c)
                                && col.mutable
                            {
                                reads.insert(field(&col.name));
                            }
                        }
                        SelectItem::Aggregate(f, c) => {
                            let name = f.text.to_ascii_lowercase();
                            if !AGGREGATES.contains(&name.as_str()) {
                                let mut d = Diagnostic::error(
                                    f.span,
                                    format!("unknown aggregate `{}`", f.text),
                                )
                                .with_label("the aggregates are COUNT, SUM, AVG, MIN and MAX");
                                if let Some(s) = did_you_mean(&name, AGGREGATES.iter().copied()) {
                                    d = d.with_help(format!(
                                        "did you mean `{}`?",
                                        s.to_ascii_uppercase()
                                    ));
                                }
                                self.errors.push(d);
                            }
                            match c {
                                None if name != "count" => self.error(
                                    f.span,
                                    format!("`{}(*)`: only COUNT takes `*`", f.text),
                                ),
                                None => {}
                                Some(c) => {
                                    if let Some(col) = self.column(table, c) {
                                        if matches!(name.as_str(), "sum" | "avg")
                                            && !col.ty.compatible(&Ty::Num)
                                        {
                                            self.error(
                                                c.span,
                                                format!(
                                                    "{} of `{}`, which holds {}",
                                                    f.text.to_ascii_uppercase(),
                                                    col.name,
                                                    col.ty.describe()
                                                ),
                                            );
                                        }
                                        if col.mutable {
                                            reads.insert(field(&col.name));
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            Sql::Update { sets, .. } => {
                for (c, e) in sets {
                    let col = self.column(table, c);
                    if let Some(col) = &col {
                        if col.key {
                            self.error(
                                c.span,
                                format!(
                                    "`{}` is a key column of `{}`; keys cannot be updated",
                                    c.text, info.name
                                ),
                            );
                        }
                        writes.insert(field(&col.name));
                    }
                    let mut cols = BTreeSet::new();
                    expr_columns(e, &mut cols);
                    for name in cols {
                        if let Some(col) = info.column(&name)
                            && col.mutable
                        {
                            reads.insert(field(&col.name));
                        }
                    }
                    // `c = c + 1` on a counter of a domain: the domain's next value.
                    let next = col.as_ref().is_some_and(|col| {
                        matches!(col.ty, Ty::Domain(_)) && increments(e, &c.text)
                    });
                    if !next {
                        let v = self.value(e, Some(table), ctx, locals);
                        if let Some(col) = &col {
                            self.check_stored(col, e, &v);
                        }
                    }
                }
            }
            Sql::Insert { values, .. } => {
                writes.insert("Alive".into());
                writes.extend(
                    info.columns
                        .iter()
                        .filter(|c| c.mutable)
                        .map(|c| field(&c.name)),
                );
                for (c, e) in values {
                    let Some(col) = self.column(table, c) else {
                        continue;
                    };
                    // Values are computed before the row exists: no columns of it.
                    let v = self.value(e, None, ctx, locals);
                    self.check_stored(&col, e, &v);
                    if let Some(ci) =
                        self.counter_insert(&atom, &info, &col, e, values, ctx, locals)
                    {
                        ctx.lines
                            .push(format!("{atom} in t.ran => one {}.(t.sel)", ci.lookup));
                        self.ordered.insert(ci.sort.clone());
                        self.counter_inserts.push(ci);
                        continue;
                    }
                    if let Some(k) = v.known
                        && !col.mutable
                        && k.sort == col.sort
                    {
                        let c = self.colref(table, &col.name);
                        insert_values.push(if k.scalar {
                            format!("r.{c} = {}", k.alloy)
                        } else {
                            format!("r.{c} in {}", k.alloy)
                        });
                    }
                }
            }
            Sql::Delete { .. } => {
                writes.insert("Alive".into());
            }
        }
        // MIN or MAX of a column of a domain, alone in the SELECT: the selected records
        // with the least (greatest) value.
        let extreme = match sql {
            Sql::Select { items, .. } => match items.as_slice() {
                [SelectItem::Aggregate(f, Some(c))] => {
                    let least = f.text.eq_ignore_ascii_case("min");
                    match info.column(&c.text) {
                        Some(col)
                            if (least || f.text.eq_ignore_ascii_case("max"))
                                && !col.mutable
                                && self.orderable(&col.sort) =>
                        {
                            Some((least, col.clone()))
                        }
                        _ => None,
                    }
                }
                _ => None,
            },
            _ => None,
        };
        let argmin = |pool: &str| {
            extreme.as_ref().map(|(least, col)| {
                let c = qualified(&tname, &col.name, &self.shared_columns);
                let (lo, hi) = if *least { ("r2", "r") } else { ("r", "r2") };
                format!(
                    "{{ r: {pool} | no r2: {pool} | {lo}.{c} -> {hi}.{c} in {}__lt }}",
                    col.sort
                )
            })
        };
        if let Some((least, col)) = &extreme {
            self.ordered.insert(col.sort.clone());
            self.extremes.insert(atom.clone(), col.name.clone());
            let mut group = Vec::new();
            let names: Vec<String> = ctx.params.iter().map(|(p, _)| p.clone()).collect();
            if *least
                && top
                && where_exact
                && ctx.alive_writers.is_empty()
                && let Some(f) = filter
                && key_equalities(f, &names, &|_, _| false, &mut group)
            {
                group.sort();
                self.group_mins.push(GroupMin {
                    program: ctx.name.clone(),
                    atom: atom.clone(),
                    table: info.name.clone(),
                    key: col.name.clone(),
                    sort: col.sort.clone(),
                    group,
                });
            }
        }
        if let (
            Sql::Delete {
                filter: Some(f), ..
            },
            true,
        ) = (sql, top)
        {
            let mins: BTreeMap<&str, &GroupMin> = self
                .group_mins
                .iter()
                .map(|m| (m.atom.as_str(), m))
                .collect();
            let found = |x: &Name| {
                locals
                    .get(&x.text)
                    .and_then(|l| l.atom.as_ref())
                    .and_then(|a| mins.get(a.as_str()))
            };
            let mut pairs = Vec::new();
            let single = |x: &Name, c: &Name| found(x).is_some_and(|m| m.key == c.text);
            let names: Vec<String> = ctx.params.iter().map(|(p, _)| p.clone()).collect();
            if key_equalities(f, &names, &single, &mut pairs) {
                // One `K = x.K`; the rest the group's parameters.
                let (by_min, mut group): (Vec<_>, Vec<_>) =
                    pairs.into_iter().partition(|(_, v)| v.contains('.'));
                group.sort();
                if let [(key, value)] = by_min.as_slice()
                    && let Some((local, _)) = value.split_once('.')
                    && let Some(min) = locals.get(local).and_then(|l| l.atom.clone())
                {
                    self.group_deletes.push(GroupDelete {
                        min,
                        table: info.name.clone(),
                        group,
                        key: key.clone(),
                    });
                }
            }
        }
        // What the statement does in one iteration (or, outside FOREACH, in the
        // instance): `cur`, the records it selects there.
        let iterations = (depth > 0).then(|| format!("{atom}__it"));
        let cur = match &iterations {
            None => format!("{atom}.(t.sel)"),
            Some(f) => ctx.at_iter(f),
        };
        let filtered = (extreme.is_some() && !where_exact).then(|| format!("{atom}__f"));
        let filt = filtered.as_ref().map(|f| ctx.at_iter(f));
        let mut lines = Vec::new();
        if let Some(f) = &filtered {
            ctx.fields.push((f.clone(), ctx.iter_type(Some(&tname))));
            // Empty where the statement does not run.
            if depth > 0 {
                lines.push(format!("t.{f} in {} -> {tname}", ctx.iter_set(path)));
            } else if path != TRUE {
                lines.push(format!("not ({path}) => no t.{f}"));
            }
        }
        lines.push(format!(
            "({atom} in t.ran) <=> {}",
            ctx.some_iters(path.to_string())
        ));
        if let Some(f) = &iterations {
            ctx.fields.push((f.clone(), ctx.iter_type(Some(&tname))));
            lines.push(format!("t.{f} in {} -> {tname}", ctx.iter_set(path)));
            lines.push(format!(
                "{atom}.(t.sel) = {{ r: {tname} | {} }}",
                ctx.some_iters(format!("r in {cur}"))
            ));
        }
        // A constraint on every iteration that reaches the statement.
        let each = |ctx: &ProgramCtx, c: String| {
            if path == TRUE {
                ctx.all_iters(c)
            } else {
                ctx.all_iters(format!("{path} => ({c})"))
            }
        };
        // A value stored in a `not null` column must not be NULL: the statement fails
        // (and its transaction aborts) when a local the value uses holds no record —
        // for an UPDATE, only where it changes some record.
        let mut nullable = BTreeSet::new();
        let stored: Vec<(&Name, &Expr, Option<&TableInfo>)> = match sql {
            Sql::Update { sets, .. } => sets.iter().map(|(c, e)| (c, e, Some(&info))).collect(),
            Sql::Insert { values, .. } => values.iter().map(|(c, e)| (c, e, None)).collect(),
            _ => Vec::new(),
        };
        for (c, e, row) in stored {
            if info.column(&c.text).is_some_and(|col| col.not_null) {
                nullable_locals(e, row, locals, &mut nullable);
            }
        }
        if !nullable.is_empty() {
            let present = nullable
                .iter()
                .map(|rows| format!("some {rows}"))
                .collect::<Vec<_>>()
                .join(" and ");
            lines.push(each(
                ctx,
                match sql {
                    Sql::Update { .. } => format!("some {cur} => ({present})"),
                    _ => present,
                },
            ));
        }
        if let Sql::Insert { values, .. } = sql {
            for col in info.columns.iter().filter(|c| c.not_null) {
                if !values.iter().any(|(c, _)| c.text == col.name) {
                    self.errors.push(
                        Diagnostic::error(
                            span,
                            format!(
                                "this INSERT does not set `{}`, which is {} of `{}`: it would always fail",
                                col.name,
                                if col.key { "a key column" } else { "a `not null` column" },
                                info.name
                            ),
                        )
                        .with_help(format!("give it a value: `{} = …`", col.name)),
                    );
                }
            }
        }
        // The records its snapshot holds when it runs: the instance's own INSERTs and
        // DELETEs before it, in program order, applied to those of the snapshot.
        let live = ctx
            .alive_writers
            .iter()
            .filter(|(_, t, _)| *t == table)
            .fold("live".to_string(), |l, (w, _, insert)| {
                format!("({l} {} {w}.(t.sel))", if *insert { "+" } else { "-" })
            });
        let poss = format!("{{ r: {tname} | {} }}", tri.t);
        let def = format!("{{ r: {tname} | {} }}", neg(tri.not_true()));
        match sql {
            Sql::Insert { .. } => {
                let values = insert_values
                    .iter()
                    .fold(TRUE.to_string(), |a, b| and(a, b.clone()));
                lines.push(format!("{atom}.(t.cand) = {atom}.(t.sel)"));
                lines.push(each(
                    ctx,
                    format!("one {cur} and (all r: {cur} | {values})"),
                ));
                if let Some(f) = &iterations {
                    // One record per iteration: a second insert of a key fails.
                    lines.push(format!("all r: {tname} | lone (t.{f}).r"));
                }
                if info.dynamic {
                    let line = each(ctx, format!("no ({cur} & {live})"));
                    ctx.seen.push((atom.clone(), line));
                }
            }
            _ => {
                // MIN (MAX) depends only on the records up to (from) the one it finds:
                // inserting or deleting a later (earlier) record does not change it, so
                // its WHERE clause reads only those. With none found, it read them all.
                let limit = match &extreme {
                    Some((least, col)) => {
                        let (k, lt) = (
                            qualified(&tname, &col.name, &self.shared_columns),
                            format!("{}__lt", col.sort),
                        );
                        let m = format!("{cur}.{k}");
                        let beyond = if *least {
                            format!("{lt}.({m})")
                        } else {
                            format!("({m}).{lt}")
                        };
                        format!("(no {cur} or r.{k} in {m} + {beyond})")
                    }
                    None => TRUE.into(),
                };
                let candidate = and(tri.t.clone(), limit);
                lines.push(if depth == 0 {
                    // `path` holds wherever it ran.
                    format!("{atom} in t.ran => {atom}.(t.cand) = {{ r: {tname} | {candidate} }}")
                } else {
                    format!(
                        "{atom}.(t.cand) = {{ r: {tname} | {} }}",
                        ctx.some_iters(and(path.to_string(), candidate))
                    )
                });
                // Which of the candidates it selects, from a pool of existing records.
                let choose = |pool: String| -> String {
                    match (&filt, where_exact) {
                        (None, true) => match argmin(&pool) {
                            Some(m) => format!("{cur} = {m}"),
                            None => format!("{cur} = {pool}"),
                        },
                        (None, false) => {
                            format!("({def} & {pool}) in {cur} and {cur} in {pool}")
                        }
                        (Some(f), _) => format!(
                            "({def} & {pool}) in {f} and {f} in {pool} and {cur} = {}",
                            argmin(f).unwrap_or_default()
                        ),
                    }
                };
                if info.dynamic {
                    // The abstraction: any candidates; exact rows choose among the
                    // existing ones.
                    lines.push(each(ctx, format!("{cur} in {poss}")));
                    if let Some(f) = &filt {
                        lines.push(each(ctx, format!("{f} in {poss}")));
                    }
                    let line = each(ctx, choose(format!("({poss} & {live})")));
                    ctx.seen.push((atom.clone(), line));
                } else {
                    lines.push(each(ctx, choose(poss.clone())));
                }
            }
        }
        if matches!(sql, Sql::Insert { .. } | Sql::Delete { .. }) {
            ctx.alive_writers
                .push((atom.clone(), table, matches!(sql, Sql::Insert { .. })));
        }
        if matches!(sql, Sql::Insert { .. }) {
            self.inserts.push(atom.clone());
        }
        ctx.lines.extend(lines);
        ctx.ran.push(atom.clone());
        let text = self.source[span.start as usize..span.end as usize]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        self.stmts.push(StmtInfo {
            atom: atom.clone(),
            program: ctx.index,
            number,
            label: label.map(|l| l.text.clone()),
            text,
            span,
            table: info.name.clone(),
            reads: reads.into_iter().collect(),
            writes: writes.into_iter().collect(),
            scans: scans.into_iter().collect(),
            insert: matches!(sql, Sql::Insert { .. }),
            depth,
            settled: ctx.loop_start.unwrap_or(self.stmts.len()),
            iterations,
            filtered,
        });
        Some(atom)
    }

    /// Whether values of `sort` can be ordered (MIN/MAX, counters): a domain whose name
    /// no column or parameter shares.
    fn orderable(&self, sort: &str) -> bool {
        sort != "Val" && !self.field_names.contains(sort)
    }

    /// A key value taken from a counter (see `CounterInsert`), if `e` is one.
    #[allow(clippy::too_many_arguments)]
    fn counter_insert(
        &self,
        insert: &str,
        table: &TableInfo,
        col: &ColumnInfo,
        e: &Expr,
        values: &[(Name, Expr)],
        ctx: &ProgramCtx,
        locals: &Locals,
    ) -> Option<CounterInsert> {
        let Expr::Dot(x, f) = e else { return None };
        let local = locals.get(&x.text)?;
        let lookup = local.atom.as_ref()?;
        let source = &self.tables[local.table];
        let counter = source.column(&f.text)?;
        // A counter of a table with INSERT or DELETE could restart at any value.
        if !counter.counter
            || source.dynamic
            || col.mutable
            || !self.orderable(&col.sort)
            || !ctx.loops.is_empty()
        {
            return None;
        }
        // In SQL a missing record gives NULL, and inserting a NULL key fails: so the
        // lookup found its record. It must find one record, hence a full-key lookup.
        let pairs = self.lookups.get(lookup)?;
        let group: Vec<(String, String)> = pairs
            .iter()
            .filter_map(|(ccol, param)| {
                values.iter().find_map(|(tcol, v)| match v {
                    Expr::Name(n) if n.text == *param => Some((tcol.text.clone(), ccol.clone())),
                    _ => None,
                })
            })
            .collect();
        let covered = pairs
            .iter()
            .all(|(ccol, _)| group.iter().any(|(_, c)| c == ccol));
        Some(CounterInsert {
            program: ctx.name.clone(),
            program_index: ctx.index,
            insert: insert.to_string(),
            lookup: lookup.clone(),
            field: format!("{}_{}", source.name, counter.name),
            source: source.name.clone(),
            key: col.name.clone(),
            sort: col.sort.clone(),
            group: covered.then_some(group),
            table: table.name.clone(),
        })
    }
}

/// Collect the equalities of a conjunction between a column and one value (a parameter,
/// or `x.col` with `single(x, col)`) into `out` as (column, value); false when the
/// condition is anything else.
fn key_equalities(
    c: &Cond,
    params: &[String],
    single: &dyn Fn(&Name, &Name) -> bool,
    out: &mut Vec<(String, String)>,
) -> bool {
    let is_param = |n: &Name| params.contains(&n.text);
    match c {
        Cond::And(a, b) => {
            key_equalities(a, params, single, out) && key_equalities(b, params, single, out)
        }
        Cond::Cmp(Expr::Name(x), CmpOp::Eq, Expr::Name(y)) => {
            match (is_param(x), is_param(y)) {
                (false, true) => out.push((x.text.clone(), y.text.clone())),
                (true, false) => out.push((y.text.clone(), x.text.clone())),
                _ => return false,
            }
            true
        }
        Cond::Cmp(Expr::Name(x), CmpOp::Eq, Expr::Dot(v, col))
        | Cond::Cmp(Expr::Dot(v, col), CmpOp::Eq, Expr::Name(x))
            if !is_param(x) && single(v, col) =>
        {
            out.push((x.text.clone(), format!("{}.{}", v.text, col.text)));
            true
        }
        _ => false,
    }
}

/// The locals an expression uses as values that are NULL when they hold no record
/// (`x.col`, or `x` itself unless a COUNT); FOREACH variables always hold one. A name
/// that is a column of `row` (the updated record, in SET) is that column.
fn nullable_locals(e: &Expr, row: Option<&TableInfo>, locals: &Locals, out: &mut BTreeSet<String>) {
    match e {
        Expr::Name(n) => {
            if row.is_none_or(|t| t.column(&n.text).is_none())
                && let Some(l) = locals.get(&n.text)
                && !l.row_var
                && !l.count
            {
                out.insert(l.rows.clone());
            }
        }
        Expr::Dot(x, _) => {
            if let Some(l) = locals.get(&x.text)
                && !l.row_var
            {
                out.insert(l.rows.clone());
            }
        }
        Expr::Arith(a, _, b) => {
            nullable_locals(a, row, locals, out);
            nullable_locals(b, row, locals, out);
        }
        Expr::Call(_, args) => args
            .iter()
            .for_each(|a| nullable_locals(a, row, locals, out)),
        _ => {}
    }
}

fn cond_columns(c: &Cond, out: &mut BTreeSet<String>) {
    match c {
        Cond::Bool(_) => {}
        Cond::Not(a) => cond_columns(a, out),
        Cond::And(a, b) | Cond::Or(a, b) => {
            cond_columns(a, out);
            cond_columns(b, out);
        }
        Cond::Cmp(a, _, b) => {
            expr_columns(a, out);
            expr_columns(b, out);
        }
    }
}

/// Bare names in an expression (candidates for columns of the statement's table).
fn expr_columns(e: &Expr, out: &mut BTreeSet<String>) {
    match e {
        Expr::Name(n) => {
            out.insert(n.text.clone());
        }
        Expr::Arith(a, _, b) => {
            expr_columns(a, out);
            expr_columns(b, out);
        }
        Expr::Call(_, args) => args.iter().for_each(|a| expr_columns(a, out)),
        _ => {}
    }
}
