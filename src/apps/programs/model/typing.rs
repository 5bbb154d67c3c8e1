//! Checking the program file: top-level names, tables and columns (which are mutable,
//! which are counters), the types of values in conditions and stored values, with
//! spanned diagnostics; and the analysis' values of expressions and conditions.

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostic::{Diagnostic, Span, did_you_mean};

use crate::apps::programs::syntax::{App, CmpOp, Cond, Expr, Name, SelectItem, Sql, Stmt};

use super::builder::{Builder, Locals, Value};
use super::formula::{Known, ProgramCtx, Tri, equality};
use super::info::{ColumnInfo, RESERVED, TableInfo, Ty, ident, qualified};

impl Builder<'_> {
    pub(super) fn check_names(&mut self, app: &App) {
        let mut seen: BTreeMap<String, Span> = BTreeMap::new();
        for (name, what) in top_level_names(app) {
            if RESERVED.contains(&name.text.as_str()) || name.text.contains("__") {
                self.error(
                    name.span,
                    format!(
                        "`{}` is reserved by the programs library; rename this {what}",
                        name.text
                    ),
                );
            } else if let Some(first) = seen.get(&name.text) {
                let d = Diagnostic::error(name.span, format!("`{}` is declared twice", name.text))
                    .with_note(*first, "first declared here");
                self.errors.push(d);
            } else {
                seen.insert(name.text.clone(), name.span);
                self.top_names.insert(name.text.clone());
            }
        }
    }

    /// A column's or parameter's type, from its declaration (none: any value).
    pub(super) fn ty_of(&mut self, ty: Option<&Name>) -> Ty {
        let Some(t) = ty else {
            self.uses_val = true;
            return Ty::Any;
        };
        match Ty::of_name(&t.text) {
            None => {
                self.errors.push(
                    Diagnostic::error(t.span, format!("unknown type `{}`", t.text))
                        .with_label("not a value type, and a domain's name starts with a capital letter")
                        .with_help(
                            "the value types are int, real, float, str, text, bool and date; a domain (a sort of identities such as `Cust`) is any name that starts with a capital letter",
                        ),
                );
                self.uses_val = true;
                Ty::Any
            }
            Some(Ty::Domain(d)) => {
                if self.top_names.contains(&d) {
                    self.error(
                        t.span,
                        format!("`{d}` names a table or a program, not a type of values; give the key column a domain of its own (`id: {d}Id key`)"),
                    );
                } else if RESERVED.contains(&d.as_str()) || d.contains("__") {
                    self.error(t.span, format!("`{d}` is reserved by the programs library"));
                }
                self.domains.insert(d.clone());
                Ty::Domain(d)
            }
            Some(ty) => {
                self.uses_val = true;
                ty
            }
        }
    }

    pub(super) fn tables(&mut self, app: &App) {
        // Mutable columns and dynamic tables come from the statements that change them.
        let mut updated: BTreeSet<(String, String)> = BTreeSet::new();
        // Columns some UPDATE sets to anything but itself plus a positive number.
        let mut not_counter: BTreeSet<(String, String)> = BTreeSet::new();
        let mut dynamic: BTreeSet<String> = BTreeSet::new();
        for p in &app.programs {
            walk_sql(&p.body, &mut |sql| match sql {
                Sql::Update { table, sets, .. } => {
                    for (c, e) in sets {
                        updated.insert((table.text.clone(), c.text.clone()));
                        if !increments(e, &c.text) {
                            not_counter.insert((table.text.clone(), c.text.clone()));
                        }
                    }
                }
                Sql::Insert { table, .. } | Sql::Delete { table, .. } => {
                    dynamic.insert(table.text.clone());
                }
                Sql::Select { .. } => {}
            });
        }
        for t in &app.tables {
            let mut columns: Vec<ColumnInfo> = Vec::new();
            for c in &t.columns {
                if columns.iter().any(|k| k.name == c.name.text) {
                    self.error(
                        c.name.span,
                        format!("column `{}` is declared twice", c.name.text),
                    );
                    continue;
                }
                if c.name.text.contains("__") {
                    self.error(
                        c.name.span,
                        format!(
                            "`{}`: names with `__` are reserved by the programs library",
                            c.name.text
                        ),
                    );
                }
                let ty = self.ty_of(c.ty.as_ref());
                let this = (t.name.text.clone(), c.name.text.clone());
                let mutable = updated.contains(&this);
                let counter = mutable && !not_counter.contains(&this);
                columns.push(ColumnInfo {
                    name: c.name.text.clone(),
                    sort: ty.sort(),
                    ty,
                    key: c.key,
                    not_null: c.key || c.not_null,
                    mutable,
                    counter,
                });
            }
            if !t.columns.iter().any(|c| c.key) {
                self.errors.push(
                    Diagnostic::error(t.name.span, format!("table `{}` has no key", t.name.text))
                        .with_help("mark its primary key column(s) with `key`, e.g. `id: Id key`: records are told apart by their keys"),
                );
            }
            self.tables.push(TableInfo {
                name: t.name.text.clone(),
                columns,
                dynamic: dynamic.contains(&t.name.text),
                assumed: false,
            });
        }
        for a in &app.assumes {
            let Some(t) = self.table(&a.table) else {
                continue;
            };
            let table = &self.tables[t];
            if let Some(c) = table.columns.iter().find(|c| c.key && c.mutable) {
                let message = format!(
                    "`assume exists {}` needs fixed keys, but an UPDATE sets the key column `{}`",
                    table.name, c.name
                );
                self.errors.push(Diagnostic::error(a.span, message).with_help(
                    "a row for every key is a statement about keys that never change; drop the assumption or the UPDATE of the key",
                ));
                continue;
            }
            self.tables[t].assumed = true;
        }
    }

    /// Check `values D = …;` lines: a known domain (or `int`), named once, each name
    /// used for one value only; the names per sort.
    pub(super) fn value_names(&mut self, app: &App) -> BTreeMap<String, Vec<String>> {
        let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let mut seen: BTreeMap<String, Span> = BTreeMap::new();
        for v in &app.values {
            let d = &v.domain;
            let sort = if d.text.eq_ignore_ascii_case("int") && self.uses_val {
                "Val".to_string()
            } else if self.domains.contains(&d.text) {
                d.text.clone()
            } else {
                let known: Vec<&str> = self
                    .domains
                    .iter()
                    .map(|s| s.as_str())
                    .chain(self.uses_val.then_some("int"))
                    .collect();
                let mut diag = Diagnostic::error(
                    d.span,
                    format!("no column or parameter has the domain `{}`", d.text),
                )
                .with_label("named here");
                diag = match did_you_mean(&d.text, known.iter().copied()) {
                    Some(s) => diag.with_help(format!("did you mean `{s}`?")),
                    None => diag.with_help(format!(
                        "`values` names the values of a domain the file uses: {}",
                        if known.is_empty() {
                            "none".to_string()
                        } else {
                            known.join(", ")
                        }
                    )),
                };
                self.errors.push(diag);
                continue;
            };
            if out.contains_key(&sort) {
                self.errors.push(
                    Diagnostic::error(
                        d.span,
                        format!("the values of `{}` are named twice", d.text),
                    )
                    .with_help("give one `values` line per domain"),
                );
                continue;
            }
            for n in &v.names {
                if sort == "Val" && n.text.parse::<i64>().is_err() {
                    self.errors.push(
                        Diagnostic::error(n.span, format!("`{}` is not a number", n.text))
                            .with_help("`values int = …` names the abstract values of the non-domain columns with numbers, e.g. `values int = 100, 250;`"),
                    );
                }
                if let Some(first) = seen.insert(n.text.clone(), n.span) {
                    self.errors.push(
                        Diagnostic::error(n.span, format!("`{}` names two values", n.text))
                            .with_note(first, "first named here")
                            .with_help("a violation shows each value by its name, so each name must be one value's"),
                    );
                }
            }
            out.insert(sort, v.names.iter().map(|n| n.text.clone()).collect());
        }
        out
    }

    pub(super) fn table(&mut self, name: &Name) -> Option<usize> {
        let found = self.tables.iter().position(|t| t.name == name.text);
        if found.is_none() {
            let names: Vec<&str> = self.tables.iter().map(|t| t.name.as_str()).collect();
            let mut d = Diagnostic::error(name.span, format!("unknown table `{}`", name.text));
            if let Some(s) = did_you_mean(&name.text, names.iter().copied()) {
                d = d.with_help(format!("did you mean `{s}`?"));
            }
            self.errors.push(d);
        }
        found
    }

    pub(super) fn column(&mut self, table: usize, name: &Name) -> Option<ColumnInfo> {
        let found = self.tables[table].column(&name.text).cloned();
        if found.is_none() {
            let t = &self.tables[table];
            let names: Vec<&str> = t.columns.iter().map(|c| c.name.as_str()).collect();
            let mut d = Diagnostic::error(
                name.span,
                format!("table `{}` has no column `{}`", t.name, name.text),
            );
            if let Some(s) = did_you_mean(&name.text, names.iter().copied()) {
                d = d.with_help(format!("did you mean `{s}`?"));
            }
            self.errors.push(d);
        }
        found
    }

    /// A column's field in the model, joined to a record whose table its type may not
    /// tell: qualified with the table when another table has a column of that name.
    pub(super) fn colref(&self, table: usize, col: &str) -> String {
        qualified(&self.tables[table].name, col, &self.shared_columns)
    }

    /// Inside a FOREACH, a table that the body inserts into or deletes from may not be
    /// touched by another statement of the body: what each iteration then sees would
    /// depend on the order of the iterations, which the model does not keep. Checked
    /// for each outermost FOREACH (nested ones are inside its body).
    pub(super) fn loops_touching_changed_tables(&mut self, stmts: &[Stmt], outer: Option<Span>) {
        for s in stmts {
            match s {
                Stmt::Sql { .. } | Stmt::Rollback { .. } => {}
                Stmt::If {
                    then, otherwise, ..
                } => {
                    self.loops_touching_changed_tables(then, outer);
                    self.loops_touching_changed_tables(otherwise, outer);
                }
                Stmt::Foreach { body, span, .. } if outer.is_none() => {
                    let mut touched: Vec<(&str, bool, Span)> = Vec::new();
                    walk_stmts(body, &mut |s| {
                        if let Stmt::Sql { sql, span, .. } = s {
                            let (table, writes_alive) = match sql {
                                Sql::Insert { table, .. } | Sql::Delete { table, .. } => {
                                    (table, true)
                                }
                                Sql::Select { table, .. } | Sql::Update { table, .. } => {
                                    (table, false)
                                }
                            };
                            touched.push((table.text.as_str(), writes_alive, *span));
                        }
                    });
                    let mut reported = BTreeSet::new();
                    for &(table, _, writer) in touched.iter().filter(|t| t.1) {
                        let others: Vec<Span> = touched
                            .iter()
                            .filter(|o| o.0 == table && o.2 != writer)
                            .map(|o| o.2)
                            .collect();
                        if let Some(&other) = others.first()
                            && reported.insert(table)
                        {
                            self.errors.push(
                                Diagnostic::error(
                                    other,
                                    format!("inside this FOREACH, `{table}` is changed by an INSERT or DELETE and touched by another statement"),
                                )
                                .with_note(writer, "changed here")
                                .with_note(*span, "the loop")
                                .with_help("what each iteration sees would depend on the order of the iterations, which the analysis does not model: change the table in a loop of its own, after the statements that read it"),
                            );
                        }
                    }
                }
                Stmt::Foreach { .. } => {}
            }
        }
    }

    /// The type of a local used as a value: that of the one item it selected.
    pub(super) fn local_ty(&self, table: usize, items: &[SelectItem]) -> Ty {
        let column = |c: &Name| {
            self.tables[table]
                .column(&c.text)
                .map_or(Ty::Any, |c| c.ty.clone())
        };
        match items {
            [SelectItem::Column(c)] => column(c),
            [SelectItem::Aggregate(f, c)] => match f.text.to_ascii_lowercase().as_str() {
                "count" | "sum" | "avg" => Ty::Num,
                "min" | "max" => c.as_ref().map_or(Ty::Any, column),
                _ => Ty::Any,
            },
            _ => Ty::Any,
        }
    }

    /// A name or `x.col` inside statement context `row` (the candidate record `r` of
    /// table `row`, or none outside WHERE/SET).
    pub(super) fn value(
        &mut self,
        e: &Expr,
        row: Option<usize>,
        ctx: &ProgramCtx,
        locals: &Locals,
    ) -> Value {
        match e {
            Expr::Name(n) => {
                if let Some(t) = row
                    && let Some(c) = self.tables[t].column(&n.text).cloned()
                {
                    let known = (!c.mutable).then(|| Known {
                        alloy: format!("r.{}", self.colref(t, &c.name)),
                        sort: c.sort.clone(),
                        scalar: true,
                    });
                    return Value { ty: c.ty, known };
                }
                if let Some(l) = locals.get(&n.text) {
                    if l.row_var {
                        self.errors.push(
                            Diagnostic::error(
                                n.span,
                                format!("`{}` is a record, not a value", n.text),
                            )
                            .with_help(format!("name one of its columns: `{}.col`", n.text)),
                        );
                        return Value::unknown(Ty::Any);
                    }
                    // A local as a value (a count, a sum): opaque.
                    return Value::unknown(l.ty.clone());
                }
                if let Some((_, ty)) = ctx.params.iter().find(|(p, _)| *p == n.text) {
                    return Value {
                        ty: ty.clone(),
                        known: Some(Known {
                            alloy: format!("t.{}", ident(&n.text)),
                            sort: ty.sort(),
                            scalar: true,
                        }),
                    };
                }
                let mut names: Vec<String> = ctx.params.iter().map(|(p, _)| p.clone()).collect();
                names.extend(locals.keys().cloned());
                if let Some(t) = row {
                    names.extend(self.tables[t].columns.iter().map(|c| c.name.clone()));
                }
                let mut d = Diagnostic::error(n.span, format!("unknown name `{}`", n.text))
                    .with_label("not a parameter, a local, or a column of the statement's table");
                if let Some(s) = did_you_mean(&n.text, names.iter().map(|s| s.as_str())) {
                    d = d.with_help(format!("did you mean `{s}`?"));
                }
                self.errors.push(d);
                Value::unknown(Ty::Any)
            }
            Expr::Dot(x, col) => {
                let Some(l) = locals.get(&x.text).cloned() else {
                    self.error(
                        x.span,
                        format!(
                            "`{}` is not a local assigned by a SELECT nor a FOREACH variable",
                            x.text
                        ),
                    );
                    return Value::unknown(Ty::Any);
                };
                match self.column(l.table, col) {
                    Some(c) => {
                        let known = (!c.mutable).then(|| Known {
                            alloy: format!("({}).{}", l.rows, self.colref(l.table, &c.name)),
                            sort: c.sort.clone(),
                            scalar: l.row_var,
                        });
                        Value { ty: c.ty, known }
                    }
                    None => Value::unknown(Ty::Any),
                }
            }
            Expr::Arith(a, _, b) => {
                for side in [a, b] {
                    let v = self.value(side, row, ctx, locals);
                    if !v.ty.compatible(&Ty::Num) {
                        self.errors.push(
                            Diagnostic::error(
                                side.span(),
                                format!("arithmetic on {}", v.ty.describe()),
                            )
                            .with_label("only numbers add, subtract, multiply and divide"),
                        );
                    }
                }
                Value::unknown(Ty::Num)
            }
            Expr::Call(_, args) => {
                for a in args {
                    self.value(a, row, ctx, locals);
                }
                Value::unknown(Ty::Any)
            }
            Expr::Num(..) => Value::unknown(Ty::Num),
            Expr::Str(..) => Value::unknown(Ty::Str),
            Expr::Bool(..) => Value::unknown(Ty::Bool),
        }
    }

    /// The possible outcomes of `c` (see [`Tri`]); `row` as for [`Builder::value`].
    pub(super) fn cond(
        &mut self,
        c: &Cond,
        row: Option<usize>,
        ctx: &ProgramCtx,
        locals: &Locals,
    ) -> Tri {
        match c {
            Cond::Bool(b) => Tri::constant(*b),
            Cond::Not(inner) => self.cond(inner, row, ctx, locals).not(),
            Cond::And(a, b) => {
                let a = self.cond(a, row, ctx, locals);
                a.and(self.cond(b, row, ctx, locals))
            }
            Cond::Or(a, b) => {
                let a = self.cond(a, row, ctx, locals);
                a.or(self.cond(b, row, ctx, locals))
            }
            Cond::Cmp(a, op, b) => {
                let va = self.value(a, row, ctx, locals);
                let vb = self.value(b, row, ctx, locals);
                if !va.ty.compatible(&vb.ty) {
                    self.errors.push(
                        Diagnostic::error(
                            a.span().to(b.span()),
                            format!(
                                "this compares {} with {}",
                                va.ty.describe(),
                                vb.ty.describe()
                            ),
                        )
                        .with_help("values of a domain compare only with values of the same domain, numbers with numbers, strings with strings"),
                    );
                    return Tri::unknown();
                }
                match (va.known, vb.known, op) {
                    (Some(ka), Some(kb), CmpOp::Eq | CmpOp::Ne) if ka.sort == kb.sort => {
                        let eq = equality(&ka, &kb);
                        if *op == CmpOp::Ne { eq.not() } else { eq }
                    }
                    _ => Tri::unknown(),
                }
            }
        }
    }

    /// A value stored in a column (SET, INSERT): its type must be the column's.
    pub(super) fn check_stored(&mut self, col: &ColumnInfo, e: &Expr, v: &Value) {
        if !v.ty.compatible(&col.ty) {
            self.errors.push(
                Diagnostic::error(
                    e.span(),
                    format!(
                        "{} stored in `{}`, which holds {}",
                        v.ty.describe(),
                        col.name,
                        col.ty.describe()
                    ),
                )
                .with_label(format!("this is {}", v.ty.describe()))
                .with_help(match (&col.ty, &v.ty) {
                    (Ty::Domain(d), Ty::Num) if matches!(e, Expr::Dot(..)) => format!(
                        "a counter that hands out keys of `{d}` (`SET n = n + 1`) is declared with that domain: `n: {d}`"
                    ),
                    _ => "store values of the column's own type".into(),
                }),
            );
        }
    }
}

/// The names of tables, programs and levels, with what each names.
pub(super) fn top_level_names(app: &App) -> impl Iterator<Item = (&Name, &'static str)> {
    app.tables
        .iter()
        .map(|t| (&t.name, "table"))
        .chain(app.programs.iter().map(|p| (&p.name, "program")))
        .chain(app.levels.iter().map(|l| (&l.name, "level")))
}

/// Whether `e` is `col + n` or `n + col` with n > 0.
pub(super) fn increments(e: &Expr, col: &str) -> bool {
    let Expr::Arith(a, '+', b) = e else {
        return false;
    };
    match (a.as_ref(), b.as_ref()) {
        (Expr::Name(n), Expr::Num(k, _)) | (Expr::Num(k, _), Expr::Name(n)) => {
            n.text == col && *k > 0
        }
        _ => false,
    }
}

/// Every SQL statement of a block, nested ones included, in source order.
fn walk_sql<'a>(stmts: &'a [Stmt], f: &mut dyn FnMut(&'a Sql)) {
    walk_stmts(stmts, &mut |s| {
        if let Stmt::Sql { sql, .. } = s {
            f(sql)
        }
    });
}

/// Every statement of a block, nested ones included (after their IF or FOREACH).
fn walk_stmts<'a>(stmts: &'a [Stmt], f: &mut dyn FnMut(&'a Stmt)) {
    for s in stmts {
        f(s);
        match s {
            Stmt::Sql { .. } | Stmt::Rollback { .. } => {}
            Stmt::If {
                then, otherwise, ..
            } => {
                walk_stmts(then, f);
                walk_stmts(otherwise, f);
            }
            Stmt::Foreach { body, .. } => walk_stmts(body, f),
        }
    }
}
